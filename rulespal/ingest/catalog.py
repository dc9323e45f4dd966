"""What documents exist: the shipped corpus (with its manifest) and rulebooks users added."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from rulespal.core.errors import CorpusDataError
from rulespal.core.text import detect_lang, read_text_exact
from rulespal.core.types import Doc


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
        for quote in entry.get("debris", ()):
            if quote not in text:
                raise CorpusDataError(f"{corpus_dir.name}/games.toml: a 'debris' quote of {f.stem!r} is not in "
                                      f"{f.name}: {quote[:60]!r}; copy it from the file again or remove it")
        docs.append(Doc(
            id=f.stem,
            title=entry.get("title") or f.stem.replace("-", " ").title(),
            lang=entry.get("lang") or detect_lang(text),
            text_path=str(f.resolve()),
            source="corpus",
            aliases=tuple(entry.get("aliases", ())),
            base_game=entry.get("base_game"),
            glossary=tuple((k, v) for k, v in entry.get("glossary", {}).items()),
            debris=tuple(entry.get("debris", ())),
        ))
    return docs


def library_docs(library: Path, limit: int | None = None, codes: set[str] | None = None,
                 extras: bool = True) -> list[Doc]:
    """Rulebooks of a library folder with a ``games.json`` manifest (code, name, short_name, aliases,
    rulebook); a game's extra files (``<code>-<part>.md``) become documents of their own unless
    ``extras`` is false. ``codes``: only these games."""
    entries = json.loads((library / "games.json").read_text(encoding="utf-8"))
    if codes is not None:
        entries = [e for e in entries if e["code"] in codes]
    folder = library / "rulebooks"
    files = sorted(p.name for p in folder.glob("*.md"))
    all_codes = {e["code"] for e in json.loads((library / "games.json").read_text(encoding="utf-8"))}
    docs: list[Doc] = []
    for entry in entries[:limit] if limit else entries:
        code, name = entry["code"], entry["name"]
        aliases = tuple(a for a in [entry.get("short_name"), *entry.get("aliases", [])] if a)
        main = entry.get("rulebook") or f"{code}-rulebook.md"
        parts = [f for f in files if extras and f.startswith(f"{code}-") and f != main and f[len(code) + 1:] in
                 _extra_names(files, code, all_codes)]
        for fname in [main] + parts:
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
