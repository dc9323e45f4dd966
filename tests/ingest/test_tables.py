"""Table recovery from flattened and tab-separated rows, with cell spans."""

from rulespal.rules.tables import parse_table


def _cells(table):
    return [[c.text for c in r.cells] for r in table.rows]


def test_glued_player_count_table():
    text = "intro\n2-Players3-Players4-Players\n2 Souls3 Souls5 Souls\n"
    start = text.index("2-Players")
    t = parse_table(text, start, len(text) - 1)
    assert _cells(t) == [["2-Players", "3-Players", "4-Players"], ["2 Souls", "3 Souls", "5 Souls"]]
    for r in t.rows:
        for c in r.cells:
            assert text[c.start:c.end] == c.text


def test_digit_runs_split_by_header_width():
    text = "Soul LevelAttackSailHullRepairSuccesses added to Attacks\n15474+4\n46743+1\n5"
    t = parse_table(text, 0, len(text))
    assert _cells(t)[0] == ["Soul Level", "Attack", "Sail", "Hull", "Repair", "Successes added to Attacks"]
    assert _cells(t)[2] == ["4", "6", "7", "4", "3", "+1"]
    assert _cells(t)[3] == ["5"]  # Soul Level 5 prints no values


def test_tab_table_keeps_empty_corner():
    text = "\t2 Players\t3 Players\n1st Player\t3 Cards\t3 Cards"
    t = parse_table(text, 0, len(text))
    assert _cells(t) == [["", "2 Players", "3 Players"], ["1st Player", "3 Cards", "3 Cards"]]


def test_an_empty_corner_left_out_of_the_block_is_put_back():
    # a block whose span starts after the header's leading tab: every row is one cell longer than the header
    text = "\t2 Players\t3 Players\n1st Player\t3 Cards\t3 Cards\n2nd Player\t—\t2 Cards"
    t = parse_table(text, 1, len(text))
    assert _cells(t)[0] == ["", "2 Players", "3 Players"] and _cells(t)[2] == ["2nd Player", "—", "2 Cards"]
    for r in t.rows:
        for c in r.cells:
            assert text[c.start:c.end] == c.text


def test_pipe_table():
    text = "| Roll | Result |\n|---|---|\n| 2-4 | Nothing |"
    t = parse_table(text, 0, len(text))
    assert _cells(t) == [["Roll", "Result"], ["2-4", "Nothing"]]


def test_pipe_table_keeps_its_empty_cells_in_their_columns():
    text = "|   | # of words | Passing? |\n|---|:---:|:---:|\n| 1 |  Unlimited |  N  |\n| Wood | | 3 |"
    t = parse_table(text, 0, len(text))
    assert _cells(t) == [["", "# of words", "Passing?"], ["1", "Unlimited", "N"], ["Wood", "", "3"]]
    for r in t.rows:
        for c in r.cells:
            assert text[c.start:c.end] == c.text
