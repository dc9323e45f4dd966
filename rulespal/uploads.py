"""Rulebooks sent to the server (POST /api/rulebooks): checked at once, then ingested one at a time in the
background into the same atomic build swap `rulespal ingest` uses, with each one's progress on disk.

An upload is checked before it is queued (type, size, what the file really is, its text, a duplicate of a
book already indexed), so a bad file is refused with its reason and changes nothing. The server goes on
answering from the old build while the new one is made; a server stopped mid-ingest still has the old build
(the swap happens only when a build is complete) and says so on the upload when it starts again.
"""

from __future__ import annotations

import json
import queue
import re
import shutil
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from rulespal.ingest.loader import SUPPORTED, doc_id_for
from rulespal.ingest.pipeline import plan_build, run_ingest
from rulespal.core.errors import FileTooLarge, IngestBusy, RulebookExists, RulesPalError, UnknownGame, UnreadableRulebook
from rulespal.core.settings import Settings
from rulespal.index.layout import DataDir
from rulespal.index.records import BuildMeta

PENDING = ("queued", "reading", "embedding")  # then "ready" or "failed"; a removal is "removing", then "removed"
BUSY_RETRY_S = 5.0  # another ingest (the CLI's) holds the lock: look again this often


@dataclass(frozen=True)
class Upload:
    id: str  # the rulebook's doc id once it is ready
    title: str
    file: str  # the file name as sent
    state: str
    message: str
    created: float
    updated: float

    def to_json(self) -> dict:
        return asdict(self) | {"ready": self.state == "ready"}


def _stored_name(filename: str, title: str | None) -> str:
    """The name the upload is stored under; the doc id and the game's title come from it, as for the CLI."""
    suffix = Path(filename).suffix.lower()
    stem = title.strip() if title and title.strip() else Path(filename).stem
    stem = re.sub(r"[\x00-\x1f/\\:*?\"<>|]+", " ", stem).strip(" .")[:120]
    return f"{stem or 'rulebook'}{suffix}"


class Uploads:
    """The uploads of one data dir and the single worker that ingests them in order."""

    def __init__(self, settings: Settings, on_ready: Callable[[], None] | None = None):
        self.settings = settings
        self.data = DataDir(settings.data_dir)
        self.root = self.data.uploads
        self.on_ready = on_ready or (lambda: None)
        self._lock = threading.RLock()  # records are read inside updates that hold it
        self._jobs: queue.Queue[tuple[str, str]] = queue.Queue()
        self._worker: threading.Thread | None = None
        self._records: dict[str, Upload] = {}
        self._recover()

    # ---- what the API calls ---------------------------------------------------------------

    def add(self, filename: str, raw: bytes, title: str | None = None) -> Upload:
        """Check the file and queue it; raise with the reason when it cannot become a rulebook."""
        filename = Path(filename or "").name
        suffix = Path(filename).suffix.lower()
        if suffix not in SUPPORTED:
            raise UnreadableRulebook(f"{filename or 'the file'}: unsupported file type {suffix or '(none)'}; "
                                     "send a .pdf, .md or .txt rulebook.")
        limit = self.settings.max_file_mb
        if len(raw) > limit * 1024 * 1024:
            raise FileTooLarge(f"{filename}: {len(raw) / 2**20:.1f} MB is over the {limit} MB limit "
                                     "(RULESPAL_MAX_FILE_MB).")
        name = _stored_name(filename, title)
        doc_id = doc_id_for(Path(name))
        incoming = self.root / f".incoming-{uuid.uuid4().hex[:8]}"
        incoming.mkdir(parents=True)
        try:
            path = incoming / name
            path.write_bytes(raw)
            with self._lock:
                self._refuse_taken(doc_id)
                prev = self._current_meta()
                plan = plan_build(self.settings, [path], [], prev)  # reads and checks it all; writes nothing
                doc = plan.staged[0].doc
                folder = self.root / doc_id
                shutil.rmtree(folder, ignore_errors=True)  # a failed or removed earlier upload of this id
                incoming.rename(folder)
                now = time.time()
                record = Upload(doc_id, doc.title, filename, "queued", "waiting to be added", now, now)
                self._save(record)
        finally:
            shutil.rmtree(incoming, ignore_errors=True)
        self._jobs.put(("add", doc_id))
        self._start()
        return record

    def get(self, upload_id: str) -> Upload:
        with self._lock:
            record = self._records.get(upload_id)
        if record is None:
            raise UnknownGame(f"no upload {upload_id[:100]!r}; GET /api/rulebooks lists the uploads.")
        return record

    def all(self) -> list[Upload]:
        with self._lock:
            return sorted(self._records.values(), key=lambda r: r.created)

    def remove(self, upload_id: str) -> Upload:
        """Queue taking an uploaded rulebook out of the index."""
        record = self.get(upload_id)
        if record.state in PENDING or record.state == "removing":
            raise RulebookExists(f"{record.title!r} is still being {'added' if record.state in PENDING else 'removed'}"
                                 "; wait until it is done, then delete it.")
        if record.state == "removed":
            raise UnknownGame(f"{record.title!r} was already removed.")
        with self._lock:
            if record.id not in self._indexed():
                return self._finish_removal(record)  # a failed upload: nothing in the index to take out
            record = self._save(replace(record, state="removing", message="taking it out of the index"))
        self._jobs.put(("remove", upload_id))
        self._start()
        return record

    def wait_idle(self, timeout: float) -> bool:
        """Until no upload is queued or being ingested (tests, shutdown); False on timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self._jobs.unfinished_tasks == 0:
                return True
            time.sleep(0.1)
        return False

    # ---- the worker -----------------------------------------------------------------------

    def _start(self) -> None:
        with self._lock:
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="rulespal-uploads", daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            kind, upload_id = self._jobs.get()
            try:
                self._run(kind, upload_id)
            finally:
                self._jobs.task_done()

    def _run(self, kind: str, upload_id: str) -> None:
        record = self.get(upload_id)
        while True:
            try:
                if kind == "add":
                    path = next(p for p in (self.root / upload_id).iterdir() if p.name != "upload.json")
                    report = run_ingest(self.settings, [path], progress=False,
                                        on_stage=lambda stage: self._set(upload_id, stage, _STAGE_SAID[stage]))
                    self._set(upload_id, "ready", f"ready: {report.docs} rulebooks, {report.chunks} passages in "
                                                  f"the index ({report.seconds:.0f} s)")
                else:
                    run_ingest(self.settings, [], progress=False, remove=[upload_id])
                    with self._lock:
                        self._finish_removal(self.get(upload_id))
                break
            except IngestBusy:
                self._set(upload_id, record.state, "waiting for another ingest (the command line's?) to finish")
                time.sleep(BUSY_RETRY_S)
            except RulesPalError as e:
                self._set(upload_id, "failed" if kind == "add" else "ready", f"{e.message} The index is unchanged.")
                break
            except Exception as e:  # a bug, not bad input: said on the upload, the index stays as it was
                self._set(upload_id, "failed" if kind == "add" else "ready",
                          f"unexpected error ({e.__class__.__name__}); the index is unchanged. Please report it.")
                break
        try:
            self.on_ready()
        except Exception:  # warming the new build is a courtesy; the next question loads it anyway
            pass

    # ---- records on disk ------------------------------------------------------------------

    def _set(self, upload_id: str, state: str, message: str) -> None:
        with self._lock:
            self._save(replace(self._records[upload_id], state=state, message=message))

    def _save(self, record: Upload) -> Upload:
        record = replace(record, updated=time.time())
        folder = self.root / record.id
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / "upload.json.tmp"
        tmp.write_text(json.dumps(asdict(record), ensure_ascii=False), encoding="utf-8")
        tmp.replace(folder / "upload.json")
        self._records[record.id] = record
        return record

    def _finish_removal(self, record: Upload) -> Upload:
        for p in (self.root / record.id).iterdir():
            if p.name != "upload.json":
                p.unlink()
        return self._save(replace(record, state="removed", message="removed from the index"))

    def _recover(self) -> None:
        """Read the records; an upload a stopped server left half-done is said to be so (its build never
        swapped in, or it did: the index says which)."""
        if not self.root.exists():
            return
        indexed = self._indexed()
        for path in sorted(self.root.glob("*/upload.json")):
            try:
                record = Upload(**json.loads(path.read_text(encoding="utf-8")))
            except (ValueError, TypeError):
                continue  # not ours, or cut short by a crash: nothing a player can act on
            self._records[record.id] = record
            if record.state in PENDING:
                if record.id in indexed:
                    self._save(replace(record, state="ready", message="ready"))
                else:
                    self._save(replace(record, state="failed", message="the server stopped before this rulebook was "
                                                                       "ready; the index is unchanged. Upload it again."))
            elif record.state == "removing":
                self._save(replace(record, state="ready", message="the server stopped while removing it; delete it "
                                                                  "again") if record.id in indexed
                           else replace(record, state="removed", message="removed from the index"))

    def _current_meta(self) -> BuildMeta | None:
        name = self.data.current()
        return BuildMeta.load(self.data.build(name).meta) if name else None

    def _indexed(self) -> dict[str, str]:
        """Doc id -> source ("corpus", "library", "user") of the serving build."""
        meta = self._current_meta()
        return {d.id: d.source for d in meta.docs} if meta else {}

    def _refuse_taken(self, doc_id: str) -> None:
        record = self._records.get(doc_id)
        if record is not None and record.state in PENDING + ("removing",):
            raise RulebookExists(f"a rulebook {record.title!r} ({doc_id}) is already being added; wait for it, or "
                                 "give this one another title.")
        source = self._indexed().get(doc_id)
        if source == "corpus":
            raise RulebookExists(f"the id {doc_id!r} belongs to a rulebook of the shipped corpus; give this one "
                                 "another title.")
        if source is not None:
            raise RulebookExists(f"a rulebook with the id {doc_id!r} is already in the index; delete it first, or "
                                 "give this one another title.")


_STAGE_SAID = {"reading": "reading the rulebook and its sections", "embedding": "embedding the passages"}
