"""The long fuzz run: schemathesis-generated requests against every endpoint (thousands in all).

    .venv/bin/python scripts/fuzz_api.py --examples 600
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from rulespal.api import create_app, get_service
    from rulespal.service import RulesPal
    from rulespal.settings import get_settings
    from tests.reliability.test_fuzz_api import fuzz

    ap = argparse.ArgumentParser()
    ap.add_argument("--examples", type=int, default=600)
    args = ap.parse_args()
    settings = get_settings().model_copy(update={"rate_per_minute": 0})
    service = RulesPal(settings)
    app = create_app(settings)
    app.dependency_overrides[get_service] = lambda: service
    counts = fuzz(app, args.examples)  # raises on the first server error or malformed 4xx
    print(json.dumps({"requests": sum(counts.values()), "per_operation": counts, "server_errors": 0}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
