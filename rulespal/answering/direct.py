"""The direct answer first: asked how many, and the one number that answers is spelled out in the rule
("Five checkers on your 13-point."), the answer opens with it in digits ("5 checkers — Five checkers ...")."""

from __future__ import annotations

import re

from rulespal.core.loanwords import sounds_alike
from rulespal.core.numbers import NUMBER_WORD, WORD_NUMBERS
from rulespal.core.question import NEGATION, Asks, Frame, frame, stems
from rulespal.core.text import HANGUL_WORD, sentence_span, sentence_spans
from rulespal.core.tokens import tokenize
from rulespal.core.types import Answer, Check

# Cardinals only: "twice" and "double" say how often or how much more, not a count to read at a glance.
NOT_CARDINAL = frozenset({"once", "twice", "thrice", "double", "triple"})


def value_line(answer: Answer, asks: Asks, asked: tuple[str, ...]) -> Answer:
    """``answer`` with its value in digits in front, when a quantity was asked and the checker found exactly
    one value that answers it, verified in a cited rule, written there as a word, and counting a thing the
    question names (``asked``: the question's search tokens, with its glossary terms); else ``answer``."""
    if not (answer.answerable and asks.quantity and answer.citations):
        return answer
    stated = {w for a in asks.amounts if a.numeral and not a.is_context for w in a.things}
    answering = [c for c in answer.checks if c.answers is True and c.status == "verified" and c.source is not None
                 and _counts_asked(c.claim, asks.text, asked) and not _rate_or_part(c, answer.answer)
                 and not _bound_or_one_of_several(c, answer.answer)
                 and not stated & set(tokenize(c.claim))]  # "I discard 4 cards": their cost is worked, not quoted
    lines = {line for c in answering if (line := _in_digits(c)) is not None}
    values = {line.split(" ", 1)[0] for line in lines}
    if len(values) != 1 or len(answering) != len(lines):
        return answer  # no spelled-out value, two values, or one already in digits: the quotes say it
    lead = f"{min(lines, key=len)} — "
    checks = [c if c.start is None or c.end is None else c.model_copy(update={"start": c.start + len(lead),
                                                                              "end": c.end + len(lead)})
              for c in answer.checks]
    return answer.model_copy(update={"answer": lead + answer.answer, "checks": checks})


def _counts_asked(claim: str, question: str, asked: tuple[str, ...]) -> bool:
    """"Five checkers" counts what "how many checkers ..." or "체커 몇 개" asks about; "1 controlled" does not
    answer "how far can a battleship move?"."""
    words = [w for w in tokenize(claim) if w.isalpha() and w not in WORD_NUMBERS]
    heard = HANGUL_WORD.findall(question)
    return bool(set(words) & set(asked)) or any(
        sounds_alike(k, w) for k in heard for w in re.findall(r"[A-Za-z]{3,}", claim) if w.casefold() not in WORD_NUMBERS)


# what follows a claim that makes it a rate or a part: "of", "... each", "... per", "... every"
RATE_AFTER = re.compile(r"(?:\s+of\b|(?:\s+\w+){0,2}\s+(?:each|per|every)\b)", re.I)


def _rate_or_part(check: Check, text: str) -> bool:
    """"one cube in each red square", "1 money for each card", "one of your allies": a rate or a part, not the
    count asked for."""
    return (check.end is not None and RATE_AFTER.match(text, check.end) is not None) \
        or re.match(r"\w+\s+of\b", check.claim) is not None


# "more than zero Resources", "fewer than three cards": a threshold the rule compares with, not the count asked
# (not quantities.THRESHOLDS: "at most 2" and "2 or more" are inclusive bounds that do answer "max?" and "min?").
COMPARED = re.compile(r"\b(?:(?:more|less|fewer|greater|higher|lower)\s+than|exceed(?:s|ing)?)\s+$", re.I)


def _bound_or_one_of_several(check: Check, text: str) -> bool:
    """A claim after a comparison ("more than zero Resources"), or one of several counts its sentence spells out
    ("three command tokens in the tactic pool, three in the fleet pool, and two in the strategy pool"): no one
    value to put first. A count that modifies a word ("two-player game") is no count of its own."""
    if check.start is None or check.end is None:
        return False  # not in the text as written: the other guards decide
    at, end = check.start, check.end
    if COMPARED.search(text[max(0, at - 30):at]):
        return True
    a, b = sentence_span(text, at)
    others = [n for n in NUMBER_WORD.finditer(text, a, b) if not at <= n.start() < end
              and n.group(1).casefold() not in NOT_CARDINAL | {"one"} and not text.startswith("-", n.end())]
    return bool(others)


def _in_digits(check: Check) -> str | None:
    """"Five checkers" -> "5 checkers"; None unless the claim opens with an English cardinal word."""
    m = NUMBER_WORD.match(check.claim)
    word = m.group(1).casefold() if m else ""
    if not m or word in NOT_CARDINAL or word not in WORD_NUMBERS:
        return None
    return f"{WORD_NUMBERS[word]}{check.claim[m.end():]}"


# "Yes, ..." / "No. ...": a rule that opens with its answer, or an FAQ entry that asks its question first ("Do I
# have to place my Monkey next to a tile? No. ...").
OPENS_YES_NO = re.compile(r"^\W*(?:([^?\n]{8,200})\?[\s\"”*]*)?(yes|no)\b[,.:;!—–-]", re.I)
# A rule that allows.
PERMITS = re.compile(r"\b(?:may|can|could|allowed|permitted|able to|free(?:ly)? to|at any time|anytime|possible|"
                     r"optional\w*)\b", re.I)
# "whether or not you attacked": regardless, neither a negation nor a condition.
REGARDLESS = re.compile(r"\bwhether or not\b", re.I)
# The rule's answer hangs on a condition or a limit the question may not meet: no plain yes or no ("once per
# turn" says how often, not when).
CONDITION = re.compile(r"\b(?:unless|except|only|if|when|until|instead|but|however|otherwise|may choose|optional\w*|"
                       r"either|whether|as long as|provided|must|"
                       r"once(?! (?:per|(?:each|every|a) (?:turn|round|game|phase|action|activation))\b)|"
                       r"any number|freely)\b"
                       r"|\b(?:that|which|who)\b[^.;]*\b(?:not|\w+n't)\b"
                       r"|\b(?:whose|where)\b[^.;]*\b(?:not|cannot|\w+n't)\b", re.I)
# A rule that forbids outright: a modal or verb negated, "never", "no player may"; "with no rotation" or "no limit"
# negates a thing, and "is not required", "never forced", "don't have to" lift an obligation: neither forbids.
FORBIDS = re.compile(r"\b(?:cannot|(?:can|may|might|must|shall|will|do|does|did|is|are|was|were)\s+(?:not|never)|"
                     r"(?:can|must|do|does|did|is|are|was|were|wo)n't|never|no (?:player|one)|nobody|"
                     r"not (?:allowed|permitted|possible)|forbidden|prohibited|impossible)\b"
                     r"(?!\s+(?:be\s+)?(?:required|forced|obliged|necessary|mandatory|ha(?:ve|s) to|needs?)\b)", re.I)
# What still leaves a forbidding rule's answer open: an exception, a choice, an alternative, a permission after it
# ("..., but you may look at them"), a negation that belongs to a relative clause ("a lane that is not your own").
# ("whether or not" is taken out of every sentence first: REGARDLESS.)
OPEN_NO = re.compile(r"\b(?:unless|except\w*|instead|but\s+(?:\w+\s+){0,2}?(?:may|can)\b(?!\s*not)|"
                     r"(?:that|which|who)\s+(?:\w+\s+){0,2}?(?:not|never|\w+n't)|"
                     r"(?:whose|where)\s+(?:\w+\s+){0,2}?(?:not|never|cannot|\w+n't))\b", re.I)
# A rule that opens with its condition ("If you have no settlement, you cannot build a city") forbids only where
# the question speaks of that condition.
LEADING_CONDITION = re.compile(r"^\W*(?:if|when|whenever|while|once|after|before|during)\b([^,]*),", re.I)
NOT_OBLIGED = re.compile(r"\b(?:optional|never mandatory|need not|needn't|(?:not|never|\w+n't)\s+(?:be\s+)?"
                         r"(?:required|mandatory|necessary|obliged|forced|need(?:s|ed)?\s+to|ha(?:ve|s)\s+to))\b", re.I)
# How many words after "cannot" / "may not" name what a rule forbids. Hand-set (a648eeb, 2026-12-07) on the Korean
# yes/no labels (training data, not an eval): "A battleship cannot move onto a reef" names "reef" 4 words on.
FORBIDDEN_WORDS = 6
MUST = re.compile(r"\b(?:must|has to|have to|(?:is|are) required)\b", re.I)


def polarity(asks: Asks, rule: str, forbidding_only: bool = False, named: bool = False) -> str | None:
    """"yes" or "no" when a rule answers a plain yes/no question plainly: it opens with "Yes,"/"No,", or the
    sentence that shares most of the question's words states or negates it with no condition, or forbids it
    outright. None when unsure (a negated question, a condition, an exception, two sentences that disagree).
    ``forbidding_only``: only the outright no (where nothing else says the rule answers the question).
    ``named``: a forbidding rule answers no only where it names what the question asks about right after its
    "cannot" (``_forbids``): for a question read in its terms alone, without its verbs."""
    question, rule = asks.text.replace("’", "'"), rule.replace("’", "'")  # "don’t" is a negation too
    m = None if forbidding_only else OPENS_YES_NO.match(rule)
    if m and (m.group(1) is None or _same_question(question, asks.frame, m.group(1))):
        return m.group(2).casefold()
    if asks.frame.negated:
        return None
    asked = stems(question)
    sentences = [REGARDLESS.sub("", rule[a:b]) for a, b in sentence_spans(rule, clauses=True)]
    scored = [(len(asked & stems(s)), s) for s in sentences]
    if not scored or (best := max(n for n, _ in scored)) < 2:
        # asked in other words than the rule's ("save the rest for later?" - "may not carry over any money"):
        # where the reader reads the rule as the answer, a rule that only forbids answers no
        return None if forbidding_only else _forbids_throughout(asks, sentences, asked, named)
    chosen = [s for n, s in scored if n == best]
    said = {("no" if NEGATION.search(s) else "yes") for s in chosen}
    forbids = (said == {"no"} and any(_forbids(asked, s, named) for s in chosen) and not any(OPEN_NO.search(s) for s in chosen)
               and all(_condition_asked(asked, s) for s in chosen))
    if forbidding_only:
        return "no" if forbids else None
    if asks.frame.duty:
        return _obliged(chosen, forbids)
    if asks.frame.duty_or_limit:
        return None
    if forbids:
        return "no"  # a rule that forbids it outright answers no, whatever its condition ("once you pass, ...")
    met = not asks.frame.own_case  # "can I attack if my unit is exhausted?": its own case, not the rule's
    if len(said) != 1 or any(CONDITION.search(_past_asked_condition(asked, s) if met else s) or NOT_OBLIGED.search(s)
                             for s in chosen):
        return None  # "can I skip it?" and "it is not required": a permission, worded as a negation
    if said == {"yes"} and asks.frame.permission and not any(PERMITS.search(s) for s in chosen):
        return None  # asked whether it is allowed, the rule describes without permitting ("Settling moves ...")
    return said.pop()


def _forbids_throughout(asks: Asks, sentences: list[str], asked: frozenset[str], named: bool) -> str | None:
    """"no" when every sentence of the rule forbids outright (nothing left open, no condition the question does
    not speak of, no duty lifted): a rule that also permits or describes ("You may trade ... You cannot trade
    during another player's turn") may answer yes. None for a question about a duty or a limit."""
    if not sentences or asks.frame.duty or asks.frame.duty_or_limit:
        return None
    if all(_forbids(asked, s, named) and not OPEN_NO.search(s) and not NOT_OBLIGED.search(s) and _condition_asked(asked, s)
           for s in sentences):
        return "no"
    return None


def _forbids(asked: frozenset[str], sentence: str, named: bool) -> bool:
    """The sentence forbids outright; ``named``: what the question asks about, a word of the question among the
    few after the forbidding words ("A battleship cannot move onto a reef" for "can it move onto a reef?"; "The
    player who attacked the fort ... cannot trade" forbids trading, not attacking the fort)."""
    if not named:
        return FORBIDS.search(sentence) is not None
    return any(asked & stems(" ".join(sentence[m.end():].split()[:FORBIDDEN_WORDS]))
               for m in FORBIDS.finditer(sentence))


def _same_question(question: str, mine: Frame, faq: str) -> bool:
    """An FAQ's question is the player's (``mine``: the player's question as already read): two words shared,
    neither negated, the same frame (a duty or a permission asked in both or in neither): "Must I reveal my hand?
    No." does not answer "can I keep it secret?"."""
    theirs = frame(faq)
    return (len(stems(question) & stems(faq)) >= 2 and not mine.negated and not theirs.negated
            and (mine.duty, mine.permission) == (theirs.duty, theirs.permission))


def _past_asked_condition(asked: frozenset[str], sentence: str) -> str:
    """The sentence after its leading condition when the question speaks of that condition ("Once you've built a
    card, you may activate it" for "can I activate a factory the turn I built it?"): the player's case meets it."""
    m = LEADING_CONDITION.match(sentence)
    return sentence[m.end():] if m and len(asked & stems(m.group(1))) >= 2 else sentence


def _condition_asked(asked: frozenset[str], sentence: str) -> bool:
    """The sentence opens with no condition, or with one the question speaks of."""
    m = LEADING_CONDITION.match(sentence)
    return m is None or bool(asked & stems(m.group(1)))


def _obliged(chosen: list[str], forbids: bool) -> str | None:
    """"do I have to ...?": no when the rule says it is not needed or optional, yes when it says must; else None."""
    if forbids or any(NOT_OBLIGED.search(s) for s in chosen):
        return "no"
    if any(MUST.search(s) for s in chosen) and not any(NEGATION.search(s) for s in chosen):
        return "yes"
    return None
