"""English words written in Hangul ("카드" for "cards", "타일" for "tiles"), matched by their consonants.

For pairing a Korean answer's noun with the English words of the one sentence it cites, and for reading a game
title a Korean question writes in Hangul ("블렌더" for "Blender"), with its vowels too: across a whole
library consonant skeletons alone match far too much, so a title read this way is only a candidate that
retrieval must confirm (rulespal/service.py).
"""

from __future__ import annotations

import re
import unicodedata
from rapidfuzz.distance import Indel

# Consonant classes: K P T R M N S; vowels, h, w and y carry no weight in a loanword's spelling.
INITIALS = ["K", "K", "N", "T", "T", "R", "M", "P", "P", "S", "S", "", "S", "S", "S", "K", "T", "P", ""]
FINALS = ["", "K", "K", "KS", "N", "NS", "N", "T", "R", "RK", "RM", "RP", "RS", "RT", "RP", "R", "M", "P", "PS",
          "T", "T", "N", "T", "T", "K", "T", "P", ""]
LATIN = [("gh(?=t|$)", ""), ("tch", "S"), ("sch", "SK"), ("chr", "KR"), ("ch", "S"), ("sh", "S"), ("ph", "P"), ("th", "T"), ("ck", "K"),
         ("ng", "N"), ("qu", "K"), ("x", "KS"), ("c(?=[eiy])", "S"), ("[cgkq]", "K"), ("[bpvf]", "P"), ("[dt]", "T"),
         ("[lr]", "R"), ("[szj]", "S"), ("n", "N"), ("m", "M"), ("[aeiouyhw]", "")]
# How alike two consonant skeletons must be to be one loanword. Hand-set (011ec4b, 2026-11-30) with the checker's
# Korean claims whose noun is an English loanword: checker status 0.853 -> 0.861, mutations 0.65 -> 0.69.
MIN_RATIO = 0.8


def _syllables(word: str) -> list[tuple[int, int, int]]:
    """(initial, vowel, final) jamo indexes of each Hangul syllable of ``word`` (Unicode's arithmetic)."""
    out = []
    for ch in word:
        o = ord(ch) - 0xAC00
        if 0 <= o < 11172:
            out.append((o // 588, (o % 588) // 28, o % 28))
    return out


def hangul_key(word: str) -> str:
    return re.sub(r"(.)\1", r"\1", "".join(INITIALS[i] + FINALS[f] for i, _, f in _syllables(word)))


def ascii_text(text: str) -> str:
    """Accents off, other non-ASCII letters dropped: "Café" -> "Cafe"."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _latin(word: str) -> str:
    """Lower-case letters only, accents off, doubled ones once ("cch" is a k, as in "zucchini")."""
    return re.sub(r"(.)\1", r"\1", re.sub(r"[^a-z]", "", ascii_text(word.casefold())).replace("cch", "k"))


# How Korean writes English sounds the spelling hides: "-ture" is 처 ("culture" 컬처), "ee" is 이 ("queen" 퀸),
# "ew" is 우 ("crew" 크루), "the" is 더, a Nordic j after a consonant is a y ("fjord" 피오르드).
HEARD = [("ee", "i"), (r"t(?=ure)", "ch"), ("ew", "u"), (r"\bthe\b", "tho"), (r"(?<=[fkst])j", "y")]
# An r after a vowel and before none, not written in English loanwords ("garden" 가든, "card" 카드, "core" 코어)
# but often in other names ("Jaipur" 자이푸르): ``silent_r`` says which reading.
SILENT_R = re.compile(r"(?<=[aeiouy])r(?=e?\b|[^aeiouy])")


def _heard(text: str, silent_r: bool) -> str:
    """English words lower-cased, accents off, respelled as Korean hears them (``HEARD``, ``SILENT_R``)."""
    s = ascii_text(text.casefold())
    for pattern, sub in HEARD:
        s = re.sub(pattern, sub, s)
    return SILENT_R.sub("", s) if silent_r else s


def latin_key(word: str, silent_r: bool = True) -> str:
    s = _latin(_heard(word, silent_r))
    for pattern, cls in LATIN:
        s = re.sub(pattern, cls, s)
    return re.sub(r"(.)\1", r"\1", s)


def sounds_alike(korean: str, english: str) -> bool:
    """"카드" and "card": the same consonants, in order, near enough."""
    a, b = hangul_key(korean), latin_key(english)
    return len(a) >= 2 and len(b) >= 2 and Indel.normalized_similarity(a, b) >= MIN_RATIO


# Vowel classes, loose as loanwords are: a and e are one (Korean writes "jam" 잼), o and u are one ("er"
# is 어), i is its own; "으" is the vowel Korean inserts between consonants ("스플" for "spl") and carries none.
VOWELS = ["A", "A", "A", "A", "O", "A", "O", "A", "O", "A", "A", "A", "O", "O", "O", "A", "I", "O", "", "I", "I"]
LATIN_VOWELS = [("[ae]", "A"), ("[iy]", "I"), ("[ou]", "O")]


def hangul_sound(word: str) -> str:
    """Consonant and vowel classes of a Hangul word: "블렌더" -> "PRANTO"."""
    return re.sub(r"(.)\1", r"\1", "".join(INITIALS[i] + VOWELS[v] + FINALS[f] for i, v, f in _syllables(word)))


def latin_sound(text: str, silent_r: bool = True) -> str:
    """The same classes for English words, a silent final e of a longer word dropped: "Blender" -> "PRANT",
    "Tales" -> "TARS" (but "Cafe" keeps its e)."""
    words = [re.sub(r"(?<=[^aeiou])e(?=s?$)", "", w) if len(w) >= 5 else w
             for w in re.findall(r"[a-z]+", _heard(text, silent_r))]
    s = _latin("".join(words)).replace("gh", "")
    for pattern, cls in LATIN[:-1] + LATIN_VOWELS:
        s = re.sub(pattern, cls, s)
    return re.sub(r"(.)\1", r"\1", re.sub(r"[hw]", "", s))
