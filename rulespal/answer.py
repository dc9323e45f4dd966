"""The extractive answer writer: pick the sentences, list items or table rows that answer, and cite them.

No language model: every word of a rule in an answer is a quote from the rulebook (glossed with
glossary terms across languages), with exact character spans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ingest.embed import make_embedder
from ingest.models import Chunk, Unit
from rulespal.games import gloss
from rulespal.index import LoadedIndex
from ingest.tables import parse_table, row_runs
from rulespal.query import Query
from rulespal.retrieve import Hit
from rulespal.units import DIGIT, EN_UNITS, overlap, score_units, unit_text
from rulespal.rules.calc import calculate
from rulespal.rules.facts import FactBook, keys_match
from rulespal.rules.tables import Lookup, lookup, render as render_lookup

NOT_PRINTED = re.compile(
    r"\b(?:not printed|none printed|no [\w\s-]{0,40}(?:is|are) printed|not reproduced|does not (?:say|specify))\b"
    r"|표기되어 있지 않|나와 있지 않", re.I)
BULLET_LEAD = re.compile(r"^\s*(?:[•●◦▪■□◆►▸‣⁃·∙*+–—-]\s*)")
# Calibrated on the dev split of evals/gold.jsonl (README, "Answer thresholds").
ANSWERABLE_MIN = 0.40
ANSWERABLE_MIN_EN = 0.80
COVERAGE_MIN = 0.25
CROSS_LANG_MIN = 0.30
SECOND_CITATION_RATIO = 0.93
TABLE_AFFINITY_MIN = 0.45
W_RANK = 0.3  # a pick's score = its unit's score (rulespal/units.py) + W_RANK * the passage's score
PREFER_ANSWERABLE = 0.85
UNIT_CACHE_SIZE = 5000
LARGE_INDEX_PICKS = 4  # passages whose sentence vectors are kept when none are precomputed
EXTEND_CHARS = 260
MAX_QUOTE = 700


@dataclass(frozen=True)
class Citation:
    n: int
    doc: str
    section: str
    start: int
    end: int
    quote: str


@dataclass(frozen=True)
class Check:
    claim: str
    status: str  # verified | contradicted | unverified
    source: dict | None = None
    detail: str | None = None


@dataclass
class Answer:
    answer: str
    answerable: bool
    games: list[str]
    needs_game: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    derived: dict[str, dict] = field(default_factory=dict)  # numbers a calculator produced -> the rule's span

    def to_json(self) -> dict:
        return {
            "answer": self.answer,
            "answerable": self.answerable,
            "games": self.games,
            "needs_game": self.needs_game,
            "citations": [c.__dict__ for c in self.citations],
            "checks": [{k: v for k, v in c.__dict__.items() if v is not None or k == "source"} for c in self.checks],
        }


@dataclass(frozen=True)
class Pick:
    hit: Hit
    units: tuple[Unit, ...]  # contiguous units of one chunk, in order
    score: float

    @property
    def start(self) -> int:
        return self.units[0].start

    @property
    def end(self) -> int:
        return self.units[-1].end


class AnswerWriter:
    def __init__(self, index: LoadedIndex, threads: int = 2, unit_cache: dict | None = None):
        self.index = index
        self.threads = threads
        self.unit_cache = unit_cache if unit_cache is not None else {}

    # ---- choosing what to quote ------------------------------------------------------------

    def _unit_vectors(self, hit: Hit, q: Query) -> np.ndarray | None:
        idx = self.index
        pos = idx.position[hit.chunk.id]
        if idx.unit_vectors is not None:
            return idx.unit_vectors[idx.unit_offsets[pos]:idx.unit_offsets[pos + 1]]
        spec = idx.meta.embedders[0]
        if spec not in q.vectors:
            return None
        # A large library has no sentence vectors on disk: embed a passage's sentences once, then keep them.
        cached = self.unit_cache.get(hit.chunk.id)
        if cached is None:
            texts = [unit_text(hit.chunk, u) for u in hit.chunk.units]
            cached = make_embedder(spec, self.threads).embed_documents(texts)
            if len(self.unit_cache) > UNIT_CACHE_SIZE:
                self.unit_cache.pop(next(iter(self.unit_cache)))
            self.unit_cache[hit.chunk.id] = cached
        return cached

    def pick(self, q: Query, hits: list[Hit], top: int = 8) -> list[Pick]:
        """The best passage in each of the top hits, best first."""
        if self.index.unit_vectors is None:
            top = min(top, LARGE_INDEX_PICKS)  # sentences are embedded at query time: look at fewer passages
        picks: list[Pick] = []
        for hit in hits[:top]:
            if not hit.chunk.units:
                continue
            scores = score_units(self.index, q, hit.chunk, self._unit_vectors(hit, q))
            best_i = int(np.argmax(scores))
            picks.append(Pick(hit, self._extend(hit.chunk, best_i), scores[best_i] + W_RANK * hit.score))
        picks.sort(key=lambda p: -p.score)
        return picks

    @staticmethod
    def _extend(chunk: Chunk, i: int) -> tuple[Unit, ...]:
        """Grow a chosen unit into something readable: a heading takes its first rule, a caption its
        table or list, a table row its header row."""
        units = chunk.units
        u = units[i]
        if u.kind == "heading":
            j = next((k for k in range(i + 1, len(units)) if units[k].kind != "heading"), None)
            if j is None:
                return (u,)
            if DIGIT.search(unit_text(chunk, u)):  # "Explore (2AP)": the heading states the number
                return (u, units[j])
            i, u = j, units[j]
        text = unit_text(chunk, u).rstrip()
        if text.endswith(":") or re.search(r"\b(below|following)\W*$", text, re.I):
            j = i + 1
            while j < len(units) and units[j].kind in ("row", "item") and units[j].end - u.start <= MAX_QUOTE:
                j += 1
            return tuple(units[i:max(j, i + 1)])  # a caption with nothing after it stays alone
        if u.kind == "row":
            first = i
            while first > 0 and units[first - 1].kind == "row":
                first -= 1
            if i - first <= 2 and units[i].end - units[first].start <= MAX_QUOTE:
                return tuple(units[first:i + 1])  # the header row is in reach: quote it too
        if u.kind == "sentence":
            # A rule often runs over two or three sentences of one paragraph: keep them together.
            j = i
            while (j + 1 < len(units) and units[j + 1].kind == "sentence"
                   and "\n" not in chunk.text[units[j].end - chunk.start:units[j + 1].start - chunk.start]
                   and units[j + 1].end - u.start <= EXTEND_CHARS):
                j += 1
            return tuple(units[i:j + 1])
        return (u,)

    # ---- writing the answer ----------------------------------------------------------------

    def citation(self, n: int, pick: Pick) -> Citation:
        c = pick.hit.chunk
        text = self.index.text(c.doc)
        return Citation(n, c.doc, c.section, pick.start, pick.end, text[pick.start:pick.end])

    def render(self, pick: Pick, q_lang: str, glossary: list[tuple[str, str]]) -> str:
        chunk = pick.hit.chunk
        parts = []
        for u in pick.units:
            t = BULLET_LEAD.sub("", unit_text(chunk, u)).strip()
            t = re.sub(r"\s*\t\s*", " | ", t)
            parts.append(" ".join(t.split()))
        sep = " / " if any(u.kind == "row" for u in pick.units) else " "
        body = sep.join(p for p in parts if p)
        doc_lang = self.index.docs[chunk.doc].lang
        if q_lang == "en" and doc_lang == "ko":
            body = gloss(body, glossary, to="en")
        elif q_lang == "ko" and doc_lang == "en":
            body = gloss(body, glossary, to="ko")
        return body

    # ---- tables ----------------------------------------------------------------------------

    def table_lookup(self, q: Query, hits: list[Hit], key_text: str, top: int = 8) -> tuple[Lookup, Hit] | None:
        """A rule table in the top passages that has a row or column for the question's keys."""
        qtok = set(q.tokens)
        best: tuple[float, Lookup | None, Hit] | None = None
        for hit in hits[:top]:
            chunk = hit.chunk
            text = self.index.text(chunk.doc)
            units = chunk.units
            for i, j in row_runs(units):
                table = parse_table(text, units[i].start, units[j].end)
                caption = " ".join(unit_text(chunk, u) for u in units[max(0, i - 2):i])
                if table is None:
                    continue
                # Which table is the question about? Its own cells count most ("2 Souls3 Souls5 Souls"
                # for a souls question), then its caption and section, then the passage's rank.
                affinity = (overlap(self.index, qtok, text[table.start:table.end])
                            + 0.5 * overlap(self.index, qtok, f"{chunk.section} {caption}") + 0.6 * hit.fused)
                if best is None or affinity > best[0]:
                    best = (affinity, lookup(table, key_text), hit)
        # Only the table the question is about may answer: if it has no row or column for the key
        # (no 5-player column), another table that happens to have one must not answer instead.
        if best is None or best[1] is None or best[0] < TABLE_AFFINITY_MIN:
            return None
        return best[1], best[2]

    def table_answer(self, lk: Lookup, hit: Hit, q_lang: str, game_glossary: list[tuple[str, str]],
                     games: list[str]) -> Answer:
        text = self.index.text(hit.chunk.doc)
        start = lk.table.header.start
        end = max(r.end for r in lk.rows)
        if end - start > MAX_QUOTE:
            start = min(r.start for r in lk.rows)
        cite = Citation(1, hit.chunk.doc, hit.chunk.section, start, end, text[start:end])
        body = render_lookup(lk)
        if lk.column is not None and not any(c.text.strip() for c in lk.cells) or not lk.cells[1:] and \
                lk.column is None and len(lk.table.header.cells) > 1:
            lead = "규칙서의 표에 그 값은 나와 있지 않습니다" if q_lang == "ko" else "The rulebook's table prints no value for that"
            return Answer(f"{lead}: {' '.join(text[start:end].split())} [1]", False, games, citations=[cite])
        doc_lang = self.index.docs[hit.chunk.doc].lang
        if q_lang == "ko" and doc_lang == "en":
            body = "규칙서(영문)에 따르면: " + gloss(body, game_glossary, to="ko")
        elif q_lang == "en" and doc_lang == "ko":
            body = gloss(body, game_glossary, to="en")
        return Answer(f"{body} [1]", True, games, citations=[cite])

    def rules_answer(self, book: FactBook, key_text: str, hits: list[Hit], games: list[str],
                     q_lang: str) -> Answer | None:
        """Not-printed facts and calculators first: they state what the tables and rules give exactly."""
        docs = list(games) or list(dict.fromkeys(h.chunk.doc for h in hits[:3]))
        for doc in docs:
            for fact in book.for_doc(doc):
                if fact.kind == "not_printed":
                    keys = next(x["keys"] for x in book.curated[doc].not_printed if x["what"] == fact.row)
                    if keys_match(key_text, keys) == len(keys):
                        cite = self._span_citation(1, doc, fact.start, fact.end)
                        lead = "규칙서에 그 값은 나와 있지 않습니다" if q_lang == "ko" else "The rulebook doesn't print that"
                        return Answer(f"{lead} ({fact.row}): {' '.join(cite.quote.split())} [1]", False, [doc],
                                      citations=[cite])
        calc = calculate(book, key_text, docs)
        if calc is None:
            return None
        cites = [self._span_citation(i + 1, calc.doc, a, b) for i, (a, b) in enumerate(calc.spans)]
        markers = "".join(f"[{c.n}]" for c in cites)
        rule = {"doc": calc.doc, "start": calc.spans[0][0], "end": calc.spans[0][1]}
        return Answer(f"{calc.text} {markers}", True, [calc.doc], citations=cites,
                      derived={n: rule for n in calc.computed})

    def _span_citation(self, n: int, doc: str, start: int, end: int) -> Citation:
        return Citation(n, doc, self.index.section_at(doc, start), start, end, self.index.text(doc)[start:end])

    def write(self, q: Query, hits: list[Hit], games: list[str], glossary: list[tuple[str, str]],
              game_glossary: list[tuple[str, str]], key_text: str | None = None,
              book: FactBook | None = None, question: str | None = None) -> Answer:
        if not any(t.isalpha() for t in q.base_tokens):
            return self.abstain(q.lang, games, [])  # "9", "0.1.0": no words, nothing to look up
        if book is not None:
            # Rules are matched on the whole question: a game's name ("Governor's Daughter") can be a key.
            ruled = self.rules_answer(book, question or key_text or q.text, hits, games, q.lang)
            if ruled:
                return ruled
        found = self.table_lookup(q, hits, key_text or q.text)
        if found:
            return self.table_answer(*found, q.lang, game_glossary, games)
        picks = self.pick(q, hits)
        if not picks:
            return self.abstain(q.lang, games, [])
        # The best passage that states the answer, if one is nearly as good as the very best.
        best = next((p for p in picks if p.score >= PREFER_ANSWERABLE * picks[0].score and self.answerable(q, p)),
                    picks[0])
        first = self.citation(1, best)
        if not self.answerable(q, best):
            return self.abstain(q.lang, games, [first])
        if NOT_PRINTED.search(first.quote):
            body = self.render(best, q.lang, game_glossary)
            lead = "규칙서에 그 값은 나와 있지 않습니다" if q.lang == "ko" else "The rulebook doesn't print that"
            return Answer(f"{lead}: {body} [1]", False, games, citations=[first])
        chosen = [best]
        for p in picks:
            if p is not best and p.score >= SECOND_CITATION_RATIO * best.score and p.hit.chunk.doc == best.hit.chunk.doc \
                    and (p.end <= best.start or p.start >= best.end):
                chosen.append(p)
                break
        citations = [self.citation(i + 1, p) for i, p in enumerate(chosen)]
        body = " ".join(f"{self.render(p, q.lang, game_glossary)} [{i + 1}]" for i, p in enumerate(chosen))
        if q.lang == "ko" and self.index.docs[best.hit.chunk.doc].lang == "en":
            body = f"규칙서(영문)에 따르면: {body}"
        return Answer(body, True, games, citations=citations)

    def answerable(self, q: Query, best: Pick) -> bool:
        """Does the best passage state the answer? Same-language questions must also find their own
        key terms in it (idf-weighted); across languages only the dense match can tell."""
        chunk = best.hit.chunk
        if self.index.docs[chunk.doc].lang != q.lang:
            return best.score >= CROSS_LANG_MIN
        coverage = (overlap(self.index, set(q.base_tokens), f"{chunk.section} {chunk.text}", known_only=False)
                    if q.base_tokens else 1.0)
        if not any(t.isalpha() for t in q.base_tokens):
            return False  # "0.1.0", "?": no words, nothing to look up
        if q.lang == "en" and self._mostly_unknown(q):
            return False  # "castling in chess", "hotels on Boardwalk": words no rulebook here uses
        # English sentences are scored with MiniLM, whose similarities run higher than USE's.
        floor = ANSWERABLE_MIN_EN if q.lang == "en" and EN_UNITS in q.vectors else ANSWERABLE_MIN
        return best.score >= floor and coverage >= COVERAGE_MIN

    def _mostly_unknown(self, q: Query) -> bool:
        words = [t for t in q.base_tokens if t.isalpha() and len(t) >= 3 and not t.startswith("#")]
        unknown = [t for t in words if t not in self.index.idf]
        return bool(words) and len(unknown) / len(words) >= 0.5

    @staticmethod
    def abstain(lang: str, games: list[str], citations: list[Citation]) -> Answer:
        if lang == "ko":
            text = "규칙서에는 그 내용이 없습니다."
            if citations:
                text += " 가장 가까운 구절은 [1]입니다."
        else:
            text = "The rulebook doesn't say."
            if citations:
                text += " The closest passage is [1]."
        return Answer(text, False, games, citations=citations)
