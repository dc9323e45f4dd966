"""Reciprocal rank fusion with weights, on tiny rankings."""

import pytest

from rulespal.retrieval.fusion import fuse, normalized_top


def test_items_in_both_rankings_win_and_weights_count():
    fused = fuse([[1, 2, 3], [3, 1]], [1.0, 1.0], k=60)
    assert fused[1] == pytest.approx(1 / 61 + 1 / 62)  # ranks count from 1, as in the paper and pyserini
    assert fused[3] == pytest.approx(1 / 63 + 1 / 61)
    assert max(fused, key=fused.get) == 1
    heavy = fuse([[1, 2, 3], [3, 1]], [1.0, 10.0], k=60)
    assert max(heavy, key=heavy.get) == 3


def test_a_weight_per_position():
    fused = fuse([[5, 6]], [[2.0, 0.5]], k=1)
    assert fused == {5: pytest.approx(1.0), 6: pytest.approx(0.5 / 3)}


def test_normalized_top_scales_the_best_to_one_and_cuts():
    top = normalized_top({1: 0.5, 2: 0.25, 3: 0.1}, 2)
    assert top == [(1, 1.0), (2, 0.5)]
    assert normalized_top({}, 3) == [] and normalized_top({1: 0.0}, 3) == []
