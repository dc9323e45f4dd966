"""English words written in Hangul ("카드" for "cards", "타일" for "tiles"), matched by their consonants.

Only for pairing a Korean answer's noun with the English words of the one sentence it cites: across a
whole library, consonant skeletons match far too much to name a game by them.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

# Consonant classes: K P T R M N S; vowels, h, w and y carry no weight in a loanword's spelling.
INITIALS = ["K", "K", "N", "T", "T", "R", "M", "P", "P", "S", "S", "", "S", "S", "S", "K", "T", "P", ""]
FINALS = ["", "K", "K", "KS", "N", "NS", "N", "T", "R", "RK", "RM", "RP", "RS", "RT", "RP", "R", "M", "P", "PS",
          "T", "T", "N", "T", "T", "K", "T", "P", ""]
LATIN = [("tch", "S"), ("cch", "K"), ("sch", "SK"), ("ch", "S"), ("sh", "S"), ("ph", "P"), ("th", "T"), ("ck", "K"),
         ("ng", "N"), ("qu", "K"), ("x", "KS"), ("c(?=[eiy])", "S"), ("[cgkq]", "K"), ("[bpvf]", "P"), ("[dt]", "T"),
         ("[lr]", "R"), ("[szj]", "S"), ("n", "N"), ("m", "M"), ("[aeiouyhw]", "")]
MIN_RATIO = 0.8


def hangul_key(word: str) -> str:
    out = []
    for ch in word:
        o = ord(ch) - 0xAC00
        if 0 <= o < 11172:
            out.append(INITIALS[o // 588] + FINALS[o % 28])
    return re.sub(r"(.)\1", r"\1", "".join(out))


def latin_key(word: str) -> str:
    s = re.sub(r"(.)\1", r"\1", re.sub(r"[^a-z]", "", word.casefold()))
    for pattern, cls in LATIN:
        s = re.sub(pattern, cls, s)
    return re.sub(r"(.)\1", r"\1", s)


def sounds_alike(korean: str, english: str) -> bool:
    """"카드" and "card": the same consonants, in order, near enough."""
    a, b = hangul_key(korean), latin_key(english)
    return len(a) >= 2 and len(b) >= 2 and SequenceMatcher(None, a, b).ratio() >= MIN_RATIO
