"""Answers from curated rule data: values the rulebook says it does not print, and calculations."""

from __future__ import annotations

from rulespal.core.messages import say
from rulespal.core.types import Draft, SourceSpan
from rulespal.rules.calc import calculate
from rulespal.rules.facts import keys_match
from rulespal.answering.context import AnswerContext
from rulespal.answering.render import span_citation


def not_printed(ctx: AnswerContext) -> Draft | None:
    """A curated "not printed" fact whose keys the question names in full."""
    if ctx.facts is None:
        return None
    for doc in _docs(ctx):
        for entry, fact in ctx.facts.not_printed(doc):
            # Matched on the whole question: a game's name can be one of the keys.
            if keys_match(ctx.question, entry.keys) == len(entry.keys):
                cite = span_citation(ctx.index, 1, doc, fact.start, fact.end)
                text = f"{say(ctx.lang, 'not_printed')} ({fact.row}): {' '.join(cite.quote.split())} [1]"
                return Draft(text, False, (doc,), (cite,))
    return None


def calculation(ctx: AnswerContext) -> Draft | None:
    """A roll with modifiers, a threshold with alternatives or a formula the rulebook spells out."""
    if ctx.facts is None:
        return None
    calc = calculate(ctx.facts, ctx.question, _docs(ctx), ctx.acronyms)
    if calc is None:
        return None
    cites = tuple(span_citation(ctx.index, i + 1, calc.doc, a, b) for i, (a, b) in enumerate(calc.spans))
    markers = "".join(f"[{c.n}]" for c in cites)
    rule = SourceSpan(doc=calc.doc, start=calc.spans[0][0], end=calc.spans[0][1])
    return Draft(f"{calc.text} {markers}", True, (calc.doc,), cites, derived={n: rule for n in calc.computed})


def _docs(ctx: AnswerContext) -> list[str]:
    return list(ctx.games) or list(dict.fromkeys(h.chunk.doc for h in ctx.hits[:3]))
