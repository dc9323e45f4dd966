"""The library at scale: ingest 5, 100, 500 and all rulebooks; measure ingest time, index size,
query latency and memory; plot latency and memory against library size; measure game detection by
alias on generated questions.

    .venv/bin/python benchmarks/scale.py --library ../shared/library [--sizes 5,100,500,all]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def du_mb(path: Path) -> float:
    return round(sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 2**20, 1)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--library", type=Path, default=ROOT.parent / "shared" / "library")
    ap.add_argument("--sizes", default="5,100,500,all")
    ap.add_argument("--out", type=Path, default=ROOT / "artifacts" / "scale")
    ap.add_argument("--detect", type=int, default=300)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from rulespal.ingest.catalog import library_docs

    total = len(library_docs(args.library))
    rows = []
    for size in args.sizes.split(","):
        n_lib = 0 if size == "5" else (total if size == "all" else int(size) - 5)
        work = Path(tempfile.mkdtemp(prefix=f"rp-scale-{size}-"))
        env = {"RULESPAL_DATA_DIR": str(work / "data"), "RULESPAL_CACHE_DIR": str(work / "cache")}
        cmd = [sys.executable, "-m", "rulespal.cli", "ingest", "-q"]
        if n_lib:
            # --limit counts games; extra files of a game come with it
            cmd += ["--library", str(args.library), "--limit", str(n_lib)]
        t0 = time.perf_counter()
        subprocess.run(cmd, env={**__import__("os").environ, **env}, check=True)
        ingest_s = time.perf_counter() - t0
        probe = subprocess.run([sys.executable, str(Path(__file__).with_name("scale_probe.py")),
                                "--detect", str(args.detect if size == "all" else 0)],
                               env={**__import__("os").environ, **env}, capture_output=True, text=True)
        if probe.returncode:
            sys.exit(f"the probe failed at size {size}:\n{probe.stderr[-3000:]}")
        result = json.loads(probe.stdout.strip().splitlines()[-1])
        row = {"size": size, "ingest_s": round(ingest_s, 1), "index_mb": du_mb(work / "data"),
               "cache_mb": du_mb(work / "cache"), **result}
        rows.append(row)
        print(json.dumps(row), flush=True)
        (args.out / "scale.json").write_text(json.dumps(rows, indent=1))
    plot(rows, args.out / "scale.png")
    return 0


def plot(rows: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    docs = [r["docs"] for r in rows]
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    ax[0].plot(docs, [r["search_p50_ms"] for r in rows], "o-", label="search p50")
    ax[0].plot(docs, [r["ask_p50_ms"] for r in rows], "o-", label="ask p50")
    ax[0].plot(docs, [r["ask_p95_ms"] for r in rows], "o--", label="ask p95")
    ax[0].set_xscale("log")
    ax[0].set_xlabel("rulebooks in the index")
    ax[0].set_ylabel("ms")
    ax[0].legend()
    ax[0].set_title("latency vs library size")
    ax[1].plot(docs, [r["rss_mb"] for r in rows], "o-", label="service RSS")
    ax[1].plot(docs, [r["index_mb"] for r in rows], "o-", label="index on disk")
    ax[1].set_xscale("log")
    ax[1].set_xlabel("rulebooks in the index")
    ax[1].set_ylabel("MB")
    ax[1].legend()
    ax[1].set_title("memory and disk vs library size")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main())
