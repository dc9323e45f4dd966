"""Player counts: asked in a question, stated by a rulebook, and a count the book does not cover."""

from rulespal.core.players import counts_named, mentions_count, player_count_words, player_range, players_asked


def test_player_count_asked():
    assert players_asked("Can Kemet be played with 6 players?") == 6
    assert players_asked("and with just 2 of us?") == 2
    assert players_asked("in a two-player game who starts?") == 2
    assert players_asked("3인 플레이하면 몇 장?") == 3
    assert players_asked("how many cards do I draw?") is None


def test_player_range_of_a_book():
    r = player_range("Intro.\n\nKaruba is a tile-based game for 2 to 4 treasure hunters ages 8 and up.")
    assert (r.low, r.high) == (2, 4) and r.excludes(5) and not r.excludes(3)
    assert player_range("Cuba Libre is a 1- to 4-player board game") is not None
    assert (player_range("Cuba Libre is a 1- to 4-player board game").low,
            player_range("Cuba Libre is a 1- to 4-player board game").high) == (1, 4)
    solo = player_range("For 2-5 players. Solo mode: play against the automa.")
    assert not solo.excludes(1) and solo.excludes(6)
    assert player_range("Score 2 to 4 points per tile.") is None


def test_a_count_the_book_speaks_of_is_covered():
    assert mentions_count("With 6 players, use the expansion board.", 6)
    assert not mentions_count("Scores 6 points.", 6)


def test_a_count_of_people_is_searched_as_players():
    assert player_count_words("and with just 2 of us?") == "2 players"
    assert player_count_words("4인 게임이면?") == "4 players"
    assert player_count_words("with 3 players?") == ""  # already the book's words
    assert player_count_words("how many cards?") == ""


def test_the_counts_a_book_gives_rules_for_when_it_states_no_range():
    text = "Setup\n\nWith 2 players, remove the red deck.\n\n2 Players3 Players4 Players5 Players\n2 Souls3 Souls5 Souls6 Souls\n"
    r = counts_named(text)
    assert (r.low, r.high) == (2, 5) and text[r.start:r.end] == "5 Players"  # on the header that names them all
    r = counts_named("With 2 players, play two heroes each. In a game of 3 or 4 players, play free-for-all.")
    assert (r.low, r.high) == (2, 4)
    assert counts_named("With 3 players, each draws 2 cards. With 4 players, 3 cards.") is None  # two counts
    assert counts_named("Components: 4 Player Boards, 8 Player Markers, 5 Player aids, 2 players") is None
    assert counts_named("2 players, 3 players, and up to six players in teams").high == 6
    assert mentions_count("a game for up to six players", 6) and not mentions_count("six cards", 6)


def test_one_player_as_a_person_is_not_a_game_for_one():
    text = ("There can be only one player on one island. With 2 players, each takes two ships. "
            "In a game of 3 or 4 players, each takes one.")
    r = counts_named(text)
    assert (r.low, r.high, r.solo) == (2, 4, False)
    assert counts_named(text + " Solo rules: play as 2 players.").solo

