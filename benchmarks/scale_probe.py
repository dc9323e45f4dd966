"""Measure one index (RULESPAL_DATA_DIR): query latency, RSS, game detection. Prints one JSON line."""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TEMPLATES = ["In {alias}, how do you win?", "How many players can play {alias}?", "{alias}: what happens at the end of a round?",
             "What does the first player do in {alias}?"]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--detect", type=int, default=0)
    args = ap.parse_args()
    from rulespal.evals.runner import load_gold
    from rulespal.service import RulesPal
    from rulespal.core.settings import get_settings

    service = RulesPal(get_settings())
    questions = [g.question for g in load_gold()]
    service.ask(questions[0])
    search, ask = [], []
    for q in questions:
        t0 = time.perf_counter()
        service.search(q)
        search.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        service.ask(q)
        ask.append((time.perf_counter() - t0) * 1000)
    search.sort()
    ask.sort()
    out = {"docs": len(service.index.docs), "chunks": len(service.index.chunks),
           "search_p50_ms": round(search[len(search) // 2], 1), "search_p95_ms": round(search[int(len(search) * .95)], 1),
           "ask_p50_ms": round(ask[len(ask) // 2], 1), "ask_p95_ms": round(ask[int(len(ask) * .95)], 1),
           "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}
    if args.detect:
        rng = random.Random(3)
        library = [d for d in service.index.docs.values() if d.source == "library" and d.aliases is not None]
        mains = [d for d in library if "(" not in d.title]
        picks = rng.sample(mains, min(args.detect, len(mains)))
        right = 0
        misses = []
        for d in picks:
            alias = rng.choice([d.title, *d.aliases])
            q = rng.choice(TEMPLATES).format(alias=alias)
            got = service.books().detector.detect(q)
            if got and got[0] == d.id:
                right += 1
            elif len(misses) < 15:
                misses.append({"q": q, "want": d.id, "got": got[:3]})
        out["detection_accuracy"] = round(right / len(picks), 4)
        out["detection_n"] = len(picks)
        out["detection_misses"] = misses
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
