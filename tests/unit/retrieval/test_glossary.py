"""Korean <-> English terms: expanding questions and glossing answers."""

from rulespal.core.types import Doc
from rulespal.retrieval.glossary import expand_query, gloss, glossary_for

GAME = Doc(id="g", title="G", lang="ko", text_path="", glossary=(("휴식", "Rest"), ("피로도", "Fatigue")))
SHARED = (("턴", "turn"), ("배", "ship"), ("휴식", "Break"))


def test_game_terms_come_first_and_longest_first():
    pairs = glossary_for([GAME], SHARED)
    assert pairs[0] == ("피로도", "Fatigue")
    assert dict(pairs)["휴식"] == "Rest"  # the game's own term wins over the shared one


def test_expand_query_both_ways():
    pairs = glossary_for([GAME], SHARED)
    assert expand_query("휴식 액션은 뭐야?", pairs) == ["Rest"]
    assert expand_query("what does Rest do to fatigue?", pairs) == ["피로도", "휴식"]
    assert expand_query("배가 몇 척?", pairs) == ["ship"]  # a one-syllable term with a particle
    assert expand_query("배경 설명", pairs) == []  # ...but not inside another word


def test_gloss_annotates_terms_in_the_other_language():
    pairs = glossary_for([GAME], SHARED)
    assert gloss("휴식 : 피로도-2", pairs, to="en") == "Rest (휴식) : Fatigue (피로도)-2"
    assert gloss("Rest lowers your Fatigue.", pairs, to="ko") == "Rest(휴식) lowers your Fatigue(피로도)."


def test_a_longer_term_is_glossed_as_one_and_each_term_once():
    glossary = [("지도", "map"), ("지도 조각", "map tile")]
    assert gloss("Place the map tile next to the map. The map tile is face up.", glossary, to="ko") == (
        "Place the map tile(지도 조각) next to the map(지도). The map tile is face up.")
