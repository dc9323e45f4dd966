"""Saying plainly that the rulebook doesn't say (citing the closest passage when there is one)."""

from __future__ import annotations

from rulespal.core.messages import say
from rulespal.core.types import Citation, Draft
from rulespal.answering.answerable import has_words
from rulespal.answering.context import AnswerContext


def abstain(lang: str, games: list[str], citations: list[Citation]) -> Draft:
    text = say(lang, "silent") + (say(lang, "closest") if citations else "")
    return Draft(text, False, tuple(games), tuple(citations))


def no_words(ctx: AnswerContext) -> Draft | None:
    """A question with no words ("9", "0.1.0") has nothing to look up."""
    return None if has_words(ctx.plan) else abstain(ctx.lang, ctx.games, [])
