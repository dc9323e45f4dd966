"""The yes/no verdict model (``Settings.verdict``) says yes or no where it is as sure as ``Tuning.verdict_min``:
before the hand reading (``Tuning.verdict_first``) or only where it is silent, and, with
``Tuning.verdict_needs_reader``, only where the reader reads the rule as the answer; off, nothing changes."""

from rulespal.answering.chain import DEFAULT_WRITERS, write_answer
from rulespal.answering.context import AnswerContext
from rulespal.answering.picks import Picker
from rulespal.core.types import Hit
from tests.unit.conftest import make_snapshot, plan_for

RULES = "# Market\n\nTrading happens only during the market phase, between two neighbours.\n"
QUESTION = "can neighbours trade?"
FORBIDS = "# Market\n\nNeighbours may not trade.\n"  # the hand reading says no to QUESTION


class Fixed:
    """A reader or verdict model that gives every rule the same score, and counts what it read."""

    name = "fixed"

    def __init__(self, score: float):
        self.score_of, self.read = score, []

    def score(self, question, rules):
        self.read.extend(rules)
        return [self.score_of for _ in rules]


def answer(tmp_path, tuning, reader: float, verdict: float | None, rules: str = RULES, question: str = QUESTION):
    idx = make_snapshot(tmp_path, {"bazaar": rules})
    plan = plan_for(idx, question)
    t = tuning.replace(answerable_min_en=0.0, answerable_min=0.0, coverage_min=0.0)
    picker = Picker(idx, plan, t, Fixed(reader))
    model = None if verdict is None else Fixed(verdict)
    ctx = AnswerContext(idx, plan, [Hit(c, 1.0, 1.0) for c in idx.chunks], ["bazaar"], question, question, [], t,
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


def test_an_unsure_model_or_one_behind_the_reader_gate_says_nothing(tmp_path, tuning):
    assert not answer(tmp_path, tuning, reader=0.9, verdict=0.5)[0].startswith(("Yes", "No"))
    gated = tuning.replace(verdict_needs_reader=True)
    text, model = answer(tmp_path, gated, reader=0.1, verdict=0.02)
    assert not text.startswith(("Yes", "No")) and model is not None and model.read == []
    # without the gate it reads the closest rule whatever the reader makes of it
    assert answer(tmp_path, tuning.replace(verdict_needs_reader=False), reader=0.1, verdict=0.02)[0].startswith("No")


def test_a_sure_model_comes_before_the_hand_reading_and_an_unsure_one_leaves_it(tmp_path, tuning):
    first = tuning.replace(verdict_first=True, verdict_needs_reader=False)
    assert answer(tmp_path, first, reader=0.9, verdict=0.5, rules=FORBIDS)[0].startswith("No — ")  # the hand's
    assert answer(tmp_path, first, reader=0.9, verdict=0.02, rules=FORBIDS)[0].startswith("No — ")  # both say no
    # the model says yes where the hand reads a rule that forbids: they disagree, and nothing is said
    assert not answer(tmp_path, first, reader=0.9, verdict=0.98, rules=FORBIDS)[0].startswith(("Yes", "No"))
    after = tuning.replace(verdict_first=False, verdict_needs_reader=False)
    assert answer(tmp_path, after, reader=0.9, verdict=0.98, rules=FORBIDS)[0].startswith("No — ")


def test_the_model_does_not_read_a_negated_question(tmp_path, tuning):
    # it reads the positive wording whatever the negation, so its yes would answer "can neighbours trade?"
    first = tuning.replace(verdict_first=True, verdict_needs_reader=False)
    text, model = answer(tmp_path, first, reader=0.9, verdict=0.98, question="can't neighbours trade?")
    assert not text.startswith(("Yes", "No")) and model is not None and model.read == []


def test_the_shipped_defaults_put_the_model_first_on_any_closest_rule():
    from rulespal.core.settings import Settings
    from rulespal.core.tuning import Tuning

    t = Tuning(dense=("fake",))
    assert Settings().verdict == "minilm-verdict" and t.verdict_first and not t.verdict_needs_reader


def test_a_three_way_verdict_is_near_a_half_where_the_rule_does_not_settle():
    import numpy as np

    from rulespal.retrieval.reader import squash

    assert squash(np.array([0.0])) == 0.5  # one output: the reader's sigmoid
    assert squash(np.array([-4.0, 4.0, -4.0])) > 0.99  # yes
    assert squash(np.array([4.0, -4.0, -4.0])) < 0.01  # no
    assert abs(squash(np.array([0.0, 0.0, 6.0])) - 0.5) < 0.01  # does not settle: neither verdict is sure
