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


def library_docs(library: Path, limit: int | None = None) -> list[Doc]:
    """Rulebooks of a library folder with a ``games.json`` manifest (code, name, short_name, aliases,
    rulebook); a game's extra files (``<code>-<part>.md``) become documents of their own."""
    import json

    entries = json.loads((library / "games.json").read_text(encoding="utf-8"))
    folder = library / "rulebooks"
    files = sorted(p.name for p in folder.glob("*.md"))
    codes = {e["code"] for e in entries}
    docs: list[Doc] = []
    for entry in entries[:limit] if limit else entries:
        code, name = entry["code"], entry["name"]
        aliases = tuple(a for a in [entry.get("short_name"), *entry.get("aliases", [])] if a)
        main = entry.get("rulebook") or f"{code}-rulebook.md"
        extras = [f for f in files if f.startswith(f"{code}-") and f != main and f[len(code) + 1:] in
                  _extra_names(files, code, codes)]
        for fname in [main] + extras:
            path = folder / fname
            if not path.exists():
                continue
            part = fname[len(code) + 1:-3]
            is_main = fname == main
            docs.append(Doc(
                id=Path(fname).stem if not is_main else code,
                title=name if is_main else f"{name} ({part.replace('-', ' ')})",
                lang="en",
                text_path=str(path.resolve()),
                source="library",
                aliases=aliases if is_main else (),
            ))
    return docs


def _extra_names(files: list[str], code: str, codes: set[str]) -> set[str]:
    """Files "<code>-<part>.md" that belong to ``code`` and not to a longer game code ("1846-two-...")."""
    out = set()
    for f in files:
        if not f.startswith(f"{code}-"):
            continue
        stem = f[:-3]
        owner = max((c for c in codes if stem.startswith(f"{c}-") or stem == c), key=len, default=code)
        if owner == code:
            out.add(f[len(code) + 1:])
    return out
