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
    assert is_follow_up("ok and with 4 of us at the table?", [], 4)  # a word of assent first
    assert is_follow_up("okay, what about the harpoons in a two player game", [], 4)
    assert not is_follow_up("ok how does a player win the game at the end?", [], 4)
    assert not is_follow_up("and how do you win in Reef Raiders?", ["reef"], 4, "and how do you win")


def test_a_question_that_only_moves_the_last_one_to_another_game():
    c = carry_over("and in Reef Raiders?", HISTORY, None, DET, 4)
    assert c.scope == ["reef"] and not c.game_carried
    assert c.text.startswith("how many pearls at setup with 3 players?")
    c = carry_over("what about Reef Raiders", HISTORY, None, DET, 4)
    assert c.scope == ["reef"] and "pearls" in c.text
    c = carry_over("and with 4 players?", HISTORY, None, DET, 4)
    assert c.scope == ["kraken"] and c.game_carried


def test_follow_up_carries_words_and_game():
    c = carry_over("and with 4 players?", HISTORY, None, DET, 4)
    assert c.text == "how many pearls at setup with  ? and with 4 players?"  # the old count is replaced
    assert c.scope == ["kraken"] and c.focus == "and with 4 players?"


def test_a_picked_game_wins_and_a_new_question_stands_alone():
    assert carry_over("and with 4 players?", HISTORY, "reef", DET, 4).scope == ["reef"]
    c = carry_over("How does a player win the game at the end?", HISTORY, None, DET, 4)
    assert c.text == c.stripped == "How does a player win the game at the end?"
    assert c.scope is None and c.focus is None
    assert carry_over("and with 4 players?", [], None, DET, 4).focus is None


def test_the_changed_slot_replaces_the_old_one():
    from rulespal.retrieval.followup import replace_slots

    assert "3" not in replace_slots("how many pearls with 3 players?", "and with 6 of us?")
    assert replace_slots("what does the red ship cost?", "what about the blue one?").split() == \
        ["what", "does", "the", "ship", "cost?"]
    assert replace_slots("I rolled a 9 on the chart", "and 11?") == "I rolled a 11 on the chart"
    assert replace_slots("how many souls for 3 players?", "and with 2?") == "how many souls for 2 players?"
    assert "2 players" not in replace_slots("how many souls for 3 players?", "what about level 2?")
    assert replace_slots("when I finish a 5 stack, what then?", "and in the 6-stack variant?") == \
        "when I finish a 6 stack, what then?"
    assert replace_slots("2 coins and 3 gems", "and 4?") == "2 coins and 3 gems"  # which one? keep both


def test_a_question_that_points_back_is_a_follow_up():
    assert is_follow_up("can my partner chime in on that?", [], 4)
    assert is_follow_up("does that one work the same?", [], 4)
    assert not is_follow_up("can my partner see my cards during the game?", [], 4)
    assert not is_follow_up("If I draw a bomb card during my turn, do I have to play it?", [], 4)  # says its own subject



def test_a_follow_up_of_a_follow_up_keeps_the_first_question_s_topic():
    history = HISTORY + [Turn("user", "and with 4 players?"), Turn("assistant", "5 Pearls [1]")]
    c = carry_over("and with 2?", history, None, DET, 4)
    assert c.scope == ["kraken"] and "pearls" in c.text and "2 players" in c.text and "4 players" not in c.text


def test_a_chain_of_bare_numbers_keeps_one_slot_and_a_game_move_keeps_the_topic():
    det = DET
    history = [Turn("user", "how many pearls at level 3 in Kraken Cove?"), Turn("assistant", "4 [1]"),
               Turn("user", "and 4?"), Turn("assistant", "5 [1]")]
    c = carry_over("and 5?", history, None, det, 4)
    assert "level 5" in c.text and "4" not in c.text
    history = [Turn("user", "how many pearls with 3 players in Kraken Cove?"), Turn("assistant", "6 [1]"),
               Turn("user", "and in Reef Raiders?"), Turn("assistant", "4 [1]")]
    c = carry_over("and with 4 players?", history, None, det, 4)
    assert "pearls" in c.text
