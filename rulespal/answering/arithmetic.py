"""Rule arithmetic for any rulebook: the question's amounts worked through the rates, shares, modifiers,
limits and thresholds that the retrieved rules state, every step shown and cited.

Nothing here knows a game. A computation is answered only in shapes it can be sure of: a player count
through a rule of the players ("one fewer than players"); one amount through one rule (a rate, a
labelled modifier, "until you have N"); or amounts each through a rate of the same unit, plus what the
player already has of that unit and the signed modifiers the question states, then a limit on the
result (from the passages, or stated anywhere in the book). Of several amounts, one that no rule
counts is named in the working as not counted, never silently dropped; with no rule for any amount
the rules are quoted instead (never a guess). "Discard down to N" says how many go. Products,
differences and slash-list cases are in rulespal/answering/arithmetic_cases.py; a working's steps and
the statements they cite in rulespal/answering/working.py. Shares ("half, rounded up") and thresholds
("exceeds 15") are read by rulespal/rules/quantities.py but not yet answered: on books never tuned on
they fired on the wrong rule more often than the right one.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache
from itertools import permutations

from rulespal.core.text import last_section
from rulespal.core.types import Citation, Draft, SourceSpan
from rulespal.core.question import Amount, stems
from rulespal.rules.quantities import Statement, caps, rates, rule_statements
from rulespal.answering.arithmetic_cases import difference, parallel, product
from rulespal.answering.context import AnswerContext
from rulespal.answering.working import Found, Working, fmt, unit_words

MAX_AMOUNT = 1_000_000

def arithmetic(ctx: AnswerContext) -> Draft | None:
    if not (ctx.key_asks.quantity or ctx.key_asks.result):
        return None  # no computation asked
    stated = [a for a in ctx.key_asks.amounts if not a.is_context]
    if any(abs(a.value) > MAX_AMOUNT for a in stated):
        return None  # "9999...9 coins": no game is played with that; not computed
    amounts, repeated = _distinct([a for a in stated if a.numeral])  # "a Scout": none
    players = ctx.key_asks.players
    if not amounts and (players is None or players < 2):
        return None  # no number to compute with ("can one player ...": a player, not a player count)
    found = _statements(ctx)
    words = ctx.key_asks.words
    asked = ctx.key_asks.things
    work = Working()
    if (total := parallel(ctx, stated, players, asked, work)) is not None:
        return _draft(ctx, work, total)
    if not amounts and players is not None and (total := _players(players, found, words, asked, work)) is not None:
        return _draft(ctx, work, total)
    if not amounts:
        return None
    # "2 ships, 1 fort, a captain": beside numbers, "an X" in the list is one more amount
    ones = [a for a in _distinct(stated)[0] if not any(b.things == a.things for b in amounts)]
    if len(amounts) == 1 and not ones and not repeated:
        total = _one(amounts[0], found, words, work, ctx.key_asks.discard)
    else:
        total = _many(amounts, ones, repeated, found, words, asked, work, ctx)
    if total is None and len(amounts) >= 2:
        work = Working()
        total = product(amounts, found, asked, work)
    if total is None and len(amounts) == 2:
        work = Working()
        total = difference(amounts, found, asked, work)
    if total is None:
        return None
    _unapplied(ctx, work)
    return _draft(ctx, work, total)


def _unapplied(ctx: AnswerContext, work: Working) -> None:
    """A rule of the passages that gives the result's unit for a condition the question states and the
    working did not use ("... and the most oxygen" beside "5 bonus points to the player with the most oxygen"):
    named after the total as not counted, with its citation, so that the total is never silently short of it."""
    unit = next((f.statement.gives for f in work.used if f.statement.gives), frozenset())
    if not unit:
        return
    doc = work.used[0].doc
    spans = {(f.start, f.end) for f in work.used}
    for phrase, most, thing in ctx.key_asks.superlatives:
        said = stems(thing) - unit
        if not said:
            continue
        for _, chunk, u, text in ctx.units_read():
            if (chunk.doc == doc and (u.start, u.end) not in spans and re.search(rf"\b{most}\b", text, re.I)
                    and said <= stems(text) and _gives_unit(text, unit)):
                f = Found(Statement(kind="rule", value=0, things=frozenset(), gives=unit), doc=doc, start=u.start,
                          end=u.end, rank=0)
                work.notes.append(f"not counted: the rule for {phrase} [{work.cite(f)}] "
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
    return work.step(f"{n} players {sign} {fmt(abs(k))} = {fmt(n + k)}", f, n + k)


def _statements(ctx: AnswerContext) -> list[Found]:
    return [Found(st, chunk.doc, u.start, u.end, rank, stems(text) | stems(last_section(chunk.section)))
            for rank, chunk, u, text in ctx.units_read() for st in rule_statements(text)]


def _matching(found: list[Found], kind: str, words: frozenset[str]) -> list[Found]:
    """Statements of ``kind`` all of whose things are among ``words``, best-ranked passage first."""
    return sorted((f for f in found if f.statement.kind == kind and f.statement.things
                   and f.statement.things <= words), key=lambda f: f.rank)


def _best_rate(a: Amount, found: list[Found], words: frozenset[str]) -> Found | None:
    """The rate that counts ``a``: what it counts is the amount's thing (with the question's words: "for
    every card discarded" counts "my 5-card hand" I discard); of several, the one whose rule and section
    share most words with the question ("per tile" on a river, not in a forest), then the best-ranked. What it
    counts must name the amount's own thing best, and little else: "1 award token" is counted by "4 CP for each
    Award token", not by the "Research token" rate beside it that shares "token"; "3 silver tokens" by "1 point
    per token", not by "3 per gold token"."""
    rates = [f for f in found if f.statement.kind == "rate" and f.statement.things & a.things
             and f.statement.things <= a.things | words]
    return max(rates, key=lambda f: (len(f.statement.things & a.things), -len(f.statement.things - a.things),
                                     bool(f.statement.gives), len(f.context & words), -f.rank)) if rates else None


def _one(a: Amount, found: list[Found], words: frozenset[str], work: Working, discard: bool) -> float | None:
    """One amount through one rule."""
    rate = _best_rate(a, found, words)
    if rate is not None and _asked(rate, words) and a.value != 1:  # "what is one X worth?" asks for the rule
        return _rate(a, rate, found, work)
    if discard and (down := _matching(found, "down_to", a.things)):
        f = down[0]
        limit = f.statement.value
        if a.value <= limit:
            return work.step(f"{fmt(a.value)} {a.text} is not over {fmt(limit)}: 0 to discard", f, 0)
        return work.step(f"{fmt(a.value)} {a.text}, down to {fmt(limit)}: {fmt(a.value)} − {fmt(limit)} = "
                         f"{fmt(a.value - limit)} to discard", f, a.value - limit)
    if (until := _matching(found, "until", a.things)) and a.value < until[0].statement.value:  # drawing up to it
        f = until[0]
        v = f.statement.value - a.value
        return work.step(f"up to {fmt(f.statement.value)} {a.text}: {fmt(f.statement.value)} − {fmt(a.value)} "
                         f"= {fmt(v)}", f, v)
    labelled = [f for f in _matching(found, "modifier", a.things) if len(f.statement.context & words) >= 1]
    if labelled:
        f = max(labelled, key=lambda g: (len(g.statement.context & words), -g.rank))
        v = a.value + f.statement.value
        sign = "+" if f.statement.value >= 0 else "−"
        return work.step(f"{fmt(a.value)} {a.text} {sign} {fmt(abs(f.statement.value))} = {fmt(v)}", f, v)
    return None


def _rule_key(st: Statement) -> tuple:
    """The same rate wherever it is read from (a passage's sentence or the whole book)."""
    return st.kind, st.value, st.every, st.things, st.gives


@lru_cache(maxsize=32)
def _rates_in(book_text: str) -> tuple[Statement, ...]:
    """Every rate a whole rulebook states: read once per book."""
    return tuple(rates(book_text))


def _book_rate(ctx: AnswerContext, doc: str, a: Amount, words: frozenset[str], gives: frozenset[str]
               ) -> Found | None:
    """The one rate anywhere in ``doc`` that counts ``a`` and gives ``gives``; none when the book states
    several different ones (which of them applies is the passages' to say, not a guess)."""
    text = ctx.index.text(doc)
    # far from the passages, a rate must name just the amount's thing ("Dollars" for "23 dollars"): "3 points
    # for each completed city" does not count "6 city pieces", nor "2 per gold token" "3 tokens"
    found = [st for st in _rates_in(text) if st.gives == gives and st.things == a.things]
    if len({(st.value, st.every, st.things) for st in found}) != 1:
        return None
    st = found[0]
    at = ctx.index.unit_at(doc, st.start)
    if at is None or not at[1].start <= st.start < st.end <= at[1].end:
        return None  # a match across two sentences is not a rule
    return Found(st, doc, at[1].start, at[1].end, len(ctx.hits))


def _asked(f: Found, words: frozenset[str]) -> bool:
    """A rate answers the question only if what it gives is what the question speaks of ("points")."""
    return not f.statement.gives or bool(f.statement.gives & words)


def _many(amounts: list[Amount], ones: list[Amount], repeated: list[Amount], found: list[Found],
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
    claimed = _claim(chosen)
    if claimed is None:
        return None  # two amounts fit one rate equally well ("3 red gems, 2 blue gems"): quote the rules
    chosen, unclaimed = claimed
    rest += unclaimed
    units = Counter(f.statement.gives for _, f in chosen if f.statement.gives)
    if not units:
        return None
    gives = units.most_common(1)[0][0]
    rest += [a for a, f in chosen if f.statement.gives != gives]  # "3 for each city": not what the others give
    chosen = [(a, f) for a, f in chosen if f.statement.gives == gives]
    # An amount the passages have no rate for may have one elsewhere in the book, in the same unit as the
    # others ("23 dollars" beside "3 workers": "1 victory point for every 5 Dollars" is in another section)
    used = {_rule_key(f.statement) for _, f in chosen}
    far = [(a, f) for a in rest if not a.signed and not a.things <= gives
           and (f := _book_rate(ctx, chosen[0][1].doc, a, words, gives)) is not None
           and _rule_key(f.statement) not in used] if chosen else []
    rest = [a for a in rest if all(a is not b for b, _ in far)]
    chosen += far
    for a in ones:
        rate = _best_rate(a, found, words)
        if rate is not None and rate.statement.gives == gives:
            chosen.append((a, rate))
    chosen.sort(key=lambda af: af[0].start)
    if len({f for _, f in chosen}) != len(chosen):
        return None
    if asked and not _same_unit(asked, gives, ctx.acronyms.get(chosen[0][1].doc, {})):
        return None  # "how many cards?" is not answered in points
    first = chosen[0][1]
    if not asked and not _asked(first, words) and not (first.context - first.statement.things - gives) & words:
        return None
    return _add_up(chosen, rest, repeated, found, gives, work, ctx)


def _add_up(chosen: list[tuple[Amount, Found]], rest: list[Amount], repeated: list[Amount],
            found: list[Found], gives: frozenset[str], work: Working, ctx: AnswerContext) -> float | None:
    """``_many``'s sum: each chosen amount through its rate, plus what the player holds and the signed
    modifiers; any other amount of the result's own unit makes it unsure (None)."""
    first = chosen[0][1]
    held = [a for a in rest if not a.signed and a.things <= gives and a.held]
    # a signed value of something ("the storm tile is -1"), or a signed amount of the unit ("+2 points")
    signed = [a for a in rest if a.signed and (a.things <= gives or a.after_thing)]
    ignored = [a for a in rest if a not in held and a not in signed] + repeated
    if len(chosen) + len(held) + len(signed) < 2 or len(held) > 1:
        return None  # one amount through one rate with the rest unexplained: quote the rules instead
    if any(a.things <= gives for a in ignored):
        return None  # "I need 10 points to win": an amount of the result's own unit we cannot place
    total = sum(_rate(a, f, found, work) for a, f in chosen)
    for a in held:
        total += a.value
        work.steps.append(f"+ {fmt(a.value)} {a.text} (from your question)")
    for a in signed:
        total += a.value
        work.steps.append(f"{'+' if a.value >= 0 else '−'} {fmt(abs(a.value))} ({a.text}, from your question)")
    for a in ignored:
        work.steps.append(f"{fmt(a.value)} {a.text}: not counted (no rule found that gives "
                          f"{unit_words(first.statement).strip()} for them)")
    work.steps.append(f"total {fmt(total)}")
    return _cap(total, gives, found, work, ctx, chosen[0][1].doc, unit=gives)


def _same_unit(asked: frozenset[str], gives: frozenset[str], acronyms: dict[str, str]) -> bool:
    """Does the question ask for what the rates give? "how many VP" asks for "victory points": by the book's
    own acronyms, or by the initials of the unit's words."""
    if asked & gives:
        return True
    expanded = {w for a, full in acronyms.items() if a.casefold() in asked for w in stems(full)}
    if expanded & gives:
        return True
    initials = {"".join(w[0] for w in order) for order in permutations(sorted(gives))} if len(gives) <= 3 else set()
    return bool(initials & asked)


def _claim(chosen: list[tuple[Amount, Found]]) -> tuple[list[tuple[Amount, Found]], list[Amount]] | None:
    """One rate counts one amount: the amount that names most of what it counts ("1 award token" for "4 CP
    for each Award token"); another amount that only shares a word with it ("1 citation token") has no rate.
    None when two amounts match it equally well (the rules are quoted instead)."""
    by_rate: dict[Found, list[Amount]] = {}
    for a, f in chosen:
        by_rate.setdefault(f, []).append(a)
    kept: list[tuple[Amount, Found]] = []
    left: list[Amount] = []
    for f, group in by_rate.items():
        fit = [len(f.statement.things & a.things) for a in group]
        best = [a for a, n in zip(group, fit) if n == max(fit)]
        if len(best) != 1:
            return None
        kept.append((best[0], f))
        left += [a for a in group if a is not best[0]]
    return kept, left


def _rate(a: Amount, f: Found, found: list[Found], work: Working) -> float:
    st = f.statement
    if st.every > 1:
        groups = a.value / st.every
        groups = math.ceil(groups) if st.rounding == "up" else math.floor(groups)
        v = groups * st.value
        v = work.step(f"{fmt(a.value)} {a.text}: {fmt(st.value)} {unit_words(st)}per {fmt(st.every)}, rounded "
                      f"{st.rounding} = {fmt(v)}", f, v)
    else:
        v = a.value * st.value
        work.step(f"{fmt(a.value)} {a.text} × {fmt(st.value)} {unit_words(st)}= {fmt(v)}", f, v)
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
        return work.step(f"capped at {fmt(limits[0].statement.value)}", limits[0], limits[0].statement.value)
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
    derived = {fmt(v): rule for v in [*work.computed, total]}
    body = "; ".join(work.steps) + f" → {fmt(total)}" + "".join(f"; {n}" for n in work.notes)
    return Draft(body, True, tuple(dict.fromkeys(f.doc for f in work.used)), cites, derived=derived)
