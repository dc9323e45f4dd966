"""Acronyms a rulebook defines or uses ("KO" = Knocked Out, "PS" = Pirate Squad), found in its text.

A player types "Knocked Out chart" where the book says "KO chart", or "PS" where it says "Pirate
Squads": the question is expanded both ways.
"""

from __future__ import annotations

import re
from collections import Counter

from rulespal.core.tokens import tokenize

ACRONYM = re.compile(r"\b[A-Z]{2,4}\b")
CAPWORD = re.compile(r"\b[A-Z][a-z]+\b")
DEFINED = re.compile(r"((?:[A-Z][a-z]+[ -]){1,4}[A-Z][a-z]+)\s*\(([A-Z]{2,4})\)")


def find_acronyms(text: str) -> dict[str, str]:
    """{acronym: expansion} for acronyms whose expansion (capitalised words, same initials) is in the text."""
    acronyms = {a for a, n in Counter(ACRONYM.findall(text)).items() if n >= 2}
    words = [(m.group(), m.start(), m.end()) for m in CAPWORD.finditer(text)]
    found: dict[str, Counter] = {a: Counter() for a in acronyms}
    for i in range(len(words)):
        for n in (2, 3, 4):
            run = words[i:i + n]
            if len(run) < n or any(text[a[2]:b[1]] not in (" ", "-") for a, b in zip(run, run[1:])):
                continue
            initials = "".join(w[0][0] for w in run)
            if initials in found:
                found[initials][" ".join(w[0] for w in run)] += 1
    result = {a: c.most_common(1)[0][0] for a, c in found.items() if c}
    # An explicit definition, "Action Points (AP)", wins over a phrase that merely shares initials.
    for m in DEFINED.finditer(text):
        named, acr = re.split(r"[ -]", m.group(1)), m.group(2)
        for part in (named[:len(acr)], named[-len(acr):]):
            if len(part) == len(acr) and "".join(w[0] for w in part) == acr:
                result[acr] = " ".join(part)
                break
    return result


class Acronyms:
    """The acronyms of every rulebook of a build, ready to expand questions both ways."""

    def __init__(self, texts: dict[str, str]):
        self.by_doc: dict[str, dict[str, str]] = {doc: find_acronyms(t) for doc, t in texts.items()}
        # (doc, acronym, expansion, a regex for the acronym, the expansion's tokens), compiled once.
        self._rules = [(doc, acr, exp, re.compile(rf"\b{acr}\b"), frozenset(tokenize(exp)))
                       for doc, table in self.by_doc.items() for acr, exp in table.items()]

    def expand(self, text: str, games: list[str] | None) -> list[str]:
        """"Knocked Out" in the question finds "KO" in the book, and "KO" finds "Knocked Out"."""
        found = []
        qtok = set(tokenize(text))
        for doc, acr, expansion, pattern, expansion_tokens in self._rules:
            if games and doc not in games:
                continue
            if pattern.search(text):
                found.append(expansion)
            elif expansion_tokens and expansion_tokens <= qtok:
                found.append(acr)
        return list(dict.fromkeys(found))
