"""Abstention: a pick must score well and hold the question's key terms."""

from rulespal.answering.answerable import _degree_known, answerable, has_words, mostly_unknown
from rulespal.answering.picks import Picker
from tests.unit.conftest import plan_for


def _best(tiny, tuning, question):
    plan = plan_for(tiny, question)
    hits = [__import__("rulespal.core.types", fromlist=["Hit"]).Hit(c, 1.0, 1.0) for c in tiny.chunks]
    return plan, Picker(tiny, plan, tuning.replace(answer_hits=len(hits))).picks(hits)[0]


def test_a_stated_rule_is_answerable(tiny, tuning):
    plan, best = _best(tiny, tuning, "how many pearls to win")
    assert "25 Pearls" in best.hit.chunk.text
    assert answerable(tiny, plan, best, tuning)


def test_words_no_rulebook_uses_are_not(tiny, tuning):
    plan, best = _best(tiny, tuning, "castling rules in chess openings")
    assert mostly_unknown(tiny, plan, tuning)
    assert not answerable(tiny, plan, best, tuning)


def test_the_floors_decide(tiny, tuning):
    plan, best = _best(tiny, tuning, "how many pearls to win")
    assert not answerable(tiny, plan, best, tuning.replace(answerable_min=best.score + 0.01))
    assert not answerable(tiny, plan, best, tuning.replace(coverage_min=1.01))


def test_no_words_nothing_to_look_up(tiny):
    assert not has_words(plan_for(tiny, "0.1.0"))
    assert has_words(plan_for(tiny, "pearls?"))


def test_a_superlative_of_a_known_word_is_known(tiny):
    word = next(w for w in sorted(tiny.idf) if w.isalpha() and len(w) >= 4 and w[-1] not in "iy" and w[-1] != w[-2])
    assert _degree_known(tiny, word + "est")  # "hardest" of "hard"
    assert not _degree_known(tiny, word + "er")  # comparatives are left alone: "corner" is not more "corn"
    assert not _degree_known(tiny, "castling")
