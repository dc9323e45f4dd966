"""Fuzz the HTTP API from its own OpenAPI spec (schemathesis): no server errors, every 4xx a JSON
error in the contract's shape. The long run (thousands of requests) is scripts/fuzz_api.py."""

import os

import schemathesis
from hypothesis import HealthCheck, given, settings

from rulespal.api import create_app, get_service

EXAMPLES = int(os.environ.get("RULESPAL_FUZZ_EXAMPLES", "40"))


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
            counts[label] += 1
            response = case.call()
            assert response.status_code < 500, f"{label} {case.body!r}: {response.text[:300]}"
            if response.status_code >= 400:
                body = response.json()
                assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"], body

        run()
    return counts


def test_no_server_errors_and_json_errors(service, built):
    app = create_app(built.model_copy(update={"rate_per_minute": 0}))
    app.dependency_overrides[get_service] = lambda: service
    counts = fuzz(app, EXAMPLES)
    assert {"POST /api/ask", "POST /api/search", "GET /api/games", "GET /api/docs/{doc}", "GET /api/facts",
            "GET /healthz"} <= set(counts)
    assert sum(counts.values()) >= EXAMPLES * 3
