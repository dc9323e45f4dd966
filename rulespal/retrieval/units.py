"""How well each unit (sentence, list item, table row) of a passage answers the question.

The answer writers quote the best unit; its score is dense similarity, idf-weighted term overlap
and a few signs of an answer's shape, weighted by ``Tuning``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from rulespal.core.text import BULLET_CHARS, HANGUL, last_section
from rulespal.core.tokens import token_set
from rulespal.core.tuning import Tuning
from rulespal.core.types import Chunk
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.query import EN_UNITS, QueryPlan

LABEL = re.compile(rf"^\s*(?:[{BULLET_CHARS}-]\s*)?(?:\d{{1,2}}\.\s*)?([^:—\n]{{2,40}}?)\s*(?::|—| - )")
DIGIT = re.compile(r"\d")
# What answers a yes/no rule question: a permission, an obligation or a prohibition ("you may not", "never",
# "is not obliged to", "only if"; in a Korean rulebook "할 수 없", "안 됩", "해야"). Yes/no questions are told
# apart in English only (rulespal/core/numbers.yes_no), so the Korean forms serve English questions on Korean books.
DEONTIC = re.compile(r"\b(?:may|must|can(?:not)?|can't|never|not|only|allowed|obliged|required|forbidden|"
                     r"free to|has to|have to|needs? to|unless|except)\b|수\s*(?:있|없)|안\s*됩|해야", re.I)
COMPONENTS = re.compile(r"\b(components?|contents|what'?s in the box)\b|구성물|내용물", re.I)

# A label sharing a third of its words with the question (LABEL_FULL x overlap >= 1) earns all of ``label_bonus``;
# hand-set with the unit scorer (0a4aba0, 2026-11-29), the bonus itself swept (tuning.py).
LABEL_FULL = 3


def overlap(index: IndexSnapshot, qtok: Iterable[str], text: str, known_only: bool = True) -> float:
    """Share of the question's term weight (idf) that the text contains.

    ``known_only``: words no rulebook uses ("그럼", typos) can't tell two passages apart, so they are
    left out when ranking; for coverage (is the question answered at all?) they count.
    """
    terms = set(qtok)
    if known_only:
        terms = {t for t in terms if t in index.idf}
    total = sum(index.idf_of(t) for t in terms)
    if total <= 0:
        return 0.0
    return sum(index.idf_of(t) for t in terms & token_set(text)) / total


def unit_similarities(index: IndexSnapshot, q: QueryPlan, chunk: Chunk, vectors: np.ndarray | None,
                      t: Tuning) -> np.ndarray:
    """Dense similarity of each unit to the question: for English units of an English question, the English
    sentence model when the build has it, else the first dense embedder."""
    if (index.docs[chunk.doc].lang == q.lang == "en" and EN_UNITS in q.vectors
            and index.unit_vectors_en is not None):
        return index.chunk_units(index.position[chunk.id], index.unit_vectors_en) @ q.vectors[EN_UNITS]
    qvec = q.vectors.get(index.meta.embedders[0])
    if vectors is None or qvec is None:
        return np.zeros(len(chunk.units))
    return vectors @ qvec


def score_units(index: IndexSnapshot, q: QueryPlan, chunk: Chunk, vectors: np.ndarray | None,
                t: Tuning) -> list[float]:
    """A score per unit of ``chunk``: dense similarity + term overlap + the shape of an answer."""
    sims = unit_similarities(index, q, chunk, vectors, t)
    same_lang = index.docs[chunk.doc].lang == q.lang
    # Across languages only the glossary terms of the other language, and the question's own words written
    # in the book's script ("마나(Mana) 최대 몇 개?"), can match words.
    qtok = set(q.tokens if same_lang or not q.cross_tokens else q.cross_tokens + _in_script(q.base_tokens,
                                                                                         index.docs[chunk.doc].lang))
    focus = set(q.focus_tokens) & qtok if same_lang else set()
    section = last_section(chunk.section)
    wants_number, wants_rule = q.asks.quantity, q.asks.yes_no
    off_topic_components = bool(COMPONENTS.search(chunk.section)) and not q.asks.components
    scores = []
    for i, u in enumerate(chunk.units):
        text = chunk.unit_text(u)
        s = float(sims[i])
        if qtok:
            s += t.w_overlap * _term_match(index, qtok, focus, text, section, t)
            if (lo := _label_overlap(index, qtok, text)) > 0:
                # "Rest: remove 2 fatigue", "Scout — Cost 3": an entry whose label the question names.
                s += t.label_bonus * min(1.0, LABEL_FULL * lo)
        if wants_rule and DEONTIC.search(text):
            s += t.deontic_bonus
        scores.append(_shape(s, text, u.kind, wants_number, off_topic_components, t))
    return scores


def _label_overlap(index: IndexSnapshot, qtok: set[str], text: str) -> float:
    """How much of the question a label of the unit names: its own ("Rest: ...") or one of a stat line's
    ("*Complexity: Medium | Frenzy Order: 5*")."""
    labels = [m.group(1) for part in text.split("|") if (m := LABEL.match(part.strip(" *_")))]
    return max((overlap(index, qtok, label) for label in labels), default=0.0)


def _in_script(tokens: Iterable[str], lang: str) -> tuple[str, ...]:
    """The tokens written in a language's script: Hangul for Korean, Latin letters otherwise."""
    return tuple(t for t in tokens if t.isalpha() and bool(HANGUL.search(t)) == (lang == "ko"))


def _term_match(index: IndexSnapshot, qtok: set[str], focus: set[str], text: str, section: str, t: Tuning) -> float:
    # A unit inherits some context from its section ("It always moves 2 spaces" under "Moving the Dragon").
    ov = t.unit_own_share * overlap(index, qtok, text) + (1 - t.unit_own_share) * overlap(index, qtok,
                                                                                          f"{section} {text}")
    if focus:  # a follow-up: its own words decide between carried candidates
        ov = (1 - t.follow_up_focus) * ov + t.follow_up_focus * overlap(index, focus, text)
    return ov


# A line of at most this many words under a components heading is a components entry ("12 Gold cubes"); hand-set.
COMPONENT_LINE_WORDS = 6


def _shape(s: float, text: str, kind: str, wants_number: bool, off_topic_components: bool, t: Tuning) -> float:
    """``s`` with the bonuses and penalties for what an answer looks like."""
    if wants_number:
        s += t.number_bonus if DIGIT.search(text) else -t.no_number_penalty
    if off_topic_components and (kind == "item" or len(text.split()) <= COMPONENT_LINE_WORDS):
        s -= t.component_penalty  # "12 Gold cubes" answers what is in the box, not how the rules use it
    return s
