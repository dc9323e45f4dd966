"""What a build records besides vectors: its metadata and its passages (chunks.jsonl)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespal.core.types import Chunk, Doc, Unit


@dataclass
class BuildMeta:
    name: str
    fingerprint: str
    embedders: list[str]
    docs: list[Doc]
    chunk_count: int
    unit_count: int
    units_embedded: bool
    created: str
    stats: dict[str, Any] = field(default_factory=dict)
    unit_embedder_en: str = ""
    shared_glossary: list[tuple[str, str]] = field(default_factory=list)  # (korean, english) for every game

    def save(self, path: Path) -> None:
        d = self.__dict__ | {"docs": [doc.to_json() for doc in self.docs]}
        path.write_text(json.dumps(d, ensure_ascii=False, indent=1), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> "BuildMeta":
        d = json.loads(path.read_text(encoding="utf-8"))
        d["docs"] = [Doc.from_json(x) for x in d["docs"]]
        d["shared_glossary"] = [tuple(p) for p in d.get("shared_glossary", [])]
        return cls(**d)


def write_chunks(path: Path, chunks: list[Chunk], tokens: list[list[str]]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for c, t in zip(chunks, tokens):
            rec = {"id": c.id, "doc": c.doc, "section": c.section, "start": c.start, "end": c.end,
                   "text": c.text, "units": [[u.start, u.end, u.kind] for u in c.units], "tokens": t}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")


def read_chunks(path: Path, doc_freq: Counter | None = None) -> list[Chunk]:
    """The build's passages; with ``doc_freq``, also count in how many passages each token occurs."""
    chunks = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            units = tuple(Unit(s, e, k) for s, e, k in r["units"])
            chunks.append(Chunk(r["doc"], r["section"], r["start"], r["end"], r["text"], units))
            if doc_freq is not None:
                doc_freq.update(set(r["tokens"]))
    return chunks


def embedding_text(c: Chunk) -> str:
    # The section path tells the model what a short passage is about ("Rest" under "2. 액션").
    return f"{c.section}\n{c.text}" if c.section else c.text


def lexical_text(c: Chunk) -> str:
    # Headings are matched too: "Rest" finds the passage under "2. 액션 > 휴식".
    return f"{c.section}\n{c.text}"
