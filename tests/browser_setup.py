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
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
