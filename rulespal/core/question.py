"""What a question asks, read in one place: the retriever's unit scores, every answer writer and the checker
take an ``Asks`` instead of reading the question's text for these again."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rulespal.core.numbers import QUANTITY, yes_no
from rulespal.core.players import player_counts, players_asked
from rulespal.core.tokens import tokenize

# What a question asks to be counted: "how many [idea slots]", "the maximum [hand size]".
# "how much is the ransom?" asks a value in whatever unit, not a count of ransoms: a verb after it names nothing.
ASKED_THING = re.compile(r"\b(?:how (?:many|much)\s+(?!(?:is|are|was|were|does|do|did|will|would|can|could|should|"
                         r"cost|costs|it)\b)|(?:number of|maximum|minimum|max|min|limit on|size of)\s+)"
                         r"((?:[A-Za-z][\w'-]*\s*){1,3})", re.I)
# "what is the ...": a value or a definition, whatever its unit.
VALUE = re.compile(r"\bwhat(?:'s| is| are)\b", re.I)
# A question about the box's contents, not a rule.
COMPONENTS = re.compile(r"\b(components?|in the box|come with|included|contents?|pieces|"
                        r"how many \w+(?: \w+)? (?:are|come) (?:there|in))\b|구성물|들어 있", re.I)
# A question that asks for the result of the player's situation: a total, a score, what is left.
RESULT = re.compile(r"\b(total|altogether|in all|score[sd]?|points?|what do (?:i|we) get|left|remain|"
                    r"what (?:\w+ ){0,2}(?:do|does|will|would|am|are) (?:i|we|they|it) (?:make|get|score|have|at))\b",
                    re.I)


@dataclass(frozen=True)
class Asks:
    text: str  # the text read
    quantity: bool  # "how many", "how much", "cost", "몇": a number answers it
    yes_no: bool  # "can I ...?": a rule that permits or forbids answers it (never a quantity or a choice)
    value: bool  # "what is ...": a value or a definition
    result: bool  # a total, a score, what is left: the player's situation worked out
    components: bool  # what is in the box
    players: int | None  # the first player count it names ("with 3 players")
    counts: frozenset[int]  # every player count it names
    things: frozenset[str]  # the stems of what it asks to be counted ("how many idea slots"); English only


@lru_cache(maxsize=2048)
def read_asks(text: str) -> Asks:
    """What ``text`` asks. Pure and cached: the same text is read the same way wherever it is asked about."""
    m = ASKED_THING.search(text)
    things = frozenset(t for t in tokenize(m.group(1)) if t.isalpha()) if m else frozenset()
    return Asks(text, QUANTITY.search(text) is not None, yes_no(text), VALUE.search(text) is not None,
                RESULT.search(text) is not None, COMPONENTS.search(text) is not None, players_asked(text),
                frozenset(player_counts(text)), things)
