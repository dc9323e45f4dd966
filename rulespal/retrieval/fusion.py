"""Reciprocal rank fusion of several rankings, with a weight per ranking (a pure function)."""

from __future__ import annotations

from collections.abc import Sequence


def fuse(rankings: Sequence[Sequence[int]], weights: Sequence[Sequence[float] | float], k: int = 60
         ) -> dict[int, float]:
    """{item: sum over rankings of weight / (k + rank)}, rank counted from 1 (Cormack et al. 2009; pyserini).

    ``weights[i]`` is one weight for ranking ``i``, or one weight per position of it (lexical votes
    count less for passages in the other language).
    """
    fused: dict[int, float] = {}
    for ranking, weight in zip(rankings, weights):
        for rank, item in enumerate(ranking, start=1):
            w = weight[rank - 1] if isinstance(weight, Sequence) else weight
            fused[item] = fused.get(item, 0.0) + w / (k + rank)
    return fused


def normalized_top(fused: dict[int, float], n: int) -> list[tuple[int, float]]:
    """The ``n`` best items with their scores divided by the best score (so the best is 1.0)."""
    ranked = sorted(fused.items(), key=lambda kv: -kv[1])[:n]
    if not ranked or ranked[0][1] <= 0:
        return []
    top = ranked[0][1]
    return [(item, s / top) for item, s in ranked]
