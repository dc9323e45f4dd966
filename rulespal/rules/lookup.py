"""Look a question's keys up in a recovered rule table: player count -> column, roll or name -> row.

Overlapping roll ranges return every matching row (a chart that lists both 9-10 and 6-9 is reported
as it is, not resolved by guessing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.text import NUMBER_CELL, plain
from rulespal.core.tokens import STOPWORDS, tokenize
from rulespal.rules.tables import Cell, Row, Table

PLAYER_COUNT = re.compile(r"(?<!\d)(\d)\s*-?\s*(?:players?\b|p\b|인|명)", re.I)
HEADER_PLAYERS = re.compile(r"(?<!\d)(\d)(?:\s*/\s*(\d))?\s*-?\s*players?\b", re.I)
NUMBER = re.compile(r"(?<![\d.])(\d{1,3})(?![\d.])")


@dataclass(frozen=True)
class Lookup:
    table: Table
    rows: tuple[Row, ...]  # matching body rows (several when ranges overlap)
    column: int | None  # matching column index, if a column key matched
    key: str  # what matched, for the answer text

    @property
    def cells(self) -> list[Cell]:
        if self.column is None:
            return [c for r in self.rows for c in r.cells]
        return [r.cells[self.column] for r in self.rows if self.column < len(r.cells)]


def player_count(question: str) -> int | None:
    m = PLAYER_COUNT.search(question)
    return int(m.group(1)) if m else None


def _column_for_players(header: Row, n: int) -> int | None:
    for i, c in enumerate(header.cells):
        m = HEADER_PLAYERS.search(c.text)
        if m and (int(m.group(1)) == n or (m.group(2) and int(m.group(2)) == n)):
            return i
        if c.text.strip().isdigit() and int(c.text) == n and len(header.cells) > 2:
            return i
    return None


# A row key: a number, a range ("5-9", "5 to 9") or an open range ("10+", "10 or more").
ROW_KEY = re.compile(r"^\s*(\d+)\s*(?:[-–—]|to)\s*(\d+)\s*$|^\s*(\d+)\s*(\+|or more)?\s*$", re.I)


def key_holds(key: str, n: int) -> bool:
    """Is ``n`` in a row keyed ``key``: the number itself, a range ("5–9") or an open range ("10+"), bold or not?"""
    m = ROW_KEY.match(plain(key))
    return m is not None and _holds(m, n)


def row_matches_number(row: Row, n: int) -> bool:
    """A roll chart's row for ``n``: keyed by a number or a closed range (open ranges are not read here)."""
    m = ROW_KEY.match(plain(row.cells[0].text))  # "**15-18**" is keyed 15-18
    return m is not None and not m.group(4) and _holds(m, n)


def _holds(key: re.Match[str], n: int) -> bool:
    """``n`` against a ``ROW_KEY`` match: within its range, at or above its open range, or the number itself."""
    if key.group(1):
        return int(key.group(1)) <= n <= int(key.group(2))
    return n >= int(key.group(3)) if key.group(4) else n == int(key.group(3))


def row_range(key: str) -> tuple[int, int] | None:
    """A row key that is a closed range ("5-9", "5 to 9"): its ends; else None."""
    m = ROW_KEY.match(key)
    return (int(m.group(1)), int(m.group(2))) if m and m.group(1) else None


def lookup(table: Table, question: str, min_share: float) -> Lookup | None:
    """The rows/cells of ``table`` that the question asks for, or None when it names no key of it.

    ``min_share``: how much of a row or column name the question must hold to select it.
    """
    n_players = player_count(question)
    column = _column_for_players(table.header, n_players) if n_players else None
    body = table.body
    numbers = _row_keys(PLAYER_COUNT.sub(" ", question), table)
    by_players = sum(1 for c in table.header.cells if HEADER_PLAYERS.search(c.text)) >= 2
    if by_players and column is None:
        return None  # a player-count table answers player-count questions only
    if column is not None:
        # A player-count table: one value row, or rows keyed by a row label the question names.
        if len(body) == 1:
            return Lookup(table, body, column, table.header.cells[column].text)
        named = _rows_by_name(body, question, min_share)
        return Lookup(table, named, column, table.header.cells[column].text) if named else None
    # Rows keyed by number or range in the first column (roll charts, player counts in rows, score bands: one row
    # may be keyed otherwise, "Defeat all 10 missions" over "22+", "19-21", ...).
    keyed = [r for r in body if ROW_KEY.match(plain(r.cells[0].text))]
    if len(keyed) >= 2 and len(keyed) >= len(body) - 1:
        other = tuple(r for r in body if r not in keyed)
        if other and (named := _rows_by_name(other, question, min_share)):
            return Lookup(table, named, None, named[0].cells[0].text)  # "defeat all 10 missions": that row
        wanted = numbers + ([n_players] if n_players else [])
        for n in wanted:
            rows = tuple(r for r in keyed if key_holds(r.cells[0].text, n))
            if rows:
                return Lookup(table, rows, _column_by_name(table.header, question, min_share), str(n))
        if not other:
            return None
    named = _rows_by_name(body, question, min_share)
    if named:
        return Lookup(table, named, None, named[0].cells[0].text)
    return None


# The word after a number in a question: "3 rounds", "8 influence" count things; "card 3?" does not.
WORD_AFTER = re.compile(r"\s*([A-Za-z][A-Za-z'-]*)")
# The key column of a numbered list ("#", "No.", or nothing): its numbers only say which row.
INDEX_HEADER = re.compile(r"^\W*(?:#|no\.?|nr\.?|number)?\W*$", re.I)


def _row_keys(question: str, table: Table) -> list[int]:
    """The question's numbers that can pick a numbered row. In a numbered list ("# | Card | Ability") a number
    followed by a noun counts something ("waited 3 rounds", "spending 8 influence") and is not row 3 or 8,
    unless the header names that noun; roll charts and count-keyed tables take every number, as before."""
    numbers = [(int(m.group(1)), m.end()) for m in NUMBER.finditer(question)]
    if not table.header.cells or not INDEX_HEADER.match(table.header.cells[0].text):
        return [n for n, _ in numbers]
    head = set(tokenize(" ".join(c.text for c in table.header.cells)))
    keys = []
    for n, end in numbers:
        after = WORD_AFTER.match(question, end)
        word = after.group(1).casefold() if after else ""
        noun = set(tokenize(word)) if word and word not in STOPWORDS else set()
        if not noun or noun & head:
            keys.append(n)
    return keys


def _column_by_name(header: Row, question: str, min_share: float) -> int | None:
    """A column the question names ("rum markers"), never the key column."""
    q = set(tokenize(question))
    best, best_score = None, 0.0
    for i, c in enumerate(header.cells[1:], 1):
        key = set(tokenize(c.text)) - {"marker", "player"}
        if key:
            score = len(key & q) / len(key)
            if score > best_score:
                best, best_score = i, score
    return best if best_score >= min_share else None


def _rows_by_name(body: tuple[Row, ...], question: str, min_share: float) -> tuple[Row, ...]:
    q = set(tokenize(question))
    best: list[Row] = []
    best_score = 0.0
    for r in body:
        key = set(tokenize(r.cells[0].text))
        if not key:
            continue
        score = len(key & q) / len(key)
        if len(key) <= 2 and score < 1.0:
            continue  # a short row name must be named whole: "ghost" alone is not "Ghost Town"
        if score > best_score:
            best, best_score = [r], score
        elif score == best_score and score > 0:
            best.append(r)
    return tuple(best) if best_score >= min_share and len(best) <= 2 else ()


def _row_named(first_header: str, row_label: str) -> str:
    """The row a value is read from, named with its column: "With 3 players" (a "Players" column), "Roll
    6-9"; "" when the table has one body row."""
    label, head = row_label.strip(), first_header.strip()
    if not label:
        return ""
    if re.fullmatch(r"(?:#\s*of\s*|number\s+of\s+)?players?", head, re.I) and \
            re.fullmatch(r"\d+(?:\s*[-–]\s*\d+)?\+?", label):
        return f"With {label} players"
    return f"{head} {label}" if head and head.casefold() not in label.casefold() else label


def render(lk: Lookup) -> str:
    """A short answer from a lookup: "3-Players: 3 Gems", "Volcano: 4 Gold or -2 Health"."""
    header = lk.table.header.cells
    parts = []
    for r in lk.rows:
        cells = r.cells
        if lk.column is not None:
            value = cells[lk.column].text if lk.column < len(cells) else ""
            label = header[lk.column].text
            row_label = cells[0].text if len(lk.table.body) > 1 and lk.column != 0 else ""
            row = _row_named(header[0].text, row_label)
            parts.append(f"{row + ', ' if row else ''}{label}: {value}")  # the label last: it names the value
        elif len(header) == 2 == len(cells) and header[1].text.strip() and NUMBER_CELL.fullmatch(cells[1].text):
            # a bare number is named by its column ("Challenging: 3" says 3 of what?)
            row = _row_named(header[0].text, cells[0].text)
            parts.append(f"{row + ', ' if row else ''}{header[1].text}: {cells[1].text}")
        elif len(header) > 2 and len(cells) == len(header):
            fields = ", ".join(f"{h.text} {c.text}" for h, c in zip(header[1:], cells[1:]) if c.text)
            parts.append(f"{cells[0].text}: {fields}")
        else:
            parts.append(f"{cells[0].text}: " + " ".join(c.text for c in cells[1:]) if len(cells) > 1
                         else cells[0].text)
    text = "; ".join(parts)
    if len(lk.rows) > 1 and lk.column is None and lk.key.isdigit():
        text += f" (the chart lists {len(lk.rows)} rows that include {lk.key})"
    return text
