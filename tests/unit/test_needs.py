"""A missing requirement (the browser, ../shared) fails the tests that need it, unless skipping is asked for."""

import os
import subprocess
import sys

from rulespal.core.settings import REPO_ROOT

MODULE = """
from tests.helpers import needs
pytestmark = needs(True, "the thing is not installed", "SKIP_THE_THING")

def test_uses_the_thing():
    assert True
"""


def _run(tmp_path, **env):
    (tmp_path / "test_thing.py").write_text(MODULE)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest", "--rootdir", str(REPO_ROOT),
                           "-c", str(REPO_ROOT / "pyproject.toml"), str(tmp_path / "test_thing.py")],
                          cwd=REPO_ROOT, capture_output=True, text=True, env=dict(os.environ, **env), timeout=120)


def test_a_missing_requirement_fails_with_what_to_do(tmp_path):
    out = _run(tmp_path)
    assert out.returncode == 1 and "the thing is not installed; install it" in out.stdout, out.stdout


def test_asking_to_skip_skips_and_says_so(tmp_path):
    out = _run(tmp_path, SKIP_THE_THING="1")
    assert out.returncode == 0 and "skipped: SKIP_THE_THING=1" in out.stdout, out.stdout
