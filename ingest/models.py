"""The records that flow between ingest stages: file -> blocks -> chunks (with units)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

SECTION_SEP = " > "


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
