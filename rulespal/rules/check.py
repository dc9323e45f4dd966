"""Check every number an answer states, whatever wrote the answer.

- ``verified``: a fact in a cited table says exactly this (source: that cell), or, where no table
  covers it, the cited passage states the number (source: the number's own span);
- ``contradicted``: a cited table has a value for this context (same unit, same player count or row)
  and it is a different number — such an answer is never returned as is (see ``enforce``);
- ``unverified``: nothing cited states it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rulespal.core.messages import say
from rulespal.core.tokens import STOPWORDS
from rulespal.core.types import Answer, Check, Citation, Draft, SourceSpan
from rulespal.core.numbers import WORD_NUMBERS
from rulespal.rules.facts import Fact, FactBook
from rulespal.rules.lookup import HEADER_PLAYERS, PLAYER_COUNT

MARKER = re.compile(r"\[\d+\]")
NUMBER = re.compile(r"(?<![\w.])([+-]?\d+(?:\s*[-–]\s*\d+)?)(?:\s*-?\s*([A-Za-z가-힣][\w가-힣]*))?")
LEADING_NUMBER = re.compile(r"[+-]?\d+")


def _number_in(quote: str, number: str) -> int:
    m = re.search(rf"(?<![\d]){re.escape(number)}(?![\d])", quote)
    return m.start() if m else -1


def _stem(word: str) -> str:
    return word.casefold().rstrip("s")


def _value_number(fact: Fact, unit: str) -> str | None:
    """The number a cell gives for ``unit``: "4 Gold or -2 Health" gives -2 for Health."""
    for m in NUMBER.finditer(fact.value):
        if m.group(2) and _stem(m.group(2)) == _stem(unit):
            return re.sub(r"\s+", "", m.group(1)).lstrip("+")
    m = LEADING_NUMBER.search(fact.value)
    return m.group().lstrip("+") if m else None


def check_answer(draft: Draft, book: FactBook | None = None, question: str = "") -> list[Check]:
    text = MARKER.sub(" ", draft.text)
    asked = {re.sub(r"\s+", "", n).lstrip("+") for n, _ in NUMBER.findall(question)}
    asked |= {str(WORD_NUMBERS[w]) for w in re.findall(r"[a-z]+", question.casefold()) if w in WORD_NUMBERS}
    players = PLAYER_COUNT.search(text)
    checks: list[Check] = []
    seen: set[str] = set()
    for m in NUMBER.finditer(text):
        number = re.sub(r"\s+", "", m.group(1)).lstrip("+")
        unit = m.group(2) or ""
        if unit.casefold() in STOPWORDS:
            unit = ""
        claim = f"{m.group(1)} {unit}".strip()
        if claim in seen:
            continue
        seen.add(claim)
        verdict = _against_tables(book, draft.citations, number, unit, text, players) if book and unit else None
        if verdict:
            checks.append(verdict(claim))
            continue
        source = _span_source(draft.citations, number)
        if number in draft.derived:
            checks.append(Check(claim=claim, status="verified", source=draft.derived[number],
                                detail="computed by the cited rule"))
        elif source:
            checks.append(Check(claim=claim, status="verified", source=source))
        elif number in asked:
            checks.append(Check(claim=claim, status="unverified", detail="taken from your question"))
        else:
            checks.append(Check(claim=claim, status="unverified", detail="no cited passage states this number"))
    return checks


def _against_tables(book: FactBook, citations: tuple[Citation, ...], number: str, unit: str, text: str, players):
    cited = [f for f in book.facts if f.kind == "cell"
             and any(f.doc == c.doc and c.start <= f.start and f.end <= c.end for c in citations)]
    relevant = [f for f in cited if any(_stem(w) == _stem(unit) for w in re.findall(r"[A-Za-z가-힣]+", f.value))]
    if not relevant:
        return None
    selected = []
    for f in relevant:
        hm = HEADER_PLAYERS.search(f.column) if players else None
        if hm and int(players.group(1)) in {int(hm.group(1)), int(hm.group(2) or 0)}:
            selected.append(f)
        elif f.row and f.row.casefold() in text.casefold():
            selected.append(f)
    pool = selected or relevant
    match = next((f for f in pool if _value_number(f, unit) == number), None)
    if match:
        return lambda claim: Check(claim=claim, status="verified", source=match.source(),
                                   detail=f"{match.table}: {match.value}")
    expected = pool[0]
    detail = (f"the rulebook's table says {expected.value}" if selected
              else f"the cited table has no {number} {unit}")
    return lambda claim: Check(claim=claim, status="contradicted", source=expected.source(), detail=detail)


def _span_source(citations: tuple[Citation, ...], number: str) -> SourceSpan | None:
    for c in citations:
        at = _number_in(c.quote, number)
        if at >= 0:
            return SourceSpan(doc=c.doc, start=c.start + at, end=c.start + at + len(number))
    return None


def enforce(draft: Draft, book: FactBook | None, question: str = "", lang: str = "en") -> Answer:
    """The checked answer; a draft with a contradicted number is replaced by the quoted rule."""
    checks = check_answer(draft, book, question)
    if not any(c.status == "contradicted" for c in checks) or not draft.citations:
        return draft.to_answer(checks)
    wrong = ", ".join(c.claim for c in checks if c.status == "contradicted")
    quotes = " ".join(f"\u201c{' '.join(c.quote.split())}\u201d [{c.n}]" for c in draft.citations)
    quoted = replace(draft, text=say(lang, "replaced", quotes=quotes))
    checks = check_answer(quoted, None, question) + [
        Check(claim=wrong, status="contradicted", detail="a drafted answer stated this; replaced by the quoted rule")]
    return quoted.to_answer(checks)
