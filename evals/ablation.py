"""Compare retrieval compositions on the gold set: dense USE, + MiniLM, + lexical, per language.

Run: .venv/bin/python -m evals.ablation  (builds an index with both embedders in a temp data dir)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from evals.runner import load_gold, report, run
from ingest.pipeline import run_ingest
from rulespal.retrieve import RetrievalConfig
from rulespal.service import RulesPal
from rulespal.settings import Settings

CONFIGS = {
    "dense USE": RetrievalConfig(dense=("use",), lexical=False),
    "dense MiniLM": RetrievalConfig(dense=("minilm",), lexical=False),
    "dense USE + MiniLM": RetrievalConfig(dense=("use", "minilm"), lexical=False),
    "lexical only": RetrievalConfig(dense=(), lexical=True, rerank=False),
    "USE + lexical (default)": RetrievalConfig(dense=("use",), lexical=True),
    "USE + lexical, no rerank": RetrievalConfig(dense=("use",), lexical=True, rerank=False),
    "USE + MiniLM + lexical": RetrievalConfig(dense=("use", "minilm"), lexical=True),
}


def main() -> int:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="rp-ablation-"))
    settings = Settings(data_dir=data, embedders="use,minilm")
    run_ingest(settings, progress=False)
    gold = load_gold()
    cols = ["answer_accuracy", "hit@1", "hit@5", "mrr"]
    print(f"{'config':28}{'lang':>5}" + "".join(f"{c:>16}" for c in cols))
    for name, cfg in CONFIGS.items():
        service = RulesPal(settings, cfg)
        rep = report(run(service, gold))
        for lang, s in [("all", rep["overall"]), *rep["by_lang"].items()]:
            print(f"{name:28}{lang:>5}" + "".join(f"{s[c]:>16}" for c in cols))
    return 0


if __name__ == "__main__":
    sys.exit(main())
