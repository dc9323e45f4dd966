from rulespal.answering.direct import value_line
from rulespal.core.question import read_asks
from rulespal.core.tokens import tokenize
from rulespal.core.types import Answer, Check, Citation, SourceSpan

CITE = Citation(n=1, doc="bg", section="Setup", start=0, end=31, quote="Five checkers on your 13-point.")


def _answer(*checks: Check, text: str = "Five checkers on your 13-point. [1]") -> Answer:
    """The answer with each check placed where its claim first is in ``text`` (as the checker places it)."""
    placed = [c.model_copy(update={"start": at, "end": at + len(c.claim)}) if (at := text.find(c.claim)) >= 0 else c
              for c in checks]
    return Answer(answer=text, answerable=True, games=["bg"], citations=[CITE], checks=placed)


def _check(claim: str, answers: bool | None = True, status: str = "verified") -> Check:
    return Check(claim=claim, status=status, source=SourceSpan(doc="bg", start=0, end=4), answers=answers)


HOW_MANY = read_asks("how many checkers go on the 13 point?")
ASKED = tuple(tokenize(HOW_MANY.text))


def test_a_spelled_out_answer_opens_with_its_digits():
    out = value_line(_answer(_check("Five checkers"), _check("13", status="unverified")), HOW_MANY, ASKED)
    assert out.answer == "5 checkers — Five checkers on your 13-point. [1]"
    assert [out.answer[c.start:c.end] for c in out.checks if c.start is not None] == ["Five checkers", "13"]


def test_the_value_counts_what_the_question_names_in_english_or_korean():
    korean = read_asks("백개먼 처음 세팅할 때 13번 포인트에 체커 몇 개 놓아요?")
    out = value_line(_answer(_check("Five checkers")), korean, tuple(tokenize(korean.text)))
    assert out.answer.startswith("5 checkers — ")
    how_long = read_asks("How long does a game of Pirates 2 ed. take?")
    out = value_line(_answer(_check("five markers")), how_long, tuple(tokenize(how_long.text)))
    assert out.answer.startswith("Five checkers")


def test_no_line_for_digits_two_values_other_numbers_or_other_questions():
    assert value_line(_answer(_check("5 checkers")), HOW_MANY, ASKED).answer.startswith("Five")
    assert value_line(_answer(_check("Five checkers"), _check("three checkers")), HOW_MANY, ASKED).answer.startswith("Five")
    assert value_line(_answer(_check("Five checkers", answers=None)), HOW_MANY, ASKED).answer.startswith("Five")
    assert value_line(_answer(_check("twice per turn")), HOW_MANY, ASKED).answer.startswith("Five")
    asks_rule = read_asks("where do the checkers start?")
    assert value_line(_answer(_check("Five checkers")), asks_rule, ASKED).answer.startswith("Five")


def test_no_line_for_a_threshold_or_one_of_several_counts():
    tokens = read_asks("how many command tokens go in each pool?")
    several = "Place three command tokens in the tactic pool, three in the fleet pool, and two in the strategy pool. [1]"
    out = value_line(_answer(_check("three command tokens"), text=several), tokens, tuple(tokenize(tokens.text)))
    assert out.answer == several
    single = "Place three command tokens in the tactic pool. [1]"
    out = value_line(_answer(_check("three command tokens"), text=single), tokens, tuple(tokenize(tokens.text)))
    assert out.answer == f"3 command tokens — {single}"
    deal = read_asks("how many cards do we deal?")
    two_player = "In a two-player game, deal seven cards. [1]"
    out = value_line(_answer(_check("seven cards"), text=two_player), deal, tuple(tokenize(deal.text)))
    assert out.answer == f"7 cards — {two_player}"
    resources = read_asks("how many resources does a kidnap take?")
    threshold = "Target a Faction with more than zero Resources. [1]"
    out = value_line(_answer(_check("zero Resources"), text=threshold), resources, tuple(tokenize(resources.text)))
    assert out.answer == threshold


def test_polarity_reads_a_plain_rule_and_stays_quiet_when_unsure():
    from rulespal.answering import direct

    def polarity(question: str, rule: str, **how) -> str | None:
        return direct.polarity(read_asks(question), rule, **how)

    assert polarity("can i look thru my opponents dugout?", "Yes, all cards in both Dugouts can be looked at.") == "yes"
    assert polarity("do we reshuffle our decks between mini games",
                    "You do not shuffle your deck between any mini-games.") == "no"
    assert polarity("can I trade cards with other players?", "Players may trade cards with each other at any time.") == "yes"
    assert polarity("do we reveal objective cards when the game ends early?",
                    "No matter how the game ended, each player reveals their Objective cards.") == "yes"
    # a condition, an obligation question, a negated question, a restriction worded with "must": no plain answer
    assert polarity("can I trade cards with other players?", "Players may trade cards only on their own turn.") is None
    assert polarity("must I trade cards with other players?", "Players may trade cards with each other.") is None
    assert polarity("can't I trade cards with other players?", "Players may trade cards with each other.") is None
    assert polarity("can i play the same card value as someone else?", "All cards played must have different values.") is None
    # a choice between things asks which, not whether: no yes/no question, so no yes/no line
    from rulespal.core.numbers import yes_no

    assert not yes_no("is Las Villas a Forest, Mountain or Grassland province?")
    assert yes_no("can I trade cards or resources with other players?")
    # a negation inside a relative clause is not the rule's answer
    assert polarity("can i put my troop in my friends lane?", "You can deploy a Troop in a lane that is not your own.") is None


def test_polarity_reads_a_forbidding_rule_an_obligation_and_a_limit():
    from rulespal.answering import direct

    def polarity(question: str, rule: str, **how) -> str | None:
        return direct.polarity(read_asks(question), rule, **how)

    # forbidden outright: no, whatever the rule's condition
    assert polarity("if i already passed can i jump back in the bidding for that card",
                    "Once you have passed, you cannot bid again until a new card is being auctioned.") == "no"
    assert polarity("can i move my hiker onto a site where my other hiker is?",
                    "If another Hiker is already occupying a Site, then it cannot be visited unless you use your "
                    "Campfire.") is None  # an exception leaves it open
    assert polarity("can i discard tiles to move?", "You may discard tiles which you can't play to move one space.") is None
    # "no movement" negates a thing: only the reader's read lets it answer no
    assert polarity("can i rotate a tile without moving it?", "You may rotate a tile with no movement.",
                    forbidding_only=True) is None
    # lifting a duty permits; a permission after the prohibition, a condition the question does not speak of, a
    # relative "where" clause: open
    assert polarity("can i skip the bonus action?", "The bonus action is not required.") is None
    assert polarity("can i attack with my scouts?", "You are never forced to attack with your scouts.") is None
    assert polarity("can i look at my face down tiles?",
                    "Face down tiles are not revealed to others, but you may look at your own tiles.") is None
    assert polarity("can i build a city?", "If you have no settlement, you cannot build a city.") is None
    assert polarity("can i move my piece onto the space?",
                    "Move your piece onto a space where you cannot build.") is None
    # a duty the question only mentions is not asked about
    assert polarity("if i am forced to discard can i choose which card?",
                    "When forced to discard, you must discard your highest card.") is None
    # do I have to: not needed is no, must is yes (a curly apostrophe read as a plain one)
    assert polarity("do i have to pay the other merchants at the fountain",
                    "You don’t have to pay other Merchants at the Fountain.") == "no"
    assert polarity("do i have to play all my birds of one kind",
                    "The player must play all the Birds of this species that they have in hand.") == "yes"
    assert polarity("do i have to place a legion every time?", "Placing a legion is never mandatory.") == "no"
    assert polarity("do i have to pay the bank?", "You need not pay the bank.") == "no"
    assert polarity("do we have to reveal our hands?", "Players do not need to reveal their hands.") == "no"
    assert polarity("must i trade cards?", "Players may trade cards with each other.") is None


def test_polarity_reads_an_faq_answer_and_a_rule_worded_otherwise_that_only_forbids():
    from rulespal.answering import direct

    def polarity(question: str, rule: str, **how) -> str | None:
        return direct.polarity(read_asks(question), rule, **how)

    faq = ("Do I have to place my Monkey adjacent to another tile? No. If you do not place the Monkey adjacent to "
           "another tile, simply do not apply its Flip effect.")
    assert polarity("do i have to put my monkey next to another tile", faq) == "no"
    assert polarity("can i go now?", "Why not? Nobody knows. No one waits.", forbidding_only=True) is None
    # an FAQ answers its own question only: not one asked the other way or in another frame
    assert polarity("Can I keep my hand secret?",
                    "Must I reveal my hand to the other players? No. Your hand is secret.") is None
    assert polarity("Is revealing my hand optional?", "Do I have to reveal my hand? No. Keep it hidden.") == "yes"
    assert polarity("Is it forbidden to move through other players?",
                    "Can I move through other players' pieces? No. Movement is blocked.") is None
    # a question negated with a typographic apostrophe is negated all the same
    assert polarity("Can’t I move through other players’ pieces?",
                    "Can I move through other players’ pieces? No. Movement is blocked.") is None
    # few words shared: where the reader reads the rule as the answer, a rule that only forbids says no
    save = "You may not carry over any money from one Buy Round to the next."
    assert polarity("can i hold on to unused cash?", save) == "no"
    assert polarity("can i hold on to unused cash?", save, forbidding_only=True) is None
    assert polarity("can i keep the rest for later?", "You may not keep coins, except gold ones.") is None
    assert polarity("do i need to keep the rest for later?", "You may not keep coins.") is None  # a duty asked
    # a rule that also permits or describes is no outright prohibition
    assert polarity("Can I swap goods with opponents?", "You may trade resources with other players during your "
                    "turn. You cannot trade during another player's turn.") is None
    assert polarity("Is a tie possible?", "The player with the most points wins. The game does not end early.") is None
    # regardless and how often are no conditions; a leading condition the question speaks of is met
    assert polarity("can i fortify if i didnt attack this turn?",
                    "At the end of your turn (whether or not you attacked) you may fortify once.") is None  # negated
    assert polarity("can i fortify after attacking?",
                    "At the end of your turn (whether or not you attacked) you may fortify.") == "yes"
    assert polarity("can i refresh a row before i pick an action?",
                    "You may also, once per turn, pay 1 gold to refresh a row, even before choosing an action.") == "yes"
    assert polarity("can i activate a built card on the same turn i built it",
                    "Once you've built a card, you may activate it, even on the same turn you built it!") == "yes"
    # the opposite case, or the question's own condition: the rule's condition stands
    assert polarity("can my exhausted unit attack?", "If your unit is ready, you may attack with it.") is None
    assert polarity("can i move my ship if it is damaged?",
                    "If your ship is undamaged and afloat, you may move your ship two spaces.") is None
    assert polarity("can players trade cards?", "Once each player has drafted, players may trade cards.") is None
    assert polarity("can i activate a factory this turn",
                    "Once you've paid for a card, you may activate it.") is None  # a condition not asked about
    # asked whether it is allowed, a rule that describes without permitting says no yes
    assert polarity("can i put some of my tokens onto the site?",
                    "Settling moves your tokens from your board onto the site.") is None
    assert polarity("can i put some of my tokens onto the site?",
                    "You may move some of your tokens onto the site.") == "yes"
    assert polarity("do the tokens go onto the site?", "Settling moves your tokens onto the site.") == "yes"


def test_no_line_for_a_rate_a_part_or_the_players_own_amount():
    each = _answer(_check("one cube"), text="The British player should place one cube in each red square. [1]")
    asks = read_asks("how many cubes does the British player have?")
    assert value_line(each, asks, tuple(tokenize(asks.text))).answer.startswith("The British")
    part = _answer(_check("one of your ally"), text="Replace one of your ally cards with a ruler. [1]")
    asks = read_asks("how many allies can a ruler replace?")
    assert value_line(part, asks, tuple(tokenize(asks.text))).answer.startswith("Replace")
    own = _answer(_check("one card"), text="You can discard one card at no cost. [1]")
    asks = read_asks("I want to discard 4 cards. How much does it cost?")
    assert value_line(own, asks, tuple(tokenize(asks.text))).answer.startswith("You can")
