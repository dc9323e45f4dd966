"""A prepared question: its text, language, query vectors and lexical tokens."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from ingest.lexical import tokenize

_tokenize_lock = threading.Lock()  # Kiwi is not documented as thread-safe


def tokens_of(text: str) -> list[str]:
    with _tokenize_lock:
        return tokenize(text)



@dataclass
class Query:
    text: str
    lang: str
    vectors: dict[str, np.ndarray] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)  # with glossary expansions
    base_tokens: list[str] = field(default_factory=list)  # the question's own terms
    cross_tokens: list[str] = field(default_factory=list)  # glossary terms in the other language
    focus_tokens: list[str] = field(default_factory=list)  # a follow-up's own terms (the rest is carried)
