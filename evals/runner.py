"""Run the gold questions against RulesPal and score answers, citations, abstention and retrieval.

Everything here is deterministic: string and span checks, no model judging a model.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from rulespal.core.text import read_text_exact
from rulespal.core.types import Turn

GOLD = Path(__file__).with_name("gold.jsonl")


class RottenGold(Exception):
    """A gold evidence quote no longer matches the corpus: fix the gold set before trusting scores."""


@dataclass
class Gold:
    id: str
    question: str
    game: str | None
    expect_doc: str | None
    must: list[str]
    any_of: list[list[str]]
    evidence: list[tuple[str, int, int]]  # (doc, start, end)
    category: str
    lang: str
    style: str
    answerable: bool
    history: list[dict]
    needs_game: list[str]
    split: str


def load_gold(path: Path = GOLD, corpus_dir: Path | None = None, texts: dict[str, str] | None = None) -> list[Gold]:
    """Load the gold set; every evidence quote must be found in its rulebook, or this refuses to run."""
    from rulespal.core.settings import get_settings

    corpus_dir = corpus_dir or get_settings().corpus_dir
    texts = dict(texts or {})
    out = []
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        r = json.loads(line)
        spans = []
        for ev in r.get("evidence", []):
            doc = ev["doc"]
            if doc not in texts:
                f = corpus_dir / f"{doc}.txt"
                if not f.exists():
                    raise RottenGold(f"{path.name}:{line_no} ({r['id']}): no rulebook {doc!r} in {corpus_dir}")
                texts[doc] = read_text_exact(f)
            start = texts[doc].find(ev["quote"])  # locating gold quotes, not chunking: find is right here
            if start < 0:
                raise RottenGold(f"{path.name}:{line_no} ({r['id']}): evidence quote not found in {doc}: "
                                 f"{ev['quote'][:80]!r}")
            spans.append((doc, start, start + len(ev["quote"])))
        out.append(Gold(r["id"], r["question"], r.get("game"), r.get("expect_doc"), r.get("must", []),
                        r.get("any_of", []), spans, r["category"], r["lang"], r.get("style", ""),
                        r.get("answerable", True), r.get("history", []), r.get("needs_game", []),
                        r.get("split", "dev")))
    ids = [g.id for g in out]
    if len(ids) != len(set(ids)):
        raise RottenGold("duplicate question ids in the gold set")
    return out


def _norm(s: str) -> str:
    return " ".join(s.casefold().split())


def term_present(term: str, answer: str) -> bool:
    t, a = _norm(term), _norm(answer)
    if re.fullmatch(r"[+-]?\d+", t):  # a number must appear as a number, not inside another one
        return re.search(rf"(?<![\d]){re.escape(t)}(?![\d])", a) is not None
    return t in a


def overlaps(a: tuple[str, int, int], b: tuple[str, int, int]) -> bool:
    return a[0] == b[0] and a[1] < b[2] and b[1] < a[2]


@dataclass
class Result:
    gold: Gold
    answer: dict
    hits: list[tuple[str, int, int]]
    latency_ms: float
    correct: bool = False
    citation_hit: bool | None = None
    citation_precision: float | None = None
    citations_exact: bool = True
    rank: int | None = None  # 1-based rank of the first search hit overlapping evidence


def judge(g: Gold, answer: dict, corpus_text) -> dict:
    """Score one answer against its gold entry."""
    cits = [(c["doc"], c["start"], c["end"]) for c in answer.get("citations", [])]
    exact = all(corpus_text(c["doc"])[c["start"]:c["end"]] == c["quote"] for c in answer.get("citations", []))
    if g.needs_game:
        correct = bool(answer.get("needs_game")) and set(g.needs_game) <= set(answer["needs_game"])
    elif not g.answerable:
        correct = answer.get("answerable") is False
    else:
        text = answer.get("answer", "")
        correct = (answer.get("answerable") is True and all(term_present(t, text) for t in g.must)
                   and all(any(term_present(t, text) for t in alts) for alts in g.any_of))
        if g.expect_doc and answer.get("games") and g.expect_doc not in answer["games"]:
            correct = False
    hit = None
    precision = None
    if g.evidence and (g.answerable or cits):
        hit = any(overlaps(c, e) for c in cits for e in g.evidence)
    if g.evidence and cits:
        precision = sum(any(overlaps(c, e) for e in g.evidence) for c in cits) / len(cits)
    return {"correct": correct, "citation_hit": hit, "citation_precision": precision, "exact": exact}


@dataclass
class Scores:
    n: int = 0
    values: dict[str, float] = field(default_factory=dict)


def summarize(results: list[Result]) -> dict:
    def rate(xs):
        xs = [x for x in xs if x is not None]
        return round(sum(xs) / len(xs), 4) if xs else None

    answerable = [r for r in results if r.gold.answerable and not r.gold.needs_game]
    unanswerable = [r for r in results if not r.gold.answerable]
    abstained = [r for r in results if r.answer.get("answerable") is False]
    ranked = [r for r in results if r.gold.evidence and r.gold.answerable]
    lat = sorted(r.latency_ms for r in results)
    return {
        "n": len(results),
        "answer_accuracy": rate([r.correct for r in results]),
        "citation_hit": rate([r.citation_hit for r in answerable]),
        "citation_precision": rate([r.citation_precision for r in results]),
        "citation_integrity": rate([r.citations_exact for r in results]),
        "abstention_recall": rate([r.answer.get("answerable") is False for r in unanswerable]),
        "abstention_precision": rate([not r.gold.answerable for r in abstained]) if abstained else None,
        "false_abstention": rate([r.answer.get("answerable") is False for r in answerable]),
        "hit@1": rate([r.rank == 1 for r in ranked]),
        "hit@5": rate([r.rank is not None and r.rank <= 5 for r in ranked]),
        "mrr": round(statistics.fmean([1 / r.rank if r.rank else 0 for r in ranked]), 4) if ranked else None,
        "latency_p50_ms": round(lat[len(lat) // 2], 1) if lat else None,
        "latency_p95_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.95))], 1) if lat else None,
    }


def breakdown(results: list[Result], key) -> dict[str, dict]:
    groups: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        groups[key(r)].append(r)
    return {k: summarize(v) for k, v in sorted(groups.items())}


def run(system, gold: list[Gold], search_k: int = 10) -> list[Result]:
    """Ask ``system`` (an ``evals.baselines.System``) every gold question and score it."""
    results = []
    for g in gold:
        t0 = time.perf_counter()
        ans = system.answer(g.question, g.game, [Turn(h["role"], h["content"]) for h in g.history])
        latency = (time.perf_counter() - t0) * 1000
        scope_game = g.game or (g.expect_doc if g.history else None)
        hits = system.passages(_retrieval_question(g), scope_game, search_k)
        j = judge(g, ans, system.text)
        rank = next((i + 1 for i, h in enumerate(hits) if any(overlaps(h, e) for e in g.evidence)), None)
        results.append(Result(g, ans, hits, latency, j["correct"], j["citation_hit"], j["citation_precision"],
                              j["exact"], rank))
    return results


def _retrieval_question(g: Gold) -> str:
    prev = [h["content"] for h in g.history if h["role"] == "user"]
    return f"{prev[-1]} {g.question}" if prev else g.question


def report(results: list[Result]) -> dict:
    return {
        "overall": summarize(results),
        "by_split": breakdown(results, lambda r: r.gold.split),
        "by_category": breakdown(results, lambda r: r.gold.category),
        "by_lang": breakdown(results, lambda r: r.gold.lang),
        "by_game": breakdown(results, lambda r: r.gold.expect_doc or "(none)"),
        "by_style": breakdown(results, lambda r: r.gold.style or "(none)"),
        "questions": {r.gold.id: r.correct for r in results},
        "failures": [{"id": r.gold.id, "question": r.gold.question, "answer": r.answer.get("answer"),
                      "answerable": r.answer.get("answerable"), "needs_game": r.answer.get("needs_game"),
                      "rank": r.rank} for r in results if not r.correct],
    }


def print_report(rep: dict, name: str = "rulespal") -> None:
    cols = ["n", "answer_accuracy", "citation_hit", "abstention_recall", "false_abstention", "hit@1", "hit@5", "mrr",
            "latency_p50_ms"]

    def row(label, s):
        cells = [f"{s[c]:.3f}" if isinstance(s[c], float) else str(s[c]) for c in cols]
        print(f"{label:45}" + "".join(f"{c:>11}" for c in cells))

    print(f"== {name}")
    print(f"{'':45}" + "".join(f"{c[:10]:>11}" for c in cols))
    row("overall", rep["overall"])
    for section in ("by_split", "by_category", "by_lang", "by_game", "by_style"):
        print(f"-- {section[3:]}")
        for k, s in rep[section].items():
            row("  " + k, s)
    if rep["failures"]:
        print(f"-- failing questions ({len(rep['failures'])})")
        for f in rep["failures"]:
            print(f"  {f['id']}: {f['question'][:60]!r} -> {str(f['answer'])[:100]!r} (rank {f['rank']})")


def print_comparison(reps: dict[str, dict]) -> None:
    cols = ["answer_accuracy", "citation_hit", "abstention_recall", "hit@1", "hit@5", "mrr", "latency_p50_ms"]
    print("== side by side (dev / holdout)")
    print(f"{'system':22}" + "".join(f"{c[:13]:>16}" for c in cols))
    for name, rep in reps.items():
        cells = []
        for c in cols:
            d, h = rep["by_split"].get("dev", {}).get(c), rep["by_split"].get("holdout", {}).get(c)
            cells.append(f"{_fmt(d)}/{_fmt(h)}")
        print(f"{name:22}" + "".join(f"{x:>16}" for x in cells))


def _fmt(x) -> str:
    return "-" if x is None else (f"{x:.2f}" if isinstance(x, float) and x <= 1 else f"{x:.0f}")


def main(split: str = "all", json_path: Path | None = None, html_path: Path | None = None, check: bool = False,
         update_expected: bool = False, baselines: bool = True, tune: list[str] | None = None) -> int:
    from evals.baselines import systems
    from evals.expected import EXPECTED, check_against, write_expected
    from ingest.catalog import corpus_docs
    from rulespal.core.settings import get_settings
    from rulespal.core.tuning import Tuning

    gold = load_gold()
    if split != "all":
        gold = [g for g in gold if g.split == split]
    settings = get_settings()
    tuning = Tuning(dense=tuple(settings.embedder_specs), lexical=settings.lexical).with_text(tune or [])
    runs = systems(settings, corpus_docs(settings.corpus_dir), baselines=baselines and not check, tuning=tuning)
    results = {name: run(service, gold) for name, service in runs.items()}
    reps = {name: report(rs) for name, rs in results.items()}
    print_report(reps["rulespal"])
    if len(reps) > 1:
        print_comparison(reps)
    if json_path:
        Path(json_path).write_text(json.dumps(reps, ensure_ascii=False, indent=1), encoding="utf-8")
    if html_path:
        from evals.html import write_html

        write_html(Path(html_path), results, reps)
        print(f"report written to {html_path}")
    if update_expected:
        write_expected(reps["rulespal"], EXPECTED)
        print(f"expected scores written to {EXPECTED}")
    if check:
        ok, messages = check_against(reps["rulespal"], EXPECTED)
        for m in messages:
            print(m)
        print("eval check: " + ("passed" if ok else "FAILED"))
        return 0 if ok else 1
    return 0
