"""Kill `rulespal ingest` with SIGKILL at random points, N times, including mid-write; after each kill
the previous index must be intact and serving; then a re-run completes, and two ingests at once do
not corrupt anything (the second is refused with a message).

    .venv/bin/python scripts/kill_ingest.py --kills 10
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from rulespal.ingest.pipeline import run_ingest
    from rulespal.index.layout import DataDir
    from rulespal.service import RulesPal
    from rulespal.core.settings import Settings

    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rp-kill-"))
    settings = Settings(data_dir=work / "data", cache_dir=work / "cache")
    run_ingest(settings, progress=False)
    before = DataDir(settings.data_dir).current()
    base = (ROOT / "corpus" / "skull-tales.txt").read_text(encoding="utf-8")
    rng = random.Random(args.seed)
    env = dict(os.environ, RULESPAL_DATA_DIR=str(settings.data_dir), RULESPAL_CACHE_DIR=str(work / "cache"))
    survived = []
    for i in range(args.kills):
        big = work / f"variant-{i}.txt"  # new text each time, so every run really embeds and writes
        big.write_text("\n\n".join(base.replace("Skull", f"Bone{i}x{j}") for j in range(3)), encoding="utf-8")
        proc = subprocess.Popen([sys.executable, "-m", "rulespal.cli", "ingest", str(big), "-q"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        delay = rng.uniform(0.5, 12.0)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        same = DataDir(settings.data_dir).current() == before
        answer = RulesPal(settings).ask("What is the maximum crew Morale in Skull Tales?")
        ok = same and answer.answerable and "30" in answer.answer
        survived.append({"kill": i + 1, "after_s": round(delay, 2), "old_index_serving": ok})
        if not ok:
            print(json.dumps(survived, indent=1))
            return 1
    report = run_ingest(settings, [work / "variant-0.txt"], progress=False)
    # Two ingests at once: one runs, the other is refused.
    p1 = subprocess.Popen([sys.executable, "-m", "rulespal.cli", "ingest", str(work / "variant-1.txt"), "-q"],
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.0)
    p2 = subprocess.run([sys.executable, "-m", "rulespal.cli", "ingest", str(work / "variant-2.txt"), "-q"],
                        env=env, capture_output=True, text=True)
    p1.wait(600)
    final = RulesPal(settings).index
    out = {"kills": survived, "rerun_completed": report.changed, "second_ingest_exit": p2.returncode,
           "second_ingest_message": p2.stderr.strip()[-160:], "first_ingest_exit": p1.returncode,
           "final_docs": sorted(final.docs)}
    print(json.dumps(out, indent=1))
    return 0 if p2.returncode == 2 and p1.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
