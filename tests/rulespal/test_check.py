"""The number check: every number an answer states is verified against its cited span, or marked."""

from rulespal.core.types import Citation, Draft
from rulespal.rules.check import check_answer


def test_numbers_in_cited_span_are_verified_with_exact_source():
    quote = "2-Players3-Players4-Players\n2 Souls3 Souls5 Souls"
    a = Draft("3-Players: 3 Souls [1]", True, ("d",),
              (Citation(n=1, doc="d", section="s", start=100, end=100 + len(quote), quote=quote),))
    checks = check_answer(a)
    assert [(c.claim, c.status) for c in checks] == [("3 Souls", "verified")]  # "3-Players" says for whom
    src = checks[0].source
    assert quote[src.start - 100:src.end - 100] == "3"


def test_another_number_for_the_same_thing_contradicts_and_an_unstated_one_is_unverified():
    a = Draft("You start with 12 gold [1]", True, ("d",),
              (Citation(n=1, doc="d", section="s", start=0, end=20, quote="Start with 10 gold."),))
    (check,) = check_answer(a)
    assert check.claim == "12 gold" and check.status == "contradicted" and check.source.start == 11
    a = Draft("You also draw 3 cards [1]", True, ("d",),
              (Citation(n=1, doc="d", section="s", start=0, end=20, quote="Start with 10 gold."),))
    (check,) = check_answer(a)
    assert check.claim == "3 cards" and check.status == "unverified" and check.source is None


def test_answers_from_the_service_carry_checks(service):
    a = service.ask("How much is the ransom for the governor's daughter?")
    verified = [c for c in a.checks if c.status == "verified"]
    assert any(c.claim.startswith("50") for c in verified)
    for c in verified:
        assert service.index.text(c.source.doc)[c.source.start:c.source.end] in c.claim
