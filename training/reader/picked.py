"""Hard negatives from RulesPal itself: the rules its own retrieval and picker put before the reader.

BM25 negatives (``data.pairs``) are not the rules the reader meets at answer time: there it reads the best
picks of the retrieved passages and their runners-up, which share the question's words and often its topic.
This indexes the training books (the written questions' books and the mined ones: never an eval book) the way
the blind eval indexes its books, asks each English training question of its own book with the reader off,
and keeps, for each question, the rules the picker offered (the picks and their runners-up, best first):

    python -m training.reader.picked     # writes training/reader/data/picked.jsonl (about 15 min)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from rulespal.ingest.catalog import library_docs
from rulespal.answering.picks import Picker
from rulespal.core.settings import Settings
from rulespal.retrieval.retriever import Retriever
from rulespal.service import RulesPal
from training.reader.data import BOOKS, DATA, LIBRARY, read_jsonl, write_jsonl

PICKED = DATA / "picked.jsonl"
MOST = 8  # rules kept per question: the picks of the top passages and their runners-up, best first


def question_key(row: dict) -> str:
    return f"{row['book']}\t{row['question']}"


def build(settings: Settings, codes: set[str]) -> Settings:
    from rulespal.ingest.pipeline import run_ingest

    s = settings.model_copy(update={"data_dir": Path(settings.data_dir) / "reader-train", "reader": "",
                                    "cache_dir": Path(settings.data_dir) / "reader-train-cache",
                                    "max_embedded_units": 10 ** 7})
    run_ingest(s, [], progress=True, extra_docs=library_docs(LIBRARY.parent, codes=codes, extras=False))
    return s


def main() -> None:
    rows = [r for r in read_jsonl(DATA / "questions.jsonl") + read_jsonl(DATA / "mined.jsonl")
            if r.get("lang", "en") == "en"]
    chosen = json.loads(BOOKS.read_text())
    codes = {b["code"] for b in chosen["written"]} | {b["code"] for b in chosen["mined"]}
    t0 = time.time()
    s = build(Settings(), codes)
    print(f"indexed {len(codes)} books ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
    svc = RulesPal(s)
    books = svc.books()
    index = books.index
    out = []
    for n, r in enumerate(rows):
        if r["book"] not in index.docs:
            continue
        scope = [r["book"]]
        retriever = Retriever(index, svc.tuning, books.acronyms)
        plan = retriever.plan(r["question"], "en", books.glossary(scope), scope)
        picks = Picker(index, plan, svc.tuning).picks(retriever.search(plan, scope, svc.tuning.answer_hits))
        found: list[dict] = []
        for p in picks:
            for units in (p.units, *(ru[0] for ru in p.runners_up)):
                span = {"start": units[0].start, "end": units[-1].end, "section": p.hit.chunk.section}
                if span not in found:
                    found.append(span)
        out.append({"key": question_key(r), "rules": found[:MOST]})
        if n % 500 == 0:
            print(f"{n}/{len(rows)} questions ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
    write_jsonl(PICKED, out)
    print(f"wrote {len(out)} questions' picks to {PICKED} ({time.time() - t0:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
