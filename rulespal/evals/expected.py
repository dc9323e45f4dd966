"""Expected scores, checked in: `rulespal eval --check` fails when a question that was right turns
wrong (each one named, or counted for the blind test split, which allows ``HIDDEN_NOISE`` losses matched
by gains), or a group's score drops beyond the tolerance."""

from __future__ import annotations

import json
from collections.abc import Set as AbstractSet
from pathlib import Path

EXPECTED = Path(__file__).with_name("expected.json")
BLIND_EXPECTED = Path(__file__).with_name("blind") / "expected.json"
METRICS = ("answer_accuracy", "citation_hit", "abstention_recall", "hit@5")
GROUPS = ("by_split", "by_category", "by_lang", "by_kind")
BASE_TOLERANCE = 0.03
# Blind test-split questions (counted, never named) that may turn wrong when at least as many turn right: the
# same commit flipped one test question each way on CI's machine (2026-12-06). Equal scores and the approximate
# search have since been made to rank alike everywhere, but another CPU still rounds the models' and BLAS's
# floats differently and can tip a near-tie. A loss with no matching gain, or more losses than this, still
# fails; dev and five-book questions are held exactly.
HIDDEN_NOISE = 2


def _groups(rep: dict) -> dict[str, dict]:
    out = {"overall": rep["overall"]}
    for g in GROUPS:
        for k, v in rep.get(g, {}).items():
            out[f"{g[3:]}:{k}"] = v
    return out


def write_expected(rep: dict, path: Path = EXPECTED) -> None:
    data = {
        "tolerance": BASE_TOLERANCE,
        "note": "tolerance per group is max(tolerance, 1.5 / n): one flipped question in a small group is noise; "
                "any single question that turns from right to wrong fails the check",
        "groups": {k: {"n": v["n"], **{m: v[m] for m in METRICS if v.get(m) is not None}}
                   for k, v in _groups(rep).items()},
        "questions": rep["questions"],
    }
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def check_against(rep: dict, path: Path = EXPECTED, hidden: AbstractSet[str] = frozenset()) -> tuple[bool, list[str]]:
    """Compare a run with the checked-in expectations. Questions in ``hidden`` (the blind test split)
    are counted, never named."""
    if not path.exists():
        return False, [f"no expected scores at {path}: run `rulespal eval --update-expected` first"]
    expected = json.loads(path.read_text(encoding="utf-8"))
    tol = expected.get("tolerance", BASE_TOLERANCE)
    now = _groups(rep)
    ok = True
    messages = []
    for group, exp in sorted(expected["groups"].items()):
        cur = now.get(group)
        if cur is None:
            continue
        allowed = max(tol, 1.5 / max(1, exp.get("n", 1)))
        for m in METRICS:
            if m in exp and cur.get(m) is not None and cur[m] < exp[m] - allowed:
                ok = False
                messages.append(f"REGRESSION {group} {m}: {cur[m]:.3f} < expected {exp[m]:.3f} - {allowed:.3f}")
    was = expected.get("questions", {})
    worse = sorted(q for q, good in was.items() if good and rep["questions"].get(q) is False)
    better = sorted(q for q, good in was.items() if not good and rep["questions"].get(q) is True)
    if worse:
        ok = ok and _noise(worse, better, hidden)
        messages.append(_flips("now wrong", worse, hidden))
    if better:
        messages.append(_flips("now right", better, hidden))
    return ok, messages


def _noise(worse: list[str], better: list[str], hidden: AbstractSet[str]) -> bool:
    """Whether the questions that turned wrong are all hidden and within ``HIDDEN_NOISE``, matched by gains."""
    lost = [q for q in worse if q in hidden]
    return len(lost) == len(worse) and len(lost) <= HIDDEN_NOISE and sum(q in hidden for q in better) >= len(lost)


def _flips(what: str, ids: list[str], hidden: AbstractSet[str]) -> str:
    named = [q for q in ids if q not in hidden]
    return (f"{what} ({len(ids)}): {', '.join(named)}"
            + (f" and {len(ids) - len(named)} test-split questions" if len(named) < len(ids) else ""))
