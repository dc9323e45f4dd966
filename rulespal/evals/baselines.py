"""The systems an eval run compares, behind one small protocol, so every number has a comparison.

- ``rulespal``: the service as players use it;
- ``first hit``: RulesPal's own first search hit shown as the answer (what the writer must beat);
- ``textbook``: the LangChain tutorial pipeline: RecursiveCharacterTextSplitter(1000, 200) + the same
  embedding model + Chroma top-5; its "answer" is the top passage, cited as a whole, and it never
  abstains;
- ``lexical only`` and ``dense only``: RulesPal with one retriever switched off.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path
from typing import Protocol

from filelock import FileLock
from langchain_core.embeddings import Embeddings

from rulespal.core.settings import Settings
from rulespal.core.text import read_text_exact
from rulespal.core.tuning import Tuning
from rulespal.core.types import Doc, Turn
from rulespal.index.embedders import get_embedder
from rulespal.service import RulesPal

Span = tuple[str, int, int]  # (doc, start, end)


class System(Protocol):
    """What the eval runner needs of a system: answers in the contract's JSON, ranked passages, texts."""

    def answer(self, question: str, game: str | None, history: list[Turn]) -> dict: ...

    def passages(self, query: str, game: str | None, k: int) -> list[Span]: ...

    def text(self, doc: str) -> str: ...


class RulesPalSystem:
    def __init__(self, service: RulesPal):
        self.service = service

    def answer(self, question: str, game: str | None, history: list[Turn]) -> dict:
        return self.service.ask(question, game, history).to_json()

    def passages(self, query: str, game: str | None, k: int) -> list[Span]:
        return [(h.chunk.doc, h.chunk.start, h.chunk.end) for h in self.service.search(query, game, k)]

    def text(self, doc: str) -> str:
        return self.service.index.text(doc)


class FirstHitBaseline(RulesPalSystem):
    """RulesPal's own first search hit, shown whole as the answer: the floor the answer writer must beat."""

    def answer(self, question: str, game: str | None, history: list[Turn]) -> dict:
        prev = [t.content for t in history if t.role == "user"]
        hits = self.service.search(f"{prev[-1]} {question}" if prev else question, game, 1)
        return _passage_answer(hits[0].chunk.doc, hits[0].chunk.start, hits[0].chunk.text) if hits else _empty()


class LangChainEmbeddings(Embeddings):
    """Our embedder behind LangChain's Embeddings interface (so the baseline uses the same model)."""

    def __init__(self, spec: str = "use"):
        self._e = get_embedder(spec)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._e.embed_documents(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self._e.embed_query(text).tolist()


# Chroma refuses an upsert over its max batch size (5,461 here); the blind set's 254 books split into 11,756 pieces.
TEXTBOOK_BATCH = 4096


class TextbookBaseline:
    """RecursiveCharacterTextSplitter(1000, 200) + USE + Chroma top-5, as the tutorials build it."""

    def __init__(self, settings: Settings, docs: list[Doc], k: int = 5):
        from langchain_chroma import Chroma
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        self._texts = {d.id: read_text_exact(d.text_path) for d in docs}
        self.k = k
        digest = hashlib.sha1("".join(sorted(self._texts)).encode() + b"".join(
            hashlib.sha1(self._texts[d].encode()).digest() for d in sorted(self._texts))).hexdigest()[:12]
        folder = Path(settings.data_dir) / "baselines" / f"textbook-{digest}"
        folder.parent.mkdir(parents=True, exist_ok=True)
        splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200, add_start_index=True)
        # two evals on one data dir would both rebuild the same store (one failed: "readonly database")
        with FileLock(str(folder) + ".lock"):
            fresh = not (folder / "READY").exists()
            if fresh:
                shutil.rmtree(folder, ignore_errors=True)
            self.store = Chroma(collection_name="textbook", embedding_function=LangChainEmbeddings("use"),
                                persist_directory=str(folder), collection_metadata={"hnsw:space": "cosine"})
            if fresh:
                pieces = []
                for doc, text in self._texts.items():
                    pieces.extend(splitter.create_documents([text], metadatas=[{"doc": doc}]))
                for at in range(0, len(pieces), TEXTBOOK_BATCH):
                    self.store.add_documents(pieces[at:at + TEXTBOOK_BATCH])
                (folder / "READY").write_text("ok")

    def _search(self, query: str, game: str | None, k: int) -> list[tuple[str, int, str]]:
        where = {"doc": game} if game else None
        found = self.store.similarity_search(query, k=k, filter=where)
        # add_start_index finds the chunk again with str.find: a repeated passage gets the wrong offset
        # (and -1 when not found); kept as is, that is the baseline.
        return [(d.metadata["doc"], max(int(d.metadata.get("start_index", -1)), 0), d.page_content) for d in found]

    def answer(self, question: str, game: str | None, history: list[Turn]) -> dict:
        found = self._search(question, game, self.k)
        return _passage_answer(*found[0]) if found else _empty()

    def passages(self, query: str, game: str | None, k: int) -> list[Span]:
        return [(doc, start, start + len(text)) for doc, start, text in self._search(query, game, k)]

    def text(self, doc: str) -> str:
        return self._texts[doc]


def _passage_answer(doc: str, start: int, text: str) -> dict:
    return {"answer": f"{text} [1]", "answerable": True, "games": [doc], "needs_game": [], "checks": [],
            "citations": [{"n": 1, "doc": doc, "section": "", "start": start, "end": start + len(text),
                           "quote": text}]}


def _empty() -> dict:
    return {"answer": "", "answerable": True, "games": [], "needs_game": [], "citations": [], "checks": []}


def rulespal_service(runs: dict[str, System]) -> RulesPal:
    """The service behind the "rulespal" system of a run."""
    system = runs["rulespal"]
    assert isinstance(system, RulesPalSystem)
    return system.service


def systems(settings: Settings, docs: list[Doc], baselines: bool = True, tuning: Tuning | None = None,
            llm: str | None = None) -> dict[str, System]:
    """The systems an eval run compares: RulesPal first (with ``llm``, writing with that language model,
    then its extractive writer beside it), then its own first hit, then the others."""
    service = RulesPal(settings.model_copy(update={"llm": ""}), tuning)
    out: dict[str, System] = {}
    if llm:
        out["rulespal"] = RulesPalSystem(RulesPal(settings.model_copy(update={"llm": llm}), tuning))
        out["extractive"] = RulesPalSystem(service)
    else:
        out["rulespal"] = RulesPalSystem(service)
    out["first hit"] = FirstHitBaseline(service)
    if baselines:
        t = service.tuning
        out["dense only"] = RulesPalSystem(RulesPal(settings, t.replace(lexical=False)))
        out["lexical only"] = RulesPalSystem(RulesPal(settings, t.replace(dense=())))
        out["langchain textbook"] = TextbookBaseline(settings, docs)
    return out
