"""Run the gold questions against RulesPal and score answers, citations, abstention and retrieval.

Everything here is deterministic: string and span checks, no model judging a model.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from rulespal.core.messages import MESSAGES
from rulespal.core.numbers import KO_COUNTERS
from rulespal.core.text import MARKER, read_text_exact
from rulespal.core.types import Turn

GOLD = Path(__file__).with_name("gold.jsonl")


class RottenGold(Exception):
    """A gold evidence quote no longer matches the corpus: fix the gold set before trusting scores."""


@dataclass
class Gold:
    id: str
    question: str
    game: str | None
    expect_doc: str | None
    must: list[str]
    any_of: list[list[str]]
    evidence: list[tuple[str, int, int]]  # (doc, start, end)
    category: str
    lang: str
    style: str
    answerable: bool
    history: list[dict]
    needs_game: list[str]
    split: str
    kind: str = "corpus"  # corpus | library | pdf | file: where the book comes from
    names_game: bool = True  # False: a question with no game picked that does not name its game either


def load_gold(path: Path = GOLD, corpus_dir: Path | None = None, texts: dict[str, str] | None = None) -> list[Gold]:
    """Load the gold set; every evidence quote must be found in its rulebook, or this refuses to run."""
    from rulespal.core.settings import get_settings

    corpus_dir = corpus_dir or get_settings().corpus_dir
    texts = dict(texts or {})
    out = []
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        r = json.loads(line)
        spans = []
        for ev in r.get("evidence", []):
            doc = ev["doc"]
            if doc not in texts:
                f = corpus_dir / f"{doc}.txt"
                if not f.exists():
                    raise RottenGold(f"{path.name}:{line_no} ({r['id']}): no rulebook {doc!r} in {corpus_dir}")
                texts[doc] = read_text_exact(f)
            start = texts[doc].find(ev["quote"])  # locating gold quotes, not chunking: find is right here
            if start < 0:
                raise RottenGold(f"{path.name}:{line_no} ({r['id']}): evidence quote not found in {doc}: "
                                 f"{ev['quote'][:80]!r}")
            spans.append((doc, start, start + len(ev["quote"])))
        out.append(Gold(r["id"], r["question"], r.get("game"), r.get("expect_doc"), r.get("must", []),
                        r.get("any_of", []), spans, r["category"], r["lang"], r.get("style", ""),
                        r.get("answerable", True), r.get("history", []), r.get("needs_game", []),
                        r.get("split", "dev")))
    ids = [g.id for g in out]
    if len(ids) != len(set(ids)):
        raise RottenGold("duplicate question ids in the gold set")
    return out


def _norm(s: str) -> str:
    return " ".join(s.casefold().split())


# A yes or no is the answer's first word, in any language the answer may use: "no" inside "not", a "no limit"
# quoted after "Yes —", "네" inside "네메시스" or "네 장" (four cards) answer nothing.
VERDICTS = {"yes": ("yes", "네", "예"), "no": ("no", "아니요", "아니오")}
VERDICT_OF = {w: verdict for verdict, words in VERDICTS.items() for w in words}
FIRST_WORD = re.compile(rf"[\W_]*(\w+)(?!\s*(?:{'|'.join(KO_COUNTERS)}))")


def term_present(term: str, answer: str) -> bool:
    """``term`` is in the answer; a number as a number of its own, never a "[2]" citation marker; a yes or no
    as the answer's first word, in English or Korean."""
    t, a = _norm(term), _norm(MARKER.sub(" ", answer))
    if t in VERDICT_OF:
        first = FIRST_WORD.match(a)
        return first is not None and first.group(1) in VERDICTS[VERDICT_OF[t]]
    if re.fullmatch(r"[+-]?\d+", t):  # a number must appear as a number, not inside another one
        return re.search(rf"(?<![\d]){re.escape(t)}(?![\d])", a) is not None
    return t in a


def overlaps(a: tuple[str, int, int], b: tuple[str, int, int]) -> bool:
    return a[0] == b[0] and a[1] < b[2] and b[1] < a[2]


@dataclass
class Result:
    gold: Gold
    answer: dict
    hits: list[tuple[str, int, int]]
    latency_ms: float
    correct: bool = False
    citation_hit: bool | None = None
    citation_precision: float | None = None
    citations_exact: bool = True
    rank: int | None = None  # 1-based rank of the first search hit overlapping evidence
    fragment: str | None = None  # what the answer quotes instead of a rule: heading, table header, lead-in


def judge(g: Gold, answer: dict, corpus_text) -> dict:
    """Score one answer against its gold entry."""
    cits = [(c["doc"], c["start"], c["end"]) for c in answer.get("citations", [])]
    exact = all(corpus_text(c["doc"])[c["start"]:c["end"]] == c["quote"] for c in answer.get("citations", []))
    asked_back = answer.get("needs_game") or []
    if g.needs_game:
        correct = bool(asked_back) and set(g.needs_game) <= set(asked_back)
    elif not g.game and not g.names_game and g.expect_doc in asked_back:
        correct = True  # no game picked or named: asking which one (offering the right one) is fair
    elif not g.answerable:
        correct = answer.get("answerable") is False
    else:
        text = answer.get("answer", "")
        correct = (answer.get("answerable") is True and all(term_present(t, text) for t in g.must)
                   and all(any(term_present(t, text) for t in alts) for alts in g.any_of))
        if g.expect_doc and answer.get("games") and g.expect_doc not in answer["games"]:
            correct = False
    hit = None
    precision = None
    if g.evidence and (g.answerable or cits):
        hit = any(overlaps(c, e) for c in cits for e in g.evidence)
    if g.evidence and cits:
        precision = sum(any(overlaps(c, e) for e in g.evidence) for c in cits) / len(cits)
    return {"correct": correct, "citation_hit": hit, "citation_precision": precision, "exact": exact}


@dataclass
class Scores:
    n: int = 0
    values: dict[str, float] = field(default_factory=dict)


def summarize(results: list[Result]) -> dict:
    def rate(xs):
        xs = [x for x in xs if x is not None]
        return round(sum(xs) / len(xs), 4) if xs else None

    answerable = [r for r in results if r.gold.answerable and not r.gold.needs_game]
    unanswerable = [r for r in results if not r.gold.answerable]
    abstained = [r for r in results if r.answer.get("answerable") is False]
    ranked = [r for r in results if r.gold.evidence and r.gold.answerable]
    lat = sorted(r.latency_ms for r in results)
    return {
        "n": len(results),
        "answer_accuracy": rate([r.correct for r in results]),
        "citation_hit": rate([r.citation_hit for r in answerable]),
        "citation_precision": rate([r.citation_precision for r in results]),
        "citation_integrity": rate([r.citations_exact for r in results]),
        "abstention_recall": rate([r.answer.get("answerable") is False for r in unanswerable]),
        "abstention_precision": rate([not r.gold.answerable for r in abstained]) if abstained else None,
        "false_abstention": rate([r.answer.get("answerable") is False for r in answerable]),
        "hit@1": rate([r.rank == 1 for r in ranked]),
        "hit@5": rate([r.rank is not None and r.rank <= 5 for r in ranked]),
        "mrr": round(statistics.fmean([1 / r.rank if r.rank else 0 for r in ranked]), 4) if ranked else None,
        "fragments": sum(1 for r in results if r.fragment),
        # answers whose text shows rulebook markup raw: a Markdown heading, table rule or row ("| 3-player game |"),
        # bold marks, a tab row (cells joined with " | " inside a sentence are the plain form)
        "raw_markup": sum(1 for r in results if RAW_MARKUP.search(r.answer.get("answer", ""))),
        # answers that show a table row's cells without their column names ("3 | 10": render joins a row's cells
        # with " | " only when the quote holds no header row to name them)
        "unnamed_rows": sum(1 for r in results if " | " in r.answer.get("answer", "")),
        # answers whose drafted numbers the checks contradicted (and replaced by the quoted rule)
        "corrected": sum(1 for r in results if any(c.get("detail", "").startswith("a drafted answer")
                                                   for c in r.answer.get("checks", []))
                         or r.answer.get("note", "").startswith(REPLACED_NOTES)),
        # the two chip rates a player feels: a right answer showing a red or "does not answer" chip, and a wrong
        # answer showing a green chip said to answer the question
        "right_with_bad_chip": rate([bad_chip(r.answer.get("checks", [])) for r in results
                                     if r.correct and r.answer.get("answerable")]),
        "wrong_with_green_chip": rate([green_chip(r.answer.get("checks", [])) for r in results
                                       if not r.correct and r.answer.get("answerable")]),
        # and how often a right answer still shows one (the chip is worth as much as these two rates differ)
        "right_with_green_chip": rate([green_chip(r.answer.get("checks", [])) for r in results
                                       if r.correct and r.answer.get("answerable")]),
        "latency_p50_ms": round(lat[len(lat) // 2], 1) if lat else None,
        "latency_p95_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.95))], 1) if lat else None,
    }


RAW_MARKUP = re.compile(r"(?m)^\s*#{1,6}\s|\|\s*:?-{3,}|\*\*\S|\S\t+\S|(?:^|[\u201c\x22:]\s?)\|[^|\n]+\|")


def bad_chip(checks: list[dict]) -> bool:
    """A chip a player reads as "this is wrong": red, or "does not answer"."""
    return any(c.get("status") == "contradicted" or (c.get("status") == "verified" and c.get("answers") is False)
               for c in checks)


def green_chip(checks: list[dict]) -> bool:
    """A chip a player reads as "this is the answer, checked": a number copied word for word from the cited rule
    is shown as "quoted", not green (its own quote verifies it, whichever rule it is)."""
    return any(c.get("status") == "verified" and c.get("answers") is True and not c.get("quoted") for c in checks)


# The note of an answer whose drafted number the checks replaced with the quoted rule, in each language.
REPLACED_NOTES = tuple(m["replaced_note"].split("{")[0] for m in MESSAGES.values())


def breakdown(results: list[Result], key) -> dict[str, dict]:
    groups: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        groups[key(r)].append(r)
    return {k: summarize(v) for k, v in sorted(groups.items())}


def run(system, gold: list[Gold], search_k: int = 10, pick_game: bool = False) -> list[Result]:
    """Ask ``system`` (an ``evals.baselines.System``) every gold question and score it. Retrieval is
    scored with the question's game picked when ``pick_game`` (else only as the question picks it)."""
    results = []
    structure = Structure(system.text)
    for g in gold:
        t0 = time.perf_counter()
        ans = system.answer(g.question, g.game, [Turn(h["role"], h["content"]) for h in g.history])
        latency = (time.perf_counter() - t0) * 1000
        scope_game = (g.expect_doc if pick_game else None) or g.game or (g.expect_doc if g.history else None)
        hits = system.passages(_retrieval_question(g), scope_game, search_k)
        j = judge(g, ans, system.text)
        rank = next((i + 1 for i, h in enumerate(hits) if any(overlaps(h, e) for e in g.evidence)), None)
        results.append(Result(g, ans, hits, latency, j["correct"], j["citation_hit"], j["citation_precision"],
                              j["exact"], rank, structure.fragment(ans)))
    return results


class Structure:
    """The eval's own reading of a rulebook's structure, to tell a quoted rule from a fragment."""

    def __init__(self, text_of):
        self._text_of = text_of
        self._blocks: dict[str, list] = {}

    def fragment(self, answer: dict) -> str | None:
        """"heading", "table header", "toc" or "lead-in" when a cited quote is one of those; else None."""
        if answer.get("answerable") is not True:
            return None
        for c in answer.get("citations", []):
            kind = self._kind(c["doc"], c["start"], c["end"])
            if kind:
                return kind
        return None

    def _kind(self, doc: str, start: int, end: int) -> str | None:
        from rulespal.ingest.sections import parse_blocks

        text = self._text_of(doc)
        if text[start:end].rstrip().endswith(":"):
            return "lead-in"
        if doc not in self._blocks:
            self._blocks[doc] = parse_blocks(text)
        inside = [b for b in self._blocks[doc] if b.start < end and start < b.end and b.kind != "debris"]
        if inside and all(b.kind == "toc" for b in inside):
            return "toc"
        if inside and all(b.kind == "heading" for b in inside):
            return "heading"
        if len(inside) == 1 and inside[0].kind == "table":
            first_line = text.find("\n", inside[0].start)
            if start <= inside[0].start + 2 and end <= (inside[0].end if first_line < 0 else first_line):
                return "table header"
        return None


def _retrieval_question(g: Gold) -> str:
    prev = [h["content"] for h in g.history if h["role"] == "user"]
    return f"{prev[-1]} {g.question}" if prev else g.question


def report(results: list[Result], hidden_split: str | None = None) -> dict:
    """Scores overall and by group. ``hidden_split`` (the blind test split): its questions count in
    every aggregate, but no failure and no per-game score of it is listed."""
    shown = [r for r in results if r.gold.split != hidden_split]
    splits = sorted({r.gold.split for r in results})
    return {
        "overall": summarize(results),
        "by_split": breakdown(results, lambda r: r.gold.split),
        "by_category": breakdown(results, lambda r: r.gold.category),
        "by_lang": breakdown(results, lambda r: r.gold.lang),
        "by_kind": breakdown(results, lambda r: r.gold.kind),
        "by_style": breakdown(results, lambda r: r.gold.style or "(none)"),
        "splits": {sp: {f"by_{k}": breakdown([r for r in results if r.gold.split == sp], f)
                        for k, f in (("category", lambda r: r.gold.category), ("lang", lambda r: r.gold.lang),
                                     ("kind", lambda r: r.gold.kind))} for sp in splits},
        "by_game": breakdown(shown, lambda r: r.gold.expect_doc or "(none)"),
        "questions": {r.gold.id: r.correct for r in results},
        "failures": [{"id": r.gold.id, "question": r.gold.question, "answer": r.answer.get("answer"),
                      "answerable": r.answer.get("answerable"), "needs_game": r.answer.get("needs_game"),
                      "fragment": r.fragment, "rank": r.rank} for r in shown if not r.correct],
    }


COLUMNS = ["n", "answer_accuracy", "citation_hit", "abstention_recall", "false_abstention", "fragments", "hit@1",
           "hit@5", "mrr", "latency_p50_ms"]


def _row(label: str, s: dict) -> str:
    cells = [f"{s[c]:.3f}" if isinstance(s.get(c), float) else str(s.get(c)) for c in COLUMNS]
    return f"{label:45}" + "".join(f"{c:>11}" for c in cells)


def print_report(rep: dict, name: str = "rulespal", sections: tuple[str, ...] = (
        "by_split", "by_category", "by_lang", "by_game", "by_style"), per_split: bool = False) -> None:
    print(f"== {name}")
    print(f"{'':45}" + "".join(f"{c[:10]:>11}" for c in COLUMNS))
    print(_row("overall", rep["overall"]))
    for section in sections:
        print(f"-- {section[3:]}")
        for k, s in rep[section].items():
            print(_row("  " + k, s))
    if per_split:
        for sp, groups in rep["splits"].items():
            for section, table in groups.items():
                print(f"-- {sp} split, {section[3:]}")
                for k, s in table.items():
                    print(_row("  " + k, s))
    if rep["failures"]:
        print(f"-- failing questions ({len(rep['failures'])})")
        for f in rep["failures"]:
            frag = f", quotes a {f['fragment']}" if f.get("fragment") else ""
            print(f"  {f['id']}: {f['question'][:60]!r} -> {str(f['answer'])[:100]!r} (rank {f['rank']}{frag})")


def print_comparison(title: str, reps: dict[str, dict], splits: tuple[str, str]) -> None:
    cols = ["answer_accuracy", "citation_hit", "abstention_recall", "false_abstention", "fragments", "hit@1", "hit@5",
            "mrr", "latency_p50_ms"]
    print(f"== {title}: side by side ({splits[0]} / {splits[1]})")
    print(f"{'system':22}" + "".join(f"{c[:13]:>16}" for c in cols))
    for name, rep in reps.items():
        cells = []
        for c in cols:
            d, h = (rep["by_split"].get(sp, {}).get(c) for sp in splits)
            cells.append(f"{_fmt(d)}/{_fmt(h)}")
        print(f"{name:22}" + "".join(f"{x:>16}" for x in cells))


def _fmt(x) -> str:
    return "-" if x is None else (f"{x:.2f}" if isinstance(x, float) and x <= 1 else f"{x:.0f}")
