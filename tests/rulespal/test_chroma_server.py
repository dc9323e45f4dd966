"""RulesPal against a Chroma server (`chroma run` on loopback) gives the same hits as the embedded store."""

import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from rulespal.ingest.pipeline import run_ingest
from rulespal.service import RulesPal
from tests.conftest import free_port

CHROMA = shutil.which("chroma") or str(Path(__import__("sys").executable).with_name("chroma"))
QUESTIONS = ["How many souls per Soul Level with 3 players?", "What is the maximum crew Morale?",
             "휴식 액션은 뭐야?", "What does the Rest action do in Dead Men Tell No Tales?",
             "How much is the ransom for the governor's daughter?", "Cursed Gold"]


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory):
    port = free_port()
    path = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen([CHROMA, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/api/v2/heartbeat", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("chroma server did not start")
    yield url
    proc.terminate()
    proc.wait(10)


def test_server_mode_matches_embedded(chroma_server, service, built, tmp_path):
    remote = built.model_copy(update={"data_dir": tmp_path / "data", "chroma_url": chroma_server})
    report = run_ingest(remote, progress=False)
    assert report.changed and not (tmp_path / "data" / "builds" / report.build / "chroma").exists()
    over_http = RulesPal(remote)
    for q in QUESTIONS:
        a = [(h.chunk.doc, h.chunk.start, h.chunk.end) for h in service.search(q, None, 8)]
        b = [(h.chunk.doc, h.chunk.start, h.chunk.end) for h in over_http.search(q, None, 8)]
        assert a == b, q
    assert over_http.ask(QUESTIONS[0]).answer == service.ask(QUESTIONS[0]).answer
