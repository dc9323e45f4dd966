"""Answers quote whole rules: a lead-in with what it leads into, a question with its answer, a
paragraph's leaning sentence with the one before, a header row with its rows; and a quantity asked
of a rule that states none is not answered."""

from rulespal.answering.chain import DEFAULT_WRITERS, write_answer
from rulespal.answering.context import AnswerContext
from rulespal.answering.picks import Picker, extend, is_lead_in
from rulespal.core.types import Hit
from tests.unit.conftest import make_snapshot, plan_for

BOOK = """Storm Harbor Rules

Docking

When a storm hits, follow these steps:

Roll the storm die.
Move every ship one space downwind.

Trading

What happens if two players want the same cargo?
The player with more gold chooses first. If they are tied, the youngest chooses.

Two players may not trade twice in a row. In that case, the second trade is lost.

The harbor holds ships of every color.
"""


def _chunk_and_unit(index, needle):
    for c in index.chunks:
        for i, u in enumerate(c.units):
            if needle in c.unit_text(u):
                return c, i
    raise AssertionError(needle)


def _grown(index, doc, needle, tuning):
    """The quote the unit holding ``needle`` grows into."""
    rule = extend(*_chunk_and_unit(index, needle), tuning)
    return index.text(doc)[rule[0].start:rule[-1].end]


def test_lead_ins_questions_and_leaning_sentences_grow(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"storm": BOOK})
    quote = _grown(idx, "storm", "follow these steps", tuning)
    assert quote.endswith("Move every ship one space downwind.")
    c, i = _chunk_and_unit(idx, "What happens if two")
    rule = extend(c, i, tuning)
    assert idx.text("storm")[rule[-1].start:rule[-1].end].startswith("If they are tied")
    c, i = _chunk_and_unit(idx, "In that case")
    rule = extend(c, i, tuning)
    assert idx.text("storm")[rule[0].start:rule[0].end].startswith("Two players may not trade")
    assert is_lead_in("**Do the following:**") and not is_lead_in("Roll the die.")


def _dir(tmp_path, name):
    (tmp_path / name).mkdir()
    return tmp_path / name


def test_a_bold_label_line_grows_into_the_rule_under_it(tmp_path, tuning):
    book = ("# Workshops\n\n## Slaughterhouse\n\n**Retrieve Animal Parts**\n\n"
            "When placing here, choose 1 of the following:\n\n- Gain 4 stage II materials\n- Gain 3 stage I materials\n")
    idx = make_snapshot(tmp_path, {"w": book})
    quote = _grown(idx, "w", "Retrieve Animal Parts", tuning)
    assert quote.startswith("**Retrieve Animal Parts**") and quote.endswith("Gain 3 stage I materials")
    over_list = ("# Workshops\n\n## Slaughterhouse\n\n**Retrieve Animal Parts**\n\n- Gain 4 stage II materials\n"
                 "- Gain 3 stage I materials\n- Lose 1 crew\n\nThe Foundry is next door.\n")
    idx = make_snapshot(_dir(tmp_path, "b"), {"w": over_list})
    assert _grown(idx, "w", "Retrieve Animal Parts", tuning).endswith("Lose 1 crew")
    lead = "# Deck\n\n## Turn\n\n**Do the following:**\n\n- Roll 2 dice\n- Take 3 gold\n- Lose 1 crew\n"
    idx = make_snapshot(_dir(tmp_path, "c"), {"w": lead})
    assert _grown(idx, "w", "Do the following", tuning).endswith("Lose 1 crew")
    rule = "# Combat\n\n## First turn\n\n**You may never attack on your first turn**\n\nShips sail at dawn.\n"
    idx = make_snapshot(_dir(tmp_path, "d"), {"w": rule})
    assert _grown(idx, "w", "never attack", tuning) == "**You may never attack on your first turn**"
    # a bold name over the paragraph that says what it does: that paragraph
    named = ("# Jobs\n\n## Complete a Job\n\n**Narcotics**\n\nNarcotics work like wild cards. They can be used in "
             "place of a Gun or Booze card.\n\nAfter discarding, take the Money.\n")
    idx = make_snapshot(_dir(tmp_path, "e"), {"w": named})
    quote = _grown(idx, "w", "Narcotics**", tuning)
    assert quote.startswith("**Narcotics**") and quote.endswith("Gun or Booze card.")


def test_a_quantity_asked_of_a_rule_without_one_is_not_answered(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"storm": BOOK})
    question = "how many colors of ships can the harbor hold?"
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    ctx = AnswerContext(idx, plan, hits, ["storm"], question, question, [], tuning.replace(answerable_min_en=0.0,
                        answerable_min=0.0, coverage_min=0.0), Picker(idx, plan, tuning))
    draft = write_answer(ctx, DEFAULT_WRITERS)
    assert not draft.answerable and draft.text.startswith("The rulebook doesn't say.")


def test_minutes_asked_of_rules_that_give_no_time_are_not_answered(tmp_path, tuning):
    book = BOOK + "\nStorms\n\nA storm lasts 3 rounds. A calm lasts 10 minutes of real time.\n"
    idx = make_snapshot(tmp_path, {"storm": book})
    loose = tuning.replace(answerable_min_en=0.0, answerable_min=0.0, coverage_min=0.0)

    def answer(question):
        plan = plan_for(idx, question)
        ctx = AnswerContext(idx, plan, [Hit(c, 1.0, 1.0) for c in idx.chunks], ["storm"], question, question, [],
                            loose, Picker(idx, plan, tuning))
        return write_answer(ctx, DEFAULT_WRITERS)

    assert not answer("how many minutes does a storm take when it hits?").answerable
    assert answer("how many rounds does a storm last?").answerable


ELSEWHERE_BOOK = """Star Bazaar Rules

Heroes

Each hero's starting health is shown on their character card.

Each player starts with 3 coins.
"""


def test_a_value_printed_on_a_component_is_not_printed_in_the_book(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"bazaar": ELSEWHERE_BOOK})
    loose = tuning.replace(answerable_min_en=0.0, answerable_min=0.0, coverage_min=0.0)

    def ask(question):
        plan = plan_for(idx, question)
        hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
        return write_answer(AnswerContext(idx, plan, hits, ["bazaar"], question, question, [], loose,
                                          Picker(idx, plan, loose)), DEFAULT_WRITERS)

    draft = ask("how much starting health does each hero have?")
    assert not draft.answerable and draft.text.startswith("The rulebook doesn't print that")
    assert "character card" in draft.text and draft.citations  # the rule that says where it is, cited
    draft = ask("how many coins does each player start with?")
    assert draft.answerable and "3 coins" in draft.text


TABLE_BOOK = """Harbor Setup

Setup

Refer to the table below to see how many ships each player gets. Each player takes ships of one colour.

| | Normal | Expert |
| --- | --- | --- |
| 2 players | 5 ships | 4 ships |
| 3 players | 4 ships | 3 ships |

Shuffle the cargo deck.
"""


def test_a_sentence_pointing_at_a_table_is_quoted_with_it(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"harbor": TABLE_BOOK})
    quote = _grown(idx, "harbor", "Refer to the table below", tuning)
    assert "3 players | 4 ships" in quote and "Shuffle the cargo" not in quote
    assert is_lead_in("Refer to the table below to see how many ships each player gets.")


BEARING_BOOK = """River Race Rules

Finishing

Once all your boats are in the home stretch, you may start finishing them.

- A boat finishes when a die shows its exact distance to the line.
- You are not obliged to finish a boat if another legal move exists.
"""


def test_the_chosen_passage_s_next_best_rule_is_quoted_beside_it(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"river": BEARING_BOOK})
    question = "once my boats are home, must I finish a boat if another move exists?"
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    loose = tuning.replace(answerable_min_en=0.0, answerable_min_en_yes_no=0.0, answerable_min=0.0, coverage_min=0.0)

    def draft(ratio, quotes=3):
        t = loose.replace(same_passage_ratio=ratio, second_citation_ratio=9.0, top_passage_ratio=9.0,
                          max_quotes=quotes)
        return write_answer(AnswerContext(idx, plan, hits, ["river"], question, question, [], t,
                                          Picker(idx, plan, t)), DEFAULT_WRITERS)

    both = draft(0.0, quotes=2)
    assert len(both.citations) == 2 and both.citations[0].doc == both.citations[1].doc == "river"
    a, b = both.citations
    assert a.end <= b.start or b.end <= a.start  # two rules of one passage, never the same words twice
    three = draft(0.0).citations  # a slot left: the passage's second next best rule too
    assert len(three) == 3 and len({(c.start, c.end) for c in three}) == 3
    assert all(x.end <= y.start or y.end <= x.start for x in three for y in three if x is not y)
    assert len(draft(9.0).citations) == 1  # off: the best rule alone
    assert len(draft(0.0, quotes=1).citations) == 1  # one quote at most


TIE_BOOK = """Harbor Scoring

End of the game

The player with the most gold wins the game.

In case of a tie, the player with more ships left wins.

If still tied, the tied players share the victory.

Ships sail in turn order.

If a player still has gold at the end, it counts double.
"""


def test_a_rule_that_continues_the_one_before_is_quoted_with_it(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"tie": TIE_BOOK})
    quote = _grown(idx, "tie", "If still tied", tuning)
    assert quote.startswith("In case of a tie") and quote.endswith("share the victory.")
    assert "tie" not in _grown(idx, "tie", "The player with the most gold", tuning)  # a rule alone does not reach on
    assert _grown(idx, "tie", "If a player still has gold", tuning).startswith("If a player still")  # a new rule


ORDER_BOOK = """River Race Rules

Finishing

Once all your boats are in the home stretch, you may start finishing them.

- A boat finishes when a die shows its exact distance to the line.
- You are not obliged to finish a boat if another legal move exists.

Weather

Fog ends the race early when the fog track is full.
"""


def test_quotes_come_in_order_best_runner_up_first_hit_then_second_runner_up(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"river": ORDER_BOOK})
    question = "once my boats are home, must I finish a boat if another move exists?"
    plan = plan_for(idx, question)
    weather = next(c for c in idx.chunks if "Fog ends" in c.text)
    finishing = next(c for c in idx.chunks if "home stretch" in c.text)
    assert weather is not finishing
    hits = [Hit(weather, 1.0, 1.0), Hit(finishing, 1.0, 1.0)]  # search put the weather passage first
    loose = tuning.replace(answerable_min_en=0.0, answerable_min_en_yes_no=0.0, answerable_min=0.0, coverage_min=0.0,
                           same_passage_ratio=0.0, second_citation_ratio=9.0, top_passage_ratio=0.0)

    def quotes(most):
        t = loose.replace(max_quotes=most)
        d = write_answer(AnswerContext(idx, plan, hits, ["river"], question, question, [], t, Picker(idx, plan, t)),
                         DEFAULT_WRITERS)
        return [c.quote for c in d.citations]

    four = quotes(4)
    assert len(four) == 4 and "Fog ends" in four[2]  # the first hit's rule before the passage's second runner-up
    assert quotes(3) == four[:3]  # three at most: the second runner-up is the one left out


REPEATED_BOOK = """Tile Roads Rules

Scoring

A finished road scores 1 point per tile.

Other scoring

A monastery scores 9 points when surrounded.

Summary

A finished road scores 1 point per tile.
"""


def test_a_rule_the_book_repeats_is_quoted_once(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"roads": REPEATED_BOOK})
    question = "how many points does a finished road score per tile?"
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    loose = tuning.replace(answerable_min_en=0.0, answerable_min=0.0, coverage_min=0.0, second_citation_ratio=0.0,
                           top_passage_ratio=0.0, same_passage_ratio=0.0)
    draft = write_answer(AnswerContext(idx, plan, hits, ["roads"], question, question, [], loose,
                                       Picker(idx, plan, loose)), DEFAULT_WRITERS)
    quotes = [" ".join(c.quote.split()) for c in draft.citations]
    assert draft.answerable and quotes.count("A finished road scores 1 point per tile.") == 1, quotes


RANSOM_BOOK = """Harbor Ransom Rules

Ending the Game

The player who completes the map may free the prisoner. This is done by spending 1 Action and:

• paying 40 Gold of ransom to the warden, or;
• bribing him, if the player has at least 25 Fame.
• A freed prisoner scores 3 points.

Other rules

Each player may hold at most 5 cards.
"""


def test_an_item_joined_to_the_next_by_or_is_quoted_with_its_list_and_lead_in(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"ransom": RANSOM_BOOK})
    quote = _grown(idx, "ransom", "paying 40 Gold", tuning)
    assert quote.startswith("This is done by spending 1 Action and:") and quote.endswith("at least 25 Fame.")
    assert _grown(idx, "ransom", "bribing him", tuning) == quote


KING_BOOK = """Tower Rules

Move the king

The player with the lowest score may now move the King to any empty space. He need not move it. Play then continues with the player who moved it.

End

When the last tower stands, play stops. The game then ends and players count their points.
"""


def test_a_sentence_that_leans_back_is_quoted_from_the_sentence_it_starts_from(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"king": KING_BOOK})
    assert _grown(idx, "king", "Play then continues", tuning).startswith("The player with the lowest score")
    assert _grown(idx, "king", "The game then ends", tuning).startswith("When the last tower stands")


def test_a_list_item_is_quoted_without_its_step_number(tmp_path, tuning):
    book = ("Set-up\n\n9. Shuffle the deck and deal 5 cards to each player.\n10. The youngest player gets the start "
            "token and 6 coins; everybody else gets 8 coins.\n")
    idx = make_snapshot(tmp_path, {"coins": book})
    question = "how many coins does everybody else get at the start?"
    plan = plan_for(idx, question)
    draft = write_answer(AnswerContext(idx, plan, [Hit(c, 1.0, 1.0) for c in idx.chunks], ["coins"], question,
                                       question, [], tuning, Picker(idx, plan, tuning)), DEFAULT_WRITERS)
    assert draft.text.startswith("The youngest player gets the start token")  # not "10. The youngest ..."
    assert draft.citations[0].quote.startswith("10. The youngest")  # the citation is the book's exact text


STEP_REPEATED_BOOK = """Harbor Rules

End of the Game

- If the harbor fills up, the player with the most gold gains 5 victory points.

Quick Reference

5. If the harbor fills up, the player with the most gold gains 5 victory points.
"""


def test_a_rule_repeated_as_a_numbered_step_in_a_summary_is_quoted_once(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"harbor": STEP_REPEATED_BOOK})
    loose = tuning.replace(answerable_min_en=0.0, answerable_min=0.0, coverage_min=0.0, second_citation_ratio=0.0)
    question = "does filling the harbor give victory points to the player with the most gold?"
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    draft = write_answer(AnswerContext(idx, plan, hits, ["harbor"], question, question, [], loose,
                                       Picker(idx, plan, loose)), DEFAULT_WRITERS)
    assert draft.text.count("gains 5 victory points") == 1 and len(draft.citations) == 1


def test_a_lead_in_at_a_passage_end_takes_the_table_in_the_next(tuning):
    from rulespal.core.types import Chunk, Unit

    text = ("The cards, with their numbers, are:\n\n| # | Card |\n| --- | --- |\n| 1 | Leadership |\n"
            "| 2 | Diplomacy |\n")
    cut = text.index("| # |")
    rows = [(m, m + len(line)) for m, line in _lines(text, cut)]
    first = Chunk("d", "Cards", 0, cut, text[:cut], (Unit(0, 35, "sentence"),))
    second = Chunk("d", "Cards", cut, len(text), text[cut:], tuple(Unit(a, b, "row") for a, b in rows))
    rule = extend(first, 0, tuning, following=second)
    assert text[rule[0].start:rule[-1].end].endswith("| 2 | Diplomacy |")


def _lines(text, start):
    at = start
    for line in text[start:].splitlines():
        if line:
            yield at, line
        at += len(line) + 1
