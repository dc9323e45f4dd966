"""Lookups in recovered tables: player-count columns, roll ranges (overlaps kept), named rows."""

from rulespal.core.tuning import Tuning
from rulespal.rules.lookup import lookup as _lookup, render
from rulespal.rules.tables import parse_table


def lookup(table, question):
    return _lookup(table, question, Tuning().name_match_min)


def _t(text):
    return parse_table(text, 0, len(text))


def test_player_count_column():
    t = _t("2-Players3-Players4-Players\n2 Souls3 Souls5 Souls")
    lk = lookup(t, "how many souls with 3 players?")
    assert [c.text for c in lk.cells] == ["3 Souls"] and render(lk) == "3-Players: 3 Souls"
    assert lookup(t, "3인 게임 영혼 몇 개?").cells[0].text == "3 Souls"
    assert lookup(t, "with 6 players?") is None


def test_overlapping_roll_ranges_return_every_row():
    t = _t("Roll\tResult\n11-12\tAll wounds and DP.\n9-10\tAll wounds.\n6-9\tHalf the wounds.\n2\tPermanent")
    lk = lookup(t, "what does a roll of 9 mean?")
    assert [r.cells[0].text for r in lk.rows] == ["9-10", "6-9"]
    assert "2 rows" in render(lk)



def test_a_count_of_another_thing_does_not_pick_a_numbered_row():
    t = _t("#\tCard\tAbility\n1\tHarbor\tGain 3 ships.\n2\tMarket\tSell 2 goods.\n3\tTemple\tGain 1 favor.")
    assert lookup(t, "I spend 2 goods on the market card, how much do I get?") is None  # 2 goods, not row 2
    assert lookup(t, "waited 3 rounds, what do I get?") is None
    assert [r.cells[1].text for r in lookup(t, "what does card 3 do?").rows] == ["Temple"]
    roll = _t("Roll\tResult\n1-2\tMiss\n3-6\tHit")  # a roll chart takes the question's numbers as before
    assert [r.cells[1].text for r in lookup(roll, "I rolled a 4, what happens?").rows] == ["Hit"]
    assert [r.cells[1].text for r in lookup(roll, "If I roll 5 plus 2, what happens?").rows] == ["Hit"]
    counts = _t("Cards\tPoints\n1\t1\n2\t3\n3\t6")
    assert [r.cells[1].text for r in lookup(counts, "How many points are 3 cards worth?").rows] == ["6"]
    assert render(lookup(counts, "How many points are 3 cards worth?")) == "Cards 3, Points: 6"  # 6 of what: named

def test_named_row_and_named_column():
    t = _t("GrimoireCost\nBeach2 Cursed Gold or -1 Integrity\nVolcano4 Cursed Gold or -2 Integrity")
    assert render(lookup(t, "What does a Volcano Grimoire cost?")) == "Volcano: 4 Cursed Gold or -2 Integrity"
    goods = _t("Players\tRum markers\tCotton markers\n2\t8\t12 of each\n3\t10\t15 of each")
    lk = lookup(goods, "how many rum markers with 3 players?")
    assert [c.text for c in lk.cells] == ["10"]
    assert render(lk) == "With 3 players, Rum markers: 10"  # the row named with its column, not "3, Rum markers"
