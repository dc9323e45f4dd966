"""Two amounts through one rule, and one case read across two lists: shapes of rule arithmetic beside the rates
of rulespal/answering/arithmetic.py. "Day 4, 4 Gearlocs" through "Current Day x Number of Gearlocs"; "horror 4, 1
success" through "lose Sanity equal to the difference"; "2 cattle" through "give up 1/2/3/4 inhabitants if the
pasture holds 0/1/2/3 cattle". Each answers only when the rule names both amounts (or the case) exactly once."""

from __future__ import annotations

import re

from rulespal.core.question import Amount, stems
from rulespal.rules.quantities import Statement
from rulespal.answering.context import AnswerContext
from rulespal.answering.working import Found, Working, fmt


# "1/2/3/4 inhabitants ... 0/1/2/3 cattle", "9/14/18/22 Gnomes for 2/3/4/5 players": one value per case
SLASH_LIST = re.compile(r"(?<![\d/.])(\d+(?:/\d+){2,})(?![\d/])\s*((?:[A-Za-z][\w'’-]*\s+){0,2}[A-Za-z][\w'’-]*)")


def parallel(ctx: AnswerContext, stated: list[Amount], players: int | None,
             asked: frozenset[str], work: Working) -> float | None:
    """A case the question states read across two slash lists of one sentence ("2 cattle" in "give up
    1/2/3/4 inhabitants if the pasture holds 0/1/2/3 cattle" is 3 inhabitants); only an exact case counts."""
    if not asked:
        return None
    given = [(a.value, a.things) for a in stated]
    if players is not None:
        given.append((float(players), frozenset({"player"})))
    for rank, chunk, u, text in ctx.units_read():
        lists = [([float(x) for x in m.group(1).split("/")], stems(thing), f"{m.group(1)} {thing}")
                 for m in SLASH_LIST.finditer(text) if (thing := _thing_words(m.group(2)))]
        for known, k_things, k_text in lists:
            for other, o_things, o_text in lists:
                if other is known or len(other) != len(known) or not o_things & asked or k_things & o_things:
                    continue
                # "5 blue project cards" is a case of "4/5/7 blue project cards", not of "4/5/7 green project cards"
                hits = [i for value, things in given if things and k_things and (things <= k_things or k_things <= things)
                        for i, x in enumerate(known) if x == value]
                if len(hits) != 1:
                    continue
                i = hits[0]
                found = Found(Statement("list", other[i], o_things), chunk.doc, u.start, u.end, rank)
                return work.step(f"{fmt(known[i])} {' '.join(k_text.split()[1:])}: {fmt(other[i])} "
                                 f"{' '.join(o_text.split()[1:])} ({o_text} for {k_text})", found, other[i])
    return None


def _thing_words(words: str) -> str:
    """The words naming a list's thing, up to where its phrase goes on ("inhabitants | from your ranch")."""
    kept = []
    for w in words.split():
        if w.casefold() in THING_BREAK:
            break
        kept.append(w)
    return " ".join(kept)


THING_BREAK = frozenset("from your their his her the a an if in on at to of for and or with when each per".split())


def product(amounts: list[Amount], found: list[Found], asked: frozenset[str], work: Working) -> float | None:
    """Two amounts through a rule that multiplies them ("Day 4, 4 Gearlocs" through "Current Day x Number of
    Gearlocs"): each factor named by a different amount, and what is asked (if anything) in the rule's sentence."""
    for f in sorted((f for f in found if f.statement.kind == "product"), key=lambda f: f.rank):
        if asked and not asked & f.context:
            continue
        xs = [a for a in amounts if a.things & f.statement.things]
        ys = [a for a in amounts if a.things & f.statement.by]
        pairs = [(x, y) for x in xs for y in ys if x is not y]
        if len(pairs) != 1:
            continue  # no pair, or several ways to read it: the rules are quoted instead
        x, y = pairs[0]
        return work.step(f"{fmt(x.value)} {x.text} × {fmt(y.value)} {y.text} = {fmt(x.value * y.value)}", f,
                         x.value * y.value)
    return None


def difference(amounts: list[Amount], found: list[Found], asked: frozenset[str], work: Working) -> float | None:
    """Two amounts through "lose Sanity equal to the difference": the rule's sentence names both ("If the
    Monster's horror is greater than your successes" says which is taken from which, and that it may be 0)."""
    if any(a.signed for a in amounts):
        return None
    for f in sorted((f for f in found if f.statement.kind == "difference"), key=lambda f: f.rank):
        st = f.statement
        if asked and not asked & (st.gives | st.context):
            continue
        if st.things and st.by:
            xs = [a for a in amounts if a.things & st.things and not a.things & st.by]
            ys = [a for a in amounts if a.things & st.by and not a.things & st.things]
            if len(xs) != 1 or len(ys) != 1:
                continue
            x, y = xs[0], ys[0]
            if x.value <= y.value:
                return work.step(f"{fmt(x.value)} {x.text} is not greater than {fmt(y.value)} {y.text}: 0", f, 0)
        else:
            if not all(a.things & st.context for a in amounts) or amounts[0].things == amounts[1].things:
                continue
            x, y = sorted(amounts, key=lambda a: -a.value)
        v = x.value - y.value
        return work.step(f"{fmt(x.value)} {x.text} − {fmt(y.value)} {y.text} = {fmt(v)}", f, v)
    return None
