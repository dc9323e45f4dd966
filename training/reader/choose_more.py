"""The next books for written questions, drawn by ``choose_books``'s rule after every list already used.

``python -m training.reader.choose_more styled2 N``: the next N books of the training order (``choose_books``:
5k-40k characters, seeded shuffle, eval names and their first words left out) that no list in ``books.json``
holds and that no eval split, checker set or fresh round holds or shares a first word with. Kept in
``books.json`` under the given key, so the helpers' files are read against it (``collect-styled``).
"""

from __future__ import annotations

import json
import re
import sys

from training.reader.choose_books import choose, first_words
from training.reader.data import BOOKS, ROOT


def used_codes() -> set[str]:
    """Every book code an eval, the checker or a fresh round names (their folders and books.toml files)."""
    codes: set[str] = set()
    for toml in (ROOT / "rulespal" / "evals").rglob("books.toml"):
        codes |= set(re.findall(r'^\[books\."([^"]+)"\]', toml.read_text(), re.M))
    for f in (ROOT / "rulespal" / "evals").rglob("*.jsonl"):
        codes.add(f.stem)
    return codes


def more(key: str, n: int) -> list[dict]:
    books = json.loads(BOOKS.read_text())
    taken = {b["code"] for k, v in books.items() if isinstance(v, list) and k != "excluded_codes"
             for b in v if isinstance(b, dict)}
    evals = used_codes()
    prefixes = first_words(evals)
    order = choose(written=10_000, mined=0)["written"]  # the whole seeded order of small books
    out = [b for b in order if b["code"] not in taken and b["code"] not in evals
           and b["code"].split("-")[0] not in prefixes][:n]
    books[key] = out
    BOOKS.write_text(json.dumps(books, indent=1) + "\n")
    return out


if __name__ == "__main__":
    chosen = more(sys.argv[1], int(sys.argv[2]))
    print("\n".join(b["code"] for b in chosen))
