"""A user's file name gives the game's title, not the file's."""

from pathlib import Path

from rulespal.ingest.loader import title_for


def test_a_title_is_the_game_s_name_from_the_file_name():
    assert title_for(Path("horrified-rulebook.md")) == "Horrified"  # the player names the game, not the file
    assert title_for(Path("azul_rules.pdf")) == "Azul"
    assert title_for(Path("Kraken Cove.txt")) == "Kraken Cove"
    assert title_for(Path("rulebook.md")) == "Rulebook"  # nothing else to call it
    assert title_for(Path("Azul (2nd ed).md")) == "Azul (2nd ed)"
    # an ordinary word is no game's name: "game-rules.md" would otherwise be every question's "game"
    assert title_for(Path("game-rules.md")) == "Game Rules" and title_for(Path("the-manual.md")) == "The Manual"
    assert title_for(Path("house-rules.md")) == "House Rules"
