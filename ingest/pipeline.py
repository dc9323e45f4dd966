"""Ingest: rulebooks -> chunks -> embeddings + lexical index -> a new build, swapped in when complete."""

from __future__ import annotations

import hashlib
import json
import shutil
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
from filelock import FileLock, Timeout
from tqdm import tqdm

from ingest.catalog import Doc, corpus_docs, detect_lang, read_text_exact
from ingest.chunks import chunk_text
from ingest.embed import make_embedder
from ingest.lexical import LexicalIndex, tokenize
from ingest.loader import doc_id_for, read_rulebook
from ingest.store import (COMPLETE, BuildMeta, ChromaStore, EmbeddingCache, builds_dir, current_build,
                          embedding_text, prune_builds, set_current, write_chunks)
from rulespal.errors import IngestBusy, UnreadableRulebook
from rulespal.settings import Settings

# Bump when chunking or tokenizing changes, so an unchanged corpus is still re-indexed.
PIPELINE_VERSION = "2"


@dataclass
class IngestReport:
    build: str
    changed: bool
    docs: int
    chunks: int
    seconds: float
    added: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Staged:
    doc: Doc
    raw: bytes
    text: str
    suffix: str


def read_doc_text(doc: Doc) -> str:
    return read_text_exact(doc.text_path)


def _stage(paths: list[Path], settings: Settings, corpus_ids: set[str]) -> list[_Staged]:
    """Read and check every file before anything is written: one bad file changes nothing."""
    staged: dict[str, _Staged] = {}
    for p in paths:
        raw, text = read_rulebook(Path(p), settings.max_file_mb)
        doc_id = doc_id_for(Path(p))
        if doc_id in corpus_ids:
            raise UnreadableRulebook(
                f"{Path(p).name}: the id {doc_id!r} belongs to a rulebook of the shipped corpus; rename your file."
            )
        title = Path(p).stem.replace("_", " ").replace("-", " ").strip() or doc_id
        doc = Doc(id=doc_id, title=title, lang=detect_lang(text), text_path="", source="user")
        staged[doc_id] = _Staged(doc, raw, text, Path(p).suffix.lower())
    return list(staged.values())


def _fingerprint(docs: list[Doc], texts: dict[str, str], embedders: list[str]) -> str:
    h = hashlib.sha256(PIPELINE_VERSION.encode())
    for d in sorted(docs, key=lambda d: d.id):
        meta = {k: v for k, v in d.to_json().items() if k not in ("text_path", "original")}
        h.update(json.dumps(meta, ensure_ascii=False, sort_keys=True).encode())
        h.update(hashlib.sha256(texts[d.id].encode()).digest())
    h.update(",".join(embedders).encode())
    return h.hexdigest()


def run_ingest(settings: Settings, paths: list[Path] | None = None, progress: bool = True,
               extra_docs: list[Doc] | None = None) -> IngestReport:
    """(Re)build the index of the corpus plus user rulebooks; with ``paths``, add or replace those."""
    t0 = time.perf_counter()
    data_dir = settings.data_dir
    data_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(data_dir / "ingest.lock"))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise IngestBusy(
            f"another ingest is already running on {data_dir}; wait for it to finish, then run this again."
        ) from None
    try:
        return _ingest_locked(settings, paths or [], progress, extra_docs or [], t0)
    finally:
        lock.release()


def _ingest_locked(settings: Settings, paths: list[Path], progress: bool, extra_docs: list[Doc],
                   t0: float) -> IngestReport:
    data_dir = settings.data_dir
    prev_name = current_build(data_dir)
    prev = BuildMeta.load(builds_dir(data_dir) / prev_name / "meta.json") if prev_name else None

    docs = corpus_docs(settings.corpus_dir)
    corpus_ids = {d.id for d in docs}
    staged = _stage(paths, settings, corpus_ids)
    new_ids = {s.doc.id for s in staged} | {d.id for d in extra_docs}
    kept = [d for d in (prev.docs if prev else []) if d.source != "corpus" and d.id not in new_ids
            and d.id not in corpus_ids and Path(d.text_path).exists()]
    texts = {d.id: read_doc_text(d) for d in docs + kept + extra_docs}
    texts.update({s.doc.id: s.text for s in staged})
    fingerprint = _fingerprint(docs + kept + extra_docs + [s.doc for s in staged], texts,
                               settings.embedder_specs + [f"units-en:{settings.unit_embedder_en}"])
    if prev and prev.fingerprint == fingerprint:
        return IngestReport(prev.name, False, len(prev.docs), prev.chunk_count, time.perf_counter() - t0)

    name = datetime.now(timezone.utc).strftime("%Y%m%d%H%M%S") + "-" + uuid.uuid4().hex[:6]
    build_dir = builds_dir(data_dir) / name
    prune_builds(data_dir, keep={n for n in (prev_name,) if n})  # leftovers of killed runs
    (build_dir / "docs").mkdir(parents=True)

    # User rulebooks travel with the build: the file as supplied, and the text citations point into.
    final_docs: list[Doc] = list(docs)
    for d in kept + extra_docs:
        if d.source == "user":
            d = _copy_user_doc(d, build_dir)
        final_docs.append(d)
    for s in staged:
        final_docs.append(_write_user_doc(s, build_dir))

    chunks = []
    bar = tqdm(final_docs, desc="chunking", unit="doc", disable=not progress)
    for d in bar:
        chunks.extend(chunk_text(d.id, texts[d.id]))
    tokens = [tokenize(f"{c.section}\n{c.text}") for c in tqdm(chunks, desc="lexical", unit="chunk",
                                                                   disable=not progress)]

    cache = EmbeddingCache((settings.cache_dir or data_dir / "cache") / "embeddings.sqlite")
    store = ChromaStore(data_dir, settings.chroma_url, settings.threads)
    lang = {d.id: d.lang for d in final_docs}
    ids = [c.id for c in chunks]
    metadatas = [{"doc": c.doc, "section": c.section, "start": c.start, "end": c.end, "lang": lang[c.doc]}
                 for c in chunks]
    units = [(c, u) for c in chunks for u in c.units]
    unit_texts = [c.text[u.start - c.start:u.end - c.start] for c, u in units]
    embed_units = len(units) <= settings.max_embedded_units
    try:
        for i, spec in enumerate(settings.embedder_specs):
            embedder = make_embedder(spec, settings.threads)
            with tqdm(total=len(chunks), desc=f"embedding ({spec})", unit="chunk", disable=not progress) as pb:
                vecs = cache.embed(embedder, [embedding_text(c) for c in chunks], pb)
            with tqdm(total=len(chunks), desc="writing chroma", unit="chunk", disable=not progress) as pb:
                for j in range(0, len(chunks), 1000):
                    store.upsert(name, spec, ids[j:j + 1000], vecs[j:j + 1000],
                                 [c.text for c in chunks[j:j + 1000]], metadatas[j:j + 1000])
                    pb.update(min(1000, len(chunks) - j))
            if i == 0 and embed_units:
                with tqdm(total=len(units), desc="embedding units", unit="unit", disable=not progress) as pb:
                    uvecs = cache.embed(embedder, unit_texts, pb)
                np.save(build_dir / "units.npy", uvecs.astype(np.float16))
        if embed_units and settings.unit_embedder_en and any(lang[c.doc] == "en" for c, _ in units):
            embedder = make_embedder(settings.unit_embedder_en, settings.threads)
            english = [i for i, (c, _) in enumerate(units) if lang[c.doc] == "en"]
            with tqdm(total=len(english), desc=f"embedding units ({settings.unit_embedder_en})", unit="unit",
                      disable=not progress) as pb:
                evecs = cache.embed(embedder, [unit_texts[i] for i in english], pb)
            full = np.zeros((len(units), evecs.shape[1]), dtype=np.float16)
            full[english] = evecs.astype(np.float16)
            np.save(build_dir / "units-en.npy", full)
    finally:
        cache.close()

    LexicalIndex.build(tokens).save(build_dir / "lexical")
    write_chunks(build_dir / "chunks.jsonl", chunks, tokens)
    meta = BuildMeta(name=name, fingerprint=fingerprint, embedders=settings.embedder_specs, docs=final_docs,
                     chunk_count=len(chunks), unit_count=len(units), units_embedded=embed_units,
                     unit_embedder_en=settings.unit_embedder_en if (build_dir / "units-en.npy").exists() else "",
                     created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                     stats={"seconds": round(time.perf_counter() - t0, 2)})
    meta.save(build_dir / "meta.json")
    (build_dir / COMPLETE).write_text(fingerprint, encoding="utf-8")
    store.close()
    set_current(data_dir, name)
    # Keep the previous build: a server that has it open goes on answering until it reloads.
    prune_builds(data_dir, keep={name} | ({prev_name} if prev_name else set()),
                 chroma=ChromaStore(data_dir, settings.chroma_url) if settings.chroma_url else None)
    return IngestReport(name, True, len(final_docs), len(chunks), time.perf_counter() - t0,
                        added=[s.doc.id for s in staged])


def _write_user_doc(s: _Staged, build_dir: Path) -> Doc:
    folder = build_dir / "docs" / s.doc.id
    folder.mkdir(parents=True, exist_ok=True)
    original = folder / f"original{s.suffix}"
    original.write_bytes(s.raw)
    text_path = folder / "text.txt"
    text_path.write_text(s.text, encoding="utf-8", newline="")
    return Doc(**(s.doc.to_json() | {"text_path": str(text_path), "original": str(original)}))


def _copy_user_doc(d: Doc, build_dir: Path) -> Doc:
    folder = build_dir / "docs" / d.id
    folder.mkdir(parents=True, exist_ok=True)
    text_path = folder / "text.txt"
    shutil.copyfile(d.text_path, text_path)
    original = None
    if d.original and Path(d.original).exists():
        original = folder / Path(d.original).name
        shutil.copyfile(d.original, original)
    return Doc(**(d.to_json() | {"text_path": str(text_path), "original": str(original) if original else None}))
