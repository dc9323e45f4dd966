"""Make sure Debian's Chromium is installed for the browser tests (never a downloaded browser build)."""

import os
import shutil
import subprocess
import sys


def main() -> int:
    if shutil.which("chromium") or os.environ.get("RULESPAL_SKIP_BROWSER_INSTALL"):
        return 0
    if os.geteuid() != 0:
        print("chromium is not installed; browser tests will be skipped (apt-get install chromium)", file=sys.stderr)
        return 0
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    print("installing Debian's chromium for the browser tests...", file=sys.stderr)
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, **quiet)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env, **quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
