"""English game terms a Korean question writes in Hangul ("브룸" for the book's "Broom", "미플" for "meeple"),
found by sound among the words of the books asked about: search and the reader then see the book's own word.

Only within the books a question is scoped to, and only words a book uses more than once: across a whole library an
ordinary Korean word sounds like some English word of some book. That narrows false matches, it does not end them
("레벨" may still be heard as "reveal"). The sound tests are the game-title ones (retrieval/games.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from rulespal.core.loanwords import hangul_key, hangul_sound, latin_key, latin_sound
from rulespal.core.tokens import STOPWORDS, korean_nouns
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.games import SOUND_MIN_KEY, sound_score

# English words shorter than this are too many and too alike to be heard in Hangul ("from" for "브룸").
MIN_LETTERS = 4
LATIN_WORD = re.compile(rf"[A-Za-z]{{{MIN_LETTERS},}}")
# A word the rulebook uses at least this often may be heard in Hangul; once, and "from" is heard in "브룸". Hand-set
# in review (844b664, 2026-12-06); blind dev and five-book answers unchanged.
MIN_USES = 2


class HeardTerms:
    """Each book's English words by sound, read once per book when a Korean question first asks about it."""

    def __init__(self, index: IndexSnapshot):
        self.index = index
        self._words: dict[str, list[tuple[str, str, str]]] = {}

    def _vocabulary(self, doc: str) -> list[tuple[str, str, str]]:
        if doc not in self._words:
            d = self.index.docs[doc]
            title = {w.casefold() for name in (d.title, *d.aliases) for w in LATIN_WORD.findall(name)}
            # the game's own name is no search term: every passage of its book is about it
            counts = Counter(w.casefold() for w in LATIN_WORD.findall(self.index.text(doc)))
            # a word said once (a name in the credits, a passing word) is no term of the game
            words = {w for w, n in counts.items() if n >= MIN_USES} - STOPWORDS - title
            self._words[doc] = [(w, latin_key(w), latin_sound(w)) for w in sorted(words)]
        return self._words[doc]

    def terms(self, question: str, games: list[str], known: Collection[str] = ()) -> list[str]:
        """The English words of ``games`` (English books) that the question's Hangul nouns sound like best, a noun's
        one best word (none on a tie: "세팅" sounds as much like "starting" as "certain"); nouns in ``known`` (the
        glossary's) are already read."""
        vocab = {v for g in games if self.index.docs[g].lang == "en" for v in self._vocabulary(g)}
        if not vocab:
            return []
        out: list[str] = []
        for noun in dict.fromkeys(korean_nouns(question)):
            key, sound = hangul_key(noun), hangul_sound(noun)
            if len(key) < SOUND_MIN_KEY or any(noun in k for k in known):
                continue
            scored = [(s, w) for w, k, snd in vocab if (s := sound_score(key, sound, k, snd)) is not None]
            top = max((s for s, _ in scored), default=0.0)
            best = {w for s, w in scored if s >= top - 1e-9}
            if len(best) == 1:
                out.append(best.pop())
        return list(dict.fromkeys(out))
