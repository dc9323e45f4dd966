"""The working of a computation: the rule statements it uses, with their spans, and its steps as a player reads
them ("3 lanterns × 2 points = 6 [1]"), each step citing its rule once."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulespal.rules.quantities import Statement


@dataclass(frozen=True)
class Found:
    """A statement of one unit of a retrieved passage."""

    statement: Statement
    doc: str
    start: int  # the unit's span in the rulebook
    end: int
    rank: int  # the passage's rank in the search
    context: frozenset[str] = frozenset()  # the stems of its unit and section ("road", "city")


@dataclass
class Working:
    steps: list[str] = field(default_factory=list)
    used: list[Found] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # said after the result: what it does not include
    computed: list[float] = field(default_factory=list)

    def cite(self, f: Found) -> int:
        """One citation per sentence, however many of its statements the working uses."""
        spans = [(g.doc, g.start, g.end) for g in self.used]
        if (f.doc, f.start, f.end) not in spans:
            self.used.append(f)
            spans.append((f.doc, f.start, f.end))
        return spans.index((f.doc, f.start, f.end)) + 1

    def step(self, text: str, f: Found, value: float) -> float:
        self.steps.append(f"{text} [{self.cite(f)}]")
        self.computed.append(value)
        return value


def fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def unit_words(st: Statement) -> str:
    return f"{st.gives_text or ' '.join(sorted(st.gives))} " if st.gives else ""
