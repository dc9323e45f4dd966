"""The eval harness: a rotten quote is refused; metrics behave on hand-made cases."""

import json

import pytest

from rulespal.evals.runner import GOLD, Gold, RottenGold, judge, load_gold, overlaps, summarize, term_present, Result


def test_gold_set_loads_and_every_quote_matches():
    gold = load_gold()
    assert len(gold) >= 60
    assert {g.lang for g in gold} == {"en", "ko"}
    assert {"unanswerable", "ambiguous", "followup", "crosslingual", "table"} <= {g.category for g in gold}


def test_rotten_quote_is_refused(tmp_path):
    row = json.loads(GOLD.read_text(encoding="utf-8").splitlines()[0])
    row["evidence"][0]["quote"] = "this sentence is in no rulebook"
    bad = tmp_path / "gold.jsonl"
    bad.write_text(json.dumps(row) + "\n", encoding="utf-8")
    with pytest.raises(RottenGold, match="not found"):
        load_gold(bad)


def test_numbers_must_match_whole():
    assert term_present("5", "You may hold 5 cards.")
    assert not term_present("5", "You may hold 15 cards.")
    assert term_present("fatigue", "Rest: Fatigue -2")


def test_yes_or_no_must_be_said():
    assert not term_present("no", "You may not trade tokens with another player.")
    assert term_present("no", "No — You may not trade tokens. [1]")
    assert term_present("no", "아니요 — 규칙서(영문)에 따르면: ... [1]")
    assert not term_present("yes", "Cards from yesterday's game stay out.")
    assert term_present("yes", "Yes, you may.")
    assert term_present("네", "Yes — any colour. [1]")
    assert not term_present("네", "네메시스 카드를 섞으세요.")
    assert not term_present("예", "예를 들어 카드 3장")
    assert term_present("yes", "네 — 규칙서(영문)에 따르면: ... [1]")
    # the first word only: a "no limit" quoted after "Yes —" is no "no"; "네 장" counts four cards
    assert not term_present("no", "Yes — there is no limit. [1]")
    assert term_present("no", "No player may trade. [1]")
    assert not term_present("yes", "네 장을 뽑습니다. [1]")


def _gold(**kw):
    base = dict(id="x", question="q", game=None, expect_doc="d", must=["3"], any_of=[], evidence=[("d", 10, 20)],
                category="fact", lang="en", style="", answerable=True, history=[], needs_game=[], split="dev")
    return Gold(**(base | kw))


def test_judge_correct_and_citations():
    text = "0123456789ABCDEFGHIJKLMNOP"
    good = {"answer": "3 souls [1]", "answerable": True, "games": ["d"],
            "citations": [{"doc": "d", "start": 12, "end": 15, "quote": text[12:15]}], "needs_game": []}
    j = judge(_gold(), good, lambda d: text)
    assert j["correct"] and j["citation_hit"] and j["citation_precision"] == 1.0 and j["exact"]
    wrong = dict(good, answer="4 souls [1]", citations=[{"doc": "d", "start": 0, "end": 5, "quote": "XXXXX"}])
    j = judge(_gold(), wrong, lambda d: text)
    assert not j["correct"] and j["citation_hit"] is False and not j["exact"]


def test_judge_abstention_and_ambiguity():
    abstain = {"answer": "The rulebook doesn't say.", "answerable": False, "games": [], "citations": [],
               "needs_game": []}
    assert judge(_gold(answerable=False, must=[], evidence=[]), abstain, lambda d: "")["correct"]
    assert not judge(_gold(), abstain, lambda d: "")["correct"]
    ask_back = dict(abstain, answerable=True, needs_game=["a", "b"])
    assert judge(_gold(needs_game=["a", "b"], must=[], evidence=[]), ask_back, lambda d: "")["correct"]


def test_summary_metrics():
    g_ok, g_un = _gold(), _gold(id="u", answerable=False, must=[], evidence=[])
    rs = [Result(g_ok, {"answerable": True}, [], 10.0, True, True, 1.0, True, 1),
          Result(g_un, {"answerable": False}, [], 30.0, True, None, None, True, None)]
    s = summarize(rs)
    assert s["answer_accuracy"] == 1.0 and s["abstention_recall"] == 1.0 and s["false_abstention"] == 0.0
    assert s["hit@1"] == 1.0 and s["mrr"] == 1.0
    assert overlaps(("d", 0, 10), ("d", 9, 12)) and not overlaps(("d", 0, 10), ("d", 10, 12))


def test_eval_runs_on_real_index(service):
    from rulespal.evals.baselines import RulesPalSystem
    from rulespal.evals.runner import report, run

    gold = [g for g in load_gold() if g.id in {"djl-souls-3p", "dm-rest-ko", "un-chess"}]
    rep = report(run(RulesPalSystem(service), gold))
    assert rep["overall"]["n"] == 3
    assert rep["overall"]["answer_accuracy"] == 1.0
