"""The next fresh books: ``python -m rulespal.evals.fresh.pick [N]`` prints the next N library books (default 8).

The blind set's order (games.json shuffled with random.Random(20261130)), main rulebooks of 5k-100k
characters, leaving out every book that an eval split, the checker, a fresh round, a tester (``testers/books.toml``), a reader training list
or the yes/no model's data holds, any book of the same series as one of them (``series``: its first word of 4+ letters, else its first two
words), and a second book of one series in the same draw. Round 11 was drawn with the first-word rule
(2026-12-04, after rounds 9 and 10 had been set aside); the two-word rule came after round 14's
san-juan-second-edition turned out to sit beside San Juan's training questions (2026-12-05).
"""

from __future__ import annotations

import json
import random
import sys

from training.reader.choose_books import series
from training.reader.data import LIBRARY
from training.verdict.draw import taken_books

SEED = 20261130


def pick(n: int = 8) -> list[str]:
    games = json.loads((LIBRARY.parent / "games.json").read_text())
    random.Random(SEED).shuffle(games)
    taken = taken_books()  # with the yes/no model's books: round 30 drew boonlake, one of them
    seen = {series(c) for c in taken}
    out: list[str] = []
    for g in games:
        path = LIBRARY / g["rulebook"] if g.get("rulebook") else None
        if path is None or g["code"] in taken or series(g["code"]) in seen or not path.exists():
            continue
        if not 5_000 <= len(path.read_text(encoding="utf-8", errors="ignore")) <= 100_000:
            continue
        seen.add(series(g["code"]))
        out.append(g["code"])
        if len(out) == n:
            break
    return out


if __name__ == "__main__":
    print("\n".join(pick(int(sys.argv[1]) if len(sys.argv) > 1 else 8)))
