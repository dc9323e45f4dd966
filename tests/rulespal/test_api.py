"""The HTTP API: contract shapes, and clear 4xx JSON errors for bad input (never a 500)."""

import re

import httpx
import pytest


def _error(r, status, code=None):
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and body["error"]["message"]
    if code:
        assert body["error"]["code"] == code


@pytest.mark.parametrize("payload,status,code", [
    ({"question": ""}, 400, "empty_question"),
    ({"question": "   \n "}, 400, "empty_question"),
    ({"question": "x" * 5000}, 400, "question_too_long"),
    ({"question": "How many actions?", "game": "monopoly"}, 404, "unknown_game"),
    ({"question": "How many actions?", "game": "../../etc/passwd"}, 404, "unknown_game"),
    ({}, 422, "invalid_request"),
    ({"question": 42}, 422, "invalid_request"),
    ({"question": "hi", "history": [{"role": "system", "content": "x"}]}, 422, "invalid_request"),
])
def test_ask_bad_input(client, payload, status, code):
    _error(client.post("/api/ask", json=payload), status, code)


def test_ask_not_json(client):
    r = client.post("/api/ask", content=b"\xff\xfe not json", headers={"content-type": "application/json"})
    _error(r, 400, "bad_request")


@pytest.mark.parametrize("payload,status", [
    ({"query": "souls", "k": 0}, 422), ({"query": "souls", "k": 51}, 422), ({"query": ""}, 400),
    ({"query": "souls", "game": "nope"}, 404),
])
def test_search_bad_input(client, payload, status):
    _error(client.post("/api/search", json=payload), status)


def test_unknown_route_and_doc(client):
    _error(client.get("/api/nothing"), 404, "not_found")
    _error(client.get("/api/docs/..%2F..%2Fetc%2Fpasswd"), 404)
    _error(client.get("/api/docs/skull-tales?start=10&end=5"), 400)


def test_search_contract(client, service):
    r = client.post("/api/search", json={"query": "maximum crew morale", "game": "skull-tales", "k": 3})
    assert r.status_code == 200
    hits = r.json()["hits"]
    assert len(hits) == 3
    for h in hits:
        assert set(h) == {"doc", "section", "start", "end", "text", "score"}
        assert service.index.text(h["doc"])[h["start"]:h["end"]] == h["text"]
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_games_and_health(client):
    games = client.get("/api/games").json()["games"]
    assert {g["id"] for g in games} >= {"skull-tales", "dead-men-tell-no-tales-ko"}
    ko = next(g for g in games if g["id"] == "dead-men-tell-no-tales-ko")
    assert ko["lang"] == "ko" and ko["chunks"] > 0
    assert client.get("/healthz").json()["status"] == "ok"


def test_favicon_is_no_error(client):
    assert client.get("/favicon.ico").status_code == 204


def test_openapi_docs(client):
    page = client.get("/docs")
    assert page.status_code == 200
    # every script and style the page loads is served here: the docs work offline
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', page.text)
    assert assets and all(a.startswith("/") for a in assets), assets
    assert all(client.get(a).status_code == 200 for a in assets)
    assert "/api/ask" in client.get("/openapi.json").json()["paths"]


def test_real_server_answers_with_exact_citations(live_server, service):
    r = httpx.post(f"{live_server}/api/ask", json={"question": "What is the hand limit in Pirates 2 ed.?"}, timeout=60)
    assert r.status_code == 200
    body = r.json()
    assert set(body) >= {"answer", "answerable", "games", "needs_game", "citations", "checks"}
    assert body["answerable"] and body["citations"]
    for c in body["citations"]:
        assert service.index.text(c["doc"])[c["start"]:c["end"]] == c["quote"]
    bad = httpx.post(f"{live_server}/api/ask", json={"question": ""}, timeout=30)
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "empty_question"


def test_the_rate_limit_counts_each_client_on_its_own_and_zero_turns_it_off():
    from rulespal.api import Limits

    limits = Limits(None, max_body=1024, per_minute=6, burst=2)
    a, b = {"client": ("10.0.0.1", 5000)}, {"client": ("10.0.0.2", 5000)}
    assert [limits._allow(a) for _ in range(3)] == [True, True, False]
    assert limits._allow(b) is True
    off = Limits(None, max_body=1024, per_minute=0, burst=2)
    assert off.rate == 0  # __call__ asks _allow only when the rate is on

    import asyncio

    reached = []

    async def app(scope, receive, send):
        reached.append(scope["client"])

    async def five_requests():
        limiter = Limits(app, max_body=1024, per_minute=0, burst=2)
        for _ in range(5):
            await limiter({"type": "http", "path": "/api/ask", "headers": [(b"content-length", b"2")], **a},
                          None, None)

    asyncio.run(five_requests())
    assert len(reached) == 5  # rate 0: every request goes through, past the burst


def test_rate_limit_and_body_size(service, built):
    from fastapi.testclient import TestClient

    from rulespal.api import create_app, get_service

    app = create_app(built.model_copy(update={"rate_per_minute": 6, "rate_burst": 3, "max_body_kb": 1}))
    app.dependency_overrides[get_service] = lambda: service
    with TestClient(app) as c:
        codes = [c.post("/api/search", json={"query": "morale", "k": 1}).status_code for _ in range(5)]
        assert codes[:3] == [200, 200, 200] and codes[3] == 429
        r = c.post("/api/search", json={"query": "morale"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert r.headers["retry-after"]
        assert c.get("/healthz").status_code == 200  # only /api/* is limited
    app = create_app(built.model_copy(update={"max_body_kb": 1}))
    app.dependency_overrides[get_service] = lambda: service
    with TestClient(app) as c:
        r = c.post("/api/ask", json={"question": "x" * 4000})
        assert r.status_code == 413 and r.json()["error"]["code"] == "request_too_large"


def test_body_size_without_content_length(live_server):
    """A body sent in chunks (no Content-Length) is measured as it arrives: too big is 413, small is served."""
    def chunks(total: int, question: str = "x"):
        yield b'{"question": "' + question.encode() + b'", "pad": "'
        for _ in range(total // 8192):
            yield b"a" * 8192
        yield b'"}'

    big = httpx.post(f"{live_server}/api/ask", content=chunks(1_000_000),
                     headers={"content-type": "application/json"}, timeout=30)
    _error(big, 413, "request_too_large")
    small = httpx.post(f"{live_server}/api/search", content=iter([b'{"query": "morale", "k": 1}']),
                       headers={"content-type": "application/json"}, timeout=30)
    assert small.status_code == 200 and small.json()["hits"]


def test_serve_on_a_taken_port_says_so(live_server, built):
    import subprocess

    from tests.conftest import cli_env, rulespal_cmd

    port = live_server.rsplit(":", 1)[1]
    p = subprocess.run(rulespal_cmd("serve", "--port", port), env=cli_env(built.data_dir), capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 3 and "cannot serve on" in p.stderr and "serving on" not in p.stdout


def test_a_chunked_body_cut_off_by_the_client_is_not_served():
    import asyncio

    from rulespal.api import Limits

    messages = [{"type": "http.request", "body": b'{"question": "how', "more_body": True},
                {"type": "http.disconnect"}]
    called = []

    async def app(scope, receive, send):
        called.append(scope["path"])

    async def receive():
        return messages.pop(0)

    async def send(message):
        raise AssertionError("nothing is sent to a client that left")

    scope = {"type": "http", "path": "/api/ask", "headers": [], "client": ("127.0.0.1", 1)}
    asyncio.run(Limits(app, max_body=1024, per_minute=0, burst=1)(scope, receive, send))
    assert called == []


def _app_client(service, settings):
    from fastapi.testclient import TestClient

    from rulespal.api import create_app, get_service

    app = create_app(settings)
    app.dependency_overrides[get_service] = lambda: service
    return TestClient(app)


def test_openapi_states_the_limits_the_server_keeps(client, built):
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    assert schemas["AskRequest"]["properties"]["question"]["maxLength"] == built.max_question_chars == 2000
    assert schemas["SearchRequest"]["properties"]["query"]["maxLength"] == 2000
    assert schemas["SearchRequest"]["properties"]["k"]["maximum"] == built.max_k
    for path in ("/api/ask", "/api/ask/stream", "/api/search"):
        responses = spec["paths"][path]["post"]["responses"]
        assert {"413", "429"} <= set(responses), (path, sorted(responses))
    assert "Retry-After" in spec["paths"]["/api/search"]["post"]["responses"]["429"]["headers"]
    assert client.post("/api/ask", json={"question": "x" * 2000, "game": "nope"}).json()["error"]["code"] \
        == "unknown_game"  # exactly the stated maximum is accepted
    _error(client.post("/api/ask", json={"question": "x" * 2001}), 400, "question_too_long")


def test_search_limits_follow_the_settings(built):
    from rulespal.service import RulesPal

    settings = built.model_copy(update={"max_k": 100, "default_k": 7})
    with _app_client(RulesPal(settings), settings) as c:
        hits = c.post("/api/search", json={"query": "crew morale", "k": 80})
        assert hits.status_code == 200, hits.text
        assert 50 < len(hits.json()["hits"]) <= 80
        assert len(c.post("/api/search", json={"query": "crew morale"}).json()["hits"]) == 7
        _error(c.post("/api/search", json={"query": "crew morale", "k": 101}), 422, "invalid_request")
        k = c.get("/openapi.json").json()["components"]["schemas"]["SearchRequest"]["properties"]["k"]
        assert k["maximum"] == 100 and k["default"] == 7


@pytest.mark.parametrize("path,kwargs,said", [
    ("/api/ask", {"content": b'{"question": "x"}'}, "not sent as JSON (no Content-Type)"),
    ("/api/ask", {"content": b"question=x", "headers": {"content-type": "application/x-www-form-urlencoded"}},
     "Content-Type: application/x-www-form-urlencoded"),
    ("/api/ask", {"content": b'{"question": "x"', "headers": {"content-type": "application/json"}},
     "not valid JSON"),
    ("/api/ask", {"json": ["x"]}, "not a JSON object"),
    ("/api/ask", {}, "no body"),
    ("/api/search", {"content": b"{query: x}", "headers": {"content-type": "application/json"}}, "not valid JSON"),
])
def test_a_body_that_is_not_json_says_what_to_send(client, path, kwargs, said):
    r = client.post(path, **kwargs)
    _error(r, 422, "invalid_request")
    message = r.json()["error"]["message"]
    example = '{"query": "..."}' if path == "/api/search" else '{"question": "..."}'
    assert said in message and f"send a JSON body like {example} with Content-Type: application/json" in message


def test_an_undecodable_body_says_what_to_send(client):
    r = client.post("/api/ask", content=b"\xff\xfe not json", headers={"content-type": "application/json"})
    _error(r, 400, "bad_request")
    assert "Content-Type: application/json" in r.json()["error"]["message"]


def test_an_index_built_for_other_embedders_is_a_clear_503(built):
    from rulespal.service import RulesPal

    settings = built.model_copy(update={"embedders": "minilm"})
    with _app_client(RulesPal(settings), settings) as c:
        for r in (c.get("/healthz"), c.post("/api/ask", json={"question": "How many actions per turn?"})):
            _error(r, 503, "index_mismatch")
            message = r.json()["error"]["message"]
            assert "built with embedders 'use'" in message and "rulespal ingest" in message


def test_unknown_game_lists_a_few_ids_and_points_to_the_list(client):
    message = client.post("/api/ask", json={"question": "How many actions?", "game": "nope"}).json()["error"]["message"]
    assert "GET /api/games" in message and len(message) < 1500


def test_a_game_given_by_the_first_word_of_its_title_is_that_game(client):
    r = client.post("/api/ask", json={"question": "How many actions do I get?", "game": "tiny"})
    assert r.status_code == 200, r.text
    assert r.json()["games"] == ["tiny-epic-pirates-curse-of-amdiak"]


def test_a_passage_at_the_start_of_a_book_shows_its_first_character(client):
    """The context of a citation in a book's first paragraph starts at the book's first character."""
    r = client.get("/api/docs/dead-men-tell-no-tales-ko?start=0&end=5")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["context_start"] == 0 and body["context"].startswith(body["quote"])


def test_the_command_line_asks_a_running_server(live_server, built, tmp_path):
    import subprocess
    import time

    from tests.conftest import cli_env, free_port, rulespal_cmd

    empty = tmp_path / "no-index"  # no index here: the answer can only come from the server
    t0 = time.perf_counter()
    p = subprocess.run(rulespal_cmd("ask", "--server", live_server, "--game", "pirates-2ed-governors-daughter",
                                    "how many rum markers with 3 players?"),
                       env=cli_env(empty), capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Rum markers: 10 [1]" in p.stdout and "check: 10 — verified" in p.stdout
    print(f"rulespal ask --server: {time.perf_counter() - t0:.1f} s")
    gone = f"http://127.0.0.1:{free_port()}"
    p = subprocess.run(rulespal_cmd("ask", "--server", gone, "how many actions?"), env=cli_env(empty),
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr.startswith(f"error: no RulesPal server answers at {gone}") and len(p.stderr.splitlines()) == 1
