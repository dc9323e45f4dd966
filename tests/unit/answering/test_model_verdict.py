"""The yes/no verdict model (``Settings.verdict``, off by default) speaks only where the hand reading is silent,
the reader reads the rule as the answer, and it is as sure as ``Tuning.verdict_min``; off, nothing changes."""

from rulespal.answering.chain import DEFAULT_WRITERS, write_answer
from rulespal.answering.context import AnswerContext
from rulespal.answering.picks import Picker
from rulespal.core.types import Hit
from tests.unit.conftest import make_snapshot, plan_for

RULES = "# Market\n\nTrading happens only during the market phase, between two neighbours.\n"
QUESTION = "can neighbours trade?"


class Fixed:
    """A reader or verdict model that gives every rule the same score, and counts what it read."""

    name = "fixed"

    def __init__(self, score: float):
        self.score_of, self.read = score, []

    def score(self, question, rules):
        self.read.extend(rules)
        return [self.score_of for _ in rules]


def answer(tmp_path, tuning, reader: float, verdict: float | None):
    idx = make_snapshot(tmp_path, {"bazaar": RULES})
    plan = plan_for(idx, QUESTION)
    t = tuning.replace(answerable_min_en=0.0, answerable_min=0.0, coverage_min=0.0)
    picker = Picker(idx, plan, t, Fixed(reader))
    model = None if verdict is None else Fixed(verdict)
    ctx = AnswerContext(idx, plan, [Hit(c, 1.0, 1.0) for c in idx.chunks], ["bazaar"], QUESTION, QUESTION, [], t,
                        picker, verdict=model)
    return write_answer(ctx, DEFAULT_WRITERS).text, model


def test_the_hand_reading_is_silent_on_this_rule(tmp_path, tuning):
    text, _ = answer(tmp_path, tuning, reader=0.9, verdict=None)
    assert not text.startswith(("Yes", "No"))


def test_a_sure_model_says_yes_or_no_first(tmp_path, tuning):
    text, model = answer(tmp_path, tuning, reader=0.9, verdict=0.02)
    assert text.startswith("No — ") and "market phase" in text
    assert model is not None and model.read and "Trading happens only" in model.read[0]
    assert answer(tmp_path, tuning, reader=0.9, verdict=0.98)[0].startswith("Yes — ")


def test_an_unsure_model_or_a_rule_not_read_as_the_answer_says_nothing(tmp_path, tuning):
    assert not answer(tmp_path, tuning, reader=0.9, verdict=0.5)[0].startswith(("Yes", "No"))
    text, model = answer(tmp_path, tuning, reader=0.1, verdict=0.02)
    assert not text.startswith(("Yes", "No")) and model is not None and model.read == []


def test_a_three_way_verdict_is_near_a_half_where_the_rule_does_not_settle():
    import numpy as np

    from rulespal.retrieval.reader import squash

    assert squash(np.array([0.0])) == 0.5  # one output: the reader's sigmoid
    assert squash(np.array([-4.0, 4.0, -4.0])) > 0.99  # yes
    assert squash(np.array([4.0, -4.0, -4.0])) < 0.01  # no
    assert abs(squash(np.array([0.0, 0.0, 6.0])) - 0.5) < 0.01  # does not settle: neither verdict is sure
