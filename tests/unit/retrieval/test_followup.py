"""Follow-ups carry the last question's words and game; new questions don't."""

from rulespal.core.types import Doc, Turn
from rulespal.retrieval.followup import carry_over, is_follow_up
from rulespal.retrieval.games import GameDetector

DET = GameDetector([Doc(id="kraken", title="Kraken Cove", lang="en", text_path=""),
                    Doc(id="reef", title="Reef Raiders", lang="en", text_path="")])
HISTORY = [Turn("user", "Kraken Cove: how many pearls at setup with 3 players?"), Turn("assistant", "6 Pearls [1]")]


def test_short_or_continuing_questions_are_follow_ups():
    assert is_follow_up("and with 4 players?", [], 4)
    assert is_follow_up("what about the harpoons in a two player game then", [], 4)
    assert not is_follow_up("How does a player win the game at the end?", [], 4)
    assert not is_follow_up("and in Reef Raiders?", ["reef"], 4)


def test_follow_up_carries_words_and_game():
    c = carry_over("and with 4 players?", HISTORY, None, DET, 4)
    assert c.text == "how many pearls at setup with 3 players? and with 4 players?"
    assert c.scope == ["kraken"] and c.focus == "and with 4 players?"


def test_a_picked_game_wins_and_a_new_question_stands_alone():
    assert carry_over("and with 4 players?", HISTORY, "reef", DET, 4).scope == ["reef"]
    c = carry_over("How does a player win the game at the end?", HISTORY, None, DET, 4)
    assert c.text == c.stripped == "How does a player win the game at the end?"
    assert c.scope is None and c.focus is None
    assert carry_over("and with 4 players?", [], None, DET, 4).focus is None
