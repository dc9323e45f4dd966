"""The general answer: quote the sentences, items or rows that answer, and cite them."""

from __future__ import annotations

import re

from rulespal.core.question import CLOCK_SAID, Asks, korean_frame, read_asks
from rulespal.core.messages import say
from rulespal.core.numbers import states_quantity
from rulespal.core.types import Draft
from rulespal.core.text import plain, words_only
from rulespal.core.tokens import korean_content
from rulespal.rules.claims import read_claims
from rulespal.answering.abstain import abstain
from rulespal.answering.answerable import answerable
from rulespal.answering.context import AnswerContext
from rulespal.answering.direct import polarity
from rulespal.answering.picks import Pick, is_lead_in
from rulespal.answering.render import citation, lead_for, render
from rulespal.retrieval.reader import Reader

# A rule that says its value is not in the book ("none printed", "표기되어 있지 않").
NOT_PRINTED = re.compile(
    r"\b(?:not printed|none printed|no [\w\s-]{0,40}(?:is|are) printed|not reproduced|does not (?:say|specify))\b"
    r"|표기되어 있지 않|나와 있지 않", re.I)

# A rule that says its value is on a component or in another booklet ("the minimum shown in the table on
# the Game board", "Starting health is found on the character cards", "see the Reference Book").
ELSEWHERE = re.compile(
    r"\b(?:shown|printed|indicated|listed|given|found|noted|depicted)\s+(?:on|in|next to)\b[^.;,]{0,50}?"
    r"\b(?:board|cards?|tiles?|track|mats?|sheets?|tokens?|screens?|player aids?|reference book)\b"
    r"|\bsee\b[^.;,]{0,50}?\b(?:reference book|supplement\w*|appendix|almanac|booklet)\b", re.I)


def extractive(ctx: AnswerContext) -> Draft:
    t = ctx.tuning
    picks = ctx.picker.picks(ctx.hits)
    if not picks:
        return abstain(ctx.lang, ctx.games, [])
    # The best pick that states the answer, if one is nearly as good as the very best.
    best = next((p for p in picks if p.score >= t.prefer_answerable * picks[0].score
                 and answerable(ctx.index, ctx.plan, p, t)), picks[0])
    first = citation(ctx.index, 1, best)
    if not answerable(ctx.index, ctx.plan, best, t):
        return abstain(ctx.lang, ctx.games, [first])
    if NOT_PRINTED.search(first.quote) or (best is picks[0] and _elsewhere(first.quote, ctx.plan.asks)):
        body = render(ctx.index, best, ctx.lang, ctx.glossary)
        return Draft(f"{say(ctx.lang, 'not_printed')}: {body} [1]", False, tuple(ctx.games), (first,))
    top = next((p for p in picks if p.hit is ctx.hits[0]), None) if ctx.hits else None
    doc_text = ctx.index.text(best.hit.chunk.doc)
    # More quotes from the same rulebook, in this order, none overlapping another: a near tie from another
    # passage, this passage's next best rule, the first search hit's own rule when it scores nearly as well (the
    # writer must not lose what search put first), this passage's second next best rule.
    same = _same_passage(best, t.same_passage_ratio, doc_text)
    more = (_near_tie(picks, best, t.second_citation_ratio, doc_text) + same[:1]
            + ([top] if top is not None and top.score >= t.top_passage_ratio * best.score
               and not is_lead_in(doc_text[top.start:top.end]) else []) + same[1:])
    chosen = [best]
    for p in more:
        if len(chosen) < t.max_quotes and p.hit.chunk.doc == best.hit.chunk.doc and all(
                (p.end <= c.start or p.start >= c.end) and not _same_words(doc_text, p, c) for c in chosen):
            chosen.append(p)
    asks = ctx.plan.asks
    quotes = [render(ctx.index, p, "", []) for p in chosen] if asks.quantity or asks.clock else []
    if asks.quantity and not any(states_quantity(q) for q in quotes):
        return abstain(ctx.lang, ctx.games, [first])  # asked how many; the closest rule gives no number
    if asks.clock and not any(CLOCK_SAID.search(q) for q in quotes):
        return abstain(ctx.lang, ctx.games, [first])  # asked how many minutes; the closest rule gives no time
    citations = tuple(citation(ctx.index, i + 1, p) for i, p in enumerate(chosen))
    body = " ".join(f"{render(ctx.index, p, ctx.lang, ctx.glossary)} [{i + 1}]" for i, p in enumerate(chosen))
    body = lead_for(ctx.lang, ctx.index.docs[best.hit.chunk.doc].lang) + body
    if said := _verdict(ctx, best):
        body = f"{say(ctx.lang, said)} — {body}"
    return Draft(body, True, tuple(ctx.games), citations)


def _verdict(ctx: AnswerContext, best: Pick) -> str | None:
    """"yes" or "no" for a yes/no question. The verdict model (``Tuning.verdict_first``) speaks first where it is
    sure, on an English question of its own (not negated, not a follow-up that carries an earlier question) about an
    English rule; else the hand reading (``direct.polarity``) where the rule says it plainly, read where the reader
    reads the rule as the answer, and a rule that forbids in the question's own words answers no however the reader
    reads it. Where the two disagree nothing is said. A Korean yes/no question about an English rule is read in its
    English terms (``QueryPlan.read``), framed as it asks, by the hand reading only."""
    asks, t = ctx.plan.asks, ctx.tuning
    if asks.yes_no or asks.verb_first:
        asked, named = asks, False
    elif (t.korean_verdict and asks.korean_yes_no and ctx.plan.read
          and ctx.index.docs[best.hit.chunk.doc].lang == "en" and (frame := korean_frame(asks.text)) is not None
          and _read_whole(ctx)):
        asked, named = read_asks(frame + ctx.plan.read), True
    else:
        return None
    only_no = not (best.read is not None and best.read >= t.reader_answers)
    # the model reads the positive wording whatever the negation, and a follow-up's reading is the earlier question
    model = None if (named or asked.frame.negated or ctx.plan.focus_tokens
                     or ctx.index.docs[best.hit.chunk.doc].lang != "en"
                     or (only_no and t.verdict_needs_reader)) else ctx.verdict
    sure = _model_verdict(ctx, best, model) if model is not None and t.verdict_first else None
    said = polarity(asked, plain(render(ctx.index, best, "", [])), forbidding_only=only_no, named=named)
    if sure is not None:
        return sure if said in (None, sure) else None
    if said is None and model is not None and not t.verdict_first:
        return _model_verdict(ctx, best, model)
    return said


def _model_verdict(ctx: AnswerContext, best: Pick, model: Reader) -> str | None:
    """The verdict model's yes or no (``training/verdict``) on an English question's rule, where ``_verdict`` lets it
    speak (``Tuning.verdict_needs_reader``, ``verdict_first``); only when it is as sure as ``Tuning.verdict_min``."""
    yes = model.score(ctx.plan.read, [ctx.picker.rule(best)])[0]
    return "yes" if yes >= ctx.tuning.verdict_min else "no" if yes <= 1 - ctx.tuning.verdict_min else None


def _read_whole(ctx: AnswerContext) -> bool:
    """Every word a Korean question turns on is a glossary term it uses: its English reading keeps what it asks
    ("전함이 암초 옆 칸으로 ...": "옆" has no term, and a reading without it asks about the reef itself)."""
    return all(any(word in ko for ko in ctx.plan.read_terms) for word in korean_content(ctx.key_text))


def _same_words(doc_text: str, a: Pick, b: Pick) -> bool:
    """Two picks that say the same words (a rule repeated in a summary, there as a numbered step or a bullet):
    one quote is enough."""
    return words_only(doc_text[a.start:a.end]) == words_only(doc_text[b.start:b.end])


def _elsewhere(quote: str, asks: Asks) -> bool:
    """Asked for a value, the rule says where it is printed instead of stating it."""
    return asks.quantity and ELSEWHERE.search(quote) is not None and not read_claims(quote, asks.text)[0]


def _same_passage(best: Pick, ratio: float, doc_text: str) -> list[Pick]:
    """The chosen passage's next best rules, each when its unit scores at least ``ratio`` of the best unit's: a
    rule's condition or exception is often the next list item or paragraph ("- A ship may not enter a reef.")."""
    return [Pick(best.hit, units, score) for units, share, score in best.runners_up
            if share >= ratio and not is_lead_in(doc_text[units[0].start:units[-1].end])]


def _near_tie(picks: list[Pick], best: Pick, ratio: float, doc_text: str) -> list[Pick]:
    """Another passage's pick from the same rulebook that scores within ``ratio`` of the best and is a rule
    rather than a bare lead-in."""
    for p in picks:
        if (p is not best and p.score >= ratio * best.score and p.hit.chunk.doc == best.hit.chunk.doc
                and (p.end <= best.start or p.start >= best.end) and not is_lead_in(doc_text[p.start:p.end])):
            return [p]
    return []
