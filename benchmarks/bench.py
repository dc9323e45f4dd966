"""Benchmarks that print figures (median of several runs, with min and max) and write them as JSON.

    .venv/bin/python benchmarks/bench.py            # full: 3 runs each
    .venv/bin/python benchmarks/bench.py --quick    # smoke: 1 run, a few questions (make test runs it)

RulesPal and the textbook LangChain baseline (RecursiveCharacterTextSplitter(1000, 200) + the same model
+ Chroma top-5) are measured in the same run; ratios are RulesPal / baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def stats(xs: list[float]) -> dict:
    xs = sorted(xs)
    return {"median": round(statistics.median(xs), 2), "min": round(xs[0], 2), "max": round(xs[-1], 2), "n": len(xs)}


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(len(xs) * p))], 2)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):  # peak resident set size
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def cold_ingest(runs: int) -> tuple[dict, int]:
    times, chunks = [], 0
    for _ in range(runs):
        work = Path(tempfile.mkdtemp(prefix="rp-bench-"))
        env = dict(os.environ, RULESPAL_DATA_DIR=str(work / "data"), RULESPAL_CACHE_DIR=str(work / "cache"))
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rulespal.cli", "ingest", "-q"], env=env, check=True,
                       capture_output=True)
        times.append(time.perf_counter() - t0)
        meta = json.loads(next((work / "data" / "builds").glob("*/meta.json")).read_text())
        chunks = meta["chunk_count"]
    return stats(times), chunks


def serve(env: dict, port: int) -> tuple[subprocess.Popen, float]:
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "rulespal.cli", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc, time.perf_counter() - t0
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.perf_counter() - t0 > 300:
            raise SystemExit("server did not start")
        time.sleep(0.05)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", type=Path, default=ROOT / "artifacts" / "bench.json")
    args = ap.parse_args()
    runs = 1 if args.quick else 3
    from rulespal.evals.baselines import TextbookBaseline
    from rulespal.ingest.catalog import corpus_docs
    from rulespal.evals.runner import load_gold
    from rulespal.index.embedders import get_embedder
    from rulespal.core.settings import Settings

    questions = [g.question for g in load_gold()]
    if args.quick:
        questions = questions[:15]
    out: dict = {"machine": f"{os.cpu_count()} cores", "runs": runs, "questions": len(questions)}

    ingest_s, chunks = cold_ingest(runs)
    out["ingest_cold_s"] = ingest_s
    out["passages"] = chunks
    out["passages_per_s"] = round(chunks / ingest_s["median"], 1)

    work = Path(tempfile.mkdtemp(prefix="rp-bench-serve-"))
    env = dict(os.environ, RULESPAL_DATA_DIR=str(work / "data"), RULESPAL_CACHE_DIR=str(work / "cache"),
               RULESPAL_RATE_PER_MINUTE="0")
    subprocess.run([sys.executable, "-m", "rulespal.cli", "ingest", "-q"], env=env, check=True, capture_output=True)
    starts, ask_lat, search_lat, peak = [], [], [], 0.0
    for r in range(runs):
        proc, started = serve(env, 8790 + r)
        starts.append(started)
        base = f"http://127.0.0.1:{8790 + r}"
        with httpx.Client(base_url=base, timeout=60) as http:
            for q in questions[:5]:  # warm up
                http.post("/api/ask", json={"question": q})
            for q in questions:
                t0 = time.perf_counter()
                http.post("/api/search", json={"query": q, "k": 5})
                search_lat.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                http.post("/api/ask", json={"question": q})
                ask_lat.append((time.perf_counter() - t0) * 1000)
        peak = max(peak, rss_mb(proc.pid))
        proc.terminate()
        proc.wait(10)
    out["serve_cold_start_s"] = stats(starts)
    out["search_ms"] = {"p50": pct(search_lat, 0.5), "p95": pct(search_lat, 0.95)}
    out["ask_ms"] = {"p50": pct(ask_lat, 0.5), "p95": pct(ask_lat, 0.95)}
    out["server_peak_rss_mb"] = peak

    use = get_embedder("use")
    emb = []
    for q in questions:
        t0 = time.perf_counter()
        use.embed_query(q)
        emb.append((time.perf_counter() - t0) * 1000)
    out["query_embedding_ms"] = {"p50": pct(emb, 0.5), "p95": pct(emb, 0.95)}
    out["ask_to_embedding_ratio"] = round(out["ask_ms"]["p50"] / max(out["query_embedding_ms"]["p50"], 1e-6), 1)

    # The textbook baseline, same machine, same questions.
    b_ingest, b_search = [], []
    for _ in range(runs):
        bwork = Path(tempfile.mkdtemp(prefix="rp-bench-base-"))
        t0 = time.perf_counter()
        settings = Settings(data_dir=bwork)
        base = TextbookBaseline(settings, corpus_docs(settings.corpus_dir))
        b_ingest.append(time.perf_counter() - t0)
        for q in questions:
            t0 = time.perf_counter()
            base.passages(q, None, 5)
            b_search.append((time.perf_counter() - t0) * 1000)
    out["baseline"] = {"ingest_s": stats(b_ingest),
                       "search_ms": {"p50": pct(b_search, 0.5), "p95": pct(b_search, 0.95)},
                       "note": "ingest measured in-process after model load (the model is already loaded)"}
    out["ratios"] = {"search_p50_vs_baseline": round(out["search_ms"]["p50"] / max(pct(b_search, 0.5), 1e-6), 2),
                     "ask_p50_vs_baseline_search": round(out["ask_ms"]["p50"] / max(pct(b_search, 0.5), 1e-6), 2)}
    print(json.dumps(out, indent=1))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
