"""Where an index lives: build folders under the data dir, the CURRENT pointer, Chroma, the caches.

A build is written beside the one that serves and becomes current only by one atomic rename of
the CURRENT file, so a failed or killed ingest leaves the previous index serving.
"""

from __future__ import annotations

import json
from collections import Counter
import os
import shutil
import sqlite3
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ingest.catalog import Doc
from ingest.embed import Embedder, make_embedder, slug
from ingest.models import Chunk, Unit

COMPLETE = "COMPLETE"
CHROMA_BATCH = 1000
DOC_CACHE_SIZE = 256  # games whose passage vectors are kept for filtered searches


# ---- the CURRENT pointer and build folders -------------------------------------------------

def builds_dir(data_dir: Path) -> Path:
    return data_dir / "builds"


def current_build(data_dir: Path) -> str | None:
    try:
        name = (data_dir / "CURRENT").read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return name if name and (builds_dir(data_dir) / name / COMPLETE).exists() else None


def set_current(data_dir: Path, name: str) -> None:
    tmp = data_dir / "CURRENT.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(name + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, data_dir / "CURRENT")
    fd = os.open(data_dir, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def prune_builds(data_dir: Path, keep: set[str], chroma: "VectorStore | None" = None) -> None:
    """Remove builds other than ``keep`` (unfinished ones included)."""
    root = builds_dir(data_dir)
    if not root.exists():
        return
    for d in root.iterdir():
        if d.name not in keep:
            if chroma is not None:
                chroma.drop_build(d.name)
            shutil.rmtree(d, ignore_errors=True)


# ---- build metadata and chunk records ------------------------------------------------------

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

    def save(self, path: Path) -> None:
        d = self.__dict__ | {"docs": [doc.to_json() for doc in self.docs]}
        path.write_text(json.dumps(d, ensure_ascii=False, indent=1), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> "BuildMeta":
        d = json.loads(path.read_text(encoding="utf-8"))
        d["docs"] = [Doc.from_json(x) for x in d["docs"]]
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


# ---- embedding cache -----------------------------------------------------------------------

class EmbeddingCache:
    """Embeddings by (model, text) in SQLite, so re-ingesting unchanged text costs nothing."""

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


# ---- the vector store ----------------------------------------------------------------------

class VectorStore(Protocol):
    def upsert(self, build: str, embedder: str, ids: list[str], vectors: np.ndarray,
               documents: list[str], metadatas: list[dict]) -> None: ...

    def search(self, build: str, embedder: str, vector: np.ndarray, k: int,
               where: dict | None = None) -> list[tuple[str, float]]: ...


def _chroma_ef(embedder_spec: str, threads: int):
    from chromadb.api.types import EmbeddingFunction

    class RulesPalEmbeddingFunction(EmbeddingFunction):
        """Our own model, named explicitly: Chroma's default function would download one."""

        def __init__(self, spec: str):
            self.spec = spec

        def __call__(self, input):  # noqa: A002 - Chroma's signature
            return list(make_embedder(self.spec, threads).embed_documents(list(input)))

        @staticmethod
        def name() -> str:
            return "rulespal"

        def get_config(self) -> dict:
            return {"spec": self.spec}

        @staticmethod
        def build_from_config(config: dict):
            return RulesPalEmbeddingFunction(config["spec"])

    return RulesPalEmbeddingFunction(embedder_spec)


class ChromaStore:
    """Chroma, embedded (one PersistentClient folder per build) or a server (one collection per build)."""

    def __init__(self, data_dir: Path, url: str | None = None, threads: int = 2):
        self.data_dir = data_dir
        self.url = url
        self.threads = threads
        self._clients: dict[str, Any] = {}
        self._collections: dict[tuple[str, str], Any] = {}
        self._counts: dict[tuple[str, str], int] = {}
        self._doc_cache: dict[tuple[str, str, str], tuple[list[str], np.ndarray]] = {}

    def _client(self, build: str):
        key = "server" if self.url else build
        if key not in self._clients:
            import chromadb
            from chromadb.config import Settings as ChromaSettings

            chroma_settings = ChromaSettings(anonymized_telemetry=False)
            if self.url:
                from urllib.parse import urlparse

                u = urlparse(self.url)
                self._clients[key] = chromadb.HttpClient(host=u.hostname or "127.0.0.1", port=u.port or 8000,
                                                         ssl=u.scheme == "https", settings=chroma_settings)
            else:
                path = builds_dir(self.data_dir) / build / "chroma"
                self._clients[key] = chromadb.PersistentClient(path=str(path), settings=chroma_settings)
        return self._clients[key]

    @staticmethod
    def collection_name(build: str, embedder: str) -> str:
        return f"rp-{build}-{slug(embedder)}"[:60].rstrip("-_.")

    def _collection(self, build: str, embedder: str, create: bool = False):
        key = (build, embedder)
        if key not in self._collections:
            client = self._client(build)
            name = self.collection_name(build, embedder)
            ef = _chroma_ef(embedder, self.threads)
            if create:
                self._collections[key] = client.get_or_create_collection(
                    name, embedding_function=ef, configuration={"hnsw": {"space": "cosine"}})
            else:
                self._collections[key] = client.get_collection(name, embedding_function=ef)
        return self._collections[key]

    def upsert(self, build, embedder, ids, vectors, documents, metadatas) -> None:
        col = self._collection(build, embedder, create=True)
        for i in range(0, len(ids), CHROMA_BATCH):
            col.upsert(ids=ids[i:i + CHROMA_BATCH], embeddings=vectors[i:i + CHROMA_BATCH].tolist(),
                       documents=documents[i:i + CHROMA_BATCH], metadatas=metadatas[i:i + CHROMA_BATCH])

    def count(self, build: str, embedder: str) -> int:
        return self._collection(build, embedder).count()

    def search(self, build, embedder, vector, k, where=None) -> list[tuple[str, float]]:
        col = self._collection(build, embedder)
        key = (build, embedder)
        if key not in self._counts:
            self._counts[key] = col.count()
        k = max(1, min(k, self._counts[key]))
        if where is not None:
            # A metadata filter makes Chroma slow on a big library (~100 ms at 100k passages); one game's
            # vectors are fetched once and searched exactly in numpy instead (cosine: vectors are unit length).
            docs = [where["doc"]] if isinstance(where["doc"], str) else list(where["doc"]["$in"])
            ids: list[str] = []
            mats = []
            for doc in docs:
                doc_ids, mat = self._doc_vectors(build, embedder, doc)
                ids.extend(doc_ids)
                mats.append(mat)
            if not ids:
                return []
            sims = np.vstack(mats) @ np.asarray(vector, dtype=np.float32)
            top = np.argsort(-sims)[:k]
            return [(ids[t], float(sims[t])) for t in top]
        res = col.query(query_embeddings=[vector.tolist()], n_results=k, include=["distances"])
        return [(i, 1.0 - d) for i, d in zip(res["ids"][0], res["distances"][0])]

    def _doc_vectors(self, build: str, embedder: str, doc: str) -> tuple[list[str], np.ndarray]:
        key = (build, embedder, doc)
        if key not in self._doc_cache:
            got = self._collection(build, embedder).get(where={"doc": doc}, include=["embeddings"])
            mat = np.asarray(got["embeddings"], dtype=np.float32).reshape(len(got["ids"]), -1)
            if len(self._doc_cache) >= DOC_CACHE_SIZE:
                self._doc_cache.pop(next(iter(self._doc_cache)))
            self._doc_cache[key] = (list(got["ids"]), mat)
        return self._doc_cache[key]

    def drop_build(self, build: str) -> None:
        if not self.url:
            self._clients.pop(build, None)
            return
        client = self._client(build)
        for col in client.list_collections():
            name = col if isinstance(col, str) else col.name
            if name.startswith(f"rp-{build}-"):
                client.delete_collection(name)

    def close(self) -> None:
        self._collections.clear()
        self._counts.clear()
        self._doc_cache.clear()
        self._clients.clear()
