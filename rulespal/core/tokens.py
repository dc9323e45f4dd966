"""Lexical tokens for BM25 and term overlap: Kiwi morphemes for Hangul, English stems, numbers."""

from __future__ import annotations

import re
import threading
from functools import lru_cache

from rulespal.core.text import HANGUL, HANGUL_WORD

WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|\d+|[가-힣]+")
KEEP_TAGS = ("NNG", "NNP", "NNB", "NR", "SL", "SN", "XR", "VV", "VA", "SH", "MAG")
STOPWORDS = frozenset("""a an the and or of to in on at for by with from as is are be been was were it its this that
these those you your i we our they their he his she her them do does did can could would should will shall may
might must what which who whom how when where why there here if then than so not no yes any all each every
some such into onto over under about up down out off only also just very more most much many per""".split())

_lock = threading.Lock()  # neither Kiwi nor the Snowball stemmer is documented as thread-safe


@lru_cache(maxsize=1)
def _kiwi():
    from kiwipiepy import Kiwi

    # The multi-word and typo dictionaries cost ~200 MB of memory and add nothing to matching nouns.
    return Kiwi(load_multi_dict=False, load_typo_dict=False)


@lru_cache(maxsize=1)
def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


def tokenize(text: str) -> list[str]:
    """Tokens for BM25: Korean morphemes (particles dropped), English stems, numbers."""
    with _lock:
        return _korean_tokens(text) if HANGUL.search(text) else _english_tokens(text)


def _english_tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for m in WORD.finditer(text):
        w = m.group().casefold()
        if w in STOPWORDS or (len(w) == 1 and not w.isdigit()):
            continue
        tokens.append(w if w.isdigit() else _stemmer().stemWord(w.removesuffix("'s")))
    return tokens


def _korean_tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for t in _kiwi().tokenize(text):
        tag = t.tag.split("-")[0]
        if tag not in KEEP_TAGS:
            continue
        form = t.form.casefold()
        if tag == "SL":
            if form not in STOPWORDS:
                tokens.append(_stemmer().stemWord(form))
        else:
            tokens.append(form)
    # Character bigrams of Hangul words: robust where morpheme analysis splits a word two ways.
    for word in HANGUL_WORD.findall(text):
        tokens.extend("#" + word[i:i + 2] for i in range(len(word) - 1))
    return tokens


def _kiwi_forms(text: str, tags: tuple[str, ...]) -> list[str]:
    """The morphemes Kiwi tags with one of ``tags`` in ``text``, as written."""
    with _lock:
        return [t.form for t in _kiwi().tokenize(text) if t.tag.split("-")[0] in tags]


def korean_nouns(text: str) -> list[str]:
    """The common and proper nouns Kiwi finds in ``text`` ("브룸 토큰으로" -> ["브룸", "토큰"]), particles off."""
    return _kiwi_forms(text, ("NNG", "NNP"))


@lru_cache(maxsize=200_000)
def token_set(text: str) -> frozenset[str]:
    """The tokens of a text as a set, cached: units are compared with many questions."""
    return frozenset(tokenize(text))


# Words every Korean question leans on that no glossary lists: "할 수 있어요", "돼요", "것", "때".
LIGHT_KOREAN = frozenset("하 있 되 수 것 거 때 중 좀 그럼 이거 그거 저거 건 게 경우 다음 다시 제 내 우리".split())


def korean_content(text: str) -> list[str]:
    """The nouns, verbs, adjectives and roots Kiwi finds in ``text``, light words (``LIGHT_KOREAN``) left out:
    what a reading of the question in other words has to keep ("이동할 수 있나요" -> ["이동"])."""
    return [w for w in _kiwi_forms(text, ("NNG", "NNP", "VV", "VA", "XR")) if w not in LIGHT_KOREAN]
