"""Chunks are exact spans of the corpus, readable on their own, and carry their section path."""

import pytest
from hypothesis import given, settings, strategies as st

from rulespal.core.text import read_text_exact
from rulespal.ingest.chunks import MAX_CHARS, chunk_text
from rulespal.core.settings import REPO_ROOT
CORPUS = REPO_ROOT / "corpus"

BOOKS = sorted(p.stem for p in CORPUS.glob("*.txt"))


@pytest.mark.parametrize("book", BOOKS)
def test_span_invariant_over_whole_corpus(book):
    text = read_text_exact(CORPUS / f"{book}.txt")
    chunks = chunk_text(book, text)
    assert chunks
    for c in chunks:
        assert text[c.start:c.end] == c.text
        assert c.doc == book
        for u in c.units:
            assert c.start <= u.start < u.end <= c.end
            assert text[u.start:u.end].strip()


@pytest.mark.parametrize("book", BOOKS)
def test_chunks_are_passages_not_pages(book):
    text = read_text_exact(CORPUS / f"{book}.txt")
    chunks = chunk_text(book, text)
    sizes = sorted(len(c.text) for c in chunks)
    assert sizes[len(sizes) // 2] < 900
    assert sum(s > MAX_CHARS + 200 for s in sizes) == 0
    assert len({c.id for c in chunks}) == len(chunks)


def test_table_of_contents_is_not_indexed():
    text = read_text_exact(CORPUS / "skull-tales.txt")
    chunks = chunk_text("skull-tales", text)
    toc_end = text.index("Credits\n\nHow to Play") + len("Credits")
    assert all(c.start >= toc_end for c in chunks)


def test_caption_stays_with_its_table():
    text = read_text_exact(CORPUS / "davy-jones-locker-curse-of-the-ghost-ships.txt")
    chunks = chunk_text("d", text)
    holder = [c for c in chunks if "2 Souls3 Souls5 Souls" in c.text]
    assert len(holder) == 1 and "Set each Soul Level to correct number" in holder[0].text
    assert holder[0].section == "Game Set Up"


def test_ids_are_content_hashes():
    a = chunk_text("x", "Title\n\nSome rule text here.\n")
    b = chunk_text("x", "Title\n\nSome rule text here.\n")
    assert [c.id for c in a] == [c.id for c in b]
    assert a[0].id != chunk_text("y", "Title\n\nSome rule text here.\n")[0].id


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=3000))
def test_any_text_gives_valid_spans(text):
    for c in chunk_text("fuzz", text):
        assert text[c.start:c.end] == c.text
        for u in c.units:
            assert c.start <= u.start <= u.end <= c.end


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["Heading", "", "  • item one", "1. step", "2 Souls3 Souls", "a\tb\tc",
                                 "A sentence. Another one!", "# Title", "휴식 : 피로도-2", "-걷기 : 이동"]),
                max_size=80))
def test_structured_noise_gives_valid_spans(lines):
    text = "\n".join(lines)
    for c in chunk_text("fuzz", text):
        assert text[c.start:c.end] == c.text


def test_a_hard_wrapped_paragraph_is_split_into_whole_sentences():
    text = ("# Coup\n\nPay 7 coins to the Treasury and launch a Coup against another\nplayer. That player loses an "
            "influence. A Coup is always\nsuccessful.\n\nSet-up\nTake 2 coins\n")
    units = [u for c in chunk_text("t", text) for u in c.units if u.kind == "sentence"]
    said = [text[u.start:u.end] for u in units]
    assert "Pay 7 coins to the Treasury and launch a Coup against another\nplayer." in said
    assert "A Coup is always\nsuccessful." in said
    assert not any(s.endswith("another") for s in said)
    chunk = next(c for c in chunk_text("t", text) if "always" in c.text)
    assert "A Coup is always successful." in [chunk.unit_text(u) for u in chunk.units]  # read as one line


def test_short_lines_and_fences_are_lines_of_their_own():
    text = "# Box\n\n3 wooden ships\na player board\n\n```\ncode here\n```\n"
    said = [text[u.start:u.end] for c in chunk_text("t", text) for u in c.units]
    assert "3 wooden ships" in said and "a player board" in said


def test_an_abbreviation_does_not_end_a_sentence():
    from rulespal.ingest.chunks import _sentences
    text = "Mrs. Marple may play any cards that sum up to 4. Then (i.e. lying in a red area) you check it. Score it."
    assert [text[u.start:u.end] for u in _sentences(text, 0, len(text))] == [
        "Mrs. Marple may play any cards that sum up to 4.", "Then (i.e. lying in a red area) you check it.",
        "Score it."]
