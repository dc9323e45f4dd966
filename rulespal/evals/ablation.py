"""Compare retrieval compositions on the gold set: dense USE, + MiniLM, + lexical, per language.

Run: .venv/bin/python -m rulespal.evals.ablation [DATA_DIR] [name=value ...]
(builds an index with both embedders in a temp data dir; extra name=value pairs vary any number of
rulespal/core/tuning.py in every configuration)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from rulespal.evals.baselines import RulesPalSystem
from rulespal.evals.runner import load_gold, report, run
from rulespal.ingest.pipeline import run_ingest
from rulespal.core.settings import Settings
from rulespal.core.tuning import Tuning
from rulespal.service import RulesPal

CONFIGS = {
    "dense USE": dict(dense=("use",), lexical=False),
    "dense MiniLM": dict(dense=("minilm",), lexical=False),
    "dense USE + MiniLM": dict(dense=("use", "minilm"), lexical=False),
    "lexical only": dict(dense=(), lexical=True, rerank=False),
    "USE + lexical (default)": dict(dense=("use",), lexical=True),
    "USE + lexical, no rerank": dict(dense=("use",), lexical=True, rerank=False),
    "USE + MiniLM + lexical": dict(dense=("use", "minilm"), lexical=True),
}


def main(argv: list[str]) -> int:
    paths = [a for a in argv if "=" not in a]
    data = Path(paths[0]) if paths else Path(tempfile.mkdtemp(prefix="rp-ablation-"))
    base = Tuning().with_text([a for a in argv if "=" in a])
    settings = Settings(data_dir=data, embedders="use,minilm")
    run_ingest(settings, progress=False)
    gold = load_gold()
    cols = ["answer_accuracy", "hit@1", "hit@5", "mrr"]
    print(f"{'config':28}{'lang':>5}" + "".join(f"{c:>16}" for c in cols))
    for name, changes in CONFIGS.items():
        service = RulesPal(settings, base.replace(**changes))
        rep = report(run(RulesPalSystem(service), gold))
        for lang, s in [("all", rep["overall"]), *rep["by_lang"].items()]:
            print(f"{name:28}{lang:>5}" + "".join(f"{s[c]:>16}" for c in cols))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
