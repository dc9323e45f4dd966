"""How many players a question is about, and how many a rulebook is for."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.numbers import as_int

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve").split()
_WORDS = "|".join(NUMBER_WORDS[1:])  # a player count said in words, one to twelve
_N = rf"(\d{{1,2}}|{_WORDS})"
ASKED = re.compile(rf"(?<![\w-]){_N}[\s-]*(?:players?\b|player game|p\b|of us\b|people\b|인|명)", re.I)
# "for 2 to 5 players", "2-4 player game", "1- to 4-player", "2~4인"
BOOK_RANGE = re.compile(rf"(?<![\w-]){_N}\s*-?\s*(?:-|–|—|to|~)\s*{_N}[\s-]*(?:players?\b|인|명)", re.I)
# "a tile-based game for 2 to 4 treasure hunters"
GAME_FOR = re.compile(rf"\bgame\s+for\s+{_N}\s*(?:-|–|to)\s*{_N}\s+[a-z]", re.I)
# rules for a game of one; not "only one player on an island", a person
SOLO = re.compile(r"\b(solo|solitaire|single[- ]player|one-player|1-player|1 player game|for (?:one|1) player)\b", re.I)


@dataclass(frozen=True)
class PlayerRange:
    low: int
    high: int
    start: int  # the span of the text that states it
    end: int
    solo: bool  # the book also has rules for one player

    def excludes(self, n: int) -> bool:
        return n > self.high or (n < self.low and not (n == 1 and self.solo))


def player_count_words(question: str) -> str:
    """"2 players" for "... with just 2 of us?": a count said as people, "of us" or "4인", in the words
    rulebooks use for it; "" when the question says "players" already or names no count."""
    m = ASKED.search(question)
    if m is None or re.match(r"[\s-]*players?\b|[\s-]*player game\b", question[m.end(1):], re.I):
        return ""
    n = as_int(m.group(1))
    return f"{n} players" if n is not None and n > 1 else ""  # "can one of us pass?": no count


def player_counts(text: str) -> set[int]:
    """Every player count a text names ("2 players", "3인", "4 of us")."""
    return {n for m in ASKED.finditer(text) if (n := as_int(m.group(1))) is not None}


def players_asked(question: str) -> int | None:
    m = ASKED.search(question)
    return as_int(m.group(1)) if m else None


def player_range(text: str) -> PlayerRange | None:
    """The player count the rulebook is for, from the first place that states it."""
    m = BOOK_RANGE.search(text) or GAME_FOR.search(text)
    if m is None:
        return None
    low, high = as_int(m.group(1)), as_int(m.group(2))
    if low is None or high is None or not 1 <= low < high <= 12:
        return None
    return PlayerRange(low, high, m.start(), m.end(), bool(SOLO.search(text)))


# Player counts a rulebook gives rules for: "3 players", "2, 3 or 4 players", "six players", a table's header
# "2 Players3 Players4 Players", "3인"; not a component ("4 Player Boards").
_COUNT = rf"(?<![\d-])\d{{1,2}}|\b(?:{_WORDS})\b"
NAMED_COUNTS = re.compile(rf"((?:{_COUNT})(?:\s*(?:,|or|and|to|-|–|/)\s*(?:{_COUNT}))*)[\s-]*"
                          r"(?:players?(?![a-z])(?!\s*'?s?\s*(?:boards?|mats?|aids?|colou?rs?|markers?|tokens?|cards?|"
                          r"screens?|sheets?|pieces?|pawns?))|인)", re.I)


def counts_named(text: str) -> PlayerRange | None:
    """The player counts a rulebook that states no range gives rules for ("with 2 players ...", "3 or 4 players",
    a table's "2 Players 3 Players 4 Players"), fewest to most, spanning a mention of the most (on the line that
    names most counts: a table's header); None under three different counts, too few to tell a range."""
    solo = bool(SOLO.search(text))
    # "one player" is a person ("one player may pass"), not a game for one, unless the book has solo rules
    found = [(n, m) for m in NAMED_COUNTS.finditer(text) for n in _counts_of(m) if (1 if solo else 2) <= n <= 12]
    if len({n for n, _ in found}) < 3:
        return None
    high = max(n for n, _ in found)

    def counts_on_its_line(m: re.Match) -> int:
        start, end = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
        return len(NAMED_COUNTS.findall(text[start:end if end >= 0 else len(text)]))
    at = max((m for n, m in found if n == high), key=counts_on_its_line)
    return PlayerRange(min(n for n, _ in found), high, at.start(), at.end(), solo)


def _counts_of(m: re.Match) -> list[int]:
    """The counts of one ``NAMED_COUNTS`` match ("4, 5 or 6 players": 4, 5 and 6)."""
    return [n for w in re.findall(_COUNT, m.group(1), re.I) if (n := as_int(w)) is not None]


def listed_counts(text: str) -> set[int]:
    """Every player count a text gives a rule for, lists included ("4, 5 or 6 players": 4, 5 and 6)."""
    return {n for m in NAMED_COUNTS.finditer(text) for n in _counts_of(m)}


def speaks_of_counts(text: str) -> bool:
    """Does the text give a rule for some player count ("with 3 players", "2 Players3 Players")?"""
    return NAMED_COUNTS.search(text) is not None


def mentions_count(text: str, n: int) -> bool:
    """Does the book speak of games with ``n`` players anywhere ("6 players", "6-player", "six players")?"""
    word = NUMBER_WORDS[n] if 0 < n < len(NUMBER_WORDS) else str(n)
    return re.search(rf"(?<![\d-])(?:{n}|\b{word})[\s-]*players?\b|(?<!\d){n}\s*(?:인|명)", text, re.I) is not None
