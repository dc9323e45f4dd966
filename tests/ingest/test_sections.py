"""Section parsing of each rulebook, against golden files (regenerate with UPDATE_GOLDEN=1)."""

import os

import pytest

from rulespal.core.text import read_text_exact
from rulespal.ingest.catalog import corpus_docs
from rulespal.ingest.sections import is_glued_row, parse_blocks
from rulespal.core.settings import REPO_ROOT
CORPUS = REPO_ROOT / "corpus"

GOLDEN = CORPUS.parent / "tests" / "golden"
BOOKS = sorted(p.stem for p in CORPUS.glob("*.txt"))
DEBRIS = {d.id: d.debris for d in corpus_docs(CORPUS)}


def outline(text: str, debris: tuple[str, ...] = ()) -> str:
    lines = []
    for b in parse_blocks(text, debris):
        first = " ".join(text[b.start:b.end].split())[:70]
        lines.append(f"{b.kind}\t{b.level}\t{' > '.join(b.path)}\t{first}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("book", BOOKS)
def test_outline_matches_golden(book):
    text = read_text_exact(CORPUS / f"{book}.txt")
    got = outline(text, DEBRIS[book])
    golden = GOLDEN / f"{book}.outline.tsv"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(got, encoding="utf-8")
    assert golden.exists(), f"no golden outline for {book}: look at the parse, then run with UPDATE_GOLDEN=1"
    assert got == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("book", BOOKS)
def test_blocks_are_spans_in_order(book):
    text = read_text_exact(CORPUS / f"{book}.txt")
    blocks = parse_blocks(text)
    assert blocks
    for a, b in zip(blocks, blocks[1:]):
        assert a.end <= b.start
    for b in blocks:
        assert 0 <= b.start < b.end <= len(text)
        assert text[b.start:b.end].strip() == text[b.start:b.end].strip("\n").strip()


def test_navigation_debris_and_toc_are_recognised():
    text = read_text_exact(CORPUS / "davy-jones-locker-curse-of-the-ghost-ships.txt")
    blocks = parse_blocks(text, DEBRIS["davy-jones-locker-curse-of-the-ghost-ships"])
    assert blocks[0].kind == "debris" and "thumbnail" in text[blocks[0].start:blocks[0].end]
    toc = [b for b in blocks if b.kind == "toc"]
    assert len(toc) == 1 and "Icon Reference" in text[toc[0].start:toc[0].end]
    headings = [b.path for b in blocks if b.kind == "heading"]
    assert ("Game Play & Round Order", "Phase 1. Haunt - New Phase") in headings
    assert ("Act 2: The Banshee is Summoned!", "Objective") in headings
    # the stray cells at the very end of the file, declared in the manifest, are not indexed as content
    assert blocks[-1].kind == "debris" and "none printed" in text[blocks[-1].start:blocks[-1].end]


def test_flattened_tables_are_tables():
    text = read_text_exact(CORPUS / "davy-jones-locker-curse-of-the-ghost-ships.txt")
    tables = [text[b.start:b.end] for b in parse_blocks(text) if b.kind == "table"]
    assert any("2 Souls3 Souls5 Souls" in t for t in tables)
    assert any("46743+1" in t and "Soul LevelAttack" in t for t in tables)
    assert is_glued_row("2-Players3-Players4-Players")
    assert not is_glued_row("The Banshee's base Attack is 5 Fortune Dice.")


def test_korean_headings_without_blank_lines():
    text = read_text_exact(CORPUS / "dead-men-tell-no-tales-ko.txt")
    paths = {b.path for b in parse_blocks(text) if b.kind == "heading"}
    assert ("게임 방법", "2. 액션") in paths
    assert ("전투 방법",) in paths


def test_markdown_headings_lists_and_tables():
    md = "# Game\n\nIntro text.\n\n## Setup\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![img](x.png)\n"
    kinds = [(b.kind, b.path) for b in parse_blocks(md)]
    assert ("heading", ("Game", "Setup")) in kinds
    assert ("list", ("Game", "Setup")) in kinds
    assert ("table", ("Game", "Setup")) in kinds
    assert kinds[-1][0] == "debris"


def test_a_heading_after_a_byte_order_mark_is_a_heading():
    blocks = parse_blocks("\ufeff# Coup Rules\n\nPay 7 coins to launch a Coup.\n")
    assert blocks[0].kind == "heading" and blocks[1].path == ("Coup Rules",)


def test_a_numbered_markdown_heading_keeps_its_level():
    md = ("# Game\n\n## Playing\n\n### 1. PLAN\n\nPlay cards.\n\n#### Persona\n\nChoose a side.\n\n"
          "### 2. ATTACK\n\nAttack now.\n\n#### Effects\n\nDefend first.\n")
    paths = [b.path for b in parse_blocks(md) if b.kind != "heading"]
    assert ("Game", "Playing", "2. ATTACK", "Effects") in paths
    assert ("Game", "Playing", "2. ATTACK") in paths


def test_a_flat_export_keeps_numbered_phases_under_their_heading():
    md = "# Azul\n\n## Turn Order\n\nThree phases.\n\n## 1. Factory Offer\n\nTake tiles.\n\n## 2. Wall Tiling\n\nMove.\n"
    paths = [b.path for b in parse_blocks(md) if b.kind != "heading"]
    assert ("Azul", "Turn Order", "1. Factory Offer") in paths and ("Azul", "Turn Order", "2. Wall Tiling") in paths
