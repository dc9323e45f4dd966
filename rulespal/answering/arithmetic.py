"""Rule arithmetic for any rulebook: the question's amounts worked through the rates, shares, modifiers,
limits and thresholds that the retrieved rules state, every step shown and cited.

Nothing here knows a game. A computation is answered only in shapes it can be sure of: a player count
through a rule of the players ("one fewer than players"); one amount through one rule (a rate, a
labelled modifier, "until you have N"); or amounts each through a rate of the same unit, plus what the
player already has of that unit and the signed modifiers the question states, then a limit on the
result (from the passages, or stated anywhere in the book). Of several amounts, one that no rule
counts is named in the working as not counted, never silently dropped; with no rule for any amount
the rules are quoted instead (never a guess). Shares ("half, rounded up") and thresholds ("exceeds
15") are read by rulespal/rules/quantities.py but not yet answered: on books never tuned on they
fired on the wrong rule more often than the right one.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from rulespal.core.numbers import EN_NUMBER_WORDS, QUANTITY
from rulespal.core.players import players_asked
from rulespal.core.text import last_section
from rulespal.core.types import Citation, Draft, SourceSpan
from rulespal.rules.claims import asked_things
from rulespal.rules.quantities import Amount, Statement, caps, question_amounts, rule_statements, stems
from rulespal.answering.context import AnswerContext

NUMERAL = re.compile(rf"\d|\b(?:{EN_NUMBER_WORDS})\b", re.I)
# What the player already has of the result's unit: "I'm on 8 mana", "I have 12 coins".
HELD = re.compile(r"\b(?:i'?m on|i am on|we'?re on|we are on|i'?m at|i am at|i (?:already |still )?(?:have|had)|"
                  r"i'?ve got|we (?:already |still )?(?:have|had)|we'?ve got|currently)\s*$", re.I)
RESULT = re.compile(r"\b(total|altogether|in all|score[sd]?|points?|what do (?:i|we) get|left|remain|"
                    r"what (?:\w+ ){0,2}(?:do|does|will|would|am|are) (?:i|we|they|it) (?:make|get|score|have|at))\b",
                    re.I)


@dataclass(frozen=True)
class Found:
    """A statement of one unit of a retrieved passage."""

    statement: Statement
    doc: str
    start: int  # the unit's span in the rulebook
    end: int
    rank: int  # the passage's rank in the search
    context: frozenset[str] = frozenset()  # the stems of its unit and section ("road", "city")


@dataclass
class Working:
    steps: list[str] = field(default_factory=list)
    used: list[Found] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # said after the result: what it does not include
    computed: list[float] = field(default_factory=list)

    def cite(self, f: Found) -> int:
        if f not in self.used:
            self.used.append(f)
        return self.used.index(f) + 1

    def step(self, text: str, f: Found, value: float) -> float:
        self.steps.append(f"{text} [{self.cite(f)}]")
        self.computed.append(value)
        return value


def arithmetic(ctx: AnswerContext) -> Draft | None:
    question = ctx.key_text
    asks = QUANTITY.search(question) or RESULT.search(question)
    if not asks:
        return None  # no computation asked
    stated = [a for a in question_amounts(question) if not a.is_context]
    amounts, repeated = _distinct([a for a in stated if NUMERAL.search(question[a.start:a.end])])  # "a Scout": none
    players = players_asked(question)
    if not amounts and (players is None or players < 2):
        return None  # no number to compute with ("can one player ...": a player, not a player count)
    found = _statements(ctx)
    words = stems(question)
    asked = asked_things(question)
    work = Working()
    if not amounts and players is not None and (total := _players(players, found, words, asked, work)) is not None:
        return _draft(ctx, work, total)
    if not amounts:
        return None
    # "2 ships, 1 fort, a captain": beside numbers, "an X" in the list is one more amount
    ones = [a for a in _distinct(stated)[0] if not any(b.things == a.things for b in amounts)]
    if len(amounts) == 1 and not ones and not repeated:
        total = _one(amounts[0], found, words, work)
    else:
        total = _many(amounts, ones, repeated, question, found, words, asked, work, ctx)
    if total is None:
        return None
    _unapplied(ctx, work, question)
    return _draft(ctx, work, total)


# A condition a rule may reward beyond the counted amounts: "the most oxygen", "the longest river".
SUPERLATIVE = re.compile(r"\b(?:the\s+)?(most|fewest|least|longest|largest|biggest|highest|lowest|greatest)\s+"
                         r"((?:[^\W\d_]+\s+){0,1}[^\W\d_]+)", re.I)


def _unapplied(ctx: AnswerContext, work: Working, question: str) -> None:
    """A rule of the passages that gives the result's unit for a condition the question states and the
    working did not use ("... and the most oxygen" beside "5 bonus points to the player with the most oxygen"):
    named after the total as not counted, with its citation, so that the total is never silently short of it."""
    unit = next((f.statement.gives for f in work.used if f.statement.gives), frozenset())
    if not unit:
        return
    doc = work.used[0].doc
    spans = {(f.start, f.end) for f in work.used}
    for m in SUPERLATIVE.finditer(question):
        said = stems(m.group(2)) - unit
        if not said:
            continue
        for hit in ctx.hits[:ctx.tuning.answer_hits]:
            if hit.chunk.doc != doc:
                continue
            for u in hit.chunk.units:
                text = hit.chunk.unit_text(u)
                if ((u.start, u.end) not in spans and re.search(rf"\b{m.group(1)}\b", text, re.I)
                        and said <= stems(text) and _gives_unit(text, unit)):
                    f = Found(Statement(kind="rule", value=0, things=frozenset(), gives=unit), doc=doc, start=u.start,
                              end=u.end, rank=0)
                    work.notes.append(f"not counted: the rule for {m.group().strip()} [{work.cite(f)}] "
                                      "(add it if it applies)")
                    return


def _gives_unit(text: str, unit: frozenset[str]) -> bool:
    """Does the text give a number of ``unit`` ("gains 5 bonus points")?"""
    return any(stems(m.group(1)) & unit for m in re.finditer(r"\d+\s+((?:[^\W\d_]+\s+)?[^\W\d_]+)", text))


def _distinct(amounts: list[Amount]) -> tuple[list[Amount], list[Amount]]:
    """One amount per thing, and the repeats: "5 tiles, ... because one tile has two parts" counts the
    tiles once (the repeat is named in the working as not counted)."""
    out: list[Amount] = []
    repeats: list[Amount] = []
    for a in amounts:
        (repeats if any(b.things == a.things for b in out) else out).append(a)
    return out, repeats


def _players(n: int, found: list[Found], words: frozenset[str], asked: frozenset[str], work: Working
             ) -> float | None:
    """"How many of each Banner with 4 players?" through "one fewer of each Banner than players": the
    rule must be about what the question counts ("how many points ..." is not a count of Banners)."""
    rules = [f for f in found if f.statement.kind == "players" and f.statement.things & words
             and (not asked or f.statement.things & asked)]
    if not rules:
        return None
    f = max(rules, key=lambda g: (len(g.statement.things & words), -g.rank))
    k = f.statement.value
    sign = "+" if k >= 0 else "−"
    return work.step(f"{n} players {sign} {_fmt(abs(k))} = {_fmt(n + k)}", f, n + k)


def _statements(ctx: AnswerContext) -> list[Found]:
    out: list[Found] = []
    for rank, hit in enumerate(ctx.hits[:ctx.tuning.answer_hits]):
        chunk = hit.chunk
        section = stems(last_section(chunk.section))
        for u in chunk.units:
            text = chunk.unit_text(u)
            for st in rule_statements(text):
                out.append(Found(st, chunk.doc, u.start, u.end, rank, stems(text) | section))
    return out


def _matching(found: list[Found], kind: str, words: frozenset[str]) -> list[Found]:
    """Statements of ``kind`` all of whose things are among ``words``, best-ranked passage first."""
    return sorted((f for f in found if f.statement.kind == kind and f.statement.things
                   and f.statement.things <= words), key=lambda f: f.rank)


def _best_rate(a: Amount, found: list[Found], words: frozenset[str]) -> Found | None:
    """The rate that counts ``a``: what it counts is the amount's thing (with the question's words: "for
    every card discarded" counts "my 5-card hand" I discard); of several, the one whose rule and section
    share most words with the question ("per tile" on a river, not in a forest), then the best-ranked."""
    rates = [f for f in found if f.statement.kind == "rate" and f.statement.things & a.things
             and f.statement.things <= a.things | words]
    return max(rates, key=lambda f: (bool(f.statement.gives), len(f.context & words), -f.rank)) if rates else None


def _one(a: Amount, found: list[Found], words: frozenset[str], work: Working) -> float | None:
    """One amount through one rule."""
    rate = _best_rate(a, found, words)
    if rate is not None and _asked(rate, words) and a.value != 1:  # "what is one X worth?" asks for the rule
        return _rate(a, rate, found, work)
    if until := _matching(found, "until", a.things):
        f = until[0]
        v = f.statement.value - a.value
        return work.step(f"up to {_fmt(f.statement.value)} {a.text}: {_fmt(f.statement.value)} − {_fmt(a.value)} "
                         f"= {_fmt(v)}", f, v)
    labelled = [f for f in _matching(found, "modifier", a.things) if len(f.statement.context & words) >= 1]
    if labelled:
        f = max(labelled, key=lambda g: (len(g.statement.context & words), -g.rank))
        v = a.value + f.statement.value
        sign = "+" if f.statement.value >= 0 else "−"
        return work.step(f"{_fmt(a.value)} {a.text} {sign} {_fmt(abs(f.statement.value))} = {_fmt(v)}", f, v)
    return None


def _asked(f: Found, words: frozenset[str]) -> bool:
    """A rate answers the question only if what it gives is what the question speaks of ("points")."""
    return not f.statement.gives or bool(f.statement.gives & words)


def _many(amounts: list[Amount], ones: list[Amount], repeated: list[Amount], question: str, found: list[Found],
          words: frozenset[str], asked: frozenset[str], work: Working, ctx: AnswerContext) -> float | None:
    """Amounts each through its own rate, all giving the same thing ("points"); what the player already
    has of that thing ("I'm on 8 mana") and signed modifiers ("the tile is -1") are added.
    ``ones`` ("a captain") count only where a rate of that same thing gives it."""
    chosen: list[tuple[Amount, Found]] = []
    rest: list[Amount] = []
    for a in amounts:
        rate = None if a.signed else _best_rate(a, found, words)
        if rate is None:
            rest.append(a)
        else:
            chosen.append((a, rate))
    units = Counter(f.statement.gives for _, f in chosen if f.statement.gives)
    if not units:
        return None
    gives = units.most_common(1)[0][0]
    rest += [a for a, f in chosen if f.statement.gives != gives]  # "3 for each city": not what the others give
    chosen = [(a, f) for a, f in chosen if f.statement.gives == gives]
    for a in ones:
        rate = _best_rate(a, found, words)
        if rate is not None and rate.statement.gives == gives:
            chosen.append((a, rate))
    chosen.sort(key=lambda af: af[0].start)
    if len({f for _, f in chosen}) != len(chosen):
        return None
    if asked and not asked & gives:
        return None  # "how many cards?" is not answered in points
    first = chosen[0][1]
    if not asked and not _asked(first, words) and not (first.context - first.statement.things - gives) & words:
        return None
    held = [a for a in rest if not a.signed and a.things <= gives and HELD.search(question[:a.start])]
    # a signed value of something ("the storm tile is -1"), or a signed amount of the unit ("+2 points")
    signed = [a for a in rest if a.signed and (a.things <= gives or question[a.start:a.end].rstrip()[-1:].isdigit())]
    ignored = [a for a in rest if a not in held and a not in signed] + repeated
    if len(chosen) + len(held) + len(signed) < 2 or len(held) > 1:
        return None  # one amount through one rate with the rest unexplained: quote the rules instead
    if any(a.things <= gives for a in ignored):
        return None  # "I need 10 points to win": an amount of the result's own unit we cannot place
    total = sum(_rate(a, f, found, work) for a, f in chosen)
    for a in held:
        total += a.value
        work.steps.append(f"+ {_fmt(a.value)} {a.text} (from your question)")
    for a in signed:
        total += a.value
        work.steps.append(f"{'+' if a.value >= 0 else '−'} {_fmt(abs(a.value))} ({a.text}, from your question)")
    for a in ignored:
        work.steps.append(f"{_fmt(a.value)} {a.text}: not counted (no rule found that gives {' '.join(sorted(gives))} "
                          f"for them)")
    work.steps.append(f"total {_fmt(total)}")
    return _cap(total, gives, found, work, ctx, chosen[0][1].doc, unit=gives)


def _rate(a: Amount, f: Found, found: list[Found], work: Working) -> float:
    st = f.statement
    if st.every > 1:
        groups = a.value / st.every
        groups = math.ceil(groups) if st.rounding == "up" else math.floor(groups)
        v = groups * st.value
        v = work.step(f"{_fmt(a.value)} {a.text}: {_fmt(st.value)} {_unit(st)}per {_fmt(st.every)}, rounded "
                      f"{st.rounding} = {_fmt(v)}", f, v)
    else:
        v = a.value * st.value
        work.step(f"{_fmt(a.value)} {a.text} × {_fmt(st.value)} {_unit(st)}= {_fmt(v)}", f, v)
    return _cap(v, st.gives | st.things, found, work, unit=st.gives)


def _cap(value: float, about: frozenset[str], found: list[Found], work: Working,
         ctx: AnswerContext | None = None, doc: str = "", unit: frozenset[str] = frozenset()) -> float:
    """A limit on the result ("never more than 10 points from lanterns"): among the passages, or, for a
    total, stated anywhere in its rulebook (a cap is often far from the rule that gives the points). A
    limit on what is counted ("never more than 2 Ships") is not a limit on what it gives."""
    limits = [f for f in _matching(found, "cap", about) if not unit or f.statement.things & unit]
    if not limits and ctx is not None and about:
        limits = _book_caps(ctx, doc, about)
    if limits and value > limits[0].statement.value:
        return work.step(f"capped at {_fmt(limits[0].statement.value)}", limits[0], limits[0].statement.value)
    return value


SCOPED = re.compile(r"\s*(?:in (?:a|one|any) (?:single )?|per\b|each\b|from\b|for\b|during\b|when\b|if\b|at a time)",
                    re.I)


@lru_cache(maxsize=32)
def _caps_in(book_text: str) -> tuple[Statement, ...]:
    """Every limit a whole rulebook states: read once per book, not on every question."""
    return tuple(caps(book_text))


def _book_caps(ctx: AnswerContext, doc: str, about: frozenset[str]) -> list[Found]:
    """Limits on exactly ``about`` ("Mana") stated anywhere in the rulebook, with their units."""
    out = []
    text = ctx.index.text(doc)
    for st in _caps_in(text):
        # "never more than 3 points in a single trade" limits a trade, not the total
        if st.things != about or SCOPED.match(text, st.end):
            continue
        if (at := ctx.index.unit_at(doc, st.start)) is not None:
            out.append(Found(st, doc, at[1].start, at[1].end, len(ctx.hits)))
    return out


def _draft(ctx: AnswerContext, work: Working, total: float) -> Draft:
    text = {f.doc: ctx.index.text(f.doc) for f in work.used}
    cites = tuple(Citation(n=i + 1, doc=f.doc, section=ctx.index.section_at(f.doc, f.start), start=f.start, end=f.end,
                           quote=text[f.doc][f.start:f.end]) for i, f in enumerate(work.used))
    first = work.used[0]
    rule = SourceSpan(doc=first.doc, start=first.start, end=first.end)
    derived = {_fmt(v): rule for v in [*work.computed, total]}
    body = "; ".join(work.steps) + f" → {_fmt(total)}" + "".join(f"; {n}" for n in work.notes)
    return Draft(body, True, tuple(dict.fromkeys(f.doc for f in work.used)), cites, derived=derived)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def _unit(st: Statement) -> str:
    return f"{' '.join(sorted(st.gives))} " if st.gives else ""
