"""A follow-up ("and with 4 players?") is read with the question before it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.types import Turn
from rulespal.retrieval.games import GameDetector
from rulespal.core.players import ASKED as PLAYERS

# "ok and with 4 of us?": a word of assent or a pause before it does not stop a question continuing the last.
FOLLOW_UP_LEAD = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|so|right|alright|hmm+|cool|thanks|great|got it|아|네|오케이)[,.!]*\s+)*"
    r"(and|what about|how about|also|or|then|same|what if|그럼|그러면|그리고|그건|그거는|또|만약|그렇다면)\b", re.I)

# "... on that?", "... do it?", "... that one?": the question is about what was asked before.
BACK_REFERENCE = re.compile(r"\b(?:that|this|it|them|those|these|the same)\W*$|\b(?:that|this) one\b", re.I)


@dataclass(frozen=True)
class Carried:
    text: str  # what to search: the question without game names, after the last question's words if carried
    stripped: str  # the question without game names
    scope: list[str] | None  # the games to search: picked, named, or carried from an earlier question
    focus: str | None  # the question's own words, when earlier words were carried in
    game_carried: bool = False  # the scope is an earlier question's game, not one picked or named now


# A question that names a game continues the last one only if it opens like a continuation and has at most this
# many words besides the name ("and in Reef Raiders?"); hand-set.
NAMED_FOLLOW_UP_WORDS = 3


def is_follow_up(question: str, named: list[str], max_words: int, stripped: str | None = None) -> bool:
    """A short question, one that opens like a continuation, or one that ends pointing back ("can my partner
    chime in on that?"), and that names no game; or one that only moves the last question to another game
    ("and in Reef Raiders?", ``stripped``: the question without the name)."""
    if named:
        rest = question if stripped is None else stripped
        return bool(FOLLOW_UP_LEAD.match(question)) and len(rest.split()) <= NAMED_FOLLOW_UP_WORDS
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
    if not previous or not is_follow_up(question, named, max_words, stripped):
        return Carried(stripped, stripped, scope, None)
    carried_game = scope is None
    if scope is None:
        scope = next((found[:1] for turn in reversed(previous) if (found := detector.detect(turn))), None)
    return Carried(f"{replace_slots(_resolved(previous, detector, max_words), stripped)} {stripped}", stripped, scope,
                   stripped, carried_game and scope is not None)


def _resolved(previous: list[str], detector: GameDetector, max_words: int) -> str:
    """The last question as it was understood: a follow-up read with the one before it, and so on back
    ("... souls with 3 players?", "and with 4 players?": the second asks for souls with 4 players)."""
    text = detector.strip(previous[0])
    for turn in previous[1:]:
        stripped = detector.strip(turn)
        if not is_follow_up(turn, detector.detect(turn), max_words, stripped):
            text = stripped
        elif BARE_NUMBER.fullmatch(stripped) and (slotted := replace_slots(text, stripped)) != text:
            text = slotted  # "and 4?": the number took its slot, nothing else to add
        else:
            text = f"{replace_slots(text, stripped)} {stripped}"
    return text


COLOURS = re.compile(r"\b(red|blue|green|yellow|black|white|purple|orange|pink|brown|gr[ae]y|gold|silver)\b"
                     r"|빨간|빨강|파란|파랑|초록|녹색|노란|노랑|검은|검정|흰|하얀|보라|주황|분홍|갈색|회색", re.I)
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
# A follow-up that is a number and nothing else it could be about: "and with 2?", "and 11?", "what about 5".
BARE_NUMBER = re.compile(r"\W*(?:(?:and|or|what about|how about)\s+)?(?:(?:with|for|at|on)\s+)?(?:just\s+)?(\d+)\W*",
                         re.I)


def replace_slots(previous: str, question: str) -> str:
    """The last question without the slot the follow-up changes: its player count, its colour, or its
    one number, which a bare number takes the place of ("... with 3 players?" + "and with 6 of us?" ->
    "... with ?" + "and with 6 of us?"; "... for 3 players?" + "and with 2?" -> "... for 2 players?")."""
    if PLAYERS.search(question):
        return PLAYERS.sub(" ", previous)
    if COLOURS.search(question):
        return COLOURS.sub(" ", previous)
    if (new := NUMBER.search(question)) and len(NUMBER.findall(previous)) == 1 and (old := NUMBER.search(previous)):
        # the same slot, a new value: a bare number ("and with 2?"), or one said of the same thing ("level 3" and
        # "the level-4 board", "a 5 stack" and "the 6-stack variant")
        same = BARE_NUMBER.fullmatch(question) or _around(question, new) & _around(previous, old)
        return NUMBER.sub(new.group() if same else " ", previous)
    return previous


def _around(text: str, m: re.Match) -> set[str]:
    """The words right before and right after a number, marked by side ("<level", ">board")."""
    before = re.search(r"([^\W\d_]+)\W*$", text[:m.start()])
    after = re.match(r"[\s-]*([^\W\d_]+)", text[m.end():])
    words = {f"<{before.group(1).casefold()}"} if before else set()
    return words | {f">{after.group(1).casefold()}"} if after else words
