"""What to quote from each retrieved passage: its best unit, grown into something readable."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from rulespal.core.tuning import Tuning
from rulespal.core.types import Chunk, Hit, Unit
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.query import QueryPlan
from rulespal.retrieval.units import DIGIT, score_units

LEAD_IN = re.compile(r"\b(below|following)\W*$", re.I)


@dataclass(frozen=True)
class Pick:
    hit: Hit
    units: tuple[Unit, ...]  # contiguous units of one chunk, in order
    score: float

    @property
    def start(self) -> int:
        return self.units[0].start

    @property
    def end(self) -> int:
        return self.units[-1].end


class Picker:
    """Scores each passage's units once per question, however many writers ask."""

    def __init__(self, index: IndexSnapshot, plan: QueryPlan, tuning: Tuning):
        self.index = index
        self.plan = plan
        self.tuning = tuning
        self._done: dict[str, Pick | None] = {}

    def picks(self, hits: list[Hit]) -> list[Pick]:
        """The best pick in each of the top hits, best first."""
        top = self.tuning.answer_hits
        if self.index.unit_vectors is None:
            top = min(top, self.tuning.large_index_picks)  # sentences are embedded at query time: look at fewer
        found = [p for p in (self._pick(h) for h in hits[:top]) if p is not None]
        return sorted(found, key=lambda p: -p.score)

    def _pick(self, hit: Hit) -> Pick | None:
        key = hit.chunk.id
        if key not in self._done:
            self._done[key] = None
            if hit.chunk.units:
                scores = score_units(self.index, self.plan, hit.chunk, self._unit_vectors(hit), self.tuning)
                best = int(np.argmax(scores))
                self._done[key] = Pick(hit, extend(hit.chunk, best, self.tuning),
                                       scores[best] + self.tuning.w_rank * hit.score)
        return self._done[key]

    def _unit_vectors(self, hit: Hit) -> np.ndarray | None:
        idx = self.index
        if idx.unit_vectors is not None:
            return idx.chunk_units(idx.position[hit.chunk.id])
        if idx.meta.embedders[0] not in self.plan.vectors:
            return None
        # A large library has no sentence vectors on disk: embed a passage's sentences once, then keep them.
        return idx.embed_units(hit.chunk)


def extend(chunk: Chunk, i: int, t: Tuning) -> tuple[Unit, ...]:
    """Grow a chosen unit into something readable: a heading takes its first rule, a caption its
    table or list, a table row its header row, a sentence the rest of its rule."""
    units = chunk.units
    u = units[i]
    if u.kind == "heading":
        j = next((k for k in range(i + 1, len(units)) if units[k].kind != "heading"), None)
        if j is None:
            return (u,)
        if DIGIT.search(chunk.unit_text(u)):  # "Explore (2AP)": the heading states the number
            return (u, units[j])
        i, u = j, units[j]
    text = chunk.unit_text(u).rstrip()
    if text.endswith(":") or LEAD_IN.search(text):
        j = i + 1
        while j < len(units) and units[j].kind in ("row", "item") and units[j].end - u.start <= t.max_quote:
            j += 1
        return tuple(units[i:max(j, i + 1)])  # a caption with nothing after it stays alone
    if u.kind == "row":
        first = i
        while first > 0 and units[first - 1].kind == "row":
            first -= 1
        if i - first <= 2 and units[i].end - units[first].start <= t.max_quote:
            return tuple(units[first:i + 1])  # the header row is in reach: quote it too
    if u.kind == "sentence":
        # A rule often runs over two or three sentences of one paragraph: keep them together.
        j = i
        while (j + 1 < len(units) and units[j + 1].kind == "sentence"
               and "\n" not in chunk.text[units[j].end - chunk.start:units[j + 1].start - chunk.start]
               and units[j + 1].end - u.start <= t.extend_chars):
            j += 1
        return tuple(units[i:j + 1])
    return (u,)
