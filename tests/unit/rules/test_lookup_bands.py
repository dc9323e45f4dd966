"""Score bands: a table keyed by ranges, bold or not, with one row keyed otherwise."""

from rulespal.rules.lookup import lookup, render
from rulespal.rules.tables import parse_table

BANDS = ("| Points | Result |\n|-------:|--------|\n| Defeat all **10 missions** | **Epic Victory:** all of Spain. |\n"
         "| **22+** | **Major Victory:** the dictator falls. |\n| **19-21** | **Victory:** towns rise. |\n"
         "| **15-18** | **Minor Victory:** some villages. |\n| **1-14** | **Draw:** no gains. |\n")


def test_a_number_finds_its_band():
    table = parse_table(BANDS, 0, len(BANDS))
    assert table is not None
    found = lookup(table, "we finished with 16 points, what's our result?", 0.5)
    assert found is not None and [r.cells[0].text for r in found.rows] == ["**15-18**"]
    assert "Minor Victory" in render(found)
    top = lookup(table, "we scored 25 points, result?", 0.5)
    assert top is not None and "Major Victory" in render(top)


def test_the_row_keyed_otherwise_is_found_by_its_name():
    table = parse_table(BANDS, 0, len(BANDS))
    found = lookup(table, "what is the result if we defeat all 10 missions?", 0.5)
    assert found is not None and "Epic Victory" in render(found)
