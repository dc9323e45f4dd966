"""The blind eval's own logic on small inputs: locating quotes across extraction changes, whether a
question names its game, and telling a quoted rule from a heading, a table header or a bare lead-in."""

from rulespal.evals.blind import _names, locate
from rulespal.evals.runner import Structure
from rulespal.core.types import Doc


def test_quotes_are_found_whatever_the_extraction_did_to_spacing_and_hyphens():
    text = "Each player draws 3 cards (in a 2-player game, each player draws\n5 cards). The ﬁrst re-\nmoved tile"
    span = locate("in a 2-player game, each player draws 5 cards", text)
    assert span and text[span[0]:span[1]] == "in a 2-player game, each player draws\n5 cards"
    span = locate("The first removed tile", text)
    assert span and text[span[0]:span[1]] == "The ﬁrst re-\nmoved tile"
    assert locate("not in the book", text) is None


def test_names_game():
    doc = Doc(id="marco-polo-ii", title="Marco Polo II: In the Service of the Khan", lang="en", text_path="",
              aliases=("Marco Polo 2",))
    assert _names("In Marco Polo 2, how many camels?", doc)
    assert not _names("how many camels do I start with?", doc)


def test_fragments():
    text = "Setup\n\nDo the following:\n\n- Deal 5 cards.\n\n| Players | Cards |\n|---|---|\n| 2 | 7 |\n"
    s = Structure(lambda doc: text)

    def kind(quote):
        at = text.index(quote)
        return s.fragment({"answerable": True, "citations": [{"doc": "d", "start": at, "end": at + len(quote)}]})

    assert kind("Setup") == "heading"
    assert kind("Do the following:") == "lead-in"
    assert kind("| Players | Cards |") == "table header"
    assert kind("Deal 5 cards.") is None
    assert kind("| Players | Cards |\n|---|---|\n| 2 | 7 |") is None
    assert s.fragment({"answerable": False, "citations": []}) is None
