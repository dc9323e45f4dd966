"""The general arithmetic step on a tiny rulebook: computed when every amount meets its rule, shown and
cited; left to the quoting writers when it cannot be sure."""

from rulespal.answering.arithmetic import arithmetic
from rulespal.answering.context import AnswerContext
from rulespal.answering.picks import Picker
from rulespal.core.types import Hit
from rulespal.rules.check import check_answer
from tests.unit.conftest import make_snapshot, plan_for

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
    assert "3 lanterns × 2 point = 6 [1]" in d.text and "2 silks × 3 point = 6 [2]" in d.text
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
    assert d is None or "not counted" in d.text


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
    assert d is not None and "4 ripe crops × 2 point = 8" in d.text
    assert d.text.endswith("→ 8; not counted: the rule for the most oxygen [2] (add it if it applies)")
    assert "5 bonus points" in d.citations[1].quote
    question = "I have 4 ripe crops. How many points do I score?"  # nothing else said: nothing else named
    d = arithmetic(AnswerContext(idx, plan_for(idx, question), hits, ["farm"], question, question, [], tuning,
                                 Picker(idx, plan, tuning)))
    assert d is not None and "not counted" not in d.text
