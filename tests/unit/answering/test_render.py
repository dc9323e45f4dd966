"""How a picked rule reads in the answer's line: tables with their column names, no Markdown left."""

from rulespal.ingest.chunks import chunk_text
from rulespal.answering.picks import Pick
from rulespal.answering.render import quote_text
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
