"""The shipped verdict model itself: the file its card names, and that it reads yes, no and "does not settle"."""

import json

from rulespal.retrieval.reader import MODELS, VERDICT_FILE, file_sha256, get_reader, reader_text


def test_the_shipped_file_is_the_one_its_card_describes():
    card = json.loads((MODELS / "verdict-card.json").read_text())
    assert VERDICT_FILE.stat().st_size <= 25 * 1024 * 1024
    assert file_sha256(VERDICT_FILE) == card["sha256"]
    held = card["onnx"][card["form"]]["at_0.9"]
    # at the shipped threshold it is right at least 9 times in 10 on its held-out books, and the hand reading less so
    assert held["right"] / held["said"] >= 0.9
    hand = card["heldout_hand_polarity"]
    assert held["right"] / held["said"] > hand["right"] / hand["said"]


def test_it_says_yes_no_or_nothing_from_the_rule():
    model = get_reader("minilm-verdict", 1)
    question = "can I trade cards with another player during combat?"
    forbids = reader_text("Trading", "Players may never trade cards while a combat is being resolved.")
    allows = reader_text("Trading", "At any time, even during combat, players may freely trade cards with each other.")
    elsewhere = reader_text("Setup", "Each player takes a player board and 5 coins of their colour.")
    no, yes, silent = model.score(question, [forbids, allows, elsewhere])
    assert no < 0.2 and yes > 0.8 and 0.2 < silent < 0.8 and no < silent < yes
