"""The answer chain: writers in order, the first answer wins; tables before quotes; abstain when silent."""

import pytest

from rulespal.answering.chain import DEFAULT_WRITERS, write_answer
from rulespal.answering.context import AnswerContext
from rulespal.answering.picks import Picker
from rulespal.core.types import Draft, Hit
from tests.unit.conftest import plan_for


def _ctx(tiny, tuning, question, doc="kraken-cove"):
    plan = plan_for(tiny, question)
    hits = [Hit(c, 1.0 - i * 0.01, 1.0 - i * 0.01) for i, c in enumerate(c for c in tiny.chunks if c.doc == doc)]
    return AnswerContext(tiny, plan, hits, [doc], question, question, [], tuning, Picker(tiny, plan, tuning))


def test_first_writer_with_an_answer_wins(tiny, tuning):
    calls = []

    def silent(ctx):
        calls.append("silent")

    def first(ctx):
        calls.append("first")
        return Draft("first", True, ())

    def never(ctx):
        calls.append("never")
        return Draft("never", True, ())

    assert write_answer(_ctx(tiny, tuning, "x"), [silent, first, never]).text == "first"
    assert calls == ["silent", "first"]
    with pytest.raises(LookupError):
        write_answer(_ctx(tiny, tuning, "x"), [silent])


def test_default_order_exact_sources_first():
    names = [w.__name__ for w in DEFAULT_WRITERS]
    assert names == ["no_words", "out_of_range", "not_printed", "calculation", "arithmetic", "table_answer",
                     "printed_elsewhere", "extractive"]


def test_a_table_cell_answers_before_a_sentence(tiny, tuning):
    draft = write_answer(_ctx(tiny, tuning, "how many pearls with 3 players?"), DEFAULT_WRITERS)
    assert draft.answerable and draft.text == "With 3 players, Pearls: 6 [1]"
    quote = draft.citations[0].quote
    assert quote.startswith("Players\tPearls") and "3\t6\t2" in quote


def test_a_rule_is_quoted_and_cited_exactly(tiny, tuning):
    draft = write_answer(_ctx(tiny, tuning, "how many pearls do I need to win the game"), DEFAULT_WRITERS)
    assert draft.answerable and "25 Pearls" in draft.text and draft.text.endswith("[1]")
    c = draft.citations[0]
    assert tiny.text(c.doc)[c.start:c.end] == c.quote


def test_no_words_abstains(tiny, tuning):
    draft = write_answer(_ctx(tiny, tuning, "0.1.0"), DEFAULT_WRITERS)
    assert not draft.answerable and draft.text == "The rulebook doesn't say." and not draft.citations


def test_the_lead_in_is_in_the_question_s_language_and_names_the_book_s():
    from rulespal.answering.render import lead_for

    assert lead_for("ko", "en") == "규칙서(영문)에 따르면: "
    assert lead_for("en", "ko") == "The rulebook (in Korean) says: "
    assert lead_for("en", "en") == lead_for("ko", "ko") == ""
