"""The on-disk format of an index, owned here: the data dir, its build folders, every file name.

A build is written beside the one that serves and becomes current only by one atomic rename of
the CURRENT file, so a failed or killed ingest leaves the previous index serving.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BuildFiles:
    """The files of one build."""

    dir: Path

    @property
    def name(self) -> str:
        return self.dir.name

    meta = property(lambda self: self.dir / "meta.json")
    chunks = property(lambda self: self.dir / "chunks.jsonl")
    lexical = property(lambda self: self.dir / "lexical")  # bm25s folder
    units = property(lambda self: self.dir / "units.npy")  # unit vectors of the first dense embedder
    units_en = property(lambda self: self.dir / "units-en.npy")  # English units by the sentence model
    chroma = property(lambda self: self.dir / "chroma")  # embedded Chroma (absent with a Chroma server)
    complete = property(lambda self: self.dir / "COMPLETE")  # written last: the build is whole
    docs = property(lambda self: self.dir / "docs")  # users' rulebooks: original file + extracted text

    def doc_dir(self, doc_id: str) -> Path:
        return self.docs / doc_id


class DataDir:
    """``RULESPAL_DATA_DIR``: builds, the CURRENT pointer, the ingest lock, the default cache."""

    def __init__(self, root: Path):
        self.root = Path(root)

    builds = property(lambda self: self.root / "builds")
    pointer = property(lambda self: self.root / "CURRENT")
    lock = property(lambda self: self.root / "ingest.lock")
    default_cache = property(lambda self: self.root / "cache")
    uploads = property(lambda self: self.root / "uploads")  # rulebooks sent to the API, with each one's progress

    def build(self, name: str) -> BuildFiles:
        return BuildFiles(self.builds / name)

    def current(self) -> str | None:
        """The name of the serving build, or None when there is none (or it is incomplete)."""
        try:
            name = self.pointer.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return None
        return name if name and self.build(name).complete.exists() else None

    def set_current(self, name: str) -> None:
        tmp = self.root / "CURRENT.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(name + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.pointer)
        fd = os.open(self.root, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def prune(self, keep: set[str], on_drop: Callable[[str], None] | None = None) -> None:
        """Remove builds other than ``keep`` (unfinished ones included)."""
        if not self.builds.exists():
            return
        for d in self.builds.iterdir():
            if d.name not in keep:
                if on_drop is not None:
                    on_drop(d.name)
                shutil.rmtree(d, ignore_errors=True)
