"""One loaded build, read-only while it serves: passages, lexical index, vectors, texts.

A request takes one snapshot and uses it throughout, so a build swapped in mid-request never mixes
with the old one; every cache here belongs to its snapshot and goes away with it.
"""

from __future__ import annotations

import bisect
import math
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from rulespal.core.errors import BadSetting, IndexMismatch, IndexMissing
from rulespal.core.settings import Settings
from rulespal.core.text import read_text_exact
from rulespal.core.tokens import tokenize
from rulespal.core.types import Chunk, Doc, Unit
from rulespal.index.embedders import get_embedder, known_embedders
from rulespal.index.layout import DataDir
from rulespal.index.lexical import LexicalIndex
from rulespal.index.records import BuildMeta, read_chunks
from rulespal.index.vectors import ChromaStore

UNIT_CACHE_SIZE = 5000  # passages whose sentence vectors are kept when none were embedded at ingest


@dataclass
class IndexSnapshot:
    meta: BuildMeta
    chunks: list[Chunk]
    lexical: LexicalIndex
    store: ChromaStore
    unit_vectors: np.ndarray | None  # rows follow chunk order, then unit order
    doc_freq: Counter  # in how many passages each lexical token occurs
    unit_vectors_en: np.ndarray | None = None  # English units by meta.unit_embedder_en (zeros elsewhere)
    threads: int = 2
    _texts: dict[str, str] = field(default_factory=dict, repr=False)
    _unit_cache: OrderedDict = field(default_factory=OrderedDict, repr=False)
    _doc_tokens: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        return self.meta.name

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
        """Inverse document frequency of lexical tokens over passages, for weighting term overlap."""
        n = max(1, len(self.chunks))
        return {t: math.log(1 + n / c) for t, c in self.doc_freq.items()}

    def idf_of(self, token: str) -> float:
        return self.idf.get(token, math.log(1 + max(1, len(self.chunks))))

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

    def unit_at(self, doc: str, offset: int) -> tuple[Chunk, Unit] | None:
        """The passage and the unit (sentence, item, row) that hold ``offset`` in ``doc``."""
        starts, positions = self._starts.get(doc, ([], []))
        i = bisect.bisect_right(starts, offset) - 1
        if i < 0:
            return None
        chunk = self.chunks[positions[i]]
        unit = next((u for u in chunk.units if u.start <= offset < u.end), None)
        return (chunk, unit) if unit else None

    def following(self, chunk: Chunk) -> Chunk | None:
        """The next passage of the same rulebook, if any."""
        pos = self.position[chunk.id] + 1
        return self.chunks[pos] if pos < len(self.chunks) and self.chunks[pos].doc == chunk.doc else None

    def preceding(self, chunk: Chunk) -> Chunk | None:
        """The previous passage of the same rulebook, if any."""
        pos = self.position[chunk.id] - 1
        return self.chunks[pos] if pos >= 0 and self.chunks[pos].doc == chunk.doc else None

    def text(self, doc_id: str) -> str:
        if doc_id not in self._texts:
            self._texts[doc_id] = read_text_exact(self.docs[doc_id].text_path)
        return self._texts[doc_id]

    def doc_tokens(self, doc_id: str) -> frozenset[str]:
        """Every lexical token of a rulebook (read once, when a question first compares books)."""
        if doc_id not in self._doc_tokens:
            self._doc_tokens[doc_id] = frozenset(tokenize(self.text(doc_id)))
        return self._doc_tokens[doc_id]

    def chunk_units(self, pos: int, vectors: np.ndarray | None = None) -> np.ndarray | None:
        """Rows of ``vectors`` (default: the build's unit vectors) for the units of passage ``pos``."""
        vectors = self.unit_vectors if vectors is None else vectors
        if vectors is None:
            return None
        return np.asarray(vectors[self.unit_offsets[pos]:self.unit_offsets[pos + 1]], dtype=np.float32)

    def embed_units(self, chunk: Chunk) -> np.ndarray:
        """Vectors of a passage's units embedded now (large libraries store none), kept for next time."""
        cached = self._unit_cache.get(chunk.id)
        if cached is None:
            texts = [chunk.unit_text(u) for u in chunk.units]
            cached = get_embedder(self.meta.embedders[0], self.threads).embed_documents(texts)
            if len(self._unit_cache) > UNIT_CACHE_SIZE:
                self._unit_cache.popitem(last=False)
            self._unit_cache[chunk.id] = cached
        return cached


def load_snapshot(settings: Settings) -> IndexSnapshot:
    data = DataDir(settings.data_dir)
    name = data.current()
    if name is None:
        raise IndexMissing(
            f"no index in {settings.data_dir}: run `rulespal ingest` first (or `make run`, which does it)."
        )
    files = data.build(name)
    meta = BuildMeta.load(files.meta)
    check_embedders(settings, meta.embedders)
    doc_freq: Counter = Counter()
    chunks = read_chunks(files.chunks, doc_freq)
    lexical = LexicalIndex.load(files.lexical, len(chunks))
    # Mapped, not read: a query touches the rows of a few passages, so a large library's unit vectors cost
    # page cache, not the server's memory (float16 on disk; ``chunk_units`` hands out float32 rows).
    units = np.load(files.units, mmap_mode="r") if files.units.exists() else None
    units_en = (np.load(files.units_en, mmap_mode="r")
                if files.units_en.exists() and meta.unit_embedder_en else None)
    store = ChromaStore(settings.data_dir, settings.chroma_url, settings.threads)
    return IndexSnapshot(meta, chunks, lexical, store, units, doc_freq, units_en, settings.threads)


def check_embedders(settings: Settings, built: list[str] | None = None) -> None:
    """Refuse, in one line, a ``RULESPAL_EMBEDDERS`` that names an unknown embedder or, given the embedders the
    index was ``built`` with, one that build holds no vectors of (the search would fail deep inside Chroma)."""
    specs = settings.embedder_specs
    known = known_embedders()
    allowed = (f"use {', '.join(map(repr, known))} or 'st:<model name or path>', comma-separated; the default is "
               f"{Settings.model_fields['embedders'].default!r}.")
    if not specs:  # "," or spaces: no dense search at all, silently
        raise BadSetting(f"RULESPAL_EMBEDDERS={settings.embedders!r} names no embedder; {allowed}")
    if unknown := [s for s in specs if not s.startswith("st:") and s not in known]:
        raise BadSetting(f"RULESPAL_EMBEDDERS={settings.embedders!r} is not valid: unknown embedder {unknown[0]!r}; "
                         f"{allowed}")
    if built is not None and any(s not in built for s in specs):
        used = ",".join(built)
        back = ("unset RULESPAL_EMBEDDERS" if used == Settings.model_fields["embedders"].default
                else f"set RULESPAL_EMBEDDERS={used!r}")
        raise IndexMismatch(f"the index was built with embedders {used!r}; RULESPAL_EMBEDDERS asks for "
                            f"{settings.embedders!r}: run `rulespal ingest` to rebuild it, or {back}.")


class SnapshotHolder:
    """Keeps the current build loaded and swaps to a newer one when an ingest finishes."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._lock = threading.Lock()
        self._snapshot: IndexSnapshot | None = None
        self._pointer_mtime = 0.0

    def get(self) -> IndexSnapshot:
        pointer = Path(DataDir(self.settings.data_dir).pointer)
        try:
            mtime = pointer.stat().st_mtime
        except FileNotFoundError:
            mtime = 0.0
        if self._snapshot is None or mtime != self._pointer_mtime:
            with self._lock:
                if self._snapshot is None or mtime != self._pointer_mtime:
                    try:
                        self._snapshot = load_snapshot(self.settings)
                    except Exception:
                        if self._snapshot is None:
                            raise
                        # A newer build that cannot be loaded must not stop the one that serves.
                    self._pointer_mtime = mtime
        return self._snapshot
