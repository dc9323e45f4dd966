"""Shared fixtures: one real index of the real corpus with the real models, built once per test run."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from rulespal.ingest.pipeline import run_ingest
from rulespal.core.settings import REPO_ROOT, Settings

CORPUS = REPO_ROOT / "corpus"


@pytest.fixture
def requirement(request):
    """Fails a test whose module says (``tests.helpers.needs``) that something it requires is missing."""
    pytest.fail(request.node.get_closest_marker("requirement").args[0], pytrace=False)


@pytest.fixture(scope="session", autouse=True)
def shared_embedding_cache(tmp_path_factory):
    """One embedding cache for every data dir the tests build (CLI subprocesses included): the many
    throwaway indexes then embed the corpus once."""
    os.environ["RULESPAL_CACHE_DIR"] = str(tmp_path_factory.mktemp("embedding-cache"))
    yield
    os.environ.pop("RULESPAL_CACHE_DIR", None)


@pytest.fixture(scope="session")
def settings(tmp_path_factory) -> Settings:
    return Settings(data_dir=tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="session")
def built(settings) -> Settings:
    run_ingest(settings, progress=False)
    return settings


@pytest.fixture(scope="session")
def service(built):
    from rulespal.service import RulesPal

    return RulesPal(built)


@pytest.fixture(scope="session")
def client(service):
    from fastapi.testclient import TestClient

    from rulespal.api import create_app, get_service

    app = create_app()
    app.dependency_overrides[get_service] = lambda: service
    with TestClient(app) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli_env(data_dir: Path) -> dict:
    return dict(os.environ, RULESPAL_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")


def rulespal_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "rulespal.cli", *args]


def start_server(data_dir: Path, port: int, env: dict | None = None) -> subprocess.Popen:
    """`rulespal serve` as users run it, on a loopback port, once /healthz says it is ready."""
    proc = subprocess.Popen(rulespal_cmd("serve", "--port", str(port)), env=cli_env(data_dir) | (env or {}),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stdout.read()}")
        time.sleep(0.3)
    proc.kill()
    raise RuntimeError("server did not become healthy in 120 s")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def live_server(built):
    port = free_port()
    proc = start_server(built.data_dir, port)
    yield f"http://127.0.0.1:{port}"
    stop_server(proc)
