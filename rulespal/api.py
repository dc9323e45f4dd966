"""The HTTP API (FastAPI): thin routes over the service, errors in the contract's JSON shape."""

# No ``from __future__ import annotations`` here: the routes' body types are made per app in ``_add_routes``,
# and FastAPI reads a route's annotations as objects, which a postponed (string) annotation of a local is not.
import json
import queue
import secrets
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, File, Form, Header, Query, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, Field, create_model
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Message, Receive

from rulespal.core.errors import BadToken, NotRemovable, RulesPalError, UploadsOff
from rulespal.core.settings import Settings, get_settings
from rulespal.core.types import Answer, SearchHit, Turn
from rulespal.service import RulesPal
from rulespal.uploads import Uploads

STATIC = Path(__file__).parent / "web"


class HistoryTurn(BaseModel):
    role: Literal["user", "assistant"]
    content: str = Field(max_length=20000)


class AskRequest(BaseModel):
    """The shape of an ask; ``create_app`` serves a copy whose limits follow the settings."""

    question: str
    game: str | None = Field(default=None, max_length=200)
    history: list[HistoryTurn] = Field(default_factory=list, max_length=200)


class SearchRequest(BaseModel):
    """The shape of a search; ``create_app`` serves a copy whose limits follow the settings."""

    query: str
    game: str | None = Field(default=None, max_length=200)
    k: int = Field(default=5, ge=1)


def _request_models(settings: Settings) -> tuple[type[AskRequest], type[SearchRequest]]:
    """The request bodies with the limits the settings set, so /docs states the ones the server keeps.

    A question's length is checked by the service (a 400 ``question_too_long`` with its own message), so the
    schema only states it."""
    chars = settings.max_question_chars
    text = Field(description=f"at most {chars} characters (RULESPAL_MAX_QUESTION_CHARS)",
                 json_schema_extra={"maxLength": chars})
    k = Field(default=settings.default_k, ge=1, le=settings.max_k,
              description="how many passages: RULESPAL_DEFAULT_K when left out, at most RULESPAL_MAX_K")
    return (create_model("AskRequest", __base__=AskRequest, question=(str, text)),
            create_model("SearchRequest", __base__=SearchRequest, query=(str, text), k=(int, k)))


class SearchResponse(BaseModel):
    hits: list[SearchHit]


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorResponse(BaseModel):
    error: ErrorBody


@lru_cache
def _default_service() -> RulesPal:
    return RulesPal(get_settings())


def get_service() -> RulesPal:
    """Overridden in tests through ``app.dependency_overrides``."""
    return _default_service()


Service = Annotated[RulesPal, Depends(get_service)]
ERRORS: dict[int | str, dict[str, Any]] = {400: {"model": ErrorResponse}, 404: {"model": ErrorResponse}, 422: {"model": ErrorResponse},
          503: {"model": ErrorResponse}}
UPLOAD_ERRORS: dict[int | str, dict[str, Any]] = {**ERRORS, 401: {"model": ErrorResponse, "description": "no or a wrong bearer token"},
                 403: {"model": ErrorResponse, "description": "uploads are off (RULESPAL_UPLOAD_TOKEN is not set)"},
                 409: {"model": ErrorResponse, "description": "a rulebook with that id is already there or on its way"}}
# /api/* also has the limits of ``Limits`` (RULESPAL_MAX_BODY_KB, RULESPAL_RATE_PER_MINUTE / _BURST)
API_ERRORS: dict[int | str, dict[str, Any]] = {**ERRORS,
              413: {"model": ErrorResponse, "description": "the request body is over RULESPAL_MAX_BODY_KB"},
              429: {"model": ErrorResponse, "description": "too many requests from this client; wait and retry",
                    "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}}}


def _send_json(path: str) -> str:
    """What a body the route can read looks like."""
    example = '{"query": "..."}' if path == "/api/search" else '{"question": "..."}'
    return f"send a JSON body like {example} with Content-Type: application/json"


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(status_code=status, content={"error": {"code": code, "message": message}})


class Limits:
    """Request size and per-client rate limits, as plain ASGI middleware (no state shared between processes)."""

    def __init__(self, app, max_body: int, per_minute: int, burst: int, max_upload: int = 0):
        self.app = app
        self.max_body = max_body
        self.max_upload = max_upload  # POST /api/rulebooks carries a whole rulebook file
        self.rate = per_minute / 60.0
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        limit = self.max_body
        too_large = f"the request body is over {self.max_body // 1024} KB; send a shorter question"
        if scope["path"] == "/api/rulebooks" and scope.get("method") == "POST" and self.max_upload:
            limit = self.max_upload
            too_large = (f"the file is over the {self.max_upload // 2**20 - 1} MB limit (RULESPAL_MAX_FILE_MB); "
                         "send a smaller rulebook")
        if length is not None and (not length.isdigit() or int(length) > limit):
            return await _send_error(send, 413, "request_too_large", too_large)
        if self.rate > 0 and not self._allow(scope):
            return await _send_error(send, 429, "rate_limited",
                                     "too many requests from this client; wait a few seconds and try again")
        if length is None:
            # a body sent in chunks has no Content-Length: count it as it arrives, then hand it on whole
            try:
                body = await _read_body(receive, limit)
            except _ClientGone:
                return None
            if body is None:
                return await _send_error(send, 413, "request_too_large", too_large)
            receive = _replay(body, receive)
        return await self.app(scope, receive, send)

    def _allow(self, scope) -> bool:
        client = (scope.get("client") or ("?", 0))[0]
        now = time.monotonic()
        with self.lock:
            tokens, last = self.buckets.get(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            if tokens < 1.0:
                self.buckets[client] = (tokens, now)
                return False
            self.buckets[client] = (tokens - 1.0, now)
            if len(self.buckets) > 10000:  # forget idle clients rather than grow without bound
                self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 300}
            return True


class _ClientGone(Exception):
    """The client disconnected before its request body was complete: nothing to answer."""


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None as soon as it passes ``limit`` bytes."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise _ClientGone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        parts.append(chunk)
        if not message.get("more_body"):
            return b"".join(parts)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read, then whatever the connection says next."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return again


async def _send_error(send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 429:
        headers.append((b"retry-after", b"5"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


_STREAM_WORKERS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="rulespal-stream")  # streams at once; more wait


def _answer_events(service: RulesPal, req: AskRequest) -> Iterator[str]:
    """Ask in a worker thread; yield its model tokens, then the checked answer, as server-sent events."""
    history = [Turn(t.role, t.content) for t in req.history]
    events: queue.Queue = queue.Queue()

    def work() -> None:
        try:
            answer = service.ask(req.question, req.game, history, on_token=lambda t: events.put(("token", {"text": t})))
            events.put(("answer", answer.to_json()))
        except RulesPalError as e:
            events.put(("error", {"code": e.code, "message": e.message}))
        except Exception as e:  # pragma: no cover - a bug, not bad input
            events.put(("error", {"code": "internal_error", "message": e.__class__.__name__}))
        events.put(None)

    _STREAM_WORKERS.submit(work)
    while (item := events.get()) is not None:
        yield f"event: {item[0]}\ndata: {json.dumps(item[1], ensure_ascii=False)}\n\n"


def create_app(settings: Settings | None = None) -> FastAPI:
    # The API docs page with Swagger UI's files served from the package, not a CDN: RulesPal runs offline.
    app = FastAPIOffline(title="RulesPal", version="0.1.0",
                         description="Rules questions about board games, answered from the rulebook with citations.")
    settings = settings or get_settings()
    app.add_middleware(Limits, max_body=settings.max_body_kb * 1024, per_minute=settings.rate_per_minute,
                       burst=settings.rate_burst, max_upload=(settings.max_file_mb + 1) * 2**20)  # + the form's parts
    _add_error_handlers(app)
    _add_routes(app, settings)
    _add_upload_routes(app, settings)
    return app


def _add_error_handlers(app: FastAPI) -> None:
    """Every error in the contract's JSON shape, with a message a person can act on."""

    @app.exception_handler(RulesPalError)
    async def _rulespal_error(_: Request, exc: RulesPalError):
        return _error(exc.status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError):
        if body := _body_problem(request, exc.errors()):
            return _error(422, "invalid_request", f"{body}; {_send_json(request.url.path)}")
        problems = []
        for e in exc.errors()[:5]:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            problems.append(f"{where or 'body'}: {e.get('msg', 'invalid')}")
        return _error(422, "invalid_request", "; ".join(problems) or "the request is not valid JSON for this endpoint")

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        code = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        if exc.detail == "There was an error parsing the body":  # FastAPI's words for a body it cannot decode
            return _error(400, code, f"the body could not be read as JSON text; {_send_json(request.url.path)}")
        return _error(exc.status_code, code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception):  # pragma: no cover - a bug, not bad input
        return _error(500, "internal_error", f"unexpected error ({exc.__class__.__name__}); please report it")


def _body_problem(request: Request, errors) -> str | None:
    """What is wrong with the body as a whole (none, not JSON, not an object), or None if only fields are."""
    if any(e.get("type") == "json_invalid" for e in errors):
        return "the body is not valid JSON"
    whole = [e for e in errors if tuple(e.get("loc", ())) == ("body",)]
    if not whole:
        return None
    if whole[0].get("type") == "missing":
        return "the request has no body"
    sent = request.headers.get("content-type")
    if sent is None or "json" not in sent:
        return f"the body was not sent as JSON ({f'Content-Type: {sent}' if sent else 'no Content-Type'})"
    return "the body is not a JSON object"


def _with_body(model: type[BaseModel]):
    """A route reads its body as ``model``: the copy of the request shape with this app's limits (FastAPI reads
    the annotation; a type checker reads the shape it was written with)."""
    def wrap(route):
        route.__annotations__["req"] = model
        return route
    return wrap


def _add_routes(app: FastAPI, settings: Settings) -> None:
    AskBody, SearchBody = _request_models(settings)

    @app.post("/api/ask", response_model=Answer, responses=API_ERRORS)
    @_with_body(AskBody)
    def ask(req: AskRequest, service: Service) -> JSONResponse:
        history = [Turn(t.role, t.content) for t in req.history]
        return JSONResponse(service.ask(req.question, req.game, history).to_json())  # the shape every front end speaks

    @app.post("/api/ask/stream", responses=API_ERRORS)
    @_with_body(AskBody)
    def ask_stream(req: AskRequest, service: Service) -> StreamingResponse:
        """Server-sent events: ``token`` (a language model's answer text as it is written, if one is on),
        then ``answer`` (the checked answer, as /api/ask returns it) or ``error``."""
        service.check_question(req.question)  # bad input is a 4xx before the stream starts
        service.resolve_game(req.game)
        return StreamingResponse(_answer_events(service, req), media_type="text/event-stream")

    @app.post("/api/search", response_model=SearchResponse, responses=API_ERRORS)
    @_with_body(SearchBody)
    def search(req: SearchRequest, service: Service) -> SearchResponse:
        return SearchResponse(hits=[h.to_out() for h in service.search(req.query, req.game, req.k)])

    @app.get("/api/games", responses=API_ERRORS)
    def games(service: Service):
        return {"games": service.games()}

    @app.get("/api/docs/{doc}", responses=API_ERRORS)
    def passage(doc: str, service: Service, start: Annotated[int | None, Query(ge=0, le=10**9)] = None,
                end: Annotated[int | None, Query(ge=0, le=10**9)] = None):
        return service.passage(doc, start, end)

    @app.get("/api/facts", responses=API_ERRORS)
    def facts(service: Service, game: Annotated[str | None, Query(max_length=200)] = None):
        return service.facts_json(game)

    @app.get("/healthz", responses=ERRORS)
    def healthz(service: Service):
        return service.health()

    @app.get("/", include_in_schema=False)
    def index():
        page = STATIC / "index.html"
        if page.exists():
            return FileResponse(page, media_type="text/html; charset=utf-8")
        return JSONResponse({"name": "RulesPal", "docs": "/docs"})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon():  # browsers ask for it on every page: no icon, and no error in the console either
        return Response(status_code=204)


def _check_token(token: str, authorization: str | None) -> None:
    """Uploads are on (a token is set) and the request carries it as a bearer token; else a 403 or a 401."""
    if not token:
        raise UploadsOff("adding rulebooks over HTTP is off on this server; its operator turns it on by setting "
                         "RULESPAL_UPLOAD_TOKEN (or adds rulebooks with `rulespal ingest FILE`).")
    scheme, _, given = (authorization or "").partition(" ")
    if scheme.casefold() != "bearer" or not secrets.compare_digest(given.strip().encode(), token.encode()):
        raise BadToken("this needs the server's upload token: send it as 'Authorization: Bearer TOKEN' (the chat "
                       "page asks for it once)." if not authorization else "the upload token is not right.")


def _add_upload_routes(app: FastAPI, settings: Settings) -> None:
    """Rulebooks added over HTTP: off unless RULESPAL_UPLOAD_TOKEN is set, then with it as a bearer token."""
    token = settings.upload_token.get_secret_value() if settings.upload_token else ""

    def warm_new_build() -> None:  # the first question after an upload need not load the new build
        app.dependency_overrides.get(get_service, get_service)().search("warm up")

    uploads = Uploads(settings, on_ready=warm_new_build)
    app.state.uploads = uploads

    def allowed(authorization: str | None) -> None:
        _check_token(token, authorization)

    Auth = Annotated[str | None, Header(description="Bearer RULESPAL_UPLOAD_TOKEN")]

    @app.get("/api/rulebooks", responses=UPLOAD_ERRORS)
    def list_uploads(authorization: Auth = None):
        """Whether uploads are on and their limits; with the token, the uploads and their progress."""
        listed = []
        if token and authorization:
            allowed(authorization)
            listed = [u.to_json() for u in uploads.all()]
        return {"enabled": bool(token), "max_file_mb": settings.max_file_mb, "types": [".pdf", ".md", ".txt"],
                "uploads": listed}

    @app.post("/api/rulebooks", status_code=202, responses=UPLOAD_ERRORS)
    def add_rulebook(file: Annotated[UploadFile, File(description="a .pdf, .md or .txt rulebook")],
                     title: Annotated[str | None, Form(max_length=120, description="the game's name (default: "
                                                                                  "from the file name)")] = None,
                     authorization: Auth = None):
        """Check a rulebook and queue it for the index; poll GET /api/rulebooks/{id} for its progress."""
        allowed(authorization)
        raw = file.file.read(settings.max_file_mb * 2**20 + 1)
        return JSONResponse(uploads.add(file.filename or "", raw, title).to_json(), status_code=202)

    @app.get("/api/rulebooks/{upload_id}", responses=UPLOAD_ERRORS)
    def upload_progress(upload_id: str, authorization: Auth = None):
        """queued, reading, embedding, then ready or failed (with the reason); removing, then removed."""
        allowed(authorization)
        return uploads.get(upload_id).to_json()

    @app.delete("/api/rulebooks/{upload_id}", status_code=202, responses=UPLOAD_ERRORS)
    def delete_rulebook(upload_id: str, authorization: Auth = None):
        """Take an uploaded rulebook out of the index (the shipped corpus stays)."""
        allowed(authorization)
        docs = app.dependency_overrides.get(get_service, get_service)().index.meta.docs
        if any(d.id == upload_id and d.source != "user" for d in docs):
            raise NotRemovable(f"{upload_id!r} is not an uploaded rulebook (it ships with RulesPal or its library); "
                             "it can't be removed here.")
        return JSONResponse(uploads.remove(upload_id).to_json(), status_code=202)


app = create_app()
