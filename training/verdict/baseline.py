"""The hand-written yes/no reading (``answering.direct.polarity``) on the verdict model's held-out rows, for its card:
how often it speaks, and how often it is right when it does."""

from __future__ import annotations

import json

from rulespal.answering.direct import polarity
from rulespal.core.question import read_asks
from rulespal.core.text import plain
from training.verdict.train import held_out, load_rows


def hand_figures(rows: list[dict]) -> dict:
    said = [(v, r["label"] == 1.0) for r in rows if (v := polarity(read_asks(r["question"]), plain(r["rule"]))) is not None]
    return {"n": len(rows), "said": len(said), "right": sum((v == "yes") == y for v, y in said)}


if __name__ == "__main__":
    rows = load_rows()
    print(json.dumps({"heldout": hand_figures([r for r in rows if held_out(r["book"])]),
                      "all": hand_figures(rows)}))
