"""Answers from curated rule data: values the rulebook says it does not print, and calculations."""

from __future__ import annotations

from rulespal.core.messages import say
from rulespal.core.types import Draft, SourceSpan
from rulespal.rules.calc import calculate
from rulespal.rules.facts import keys_match
from rulespal.answering.context import AnswerContext
from rulespal.answering.render import span_citation


def not_printed(ctx: AnswerContext) -> Draft | None:
    """A curated "not printed" value the question asks for: every key named (the game's own name does
    not count), a quantity asked, and the curated rule among the passages the question retrieves."""
    if ctx.facts is None or not ctx.plan.asks.quantity:
        return None
    for doc in _docs(ctx):
        for entry, fact in ctx.facts.not_printed(doc):
            if keys_match(ctx.key_text, entry.keys) == len(entry.keys) and _retrieved(ctx, doc, fact.start, fact.end):
                cite = span_citation(ctx.index, 1, doc, fact.start, fact.end)
                text = f"{say(ctx.lang, 'not_printed')} ({fact.row}): {' '.join(cite.quote.split())} [1]"
                return Draft(text, False, (doc,), (cite,))
    return None


def calculation(ctx: AnswerContext) -> Draft | None:
    """A roll with modifiers, a threshold with alternatives or a formula the rulebook spells out."""
    if ctx.facts is None:
        return None
    calc = calculate(ctx.facts, ctx.key_text, _docs(ctx), ctx.acronyms)
    if calc is None or not any(_retrieved(ctx, calc.doc, a, b) for a, b in calc.spans):
        return None  # curated data answers only questions whose search finds the rule it comes from
    cites = tuple(span_citation(ctx.index, i + 1, calc.doc, a, b) for i, (a, b) in enumerate(calc.spans))
    markers = "".join(f"[{c.n}]" for c in cites)
    rule = SourceSpan(doc=calc.doc, start=calc.spans[0][0], end=calc.spans[0][1])
    return Draft(f"{calc.text} {markers}", True, (calc.doc,), cites, derived={n: rule for n in calc.computed})


def _retrieved(ctx: AnswerContext, doc: str, start: int, end: int) -> bool:
    return any(h.chunk.doc == doc and h.chunk.start < end and start < h.chunk.end
               for h in ctx.hits[:ctx.tuning.answer_hits])


def _docs(ctx: AnswerContext) -> list[str]:
    return list(ctx.games) or list(dict.fromkeys(h.chunk.doc for h in ctx.hits[:3]))
