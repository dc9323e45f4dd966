"""Which game a question is about: titles and aliases, found in the question and stripped from it."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from collections.abc import Callable

from rapidfuzz.distance import Indel

from rulespal.core.loanwords import ascii_text, hangul_key, hangul_sound, latin_key, latin_sound
from rulespal.core.numbers import KO_PARTICLES
from rulespal.core.text import HANGUL, bare_title
from rulespal.core.tokens import STOPWORDS
from rulespal.core.types import Doc


# Title words too common to point at a game ("Game", "Card", "Rules", "Edition").
COMMON = frozenset("""game games card cards board rules rulebook edition expansion deluxe basic base core set
complete collection volume part guide player players solo the""".split())


# The first one to five Hangul words of a question (quotes or brackets before them, a number between them:
# "포트리스 1812에서"), where a Korean player names the game; particles ("에서는") and a leading "더"
# ("the") are not part of the name.
LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)
LEADING_HANGUL = re.compile(r"[^\w가-힣]*((?:[가-힣]+[^\w가-힣]*(?:\d+[^\w가-힣]*)?){1,5})")
# A word character that is not Hangul (syllables or jamo, any block): a Latin title ends where Hangul starts
# ("Moon Farm에서" names Moon Farm).
WORD_NOT_HANGUL = r"[^\W\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7FF]"
# A particle glued to a name ("Moon Farm에서"): stripped with it.
GLUED_PARTICLE = rf"(?:에서는|에서도|에선|으로는|로는|에는|에게|{KO_PARTICLES})(?![가-힣])"
NAME_PARTICLE = re.compile(rf"(?:{KO_PARTICLES}|선)$")
# How alike a Hangul run and a title must sound: consonants, then consonants and vowels; and the fewest
# consonants (two name too many English words). Set on blind dev's Korean questions and the shipped Korean
# rulebook's sentences against all 1,683 library titles: at 0.9 / 0.85, with words of a Korean rulebook or
# glossary never heard as titles and the longest name first, 21 names of games were heard and one ordinary
# word (a colour), before retrieval's check (at 0.8 / 0.7 with vowels read strictly, 23 of 36 games taken were
# wrong: common words such as "창고" (storeroom) and "그리고" (and) sounded like titles).
SOUND_MIN_CONSONANTS, SOUND_MIN_ALL, SOUND_MIN_KEY = 0.9, 0.85, 3
# A title read with its r's silent ("Garden" as 가든) only for a Hangul name of this many consonants or more:
# shorter ones then sound like too many titles. Set 2026-12-05 on blind dev's 56 Korean questions against all
# library titles: titles heard right / wrong 15 / 4 before; silent r's from 3 consonants 16 / 9, from 4 18 / 5,
# from 5 or 6 18 / 4.
SILENT_R_MIN_KEY = 5


def _without_particles(word: str) -> list[str]:
    """The word as written and with each particle after it taken off in turn ("블렌더에서는" -> "블렌더에서",
    "블렌더"); a name may end like a particle ("마카도"), so every form is tried."""
    forms = [word]
    while (shorter := NAME_PARTICLE.sub("", forms[-1])) != forms[-1] and len(shorter) >= 1:
        forms.append(shorter)
    return forms


def _runs(words: list[str]) -> list[tuple[int, list[str]]]:
    """The runs of a question's first Hangul words that may name a game, with their length in words: the first
    n words, the last without each particle in turn. A leading "더" is "the" ("더 크루", heard with its article)
    or not part of the name ("더 마인드" as Mind): both readings."""
    readings = [words, words[1:]] if words and words[0] == "더" and len(words) > 1 else [words]
    return [(n, said[:n - 1] + [last]) for said in readings for n in range(1, len(said) + 1)
            for last in _without_particles(said[n - 1])]


def _distinctive(word: str) -> bool:
    return len(word) >= 3 and word.casefold() not in COMMON and word.casefold() not in STOPWORDS


# "Second Edition" after a title: players name the game without it ("워 오브 더 링").
EDITION = re.compile(r"[\s:,(-]+(?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+edition\)?\s*$", re.I)


def _heard_names(name: str) -> list[list[str]]:
    """The words of a title a player may say in Hangul: the whole title and, of a long one, a run of two or three
    of its words that starts and ends on a word of its own ("Arabian Nights", "Chronicles of Crime" of "Tales of
    the Arabian Nights", "Chronicles of Crime 1400"), or its long first word ("Unmatched")."""
    words = re.findall(r"[A-Za-z]+", ascii_text(EDITION.sub("", name)))
    whole = [w for w in words if w.casefold() not in COMMON]
    out = [whole] if whole else []
    if len(whole) == 1 and words[0].casefold() == "the":
        out.append([words[0], *whole])  # "더 크루": a one-word title is heard with its article
    said = [w for w in words if w.casefold() not in COMMON or w.casefold() == "the"]
    if len(whole) >= 2 and said != whole:
        out.append(said)  # "워 오브 더 링": a longer title is heard with its articles too
    if sum(_distinctive(w) for w in words) >= 3 or len(words) >= 4:
        for n in (2, 3):
            for i in range(len(words) - n + 1):
                run = words[i:i + n]
                if _distinctive(run[0]) and _distinctive(run[-1]) and run != whole:
                    out.append(run)
    if len(words) >= 2 and len(words[0]) >= 7 and _distinctive(words[0]):
        out.append(words[:1])
    return out


def sound_score(key: str, sound: str, title_key: str, title_sound: str) -> float | None:
    """How alike a Hangul run and a title (or a book's word) sound (0-1), or None when not alike enough."""
    if abs(len(title_key) - len(key)) > 2:
        return None
    consonants = Indel.normalized_similarity(key, title_key, score_cutoff=SOUND_MIN_CONSONANTS)
    if not consonants:
        return None
    alike = Indel.normalized_similarity(sound, title_sound, score_cutoff=SOUND_MIN_ALL)
    return (consonants + alike) / 2 if alike else None


# Apostrophes, which aliases leave out ("Captain's Log" is "captains log").
APOSTROPHES = re.compile(r"[’'`´]")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    text = APOSTROPHES.sub("", text)
    return " ".join(re.sub(r"[^\w가-힣]+", " ", text).split())


def _spaced(key: str) -> str:
    """A pattern for a normalized name as a question may write it: anything but letters between its words."""
    return r"[\W_]*".join(re.escape(w) for w in key.split())


# Words around a game's name in a reply to "which game?" ("the Flip 7 one please", "플립 7이요").
REPLY_WORDS = frozenset("the a an game one please i mean meant it s its that this for in of 요 이요 이에요 예요".split())


# Where a lower-case word stands as a game's name: "... at the end of wayfarers?", "... in wayfarers".
NAME_CUE = re.compile(r"\b(?:in|for|of|at|playing)\s+([a-z][\w'’]{3,})\s*(?=[?.!:,;]|$)")


def _cued(question: str) -> list[str]:
    """Lower-case words of a question that stand where a game's name does (``NAME_CUE``)."""
    return [w for m in NAME_CUE.finditer(question)
            if (w := m.group(1)).casefold() not in COMMON | STOPWORDS]


def _capitalised(question: str) -> list[str]:
    """The capitalised words of a question that may name a game; a sentence's first word is capitalised
    whatever it is ("Combat: how many dice?"), so it is not one."""
    return [m.group() for m in re.finditer(r"\b[A-Z][\w'’]{3,}", question)
            if m.group().casefold() not in COMMON | STOPWORDS and not _opens_sentence(question, m.start())]


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

    def __init__(self, docs: list[Doc], korean_words: frozenset[str] = frozenset(),
                 used_by: Callable[[str], set[str]] | None = None):
        names: dict[str, set[str]] = {}
        for d in docs:
            names_of = (d.title, d.id.replace("-", " "), *d.aliases)
            # "princes of florence" for "The Princes of Florence"; "The Mind" keeps its article (one word left)
            names_of += tuple(rest for n in names_of if (rest := LEADING_ARTICLE.sub("", n)) != n
                              and len(rest.split()) >= 2)
            # "Horrified" for "Horrified Rulebook"
            for alias in dict.fromkeys([*names_of, *(bare_title(n) for n in names_of)]):
                key = normalize(alias)
                if len(key) >= 3 or HANGUL.search(key):
                    names.setdefault(key, set()).add(d.id)
        self._names = sorted(names.items(), key=lambda kv: -len(kv[0]))
        # One regex per alias length bucket would be faster; a single alternation is plenty here.
        parts = []
        for key, _ in self._names:
            esc = re.escape(key)
            parts.append(esc if HANGUL.search(key) else rf"(?<!{WORD_NOT_HANGUL}){esc}(?!{WORD_NOT_HANGUL})")
        self._regex = re.compile("|".join(parts)) if parts else None
        self._by_key = dict(self._names)
        # For stripping: the same names matched in the raw question, whatever sits between their words.
        raw = []
        for key, _ in self._names:
            body = _spaced(key)
            raw.append(body if HANGUL.search(key)
                       else rf"(?<!{WORD_NOT_HANGUL}){body}(?:{GLUED_PARTICLE})?(?!{WORD_NOT_HANGUL})")
        self._raw_regex = re.compile("|".join(raw), re.I) if raw else None
        # Titles by sound, word by word (an r is silent at a word's end: "War of" is 워 오브), for a title a Korean
        # player writes in Hangul; Korean rulebooks' and glossaries' words are never titles ("그리고", "and").
        self._korean_words = korean_words
        # the books whose rules use a word: a lower-case word names a game only if no other book uses it
        self._used_by = used_by
        self._sounds: list[tuple[str, str, str, bool]] = []
        for d in docs:
            for name in dict.fromkeys(bare_title(n) for n in (d.title, *d.aliases)):
                if HANGUL.search(name):
                    continue
                for words in _heard_names(name):
                    said = (d.id, latin_key(" ".join(words), False), latin_sound(" ".join(words), False), False)
                    quiet = (d.id, latin_key(" ".join(words)), latin_sound(" ".join(words)), True)
                    # most titles have no r to drop: their one reading is read once per question, not twice
                    self._sounds.extend([said] if quiet[1:3] == said[1:3] else [said, quiet])
        self._title_numbers = {d.id: set(re.findall(r"\d+", d.title)) for d in docs}
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
        keep = [i for i, ch in enumerate(flat) if not APOSTROPHES.match(ch)]
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
        holds it when there are several (to ask which); nothing when it fits one title only in passing. A
        lower-case word counts where a name stands ("... in wayfarers?") and opens one title."""
        found: list[str] = []
        for w in _capitalised(question):
            if len(opening := self.opening(w)) == 1:
                return opening
            found.extend(d for d in self._title_words.get(normalize(w), []) if d not in found)
        if len(found) > 1:
            return found
        # a lower-case word only where a name stands, only the one title it opens ("in wayfarers?"), and only a
        # word no other book's rules use ("in combat?" is an ordinary phrase beside "Combat Commander")
        for w in _cued(question):
            opening = self.opening(w)
            if len(opening) == 1 and (self._used_by is None or self._used_by(w) <= set(opening)):
                return opening
        return []

    def named_alone(self, reply: str) -> str | None:
        """The one game a reply names and little else ("flip 7", "The Crew one", "크루요"): the answer to "which
        game do you mean?"."""
        text = normalize(reply)
        found = self.find(reply)
        for m in found:
            text = text[:m.start] + " " * (m.end - m.start) + text[m.end:]
        rest = [w for w in re.findall(r"[^\W\d_]+", text) if w not in REPLY_WORDS]
        docs = {m.doc for m in found}
        return docs.pop() if len(docs) == 1 and not rest else None

    def opening(self, words: str) -> list[str]:
        """The games whose title opens with ``words`` and goes on ("wayfarers" -> "Wayfarers of the South
        Tigris")."""
        key = normalize(words)
        if not key or key in COMMON | STOPWORDS:  # "the" opens many titles and names none
            return []
        return sorted(d for d, title in self._titles.items() if title.startswith(key + " "))

    @staticmethod
    def partial_word_in(question: str, rules: str) -> bool:
        """Is a capitalised word the question may name a game by also a word of ``rules`` ("and the Night
        Market?" in a chat about a game with a night market)?"""
        return any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", rules, re.I) for w in _capitalised(question))

    def sounds_like(self, question: str) -> list[str]:
        """The games whose Latin title the question's first Hangul words sound like best ("블렌더에서 ..." -
        Blender; several when their titles sound the same): candidates only, since an ordinary Korean word
        often sounds like some title of a large library."""
        m = LEADING_HANGUL.match(question)
        if m is None or not self._sounds:
            return []
        words = re.findall(r"[가-힣]+", m.group(1))
        best: dict[str, float] = {}
        for n, run in _runs(words):
            joined = "".join(run)
            key, sound = hangul_key(joined), hangul_sound(joined)
            if len(key) < SOUND_MIN_KEY or all(w in self._korean_words for w in run):
                continue
            for doc, title_key, title_sound, silent_r in self._sounds:
                if silent_r and len(key) < SILENT_R_MIN_KEY:
                    continue
                score = sound_score(key, sound, title_key, title_sound)
                if score is not None and n + score > best.get(doc, 0.0):
                    best[doc] = n + score  # the longer name first ("랜턴 하버", not "랜턴")
        if not best:
            return []
        top = max(best.values())
        tied = [doc for doc, score in best.items() if score >= top - 1e-9]
        # of titles that sound the same ("Fortress", "Fortress 1812"), the one whose number is asked
        numbers = set(re.findall(r"\d+", question))
        return sorted([doc for doc in tied if self._title_numbers[doc] & numbers] or tied)

    def named_in_full(self, question: str, other_rules: str) -> list[str]:
        """Games a question names by a title of two or more words of its own, capitalised as a title is
        ("Harbor Lights Deluxe: how many lanterns?"), and not a phrase of ``other_rules`` (the picked game's
        rulebook): there "the guild", "Grand Bazaar" or "take 3" are that game's own words, whatever titles the
        library holds."""
        rules: str | None = None
        plain = APOSTROPHES.sub("", question)  # the alias of "Captain's Log" is "captains log"
        found: list[str] = []
        for m in self.find(question):
            words = [w for w in m.alias.split() if w.isalpha() and w not in STOPWORDS and w not in COMMON]
            if len(words) < 2 or m.doc in found:
                continue
            rules = f" {normalize(other_rules)} " if rules is None else rules  # only when a name may count
            if f" {m.alias} " in rules:
                continue
            raw = re.search(rf"(?<!{WORD_NOT_HANGUL}){_spaced(m.alias)}", plain, re.I)
            if raw is not None and all(w[:1].isupper() for w in re.findall(r"[^\W\d_]+", raw.group())
                                       if w.casefold() in words and len(w) >= 3):  # "ed." may stay small
                found.append(m.doc)
        return found

    def detect(self, question: str) -> list[str]:
        """Doc ids named in the question, in order of first mention, without repeats."""
        seen: list[str] = []
        for m in self.find(question):
            if m.doc not in seen:
                seen.append(m.doc)
        return seen


def only_one_holds(terms: tuple[str, ...], answering: dict[str, frozenset[str]],
                   books: dict[str, frozenset[str]], min_len: int = 3) -> str | None:
    """Of games that answer about equally well, the one whose answering passage (``answering[game]``, its
    tokens) holds a word of the question that no other candidate's rulebook (``books[game]``) holds: a
    component or an action only one of the loaded games has. None when no
    game or more than one has such a word: then the rules may differ and the player is asked which.
    ``min_len`` keeps numbers and bits of words ("3", "hp") out: every rulebook has some."""
    # Hangul bigrams ("#금을") straddle a word and its particle: "only in one book" by chance, not a name
    asked = {t for t in terms if len(t) >= min_len and not t.isdigit() and not t.startswith("#")}
    holders = [g for g, toks in answering.items()
               if any(t in toks and not any(t in books[o] for o in books if o != g) for t in asked)]
    return holders[0] if len(holders) == 1 else None
