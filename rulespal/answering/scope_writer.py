"""Questions outside what the rulebook covers: a player count the game is not for."""

from __future__ import annotations

from rulespal.core.messages import say
from rulespal.core.types import Citation, Draft
from rulespal.core.players import counts_named, mentions_count, player_range, speaks_of_counts
from rulespal.answering.context import AnswerContext
from rulespal.core.text import plain


def out_of_range(ctx: AnswerContext) -> Draft | None:
    """"With 6 players?" in a game for 2 to 5 (stated, or the counts its rules are given for): the rulebook doesn't
    say, and the answer shows the range."""
    n = ctx.key_asks.players
    if n is None or len(ctx.games) != 1:
        return None
    doc = ctx.games[0]
    text = ctx.index.text(doc)
    found, key = player_range(text), "player_range"
    if found is None:
        # no range stated: rules given for 2 to 5 players say nothing of 7 (fewer than the fewest may still be
        # played), when the passages found for the question speak of player counts at all
        found = counts_named(text) if any(speaks_of_counts(h.chunk.text) for h in ctx.hits[:ctx.tuning.answer_hits]
                                          if h.chunk.doc == doc) else None
        key = "player_counts_named"
        if found is not None and n <= found.high:
            return None
    if found is None or not found.excludes(n) or mentions_count(text, n):
        return None
    at = ctx.index.unit_at(doc, found.start)
    start, end = (at[1].start, at[1].end) if at else (found.start, found.end)
    cite = Citation(n=1, doc=doc, section=ctx.index.section_at(doc, start), start=start, end=end,
                    quote=text[start:end])
    lead = say(ctx.lang, key, low=str(found.low), high=str(found.high), n=str(n))
    return Draft(f"{lead}: {plain(cite.quote)} [1]", False, (doc,), (cite,))
