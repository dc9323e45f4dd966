"""English loanwords written in Hangul, matched by their consonants."""

from rulespal.core.loanwords import sounds_alike


def test_loanwords_sound_like_their_english_words():
    assert sounds_alike("더블룬", "doubloon") and sounds_alike("카드", "card") and sounds_alike("타일", "tile")
    assert not sounds_alike("더블룬", "place") and not sounds_alike("카드", "hold")
    assert not sounds_alike("기차", "train")  # a native word: nothing to match


def test_silent_gh_and_chr_are_read_as_korean_writes_them():
    from rulespal.core.loanwords import hangul_key, latin_key
    assert latin_key("Night") == hangul_key("나이트") and latin_key("Chronicle") == hangul_key("크로니클")
