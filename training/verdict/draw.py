"""The next books for yes/no questions: library main rulebooks of 12-60 KB that no eval, checker set, fresh round
or earlier yes/no batch holds, nor another edition of one (a shared first word, or a code that begins with one), in a seeded random order.

``python -m training.verdict.draw N SEED`` prints N book ids. The fifth batch was drawn so with seed 20261208 by a
script that was not kept; from the sixth batch on this one draws (sixth: 24 books, seed 20261209).
"""

from __future__ import annotations

import random
import sys

from training.reader.choose_books import first_words
from training.reader.choose_more import used_codes
from training.verdict.train import DATA, LIBRARY, MEASURE

SMALLEST, LARGEST = 12_000, 60_000  # bytes: a helper reads a book in a few minutes


def draw(n: int, seed: int) -> list[str]:
    taken = used_codes() | {f.stem for folder in (DATA, MEASURE) for f in folder.glob("*.jsonl")}
    prefixes = first_words(taken)
    books = sorted(p.name.removesuffix("-rulebook.md") for p in LIBRARY.glob("*-rulebook.md")
                   if SMALLEST <= p.stat().st_size <= LARGEST)
    random.Random(seed).shuffle(books)
    return [b for b in books if b not in taken and b.split("-")[0] not in prefixes
            and not any(b.startswith(f"{t}-") for t in taken)][:n]  # "war-of-the-ring-the-card-game"


if __name__ == "__main__":
    print("\n".join(draw(int(sys.argv[1]), int(sys.argv[2]))))
