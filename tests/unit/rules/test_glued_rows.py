"""Tables whose separators the text export lost ("2 Souls3 Souls5 Souls") read as rows of cells, in the
answer's line and in what the reader reads, only when the row and header counts agree."""

from rulespal.answering.picks import Pick, rule_text
from rulespal.answering.render import quote_text
from rulespal.core.text import labelled_row
from rulespal.core.types import Hit
from rulespal.ingest.chunks import chunk_text
from rulespal.rules.tables import pipe_rows, rows_cells

BOOK = """Set up

Set each level to the number for your player count, as seen below.
2-Players3-Players4-Players
2 Gems3 Gems5 Gems

Place the board in the middle.
"""


def _spans(text: str, lines: list[str]) -> list[tuple[int, int]]:
    at, out = text.index(lines[0]), []
    for line in lines:
        out.append((at, at + len(line)))
        at += len(line) + 1
    return out


def test_glued_rows_split_when_the_counts_agree():
    text = "Two PlayersFour Players\n5 Gold7 Gold\n"
    assert rows_cells(text, _spans(text, ["Two PlayersFour Players", "5 Gold7 Gold"])) == [
        ["Two Players", "Four Players"], ["5 Gold", "7 Gold"]]
    digits = "Soul LevelAttackSail\n15+4\n3\n"
    assert rows_cells(digits, _spans(digits, ["Soul LevelAttackSail", "15+4", "3"])) == [
        ["Soul Level", "Attack", "Sail"], ["1", "5", "+4"], ["3"]]


def test_glued_rows_stay_whole_when_the_counts_disagree():
    text = "Gold PiecesSilver\nOne CoinTwo CoinsThree Coins\n"
    spans = _spans(text, ["Gold PiecesSilver", "One CoinTwo CoinsThree Coins"])
    assert rows_cells(text, spans) == [["Gold PiecesSilver"], ["One CoinTwo CoinsThree Coins"]]
    assert pipe_rows(text, 0, len(text), [spans]) == text


def test_tab_rows_and_markdown_rows():
    text = "Players\tCards\n3\t5\n| a | b |\n|---|---|\n| 1 | 2 |"
    assert rows_cells(text, _spans(text, ["Players\tCards", "3\t5"])) == [["Players", "Cards"], ["3", "5"]]
    md = _spans(text, ["| a | b |", "|---|---|", "| 1 | 2 |"])
    assert rows_cells(text, md) == [["a", "b"], [], ["1", "2"]]
    head = _spans(text, ["Players\tCards", "3\t5"])
    assert pipe_rows(text, 0, head[-1][1], [head]) == "| Players | Cards |\n| 3 | 5 |"
    assert pipe_rows(text, md[0][0], md[-1][1], [md]) == text[md[0][0]:md[-1][1]]  # Markdown rows as they are


def test_a_glued_table_reads_with_its_column_names_and_as_markdown_rows():
    chunk = next(c for c in chunk_text("d", BOOK) if any(u.kind == "row" for u in c.units))
    rows = tuple(u for u in chunk.units if u.kind == "row")
    assert len(rows) == 2, [BOOK[u.start:u.end] for u in chunk.units]
    pick = Pick(Hit(chunk, 1.0), rows, 1.0)
    assert quote_text(pick, BOOK) == "2-Players: 2 Gems, 3-Players: 3 Gems, 4-Players: 5 Gems"
    assert rule_text(BOOK, rows) == "| 2-Players | 3-Players | 4-Players |\n| 2 Gems | 3 Gems | 5 Gems |"
    sentence = tuple(u for u in chunk.units if u.kind == "sentence")
    assert rule_text(BOOK, sentence) == BOOK[sentence[0].start:sentence[-1].end]  # prose is read as written


def test_a_lone_cell_under_a_wider_header_is_not_read_as_the_first_column():
    book = "Siphon\n\nThe board shows each level:\nSoul LevelAttackSail\n15+4\n27+3\n3\n\nThe end.\n"
    chunk = next(c for c in chunk_text("d", book) if any(u.kind == "row" for u in c.units))
    rows = tuple(u for u in chunk.units if u.kind == "row")
    assert [book[u.start:u.end] for u in rows] == ["Soul LevelAttackSail", "15+4", "27+3", "3"]
    line = quote_text(Pick(Hit(chunk, 1.0), rows, 1.0), book)
    assert line == "Soul Level: 1, Attack: 5, Sail: +4 / Soul Level: 2, Attack: 7, Sail: +3 / 3", line


def test_a_tab_tables_corner_and_dash_cells_keep_each_name_over_its_column():
    text = "Draw:\n\t2 Players\t3 Players\t4 Players\n1st Player\t3 Cards\t3 Cards\t2 Cards\n3rd Player\t—\t—\t2 Cards\n"
    head = text.index("2 Players")
    rows = [(head, text.index("\n", head)), (text.index("3rd"), len(text) - 1)]
    assert rows_cells(text, rows) == [["", "2 Players", "3 Players", "4 Players"],
                                      ["3rd Player", "—", "—", "2 Cards"]]
    assert labelled_row(*rows_cells(text, rows)) == "3rd Player, 2 Players: —, 3 Players: —, 4 Players: 2 Cards"
