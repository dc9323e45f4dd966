"""Hybrid retrieval: dense (one or more embedders) + Korean-aware BM25, fused by rank, then reranked
by how well the best sentence, list item or table row inside each passage matches the question."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ingest.embed import make_embedder
from ingest.models import Chunk
from rulespal.games import expand_query, question_lang
from rulespal.index import LoadedIndex
from rulespal.query import Query, tokens_of
from rulespal.units import EN_UNITS, chunk_unit_vectors

RRF_K = 60
@dataclass(frozen=True)
class RetrievalConfig:
    dense: tuple[str, ...] = ("use",)
    lexical: bool = True
    # Weights chosen on the dev split (evals/ablation.py and a small grid, see the README).
    lexical_weight: float = 12.0  # relative to each dense ranking, for passages in the question's language
    cross_lang_lexical: float = 0.35  # lexical weight when the passage is in the other language
    rerank: bool = True
    rerank_weight: float = 0.25  # share of the final score from the best unit's similarity
    candidates: int = 40


@dataclass(frozen=True)
class Hit:
    chunk: Chunk
    score: float
    fused: float = 0.0  # the fused rank score before reranking, 0..1

    def to_json(self) -> dict:
        c = self.chunk
        return {"doc": c.doc, "section": c.section, "start": c.start, "end": c.end, "text": c.text,
                "score": round(self.score, 4)}


class Retriever:
    def __init__(self, index: LoadedIndex, config: RetrievalConfig, threads: int = 2):
        self.index = index
        self.config = config
        self.threads = threads

    def prepare(self, text: str, glossary: list[tuple[str, str]], games: list[str] | None = None,
                for_answer: bool = True) -> Query:
        lang = question_lang(text)
        extra = expand_query(text, glossary) + self._acronyms(text, games)
        q = Query(text, lang)
        for spec in self.config.dense:
            q.vectors[spec] = make_embedder(spec, self.threads).embed_query(text)
        en_model = self.index.meta.unit_embedder_en
        if for_answer and lang == "en" and en_model and self.index.unit_vectors_en is not None:
            q.vectors[EN_UNITS] = make_embedder(en_model, self.threads).embed_query(text)
        q.base_tokens = tokens_of(text)
        q.cross_tokens = tokens_of(" ".join(extra)) if extra else []
        q.tokens = q.base_tokens + q.cross_tokens
        return q

    def _acronyms(self, text: str, games: list[str] | None) -> list[str]:
        """"Knocked Out" in the question finds "KO" in the book, and "KO" finds "Knocked Out"."""
        found = []
        qtok = set(tokens_of(text))
        for doc, acr, expansion, pattern, expansion_tokens in self.index.acronym_rules:
            if games and doc not in games:
                continue
            if pattern.search(text):
                found.append(expansion)
            elif expansion_tokens and expansion_tokens <= qtok:
                found.append(acr)
        return list(dict.fromkeys(found))

    def search(self, q: Query, games: list[str] | None, k: int) -> list[Hit]:
        idx = self.index
        n_cand = max(self.config.candidates, k * 2)
        fused: dict[int, float] = {}
        where = None
        if games:
            where = {"doc": games[0]} if len(games) == 1 else {"doc": {"$in": list(games)}}
        for spec in self.config.dense:
            vec = q.vectors[spec]
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
        if top_rrf <= 0:
            return []
        hits = []
        for pos, s in ranked:
            hits.append(Hit(idx.chunks[pos], s / top_rrf, fused=s / top_rrf))
        if self.config.rerank:
            # Rerank passages by their best-matching unit (sentence, item, row): a one-line rule inside
            # a long passage is found by its own vector.
            vec = q.vectors.get(idx.meta.embedders[0])
            w = self.config.rerank_weight
            reranked = []
            for h, (pos, _) in zip(hits, ranked):
                vecs = chunk_unit_vectors(idx, pos)
                if vecs is None or vec is None or not len(vecs):
                    reranked.append(h)
                    continue
                best = float(np.max(vecs @ vec))
                reranked.append(Hit(h.chunk, (1 - w) * h.score + w * max(best, 0.0), h.fused))
            hits = sorted(reranked, key=lambda h: -h.score)
        return hits[:k]
