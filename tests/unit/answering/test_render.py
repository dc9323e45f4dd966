"""How a picked rule reads in the answer's line: tables with their column names, no Markdown left."""

import pytest

from rulespal.ingest.chunks import chunk_text
from rulespal.answering.picks import Pick
from rulespal.answering.render import quote_text, table_head
from rulespal.core.types import Hit

BOOK = """# Setup

## Meeples

Each player takes meeples of one color:

| | Normal mode | Expert mode |
| --- | --- | --- |
| 2-player game | 4 per player | 3 per player |
| 3-player game | 3 per player | 2 per player |
"""


def _pick(kinds: set[str]) -> str:
    chunk = next(c for c in chunk_text("d", BOOK) if any(u.kind == "row" for u in c.units))
    units = tuple(u for u in chunk.units if u.kind in kinds)
    return quote_text(Pick(Hit(chunk, 1.0), units, 1.0), BOOK)


def test_a_sentence_and_the_table_after_it_read_as_rows_with_their_column_names():
    line = _pick({"sentence", "row"})
    assert line == ("Each player takes meeples of one color: / 2-player game, Normal mode: 4 per player, Expert mode: "
                    "3 per player / 3-player game, Normal mode: 3 per player, Expert mode: 2 per player"), line
    assert "|" not in line and "---" not in line


def test_rows_alone_read_the_same():
    assert _pick({"row"}).startswith("2-player game, Normal mode: 4 per player")


def test_a_row_far_below_its_header_still_names_its_columns():
    book = "# Strategy cards\n\n| # | Card | Initiative |\n| --- | --- | --- |\n" + "".join(
        f"| {n} | Card {n} | {n} |\n" for n in range(1, 9))
    chunk = chunk_text("d", book)[0]
    row = [u for u in chunk.units if u.kind == "row"][-1]
    assert quote_text(Pick(Hit(chunk, 1.0), (row,), 1.0), book) == "#: 8, Card: Card 8, Initiative: 8"


class _Index:
    """The two lookups table_head makes of an index: a unit's passage, and the passage before."""

    def __init__(self, chunks, text):
        self.chunks, self._text = chunks, text

    def unit_at(self, doc, offset):
        return next(((c, u) for c in self.chunks for u in c.units if u.start <= offset < u.end), None)

    def preceding(self, chunk):
        k = self.chunks.index(chunk)
        return self.chunks[k - 1] if k > 0 else None

    def text(self, doc):
        return self._text


def test_a_table_cut_into_several_passages_keeps_its_header_for_the_later_rows():
    long_cell = "x" * 60
    book = "# Costs\n\n| Item | Cost | Note |\n| --- | --- | --- |\n" + "".join(
        f"| Item {n} | {n} | {long_cell} |\n" for n in range(1, 40)) + "\nAfter the table.\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n"
    chunks = chunk_text("d", book)
    later = next(c for c in chunks if c.units[0].kind == "row" and "Item 39" in c.text)
    row = next(u for u in later.units if "Item 39" in book[u.start:u.end])
    index = _Index(chunks, book)
    head = table_head(index, later, row)  # type: ignore[arg-type]
    assert head is not None and book[head.start:head.end] == "| Item | Cost | Note |"
    line = quote_text(Pick(Hit(later, 1.0), (row,), 1.0), book, lambda r: table_head(index, later, r))  # type: ignore[arg-type]
    assert line == f"Item: Item 39, Cost: 39, Note: {long_cell}"
    other = next(c for c in chunks if "| 1 | 2 |" in c.text)  # the next table, a blank line away, has its own
    first = next(u for u in other.units if book[u.start:u.end] == "| 1 | 2 |")
    assert book[(h := table_head(index, other, first)).start:h.end] == "| A | B |"  # type: ignore[arg-type,union-attr]


def test_a_header_row_alone_reads_as_its_column_names():
    chunk = next(c for c in chunk_text("d", BOOK) if any(u.kind == "row" for u in c.units))
    head = next(u for u in chunk.units if u.kind == "row")
    assert quote_text(Pick(Hit(chunk, 1.0), (head,), 1.0), BOOK) == "Normal mode, Expert mode"


def test_list_items_on_one_line_stay_apart():
    book = ("# Setup\n\n## Markers\n\nPlace them as follows:\n\n- 1 Airship on the start space\n"
            "- 1 drone next to the city board\n- 1 Energy marker on 2 energy.\n")
    chunk = chunk_text("d", book)[0]
    units = tuple(u for u in chunk.units if u.kind in ("sentence", "item"))
    line = quote_text(Pick(Hit(chunk, 1.0), units, 1.0), book)
    assert line == ("Place them as follows: 1 Airship on the start space; 1 drone next to the city board; "
                    "1 Energy marker on 2 energy."), line


def test_a_quoted_list_stays_a_verbatim_quote_for_the_checker():
    from rulespal.core.text import words_only

    assert words_only("1 Airship on the start space; 1 drone next to the board") == words_only(
        "- 1 Airship on the start space\n- 1 drone next to the board")


def test_a_dash_before_a_number_is_a_bullet_and_a_minus_sign_is_not():
    from rulespal.core.text import plain
    from rulespal.ingest.sections import BULLET

    chunk = chunk_text("d", "# Setup\n\nPlace them as follows:\n\n- 1 Airship on the start space\n- 2 drones.\n")[0]
    items = [chunk.text[u.start - chunk.start:u.end - chunk.start] for u in chunk.units if u.kind == "item"]
    assert items == ["- 1 Airship on the start space", "- 2 drones."], items
    assert BULLET.match("-3 VP for each unused card") is None
    assert plain("-3 VP for each unused card") == "-3 VP for each unused card"
    assert plain("- 3 cards each") == "3 cards each"


@pytest.mark.parametrize("eol", ["\n", "\r\n"])  # Windows line ends too
def test_a_quoted_row_replacing_a_wrong_answer_keeps_its_column_names(eol):
    from rulespal.answering.render import headed_quote
    from rulespal.core.text import flat_quote
    from rulespal.core.types import Citation
    book = eol.join(["# Actions", "", "| Action | Cost |", "| --- | --- |", "| Move 1 stone | 1 AP |",
                     "| Uncover 1 level | 2 AP |", ""])
    index = _Index(chunk_text("d", book), book)
    row = "| Uncover 1 level | 2 AP |"
    cite = Citation(n=1, doc="d", section="", start=book.index(row), end=book.index(row) + len(row), quote=row)
    assert flat_quote(headed_quote(index, cite)) == "Action: Uncover 1 level, Cost: 2 AP"  # type: ignore[arg-type]
    prose = Citation(n=1, doc="d", section="", start=2, end=9, quote="Actions")
    assert headed_quote(index, prose) == "Actions"  # type: ignore[arg-type]


def test_two_tables_in_one_passage_each_keep_their_own_header():
    book = "# Costs\n\n| Item | Cost |\n| --- | --- |\n| Axe | 3 |\n\n| Level | Reward |\n| --- | --- |\n| 2 | 5 gold |\n"
    chunks = chunk_text("d", book)
    chunk = next(c for c in chunks if "| 2 | 5 gold |" in c.text)
    assert "| Axe | 3 |" in chunk.text  # the case read here: both tables in one passage
    row = next(u for u in chunk.units if book[u.start:u.end] == "| 2 | 5 gold |")
    head = table_head(_Index(chunks, book), chunk, row)  # type: ignore[arg-type]
    assert head is not None and book[head.start:head.end] == "| Level | Reward |"


def test_a_table_with_windows_line_ends_keeps_its_header():
    book = "# Costs\r\n\r\n| Item | Cost |\r\n| --- | --- |\r\n| Axe | 3 |\r\n| Rope | 1 |\r\n"
    chunks = chunk_text("d", book)
    chunk = next(c for c in chunks if "Rope" in c.text)
    row = next(u for u in chunk.units if "Rope" in book[u.start:u.end])
    line = quote_text(Pick(Hit(chunk, 1.0), (row,), 1.0), book, lambda r: table_head(_Index(chunks, book), chunk, r))  # type: ignore[arg-type]
    assert line == "Item: Rope, Cost: 1", line

