"""Does a pick state the answer, or only share words with the question?"""

from __future__ import annotations

from rulespal.core.tuning import Tuning
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.query import EN_UNITS, QueryPlan
from rulespal.retrieval.units import overlap
from rulespal.answering.picks import Pick


def has_words(q: QueryPlan) -> bool:
    """"9", "0.1.0", "?": no words, nothing to look up."""
    return any(t.isalpha() for t in q.base_tokens)


def answerable(index: IndexSnapshot, q: QueryPlan, best: Pick, t: Tuning) -> bool:
    """Same-language questions must also find their own key terms in the passage (idf-weighted);
    across languages only the dense match can tell."""
    chunk = best.hit.chunk
    if index.docs[chunk.doc].lang != q.lang:
        return best.score >= t.cross_lang_min
    coverage = (overlap(index, q.base_tokens, f"{chunk.section} {chunk.text}", known_only=False)
                if q.base_tokens else 1.0)
    if not has_words(q):
        return False
    if q.lang == "en" and mostly_unknown(index, q, t):
        return False  # "castling in chess", "hotels on Boardwalk": words no rulebook here uses
    if best.read is not None and best.read < t.reader_abstain:
        return False  # the reader read the rule with the question: it does not answer it
    # English sentences are scored with the sentence model, whose similarities run higher than USE's.
    # A permission is worded unlike its question ("never allowed to retake" for "can I pick one back up"),
    # while a near miss for a quantity shares the question's words: yes/no questions get a lower floor.
    floor = t.answerable_min
    if q.lang == "en" and EN_UNITS in q.vectors:
        floor = t.answerable_min_en_yes_no if q.asks.yes_no else t.answerable_min_en
    # a rule the reader reads as the answer needs no score floor (the floor only guesses so from similarities);
    # it still needs the question's key words
    read_as_answer = best.read is not None and best.read >= t.reader_answers
    return (best.score >= floor or read_as_answer) and coverage >= t.coverage_min


def _degree_known(index: IndexSnapshot, word: str) -> bool:
    """"hardest", "easiest", "biggest": a superlative of a word the books use ("Hard", "easy", "big")."""
    if not word.endswith("est") or len(word) < 6:
        return False
    stem = word[:-3]
    bases = {stem, stem[:-1] + "y" if stem.endswith("i") else stem, stem[:-1] if stem[-1:] == stem[-2:-1] else stem}
    return any(len(b) >= 3 and b in index.idf for b in bases)


def mostly_unknown(index: IndexSnapshot, q: QueryPlan, t: Tuning) -> bool:
    words = [w for w in q.base_tokens if w.isalpha() and len(w) >= 3 and not w.startswith("#")]
    unknown = [w for w in words if w not in index.idf and not _degree_known(index, w)]
    return bool(words) and len(unknown) / len(words) >= t.unknown_share
