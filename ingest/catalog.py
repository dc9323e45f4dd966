"""What documents exist: the shipped corpus (with its manifest) and rulebooks users added."""

from __future__ import annotations

import re
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

HANGUL = re.compile(r"[가-힣]")
LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Doc:
    id: str
    title: str
    lang: str
    text_path: str  # where the (decoded or extracted) text lives
    source: str = "corpus"  # corpus | user | library
    aliases: tuple[str, ...] = ()
    base_game: str | None = None
    glossary: tuple[tuple[str, str], ...] = field(default=())  # (korean, english)
    original: str | None = None  # for user docs: the file as supplied

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Doc":
        d = dict(d)
        d["aliases"] = tuple(d.get("aliases") or ())
        d["glossary"] = tuple(tuple(p) for p in d.get("glossary") or ())
        return cls(**d)


def read_text_exact(path: str | Path) -> str:
    """The text exactly as decoded from the file's bytes (no newline translation): offsets index this."""
    return Path(path).read_bytes().decode("utf-8")


def detect_lang(text: str) -> str:
    sample = text[:20000]
    letters = len(LETTER.findall(sample)) or 1
    return "ko" if len(HANGUL.findall(sample)) / letters > 0.3 else "en"


def load_manifest(corpus_dir: Path) -> tuple[dict, dict[str, str]]:
    path = next((p for p in (corpus_dir / "games.toml",) if p.exists()), None)
    if path is None:
        return {}, {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return data.get("games", {}), dict(data.get("glossary", {}))


def corpus_docs(corpus_dir: Path) -> list[Doc]:
    """Every rulebook file in the corpus folder, described by the manifest where it has an entry."""
    games, _ = load_manifest(corpus_dir)
    docs = []
    for f in sorted(corpus_dir.iterdir()):
        if f.suffix.lower() not in (".txt", ".md") or f.name.lower() == "readme.md":
            continue
        entry = games.get(f.stem, {})
        text = read_text_exact(f)
        docs.append(Doc(
            id=f.stem,
            title=entry.get("title") or f.stem.replace("-", " ").title(),
            lang=entry.get("lang") or detect_lang(text),
            text_path=str(f.resolve()),
            source="corpus",
            aliases=tuple(entry.get("aliases", ())),
            base_game=entry.get("base_game"),
            glossary=tuple((k, v) for k, v in entry.get("glossary", {}).items()),
        ))
    return docs


def shared_glossary(corpus_dir: Path) -> tuple[tuple[str, str], ...]:
    return tuple(load_manifest(corpus_dir)[1].items())
