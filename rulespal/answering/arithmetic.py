"""Rule arithmetic for any rulebook: the question's amounts worked through the rates, shares, modifiers,
limits and thresholds that the retrieved rules state, every step shown and cited.

Nothing here knows a game. A computation is answered only in shapes it can be sure of: one amount
through one rule (a rate, a labelled modifier, "until you have N") or several amounts each through a
rate of the same unit, then a limit on the result; every amount the question states must be accounted
for by a rule its own search found, or the rules are quoted instead (never a guess). Shares ("half,
rounded up") and thresholds ("exceeds 15") are read by rulespal/rules/quantities.py but not yet
answered: on books never tuned on they fired on the wrong rule more often than the right one.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from rulespal.core.numbers import EN_NUMBER_WORDS, QUANTITY
from rulespal.core.types import Citation, Draft, SourceSpan
from rulespal.rules.quantities import Amount, Statement, question_amounts, rule_statements, stems
from rulespal.answering.context import AnswerContext

NUMERAL = re.compile(rf"\d|\b(?:{EN_NUMBER_WORDS})\b", re.I)
RESULT = re.compile(r"\b(total|altogether|in all|score[sd]?|points?|what do (?:i|we) get|left|remain)\b", re.I)


@dataclass(frozen=True)
class Found:
    """A statement of one unit of a retrieved passage."""

    statement: Statement
    doc: str
    start: int  # the unit's span in the rulebook
    end: int
    rank: int  # the passage's rank in the search


@dataclass
class Working:
    steps: list[str] = field(default_factory=list)
    used: list[Found] = field(default_factory=list)
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
    stated = [a for a in question_amounts(question) if not a.is_context]
    amounts = [a for a in stated if NUMERAL.search(question[a.start:a.end])]  # "a Scout" is not an amount
    asks = QUANTITY.search(question) or RESULT.search(question)
    if not asks or not amounts:
        return None  # no computation asked, or no number to compute with
    found = _statements(ctx)
    words = stems(question)
    work = Working()
    total = _one(amounts[0], found, words, work) if len(amounts) == 1 else _many(amounts, found, words, work)
    if total is None:
        return None
    return _draft(ctx, work, total)


def _statements(ctx: AnswerContext) -> list[Found]:
    out: list[Found] = []
    for rank, hit in enumerate(ctx.hits[:ctx.tuning.answer_hits]):
        chunk = hit.chunk
        for u in chunk.units:
            for st in rule_statements(chunk.unit_text(u)):
                out.append(Found(st, chunk.doc, u.start, u.end, rank))
    return out


def _matching(found: list[Found], kind: str, words: frozenset[str]) -> list[Found]:
    """Statements of ``kind`` all of whose things are among ``words``, best-ranked passage first."""
    return sorted((f for f in found if f.statement.kind == kind and f.statement.things
                   and f.statement.things <= words), key=lambda f: f.rank)


def _one(a: Amount, found: list[Found], words: frozenset[str], work: Working) -> float | None:
    """One amount through one rule."""
    rates = [f for f in _matching(found, "rate", a.things) if _asked(f, words)]
    if rates and a.value != 1:  # "what is one X worth?" asks for the rule itself: quoted, not computed
        return _rate(a, rates[0], found, work)
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


def _many(amounts: list[Amount], found: list[Found], words: frozenset[str], work: Working) -> float | None:
    """Several amounts, each through its own rate, all giving the same thing ("points")."""
    chosen = []
    for a in amounts:
        rates = _matching(found, "rate", a.things)
        if not rates:
            return None
        chosen.append((a, rates[0]))
    units = {f.statement.gives for _, f in chosen}
    if len(units) != 1 or not next(iter(units)) or len({f for _, f in chosen}) != len(chosen):
        return None
    if not _asked(chosen[0][1], words):
        return None
    total = sum(_rate(a, f, found, work) for a, f in chosen)
    work.steps.append(f"total {_fmt(total)}")
    return total


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
    return _cap(v, st.gives | st.things, found, work)


def _cap(value: float, about: frozenset[str], found: list[Found], work: Working) -> float:
    """A limit on what a rate gave ("never more than 10 points from lanterns")."""
    caps = _matching(found, "cap", about)
    if caps and value > caps[0].statement.value:
        return work.step(f"capped at {_fmt(caps[0].statement.value)}", caps[0], caps[0].statement.value)
    return value


def _draft(ctx: AnswerContext, work: Working, total: float) -> Draft:
    text = {f.doc: ctx.index.text(f.doc) for f in work.used}
    cites = tuple(Citation(n=i + 1, doc=f.doc, section=ctx.index.section_at(f.doc, f.start), start=f.start, end=f.end,
                           quote=text[f.doc][f.start:f.end]) for i, f in enumerate(work.used))
    first = work.used[0]
    rule = SourceSpan(doc=first.doc, start=first.start, end=first.end)
    derived = {_fmt(v): rule for v in [*work.computed, total]}
    body = "; ".join(work.steps) + f" → {_fmt(total)}"
    return Draft(body, True, tuple(dict.fromkeys(f.doc for f in work.used)), cites, derived=derived)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def _unit(st: Statement) -> str:
    return f"{' '.join(sorted(st.gives))} " if st.gives else ""
