"""The next books for yes/no questions: library main rulebooks of 12-60 KB that no eval, checker set, fresh round,
earlier yes/no batch, labelled yes/no row or reader training list holds, nor another edition of one (the same
series: ``training.reader.choose_books.series``), in a seeded random order.

``python -m training.verdict.draw N SEED`` prints N book ids. The fifth batch was drawn with seed 20261208 by a
script that was not kept; the sixth (24 books, seed 20261209) by this one before it left out the labelled rows'
and the reader's books (three of its books have 9 labelled rows the model trained on: biblios, sobek-2-players,
tikal; 17 are in the reader's training lists).
"""

from __future__ import annotations

import json
import random
import sys

from training.reader.choose_books import series
from training.reader.choose_more import used_codes
from training.reader.data import BOOKS
from training.verdict.train import DATA, LABELS, LIBRARY, MEASURE

SMALLEST, LARGEST = 12_000, 60_000  # bytes: a helper reads a book in a few minutes


def taken_books() -> set[str]:
    """Every book an eval, the yes/no data (batches and labelled rows) or the reader's training lists hold."""
    lists = json.loads(BOOKS.read_text())
    reader = {b["code"] for v in lists.values() if isinstance(v, list) for b in v if isinstance(b, dict)}
    labelled = {json.loads(line)["book"] for line in LABELS.read_text(encoding="utf-8").splitlines() if line.strip()}
    batches = {f.stem for folder in (DATA, MEASURE) for f in folder.glob("*.jsonl")}
    return used_codes() | reader | labelled | batches


def draw(n: int, seed: int) -> list[str]:
    taken = taken_books()
    seen = {series(c) for c in taken}
    books = sorted(p.name.removesuffix("-rulebook.md") for p in LIBRARY.glob("*-rulebook.md")
                   if SMALLEST <= p.stat().st_size <= LARGEST)
    random.Random(seed).shuffle(books)
    return [b for b in books if b not in taken and series(b) not in seen][:n]


if __name__ == "__main__":
    print("\n".join(draw(int(sys.argv[1]), int(sys.argv[2]))))
