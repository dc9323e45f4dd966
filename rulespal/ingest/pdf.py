"""Text of a PDF rulebook that reads like the book: paragraphs reflowed, hyphenated words joined,
page numbers and running headers dropped.

The extractor is PDFium (package ``pypdfium2``), chosen by measuring on the shared real rulebook
PDFs: it keeps words whole where pypdf and PyMuPDF split them ("40 f / ollowers"), reads small
caps as words ("A completed city", not "A com PL eted city"), expands ligatures and marks the
hyphens it saw at line ends. What comes out of here is the stored text: citations point into it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from rulespal.core.text import LIST_BULLET

LINE_HYPHEN = "\ufffe"  # PDFium's mark for a hyphen that broke a word at a line end
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\x00\x02"), None)
# The Latin ligatures (U+FB00-FB06: "ﬁ", "ﬄ"), spelled out by Unicode's compatibility form; only these, so that
# "½" or a full-width digit stays as the page prints it.
LIGATURES = re.compile("[\ufb00-\ufb06]")
PAGE_NUMBER = re.compile(r"^(?:page\s*[|:]?\s*)?\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?$", re.I)
# A line that opens a list entry: a bullet, a number or letter (core.text.LIST_BULLET), "(2)", "Step 3", or a
# signed line ("+2 VP: ..."), which a PDF sets as one entry of a list of effects.
ITEM_START = re.compile(rf"^(?:{LIST_BULLET}|[*+]|\(\d{{1,2}}\)\s|(?i:step)\s+\d+\)?)")
# A symbol-font bullet that comes out as a lone letter ("u 1 Board map": Wingdings/Zapf Dingbats).
DINGBAT = re.compile(r"^\s*([lnquv])\s+(?=[A-Z0-9])")
TERMINAL = re.compile(r"[.!?:;][\"'”’)\]]*$")
LEADER = re.compile(r"(?:\.\s*){4,}\d+$|\s{3,}\d+$")  # a table-of-contents entry: "Setup ........ 4"
# A line at the top or bottom of at least this share of pages is a running header/footer. Hand-set; the dev PDFs'
# text is the same for 0.2-0.6 (2026-12-05).
FURNITURE_SHARE = 0.4
# A line at least this share of the book's long lines filled its column: the page wrapped it. Hand-set; on the dev
# PDFs (24 blind dev questions, 2026-12-05) 0.4: accuracy 0.625 (hit@1 0.682), 0.5: 0.583 (0.727), 0.6: 0.583
# (0.682): one question either way; kept
WIDE_SHARE = 0.5
# A line at least this much larger than the body text is a heading. Re-chosen on the two dev-split PDFs only
# (carcassonne, ticket-to-ride; 2026-12-05): their pages come out identical for any value from 1.04 to 1.08
# (19 and 17 headings); below, carcassonne gains 9 lines set a little larger; above, headings go (1.1: 19/15,
# 1.2: 11/15, 1.25: 0/15, 1.7: 0/4). Their 24 blind dev questions: 1.0 accuracy 0.583 (hit@1 0.636), 1.08 0.583
# (0.727), 1.34 0.583 (0.682), 1.7 0.542 (0.591), no size headings 0.583 (0.682). The middle of the plateau.
# (It was 1.08, chosen with the test-split PDFs' type sizes in view.)
HEADING_SIZE = 1.06
# A short line is a title (``_short_title``), a heading-like line short and unpunctuated (``_heading_like``); the
# widest lines that set the column are this quantile of line lengths. Hand-set with the PDF reader (2026-11-30) on
# the five shipped books' shapes; never swept.
TITLE_MAX_CHARS, TITLE_MAX_WORDS, HEADING_MAX_WORDS = 80, 10, 8
COLUMN_QUANTILE = 0.9
# A type size holding this share of a book's letters is body text, whatever else is larger; and with fewer lines
# set large than MIN_SIZED_HEADINGS the sizes say nothing about structure (a title, a callout). Hand-set; the dev
# PDFs' text is the same for 0.05-0.3 and for 1-8 (2026-12-05).
BODY_SHARE = 0.1
MIN_SIZED_HEADINGS = 3
SMALL_WORDS = frozenset("a an the and or of to in on at by for with from as is are be that this your their its".split())


def pdf_pages(raw: bytes) -> list[str]:
    """The text of each page, as PDFium reads it, with the lines set larger than the body text marked as
    Markdown headings ("## Setting up the Game"): a PDF's headings are its type sizes, not its words."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(raw)
    try:
        pages = [_sized_lines(doc[i].get_textpage()) for i in range(len(doc))]
    finally:
        doc.close()
    return mark_headings(pages)


def _sized_lines(textpage) -> list[tuple[str, float]]:
    """A page's lines, each with the median height of its letters' boxes (the font's size as set)."""
    import pypdfium2.raw as pdfium

    text = textpage.get_text_range()
    sized = len(text) == textpage.count_chars()  # one box per character, or no sizes at all
    box = pdfium.FS_RECTF()
    lines: list[tuple[str, float]] = []
    start = 0
    for m in re.finditer(r"\r\n|\n|\r|$", text):
        heights = []
        for i in range(start, m.start()):
            if sized and text[i].isalpha() and pdfium.FPDFText_GetLooseCharBox(textpage.raw, i, box):
                heights.append(box.top - box.bottom)
        lines.append((text[start:m.start()], sorted(heights)[len(heights) // 2] if heights else 0.0))
        start = m.end()
    return lines


def mark_headings(pages: list[list[tuple[str, float]]]) -> list[str]:
    """Each page's text; where the book sets at least three short lines larger than its body text, those
    lines become Markdown headings, the largest size level 1. A book whose headings are the body's size
    (small capitals, bold) keeps plain lines, and the structure step finds headings by their shape."""
    letters: Counter = Counter()
    for page in pages:
        for line, height in page:
            letters[round(height, 1)] += sum(ch.isalpha() for ch in line)
    total = sum(letters.values())
    # Body text may come in two sizes (rules and examples): every size with a real share of the letters is body.
    body = max((h for h, n in letters.items() if n >= BODY_SHARE * total), default=0.0)
    heading = {(p, i) for p, page in enumerate(pages) for i, (line, height) in enumerate(page)
               if body > 0 and height >= HEADING_SIZE * body and _short_title(line)}
    on_pages = {p for p, _ in heading}
    if len(heading) < MIN_SIZED_HEADINGS or len(on_pages) < min(2, len(pages)):
        return ["\n".join(line for line, _ in page) for page in pages]  # too few, or a title page alone
    sizes = sorted({round(pages[p][i][1] * 2) / 2 for p, i in heading}, reverse=True)
    out = []
    for p, page in enumerate(pages):
        lines = []
        for i, (line, height) in enumerate(page):
            if (p, i) in heading:
                level = min(3, sizes.index(round(height * 2) / 2) + 1)
                line = f"{'#' * level} {line.strip()}"
            lines.append(line)
        out.append("\n".join(lines))
    return out


def _short_title(line: str) -> bool:
    s = line.strip().translate(INVISIBLE)
    return (bool(s) and (s[0].isupper() or s[0].isdigit()) and len(s) <= TITLE_MAX_CHARS and len(s.split()) <= TITLE_MAX_WORDS
            and not re.search(r"[.:;,]$", s) and not PAGE_NUMBER.match(s))


def clean_pages(pages: list[str]) -> str:
    """One text from the pages: furniture dropped, words rejoined, paragraphs reflowed."""
    pages = [_clean_chars(p) for p in pages]
    lines_per_page = [[ln.rstrip() for ln in p.split("\n") if ln.strip()] for p in pages]
    furniture = _running_lines(lines_per_page)
    lines: list[str] = []
    for page in lines_per_page:
        lines.extend(ln for i, ln in enumerate(page) if not _is_furniture(ln, i, len(page), furniture))
    return "\n\n".join(_paragraphs(_join_hyphens(_bullets(lines))))


def _bullets(lines: list[str]) -> list[str]:
    """A letter that opens several lines before a capital is a bullet glyph: written as "•"."""
    starts = Counter(m.group(1) for ln in lines if (m := DINGBAT.match(ln)))
    glyphs = {c for c, n in starts.items() if n >= 2}
    return [DINGBAT.sub("• ", ln) if (m := DINGBAT.match(ln)) and m.group(1) in glyphs else ln for ln in lines]


def _clean_chars(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(INVISIBLE)
    return LIGATURES.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)


def _shape(line: str) -> str:
    return re.sub(r"\d+", "#", " ".join(line.split()).casefold())


def _running_lines(pages: list[list[str]]) -> set[str]:
    """Lines (digits ignored) that open or close many pages: running headers and footers."""
    if len(pages) < 3:
        return set()
    seen: Counter = Counter()
    for page in pages:
        seen.update({_shape(ln) for ln in page[:2] + page[-2:]})
    return {s for s, n in seen.items() if n >= max(3, FURNITURE_SHARE * len(pages))}


def _is_furniture(line: str, i: int, n: int, running: set[str]) -> bool:
    edge = i < 2 or i >= n - 2
    return edge and (PAGE_NUMBER.match(line.strip()) is not None or _shape(line) in running)


def _join_hyphens(lines: list[str]) -> list[str]:
    """Rejoin words broken at line ends: PDFium's mark, or a hyphen before a lower-case line start
    when the joined word is used elsewhere in the book ("re-/moved"); "two-/player" keeps its hyphen."""
    words = Counter(re.findall(r"[a-z]+", " ".join(lines).casefold()))
    out: list[str] = []
    for ln in lines:
        if out and out[-1].endswith(LINE_HYPHEN):
            out[-1] = out[-1][:-1] + ln.lstrip()
            continue
        prev = out[-1] if out else ""
        m = re.search(r"([A-Za-z]+)-$", prev)
        nxt = re.match(r"\s*([a-z]+)", ln)
        if m and nxt and words[(m.group(1) + nxt.group(1)).casefold()] > 0:
            out[-1] = prev[:-1] + ln.lstrip()
        else:
            out.append(ln)
    return [ln.replace(LINE_HYPHEN, "") for ln in out]  # a mark inside a line: PDFium already joined it


def _paragraphs(lines: list[str]) -> list[str]:
    """Lines joined into paragraphs; list items stay one per line, each with its wrapped lines."""
    if not lines:
        return []
    lengths = sorted(len(ln.strip()) for ln in lines)
    wide = lengths[int(len(lengths) * COLUMN_QUANTILE)] * WIDE_SHARE
    blocks: list[list[str]] = [[lines[0].strip()]]
    last = lines[0].strip()  # the last line as the page set it, before joining
    for ln in lines[1:]:
        s = ln.strip()
        prev = blocks[-1][-1]
        if _continues(last, s, wide):
            glue = "" if re.search(r"[A-Za-z]-$", prev) and s[0].islower() else " "  # "two-" + "player"
            blocks[-1][-1] = prev + glue + s
        elif ITEM_START.match(s) and ITEM_START.match(blocks[-1][0]):
            blocks[-1].append(s)  # the next item of the same list
        else:
            blocks.append([s])
        last = s
    return ["\n".join(b) for b in blocks]


def _continues(prev: str, line: str, wide: float) -> bool:
    """Does ``line`` carry on the paragraph of ``prev`` (a line the page wrapped) rather than start anew?"""
    if ITEM_START.match(line) or LEADER.search(prev) or line.startswith("#") or prev.startswith("#"):
        return False  # a new item, a table-of-contents entry, a heading the type size marked
    if line[0] in ".,;:)]!?":
        return True  # a word set on a line of its own ("Treasure" / ". Place each")
    if line[0].islower():
        return not TERMINAL.search(prev)
    if TERMINAL.search(prev):
        return len(prev) >= wide and not _heading_like(line, wide)  # a full line ended a sentence mid-paragraph
    if ITEM_START.match(prev) or _heading_like(prev, wide):
        return len(prev) >= wide  # a short item or a heading ends at its line
    return len(prev) >= wide or not _heading_like(line, wide)


def _heading_like(line: str, wide: float) -> bool:
    """Short, unpunctuated, not ending on a small word: "Game setup", "3. Scoring", "A completed road"."""
    words = line.split()
    return (len(line) < wide and len(words) <= HEADING_MAX_WORDS and not TERMINAL.search(line) and "," not in line
            and words[-1].casefold() not in SMALL_WORDS and (line[0].isupper() or line[0].isdigit()))
