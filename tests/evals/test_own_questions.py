"""`rulespal eval --questions`: a user's own questions on a user's own books, scored and gated as ours are."""

from __future__ import annotations

import json
import shutil
import subprocess

from rulespal.core.settings import REPO_ROOT
from tests.conftest import cli_env, rulespal_cmd

OWN = REPO_ROOT / "tests" / "fixtures" / "own" / "questions.jsonl"
BOOKS = REPO_ROOT / "tests" / "fixtures" / "uploads"


def _eval(data_dir, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(rulespal_cmd("eval", *args), env=cli_env(data_dir), capture_output=True, text=True,
                          timeout=600)


def test_own_questions_are_scored_reported_and_gated(tmp_path):
    questions = tmp_path / "club.jsonl"
    shutil.copy(OWN, questions)
    first = _eval(tmp_path / "data", "--questions", str(questions), "--books", str(BOOKS), "--html",
                  str(tmp_path / "club.html"), "--json", str(tmp_path / "club.json"), "--update-expected")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "club.jsonl (8 questions)" in first.stdout and "lantern-ferry" in first.stdout
    scores = json.loads((tmp_path / "club.json").read_text())["own"]["rulespal"]
    assert scores["overall"]["n"] == 8 and scores["overall"]["answer_accuracy"] >= 0.75
    assert (tmp_path / "club.html").read_text().startswith("<!doctype html>")
    assert (tmp_path / "club.expected.json").exists()
    right = [q for q, ok in scores["questions"].items() if ok]
    assert "hand-limit" in right

    # a release that gets a question wrong fails the gate and names it
    rows = [json.loads(line) for line in questions.read_text().splitlines()]
    rows[0]["must"] = ["17"]
    questions.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    gated = _eval(tmp_path / "data", "--questions", str(questions), "--books", str(BOOKS), "--check")
    assert gated.returncode == 1, gated.stdout + gated.stderr
    assert "hand-limit" in gated.stdout and "FAILED" in gated.stdout


def test_a_bad_questions_file_says_which_line(tmp_path):
    questions = tmp_path / "bad.jsonl"
    questions.write_text(OWN.read_text().splitlines()[0] + "\n"
                         + '{"question": "How do I win?", "game": "Nowhere Ferry"}\n')
    out = _eval(tmp_path / "data", "--questions", str(questions), "--books", str(BOOKS))
    assert out.returncode == 2 and "bad.jsonl:2: unknown game 'Nowhere Ferry'" in out.stderr, out.stderr
    questions.write_text('{"question": "How do I win?", "game": "Lantern Ferry", "evidence": "roll a six"}\n')
    out = _eval(tmp_path / "data", "--questions", str(questions), "--books", str(BOOKS))
    assert out.returncode == 2 and "bad.jsonl:1: evidence quote not found in lantern-ferry" in out.stderr, out.stderr
