"""Rulebooks added over HTTP: a real `rulespal serve` with uploads on, real files, the real index swap."""

from __future__ import annotations

import shutil
import signal
import time
from pathlib import Path

import httpx
import pytest

from rulespal.ingest.pipeline import run_ingest
from rulespal.core.settings import REPO_ROOT, Settings
from rulespal.index.layout import DataDir
from tests.conftest import free_port, start_server, stop_server
from tests.helpers import needs

FIXTURES = REPO_ROOT / "tests" / "fixtures"
BOOK = FIXTURES / "uploads" / "lantern-ferry.md"
TOKEN = "table-7-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
MAX_MB = 1
ENV = {"RULESPAL_UPLOAD_TOKEN": TOKEN, "RULESPAL_MAX_FILE_MB": str(MAX_MB)}


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("uploads-data")
    run_ingest(Settings(data_dir=root), progress=False)
    return root


@pytest.fixture(scope="module")
def server(data_dir):
    port = free_port()
    proc = start_server(data_dir, port, ENV)
    yield f"http://127.0.0.1:{port}", proc
    stop_server(proc)


def _follow(url: str, upload_id: str, timeout: float = 180) -> tuple[dict, list[str]]:
    states: list[str] = []
    end = time.time() + timeout
    while time.time() < end:
        job = httpx.get(f"{url}/api/rulebooks/{upload_id}", headers=AUTH, timeout=10).json()
        if not states or states[-1] != job["state"]:
            states.append(job["state"])
        if job["state"] in ("ready", "failed", "removed"):
            return job, states
        time.sleep(0.1)
    raise AssertionError(f"{upload_id} stuck at {states}")


def _games(url: str) -> list[str]:
    return [g["id"] for g in httpx.get(f"{url}/api/games", timeout=10).json()["games"]]


def test_an_uploaded_rulebook_is_answered_from_then_removed(server):
    url, _ = server
    assert httpx.get(f"{url}/api/rulebooks", timeout=10).json()["enabled"] is True
    sent = httpx.post(f"{url}/api/rulebooks", headers=AUTH, timeout=60,
                      files={"file": (BOOK.name, BOOK.read_bytes(), "text/markdown")})
    assert sent.status_code == 202, sent.text
    assert sent.json()["id"] == "lantern-ferry" and sent.json()["title"] == "Lantern Ferry"
    job, states = _follow(url, "lantern-ferry")
    assert job["state"] == "ready", job
    assert states[-1] == "ready" and set(states) <= {"queued", "reading", "embedding", "ready"}
    assert "lantern-ferry" in _games(url)
    answer = httpx.post(f"{url}/api/ask", timeout=60,
                        json={"question": "how many cargo cards can I hold?", "game": "lantern-ferry"}).json()
    assert "5" in answer["answer"] and answer["citations"][0]["doc"] == "lantern-ferry", answer
    listed = httpx.get(f"{url}/api/rulebooks", headers=AUTH, timeout=10).json()["uploads"]
    assert [u["id"] for u in listed] == ["lantern-ferry"]

    gone = httpx.delete(f"{url}/api/rulebooks/lantern-ferry", headers=AUTH, timeout=10)
    assert gone.status_code == 202 and gone.json()["state"] == "removing"
    job, _ = _follow(url, "lantern-ferry")
    assert job["state"] == "removed"
    assert "lantern-ferry" not in _games(url)


def _blank_pdf() -> bytes:
    import pypdfium2

    pdf = pypdfium2.PdfDocument.new()
    pdf.new_page(300, 400)  # a page with nothing on it: what a scan without its text layer reads as
    import io

    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


BAD = {
    "a Word file": ("rules.docx", b"PK\x03\x04 word", 422, "unsupported file type .docx"),
    "a PDF named .txt": ("rules.txt", (FIXTURES / "encrypted.pdf").read_bytes(), 422, "named .txt but the file is a PDF"),
    "text named .pdf": ("rules.pdf", b"Each player draws 2 cards. " * 20, 422, "named .pdf but"),
    "a locked PDF": ("locked.pdf", (FIXTURES / "encrypted.pdf").read_bytes(), 422, "locked with a password"),
    "a PDF with no text": ("scan.pdf", None, 422, "no text layer"),
    "an empty text": ("empty.md", b"  \n\n ", 422, "has no text"),
    "a shipped book again": ("my-copy.txt", (REPO_ROOT / "corpus" / "skull-tales.txt").read_bytes(), 422,
                             "same text as the rulebook 'Skull Tales'"),
    "a shipped book's id": ("skull-tales.md", BOOK.read_bytes(), 409, "shipped corpus"),
    "over the size limit": ("huge.txt", b"Roll two dice and move. " * (MAX_MB * 2**20 // 20), 413, f"{MAX_MB} MB limit"),
}


@pytest.mark.parametrize("case", list(BAD), ids=list(BAD))
def test_a_bad_upload_is_refused_with_its_reason_and_changes_nothing(server, data_dir, case):
    url, _ = server
    name, raw, status, said = BAD[case]
    before = DataDir(data_dir).current(), _games(url)
    sent = httpx.post(f"{url}/api/rulebooks", headers=AUTH, timeout=60,
                      files={"file": (name, _blank_pdf() if raw is None else raw)})
    assert sent.status_code == status, sent.text
    assert said in sent.json()["error"]["message"]
    assert (DataDir(data_dir).current(), _games(url)) == before


def test_uploads_need_the_token(server):
    url, _ = server
    files = {"file": (BOOK.name, BOOK.read_bytes())}
    none = httpx.post(f"{url}/api/rulebooks", files=files, timeout=10)
    wrong = httpx.post(f"{url}/api/rulebooks", files=files, timeout=10, headers={"Authorization": "Bearer nope"})
    assert (none.status_code, none.json()["error"]["code"]) == (401, "unauthorized")
    assert (wrong.status_code, wrong.json()["error"]["message"]) == (401, "the upload token is not right.")
    assert httpx.delete(f"{url}/api/rulebooks/skull-tales", headers=AUTH, timeout=10).status_code == 403


def test_uploads_are_off_without_a_token(client):
    assert client.get("/api/rulebooks").json()["enabled"] is False
    off = client.post("/api/rulebooks", files={"file": (BOOK.name, BOOK.read_bytes())}, headers=AUTH)
    assert off.status_code == 403 and "RULESPAL_UPLOAD_TOKEN" in off.json()["error"]["message"]


def test_a_server_killed_during_an_uploads_ingest_serves_the_old_build(data_dir, tmp_path):
    """Killed while the new build is being made: on restart the old build serves and the upload says why."""
    root = tmp_path / "data"
    shutil.copytree(data_dir, root, ignore=shutil.ignore_patterns("uploads", "ingest.lock"))
    port = free_port()
    proc = start_server(root, port, ENV)
    url = f"http://127.0.0.1:{port}"
    before = DataDir(root).current()
    # a long rulebook (every line its own rule) keeps the ingest busy long enough to be killed in it
    lines = [f"Rule {i}: a ferry on dock {i} that rows {i % 7 + 1} spaces takes {i % 5 + 1} lanterns." for i in range(9000)]
    try:
        sent = httpx.post(f"{url}/api/rulebooks", headers=AUTH, timeout=60,
                          files={"file": ("long-river.txt", "\n".join(lines).encode())})
        assert sent.status_code == 202, sent.text
        end = time.time() + 60
        while httpx.get(f"{url}/api/rulebooks/long-river", headers=AUTH, timeout=10).json()["state"] not in (
                "reading", "embedding") and time.time() < end:
            time.sleep(0.05)
        # meanwhile the old build answers
        found = httpx.post(f"{url}/api/search", json={"query": "hand limit", "k": 2}, timeout=30)
        assert found.status_code == 200 and found.json()["hits"]
        assert httpx.get(f"{url}/healthz", timeout=10).json()["build"] == before
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert DataDir(root).current() == before
        proc = start_server(root, port, ENV)
        job = httpx.get(f"{url}/api/rulebooks/long-river", headers=AUTH, timeout=10).json()
        assert job["state"] == "failed" and "server stopped" in job["message"], job
        assert "long-river" not in _games(url) and DataDir(root).current() == before
        assert httpx.get(f"{url}/healthz", timeout=10).json()["build"] == before
    finally:
        stop_server(proc)


@pytest.mark.parametrize("size", [("desktop", 1280, 860), ("phone", 390, 844)], ids=["desktop", "phone"])
def test_a_pdf_added_on_the_chat_page_becomes_a_game_to_ask(server, size):
    """In a real browser: the token once, a PDF dropped (desktop) or chosen (phone), progress shown, the new game
    picked and answered, with no restart."""
    from tests.rulespal.test_web import ARGS, CHROMIUM, SHOTS

    for mark in needs(CHROMIUM is None, "Debian's chromium is not installed", "RULESPAL_SKIP_BROWSER"):
        if mark.name == "skip":
            pytest.skip(mark.kwargs["reason"])
        if mark.name == "requirement":
            pytest.fail(mark.args[0], pytrace=False)
    from playwright.sync_api import sync_playwright

    url, _ = server
    name, w, h = size
    SHOTS.mkdir(parents=True, exist_ok=True)
    title = f"Tide Market {name}"
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": w, "height": h})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "/")
            page.locator("#add-book").click()
            page.locator("#add-token").fill(TOKEN)
            pdf = FIXTURES / "uploads" / "tide-market.pdf"
            if name == "desktop":  # dropped on the drop zone, as from a file manager
                data = page.evaluate_handle(
                    "bytes => { const dt = new DataTransfer(); dt.items.add(new File([new Uint8Array(bytes)], "
                    "'tide-market.pdf', { type: 'application/pdf' })); return dt; }", list(pdf.read_bytes()))
                page.dispatch_event("#drop", "drop", {"dataTransfer": data})
            else:  # chosen with the file picker, as on a phone
                page.locator("#add-file").set_input_files(str(pdf))
            assert "tide-market.pdf" in page.locator("#drop-said").inner_text()
            page.locator("#add-name").fill(title)
            page.screenshot(path=str(SHOTS / f"{name}-upload-chosen.png"))
            page.locator("#add-send").click()
            try:
                page.wait_for_function("document.querySelector('#add-said').textContent.includes('ready: ask away')",
                                       timeout=120000)
            except Exception:
                raise AssertionError(page.locator("#add-said").inner_text()) from None
            page.screenshot(path=str(SHOTS / f"{name}-upload-ready.png"))
            assert page.locator("#add-progress").evaluate("p => p.value") == 100
            page.locator("#add-close").click()
            assert page.locator("#game-input").input_value() == title
            page.locator("#question").fill("how many shells does each player start with?")
            page.locator("#question").press("Enter")
            page.wait_for_function("!document.querySelector('[aria-busy=true]')", timeout=60000)
            answer = page.locator(".msg.bot").last.inner_text()
            page.screenshot(path=str(SHOTS / f"{name}-upload-answered.png"), full_page=True)
            assert "4 shells" in answer, answer
        finally:
            browser.close()
    assert not errors, errors
    gid = title.lower().replace(" ", "-")
    assert httpx.delete(f"{url}/api/rulebooks/{gid}", headers=AUTH, timeout=10).status_code == 202
    assert _follow(url, gid)[0]["state"] == "removed"
