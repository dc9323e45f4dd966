"""A value the book says is printed on a component is answered "the rulebook doesn't print that", cited."""

from rulespal.answering.context import AnswerContext
from rulespal.answering.picks import Picker
from rulespal.answering.printed_writer import printed_elsewhere
from rulespal.core.types import Hit
from tests.unit.conftest import make_snapshot, plan_for

BOOK = """Fog Duel

Setup

3. Each player sets their hero's starting health on the health dial. Starting health is found on the character cards.
4. Each player draws 5 cards.

Movement

The direction of play is shown on the back of the board.
"""


def _ask(tmp_path, tuning, question):
    idx = make_snapshot(tmp_path, {"fog": BOOK})
    plan = plan_for(idx, question)
    hits = [Hit(c, 1.0, 1.0) for c in idx.chunks]
    return printed_elsewhere(AnswerContext(idx, plan, hits, ["fog"], question, question, [], tuning,
                                           Picker(idx, plan, tuning)))


def test_a_value_printed_on_a_component_is_not_in_the_book(tmp_path, tuning):
    d = _ask(tmp_path, tuning, "what is Holmes' starting health?")
    assert d is not None and not d.answerable and d.text.startswith("The rulebook doesn't print that: Each player")
    assert "found on the character cards" in d.citations[0].quote


def test_only_when_the_whole_subject_is_asked(tmp_path, tuning):
    assert _ask(tmp_path, tuning, "how many cards do I draw?") is None  # no "shown on" rule about cards drawn
    assert _ask(tmp_path, tuning, "how much health do I lose when hit?") is None  # "health", not "starting health"
    assert _ask(tmp_path, tuning, "is the board double sided?") is None  # asks no value


def test_not_when_another_passage_prints_it(tmp_path, tuning):
    book = "Hands\n\nYour hand size is shown on your player board. The maximum hand size is 10 cards.\n"
    idx = make_snapshot(tmp_path, {"hands": book})
    question = "what is the maximum hand size?"
    plan = plan_for(idx, question)
    d = printed_elsewhere(AnswerContext(idx, plan, [Hit(c, 1.0, 1.0) for c in idx.chunks], ["hands"], question,
                                        question, [], tuning, Picker(idx, plan, tuning)))
    assert d is None
