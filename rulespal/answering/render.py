"""Picks into answer text and citations: quotes read as plain text, glossed across languages."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import groupby

from rulespal.core.messages import say
from rulespal.core.text import LIST_BULLET, RULE_LINE, STEP_NUMBER, TABLE_ROW, labelled_rows, plain
from rulespal.core.types import Chunk, Citation, Unit
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


def quote_text(pick: Pick, doc_text: str, head_of: Callable[[Unit], Unit | None] | None = None) -> str:
    """The picked units as one line of plain text: a table's rows each with its column names ("Players: 3, Rum
    markers: 10"), else their cells joined with " | "; rows joined with " / "; list items without their step
    numbers. A sentence before a table is followed by its rows, read so. ``head_of``: a row's table's header row
    (``table_head``); by default the first row of its run in the pick's passage."""
    units = pick.hit.chunk.units
    head_of = head_of or (lambda row: _run_start(units, row, doc_text))
    parts: list[str] = []
    for is_row, group in groupby(pick.units, key=lambda u: u.kind == "row"):
        if is_row:  # consecutive rows, rendered together
            parts.append(_rows_text(list(group), head_of, doc_text))
            continue
        run = list(group)
        listed = [u.kind == "item" or LIST_MARK.match(doc_text, u.start) is not None for u in run]
        for k, u in enumerate(run):
            text = plain(re.sub(r"\s*\t\s*", " | ", doc_text[u.start:u.end]))
            if u.kind == "item":
                text = STEP_NUMBER.sub("", text)
            # "1 Airship on the start space; 1 drone next to ...": list entries on one line stay apart
            if text and listed[k] and k + 1 < len(run) and listed[k + 1] and not ITEM_END.search(text):
                text += ";"
            parts.append(text)
    sep = " / " if any(u.kind == "row" for u in pick.units) else " "
    return sep.join(p for p in parts if p)


ITEM_END = re.compile(r"(?:[.!?;:,]|\b(?:or|and))\s*$")
LIST_MARK = re.compile(rf"[ \t]*{LIST_BULLET}")


def _run_start(units: tuple[Unit, ...], row: Unit, text: str) -> Unit | None:
    """The first row of the run of rows ``row`` is in, within ``units`` (None: ``row`` is not among them)."""
    if row not in units:
        return None
    k = units.index(row)
    while k > 0 and units[k - 1].kind == "row" and _one_table(text[units[k - 1].end:units[k].start]):
        k -= 1
    return units[k]


def _one_table(gap: str) -> bool:
    """The text between two rows leaves them in one table: a line break, no blank line, nothing else."""
    return not gap.strip() and gap.count("\n") <= 1


def table_head(index: IndexSnapshot, chunk: Chunk, row: Unit) -> Unit | None:
    """The header row of the table ``row`` belongs to: the first row of its run, walked back into the passages
    before when a long table was cut into several (the rows of one table are a line apart, tables a blank line)."""
    found = index.unit_at(chunk.doc, row.start)
    if found is None:
        return None
    chunk = found[0]
    text = index.text(chunk.doc)
    head = _run_start(chunk.units, row, text)
    while head is not None and head == chunk.units[0]:
        before = index.preceding(chunk)
        if before is None or not before.units or before.units[-1].kind != "row":
            break
        if not _one_table(text[before.units[-1].end:head.start]):
            break
        chunk, head = before, _run_start(before.units, before.units[-1], text)
    return head


# The line after a header row, past its "\n" or "\r\n": where its rule line ("|---|") is.
NEXT_LINE = re.compile(r"\r?\n([^\r\n]*)")


def headed_quote(index: IndexSnapshot, cite: Citation) -> str:
    """A citation's quote with its table's header row and rule line before it, where it opens on a row of a
    Markdown table whose header is not quoted: so that its cells are read with their column names
    (``core.text.flat_quote``). Any other quote as it is."""
    first = cite.quote.split("\n", 1)[0]
    found = index.unit_at(cite.doc, cite.start) if TABLE_ROW.fullmatch(first) else None
    if found is None or found[1].kind != "row":
        return cite.quote
    head = table_head(index, found[0], found[1])
    text = index.text(cite.doc)
    if head is None or head.start >= cite.start:
        return cite.quote
    after = NEXT_LINE.match(text, head.end)  # "\n" or "\r\n", then the rule line
    rule = after.group(1).strip() if after else ""
    return f"{text[head.start:head.end]}\n{rule}\n{cite.quote}" if RULE_LINE.fullmatch(rule) else cite.quote


def _rows_text(run: list[Unit], head_of: Callable[[Unit], Unit | None], doc_text: str) -> str:
    """Table rows with their column names, read from their table's header row (quoted or not); a header row
    alone, its names ("#, Card, Initiative"); rows whose header is unknown or has no cells, their cells joined
    with " | "."""
    head = head_of(run[0])
    rows = run if head is None or head == run[0] else [head, *run]
    cells = rows_cells(doc_text, [(u.start, u.end) for u in rows])
    if head is not None and cells[0]:
        return " / ".join(labelled_rows(cells[0], cells[1:])) if len(rows) > 1 else ", ".join(c for c in cells[0] if c)
    return " / ".join(" | ".join(c for c in r if c) for r in cells if r)


def across(text: str, q_lang: str, doc_lang: str, glossary: list[tuple[str, str]]) -> str:
    """Gloss a quote's game terms into the question's language ("휴식" -> "Rest (휴식)")."""
    if q_lang != doc_lang and q_lang in ("en", "ko") and doc_lang in ("en", "ko"):
        return gloss(text, glossary, to=q_lang)
    return text


def render(index: IndexSnapshot, pick: Pick, q_lang: str, glossary: list[tuple[str, str]]) -> str:
    doc = pick.hit.chunk.doc
    text = quote_text(pick, index.text(doc), lambda row: table_head(index, pick.hit.chunk, row))
    return across(text, q_lang, index.docs[doc].lang, glossary)


def lead_for(q_lang: str, doc_lang: str) -> str:
    """The answer's own words say, in the question's language, that the quote is in the book's other language:
    "규칙서(영문)에 따르면:" for a Korean question on an English book, "The rulebook (in Korean) says:" the other way."""
    if q_lang == doc_lang or {q_lang, doc_lang} != {"en", "ko"}:
        return ""
    return say(q_lang, "from_english" if doc_lang == "en" else "from_korean")
