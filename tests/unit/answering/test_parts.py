"""Two parts' answers joined into one: citations numbered anew, a quote given twice given once."""

from rulespal.answering.parts import joined
from rulespal.core.types import Citation, Draft


def _cite(n, start, quote):
    return Citation(n=n, doc="d", section="", start=start, end=start + len(quote), quote=quote)


def test_parts_join_in_order_with_their_citations_renumbered():
    deal, camels, market = (_cite(1, 0, "Deal 5 cards to each player."), _cite(1, 40, "Place 3 camel cards."),
                            _cite(2, 80, "The market is now ready."))
    first = Draft("Deal 5 cards to each player. [1]", True, ("d",), (deal,))
    second = Draft("Place 3 camel cards. [1] The market is now ready. [2]", True, ("d",),
                   (camels, market))
    both = joined([first, second])
    assert both.text == "Deal 5 cards to each player. [1] Place 3 camel cards. [2] The market is now ready. [3]"
    assert [(c.n, c.start) for c in both.citations] == [(1, 0), (2, 40), (3, 80)]
    assert both.answerable and both.games == ("d",)


def test_a_quote_an_earlier_part_gave_is_not_repeated():
    deal, market = _cite(1, 0, "Deal 5 cards to each player."), _cite(1, 80, "The market is now ready.")
    first = Draft("Deal 5 cards to each player. [1] The market is now ready. [2]", True, ("d",),
                  (deal, market.model_copy(update={"n": 2})))
    second = Draft("The market is now ready. [1]", True, ("d",), (market,))
    both = joined([first, second])
    assert both.text == "Deal 5 cards to each player. [1] The market is now ready. [2]"
    assert len(both.citations) == 2
