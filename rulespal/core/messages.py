"""The fixed phrases of answers, in each language a question can be asked in."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "silent": "The rulebook doesn't say.",
        "yes": "Yes",
        "no": "No",
        "closest": " The closest passage is [1].",
        "not_printed": "The rulebook doesn't print that",
        "table_not_printed": "The rulebook's table prints no value for that",
        "from_english": "",
        "from_korean": "The rulebook (in Korean) says: ",
        "which_game": "Which game do you mean? The rules differ between {titles}.",
        "replaced": "The rulebook says: {quotes}",
        "replaced_note": "A drafted answer said {wrong}, which the cited rule does not say; the rule is quoted instead.",
        "player_range": "The rulebook covers {low} to {high} players, not {n}",
        "player_counts_named": "The rulebook doesn't say: it gives rules for {low} to {high} players, not {n}",
        "corrected": "Corrected: the drafted answer said {wrong}, which the rulebook does not; it says: {quotes}",
    },
    "ko": {
        "silent": "규칙서에는 그 내용이 없습니다.",
        "yes": "네",
        "no": "아니요",
        "closest": " 가장 가까운 구절은 [1]입니다.",
        "not_printed": "규칙서에 그 값은 나와 있지 않습니다",
        "table_not_printed": "규칙서의 표에 그 값은 나와 있지 않습니다",
        "from_english": "규칙서(영문)에 따르면: ",
        "from_korean": "",
        "which_game": "어느 게임에 대한 질문인가요? 게임마다 규칙이 다릅니다: {titles}.",
        "replaced": "규칙서에 따르면: {quotes}",
        "replaced_note": "초안의 {wrong}은(는) 인용한 규칙과 달라, 규칙을 그대로 인용합니다.",
        "player_range": "규칙서는 {low}~{high}인 게임만 다룹니다({n}인은 없습니다)",
        "player_counts_named": "규칙서에 없습니다: {low}~{high}인 규칙만 나옵니다({n}인은 없습니다)",
        "corrected": "정정: 초안의 {wrong}은(는) 규칙서와 다릅니다. 규칙서에 따르면: {quotes}",
    },
}


def say(lang: str, key: str, **values: str) -> str:
    """The phrase ``key`` in ``lang`` (English when the language has none)."""
    text = MESSAGES.get(lang, MESSAGES["en"]).get(key, MESSAGES["en"][key])
    return text.format(**values) if values else text
