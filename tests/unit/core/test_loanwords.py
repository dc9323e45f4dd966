"""English loanwords written in Hangul, matched by their consonants."""

from rulespal.core.loanwords import sounds_alike


def test_loanwords_sound_like_their_english_words():
    assert sounds_alike("더블룬", "doubloon") and sounds_alike("카드", "card") and sounds_alike("타일", "tile")
    assert not sounds_alike("더블룬", "place") and not sounds_alike("카드", "hold")
    assert not sounds_alike("기차", "train")  # a native word: nothing to match
