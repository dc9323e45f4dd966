"""Chunk a parsed rulebook along its structure, and cut each chunk into citable units.

Spans are computed here, while splitting, and never searched for again: ``text[c.start:c.end]``
is the chunk's text by construction.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rulespal.core.text import SECTION_SEP, WRAP, sentence_spans
from rulespal.core.types import Block, Chunk, Unit
from rulespal.ingest.sections import BULLET, parse_blocks, split_lines

# Passage sizes (characters): a rule, a list or a table a player reads on its own (the contract asks for
# "hundreds of characters, rarely over 1,200"). Changing them needs a re-ingest, so they live here.
# Hand-set from that contract, not tuned: a passage is cut near TARGET_CHARS, never over MAX_CHARS, and
# a section's last passage under MIN_CHARS joins the one before it when the two fit (a one-line tail says too
# little to be found on its own).
TARGET_CHARS = 900
MAX_CHARS = 1200
WRAP_MIN = 40  # a hard-wrapped line is a long one: wraps come at 60-80 characters; hand-set
MIN_CHARS = 150
MIN_SENTENCE = 12  # a shorter piece ("See p. 4.") goes on into the next sentence; hand-set
INDEXED = ("heading", "paragraph", "list", "table")


def _units_of_block(text: str, block: Block) -> list[Unit]:
    """Split a block into units: list items (with their continuation lines), table rows, sentences."""
    units: list[Unit] = []
    if block.kind == "heading":
        return [Unit(block.start, block.end, "heading")]
    lines = [ln for ln in split_lines(text[block.start:block.end]) if ln.raw.strip()]
    if block.kind == "table":
        return [Unit(block.start + ln.start + _lead(ln.raw), block.start + ln.end, "row") for ln in lines]
    if block.kind == "list":
        current: list[int] | None = None
        for ln in lines:
            s, e = block.start + ln.start + _lead(ln.raw), block.start + ln.end
            if BULLET.match(ln.raw) or current is None:
                if current:
                    units.append(Unit(current[0], current[1], "item"))
                current = [s, e]
            else:
                current[1] = e
        if current:
            units.append(Unit(current[0], current[1], "item"))
        return units
    spans: list[list[int]] = []
    for prev, ln in zip([None, *lines], lines):
        s, e = block.start + ln.start + _lead(ln.raw), block.start + ln.end
        if prev is not None and _wrapped(prev.raw, ln.raw):
            spans[-1][1] = e
        else:
            spans.append([s, e])
    for s, e in spans:
        units.extend(_sentences(text, s, e))
    return units


def _wrapped(last: str, line: str) -> bool:
    """A paragraph hard-wrapped at a fixed width goes on in lower case where the last line stopped mid-sentence
    ("launch a Coup against another" / "player. That player ..."): its sentences run across the line break. A short
    line is a line of its own ("3 wooden ships" / "a player board"), and so is a code fence."""
    last = last.strip()
    return len(last) >= WRAP_MIN and not last.startswith("```") and WRAP.search(last + "\n" + line) is not None


def _lead(raw: str) -> int:
    return len(raw) - len(raw.lstrip())


def _sentences(text: str, start: int, end: int) -> Iterator[Unit]:
    for a, b in sentence_spans(text, start, end, min_chars=MIN_SENTENCE):
        yield Unit(a, b, "sentence")


def _pieces(text: str, block: Block) -> list[tuple[int, int, list[Unit]]]:
    """A block as one piece, or, when it is too long, as runs of its units under the target size."""
    units = _units_of_block(text, block)
    if block.end - block.start <= MAX_CHARS:
        return [(block.start, block.end, units)]
    pieces: list[tuple[int, int, list[Unit]]] = []
    run: list[Unit] = []
    for u in units:
        if run and u.end - run[0].start > TARGET_CHARS:
            pieces.append((run[0].start, run[-1].end, run))
            run = []
        if u.end - u.start > MAX_CHARS:  # one enormous sentence or line: cut it at whitespace
            for s, e in _hard_cut(text, u.start, u.end):
                pieces.append((s, e, [Unit(s, e, u.kind)]))
            continue
        run.append(u)
    if run:
        pieces.append((run[0].start, run[-1].end, run))
    return pieces


def _hard_cut(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    pos = start
    while end - pos > MAX_CHARS:
        cut = text.rfind(" ", pos + TARGET_CHARS // 2, pos + TARGET_CHARS)
        cut = cut if cut > pos else pos + TARGET_CHARS
        yield pos, cut
        pos = cut
        while pos < end and text[pos].isspace():
            pos += 1
    if end > pos:
        yield pos, end


def _keeps_with_next(text: str, piece: tuple[int, int, list[Unit]]) -> bool:
    """A caption ("... as seen below.", "...:") belongs with the list or table that follows it."""
    tail = text[piece[0]:piece[1]].rstrip()
    return tail.endswith(":") or bool(re.search(r"\b(below|following)\b\W*$", tail, re.I))


def chunk_text(doc: str, text: str, debris: tuple[str, ...] = ()) -> list[Chunk]:
    """Chunk one rulebook's text into passages along its section structure (``debris``: spans to leave out)."""
    blocks = [b for b in parse_blocks(text, debris) if b.kind in INDEXED]
    sections: list[tuple[tuple[str, ...], list[Block]]] = []
    for b in blocks:
        if b.kind == "heading" or not sections or sections[-1][0] != b.path:
            sections.append((b.path, [b]))
        else:
            sections[-1][1].append(b)

    chunks: list[Chunk] = []
    pending_headings: list[Block] = []  # headings with no body yet: they open the next chunk
    for path, members in sections:
        body = [b for b in members if b.kind != "heading"]
        heads = [b for b in members if b.kind == "heading"]
        if not body:
            pending_headings.extend(heads)
            continue
        lead = [h for h in pending_headings if path[: len(h.path)] == h.path] + heads
        pending_headings = []
        pieces = [p for b in body for p in _pieces(text, b)]
        groups: list[list[tuple[int, int, list[Unit]]]] = []
        for p in pieces:
            if groups:
                cur = groups[-1]
                size = p[1] - cur[0][0]
                if size <= TARGET_CHARS or (_keeps_with_next(text, cur[-1]) and size <= MAX_CHARS):
                    cur.append(p)
                    continue
            groups.append([p])
        if len(groups) > 1 and groups[-1][-1][1] - groups[-1][0][0] < MIN_CHARS:
            if groups[-1][-1][1] - groups[-2][0][0] <= MAX_CHARS:
                groups[-2].extend(groups.pop())
        section = SECTION_SEP.join(path)
        for gi, g in enumerate(groups):
            units = [u for p in g for u in p[2]]
            start = g[0][0]
            if gi == 0 and lead:
                start = lead[0].start
                units = [Unit(h.start, h.end, "heading") for h in lead] + units
            end = g[-1][1]
            chunks.append(Chunk(doc, section, start, end, text[start:end], tuple(units)))
    return chunks
