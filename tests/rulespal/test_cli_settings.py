"""The command line with settings a person got wrong, an index built for other settings, and Ctrl-C:
one line that names what to change, exit code 2 (130 for Ctrl-C), never a traceback."""

import json
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from rulespal.ingest.pipeline import run_ingest
from rulespal.core.settings import Settings
from rulespal.core.text import read_text_exact
from rulespal.index.layout import DataDir
from tests.conftest import cli_env, rulespal_cmd


def _run(data_dir: Path, *args: str, timeout: int = 180, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(rulespal_cmd(*args), env=dict(cli_env(data_dir), **env), capture_output=True, text=True,
                          timeout=timeout)


def _one_line_error(p: subprocess.CompletedProcess, *said: str) -> None:
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and p.stderr.startswith("error: "), p.stderr
    assert len(p.stderr.strip().splitlines()) == 1, p.stderr
    for words in said:
        assert words in p.stderr, p.stderr


@pytest.mark.parametrize("env,args,said", [
    ({"RULESPAL_MAX_FILE_MB": "abc"}, ("ingest", "x.md"), ("RULESPAL_MAX_FILE_MB='abc'", "a whole number")),
    ({"RULESPAL_LEXICAL": "maybe"}, ("ask", "How many actions?"), ("RULESPAL_LEXICAL='maybe'", "true or false")),
    ({"RULESPAL_EMBEDDERS": "bogus"}, ("ingest",), ("RULESPAL_EMBEDDERS='bogus'", "unknown embedder 'bogus'",
                                                    "'use'", "'minilm'")),
    ({"RULESPAL_EMBEDDERS": "use,bogus"}, ("ask", "How many actions?"), ("unknown embedder 'bogus'",)),
    ({"RULESPAL_EMBEDDERS": ","}, ("ask", "How many actions?"), ("RULESPAL_EMBEDDERS=','", "names no embedder")),
    ({"RULESPAL_MAX_QUESTION_CHARS": "0"}, ("ask", "How many actions?"), ("RULESPAL_MAX_QUESTION_CHARS='0'",)),
    ({"RULESPAL_MAX_K": "5000"}, ("search", "morale"), ("RULESPAL_MAX_K='5000'", "from 1 to 1000")),
    ({"RULESPAL_MAX_K": "4"}, ("serve",), ("RULESPAL_DEFAULT_K=5", "RULESPAL_MAX_K=4")),
    ({"RULESPAL_DEFAULT_K": "9", "RULESPAL_MAX_K": "8"}, ("search", "morale"), ("RULESPAL_DEFAULT_K=9",
                                                                              "RULESPAL_MAX_K=8")),
])
def test_a_bad_setting_is_one_line_naming_it(tmp_path, env, args, said):
    _one_line_error(_run(tmp_path / "data", *args, **env), *said)


def test_the_api_key_is_never_echoed():
    from rulespal.core.settings import _explain

    err = {"loc": ("llm_api_key",), "input": "sk-secret", "msg": "bad", "type": "string_type"}
    assert "sk-secret" not in _explain(err) and "RULESPAL_LLM_API_KEY" in _explain(err)


def test_other_embedders_than_the_index_was_built_with(built):
    for args in (("ask", "How many actions per turn?"), ("search", "morale"), ("serve", "--port", "0")):
        p = _run(built.data_dir, *args, RULESPAL_EMBEDDERS="minilm")
        _one_line_error(p, "the index was built with embedders 'use'", "RULESPAL_EMBEDDERS asks for 'minilm'",
                        "run `rulespal ingest`", "unset RULESPAL_EMBEDDERS")
        assert "serving on" not in p.stdout


def test_search_k_follows_max_k(built):
    p = _run(built.data_dir, "search", "crew morale", "--k", "60", "--json", RULESPAL_MAX_K="100")
    assert p.returncode == 0, p.stderr
    assert 50 < len(json.loads(p.stdout)["hits"]) <= 60
    _one_line_error(_run(built.data_dir, "search", "crew morale", "--k", "101", RULESPAL_MAX_K="100"),
                    "between 1 and 100", "RULESPAL_MAX_K")


def test_serve_starts_with_a_max_k_below_five(built):
    proc = subprocess.Popen(rulespal_cmd("serve", "--port", "0"),
                            env=dict(cli_env(built.data_dir), RULESPAL_MAX_K="4", RULESPAL_DEFAULT_K="3"),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = proc.stdout.readline()  # "RulesPal is serving on ..." once warm, or the error it stopped with
    finally:
        proc.terminate()
        proc.wait(30)
    assert "serving on" in first, first


def test_a_missing_file_is_named_by_the_path_given(tmp_path):
    missing = tmp_path / "rules" / "missing.md"
    p = _run(tmp_path / "data", "ingest", str(missing))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert f"{missing}: no such file" in p.stderr and "the index is unchanged" in p.stderr


@pytest.fixture()
def fresh(tmp_path) -> Settings:
    s = Settings(data_dir=tmp_path / "data")
    run_ingest(s, progress=False)
    return s


def test_ctrl_c_during_ingest_says_the_index_is_unchanged(fresh, tmp_path):
    before = DataDir(fresh.data_dir).current()
    builds = set((fresh.data_dir / "builds").iterdir())
    big = tmp_path / "big-rules.txt"
    base = read_text_exact(Path(fresh.corpus_dir) / "skull-tales.txt")
    marker = uuid.uuid4().hex[:8]  # text no earlier run embedded: the embedding takes a while
    big.write_text("\n\n".join(f"Variant {i} {marker}\n\n" + base.replace("Skull", f"Reef{marker}{i}")
                               for i in range(40)), encoding="utf-8")  # ~1.5 MB: embedding it takes seconds
    # A job started in the background of a non-interactive shell (CI) inherits SIGINT ignored: give it back
    proc = subprocess.Popen(rulespal_cmd("ingest", "-q", str(big)), env=cli_env(fresh.data_dir),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None and set((fresh.data_dir / "builds").iterdir()) <= builds:
        time.sleep(0.05)  # until the new build is being written
    # Ctrl-C, and again if a native library that was starting up swallowed the first (seen on a clean clone)
    time.sleep(0.3)
    for _ in range(30):
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=2)  # time to say what happened before any second Ctrl-C
            break
        except subprocess.TimeoutExpired:
            continue
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (proc.returncode, out, err)
    assert "interrupted: the index is unchanged; run the same command again" in err and "Traceback" not in err, err
    assert DataDir(fresh.data_dir).current() == before
