"""A follow-up ("and with 4 players?") is read with the question before it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.types import Turn
from rulespal.retrieval.games import GameDetector

FOLLOW_UP_LEAD = re.compile(
    r"^\s*(and|what about|how about|also|or|then|same|what if|그럼|그러면|그리고|그건|그거는|또|만약|그렇다면)\b", re.I)


@dataclass(frozen=True)
class Carried:
    text: str  # what to search: the question without game names, after the last question's words if carried
    stripped: str  # the question without game names
    scope: list[str] | None  # the games to search: picked, named, or carried from an earlier question
    focus: str | None  # the question's own words, when earlier words were carried in


def is_follow_up(question: str, named: list[str], max_words: int) -> bool:
    """A short question, or one that opens like a continuation, and that names no game."""
    if named:
        return False
    return bool(FOLLOW_UP_LEAD.match(question)) or len(question.split()) <= max_words


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
    return Carried(f"{detector.strip(previous[-1])} {stripped}", stripped, scope, stripped)
