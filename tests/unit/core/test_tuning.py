"""Every tuned number is a field of one frozen object that evals can vary by name."""

import dataclasses

import pytest

from rulespal.core.tuning import Tuning


def test_with_text_parses_each_kind():
    t = Tuning().with_text(["rerank_weight=0.3", "dense=use,minilm", "lexical=false", "candidates=12"])
    assert t.rerank_weight == 0.3 and t.dense == ("use", "minilm") and t.lexical is False and t.candidates == 12
    assert Tuning().rerank_weight == 0.25  # the original is untouched


def test_unknown_names_are_refused():
    with pytest.raises(ValueError, match="unknown tuning"):
        Tuning().with_text(["rerank_wieght=0.3"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        Tuning().rerank_weight = 1.0  # type: ignore[misc]
