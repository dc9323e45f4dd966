"""Ingest: rulebooks -> sections -> chunks -> embeddings + lexical index -> a new build, swapped in when complete.

``run_ingest`` runs the stages in order; each stage is a plain function of what the one before made.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from collections.abc import Callable
from pathlib import Path

import numpy as np
from filelock import FileLock, Timeout
from tqdm import tqdm

from rulespal.ingest.catalog import corpus_docs, load_manifest
from rulespal.ingest.chunks import chunk_text
from rulespal.ingest.loader import doc_id_for, read_rulebook, title_for, typed_names
from rulespal.core.errors import IngestBusy, UnknownGame, UnreadableRulebook
from rulespal.core.settings import Settings
from rulespal.core.text import detect_lang, read_text_exact
from rulespal.core.tokens import tokenize
from rulespal.core.types import Chunk, Doc
from rulespal.index.embedders import get_embedder
from rulespal.index.embedding_cache import EmbeddingCache
from rulespal.index.layout import BuildFiles, DataDir
from rulespal.index.lexical import LexicalIndex
from rulespal.index.records import BuildMeta, embedding_text, lexical_text, write_chunks
from rulespal.index.vectors import ChromaStore

# Bump when chunking or tokenizing changes, so an unchanged corpus is still re-indexed.
PIPELINE_VERSION = "13"


@dataclass
class IngestReport:
    build: str
    changed: bool
    docs: int
    chunks: int
    seconds: float
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)  # ids a user's earlier rulebook had: the new file replaces it
    removed: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Staged:
    """A user's rulebook, read and checked, not yet written anywhere."""

    doc: Doc
    raw: bytes
    text: str
    suffix: str
    path: Path  # as given


@dataclass(frozen=True)
class _Plan:
    """Every document of the next build with its text, and the fingerprint that says whether it changed."""

    corpus: list[Doc]
    kept: list[Doc]  # user and library docs of the previous build that stay
    extra: list[Doc]  # library docs asked for now
    staged: list[_Staged]  # user files given now
    texts: dict[str, str]
    shared_glossary: list[tuple[str, str]]
    fingerprint: str


def run_ingest(settings: Settings, paths: list[Path] | None = None, progress: bool = True,
               extra_docs: list[Doc] | None = None, remove: list[str] | None = None,
               on_stage: Callable[[str], None] | None = None) -> IngestReport:
    """(Re)build the index of the corpus plus user rulebooks; with ``paths``, add or replace those; with
    ``remove``, leave out those ids of rulebooks added before. ``on_stage`` hears "reading", then "embedding"
    (an upload's progress)."""
    t0 = time.perf_counter()
    data = DataDir(settings.data_dir)
    data.root.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(data.lock))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise IngestBusy(
            f"another ingest is already running on {data.root}; wait for it to finish, then run this again."
        ) from None
    try:
        return _ingest_locked(settings, data, paths or [], progress, extra_docs or [], t0, remove or [],
                              on_stage or (lambda _: None))
    finally:
        lock.release()


def _ingest_locked(settings: Settings, data: DataDir, paths: list[Path], progress: bool, extra_docs: list[Doc],
                   t0: float, remove: list[str], on_stage: Callable[[str], None]) -> IngestReport:
    on_stage("reading")
    prev_name = data.current()
    prev = BuildMeta.load(data.build(prev_name).meta) if prev_name else None
    plan = plan_build(settings, paths, extra_docs, prev, remove)
    if prev and prev.fingerprint == plan.fingerprint:
        return IngestReport(prev.name, False, len(prev.docs), prev.chunk_count, time.perf_counter() - t0)

    name = datetime.now(timezone.utc).strftime("%Y%m%d%H%M%S") + "-" + uuid.uuid4().hex[:6]
    data.prune(keep={prev_name} if prev_name else set())  # leftovers of killed runs
    files = data.build(name)
    files.docs.mkdir(parents=True)
    docs = write_docs(plan, files)
    chunks, tokens = chunk_docs(docs, plan.texts, progress)
    on_stage("embedding")
    units_en = embed_and_store(settings, files, docs, chunks, progress)
    LexicalIndex.build(tokens).save(files.lexical)
    write_chunks(files.chunks, chunks, tokens)
    meta = BuildMeta(name=name, fingerprint=plan.fingerprint, embedders=settings.embedder_specs, docs=docs,
                     chunk_count=len(chunks), unit_count=sum(len(c.units) for c in chunks),
                     units_embedded=files.units.exists(), unit_embedder_en=units_en,
                     created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                     stats={"seconds": round(time.perf_counter() - t0, 2)}, shared_glossary=plan.shared_glossary)
    meta.save(files.meta)
    files.complete.write_text(plan.fingerprint, encoding="utf-8")
    data.set_current(name)
    # Keep the previous build: a server that has it open goes on answering until it reloads.
    chroma = ChromaStore(data.root, settings.chroma_url) if settings.chroma_url else None
    data.prune(keep={name} | ({prev_name} if prev_name else set()), on_drop=chroma.drop_build if chroma else None)
    before = {d.id for d in prev.docs if d.source == "user"} if prev else set()
    return IngestReport(name, True, len(docs), len(chunks), time.perf_counter() - t0,
                        added=[s.doc.id for s in plan.staged if s.doc.id not in before],
                        replaced=[s.doc.id for s in plan.staged if s.doc.id in before], removed=list(remove))


# ---- stage 1: what goes into the build -----------------------------------------------------

def plan_build(settings: Settings, paths: list[Path], extra_docs: list[Doc], prev: BuildMeta | None,
               remove: list[str] | None = None) -> _Plan:
    """Read and check every input before anything is written: one bad file changes nothing."""
    corpus = corpus_docs(settings.corpus_dir)
    corpus_ids = {d.id for d in corpus}
    remove = remove or []
    _check_removable(remove, corpus_ids, {d.id for d in prev.docs} if prev else set())
    staged = _stage(paths, settings, corpus_ids)
    new_ids = {s.doc.id for s in staged} | {d.id for d in extra_docs} | set(remove)
    kept = [d for d in (prev.docs if prev else []) if d.source != "corpus" and d.id not in new_ids
            and d.id not in corpus_ids and Path(d.text_path).exists()]
    texts = {d.id: read_text_exact(d.text_path) for d in corpus + kept + extra_docs}
    texts.update({s.doc.id: s.text for s in staged})
    shared = list(load_manifest(settings.corpus_dir)[1].items())
    _check_not_indexed(staged, corpus + kept + extra_docs, texts)
    everything = corpus + kept + extra_docs + [s.doc for s in staged]
    # what the build holds depends on these too: a changed unit limit must rebuild, not reuse an old build
    specs = settings.embedder_specs + [f"units-en:{settings.unit_embedder_en}",
                                       f"max-embedded-units:{settings.max_embedded_units}"]
    return _Plan(corpus, kept, extra_docs, staged, texts, shared, _fingerprint(everything, texts, specs, shared))


def _check_removable(remove: list[str], corpus_ids: set[str], indexed: set[str]) -> None:
    for doc_id in remove:
        if doc_id in corpus_ids:
            raise UnknownGame(f"{doc_id!r} is a rulebook of the shipped corpus (corpus/); it can't be removed.")
        if doc_id not in indexed:
            raise UnknownGame(f"no rulebook {doc_id!r} in the index; `rulespal games` lists the ids.")


def _check_not_indexed(staged: list[_Staged], others: list[Doc], texts: dict[str, str]) -> None:
    """A file whose text is already a rulebook of the index under another id would be the same game twice."""
    seen = {hashlib.sha256(texts[d.id].strip().encode()).digest(): d for d in others}
    for s in staged:
        same = seen.get(hashlib.sha256(s.text.strip().encode()).digest())
        if same is not None and same.id != s.doc.id:
            raise UnreadableRulebook(f"{s.path.name}: the same text as the rulebook {same.title!r} ({same.id}) that "
                                     "is already in the index; nothing to add.")


def _stage(paths: list[Path], settings: Settings, corpus_ids: set[str]) -> list[_Staged]:
    staged: dict[str, _Staged] = {}
    given: dict[Path, Path] = {}
    for p in paths:
        given.setdefault(Path(p).resolve(), Path(p))  # the same file twice (overlapping globs) is one
    for path in given.values():
        raw, text = read_rulebook(path, settings.max_file_mb)
        doc_id = doc_id_for(path)
        if doc_id in corpus_ids:
            raise UnreadableRulebook(
                f"{path.name}: the id {doc_id!r} belongs to a rulebook of the shipped corpus; rename your file."
            )
        if doc_id in staged:
            raise UnreadableRulebook(f"{staged[doc_id].path} and {path} would both be the rulebook {doc_id!r}; give one "
                                     "of them, or rename one.")
        title = title_for(path, text) or doc_id
        doc = Doc(id=doc_id, title=title, lang=detect_lang(text), text_path="", source="user",
                  aliases=typed_names(title, title_for(path) or doc_id))
        staged[doc_id] = _Staged(doc, raw, text, path.suffix.lower(), path)
    return list(staged.values())


def _fingerprint(docs: list[Doc], texts: dict[str, str], embedders: list[str],
                 shared_glossary: list[tuple[str, str]]) -> str:
    h = hashlib.sha256(PIPELINE_VERSION.encode())
    for d in sorted(docs, key=lambda d: d.id):
        meta = {k: v for k, v in d.to_json().items() if k not in ("text_path", "original")}
        h.update(json.dumps(meta, ensure_ascii=False, sort_keys=True).encode())
        h.update(hashlib.sha256(texts[d.id].encode()).digest())
    h.update(",".join(embedders).encode())
    h.update(json.dumps(shared_glossary, ensure_ascii=False).encode())
    return h.hexdigest()


# ---- stage 2: users' rulebooks travel with the build ---------------------------------------

def write_docs(plan: _Plan, files: BuildFiles) -> list[Doc]:
    """The build's documents; a user's file as supplied and the text citations point into are copied in."""
    docs = list(plan.corpus)
    for d in plan.kept + plan.extra:
        docs.append(_copy_user_doc(d, files) if d.source == "user" else d)
    for s in plan.staged:
        docs.append(_write_user_doc(s, files))
    return docs


def _write_user_doc(s: _Staged, files: BuildFiles) -> Doc:
    folder = files.doc_dir(s.doc.id)
    folder.mkdir(parents=True, exist_ok=True)
    original = folder / f"original{s.suffix}"
    original.write_bytes(s.raw)
    text_path = folder / "text.txt"
    text_path.write_text(s.text, encoding="utf-8", newline="")
    return Doc(**(s.doc.to_json() | {"text_path": str(text_path), "original": str(original)}))


def _copy_user_doc(d: Doc, files: BuildFiles) -> Doc:
    folder = files.doc_dir(d.id)
    folder.mkdir(parents=True, exist_ok=True)
    text_path = folder / "text.txt"
    shutil.copyfile(d.text_path, text_path)
    original = None
    if d.original and Path(d.original).exists():
        original = folder / Path(d.original).name
        shutil.copyfile(d.original, original)
    return Doc(**(d.to_json() | {"text_path": str(text_path), "original": str(original) if original else None}))


# ---- stage 3: sections -> chunks -> lexical tokens -----------------------------------------

def chunk_docs(docs: list[Doc], texts: dict[str, str], progress: bool) -> tuple[list[Chunk], list[list[str]]]:
    chunks: list[Chunk] = []
    for d in tqdm(docs, desc="chunking", unit="doc", disable=not progress):
        chunks.extend(chunk_text(d.id, texts[d.id], d.debris))
    tokens = [tokenize(lexical_text(c)) for c in tqdm(chunks, desc="lexical", unit="chunk", disable=not progress)]
    return chunks, tokens


# ---- stage 4: vectors ----------------------------------------------------------------------

def embed_and_store(settings: Settings, files: BuildFiles, docs: list[Doc], chunks: list[Chunk],
                    progress: bool) -> str:
    """Passage vectors into the vector store, unit vectors into the build; returns the English unit
    model used ("" when none)."""
    cache = EmbeddingCache((settings.cache_dir or DataDir(settings.data_dir).default_cache) / "embeddings.sqlite")
    store = ChromaStore(settings.data_dir, settings.chroma_url, settings.threads)
    lang = {d.id: d.lang for d in docs}
    units = [(c, u) for c in chunks for u in c.units]
    unit_texts = [c.unit_text(u) for c, u in units]
    embed_units = len(units) <= settings.max_embedded_units
    if not embed_units:  # said out loud: the blind set once crossed the cap unnoticed and lost 0.04
        print(f"note: {len(units):,} sentences, items and rows is over RULESPAL_MAX_EMBEDDED_UNITS="
              f"{settings.max_embedded_units:,}: they are embedded at query time with the multilingual model only,"
              " which answers worse; raise the setting to embed them now", file=sys.stderr, flush=True)

    def bar(total: int, desc: str, unit: str) -> tqdm:
        return tqdm(total=total, desc=desc, unit=unit, disable=not progress)

    try:
        for i, spec in enumerate(settings.embedder_specs):
            embedder = get_embedder(spec, settings.threads)
            with bar(len(chunks), f"embedding ({spec})", "chunk") as pb:
                vecs = cache.embed(embedder, [embedding_text(c) for c in chunks], pb)
            with bar(len(chunks), "writing chroma", "chunk") as pb:
                _write_vectors(store, files.name, spec, chunks, lang, vecs, pb)
            if i == 0 and embed_units:
                with bar(len(units), "embedding units", "unit") as pb:
                    np.save(files.units, cache.embed(embedder, unit_texts, pb).astype(np.float16))
        english = [i for i, (c, _) in enumerate(units) if lang[c.doc] == "en"]
        model = settings.unit_embedder_en
        if not (embed_units and model and english):
            return ""
        with bar(len(english), f"embedding units ({model})", "unit") as pb:
            evecs = cache.embed(get_embedder(model, settings.threads), [unit_texts[i] for i in english], pb)
        full = np.zeros((len(units), evecs.shape[1]), dtype=np.float16)
        full[english] = evecs.astype(np.float16)
        np.save(files.units_en, full)
        return model
    finally:
        cache.close()
        store.close()


def _write_vectors(store: ChromaStore, build: str, spec: str, chunks: list[Chunk], lang: dict[str, str],
                   vecs: np.ndarray, pb: tqdm) -> None:
    for j in range(0, len(chunks), 1000):
        part = chunks[j:j + 1000]
        metadatas = [{"doc": c.doc, "section": c.section, "start": c.start, "end": c.end, "lang": lang[c.doc]}
                     for c in part]
        store.upsert(build, spec, [c.id for c in part], vecs[j:j + 1000], [c.text for c in part], metadatas)
        pb.update(len(part))
