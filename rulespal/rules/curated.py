"""The schema of curated rule data (``corpus/facts/<doc>.toml``), checked when it is loaded.

Curated data is for what a rulebook's text cannot give on its own: cells the extraction left
stray, values a book says it does not print, thresholds with alternatives, roll modifiers and
formulas stated in prose. Each entry carries the quote it comes from.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError


class CuratedFactError(ValueError):
    """Curated data is malformed, or its quote is not in the rulebook: fix corpus/facts/ before trusting facts."""


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CellValue(_Entry):
    column: str
    value: str
    occurrence: int = 1  # which occurrence of ``value`` inside the quote


class CellBlock(_Entry):
    table: str
    row: str
    quote: str
    values: list[CellValue]


class NotPrinted(_Entry):
    what: str
    keys: list[str]  # phrases a question must contain for this to apply
    quote: str


class Alternative(_Entry):
    resource: str
    amount: int
    quote: str


class Threshold(_Entry):
    name: str
    keys: list[str]
    alternatives: list[Alternative]


class Modifier(_Entry):
    table: str  # the roll chart it modifies
    name: str
    quote: str
    value: int | None = None  # a fixed modifier, applied when the question names one of ``keys``
    keys: list[str] = []
    per_unit: int | None = None  # or a modifier per unit the question counts with ``unit_pattern``
    unit_pattern: str | None = None


class Formula(_Entry):
    name: str
    keys: list[str]
    input_pattern: str  # a regex whose group 1 is the input number
    operation: Literal["half_up", "sum"]
    quote: str
    add_pattern: str | None = None  # for "sum": a regex whose group 1 counts what is added
    add_per_unit: int | None = None
    result_unit: str = ""  # what the result counts ("Gold"), as the rulebook names it


class Curated(_Entry):
    cells: list[CellBlock] = []
    not_printed: list[NotPrinted] = []
    thresholds: list[Threshold] = []
    modifiers: list[Modifier] = []
    formulas: list[Formula] = []


def load_curated(path: Path) -> Curated:
    try:
        return Curated.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as e:
        raise CuratedFactError(f"{path}: {e}") from None
