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


BUILD = """
import sys
from pathlib import Path
from rulespal.core.settings import Settings
from rulespal.evals.baselines import TextbookBaseline
from rulespal.ingest.catalog import corpus_docs
corpus, data = Path(sys.argv[1]), Path(sys.argv[2])
base = TextbookBaseline(Settings(data_dir=data, corpus_dir=corpus), corpus_docs(corpus))
print(len(base.passages("how many coins do I start with", None, 2)))
"""


def test_two_evals_on_one_data_dir_build_the_textbook_store_one_at_a_time(tmp_path):
    import subprocess
    import sys
    import time

    from filelock import FileLock

    corpus, data = tmp_path / "corpus", tmp_path / "data"
    corpus.mkdir()
    rules = "# Setup\n\n" + "".join(f"Rule {i}: each player starts with {i} coins and {i} cards.\n\n" for i in range(80))
    (corpus / "coin-game.txt").write_text(rules, encoding="utf-8")

    def build() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-c", BUILD, str(corpus), str(data)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    first = build()
    out, err = first.communicate(timeout=600)
    assert first.returncode == 0 and out.strip().splitlines()[-1] == "2", err[-2000:]
    (folder,) = (data / "baselines").glob("textbook-*[!k]")  # the store, not its lock file
    (folder / "READY").unlink()  # the next eval rebuilds it
    with FileLock(str(folder) + ".lock"):  # as another eval building it holds it
        second = build()
        time.sleep(8)
        assert second.poll() is None and not (folder / "READY").exists()  # it waits for the lock
    out, err = second.communicate(timeout=600)
    assert second.returncode == 0 and out.strip().splitlines()[-1] == "2", err[-2000:]
    assert (folder / "READY").exists()
