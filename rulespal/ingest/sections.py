"""Recover the structure of an extracted rulebook: debris, table of contents, headings, lists, tables.

The input is text as a web page or PDF extraction left it: headings are plain lines, the table of
contents repeats every heading, bullets come in several kinds, tables are tab-separated or flattened
into runs of glued cells. Nothing here edits the text; every block is a span into it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.text import HANGUL, LIST_BULLET, SYMBOL_BULLET
from rulespal.core.types import Block

TOC_TITLE = re.compile(r"^\s*(?:#+\s*)?(table of contents|contents|목차|차례)\s*$", re.I)
NAV_WORDS = {"rulespal", "chat", "rulebook", "home", "menu", "search", "login", "log in", "sign in",
             "share", "print", "back", "next", "previous", "skip to content"}
BULLET = re.compile(rf"^(?P<indent>[ \t]*){LIST_BULLET}")
ATX = re.compile(r"^\ufeff? {0,3}(#{1,6}) +(.*?)[ #]*$")  # a byte-order mark may open the file
MD_TABLE = re.compile(r"^\s*\|.*\|\s*$")
MD_DEBRIS = re.compile(r"^\s*(?:!\[[^\]]*\]\([^)]*\)\s*|<!--.*-->|[-*_]{3,}|<img\b[^>]*>)\s*$")
GLUE = re.compile(r"[a-z](?=[A-Z])|[a-z]{2}(?=\d)|\d(?=[A-Z][a-z])")
NUMERIC_ROW = re.compile(r"^[\s\d+\-–.,/%]*\d[\s\d+\-–.,/%]*$")
SENTENCE_END = re.compile(r"[.,;:]$|\.\.\.$|…$")


@dataclass
class _Line:
    start: int
    end: int  # end of content, without the line break
    raw: str
    kind: str = "text"  # blank debris toc heading table item text
    level: int = 0
    indent: int = 0

    @property
    def s(self) -> str:
        return self.raw.strip()


def split_lines(text: str) -> list[_Line]:
    lines: list[_Line] = []
    pos = 0
    for piece in text.splitlines(keepends=True):
        content = piece.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
        lines.append(_Line(pos, pos + len(content), content))
        pos += len(piece)
    return lines


def _norm(s: str) -> str:
    return " ".join(s.split()).casefold()


def _strip_symbol_bullet(s: str) -> str:
    return SYMBOL_BULLET.sub("", s).strip()


def _strip_bullet(s: str) -> str:
    m = BULLET.match(s)
    return s[m.end():].strip() if m else s.strip()


def glue_count(s: str) -> int:
    return len(GLUE.findall(s))


def is_glued_row(s: str) -> bool:
    """A line that is a table row flattened into glued cells: ``2 Gems3 Gems5 Gems``."""
    s = s.strip()
    if not s or SENTENCE_END.search(s) and glue_count(s) < 3 or BULLET.match(s):
        return False  # a sentence or a list item, not cells run together
    g = glue_count(s)
    return g >= 2 and len(s) <= 200 or g >= 1 and len(s) <= 60


def _mark_debris(lines: list[_Line]) -> None:
    for ln in lines[:12]:
        s = ln.s
        if not s:
            continue
        if s.casefold() in NAV_WORDS or s.casefold().endswith("thumbnail"):
            ln.kind = "debris"
        else:
            break
    for ln in lines:
        if MD_DEBRIS.match(ln.raw):
            ln.kind = "debris"


# The shape of a plain-text heading and of a text with few blank lines ("dense": its headings sit between lines of
# text). All hand-set when the parser was written for the five shipped books (2d9f5f1, 2026-11-29) and never swept;
# the blind books reach them only through the eval's figures.
HEADING_MAX_CHARS, HEADING_MAX_WORDS = 80, 12
EXCLAIMED_MAX_WORDS = 8  # a "?" or "!" line longer than this is a sentence, not a heading
DENSE_MAX_CHARS, DENSE_MAX_WORDS = 30, 5  # a dense text's headings are shorter
DENSE_BLANK_SHARE = 0.08  # below this share of blank lines a text is dense
FEW_ATX = 3  # with fewer "#" headings than this, plain lines may be headings too
TOC_SEARCH_SHARE, TOC_SEARCH_MIN = 0.4, 20  # a table of contents' title is looked for in this head of the text


def _mark_toc(lines: list[_Line]) -> dict[int, int]:
    """Mark the table of contents; return {line index of a heading it lists: level}."""
    levels: dict[int, int] = {}
    limit = max(TOC_SEARCH_MIN, int(len(lines) * TOC_SEARCH_SHARE))
    title = next((i for i, ln in enumerate(lines[:limit]) if ln.kind == "text" and TOC_TITLE.match(ln.raw)), None)
    if title is None:
        return levels
    lines[title].kind = "toc"
    standalone: dict[str, list[int]] = {}
    for j, ln in enumerate(lines):
        if ln.s:
            plain = ATX.sub(r"\2", ln.raw) if ATX.match(ln.raw) else ln.raw
            for key in {_norm(plain), _norm(_strip_bullet(plain))}:
                standalone.setdefault(key, []).append(j)
    entries: list[tuple[int, int, int]] = []  # (toc line, indent, heading line)
    last_target = title
    i = title + 1
    while i < len(lines):
        ln = lines[i]
        if not ln.s or TOC_TITLE.match(ln.raw):
            if ln.s:
                ln.kind = "toc"
            i += 1
            continue
        key = _norm(_strip_symbol_bullet(ln.raw))
        later = [j for j in standalone.get(key, []) if j > i and j > last_target]
        if not key or not later:
            break
        indent = len(ln.raw) - len(ln.raw.lstrip(" \t"))
        entries.append((i, indent, later[0]))
        last_target = later[0]
        i += 1
    indents = sorted({ind for _, ind, _ in entries})
    for toc_line, ind, target in entries:
        lines[toc_line].kind = "toc"
        levels[target] = indents.index(ind) + 1
    return levels


def _is_heading_like(s: str, dense: bool) -> bool:
    if not (2 <= len(s) <= HEADING_MAX_CHARS) or len(s.split()) > HEADING_MAX_WORDS:
        return False
    if SENTENCE_END.search(s) or s.startswith(("(", "[", "\"", "'", "“")):
        return False
    first = s[0]
    if not (first.isupper() or first.isdigit() or HANGUL.match(first)):
        return False
    if s[-1] in "?!" and len(s.split()) > EXCLAIMED_MAX_WORDS:
        return False
    if NUMERIC_ROW.match(s):
        return False
    if dense:
        return len(s) <= DENSE_MAX_CHARS and len(s.split()) <= DENSE_MAX_WORDS and ":" not in s
    return True


def _classify(lines: list[_Line], toc_levels: dict[int, int]) -> None:
    atx_count = sum(1 for ln in lines if ATX.match(ln.raw))
    blank_ratio = sum(1 for ln in lines if not ln.s) / max(1, len(lines))
    dense = blank_ratio < DENSE_BLANK_SHARE
    for i, ln in enumerate(lines):
        if ln.kind in ("debris", "toc"):
            continue
        s = ln.s
        if not s:
            ln.kind = "blank"
            continue
        ln.indent = len(ln.raw) - len(ln.raw.lstrip(" \t"))
        if i in toc_levels:
            ln.kind, ln.level = "heading", toc_levels[i]
        elif m := ATX.match(ln.raw):
            ln.kind, ln.level = "heading", len(m.group(1))
        elif "\t" in s or MD_TABLE.match(ln.raw) or is_glued_row(s):
            ln.kind = "table"
        elif dense and atx_count < FEW_ATX and re.match(r"^\d{1,2}\.\s", s) and _is_heading_like(s, dense):
            ln.kind = "heading"  # "2. 액션": a numbered step title in a text without blank lines
        elif BULLET.match(ln.raw):
            ln.kind = "item"
        elif atx_count < FEW_ATX and _is_heading_like(s, dense):
            prev_blank = i == 0 or not lines[i - 1].s or lines[i - 1].kind in ("debris", "toc")
            next_blank = i + 1 >= len(lines) or not lines[i + 1].s
            if dense or (prev_blank and next_blank):
                ln.kind = "heading"
    # Bare numbers next to a table row are cells of that table ("46743+1", "5").
    for i, ln in enumerate(lines):
        if ln.kind == "text" and NUMERIC_ROW.match(ln.s):
            near = [lines[j] for j in (i - 1, i + 1) if 0 <= j < len(lines)]
            if any(n.kind == "table" for n in near):
                ln.kind = "table"
    # An indented plain line right after a list item continues that item.
    for i, ln in enumerate(lines):
        if ln.kind == "text" and i > 0 and lines[i - 1].kind == "item" and ln.indent > 0:
            ln.kind = "item_cont"


def _mark_declared_debris(text: str, lines: list[_Line], debris: tuple[str, ...]) -> None:
    """Lines inside spans the manifest declares extraction debris (cells left over at the end of a file)."""
    for quote in debris:
        at = text.find(quote)  # locating declared data in the file, not chunking
        if at < 0:
            raise ValueError(f"declared debris not found in the rulebook: {quote[:60]!r}")
        for ln in lines:
            if ln.start < at + len(quote) and at < ln.end:
                ln.kind = "debris"


def _heading_level(ln: _Line, in_toc: bool, atx: bool, structured: bool, last_structured: int,
                   stack: list[tuple[int, str]]) -> tuple[int, str, int]:
    """A heading's level, title and the level of the last TOC or Markdown heading after it: such a heading gives
    its own level, another heading sits one below the last of those (or at 1 in a book with neither), and a
    numbered step title sits under the last unnumbered heading."""
    if in_toc or (atx and ATX.match(ln.raw)):
        level = last_structured = ln.level
    elif structured:
        level = last_structured + 1
    else:
        level = 1
    title = ATX.sub(r"\2", ln.raw).strip() if ATX.match(ln.raw) else ln.s
    if re.match(r"^\d{1,2}\.\s", title) and not in_toc and stack:
        plain = [lv for lv, t in stack if not re.match(r"^\d{1,2}\.\s", t)]
        level = (plain[-1] if plain else 0) + 1
        numbered = [lv for lv, t in stack if re.match(r"^\d{1,2}\.\s", t)]
        if atx and ATX.match(ln.raw) and numbered:
            # "### 2. ATTACK" after "### 1. PLAN" and its "#### Maquis persona": beside step 1, not inside
            level = min(level, numbered[-1])
    return level, title, last_structured


def parse_blocks(text: str, debris: tuple[str, ...] = ()) -> list[Block]:
    """Split a rulebook into structural blocks with heading paths; every block is a span of ``text``.
    ``debris``: quotes of spans that are not rules text (from the corpus manifest)."""
    lines = split_lines(text)
    _mark_debris(lines)
    _mark_declared_debris(text, lines, debris)
    toc_levels = _mark_toc(lines)
    _classify(lines, toc_levels)
    has_toc = bool(toc_levels)
    atx = any(ATX.match(ln.raw) for ln in lines if ln.kind == "heading")

    blocks: list[Block] = []
    stack: list[tuple[int, str]] = []  # (level, heading text)
    last_structured = 0  # level of the last TOC or ATX heading
    i = 0
    n = len(lines)
    while i < n:
        ln = lines[i]
        if ln.kind == "blank":
            i += 1
            continue
        path = tuple(t for _, t in stack)
        if ln.kind in ("debris", "toc"):
            j = k = i
            while k + 1 < n and lines[k + 1].kind in (ln.kind, "blank"):
                k += 1
                if lines[k].kind == ln.kind:
                    j = k
            blocks.append(Block(ln.kind, ln.start, lines[j].end, path=path))
            i = j + 1
            continue
        if ln.kind == "heading":
            level, title, last_structured = _heading_level(ln, i in toc_levels, atx, has_toc or atx,
                                                           last_structured, stack)
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
            blocks.append(Block("heading", ln.start, ln.end, level=level, path=tuple(t for _, t in stack)))
            i += 1
            continue
        kind = {"table": "table", "item": "list", "item_cont": "list"}.get(ln.kind, "paragraph")
        same = {"table": ("table",), "list": ("item", "item_cont"), "paragraph": ("text",)}[kind]
        j = i
        while j + 1 < n and lines[j + 1].kind in same:
            j += 1
        label = _strip_bullet(ln.raw) if kind == "list" else ""
        blocks.append(Block(kind, ln.start, lines[j].end, path=path, label=label))
        i = j + 1
    return blocks
