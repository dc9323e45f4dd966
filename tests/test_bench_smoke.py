"""A quick benchmark run: figures are printed and written, nothing is timed against a target here."""

import json
import subprocess
import sys

from rulespal.core.settings import REPO_ROOT


def test_benchmark_smoke(tmp_path):
    out = tmp_path / "bench.json"
    p = subprocess.run([sys.executable, str(REPO_ROOT / "benchmarks" / "bench.py"), "--quick", "--json", str(out)],
                       capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-2000:]
    figures = json.loads(out.read_text())
    print(json.dumps(figures, indent=1))
    for key in ("ingest_cold_s", "search_ms", "ask_ms", "serve_cold_start_s", "server_peak_rss_mb", "baseline"):
        assert key in figures
    assert figures["passages"] > 100
