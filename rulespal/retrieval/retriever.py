"""Hybrid retrieval: dense rankings (one per embedder) + Korean-aware BM25, fused by rank, then reranked
by how well the best sentence, list item or table row inside each passage matches the question."""

from __future__ import annotations

import re

import numpy as np

from rulespal.core.players import player_count_words
from rulespal.core.question import read_asks
from rulespal.core.tokens import tokenize
from rulespal.core.tuning import Tuning
from rulespal.core.types import Hit
from rulespal.index.embedders import get_embedder
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.acronyms import Acronyms
from rulespal.retrieval.fusion import fuse, normalized_top
from rulespal.retrieval.glossary import expand_query, korean_terms
from rulespal.retrieval.heard import HeardTerms
from rulespal.retrieval.query import EN_UNITS, QueryPlan


class Retriever:
    def __init__(self, index: IndexSnapshot, tuning: Tuning, acronyms: Acronyms | None = None,
                 heard: HeardTerms | None = None):
        self.index = index
        self.tuning = tuning
        self.acronyms = acronyms
        self.heard = heard

    def plan(self, text: str, lang: str, glossary: list[tuple[str, str]], games: list[str] | None = None,
             focus: str | None = None, for_answer: bool = True) -> QueryPlan:
        """Embed and tokenize the question once. ``focus``: a follow-up's own words."""
        count = player_count_words(text)  # "2 players" for "2 of us": searched, not the question's own words
        searched = f"{text} {count}" if count else text
        extra = expand_query(text, glossary) + (self.acronyms.expand(text, games) if self.acronyms else [])
        if lang == "ko" and games and self.heard is not None and self.tuning.korean_loanwords:
            extra += self.heard.terms(text, games, {ko for ko, _ in glossary if ko in text})
        extra += [count] if count else []
        vectors = {spec: get_embedder(spec, self.index.threads).embed_query(searched) for spec in self.tuning.dense}
        en_model = self.index.meta.unit_embedder_en
        wanted = for_answer or self.tuning.rerank_en_weight > 0
        if wanted and lang == "en" and en_model and self.index.unit_vectors_en is not None:
            # English sentences are ranked by the sentence model they were embedded with at ingest.
            vectors[EN_UNITS] = get_embedder(en_model, self.index.threads).embed_query(searched)
        return QueryPlan(text, lang, vectors, tuple(tokenize(text)),
                         tuple(tokenize(" ".join(extra))) if extra else (),
                         tuple(tokenize(focus)) if focus else (), for_answer, self._read(text, lang, extra),
                         tuple(korean_terms(text, glossary)) if lang == "ko" else ())

    def _read(self, text: str, lang: str, extra: list[str] | None = None) -> str:
        """What the reader (English) reads as the question: an English question itself; a Korean one is not read,
        unless ``reader_korean``: then its English terms (``extra``: the glossary's), Latin words and numbers.
        (That lost on blind dev with the reader before, 0.598 -> 0.595 on 2026-12-04; see tuning.py for now.)"""
        if lang == "en":
            return text
        if not self.tuning.reader_korean:
            return ""
        latin = re.findall(r"[A-Za-z][A-Za-z'-]+|\d+", text)
        words = list(dict.fromkeys([*(extra or []), *latin]))
        return f"{'how many ' if read_asks(text).quantity else ''}{' '.join(words)}?" if words else ""

    def search(self, q: QueryPlan, games: list[str] | None, k: int) -> list[Hit]:
        t = self.tuning
        n_cand = max(t.candidates, k * 2)
        rankings: list[list[int]] = []
        weights: list[list[float] | float] = []
        for spec in t.dense:
            rankings.append(self._dense(q, spec, games, n_cand))
            weights.append(1.0)
        if t.lexical and q.tokens:  # lexical retrieval can be switched off for ablations
            ranking = self._lexical(q, games, n_cand)
            rankings.append(ranking)
            weights.append([t.lexical_weight if self.index.docs[self.index.chunks[p].doc].lang == q.lang
                            else t.cross_lang_lexical for p in ranking])
        top = normalized_top(fuse(rankings, weights, t.rrf_k), n_cand)
        hits = [Hit(self.index.chunks[pos], s, fused=s) for pos, s in top]
        if t.rerank:
            hits = self._rerank(q, hits)
        return hits[:k]

    def _dense(self, q: QueryPlan, spec: str, games: list[str] | None, n: int) -> list[int]:
        idx = self.index
        where = None
        if games:
            where = {"doc": games[0]} if len(games) == 1 else {"doc": {"$in": list(games)}}
        found = idx.store.search(idx.meta.name, spec, q.vectors[spec], n, where)
        return [idx.position[cid] for cid, _ in found if cid in idx.position]

    def _lexical(self, q: QueryPlan, games: list[str] | None, n: int) -> list[int]:
        idx = self.index
        scores = idx.lexical.scores(list(q.tokens))
        if games:
            scores = np.where(np.isin(idx.chunk_doc, games), scores, 0.0)
        return [int(p) for p in np.argsort(-scores, kind="stable")[:n] if scores[p] > 0]  # stable: CPUs agree

    def _rerank(self, q: QueryPlan, hits: list[Hit]) -> list[Hit]:
        """A one-line rule inside a long passage is found by its own vector: blend in the best unit's
        similarity (and, for English, the sentence model's, which ranks English sentences better)."""
        idx = self.index
        vec = q.vectors.get(idx.meta.embedders[0])
        en = q.vectors.get(EN_UNITS)
        w, w_en = self.tuning.rerank_weight, self.tuning.rerank_en_weight
        reranked = []
        for h in hits:
            pos = idx.position[h.chunk.id]
            vecs = idx.chunk_units(pos)
            if vecs is None or vec is None or not len(vecs):
                reranked.append(h)
                continue
            score = (1 - w) * h.score + w * max(float(np.max(vecs @ vec)), 0.0)
            # Answers rank passages by their picked sentences anyway; a search shows passages as ranked here.
            if en is not None and w_en and not q.for_answer and idx.docs[h.chunk.doc].lang == "en":
                best_en = float(np.max(idx.chunk_units(pos, idx.unit_vectors_en) @ en))
                score = (1 - w_en) * score + w_en * max(best_en, 0.0)
            reranked.append(Hit(h.chunk, score, h.fused))
        return sorted(reranked, key=lambda h: -h.score)
