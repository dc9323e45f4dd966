"""What to quote from each retrieved passage: its best unit, grown into something readable."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TypeVar

import numpy as np

from rulespal.core.text import plain
from rulespal.core.tuning import Tuning
from rulespal.core.types import Chunk, Hit, Unit
from rulespal.index.snapshot import IndexSnapshot
from rulespal.retrieval.query import QueryPlan
from rulespal.retrieval.reader import Reader, reader_text
from rulespal.retrieval.units import DIGIT, score_units
from rulespal.rules.tables import pipe_rows, row_runs

# "...as shown below", "Refer to the table below to see ...", "in the order shown to the right": the content
# (a list, a table) comes after the sentence.
LEAD_IN = re.compile(r"\b(below|following)\W*$|\bas follows\W*$|\bas shown (?:to the (?:right|left)|opposite|here)\W*$"
                     r"|\b(?:refer to|see|consult|check|use) the (?:table|chart|list)s? below\b", re.I)
NAMES_BLOCK = re.compile(r"\b(?:table|chart|list)s?\b", re.I)
# A sentence that leans on the one before it ("If so, ...", "In that case, ...", "This ...").
LEANS_BACK = re.compile(r"^\W*(?:if so|if not|in (?:this|that|such a|either|both) cases?|in the unlikely event|otherwise|"
                        r"however|instead|then|this|these|that|those|they|it|its|their|he|she|his|her|also|still|"
                        r"even so|except|"
                        r"but|and|or|such|both|likewise|similarly|in addition|additionally|furthermore|"
                        r"그러면|그렇지 않으면|이 경우|이때|단,|또한|하지만|그러나)\b"
                        r"|^\W*(?:the|each|every|all|play|players?|you|they|he|she|it|this|that)\b(?:\s+[A-Za-z']+)?"
                        r"\s+then\b", re.I)  # "The game then ends ...": after what? ("Roll, then move" is whole)


T = TypeVar("T")

# A rule that continues the one before it even after a paragraph break ("If still tied, ...", "If tied again").
CONTINUES = re.compile(r"^\W*(?:if|when)\s+(?:(?:there is|there's|it is|they are|(?:the )?players are)\s+)?"
                       r"(?:still|again)\b|^\W*if\s+(?:tied|a tie)\s+(?:still|again)\b", re.I)

# A list item joined to the next by "or" or "and" ("paying 50 coins, or;"): alone it is half a rule.
JOINED_ITEM = re.compile(r"[,;]?\s*\b(?:or|and)\s*[;,]?\s*$", re.I)


@dataclass(frozen=True)
class Pick:
    hit: Hit
    units: tuple[Unit, ...]  # contiguous units of one chunk, in order
    score: float
    read: float | None = None  # the reader's probability that the rule answers (None: not read)
    # the passage's next best rules outside this one, best first: their units, their unit's share of the best
    # unit's score and their score as a pick
    runners_up: tuple[tuple[tuple[Unit, ...], float, float], ...] = ()

    @property
    def start(self) -> int:
        return self.units[0].start

    @property
    def end(self) -> int:
        return self.units[-1].end


class Picker:
    """Scores each passage's units once per question, however many writers ask."""

    def __init__(self, index: IndexSnapshot, plan: QueryPlan, tuning: Tuning, reader: Reader | None = None):
        self.index = index
        self.plan = plan
        self.tuning = tuning
        self.reader = reader
        self._done: dict[str, Pick | None] = {}
        # picks() per hit list: the writers and the service's how-many check ask for the same hits' picks
        self._found: dict[tuple[tuple[str, float], ...], list[Pick]] = {}

    def picks(self, hits: list[Hit]) -> list[Pick]:
        """The best pick in each of the top hits, best first."""
        key = tuple((h.chunk.id, h.score) for h in hits)
        if key not in self._found:
            self._found[key] = self._picks(hits)
        return list(self._found[key])

    def _picks(self, hits: list[Hit]) -> list[Pick]:
        top = self.tuning.answer_hits
        if self.index.unit_vectors is None:
            top = min(top, self.tuning.large_index_picks)  # sentences are embedded at query time: look at fewer
        found = sorted((p for p in (self._pick(h) for h in hits[:top]) if p is not None), key=lambda p: -p.score)
        if self.reader is not None and self.plan.read:
            if self.tuning.reader_weight > 0:
                found = self._reranked(found, self.reader, self.tuning.reader_weight)
            # the reader reads the rules an answer may quote: the best picks (the abstention check reads them)
            found = [self._read(p) if k < self.tuning.reader_picks else p for k, p in enumerate(found)]
        return found

    def _reranked(self, found: list[Pick], reader: Reader, weight: float) -> list[Pick]:
        """Each pick of an English book as the rule of its passage (itself or a runner-up) that reads best with
        the question, those picks ordered by their score's share of the best score plus ``weight`` times the
        reader's probability. Picks of other books keep their places (the reader does not read them)."""
        top = max((p.score for p in found), default=0.0)
        slots = [k for k, p in enumerate(found) if self.index.docs[p.hit.chunk.doc].lang == "en"]
        if top <= 0 or not slots:
            return found
        groups = []
        for k in slots:
            p = found[k]
            groups.append([p] + [replace(p, units=units, score=score,
                                         runners_up=((p.units, 1.0, p.score),
                                                     *(r for r in p.runners_up if r[0] != units)))
                                 for units, _, score in p.runners_up])
        # one call for every candidate: the reader reads them side by side
        reads = reader.score(self.plan.read, [self.rule(v) for group in groups for v in group])
        ranked: list[tuple[float, Pick]] = []
        at = 0
        for k, group in zip(slots, groups):
            p, group_reads = found[k], reads[at:at + len(group)]
            at += len(group)
            # the chosen rule keeps its passage's score: the floors judge whether the passage answers, the reader
            # which of its rules does
            ranked.append(max(((v.score / top + weight * r, replace(v, read=r, score=p.score))
                               for v, r in zip(group, group_reads)), key=lambda x: x[0]))
        return _reordered(found, slots, ranked)

    def _pick(self, hit: Hit) -> Pick | None:
        key = hit.chunk.id
        if key not in self._done:
            self._done[key] = None
            if hit.chunk.units:
                scores = score_units(self.index, self.plan, hit.chunk, self._unit_vectors(hit), self.tuning)
                best = int(np.argmax(scores))
                following = self.index.following(hit.chunk)
                units = extend(hit.chunk, best, self.tuning, following)
                self._done[key] = Pick(hit, units, scores[best] + self.tuning.w_rank * hit.score,
                                       runners_up=_runners_up(hit.chunk, scores, units, self.tuning, following,
                                                              self.tuning.w_rank * hit.score))
        return self._done[key]

    def reranked_hits(self, hits: list[Hit], top: int, weight: float) -> list[Hit]:
        """Search hits with the first ``top`` reordered by their score's share of the best plus ``weight`` times
        the reader's read of the rule an answer would quote from each (``/api/search``). Hits of books the
        reader does not read keep their places; the rest are unchanged."""
        head = hits[:top]
        best = max((h.score for h in head), default=0.0)
        if self.reader is None or not self.plan.read or best <= 0:
            return hits
        slots = [k for k, h in enumerate(head) if self.index.docs[h.chunk.doc].lang == "en"]
        if not slots:
            return hits
        picks = [self._pick(head[k]) for k in slots]
        rules = [self.rule(p) for p in picks if p is not None]
        reads = iter(self.reader.score(self.plan.read, rules))  # side by side, one call
        keyed = [(head[k].score / best + weight * (next(reads) if p is not None else 0.0), head[k])
                 for k, p in zip(slots, picks)]
        return _reordered(head, slots, keyed) + hits[top:]

    def _read(self, pick: Pick) -> Pick:
        """The pick with the reader's probability that its rule answers the question (English books only)."""
        if (self.reader is None or not self.plan.read or pick.read is not None
                or self.index.docs[pick.hit.chunk.doc].lang != "en"):
            return pick
        return replace(pick, read=self.reader.score(self.plan.read, [self.rule(pick)])[0])

    def rule(self, pick: Pick) -> str:
        """What the reader (and the verdict model) reads of a pick's rule."""
        return reader_text(pick.hit.chunk.section, rule_text(self.index.text(pick.hit.chunk.doc), pick.units))

    def _unit_vectors(self, hit: Hit) -> np.ndarray | None:
        idx = self.index
        if idx.unit_vectors is not None:
            return idx.chunk_units(idx.position[hit.chunk.id])
        if idx.meta.embedders[0] not in self.plan.vectors:
            return None
        # A large library has no sentence vectors on disk: embed a passage's sentences once, then keep them.
        return idx.embed_units(hit.chunk)


def rule_text(text: str, units: tuple[Unit, ...]) -> str:
    """The text of a rule grown from ``units`` as the reader reads it: its tab-separated or glued table rows as
    Markdown rows (training and serving both call this)."""
    start, end = units[0].start, units[-1].end
    runs = [[(u.start, u.end) for u in units[i:j + 1]] for i, j in row_runs(units)]
    return pipe_rows(text, start, end, runs) if runs else text[start:end]


def _reordered(items: list[T], slots: list[int], keyed: list[tuple[float, T]]) -> list[T]:
    """``items`` with the positions ``slots`` refilled by ``keyed``'s items, highest key first; the rest stay."""
    out = list(items)
    for k, (_, item) in zip(slots, sorted(keyed, key=lambda x: -x[0])):
        out[k] = item
    return out


def _runners_up(chunk: Chunk, scores: list[float], taken: tuple[Unit, ...], t: Tuning, following: Chunk | None,
                rank_part: float) -> tuple[tuple[tuple[Unit, ...], float, float], ...]:
    """The passage's best rules outside the chosen one and each other (at most ``t.runners_up``), grown the same
    way, with their score's share of the best."""
    best = max(scores)
    if best <= 0:
        return ()
    found: list[tuple[tuple[Unit, ...], float, float]] = []
    spans = [(taken[0].start, taken[-1].end)]
    for k in sorted(range(len(scores)), key=lambda k: -scores[k])[1:]:
        if len(found) >= t.runners_up:
            break
        u = chunk.units[k]
        if u.kind == "heading" or any(a <= u.start < b for a, b in spans):
            continue
        rule = extend(chunk, k, t, following)
        if any(rule[0].start < b and a < rule[-1].end for a, b in spans):
            continue  # grown back into a rule already taken
        found.append((rule, scores[k] / best, scores[k] + rank_part))
        spans.append((rule[0].start, rule[-1].end))
    return tuple(found)


# A line that is all bold, with no sentence end or colon: a label over the list, table or lead-in under it.
BOLD_LABEL = re.compile(r"\s*(\*\*|__)[^*_\n.!?:]{2,80}\1\s*")
LABEL_WORDS = 4  # a bold line of at most this many words names what the paragraph under it says (hand-set)


def extend(chunk: Chunk, i: int, t: Tuning, following: Chunk | None = None) -> tuple[Unit, ...]:
    """Grow a chosen unit into the whole rule it belongs to: a heading takes its first rule, a
    question its answer, a lead-in ("...as follows:") what it leads into (into the next passage if
    need be), a table row its header row (a header row its rows), a sentence the sentences of its
    paragraph that belong to it."""
    units = chunk.units
    u = units[i]
    if u.kind == "heading":
        j = next((k for k in range(i + 1, len(units)) if units[k].kind != "heading"), None)
        if j is None:
            return (u,)
        rule = extend(chunk, j, t, following)
        # "Explore (2AP)": a heading that states a number is part of the answer
        return (u, *rule) if DIGIT.search(chunk.unit_text(u)) and rule[-1].end - u.start <= t.max_quote else rule
    if u.kind == "sentence" and BOLD_LABEL.fullmatch(chunk.unit_text(u)) and i + 1 < len(units):
        # "**Retrieve Animal Parts**" over the list, table or lead-in it names: read with it
        nxt = units[i + 1]
        if nxt.kind in ("item", "row"):
            return _what_follows(chunk, i, t.max_quote, following)
        if nxt.kind == "sentence" and is_lead_in(plain(chunk.unit_text(nxt))):
            return (u, *_what_follows(chunk, i + 1, t.max_quote - (nxt.start - u.start), following))
        if nxt.kind == "sentence" and len(plain(chunk.unit_text(u)).split()) <= LABEL_WORDS:
            # "**Narcotics**" over the paragraph that says what they do: that rule ("**You may never attack on
            # your first turn**" is a rule of its own)
            rule = extend(chunk, i + 1, t, following)
            if rule[-1].end - u.start <= t.max_quote:
                return (u, *rule)
    text = plain(chunk.unit_text(u))
    if is_lead_in(text) or (text.endswith("?") and u.kind != "row"):
        return _what_follows(chunk, i, t.max_quote, following)
    if u.kind == "row":
        return _table_rows(units, i, t.max_quote)
    if u.kind == "sentence":
        rule = _paragraph_rule(chunk, i, t)
        last = chunk.units.index(rule[-1])
        if last != i and is_lead_in(chunk.unit_text(rule[-1])):  # "... Follow these steps:" ends the paragraph
            rule = rule[:-1] + _what_follows(chunk, last, t.max_quote - (rule[-1].start - rule[0].start), following)
        return rule
    if u.kind == "item":
        return _joined_list(chunk, i, t.max_quote) or (u,)
    return (u,)


def _joined_list(chunk: Chunk, i: int, budget: int) -> tuple[Unit, ...] | None:
    """An item of a list whose items are alternatives or parts of one rule ("• paying 50 coins, or;" "• showing
    30 fame."): the items joined to it, with the lead-in that opens the list ("This is done by spending 1 Action
    and:")."""
    units = chunk.units

    def joined(k: int) -> bool:  # item k runs on into item k + 1
        return (k + 1 < len(units) and units[k].kind == units[k + 1].kind == "item"
                and JOINED_ITEM.search(plain(chunk.unit_text(units[k]))) is not None)
    first, last = i, i
    while first > 0 and joined(first - 1):
        first -= 1
    while joined(last):
        last += 1
    if first == last:
        return None
    if first > 0 and units[first - 1].kind == "sentence" and is_lead_in(chunk.unit_text(units[first - 1])):
        first -= 1
    return tuple(units[first:last + 1]) if units[last].end - units[first].start <= budget else None


# A row quotes its table's header row when the header is at most this many rows above it; hand-set.
HEADER_REACH = 2


def _table_rows(units: tuple[Unit, ...], i: int, budget: int) -> tuple[Unit, ...]:
    """A row with its table's header row; the header row itself with the rows under it."""
    first = i
    while first > 0 and units[first - 1].kind == "row":
        first -= 1
    if first == i:
        j = i
        while j + 1 < len(units) and units[j + 1].kind == "row" and units[j + 1].end - units[i].start <= budget:
            j += 1
        return tuple(units[i:j + 1])
    if i - first <= HEADER_REACH and units[i].end - units[first].start <= budget:
        return tuple(units[first:i + 1])  # the header row is in reach: quote it too
    return (units[i],)


def is_lead_in(text: str) -> bool:
    """"...follow these steps:", "...as shown below": a sentence whose content comes after it."""
    text = plain(text)
    return text.endswith(":") or LEAD_IN.search(text) is not None


def _what_follows(chunk: Chunk, i: int, budget: int, following: Chunk | None) -> tuple[Unit, ...]:
    """A lead-in or a question with what comes after it: the next paragraph, list or table (into the
    next passage of the same section if need be), up to a heading, a question or the quote limit."""
    units = list(chunk.units)
    if following is not None and following.section == chunk.section:
        units += [v for v in following.units if v.kind != "heading"]
    start = units[i].start
    to_block = bool(NAMES_BLOCK.search(_text_of(chunk, following, units[i])))
    j = i + 1
    while (j < len(units) and units[j].kind != "heading" and units[j].end - start <= budget
           and not plain(_text_of(chunk, following, units[j])).endswith("?")
           and (j == i + 1 or not _blank_line_between(_owner(chunk, following, units[j - 1]), units[j - 1], units[j])
                or (to_block and _first_block(units[i + 1:j], units[j])))):
        j += 1
    return tuple(units[i:max(j, i + 1)])  # a lead-in with nothing after it stays alone


def _first_block(taken: list[Unit], u: Unit) -> bool:
    """The list or table a lead-in points to may follow the rest of its paragraph after a blank line."""
    return u.kind in ("row", "item") and not any(v.kind in ("row", "item") for v in taken)


def _blank_line_between(chunk: Chunk, a: Unit, b: Unit) -> bool:
    """A paragraph break between two units (a break between two passages counts as one)."""
    if not chunk.start <= a.end <= b.start <= chunk.end:
        return True
    return "\n\n" in chunk.text[a.end - chunk.start:b.start - chunk.start].replace(" ", "").replace("\t", "")


def _owner(chunk: Chunk, following: Chunk | None, u: Unit) -> Chunk:
    """The passage a unit of ``_what_follows`` is in (a table may run on into the next passage)."""
    return chunk if chunk.start <= u.start < chunk.end or following is None else following


def _text_of(chunk: Chunk, following: Chunk | None, u: Unit) -> str:
    return _owner(chunk, following, u).unit_text(u)


def _paragraph_rule(chunk: Chunk, i: int, t: Tuning) -> tuple[Unit, ...]:
    """A rule often runs over two or three sentences of one paragraph: keep them together, and take
    the sentence before when this one leans on it ("If so, ...", "In that case, ...")."""
    units = chunk.units
    u = units[i]

    def same_paragraph(a: Unit, b: Unit) -> bool:
        return a.kind == b.kind == "sentence" and "\n" not in chunk.text[a.end - chunk.start:b.start - chunk.start]

    def leans(k: int) -> bool:
        text = chunk.unit_text(units[k])
        return k > 0 and ((same_paragraph(units[k - 1], units[k]) and LEANS_BACK.match(text) is not None)
                          or (CONTINUES.match(text) is not None and units[k - 1].kind in ("sentence", "item")))
    j = i
    while j + 1 < len(units) and same_paragraph(units[j], units[j + 1]) and units[j + 1].end - u.start <= t.extend_chars:
        j += 1
    first = i
    # back to the sentence the rule starts from ("The lowest player may move the King. He need not move it. Play
    # then continues ..."), within the quote's budget
    while leans(first) and (first == i or units[j].end - units[first - 1].start <= t.max_quote):
        first -= 1
    return tuple(units[first:j + 1])
