"""The hand-written yes/no reading (``answering.direct.polarity``) on the verdict model's held-out rows, for its card:
how often it speaks, and how often it is right when it does."""

from __future__ import annotations

import json

from rulespal.answering.direct import polarity
from rulespal.core.question import read_asks
from rulespal.core.text import plain
from training.verdict.train import SILENT, YES, held_out, load_rows


def hand_figures(rows: list[dict]) -> dict:
    """On the rules that settle: how many it says, how many right; on those that do not: how many it says."""
    said = [(v, r["label"]) for r in rows if (v := polarity(read_asks(r["question"]), plain(r["rule"]))) is not None]
    return {"n": sum(r["label"] != SILENT for r in rows), "said": sum(label != SILENT for _, label in said),
            "right": sum(label != SILENT and (v == "yes") == (label == YES) for v, label in said),
            "silent": sum(r["label"] == SILENT for r in rows), "said_on_silent": sum(label == SILENT for _, label in said)}


if __name__ == "__main__":
    rows = load_rows()
    print(json.dumps({"heldout": hand_figures([r for r in rows if held_out(r["book"])]),
                      "all": hand_figures(rows)}))
