"""Uploads are ingested one at a time, in the order they came, each with its own progress (fakes for ingest)."""

import threading
import time
from types import SimpleNamespace

from rulespal import uploads as up
from rulespal.core.settings import Settings


def test_uploads_queue_and_run_one_at_a_time(tmp_path, monkeypatch):
    running, most, order = [0], [0], []
    lock = threading.Lock()

    def plan_build(settings, paths, extra, prev):
        title = paths[0].stem.title()
        return SimpleNamespace(staged=[SimpleNamespace(doc=SimpleNamespace(title=title))])

    def run_ingest(settings, paths, progress, on_stage):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        order.append(paths[0].stem)
        on_stage("reading")
        time.sleep(0.2)
        on_stage("embedding")
        with lock:
            running[0] -= 1
        return SimpleNamespace(docs=6, chunks=10, seconds=0.2)

    monkeypatch.setattr(up, "plan_build", plan_build)
    monkeypatch.setattr(up, "run_ingest", run_ingest)
    books = up.Uploads(Settings(data_dir=tmp_path))
    first = books.add("alpha.md", b"# Alpha\n\nRoll a die.")
    second = books.add("beta.md", b"# Beta\n\nDraw a card.")
    assert (first.state, second.state) == ("queued", "queued")
    assert books.wait_idle(10)
    assert most[0] == 1 and order == ["alpha", "beta"]
    assert [(u.id, u.state) for u in books.all()] == [("alpha", "ready"), ("beta", "ready")]
    assert books.get("beta").message.startswith("ready: 6 rulebooks")
