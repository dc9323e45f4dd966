"""Which game a question is about: titles and aliases, found in the question and stripped from it."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rulespal.core.text import HANGUL
from rulespal.core.tokens import STOPWORDS
from rulespal.core.types import Doc


# Title words too common to point at a game ("Game", "Card", "Rules", "Edition").
COMMON = frozenset("""game games card cards board rules rulebook edition expansion deluxe basic base core set
complete collection volume part guide player players solo the""".split())


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"[’'`´]", "", text)
    return " ".join(re.sub(r"[^\w가-힣]+", " ", text).split())


def _opens_sentence(text: str, at: int) -> bool:
    before = text[:at].rstrip().rstrip("\"'“‘([").rstrip()
    return not before or before[-1] in ".!?:;"


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
        # For stripping: the same names matched in the raw question, whatever sits between their words.
        raw = []
        for key, _ in self._names:
            body = r"[\W_]*".join(re.escape(w) for w in key.split())
            raw.append(body if HANGUL.search(key) else rf"(?<!\w){body}(?!\w)")
        self._raw_regex = re.compile("|".join(raw), re.I) if raw else None
        self._title_words: dict[str, list[str]] = {}
        self._titles = {d.id: normalize(d.title) for d in docs}
        for d in docs:
            for w in set(normalize(d.title).split()):
                if len(w) >= 4 and w not in COMMON:
                    self._title_words.setdefault(w, []).append(d.id)

    def strip(self, question: str) -> str:
        """The question without the game names in it: once the game is a filter, its name only adds noise."""
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

    def partial(self, question: str) -> list[str]:
        """Games a capitalised word of the question points at without naming one: the game whose title
        it opens ("Pirates" -> "Pirates 2 ed.", not "Tiny Epic Pirates"), else every game whose title
        holds it when there are several (to ask which); nothing when it fits one title only in passing."""
        # A sentence's first word is capitalised whatever it is ("Combat: how many dice?"): not a name.
        words = [m.group() for m in re.finditer(r"\b[A-Z][\w'’]{3,}", question)
                 if m.group().casefold() not in COMMON | STOPWORDS and not _opens_sentence(question, m.start())]
        found: list[str] = []
        for w in words:
            key = normalize(w)
            holders = self._title_words.get(key, [])
            opening = [d for d in holders if self._titles[d].startswith(key + " ")]
            if len(opening) == 1:
                return opening
            found.extend(d for d in holders if d not in found)
        return found if len(found) > 1 else []

    def detect(self, question: str) -> list[str]:
        """Doc ids named in the question, in order of first mention, without repeats."""
        seen: list[str] = []
        for m in self.find(question):
            if m.doc not in seen:
                seen.append(m.doc)
        return seen
