"""Which library books the reader's training data may use: none that any eval, test or benchmark names.

Library main rulebooks of 5k-40k characters (written questions; a helper reads a book in a minute or two) or up
to 100k (mined pairs), in a seeded random order, leaving out every book that rulespal/evals/, tests/, benchmarks/ or
rulespal/ names and any book whose game shares its first word (4+ letters) with one of them (another edition or
an expansion of an eval game). The first 200 went to the question writers, the next 300 to mining.
"""

from __future__ import annotations

import json
import random
import re
import subprocess

from training.reader.data import BOOKS, LIBRARY, ROOT, SEED

NAMED = re.compile(r"[a-z0-9-]+-(?:rulebook|glossary|rules)[a-z0-9-]*\.md|library/rulebooks/[^\"' ]+")


def series(code: str) -> str:
    """What another edition or an expansion of a book shares with it: its first word when that has 4+ letters
    ("carcassonne-..."), else its first two words ("san-juan-...", "the-crew-...")."""
    words = code.split("-")
    return words[0] if len(words[0]) >= 4 else "-".join(words[:2])


def first_words(codes: set[str]) -> set[str]:
    """The first words (4+ letters) of book codes: another edition or an expansion shares one ("carcassonne-...")."""
    return {c.split("-")[0] for c in codes if len(c.split("-")[0]) >= 4}


def named_in_code() -> set[str]:
    out = subprocess.run(["grep", "-rhoE", NAMED.pattern.replace("(?:", "("), "rulespal/evals", "tests", "benchmarks",
                          "rulespal"], cwd=ROOT, capture_output=True, text=True).stdout
    return {name.rsplit("/", 1)[-1] for name in out.split()}


def choose(written: int = 200, mined: int = 300) -> dict:
    named = named_in_code()
    codes = {n.split("-rulebook")[0].removesuffix(".md") for n in named}
    prefixes = first_words(codes)
    games = json.loads((LIBRARY.parent / "games.json").read_text())
    small: list[dict] = []
    large: list[dict] = []
    for g in games:
        f = g["rulebook"]
        if not f or f in named or g["code"] in codes or g["code"].split("-")[0] in prefixes:
            continue
        p = LIBRARY / f
        if not p.exists():
            continue
        n = len(p.read_text(encoding="utf-8", errors="ignore"))
        (small if 5000 <= n <= 40000 else large if 40000 < n <= 100000 else []).append({"code": g["code"], "file": f})
    rng = random.Random(SEED)
    rng.shuffle(small)
    rng.shuffle(large)
    return {"how": __doc__.strip(), "excluded_codes": sorted(codes), "written": small[:written],
            "mined": small[written:written + mined // 2] + large[:mined - mined // 2]}


if __name__ == "__main__":
    books = choose()
    # (the written list kept in books.json is the one handed to the writers; see "how" there)
    BOOKS.write_text(json.dumps(books, indent=1) + "\n")
    print(f"{len(books['written'])} books for written questions, {len(books['mined'])} for mining")
