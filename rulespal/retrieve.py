"""Hybrid retrieval: dense (one or more embedders) + Korean-aware BM25, fused by rank, then reranked
by how well the best sentence, list item or table row inside each passage matches the question."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from ingest.embed import make_embedder
from ingest.lexical import tokenize
from ingest.models import Chunk
from rulespal.games import expand_query, question_lang
from rulespal.index import LoadedIndex

RRF_K = 60
_tokenize_lock = threading.Lock()  # Kiwi is not documented as thread-safe


def tokens_of(text: str) -> list[str]:
    with _tokenize_lock:
        return tokenize(text)


@dataclass(frozen=True)
class RetrievalConfig:
    dense: tuple[str, ...] = ("use",)
    lexical: bool = True
    # Weights chosen on the dev split (evals/ablation.py and a small grid, see the README).
    lexical_weight: float = 3.0  # relative to each dense ranking, for passages in the question's language
    cross_lang_lexical: float = 0.35  # lexical weight when the passage is in the other language
    rerank: bool = True
    rerank_weight: float = 0.5  # share of the final score from the best unit's similarity
    candidates: int = 40


@dataclass(frozen=True)
class Hit:
    chunk: Chunk
    score: float
    best_unit: int = -1  # index into chunk.units of the unit that matched best
    unit_score: float = 0.0

    def to_json(self) -> dict:
        c = self.chunk
        return {"doc": c.doc, "section": c.section, "start": c.start, "end": c.end, "text": c.text,
                "score": round(self.score, 4)}


@dataclass
class Query:
    text: str
    lang: str
    vectors: dict[str, np.ndarray] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)  # with glossary expansions
    base_tokens: list[str] = field(default_factory=list)  # the question's own terms
    cross_tokens: list[str] = field(default_factory=list)  # glossary terms in the other language
    focus_tokens: list[str] = field(default_factory=list)  # a follow-up's own terms (the rest is carried)


class Retriever:
    def __init__(self, index: LoadedIndex, config: RetrievalConfig, threads: int = 2):
        self.index = index
        self.config = config
        self.threads = threads

    def prepare(self, text: str, glossary: list[tuple[str, str]]) -> Query:
        lang = question_lang(text)
        extra = expand_query(text, glossary)
        q = Query(text, lang)
        for spec in self.config.dense:
            q.vectors[spec] = make_embedder(spec, self.threads).embed_query(text)
        q.base_tokens = tokens_of(text)
        q.cross_tokens = tokens_of(" ".join(extra)) if extra else []
        q.tokens = q.base_tokens + q.cross_tokens
        return q

    def search(self, q: Query, games: list[str] | None, k: int) -> list[Hit]:
        idx = self.index
        n_cand = max(self.config.candidates, k * 2)
        fused: dict[int, float] = {}
        where = None
        if games:
            where = {"doc": games[0]} if len(games) == 1 else {"doc": {"$in": list(games)}}
        for spec, vec in q.vectors.items():
            for rank, (cid, _sim) in enumerate(idx.store.search(idx.meta.name, spec, vec, n_cand, where)):
                pos = idx.position.get(cid)
                if pos is not None:
                    fused[pos] = fused.get(pos, 0.0) + 1.0 / (RRF_K + rank)
        if self.config.lexical and q.tokens:  # lexical retrieval can be switched off for ablations
            scores = idx.lexical.scores(q.tokens)
            if games:
                scores = np.where(np.isin(idx.chunk_doc, games), scores, 0.0)
            top = np.argsort(-scores)[:n_cand]
            for rank, pos in enumerate(top):
                if scores[pos] <= 0:
                    break
                same = idx.docs[idx.chunks[pos].doc].lang == q.lang
                w = self.config.lexical_weight if same else self.config.cross_lang_lexical
                fused[int(pos)] = fused.get(int(pos), 0.0) + w / (RRF_K + rank)
        if not fused:
            return []
        ranked = sorted(fused.items(), key=lambda kv: -kv[1])[:n_cand]
        top_rrf = ranked[0][1]
        hits = []
        for pos, s in ranked:
            chunk = idx.chunks[pos]
            best, usim = self._best_unit(pos, q)
            hits.append(Hit(chunk, s / top_rrf, best, usim))
        if self.config.rerank and idx.unit_vectors is not None:
            w = self.config.rerank_weight
            hits = [Hit(h.chunk, (1 - w) * h.score + w * max(h.unit_score, 0.0), h.best_unit, h.unit_score)
                    for h in hits]
            hits.sort(key=lambda h: -h.score)
        return hits[:k]

    def _best_unit(self, pos: int, q: Query) -> tuple[int, float]:
        idx = self.index
        vec = q.vectors.get(self.config.dense[0]) if self.config.dense else None
        if idx.unit_vectors is None or vec is None or self.config.dense[0] != idx.meta.embedders[0]:
            return -1, 0.0
        a, b = idx.unit_offsets[pos], idx.unit_offsets[pos + 1]
        if b <= a:
            return -1, 0.0
        sims = idx.unit_vectors[a:b] @ vec
        i = int(np.argmax(sims))
        return i, float(sims[i])
