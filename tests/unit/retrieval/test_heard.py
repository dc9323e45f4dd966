"""English game terms a Korean question writes in Hangul, heard among the words of the books it asks about."""

from dataclasses import dataclass

from rulespal.core.tokens import korean_nouns
from rulespal.retrieval.heard import HeardTerms


@dataclass(frozen=True)
class _Doc:
    lang: str
    title: str
    aliases: tuple[str, ...] = ()


class _Index:
    """The two things HeardTerms reads from a snapshot: each book's language and text."""

    def __init__(self, books: dict[str, tuple[str, str, str]]):
        self.docs = {doc: _Doc(lang, title) for doc, (lang, title, _) in books.items()}
        self._texts = {doc: text for doc, (_, _, text) in books.items()}

    def text(self, doc: str) -> str:
        return self._texts[doc]


BOOKS = _Index({
    "loony": ("en", "Loony Quest", "Loony Quest. Broom: a player who has a Broom Bonus may pass a Penalty token. A Banana is a Prank token from the bowl."),
    "other": ("en", "Garden", "Bloom and boom: the garden rules. Each bloom scores."),
    "both": ("en", "Flowers", "Bloom and broom. A bloom, a broom."),
    "korean": ("ko", "해적", "브룸 카드를 놓습니다."),
})


def test_kiwi_finds_the_questions_nouns():
    assert {"브룸", "토큰", "바나나"} <= set(korean_nouns("브룸 토큰으로 내 화면에 던져진 바나나 치울 수 있음?"))


def test_a_hangul_noun_is_heard_as_the_books_own_word():
    heard = HeardTerms(BOOKS).terms("브룸 토큰으로 내 화면에 던져진 바나나 치울 수 있음?", ["loony"])  # type: ignore[arg-type]
    assert "broom" in heard and "token" in heard
    assert "from" not in heard  # too short a word to be heard: every book has it


def test_only_the_books_asked_about_and_only_english_ones():
    heard = HeardTerms(BOOKS)  # type: ignore[arg-type]
    assert heard.terms("바나나 있어요?", ["other", "korean"]) == []
    assert heard.terms("브룸 있어요?", ["loony"], known={"브룸"}) == []  # the glossary already reads it


def test_the_games_own_name_and_a_tie_are_not_heard():
    heard = HeardTerms(BOOKS)  # type: ignore[arg-type]
    assert heard.terms("루니 퀘스트에서 브룸 써요?", ["loony"]) == ["broom"]  # "Loony" is the title
    assert heard.terms("블룸 있어요?", ["other"]) == ["bloom"]
    assert heard.terms("블룸 있어요?", ["both"]) == []  # "bloom" or "broom": not heard


def test_a_word_two_books_share_is_heard_once_and_a_word_said_once_not_at_all():
    books = _Index({"a": ("en", "A", "Broom token. Broom token."), "b": ("en", "B", "Broom token, broom token."),
                    "c": ("en", "C", "Broom. Token.")})
    heard = HeardTerms(books)  # type: ignore[arg-type]
    assert heard.terms("브룸 토큰 있어요?", ["a", "b"]) == ["broom", "token"]
    assert heard.terms("브룸 토큰 있어요?", ["c"]) == []  # each said once: no term of the game


def test_short_native_words_are_not_heard():
    assert HeardTerms(BOOKS).terms("화면에 놓아요", ["loony", "other"]) == []  # type: ignore[arg-type]
