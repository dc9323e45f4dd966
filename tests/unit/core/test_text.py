"""Rulebook markup read as a player reads it: table rows as cells, Markdown marks left out."""

from rulespal.core.text import aligned_rows, cells, flat_quote


def test_rows_become_cells_and_markdown_marks_go():
    assert cells("| 6 | Warfare | Remove one token. |") == ["6", "Warfare", "Remove one token."]
    assert cells("6-9\tHalf the wounds") == ["6-9", "Half the wounds"]
    assert flat_quote("Roll\tResult\n6-9\tHalf\n10\tAll") == "Roll | Result / 6-9 | Half / 10 | All"
    assert flat_quote("| # | Card |\n| --- | --- |\n| 1 | **Leadership** |") == "# | Card / 1 | Leadership"
    assert flat_quote("### HAND LIMIT\n* You may hold **7** cards.") == "HAND LIMIT You may hold 7 cards."


def test_a_cited_table_prints_as_aligned_columns():
    assert aligned_rows("Players\tRum markers\n2\t8\n3\t10") == ["Players  Rum markers", "2        8", "3        10"]
    assert aligned_rows("| # | Card |\n| --- | --- |\n| 1 | Leadership |") == ["#  Card", "1  Leadership"]
    assert aligned_rows("No table here.") == []
