"""Check statuses on hand-made drafts: verified from a cited span or a derived number, unverified when
nothing cited states it or the question gave it, contradicted (and replaced) against a cited table."""

from rulespal.core.types import Citation, Draft, SourceSpan
from rulespal.rules.check import check_answer, enforce
from rulespal.rules.claims import read_claims
from rulespal.rules.facts import FactBook


def _whole(quote):
    """A citation of a whole hand-made quote of rulebook "d"."""
    return Citation(n=1, doc="d", section="", start=0, end=len(quote), quote=quote)


def _cite(index, doc, needle, n=1):
    text = index.text(doc)
    at = text.index(needle)
    return Citation(n=n, doc=doc, section="", start=at, end=at + len(needle), quote=needle)


def test_verified_unverified_and_from_the_question(tiny):
    cite = _cite(tiny, "kraken-cove", "The first player to collect 25 Pearls wins the game.")
    draft = Draft("Collect 25 Pearls [1]; you have 12 Pearls, so 13 more.", True, ("kraken-cove",), (cite,))
    checks = {c.claim: c for c in check_answer(draft, None, "I have 12 pearls, how many more?")}
    assert checks["25 Pearls"].status == "verified"
    src = checks["25 Pearls"].source
    assert tiny.text(src.doc)[src.start:src.end] == "25"
    assert checks["12"].status == "unverified" and checks["12"].detail == "from your question"  # not a claim
    assert checks["13"].status == "unverified" and checks["13"].source is None  # "more" says what? nothing


def test_a_derived_number_is_verified_by_its_rule(tiny):
    cite = _cite(tiny, "reef-raiders", "Each Coral tile is worth 3 points at the end of the game.")
    rule = SourceSpan(doc="reef-raiders", start=cite.start, end=cite.end)
    draft = Draft("4 tiles x 3 = 12 points [1]", True, ("reef-raiders",), (cite,), derived={"12": rule})
    checks = {c.claim: c for c in check_answer(draft)}
    assert checks["12 points"].status == "verified" and checks["12 points"].detail == "computed by the cited rule"


def test_a_wrong_cell_is_contradicted_and_the_answer_replaced(tiny, tmp_path):
    book = FactBook(tiny, tmp_path)
    table = next(t for t in book.tables if t.doc == "reef-raiders")
    text = tiny.text("reef-raiders")
    cite = Citation(n=1, doc="reef-raiders", section="", start=table.table.start, end=table.table.end,
                    quote=text[table.table.start:table.table.end])
    good = {c.claim: c for c in check_answer(Draft("With 3 players: 3 Shells [1]", True, (), (cite,)), book)}
    assert good["3 Shells"].status == "verified" and good["3 Shells"].detail == "Starting Shells: 3 Shells"
    bad = Draft("With 3 players: 5 Shells [1]", True, ("reef-raiders",), (cite,))
    wrong = {c.claim: c for c in check_answer(bad, book)}["5 Shells"]
    assert wrong.status == "contradicted" and wrong.detail == "the rulebook's table says 3 Shells"
    fixed = enforce(bad, book, lang="ko")
    assert fixed.answer == f"규칙서에 따르면: \u201c{' '.join(cite.quote.split())}\u201d [1]"  # the rule, quoted
    assert {c.status for c in fixed.checks} == {"verified"}  # the quoted rule verifies itself: no red chip
    assert "5 Shells" in fixed.note  # what was replaced is said in a note


def test_a_sign_glued_to_a_korean_word_is_read_and_verified():
    cite = Citation(n=1, doc="g", section="", start=0, end=11, quote="-휴식 : 피로도-2")
    (check,) = check_answer(Draft("휴식 : 피로도-2 [1]", True, ("g",), (cite,)), None, "휴식 액션은 뭐야?")
    assert (check.claim, check.status) == ("-2", "verified")


def test_another_number_said_in_the_same_words_contradicts():
    quote = "At the end, each Tower will score 10 Prestige. Draw two cards instead of 3 when you pass."
    cite = _whole(quote)

    def status(answer):
        return {c.claim: c.status for c in check_answer(Draft(answer, True, ("d",), (cite,)))}

    assert status("Each Tower scores 11 Prestige [1].")["11 Prestige"] == "contradicted"  # "score" before both
    assert status("Each Tower scores 10 Prestige [1].")["10 Prestige"] == "verified"
    assert status("When you pass, draw two cards instead of 4 [1].")["4"] == "contradicted"  # a bare number
    assert status("When you pass, draw two cards instead of 3 [1].")["3"] == "verified"


def test_written_out_working_is_checked():
    quote = "Each Tower scores 10 Prestige. A Tower on the river scores 1 more Prestige."
    cite = _whole(quote)

    def status(answer):
        return {c.claim: (c.status, c.detail) for c in check_answer(Draft(answer, True, ("d",), (cite,)))}

    assert status("On the river: 10 + 1 = 11 Prestige [1].")["11 Prestige"] == ("verified",
                                                                                "computed from the cited numbers")
    assert status("On the river: 10 + 1 = 12 Prestige [1].")["12 Prestige"][0] == "contradicted"
    assert status("On the river: 10 + 3 = 13 Prestige [1].")["13 Prestige"][0] == "contradicted"  # 3 is cited nowhere
    # the book's own working, quoted: its source is that working, not the first operand alone
    example = "They have to pay 6 + 4 = 10 Doubloons."
    cited = Citation(n=1, doc="d", section="", start=100, end=100 + len(example), quote=example)
    check = next(c for c in check_answer(Draft(f"{example} [1]", True, ("d",), (cited,))) if c.claim.startswith("10"))
    assert check.status == "verified" and example[check.source.start - 100:check.source.end - 100] == "6 + 4 = 10"


def test_a_bare_number_is_not_contradicted_by_a_count_of_something_else():
    quote = "You may draw 2 cards per turn. Your hand can hold 7 cards."
    cite = _whole(quote)
    checks = {c.claim: c.status for c in check_answer(Draft("You may draw up to 7 [1].", True, ("d",), (cite,)))}
    assert checks["7"] == "unverified"  # a 7 is in the rule, but of cards held, not drawn
    worked = {c.claim: c.status for c in check_answer(Draft("A -1 tile and 3 more: -1 + 3 = 2 [1].", True, ("d",),
                                                            (cite,)))}
    assert worked["2"] == "verified"  # the working adds up (a leading minus is part of it)


def test_a_korean_claim_about_an_english_rule_is_checked_through_its_loanword():
    quote = "Place 5 doubloons on one of its holds."
    cite = _whole(quote)

    def status(answer):
        return [c.status for c in check_answer(Draft(answer, True, ("d",), (cite,)))]

    assert status("홀드 하나에 더블룬 6개를 놓습니다 [1].") == ["contradicted"]
    assert status("홀드 하나에 더블룬 5개를 놓습니다 [1].") == ["verified"]
    quote2 = "Deal five Rifleman cards and three Scout cards."
    cite2 = _whole(quote2)
    checks = check_answer(Draft("소총병 카드 5장 [1].", True, ("d",), (cite2,)))
    assert [c.status for c in checks] == ["verified"]  # one of the two numbers the rule gives cards
    # neither of the rule's numbers for doubloons, nor their sum
    two = _whole("Place 5 doubloons on one of its holds and 3 doubloons on another.")
    assert [c.status for c in check_answer(Draft("다른 창고에 더블룬 4개를 놓습니다 [1].", True, ("d",), (two,)))] == [
        "contradicted"]
    assert [c.status for c in check_answer(Draft("모두 더블룬 8개를 놓습니다 [1].", True, ("d",), (two,)))] == [
        "unverified"]  # their sum: not read as wrong
    left = _whole("Draw 5 cards, then discard 2 cards.")
    assert [c.status for c in check_answer(Draft("손에 카드 3장이 남습니다 [1].", True, ("d",), (left,)))] == [
        "unverified"]  # one less the other: not read as wrong



def test_a_korean_noun_with_a_particle_or_in_the_glossary_is_compared_with_the_cited_english_word():
    quote = "The game is played in four rounds. Each player takes 45 Workers. Draw six beetles."
    cite = _whole(quote)

    def status(answer, glossary=()):
        return [c.status for c in check_answer(Draft(answer, True, ("d",), (cite,)), glossary=glossary)]

    assert status("게임은 5라운드로 진행됩니다 [1].") == ["contradicted"]  # "라운드로": round, with its particle
    assert status("게임은 4라운드로 진행됩니다 [1].") == ["verified"]
    assert status("각자 일꾼 46개를 받습니다 [1].", (("일꾼", "worker"),)) == ["contradicted"]
    assert status("각자 일꾼 46개를 받습니다 [1].") == ["unverified"]  # no glossary: "일꾼" names nothing here
    assert status("딱정벌레 7마리를 뽑습니다 [1].") == ["unverified"]  # a native word no glossary gives is not compared


def test_a_glossary_term_is_matched_whole_and_nouns_that_end_like_particles_or_start_like_counters_are_kept():
    def status(answer, quote, glossary):
        cite = _whole(quote)
        return [c.status for c in check_answer(Draft(answer, True, ("d",), (cite,)), glossary=glossary)]

    # "마법사" (wizard) is not "마법" (magic) with something after it
    assert status("마법사 2개를 받습니다 [1].", "Each wizard may cast 3 magic spells.",
                  (("마법", "magic"),)) == ["unverified"]
    assert status("마법 2개를 받습니다 [1].", "Each wizard may cast 3 magic spells.",
                  (("마법", "magic"),)) == ["contradicted"]
    assert status("승리 점수 2점을 얻습니다 [1].", "Gain 3 victory points.", (("점수", "points"),)) == ["contradicted"]
    assert status("도로 3개를 짓습니다 [1].", "Build 2 roads.", (("도로", "road"),)) == ["contradicted"]
    assert status("도로 2개를 짓습니다 [1].", "Build 2 roads.", (("도로", "road"),)) == ["verified"]

def test_a_verified_number_for_another_player_count_does_not_answer():
    quote = "With 2 players, remove 2 discs of each letter. With 3 players, remove 1 disc of each letter."
    cite = _whole(quote)
    checks = check_answer(Draft("For 2 players you take out 2 discs per letter [1].", True, ("d",), (cite,)),
                          question="which discs do we remove for a 3 player game?")
    claim = next(c for c in checks if c.claim.startswith("2 discs"))
    assert claim.status == "verified" and claim.answers is False and "for 2 players" in claim.detail
    # quoted word for word, it is still the wrong count when the answer gives no rule for the count asked
    quoted = check_answer(Draft("With 2 players, remove 2 discs of each letter [1].", True, ("d",), (cite,)),
                          question="which discs do we remove for a 3 player game?")
    claim = next(c for c in quoted if c.claim.startswith("2 discs"))
    assert (claim.status, claim.answers, claim.quoted) == ("verified", False, True)
    # beside the rule for the count asked, the other count's number is the quoted rule's, without colour
    both = check_answer(Draft(f"{quote} [1]", True, ("d",), (cite,)), question="which discs do we remove for a 3 player game?")
    assert [(c.claim, c.answers) for c in both if c.status == "verified"] == [("2 discs", None), ("1 disc", True)]


def test_a_number_with_no_noun_is_said_of_its_own_words_not_the_whole_sentence():
    quote = "Example: Mira earns 5 Gold: her basis of 2 + 1 from the Mill + 2 from the Forge."
    cite = _whole(quote)

    def status(answer):
        return {c.claim: c.status for c in check_answer(Draft(answer, True, ("d",), (cite,)))}

    assert status("She gets 1 from the Mill [1].")["1 from the Mill"] == "verified"
    assert status("She gets 2 from the Mill [1].")["2 from the Mill"] == "unverified"  # the 2s are the basis and the Forge
    # (not contradicted: an example's numbers are one situation's, the checker does not hold it to them)


def test_a_value_question_and_a_listed_player_count_are_answered():
    quote = "Pay 50 coins of ransom to the warden. With 4, 5 or 6 players: 3 cards each."
    cite = _whole(quote)

    def answers(answer, question):
        return {c.claim: c.answers for c in check_answer(Draft(answer, True, ("d",), (cite,)), question=question)}

    assert answers("Pay 50 coins of ransom to the warden [1].", "How much is the ransom?")["50 coins"]
    assert answers("With 4, 5 or 6 players: 3 cards each [1].", "and with 5 players?")["3 cards"]
    deal = "With 3 players, deal 2 cards each; with 4 or 5 players, deal 3 cards each."
    cite2 = _whole(deal)
    checks = {c.claim: c.answers for c in check_answer(Draft(f"{deal} [1]", True, ("d",), (cite2,)),
                                                        question="How many cards with 5 players?")}
    # quoted beside the answer, the 3-player value is another number of the rule, not a wrong answer
    assert checks["2 cards"] is None and checks["3 cards"] is True


def test_signs_say_what_they_mean():
    quote = "Advance 1 position on the track. The lantern gives +1 to the roll."
    cite = _whole(quote)
    glued = "Each Curse on your ship-2 Infamy"  # a flattened table cell: the sign belongs to the number
    cell = _whole(glued)
    checks = check_answer(Draft("Each Curse on your ship: -2 Infamy [1].", True, ("d",), (cell,)))
    assert [c.status for c in checks] == ["verified"]
    checks = {c.claim: c for c in check_answer(Draft("The lantern gives +1 to the roll [1].", True, ("d",), (cite,)))}
    plus = next(c for c in checks.values() if c.claim.startswith("+1"))
    assert plus.status == "verified" and quote[plus.source.start:plus.source.end] == "+1"


def test_a_korean_claim_is_not_said_to_miss_what_an_english_question_asks():
    quote = "매 턴마다 5회의 액션을 수행합니다."
    cite = _whole(quote)
    checks = check_answer(Draft(f"{quote} [1]", True, ("d",), (cite,)), question="how many actions per turn?")
    claim = next(c for c in checks if c.claim.startswith("5"))
    assert claim.status == "verified" and claim.answers


def test_a_table_row_named_in_the_claim_s_sentence_is_the_cell_checked(tmp_path):
    from tests.unit.conftest import make_snapshot

    book_text = ("Storm Rules\n\nLosses\n\nDraw cards by losses:\n\n| Losses | Cards to draw |\n| --- | --- |\n"
                 "| 0 | 0 |\n| 1–4 | 1 |\n| 5–9 | 2 |\n| 10+ | 3 |\n\nSetup\n\n"
                 "Deal 4 cards to each player. Each player starts with 3 coins.\n")
    index = make_snapshot(tmp_path, {"storm": book_text})
    book = FactBook(index, tmp_path)
    table = next(t for t in book.tables if t.doc == "storm")
    text = index.text("storm")
    cite = Citation(n=1, doc="storm", section="", start=table.table.start, end=table.table.end,
                    quote=text[table.table.start:table.table.end])

    def status(answer):
        return {c.claim: c.status for c in check_answer(Draft(answer, True, ("storm",), (cite,)), book)}

    assert status("With 7 losses you draw 2 cards [1].")["2 cards"] == "verified"
    assert status("With 10 or more losses you draw 4 cards [1].")["4 cards"] == "contradicted"  # the 10+ row says 3
    assert status("With 12 losses you draw 3 cards [1].")["3 cards"] == "verified"
    # another number of the sentence that is no row key does not make a right value wrong
    assert status("With 7 losses you draw 2 cards and discard 1 [1].")["2 cards"] == "verified"
    assert status("You draw 3 cards and keep 2 [1].")["3 cards"] == "verified"
    # a bound of a cited row's range is a number the table states ("from 5 to 9" is the "5–9" row)
    got = status("You draw 2 cards for anywhere from 5 to 9 losses [1].")
    assert got["5"] == "verified" and got["9 losses"] == "verified"
    assert status("You draw 2 cards from 6 to 9 losses [1].")["6"] == "contradicted"  # the row is 5–9
    assert status("You draw 2 cards from 5 to 10 losses [1].")["10 losses"] == "contradicted"
    assert status("You draw 1 card from 1 to 4 losses [1].")["4 losses"] == "verified"
    assert status("With 10 or more you draw 3 cards [1].")["10"] == "verified"
    # only a range's own wording names a row: a count that happens to equal a bound is not verified by it
    setup = "Deal 4 cards to each player. Each player starts with 3 coins."
    at = text.index(setup)
    second = Citation(n=2, doc="storm", section="", start=at, end=at + len(setup), quote=setup)

    def both(answer):
        return {c.claim: c.status for c in check_answer(Draft(answer, True, ("storm",), (cite, second)), book)}

    assert both("Each player starts with 9 coins [2].")["9 coins"] == "contradicted"
    assert both("Deal each player up to 5 cards [2].")["5 cards"] == "contradicted"
    assert both("Setup:\n- 9 coins for each player [2]")["9 coins"] == "contradicted"


def test_the_quote_a_claim_cites_is_read_first():
    first = "Deal a starting hand of 4 cards to each player."
    second = "Turn the top five cards from the deck face up."
    cites = (_whole(first),
             Citation(n=2, doc="d", section="", start=100, end=100 + len(second), quote=second))

    def status(answer):
        return {c.claim: c.status for c in check_answer(Draft(answer, True, ("d",), cites))}

    # the same digits in another quote do not rescue a restatement of its own quote with another number
    assert status("Deal a starting hand of 5 cards to each player [1].")["5 cards"] == "contradicted"
    assert status("Deal a starting hand of 4 cards to each player [1].")["4 cards"] == "verified"
    assert status("Then turn the top 5 cards face up [2].")["5 cards face"] == "verified"
    assert status("Then turn the top 5 cards face up.")["5 cards face"] == "verified"  # no marker: any quote


def test_every_marker_of_the_claim_s_run_is_its_own():
    first, second = "Score 1 point per Coral tile.", "Score 3 points for each Pearl."
    cites = (_whole(first),
             Citation(n=2, doc="d", section="", start=100, end=100 + len(second), quote=second))

    def status(answer):
        return {c.claim: c.status for c in check_answer(Draft(answer, True, ("d",), cites))}

    for answer in ("You score 3 points for each Pearl [1][2].", "You score 3 points for each Pearl (see [1] and [2]).",
                   "You score 3 points for each Pearl [1, 2]."):
        assert status(answer) == {"3 points": "verified"}, answer  # "[1, 2]" is a marker, not two claims


def test_a_bound_restating_a_cited_bound_with_another_number_contradicts():
    quote = "If you have only 1, look at its top icon. If you have 3 or more, look at its bottom icon instead."
    cite = _whole(quote)

    def status(answer):
        return {c.claim: c.status for c in check_answer(Draft(answer, True, ("d",), (cite,)))}

    assert status("If you have 4 or more, look at its bottom icon [1].")["4"] == "contradicted"
    assert status("If you have 3 or more, look at its bottom icon [1].")["3"] == "verified"
    assert status("Score 2 + 1 = 3 [1].")["3"] == "unverified"  # "2 +" is a sum, not a bound
    two = "If you have 5 or more cards at the end of your turn, discard 2 or more of them."
    cite2 = _whole(two)
    got = {c.claim: c.status for c in check_answer(Draft("If you hold 5 or more, discard 3 or more of them [1].",
                                                         True, ("d",), (cite2,)))}
    assert got["5"] == "unverified"  # two bounds in the rule: which one a bound restates is unclear


def test_a_korean_counter_names_what_it_counts():
    quote = "Put the top 3 cards face up next to the board."
    cite = _whole(quote)

    def status(answer):
        return [c.status for c in check_answer(Draft(answer, True, ("d",), (cite,)))]

    assert status("맨 위 4장을 보드 옆에 펼칩니다 [1].") == ["contradicted"]  # 장 counts cards or tiles
    assert status("맨 위 3장을 보드 옆에 펼칩니다 [1].") == ["verified"]
    assert status("맨 위 4개를 보드 옆에 펼칩니다 [1].") == ["unverified"]  # 개 counts anything: not compared
    assert status("보드 옆에 타일 4장을 놓습니다 [1].") == ["unverified"]  # it names its noun: tiles, not cards


def test_a_number_after_a_verb_is_not_a_thing_of_its_own():
    """"when you already have 4": the 4 answers a question about curses; "have" is not what it counts."""
    quote = "You can have a maximum of 4 Curses. If you take a Curse when you already have 4, lose 1 Integrity."
    cite = _whole(quote)
    checks = {c.claim: c for c in check_answer(Draft(quote + " [1]", True, ("d",), (cite,)),
                                               None, "What's the max number of curses I can have?")}
    assert checks["4 Curses"].answers and checks["4"].answers
    assert not checks["1 Integrity"].answers


def test_a_cited_sentence_hard_wrapped_across_lines_is_one_sentence():
    quote = "Each turn you may spend 2\ncoins to buy a card; a card costs 3 coins."
    cite = _whole(quote)
    checks = {c.claim: c.status for c in check_answer(Draft("Each turn you may spend 2 coins to buy a card [1].",
                                                            True, ("d",), (cite,)))}
    assert checks["2 coins"] == "verified"


def test_an_empty_table_cell_states_nothing(tmp_path):
    from tests.unit.conftest import make_snapshot

    book_text = "Fleet Rules\n\nShips\n\n| Ship | Cannons | Crew |\n| --- | --- | --- |\n| Sloop | | 4 |\n| Brig | 3 | 6 |\n"
    index = make_snapshot(tmp_path, {"fleet": book_text})
    book = FactBook(index, tmp_path)
    assert all(f.value for f in book.facts if f.doc == "fleet")
    table = next(t for t in book.tables if t.doc == "fleet")
    text = index.text("fleet")
    cite = Citation(n=1, doc="fleet", section="", start=table.table.start, end=table.table.end,
                    quote=text[table.table.start:table.table.end])
    checks = {c.claim: c.status for c in check_answer(Draft("A sloop carries 2 cannons [1].", True, ("fleet",),
                                                            (cite,)), book)}
    assert checks["2 cannons"] == "unverified"


def test_minutes_answer_a_question_about_time():
    quote = "Each time you travel to another location, 20 minutes of game time pass."
    checks = {c.claim: c.answers for c in check_answer(Draft(f"{quote} [1]", True, ("d",), (_whole(quote),)),
                                                       question="how much in-game time passes when I travel?")}
    assert checks["20 minutes"] is True
    checks = {c.claim: c.answers for c in check_answer(Draft(f"{quote} [1]", True, ("d",), (_whole(quote),)),
                                                       question="how many cards do I draw when I travel?")}
    assert checks["20 minutes"] is None  # quoted word for word: a number of the rule, no colour
    said = check_answer(Draft("Travelling takes 20 minutes of game time [1].", True, ("d",), (_whole(quote),)),
                        question="how many cards do I draw when I travel?")
    assert [(c.claim, c.answers) for c in said] == [("20 minutes", False)]


CASH = "Each player receives $6,000 in cash for a total of $6,000 each:\n- Four $1,000 bills\n- Three $500 bills"


def test_a_verbatim_quote_never_contradicts_itself():
    answer = "Each player receives $6,000 in cash for a total of $6,000 each: Four $1,000 bills Three $500 bills [1]"
    checks = check_answer(Draft(answer, True, ("d",), (_whole(CASH),)), question="how much cash does everyone start with?")
    assert checks and all(c.status == "verified" for c in checks)
    first = checks[0]
    assert first.claim.startswith("6,000") and CASH[first.source.start:first.source.end] == "6,000"


def test_thousands_separators_and_decimals_are_one_number_in_the_rule():
    gold = "Each Gold mine produces 1.5 Gold per round. A Silver mine produces 2 Silver per round."
    right = check_answer(Draft("A Gold mine makes 1.5 Gold per round [1].", True, ("d",), (_whole(gold),)))
    assert [c.status for c in right] == ["verified"]
    wrong = check_answer(Draft("A Gold mine makes 2.5 Gold per round [1].", True, ("d",), (_whole(gold),)))
    assert [(c.status, c.detail) for c in wrong] == [("contradicted", "the cited rule says 1.5 gold")]
    cash = check_answer(Draft("Everyone receives $5,000 in cash [1].", True, ("d",), (_whole(CASH),)))
    assert [(c.status, c.detail) for c in cash] == [("contradicted", "the cited rule says 6,000 cash")]


def test_does_not_answer_says_so_in_the_players_words():
    quote = "Rum markers: 10. Each player takes 3 Gold."
    checks = check_answer(Draft("Everyone gets 3 Gold [1].", True, ("d",), (_whole(quote),)),
                          question="how many rum cubes in a 3 player game?")
    assert [c.detail for c in checks if not c.answers] == [
        "does not answer: this number is about gold, the question asks about rum cubes"]


def test_a_range_is_one_claim_checked_as_one():
    quote = "6-9: take 2 cards. 10+: take 3 cards."
    checks = check_answer(Draft("6-9: take 2 cards [1].", True, ("d",), (_whole(quote),)), question="how many cards?")
    assert [(c.claim, c.status) for c in checks] == [("6-9", "verified"), ("2 cards", "verified")]
    wrong = check_answer(Draft("6-8: take 2 cards [1].", True, ("d",), (_whole("6-9 players: take 2 cards."),)))
    assert [c.claim for c in wrong if c.status == "verified"] == ["2 cards"] and "6-8" in [c.claim for c in wrong]


def test_only_a_claim_that_answers_is_green_and_incidental_numbers_get_no_colour():
    quote = "Each player takes 2 Deckhands and 10 Rum markers. A Schooner costs 5 Gold."
    checks = {c.claim: c for c in check_answer(Draft(f"{quote} [1]", True, ("d",), (_whole(quote),)),
                                              question="how many rum cubes does each player take?")}
    assert checks["10 Rum markers"].status == "verified" and checks["10 Rum markers"].answers is True
    assert checks["2 Deckhands"].answers is None and checks["2 Deckhands"].detail == "quoted word for word from the rule"
    alone = check_answer(Draft("Everyone gets 2 Deckhands [1].", True, ("d",), (_whole(quote),)),
                         question="how many rum cubes does each player take?")
    assert [(c.answers, c.detail) for c in alone] == [
        (False, "does not answer: this number is about deckhands, the question asks about rum cubes")]
    checks = {c.claim: c for c in check_answer(Draft(f"{quote} [1]", True, ("d",), (_whole(quote),)),
                                              question="what does a schooner cost?")}
    assert checks["5 Gold"].status == "verified" and checks["5 Gold"].answers is True
    # verified, and neither asked about nor clearly about something else: a number of the rule, not the answer
    assert checks["2 Deckhands"].status == "verified" and checks["2 Deckhands"].answers is None
    assert checks["10 Rum markers"].answers is None


def test_a_table_answer_s_label_names_what_its_number_counts():
    quote = "Players\tRum markers\tCotton markers\n2\t8\t12 of each\n3\t10\t15 of each"
    checks = check_answer(Draft("With 3 players, Rum markers: 10 [1]", True, ("d",), (_whole(quote),)),
                          question="how many rum cubes in a 3 player game")
    ten = next(c for c in checks if c.claim == "10")
    assert ten.answers is True  # "Rum markers" is the label: about rum, as asked, not "does not answer"


def test_a_number_copied_from_its_rule_is_quoted_not_checked():
    quote = "You may hold at most 5 cargo cards."
    own = check_answer(Draft(f"{quote} [1]", True, ("d",), (_whole(quote),)), question="how many cards can I hold?")
    assert [(c.claim, c.status, c.answers, c.quoted) for c in own] == [("5 cargo cards", "verified", True, True)]
    said = check_answer(Draft("Hold up to 5 cargo cards [1].", True, ("d",), (_whole(quote),)),
                        question="how many cards can I hold?")
    assert [(c.claim, c.status, c.quoted) for c in said] == [("5 cargo cards", "verified", False)]


def test_another_number_in_the_same_words_as_the_rule_is_contradicted():
    quote = "Randomly select 9 of the 12 treasure cards, shuffle them and place them in a facedown pile."
    draft = Draft("Randomly select 8 of the 12 treasure cards [1].", True, ("d",), (_whole(quote),))
    checks = {c.claim: c for c in check_answer(draft, None, "how many treasure cards are used?")}
    wrong = next(c for claim, c in checks.items() if claim.startswith("8"))
    assert wrong.status == "contradicted"
    assert quote[wrong.source.start:wrong.source.end] == "9"
    right = Draft("Randomly select 9 of the 12 treasure cards [1].", True, ("d",), (_whole(quote),))
    assert [c.status for c in check_answer(right, None, "how many treasure cards are used?")
            if c.claim.startswith("9")] == ["verified"]


def test_a_rate_per_player_is_about_what_the_question_counts_and_no_more():
    quote = "3-player game, Normal mode: 3 per player, Expert mode: 2 per player"
    checks = check_answer(Draft("In a 3-player game you get 3 per player [1].", True, ("d",), (_whole(quote),)),
                          question="three of us are playing, how many quechuas does each person get?")
    assert [(c.claim, c.status, c.answers) for c in checks if c.claim.startswith("3 per")] == [
        ("3 per player", "verified", True)]
    # without a player count in the question nothing says it answers, but it is not "does not answer" either
    plain = check_answer(Draft("You get 3 per player [1].", True, ("d",), (_whole(quote),)),
                         question="how many quechuas does each person get?")
    assert [(c.claim, c.answers) for c in plain if c.claim.startswith("3 per")] == [("3 per player", None)]
    # a rate per turn is not a rate per player: its thing stays, and it is not the rum cubes asked about
    turn = check_answer(Draft("You get 3 Gold per turn [1].", True, ("d",), (_whole("You gain 3 Gold per turn."),)),
                        question="how many rum cubes do I get?")
    assert [(c.claim, c.answers) for c in turn] == [("3 Gold", False)]


def test_a_quoted_table_read_with_its_column_names_is_quoted_word_for_word():
    # the answer names each row's columns; the quote holds the header: its numbers are the rule's, not wrong
    # answers for another player count ("the first 3 players")
    quote = ("The first 3 players gain VP per the table below:\n\n| Position | 1st Fair | 2nd Fair |\n"
             "| --- | --- | --- |\n| 1st | 9 | 12 |\n| 2nd | 6 | 8 |")
    answer = ("The first 3 players gain VP per the table below: / Position: 1st, 1st Fair: 9, 2nd Fair: 12 / "
              "Position: 2nd, 1st Fair: 6, 2nd Fair: 8 [1] Note: 4th place gains no VP. [2]")  # no full stop between
    note = Citation(n=2, doc="d", section="", start=len(quote) + 2, end=len(quote) + 30, quote="Note: 4th place gains no VP.")
    checks = check_answer(Draft(answer, True, ("d",), (_whole(quote), note)), None, "how many VP does first place get?")
    shown = {c.claim: c for c in checks}
    assert shown["9"].status == "verified" and shown["9"].quoted is True
    assert [c.claim for c in checks if c.answers is False] == []


def test_the_one_number_its_own_quote_gives_the_thing_contradicts_another():
    quote = "110 Train Car cards (12 each of Box, Passenger, Tanker and Hopper cars, plus 14 Locomotives)"
    cite = _whole(quote)
    wrong = {c.claim: c for c in check_answer(Draft("The deck has 12 Locomotives [1].", True, ("d",), (cite,)))}
    assert wrong["12 Locomotives"].status == "contradicted"
    assert wrong["12 Locomotives"].detail == "the cited rule says 14 locomot"
    right = {c.claim: c for c in check_answer(Draft("The deck has 14 Locomotives [1].", True, ("d",), (cite,)))}
    assert right["14 Locomotives"].status == "verified"
    # two numbers of the thing in the quote: which one the claim restates is not known, so no conflict
    two = _whole("Each player draws 2 Resource cards and 1 Gold card.")
    (check,) = check_answer(Draft("You start with 3 cards [1].", True, ("d",), (two,)))
    assert check.status == "unverified"


def test_a_remark_after_the_last_citation_is_not_contradicted_by_a_rule_about_something_else():
    quote = "If your meeple lands on a black market space, you must choose 1 card from the black market supply."
    cited = "You choose 1 card from the black market supply [1]."
    remark = cited + " The supply always shows 3 cards."
    (claim, tail) = check_answer(Draft(remark, True, ("d",), (_whole(quote),)), None, "how many cards do I take?")
    assert (claim.claim, claim.status) == ("1 card", "verified")
    assert (tail.claim, tail.status) == ("3 cards", "unverified")
    assert tail.detail == "no citation follows it: no cited passage states this number"
    # a marker in the claim's own sentence cites it, before it or after: read against the rule
    before = check_answer(Draft("According to [1], you choose 3 cards from the black market supply.", True, ("d",),
                                (_whole(quote),)), None, "how many cards do I take?")
    assert [(c.claim, c.status) for c in before] == [("3 cards", "contradicted")]
    wrong = check_answer(Draft("You choose 3 cards from the black market supply [1].", True, ("d",),
                               (_whole(quote),)), None, "how many cards do I take?")
    assert [(c.claim, c.status) for c in wrong] == [("3 cards", "contradicted")]


def test_a_conclusion_after_the_last_citation_is_still_read_against_the_rule():
    quote = "Shuffle the 20 Wonder Cards and deal 3 face-down to each player (5 cards each in a 2 player game)."
    question = "how many wonder cards does each player get in a 2 player game?"

    def status(tail):
        checks = check_answer(Draft(f"{quote} [1]. {tail}", True, ("d",), (_whole(quote),)), None, question)
        return {c.claim: c.status for c in checks}["6 Wonder cards"]

    assert status("So with two of you, each gets 6 Wonder cards.") == "contradicted"
    assert status("With two of you, each gets 6 Wonder cards.") == "unverified"  # a remark: not read


def test_of_two_numbers_said_to_answer_the_one_whose_sentence_reads_as_the_question_keeps_the_colour():
    deal = "Shuffle the agent cards and deal each player 4 cards in hand."
    turn = "Each turn you play 2 cards, 1 face up and 1 face down."
    cites = (Citation(n=1, doc="d", section="", start=0, end=len(deal), quote=deal),
             Citation(n=2, doc="d", section="", start=len(deal) + 1, end=len(deal) + 1 + len(turn), quote=turn))
    answer = "Deal each player 4 cards in hand [1]. Each turn you play 2 cards [2]."
    checks = {c.claim: c for c in check_answer(Draft(answer, True, ("d",), cites), None,
                                               "how many cards do we each start with in hand?")}
    assert (checks["4 cards"].status, checks["4 cards"].answers) == ("verified", True)
    assert (checks["2 cards"].status, checks["2 cards"].answers) == ("verified", None)


def test_a_range_end_is_read_against_the_range_with_the_same_start():
    quote = ("5 treasures add points. Their values range from +3 to +7. 3 treasures are cursed and deduct points. "
             "Their values range from -2 to -4.")
    answer = "The 5 treasures that add points range from +3 to +8 [1]."
    checks = {c.claim: c for c in check_answer(Draft(answer, True, ("d",), (_whole(quote),)), None,
                                                 "what are the treasures worth?")}
    assert checks["+8"].status == "contradicted"


def test_a_markers_digit_is_no_word_the_question_shares():
    quote = "Deal 5 cards each. Keep 7 cards in hand."
    answer = "Deal 5 cards each [1]. Keep 7 cards in hand [2]."
    cites = (_whole(quote), Citation(n=2, doc="d", section="", start=0, end=len(quote), quote=quote))
    checks = {c.claim: c for c in check_answer(Draft(answer, True, ("d",), cites), None,
                                               "how many cards do we deal each with 2 players?")}
    assert (checks["5 cards"].answers, checks["7 cards"].answers) == (True, None)


def test_does_not_answer_names_a_labels_words_as_written():
    quote = "| Difficulty | Discarded |\n| --- | --- |\n| Challenging | 3 |"
    (check,) = check_answer(Draft("Challenging: 3 [1]", True, ("d",), (_whole(quote),)), None,
                            "how many meeples do I get?")
    assert check.answers is False and check.detail == ("does not answer: this number is about challenging, "
                                                       "the question asks about meeples")


def test_a_duration_answers_how_long():
    quote = "Players: 2-6. Playing time: 20 min."
    checks = {c.claim: c for c in check_answer(Draft("Playing time: 20 min [1].", True, ("d",), (_whole(quote),)),
                                               None, "how long does a game take?")}
    assert (checks["20 min"].status, checks["20 min"].answers) == ("verified", True)


def test_a_scoring_chart_row_is_a_range_not_a_sum():
    """"2–3 = 3" in a chart reads "2 to 3 markers score 3"; quoted, the chart's numbers are its own."""
    quote = "Bonus markers obtained: 1 BM = 1, 2–3 = 3, 4–5 = 6, 6–7 = 10."
    cite = _whole(quote)
    checks = {c.claim: c for c in check_answer(Draft(f"“{quote}” [1]", True, ("d",), (cite,)), None,
                                               "I have 3 bonus markers, how many points?")}
    assert checks["6"].status == checks["10"].status == "verified"
    assert [c.claim for c in checks.values() if c.status == "contradicted"] == []
    # a subtraction written with a dash still adds up or not
    sums = {c.claim: c.status for c in check_answer(Draft("10 - 2 = 9 cards left [1].", True, ("d",), (cite,)))}
    assert sums["9 cards left"] == "contradicted"


def test_money_does_not_answer_a_count_of_something_else():
    quote = "Each player gets two Thugs, Control markers, and a hand of $1, $2, $3."
    cite = _whole(quote)
    draft = Draft(f"{quote} [1]", True, ("d",), (cite,))
    markers = {c.claim: c.answers for c in check_answer(draft, None, "how many control markers does each family get")}
    assert markers["1"] is None and markers["3"] is None  # no answering colour on money
    gun = "A Gun costs $3 to buy."
    priced = Draft(f"{gun} [1]", True, ("d",), (_whole(gun),))
    assert [c.answers for c in check_answer(priced, None, "how much does a gun cost")] == [True]


def test_a_list_of_card_values_and_big_numbers_read_as_written():
    claims, others = read_claims("Navigation cards 0,1,1,1,2,2,3; start with 1,000,000 points.")
    assert [c.number for c in claims] == ["1000000"]
    assert {o.kind for o in others if o.text in {"0,1", "1,1", "2,2", "3"}} == {"list"}


def test_money_still_answers_a_question_about_an_amount():
    quote = "The ransom is $50."
    checks = check_answer(Draft(f"{quote} [1]", True, ("d",), (_whole(quote),)), None, "How much is the ransom?")
    assert [c.answers for c in checks] == [True]


def test_the_rules_own_number_is_not_the_answer_to_the_players_situation():
    quote = "1 point for each 5 remaining resources (rounded down)"
    draft = Draft(f"{quote} [1]", True, ("d",), (_whole(quote),))
    own = {c.claim: c for c in check_answer(draft, question="I have 23 remaining resources, how many points?")}
    assert own["1 point"].status == "verified" and own["1 point"].answers is None
    rule = {c.claim: c for c in check_answer(draft, question="how many points are remaining resources worth?")}
    assert rule["1 point"].status == "verified" and rule["1 point"].answers is True


def test_the_same_words_said_again_of_another_rule_get_their_own_chip():
    sets = "3 points per set of 3 different objects visible in the play area."
    pairs = "2 points per pair of identical objects visible in the play area."
    cites = (Citation(n=1, doc="d", section="", start=0, end=len(sets), quote=sets),
             Citation(n=2, doc="d", section="", start=100, end=100 + len(pairs), quote=pairs))
    answer = "3 points per set of 3 different objects [1]. The pair objective gives 3 points per pair [2]."
    checks = check_answer(Draft(answer, True, ("d",), cites), None, "what do the objectives score?")
    points = [(c.start, c.status) for c in checks if c.claim == "3 points"]
    assert points == [(0, "verified"), (answer.rindex("3 points"), "contradicted")]
    # said again of another rule that gives its thing another number, in other words: no red chip
    draw, limit = "At the end of your turn, draw 2 cards.", "If you have more than 7 cards, discard down to 7 cards."
    turn = (Citation(n=1, doc="d", section="", start=0, end=len(draw), quote=draw),
            Citation(n=2, doc="d", section="", start=100, end=100 + len(limit), quote=limit))
    told = ("You draw 2 cards [1]. If that takes you over 7 cards, discard down to 7 cards, counting the 2 cards "
            "you just drew [2].")
    assert all(c.status != "contradicted" for c in check_answer(Draft(told, True, ("d",), turn), None, "draw?"))
    assert [c.status for c in check_answer(Draft(told, True, ("d",), turn), None, "draw?")
            if c.claim == "2 cards"] == ["verified"]
    # said again and read the same: one chip
    again = "3 points per set [1]. Again: 3 points per set [1]."
    assert [c.claim for c in check_answer(Draft(again, True, ("d",), cites[:1]), None, "sets?")] == ["3 points"]


def test_a_row_quoted_under_its_header_in_a_replacement_is_still_a_quote():
    row = "| Set of 3 different objects | 3 points |"
    head = "| Objective | Score |\n| --- | --- |\n"
    cite = Citation(n=1, doc="d", section="", start=200, end=200 + len(row), quote=row)
    wrong = Draft("A set of 3 different objects scores 4 points [1].", True, ("d",), (cite,))
    answer = enforce(wrong, None, "what does a set score?", shown=lambda c: head + c.quote)
    assert "Objective: Set of 3 different objects, Score: 3 points" in answer.answer
    assert answer.checks and all(c.quoted and c.status == "verified" for c in answer.checks)


def test_a_claims_own_markers_are_found_past_a_decimal_point():
    from rulespal.rules.check import _own_markers

    answer = "Take 1.5 Gold per tile [2]. Then draw 3 cards [1]."
    assert _own_markers(answer, answer.index("1.5") + 1) == frozenset({2})
    assert _own_markers(answer, answer.index("3 cards") + 1) == frozenset({1})


def test_a_claims_own_markers_stop_at_another_bracket_or_an_abbreviation():
    from rulespal.rules.check import _own_markers

    answer = "Each player draws 3 cards (e.g. Wood or Ore) at the start, then 1 card each turn [2]. See the setup [1]."
    assert _own_markers(answer, answer.index("3 cards") + 1) == frozenset()  # not [2]: that is the next clause's
