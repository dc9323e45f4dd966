"""Blind dev questions whose written answer opens with Yes or No: how many verdicts the answers give and how many
are right, with the hand reading alone and with the verdict model (training/verdict/README.md). Dev only.

    .venv/bin/python scripts/verdict_dev.py     (after `rulespal eval` built the blind index)
"""

from __future__ import annotations

import json
import re

from rulespal.core.settings import REPO_ROOT, Settings
from rulespal.core.tuning import Tuning
from rulespal.core.types import Turn
from rulespal.evals import blind
from rulespal.evals.runner import term_present
from rulespal.service import RulesPal


def main() -> None:
    settings = blind.eval_settings(Settings(), "blind")
    rows = [json.loads(line) for f in sorted((REPO_ROOT / "rulespal/evals/blind/dev").glob("*.jsonl"))
            for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r.get("answerable") and re.match(r"^(yes|no)\b", r.get("expected", ""), re.I)]
    print(f"{len(rows)} dev questions whose written answer opens with yes or no")
    tuning = Tuning.for_settings(settings)
    for name, gate, first in (("", True, False), ("minilm-verdict", True, False), ("minilm-verdict", True, True),
                              ("minilm-verdict", False, False), ("minilm-verdict", False, True)):
        service = RulesPal(settings.model_copy(update={"verdict": name}),
                           tuning.replace(verdict_needs_reader=gate, verdict_first=first))
        said = right = 0
        for r in rows:
            answer = service.ask(r["question"], r.get("game"), [Turn(**h) for h in r.get("history") or []]).answer
            # graded as the eval grades a yes or no: the answer's first word, in English or Korean
            said += term_present("yes", answer) or term_present("no", answer)
            right += term_present(r["expected"].split()[0].strip(".,:;"), answer)
        label = (f"{name} {'before' if first else 'after'} the hand reading, "
                 f"{'only where the reader reads the rule as the answer' if gate else 'on any closest rule'}")
        print(f"{label if name else 'hand reading only'}: {said} verdicts, {right} right", flush=True)


if __name__ == "__main__":
    main()
