"""The vector store: Chroma, embedded (one folder per build) or a server (one collection per build)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import numpy as np

from rulespal.index.embedders import get_embedder, slug
from rulespal.index.layout import DataDir

CHROMA_BATCH = 1000
DOC_CACHE_SIZE = 256  # games whose passage vectors are kept for filtered searches
# A collection up to this size is searched exactly in numpy, beyond it by Chroma's HNSW. HNSW is approximate and
# its graph depends on the order threads inserted vectors, so the same corpus built twice could answer
# differently; an exact search with ties broken by id cannot. The bound is the cost of holding every vector:
# fetching the blind set's 11k from Chroma takes ~2-4 s once (at `warm`), 40 MB held at 20k x 512 float32.
EXACT_MAX = 20_000


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
            return list(get_embedder(self.spec, threads).embed_documents(list(input)))

        @staticmethod
        def name() -> str:
            return "rulespal"

        def get_config(self) -> dict:
            return {"spec": self.spec}

        @staticmethod
        def build_from_config(config: dict):
            return RulesPalEmbeddingFunction(config["spec"])

    return RulesPalEmbeddingFunction(embedder_spec)


def top_k(ids: list[str], sims: np.ndarray, k: int) -> list[tuple[str, float]]:
    """The ``k`` most similar, ties in the order of ``ids``: a stable sort, since NumPy's default one orders
    equal scores differently on different CPUs."""
    top = np.argsort(-sims, kind="stable")[:k]
    return [(ids[t], float(sims[t])) for t in top]


class ChromaStore:
    """Chroma, embedded (one PersistentClient folder per build) or a server (one collection per build)."""

    def __init__(self, data_dir: Path, url: str | None = None, threads: int = 2):
        self.data_dir = data_dir
        self.url = url
        self.threads = threads
        self._clients: dict[str, Any] = {}
        self._collections: dict[tuple[str, str], Any] = {}
        self._counts: dict[tuple[str, str], int] = {}
        self._doc_cache: dict[tuple[str, str, str], tuple[list[str], np.ndarray]] = {}  # one game's vectors
        self._all_cache: dict[tuple[str, str], tuple[list[str], np.ndarray]] = {}  # every passage's, per collection

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
                path = DataDir(self.data_dir).build(build).chroma
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
        if where is None and self._counts[key] > EXACT_MAX:
            res = col.query(query_embeddings=[vector.tolist()], n_results=k, include=["distances"])
            return [(i, 1.0 - d) for i, d in zip(res["ids"][0], res["distances"][0])]
        # A metadata filter makes Chroma slow on a big library (~100 ms at 100k passages); one game's vectors (or,
        # unfiltered, all of them) are fetched once and searched exactly in numpy (cosine: vectors are unit length).
        if where is None:
            docs: list[str | None] = [None]
        elif isinstance(where["doc"], str):
            docs = [where["doc"]]
        else:
            docs = list(where["doc"]["$in"])
        ids: list[str] = []
        mats = []
        for doc in docs:
            doc_ids, mat = self._doc_vectors(build, embedder, doc)
            ids.extend(doc_ids)
            mats.append(mat)
        if not ids:
            return []
        return top_k(ids, np.vstack(mats) @ np.asarray(vector, dtype=np.float32), k)

    def _doc_vectors(self, build: str, embedder: str, doc: str | None) -> tuple[list[str], np.ndarray]:
        """One game's passage vectors (``doc``), or every passage's (None), in id order."""
        if doc is None:
            if (build, embedder) not in self._all_cache:
                self._all_cache[(build, embedder)] = self._fetch(build, embedder, None)
            return self._all_cache[(build, embedder)]
        key = (build, embedder, doc)
        if key not in self._doc_cache:
            if len(self._doc_cache) >= DOC_CACHE_SIZE:  # the oldest game goes
                self._doc_cache.pop(next(iter(self._doc_cache)))
            self._doc_cache[key] = self._fetch(build, embedder, doc)
        return self._doc_cache[key]

    def _fetch(self, build: str, embedder: str, doc: str | None) -> tuple[list[str], np.ndarray]:
        got = self._collection(build, embedder).get(where=None if doc is None else {"doc": doc}, include=["embeddings"])
        order = sorted(range(len(got["ids"])), key=lambda i: got["ids"][i])
        mat = np.asarray(got["embeddings"], dtype=np.float32).reshape(len(got["ids"]), -1)[order]
        return [got["ids"][i] for i in order], mat

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
        self._all_cache.clear()
        self._clients.clear()
