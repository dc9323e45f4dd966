"""Embeddings by (model, text) in SQLite, so re-ingesting unchanged text costs nothing."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import numpy as np

from rulespal.index.embedders import Embedder


class EmbeddingCache:
    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=30)
        self._db.execute("CREATE TABLE IF NOT EXISTS emb (key TEXT PRIMARY KEY, vec BLOB)")

    @staticmethod
    def _key(model: str, text: str) -> str:
        return hashlib.sha1(f"{model}\0{text}".encode()).hexdigest()

    def embed(self, embedder: Embedder, texts: list[str], progress=None) -> np.ndarray:
        keys = [self._key(embedder.name, t) for t in texts]
        found: dict[str, np.ndarray] = {}
        for i in range(0, len(keys), 500):
            part = keys[i:i + 500]
            rows = self._db.execute(
                f"SELECT key, vec FROM emb WHERE key IN ({','.join('?' * len(part))})", part
            ).fetchall()
            found.update((k, np.frombuffer(v, dtype=np.float32)) for k, v in rows)
        missing = [i for i, k in enumerate(keys) if k not in found]
        if progress is not None:
            progress.update(len(texts) - len(missing))
        for i in range(0, len(missing), 256):
            idx = missing[i:i + 256]
            vecs = embedder.embed_documents([texts[j] for j in idx])
            self._db.executemany("INSERT OR REPLACE INTO emb VALUES (?, ?)",
                                 [(keys[j], v.astype(np.float32).tobytes()) for j, v in zip(idx, vecs)])
            self._db.commit()
            found.update((keys[j], v) for j, v in zip(idx, vecs))
            if progress is not None:
                progress.update(len(idx))
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        return np.vstack([found[k] for k in keys]).astype(np.float32)

    def close(self) -> None:
        self._db.close()
