"""`rulespal eval`: the five-book gold set and the blind set, each beside its baselines, in one run.

Five-book set (``gold.jsonl``): the corpus, dev / holdout. Blind set (``blind/``): 25 rulebooks
never tuned on, dev / test by book; the test split is scored in aggregate only.
"""

from __future__ import annotations

import json
from collections.abc import Set as AbstractSet
from pathlib import Path

from rulespal.evals import blind
from rulespal.evals.baselines import rulespal_service, systems
from rulespal.evals.expected import BLIND_EXPECTED, EXPECTED, check_against, write_expected
from rulespal.evals.runner import load_gold, print_comparison, print_report, report, run
from rulespal.ingest.catalog import corpus_docs
from rulespal.core.settings import Settings, get_settings
from rulespal.core.tuning import Tuning
from rulespal.index.layout import DataDir
from rulespal.index.records import BuildMeta

SETS = ("five", "blind", "checker")


def main(sets: tuple[str, ...] = SETS, split: str = "all", json_path: Path | None = None,
         html_path: Path | None = None, check: bool = False, update_expected: bool = False, baselines: bool = True,
         tune: list[str] | None = None, show_test: bool = False, curated: bool = True, llm: str | None = None) -> int:
    settings = get_settings().model_copy(update={"curated": curated})
    tuning = Tuning.for_settings(settings).with_text(tune or [])
    baselines = baselines and not check
    ok = True
    out: dict[str, dict] = {}
    if "five" in sets:
        reps, results = five_book(settings, tuning, split, baselines, llm)
        out["five"] = reps
        print_report(reps["rulespal"], "rulespal: five-book set")
        print_comparison("five-book set", reps, ("dev", "holdout"))
        ok &= _gate(reps["rulespal"], EXPECTED, check, update_expected)
        if html_path:
            _html(html_path, results, reps, ("dev", "holdout"), None)
    if "blind" in sets:
        found = blind_set(settings, tuning, split, baselines, show_test, llm)
        if found is None:
            return 2
        reps, results, hidden = found
        out["blind"] = reps
        print_report(reps["rulespal"], "rulespal: blind set (test split in aggregate)",
                     sections=("by_split", "by_kind", "by_game"), per_split=True)
        print_comparison("blind set", reps, ("dev", "test"))
        ok &= _gate(reps["rulespal"], BLIND_EXPECTED, check, update_expected, hidden)
        if html_path:
            _html(Path(html_path).with_name(Path(html_path).stem + "-blind.html"), results, reps, ("dev", "test"),
                  None if show_test else "test")
    if "checker" in sets:
        found = checker_set(settings)
        if found is not None:
            out["checker"] = found
            print("== the checker (rulespal/evals/checker/: labelled claims over library books and PDFs)")
            names = list(found)
            print(f"  {'':32}" + "".join(f"{n:>16}" for n in names))
            for k in found["all"]:
                print(f"  {k:32}" + "".join(f"{str(found[n][k]):>16}" for n in names))
    if json_path:
        Path(json_path).write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0 if ok else 1


def checker_set(settings: Settings) -> dict | None:
    from rulespal.evals import checker

    books = checker.load_books()
    missing = blind.missing_books(books)
    if missing:
        print(f"the checker set needs ../shared (not found: {missing[0]}); skipped")
        return None
    return checker.run_checker_eval(checker.build(settings, books))


def five_book(settings: Settings, tuning: Tuning, split: str, baselines: bool, llm: str | None = None):
    gold = load_gold()
    if split != "all":
        gold = [g for g in gold if g.split == split]
    runs = systems(settings, corpus_docs(settings.corpus_dir), baselines=baselines, tuning=tuning, llm=llm)
    results = {name: run(system, gold) for name, system in runs.items()}
    return {name: report(rs) for name, rs in results.items()}, results


def blind_set(settings: Settings, tuning: Tuning, split: str, baselines: bool, show_test: bool,
              llm: str | None = None):
    books = blind.load_books()
    missing = blind.missing_books(books)
    if missing:
        print(f"the blind set needs ../shared (not found: {missing[0]}); skipped")
        return None
    bs = blind.build(settings, books, progress=True)
    data = DataDir(bs.data_dir)
    docs = BuildMeta.load(data.build(data.current() or "").meta).docs
    runs = systems(bs, docs, baselines=baselines, tuning=tuning, llm=llm)
    index = rulespal_service(runs).index
    gold, lost = blind.load_questions(books, index.text, index.docs)
    if lost:
        print(f"note: {lost} evidence quotes of the blind set are not in the indexed text (extraction lost them)")
    if split != "all":
        gold = [g for g in gold if g.split == split]
    hidden_split = None if show_test else "test"
    results = {name: run(system, gold, pick_game=True) for name, system in runs.items()}
    reps = {name: report(rs, hidden_split) for name, rs in results.items()}
    hidden = {g.id for g in gold if g.split == hidden_split}
    return reps, results, hidden


def _gate(rep: dict, path: Path, check: bool, update: bool, hidden: AbstractSet[str] = frozenset()) -> bool:
    if update:
        write_expected(rep, path)
        print(f"expected scores written to {path}")
    if not check:
        return True
    ok, messages = check_against(rep, path, hidden)
    for m in messages:
        print(m)
    print(f"eval check ({path.parent.name}/{path.name}): " + ("passed" if ok else "FAILED"))
    return ok


def _html(path: Path, results: dict, reps: dict, splits: tuple[str, str], hidden_split: str | None) -> None:
    from rulespal.evals.html import write_html

    write_html(Path(path), results, reps, splits, hidden_split)
    print(f"report written to {path}")
