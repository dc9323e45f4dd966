"""Which game a question is about (titles and aliases), what language it is in, and the glossary."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ingest.catalog import Doc

HANGUL = re.compile(r"[가-힣]")
LATIN = re.compile(r"[A-Za-z]")


def question_lang(text: str) -> str:
    hangul = len(HANGUL.findall(text))
    return "ko" if hangul and hangul >= len(LATIN.findall(text)) * 0.3 else "en"


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"[’'`´]", "", text)
    return " ".join(re.sub(r"[^\w가-힣]+", " ", text).split())


@dataclass(frozen=True)
class Mention:
    doc: str
    alias: str
    start: int
    end: int


class GameDetector:
    """Finds game names in a question: longest alias first, whole words (Korean: any position)."""

    def __init__(self, docs: list[Doc]):
        names: dict[str, set[str]] = {}
        for d in docs:
            for alias in (d.title, d.id.replace("-", " "), *d.aliases):
                key = normalize(alias)
                if len(key) >= 3 or HANGUL.search(key):
                    names.setdefault(key, set()).add(d.id)
        self._names = sorted(names.items(), key=lambda kv: -len(kv[0]))
        # One regex per alias length bucket would be faster; a single alternation is plenty here.
        parts = []
        for key, _ in self._names:
            esc = re.escape(key)
            parts.append(esc if HANGUL.search(key) else rf"(?<![\w]){esc}(?![\w])")
        self._regex = re.compile("|".join(parts)) if parts else None
        self._by_key = dict(self._names)

    def strip(self, question: str) -> str:
        """The question without the game names in it: once the game is a filter, its name only adds noise."""
        if not hasattr(self, "_raw_regex"):
            parts = []
            for key, _ in self._names:
                words = [re.escape(w) for w in key.split()]
                body = r"[\W_]*".join(words)
                parts.append(body if HANGUL.search(key) else rf"(?<!\w){body}(?!\w)")
            self._raw_regex = re.compile("|".join(parts), re.I) if parts else None
        if self._raw_regex is None:
            return question
        flat = unicodedata.normalize("NFKC", question)
        # Match against a copy without apostrophes, then cut the same spans out of the original.
        keep = [i for i, ch in enumerate(flat) if ch not in "’'`´"]
        plain = "".join(flat[i] for i in keep)
        out, pos = [], 0
        for m in self._raw_regex.finditer(plain):
            a, b = keep[m.start()], keep[m.end() - 1] + 1
            out.append(flat[pos:a])
            pos = b
        out.append(flat[pos:])
        stripped = " ".join("".join(out).split())
        stripped = re.sub(r"^(?:in|for|from|about)\s+(?=[,:?]|$)|\b(?:in|for)\s*(?=[?.!]*$)", "", stripped,
                          flags=re.I).strip(" ,:;-")
        return stripped if len(stripped) >= 3 else question

    def find(self, question: str) -> list[Mention]:
        if self._regex is None:
            return []
        text = normalize(question)
        found = []
        for m in self._regex.finditer(text):
            for doc in sorted(self._by_key.get(m.group(), ())):
                found.append(Mention(doc, m.group(), m.start(), m.end()))
        return found

    def detect(self, question: str) -> list[str]:
        """Doc ids named in the question, in order of first mention, without repeats."""
        seen: list[str] = []
        for m in self.find(question):
            if m.doc not in seen:
                seen.append(m.doc)
        return seen


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
    return re.search(rf"(?<![가-힣]){re.escape(term)}(?:[은는이가을를에의도로]|(?![가-힣]))", text) is not None


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
    seen: set[str] = set()
    for ko, en in glossary:
        if en.casefold() in seen:
            continue
        rx = _term_regex(en)
        if rx.search(text):
            text = rx.sub(lambda m: f"{m.group()}({ko})", text, count=1)
            seen.add(en.casefold())
    return text
