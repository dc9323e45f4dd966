"""A follow-up ("and with 4 players?") is read with the question before it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.types import Turn
from rulespal.retrieval.games import GameDetector
from rulespal.core.players import ASKED as PLAYERS

FOLLOW_UP_LEAD = re.compile(
    r"^\s*(and|what about|how about|also|or|then|same|what if|그럼|그러면|그리고|그건|그거는|또|만약|그렇다면)\b", re.I)

# "... on that?", "... do it?", "... that one?": the question is about what was asked before.
BACK_REFERENCE = re.compile(r"\b(?:that|this|it|them|those|these|the same)\W*$|\b(?:that|this) one\b", re.I)


@dataclass(frozen=True)
class Carried:
    text: str  # what to search: the question without game names, after the last question's words if carried
    stripped: str  # the question without game names
    scope: list[str] | None  # the games to search: picked, named, or carried from an earlier question
    focus: str | None  # the question's own words, when earlier words were carried in


def is_follow_up(question: str, named: list[str], max_words: int) -> bool:
    """A short question, one that opens like a continuation, or one that ends pointing back ("can my partner
    chime in on that?"), and that names no game."""
    if named:
        return False
    words = len(question.split())
    return (bool(FOLLOW_UP_LEAD.match(question)) or words <= max_words
            or (words <= 2 * max_words and BACK_REFERENCE.search(question) is not None))


def carry_over(question: str, history: list[Turn], picked: str | None, detector: GameDetector,
               max_words: int) -> Carried:
    """What to search for ``question`` given the chat so far; a game named earlier carries over too."""
    named = detector.detect(question)
    scope = [picked] if picked else (named or None)
    stripped = detector.strip(question)
    previous = [t.content for t in history if t.role == "user" and t.content and t.content.strip()]
    if not previous or not is_follow_up(question, named, max_words):
        return Carried(stripped, stripped, scope, None)
    if scope is None:
        scope = next((found[:1] for turn in reversed(previous) if (found := detector.detect(turn))), None)
    return Carried(f"{replace_slots(detector.strip(previous[-1]), stripped)} {stripped}", stripped, scope, stripped)


COLOURS = re.compile(r"\b(red|blue|green|yellow|black|white|purple|orange|pink|brown|gr[ae]y|gold|silver)\b"
                     r"|빨간|빨강|파란|파랑|초록|녹색|노란|노랑|검은|검정|흰|하얀|보라|주황|분홍|갈색|회색", re.I)
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


def replace_slots(previous: str, question: str) -> str:
    """The last question without the slot the follow-up changes: its player count, its colour, or its
    one number ("... with 3 players?" + "and with 6 of us?" -> "... with ?" + "and with 6 of us?")."""
    if PLAYERS.search(question):
        return PLAYERS.sub(" ", previous)
    if COLOURS.search(question):
        return COLOURS.sub(" ", previous)
    if NUMBER.search(question) and len(NUMBER.findall(previous)) == 1:
        return NUMBER.sub(" ", previous)
    return previous
