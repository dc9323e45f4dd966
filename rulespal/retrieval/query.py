"""A question made ready for search, once: its text, language, vectors and lexical tokens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from rulespal.core.question import Asks, read_asks

EN_UNITS = "units-en"  # key of the vector that English units are matched with (the sentence model)


@dataclass(frozen=True)
class QueryPlan:
    text: str  # what is searched: the question without game names, with a follow-up's context
    lang: str  # the language the player asked in
    vectors: Mapping[str, np.ndarray] = field(default_factory=dict)  # embedder spec -> query vector
    base_tokens: tuple[str, ...] = ()  # the question's own terms
    cross_tokens: tuple[str, ...] = ()  # glossary and acronym terms (often in the other language)
    focus_tokens: tuple[str, ...] = ()  # a follow-up's own terms (the rest is carried from before)
    for_answer: bool = True  # False: a search (FAQ lookup), whose passages are shown as they rank
    read: str = ""  # what the reader reads as the question ("": it does not read this one)
    read_terms: tuple[str, ...] = ()  # a Korean question's glossary terms, read in English in ``read``

    @property
    def asks(self) -> Asks:
        """What the searched question asks (read once: ``read_asks`` is cached)."""
        return read_asks(self.text)

    @property
    def tokens(self) -> tuple[str, ...]:
        return self.base_tokens + self.cross_tokens
