"""Which numbers of an answer are claims: quantities it asserts ("5 Souls", "costs 30 coins", "ten or
more tiles", "half"), not step or list numbers, section or page references, years, numbers inside
names ("Route 66", "7 Wonders", "18xx"), citation markers, or numbers the question itself gave.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.core.numbers import EN_NUMBER_WORDS, KO_COUNTERS, KO_NUMERALS, WORD_NUMBERS, as_int
from rulespal.core.players import ASKED as PLAYERS
from rulespal.core.tokens import STOPWORDS, tokenize
from rulespal.core.text import MARKER, clause_start, sentence_span

FRACTION_WORDS = {"half": "1/2", "a third": "1/3", "a quarter": "1/4"}
# A number: digits (signed, a range "2-4", a fraction "1/2"), a number word, a Korean count ("3개", "두 장").
# A sign glued to a Korean word is still a sign ("체력-2": health -2); after a Latin letter it is a hyphen.
SPELLED = (rf"\b(?P<w>{EN_NUMBER_WORDS}|half|a third|a quarter)\b"
           rf"|(?P<k>(?<![가-힣])(?:{KO_NUMERALS}))(?=\s?(?:{'|'.join(KO_COUNTERS)}))")
NUMBER = re.compile(rf"(?:(?<![\w.#])|(?<=[가-힣])(?=[+−-]\d))(?P<n>[+−-]?(?:\d{{1,3}}(?:,\d{{3}}){{2,}}|\d+(?:[.,]\d+)?)(?:/\d+)*(?:[–-]\d+(?![.,/]\d))?)(?![\w.]*\d)"
                    rf"|{SPELLED}", re.I)
# A noun right after a number ("4 and 5 players" ends in a count, "pages 2 & 3 of the rules" does not).
DIRECT_NOUN = re.compile(r"\s*(?!(?:of|and|or|to|in|on|for|the|a|an)\b)[A-Za-z가-힣]", re.I)
LABELS = frozenset("step steps phase stage round rounds level player turn year page pages p pp rule rules section "
                   "chapter act part scenario mission box field figure fig example table appendix no nr number length "
                   "size".split())
# "each player 4", "gives the player 3 points": an amount given to a player, not "Player 3".
AMOUNT_TO_PLAYER = re.compile(r"\b(?:(?:each|every|per|a)\s+|(?:gives?|deals?|pays?|awards?|grants?|hands?|costs?|"
                              r"owes?)\s+(?:the\s+|that\s+|this\s+)?)player\s*$", re.I)
# A value named in a list of them ("3 players: White 3, Black 2"): the list's, not the question's number.
LIST_VALUE = re.compile(r"\b[A-Z][a-z]+\s+$")
KO_LABEL = re.compile(r"(?:레벨|단계|라운드|페이지|쪽|챕터|시나리오|미션|규칙)\s*$")
MONTHS = re.compile(r"\s+(?:january|february|march|april|may|june|july|august|september|october|november|"
                    r"december)\b", re.I)
ORDINAL = re.compile(r"^\d+(?:st|nd|rd|th)\b", re.I)
# Units written glued to their number: "5VP", "10pts", "30s".
GLUED_UNIT = re.compile(r"(?:vps?|pts?|hp|ap|mp|cm|mm|sec|secs|min|mins|s)\b", re.I)


@dataclass(frozen=True)
class Claim:
    text: str  # the answer's words for it: "5 Souls", "30 coins"
    number: str  # normalised: "5", "-2", "2-4", "1/2"
    thing: frozenset[str]  # stems of what it counts or measures ("soul")
    start: int  # span in the answer text
    end: int
    players: int | None = None  # the player count the answer's sentence gives it for
    context: frozenset[str] = frozenset()  # the content words of the answer's sentence around it
    before: frozenset[str] = frozenset()  # the content words just before it ("scores", "deal")
    last: str = ""  # the content word right before it ("카드" in "카드 4장")


@dataclass(frozen=True)
class NotClaim:
    text: str
    kind: str  # marker, step, list, section, page, date, name, figure, question, other
    start: int
    end: int


def normalise(raw: str) -> str:
    raw = raw.strip().casefold().replace("−", "-").replace("–", "-").replace("~", "-")
    raw = re.sub(r"\s*(?:-|to)\s*(?=\d)", "-", raw) if re.search(r"\d\s*(?:-|to)\s*\d", raw) else raw
    if raw in FRACTION_WORDS:
        return FRACTION_WORDS[raw]
    if raw in WORD_NUMBERS:
        return str(WORD_NUMBERS[raw])
    return raw.lstrip("+").replace(",", "") if re.fullmatch(r"[+-]?\d+(?:,\d{3})*", raw) else raw.lstrip("+")


def read_claims(answer: str, question: str = "", names: tuple[str, ...] = ()) -> tuple[list[Claim], list[NotClaim]]:
    """Split the numbers of ``answer`` into claims and the rest (each with its kind)."""
    claims: list[Claim] = []
    others: list[NotClaim] = [NotClaim(m.group(), "marker", m.start(), m.end()) for m in MARKER.finditer(answer)]
    masked = MARKER.sub(lambda m: " " * len(m.group()), answer)  # which numbers are steps, labels, names
    # For what a claim counts, the brackets of "[1]" stay: a claim's thing never runs on into the next quote.
    bounded = MARKER.sub(lambda m: "[" + " " * (len(m.group()) - 2) + "]", answer)
    question = _without_titles(question, names)
    asked = {(normalise(m.group()), thing_after(question, m.end())[0]) for m in NUMBER.finditer(question)}
    named = [(m.start(), m.end()) for n in names for m in re.finditer(re.escape(n), answer, re.I)
             if any(ch.isdigit() for ch in n)]
    steps = _enumeration(masked)
    pairs = len(re.findall(r"\b[A-Z][a-z]+\s+\d+\s*[,;]", masked)) >= 2  # "White 2, Black 2, ...": values
    for m in NUMBER.finditer(masked):
        raw = m.group()
        kind = "step" if m.start() in steps else _not_claim_kind(masked, m, named, pairs)
        number = normalise(raw)
        if kind is None and not (pairs and LIST_VALUE.search(masked, 0, m.start())) \
                and _from_question(masked, m, number, asked):
            kind = "question"
        if kind is not None:
            others.append(NotClaim(raw, kind, m.start(), m.end()))
            continue
        thing, end = thing_after(bounded, m.end())
        before = _content_words_before(bounded, m.start())
        if not thing:
            thing = _label_before(bounded, m.start())
        claims.append(Claim(masked[m.start():end].strip(), number, thing, m.start(), end,
                            players_near(masked, m.start()), _sentence_words(masked, m.start()),
                            frozenset(before[-3:]), _last_word(masked, m.start(), before)))
    return claims, others


def _without_titles(question: str, names: tuple[str, ...]) -> str:
    """The question with the number of a game's title blanked ("cannons in Harbor 2?" for "Harbor 2 ed."): the
    player named the game with it, and gave no quantity. A title's words up to its first number (two at least)."""
    for name in names:
        words = name.split()
        at = next((i for i, w in enumerate(words) if any(ch.isdigit() for ch in w)), None)
        if at is None:
            continue
        phrase = r"\s+".join(re.escape(w) for w in words[:max(at + 1, 2)])
        question = re.sub(rf"(?<![^\W가-힣]){phrase}(?![^\W가-힣])", lambda m: " " * len(m.group()), question,
                          flags=re.I)  # a particle may follow ("Harbor 2에서")
    return question


def _last_word(text: str, pos: int, before: list[str]) -> str:
    """The word right before a number: a Korean one as written ("일꾼 3명"; morphemes would split it)."""
    m = re.search(r"([가-힣]+)\s*$", text[max(0, pos - 20):pos])
    return m.group(1) if m else (before[-1] if before else "")


def _enumeration(text: str) -> set[int]:
    """Offsets of step numbers run into a line: "three phases: 1. Draw cards 2. Determine initiative"."""
    found = [(int(m.group(1)), m.start(1)) for m in re.finditer(r"(?<![\w.])(\d{1,2})\.\s+[A-Z]", text)]
    return {at for i, (n, at) in enumerate(found)
            if (i + 1 < len(found) and found[i + 1][0] == n + 1) or (i > 0 and found[i - 1][0] == n - 1)}


def _not_claim_kind(text: str, m: re.Match, named: list[tuple[int, int]], pairs: bool = False) -> str | None:
    start, end = m.start(), m.end()
    raw = m.group()
    before = text[max(0, start - 12):start]
    after = text[end:end + 3]
    # the word before, across an abbreviation's dot ("p. 12", "No. 3") but not a sentence's ("... turn. Once")
    word_before = re.search(r"([A-Za-z]+)(\.?)\s*$", before)
    if word_before and word_before.group(2) and word_before.group(1).casefold() not in ("p", "pp", "no", "nr", "fig"):
        word_before = None
    if any(a <= start < b for a, b in named):
        return "name"
    if raw.casefold() == "one" and (re.match(r"\s+(?:by one|another)\b", text[end:], re.I)
                                    or re.search(r"\b(?:no|one by)\s+$", before, re.I)):
        return "other"  # "one by one", "one another", "no one": a manner or a person, not a count
    if raw.count("/") >= 2:
        return "list"  # "give up 1/2/3/4 inhabitants if it holds 0/1/2/3 cattle": one value per case, no one amount
    if _digit_list(text, start, end):
        return "list"  # "cards 0,1,1,1,2,2,3": the values of a deck, not "0,1" and "1,1"
    if text[start - 1:start] == "(" and text[end:end + 1] == ")" and m.group("n"):
        return "figure"  # "the base card set (1)": a call-out to an illustration
    if re.match(r"\s*[.)](?:\s|$)", after) and re.search(r"(?:^|[\n:;•]|[.!?]\s)\s*(?:step\s+)?$", text[:start], re.I):
        return "step"  # "3. Pass your hand", "2) Shuffle"
    if re.match(r"\.\d", text[end:end + 2]) or re.search(r"\d\.$", before) or re.search(r"§\s*$", before) \
            or ("." in raw and re.search(r"(?:\bsee|\brules?|\bsections?|\()\s*$", before, re.I)):
        return "section"  # "4.2", "1.3.1.3", "see 4.2"
    if "." in raw and re.match(r" +[A-Z]", text[end:]) and re.search(r"(?:^|[\n•]|[.!?]\s)\s*$", text[:start]):
        return "section"  # "3.2 Minor companies": a numbered heading opens the line
    if word_before and word_before.group(1).casefold() in ("page", "pages", "p", "pp"):
        return "page"
    if KO_LABEL.search(before):
        return "name"  # "레벨 2 건물": a level, round or page, named by its number
    if word_before and word_before.group(1).casefold() in LABELS and not AMOUNT_TO_PLAYER.search(
            text[max(0, start - 40):start]):  # "deal each player 4 cards": an amount
        return "step" if word_before.group(1).casefold() in ("step", "steps") else "name"
    if m.group("n") and (re.fullmatch(r"1[5-9]\d\d|20\d\d", raw.strip()) or MONTHS.match(text[end:])):
        return "date"
    if re.search(r"\b(?:pages?|pp?\.)\s*\d+(?:\s*(?:[-–,&]|and\b|or\b)\s*\d+)*\s*(?:[-–,&]|and\b|or\b)\s*$",
                 text[max(0, start - 40):start], re.I) and not DIRECT_NOUN.match(text, end):
        return "page"
    if raw[:1].isupper() and raw.isalpha() and re.search(r"\b[A-Z][a-z]+ $", before) \
            and not re.search(r"(?:^|[.!?]\s+)[A-Z][a-z]+ $", text[:start]):
        return "name"  # "the Flip Three card", "Gate Seven": a spelled number in a capitalised name
    return _shape_kind(text, m, before, word_before, pairs)


def _digit_list(text: str, start: int, end: int) -> bool:
    """The number is part of a run of numbers joined by bare commas that is no thousands-separated number."""
    a, b = start, end
    while a > 0 and (text[a - 1].isdigit() or text[a - 1] == ","):
        a -= 1
    while b < len(text) and (text[b].isdigit() or text[b] == ","):
        b += 1
    run = text[a:b].strip(",")
    return run.count(",") >= 2 and re.fullmatch(r"\d{1,3}(?:,\d{3})+", run) is None


def _shape_kind(text: str, m: re.Match, before: str, word_before: re.Match | None, pairs: bool) -> str | None:
    """The rest of ``_not_claim_kind``: what the words around the number say it is (a track's start, a player
    count, a list label, a name, an ordinal, a "once" that says when)."""
    start, end, raw = m.start(), m.end(), m.group()
    if raw.strip() == "0" and re.match(r"\s*(?:to|-|–)\s*\d", text[end:]):
        return "other"  # "from 0 to 12": where a track starts
    if re.match(rf"[\s-]*(?:(?:or|and|to|,)\s*(?:\d+|{EN_NUMBER_WORDS})[\s-]*)?(?:players?|player game|인|명)(?![a-z])",
                text[end:], re.I):
        return "other"  # "in a 2 player game", "3 Players:": which game, not how many of something
    if re.match(r"\s*[A-Za-z][\w' -]{0,25}:", text[end:]) and re.search(r"(?:^|[\n.!?•]\s*)$", text[:start]):
        return "list"  # "1 Wound: take 1 Wound." labels a list entry
    if m.group("n") and re.match(r"[A-Za-z]", text[end:end + 1]) and not ORDINAL.match(text[start:]) \
            and not GLUED_UNIT.match(text[end:]):
        return "name"  # "18xx", "4X": letters glued to the digits ("5VP", "10pts" are amounts)
    if ORDINAL.match(text[start:]):
        return "other"  # "4th round": an ordinal says which, not how many
    if (raw.casefold() == "once" and re.search(r"(?:^|[.!?;:,]\s*|\]\s*)$", text[:start])
            and not re.match(r"\s+(?:per|a|an|each|every|more|again|only)\b|\s*[.,;]", text[end:], re.I)):
        return "other"  # "Once all the fields are full": when, not how often ("once per turn", "attack once")
    if word_before and word_before.group(1)[0].isupper() and re.match(r"\s*(?:,|and\b|or\b|&)\s*[A-Z]", text[end:]) \
            and not re.search(r"[.!?:]\s*[A-Za-z]+\s*$", before) and word_before.group(1).casefold() not in STOPWORDS \
            and not pairs:
        return "name"  # "Route 66 and Lake Shore": one of a list of names ("Hull 4." is a claim)
    return None


def _from_question(text: str, m: re.Match, number: str, asked: set[tuple[str, frozenset[str]]]) -> bool:
    """A number the question gave, said back for the same thing (or for nothing in particular)."""
    thing, _ = thing_after(text, m.end())
    return any(n == number and (not thing or not q_thing or thing & q_thing) for n, q_thing in asked)


def thing_after(text: str, pos: int) -> tuple[frozenset[str], int]:
    """The noun phrase after a number (up to three words, stopping at small words): its stems and end."""
    # a word stops at a digit: "2 Gems3 Gems" (a table's glued cells) counts Gems, not "Gems3"
    m = re.match(r"\s*(?:x\s+|×\s*)?[*_]*((?:[^\W\d_](?:[^\W\d_]|['’-])*[*_]*\s*){1,3})", text[pos:])
    if not m:
        return frozenset(), pos
    words = [w.strip("*_") for w in m.group(1).split()]
    kept: list[str] = []
    for i, w in enumerate(words):
        if w == "of" and len(kept) == 1 and kept[0][:1].isupper() and words[i + 1:i + 2] and words[i + 1][:1].isupper():
            continue  # a name with "of" in it: "2 Hall of Fame" counts Hall of Fame
        if w.casefold().strip("'’") in STOPWORDS and kept:
            break
        if w.casefold() in STOPWORDS:
            continue
        kept.append(w)
        if len(kept) == 2:
            break
    if not kept:
        return frozenset(), pos
    stems = frozenset(t for t in tokenize(" ".join(kept)) if t.isalpha())
    end = pos + m.start(1) + m.group(1).find(kept[-1]) + len(kept[-1])
    return stems, end


# How far back (characters) a number's label, six words at most, and its clause's words are looked for. Hand-set,
# not swept (clause efbd5e3, 2026-11-30; label 640e62f, 2026-12-05).
LABEL_WINDOW, CLAUSE_WINDOW = 60, 80


def _label_before(text: str, pos: int) -> frozenset[str]:
    """"Hull 4", "Attack: 7", "Rum markers: 10": the label a bare number belongs to (a label before a colon
    may be up to six words: a column's name, "Number of Cards Discarded Each Round: 3")."""
    window = text[max(0, pos - LABEL_WINDOW):pos]
    m = (re.search(r"((?:[A-Za-z][\w'-]*\s+){0,5}[A-Za-z][\w'-]*)\s*:\s*$", window)
         or re.search(r"([A-Za-z][\w'-]*)\s*=?\s*$", window))
    return frozenset(t for t in tokenize(m.group(1)) if t.isalpha()) if m else frozenset()


def sentence_at(text: str, pos: int) -> str:
    start, end = sentence_span(text, pos)
    return text[start:end]


# A number that says which case a rule is for: "with 7 losses", "if 10 or more", "at 3 players".
CASE_WORD = re.compile(r"\b(?:with|if|at|for|on|when|from|having)\s+$", re.I)


def keys_before(text: str, pos: int) -> list[int]:
    """The numbers that say which case the claim at ``pos`` is for: before it in its sentence and its quote,
    right after "with", "if", "at", ... ("With 7 losses you draw 2 cards": 7), nearest first."""
    low = max((m.end() for m in MARKER.finditer(text, 0, pos)), default=0)
    start = max(sentence_span(text, pos)[0], low)
    found = [(pos - (start + m.start()), int(m.group("n"))) for m in NUMBER.finditer(text[start:pos])
             if m.group("n") and m.group("n").isdigit() and CASE_WORD.search(text[start:start + m.start()])]
    return [n for _, n in sorted(found)]


def players_near(text: str, pos: int) -> int | None:
    """The player count nearest ``pos`` in its sentence ("With 4 players, 5 cards (6 cards with 3 players)")."""
    start = sentence_span(text, pos)[0]
    counts = list(PLAYERS.finditer(sentence_at(text, pos)))
    if not counts:
        return None
    nearest = min(counts, key=lambda m: min(abs(start + m.start() - pos), abs(start + m.end() - pos)))
    return as_int(nearest.group(1))


def words_before(text: str, pos: int, n: int = 3) -> frozenset[str]:
    """The stems of the last ``n`` content words before ``pos`` in its sentence: what the number is said of."""
    return frozenset(_content_words_before(text, pos)[-n:])


def _content_words_before(text: str, pos: int) -> list[str]:
    clause = text[clause_start(text, pos, lo=max(0, pos - CLAUSE_WINDOW)):pos]
    return [t for t in tokenize(clause) if t.isalpha() and t not in STOPWORDS]


def _sentence_words(text: str, pos: int) -> frozenset[str]:
    return frozenset(t for t in tokenize(sentence_at(text, pos)) if t.isalpha() and t not in STOPWORDS)
