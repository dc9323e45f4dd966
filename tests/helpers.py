"""Small builders for test inputs."""

from __future__ import annotations

import re


def states_number(answer: str, number: str) -> bool:
    """``number`` appears in the answer as a number of its own: not inside "12", not a "[2]" marker."""
    text = re.sub(r"\[\d+\]", " ", answer)
    return re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", text) is not None


def make_pdf(lines: list[str]) -> bytes:
    """A minimal one-page PDF with a real text layer (Helvetica), built by hand."""
    def esc(s: str) -> str:
        return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    ops = ["BT", "/F1 11 Tf", "14 TL", "60 760 Td"] + [f"({esc(x)}) Tj T*" for x in lines] + ["ET"]
    stream = "\n".join(ops).encode("latin-1")
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
        b"/Contents 4 0 R >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


HOUSE_RULES = """Kraken Cove Rulebook

Setup

Each player starts with 7 Pearls and 2 Harpoons.

Turn Order

On your turn you take exactly 2 actions: Dive, Trade or Rest.

Winning

The first player to collect 25 Pearls wins the game.
"""



def needs(missing: bool, what: str, opt_out: str) -> list:
    """A test module's ``pytestmark`` for something it requires: when ``missing``, each test fails saying what
    to install (the ``requirement`` fixture in conftest.py), unless the person running the tests opted out by
    setting ``opt_out`` to 1; then they skip, named in the summary. CI has everything: nothing skips there
    unasked."""
    import os

    import pytest

    if not missing:
        return []
    if os.environ.get(opt_out) == "1":
        return [pytest.mark.skip(reason=f"{what} (skipped: {opt_out}=1)")]
    return [pytest.mark.requirement(f"{what}; install it (make test does), or set {opt_out}=1 to skip these "
                                    "tests on purpose"), pytest.mark.usefixtures("requirement")]
