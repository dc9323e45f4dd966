"""The data every stage speaks: file -> Doc -> Block -> Chunk (with Units) -> Hit -> Draft -> Answer.

Ingest-side records are frozen dataclasses; what front ends return (Answer, Citation, Check,
SearchHit) are pydantic models, so the API's response schema is these types themselves.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict


@dataclass(frozen=True)
class Doc:
    """A rulebook: its id, title, language, where its text lives, and what players may call it."""

    id: str
    title: str
    lang: str
    text_path: str  # where the (decoded or extracted) text lives
    source: str = "corpus"  # corpus | user | library
    aliases: tuple[str, ...] = ()
    base_game: str | None = None
    glossary: tuple[tuple[str, str], ...] = field(default=())  # (korean, english)
    original: str | None = None  # for user docs: the file as supplied
    debris: tuple[str, ...] = ()  # quotes of spans that are extraction leftovers, not rules (from the manifest)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Doc":
        d = dict(d)
        d["aliases"] = tuple(d.get("aliases") or ())
        d["glossary"] = tuple(tuple(p) for p in d.get("glossary") or ())
        d["debris"] = tuple(d.get("debris") or ())
        return cls(**d)


@dataclass(frozen=True)
class Block:
    """A structural piece of a rulebook: a heading, a paragraph, a list, a table, or debris.

    ``start``/``end`` are character offsets into the decoded rulebook text.
    """

    kind: str  # heading | paragraph | list | table | toc | debris
    start: int
    end: int
    level: int = 0  # heading level (1 = top)
    path: tuple[str, ...] = ()  # heading path the block sits under
    label: str = ""  # for a list: the text of its first top-level item


@dataclass(frozen=True)
class Unit:
    """The smallest citable piece inside a chunk: a sentence, a list item, a table row, a heading."""

    start: int
    end: int
    kind: str  # sentence | item | row | heading


@dataclass(frozen=True)
class Chunk:
    """A passage a player can read on its own. ``text == doc_text[start:end]`` always holds."""

    doc: str
    section: str
    start: int
    end: int
    text: str
    units: tuple[Unit, ...] = field(default=())

    @property
    def id(self) -> str:
        # Content hash: the same passage of the same document always gets the same id.
        digest = hashlib.sha256(f"{self.doc}\0{self.start}\0{self.end}\0{self.text}".encode())
        return f"{self.doc}:{digest.hexdigest()[:16]}"

    def unit_text(self, u: Unit) -> str:
        """A unit's text; a sentence hard-wrapped across lines reads as one line (same length, same offsets)."""
        text = self.text[u.start - self.start:u.end - self.start]
        return text.replace("\r", " ").replace("\n", " ") if u.kind == "sentence" else text


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class SourceSpan(_Frozen):
    """Characters ``start:end`` of a rulebook's text."""

    doc: str
    start: int
    end: int


class SearchHit(_Frozen):
    doc: str
    section: str
    start: int
    end: int
    text: str  # exactly corpus_text[start:end]
    score: float


@dataclass(frozen=True)
class Hit:
    """A retrieved passage with its final score and its fused rank score (both 0..1)."""

    chunk: Chunk
    score: float
    fused: float = 0.0  # the fused rank score before reranking

    def to_out(self) -> SearchHit:
        c = self.chunk
        return SearchHit(doc=c.doc, section=c.section, start=c.start, end=c.end, text=c.text,
                         score=round(self.score, 4))


class Citation(_Frozen):
    n: int
    doc: str
    section: str
    start: int
    end: int
    quote: str  # exactly corpus_text[start:end]


class Check(_Frozen):
    """A claim of the answer and what the cited rulebook text says of it (see the README's "Checks")."""

    claim: str
    status: Literal["verified", "contradicted", "unverified"]
    source: SourceSpan | None = None  # the span that states it (verified) or states another value (contradicted)
    detail: str | None = None
    # True: verified and about what the question asks (its thing or its player count); False: verified but
    # clearly about something else; None: a number the cited rule states that the question does not ask about
    answers: bool | None = True
    # True: verified only because the answer copies the cited rule word for word. It says where the number is,
    # not that this rule is the one asked about, so the chat page shows it as "quoted", never as a green check.
    quoted: bool = False
    # where the claim sits in the answer's text (``answer[start:end] == claim``); None for a number of the
    # question, or a replaced draft's number that the answer no longer says
    start: int | None = None
    end: int | None = None


class Answer(_Frozen):
    """What every front end returns for a question (the shape is fixed by the README's contract)."""

    answer: str
    answerable: bool
    games: list[str]
    needs_game: list[str] = []
    citations: list[Citation] = []
    checks: list[Check] = []
    note: str | None = None  # one line about how the answer was written ("the language model could not be reached")

    def to_json(self) -> dict:
        data = self.model_dump()
        # A check without a detail leaves the field out (the contract lists claim, status, source).
        data["checks"] = [{k: v for k, v in c.items() if v is not None or k in ("source", "answers")} for c in data["checks"]]
        if data["note"] is None:
            del data["note"]
        return data


@dataclass(frozen=True)
class Draft:
    """An answer before its numbers are checked. ``derived``: numbers a calculation produced, with the
    span of the rule that produced each."""

    text: str
    answerable: bool
    games: tuple[str, ...]
    citations: tuple[Citation, ...] = ()
    needs_game: tuple[str, ...] = ()
    derived: Mapping[str, SourceSpan] = field(default_factory=dict)
    writer: str = "extractive"  # or "llm": the numbers it states came from a language model
    note: str | None = None

    def to_answer(self, checks: list[Check] | None = None) -> Answer:
        return Answer(answer=self.text, answerable=self.answerable, games=list(self.games),
                      needs_game=list(self.needs_game), citations=list(self.citations), checks=checks or [],
                      note=self.note)


@dataclass(frozen=True)
class Turn:
    """An earlier turn of the chat, oldest first."""

    role: str  # user | assistant
    content: str
