"""The rules RulesPal itself quotes for the verdict data's questions, for labelling (``README.md``, next steps).

    python -m training.verdict.neighbours BOOK.md... --out FILE.jsonl   (an index of the books first:
    RULESPAL_DATA_DIR=DIR rulespal ingest BOOK.md...; run this with the same RULESPAL_DATA_DIR)

Each yes/no question of ``data/`` on the given books is asked with its book picked; the answer's first quoted rule
is written with the question, whether it holds the row's evidence, and the verdict the answer gave. On blind dev
the verdicts the model adds are right 2 times in 3 against 0.94 on held-out pairs, because the rule an answer
quotes is often a neighbour of the one that settles the question: rows like these, labelled, are that case.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rulespal.core.settings import Settings
from rulespal.core.text import plain
from rulespal.evals.runner import term_present
from rulespal.service import RulesPal
from training.verdict.train import DATA


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("books", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    # the hand reading alone: its verdict is the row's "said"; the model is scored on the quoted rule separately
    service = RulesPal(Settings(verdict=""))
    with args.out.open("w", encoding="utf-8") as out:
        for book in (b.stem for b in args.books):
            for line in (DATA / f"{book}.jsonl").read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                answer = service.ask(row["question"], book, [])
                if not answer.answerable or not answer.citations:
                    continue
                rule = answer.citations[0].quote
                said = "yes" if term_present("yes", answer.answer) else "no" if term_present("no", answer.answer) else None
                out.write(json.dumps({"book": book, "question": row["question"], "answer": row["answer"],
                                      "rule": rule, "holds_evidence": plain(row["evidence"]) in plain(rule),
                                      "said": said}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
