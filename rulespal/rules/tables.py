"""Recover table rows and cells, with spans, from tab-separated and flattened ("glued") table text.

``2-Players3-Players4-Players`` / ``2 Gems3 Gems5 Gems`` become rows of cells; so does a run of
digits such as ``46743+1`` when the header says how many cells a row has.
"""

from __future__ import annotations

import re
from itertools import groupby
from dataclasses import dataclass

from rulespal.core.text import RULE_LINE, cells, plain

# Where one glued cell ends and the next begins: "Gems|3", "Gold|Each", "Level|Attack", "4/5 Players".
CELL_BREAK = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[a-z]{2})(?=[+-]?\d)|(?<=[a-z]\))(?=[A-Z\d])")
SIGNED_DIGITS = re.compile(r"[+-]\d+|\d")


@dataclass(frozen=True)
class Cell:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Row:
    cells: tuple[Cell, ...]
    start: int
    end: int


@dataclass(frozen=True)
class Table:
    rows: tuple[Row, ...]
    start: int
    end: int

    @property
    def header(self) -> Row:
        return self.rows[0]

    @property
    def body(self) -> tuple[Row, ...]:
        return self.rows[1:]


def _cells_split(line: str, offset: int, sep: str, keep_corner: bool) -> list[Cell]:
    """Cells of a tab- or pipe-separated row; ``keep_corner`` keeps an empty first cell (column alignment).
    A pipe row keeps its empty cells ("|   | # of words |", "| Wood | | 3 |"): each stands for a column; only
    what lies outside its outer pipes is not a cell."""
    cells, pos = [], 0
    parts = line.split(sep)
    for i, part in enumerate(parts):
        stripped = part.strip()
        if stripped:
            lead = len(part) - len(part.lstrip())
            cells.append(Cell(stripped, offset + pos + lead, offset + pos + lead + len(stripped)))
        elif (i == 0 and keep_corner) or (sep == "|" and 0 < i < len(parts) - 1):
            cells.append(Cell("", offset + pos, offset + pos))
        pos += len(part) + 1
    return cells


def _cells_glued(line: str, offset: int) -> list[Cell]:
    cuts = [0] + [m.start() for m in CELL_BREAK.finditer(line)] + [len(line)]
    cells = []
    for a, b in zip(cuts, cuts[1:]):
        seg = line[a:b]
        stripped = seg.strip()
        if stripped:
            lead = len(seg) - len(seg.lstrip())
            cells.append(Cell(stripped, offset + a + lead, offset + a + lead + len(stripped)))
    return cells


def _cells_digits(line: str, offset: int, want: int) -> list[Cell] | None:
    """``46743+1`` as 6 cells when the header has 6 columns; None when it does not fit."""
    s = line.strip()
    if " " in s or not s:
        return None
    lead = len(line) - len(line.lstrip())
    parts = [(m.group(), m.start()) for m in SIGNED_DIGITS.finditer(s)]
    if "".join(p for p, _ in parts) != s or len(parts) not in (want, want - 1, 1):
        return None
    return [Cell(p, offset + lead + i, offset + lead + i + len(p)) for p, i in parts]


def row_runs(units) -> list[tuple[int, int]]:
    """(first, last) indexes of each run of consecutive table-row units of a chunk."""
    runs = []
    for is_row, group in groupby(enumerate(units), key=lambda iu: iu[1].kind == "row"):
        if is_row:
            at = [i for i, _ in group]
            runs.append((at[0], at[-1]))
    return runs


def parse_table(text: str, start: int, end: int) -> Table | None:
    """Rows and cells of the table block ``text[start:end]``."""
    rows: list[Row] = []
    pos = start
    header_width = 0
    tabbed = False
    for line in text[start:end].split("\n"):
        line_start, line_end = pos, pos + len(line)
        pos = line_end + 1
        if not line.strip():
            continue
        if "\t" in line:
            cells = _cells_split(line, line_start, "\t", keep_corner=True)
        elif line.strip().startswith("|"):
            cells = _cells_split(line, line_start, "|", keep_corner=False)
            if all(set(c.text) <= set("-: ") for c in cells):
                continue  # the |---|---| separator
        else:
            cells = (header_width and _cells_digits(line, line_start, header_width)) or _cells_glued(line, line_start)
        if not cells:
            continue
        if not rows:
            header_width = len(cells)
            tabbed = "\t" in line
        lead = len(line) - len(line.lstrip())
        rows.append(Row(tuple(cells), line_start + lead, line_end))
    if len(rows) < 2:
        return None
    widths = {len(r.cells) for r in rows[1:]}
    if tabbed and widths == {len(rows[0].cells) + 1}:
        # a tab table whose rows each have a label the header has no column for: the header's leading tab (its
        # empty corner) was left out of the block
        head = rows[0]
        rows[0] = Row((Cell("", head.start, head.start), *head.cells), head.start, head.end)
    return Table(tuple(rows), rows[0].start, rows[-1].end)


def rows_cells(text: str, spans: list[tuple[int, int]]) -> list[list[str]]:
    """The cells of a run of consecutive table rows (``spans``: each row's start and end), as plain text; a
    Markdown rule line ("|---|") has none. Tab and pipe rows split at their separators. Glued rows ("2 Souls3
    Souls5 Souls") are cut only when every row of the run then has as many cells as the first (a lone cell,
    a row label, may stand alone): a run whose counts disagree keeps its glued rows whole."""
    out: list[list[str]] = []
    glued: list[int] = []  # rows with no separator, cut below if their run agrees
    for s, e in spans:
        line = text[s:e]
        if "\t" not in line and not line.lstrip().startswith("|"):
            glued.append(len(out))
            out.append([plain(line)])  # whole, unless the counts agree
        elif RULE_LINE.fullmatch(line):
            out.append([])
        else:
            # a tab row whose line opens with a tab before its span: its empty first cell (a header's corner)
            lead = text[text.rfind("\n", 0, s) + 1:s]
            tab_row = "\t" in line and not line.lstrip().startswith("|")
            out.append([""] * (tab_row and "\t" in lead and not lead.strip()) + cells(line))
    if not glued:
        return out
    table = parse_table(text, spans[0][0], spans[-1][1])
    split = {row.start: [" ".join(c.text.split()) for c in row.cells] for row in table.rows} if table else {}
    width = len(table.header.cells) if table else 0
    found = [split.get(spans[k][0]) for k in glued]
    if width > 1 and all(f is not None and len(f) in (width, 1) for f in found):
        for k, f in zip(glued, found):
            out[k] = f or out[k]
    return out


def pipe_rows(text: str, start: int, end: int, runs: list[list[tuple[int, int]]]) -> str:
    """``text[start:end]`` with its tab and glued table rows (``runs``: runs of consecutive rows' spans, inside
    it, in order) written as Markdown rows ("| 2-Players | 3-Players |"): the form the reader met tables in
    while training on Markdown books. Everything else, pipe rows included, is left as it is."""
    out, at = [], start
    for run in runs:
        for (s, e), row in zip(run, rows_cells(text, run)):
            if len(row) < 2 or text[s:e].lstrip().startswith("|"):
                continue
            out += [text[at:s], "| " + " | ".join(row) + " |"]
            at = e
    return "".join(out) + text[at:end]
