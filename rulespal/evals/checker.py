"""The eval of the checker itself (``rulespal/evals/checker/``): answer texts with every number labelled by a
careful reader (claim or not; verified, contradicted or unverified against the cited quotes; answers the
question or not), over library books and shared PDFs, written by helpers from the book text alone.

Scored: claim extraction precision and recall, status accuracy on the claims found, relevance, verified
chips on non-claims, and mutations: a verified number changed by one must come out contradicted.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from rulespal.evals import blind
from rulespal.evals.blind import Book, locate
from rulespal.evals.runner import bad_chip, green_chip
from rulespal.core.settings import REPO_ROOT, Settings
from rulespal.core.types import Check, Citation, Draft
from rulespal.rules.check import check_answer
from rulespal.rules.claims import Claim, normalise, read_claims
from rulespal.service import RulesPal

CHECKER = Path(__file__).with_name("checker")
RIGHT_CASES = {"verbatim", "typo", "right-incidental"}  # the fresh items' cases (rulespal/evals/checker/fresh/)
WRONG_CASES = {"wrong-incidental", "wrong-number"}


def load_books(folder: Path = CHECKER) -> dict[str, Book]:
    data = tomllib.loads((folder / "books.toml").read_text(encoding="utf-8"))
    return {doc: Book(doc, "dev", b["kind"], (REPO_ROOT / b["path"]).resolve()) for doc, b in data["books"].items()}


def build(settings: Settings, books: dict[str, Book]) -> RulesPal:
    return RulesPal(blind.build(settings, books, name="checker"))


@dataclass
class Tally:
    found: int = 0  # claims the checker read
    labelled: int = 0  # claims the reader marked
    matched: int = 0
    status_right: int = 0
    relevance_right: int = 0
    relevance_n: int = 0
    chips_on_non_claims: int = 0
    mutated: int = 0
    caught: int = 0
    verbatim_contradicted: int = 0  # contradicted chips on answers that quote their rule word for word and are right
    # the rates a player feels, on items whose case says whether the answer is right
    right: int = 0
    right_bad_chip: int = 0  # a right answer showing a red or "does not answer" chip
    wrong: int = 0
    wrong_green_chip: int = 0  # a wrong answer showing a green chip said to answer

    def report(self) -> dict:
        def r(a: int, b: int) -> float | None:
            return round(a / b, 4) if b else None

        return {"claims_labelled": self.labelled, "extraction_precision": r(self.matched, self.found),
                "extraction_recall": r(self.matched, self.labelled), "status_accuracy": r(self.status_right, self.matched),
                "relevance_accuracy": r(self.relevance_right, self.relevance_n),
                "verified_chips_on_non_claims": self.chips_on_non_claims, "mutations": self.mutated,
                "mutation_catch_rate": r(self.caught, self.mutated),
                "contradicted_on_verbatim_quotes": self.verbatim_contradicted,
                "right_answers_with_bad_chip": r(self.right_bad_chip, self.right),
                "wrong_answers_with_green_chip": r(self.wrong_green_chip, self.wrong)}


def run_checker_eval(service: RulesPal, folder: Path = CHECKER) -> dict:
    """Scores over the first 16 books ("all"), and over each half: the checker was tuned on the first half
    (alphabetical order, every other book); the second half shows how it does on books it was not tuned on.
    ``fresh/`` holds later books written for the cases players met (verbatim quotes with separators and
    decimals, typo'd questions, right and wrong answers with incidental numbers), never tuned on."""
    books = service.books()
    tallies = {"all": Tally(), "tuned-on half": Tally(), "other half": Tally(), "fresh books": Tally()}
    files = [(p, "tuned-on half" if i % 2 == 0 else "other half") for i, p in enumerate(sorted(folder.glob("*.jsonl")))]
    files += [(p, "fresh books") for p in sorted((folder / "fresh").glob("*.jsonl"))]
    for path, group in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                if group != "fresh books":
                    _score(item, service, books, tallies["all"])
                _score(item, service, books, tallies[group])
    return {name: t.report() for name, t in tallies.items()}


def _draft(item: dict, answer: str, service: RulesPal) -> Draft | None:
    text = service.index.text(item["doc"])
    cites = []
    for c in item["citations"]:
        span = locate(c["quote"], text)
        if span is None:
            return None
        cites.append(Citation(n=c["n"], doc=item["doc"], section="", start=span[0], end=span[1],
                              quote=text[span[0]:span[1]]))
    return Draft(answer, True, (item["doc"],), tuple(cites))


def _score(item: dict, service: RulesPal, books, tally: Tally) -> None:
    draft = _draft(item, item["answer"], service)
    if draft is None:
        return
    doc = service.index.docs[item["doc"]]
    names = (doc.title, *doc.aliases)
    claims, _ = read_claims(item["answer"], item["question"], names)
    glossary = tuple(books.glossary([item["doc"]]))
    made = check_answer(draft, books.facts, item["question"], names, glossary=glossary)
    case = item.get("case")
    if case == "verbatim":
        tally.verbatim_contradicted += sum(c.status == "contradicted" for c in made)
    shown = [c.model_dump() for c in made]
    if case in RIGHT_CASES:
        tally.right += 1
        tally.right_bad_chip += bad_chip(shown)
    elif case in WRONG_CASES:
        tally.wrong += 1
        tally.wrong_green_chip += green_chip(shown)
    labelled = []
    for c in item["claims"]:
        at = item["answer"].find(c["text"])
        labelled.append((normalise(c["number"]), at, at + len(c["text"]), c))
    tally.found += len(claims)
    tally.labelled += len(labelled)
    used: set[int] = set()
    for c in claims:
        i = next((k for k, (n, a, b, _) in enumerate(labelled) if k not in used and n == c.number
                  and a < c.end and c.start < b), None)
        if i is None:
            continue
        used.add(i)
        tally.matched += 1
        label = labelled[i][3]
        check = _check_of(made, c)
        if check is not None and check.status == label["status"]:
            tally.status_right += 1
        if check is not None and label["status"] == "verified" and check.status == "verified":
            tally.relevance_n += 1
            # what a player sees: a chip said to answer (True) or not (False, or None: a number of the rule)
            tally.relevance_right += (check.answers is True) == label["answers_question"]
    for nc in item.get("non_claims", []):
        if nc["kind"] == "marker":
            continue
        at = item["answer"].find(nc["text"])
        if any(c.start < at + len(nc["text"]) and at < c.end and (ch := _check_of(made, c)) is not None
               and ch.status == "verified" for c in claims):
            tally.chips_on_non_claims += 1
    _mutations(item, labelled, service, books, names, glossary, tally)


def _check_of(checks: list[Check], claim: Claim) -> Check | None:
    """The chip a claim shows: the check made at its place, else (a claim said again and read the same, which
    gets no second chip) the check of the same words."""
    return (next((c for c in checks if c.start == claim.start), None)
            or next((c for c in checks if c.claim == claim.text), None))


def _mutations(item: dict, labelled: list, service: RulesPal, books, names: tuple[str, ...],
               glossary: tuple[tuple[str, str], ...], tally: Tally) -> None:
    """Each verified claim with its number changed by one must come out contradicted (or the answer withdrawn)."""
    for number, start, end, label in labelled:
        if label["status"] != "verified" or not label.get("source_quote") or not re.fullmatch(r"\d+", number):
            continue
        inside = re.search(rf"(?<!\d){number}(?!\d)", item["answer"][start:end])
        if inside is None:
            continue
        at = start + inside.start()
        wrong = str(int(number) + 1)
        mutated = item["answer"][:at] + wrong + item["answer"][at + len(number):]
        draft = _draft(item, mutated, service)
        if draft is None:
            continue
        tally.mutated += 1
        checks = check_answer(draft, books.facts, item["question"], names, glossary=glossary)
        if any(c.status == "contradicted" and wrong in c.claim for c in checks):
            tally.caught += 1
