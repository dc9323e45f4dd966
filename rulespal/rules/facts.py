"""Rule tables and numeric facts, each with the span of the rulebook it came from.

Two sources: tables recovered automatically from every indexed rulebook (also a user's own), and
curated data files (``corpus/facts/<doc>.toml``) for what the extraction flattened beyond recovery,
what the rulebook explicitly does not print, thresholds, roll modifiers and formulas stated in prose.
A curated value is located by its quote; a quote that is not in the rulebook stops the load.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from functools import cached_property
from pathlib import Path

from rulespal.core.text import last_section, plain
from rulespal.core.types import SourceSpan
from rulespal.index.snapshot import IndexSnapshot
from rulespal.rules.curated import Curated, CuratedFactError, NotPrinted, load_curated
from rulespal.rules.lookup import row_range
from rulespal.rules.tables import Table, parse_table, row_runs


@dataclass(frozen=True)
class Fact:
    doc: str
    kind: str  # cell | not_printed | inconsistency | threshold | modifier | formula
    table: str
    row: str
    column: str
    value: str
    start: int
    end: int
    origin: str = "auto"  # auto | curated
    note: str = ""

    def source(self) -> SourceSpan:
        return SourceSpan(doc=self.doc, start=self.start, end=self.end)

    def to_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class RuleTable:
    doc: str
    title: str
    section: str
    table: Table


def locate(text: str, quote: str, doc: str, occurrence: int = 1) -> int:
    pos = -1
    for _ in range(occurrence):
        pos = text.find(quote, pos + 1)  # locating curated data in the file, not chunking
        if pos < 0:
            raise CuratedFactError(f"corpus/facts/{doc}.toml: quote not found in the rulebook: {quote[:70]!r}")
    return pos


class FactBook:
    """All facts of an index build: recovered tables plus curated data."""

    def __init__(self, index: IndexSnapshot, facts_dir: Path | None):
        self.index = index
        self.facts_dir = facts_dir

    @cached_property
    def tables(self) -> list[RuleTable]:
        out = []
        for chunk in self.index.chunks:
            units = chunk.units
            text = self.index.text(chunk.doc)
            for i, j in row_runs(units):
                table = parse_table(text, units[i].start, units[j].end)
                heads = [u for u in units[:i] if u.kind == "heading"]
                title = plain(text[heads[-1].start:heads[-1].end]) if heads else last_section(chunk.section)
                if table is not None:
                    out.append(RuleTable(chunk.doc, title or "table", chunk.section, table))
        return out

    @cached_property
    def curated(self) -> dict[str, Curated]:
        out: dict[str, Curated] = {}
        if self.facts_dir is None:
            return out
        for doc in self.index.docs:
            path = self.facts_dir / f"{doc}.toml"
            if path.exists():
                out[doc] = load_curated(path)
        return out

    @cached_property
    def facts(self) -> list[Fact]:
        facts: list[Fact] = []
        for t in self.tables:
            facts.extend(self._table_facts(t))
        for doc, cur in self.curated.items():
            facts.extend(_curated_facts(doc, cur, self.index.text(doc)))
        return facts

    def _table_facts(self, t: RuleTable) -> list[Fact]:
        facts = []
        header = t.table.header.cells
        body = t.table.body
        for r in body:
            for ci, cell in enumerate(r.cells):
                if (ci == 0 and len(body) > 1 and len(r.cells) > 1) or not cell.text:
                    continue  # the row key; an empty cell states nothing
                column = header[ci].text if ci < len(header) else ""
                row = r.cells[0].text if len(body) > 1 else ""
                facts.append(Fact(t.doc, "cell", t.title, row, column, cell.text, cell.start, cell.end))
        # Roll charts whose ranges overlap are reported, not resolved ("9-10" and "6-9" both hold 9).
        ranges = []
        for r in body:
            if ends := row_range(r.cells[0].text.strip()):
                ranges.append((*ends, r))
        for i, (a1, b1, r1) in enumerate(ranges):
            for a2, b2, r2 in ranges[i + 1:]:
                lo, hi = max(a1, a2), min(b1, b2)
                if lo <= hi:
                    both = f"{lo}" if lo == hi else f"{lo}-{hi}"
                    facts.append(Fact(t.doc, "inconsistency", t.title, f"{r1.cells[0].text} / {r2.cells[0].text}", "",
                                      f"rolls {both} are in two rows", r1.start, r2.end,
                                      note="the rulebook lists overlapping ranges; both rows are reported"))
        return facts

    def for_doc(self, doc: str | None) -> list[Fact]:
        return [f for f in self.facts if doc is None or f.doc == doc]

    def not_printed(self, doc: str) -> list[tuple[NotPrinted, Fact]]:
        """The curated "not printed" entries of ``doc`` with their located facts."""
        cur = self.curated.get(doc)
        if cur is None:
            return []
        return list(zip(cur.not_printed, [f for f in self.for_doc(doc) if f.kind == "not_printed"]))


def _curated_facts(doc: str, cur: Curated, text: str) -> list[Fact]:
    facts = []
    for block in cur.cells:
        at = locate(text, block.quote, doc)
        for v in block.values:
            inner = _nth(block.quote, v.value, v.occurrence)
            facts.append(Fact(doc, "cell", block.table, block.row, v.column, v.value,
                              at + inner, at + inner + len(v.value), "curated"))
    for np_ in cur.not_printed:
        at = locate(text, np_.quote, doc)
        facts.append(Fact(doc, "not_printed", "", np_.what, "", "not printed", at, at + len(np_.quote), "curated"))
    for th in cur.thresholds:
        for alt in th.alternatives:
            at = locate(text, alt.quote, doc)
            inner = _nth(alt.quote, str(alt.amount), 1)
            facts.append(Fact(doc, "threshold", th.name, "", alt.resource, str(alt.amount),
                              at + inner, at + inner + len(str(alt.amount)), "curated"))
    for m in cur.modifiers:
        at = locate(text, m.quote, doc)
        value = f"+{m.per_unit} per unit" if m.per_unit is not None else f"{m.value:+d}"
        facts.append(Fact(doc, "modifier", m.table, m.name, "", value, at, at + len(m.quote), "curated"))
    for f in cur.formulas:
        at = locate(text, f.quote, doc)
        facts.append(Fact(doc, "formula", f.name, "", "", f.operation, at, at + len(f.quote), "curated"))
    return facts


def _nth(haystack: str, needle: str, n: int) -> int:
    pos = -1
    for _ in range(n):
        pos = haystack.find(needle, pos + 1)
        if pos < 0:
            raise CuratedFactError(f"value {needle!r} not found in its quote {haystack[:60]!r}")
    return pos


def keys_match(question: str, keys: list[str]) -> int:
    """How many of ``keys`` the question holds, each as a whole word or the start of one ("intimidat")."""
    q = question.casefold()
    return sum(1 for k in keys if re.search(r"(?<!\w)" + re.escape(k.casefold()), q))
