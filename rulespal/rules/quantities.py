"""Quantities in a player's question and the arithmetic rules state, read from any rulebook's text.

A question states amounts ("4 gold nuggets", "a roll of 8", "70 life"); rules state rates ("2 points
per tile", "Gold nuggets (2 points each)", "1 Sailor for every 2 crates, round down"),
modifiers ("the boss has +10 life"), limits ("never more than 11 Mana", "draw until you have
five cards") and thresholds ("exceeds 15", "18 or less"). Things are matched by their word stems.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.numbers import WORD_NUMBERS
from rulespal.core.question import NUM, number, sign as _sign, stems
from rulespal.core.tokens import tokenize
from rulespal.core.text import clause_start, sentence_span, unemphasised

@dataclass(frozen=True)
class Statement:
    """An arithmetic statement of a rule."""

    kind: str  # rate, fraction, modifier, cap, until, down_to, product, difference, threshold, players
    value: float  # points per thing, the share, the modifier, the limit, the target, the threshold, +/- players
    things: frozenset[str]  # what is counted (rate), or what the limit or modifier is about
    gives: frozenset[str] = frozenset()  # what a rate or modifier yields ("points")
    every: float = 1.0  # "1 point for every 2 goods": group size
    rounding: str = "down"  # for grouped rates: down or up
    relation: str = ""  # threshold: ">", ">=", "<", "<="
    context: frozenset[str] = frozenset()  # the other words of its sentence (its label: "Overload", "Scout")
    start: int = 0  # span within the unit's text
    end: int = 0
    gives_text: str = ""  # the rule's own words for it ("victory points"), to show in a working
    by: frozenset[str] = frozenset()  # product: the second factor ("Number of Gearlocs" in "Day x Number of
    # Gearlocs"); difference: what is taken away ("your successes" in "if the horror is greater than your successes")


# ---- the rules ---------------------------------------------------------------------------------

_THING = r"(?P<what>[A-Za-z][\w'’ -]{0,40}?)"
_END = r"(?=\s*(?:[.,;:()]|$|\b(?:in|on|at|you|that|if|when|used|from|he|she|they|it|is|are)\b))"
RATES = [
    # "2 points per tile", "+2 points for each Harbor", "1 Sailor for every 2 crates", "100 Coins per Cargo Value"
    re.compile(rf"(?P<sign>[+−-])?(?P<n>{NUM})\s+(?P<gives>(?:[A-Za-z][\w'’-]*\s+){{0,3}}?)"
               rf"(?:per|for each|for every)\s+(?:(?P<m>{NUM})\s+)?{_THING}{_END}", re.I),
    # "Gold nuggets (2 points each)"
    re.compile(rf"{_THING}\s*\((?P<n>{NUM})\s+(?P<gives>[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*)?)\s+each\)", re.I),
    # "Each Silver Key increases the total Gold you possess by +1 Gold", "each banner ... gives ... 2 points"
    re.compile(rf"\beach\s+{_THING}\s+(?:[\w'’ ]{{0,50}}?\b)?(?:is worth|worth|gives?|scores?|earns?|counts? as|by)\s+"
               rf"(?:[\w'’ ]{{0,20}}?\b)?(?P<sign>[+−-])?(?P<n>{NUM})\s*(?P<gives>[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*)?)?",
               re.I),
    # "For every 200 Coins you don't spend, earn 1 Fame Point"
    re.compile(rf"\bfor (?:each|every)\s+(?:(?P<m>{NUM})\s+)?{_THING}\s*(?:[\w'’ ]{{0,30}})?,\s*(?:[\w'’]+\s+){{0,3}}?"
               rf"(?P<n>{NUM})\s+(?P<gives>[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*)?)", re.I),
]
# "pay half of the cost -rounding up-", "a third of your cards, rounded down"
FRACTION = re.compile(r"\b(?P<frac>half|a third|one third|a quarter|one quarter|double|twice|triple)\b(?: of)?"
                      r"(?: the| their| your| his| her| its)?\s+(?P<what>[A-Za-z][\w'’ -]{0,30}?)"
                      r"(?:[\s,(-]+round(?:ed|ing)?\s+(?P<way>up|down))?(?=[\s.,;:()-]|$)", re.I)
FRACTIONS = {"half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "a quarter": 0.25, "one quarter": 0.25,
             "double": 2.0, "twice": 2.0, "triple": 3.0}
MODIFIER = re.compile(r"(?<![\w+−-])(?P<sign>[+−-])(?P<n>\d+)\s+(?P<gives>[A-Za-z][\w'’-]*)", re.I)
# "multiply the number of shares by the share value", "Current Day x Number of Gearlocs": two named factors
_FACTOR = r"(?:[A-Za-z][\w'’-]*\s+){0,6}?[A-Za-z][\w'’-]*"
_FACTOR_AFTER = r"[A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,5}"
PRODUCTS = [
    re.compile(rf"\bmultiply\s+(?P<a>{_FACTOR})\s+by\s+(?P<b>{_FACTOR_AFTER})", re.I),
    re.compile(rf"(?<![\w.])(?P<a>{_FACTOR})\s+(?:[x×]|times)\s+(?P<b>{_FACTOR_AFTER})"),
]
# Words that name no factor: "this number", "the value shown", "the total".
GENERIC = frozenset(tokenize("number value total amount count indicated shown listed printed current given "
                             "this that these those it its them result"))
NUMBER_WORDS = frozenset(tokenize(" ".join(WORD_NUMBERS)))
ROUND = re.compile(r"\bround(?:ed|ing)?\b[^.]{0,30}?\b(?P<way>down|up)\b|\b(?P<way2>down|up)\b", re.I)
CAP = re.compile(rf"\b(?:never (?:have |possess |hold )?more than|no more than|not (?:have )?more than|a maximum of|"
                 rf"maximum of|at most|up to)\s+(?P<n>{NUM})\s+(?P<what>[A-Za-z][\w'’ -]{{0,30}}?"
                 rf"(?:\s+(?:from|of|for)\s+[A-Za-z][\w'’ -]{{0,20}}?)?){_END}", re.I)
# "lose Sanity equal to the difference", "takes physical damage equal to the difference between the two rolls"
DIFFERENCE = re.compile(r"(?P<gives>[A-Za-z][\w'’-]*)\*{0,2}\s+(?:is\s+)?equal to the difference\b", re.I)
# "If the Monster's horror is greater than your successes": which of the two comes first
GREATER = re.compile(r"\bif (?:the |your |its |their )?(?P<a>[\w'’* ]{1,40}?)\s+(?:is|are)\s+(?:greater|higher|more|larger|"
                     r"bigger) than (?:the |your |its |their )?(?P<b>[\w'’* ]{1,40}?)\s*[,.;]", re.I)
# "you must discard down to 7 cards": what is over the number goes
DOWN_TO = re.compile(rf"\bdown to\s+(?P<n>{NUM})\s+(?P<what>[A-Za-z][\w'’-]*)", re.I)
UNTIL = re.compile(rf"\buntil (?:you|they|he|she|each player) (?:have|has)\s+(?P<n>{NUM})\s+(?P<what>[A-Za-z][\w'’-]*)", re.I)
# "1 fewer of each Banner than players", "a number of tiles equal to the number of players minus one"
PLAYERS_LESS = re.compile(rf"\b(?P<n>{NUM})\s+(?P<dir>fewer|less|more)\s+(?P<what>[A-Za-z][\w'’ -]{{0,40}}?)\s+than\s+"
                          rf"(?:the number of\s+)?players\b(?!\s+who)", re.I)
PLAYERS_MINUS = re.compile(rf"\b(?P<what>[A-Za-z][\w'’ -]{{0,60}}?)\s+equal to the number of players\s*"
                           rf"(?P<dir>minus|plus|\+|-|−)\s*(?P<n>{NUM})\b", re.I)
THRESHOLDS = [
    (re.compile(rf"\b(?:exceeds?|more than|greater than|over)\s+(?P<n>{NUM})", re.I), ">"),
    (re.compile(rf"\bat least\s+(?P<n>{NUM})|(?P<n2>{NUM})\s+or more\b", re.I), ">="),
    (re.compile(rf"\b(?:less than|fewer than|under|below)\s+(?P<n>{NUM})", re.I), "<"),
    (re.compile(rf"\b(?P<n>{NUM})\s+or (?:less|fewer)\b|\bat most\s+(?P<n2>{NUM})", re.I), "<="),
]


def rates(text: str) -> list[Statement]:
    """The rates a text states ("2 points per tile"): linear in the text, so a whole rulebook can be read."""
    return _rates(unemphasised(text))


def _rates(text: str) -> list[Statement]:
    return [st for rx in RATES for m in rx.finditer(text) for st in _rate(m, text)]


def rule_statements(text: str) -> list[Statement]:
    """The arithmetic a rule's sentence states (read through its Markdown emphasis, offsets kept)."""
    text = unemphasised(text)
    out: list[Statement] = _rates(text)
    for m in MODIFIER.finditer(text):
        value, gives = float(m.group("n")), stems(m.group("gives"))
        if gives and not any(s.start <= m.start() < s.end for s in out):
            clause = text[sentence_span(text, m.start(), clauses=True)[0]:m.start()]  # up to it, with its label
            out.append(Statement("modifier", _sign(m.group("sign")) * value, gives, gives, context=stems(clause),
                                 start=m.start(), end=m.end()))
    for m in FRACTION.finditer(text):
        things = stems(m.group("what"))
        if things:
            out.append(Statement("fraction", FRACTIONS[m.group("frac").casefold()], things,
                                 rounding=(m.group("way") or "down").casefold(), context=stems(text),
                                 start=m.start(), end=m.end()))
    out.extend(caps(text))
    for m in PLAYERS_LESS.finditer(text):
        sign = 1 if m.group("dir").casefold() == "more" else -1
        out.append(Statement("players", sign * (number(m.group("n")) or 0), stems(m.group("what")),
                             start=m.start(), end=m.end()))
    for m in PLAYERS_MINUS.finditer(text):
        sign = 1 if m.group("dir").casefold() in ("plus", "+") else -1
        what = m.group("what")[clause_start(m.group("what"), len(m.group("what")), marks=".;:,"):]
        out.append(Statement("players", sign * (number(m.group("n")) or 0), stems(what), start=m.start(), end=m.end()))
    for m in UNTIL.finditer(text):
        out.append(Statement("until", number(m.group("n")) or 0, stems(m.group("what")), start=m.start(), end=m.end()))
    for m in DOWN_TO.finditer(text):
        out.append(Statement("down_to", number(m.group("n")) or 0, stems(m.group("what")), start=m.start(),
                             end=m.end()))
    out.extend(_relations(text))
    return out


def _relations(text: str) -> list[Statement]:
    """Statements between two amounts: a difference, a product, a threshold."""
    out: list[Statement] = []
    for m in DIFFERENCE.finditer(text):
        start, end = sentence_span(text, m.start())
        sentence = text[start:end]  # "... between the attack and the defense"
        cond = GREATER.search(sentence)
        # "if A is greater than B": B is taken from A; without it, the smaller from the larger
        first, second = (stems(cond.group("a")), stems(cond.group("b"))) if cond else (frozenset(), frozenset())
        if cond and not (first and second):
            continue  # a side that names nothing ("if it is greater than that") can't be matched to an amount
        out.append(Statement("difference", 0, first, stems(m.group("gives")), context=stems(sentence), by=second,
                             start=m.start(), end=m.end()))
    for rx in PRODUCTS:
        for m in rx.finditer(text):
            # "Calculate Current Day x ...": a factor before "x" is the few words next to it
            a_words = m.group("a").split()[-2:] if m.re is not PRODUCTS[0] else m.group("a").split()
            a, b = stems(" ".join(a_words)) - GENERIC, _factor(m.group("b"))
            if a and b and not a & b and not (a | b) & NUMBER_WORDS:
                out.append(Statement("product", 0, a, by=b, start=m.start(), end=m.end()))
    for rx, relation in THRESHOLDS:
        for m in rx.finditer(text):
            n = number(m.group("n") or m.group("n2"))
            if n is not None:
                about = stems(text[clause_start(text, m.start(), marks=".;:"):m.start()])
                out.append(Statement("threshold", n, about, relation=relation, start=m.start(), end=m.end()))
    return out


FACTOR_BREAK = frozenset("in on at to for from that which who you your their given with when if".split())


def _factor(words: str) -> frozenset[str]:
    """The thing a factor names, up to where its phrase goes on ("Number of Gearlocs | in Party")."""
    kept: set[str] = set()
    for w in words.split():
        if kept and w.casefold() in FACTOR_BREAK:
            break
        kept |= stems(w) - GENERIC
    return frozenset(kept)


def caps(text: str) -> list[Statement]:
    """The limits a whole text states ("never more than 11 Mana"), spans in ``text``."""
    return [Statement("cap", number(m.group("n")) or 0, stems(m.group("what")), start=m.start(), end=m.end())
            for m in CAP.finditer(text)]


def _rate(m: re.Match, text: str) -> list[Statement]:
    groups = m.groupdict()
    value = number(groups["n"])
    things = stems(groups.get("what") or "")
    if value is None or not things:
        return []
    sign = _sign(groups.get("sign"))
    every = number(groups.get("m") or "1") or 1.0
    tail = text[m.end():m.end() + 40]
    way = ROUND.search(tail) if every > 1 else None
    rounding = ((way.group("way") or way.group("way2")).casefold() if way else "down")
    gives_text = " ".join((groups.get("gives") or "").split())
    return [Statement("rate", sign * value, things, stems(gives_text), every, rounding, gives_text=gives_text,
                      start=m.start(), end=m.end())]
