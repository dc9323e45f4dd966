"""Reading amounts from questions and arithmetic from rule sentences."""

from rulespal.core.question import question_amounts
from rulespal.rules.quantities import rule_statements


def _amounts(q):
    return [(a.value, sorted(a.things)) for a in question_amounts(q)]


def _statements(t):
    return [(s.kind, s.value, sorted(s.things), sorted(s.gives), s.every, s.rounding) for s in rule_statements(t)]


def test_amounts_with_what_they_count():
    assert _amounts("I have 4 gold nuggets and 7 crystals. Total?") == [(4.0, ["gold", "nugget"]), (7.0, ["crystal"])]
    assert _amounts("nemesis mat says 70 life") == [(70.0, ["life"])]
    assert _amounts("the fire level is 3") == [(3.0, ["fire", "level"])]
    assert _amounts("with three Cursed Gold cubes")[0][0] == 3.0


def test_rates_shares_limits_and_modifiers():
    assert _statements("Gold nuggets (2 points each)") == [("rate", 2.0, ["gold", "nugget"], ["point"], 1.0, "down")]
    assert ("rate", 2.0, ["banner"], ["point"], 1.0, "down") in _statements(
        "It scores 2 points per tile. Each banner in the city also gives the player 2 points.")
    assert _statements("Activate only 1 Guerrilla for every 2 cubes (round odd cubes down).") == [
        ("rate", 1.0, ["cube"], ["guerrilla"], 2.0, "down")]
    assert _statements("discard half of your cards, rounded up.")[0][:3] == ("fraction", 0.5, ["card"])
    assert ("cap", 11.0, ["point", "prayer"]) in [x[:3] for x in _statements("never more than 11 Prayer Points.")]
    assert ("until", 5.0, ["card"]) in [x[:3] for x in _statements("draw until you have five cards in hand")]
    assert ("modifier", 10.0, ["life"]) in [x[:3] for x in _statements("Hard: nemesis +10 life.")]


def test_numbers_at_a_sentence_end_hyphenated_and_signed():
    got = question_amounts("The tile is -1. I recall my 5-unit troop.")
    assert [(a.value, a.signed) for a in got] == [(-1.0, True), (5.0, False)]
    assert "unit" in got[1].things


def test_rules_of_the_player_count():
    assert [s[:3] for s in _statements("1 fewer of each Freedom than players.")] == [("players", -1.0, ["freedom"])]
    assert ("players", -1.0) in [s[:2] for s in _statements(
        "Place a number of tiles equal to the number of players minus one.")]


def test_products_name_both_factors():
    def products(text):
        return [(s.things, s.by) for s in rule_statements(text) if s.kind == "product"]
    assert products("Calculate Current Day x Number of Gearlocs in Party.") == [(frozenset({"day"}), frozenset({"gearloc"}))]
    assert products("Multiply the number of badges you've counted by the value of the Strength given to your Action.") \
        == [(frozenset({"badg"}), frozenset({"strength"}))]
    assert products("Multiply this number by the value of this row.") == []  # "this number": no factor named
    assert products("Then multiply your status by four.") == []  # a number, not a factor the player states
    assert products("Place them on the 2 x 3 grid.") == []


def test_a_rate_is_read_through_markdown_emphasis_with_its_offsets():
    from rulespal.core.text import unemphasised
    from rulespal.rules.quantities import rule_statements

    text = "* 1 point for each 5 **remaining resources** (rounded down)"
    assert len(unemphasised(text)) == len(text)
    (st,) = [s for s in rule_statements(text) if s.kind == "rate"]
    assert (st.value, st.every, st.things, st.gives, st.rounding) == (
        1.0, 5.0, frozenset({"remain", "resourc"}), frozenset({"point"}), "down")
    assert text[st.start:st.end].startswith("1 point for each 5 **remaining")


def test_emphasis_is_blanked_in_one_call():
    from rulespal.core.text import unemphasised

    assert unemphasised("***Bold italic*** rule") == "   Bold italic    rule"
    assert unemphasised(unemphasised("***x*** and *y*")) == unemphasised("***x*** and *y*")
