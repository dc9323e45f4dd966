"""Check every number an answer states against the rulebook text it cites.

A number is ``verified`` when it stands in a cited span (the source points at the number itself),
``unverified`` when no cited span states it. This runs on every answer, whatever wrote it.
The fact tables of the structured-rules work (issue 3) will add ``contradicted``.
"""

from __future__ import annotations

import re

from rulespal.answer import Answer, Check, Citation

MARKER = re.compile(r"\[\d+\]")
NUMBER = re.compile(r"(?<![\w.])([+-]?\d+(?:\s*[-–]\s*\d+)?)(?:\s*-?\s*([A-Za-z가-힣][\w가-힣]*))?")


def _number_in(quote: str, number: str) -> int:
    m = re.search(rf"(?<![\d]){re.escape(number)}(?![\d])", quote)
    return m.start() if m else -1


def check_answer(answer: Answer) -> list[Check]:
    text = MARKER.sub(" ", answer.answer)
    checks: list[Check] = []
    seen: set[str] = set()
    for m in NUMBER.finditer(text):
        number = re.sub(r"\s+", "", m.group(1))
        claim = f"{m.group(1)} {m.group(2)}" if m.group(2) else m.group(1)
        if claim in seen:
            continue
        seen.add(claim)
        source = _source(answer.citations, number.lstrip("+"))
        if source:
            checks.append(Check(claim, "verified", source))
        else:
            checks.append(Check(claim, "unverified", None, "no cited passage states this number"))
    return checks


def _source(citations: list[Citation], number: str) -> dict | None:
    for c in citations:
        at = _number_in(c.quote, number)
        if at >= 0:
            return {"doc": c.doc, "start": c.start + at, "end": c.start + at + len(number)}
    return None
