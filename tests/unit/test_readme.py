"""The README stays a front page (what it is, quick start, answer shape, adding books, settings, architecture,
where it stands): under 20 KB, its local links resolving; history belongs in docs/ and git."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_BYTES = 20_000
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def test_readme_is_under_20_kb():
    size = len((ROOT / "README.md").read_bytes())
    assert size < MOST_BYTES, f"README.md is {size:,} bytes; move history or detail to docs/"


def anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a Markdown file's headings (outside code fences; a repeated one gets -1, -2, ...)."""
    out: set[str] = set()
    for heading in re.findall(r"^#+\s+(.+)$", FENCE.sub("", markdown), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading).strip().lower().replace(" ", "-")
        n, candidate = 0, slug
        while candidate in out:
            n += 1
            candidate = f"{slug}-{n}"
        out.add(candidate)
    return out


def broken_links(readme: Path) -> list[str]:
    text = readme.read_text(encoding="utf-8")
    missing = []
    for path, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)", FENCE.sub("", text)):
        if path.startswith(("http://", "https://")):
            continue
        file = readme.parent / path if path else readme
        if not file.exists():
            missing.append(path)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file.read_text(encoding="utf-8")):
            missing.append(f"{path}#{anchor}")
    return missing


def test_readme_local_links_resolve():
    assert broken_links(ROOT / "README.md") == []


def test_a_broken_anchor_is_found(tmp_path):
    (tmp_path / "README.md").write_text("# Top\n\n## Checks\n\n```\n# not a heading\n```\n"
                                        "[a](#checks) [b](#not-a-heading) [c](#top) [d](other.md)\n")
    assert broken_links(tmp_path / "README.md") == ["#not-a-heading", "other.md"]
