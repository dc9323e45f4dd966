"""Baselines the eval runs beside RulesPal, so every number has a comparison.

- ``textbook``: the LangChain tutorial pipeline: RecursiveCharacterTextSplitter(1000, 200) + the same
  embedding model + Chroma top-5; its "answer" is the top passage, cited as a whole, and it never
  abstains.
- ``lexical`` and ``dense``: RulesPal's own pipeline with one retriever switched off.
"""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from langchain_core.embeddings import Embeddings

from ingest.catalog import corpus_docs, read_text_exact
from ingest.embed import make_embedder
from rulespal.retrieve import RetrievalConfig
from rulespal.service import RulesPal
from rulespal.settings import Settings


class LangChainEmbeddings(Embeddings):
    """Our embedder behind LangChain's Embeddings interface (so the baseline uses the same model)."""

    def __init__(self, spec: str = "use"):
        self._e = make_embedder(spec)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._e.embed_documents(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self._e.embed_query(text).tolist()


@dataclass(frozen=True)
class _Chunk:
    doc: str
    section: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _Hit:
    chunk: _Chunk
    score: float


class _Answer:
    def __init__(self, data: dict):
        self.data = data

    def to_json(self) -> dict:
        return self.data


class _Texts:
    def __init__(self, texts: dict[str, str]):
        self._texts = texts

    def text(self, doc: str) -> str:
        return self._texts[doc]


class TextbookBaseline:
    """RecursiveCharacterTextSplitter(1000, 200) + USE + Chroma top-5, as the tutorials build it."""

    name = "langchain textbook"

    def __init__(self, settings: Settings, k: int = 5):
        from langchain_chroma import Chroma
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        docs = corpus_docs(settings.corpus_dir)
        texts = {d.id: read_text_exact(d.text_path) for d in docs}
        self.index = _Texts(texts)
        self.k = k
        digest = hashlib.sha1("".join(sorted(texts)).encode() + b"".join(
            hashlib.sha1(texts[d].encode()).digest() for d in sorted(texts))).hexdigest()[:12]
        folder = Path(settings.data_dir) / "baselines" / f"textbook-{digest}"
        splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200, add_start_index=True)
        fresh = not (folder / "READY").exists()
        if fresh:
            shutil.rmtree(folder, ignore_errors=True)
        self.store = Chroma(collection_name="textbook", embedding_function=LangChainEmbeddings("use"),
                            persist_directory=str(folder), collection_metadata={"hnsw:space": "cosine"})
        if fresh:
            pieces = []
            for d in docs:
                for piece in splitter.create_documents([texts[d.id]], metadatas=[{"doc": d.id}]):
                    pieces.append(piece)
            self.store.add_documents(pieces)
            (folder / "READY").write_text("ok")

    def search(self, query: str, game: str | None = None, k: int = 5) -> list[_Hit]:
        found = self.store.similarity_search_with_relevance_scores(query, k=k)
        hits = []
        for doc, score in found:
            start = int(doc.metadata.get("start_index", -1))
            # add_start_index finds the chunk again with str.find: a repeated passage gets the wrong offset
            # (and -1 when not found); kept as is, that is the baseline.
            start = max(start, 0)
            hits.append(_Hit(_Chunk(doc.metadata["doc"], "", start, start + len(doc.page_content),
                                    doc.page_content), float(score)))
        return hits

    def ask(self, question: str, game: str | None = None, history=None) -> _Answer:
        hits = self.search(question, game, self.k)
        if not hits:
            return _Answer({"answer": "", "answerable": True, "games": [], "needs_game": [], "citations": [],
                            "checks": []})
        top = hits[0].chunk
        quote = top.text  # what the baseline shows; citation integrity checks it against the file
        return _Answer({"answer": f"{top.text} [1]", "answerable": True, "games": [top.doc], "needs_game": [],
                        "citations": [{"n": 1, "doc": top.doc, "section": "", "start": top.start, "end": top.end,
                                       "quote": quote}], "checks": []})


def systems(settings: Settings, baselines: bool = True) -> dict[str, object]:
    """The systems an eval run compares: RulesPal's default first."""
    out: dict[str, object] = {"rulespal": RulesPal(settings)}
    if baselines:
        default = RetrievalConfig(dense=tuple(settings.embedder_specs), lexical=True)
        out["dense only"] = RulesPal(settings, RetrievalConfig(dense=default.dense, lexical=False))
        out["lexical only"] = RulesPal(settings, RetrievalConfig(dense=(), lexical=True))
        out["langchain textbook"] = TextbookBaseline(settings)
    return out
