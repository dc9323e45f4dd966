"""Typos in a question ("the hand limt", "how mny acions"): a word that neither the rulebooks nor an English
dictionary know is corrected to the closest word the rulebooks use, for the search and the game's scope (the
checker and a language model read the question as typed).

SymSpell (symspellpy) finds the candidates by Damerau-Levenshtein distance; its English frequency list tells
a real word the rulebooks happen not to use ("castling") from a typo, so that is left as typed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

from symspellpy import SymSpell, Verbosity

WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")
MIN_LENGTH = 3  # "ko", "dp": too short to tell a typo from an abbreviation


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    listing = resources.files("symspellpy").joinpath("frequency_dictionary_en_82_765.txt").read_text("utf-8")
    return frozenset(line.split(" ", 1)[0] for line in listing.splitlines() if line)


class Speller:
    def __init__(self, texts: Iterable[str], names: Iterable[str] = ()):
        counts = Counter(w.casefold() for text in texts for w in WORD.findall(text))
        self.known = frozenset(counts) | {w.casefold() for n in names for w in WORD.findall(n)}
        self._sym = SymSpell(max_dictionary_edit_distance=1)  # one edit at most (see _fix): a quarter of the memory
        for word, count in counts.items():
            if len(word) >= MIN_LENGTH:
                self._sym.create_dictionary_entry(word, count)

    def correct(self, text: str) -> str:
        """``text`` with its unknown lower-case words replaced by the rulebooks' closest word."""
        return WORD.sub(self._fix, text)

    def _fix(self, m: re.Match) -> str:
        word = m.group()
        low = word.casefold()
        if (len(low) < MIN_LENGTH or low in self.known or low in english_words() or not low.isalpha()
                or word[:1].isupper() or _contraction(low)):
            return word  # a word known, a name or acronym ("Mysterium", "DJL"), a contraction typed without "'"
        # One edit at most ("limt", "acions", "atack"): two would turn other games' names and slang into rule words
        # ("kemet" -> "keep"). A dropped letter is the commonest slip ("mny" -> "many", not "any"): longer words
        # first; a three-letter word is only ever completed ("ttr" is not "str"), and a short word with several
        # candidates is left as typed. A word with no candidate stays: it may be a game the index lacks.
        found = self._sym.lookup(low, Verbosity.CLOSEST, max_edit_distance=1)
        longer = [s for s in found if len(s.term) > len(low)]
        found = longer or ([] if len(low) <= 3 else found)
        if not found or (len(low) <= 4 and len(found) > 1):
            return word
        return max(found, key=lambda s: s.count).term


def _contraction(word: str) -> bool:
    """"shouldnt", "theyre": a contraction typed without its apostrophe is a word, not a typo."""
    return any(f"{word[:i]}'{word[i:]}" in english_words() for i in range(1, len(word)))
