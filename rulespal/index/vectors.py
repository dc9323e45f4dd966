"""The vector store: Chroma, embedded (one folder per build) or a server (one collection per build)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import numpy as np

from rulespal.index.embedders import get_embedder, slug
from rulespal.index.layout import DataDir

CHROMA_BATCH = 1000
DOC_CACHE_SIZE = 256  # games whose passage vectors are kept for filtered searches


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
