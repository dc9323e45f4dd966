"""Fuzz the HTTP API from its own OpenAPI spec (schemathesis): no server errors, every 4xx a JSON
error in the contract's shape. The long run (thousands of requests) is scripts/fuzz_api.py."""

import os

from rulespal.api import create_app, get_service
from scripts.fuzz_api import fuzz

EXAMPLES = int(os.environ.get("RULESPAL_FUZZ_EXAMPLES", "40"))


def test_no_server_errors_and_json_errors(service, built):
    app = create_app(built.model_copy(update={"rate_per_minute": 0}))
    app.dependency_overrides[get_service] = lambda: service
    counts = fuzz(app, EXAMPLES)
    assert {"POST /api/ask", "POST /api/search", "GET /api/games", "GET /api/docs/{doc}", "GET /api/facts",
            "GET /healthz"} <= set(counts)
    assert sum(counts.values()) >= EXAMPLES * 3
