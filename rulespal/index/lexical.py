"""BM25 over passage tokens (bm25s); scores come back for every passage, in index order."""

from __future__ import annotations

from pathlib import Path

import bm25s
import numpy as np


class LexicalIndex:
    def __init__(self, model: bm25s.BM25, size: int):
        self._model = model
        self.size = size

    @classmethod
    def build(cls, token_lists: list[list[str]]) -> "LexicalIndex":
        model = bm25s.BM25(k1=1.2, b=0.75)
        model.index([t or ["\u2205"] for t in token_lists], show_progress=False)
        return cls(model, len(token_lists))

    def save(self, path: Path) -> None:
        self._model.save(str(path))

    @classmethod
    def load(cls, path: Path, size: int) -> "LexicalIndex":
        return cls(bm25s.BM25.load(str(path)), size)

    def scores(self, query_tokens: list[str]) -> np.ndarray:
        vocab = self._model.vocab_dict
        known = [t for t in query_tokens if t in vocab]
        if not known or self.size == 0:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._model.get_scores(known), dtype=np.float32)
