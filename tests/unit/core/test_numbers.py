"""Question forms read from the words alone."""

from rulespal.core.numbers import yes_no


def test_yes_no_questions_even_after_a_situation():
    assert yes_no("I'm out of meeples, can I pick one back up?")
    assert yes_no("with 3 of us - I took one side of a double route, can someone else take the other?")
    assert yes_no("Does a new tile need to touch the old ones?")
    assert not yes_no("How many cards can I hold?")  # a quantity, not yes or no
    assert not yes_no("what does the rest action do?")
    # the inversion in a clause nobody punctuated, and not where a question word asks what or which
    assert yes_no("if i qualify for two nobles at the end of my turn do i get both of them??")
    assert yes_no("In Torres, if I pick up an action card this turn am I allowed to use it?")
    assert not yes_no("what do i get if I win the fight")
    assert not yes_no("which card do i draw first")
    assert yes_no("When I attack do I lose a card?")  # "when" opening a clause, not asking when
    assert yes_no("If the player who attacked me loses do i get his card?")
    assert yes_no("after that don’t I draw again?")
    assert not yes_no("so when do we score")
    # chat spelling: "u" for "you"
    assert yes_no("brazil imperial can u attack someones capital?")
    assert not yes_no("what can u do on a rest turn")


def test_a_yes_no_question_may_open_with_a_count_of_players():
    assert yes_no("can two players trade tools on different floors?") and yes_no("can 2 of us share a room?")
    assert not yes_no("I rolled 7 and have 2 unused points. What happens?")


def test_a_question_that_opens_on_its_verb_is_read_for_a_yes_or_no_whatever_its_subject():
    from rulespal.core.numbers import verb_first
    assert verb_first("Can two ships share a space?") and not yes_no("Can two ships share a space?")
    assert verb_first("do leftover coins carry over to the next round")
    assert not verb_first("Can you tell me the setup?")  # a request, not a yes or no
    assert not verb_first("Is it 2 or 3 cards?") and not verb_first("Do I draw 2 or 3 cards?")  # which
    assert not verb_first("Does Grappling happen before or after combat?")  # which, not yes or no
    assert not verb_first("Is Rum placed on the board or returned to the supply?")
    assert not verb_first("how many cards can ships carry?") and not verb_first("Do ships cost 3 gold each, how much?")
