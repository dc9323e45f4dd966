"""A user's file name gives the game's title, not the file's."""

from pathlib import Path

from rulespal.ingest.loader import title_for, typed_names


def test_a_title_is_the_game_s_name_from_the_file_name():
    assert title_for(Path("horrified-rulebook.md")) == "Horrified"  # the player names the game, not the file
    assert title_for(Path("azul_rules.pdf")) == "Azul"
    assert title_for(Path("Kraken Cove.txt")) == "Kraken Cove"
    assert title_for(Path("rulebook.md")) == "Rulebook"  # nothing else to call it
    assert title_for(Path("Azul (2nd ed).md")) == "Azul (2nd ed)"
    # an ordinary word is no game's name: "game-rules.md" would otherwise be every question's "game"
    assert title_for(Path("game-rules.md")) == "Game Rules" and title_for(Path("the-manual.md")) == "The Manual"
    assert title_for(Path("house-rules.md")) == "House Rules"


def test_a_markdown_heading_that_spells_the_file_s_name_gives_the_title():
    godfather = "# The Godfather: Corleone's Empire Rulebook\n\n## Components\n"
    assert title_for(Path("the-godfather-corleones-empire.md"), godfather) == "The Godfather: Corleone's Empire"
    assert title_for(Path("cloudage.md"), "# CloudAge Rulebook\n") == "CloudAge"
    assert title_for(Path("sankore.md"), "# Sankoré\n") == "Sankoré"
    # a heading that names something else, or a PDF's text, leaves the file's name
    assert title_for(Path("cloudage.md"), "# Table of Contents\n") == "Cloudage"
    assert title_for(Path("cloudage.pdf"), "# CloudAge\n") == "Cloudage"


def test_other_ways_to_type_a_title():
    assert typed_names("CloudAge", "Cloudage") == ("Cloud Age",)
    assert typed_names("The Godfather: Corleone's Empire", "The Godfather Corleones Empire") == (
        "The Godfather Corleones Empire",)
    assert typed_names("Azul", "Azul") == ()


def test_a_shouting_heading_keeps_the_file_s_spelling():
    assert title_for(Path("coup.md"), "# COUP\n") == "Coup"
