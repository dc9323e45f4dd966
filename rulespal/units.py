"""How well each unit (sentence, list item, table row) of a passage answers the question.

Shared by retrieval (passages are reranked by their best unit) and the answer writer (which quotes it).
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from ingest.models import Chunk, Unit
from rulespal.index import LoadedIndex
from rulespal.query import Query, tokens_of

W_OVERLAP = 0.45  # unit score = dense similarity + W_OVERLAP * idf-weighted term overlap + bonuses
LABEL = re.compile(r"^\s*(?:[•●◦▪■□◆►▸‣⁃·∙*+–—-]\s*)?(?:\d{1,2}\.\s*)?([^:—\n]{2,40}?)\s*(?::|—| - )")
QUANTITY = re.compile(r"\b(how (?:many|much|long|far)|number of|maximum|minimum|max|min|limit|cost|price|"
                      r"pay|worth|start(?:s|ing)? with)\b|몇|얼마|최대|최소|비용|가격", re.I)
DIGIT = re.compile(r"\d")
SHORT_PENALTY = 0.06
COMPONENT_PENALTY = 0.3
COMPONENTS = re.compile(r"\b(components?|contents|what'?s in the box)\b|구성물|내용물", re.I)
COMPONENT_QUESTION = re.compile(r"\b(components?|in the box|come with|included|contents?|pieces|"
                                r"how many \w+(?: \w+)? (?:are|come) (?:there|in))\b|구성물|들어 있", re.I)
EN_UNITS = "units-en"  # key of the query vector for English units in Query.vectors


def unit_text(chunk: Chunk, u: Unit) -> str:
    return chunk.text[u.start - chunk.start:u.end - chunk.start]


@lru_cache(maxsize=200_000)
def unit_tokens(text: str) -> frozenset[str]:
    return frozenset(tokens_of(text))


def overlap(index: LoadedIndex, qtok: set[str], text: str, known_only: bool = True) -> float:
    """Share of the question's term weight (idf) that the text contains.

    ``known_only``: words no rulebook uses ("그럼", typos) can't tell two passages apart, so they are
    left out when ranking; for coverage (is the question answered at all?) they count.
    """
    if known_only:
        qtok = {t for t in qtok if t in index.idf}
    total = sum(index.idf_of(t) for t in qtok)
    if total <= 0:
        return 0.0
    return sum(index.idf_of(t) for t in qtok & unit_tokens(text)) / total


def score_units(index: LoadedIndex, q: Query, chunk: Chunk, vectors: np.ndarray | None) -> list[float]:
    """A score per unit of ``chunk``: dense similarity + term overlap + the shape of an answer."""
    units = chunk.units
    qvec = q.vectors.get(index.meta.embedders[0])
    sims = (vectors @ qvec) if vectors is not None and qvec is not None else np.zeros(len(units))
    wants_number = bool(QUANTITY.search(q.text))
    # Across languages only the glossary terms of the other language can match words.
    same_lang = index.docs[chunk.doc].lang == q.lang
    if same_lang and q.lang == "en" and EN_UNITS in q.vectors and index.unit_vectors_en is not None:
        pos = index.position[chunk.id]
        en = index.unit_vectors_en[index.unit_offsets[pos]:index.unit_offsets[pos + 1]]
        sims = en @ q.vectors[EN_UNITS]
    qtok = set(q.tokens if same_lang or not q.cross_tokens else q.cross_tokens)
    focus = set(q.focus_tokens) & qtok if same_lang else set()
    section = chunk.section.split(" > ")[-1]
    in_components = bool(COMPONENTS.search(chunk.section))
    asks_components = bool(COMPONENT_QUESTION.search(q.text))
    scores = []
    for i, u in enumerate(units):
        text = unit_text(chunk, u)
        s = float(sims[i])
        if qtok:
            # A unit inherits some context from its section ("It always sails 2 Map Cards" under
            # "Sailing the Ghost Ship").
            ov = 0.75 * overlap(index, qtok, text) + 0.25 * overlap(index, qtok, f"{section} {text}")
            if focus:  # a follow-up: its own words decide between carried candidates
                ov = 0.4 * ov + 0.6 * overlap(index, focus, text)
            s += W_OVERLAP * ov
            if (label := LABEL.match(text)) and (lo := overlap(index, qtok, label.group(1))) > 0:
                # "휴식 : 피로도-2", "Trickster — Cost ...": an entry whose label the question names.
                s += 0.15 * min(1.0, 3 * lo)
        if wants_number:
            s += 0.08 if DIGIT.search(text) else -0.05
        if u.kind == "heading" and not DIGIT.search(text):
            s -= 0.12
        if len(text.strip()) < 8:
            s -= 0.08
        elif u.kind in ("item", "sentence") and len(text.split()) <= 4 and not LABEL.match(text):
            s -= SHORT_PENALTY  # a bare noun phrase is rarely the rule asked for
        if in_components and not asks_components and (u.kind == "item" or len(text.split()) <= 6):
            s -= COMPONENT_PENALTY  # "12 Cursed Gold Cubes" answers what is in the box, not how the rules use it
        scores.append(s)
    return scores


def chunk_unit_vectors(index: LoadedIndex, pos: int) -> np.ndarray | None:
    if index.unit_vectors is None:
        return None
    return index.unit_vectors[index.unit_offsets[pos]:index.unit_offsets[pos + 1]]
