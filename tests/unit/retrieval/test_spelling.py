"""Typos in questions are corrected to the rulebooks' words; real words, names and acronyms are left alone."""

from rulespal.retrieval.spelling import Speller

BOOK = ("Players can have no more than 5 cards in hand; the hand limit applies at the end of the turn. "
        "Each player has 3 Actions: attack, sail or trade. Lydia Lamore may take 6 actions, as many as she likes.")


def test_typos_become_the_rulebooks_words():
    s = Speller([BOOK])
    assert s.correct("whats the hand limt?") == "whats the hand limit?"
    assert s.correct("how mny acions do I get?") == "how many actions do I get?"
    assert s.correct("can i atack twice") == "can i attack twice"


def test_real_words_names_acronyms_and_contractions_stay():
    s = Speller([BOOK], names=["Tiny Ticket (TTR)"])
    for q in ("How does castling work in chess?", "ttr with 3", "DJL integrity", "Lydia Lamore", "I couldn't sail",
              "Can I play Mysterium with 5?"):
        assert s.correct(q) == q


def test_a_word_near_nothing_or_far_from_every_rulebook_word_stays():
    """It may be a game the index lacks ("gloomhaven"): left as typed, so the answer can say the book is silent."""
    s = Speller([BOOK])
    assert s.correct("zzqx the hand limit in gloomhaven?") == "zzqx the hand limit in gloomhaven?"
    assert s.correct("shouldnt i sail") == "shouldnt i sail"
