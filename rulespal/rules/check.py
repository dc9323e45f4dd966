"""Check every claim an answer makes, whatever wrote the answer.

A claim is a quantity the answer asserts (rulespal/rules/claims.py), not any digit in it. Its status:

- ``verified``: the same quantity for the same thing and context (player count, row) is in a cited table
  cell or a cited rule sentence, or a cited rule computed it; the check names that source span;
- ``contradicted``: a cited table cell or rule sentence gives another value for that thing and context:
  such an answer is never returned as is (see ``enforce``);
- ``unverified``: no cited source states it.

A verified claim says whether it answers: ``answers: true`` when it is about the player count or a thing the
question names; ``false`` when it is clearly about something else (a step count for a hand-limit question):
right number, wrong answer; ``null`` for another number of a quoted rule (beside a claim that answers, a quoted
rule's numbers about other things are this, not ``false``). Numbers the question itself gave are shown as "from
your question", not checked.
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Callable, Iterator
from typing import Literal, cast

from rulespal.core.loanwords import sounds_alike
from rulespal.core.messages import say
from rulespal.core.numbers import KO_COUNTERS, KO_PARTICLES
from rulespal.core.players import NAMED_COUNTS, listed_counts, player_counts
from rulespal.core.question import TIME_WORDS, Asks, read_asks
from rulespal.core.text import (HANGUL, MARKER, flat_quote, plain, sentence_span, sentence_spans, unwrap,
                                words_only)
from rulespal.core.tokens import tokenize
from rulespal.core.tuning import Tuning
from rulespal.core.types import Answer, Check, Citation, Draft, SourceSpan
from rulespal.rules.claims import (NUMBER, SPELLED, Claim, keys_before, normalise, players_near,
                                   read_claims, thing_after, words_before)
from rulespal.rules.facts import Fact, FactBook
from rulespal.rules.lookup import HEADER_PLAYERS, ROW_KEY, key_holds

# Numbers in a cited quote, also where a flattened table glued them to words ("2 Souls3 Souls5 Souls"); read
# as the answer's claims are: thousands separators, decimals and ranges are part of the number ("$6,000", "1.5",
# "6-9").
RESTATE_SHARE = Tuning().restate_share
QUOTE_NUMBER = re.compile(rf"(?<![\d.,])[+−-]?(?:\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?)(?:[–-]\d+(?![.,/]\d))?(?![\d])"
                          rf"|{SPELLED}", re.I)
# The fewest words of an answer's sentence copied from a cited quote that make it a quote, not a coincidence.
# Hand-set (62ec3c6, 2026-12-02) with the checker's labelled claims of its tuned-on half; not swept.
VERBATIM_MIN_WORDS = 4
# Words read on each side of a number to tell that an answer's number fills the same slot of the same
# sentence as a cited rule's ("Randomly select 8 of the 12 treasure cards" against "select 9 of the 12
# treasure cards"); at least SLOT_MIN_WORDS of them must be there. Chosen on the checker's tuned-on half
# (status accuracy / mutations caught): off 0.881/0.869; (1, 2) 0.887/0.879; (2, 2) 0.897/0.879; (2, 3)
# 0.892/0.879; (3, 3) 0.892/0.869.
SLOT_WORDS = 2
SLOT_MIN_WORDS = 2
SLOT_TOKEN = re.compile(r"[^\W\d_]+|\d+")

# A number given per player ("3 per player", "2 each player"): it counts what the question asks, not players.
PER_PLAYER = re.compile(r"\S+\s+(?:per|each|for each)\s+(?:players?|persons?|people)\b", re.I)
PLAYER_WORDS = frozenset(tokenize("player players person persons people"))

Status = Literal["verified", "contradicted", "unverified"]


def _as_quoted(cite: Citation) -> str:
    return cite.quote


def check_answer(draft: Draft, book: FactBook | None = None, question: Asks | str = "",
                 names: tuple[str, ...] = (), restate_share: float = RESTATE_SHARE,
                 glossary: tuple[tuple[str, str], ...] = (), shown: Callable[[Citation], str] = _as_quoted
                 ) -> list[Check]:
    """The checks of the draft's numbers against its citations and the rules' tables. ``question``: what the
    player asked, read once (``read_asks``; a string is read here)."""
    asks = question if isinstance(question, Asks) else read_asks(question)
    claims, others = read_claims(draft.text, asks.text, names)
    worked = _worked(draft, asks.text)
    flat_quotes = _flat_quotes(draft, shown)
    checks: list[Check] = []
    # numbers of the quoted rules (an extractive answer quotes; a language model's is quoted word for word) about
    # something else than what is asked
    incidental: set[int] = set()
    seen: dict[str, str] = {}
    starts: list[int] = []
    unworked = not worked and not draft.derived and _own_situation(asks)
    for c in claims:
        quoted = None if (c.start, c.number) in worked else _quoted_verbatim(c, draft, flat_quotes)
        status, source, detail = (worked.get((c.start, c.number)) or quoted
                                  or _status(c, draft, book, restate_share, glossary))
        if _said_again(seen.get(c.text), status, c, draft, source):
            continue
        seen[c.text] = status
        starts.append(c.start)
        not_it = None if status != "verified" else _not_the_answer(c, asks, draft.text)
        answers: bool | None = True
        if not_it is not None and quoted is not None and not _wrong_count(c, asks, draft.text):
            # a number of a rule quoted word for word is that rule's number: whether the rule answers is the
            # writer's choice, shown by what it quotes, not by a "does not answer" chip on each of its numbers
            # (unless it is for another player count and the answer gives none of the counts asked)
            answers = None
        elif not_it is not None:
            answers, detail = False, f"does not answer: {not_it}"
        elif status == "verified" and (unworked or not _answers(c, asks, draft.text)):
            answers = None  # another number of the rule, or the rule's own where the player's needs working
        checks.append(Check(claim=c.text, status=cast(Status, status), source=source, detail=detail, answers=answers,
                            quoted=quoted is not None, start=c.start, end=c.end))
        if answers is False and (quoted is not None or draft.writer != "llm"):  # a quoted rule's other number
            incidental.add(len(checks) - 1)
    if any(c.answers is True and c.status == "verified" for c in checks):
        # the answer states what was asked: the other numbers of the rules it quotes are not wrong answers
        checks = [c.model_copy(update={"answers": None, "detail": None}) if i in incidental else c
                  for i, c in enumerate(checks)]
    checks = _closest_answers(checks, starts, asks.text, draft.text)
    for o in others:
        if o.kind == "question" and o.text not in seen:
            seen[o.text] = "unverified"
            checks.append(Check(claim=o.text, status="unverified", detail="from your question"))
    return checks


def _flat_quotes(draft: Draft, shown: Callable[[Citation], str]) -> list[tuple[str, str]]:
    """Each quote as words, and as the answer reads its table rows: with their column names (core.text.flat_quote;
    ``shown``: a quote with the header it is read under, as ``enforce`` quotes it)."""
    return [(words_only(cite.quote), words_only(flat_quote(shown(cite)))) for cite in draft.citations]


def _said_again(before: str | None, status: str, c: Claim, draft: Draft, source: SourceSpan | None) -> bool:
    """A claim whose words were checked before (``before``: that status) gets no second chip, unless it is read
    otherwise and is no contradiction, or restates another number of its quote (``_restated_there``)."""
    return before is not None and (before == status
                                   or (status == "contradicted" and not _restated_there(c, draft, source)))


def _restated_there(c: Claim, draft: Draft, source: SourceSpan | None) -> bool:
    """The claim's next words are those after the cited number ``source`` ("3 points per pair" against "2 points
    per pair"): a claim said again restates that rule with another number ("counting the 2 cards [2]" against
    "discard down to 7 cards" does not)."""
    span = _number_span(c)
    if source is None or span is None:
        return False
    cite = next((ct for ct in draft.citations if ct.doc == source.doc and ct.start <= source.start < ct.end), None)
    if cite is None:
        return False
    read, at = unwrap(cite.quote), source.start - cite.start
    a, b = sentence_span(read, at)
    mine = _claim_slot(draft.text, span)
    theirs = _slot(read[a:b], at - a, source.end - cite.start - a)
    return mine is not None and len(mine[1]) == SLOT_WORDS and mine[1] == theirs[1]


def _closest_answers(checks: list[Check], starts: list[int], question: str, answer: str) -> list[Check]:
    """Of several verified numbers said to answer ("deal each player 4 cards [1]. Each turn you play 2 cards [2]"
    for "how many cards do I start with?"), those whose sentence shares the most words with the question keep
    the answer's colour; the others are shown as other numbers of the rules quoted. Chosen on the checker's
    tuned-on half: relevance 0.629 -> 0.716 (the other half 0.653 -> 0.694)."""
    answering = [i for i, c in enumerate(checks) if c.answers is True and c.status == "verified"]
    if len(answering) < 2:
        return checks
    asked = set(tokenize(question))
    shared = {i: len(asked & set(tokenize(MARKER.sub(" ", answer[slice(*sentence_span(answer, starts[i]))]))))
              for i in answering}  # a marker's "[2]" is no word the question shares
    best = max(shared.values())
    return [c.model_copy(update={"answers": None}) if i in shared and shared[i] < best else c
            for i, c in enumerate(checks)]


def _quoted_verbatim(c: Claim, draft: Draft, flat_quotes: list[tuple[str, str]]
                     ) -> tuple[str, SourceSpan | None, str | None] | None:
    """A claim in a stretch of the answer copied word for word from a cited quote is what that quote says: a
    quote never contradicts itself. The stretch is the claim's sentence, or its part after a lead-in colon, never
    across a citation marker ("... WE [2] Note: ..." is two quotes). ``flat_quotes``: ``words_only`` of each citation's
    quote, and of its rows named, in order."""
    start, end = sentence_span(draft.text, c.start)
    start = max([start] + [m.end() for m in MARKER.finditer(draft.text, start, c.start)])
    end = min([end] + [m.start() for m in MARKER.finditer(draft.text, c.end, end)])
    sentence = draft.text[start:end]
    pieces = [sentence] + [sentence[i + 1:] for i in (sentence.find(":"), sentence.find("\"")) if 0 <= i < c.start - start]
    for piece in pieces:
        words = words_only(piece)
        if len(words.split()) < VERBATIM_MIN_WORDS:
            continue
        for cite, flats in zip(draft.citations, flat_quotes):
            if any(words in flat for flat in flats):
                m = re.search(re.escape(c.text), cite.quote)
                num = _number_span(c) or (c.start, c.end)  # the source is the number itself, as elsewhere
                at = cite.start + m.start() + num[0] - c.start if m else cite.start
                to = at + num[1] - num[0] if m else cite.end
                return "verified", SourceSpan(doc=cite.doc, start=at, end=to), "quoted word for word from the rule"
    return None


# Korean words before a number that say which or how many, not what ("다음 1턴", "총 4칸").
NOT_A_THING = frozenset("다음 모두 총 최대 최소 각 매 약 더 단 그 이 첫 마지막 남은 전부 추가 기본 처음".split())
# A number directly followed by its noun ("2 cards"), not by a small word ("3 when you pass").
NOUN_AFTER = re.compile(r"\s*[*_]*(?!(?:when|if|and|or|to|of|in|on|at|for|the|a|an|you|each|per)\b)[A-Za-z가-힣]", re.I)
# Working written out in an answer: "10 + 1 = 11", "4 x 2 = 8", "3 − 2 = 1".
WORKING = re.compile(r"(?<![\w.])([-−]?\d+(?:\s*[+\-−–×x*]\s*\d+)+)\s*=\s*(\d+)(?![\w.])")
OPERATORS = str.maketrans({"−": "-", "–": "-", "×": "*", "x": "*"})
# Two numbers joined by a dash, the first the smaller: a range ("4-5", "2–3"), whatever follows its "=". Unlike a
# table's row key (lookup.ROW_KEY), a hyphen between spaces is a minus here: "5 - 3 = 2" is a working.
RANGE = re.compile(r"(\d+)(?:\s*–\s*|-)(\d+)")


def _worked(draft: Draft, question: str) -> dict[tuple[int, str], tuple[str, SourceSpan | None, str | None]]:
    """The result of each written-out sum: verified when it adds up and every operand is in a cited quote
    or the question; contradicted when it does not add up. Keyed by the result's place in the answer."""
    out: dict[tuple[int, str], tuple[str, SourceSpan | None, str | None]] = {}
    quoted: list[tuple[Citation, list[Claim]]] | None = None
    for m in WORKING.finditer(draft.text):
        if (r := RANGE.fullmatch(m.group(1).strip())) is not None and int(r.group(1)) < int(r.group(2)):
            continue  # "2–3 = 3": a row of a scoring chart (2 to 3 markers score 3), not a subtraction
        value = _evaluate(m.group(1).translate(OPERATORS))
        result = int(m.group(2))
        if value != result and _cited_working(draft.citations, m.group()) is not None:
            continue  # the rule's own line, quoted: whatever it means, it is not the answer's sum
        if value != result:
            out[(m.start(2), str(result))] = ("contradicted", None, f"the working does not add up: "
                                              f"{m.group(1)} is {value}")
            continue
        operands = re.findall(r"\d+", m.group(1))
        if quoted is None:
            quoted = [(cite, read_claims(cite.quote)[0]) for cite in draft.citations]
        sources = [_cited_number(quoted, n) for n in operands]
        if all(src is not None or re.search(rf"(?<!\d){n}(?!\d)", question) for src, n in zip(sources, operands)):
            # the book's own working, quoted ("pay 6 + 4 = 10 coins"), is the source; else the first operand
            source = _cited_working(draft.citations, m.group()) or next((s for s in sources if s is not None), None)
            out[(m.start(2), str(result))] = ("verified", source, "computed from the cited numbers")
    return out


def _cited_working(citations: tuple[Citation, ...], working: str) -> SourceSpan | None:
    """Where a cited quote writes out the same working ("6 + 4 = 10"), spaces aside."""
    want = re.sub(r"\s+", "", working.translate(OPERATORS))
    for cite in citations:
        for m in WORKING.finditer(cite.quote):
            if re.sub(r"\s+", "", m.group().translate(OPERATORS)) == want:
                return SourceSpan(doc=cite.doc, start=cite.start + m.start(), end=cite.start + m.end())
    return None


def _evaluate(expression: str) -> int:
    """"10 + 2 * 3 - 1" -> 15: sums of products of whole numbers."""
    total = 0
    for sign, term in re.findall(r"([+-]?)\s*(\d+(?:\s*\*\s*\d+)*)", expression):
        product = 1
        for factor in re.findall(r"\d+", term):
            product *= int(factor)
        total += -product if sign == "-" else product
    return total


def _cited_number(quoted: list[tuple[Citation, list[Claim]]], number: str) -> SourceSpan | None:
    """Where a cited quote claims ``number`` (a quantity, not a "Rule 1:" label or a page)."""
    for cite, claims in quoted:
        for c in claims:
            if c.number == number:
                return SourceSpan(doc=cite.doc, start=cite.start + c.start, end=cite.start + c.end)
    return None


def _status(c: Claim, draft: Draft, book: FactBook | None, restate_share: float,
            glossary: tuple[tuple[str, str], ...] = ()) -> tuple[str, SourceSpan | None, str | None]:
    status = _read_against_sources(c, draft, book, restate_share, glossary)
    if status[0] == "contradicted" and _uncited_tail(draft.text, c.start, c.end):
        return "unverified", None, "no citation follows it: no cited passage states this number"
    return status


def _read_against_sources(c: Claim, draft: Draft, book: FactBook | None, restate_share: float,
                          glossary: tuple[tuple[str, str], ...] = ()) -> tuple[str, SourceSpan | None, str | None]:
    if c.number in draft.derived:
        return "verified", draft.derived[c.number], "computed by the cited rule"
    if book is not None and c.thing:
        found = _against_tables(book, draft.citations, c, draft.text)
        if found is not None:
            return found
    own = _own_markers(draft.text, c.end)
    status = _against_sentences(draft.citations, c, restate_share, glossary, draft.text, own)
    if status[0] == "unverified" and book is not None:
        # the quotes the claim's own markers point at, or all of them when it has none
        cited = tuple(ct for ct in draft.citations if ct.n in own) or draft.citations
        row = _row_bound(book, cited, c, draft.text)
        if row is not None:
            return "verified", row.source(), f"{row.table}: the row for {row.row}"
        row = _row_bound_conflict(book, cited, c, draft.text)
        if row is not None:
            return "contradicted", row.source(), f"{row.table}: the row is {row.row}"
    return status


# A conclusion drawn from the cited rules ("..., so everyone starts with 3 cards"): checked against them.
CONCLUSION = re.compile(r"(?<!\bdo )(?<!\bif )\bso\b|\b(?:therefore|thus|hence|which means|that means)\b"
                        r"|따라서|그러므로|그래서|즉(?![가-힣])", re.I)


def _uncited_tail(answer: str, start: int, end: int) -> bool:
    """A claim after an answer's last citation marker ("... [2]. The supply always shows 3 cards.") is the
    writer's own remark, not a reading of the cited rules: a cited rule about something else does not make it
    wrong. A conclusion drawn from them ("So with two of you, each gets 5") is still read against them. On the
    checker's labelled claims none of the 42 claims after the last marker is labelled contradicted."""
    if MARKER.search(answer, end) is not None:
        return False
    markers = list(MARKER.finditer(answer, 0, start))
    sentence_start, _ = sentence_span(answer, start)
    # "According to [1], each player draws 3 cards": a marker in its own sentence cites it
    return (bool(markers) and markers[-1].end() <= sentence_start
            and CONCLUSION.search(answer, markers[-1].end(), start) is None)


def _against_sentences(citations: tuple[Citation, ...], c: Claim, restate_share: float,
                       glossary: tuple[tuple[str, str], ...] = (), answer: str = "", own: frozenset[int] = frozenset()
                       ) -> tuple[str, SourceSpan | None, str | None]:
    """The same number for the same thing in a cited sentence verifies; another number for that thing,
    in the same player context, contradicts. The quote the claim's own marker points at ("... 4 cards [1]")
    is read first: a rule it restates with another number is not rescued by the same digits in another
    quote (a mutated "5 cards [1]" against "deal 4 cards" and "the top five cards [2]"). ``own``: the claim's
    markers (``_own_markers``)."""
    mine = tuple(ct for ct in citations if ct.n in own)
    if mine:
        found, conflict = _scan(mine, c, restate_share, glossary, answer)
        if found is not None:
            return found
        if conflict is not None:
            return _contradicted(conflict)
        if (sole := _sole_number(mine, c)) is not None:
            return _contradicted(sole)
    found, conflict = _scan(tuple(ct for ct in citations if ct.n not in own), c, restate_share, glossary, answer)
    if found is not None:
        return found
    if conflict is not None:
        return _contradicted(conflict)
    return "unverified", None, "no cited passage states this number"


# The markers a claim's sentence cites it with: the first run of them after it, before any full stop, "!", "?",
# line break or other bracket ("... 4 cards [1].", "... [1][2]", "[1, 2]", "(see [1] and [2])"); a decimal point
# ("1.5 Gold") ends nothing. Stopping early is the safe side: no marker, no comparison.
OWN_MARKERS = re.compile(r"(?:[^.!?\n\[]|(?<=\d)\.(?=\d))*((?:\[\d+(?:\s*,\s*\d+)*\](?:\s*(?:,|and|&)\s*(?=\[))?\s*)+)")


def _own_markers(answer: str, end: int) -> frozenset[int]:
    m = OWN_MARKERS.match(answer, end)
    return frozenset(int(n) for n in re.findall(r"\d+", m.group(1))) if m else frozenset()


def _contradicted(conflict: tuple[Citation, int, int, str]) -> tuple[str, SourceSpan | None, str | None]:
    cite, start, end, detail = conflict
    return "contradicted", SourceSpan(doc=cite.doc, start=start, end=end), detail


def _cited_sentences(citations: tuple[Citation, ...], players: int | None
                     ) -> Iterator[tuple[Citation, int, str, set[int]]]:
    """Each cited sentence (hard-wrapped lines read as one, as ``sentence_spans`` reads them), its offset in its
    quote and its player counts; a rule for another player count than ``players`` says nothing about a claim."""
    for cite in citations:
        read = unwrap(cite.quote)
        for at, stop in sentence_spans(cite.quote, lines=True, clauses=True):
            sentence = read[at:stop]
            counts = player_counts(sentence)
            if players is None or not counts or players in counts:
                yield cite, at, sentence, counts


def _scan(citations: tuple[Citation, ...], c: Claim, restate_share: float, glossary: tuple[tuple[str, str], ...],
          answer: str = "") -> tuple[tuple[str, SourceSpan | None, str | None] | None, tuple[Citation, int, int, str] | None]:
    """(the verifying span, or None; the first conflicting number, or None) over ``citations``."""
    conflict: tuple[Citation, int, int, str] | None = None
    nouns, counted = (_korean_nouns(c), _counted(c)) if HANGUL.search(c.text) else ([], frozenset())
    span = _number_span(c)
    bound = _bound(answer, span[1] if span else c.end)
    slot = _claim_slot(answer, span)
    for cite, at, sentence, counts in _cited_sentences(citations, c.players):
        words = frozenset(tokenize(sentence))
        # A Korean answer about an English rule: its nouns can't be compared word for word, its numbers can;
        # where its noun is a loanword ("카드" - "cards") or a glossary term ("일꾼" - "worker"), the one
        # number the rule gives that word can contradict.
        claim_thing = c.thing if not _other_script(c.thing, sentence) else frozenset()
        # a bare number ("instead of 3") is about what precedes it, where the answer says what that is
        bare = not claim_thing and bool(c.before) and not _other_script(c.before, sentence)
        if conflict is None and (nouns or counted) and _other_script(c.thing | c.before, sentence):
            conflict = _loanword_conflict(c, nouns, cite, at, sentence, words, glossary, counted)
        for m in QUOTE_NUMBER.finditer(sentence):
            if c.players is not None and len(counts) > 1 and players_near(sentence, m.start()) != c.players:
                continue  # "5 cards (6 cards with 3 players)": this number is for another count
            number = normalise(m.group())
            thing, _ = thing_after(sentence, m.end())
            before = words_before(sentence, m.start())
            same_thing = (_same(thing, claim_thing) if thing and claim_thing
                          else bool(c.before & before) if bare
                          else not claim_thing or bool(claim_thing & _near(sentence, m)))
            where = cite.start + at + m.start()
            if number == c.number and same_thing and _signs_agree(c, m.group()):
                return ("verified", SourceSpan(doc=cite.doc, start=where, end=where + len(m.group())), None), None
            # another number said of the same thing, in the same words ("scores 10 points" after "score 9 points")
            said_of_it = (thing and claim_thing and thing & claim_thing
                          and (len(thing & claim_thing) >= 2 or _restates(c, words, restate_share)
                               or (c.before & before) - claim_thing))
            # a bare number against a bare number said after the very same words ("instead of 3")
            bare_too = bare and not NOUN_AFTER.match(sentence, m.end()) and c.before <= before
            # a bound against the same kind of bound in a sentence the claim's restates ("if you have 4 or more")
            bound_too = (bound is not None and _bound(sentence, m.end()) == bound
                         and _bounds_in(sentence, bound) == 1 and _restates(c, words, restate_share))
            # the same words around it: the answer restates this sentence with another number
            same_slot = _same_slot(slot, _slot(sentence, m.start(), m.end()))
            if number != c.number and conflict is None and (said_of_it or bare_too or bound_too or same_slot):
                conflict = (cite, where, where + len(m.group()), f"the cited rule says {m.group()} {' '.join(sorted(thing))}".rstrip())
    return None, conflict


def _sole_number(citations: tuple[Citation, ...], c: Claim) -> tuple[Citation, int, int, str] | None:
    """The one number the claim's own quotes give its thing, when it differs: "The deck has 12 Locomotives [1]"
    against "... plus 14 Locomotives", where no other number counts locomotives. Two numbers of that thing
    ("2 Resource cards and 1 Gold card"), or the claim's own number said of it or of no named thing: no conflict."""
    found: list[tuple[Citation, int, int, str]] = []
    for cite, at, sentence, _ in _cited_sentences(citations, c.players):
        if _other_script(c.thing, sentence):
            continue
        for m in QUOTE_NUMBER.finditer(sentence):
            thing, _ = thing_after(sentence, m.end())
            if normalise(m.group()) == c.number and (not thing or _same(thing, c.thing)):
                return None  # the claim's number, said of its thing or of nothing named: no conflict here
            if c.thing and thing and _same(thing, c.thing):
                where = cite.start + at + m.start()
                found.append((cite, where, where + len(m.group()),
                              f"the cited rule says {m.group()} {' '.join(sorted(thing))}".rstrip()))
    return found[0] if len(found) == 1 else None


def _slot(sentence: str, start: int, end: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The SLOT_WORDS words before and after a number in its sentence, casefolded (numbers as written)."""
    def words(text: str) -> list[str]:
        return [w.casefold() for w in SLOT_TOKEN.findall(MARKER.sub(" ", text))]
    return tuple(words(sentence[:start])[-SLOT_WORDS:]), tuple(words(sentence[end:])[:SLOT_WORDS])


def _claim_slot(answer: str, span: tuple[int, int] | None) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    if span is None or not answer:
        return None
    a, b = sentence_span(answer, span[0])
    return _slot(answer[a:b], span[0] - a, span[1] - a)


def _same_slot(mine: tuple[tuple[str, ...], tuple[str, ...]] | None,
               theirs: tuple[tuple[str, ...], tuple[str, ...]]) -> bool:
    """The same words around the number, another number anywhere; SLOT_MIN_WORDS of them (both sides together)
    words or a number both say ("from +3 to +8" fills the slot of "from +3 to +7")."""
    if mine is None:
        return False
    a, b = mine[0] + mine[1], theirs[0] + theirs[1]
    masked = [tuple("#" if w.isdigit() else w for w in side) for side in (*mine, *theirs)]
    return (masked[:2] == masked[2:]
            and sum(not x.isdigit() or x == y for x, y in zip(a, b)) >= SLOT_MIN_WORDS)


def _nearest_counts(answer: str, at: int) -> set[int]:
    """The player counts of the count list nearest ``at`` in its sentence ("with 4 or 5 players, deal 3")."""
    start, end = sentence_span(answer, at)
    lists = [(abs(m.start() - at), m.group()) for m in NAMED_COUNTS.finditer(answer, start, end)]
    return listed_counts(min(lists)[1]) if lists else set()


def _signs_agree(c: Claim, said: str) -> bool:
    """A modifier ("+1 to his roll") is stated only by a number written with its sign, not by any 1."""
    return not c.text.lstrip().startswith("+") or said.lstrip().startswith("+")


def _near(sentence: str, m: re.Match) -> frozenset[str]:
    """The words a number with no noun right after it may be said of: its clause before it ("Cards: 2") and
    what follows it up to the next number ("2 + 1 from the Mill": the 1 is the Mill's, not the 2)."""
    nxt = QUOTE_NUMBER.search(sentence, m.end())
    after = sentence[m.end():nxt.start() if nxt else len(sentence)]
    return frozenset(tokenize(after)) | words_before(sentence, m.start(), 8)


def _same(a: frozenset[str], b: frozenset[str]) -> bool:
    """One names the other: "cards" and "Resource cards" are the same thing; "Gold cards" and "Resource cards" not."""
    return a <= b or b <= a


# A particle a Korean noun may carry ("포인트를", "라운드로"), and counters that follow a number ("6개를"):
# neither names the thing. A noun may end in what looks like a particle ("도로", "효과"): both forms are tried.
KO_PARTICLE = rf"(?:{KO_PARTICLES})"
PARTICLE = re.compile(rf"{KO_PARTICLE}$")
COUNTERS = frozenset(KO_COUNTERS) - {"라운드", "차례"}  # those two name a thing of their own: a round, a turn
# What a counter counts, where it names a thing, as English stems ("카드 4장" and "맨 위 4장" count cards or tiles).
COUNTED = {"장": frozenset({"card", "tile", "ticket", "sheet"}), "명": frozenset({"player", "peopl", "person"}),
           "칸": frozenset({"space", "spot", "squar", "cell", "box"}), "점": frozenset({"point"}),
           "턴": frozenset({"turn"})}
# What may follow a glossary term inside one word: a plural or a particle ("카드들", "타일을").
TERM_TAIL = re.compile(rf"(?:들)?{KO_PARTICLE}?$")


# The Korean word glued to a claim's number or right after it ("5라운드로", "3 포인트를", "4장을").
KOREAN_AFTER = re.compile(r"\s*[+−-]?[\d.,/]+\s*([가-힣]+)")


def _korean_after(c: Claim) -> str:
    m = KOREAN_AFTER.match(c.text)
    return m.group(1) if m else ""


def _korean_nouns(c: Claim) -> list[str]:
    """The Korean words a claim's number is said of, as written and without a particle: the word before it
    ("코인 6개") and the one glued to it or after it ("5라운드로", "3 포인트를"), unless that is a counter."""
    out: list[str] = []
    for word, may_count in ((c.last, False), (_korean_after(c), True)):
        bare = PARTICLE.sub("", word)
        if may_count and (word in COUNTERS or bare in COUNTERS):
            continue
        for form in dict.fromkeys((word, bare)):
            if len(form) >= 2 and HANGUL.search(form) and form not in NOT_A_THING:
                out.append(form)
    return out


def _counted(c: Claim) -> frozenset[str]:
    """The English stems a claim's counter stands for ("4장을" - card, tile, ...), or none."""
    word = _korean_after(c)
    return COUNTED.get(word) or COUNTED.get(PARTICLE.sub("", word)) or frozenset()


def _english_for(korean: str, sentence_words: frozenset[str], glossary: tuple[tuple[str, str], ...]) -> set[str]:
    """The sentence's English stems for a Korean noun: a loanword that sounds alike ("카드" - "cards"), or
    the glossary's translation of the word, or of the longest term it is with only a plural or particle
    after it ("일꾼들" - "worker")."""
    found = {t for t in sentence_words if t.isalpha() and len(t) >= 4 and sounds_alike(korean, t)}
    term = next(((ko, en) for ko, en in glossary if korean == ko), None) or next(
        ((ko, en) for ko, en in glossary  # longest first (glossary_for sorts it so)
         if len(ko) >= 2 and korean.startswith(ko) and TERM_TAIL.fullmatch(korean[len(ko):])), None)
    if term is not None:
        found |= {t for t in tokenize(term[1]) if t.isalpha()} & sentence_words
    return found


def _loanword_conflict(c: Claim, nouns: list[str], cite: Citation, offset: int, sentence: str, words: frozenset[str],
                       glossary: tuple[tuple[str, str], ...] = (), counted: frozenset[str] = frozenset()
                       ) -> tuple[Citation, int, int, str] | None:
    """A Korean claim whose noun (``nouns``, from ``_korean_nouns``) names an English word of the sentence ("카드
    4장" and "Draw 5 cards"; by sound or by the glossary), where none of the numbers the sentence gives that word
    is the claim's, nor their sum or difference ("카드 4장" against "Draw 5 cards ... and discard 3 cards"; "모두
    8장" and "2장 남습니다" are not contradicted). ``words``: the sentence's tokens."""
    # a counter says what is counted only when the claim names no noun ("맨 위 4장"; not "타일 3장")
    matched = set().union(*(_english_for(k, words, glossary) for k in nouns)) if nouns else set(counted & words)
    if not matched:
        return None
    said = [m for m in QUOTE_NUMBER.finditer(sentence) if thing_after(sentence, m.end())[0] & matched]
    values = [normalise(m.group()) for m in said]
    if not said or c.number in values or (len(values) > 1 and c.number in _worked_out(values)):
        return None
    at = cite.start + offset + said[0].start()
    return cite, at, at + len(said[0].group()), f"the cited rule says {said[0].group()} {' '.join(sorted(matched))}"


def _worked_out(values: list[str]) -> set[str]:
    """What a claim may have worked out of a sentence's numbers: their sum, or one less another ("draw 5 cards,
    then discard 2": 3 left)."""
    try:
        numbers = [int(v) for v in values]
    except ValueError:
        return set()  # a fraction or a decimal: nothing is worked out
    return {str(sum(numbers))} | {str(a - b) for a in numbers for b in numbers if a > b}


def _other_script(thing: frozenset[str], sentence: str) -> bool:
    return bool(thing) and all(HANGUL.search(t) for t in thing) and not HANGUL.search(sentence)


# A number that is a bound: "3 or more", "2 or fewer", "10+".
BOUND = re.compile(r"\s*(?:(\+)(?!\s*\d)|or\s+(more|fewer|less|higher|lower|greater)\b)", re.I)


def _bound(text: str, end: int) -> str | None:
    """"more" or "fewer" when the number ending at ``end`` is a bound, else None."""
    m = BOUND.match(text, end)
    if m is None:
        return None
    return "more" if m.group(1) or m.group(2).lower() in ("more", "higher", "greater") else "fewer"


def _number_span(c: Claim) -> tuple[int, int] | None:
    """Where the claim's number is in the answer ("4" of "4 or more Ore"), when written in digits or English."""
    m = QUOTE_NUMBER.search(c.text)
    return (c.start + m.start(), c.start + m.end()) if m else None


def _bounds_in(sentence: str, kind: str) -> int:
    return sum(1 for m in QUOTE_NUMBER.finditer(sentence) if _bound(sentence, m.end()) == kind)


def _restates(c: Claim, rule_words: frozenset[str], share: float) -> bool:
    """Is the claim's sentence about the rule's sentence (so another number there contradicts it)?"""
    mine = c.context - c.thing
    return bool(mine) and len(mine & rule_words) >= share * len(mine)


def _against_tables(book: FactBook, citations: tuple[Citation, ...], c: Claim, answer: str = ""
                    ) -> tuple[str, SourceSpan | None, str | None] | None:
    """A cited table's cell for the claim's thing (in its value or its column) and context: the player count,
    or the row the claim's sentence names ("with 10 or more you draw 4 cards" is the "10+" row)."""
    cells = _cited_cells(book, citations)
    relevant = [f for f in cells if c.thing & frozenset(tokenize(f"{f.value} {f.column}"))]
    if not relevant:
        return None
    keys = keys_before(answer, c.start) if answer else []
    by_row = next((rows for n in keys if (rows := [f for f in relevant if key_holds(f.row, n)])), [])
    pool = [f for f in relevant if _context_matches(f, c)] or by_row or relevant
    match = next((f for f in pool if _cell_number(f, c) == c.number), None)
    if match:
        return "verified", match.source(), f"{match.table}: {match.value}"
    if len(pool) < len(relevant) or len(pool) == 1:  # one cell is meant: its value is the rulebook's
        expected = pool[0]
        named = {f.row for f in cells if f.row and set(tokenize(f.row)) <= c.context}
        if named and expected.row not in named:
            return None  # the sentence names another row ("a sloop"), whose cell in that column is empty
        return "contradicted", expected.source(), f"the rulebook's table says {expected.value}"
    return None


def _cited_cells(book: FactBook, citations: tuple[Citation, ...]) -> list[Fact]:
    """The table cells inside a cited quote."""
    return [f for f in book.facts if f.kind == "cell"
            and any(f.doc == ct.doc and ct.start <= f.start and f.end <= ct.end for ct in citations)]


def _range_around(c: Claim, answer: str) -> tuple[int, int | None, int | None, int] | None:
    """A whole-number claim as one end of a range the answer words: its number, the number after it ("5 to 9":
    9) and the one before it ("5 to 9", for 9: 5), each None when there is none, and where its digits end."""
    span = _number_span(c)
    if span is None or not c.number.isdigit():
        return None
    at, end = span
    after = re.match(r"\s*(?:[-–—]|to\b)\s*(\d+)", answer[end:])
    before = re.search(r"(\d+)\s*(?:[-–—]|to)\s*$", answer[:at])
    return (int(c.number), int(after.group(1)) if after else None, int(before.group(1)) if before else None, end)


def _row_bound(book: FactBook, citations: tuple[Citation, ...], c: Claim, answer: str) -> Fact | None:
    """A cited table row whose key the claim names as a range's bound: "from 5 to 9" for the "5–9" row (5 its
    start, 9 its end), "10 or more" for "10+". A row key is a quantity the rulebook states, like a cell."""
    found = _range_around(c, answer)
    if found is None:
        return None
    n, after, before, end = found
    starts, ends, opens = after is not None, before is not None, _bound(answer, end) == "more"
    if not (starts or ends or opens):
        return None
    for f in _cited_cells(book, citations):
        m = ROW_KEY.match(plain(f.row))
        if m and ((starts and m.group(1) and int(m.group(1)) == n) or (ends and m.group(2) and int(m.group(2)) == n)
                  or (opens and m.group(4) and int(m.group(3)) == n)):
            return f
    return None


def _row_bound_conflict(book: FactBook, citations: tuple[Citation, ...], c: Claim, answer: str) -> Fact | None:
    """A cited row whose range the claim's range misstates at one end: "from 6 to 9" or "from 5 to 10" against
    the "5–9" row (the other end agrees, so it is that row)."""
    found = _range_around(c, answer)
    if found is None or found[1] is None and found[2] is None:
        return None
    n, after, before, _ = found
    for f in _cited_cells(book, citations):
        m = ROW_KEY.match(plain(f.row))
        if m is None or m.group(1) is None:
            continue
        low, high = int(m.group(1)), int(m.group(2))
        if (after == high and n != low) or (before == low and n != high):
            return f
    return None


def _context_matches(f: Fact, c: Claim) -> bool:
    if c.players is None:
        return False
    hm = HEADER_PLAYERS.search(f.column)
    keys = {int(hm.group(1)), int(hm.group(2) or 0)} if hm else set()
    keys |= {int(x) for x in re.findall(r"\d+", f.row)[:1]}
    return c.players in keys


def _cell_number(f: Fact, c: Claim) -> str | None:
    """The number a cell gives for the claim's thing: "4 Gold or -2 Health" gives -2 for Health."""
    for m in NUMBER.finditer(f.value):
        thing, _ = thing_after(f.value, m.end())
        if thing & c.thing:
            return normalise(m.group())
    first = NUMBER.search(f.value)
    return normalise(first.group()) if first else None


def _not_the_answer(c: Claim, asks: Asks, answer: str = "") -> str | None:
    """Why a verified claim does not answer the question (another thing, another player count), or None."""
    question = asks.text
    asked_counts = asks.counts
    if (asked_counts and c.players is not None and c.players not in asked_counts
            and not asked_counts & _nearest_counts(answer, c.start)):  # "4, 5 or 6 players: 3 cards"
        return f"that is for {c.players} players, the question asks about {' or '.join(map(str, sorted(asked_counts)))}"
    asked = asks.things
    thing = _what_it_counts(c)
    # a Korean claim's noun ("5회") can't be compared word for word with what an English question asks
    if asked and thing and not asked & thing and not _other_script(thing, question) \
            and not (asks.duration and thing & TIME_WORDS):  # "how much time": "20 minutes" answers it
        # its words as the answer writes them, a label before it included ("Challenging: 3"), never stems
        said = answer[slice(*sentence_span(answer, c.start))] if answer else c.text
        return f"this number is about {_surface(thing, said)}, the question asks about {_surface(asked, question)}"
    return None


def _what_it_counts(c: Claim) -> frozenset[str]:
    """The claim's thing as relevance reads it: "when you already have 4" has no noun, not a thing called
    "have"; "3 per player" is a rate of what is asked, not a count of players."""
    return c.thing - VERBS_BEFORE_NUMBERS - (PLAYER_WORDS if PER_PLAYER.match(c.text) else frozenset())


def _wrong_count(c: Claim, asks: Asks, answer: str) -> bool:
    """The claim is for another player count than the question asks, and the answer gives none of those asked."""
    asked = asks.counts
    return bool(asked) and c.players is not None and c.players not in asked and not asked & player_counts(answer)


def _own_situation(asks: Asks) -> bool:
    """"I have 23 resources left, how many points?": the player's own amounts and a total asked. Only a worked
    total answers it; a number of the rule quoted instead ("1 point for each 5 resources") is the rule's."""
    return asks.result and any(a.numeral and not a.is_context for a in asks.amounts)


def _answers(c: Claim, asks: Asks, answer: str = "") -> bool:
    """Something says a verified claim is what the question asks: the player count it asks about, or a thing the
    question names (a question in another script, or one that names nothing countable, gives no such sign)."""
    question = asks.text
    if not question or HANGUL.search(question) or _other_script(c.thing, question):
        return True  # Korean words and their English glosses are not compared word for word
    if asks.things and CURRENCY.match(answer[:c.start][-1:]) and not asks.money:
        return False  # "a hand of $1, $2, $3" is money; "how many control markers" does not ask for money
    if asks.counts and c.players in asks.counts:
        return True
    asked = asks.things
    words = frozenset(tokenize(question)) | asked
    thing = _what_it_counts(c)
    if not words - VERBS_BEFORE_NUMBERS:
        return True
    if thing & words or c.before & asked or (asks.duration and thing & TIME_WORDS):
        return True
    # "how much is the ransom?" names no countable thing: the claim's sentence must speak of what it asks
    return not asked and bool(c.context & words)


def _surface(stems: frozenset[str], text: str) -> str:
    """The text's own words for these stems, in its order ("rum cubes", not the stems "cube rum")."""
    words: list[str] = []
    for m in re.finditer(r"[^\W\d_]+", text):
        word = m.group().casefold()
        if word not in words and set(tokenize(word)) & stems:
            words.append(word)
    return " ".join(words) or " ".join(sorted(stems))


CURRENCY = re.compile(r"[$€£¥₩]")


# Verbs that come right before a number and name no thing ("have 4", "pay 3"), as stems.
# Not "draw", "roll", "move", "score": nouns as often ("3 moves").
VERBS_BEFORE_NUMBERS = frozenset(tokenize("have has had get gets take takes gain gains pay pays reach reaches equal "
                                          "equals exceed exceeds add adds lose loses spend spends"))


def enforce(draft: Draft, book: FactBook | None, question: Asks | str = "", lang: str = "en",
            names: tuple[str, ...] = (), restate_share: float = RESTATE_SHARE,
            glossary: tuple[tuple[str, str], ...] = (), shown: Callable[[Citation], str] = _as_quoted) -> Answer:
    """The checked answer; a draft with a contradicted number is replaced by the quoted rule. ``shown``: a
    citation's quote as the replacement reads it (a table row with its header before it); by default the quote."""
    checks = check_answer(draft, book, question, names, restate_share, glossary)
    if not any(c.status == "contradicted" for c in checks) or not draft.citations:
        return draft.to_answer(checks if draft.answerable or draft.needs_game else [])
    wrong = ", ".join(c.claim for c in checks if c.status == "contradicted")
    quotes = " ".join(f"\u201c{flat_quote(shown(c))}\u201d [{c.n}]" for c in draft.citations)
    text = say(lang, "corrected", wrong=wrong, quotes=quotes) if draft.writer == "llm" else say(lang, "replaced",
                                                                                                 quotes=quotes)
    checks = check_answer(replace(draft, text=text), None, question, names, restate_share, glossary, shown)
    if draft.writer == "llm":  # the player saw it being written: its wrong number keeps its red chip
        checks.append(Check(claim=wrong, status="contradicted",
                            detail="a drafted answer stated this; replaced by the quoted rule"))
        return replace(draft, text=text).to_answer(checks)
    # a draft the player never saw: a note says what was replaced, and no red chip sits on the quoted rule
    return replace(draft, text=text, note=say(lang, "replaced_note", wrong=wrong)).to_answer(checks)
