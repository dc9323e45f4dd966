"""Game detection by title and alias, and stripping the name from the question."""

from rulespal.core.types import Doc
from rulespal.retrieval.games import GameDetector

DOCS = [
    Doc(id="skull-tales", title="Skull Tales", lang="en", text_path="", aliases=("Skull Tales: Full Sail",)),
    Doc(id="pirates-2", title="Pirates 2 ed.: Governor's Daughter", lang="en", text_path="",
        aliases=("Governor's Daughter", "해적 2판")),
    Doc(id="kraken", title="Kraken Cove", lang="en", text_path="", aliases=("KC",)),
]


def test_titles_and_aliases_are_found_longest_first():
    d = GameDetector(DOCS)
    assert d.detect("In Skull Tales, how many actions?") == ["skull-tales"]
    assert d.detect("governors daughter ransom?") == ["pirates-2"]
    assert d.detect("해적 2판 몸값은?") == ["pirates-2"]
    assert d.detect("Skull Tales or Kraken Cove: who starts?") == ["skull-tales", "kraken"]
    assert d.detect("how do skulls work?") == []  # whole words only
    assert d.detect("KC setup") == []  # names under three letters are too ambiguous to match


def test_strip_removes_the_name_and_dangling_prepositions():
    d = GameDetector(DOCS)
    assert d.strip("In Skull Tales, how many actions per turn?") == "how many actions per turn?"
    assert d.strip("What is the ransom in Governor’s Daughter?") == "What is the ransom ?"
    assert d.strip("Skull Tales") == "Skull Tales"  # nothing left: keep the question as asked
    assert d.strip("How many actions?") == "How many actions?"
