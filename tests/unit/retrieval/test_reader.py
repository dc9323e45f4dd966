"""The reader's place in the answer: which rule a pick quotes and when it abstains, with a deterministic fake."""

import pytest

from rulespal.answering.answerable import answerable
from rulespal.answering.picks import Picker
from rulespal.core.types import Hit
from rulespal.retrieval import reader as reader_mod
from rulespal.retrieval.reader import get_reader, reader_text, register
from tests.unit.conftest import plan_for


class WordReader:
    """Reads as the answer the rule that holds a given word; every other rule reads as no answer."""

    name = "word"

    def __init__(self, word: str):
        self.word = word
        self.calls: list[list[str]] = []

    def score(self, question, rules):
        self.calls.append(list(rules))
        return [0.95 if self.word in r else 0.05 for r in rules]


def _pick(index, tuning, question, reader):
    plan = plan_for(index, question)
    hits = [Hit(c, 1.0, 1.0) for c in index.chunks if c.doc == "kraken-cove"]
    return plan, Picker(index, plan, tuning.replace(answer_hits=len(hits), reader_hits=len(hits)), reader).picks(hits)


def test_the_reader_chooses_among_a_passages_best_units(tiny, tuning):
    question = "what can I do on my turn"
    _, plain_picks = _pick(tiny, tuning, question, None)
    _, read_picks = _pick(tiny, tuning, question, WordReader("Fatigue"))
    quote = lambda p: tiny.text(p.hit.chunk.doc)[p.start:p.end]  # noqa: E731
    assert "Fatigue" not in quote(plain_picks[0])
    assert "Fatigue" in quote(read_picks[0])
    assert read_picks[0].read == pytest.approx(0.95)
    assert plain_picks[0].read is None


def test_the_reader_reads_rules_as_a_player_does(tiny, tuning):
    r = WordReader("Fatigue")
    _pick(tiny, tuning, "what can I do on my turn", r)
    read = [rule for call in r.calls for rule in call]
    assert read and all(": " in rule and "\t" not in rule.split(": ", 1)[0] for rule in read)
    assert reader_text("Setup > Turn Order", "* **Rest:** discard 1 Fatigue.") == "Turn Order: Rest: discard 1 Fatigue."


def test_its_probability_decides_abstention_when_a_floor_is_set(tiny, tuning):
    plan, picks = _pick(tiny, tuning, "what can I do on my turn", WordReader("no such word"))
    best = picks[0]
    assert best.read == pytest.approx(0.05)
    assert not answerable(tiny, plan, best, tuning.replace(reader_abstain=0.5, answerable_min=-9, coverage_min=0))
    assert answerable(tiny, plan, best, tuning.replace(reader_abstain=0.04, answerable_min=-9, coverage_min=0))


def test_korean_questions_are_not_read(tiny, tuning):
    r = WordReader("Fatigue")
    plan = plan_for(tiny, "휴식 액션은 뭐야?", lang="ko")
    hits = [Hit(c, 1.0, 1.0) for c in tiny.chunks]
    Picker(tiny, plan, tuning, r).picks(hits)
    assert r.calls == []


def test_registry_knows_the_trained_reader_and_takes_fakes():
    with pytest.raises(ValueError, match="minilm-reader"):
        get_reader("no-such-reader")
    register("word", lambda threads: WordReader("x"))
    try:
        assert get_reader("word") is get_reader("word")  # loaded once
    finally:
        reader_mod._READERS.pop("word")
        get_reader.cache_clear()
