"""Picks into answer text and citations: quotes read as plain text, glossed across languages."""

from __future__ import annotations

import re
from itertools import groupby

from rulespal.core.messages import say
from rulespal.core.text import STEP_NUMBER, plain
from rulespal.core.types import Citation
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.glossary import gloss
from rulespal.rules.tables import rows_cells
from rulespal.answering.picks import Pick


def citation(index: IndexSnapshot, n: int, pick: Pick) -> Citation:
    c = pick.hit.chunk
    return Citation(n=n, doc=c.doc, section=c.section, start=pick.start, end=pick.end,
                    quote=index.text(c.doc)[pick.start:pick.end])


def span_citation(index: IndexSnapshot, n: int, doc: str, start: int, end: int) -> Citation:
    return Citation(n=n, doc=doc, section=index.section_at(doc, start), start=start, end=end,
                    quote=index.text(doc)[start:end])


# A list item's step number (core.text.STEP_NUMBER): the citation keeps it; the answer's line does not.


def quote_text(pick: Pick, doc_text: str) -> str:
    """The picked units as one line of plain text: a table's rows each with its column names when the table's
    header row is quoted ("Players: 3, Rum markers: 10"), else their cells joined with " | "; rows joined with
    " / "; list items without their step numbers. A sentence before a table is followed by its rows, read so."""
    parts: list[str] = []
    for is_row, group in groupby(pick.units, key=lambda u: u.kind == "row"):
        if is_row:  # consecutive rows, rendered together
            parts.append(_rows_text(list(group), pick.hit.chunk.units, doc_text))
            continue
        for u in group:
            text = plain(re.sub(r"\s*\t\s*", " | ", doc_text[u.start:u.end]))
            parts.append(STEP_NUMBER.sub("", text) if u.kind == "item" else text)
    sep = " / " if any(u.kind == "row" for u in pick.units) else " "
    return sep.join(p for p in parts if p)


def _rows_text(run: list, units: tuple, doc_text: str) -> str:
    """Table rows: with their column names when the run starts at the table's header row."""
    rows = [r for r in rows_cells(doc_text, [(u.start, u.end) for u in run]) if r]
    at = units.index(run[0]) if run[0] in units else -1
    if at >= 0 and (at == 0 or units[at - 1].kind != "row") and len(rows) > 1:
        return " / ".join(_labelled(rows[0], r) for r in rows[1:])
    return " / ".join(" | ".join(c for c in r if c) for r in rows)


def _labelled(head: list[str], row: list[str]) -> str:
    """A row with its column names ("Players: 3, Rum markers: 10"). A lone cell under a wider header (a glued
    table's last row, "5") is not the first column's value: it stays bare."""
    if len(row) == 1 < len(head):
        return row[0]
    return ", ".join(f"{h}: {c}" if h else c for h, c in zip(head, row) if c)


def across(text: str, q_lang: str, doc_lang: str, glossary: list[tuple[str, str]]) -> str:
    """Gloss a quote's game terms into the question's language ("휴식" -> "Rest (휴식)")."""
    if q_lang != doc_lang and q_lang in ("en", "ko") and doc_lang in ("en", "ko"):
        return gloss(text, glossary, to=q_lang)
    return text


def render(index: IndexSnapshot, pick: Pick, q_lang: str, glossary: list[tuple[str, str]]) -> str:
    doc = pick.hit.chunk.doc
    return across(quote_text(pick, index.text(doc)), q_lang, index.docs[doc].lang, glossary)


def lead_for(q_lang: str, doc_lang: str) -> str:
    """The answer's own words say, in the question's language, that the quote is in the book's other language:
    "규칙서(영문)에 따르면:" for a Korean question on an English book, "The rulebook (in Korean) says:" the other way."""
    if q_lang == doc_lang or {q_lang, doc_lang} != {"en", "ko"}:
        return ""
    return say(q_lang, "from_english" if doc_lang == "en" else "from_korean")
