"""Structured rules: facts with source spans, calculators, and the check on every number."""

import json
import subprocess

import pytest

from rulespal.core.types import Draft
from rulespal.rules.calc import calculate
from rulespal.rules.check import check_answer, enforce
from rulespal.rules.facts import CuratedFactError, FactBook
from tests.conftest import cli_env, rulespal_cmd
from tests.helpers import states_number

S, P, T, D = ("skull-tales", "pirates-2ed-governors-daughter", "tiny-epic-pirates-curse-of-amdiak",
              "davy-jones-locker-curse-of-the-ghost-ships")


def _calc(service, question, doc):
    books = service.books()
    return calculate(books.facts, question, [doc], books.acronyms.by_doc)


def test_every_fact_value_is_inside_its_source_span(service):
    facts = service.books().facts.facts
    assert len(facts) > 100
    for f in facts:
        span = service.index.text(f.doc)[f.start:f.end]
        if f.kind in ("cell", "threshold"):
            assert span == f.value, f
        assert span.strip(), f


def test_tables_recovered_per_game(service):
    titles = {(t.doc, t.title) for t in service.books().facts.tables}
    assert (S, "KO chart") in titles and (S, "Shiptypes") in titles
    assert any(doc == D for doc, _ in titles) and any(doc == P for doc, _ in titles)
    cells = {(f.table, f.row, f.column, f.value) for f in service.books().facts.for_doc(D) if f.kind == "cell"}
    assert ("Siphon Tiles and Successes added to Attacks", "Soul Level 5", "Attack", "7") in cells  # curated


def test_overlapping_ranges_are_reported(service):
    bad = [f for f in service.books().facts.for_doc(S) if f.kind == "inconsistency"]
    assert any(f.table == "KO chart" and "9" in f.value for f in bad)


def test_roll_with_modifiers_returns_every_matching_row(service):
    c = _calc(service, "I rolled 7 on the KO chart with 2 unused Destiny Points", S)
    assert "= 9" in c.text and "9-10" in c.text and "6-9" in c.text and c.computed == ["9"]
    c = _calc(service, "KO chart: rolled 4 with the Mummy Curse and 1 DP left", S)
    assert "= 4" in c.text and "3-5" in c.text and len(c.spans) == 3


def test_threshold_with_alternatives(service):
    yes = _calc(service, "Can I free the governor's daughter with 45 Doubloons and 31 Splendor?", P)
    assert yes.text.startswith("Yes") and "31 Splendor meets" in yes.text
    no = _calc(service, "Can I free the governor's daughter with 49 Doubloons and 29 Splendor?", P)
    assert no.text.startswith("No")


def test_formulas(service):
    gold = _calc(service, "My Doubloon is on 9 and I have three Cursed Gold cubes, total gold?", T)
    assert "= 12" in gold.text
    half = _calc(service, "Trickster: how much for a 75 coins gear card?", S)
    assert half.computed == ["38"]


def test_curated_quote_must_exist(service, tmp_path):
    (tmp_path / f"{S}.toml").write_text('[[not_printed]]\nwhat = "x"\nkeys = ["x"]\nquote = "not in the book"\n',
                                        encoding="utf-8")
    with pytest.raises(CuratedFactError, match="quote not found"):
        _ = FactBook(service.index, tmp_path).facts


def test_numeric_answer_has_verified_checks(service):
    a = service.ask("How many souls does each Soul Level start with for 3 players in Davy Jones' Locker?")
    souls = next(c for c in a.checks if c.claim.endswith("Souls"))
    assert souls.status == "verified"
    assert service.index.text(D)[souls.source.start:souls.source.end] == "3 Souls"


def test_wrong_number_is_contradicted_and_never_returned(service):
    good = service.ask("How many souls does each Soul Level start with for 3 players in Davy Jones' Locker?")
    bad = Draft("With 3 players each Soul Level starts with 4 Souls [1]", True, tuple(good.games),
                tuple(good.citations))
    checks = check_answer(bad, service.books().facts)
    wrong = next(c for c in checks if c.claim == "4 Souls")
    assert wrong.status == "contradicted" and "3 Souls" in wrong.detail
    fixed = enforce(bad, service.books().facts)
    assert "4 Souls" not in fixed.answer and fixed.answer.startswith("The rulebook says")
    assert {c.status for c in fixed.checks} == {"verified"} and "4 Souls" in fixed.note


def test_not_printed_value_is_answered_as_not_in_the_rulebook(service):
    a = service.ask("In Davy Jones' Locker, how many souls per Soul Level at set-up with 5 players?")
    assert a.answerable is False and "doesn't print" in a.answer
    assert "no soul count is printed for 5 players" in a.citations[0].quote


def test_calculated_answer_cites_the_rule(service):
    a = service.ask("In Skull Tales, with the Trickster skill how much do I pay for a 75 coins gear card?")
    assert states_number(a.answer, "38") and a.answerable
    assert any(c.claim == "38" and c.status == "verified" for c in a.checks)
    assert "half of the cost" in a.citations[0].quote


def test_facts_api_and_cli(client, built):
    body = client.get("/api/facts", params={"game": S}).json()
    assert list(body["games"]) == [S] and body["games"][S]["tables"]
    assert client.get("/api/facts", params={"game": "nope"}).status_code == 404
    out = subprocess.run(rulespal_cmd("facts", "--game", P, "--json"), env=cli_env(built.data_dir),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert any(f["kind"] == "threshold" for f in data["games"][P]["facts"])


@pytest.mark.parametrize("question", [
    "Governor's Daughter: I have 20 Doubloons, can I upgrade my Cannons?",  # the game's name holds two keys
    "In Pirates 2 ed., I have 60 Doubloons: how many Cannons can I buy?",
])
def test_curated_threshold_does_not_fire_on_a_near_miss(service, question):
    a = service.ask(question)
    assert "free the governor's daughter" not in a.answer.lower()


def test_curated_not_printed_does_not_fire_on_a_near_miss(service):
    a = service.ask("Davy Jones with 5 players: what happens when a Soul Level goes to 0?")
    assert "doesn't print" not in a.answer and "no soul count is printed" not in a.answer
    assert "12 Cursed Gold" not in a.answer  # the 5-player cell of another table


def test_a_table_answers_only_about_its_own_thing(service):
    a = service.ask("With 5 players in Davy Jones' Locker, what do the Soul Dials start at during set-up?")
    assert a.answerable is False and "12 Cursed Gold" not in a.answer
