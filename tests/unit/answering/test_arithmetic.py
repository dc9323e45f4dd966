"""The general arithmetic step on a tiny rulebook: computed when every amount meets its rule, shown and
cited; left to the quoting writers when it cannot be sure."""

from rulespal.answering.arithmetic import arithmetic
from rulespal.answering.context import AnswerContext
from rulespal.answering.picks import Picker
from rulespal.core.types import Hit
from rulespal.rules.check import check_answer
from tests.unit.conftest import context_for, make_snapshot, plan_for

BOOK = """Lantern Market

Scoring

Lanterns (2 points each). Each Silk scores 3 points. Draw cards until you have six cards in hand.

Hard mode: the dragon has +5 health.

You may never have more than 10 points from lanterns.
"""


def _ask(tmp_path, tuning, question):
    idx = make_snapshot(tmp_path, {"lantern": BOOK})
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    return idx, arithmetic(AnswerContext(idx, plan, hits, ["lantern"], question, question, [], tuning,
                                         Picker(idx, plan, tuning)))


def test_rates_are_summed_and_every_step_cited(tmp_path, tuning):
    idx, d = _ask(tmp_path, tuning, "I have 3 lanterns and 2 silks, how many points?")
    assert d is not None and d.text.endswith("→ 12")
    assert "3 lanterns × 2 points = 6 [1]" in d.text and "2 silks × 3 points = 6 [2]" in d.text  # the rule's own words
    assert all(idx.text(c.doc)[c.start:c.end] == c.quote for c in d.citations)
    checks = {c.claim: c for c in check_answer(d)}
    assert checks["12"].status == "verified" and checks["12"].detail == "computed by the cited rule"


def test_a_limit_caps_the_result(tmp_path, tuning):
    _, d = _ask(tmp_path, tuning, "I have 7 lanterns, how many points do they score?")
    assert d is not None and "capped at 10" in d.text and d.text.endswith("→ 10")


def test_until_and_a_labelled_modifier(tmp_path, tuning):
    _, d = _ask(tmp_path, tuning, "I still have 2 cards in hand, how many do I draw?")
    assert d is not None and d.text.endswith("→ 4")
    _, d = _ask(tmp_path, tuning, "In hard mode the dragon card shows 20 health. How much health does it start with?")
    assert d is not None and d.text.endswith("→ 25")


def test_not_sure_means_not_computed(tmp_path, tuning):
    assert _ask(tmp_path, tuning, "I have 3 lanterns and 4 rubies, how many points?")[1] is None  # rubies: no rule
    assert _ask(tmp_path, tuning, "what is one lantern worth?")[1] is None  # asks for the rule itself
    assert _ask(tmp_path, tuning, "where do the 3 lanterns go?")[1] is None  # no quantity asked


WINERY = """Valley Wines

Wine Quality

* +2 points for each Vineyard in the Estate,
* +1 point for each Farmer in the Estate,
* +2 points for each Enologist in the Estate.

An Estate can never have more than 2 Vineyards.

Fairs

There should be a number of Fair tiles equal to the number of players minus one.

Favor

A player receives 1 Favor Point for every unit recalled. A city scores 3 points for each tower.

Limits

A player can never have more than 11 Favor Points.
"""


def _ask_winery(tmp_path, tuning, question):
    idx = make_snapshot(tmp_path, {"winery": WINERY})
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    return arithmetic(AnswerContext(idx, plan, hits, ["winery"], question, question, [], tuning,
                                    Picker(idx, plan, tuning)))


def test_a_list_with_an_a_and_a_signed_modifier_from_the_question(tmp_path, tuning):
    d = _ask_winery(tmp_path, tuning, "2 vineyards, an enologist and 1 farmer. The weather tile is -1. "
                                      "What quality do I make?")
    assert d is not None and d.text.endswith("→ 6")  # 4 + 2 + 1 - 1
    assert "capped" not in d.text  # "never more than 2 Vineyards" limits vineyards, not their points
    assert "− 1 (weather tile, from your question)" in d.text


def test_a_player_count_through_a_rule_of_the_players(tmp_path, tuning):
    d = _ask_winery(tmp_path, tuning, "how many fair tiles with 4 players?")
    assert d is not None and d.text.startswith("4 players − 1 = 3") and d.text.endswith("→ 3")
    assert _ask_winery(tmp_path, tuning, "how many fair tiles can one player take?") is None


def test_what_the_player_has_is_added_and_a_cap_anywhere_in_the_book_applies(tmp_path, tuning):
    d = _ask_winery(tmp_path, tuning, "I'm on 8 favor points and recall my 5-unit troop. How many favor points now?")
    assert d is not None and "capped at 11" in d.text and d.text.endswith("→ 11")
    assert any("never have more than 11" in c.quote for c in d.citations)


def test_an_amount_no_rule_counts_is_named_not_dropped(tmp_path, tuning):
    d = _ask_winery(tmp_path, tuning, "2 vineyards, 1 farmer and 4 barrels. How many points?")
    assert d is not None and d.text.endswith("→ 5") and "4 barrels: not counted" in d.text


def test_review_cases_are_not_computed_wrong(tmp_path, tuning):
    # a rate's own cap still applies inside a sum: 7 lanterns give 10, not 14
    _, d = _ask(tmp_path, tuning, "I have 7 lanterns and 2 silks, how many points?")
    assert d is not None and d.text.endswith("→ 16")
    # points the player needs are not points the player has
    assert _ask_winery(tmp_path, tuning, "2 vineyards and 1 farmer, and I need 10 points to win. How many points?") is None
    # a player-count rule does not answer a question that counts something else
    assert _ask_winery(tmp_path, tuning, "With 3 players, how many points is each tower worth?") is None
    # the same thing twice is named, not dropped
    d = _ask_winery(tmp_path, tuning, "I have 2 vineyards now and build 1 more vineyard and 1 farmer. How many points?")
    assert d is not None and "1 more vineyard: not counted" in d.text and d.text.endswith("→ 5")


FARM = """Moon Farm

Scoring

Each ripe crop tile is worth 2 points. A player with the most oxygen tokens at the end gains 5 bonus points.
"""


def test_a_rule_for_something_else_the_question_says_is_named_as_not_counted(tmp_path, tuning):
    idx = make_snapshot(tmp_path, {"farm": FARM})
    question = "I have 4 ripe crops and the most oxygen. How many points do I score?"
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    d = arithmetic(AnswerContext(idx, plan, hits, ["farm"], question, question, [], tuning, Picker(idx, plan, tuning)))
    assert d is not None and "4 ripe crops × 2 points = 8" in d.text
    assert d.text.endswith("→ 8; not counted: the rule for the most oxygen [2] (add it if it applies)")
    assert "5 bonus points" in d.citations[1].quote
    question = "I have 4 ripe crops. How many points do I score?"  # nothing else said: nothing else named
    d = arithmetic(AnswerContext(idx, plan_for(idx, question), hits, ["farm"], question, question, [], tuning,
                                 Picker(idx, plan, tuning)))
    assert d is not None and "not counted" not in d.text


def _ask_book(tmp_path, tuning, book, question, sections=()):
    """The arithmetic writer on a one-book index, every passage found (or those of ``sections``)."""
    tmp_path.mkdir(exist_ok=True)
    return arithmetic(context_for(make_snapshot(tmp_path, {"book": book}), question, "book", tuning, sections))


LAB = """Paper Lab

Publishing

Score CP for the published paper: 2 CP for each Research token in the row and 4 CP for each Award token in the row.

Party

Calculate Current Day x Number of Gearlocs in Party to find the Baddie Pts of the battle.

Game End

Each player reveals their Vouchers.

Treasury

Gain 1 Victory Point for every 5 Coins that you own.

Final Scoring

Gain 3 Victory Points for each worker in your guild.
"""


def _ask_lab(tmp_path, tuning, question, sections=()):
    return _ask_book(tmp_path, tuning, LAB, question, sections)


def test_each_rate_counts_the_amount_that_names_it(tmp_path, tuning):
    # two rates share "token": each goes to its own amount, and the third token has none
    d = _ask_lab(tmp_path, tuning, "publishing with 1 research token, 1 award token and 1 citation token: how many CP?")
    assert d is not None and d.text.endswith("→ 6")
    assert "1 award token × 4 CP = 4" in d.text and "1 citation token: not counted" in d.text
    assert len(d.citations) == 1  # both rates are one sentence: cited once


def test_a_rate_elsewhere_in_the_book_in_the_same_unit(tmp_path, tuning):
    # only the guild's passage is found; the coins' rate is read from another section of the book
    d = _ask_lab(tmp_path, tuning, "end of game I have 23 coins and 2 workers in my guild. how many VP?",
                 sections=("Final Scoring",))
    assert d is not None and d.text.endswith("→ 10")  # 23 // 5 = 4, 2 × 3 = 6; "VP" asks for victory points
    assert any("every 5 Coins" in c.quote for c in d.citations)
    # with no rate among the passages at all, nothing says which unit is asked: not computed
    assert _ask_lab(tmp_path, tuning, "end of game I have 23 coins and 2 workers in my guild. how many VP?",
                    sections=("Party",)) is None


def test_two_amounts_through_a_rule_that_multiplies_them(tmp_path, tuning):
    d = _ask_lab(tmp_path, tuning, "it's day 3 and we are 4 gearlocs, how many baddie pts?")
    assert d is not None and "× 4 gearlocs = 12" in d.text and d.text.endswith("→ 12")
    assert any("Current Day x Number of Gearlocs" in c.quote for c in d.citations)
    assert _ask_lab(tmp_path, tuning, "it's day 3 and we are 4 gearlocs, how many coins?") is None  # not what it gives


def test_down_to_a_limit_says_how_many_go(tmp_path, tuning):
    book = "Hand Limit\n\nAt the end of your turn, if you have more than 7 cards, you must discard down to 7 cards.\n"

    def ask(question):
        return _ask_book(tmp_path, tuning, book, question)
    d = ask("I have 10 cards at the end of my turn, how many do I discard?")
    assert d is not None and d.text.endswith("→ 3") and "10 − 7 = 3" in d.text
    d = ask("I have 6 cards at the end of my turn, how many do I discard?")
    assert d is not None and d.text.endswith("→ 0")
    assert {c.claim: c.status for c in check_answer(d)} == {"7": "verified", "0 to discard": "verified", "0": "verified"}
    assert ask("I have 10 cards at the end of my turn, how many can I draw?") is None  # not a discard


def test_a_case_read_across_two_slash_lists(tmp_path, tuning):
    book = ("Ranch\n\nTo place cattle, give up 1/2/3/4 inhabitants from your ranch if the pasture holds 0/1/2/3 "
            "cattle.\n\nGnomes\n\nTake 9/14/18/22 Gnomes for 2/3/4/5 players.\n")

    def ask(question):
        return _ask_book(tmp_path, tuning, book, question)
    d = ask("the pasture holds 2 cattle, how many inhabitants do I give up?")
    assert d is not None and d.text.startswith("2 cattle: 3 inhabitants") and d.text.endswith("→ 3")
    assert "0/1/2/3 cattle" in d.citations[0].quote
    d = ask("how many gnomes with 4 players?")
    assert d is not None and d.text.endswith("→ 18")
    assert ask("the pasture holds 7 cattle, how many inhabitants do I give up?") is None  # no such case printed



def test_a_case_is_read_in_the_list_of_its_own_kind(tmp_path, tuning):
    book = ("Missions\n\nHave played 4/5/7 green project cards at game end to score 2/3/4 victory points.\n\n"
            "Have played 4/5/7 blue project cards at game end to score 2/5/7 victory points.\n")
    d = _ask_book(tmp_path, tuning, book, "I have played 5 blue project cards at game end, how many victory points?")
    assert d is not None and d.text.endswith("→ 5") and "blue" in d.citations[0].quote


def test_two_amounts_through_a_difference(tmp_path, tuning):
    book = ("Combat\n\nWill Test: If the Monster's horror is greater than your successes, lose Sanity equal to the "
            "difference.\n\nDuels\n\nBoth reveal a card; the defender takes damage equal to the difference between the "
            "attack and the defense.\n")

    def ask(question, section):
        return _ask_book(tmp_path, tuning, book, question, (section,))
    d = ask("a monster with horror 4 and I have 1 success, how much sanity do I lose?", "Combat")
    assert d is not None and "4 horror − 1 success = 3" in d.text and d.text.endswith("→ 3")
    d = ask("a monster with horror 2 and I have 3 successes, how much sanity do I lose?", "Combat")
    assert d is not None and d.text.endswith("→ 0") and "not greater" in d.text
    d = ask("duel: my attack is 6 and their defense is 2, how much damage?", "Duels")
    assert d is not None and d.text.endswith("→ 4")
    assert ask("a monster with horror 4 and I have 1 success, how many cards do I draw?", "Combat") is None




def test_review_cases_of_rates_and_limits(tmp_path, tuning):
    gems = "Scoring\n\nScore 1 point per gem. Score 5 points per crown. Score 2 points per sword.\n"
    # two amounts fit one rate equally well: quoted, not summed without them
    assert _ask_book(tmp_path, tuning, gems, "3 red gems, 2 blue gems, 1 crown and 2 swords: how many points?") is None
    tokens = "Scoring\n\nScore 1 point per token. Score 3 points per gold token. Score 2 points per ship.\n"
    d = _ask_book(tmp_path / "t", tuning, tokens, "2 gold tokens, 3 silver tokens and 1 ship: how many points?")
    assert d is not None and d.text.endswith("→ 11")  # silver tokens by "per token", not by "per gold token"
    gold = "Scoring\n\nScore 2 points for each gold token. Score 3 points for each ship.\n"
    d = _ask_book(tmp_path / "g", tuning, gold, "I have 2 gold tokens, 3 tokens and 1 ship. How many points?")
    assert d is not None and "3 tokens: not counted" in d.text and d.text.endswith("→ 7")  # gold rate ≠ plain tokens
    hand = "Hand\n\nDraw until you have 5 cards. At the end of your turn, discard down to 7 cards.\n"
    d = _ask_book(tmp_path / "h", tuning, hand, "I have 10 cards, how many do I discard?")
    assert d is not None and d.text.endswith("→ 3")
    assert _ask_book(tmp_path / "x", tuning, hand, "I have " + "9" * 400 + " cards, how many do I discard?") is None
