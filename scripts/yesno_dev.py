"""A yes/no development set that is no eval: the 159 labelled yes/no training questions
(training/reader/data/yesno-labels.jsonl, "depends" left out), asked end to end of their 58 library books and
graded as the blind set grades a yes/no (the answer's first word). ``--korean``: the 29 Korean ones instead
(yesno-labels-ko.jsonl: 294 Korean training questions a code-blind helper marked yes/no or not, 2026-12-07).

    .venv/bin/python scripts/yesno_dev.py /tmp/yesno          # writes questions.jsonl and books/ there
    .venv/bin/python scripts/yesno_dev.py /tmp/yesno-ko --korean
    .venv/bin/rulespal eval --questions /tmp/yesno/questions.jsonl --books /tmp/yesno/books --json out.json

The reader was trained on these questions (styled*.jsonl), and the verdict model on the English ones, so both
read their rules better than a fresh book's: use it to compare two versions of the hand reading (RULESPAL_VERDICT=""),
not as a figure of its own.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "training/reader/data/yesno-labels.jsonl"
LABELS_KO = ROOT / "training/reader/data/yesno-labels-ko.jsonl"
LIBRARY = ROOT.parent / "shared/library/rulebooks"


def write(out: Path, labels: Path = LABELS, lang: str = "en") -> int:
    books = out / "books"
    books.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(line) for line in labels.read_text(encoding="utf-8").splitlines() if line.strip()]
    questions = []
    for r in rows:
        if r["answer"] not in ("yes", "no"):
            continue  # "depends": no first word is right
        source = LIBRARY / f"{r['book']}-rulebook.md"
        if not source.exists():
            raise SystemExit(f"{source} is missing: the library in ../shared is needed")
        shutil.copy(source, books / f"{r['book']}.md")
        questions.append({"id": r["id"].replace(":", "-"), "question": r["question"], "game": r["book"],
                          "must": [r["answer"]], "answerable": True, "category": "yesno", "lang": lang})
    (out / "questions.jsonl").write_text("".join(json.dumps(q) + "\n" for q in questions), encoding="utf-8")
    return len(questions)


if __name__ == "__main__":
    korean = "--korean" in sys.argv[1:]
    paths = [a for a in sys.argv[1:] if a != "--korean"]
    target = Path(paths[0] if paths else "/tmp/yesno")
    n = write(target, LABELS_KO, "ko") if korean else write(target)
    print(f"{n} questions in {target}/questions.jsonl, their books in {target}/books")
