"""The regression gate: today's run passes against rulespal/evals/expected.json; a degraded retriever fails it,
naming the questions that flipped. Also the baselines and the HTML report."""

from rulespal.evals.baselines import RulesPalSystem, TextbookBaseline
from rulespal.evals.expected import EXPECTED, check_against
from rulespal.evals.html import write_html
from rulespal.evals.runner import load_gold, report, run
from rulespal.ingest.catalog import corpus_docs
from rulespal.core.tuning import Tuning
from rulespal.service import RulesPal


def test_current_build_meets_expected_scores(service):
    results = run(RulesPalSystem(service), load_gold())
    ok, messages = check_against(report(results), EXPECTED)
    assert ok, "\n".join(messages)
    # every chip says where its claim is in the answer, value line and all
    placed = [(r.answer["answer"], c) for r in results for c in r.answer["checks"] if c.get("start") is not None]
    assert len(placed) >= 20
    assert all(text[c["start"]:c["end"]] == c["claim"] for text, c in placed)


def test_degraded_retriever_fails_the_check_and_names_questions(built):
    # Dense retrieval only, no reranking, and only 3 candidates per question.
    crippled = RulesPal(built, Tuning(dense=("use",), lexical=False, rerank=False, candidates=3))
    gold = load_gold()
    rep = report(run(RulesPalSystem(crippled), gold))
    ok, messages = check_against(rep, EXPECTED)
    assert not ok
    assert any(m.startswith("REGRESSION") for m in messages)
    flipped = next(m for m in messages if m.startswith("now wrong"))
    assert any(g.id in flipped for g in gold)


def test_textbook_baseline_and_html_report(built, service, tmp_path):
    gold = [g for g in load_gold() if g.split == "holdout"][:12]
    base = TextbookBaseline(built, corpus_docs(built.corpus_dir))
    hits = base.passages("maximum crew morale", None, 5)
    assert len(hits) == 5
    results = {"rulespal": run(RulesPalSystem(service), gold), "langchain textbook": run(base, gold)}
    reps = {k: report(v) for k, v in results.items()}
    out = tmp_path / "report.html"
    write_html(out, results, reps)
    page = out.read_text(encoding="utf-8")
    assert "langchain textbook" in page and "<svg" in page and "Failing questions" in page
    assert "<script" not in page
