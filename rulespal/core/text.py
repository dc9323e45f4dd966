"""Text utilities every stage shares: scripts, language, bullets, exact file text."""

from __future__ import annotations

import re
from pathlib import Path

HANGUL = re.compile(r"[가-힣]")
HANGUL_WORD = re.compile(r"[가-힣]{2,}")  # a Hangul word of two syllables or more
LATIN = re.compile(r"[A-Za-z]")
# Bullet symbols rulebooks use ("•", "▪", "–", ...); "-" and numbered bullets are handled where lists are parsed.
BULLET_CHARS = "•●◦▪■□◆►▸‣⁃·∙*+–—"
# A dash is a bullet before a space or a word; "-3" is a sign ("- 1 Airship" is a list entry, "-3 VP" a penalty).
DASH_BULLET = r"-(?:[ \t]+(?=\S)|(?=[^\s\d]))"
SYMBOL_BULLET = re.compile(rf"^(?:\s|[{BULLET_CHARS}]|{DASH_BULLET})+")
BULLET_LEAD = re.compile(rf"^\s*(?:[{BULLET_CHARS}]\s*|{DASH_BULLET})")
# One list entry's mark, at the start of its line: a bullet glyph, "*" or "+" before a space (not Markdown's
# "**bold**"), a dash before a space or a word, or a number or letter with "." / ")". Ingest and the writer share it.
LIST_BULLET = (rf"(?:[{BULLET_CHARS.replace('*', '').replace('+', '')}]\s*|[*+]\s+|{DASH_BULLET}"
               rf"|\d{{1,3}}[.)]\s+|[A-Za-z][.)]\s+)")
SECTION_SEP = " > "
DOC_ID = re.compile(r"^[a-z0-9가-힣][a-z0-9가-힣._-]{0,99}$")
# Headings no player asks about ("Introduction", "Credits", "3"), and labels that name no term of the game.
GENERIC_HEADING = re.compile(r"^(?:introduction|overview|contents?|components?|credits?|table of contents|index|"
                             r"game components|the game|rules|rulebook|example|examples|notes?|summary|"
                             r"designer'?s? notes?|acknowledg\w*|thanks|\d+)$", re.I)
# "**Important!**", "**Note:**", "**3 players:**": a label that is no term a player would ask about.
NOT_A_TERM = re.compile(r"[!?]|^\W*\d|^(?:important|note|notes|example|exception|tip|hint|reminder|remember|"
                        r"variant|clarification|attention|caution|warning|optional|or|and|then|after|before)\b", re.I)


# Hangul letters per Latin letter that make a text Korean: a Korean rulebook keeps English card names; hand-set
# (13bc286, 2026-11-29); the 1,684 shipped and library books read the same for 0.1-1.0 (checked 2026-12-07).
KOREAN_SHARE = 0.3


def detect_lang(text: str) -> str:
    """"ko" when Hangul makes up a real share of the letters (a question or a rulebook's opening), else "en"."""
    sample = text[:20000]
    hangul = len(HANGUL.findall(sample))
    return "ko" if hangul and hangul >= len(LATIN.findall(sample)) * KOREAN_SHARE else "en"


def read_text_exact(path: str | Path) -> str:
    """The text exactly as decoded from the file's bytes (no newline translation): offsets index this."""
    return Path(path).read_bytes().decode("utf-8")


def last_section(section: str) -> str:
    """The innermost heading of a section path ("Setup > Cards" -> "Cards")."""
    return section.split(SECTION_SEP)[-1]


def valid_doc_id(doc_id: str) -> bool:
    """A doc id as ingest makes them: safe as a file name and in a URL."""
    return bool(DOC_ID.match(doc_id)) and ".." not in doc_id


MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
# A whole run of asterisks at a word's edge ("***bold italic***") is one mark, so a single pass leaves none.
MD_EMPHASIS = re.compile(r"__|(?<![\w*])\*+(?=[^\s*])|(?<=[^\s*])\*+(?![\w*])|\*{2,}")


def unemphasised(text: str) -> str:
    """Markdown emphasis marks blanked to spaces ("1 point for each 5 **remaining resources**"): the words read as
    plain text and every offset stays where it was."""
    return MD_EMPHASIS.sub(lambda m: " " * len(m.group()), text)


# A list item's step number ("10. The player who ...", "b) ..."): read out at the start of an answer it looks like the
# answer's number.
STEP_NUMBER = re.compile(r"^(?:\d{1,2}|[A-Za-z])[.)]\s+(?=\S)")
# A citation marker in an answer: "[1]", "[1, 2]".
MARKER = re.compile(r"\[\d+(?:\s*,\s*\d+)*\]")


def plain(text: str) -> str:
    """A quoted line as a reader sees it: Markdown links, emphasis, heading marks, block quotes and
    the leading bullet removed, whitespace folded."""
    text = MD_LINK.sub(r"\1", text)
    text = MD_EMPHASIS.sub("", text)
    text = re.sub(r"^\s*(?:#{1,6}\s+|>\s*)", "", text)
    return " ".join(BULLET_LEAD.sub("", text).split())


# A Markdown table's rule line ("|---|:---:|"): no content of its own.
# (two or more cells may have shorter dashes: "|-|-|" is a valid GFM rule line too)
RULE_LINE = re.compile(r"\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*|\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*")
TABLE_ROW = re.compile(r"\s*\|.*\|\s*|[^\t\n]*\S\t+\S[^\n]*")


# A cell that is only a dash: "none" or "not in this column", a value of its own (not a list item's bullet).
DASH_CELL = re.compile(r"[-–—]+")


def cells(row: str) -> list[str]:
    """A table row's cells, tab- or pipe-separated (a Markdown row's outer bars dropped), as plain text. A tab
    row's leading tab is its empty first cell (the corner above a column of row names): kept, so that the
    header's names stand over their columns."""
    parts = re.split(r" *\t\s*", row.rstrip().lstrip(" ")) if "\t" in row else row.strip().strip("|").split("|")
    # stripped first: a "#" column is a name, not a heading mark
    return [p if DASH_CELL.fullmatch(p) else plain(p) for p in (p.strip() for p in parts)]


def flat_quote(text: str) -> str:
    """A quote on one line as a reader sees it: Markdown marks left out, table rows as cells joined with " | ",
    rows with " / "; rows under a Markdown header row (the one a "|---|" rule line follows) with their column
    names ("Players: 3, Rum: 10"), and that header alone as its names ("Players, Rum")."""
    lines = [line for line in text.splitlines() if line.strip()]
    out: list[str] = []
    k = 0
    while k < len(lines):
        j = k
        while j < len(lines) and TABLE_ROW.fullmatch(lines[j]):
            j += 1
        if j == k:  # not a table row
            if not RULE_LINE.fullmatch(lines[k]) and (flat := plain(lines[k])):
                out.append(flat)
            k += 1
            continue
        rows = [cells(line) for line in lines[k:j] if not RULE_LINE.fullmatch(line)]
        if j - k > 2 and RULE_LINE.fullmatch(lines[k + 1]):
            flats = labelled_rows(rows[0], rows[1:])
        elif j - k == 2 and RULE_LINE.fullmatch(lines[k + 1]):  # a header row alone: its names
            flats = [", ".join(c for c in rows[0] if c)]
        else:
            flats = [" | ".join(c for c in r if c) for r in rows]
        out.append(" / ".join(f for f in flats if f))
        k = j
    return " ".join(f for f in out if f)


# A cell that is only a number, a count or a range ("1", "-2", "1.5", "3-4", "5+"): a header of such cells heads a
# table read across; a row's bare value is named by its column.
NUMBER_CELL = re.compile(r"\s*[+−-]?\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+)?\+?\s*")


def labelled_rows(head: list[str], rows: list[list[str]]) -> list[str]:
    """Table rows with their column names, one line each. A table read across ("Butterflies | 1 | 2 | 3" over
    "Points | 3 | 7 | 12": a header of counts) is named by its first column instead: "Butterflies: 1, 2, 3 /
    Points: 3, 7, 12"."""
    if len(head) > 2 and head[0] and all(NUMBER_CELL.fullmatch(c) for c in head[1:]):
        return [f"{r[0]}: {', '.join(c for c in r[1:] if c)}" if r[0] else ", ".join(c for c in r if c)
                for r in (head, *rows) if r]
    return [labelled_row(head, r) for r in rows if r]


def labelled_row(head: list[str], row: list[str]) -> str:
    """A table row with its column names ("Players: 3, Rum markers: 10"); cells beyond the header's stay bare. A
    lone cell under a wider header (a glued table's last row, "5") is not the first column's value: it stays bare."""
    if len(row) == 1 < len(head):
        return row[0]
    named = [f"{h}: {c}" if h else c for h, c in zip(head, row) if c]
    return ", ".join(named + [c for c in row[len(head):] if c])


def aligned_rows(text: str) -> list[str]:
    """The table rows of a quote as lines of aligned columns (for a terminal); none when it holds no table."""
    rows = [cells(line) for line in text.splitlines() if TABLE_ROW.fullmatch(line) and not RULE_LINE.fullmatch(line)]
    if len(rows) < 2:
        return []
    widths = [max(len(r[i]) if i < len(r) else 0 for r in rows) for i in range(max(map(len, rows)))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


# A line break inside a sentence of a paragraph hard-wrapped at a fixed width: the line stops mid-sentence (no
# closing punctuation, quote, bracket or emphasis mark) and the next goes on in lower case.
WRAP = re.compile(r"(?<=[^\s.!?:;)\]\"'”’*_`])\r?\n(?=[ \t]*[a-z])")


def unwrap(text: str) -> str:
    """``text`` with its hard-wrap line breaks read as spaces; same length, so every offset still holds."""
    return WRAP.sub(lambda m: " " * len(m.group()), text)


# The one sentence splitter. A sentence ends at a full stop, "!" or "?" (with any closing quote or bracket) before
# white space: never inside a number ("1.5 Gold", "$1,000"), never after an abbreviation ("Mrs. Marple", "i.e.").
SENTENCE_END = r"(?<=[.!?。])[\"'”’)]?\s+(?=\S)"
LINE_END = r"[ \t]*\r?\n\s*(?=\S)"  # a line break that is no hard wrap (the text is unwrapped first)
CLAUSE_END = r"(?<=;)\s+(?=\S)"
BREAKS = {(lines, clauses): re.compile("|".join([SENTENCE_END] + [LINE_END] * lines + [CLAUSE_END] * clauses))
          for lines in (False, True) for clauses in (False, True)}
ABBREVIATION = re.compile(r"(?:\b(?:Mrs|Mr|Ms|Dr|St|Mt|Jr|Sr|vs|approx|cf|fig|pp|vol)|\b[A-Za-z]\.[A-Za-z])\.$")


def sentence_spans(text: str, start: int = 0, end: int | None = None, *, min_chars: int = 0, lines: bool = False,
                   clauses: bool = False) -> list[tuple[int, int]]:
    """The sentences of ``text[start:end]`` as (start, end) offsets into ``text``. ``lines``: each line is its own
    sentence too (a list item, a table row), except where a hard wrap broke one; ``clauses``: a ";" ends one too.
    A piece shorter than ``min_chars`` goes on into the next."""
    end = len(text) if end is None else end
    read = unwrap(text) if lines else text
    out, pos = [], start
    for m in BREAKS[lines, clauses].finditer(read, start, end):
        if m.start() == pos or ABBREVIATION.search(read, max(start, m.start() - 8), m.start()):
            continue
        if m.start() - pos >= min_chars:
            out.append((pos, m.start()))
            pos = m.end()
    if end > pos:
        out.append((pos, end))
    return out


def sentence_span(text: str, pos: int, *, clauses: bool = False) -> tuple[int, int]:
    """Where the sentence (or line) holding ``pos`` starts and ends in ``text``."""
    spans = sentence_spans(text, lines=True, clauses=clauses)
    return next(((a, b) for a, b in spans if pos < b), spans[-1] if spans else (0, len(text)))


# What ends a clause by default: a sentence's end, ";", ":", a line break, an opening bracket.
CLAUSE_MARKS = ".!?;:\n(["


def clause_start(text: str, pos: int, *, lo: int = 0, marks: str = CLAUSE_MARKS) -> int:
    """Where the clause that runs up to ``pos`` starts (not before ``lo``): after the last of ``marks`` before it. A
    full stop or a comma between two digits ("1.5 Gold", "$1,000") ends nothing."""
    start = lo
    for i in range(lo, min(pos, len(text))):
        ch = text[i]
        if ch in marks and not (ch in ".," and 0 < i < len(text) - 1 and text[i - 1].isdigit() and text[i + 1].isdigit()):
            start = i + 1
    return start


# What a file name says about the file, not the game: "horrified-rulebook.md", "Azul rules.pdf".
DOCUMENT_WORDS = re.compile(r"(?:[\s_-]+(?:rule[\s_-]?book|rules?(?:[\s_-]?sheet)?|manual|instructions|"
                            r"how[\s_-]to[\s_-]play))+$", re.I)


# A single word left that names no game: "game-rules.md" stays "Game Rules", not "Game".
NOT_A_NAME = frozenset("a an the my our your game games house home basic base core full quick simple short official "
                       "new old advanced party family kids english en complete".split())


def bare_title(name: str) -> str:
    """The game's name without a trailing "Rulebook", "Rules" or "Manual" ("Horrified Rulebook" -> "Horrified");
    the name itself when nothing, or only an ordinary word, is left."""
    bare = DOCUMENT_WORDS.sub("", name).strip()
    if not bare or len(bare) < 3 or bare.casefold() in NOT_A_NAME:
        return name
    return bare


def words_only(text: str) -> str:
    """A quote or an answer's sentence as words only: markers, Markdown, bullets, step numbers, table bars, the
    slashes between rows, the semicolons between list entries, quotation marks and case left out, so that a copy
    of a rule reads the same as the rule (the checker's verbatim test, the writer's repeated-rule test)."""
    lines = [STEP_NUMBER.sub("", plain(line)) for line in MARKER.sub(" ", text).splitlines()]
    return " ".join(re.sub(r"[|/\t\"“”‘’«»;]", " ", " ".join(lines)).split()).casefold().strip(" .:;")
