"""Numbers in rules text and questions: digits, number words (English and Korean), and questions that
ask for a quantity."""

from __future__ import annotations

import re

WORD_NUMBERS = {
    "zero": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "double": 2,
    "three": 3, "thrice": 3, "triple": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "hundred": 100,
    # Korean native numbers, as they come before a counter ("두 장", "세 번") or alone ("다섯")
    "하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "넷": 4, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7,
    "여덟": 8, "아홉": 9, "열": 10,
}
# Regex alternations for other patterns to embed: English number words (longest first), Korean numerals.
EN_NUMBER_WORDS = "|".join(re.escape(w) for w in sorted(filter(str.isascii, WORD_NUMBERS), key=len, reverse=True))
KO_NUMERALS = "한|두|세|네|다섯|여섯|일곱|여덟|아홉|열"
# Korean counters: the word after a number that says what kind of count it is ("두 장", "3마리", "5라운드").
KO_COUNTERS = ("마리", "개", "장", "번", "명", "칸", "점", "턴", "회", "배", "라운드", "차례")
# Korean particles a noun may carry ("카드를", "라운드로", "스플렌더에서", "해적이랑"); one list for every reader.
KO_PARTICLES = "으로|에서|까지|부터|이랑|랑|하고|[은는이가을를에의도로와과만씩]"
NUMBER_WORD = re.compile(rf"\b({EN_NUMBER_WORDS})\b", re.I)
KOREAN_COUNT = re.compile(rf"(?<![가-힣])({KO_NUMERALS})\s?(?:{'|'.join(KO_COUNTERS)})")
# A quantity a rule gives without a number: "any number of cards", "equal to the value of", "half".
OPEN_QUANTITY = re.compile(r"\b(any number|no limit|unlimited|as many|all of|half|none|equal to|the number of|"
                           r"the value of|the same (?:number|amount))\b|제한(?:이)? 없|모두|전부|만큼", re.I)
# A question that asks for a quantity.
QUANTITY = re.compile(r"\b(how (?:many|much|long|far|often)|number of|maximum|minimum|max|min|limit|cost|price|"
                      r"pay|worth|(?:start|begin)(?:s|ing)? (?:with|at|on))\b|몇|얼마|최대|최소|비용|가격", re.I)
DIGITS = re.compile(r"\d")
# A question a rule answers yes or no ("can I ...?", "I took one side, can someone else take the other?").
YES_NO = re.compile(r"(?:^|[,;:.!?—–-]\s*|\b(?:so|and|but|then)\s+)(?:can|could|do|does|did|is|are|am|may|must|"
                    r"should|will|would|have|has)(?:n't)?\s+(?:i|we|you|u|they|he|she|it|my|our|your|their|the|a|an|"
                    r"there|this|that|these|those|all|any|each|every|someone|anyone|everyone|players?|both|"
                    r"(?:two|three|four|five|six|\d+)\s+(?:players?|people|of\s+(?:us|you|them))|\w+s)\b", re.I)
# The same inversion inside a clause the player did not punctuate ("if I qualify for two do i get both?",
# "this turn am I allowed", "when I attack don't I lose a card?"), unless a question word opens the question or
# comes just before it ("what do I get", "which card do I draw"): then it asks what or which.
INVERTED = re.compile(r"\b(?:can|could|do|does|did|am|may|must|should|will|would|can't|cannot|won't|don't|"
                      r"doesn't|didn't|shouldn't|wouldn't|couldn't)\s+(?:i|we|u)\b", re.I)
WH_OPENS = re.compile(r"^\W*(?:what|where|which|who|whom|whose|why|how)\b", re.I)
WH_BEFORE = re.compile(r"(?:\b(?:what|where|which|who|whom|whose|why|how)(?:\s+[\w'-]+){0,2}|\bwhen)\s*$", re.I)
# "Do I draw 2 or 3 cards?", "Is it a Forest, Mountain or Grassland province?" ask which, not yes or no.
CHOICE = re.compile(r"\b\w+\s+or\s+\w+\s*\??\s*$|\d+\s+or\s+\d+|\w+,\s+\w+,?\s+or\s+\w+", re.I)


def yes_no(question: str) -> bool:
    """A yes/no rule question that does not ask for a quantity."""
    question = question.replace("’", "'")
    inverted = INVERTED.search(question)
    asks = YES_NO.search(question) is not None or (
        inverted is not None and not WH_OPENS.search(question) and not WH_BEFORE.search(question[:inverted.start()]))
    return asks and QUANTITY.search(question) is None and CHOICE.search(question) is None


# A question that opens on its verb ("Can two ships share a space?", "Do leftover coins carry over?"): the
# subject may be any noun, which ``YES_NO`` does not list.
VERB_FIRST = re.compile(r"^\W*(?:can|could|do|does|did|is|are|may|must|should|will|would)\s+(?!you\s+tell\b)\w+",
                        re.I)
# Any "or" asks which ("Does it happen before or after combat?"), a wider net than ``CHOICE``.
OR = re.compile(r"\bor\b", re.I)


def verb_first(question: str) -> bool:
    """A question that opens on its verb and asks no quantity or choice: read for the rule's yes or no only,
    not as a yes/no for the abstention floor (its subject may name what no rule covers)."""
    return VERB_FIRST.search(question) is not None and QUANTITY.search(question) is None and OR.search(question) is None


def as_int(token: str) -> int | None:
    """"3", "three", "세" -> 3; anything else -> None."""
    token = token.strip().lower()
    if token.isdigit():
        return int(token)
    return WORD_NUMBERS.get(token)


def states_quantity(text: str) -> bool:
    """Does the text give a quantity at all: a digit, a number word, or an open quantity ("any number")?"""
    return bool(DIGITS.search(text) or NUMBER_WORD.search(text) or KOREAN_COUNT.search(text)
                or OPEN_QUANTITY.search(text))
