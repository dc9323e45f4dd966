"""Everything an answer writer may look at for one question, gathered once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from rulespal.core.question import Asks, read_asks
from rulespal.core.tuning import Tuning
from rulespal.core.types import Chunk, Hit, Unit
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.query import QueryPlan
from rulespal.retrieval.reader import Reader
from rulespal.rules.facts import FactBook
from rulespal.answering.picks import Picker


@dataclass(frozen=True)
class AnswerContext:
    index: IndexSnapshot
    plan: QueryPlan
    hits: list[Hit]
    games: list[str]  # the games the answer is about (picked, named, or the best hit's)
    question: str  # as the player typed it
    key_text: str  # the question without game names
    glossary: list[tuple[str, str]]  # (korean, english) terms of these games
    tuning: Tuning
    picker: Picker
    facts: FactBook | None = None
    acronyms: dict[str, dict[str, str]] = field(default_factory=dict)  # {doc: {acronym: expansion}}
    on_token: Callable[[str], None] | None = None  # a live view of a language model's answer as it is written
    verdict: Reader | None = None  # the yes/no model (``Settings.verdict``), or None when it is off

    @property
    def lang(self) -> str:
        return self.plan.lang

    @property
    def key_asks(self) -> Asks:
        """What the question asks in its own words, without game names and a follow-up's context."""
        return read_asks(self.key_text)

    def units_read(self) -> Iterator[tuple[int, Chunk, Unit, str]]:
        """(rank, passage, unit, its text) of every unit of the passages the answer writers read."""
        for rank, hit in enumerate(self.hits[:self.tuning.answer_hits]):
            for u in hit.chunk.units:
                yield rank, hit.chunk, u, hit.chunk.unit_text(u)
