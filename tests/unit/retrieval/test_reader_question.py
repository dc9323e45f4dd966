"""What the reader reads as a question."""


def test_a_korean_question_is_read_as_its_english_terms_only_when_switched_on(tmp_path, tuning):
    from rulespal.retrieval.retriever import Retriever
    from tests.unit.conftest import make_snapshot

    idx = make_snapshot(tmp_path, {"w": "# Rules\n\nDraw 5 cards.\n"})
    question = "Worker 3개 있으면 카드 몇 장 뽑아요?"
    assert Retriever(idx, tuning.replace(reader_korean=False))._read(question, "ko", ["card"]) == ""
    on = Retriever(idx, tuning.replace(reader_korean=True))
    assert on._read(question, "ko", ["card"]) == "how many card Worker 3?"
    assert on._read("How many cards?", "en") == "How many cards?"
