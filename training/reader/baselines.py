"""The held-out figures of what the reader replaces, on the same candidates: the English sentence model's
cosine (what ranks a passage's units today, before the hand bonuses) and BM25's order."""

from __future__ import annotations

import json

import numpy as np

from rulespal.index.onnx_minilm import OnnxMiniLM
from training.reader.data import pairs
from training.reader.figures import ranking_figures
from training.reader.train import load_rows


def cosine_figures(held_pairs: list[tuple[str, str, float]]) -> dict:
    model = OnnxMiniLM(2)

    def cosine(flat: list[tuple[str, str]]) -> list[float]:
        qs = model.embed_documents([q for q, _ in flat])
        ts = model.embed_documents([t for _, t in flat])
        return [float(x) for x in np.sum(qs * ts, axis=1)]
    return ranking_figures(cosine, held_pairs)


def main() -> None:
    _, held = load_rows()
    print(json.dumps({"minilm_cosine": cosine_figures(list(pairs(held, 4)))}))


if __name__ == "__main__":
    main()
