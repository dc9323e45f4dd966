"""Ingest end to end: idempotent re-runs, users' own rulebooks, bad files, killed runs, a second ingest."""

import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from rulespal.core.text import read_text_exact
from rulespal.ingest.pipeline import run_ingest
from rulespal.index.layout import DataDir
from rulespal.index.records import BuildMeta, read_chunks
from rulespal.index.vectors import ChromaStore
from rulespal.core.errors import IngestBusy, UnreadableRulebook
from rulespal.service import RulesPal
from rulespal.core.settings import Settings
from tests.conftest import cli_env, rulespal_cmd
from tests.helpers import HOUSE_RULES, make_pdf, states_number


@pytest.fixture()
def fresh(tmp_path) -> Settings:
    s = Settings(data_dir=tmp_path / "data")
    run_ingest(s, progress=False)
    return s


def _state(s: Settings):
    name = DataDir(s.data_dir).current()
    meta = BuildMeta.load(DataDir(s.data_dir).build(name).meta)
    chunks = read_chunks(DataDir(s.data_dir).build(name).chunks)
    return name, meta, chunks


def test_reingest_is_idempotent(fresh, capsys):
    name, meta, chunks = _state(fresh)
    report = run_ingest(fresh, progress=False)
    assert not report.changed and report.build == name
    # A forced rebuild (another embedder list spelling) produces the same passages and ids, no duplicates.
    DataDir(fresh.data_dir).build(name).meta.write_text(
        DataDir(fresh.data_dir).build(name).meta.read_text().replace(meta.fingerprint, "stale"))
    report = run_ingest(fresh, progress=False)
    assert report.changed and report.build != name
    _, meta2, chunks2 = _state(fresh)
    assert [c.id for c in chunks2] == [c.id for c in chunks]
    assert ChromaStore(fresh.data_dir).count(report.build, "use") == len(chunks2) == meta2.chunk_count
    # a build made under another unit limit holds other vectors: it is rebuilt, not reused
    limited = fresh.model_copy(update={"max_embedded_units": 10})
    report = run_ingest(limited, progress=False)
    assert report.changed and not BuildMeta.load(DataDir(fresh.data_dir).build(report.build).meta).units_embedded
    assert "over RULESPAL_MAX_EMBEDDED_UNITS=10" in capsys.readouterr().err  # said, not silent


def test_user_rulebooks_txt_md_pdf(fresh, tmp_path):
    txt = tmp_path / "Kraken Cove.txt"
    txt.write_text(HOUSE_RULES, encoding="utf-8")
    md = tmp_path / "reef-raiders.md"
    md.write_text("# Reef Raiders\n\n## Setup\n\n- Each raider starts with 4 Shells.\n- Shuffle the reef deck.\n",
                  encoding="utf-8")
    pdf = tmp_path / "tide-turners.pdf"
    pdf.write_bytes(make_pdf(["Tide Turners Rules", "", "Each player may hold at most 6 Tide cards.",
                              "A round has 3 phases: Rise, Ebb and Flood."]))
    report = run_ingest(fresh, [txt, md, pdf], progress=False)
    assert sorted(report.added) == ["kraken-cove", "reef-raiders", "tide-turners"]
    service = RulesPal(fresh)
    docs = service.index.docs
    assert Path(docs["kraken-cove"].original).read_bytes() == txt.read_bytes()
    assert docs["reef-raiders"].title == "Reef Raiders" and docs["kraken-cove"].title == "Kraken Cove"
    assert Path(docs["tide-turners"].original).read_bytes() == pdf.read_bytes()
    hits = service.search("How many Tide cards can a player hold?", "tide-turners", 3)
    text = read_text_exact(docs["tide-turners"].text_path)
    assert hits and "6 Tide cards" in hits[0].chunk.text
    assert text[hits[0].chunk.start:hits[0].chunk.end] == hits[0].chunk.text
    answer = service.ask("How many pearls do you need to win Kraken Cove?")
    assert answer.answerable and states_number(answer.answer, "25") and answer.citations[0].doc == "kraken-cove"
    # Re-adding the same id replaces it, and says so; the corpus is still there.
    txt.write_text(HOUSE_RULES + "\nHouse rule: the first player starts with 1 extra Pearl.\n", encoding="utf-8")
    report = run_ingest(fresh, [txt], progress=False)
    assert report.replaced == ["kraken-cove"] and report.added == []
    assert {"kraken-cove", "skull-tales", "tide-turners"} <= set(RulesPal(fresh).index.docs)


@pytest.mark.parametrize("name,content,reason", [
    ("empty.txt", b"", "no text"),
    ("blob.txt", bytes(range(256)) * 40, "binary"),
    ("latin1.txt", "Règles du jeu: café à 3 joueurs".encode("latin-1") * 5, "not valid UTF-8"),
    ("scan.pdf", make_pdf([]), "no text layer"),
    ("broken.pdf", b"%PDF-1.4 this is not really a pdf", "PDF"),
    ("rules.docx", b"PK\x03\x04", "unsupported"),
])
def test_unreadable_file_changes_nothing(fresh, tmp_path, name, content, reason):
    before = DataDir(fresh.data_dir).current()
    bad = tmp_path / name
    bad.write_bytes(content)
    good = tmp_path / "fine.txt"
    good.write_text(HOUSE_RULES, encoding="utf-8")
    with pytest.raises(UnreadableRulebook, match=reason):
        run_ingest(fresh, [good, bad], progress=False)
    assert DataDir(fresh.data_dir).current() == before
    assert "fine" not in RulesPal(fresh).index.docs


def test_doc_id_of_corpus_cannot_be_taken(fresh, tmp_path):
    f = tmp_path / "skull-tales.txt"
    f.write_text(HOUSE_RULES, encoding="utf-8")
    with pytest.raises(UnreadableRulebook, match="belongs to a rulebook of the shipped corpus"):
        run_ingest(fresh, [f], progress=False)


def test_two_files_for_one_rulebook_are_refused_not_one_dropped(fresh, tmp_path):
    before = DataDir(fresh.data_dir).current()
    for suffix in (".txt", ".md"):
        (tmp_path / f"kraken-cove{suffix}").write_text(HOUSE_RULES, encoding="utf-8")
    with pytest.raises(UnreadableRulebook, match="would both be the rulebook 'kraken-cove'"):
        run_ingest(fresh, [tmp_path / "kraken-cove.txt", tmp_path / "kraken-cove.md"], progress=False)
    assert DataDir(fresh.data_dir).current() == before


def test_a_rulebook_added_can_be_removed_and_the_corpus_cannot(fresh, tmp_path):
    f = tmp_path / "kraken-cove.txt"
    f.write_text(HOUSE_RULES, encoding="utf-8")
    run_ingest(fresh, [f], progress=False)
    p = subprocess.run(rulespal_cmd("remove", "kraken-cove", "-q"), env=cli_env(fresh.data_dir), capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0 and "removed kraken-cove" in p.stdout, p.stderr
    docs = RulesPal(fresh).index.docs
    assert "kraken-cove" not in docs and "skull-tales" in docs
    before = DataDir(fresh.data_dir).current()
    for doc_id, said in (("skull-tales", "shipped corpus"), ("kraken-cove", "no rulebook 'kraken-cove'")):
        p = subprocess.run(rulespal_cmd("remove", doc_id), env=cli_env(fresh.data_dir), capture_output=True,
                           text=True, timeout=120)
        assert p.returncode == 2 and said in p.stderr and "Traceback" not in p.stderr
    assert DataDir(fresh.data_dir).current() == before


def test_cli_reports_unreadable_file(fresh, tmp_path):
    bad = tmp_path / "blob.txt"
    bad.write_bytes(b"\x00\x01\x02" * 100)
    p = subprocess.run(rulespal_cmd("ingest", str(bad)), env=cli_env(fresh.data_dir), capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2
    assert "binary" in p.stderr and "Traceback" not in p.stderr and "index is unchanged" in p.stderr


def test_killed_ingest_leaves_previous_index_serving(fresh, tmp_path):
    before = DataDir(fresh.data_dir).current()
    big = tmp_path / "big-rules.txt"
    base = read_text_exact(Path(fresh.corpus_dir) / "skull-tales.txt")
    big.write_text("\n\n".join(f"Variant {i}\n\n" + base.replace("Skull", f"Bone{i}") for i in range(4)),
                   encoding="utf-8")
    rng = random.Random(7)
    for delay in (rng.uniform(1.0, 3.0), rng.uniform(3.0, 6.0)):
        proc = subprocess.Popen(rulespal_cmd("ingest", str(big)), env=cli_env(fresh.data_dir),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert DataDir(fresh.data_dir).current() == before
        service = RulesPal(fresh)
        assert service.index.meta.name == before
        assert service.ask("What is the maximum crew Morale in Skull Tales?").citations
    report = run_ingest(fresh, [big], progress=False)
    assert report.changed and DataDir(fresh.data_dir).current() == report.build
    assert "big-rules" in RulesPal(fresh).index.docs


def test_second_ingest_is_refused_while_one_runs(fresh):
    from filelock import FileLock

    with FileLock(str(fresh.data_dir / "ingest.lock")):
        with pytest.raises(IngestBusy, match="already running"):
            run_ingest(fresh, progress=False)


def test_a_folder_given_as_a_rulebook_is_named(tmp_path):
    from rulespal.ingest.loader import read_rulebook

    with pytest.raises(UnreadableRulebook, match="is a folder; give the rulebook files in it"):
        read_rulebook(tmp_path, 50)
