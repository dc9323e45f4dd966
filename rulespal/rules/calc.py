"""Calculators over rule tables and curated rules: rolls with modifiers, thresholds with alternatives,
and the arithmetic a rule spells out. Small and generic: the per-game part is data in corpus/facts/.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from rulespal.core.tokens import tokenize
from rulespal.core.numbers import as_int
from rulespal.core.text import plain
from rulespal.rules.facts import FactBook, RuleTable, keys_match, locate
from rulespal.rules.lookup import row_matches_number, row_range
from rulespal.rules.tables import Row

ROLL = re.compile(r"\b(?:roll(?:ed|s)?(?: a| of)?|result of|got a)\s+(\d{1,2})\b", re.I)


@dataclass
class Calculation:
    text: str
    doc: str
    spans: list[tuple[int, int]] = field(default_factory=list)  # every row or rule used, in order
    computed: list[str] = field(default_factory=list)  # numbers this calculation produced


def calculate(book: FactBook, question: str, docs: list[str], acronyms: dict[str, dict[str, str]]
              ) -> Calculation | None:
    """The first calculation the question asks for in ``docs``; ``acronyms``: {doc: {acronym: expansion}}."""
    for doc in docs:
        result = (_roll_with_modifiers(book, question, doc, acronyms.get(doc, {}))
                  or _threshold(book, question, doc) or _formula(book, question, doc))
        if result:
            return result
    return None


def row_said(row: Row) -> str:
    """"6-9: Knocked out": a chart row as a player reads it, its key first, without the rulebook's markup."""
    return f"{plain(row.cells[0].text)}: {' '.join(plain(c.text) for c in row.cells[1:])}"


def _roll_tables(book: FactBook, doc: str) -> list[RuleTable]:
    return [t for t in book.tables if t.doc == doc and t.table.body
            and all(row_range(plain(r.cells[0].text)) or plain(r.cells[0].text).isdigit() for r in t.table.body)]


def _roll_with_modifiers(book: FactBook, question: str, doc: str, acronyms: dict[str, str]) -> Calculation | None:
    cur = book.curated.get(doc)
    m = ROLL.search(question)
    if not cur or not cur.modifiers or not m:
        return None
    text = book.index.text(doc)
    qtok = set(tokenize(question))
    for t in _roll_tables(book, doc):
        mods = [x for x in cur.modifiers if x.table.casefold() == t.title.casefold()]
        if not mods:
            continue
        title = set(tokenize(t.title))
        expansions = {a.casefold(): e for a, e in acronyms.items()}
        for word in list(title):
            if word in expansions:
                title |= set(tokenize(expansions[word]))
        if not title & qtok:
            continue
        total = base = int(m.group(1))
        steps, spans = [f"{base}"], []
        for mod in mods:
            at = locate(text, mod.quote, doc)
            if mod.per_unit is not None and mod.unit_pattern:
                mm = re.search(mod.unit_pattern, question, re.I)
                count = as_int(mm.group(1)) if mm else None
                if count:
                    total += mod.per_unit * count
                    steps.append(f"{mod.per_unit * count:+d} ({count} {mod.name})")
                    spans.append((at, at + len(mod.quote)))
            elif mod.value is not None and keys_match(question, mod.keys):
                total += mod.value
                steps.append(f"{mod.value:+d} ({mod.name})")
                spans.append((at, at + len(mod.quote)))
        if not spans:
            return None
        rows = [r for r in t.table.body if row_matches_number(r, total)]
        if not rows:
            return Calculation(f"{' '.join(steps)} = {total}: no row of the {t.title} covers {total}", doc, spans)
        results = "; ".join(row_said(r) for r in rows)
        note = f" (the chart lists {len(rows)} rows that include {total})" if len(rows) > 1 else ""
        spans.append((min(r.start for r in rows), max(r.end for r in rows)))
        return Calculation(f"{' '.join(steps)} = {total} on the {t.title}: {results}{note}", doc, spans, [str(total)])
    return None


def _threshold(book: FactBook, question: str, doc: str) -> Calculation | None:
    cur = book.curated.get(doc)
    if not cur:
        return None
    text = book.index.text(doc)
    # The threshold whose keys the question names most.
    ranked = sorted(cur.thresholds, key=lambda th: -keys_match(question, th.keys))
    for th in ranked:
        alts = th.alternatives
        if not alts or keys_match(question, th.keys) < 1:
            continue
        have = {}
        for alt in alts:
            mm = re.search(rf"(\d+)\s*{re.escape(alt.resource.rstrip('s'))}", question, re.I)
            if mm:
                have[alt.resource] = int(mm.group(1))
        if not have:
            continue
        parts, spans, ok = [], [], False
        for alt in alts:
            at = locate(text, alt.quote, doc)
            spans.append((at, at + len(alt.quote)))
            if alt.resource in have:
                enough = have[alt.resource] >= alt.amount
                ok = ok or enough
                parts.append(f"{have[alt.resource]} {alt.resource} {'meets' if enough else 'is short of'} "
                             f"the {alt.amount} {alt.resource} needed")
            else:
                parts.append(f"or {alt.amount} {alt.resource}")
        verdict = "Yes" if ok else "No"
        needed = " or ".join(f"{a.amount} {a.resource}" for a in alts)
        return Calculation(f"{verdict}: to {th.name} you need {needed}; " + "; ".join(parts), doc,
                           list(dict.fromkeys(spans)))
    return None


def _formula(book: FactBook, question: str, doc: str) -> Calculation | None:
    cur = book.curated.get(doc)
    if not cur:
        return None
    text = book.index.text(doc)
    for f in cur.formulas:
        if keys_match(question, f.keys) < max(1, len(f.keys) - 1):
            continue
        mm = re.search(f.input_pattern, question, re.I)
        if not mm:
            continue
        x = int(mm.group(1))
        at = locate(text, f.quote, doc)
        span = (at, at + len(f.quote))
        if f.operation == "half_up":
            return Calculation(f"{f.name}: half of {x}, rounded up, is {math.ceil(x / 2)}", doc, [span],
                               [str(math.ceil(x / 2))])
        if f.operation == "sum" and f.add_pattern and f.add_per_unit is not None:
            add = re.search(f.add_pattern, question, re.I)
            n = as_int(add.group(1)) if add else None
            if n is None:
                continue
            total = x + n * f.add_per_unit
            unit = f" {f.result_unit}" if f.result_unit else ""
            return Calculation(f"{f.name}: {x} + {n} × {f.add_per_unit} = {total}{unit}", doc, [span], [str(total)])
    return None
