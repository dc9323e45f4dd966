"""Typos in a question ("the hand limt", "how mny acions"): a word that neither the rulebooks nor an English
dictionary know is corrected to the closest word the rulebooks use, before anything reads the question.

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
        self._sym = SymSpell(max_dictionary_edit_distance=2)
        for word, count in counts.items():
            if len(word) >= MIN_LENGTH:
                self._sym.create_dictionary_entry(word, count)

    def correct(self, text: str) -> str:
        """``text`` with its unknown words replaced by the rulebooks' closest word (case kept as typed). A
        lower-case word known nowhere and too far from any rulebook word ("wats") is left out: it can't match
        a rule, and counted as a word of the question no rule states it would make the answer abstain."""
        fixed = WORD.sub(self._fix, text)
        return " ".join(fixed.split()) if fixed != text else text

    def _fix(self, m: re.Match) -> str:
        word = m.group()
        low = word.casefold()
        if (len(low) < MIN_LENGTH or low in self.known or low in english_words() or not low.isalpha()
                or (word.isupper() and len(word) > 1)):
            return word  # a word known, an acronym ("DJL"), a contraction ("couldn't")
        # one edit for a short word, two for a longer one: "mny" is "many", not "my" or "any" two edits away
        found = self._sym.lookup(low, Verbosity.CLOSEST, max_edit_distance=1 if len(low) <= 4 else 2)
        if not found:  # nothing near: a word no rule can match
            return "" if word.islower() and len(word) > 3 else word
        # A dropped letter is the commonest slip ("mny" -> "many", not "any"): longer words first. A three-letter
        # word or a name ("ttr", "Lamore") is only ever completed, never changed into another word ("str",
        # "More"), and a short word with several candidates is left as typed.
        longer = [s for s in found if len(s.term) > len(low)]
        if len(low) <= 3 or word[:1].isupper():
            found = longer
        found = longer or found
        if not found or (len(low) <= 4 and len(found) > 1):
            return word
        best = max(found, key=lambda s: s.count).term
        return best.capitalize() if word[:1].isupper() else best
