"""Read a user's rulebook file (.txt, .md, .pdf) into text, or say clearly why it can't be read."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from rulespal.core.errors import UnreadableRulebook
from rulespal.core.text import bare_title, plain

SUPPORTED = (".txt", ".md", ".markdown", ".pdf")


def doc_id_for(path: Path) -> str:
    """A safe doc id from a file name: lower case, letters, digits and dashes; no path parts."""
    stem = unicodedata.normalize("NFKC", Path(path.name).stem).casefold()
    slug = re.sub(r"[^a-z0-9가-힣]+", "-", stem).strip("-")[:100]
    if not slug:
        raise UnreadableRulebook(f"{path.name!r}: cannot make a document id from this file name; rename the file.")
    return slug


def title_for(path: Path, text: str = "") -> str:
    """A game's title from its file name: "coup-rulebook.md" is "Coup" (a player names the game, not the file);
    a name typed with capitals keeps them ("Azul (2nd ed).md"); control characters (a newline in a name) become
    spaces. A Markdown file whose first heading spells the same name gives that spelling: "# The Godfather:
    Corleone's Empire Rulebook" for "the-godfather-corleones-empire.md", "# CloudAge" for "cloudage.md"."""
    title = bare_title(" ".join(re.sub(r"[\x00-\x1f_-]+", " ", path.stem).split()))
    title = " ".join(w[:1].upper() + w[1:] for w in title.split()) if title.islower() else title  # "2nd" stays
    heading = H1.search(text[:HEADING_WITHIN]) if path.suffix.lower() in (".md", ".markdown") else None
    if heading is not None and _letters(spelled := bare_title(plain(heading.group(1)))) == _letters(title) \
            and not spelled.isupper():  # "# COUP" shouts; the file's "Coup" is how the game is written
        return spelled
    return title


def typed_names(title: str, file_title: str) -> tuple[str, ...]:
    """Other ways a player types a title: as the file is named ("The Godfather Corleones Empire"), and a joined
    name's words apart ("Cloud Age" for "CloudAge")."""
    apart = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", title)
    return tuple(dict.fromkeys(n for n in (file_title, apart) if n.casefold() != title.casefold()))


H1 = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
HEADING_WITHIN = 2000  # characters: a title heading opens the file


def _letters(name: str) -> str:
    """A name's letters and digits only, accents and case aside: "Corleone's" and "corleones" are one spelling."""
    folded = unicodedata.normalize("NFKD", name).casefold()
    return "".join(c for c in folded if c.isalnum() and not unicodedata.combining(c))


def read_rulebook(path: Path, max_mb: int) -> tuple[bytes, str]:
    """Return the file's bytes and its text; raise UnreadableRulebook with a reason a person can act on."""
    name = path.name
    if path.is_dir():
        raise UnreadableRulebook(f"{path}: is a folder; give the rulebook files in it (for example {path}/*.md).")
    if path.suffix.lower() not in SUPPORTED:
        raise UnreadableRulebook(f"{name}: unsupported file type {path.suffix or '(none)'}; use .txt, .md or .pdf.")
    if not path.is_file():
        raise UnreadableRulebook(f"{path}: no such file." if not path.exists() else f"{path}: not a file.")
    size = path.stat().st_size
    if size > max_mb * 1024 * 1024:
        raise UnreadableRulebook(f"{name}: {size / 2**20:.0f} MB is over the {max_mb} MB limit (RULESPAL_MAX_FILE_MB).")
    raw = path.read_bytes()
    _check_kind(name, path.suffix.lower(), raw)
    text = _pdf_text(name, raw) if path.suffix.lower() == ".pdf" else _decode(name, raw)
    if not text.strip():
        raise UnreadableRulebook(f"{name}: the file has no text.")
    if sum(1 for c in text[:100000] if c.isalnum()) < 20:
        raise UnreadableRulebook(f"{name}: the file has almost no readable text.")
    return raw, text


# What a file's first bytes say it is, for files whose name says otherwise (a .txt that is a PDF or a photo).
MAGIC = ((b"%PDF-", "a PDF"), (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
         (b"PK\x03\x04", "a ZIP archive (a Word or EPUB file?)"), (b"\xd0\xcf\x11\xe0", "an old Word or Excel file"))


def _check_kind(name: str, suffix: str, raw: bytes) -> None:
    kind = next((what for magic, what in MAGIC if raw.startswith(magic)), None)
    if suffix == ".pdf":
        if kind != "a PDF" and b"%PDF-" not in raw[:1024]:
            said = f"it is {kind}" if kind else "it does not start like a PDF"
            raise UnreadableRulebook(f"{name}: named .pdf but {said}; give the rulebook's PDF itself.")
    elif kind is not None:
        fix = "rename it to .pdf" if kind == "a PDF" else "save the rulebook as .txt, .md or .pdf"
        raise UnreadableRulebook(f"{name}: named {suffix} but the file is {kind}; {fix}.")


def _decode(name: str, raw: bytes) -> str:
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as e:
            raise UnreadableRulebook(f"{name}: broken UTF-16 text at byte {e.start}.") from None
    if b"\x00" in raw[:8192]:
        raise UnreadableRulebook(f"{name}: this looks like a binary file, not text; save the rulebook as UTF-8 text.")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UnreadableRulebook(
            f"{name}: not valid UTF-8 (byte {e.start}); save the file as UTF-8 text and try again."
        ) from None


def _pdf_text(name: str, raw: bytes) -> str:
    from pypdfium2 import PdfiumError

    from rulespal.ingest.pdf import clean_pages, pdf_pages

    try:
        pages = pdf_pages(raw)
    except PdfiumError as e:
        if "password" in str(e).casefold():
            raise UnreadableRulebook(f"{name}: the PDF is locked with a password; save an unlocked copy (print to "
                                     "PDF) and add that.") from None
        raise UnreadableRulebook(f"{name}: not a readable PDF ({e}).") from None
    except (ValueError, OSError) as e:
        raise UnreadableRulebook(f"{name}: not a readable PDF ({e.__class__.__name__}).") from None
    text = clean_pages(pages)
    if not text.strip():
        raise UnreadableRulebook(f"{name}: the PDF has no text layer (a scan?); run OCR on it first.")
    return text
