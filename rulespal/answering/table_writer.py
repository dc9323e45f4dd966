"""Answers read off a rule table: the cell for the question's player count, roll or row name."""

from __future__ import annotations

from rulespal.core.messages import say
from rulespal.core.text import HANGUL, plain
from rulespal.core.tokens import token_set
from rulespal.core.types import Citation, Draft, Hit
from rulespal.rules.lookup import Lookup, lookup, render as render_lookup
from rulespal.rules.tables import parse_table, row_runs
from rulespal.retrieval.units import overlap
from rulespal.answering.context import AnswerContext
from rulespal.answering.render import across, lead_for


def table_answer(ctx: AnswerContext) -> Draft | None:
    found = find_table(ctx)
    if found is None:
        return None
    lk, hit = found
    t = ctx.tuning
    doc = hit.chunk.doc
    text = ctx.index.text(doc)
    start = lk.table.header.start
    end = max(r.end for r in lk.rows)
    if end - start > t.max_quote:
        start = min(r.start for r in lk.rows)
    cite = Citation(n=1, doc=doc, section=hit.chunk.section, start=start, end=end, quote=text[start:end])
    empty_cell = lk.column is not None and not any(c.text.strip() for c in lk.cells)
    bare_row = not lk.cells[1:] and lk.column is None and len(lk.table.header.cells) > 1
    if empty_cell or bare_row:
        body = f"{say(ctx.lang, 'table_not_printed')}: {' '.join(text[start:end].split())} [1]"
        return Draft(body, False, tuple(ctx.games), (cite,))
    doc_lang = ctx.index.docs[doc].lang
    body = lead_for(ctx.lang, doc_lang) + across(plain(render_lookup(lk)), ctx.lang, doc_lang, ctx.glossary)
    return Draft(f"{body} [1]", True, tuple(ctx.games), (cite,))


def find_table(ctx: AnswerContext) -> tuple[Lookup, Hit] | None:
    """The rule table the question is about, among the top passages, if it has a row or column for
    the question's keys."""
    t = ctx.tuning
    # The question's words say which table; its numbers say which row ("roll 7 on the KO chart": the KO chart,
    # not another chart whose cells happen to hold a 7).
    qtok = {w for w in ctx.plan.tokens if not w.isdigit()}
    best: tuple[float, Lookup | None, Hit] | None = None
    for hit in ctx.hits[:t.answer_hits]:
        chunk = hit.chunk
        text = ctx.index.text(chunk.doc)
        units = chunk.units
        for i, j in row_runs(units):
            table = parse_table(text, units[i].start, units[j].end)
            if table is None:
                continue
            caption = " ".join(chunk.unit_text(u) for u in units[max(0, i - 2):i])
            # Which table is the question about? Its own cells count most ("2 Gems3 Gems5 Gems"
            # for a gems question), then its caption and section, then the passage's rank.
            affinity = (overlap(ctx.index, qtok, text[table.start:table.end])
                        + t.table_caption_weight * overlap(ctx.index, qtok, f"{chunk.section} {caption}")
                        + t.table_rank_weight * hit.fused)
            if best is None or affinity > best[0]:
                # a follow-up's keys are the earlier question's with the changed slot ("and with 2?": 2 players)
                found = lookup(table, ctx.plan.text, t.name_match_min)
                # A table answers only about its own things: one of the question's rarest words is in it.
                if found is not None and not _names_its_thing(ctx, f"{chunk.section} {caption} {text[table.start:table.end]}"):
                    found = None
                best = (affinity, found, hit)
    # Only the table the question is about may answer: if it has no row or column for the key
    # (no 5-player column), another table that happens to have one must not answer instead.
    if best is None or best[1] is None or best[0] < t.table_affinity_min:
        return None
    return best[1], best[2]


# Words of how a question is asked, not of what it is about ("what happens when I roll 7 on the KO chart?").
QUESTION_FRAME = frozenset({"player", "game", "happen"})


def _names_its_thing(ctx: AnswerContext, table_text: str) -> bool:
    """Does the table (with its caption and section) hold one of the two rarest words of the question
    that the rulebooks use (its own words, glossary terms and acronyms)?"""
    korean = bool(HANGUL.search(table_text))
    words = [w for w in set(ctx.plan.tokens) if w.isalpha() and w in ctx.index.idf and w not in QUESTION_FRAME
             and bool(HANGUL.search(w)) == korean]  # the table's language: a glossary term or the question's own
    rarest = sorted(words, key=lambda w: -ctx.index.idf_of(w))[:2]
    return not rarest or bool(token_set(table_text) & set(rarest))
