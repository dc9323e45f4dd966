"""Lexical search that understands Korean: Kiwi morphemes for Hangul, stemmed words for the rest."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np

WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|\d+|[가-힣]+")
HANGUL = re.compile(r"[가-힣]")
KEEP_TAGS = ("NNG", "NNP", "NNB", "NR", "SL", "SN", "XR", "VV", "VA", "SH", "MAG")
STOPWORDS = frozenset("""a an the and or of to in on at for by with from as is are be been was were it its this that
these those you your i we our they their he his she her them do does did can could would should will shall may
might must what which who whom how when where why there here if then than so not no yes any all each every
some such into onto over under about up down out off only also just very more most much many per""".split())


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
    tokens: list[str] = []
    if HANGUL.search(text):
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
        for word in re.findall(r"[가-힣]{2,}", text):
            tokens.extend("#" + word[i:i + 2] for i in range(len(word) - 1))
        return tokens
    for m in WORD.finditer(text):
        w = m.group().casefold()
        if w in STOPWORDS or (len(w) == 1 and not w.isdigit()):
            continue
        tokens.append(w if w.isdigit() else _stemmer().stemWord(w.removesuffix("'s")))
    return tokens


class LexicalIndex:
    """BM25 over chunk tokens (bm25s); scores come back for every chunk, in index order."""

    def __init__(self, model: bm25s.BM25, size: int):
        self._model = model
        self.size = size

    @classmethod
    def build(cls, token_lists: list[list[str]]) -> "LexicalIndex":
        model = bm25s.BM25(k1=1.2, b=0.75)
        model.index([t or ["\u2205"] for t in token_lists], show_progress=False)
        return cls(model, len(token_lists))

    def save(self, path: Path) -> None:
        self._model.save(str(path))

    @classmethod
    def load(cls, path: Path, size: int) -> "LexicalIndex":
        return cls(bm25s.BM25.load(str(path)), size)

    def scores(self, query_tokens: list[str]) -> np.ndarray:
        vocab = self._model.vocab_dict
        known = [t for t in query_tokens if t in vocab]
        if not known or self.size == 0:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._model.get_scores(known), dtype=np.float32)
