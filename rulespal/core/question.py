"""What a question asks, read in one place: the retriever's unit scores, every answer writer and the checker
take an ``Asks`` instead of reading the question's text for these again."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from rulespal.core.numbers import EN_NUMBER_WORDS, KO_NUMERALS, QUANTITY, WORD_NUMBERS, verb_first, yes_no
from rulespal.core.players import player_counts, players_asked
from rulespal.core.text import HANGUL
from rulespal.core.tokens import STOPWORDS, token_set, tokenize

# What a question asks to be counted: "how many [idea slots]", "the maximum [hand size]".
# "how much is the ransom?" asks a value in whatever unit, not a count of ransoms: a verb after it names nothing.
ASKED_THING = re.compile(r"\b(?:how (?:many|much)\s+(?!(?:is|are|was|were|does|do|did|will|would|can|could|should|"
                         r"cost|costs|it)\b)|(?:number of|maximum|minimum|max|min|limit on|size of)\s+)"
                         r"((?:[A-Za-z][\w'-]*\s*){1,3})", re.I)
# "what is the ...": a value or a definition, whatever its unit.
VALUE = re.compile(r"\bwhat(?:'s| is| are)\b", re.I)
# A question about the box's contents, not a rule.
COMPONENTS = re.compile(r"\b(components?|in the box|come with|included|contents?|pieces|"
                        r"how many \w+(?: \w+)? (?:are|come) (?:there|in))\b|구성물|들어 있", re.I)
# A question that asks for the result of the player's situation: a total, a score, what is left.
RESULT = re.compile(r"\b(total|altogether|in all|score[sd]?|points?|what do (?:i|we) get|left|remain|"
                    r"what (?:\w+ ){0,2}(?:do|does|will|would|am|are) (?:i|we|they|it) (?:make|get|score|have|at))\b",
                    re.I)


NUMERAL = re.compile(rf"\d|\b(?:{EN_NUMBER_WORDS})\b", re.I)
# What the player already has of the result's unit: "I'm on 8 mana", "I have 12 coins".
HELD = re.compile(r"\b(?:i'?m on|i am on|we'?re on|we are on|i'?m at|i am at|i (?:already |still )?(?:have|had)|"
                  r"i'?ve got|we (?:already |still )?(?:have|had)|we'?ve got|currently)\s*$", re.I)
DISCARD = re.compile(r"\b(?:discard|get rid of|throw away|put back)\b", re.I)
# A condition a rule may reward beyond the counted amounts: "the most oxygen", "the longest river".
SUPERLATIVE = re.compile(r"\b(?:the\s+)?(most|fewest|least|longest|largest|biggest|highest|lowest|greatest)\s+"
                         r"((?:[^\W\d_]+\s+){0,1}[^\W\d_]+)", re.I)

NUM = rf"(?:\d+(?:\.\d+)?|{EN_NUMBER_WORDS})"
# Words that say which game or situation a number belongs to, not a thing that is counted.
CONTEXT = frozenset(tokenize("player players round rounds turn turns year age level step phase page p"))
# Words whose number after them says which one ("act 2", "chapter 1"); before them it counts ("2 stages").
STAGES = frozenset(tokenize("act chapter era scenario stage episode"))
FILLER = frozenset(tokenize("each every total more left still now the a an my our your their of in on at to "
                            "have has got with and also then only"))


def number(text: str) -> float | None:
    text = text.strip().casefold()
    try:
        return float(text)
    except ValueError:
        return float(WORD_NUMBERS[text]) if text in WORD_NUMBERS else None


def sign(mark: str | None) -> int:
    return -1 if mark in ("-", "−") else 1


def stems(text: str) -> frozenset[str]:
    """The content words of a phrase, stemmed (no numbers, no small words)."""
    return frozenset(t for t in tokenize(text) if t.isalpha() and t not in STOPWORDS and t not in FILLER)


@dataclass(frozen=True)
class Amount:
    """A number the question states, with what it counts."""

    value: float
    things: frozenset[str]
    start: int
    end: int
    text: str = ""  # the words of the question that name the thing
    signed: bool = False  # written with its sign ("+1", "is -1"): a modifier the player states
    after_thing: bool = False  # it ends in its number ("fire 3", "a roll of 8")
    numeral: bool = True  # written as a number ("4", "four"), not "a Scout"
    held: bool = False  # what the player already has ("I'm on 8 mana", "I have 12 coins")

    @property
    def is_context(self) -> bool:
        return not self.things or bool(self.things & CONTEXT) or (self.after_thing and bool(self.things & STAGES))


AMOUNT_AFTER = re.compile(rf"(?<![\w.])(?P<sign>[+-]|−)?(?P<n>{NUM})(?!\w|\.\d)(?:\s*(?:x\s+)?|-)(?P<what>(?:[A-Za-z][\w'’-]*\s*){{1,3}})",
                          re.I)
AMOUNT_BEFORE = re.compile(r"(?P<what>(?:[A-Za-z][\w'’-]*\s+){1,2})(?:of\s+|is\s+|at\s+|on\s+|=\s*)?(?P<sign>[+-]|−)?"
                           r"(?P<n>\d+)(?!\w|\.\d)", re.I)
ONE_THING = re.compile(r"\b(?:an?|one)\s+(?P<what>[A-Za-z][\w'-]*)", re.I)
STOP_AFTER = re.compile(r"\b(and|with|but|or|in|on|at|to|from|for|so|then|because|while|when|if|which|that|"
                        r"after|before|during|how|what|do|does|did|is|are|was|were|has|have|had|can|will|i|we|you|he|she|they|it)\b.*",
                        re.I)


def question_amounts(question: str) -> list[Amount]:
    """The amounts a question states: "4 gold nuggets", "fire 3", "a roll of 8", "a sailor"."""
    found: list[Amount] = []
    taken: list[tuple[int, int]] = []
    for m in AMOUNT_AFTER.finditer(question):
        value = number(m.group("n"))
        what = STOP_AFTER.sub("", m.group("what"))
        things = stems(what)
        if value is None or not things:
            continue
        found.append(Amount(sign(m.group("sign")) * value, things, m.start(), m.start("what") + len(what),
                            what.strip(), m.group("sign") is not None))
        taken.append((m.start("n"), m.end("n")))
    for m in AMOUNT_BEFORE.finditer(question):
        if any(a <= m.start("n") < b for a, b in taken):
            continue
        things = stems(m.group("what"))
        if things:
            what = re.sub(r"(?:\s+(?:a|an|the|of|is|at|on))+\s*$", "", " " + m.group("what")).strip()
            what = re.sub(r"^(?:(?:with|a|an|the|my|our|its|it'?s|i|we|and)\s+)+", "", what, flags=re.I) or what
            found.append(Amount(sign(m.group("sign")) * float(m.group("n")), things, m.start(), m.end(),
                                what, m.group("sign") is not None))
            taken.append((m.start("n"), m.end("n")))
    for m in ONE_THING.finditer(question):
        things = stems(m.group("what"))
        if things and not any(a.things & things for a in found):
            found.append(Amount(1.0, things, m.start(), m.end(), m.group("what")))
    return sorted((replace(a, numeral=NUMERAL.search(question[a.start:a.end]) is not None,
                           after_thing=question[a.start:a.end].rstrip()[-1:].isdigit(),
                           held=HELD.search(question[:a.start]) is not None) for a in found), key=lambda a: a.start)



# A Korean question that a rule answers 네 or 아니요: no question word, quantity or choice, one question mark, and
# it ends as a question does ("놓을 수 있어요?", "점수 더 받나요", "해도 됨?"); a list of keywords asks nothing, and
# "그럼 전함은요?" asks what about it.
KO_WH = re.compile(r"뭐|뭔|뭘|무엇|무슨|어떤|어떻게|어떡|어쩌|어떰|어느|어디|언제|누가|누구|왜|어때|아니면|또는|중.*건\s*\?")
# "빌런이 먼저 하나요 히어로가 먼저 하나요?", "되냐 안되냐": the same question word twice offers a choice.
KO_CHOICE = re.compile(r"(\S+[요까냐나])[\s,].*\s\1\s*\?|[은는건]요?\s*\?")
KO_QUESTION_END = re.compile(r"(?:\?|나요|까요|가요|니까|죠|지요|냐)[\s.!~)]*$")
# How the English reading of a Korean yes/no question is framed for ``direct.polarity``: a negated or
# forbidding question ("안돼요?", "없어요?", "금지인가요?", "아니죠?") is not read, "해야 하나요?" asks a duty,
# "해도 돼요?" / "수 있어요?" a permission.
KO_NEGATED = re.compile(r"(?<![가-힣])(?:안|못)|않|없|말아|아니|아닌|금지|반칙|위반|불법")
KO_DUTY = re.compile(r"야\s*(?:만|해|하|돼|되|됨|함)|필수|필요|꼭|의무|강제")
KO_PERMISSION = re.compile(r"(?<![가-힣])수\s*있|도\s*(?:돼|되|됨|괜찮)|가능|허용|(?:되|돼|됨)(?:나요|요)?\s*\?")


def korean_yes_no(question: str) -> bool:
    """A Korean yes/no question (``KO_WH``, ``KO_CHOICE``, ``KO_QUESTION_END``) that asks no quantity."""
    return (HANGUL.search(question) is not None and KO_WH.search(question) is None and question.count("?") <= 1
            and QUANTITY.search(question) is None and KO_CHOICE.search(question) is None
            and KO_QUESTION_END.search(question) is not None)


def korean_frame(question: str) -> str | None:
    """The English frame a Korean yes/no question's terms are read in: "must I ", "can I " or ""; None for a
    negated question (its 네 would agree with the negation)."""
    if KO_NEGATED.search(question):
        return None
    if KO_DUTY.search(question):
        return "must I "
    return "can I " if KO_PERMISSION.search(question) else ""


# A negation: a negated modal or verb, "never", "no <one>" ("No player may ...", "cannot", "do not"). A negated
# question's yes would agree with its negation; the answer writers read rules that say no with it too.
NEGATION = re.compile(r"\b(?:not|never|cannot|no(?:body| one|thing)?(?! matter)|none|nor|neither|forbidden|prohibited|"
                      r"impossible|\w+n't)\b", re.I)
# A question about what is allowed.
PERMISSION_ASKED = re.compile(r"\b(?:can|could|may|allowed|permitted|legal|ok(?:ay)?)\b", re.I)
# A question that states its own case ("... if my unit is exhausted?", "before I have a settlement").
OWN_CONDITION = re.compile(r"\b(?:if|when|before|during|without|unless|until)\b", re.I)
# "must I ...", "do I have to ...", "am I forced to ...": a duty asked about; a question that only mentions a limit
# or a duty ("is there a limit ...?", "if I am forced to discard, ...") is ``OBLIGATION`` alone.
OBLIGATION = re.compile(r"\b(?:must|have to|has to|need to|needs to|required|mandatory|obliged|forced|"
                        r"limit|maximum|minimum|max|min)\b", re.I)
WHO = r"(?:i|we|you|u|they|he|she|it)"
MUST_ASKED = re.compile(rf"\b(?:(?:do|does|did|will|would|should)\s+{WHO}\s+(?:\w+\s+)?(?:have|has|need|needs)\s+to|"
                        rf"must\s+{WHO}|(?:am|are|is)\s+{WHO}\s+(?:\w+\s+)?(?:required|obliged|forced))\b", re.I)


MONEY = re.compile(r"[$€£¥₩]|\b(?:money|cash|cost|costs|price|pay|paid|pays|buy|buys|sell|sells|income|earn|earns|"
                   r"dollars?|bucks?|spend|spends)\b", re.I)


@dataclass(frozen=True)
class Frame:
    """How an English question is framed, for reading a rule's yes or no (curly apostrophes read as straight)."""
    negated: bool = False  # "can't I ...?" (``NEGATION``)
    permission: bool = False  # "can I / may I / is it allowed ...?"
    own_case: bool = False  # it states its own case: "if", "when", "before" ...
    duty: bool = False  # "must I ...?", "do I have to ...?" (``MUST_ASKED``)
    duty_or_limit: bool = False  # it speaks of a duty or a limit at all (``OBLIGATION``)


def frame(text: str) -> Frame:
    text = text.replace("’", "'")  # "don’t" is a negation too
    return Frame(NEGATION.search(text) is not None, PERMISSION_ASKED.search(text) is not None,
                 OWN_CONDITION.search(text) is not None, MUST_ASKED.search(text) is not None,
                 OBLIGATION.search(text) is not None)


@dataclass(frozen=True)
class Asks:
    text: str  # the text read
    quantity: bool  # "how many", "how much", "cost", "몇": a number answers it
    yes_no: bool  # "can I ...?": a rule that permits or forbids answers it (never a quantity or a choice)
    value: bool  # "what is ...": a value or a definition
    result: bool  # a total, a score, what is left: the player's situation worked out
    components: bool  # what is in the box
    players: int | None  # the first player count it names ("with 3 players")
    counts: frozenset[int]  # every player count it names
    things: frozenset[str]  # the stems of what it asks to be counted ("how many idea slots"); English only
    amounts: tuple[Amount, ...] = ()  # the amounts it states ("4 gold nuggets", "a roll of 8", "a sailor")
    words: frozenset[str] = frozenset()  # its content words, stemmed
    discard: bool = False  # it speaks of discarding ("get rid of", "put back")
    superlatives: tuple[tuple[str, str, str], ...] = ()  # ("the most oxygen", "most", "oxygen")
    duration: bool = False  # "how long does a game take?", "how much time": a duration answers it
    clock: bool = False  # it asks for minutes or hours ("how many minutes is a game?", "몇 분 걸려요?")
    verb_first: bool = False  # it opens on its verb ("Can two ships ...?"): its rule's yes or no is read
    korean_yes_no: bool = False  # a Korean yes/no question ("놓을 수 있어요?"): its rule's 네 or 아니요 is read
    frame: Frame = Frame()  # how it is framed, read for a rule's yes or no
    money: bool = False  # it speaks of money ("$", "cost", "pay", "cash")


@lru_cache(maxsize=2048)
def read_asks(text: str) -> Asks:
    """What ``text`` asks. Pure and cached: the same text is read the same way wherever it is asked about."""
    m = ASKED_THING.search(text)
    things = frozenset(t for t in tokenize(m.group(1)) if t.isalpha()) if m else frozenset()
    return Asks(text, QUANTITY.search(text) is not None, yes_no(text), VALUE.search(text) is not None,
                RESULT.search(text) is not None, COMPONENTS.search(text) is not None, players_asked(text),
                frozenset(player_counts(text)), things, tuple(question_amounts(text)), stems(text),
                DISCARD.search(text) is not None,
                tuple((m.group().strip(), m.group(1), m.group(2)) for m in SUPERLATIVE.finditer(text)),
                bool(token_set(text) & TIME_WORDS) or HOW_LONG.search(text) is not None,
                CLOCK_ASKED.search(text) is not None, verb_first(text), korean_yes_no(text), frame(text),
                MONEY.search(text) is not None)


# Stems of the words a duration is said in.
TIME_WORDS = frozenset(tokenize("time minutes hours seconds mins min"))
HOW_LONG = re.compile(r"\bhow long\b", re.I)
# Minutes or hours asked for ("min" is a minimum; "몇 분이서", "몇 분까지" count people, politely: not a time).
CLOCK_ASKED = re.compile(r"\b(?:minutes?|mins|hours?|hrs?)\b|몇\s*분(?!이서|께서|까지)|몇\s*시간", re.I)
# A time said in minutes, hours or seconds, in English or Korean ("30분", "한 시간"; not "3분의 1", a third).
CLOCK_SAID = re.compile(rf"\b(?:minutes?|mins?|hours?|hrs?|seconds?|secs?)\b|\d\s*(?:분(?!의)|초)"
                        rf"|(?:\d|{KO_NUMERALS})\s*시간", re.I)


# Two questions in one line: "how many cards ..., and how many camels ...", "max per stack / max per turn",
# "what does it cost? and what does it give?". A part after "and" must open as a question does.
ASKING = r"(?:how|what|which|when|where|who|whose|can|could|do|does|did|is|are|must|may|should|max|min|maximum|minimum)"
PART_BREAK = re.compile(rf"\?\s+(?={ASKING}\b)|\s+/\s+|,?\s+and\s+(?={ASKING}\b)", re.I)
# What the line says first, for both parts: "setup - ", "two-player setup: ".
LEAD_IN = re.compile(r"^([^:?]{3,40}?)(?::|\s+-)\s+")


def parts(question: str) -> list[str]:
    """The questions an English line asks, each with the line's lead-in; the line itself when it asks one (or more
    than two: then it is a list of its own, not two questions)."""
    lead = m.group(0) if (m := LEAD_IN.match(question)) else ""
    pieces = [p.strip(" ?") for p in PART_BREAK.split(question[len(lead):])]
    if len(pieces) != 2 or any(len(p.split()) < 3 for p in pieces):
        return [question]
    return [f"{lead}{p}?" for p in pieces]

