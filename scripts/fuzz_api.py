"""The long fuzz run: schemathesis-generated requests against every endpoint (thousands in all).

    .venv/bin/python scripts/fuzz_api.py --examples 600
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, given, settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def fuzz(app, examples: int) -> dict[str, int]:
    """Run generated requests against every operation; return how many each got."""
    from fastapi.testclient import TestClient

    with TestClient(app) as warm:  # load the models first: the first answer takes seconds
        warm.post("/api/ask", json={"question": "warm up"})
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    counts: dict[str, int] = {}
    for result in schema.get_all_operations():
        operation = result.ok()
        label = f"{operation.method.upper()} {operation.path}"
        counts[label] = 0

        @given(case=operation.as_strategy())
        @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def run(case):
            # run() is called once, below, inside this iteration: label is this operation's
            counts[label] += 1  # noqa: B023
            response = case.call()
            assert response.status_code < 500, f"{label} {case.body!r}: {response.text[:300]}"  # noqa: B023
            if response.status_code >= 400:
                body = response.json()
                assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"], body

        run()
    return counts


def main() -> int:
    from rulespal.api import create_app, get_service
    from rulespal.service import RulesPal
    from rulespal.core.settings import get_settings

    ap = argparse.ArgumentParser()
    ap.add_argument("--examples", type=int, default=600)
    args = ap.parse_args()
    settings = get_settings().model_copy(update={"rate_per_minute": 0})
    service = RulesPal(settings)
    app = create_app(settings)
    app.dependency_overrides[get_service] = lambda: service
    counts = fuzz(app, args.examples)  # raises on the first server error or malformed 4xx
    print(json.dumps({"requests": sum(counts.values()), "per_operation": counts, "server_errors": 0}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
