"""The blind eval: questions on rulebooks RulesPal was never tuned on, split by book (``rulespal/evals/blind/``).

The books (``books.toml``) come from ``../shared``: library Markdown read where it lies, PDFs through
``rulespal ingest`` like a user's own file. Questions were written from the book text alone, before
the code that answers them. The dev split is for development; the test split is scored in aggregate
only: its failures are printed only with ``--show-test``.

Evidence quotes are located in the text the build holds by comparing letters and digits only, so
a quote still matches after a PDF extraction rejoins lines, drops a hyphen or expands a ligature.
"""

from __future__ import annotations

import json
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from rulespal.evals.runner import Gold
from rulespal.ingest.catalog import library_docs
from rulespal.core.settings import REPO_ROOT, Settings
from rulespal.core.types import Doc

BLIND = Path(__file__).with_name("blind")
CATEGORIES = {"fact", "number", "table", "arithmetic", "followup", "unanswerable"}


@dataclass(frozen=True)
class Book:
    id: str
    split: str  # dev | test
    kind: str  # library | pdf | file (a library extra given to ingest as a user would) | corpus
    path: Path


def load_books(folder: Path = BLIND) -> dict[str, Book]:
    data = tomllib.loads((folder / "books.toml").read_text(encoding="utf-8"))
    return {doc: Book(doc, b["split"], b["kind"], (REPO_ROOT / b["path"]).resolve())
            for doc, b in data["books"].items()}


def missing_books(books: dict[str, Book]) -> list[Path]:
    return [b.path for b in books.values() if not b.path.exists()]


def eval_settings(settings: Settings, name: str) -> Settings:
    """Settings for an eval's own index (corpus + its books) in ``rulespal/evals/<name>``, beside the serving one."""
    return settings.model_copy(update={"data_dir": Path(settings.data_dir) / "evals" / name,
                                       "cache_dir": settings.cache_dir or Path(settings.data_dir) / "cache"})


def build(settings: Settings, books: dict[str, Book], progress: bool = False, name: str = "blind") -> Settings:
    """Ingest an eval's books (a no-op when nothing changed); return the settings that serve them."""
    from rulespal.ingest.pipeline import run_ingest

    s = eval_settings(settings, name)
    library = next((b.path.parent.parent for b in books.values() if b.kind == "library"), None)
    extra: list[Doc] = []
    if library is not None:
        extra = library_docs(library, codes={b.id for b in books.values() if b.kind == "library"}, extras=False)
    pdfs = [b.path for b in books.values() if b.kind in ("pdf", "file")]
    run_ingest(s, pdfs, progress=progress, extra_docs=extra)
    return s


# ---- questions ---------------------------------------------------------------------------------

# Letters that keep a stroke after decomposition: an extraction that lost the stroke ("Wroc law") still matches.
STROKES = str.maketrans("łđøħ", "ldoh")


def normalized(text: str) -> tuple[str, list[int]]:
    """Letters and digits only (compatibility-decomposed, accents dropped, case-folded), with the offset
    in ``text`` of each kept character."""
    chars, where = [], []
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKD", ch).casefold().translate(STROKES):
            if c.isalnum() and not unicodedata.combining(c):
                chars.append(c)
                where.append(i)
    return "".join(chars), where


def locate(quote: str, text: str, index: tuple[str, list[int]] | None = None) -> tuple[int, int] | None:
    """The span of ``text`` that holds ``quote`` up to spacing, punctuation, hyphens and ligatures."""
    flat, where = index or normalized(text)
    needle = normalized(quote)[0]
    at = flat.find(needle) if needle else -1  # locating gold quotes, not chunking
    if at < 0:
        return None
    return where[at], where[at + len(needle) - 1] + 1


def load_questions(books: dict[str, Book], text_of, docs: dict[str, Doc], folder: Path = BLIND
                   ) -> tuple[list[Gold], int]:
    """The blind questions as gold entries, evidence located in the build's texts; and how many
    evidence quotes could not be found (an extraction that lost text shows here)."""
    out: list[Gold] = []
    lost = 0
    indexes: dict[str, tuple[str, list[int]]] = {}
    for path in sorted(folder.glob("*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            book = books[r["doc"]]
            if r["doc"] not in indexes:
                indexes[r["doc"]] = normalized(text_of(r["doc"]))
            spans = []
            for quote in r.get("evidence", []):
                span = locate(quote, text_of(r["doc"]), indexes[r["doc"]])
                if span is None:
                    lost += 1
                else:
                    spans.append((r["doc"], *span))
            out.append(Gold(r["id"], r["question"], r.get("game"), r["doc"], list(r.get("must", [])),
                            [list(a) for a in r.get("any_of", [])], spans, r["category"], r["lang"],
                            r.get("style", ""), bool(r["answerable"]), r.get("history", []), [], book.split,
                            kind=book.kind, names_game=_names(r["question"], docs.get(r["doc"]))))
    return out, lost


def _names(question: str, doc: Doc | None) -> bool:
    """Does the question name its game (title, alias or id), as a player would?"""
    if doc is None:
        return False
    q = normalized(question)[0]
    names = [doc.title, doc.id.replace("-", " "), *doc.aliases]
    return any(len(n) >= 3 and n in q for n in (normalized(x)[0] for x in names))
