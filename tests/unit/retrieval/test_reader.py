"""The reader's place in the answer: it reads the rules the best picks would quote, and its probability can
say that a rule does not answer; with a deterministic fake."""

import pytest

from rulespal.answering.answerable import answerable
from rulespal.answering.picks import Picker, rule_text
from rulespal.core.types import Hit
from rulespal.retrieval import reader as reader_mod
from rulespal.retrieval.reader import get_reader, reader_text, register
from tests.unit.conftest import plan_for


class WordReader:
    """Reads as the answer a rule that holds a given word; every other rule reads as no answer."""

    name = "word"

    def __init__(self, word: str):
        self.word = word
        self.calls: list[list[str]] = []

    def score(self, question, rules):
        self.calls.append(list(rules))
        return [0.95 if self.word in r else 0.05 for r in rules]


def _picks(index, tuning, question, reader, lang="en"):
    plan = plan_for(index, question, lang=lang)
    hits = [Hit(c, 1.0, 1.0) for c in index.chunks]
    return plan, Picker(index, plan, tuning.replace(answer_hits=len(hits)), reader).picks(hits)


def test_the_reader_reads_the_rules_the_best_picks_quote(tiny, tuning):
    tuning = tuning.replace(reader_weight=0.0)  # the veto alone
    r = WordReader("Pearls")
    _, picks = _picks(tiny, tuning, "how many pearls to win", r)
    read = [p for p in picks if p.read is not None]
    assert len(read) == min(len(picks), tuning.reader_picks)
    best = picks[0]
    rule = tiny.text(best.hit.chunk.doc)[best.start:best.end]
    assert "25 Pearls" in rule and best.read == pytest.approx(0.95)
    assert reader_text(best.hit.chunk.section, rule) in [x for call in r.calls for x in call]
    # it does not reorder: the same picks in the same order as without it
    _, plain = _picks(tiny, tuning, "how many pearls to win", None)
    assert [(p.hit.chunk.id, p.start) for p in plain] == [(p.hit.chunk.id, p.start) for p in picks]


def test_with_a_weight_the_best_read_rule_of_each_passage_is_taken_and_the_picks_reordered(tiny, tuning):
    _, plain = _picks(tiny, tuning.replace(reader_weight=0.0), "how many pearls to win", None)
    # a word only some other rule has: read as the answer, that rule comes first
    target = next(p for p in plain[1:] if "Pearls" not in tiny.text(p.hit.chunk.doc)[p.start:p.end])
    # the first word the reader reads of it (a table row reads "| 2-Players | ...")
    word = next(w for w in rule_text(tiny.text(target.hit.chunk.doc), target.units).split() if w != "|")
    _, picks = _picks(tiny, tuning.replace(reader_weight=5.0), "how many pearls to win", WordReader(word))
    first = tiny.text(picks[0].hit.chunk.doc)[picks[0].start:picks[0].end]
    assert word in first and picks[0].read == pytest.approx(0.95)
    assert (picks[0].hit.chunk.id, picks[0].start) != (plain[0].hit.chunk.id, plain[0].start)
    assert all(p.read is not None for p in picks)  # every pick of an English book was read
    # a weight of 0 leaves the hand order as it was
    _, same = _picks(tiny, tuning.replace(reader_weight=0.0), "how many pearls to win", WordReader(word))
    assert [(p.hit.chunk.id, p.start) for p in same] == [(p.hit.chunk.id, p.start) for p in plain]


def test_a_rule_it_reads_as_no_answer_is_not_answerable(tiny, tuning):
    plan, picks = _picks(tiny, tuning, "how many pearls to win", WordReader("no such word"))
    assert picks[0].read == pytest.approx(0.05)
    assert answerable(tiny, plan, picks[0], tuning.replace(reader_abstain=0.0))
    assert not answerable(tiny, plan, picks[0], tuning.replace(reader_abstain=0.1))


def test_a_rule_it_reads_as_the_answer_answers_below_the_hand_floors(tiny, tuning):
    plan, picks = _picks(tiny, tuning, "how many pearls to win", WordReader("Pearls"))
    assert picks[0].read == pytest.approx(0.95)
    floors = tuning.replace(answerable_min=9.0, answerable_min_en=9.0, answerable_min_en_yes_no=9.0)
    assert not answerable(tiny, plan, picks[0], floors.replace(reader_answers=1.01))  # off: the floor decides
    assert answerable(tiny, plan, picks[0], floors.replace(reader_answers=0.9))
    assert not answerable(tiny, plan, picks[0], floors.replace(reader_answers=0.99))


def test_headings_and_rules_read_as_a_player_does():
    assert reader_text("Setup > Turn Order", "* **Rest:** discard 1 Fatigue.") == "Turn Order: Rest: discard 1 Fatigue."


def test_korean_questions_and_books_are_not_read(tiny, tuning, tmp_path):
    from tests.unit.conftest import make_snapshot
    r = WordReader("Pearls")
    _picks(tiny, tuning, "휴식 액션은 뭐야?", r, lang="ko")
    assert r.calls == []
    korean = make_snapshot(tmp_path, {"kraken-ko": "크라켄\n\n설정\n\n각 플레이어는 진주 7개를 받습니다.\n"}, {"kraken-ko": "ko"})
    _, picks = _picks(korean, tuning, "how many pearls?", r)
    assert r.calls == [] and all(p.read is None for p in picks)


def test_registry_knows_the_trained_reader_and_takes_fakes():
    with pytest.raises(ValueError, match="minilm-reader"):
        get_reader("no-such-reader")
    register("word", lambda threads: WordReader("x"))
    try:
        assert get_reader("word") is get_reader("word")  # loaded once
    finally:
        reader_mod._READERS.pop("word")
        get_reader.cache_clear()


def test_a_search_reorders_its_first_hits_by_the_read_of_their_best_rule(tiny, tuning):
    plan = plan_for(tiny, "how many pearls to win")
    hits = [Hit(c, 1.0 - 0.01 * k, 1.0) for k, c in enumerate(tiny.chunks)]
    last = len(hits) - 1
    word = next(w for w in tiny.text(hits[last].chunk.doc)[hits[last].chunk.start:hits[last].chunk.end].split()
                if len(w) > 3 and all(w not in tiny.text(h.chunk.doc)[h.chunk.start:h.chunk.end] for h in hits[:last]))
    picker = Picker(tiny, plan, tuning, WordReader(word))
    assert picker.reranked_hits(hits, len(hits), 5.0)[0].chunk.id == hits[last].chunk.id
    kept = picker.reranked_hits(hits, 2, 5.0)  # only the first two are reordered: the last stays last
    assert [h.chunk.id for h in kept] == [h.chunk.id for h in hits]
    assert Picker(tiny, plan, tuning, None).reranked_hits(hits, len(hits), 5.0) == hits


def test_only_an_english_question_is_read_with_reader_korean_off(tiny, tuning):
    from rulespal.retrieval.retriever import Retriever

    retriever = Retriever(tiny, tuning.replace(reader_korean=False))
    assert retriever._read("3인 플레이하면 turn order 덱에 카드 몇 장 넣어요?", "ko") == ""
    assert retriever._read("how many cards?", "en") == "how many cards?"
