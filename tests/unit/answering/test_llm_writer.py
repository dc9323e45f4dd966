"""The generative writer's own logic, with a tiny rulebook and scripted replies: what reaches the player
is only what cites the rulebook; passages cannot speak as the prompt; follow-ups carry their context."""

import json

import pytest

from langchain_core.language_models.fake_chat_models import FakeListChatModel

from rulespal.answering.context import AnswerContext
from rulespal.answering.llm_writer import (LLMReply, _parse, _text, answer_so_far, draft_from_reply, llm_writer,
                                           messages)
from rulespal.answering.picks import Picker
from rulespal.core.types import Hit
from tests.unit.conftest import plan_for

RULE = "On your turn you take exactly 2 actions"


def _ctx(tiny, tuning, question, key_text=None, plan_text=None):
    plan = plan_for(tiny, plan_text or question)
    hits = [Hit(c, 1.0 - i * 0.01, 1.0 - i * 0.01) for i, c in enumerate(c for c in tiny.chunks if c.doc == "kraken-cove")]
    return AnswerContext(tiny, plan, hits, ["kraken-cove"], question, key_text or question, [], tuning,
                         Picker(tiny, plan, tuning))


def _pid(ctx, needle):
    return next(f"P{i}" for i, h in enumerate(ctx.hits[:6], 1) if needle in h.chunk.text)


def test_a_sentence_resting_on_an_invented_quote_is_dropped(tiny, tuning):
    ctx = _ctx(tiny, tuning, "How many actions per turn?")
    reply = LLMReply(answer="You take 2 actions [1]. You may also fly for free [2].",
                     claims=[{"passage": _pid(ctx, RULE), "quote": RULE},
                             {"passage": "P1", "quote": "You may fly over the reef for free."}])
    draft = draft_from_reply(ctx, reply)
    assert draft.text == "You take 2 actions [1]." and len(draft.citations) == 1
    c = draft.citations[0]
    assert tiny.text(c.doc)[c.start:c.end] == c.quote == RULE


def test_not_answerable_shows_the_plain_phrase_not_the_models_words(tiny, tuning):
    ctx = _ctx(tiny, tuning, "Can I trade with the bank?")
    draft = draft_from_reply(ctx, LLMReply(answer="No, but house rules often allow it.", answerable=False))
    assert not draft.answerable and draft.text == "The rulebook doesn't say." and "house" not in draft.text


def test_a_passage_cannot_close_its_frame(tiny, tuning):
    ctx = _ctx(tiny, tuning, "How many actions per turn?")
    system, human = (m[1] for m in messages(ctx))
    tag = human.split(" ", 1)[0].lstrip("<")
    assert tag.startswith("passage-") and f"<{tag}>" in system and human.count(f"</{tag}>") == min(6, len(ctx.hits))
    assert messages(ctx)[1][1].split(" ", 1)[0] != f"<{tag}"  # a new tag per question: a book cannot guess it


def test_a_follow_up_tells_the_model_what_it_continues(tiny, tuning):
    ctx = _ctx(tiny, tuning, "and with 3 players?", plan_text="Pearls at start with 3 players")
    assert "together: Pearls at start with 3 players" in messages(ctx)[1][1]
    plain = _ctx(tiny, tuning, "How many Pearls?")
    assert "earlier question" not in messages(plain)[1][1]


def test_content_blocks_and_streamed_escapes_are_read_as_text():
    assert _text([{"type": "text", "text": '{"a": '}, {"type": "tool_use", "id": "x"}, "1}"]) == '{"a": 1}'
    assert answer_so_far(r'{"answer": "caf\u00e9 \"x\"", "cl') == 'café "x"'
    assert answer_so_far(r'{"answer": "two\nlines') == "two lines"
    assert answer_so_far(r'{"answer": "half an escape \u00') == ""  # waits for the next token
    assert answer_so_far('Here it is: {"ans') == ""


def test_a_reply_is_read_with_a_fence_or_prose_before_it():
    body = '{"answer": "Exactly 2 [1].", "answerable": true, "claims": []}'
    for text in (body, f"```json\n{body}\n```", f"Here is the JSON:\n{body}"):
        assert _parse(text).answer == "Exactly 2 [1]."
    with pytest.raises(ValueError):
        _parse("I cannot answer that.")


def test_the_writer_cites_through_a_chat_model(tiny, tuning):
    ctx = _ctx(tiny, tuning, "How many actions per turn?")
    answer = json.dumps({"answer": "Exactly 2 actions [1].", "answerable": True,
                         "claims": [{"passage": _pid(ctx, RULE), "quote": RULE}]})
    draft = llm_writer(FakeListChatModel(responses=[answer]), timeout=5)(ctx)
    assert draft.writer == "llm" and draft.text == "Exactly 2 actions [1]." and draft.note is None
