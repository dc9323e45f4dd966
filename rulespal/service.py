"""The query service every front end calls: ask, search, games, passages. Front ends stay thin."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ingest.catalog import shared_glossary
from ingest.loader import valid_doc_id
from rulespal.answer import Answer, AnswerWriter
from rulespal.errors import BadRequest, EmptyQuestion, QuestionTooLong, UnknownGame
from rulespal.games import GameDetector, glossary_for, normalize, question_lang
from rulespal.index import IndexHolder, LoadedIndex
from rulespal.query import tokens_of
from rulespal.retrieve import Hit, RetrievalConfig, Retriever
from rulespal.rules.check import enforce
from rulespal.rules.facts import FactBook
from rulespal.settings import Settings

FOLLOW_UP_LEAD = re.compile(
    r"^\s*(and|what about|how about|also|or|then|same|what if|그럼|그러면|그리고|그건|그거는|또|만약|그렇다면)\b", re.I)
AMBIGUITY_MARGIN = 0.25  # another game's best passage this close to the best one: the rules may differ
ANSWER_HITS = 8


@dataclass(frozen=True)
class Turn:
    role: str
    content: str


class RulesPal:
    def __init__(self, settings: Settings, config: RetrievalConfig | None = None):
        self.settings = settings
        self.config = config or RetrievalConfig(dense=tuple(settings.embedder_specs), lexical=settings.lexical)
        self._holder = IndexHolder(settings)
        self._cache_key: str | None = None
        self._detector: GameDetector | None = None
        self._shared = shared_glossary(settings.corpus_dir)
        self._facts: FactBook | None = None
        self._unit_cache: dict = {}
        self._facts_for: str | None = None

    # ---- plumbing --------------------------------------------------------------------------

    @property
    def index(self) -> LoadedIndex:
        idx = self._holder.get()
        if self._cache_key != idx.meta.name:
            self._detector = GameDetector(idx.meta.docs)
            self._cache_key = idx.meta.name
        return idx

    @property
    def facts(self) -> FactBook:
        idx = self.index
        if self._facts_for != idx.meta.name:
            self._facts = FactBook(idx, Path(self.settings.corpus_dir) / "facts")
            self._facts_for = idx.meta.name
        return self._facts

    @property
    def detector(self) -> GameDetector:
        _ = self.index
        assert self._detector is not None
        return self._detector

    def retriever(self) -> Retriever:
        return Retriever(self.index, self.config, self.settings.threads)

    def resolve_game(self, game: str | None) -> str | None:
        if game is None or not str(game).strip():
            return None
        game = str(game).strip()
        docs = self.index.docs
        if game in docs:
            return game
        named = self.detector.detect(game)
        if len(named) == 1 and normalize(game) in {normalize(a) for a in
                                                   (docs[named[0]].title, *docs[named[0]].aliases)}:
            return named[0]
        shown = ", ".join(sorted(docs)[:20])
        raise UnknownGame(f"unknown game {game[:80]!r}; use one of the ids from GET /api/games: {shown}")

    def _check_question(self, question: str) -> str:
        if question is None or not question.strip():
            raise EmptyQuestion("the question is empty; type a rules question, e.g. 'How many actions per turn?'")
        if len(question) > self.settings.max_question_chars:
            raise QuestionTooLong(f"the question is {len(question)} characters; keep it under "
                                  f"{self.settings.max_question_chars} characters.")
        return question.strip()

    def glossary(self, games: list[str] | None) -> list[tuple[str, str]]:
        docs = self.index.docs
        chosen = [docs[g] for g in games] if games else list(docs.values())
        return glossary_for(chosen, self._shared)

    def game_glossary(self, games: list[str]) -> list[tuple[str, str]]:
        docs = self.index.docs
        return glossary_for([docs[g] for g in games if g in docs], ())

    # ---- search ----------------------------------------------------------------------------

    def search(self, query: str, game: str | None = None, k: int = 5) -> list[Hit]:
        query = self._check_question(query)
        if not 1 <= k <= self.settings.max_k:
            raise BadRequest(f"k must be between 1 and {self.settings.max_k}.")
        scope = self._scope(query, game)
        r = self.retriever()
        q = r.prepare(self.detector.strip(query) if scope else query, self.glossary(scope), scope, for_answer=False)
        return r.search(q, scope, k)

    def _scope(self, question: str, game: str | None) -> list[str] | None:
        gid = self.resolve_game(game)
        if gid:
            return [gid]
        named = self.detector.detect(question)
        return named or None

    # ---- ask -------------------------------------------------------------------------------

    def ask(self, question: str, game: str | None = None, history: list[Turn] | None = None) -> Answer:
        question = self._check_question(question)
        history = (history or [])[-self.settings.max_history_turns:]
        gid = self.resolve_game(game)
        named = self.detector.detect(question)
        scope = [gid] if gid else (named or None)
        retrieval_text = self.detector.strip(question)
        previous = [t.content for t in history if t.role == "user" and t.content and t.content.strip()]
        if previous and self._is_follow_up(question, named):
            retrieval_text = f"{self.detector.strip(previous[-1])} {retrieval_text}"
            if scope is None:
                for turn in reversed(previous):
                    carried = self.detector.detect(turn)
                    if carried:
                        scope = carried[:1]
                        break
        r = self.retriever()
        q = r.prepare(retrieval_text, self.glossary(scope), scope)
        q.lang = question_lang(question)
        if retrieval_text != self.detector.strip(question):
            q.focus_tokens = tokens_of(self.detector.strip(question))
        hits = r.search(q, scope, ANSWER_HITS)
        writer = AnswerWriter(self.index, self.settings.threads, self._unit_cache)
        if scope is None and len(self.index.docs) > 1:
            candidates = self._ambiguous(writer, q, hits)
            if len(candidates) > 1:
                return self._ask_back(q.lang, candidates)
            if candidates:
                scope = candidates
                hits = [h for h in hits if h.chunk.doc in scope]
        games = scope or sorted({h.chunk.doc for h in hits[:1]})
        answer = writer.write(q, hits, games, self.glossary(games), self.game_glossary(games),
                              key_text=self.detector.strip(question), book=self.facts, question=question)
        return enforce(answer, self.facts, question)

    @staticmethod
    def _is_follow_up(question: str, named: list[str]) -> bool:
        if named:
            return False
        words = question.split()
        return bool(FOLLOW_UP_LEAD.match(question)) or len(words) <= 4

    def _ambiguous(self, writer: AnswerWriter, q, hits: list[Hit]) -> list[str]:
        """Docs whose best passage answers about as well as the best one: the rules may differ."""
        picks = writer.pick(q, hits, top=len(hits))
        if not picks or not writer.answerable(q, picks[0]):
            return []
        best = picks[0].score
        langs = self.index.docs
        same_lang_best = langs[picks[0].hit.chunk.doc].lang == q.lang
        docs: list[str] = []
        for p in picks:
            doc = p.hit.chunk.doc
            if same_lang_best and langs[doc].lang != q.lang:
                continue  # a rulebook in the question's language answers it: the others are not rivals
            if p.score >= best - AMBIGUITY_MARGIN and doc not in docs and writer.answerable(q, p):
                docs.append(doc)
        return docs

    def _ask_back(self, lang: str, candidates: list[str]) -> Answer:
        docs = self.index.docs
        titles = ", ".join(docs[d].title for d in candidates)
        if lang == "ko":
            text = f"어느 게임에 대한 질문인가요? 게임마다 규칙이 다릅니다: {titles}."
        else:
            text = f"Which game do you mean? The rules differ between {titles}."
        return Answer(text, True, [], needs_game=candidates)

    # ---- games and passages ----------------------------------------------------------------

    def games(self) -> list[dict]:
        idx = self.index
        counts: dict[str, int] = {}
        for c in idx.chunks:
            counts[c.doc] = counts.get(c.doc, 0) + 1
        return [{"id": d.id, "title": d.title, "lang": d.lang, "chunks": counts.get(d.id, 0),
                 "aliases": list(d.aliases), "base_game": d.base_game, "source": d.source}
                for d in idx.meta.docs]

    def passage(self, doc: str, start: int | None = None, end: int | None = None, context: int = 600) -> dict:
        """A span of a rulebook with its surroundings and section path, for showing a citation in context."""
        if not valid_doc_id(doc) or doc not in self.index.docs:
            raise UnknownGame(f"unknown document {doc[:80]!r}; see GET /api/games for the ids.")
        text = self.index.text(doc)
        start = 0 if start is None else start
        end = start if end is None else end
        if not (0 <= start <= end <= len(text)):
            raise BadRequest(f"start and end must satisfy 0 <= start <= end <= {len(text)}.")
        # Widen to paragraph boundaries around the span, about ``context`` characters each side.
        lo = text.rfind("\n\n", 0, max(0, start - context)) + 2 if start > context else 0
        lo = max(0, min(lo, start))
        hi = text.find("\n\n", min(len(text), end + context))
        hi = len(text) if hi < 0 else hi
        return {"doc": doc, "title": self.index.docs[doc].title, "section": self.index.section_at(doc, start),
                "start": start, "end": end,
                "quote": text[start:end], "context_start": lo, "context_end": hi, "context": text[lo:hi],
                "length": len(text)}

    def facts_json(self, game: str | None = None) -> dict:
        """Tables and facts per game, for people to review (each with its source span)."""
        gid = self.resolve_game(game)
        book = self.facts
        out: dict[str, dict] = {}
        for doc in ([gid] if gid else list(self.index.docs)):
            tables = [{"title": t.title, "section": t.section, "rows": len(t.table.rows),
                       "columns": len(t.table.header.cells), "start": t.table.start, "end": t.table.end}
                      for t in book.tables if t.doc == doc]
            out[doc] = {"tables": tables, "facts": [f.to_json() for f in book.for_doc(doc)]}
        return {"games": out}

    def warm(self) -> None:
        """Load the index, the models and Kiwi now, so the first player doesn't wait for them."""
        self.search("warm up")
        self.ask("How many actions per turn?")
        self.ask("휴식 액션은 뭐야?")

    def health(self) -> dict:
        idx = self.index
        return {"status": "ok", "build": idx.meta.name, "docs": len(idx.docs), "chunks": len(idx.chunks)}
