"""A chart row that a calculation quotes reads as the player sees it, whatever markup the rulebook used."""

from rulespal.rules.calc import row_said
from rulespal.rules.tables import parse_table


def test_row_said_drops_markup():
    text = "| Roll | Result |\n|---|---|\n| **6-9** | *Knocked* out |\n"
    table = parse_table(text, 0, len(text))
    assert table is not None
    assert row_said(table.body[0]) == "6-9: Knocked out"
