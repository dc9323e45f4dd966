"""The answer chain: writers tried in order; the first that has an answer writes it.

Order matters: exact sources first (curated "not printed" values, calculations, table cells), then
the general extractive answer, which always answers (or abstains).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rulespal.core.types import Draft
from rulespal.answering.abstain import no_words
from rulespal.answering.arithmetic import arithmetic
from rulespal.answering.context import AnswerContext
from rulespal.answering.extractive import extractive
from rulespal.answering.printed_writer import printed_elsewhere
from rulespal.answering.rules_writer import calculation, not_printed
from rulespal.answering.scope_writer import out_of_range
from rulespal.answering.table_writer import table_answer

Writer = Callable[[AnswerContext], Draft | None]

DEFAULT_WRITERS: tuple[Writer, ...] = (no_words, out_of_range, not_printed, calculation, arithmetic, table_answer,
                                       printed_elsewhere, extractive)


def write_answer(ctx: AnswerContext, writers: Sequence[Writer] = DEFAULT_WRITERS) -> Draft:
    for writer in writers:
        draft = writer(ctx)
        if draft is not None:
            return draft
    raise LookupError("no writer answered; the last writer of a chain must always answer")
