"""Korean <-> English game terms: expanding a question into the other language, glossing an answer."""

from __future__ import annotations

import re
from functools import lru_cache

from rulespal.core.numbers import KO_PARTICLES
from rulespal.core.text import HANGUL
from rulespal.core.types import Doc


@lru_cache(maxsize=64)
def _term_regex(term: str) -> re.Pattern:
    esc = re.escape(term)
    return re.compile(esc if HANGUL.search(term) else rf"(?<![\w]){esc}(?![\w])", re.I)


def glossary_for(docs: list[Doc], shared: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """(korean, english) pairs: the games' own terms first, longest first, then shared terms."""
    pairs: dict[str, str] = {}
    for d in docs:
        for ko, en in d.glossary:
            pairs.setdefault(ko, en)
    for ko, en in shared:
        pairs.setdefault(ko, en)
    return sorted(pairs.items(), key=lambda kv: -len(kv[0]))


def _korean_in(term: str, text: str) -> bool:
    if len(term) >= 2:
        return term in text
    # One-syllable terms (배, 턴) only as a word of their own, perhaps with a particle.
    return re.search(rf"(?<![가-힣]){re.escape(term)}(?:{KO_PARTICLES}|(?![가-힣]))", text) is not None


def korean_terms(question: str, glossary: list[tuple[str, str]]) -> list[str]:
    """The glossary's Korean terms found in the question, as ``expand_query`` finds them."""
    return [ko for ko, _ in glossary if _korean_in(ko, question)]


def expand_query(question: str, glossary: list[tuple[str, str]]) -> list[str]:
    """Terms of the other language for glossary terms found in the question."""
    extra: list[str] = []
    korean = bool(HANGUL.search(question))
    for ko, en in glossary:
        if korean and _korean_in(ko, question):
            extra.append(en)
        elif not korean and _term_regex(en).search(question):
            extra.append(ko)
    return list(dict.fromkeys(extra))


def gloss(text: str, glossary: list[tuple[str, str]], to: str) -> str:
    """Annotate glossary terms with the other language: "휴식" -> "Rest (휴식)" when ``to`` is "en"."""
    if to == "en":
        pattern = [(ko, en) for ko, en in glossary if len(ko) >= 2]
        out, pos = [], 0
        regex = re.compile("|".join(re.escape(ko) for ko, _ in pattern)) if pattern else None
        if regex is None:
            return text
        lookup = dict(pattern)
        for m in regex.finditer(text):
            out.append(text[pos:m.start()])
            out.append(f"{lookup[m.group()]} ({m.group()})")
            pos = m.end()
        out.append(text[pos:])
        return "".join(out)
    # One pass, longest English term first: "map tile" is glossed as one term, never "map(지도)(지도 조각)";
    # each term once, at its first use.
    korean: dict[str, str] = {}
    for ko, en in glossary:
        korean.setdefault(en.casefold(), ko)
    if not korean:
        return text
    terms = sorted(korean, key=len, reverse=True)
    regex = re.compile("|".join(rf"(?<![\w]){re.escape(t)}(?![\w])" for t in terms), re.I)
    seen: set[str] = set()

    def once(m: re.Match) -> str:
        key = m.group().casefold()
        if key in seen:
            return m.group()
        seen.add(key)
        return f"{m.group()}({korean[key]})"
    return regex.sub(once, text)
