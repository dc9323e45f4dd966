"""The whole pipeline with the fake embedder (registered in conftest): real ingest, real Chroma, no sentence model
(the reader as shipped; the yes/no verdict model off, so the verdicts here are the hand reading's)."""

import pytest

from rulespal.ingest.pipeline import run_ingest
from rulespal.core.settings import Settings
from rulespal.core.types import Turn
from rulespal.service import RulesPal
from tests.helpers import states_number
from tests.unit.conftest import KRAKEN, REEF


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    corpus = tmp_path_factory.mktemp("corpus")
    (corpus / "kraken-cove.txt").write_text(KRAKEN, encoding="utf-8")
    (corpus / "reef-raiders.txt").write_text(REEF, encoding="utf-8")
    settings = Settings(data_dir=tmp_path_factory.mktemp("data"), corpus_dir=corpus, embedders="fake",
                        unit_embedder_en="", verdict="")
    run_ingest(settings, progress=False)
    return RulesPal(settings)


def test_answers_cite_exact_spans(service):
    a = service.ask("How many pearls to win in Kraken Cove?")
    assert a.answerable and a.games == ["kraken-cove"] and "25 Pearls" in a.answer
    for c in a.citations:
        assert service.index.text(c.doc)[c.start:c.end] == c.quote
    assert any(c.status == "verified" for c in a.checks)


def test_follow_up_carries_the_game(service):
    first = "Kraken Cove: how many pearls do players start with with 3 players?"
    a = service.ask("and with 4 players?", history=[Turn("user", first)])
    assert a.games == ["kraken-cove"] and states_number(a.answer, "5")


def test_search_with_a_picked_game(service):
    hits = service.search("coral tile points", "reef-raiders", 2)
    assert hits and all(h.chunk.doc == "reef-raiders" for h in hits)
    assert "worth 3 points" in hits[0].chunk.text


def test_the_reader_picks_the_game_whose_rule_reads_as_the_answer_by_the_margin():
    from types import SimpleNamespace

    from rulespal.service import _read_clearly_best

    best = {"a": SimpleNamespace(read=0.81), "b": SimpleNamespace(read=0.30), "c": SimpleNamespace(read=0.05)}
    assert _read_clearly_best(["a", "b", "c"], best, 0.4) == "a"  # type: ignore[arg-type]
    assert _read_clearly_best(["a", "b", "c"], best, 0.6) is None  # type: ignore[arg-type]
    assert _read_clearly_best(["a", "b"], best, 0.0) is None  # type: ignore[arg-type]  # off
    best["b"] = SimpleNamespace(read=None)  # a rival the reader did not read (another language)
    assert _read_clearly_best(["a", "b"], best, 0.1) is None  # type: ignore[arg-type]


def test_an_answer_names_the_games_it_cites():
    from rulespal.core.types import Citation, Draft
    from rulespal.service import _cited_games

    cite = Citation(n=1, doc="reef-raiders", section="", start=0, end=5, quote="Coral")
    found_first = Draft("Coral [1]", True, ("kraken-cove",), (cite,))  # the first passage found was another book's
    assert _cited_games(found_first).games == ("reef-raiders",)
    assert _cited_games(Draft("No.", False, ("kraken-cove",))).games == ("kraken-cove",)  # nothing cited: as found


def test_asked_how_many_a_rule_that_counts_something_else_is_not_the_answer(service):
    from rulespal.core.tuning import Tuning

    def ask(q: str, on: bool):
        t = Tuning(dense=tuple(service.settings.embedder_specs), lexical=service.settings.lexical,
                   quantity_needs_answer=on)
        return RulesPal(service.settings, t).ask(q)

    q = "Kraken Cove: how many fatigue tokens does each player start with?"  # the start rule counts pearls, harpoons
    assert ask(q, False).answerable and not ask(q, True).answerable
    right = ask("How many harpoons does each player start with in Kraken Cove?", True)
    assert right.answerable and "2 Harpoons" in right.answer


def test_the_how_many_gate_asks_the_reader_about_the_rule_the_answer_quotes(service):
    from types import SimpleNamespace

    from rulespal.core.types import Citation, Draft

    def pick(doc: str, start: int, end: int, read: float | None):
        return SimpleNamespace(hit=SimpleNamespace(chunk=SimpleNamespace(doc=doc)), start=start, end=end, read=read)

    picks = [pick("a", 0, 10, 0.9), pick("a", 20, 30, 0.1), pick("b", 20, 30, None)]
    picker = SimpleNamespace(picks=lambda hits: picks)

    def quoting(doc: str, start: int, end: int) -> Draft:
        return Draft("x [1]", True, (doc,), (Citation(n=1, doc=doc, section="", start=start, end=end, quote="x"),))

    gate = service._read_as_not_answer
    assert gate(picker, [], quoting("a", 20, 30))  # the quoted rule read low: not the answer
    assert not gate(picker, [], quoting("a", 0, 10))  # read as the answer, though another pick read low
    assert not gate(picker, [], quoting("b", 20, 30))  # not read (another language): no say
    assert not gate(picker, [], quoting("a", 40, 50))  # no pick quoted (a table): no say
    assert not gate(picker, [], Draft("x", True, ("a",)))
