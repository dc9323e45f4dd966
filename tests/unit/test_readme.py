"""The README stays a front page (what it is, quick start, answer shape, adding books, settings, architecture,
where it stands): under 20 KB, its local links resolving; history belongs in docs/ and git."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_BYTES = 20_000


def test_readme_is_under_20_kb():
    size = len((ROOT / "README.md").read_bytes())
    assert size < MOST_BYTES, f"README.md is {size:,} bytes; move history or detail to docs/"


def test_readme_local_links_resolve():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = []
    for target in re.findall(r"\]\(([^)#\s]+)(?:#([^)\s]+))?\)", text):
        path, anchor = target
        if path.startswith(("http://", "https://")):
            continue
        file = ROOT / path
        if not file.exists():
            missing.append(path)
        elif anchor and file.suffix == ".md":
            headings = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-")
                        for h in re.findall(r"^#+\s+(.+)$", file.read_text(encoding="utf-8"), re.M)}
            if anchor not in headings:
                missing.append(f"{path}#{anchor}")
    assert missing == []
