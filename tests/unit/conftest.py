"""Logic tests run in milliseconds: a deterministic fake embedder, a tiny rulebook indexed in memory."""

from __future__ import annotations

import re
import zlib
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from rulespal.ingest.chunks import chunk_text
from rulespal.core.tokens import tokenize
from rulespal.core.tuning import Tuning
from rulespal.core.types import Doc
from rulespal.index.embedders import register_embedder
from rulespal.index.lexical import LexicalIndex
from rulespal.index.records import BuildMeta, lexical_text
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.query import QueryPlan

DIM = 256


class HashEmbedder:
    """Bag of words hashed into a unit vector: texts that share words are similar, and the same text
    always gets the same vector. No model, no download."""

    name = "fake"

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return np.vstack([self.embed_query(t) for t in texts]) if texts else np.zeros((0, DIM), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        v = np.zeros(DIM, dtype=np.float32)
        for w in re.findall(r"\w+", text.casefold()):
            v[zlib.crc32(w.encode()) % DIM] += 1.0
        n = np.linalg.norm(v)
        return v / n if n else v


register_embedder("fake", lambda spec, threads: HashEmbedder())

KRAKEN = """Kraken Cove Rulebook

Setup

Each player starts with 7 Pearls and 2 Harpoons.

Players\tPearls\tHarpoons
2\t7\t2
3\t6\t2
4\t5\t1

Turn Order

On your turn you take exactly 2 actions: Dive, Trade or Rest.
Rest: discard 1 Fatigue.

Winning

The first player to collect 25 Pearls wins the game.
"""

REEF = """Reef Raiders

Components

- 40 Shell cards
- 12 Coral tiles

Starting Shells

2-Players3-Players4-Players
2 Shells3 Shells5 Shells

Scoring

Each Coral tile is worth 3 points at the end of the game.
"""


def make_snapshot(tmp: Path, books: dict[str, str], lang: dict[str, str] | None = None) -> IndexSnapshot:
    """A build made in memory from ``books`` ({doc id: text}) with the fake embedder; no Chroma."""
    docs, chunks = [], []
    for doc_id, text in books.items():
        path = tmp / f"{doc_id}.txt"
        path.write_text(text, encoding="utf-8")
        docs.append(Doc(id=doc_id, title=doc_id.replace("-", " ").title(), lang=(lang or {}).get(doc_id, "en"),
                        text_path=str(path)))
        chunks.extend(chunk_text(doc_id, text))
    tokens = [tokenize(lexical_text(c)) for c in chunks]
    doc_freq: Counter = Counter()
    for t in tokens:
        doc_freq.update(set(t))
    units = HashEmbedder().embed_documents([c.unit_text(u) for c in chunks for u in c.units])
    meta = BuildMeta(name="tiny", fingerprint="", embedders=["fake"], docs=docs, chunk_count=len(chunks),
                     unit_count=len(units), units_embedded=True, created="")
    return IndexSnapshot(meta, chunks, LexicalIndex.build(tokens), None, units, doc_freq)  # type: ignore[arg-type]


def plan_for(index: IndexSnapshot, question: str, lang: str = "en", focus: str | None = None) -> QueryPlan:
    return QueryPlan(question, lang, {"fake": HashEmbedder().embed_query(question)}, tuple(tokenize(question)),
                     (), tuple(tokenize(focus)) if focus else (), read=question if lang == "en" else "")


def context_for(index: IndexSnapshot, question: str, game: str, tuning: Tuning, sections: tuple[str, ...] = ()):
    """What an answer writer sees: every passage of ``index`` found (or only those of ``sections``), ``game`` picked."""
    from rulespal.answering.context import AnswerContext
    from rulespal.answering.picks import Picker
    from rulespal.core.types import Hit

    plan = plan_for(index, question)
    hits = [Hit(c, 1.0, 1.0) for c in index.chunks if not sections or any(s in c.section for s in sections)]
    return AnswerContext(index, plan, hits, [game], question, question, [], tuning, Picker(index, plan, tuning))


@pytest.fixture()
def tiny(tmp_path) -> IndexSnapshot:
    return make_snapshot(tmp_path, {"kraken-cove": KRAKEN, "reef-raiders": REEF})


@pytest.fixture()
def tuning() -> Tuning:
    return Tuning(dense=("fake",))
