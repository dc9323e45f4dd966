"""Concurrent load on a RulesPal server on loopback: N clients for S seconds, mixed ask/search, English
and Korean. Bounded in count and time; prints requests, errors, p50/p95 and the server's peak RSS.

    .venv/bin/python scripts/load_test.py --clients 50 --seconds 60

Starts its own server (rate limit off, so capacity is measured) unless --url is given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def start_server(port: int) -> subprocess.Popen:
    env = dict(os.environ, RULESPAL_RATE_PER_MINUTE="0")
    proc = subprocess.Popen([sys.executable, "-m", "rulespal.cli", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--max-requests", type=int, default=100000)
    ap.add_argument("--url")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    from rulespal.evals.runner import load_gold

    questions = [(g.question, g.lang) for g in load_gold()]
    proc = None if args.url else start_server(args.port)
    base = args.url or f"http://127.0.0.1:{args.port}"
    deadline = time.monotonic() + args.seconds
    lat: list[float] = []
    errors: list[str] = []
    count = [0]
    lock = threading.Lock()
    peak = [0]

    def client(i: int) -> None:
        rng = random.Random(i)
        with httpx.Client(base_url=base, timeout=30) as http:
            while time.monotonic() < deadline:
                with lock:
                    if count[0] >= args.max_requests:
                        return
                    count[0] += 1
                q, _ = rng.choice(questions)
                t0 = time.perf_counter()
                try:
                    if rng.random() < 0.5:
                        r = http.post("/api/ask", json={"question": q})
                    else:
                        r = http.post("/api/search", json={"query": q, "k": 5})
                    ok = r.status_code == 200
                except httpx.HTTPError as e:
                    ok, r = False, e
                with lock:
                    lat.append((time.perf_counter() - t0) * 1000)
                    if not ok:
                        errors.append(str(getattr(r, "status_code", r))[:80])

    def watch() -> None:
        while proc and time.monotonic() < deadline + 1:
            peak[0] = max(peak[0], rss_kb(proc.pid))
            time.sleep(0.5)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
    watcher = threading.Thread(target=watch)
    watcher.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    watcher.join()
    if proc:
        proc.terminate()
        proc.wait(10)
    lat.sort()
    out = {"clients": args.clients, "seconds": args.seconds, "requests": len(lat), "errors": len(errors),
           "error_samples": errors[:5], "rps": round(len(lat) / args.seconds, 1),
           "p50_ms": round(statistics.median(lat), 1) if lat else None,
           "p95_ms": round(lat[int(len(lat) * 0.95)], 1) if lat else None,
           "server_peak_rss_mb": round(peak[0] / 1024, 1) if peak[0] else None}
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
