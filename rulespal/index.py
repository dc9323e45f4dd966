"""The serving side of an index build: chunks, lexical index, unit vectors, and the vector store."""

from __future__ import annotations

import bisect
import math
import re
import threading
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from ingest.catalog import Doc, read_text_exact
from ingest.lexical import LexicalIndex
from ingest.models import Chunk
from ingest.store import BuildMeta, ChromaStore, builds_dir, current_build, read_chunks
from rulespal.errors import IndexMissing
from rulespal.settings import Settings


@dataclass
class LoadedIndex:
    meta: BuildMeta
    chunks: list[Chunk]
    lexical: LexicalIndex
    store: ChromaStore
    unit_vectors: np.ndarray | None  # rows follow chunk order, then unit order
    doc_freq: Counter  # in how many passages each lexical token occurs
    unit_vectors_en: np.ndarray | None = None  # English units by meta.unit_embedder_en (zeros elsewhere)

    @cached_property
    def docs(self) -> dict[str, Doc]:
        return {d.id: d for d in self.meta.docs}

    @cached_property
    def position(self) -> dict[str, int]:
        return {c.id: i for i, c in enumerate(self.chunks)}

    @cached_property
    def chunk_doc(self) -> np.ndarray:
        return np.array([c.doc for c in self.chunks], dtype=object)

    @cached_property
    def unit_offsets(self) -> np.ndarray:
        """Index of each chunk's first unit in ``unit_vectors``."""
        sizes = [len(c.units) for c in self.chunks]
        return np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)

    @cached_property
    def idf(self) -> dict[str, float]:
        """Inverse document frequency of lexical tokens over chunks, for weighting term overlap."""
        n = max(1, len(self.chunks))
        return {t: math.log(1 + n / c) for t, c in self.doc_freq.items()}

    @cached_property
    def _starts(self) -> dict[str, tuple[list[int], list[int]]]:
        by_doc: dict[str, tuple[list[int], list[int]]] = {}
        for i, c in enumerate(self.chunks):
            starts, positions = by_doc.setdefault(c.doc, ([], []))
            starts.append(c.start)
            positions.append(i)
        return by_doc

    def section_at(self, doc: str, offset: int) -> str:
        """The section path of the passage that holds ``offset`` in ``doc`` ("" outside every passage)."""
        starts, positions = self._starts.get(doc, ([], []))
        i = bisect.bisect_right(starts, offset) - 1
        if i >= 0:
            chunk = self.chunks[positions[i]]
            if chunk.start <= offset < chunk.end:
                return chunk.section
        return ""

    @cached_property
    def acronyms(self) -> dict[str, dict[str, str]]:
        """{doc: {acronym: expansion}} found in each rulebook's text."""
        from ingest.acronyms import find_acronyms

        return {d: find_acronyms(self.text(d)) for d in self.docs}

    @cached_property
    def acronym_rules(self) -> list[tuple[str, str, re.Pattern, frozenset]]:
        """(doc, acronym, its expansion, a regex for the acronym, the expansion's tokens), built once."""
        from ingest.lexical import tokenize

        rules = []
        for doc, table in self.acronyms.items():
            for acr, expansion in table.items():
                rules.append((doc, acr, expansion, re.compile(rf"\b{acr}\b"), frozenset(tokenize(expansion))))
        return rules

    def idf_of(self, token: str) -> float:
        return self.idf.get(token, math.log(1 + max(1, len(self.chunks))))

    def text(self, doc_id: str) -> str:
        return _doc_text(self.docs[doc_id].text_path)

    def chunk_count(self, doc_id: str) -> int:
        return sum(1 for c in self.chunks if c.doc == doc_id)


_texts: dict[str, str] = {}


def _doc_text(path: str) -> str:
    if path not in _texts:
        _texts[path] = read_text_exact(path)
    return _texts[path]


def load_index(settings: Settings) -> LoadedIndex:
    name = current_build(settings.data_dir)
    if name is None:
        raise IndexMissing(
            f"no index in {settings.data_dir}: run `rulespal ingest` first (or `make run`, which does it)."
        )
    folder = builds_dir(settings.data_dir) / name
    meta = BuildMeta.load(folder / "meta.json")
    doc_freq: Counter = Counter()
    chunks = read_chunks(folder / "chunks.jsonl", doc_freq)
    lexical = LexicalIndex.load(folder / "lexical", len(chunks))
    units_file = folder / "units.npy"
    units = np.load(units_file).astype(np.float32) if units_file.exists() else None
    en_file = folder / "units-en.npy"
    units_en = np.load(en_file).astype(np.float32) if en_file.exists() and meta.unit_embedder_en else None
    return LoadedIndex(meta, chunks, lexical, ChromaStore(settings.data_dir, settings.chroma_url, settings.threads),
                       units, doc_freq, units_en)


class IndexHolder:
    """Keeps the current build loaded and swaps to a newer one when an ingest finishes."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._lock = threading.Lock()
        self._index: LoadedIndex | None = None
        self._pointer_mtime = 0.0

    def get(self) -> LoadedIndex:
        pointer = Path(self.settings.data_dir) / "CURRENT"
        try:
            mtime = pointer.stat().st_mtime
        except FileNotFoundError:
            mtime = 0.0
        if self._index is None or mtime != self._pointer_mtime:
            with self._lock:
                if self._index is None or mtime != self._pointer_mtime:
                    try:
                        self._index = load_index(self.settings)
                    except Exception:
                        if self._index is None:
                            raise
                        # A newer build that cannot be loaded must not stop the one that serves.
                    self._pointer_mtime = mtime
        return self._index
