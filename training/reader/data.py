"""The reader's training data: questions on library books that are in no eval split, and the (question, rule)
pairs built from them.

Two sources, both kept in ``training/reader/data/`` with where each row came from:
- ``questions.jsonl``: questions written by helper sessions that read only the book, never the code, each with
  its evidence quote (its span located once, here) or none when the book does not answer it;
- ``styled*.jsonl`` (one file a round; ``styled-late.jsonl`` holds the first round's late books): more such
  questions on other books, written to the blind eval's own brief (colloquial,
  paraphrased and keyword questions, arithmetic on the player's situation, follow-ups, unanswerable ones close
  to the book; ``collect-styled``), so that the reader meets the way players ask;
- ``mined.jsonl``: pairs mined from the library's own text: FAQ entries (the question and the answer after it),
  glossary entries ("**Label**: what it does", asked as "what is Label?") and a heading with its first rule.

``python -m training.reader.data collect DIR`` reads the helpers' files; ``... mine`` mines the library. The
pairs themselves are made at training time (``pairs``): the candidate rules of the book, cut the way RulesPal
cuts them at answer time (its units grown into whole rules), the evidence's rule as positive, the other rules
that BM25 ranks highest for the question as hard negatives, and one at random.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rulespal.ingest.chunks import chunk_text
from rulespal.answering.picks import extend, rule_text
from rulespal.core.text import GENERIC_HEADING, NOT_A_TERM, plain
from rulespal.core.tuning import Tuning
from rulespal.retrieval.reader import reader_text

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
LIBRARY = ROOT.parent / "shared" / "library" / "rulebooks"
BOOKS = DATA / "books.json"  # which library books each source may use (chosen by scripts in this folder)
SEED = 20261202
HOLDOUT_SHARE = 0.1  # books of the written questions held out to choose epochs and thresholds


def is_heldout(book: str) -> bool:
    return int(hashlib.sha256(book.encode()).hexdigest(), 16) % 1000 < HOLDOUT_SHARE * 1000


@dataclass(frozen=True)
class Rule:
    start: int
    end: int
    text: str  # reader_text of the rule


def rules_of(book: str, text: str, t: Tuning = Tuning()) -> list[Rule]:
    """The book's candidate rules as the answer writers would quote them: each unit grown into its rule."""
    chunks = chunk_text(book, text)
    seen: dict[tuple[int, int], Rule] = {}
    for k, c in enumerate(chunks):
        following = chunks[k + 1] if k + 1 < len(chunks) else None
        for i, u in enumerate(c.units):
            if u.kind == "heading":
                continue
            rule = extend(c, i, t, following)
            span = (rule[0].start, rule[-1].end)
            if span not in seen and span[1] - span[0] >= 12:
                seen[span] = Rule(*span, reader_text(c.section, rule_text(text, rule)))
    return sorted(seen.values(), key=lambda r: r.start)


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def split_by_evidence(rules: list[Rule], start: int, end: int) -> tuple[list[Rule], list[Rule]]:
    """Rules that hold the evidence (or lie inside it) and rules that share none of it."""
    pos, neg = [], []
    for r in rules:
        ov = _overlap((r.start, r.end), (start, end))
        if ov >= 0.6 * (end - start) or ov >= 0.6 * (r.end - r.start):
            pos.append(r)
        elif ov == 0:
            neg.append(r)
    return pos, neg


class BookPairs:
    """Hard negatives for one book: BM25 over its rules (the bm25s RulesPal's own lexical index uses)."""

    def __init__(self, book: str, text: str):
        import bm25s
        import Stemmer

        self.rules = rules_of(book, text)
        self._stem = Stemmer.Stemmer("english")
        self._bm25 = bm25s.BM25()
        self._bm25.index(bm25s.tokenize([r.text for r in self.rules], stopwords="en", stemmer=self._stem,
                                        show_progress=False), show_progress=False)

    def ranked(self, question: str, k: int) -> list[int]:
        import bm25s

        q = bm25s.tokenize([question], stopwords="en", stemmer=self._stem, show_progress=False)
        if not q.vocab:
            return []
        k = min(k, len(self.rules))
        docs, _ = self._bm25.retrieve(q, k=k, show_progress=False)
        return [int(d) for d in docs[0]]


def picked_rules(text: str, found: list[dict], known: list[Rule] | None = None) -> list[Rule]:
    """The rules RulesPal's picker offered for a question (``training/reader/picked.py``), best first. One that is
    among the book's candidate rules (``known``, from ``rules_of``) keeps that rule's text, so its table rows read
    as the service reads them (``rule_text``); the picks file holds spans only."""
    by_span = {(r.start, r.end): r for r in known or []}
    return [by_span.get((f["start"], f["end"]))
            or Rule(f["start"], f["end"], reader_text(f["section"], text[f["start"]:f["end"]])) for f in found]


def pairs(rows: list[dict], negatives: int = 5, rng: random.Random | None = None,
          neighbours: int = 0, picked: dict[str, list[dict]] | None = None) -> Iterator[tuple[str, str, float]]:
    """(question, rule text, label) for English questions: each positive rule, ``negatives`` hard negatives
    (BM25's top rules that share nothing with the evidence; the first ``neighbours`` of them replaced by the
    rules nearest the evidence in the book, the neighbours the answer writers confuse it with) and one random
    rule; an unanswerable question's top rules are all negatives. With ``picked`` (question key -> the rules
    RulesPal's own picker offered), those rules come first, as positives where they hold the evidence and as
    hard negatives where they share none of it; BM25's fill the rest."""
    rng = rng or random.Random(SEED)
    picked = picked or {}
    by_book: dict[str, list[dict]] = {}
    for r in rows:
        if r.get("lang", "en") == "en":
            by_book.setdefault(r["file"], []).append(r)
    for file, qs in sorted(by_book.items()):
        text = (LIBRARY / file).read_text(encoding="utf-8")
        book = BookPairs(qs[0]["book"], text)
        if len(book.rules) < 4:
            continue
        for q in qs:
            ranked = book.ranked(q["question"], negatives + 8)
            if q.get("start") is None:
                pos: list[Rule] = []
                neg = [book.rules[i] for i in ranked]
            else:
                pos, neg = split_by_evidence(book.rules, q["start"], q["end"])
                if not pos:
                    continue
                negset = {(r.start, r.end) for r in neg}
                neg = [book.rules[i] for i in ranked if (book.rules[i].start, book.rules[i].end) in negset]
            offered = picked_rules(text, picked.get(f"{q['book']}\t{q['question']}", []), book.rules)
            if offered:
                o_pos, o_neg = (([], offered) if q.get("start") is None
                                else split_by_evidence(offered, q["start"], q["end"]))
                texts = {r.text for r in pos[:2]}
                pos = pos[:2] + [r for r in o_pos if r.text not in texts][:1]
                neg = o_neg + [r for r in neg if r.text not in {n.text for n in o_neg}]
            for p in pos[:3]:
                yield q["question"], p.text, 1.0
            hard = neg[:negatives]
            if neighbours and q.get("start") is not None:
                near = sorted(neg, key=lambda r: abs(r.start - q["start"]))[:neighbours]
                hard = near + [r for r in hard if r not in near][:negatives - len(near)]
            rest = [r for r in book.rules if r not in hard and r not in pos]
            if rest:
                hard.append(rng.choice(rest))
            for n in hard:
                yield q["question"], n.text, 0.0


# ---- the sources ----

def _helper_rows(path: Path) -> Iterator[dict | None]:
    """Each non-blank line of a helper's file as a JSON object, or None where it does not parse."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                yield None


def collect(helper_dir: Path) -> list[dict]:
    """Helper files (one JSON object a line: book, question, lang, answerable, evidence, kind) with each
    evidence's span located in its book; rows whose evidence is not in the book are dropped and counted."""
    books = {b["code"]: b["file"] for b in json.loads(BOOKS.read_text())["written"]}
    out, dropped = [], 0
    for f in sorted(helper_dir.glob("q-*.jsonl")):
        writer = f"helper:{f.stem}"
        for r in _helper_rows(f):
            file = books.get(r.get("book")) if r is not None else None
            if r is None or file is None or not str(r.get("question", "")).strip():
                dropped += 1
                continue
            text = (LIBRARY / file).read_text(encoding="utf-8")
            ev = r.get("evidence") or ""
            row = {"book": r["book"], "file": file, "question": r["question"].strip(), "lang": r.get("lang", "en"),
                   "answerable": bool(r.get("answerable")), "kind": r.get("kind", "other"), "source": writer,
                   "evidence": ev, "start": None, "end": None}
            if row["answerable"]:
                at = text.find(ev) if ev else -1  # the quote is located once, here, and kept as a span
                if at < 0:
                    dropped += 1
                    continue
                row["start"], row["end"] = at, at + len(ev)
            out.append(row)
    print(f"collected {len(out)} questions, dropped {dropped}", file=sys.stderr)
    return out


def collect_styled(helper_dir: Path, round_key: str = "styled") -> list[dict]:
    """Helper files in the blind eval's format (``<book>.jsonl``: question, lang, category, answerable,
    evidence quotes, history) as training rows, for the books ``books.json`` lists under ``round_key``: the
    first evidence quote located in the book is the span; a follow-up is left out (it needs the chat before
    it)."""
    books = {b["code"]: b["file"] for b in json.loads(BOOKS.read_text())[round_key]}
    out, dropped = [], 0
    for f in sorted(helper_dir.glob("*.jsonl")):
        file = books.get(f.stem)
        if file is None:
            continue
        text = (LIBRARY / file).read_text(encoding="utf-8")
        for r in _helper_rows(f):
            if r is None or r.get("history") or not str(r.get("question", "")).strip():
                dropped += 1
                continue
            row = {"book": f.stem, "file": file, "question": r["question"].strip(), "lang": r.get("lang", "en"),
                   "answerable": bool(r.get("answerable")), "kind": r.get("category", "other"),
                   "source": "helper-styled", "evidence": "", "start": None, "end": None}
            if row["answerable"]:
                quotes = [q for q in r.get("evidence") or [] if q and q in text]
                if not quotes:
                    dropped += 1
                    continue
                at = text.find(quotes[0])  # the quote is located once, here, and kept as a span
                row.update(evidence=quotes[0], start=at, end=at + len(quotes[0]))
            out.append(row)
    print(f"collected {len(out)} questions, dropped {dropped}", file=sys.stderr)
    return out


QUESTION_MARK = re.compile(r"^\W*(?:Q\s*[:.)]|Question\s*[:.])\s*", re.I)
FAQ_SECTION = re.compile(r"\bfaq\b|frequently asked|questions|clarification|q\s*&\s*a", re.I)
DEFINITION = re.compile(r"^\s*(?:[*+-]\s*)?\*\*([^*\n]{2,40}?)\*\*\s*[:.—–-]?\s*(\S.{30,})", re.S)
DEFINITION_ASKS = ("what does {} do?", "what is {}?", "{}?", "how does {} work", "explain {}", "what's {} mean")
HEADING_ASKS = ("how does {} work?", "rules for {}", "what happens during {}?", "{}?", "how do i do {}")


def mine_book(book: str, file: str, most: int = 4, rng: random.Random | None = None) -> list[dict]:
    """FAQ entries, glossary entries and headings with their first rule, at most ``most`` of each."""
    rng = rng or random.Random(f"{SEED}:{book}")
    text = (LIBRARY / file).read_text(encoding="utf-8")
    chunks = chunk_text(book, text)
    t = Tuning()
    found: dict[str, list[dict]] = {"faq": [], "definition": [], "heading": []}

    def add(kind: str, question: str, rule: tuple) -> None:
        start, end = rule[0].start, rule[-1].end
        if end - start >= 20 and len(question) >= 4:
            found[kind].append({"book": book, "file": file, "question": question, "lang": "en", "answerable": True,
                                "kind": kind, "source": f"mined:{kind}", "evidence": text[start:end][:300],
                                "start": start, "end": end})

    for k, c in enumerate(chunks):
        following = chunks[k + 1] if k + 1 < len(chunks) else None
        for i, u in enumerate(c.units):
            raw = c.unit_text(u)
            line = plain(raw)
            if line.endswith("?") and len(line) >= 15 and i + 1 < len(c.units) \
                    and (FAQ_SECTION.search(c.section) or QUESTION_MARK.match(line)):
                nxt = plain(c.unit_text(c.units[i + 1]))
                if not nxt.endswith("?") and c.units[i + 1].kind != "heading":
                    add("faq", QUESTION_MARK.sub("", line), extend(c, i + 1, t, following))
            elif u.kind in ("item", "sentence") and (m := DEFINITION.match(raw)):
                label = plain(m.group(1)).strip(" :.")
                if 1 <= len(label.split()) <= 4 and not NOT_A_TERM.search(label):
                    add("definition", rng.choice(DEFINITION_ASKS).format(label.lower()), extend(c, i, t, following))
            elif u.kind == "heading":
                h = re.sub(r"^[\d.]+[)]?\s*", "", plain(line).strip(" :.#"))
                if 1 <= len(h.split()) <= 5 and not GENERIC_HEADING.match(h) and not NOT_A_TERM.search(h) and any(v.kind != "heading"
                                                                                      for v in c.units[i + 1:]):
                    add("heading", rng.choice(HEADING_ASKS).format(h.lower()), extend(c, i, t, following))
    out = []
    for rows in found.values():
        rng.shuffle(rows)
        out += rows[:most]
    return out


def mine() -> list[dict]:
    books = json.loads(BOOKS.read_text())["mined"]
    out = []
    for b in books:
        out += mine_book(b["code"], b["file"])
    print(f"mined {len(out)} pairs from {len({r['book'] for r in out})} books", file=sys.stderr)
    return out


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "collect":
        write_jsonl(DATA / "questions.jsonl", collect(Path(sys.argv[2])))
    elif cmd == "collect-styled":  # collect-styled HELPER_DIR [ROUND_KEY]: written to data/<ROUND_KEY>.jsonl
        key = sys.argv[3] if len(sys.argv) > 3 else "styled"
        write_jsonl(DATA / f"{key}.jsonl", collect_styled(Path(sys.argv[2]), key))
    elif cmd == "mine":
        write_jsonl(DATA / "mined.jsonl", mine())
    else:
        sys.exit("usage: python -m training.reader.data collect HELPER_DIR | collect-styled HELPER_DIR [ROUND_KEY] | mine")
