"""A value the book says is printed on a component is answered "the rulebook doesn't print that", cited."""

from rulespal.answering.printed_writer import printed_elsewhere
from tests.unit.conftest import context_for, make_snapshot

BOOK = """Fog Duel

Setup

3. Each player sets their hero's starting health on the health dial. Starting health is found on the character cards.
4. Each player draws 5 cards.

Movement

The direction of play is shown on the back of the board.
"""


def _ask(tmp_path, tuning, question, book=BOOK):
    return printed_elsewhere(context_for(make_snapshot(tmp_path, {"fog": book}), question, "fog", tuning))


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
    assert _ask(tmp_path, tuning, "what is the maximum hand size?", book) is None
