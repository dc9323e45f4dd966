"""Claims, not digits: which numbers of an answer are claims."""

from rulespal.rules.claims import read_claims


def _kinds(answer, question="", names=()):
    claims, others = read_claims(answer, question, names)
    return [c.text for c in claims], sorted((o.text, o.kind) for o in others)


def test_step_section_page_date_marker_and_name_numbers_are_not_claims():
    claims, others = _kinds("3. Pass your hand to the left [1]. See 4.2 on page 12; since 1998 the Route 66 and "
                            "Lake Shore lines own 18xx pieces.")
    assert claims == []
    assert ("3", "step") in others and ("4.2", "section") in others and ("12", "page") in others
    assert ("1998", "date") in others and ("66", "name") in others and ("18", "name") in others
    assert ("[1]", "marker") in others


def test_a_numbered_heading_is_a_section_and_a_title_s_number_was_not_given():
    claims, others = _kinds("3.2 Minor companies There are 16 of them [1]. 4.1 Starting minor [2]")
    assert claims == ["16"] and ("3.2", "section") in others and ("4.1", "section") in others
    claims, _ = _kinds("A ship may carry no more than 2 cannons [1].", "how many cannons in Pirates 2?",
                       names=("Pirates 2 ed.: Governor's Daughter", "Pirates 2 ed."))
    assert claims == ["2 cannons"]
    claims, others = _kinds("Each player gets 7 cards.", "7 Wonders with 7 players: how many cards?",
                            names=("7 Wonders",))
    assert claims == ["7 cards"]
    claims, _ = _kinds("A ship may carry no more than 2 cannons [1].", "Pirates 2에서 대포는 몇 개?",
                       names=("Pirates 2 ed.",))
    assert claims == ["2 cannons"]
    claims, _ = _kinds("Cost: 1.5 Gold per tile.")
    assert claims == ["1.5 Gold"]  # a decimal after a colon is an amount, not a heading


def test_a_noun_stops_at_a_digit_not_at_an_accent():
    claims, _ = read_claims("Draw 3 Pokémon cards and 2 Cafés; 2 Souls3 Souls")
    assert [c.text for c in claims] == ["3 Pokémon cards", "2 Cafés", "2 Souls"]


def test_quantities_with_their_things_are_claims():
    claims, _ = _kinds("Each player starts with 5 Souls and may hold ten or more tiles; discard half of them.")
    assert claims[:2] == ["5 Souls", "ten or more tiles"]
    assert any(c.startswith("half") for c in claims)


def test_numbers_the_question_gave_are_not_claims():
    claims, others = _kinds("With 4 players, each draws 3 cards.", "how many cards with 4 players?")
    assert claims == ["3 cards"] and ("4", "other") in others


def test_inline_enumerations_and_game_names():
    claims, others = _kinds("The round has three phases: 1. Draw cards 2. Determine initiative 3. Player turns.")
    assert ("1", "step") in others and ("2", "step") in others
    claims, others = _kinds("In 7 Wonders each player gets 7 cards.", names=("7 Wonders",))
    assert claims == ["7 cards"] and ("7", "name") in others


def test_a_label_before_a_number_and_units_glued_to_it_make_claims():
    claims, _ = read_claims("The frigate has Hull 4. A win is worth 5VP, a draw 10pts.")
    assert [c.text for c in claims] == ["4", "5VP", "10pts"]
    assert "hull" in claims[0].thing


def test_every_page_of_a_page_list_is_a_page():
    claims, others = _kinds("Remove some cards (see pages 2 & 3 of the supplement; pp. 7, 8 and 9).")
    assert claims == []
    assert {o for o in others if o[1] == "page"} == {("2", "page"), ("3", "page"), ("7", "page"), ("8", "page"),
                                                      ("9", "page")}


def test_an_illustration_call_out_is_not_a_claim():
    claims, others = _kinds("Take the base card set (1) and shuffle in 2 modules.")
    assert claims == ["2 modules"] and ("1", "figure") in others


def test_player_counts_and_korean_labels_are_not_claims():
    claims, others = _kinds("Nine rounds in a two- or four-player game.")
    assert claims == ["Nine rounds"]
    claims, others = _kinds("레벨 2 건물이 두 개 이상 있으면 5번째 칸이 생깁니다.")
    assert "2 건물이" not in " ".join(claims) and ("2", "name") in others


def test_a_claim_s_thing_stops_at_a_citation_marker():
    claims, _ = read_claims("Rest: fatigue -2 [1] Each turn every player takes 5 actions. [2]")
    first = next(c for c in claims if c.number == "-2")
    assert first.text == "-2" and "turn" not in first.thing  # not "-2 Each turn": the next quote is another rule
    assert next(c for c in claims if c.number == "5").thing == {"action"}



def test_after_a_citation_marker_a_step_number_or_list_label_is_still_no_claim():
    claims, others = read_claims("Draw 2 cards. [1] 3. Pass your hand to the left. [2]")
    assert [c.text for c in claims] == ["2 cards"] and ("3", "step") in [(o.text, o.kind) for o in others]
    claims, others = read_claims("Gain 1 coin. [1] 1 Wound: take 1 Wound. [2]")
    assert ("1", "list") in [(o.text, o.kind) for o in others]


def test_a_name_with_of_in_it_is_one_thing():
    claims, _ = read_claims("Add 2 Fog of War cards and 3 cards of each colour.")
    assert [(c.text, sorted(c.thing)) for c in claims] == [("2 Fog of War", ["fog", "war"]), ("3 cards", ["card"])]


def test_an_amount_given_to_each_player_is_a_claim_and_player_2_is_a_name():
    claims, others = _kinds("Deal each player 4 cards in hand. Player 2 starts.")
    assert claims == ["4 cards"] and ("2", "name") in others


def test_once_as_when_is_not_a_claim_but_once_as_how_often_is():
    assert _kinds("Once all the fields are full, the game ends. [1]")[0] == []
    assert _kinds("once both ends are closed the road scores [1]")[0] == []
    assert _kinds("You may do this once per turn. [1] Once per round, draw 2 cards.")[0] == [
        "once per turn", "Once per round", "2 cards"]


def test_once_inside_a_clause_is_how_often():
    assert _kinds("You may only attack once during your turn.")[0] == ["once during"]


def test_a_slash_list_of_cases_is_one_list_not_fractions():
    # "1/2/3/4 inhabitants if the pasture holds 0/1/2/3 cattle": a value per case, not "1/2" and "3/4 inhabitants"
    claims, others = _kinds("Give up 1/2/3/4 inhabitants if the pasture holds 0/1/2/3 cattle [1].")
    assert claims == [] and ("1/2/3/4", "list") in others and ("0/1/2/3", "list") in others
    claims, _ = _kinds("Each player takes 1/2 of the pile.")
    assert claims == ["1/2 of the pile"]  # two numbers stay a fraction


def test_one_by_one_is_not_a_count():
    claims, _ = _kinds("Reveal them one by one; players help one another, and no one may pass. Draw one card.")
    assert claims == ["one card"]


def test_an_amount_given_to_the_player_and_a_listed_value_are_claims():
    claims, others = _kinds("Each banner also gives the player 3 points [1]. On his turn, player 2 takes 3 coins.")
    assert claims == ["3 points", "3 coins"] and ("2", "name") in others
    # the question's "3 players" is said back as the list's heading; "White 3" is the list's own value
    claims, others = _kinds("3 Players: White 3, Black 2, Green 2 [1].", "3 players: how many of each spice?")
    assert claims[0] == "3" and len(claims) == 3 and ("3", "other") in others


def test_a_spelled_number_in_a_capitalised_name_is_no_claim():
    claims, others = read_claims("Action cards: Flip Three, Freeze. Each player takes Three cards.")
    assert [c.text for c in claims] == ["Three cards"] and ("Three", "name") in [(o.text, o.kind) for o in others]
