"""Make sure Debian's Chromium is installed for the browser tests (never a downloaded browser build)."""

import os
import shutil
import subprocess
import sys


def _has_korean_font() -> bool:
    try:
        out = subprocess.run(["fc-list", ":lang=ko"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return bool(out.strip())


def main() -> int:
    wanted = []
    if not shutil.which("chromium"):
        wanted.append("chromium")
    if not _has_korean_font():
        wanted.append("fonts-noto-cjk")  # the screenshots must show Korean, not empty boxes
    if not wanted or os.environ.get("RULESPAL_SKIP_BROWSER_INSTALL"):
        return 0
    if os.geteuid() != 0:
        # pytest then fails each browser test saying what is missing (RULESPAL_SKIP_BROWSER=1 skips them, named)
        print(f"missing {', '.join(wanted)}: the browser tests will fail until you apt-get install them "
              "(or set RULESPAL_SKIP_BROWSER=1 to skip them)", file=sys.stderr)
        return 0
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    print(f"installing {' and '.join(wanted)} from Debian for the browser tests...", file=sys.stderr)
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, **quiet)
    subprocess.run(["apt-get", "install", "-y", "-qq", *wanted], check=False, env=env, **quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
