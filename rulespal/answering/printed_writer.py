"""A value the rulebook says is printed on a component, not in the book: "Starting health is found on the
character cards" answers "what is Holmes' starting health?" with "the rulebook doesn't print that", citing it."""

from __future__ import annotations

import re

from rulespal.core.messages import say
from rulespal.core.numbers import DIGITS as DIGIT
from rulespal.core.text import STEP_NUMBER, clause_start
from rulespal.core.types import Draft
from rulespal.core.question import stems
from rulespal.answering.context import AnswerContext
from rulespal.answering.render import span_citation

SHOWN_ON = re.compile(
    r"\b(?:is|are)\s+(?:also\s+|always\s+)?(?:found|shown|printed|listed|indicated|given|noted|depicted)\s+(?:on|in)\s+"
    r"(?:the\s+(?:back|front|edge|top|bottom|corner)s?\s+of\s+)?(?:the|each|its|their|your|every|his|her|that)\s+"
    r"(?:[\w'-]+\s+){0,2}?(?:cards?|boards?|sheets?|tiles?|mats?|tokens?|pieces?|dashboards?|tableaux?|tableaus?|"
    r"counters?|dials?|screens?)\b", re.I)
# Words of a subject that name no value: "the number of", "each", "the exact".
VAGUE = frozenset(stems("number exact actual specific value amount each every"))


def printed_elsewhere(ctx: AnswerContext) -> Draft | None:
    """The passages say the asked value is printed on a component: say the book doesn't print it."""
    if ctx.lang != "en" or not (ctx.plan.asks.quantity or ctx.plan.asks.value):
        return None
    asked = ctx.key_asks.words
    for hit in ctx.hits[:ctx.tuning.printed_hits]:
        chunk = hit.chunk
        if ctx.index.docs[chunk.doc].lang != "en":
            continue
        for u in chunk.units:
            text = chunk.unit_text(u)
            m = SHOWN_ON.search(text)
            if m is None:
                continue
            clause = text[clause_start(text, m.start(), marks=".;:!?"):m.start()]
            subject = stems(re.split(r"\b(?:and|but|which|that)\b", clause)[-1]) - VAGUE
            # the whole subject is what the question asks about ("starting health"), not one shared word
            if subject and subject <= asked and len(subject) >= min(2, len(asked)) \
                    and not _stated(ctx, subject, (chunk.doc, u.start)):
                cite = span_citation(ctx.index, 1, chunk.doc, u.start, u.end)
                quote = STEP_NUMBER.sub("", " ".join(cite.quote.split()))
                return Draft(f"{say(ctx.lang, 'not_printed')}: {quote} [1]", False,
                             (chunk.doc,), (cite,))
    return None


def _stated(ctx: AnswerContext, subject: frozenset[str], but: tuple[str, int]) -> bool:
    """Does another unit of the passages give a number for the subject ("The maximum hand size is 10 cards"
    beside "Your hand size is shown on your player board")? Then the book prints it after all."""
    return any((chunk.doc, u.start) != but and DIGIT.search(text) and subject <= stems(text)
               for _, chunk, u, text in ctx.units_read())
