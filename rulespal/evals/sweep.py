"""Blind dev under several tunings in one process (the models and the index load once).

Run: .venv/bin/python -m rulespal.evals.sweep "" "label_bonus=0" "reader_weight=0.5,reader_abstain=0.05" ...
Each argument is one variant: comma-separated name=value pairs of rulespal/core/tuning.py ("" is the
default). Prints answer accuracy, abstention recall, false abstention and hit@1 per variant, and the questions
each variant changed against the first one. Dev split only: the test split is never used to choose a number.
"""

from __future__ import annotations

import sys

from rulespal.evals import blind
from rulespal.evals.baselines import RulesPalSystem
from rulespal.evals.runner import report, run
from rulespal.core.settings import get_settings
from rulespal.core.tuning import Tuning
from rulespal.service import RulesPal

COLUMNS = ("answer_accuracy", "abstention_recall", "false_abstention", "hit@1")


def main(variants: list[str]) -> int:
    books = blind.load_books()
    if missing := blind.missing_books(books):
        sys.exit(f"the blind set needs ../shared (not found: {missing[0]})")
    settings = blind.build(get_settings(), books)
    first: dict[str, bool] | None = None
    gold: list | None = None
    print(f"{'variant':44}" + "".join(f"{c:>18}" for c in COLUMNS), flush=True)
    for variant in variants or [""]:
        tuning = Tuning().with_text([a for a in variant.split(",") if a.strip()])
        service = RulesPal(settings, tuning)
        if gold is None:  # every variant reads the same build: its questions are located once
            gold = [g for g in blind.load_questions(books, service.index.text, service.index.docs)[0]
                    if g.split == "dev"]
        results = run(RulesPalSystem(service), gold, pick_game=True)
        rep = report(results)["overall"]
        right = {r.gold.id: r.correct for r in results}
        changed = "" if first is None else (f"  +{sum(v and not first[k] for k, v in right.items())}"
                                            f" -{sum(first[k] and not v for k, v in right.items())}")
        first = first or right
        print(f"{variant or '(default)':44}" + "".join(f"{rep[c]!s:>18}" for c in COLUMNS) + changed, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
