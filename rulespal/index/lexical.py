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
    def build(cls, token_lists: list[list[str]], k1: float = 1.2, b: float = 0.75) -> "LexicalIndex":
        """``k1`` and ``b``: Robertson's usual values (also pyserini's and bm25s' defaults), not tuned here: BM25
        is one vote among the fused rankings, whose weight (tuning.lexical_weight) was tuned instead."""
        model = bm25s.BM25(k1=k1, b=b)
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
