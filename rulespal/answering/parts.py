"""One answer from the answers to each part of a two-part question ("how many cards, and how many camels?")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rulespal.core.types import Citation, Draft

ONE_MARKER = re.compile(r"\[(\d+)\]")
# A quote of an answer and its marker ("Deal 5 cards to each player. [1] "), or the text after the last marker.
QUOTED = re.compile(r".*?\[\d+\]\s*|.+$", re.S)


def joined(drafts: Sequence[Draft]) -> Draft:
    """The parts' answers in the order asked, their citations numbered anew; a quote an earlier part already gave
    is not repeated."""
    cites: list[Citation] = []
    texts: list[str] = []
    derived: dict = {}
    for d in drafts:
        numbers: dict[int, int] = {}
        given: set[int] = set()  # this part's markers whose rule an earlier part quoted
        for c in d.citations:
            same = next((k for k in cites if (k.doc, k.start, k.end) == (c.doc, c.start, c.end)), None)
            if same is None:
                same = c.model_copy(update={"n": len(cites) + 1})
                cites.append(same)
            else:
                given.add(c.n)
            numbers[c.n] = same.n
        for piece in QUOTED.findall(d.text):
            markers = {int(n) for n in ONE_MARKER.findall(piece)}
            if piece.strip() and not (markers and markers <= given):
                texts.append(_renumbered(piece.strip(), numbers))
        derived.update(d.derived)
    first = drafts[0]
    games = tuple(dict.fromkeys(g for d in drafts for g in d.games))
    writer = "llm" if any(d.writer == "llm" for d in drafts) else first.writer
    return Draft(" ".join(texts), True, games, tuple(cites), derived=derived, writer=writer, note=first.note)


def _renumbered(text: str, numbers: dict[int, int]) -> str:
    return ONE_MARKER.sub(lambda m: f"[{numbers.get(int(m.group(1)), int(m.group(1)))}]", text)
