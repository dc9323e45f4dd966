"""The query service every front end calls: ask, search, games, passages, facts. Front ends stay thin.

ask: question -> scope and follow-up -> query plan -> retrieve -> (ask back?) -> answer chain -> check.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from rapidfuzz import fuzz, process

from rulespal.answering.abstain import abstain
from rulespal.answering.answerable import answerable
from rulespal.answering.chain import DEFAULT_WRITERS, write_answer
from rulespal.answering.chat_models import chat_model as make_chat_model
from rulespal.answering.extractive import extractive
from rulespal.answering.llm_writer import llm_writer
from rulespal.answering.context import AnswerContext
from rulespal.answering.direct import value_line
from rulespal.answering.parts import joined
from rulespal.answering.picks import Pick, Picker
from rulespal.answering.render import headed_quote
from rulespal.core.errors import BadRequest, EmptyQuestion, QuestionTooLong, UnknownGame
from rulespal.core.messages import say
from rulespal.core.question import parts, read_asks
from rulespal.core.settings import Settings
from rulespal.core.text import HANGUL_WORD, detect_lang, valid_doc_id
from rulespal.core.tokens import token_set, tokenize
from rulespal.core.tuning import Tuning
from rulespal.core.types import Answer, Draft, Hit, Turn
from rulespal.index.snapshot import IndexSnapshot, SnapshotHolder
from rulespal.retrieval.acronyms import Acronyms
from rulespal.retrieval.examples import example_questions
from rulespal.retrieval.followup import Carried, carry_over
from rulespal.retrieval.games import GameDetector, normalize, only_one_holds
from rulespal.retrieval.glossary import glossary_for
from rulespal.retrieval.query import QueryPlan
from rulespal.retrieval.reader import Reader, get_reader
from rulespal.retrieval.heard import HeardTerms
from rulespal.retrieval.retriever import Retriever
from rulespal.retrieval.spelling import Speller
from rulespal.rules.check import enforce
from rulespal.rules.facts import FactBook


@dataclass(frozen=True)
class Books:
    """One build and what questions need from it, made once per build: a request uses one of these
    throughout, so a build swapped in mid-request never mixes with the old one."""

    index: IndexSnapshot
    facts_dir: Path | None  # None: no curated facts
    curated: bool = True  # glossaries on

    @cached_property
    def detector(self) -> GameDetector:
        korean = {w for d in self.index.meta.docs if d.lang == "ko" for w in HANGUL_WORD.findall(self.index.text(d.id))}
        korean |= {w for d in self.index.meta.docs for ko, _ in d.glossary for w in HANGUL_WORD.findall(ko)}
        korean |= {w for ko, _ in self.index.meta.shared_glossary for w in HANGUL_WORD.findall(ko)}
        return GameDetector(self.index.meta.docs, frozenset(korean), self._books_using)

    def _books_using(self, word: str) -> set[str]:
        """The books whose rules hold ``word`` (every book when it is no single search token)."""
        tokens = tokenize(word)
        if len(tokens) != 1:
            return set(self.index.docs)
        return set(self.index.chunk_doc[self.index.lexical.scores(tokens) > 0])

    @cached_property
    def heard(self) -> HeardTerms:
        return HeardTerms(self.index)

    @cached_property
    def speller(self) -> Speller:
        return Speller((self.index.text(d) for d in self.index.docs),
                       (n for d in self.index.meta.docs for n in (d.title, *d.aliases)))

    @cached_property
    def facts(self) -> FactBook:
        return FactBook(self.index, self.facts_dir)

    @cached_property
    def acronyms(self) -> Acronyms:
        return Acronyms({d: self.index.text(d) for d in self.index.docs})

    def glossary(self, games: list[str] | None) -> list[tuple[str, str]]:
        """Terms for expanding a question: the games' own, then the shared ones (every game when none)."""
        if not self.curated:
            return []
        docs = self.index.docs
        chosen = [docs[g] for g in games] if games else list(docs.values())
        return glossary_for(chosen, tuple(self.index.meta.shared_glossary))

    def game_glossary(self, games: list[str]) -> list[tuple[str, str]]:
        """Terms for glossing an answer: only the games' own."""
        if not self.curated:
            return []
        docs = self.index.docs
        return glossary_for([docs[g] for g in games if g in docs], ())


class RulesPal:
    def __init__(self, settings: Settings, tuning: Tuning | None = None, chat_model=None):
        self.settings = settings
        self.tuning = tuning or Tuning.for_settings(settings)
        self.chat_model = chat_model if chat_model is not None else make_chat_model(settings)
        self._writers = DEFAULT_WRITERS
        if self.chat_model is not None:  # the language model writes before the extractive writer, its fallback
            self._writers = DEFAULT_WRITERS[:-1] + (llm_writer(self.chat_model, settings.llm_timeout), extractive)
        self._holder = SnapshotHolder(settings)
        self._books: Books | None = None
        self._lock = threading.Lock()

    # ---- plumbing --------------------------------------------------------------------------

    def books(self) -> Books:
        """The current build's books; a new object after an ingest swapped builds."""
        index = self._holder.get()
        with self._lock:
            if self._books is None or self._books.index is not index:
                curated = self.settings.curated
                self._books = Books(index, Path(self.settings.corpus_dir) / "facts" if curated else None, curated)
            return self._books

    @property
    def index(self) -> IndexSnapshot:
        return self.books().index

    def _reader(self) -> Reader | None:
        """The trained reader (loaded on the first question), or None when it is off."""
        name = self.settings.reader.strip()
        return get_reader(name, self.settings.threads) if name else None

    def _verdict(self) -> Reader | None:
        """The yes/no verdict model, or None when it is off."""
        name = self.settings.verdict.strip()
        return get_reader(name, self.settings.threads) if name else None

    def resolve_game(self, game: str | None, books: Books | None = None) -> str | None:
        if game is None or not str(game).strip():
            return None
        books = books or self.books()
        game = str(game).strip()
        docs = books.index.docs
        if game in docs:
            return game
        named = books.detector.detect(game)
        if len(named) == 1 and normalize(game) in {normalize(a) for a in
                                                   (docs[named[0]].title, *docs[named[0]].aliases)}:
            return named[0]
        opening = books.detector.opening(game)  # "wayfarers" for "Wayfarers of the South Tigris"
        if len(opening) == 1:
            return opening[0]
        near = opening[:5] or [m[0] for m in process.extract(game.casefold(), list(docs), scorer=fuzz.ratio, limit=5,
                                                             score_cutoff=50)]
        raise UnknownGame(f"unknown game {game[:80]!r}; `rulespal games` (or GET /api/games) lists all {len(docs)} "
                          f"ids" + (f"; did you mean {', '.join(near)}?" if near else "."))

    def check_question(self, question: str) -> str:
        if question is None or not question.strip():
            raise EmptyQuestion("the question is empty; type a rules question or search words, e.g. 'How many "
                                "actions per turn?'")
        if len(question) > self.settings.max_question_chars:
            raise QuestionTooLong(f"the question is {len(question)} characters; use at most "
                                  f"{self.settings.max_question_chars} characters.")
        return question.strip()

    # ---- search ----------------------------------------------------------------------------

    def search(self, query: str, game: str | None = None, k: int | None = None) -> list[Hit]:
        query = self.check_question(query)
        k = self.settings.default_k if k is None else k
        if not 1 <= k <= self.settings.max_k:
            raise BadRequest(f"k must be between 1 and {self.settings.max_k}.")
        books = self.books()
        gid = self.resolve_game(game, books)
        query = books.speller.correct(query)
        scope = [gid] if gid else (books.detector.detect(query) or None)
        text = books.detector.strip(query) if scope else query
        retriever = Retriever(books.index, self.tuning, books.acronyms, books.heard)
        lang = detect_lang(text)
        if (scope is None and lang == "ko" and len(books.index.docs) > 1
                and (candidates := books.detector.sounds_like(query))
                and (heard := self._heard_game(books, retriever, candidates, text, None, None)) is not None):
            scope = heard[0]  # "스플렌더에서 ..." looks in the game it names in Hangul, as an answer would
        plan = retriever.plan(text, lang, books.glossary(scope), scope, for_answer=False)
        top = self.tuning.search_reader_top
        if not top or (reader := self._reader()) is None:
            return retriever.search(plan, scope, k)
        # the reorder looks at the same first hits whatever k is, so k=1 gives the first of k=10
        hits = retriever.search(plan, scope, max(k, top))
        return Picker(books.index, plan, self.tuning, reader).reranked_hits(hits, top, self.tuning.reader_weight)[:k]

    # ---- ask -------------------------------------------------------------------------------

    def ask(self, question: str, game: str | None = None, history: list[Turn] | None = None,
            on_token: Callable[[str], None] | None = None) -> Answer:
        """The checked answer; ``on_token`` receives a language model's answer text as it is written."""
        if game is None and history and isinstance(question, str) and (
                reply := self._game_for_ask_back(question, history)) is not None:
            question, game, history = reply  # "flip 7" after "Which game do you mean?": the question before
        return self._ask(question, game, history, on_token, self._writers)

    def _game_for_ask_back(self, question: str, history: list[Turn]) -> tuple[str, str, list[Turn]] | None:
        """A reply that only names a game, to RulesPal asking which game: the question asked before, in it."""
        if len(history) < 2 or history[-1].role != "assistant" or history[-2].role != "user":
            return None
        asked_which = (say(lang, "which_game", titles="\0").split("\0")[0] for lang in ("en", "ko"))
        if not any(history[-1].content.startswith(prefix) for prefix in asked_which):
            return None
        game = self.books().detector.named_alone(question)
        return None if game is None else (history[-2].content, game, history[:-2])

    def _ask(self, question: str, game: str | None, history: list[Turn] | None,
             on_token: Callable[[str], None] | None, writers: tuple) -> Answer:
        question = self.check_question(question)
        books = self.books()
        typed = question
        question = books.speller.correct(question)  # "the hand limt": search and scope read "limit"
        t = self.tuning
        history = (history or [])[-self.settings.max_history_turns:]
        picked = self.resolve_game(game, books)
        if picked is not None and (named := books.detector.named_in_full(question, books.index.text(picked))) \
                and picked not in named:
            picked = named[0] if len(named) == 1 else None  # the question names another game: it wins
        carried = carry_over(question, history, picked, books.detector, t.follow_up_words)
        scope = carried.scope
        lang = detect_lang(question)
        if scope is None and len(books.index.docs) > 1 and (partly := books.detector.partial(question)):
            if len(partly) > 1:  # "a ship in Pirates": which of the Pirates games?
                return self._ask_back(books.index, lang, partly)
            scope = partly
        elif carried.game_carried and len(partly := books.detector.partial(question)) == 1 and scope is not None \
                and not books.detector.partial_word_in(question, books.index.text(scope[0])):
            scope = partly  # "what about Harbor 2?" moves the chat to that game; "and the Night Market?" does not
        retriever = Retriever(books.index, t, books.acronyms, books.heard)
        plan = retriever.plan(carried.text, lang, books.glossary(scope), scope, focus=carried.focus)
        hits = retriever.search(plan, scope, t.answer_hits)
        picker = Picker(books.index, plan, t, self._reader())
        if (picked is None and lang == "ko" and len(books.index.docs) > 1 and not books.detector.detect(question)
                and (candidates := (books.detector.sounds_like(question)
                                    or self._heard_before(books, carried, history)))):
            # a game the question itself names in Hangul, even in a follow-up that would carry the last one
            unscoped = picker.picks(hits) if scope is None else None
            heard = self._heard_game(books, retriever, candidates, carried.text, carried.focus, unscoped)
            if heard is not None:
                scope, plan, hits, picker = heard
        if scope is None and len(books.index.docs) > 1:
            rivals = self._rivals(books.index, plan, picker, hits)
            if len(rivals) > 1:
                return self._ask_back(books.index, lang, rivals)
            if rivals:
                scope = rivals
                hits = [h for h in hits if h.chunk.doc in scope]
        games = scope or sorted({h.chunk.doc for h in hits[:1]})
        ctx = AnswerContext(books.index, plan, hits, games, typed, carried.stripped, books.game_glossary(games),
                            t, picker, books.facts, books.acronyms.by_doc, on_token, self._verdict())
        draft = _cited_games(self._by_parts(books, retriever, carried, lang, games, write_answer(ctx, writers), writers))
        return self._checked(books, draft, question, carried, plan, picker, hits)

    def _checked(self, books: Books, draft: Draft, question: str, carried: Carried, plan: QueryPlan, picker: Picker,
                 hits: list[Hit]) -> Answer:
        """The draft with its numbers checked, its value line first; or, asked how many (``quantity_needs_answer``)
        and no checked number answers it, while the reader read the quoted rule and not as the answer: the rulebook
        doesn't say."""
        t, lang, docs = self.tuning, plan.lang, books.index.docs
        names = tuple(n for g in draft.games if g in docs for n in (docs[g].title, *docs[g].aliases))
        # the question as corrected for search: "how much dos a schoner cost" asks about a schooner here too
        answer = enforce(draft, books.facts, read_asks(question), lang, names, t.restate_share,
                         tuple(books.glossary(list(draft.games))) if draft.games else (),
                         lambda cite: headed_quote(books.index, cite))
        if (t.quantity_needs_answer and answer.answerable and lang == "en" and plan.asks.quantity and not draft.derived
                and carried.focus is None and not any(a.numeral and not a.is_context for a in plan.asks.amounts)
                and draft.writer != "llm" and not any(c.answers is True for c in answer.checks)
                and self._read_as_not_answer(picker, hits, draft)):
            # a follow-up's thing is in the chat, a player's own numbers make the rule's numbers rates, a calculation
            # (``derived``) and a streamed answer the player already saw are their own: none is judged so
            return abstain(lang, list(draft.games), list(draft.citations[:1])).to_answer()
        return value_line(answer, plan.asks, plan.tokens)

    def _read_as_not_answer(self, picker: Picker, hits: list[Hit], draft: Draft) -> bool:
        """The reader read the rule the answer quotes first, and not as the answer (``quantity_read_min``); False
        when it did not read it (no reader, another language, a quote that is no pick: a table). The writers'
        picks, from the picker's memo."""
        first = draft.citations[0] if draft.citations else None
        quoted = next((p for p in picker.picks(hits) if first is not None and p.hit.chunk.doc == first.doc
                       and p.start < first.end and first.start < p.end), None)
        return quoted is not None and quoted.read is not None and quoted.read < self.tuning.quantity_read_min

    def _by_parts(self, books: Books, retriever: Retriever, carried: Carried, lang: str, games: list[str],
                  draft: Draft, writers: tuple) -> Draft:
        """A two-part question's answer joined from each part's answer (``question_parts``), when both answer."""
        if not (self.tuning.question_parts and lang == "en" and carried.focus is None and draft.answerable
                and len(asked := parts(carried.stripped)) == 2):
            return draft
        drafts = [self._part_draft(books, retriever, part, games, writers) for part in asked]
        return joined(drafts) if all(d.answerable and not d.needs_game for d in drafts) else draft

    def _part_draft(self, books: Books, retriever: Retriever, part: str, games: list[str], writers: tuple) -> Draft:
        """The answer to one part of a two-part question, in the games the whole question was found in."""
        t = self.tuning
        plan = retriever.plan(part, "en", books.glossary(games), games)
        hits = retriever.search(plan, games, t.answer_hits)
        ctx = AnswerContext(books.index, plan, hits, games, part, part, books.game_glossary(games), t,
                            Picker(books.index, plan, t, self._reader()), books.facts, books.acronyms.by_doc, None)
        return write_answer(ctx, writers)

    @staticmethod
    def _heard_before(books: Books, carried: Carried, history: list[Turn]) -> list[str]:
        """A follow-up with no game ("4명이면?") after a question that named one in Hangul: that game's candidates."""
        if carried.focus is None or carried.scope is not None:
            return []
        for turn in reversed(history):  # back to the question that named the game
            if turn.role != "user" or not turn.content or not turn.content.strip():
                continue
            if books.detector.detect(turn.content):
                return []
            if found := books.detector.sounds_like(turn.content):
                return found
        return []

    def _heard_game(self, books: Books, retriever: Retriever, candidates: list[str], text: str, focus: str | None,
                    unscoped: list[Pick] | None) -> tuple[list[str], QueryPlan, list[Hit], Picker] | None:
        """Of the games a question names in Hangul (``candidates``, from ``GameDetector.sounds_like``), the one
        whose rulebook answers best, when it answers about as well as the best rulebook found without a game
        (``unscoped``: those picks, when already made; the margin a rival game would get): the sound of a title
        alone is not enough, since ordinary Korean words sound like some title of a large library."""
        t = self.tuning
        docs = books.index.docs
        if unscoped is None:  # the chat carried a game: the comparison needs a search without it
            plan = retriever.plan(text, "ko", books.glossary(None), None, focus=focus)
            unscoped = Picker(books.index, plan, t, self._reader()).picks(retriever.search(plan, None, t.answer_hits))
        top = unscoped[0] if unscoped else None
        found: list[tuple[float, tuple[list[str], QueryPlan, list[Hit], Picker]]] = []
        for game in candidates:
            # the name stays in the searched text: read by the multilingual model, it says what the book is about
            plan = retriever.plan(text, "ko", books.glossary([game]), [game], focus=focus)
            hits = retriever.search(plan, [game], t.answer_hits)
            picker = Picker(books.index, plan, t, self._reader())
            picks = picker.picks(hits)
            if not picks or not answerable(books.index, plan, picks[0], t):
                continue
            margin = t.ambiguity_margin * (1 if top is None or docs[top.hit.chunk.doc].lang == docs[game].lang
                                           else t.cross_lang_ambiguity)
            if top is None or picks[0].score >= top.score - margin:
                found.append((picks[0].score, ([game], plan, hits, picker)))
        return max(found, key=lambda f: f[0])[1] if found else None

    def _rivals(self, index: IndexSnapshot, plan: QueryPlan, picker: Picker, hits: list[Hit]) -> list[str]:
        """Games whose best pick answers about as well as the best one: their rules may differ."""
        t = self.tuning
        picks = picker.picks(hits)
        if not picks or not answerable(index, plan, picks[0], t):
            return []
        docs = index.docs
        same_lang_best = docs[picks[0].hit.chunk.doc].lang == plan.lang
        rivals: list[str] = []
        best: dict[str, Pick] = {}
        for p in picks:
            doc = p.hit.chunk.doc
            if same_lang_best and docs[doc].lang != plan.lang:
                continue  # a rulebook in the question's language answers it: the others are not rivals
            # Across languages the scores say less: a wider margin before one game is taken as meant.
            margin = t.ambiguity_margin * (1 if same_lang_best else t.cross_lang_ambiguity)
            if p.score >= picks[0].score - margin and doc not in rivals and answerable(index, plan, p, t):
                rivals.append(doc)
                best[doc] = p
        if len(rivals) > 1 and (read := _read_clearly_best(rivals, best, t.reader_game_margin)) is not None:
            return [read]  # one book's rule reads as the answer, the others' do not
        # across languages a word is "only in one book" for its script alone: there the player is asked
        if len(rivals) > 1 and all(docs[d].lang == plan.lang for d in rivals) and (only := only_one_holds(
                plan.base_tokens, {d: token_set(best[d].hit.chunk.text) for d in rivals},
                {d: index.doc_tokens(d) for d in rivals})) is not None:
            return [only]  # a word of the question that only one of them has
        return rivals

    @staticmethod
    def _ask_back(index: IndexSnapshot, lang: str, candidates: list[str]) -> Answer:
        titles = ", ".join(index.docs[d].title for d in candidates)
        return Draft(say(lang, "which_game", titles=titles), True, (), needs_game=tuple(candidates)).to_answer()

    # ---- games and passages ----------------------------------------------------------------

    def games(self) -> list[dict]:
        idx = self.index
        counts: dict[str, int] = {}
        sections: dict[str, list[str]] = {}  # each book's sections in order, for its example questions
        for c in idx.chunks:
            counts[c.doc] = counts.get(c.doc, 0) + 1
            if not sections.setdefault(c.doc, []) or sections[c.doc][-1] != c.section:
                sections[c.doc].append(c.section)
        return [{"id": d.id, "title": d.title, "lang": d.lang, "chunks": counts.get(d.id, 0),
                 "aliases": list(d.aliases), "base_game": d.base_game, "source": d.source,
                 "file": Path(d.text_path).name if d.text_path else None,
                 "examples": example_questions(sections.get(d.id, []), d.lang)}
                for d in idx.meta.docs]

    def passage(self, doc: str, start: int | None = None, end: int | None = None, context: int = 600) -> dict:
        """A span of a rulebook with its surroundings and section path, for showing a citation in context."""
        idx = self.index
        if not valid_doc_id(doc) or doc not in idx.docs:
            raise UnknownGame(f"unknown document {doc[:80]!r}; `rulespal games` (or GET /api/games) lists the ids.")
        text = idx.text(doc)
        start = 0 if start is None else start
        end = start if end is None else end
        if not (0 <= start <= end <= len(text)):
            raise BadRequest(f"start and end must satisfy 0 <= start <= end <= {len(text)}.")
        # Widen to paragraph boundaries around the span, about ``context`` characters each side.
        gap = text.rfind("\n\n", 0, start - context) if start > context else -1
        lo = min(gap + 2, start) if gap >= 0 else 0  # no paragraph break before: from the book's first character
        hi = text.find("\n\n", min(len(text), end + context))
        hi = len(text) if hi < 0 else hi
        return {"doc": doc, "title": idx.docs[doc].title, "section": idx.section_at(doc, start),
                "start": start, "end": end,
                "quote": text[start:end], "context_start": lo, "context_end": hi, "context": text[lo:hi],
                "length": len(text)}

    def facts_json(self, game: str | None = None) -> dict:
        """Tables and facts per game, for people to review (each with its source span)."""
        books = self.books()
        gid = self.resolve_game(game, books)
        out: dict[str, dict] = {}
        for doc in ([gid] if gid else list(books.index.docs)):
            tables = [{"title": t.title, "section": t.section, "rows": len(t.table.rows),
                       "columns": len(t.table.header.cells), "start": t.table.start, "end": t.table.end}
                      for t in books.facts.tables if t.doc == doc]
            out[doc] = {"tables": tables, "facts": [f.to_json() for f in books.facts.for_doc(doc)]}
        return {"games": out}

    def warm(self) -> None:
        """Load the index, the models and Kiwi now, so the first player doesn't wait for them."""
        self.search("warm up")
        for question in ("How many actions per turn?", "휴식 액션은 뭐야?"):  # not worth a language model's time
            self._ask(question, None, None, None, DEFAULT_WRITERS)

    def health(self) -> dict:
        idx = self.index
        writer = f"llm:{self.settings.llm}" if self.settings.llm else ("llm" if self.chat_model else "extractive")
        return {"status": "ok", "build": idx.meta.name, "docs": len(idx.docs), "chunks": len(idx.chunks),
                "writer": writer}


def _read_clearly_best(rivals: list[str], best: dict[str, Pick], margin: float) -> str | None:
    """The rival whose best rule the reader reads as the answer by at least ``margin`` over every other rival's
    (0: off; None when a rival's rule was not read, e.g. a Korean question or book)."""
    reads = sorted(((r, d) for d in rivals if (r := best[d].read) is not None), reverse=True)
    if margin <= 0 or len(reads) < len(rivals):
        return None
    return reads[0][1] if reads[0][0] - reads[1][0] >= margin else None


def _cited_games(draft: Draft) -> Draft:
    """An answer is about the games it cites: with no game named, the first passage found may be another book's
    (a Korean question ranks the Korean book's passages first) while the quotes come from the game asked about."""
    cited = tuple(dict.fromkeys(c.doc for c in draft.citations))
    return replace(draft, games=cited) if cited and cited != tuple(draft.games) else draft
