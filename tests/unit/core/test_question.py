"""What a question asks, read once (rulespal/core/question.py)."""

from rulespal.core.question import parts, read_asks


def test_a_count_question_names_its_thing_and_player_count():
    asks = read_asks("how many idea slots with 3 players?")
    assert (asks.quantity, asks.yes_no, asks.players, asks.counts) == (True, False, 3, frozenset({3}))
    assert asks.things == frozenset({"idea", "slot"})


def test_a_yes_no_question_is_no_quantity_and_a_value_question_names_no_thing():
    asks = read_asks("can I move through an enemy fighter?")
    assert (asks.yes_no, asks.quantity, asks.value, asks.players) == (True, False, False, None)
    ransom = read_asks("how much is the ransom?")
    assert (ransom.quantity, ransom.things, ransom.value) == (True, frozenset(), False)
    assert read_asks("what is the ransom?").value is True


def test_a_result_and_a_components_question():
    assert read_asks("what's my total score?").result is True
    assert read_asks("how many dice come in the box?").components is True
    assert read_asks("how many dice do I roll?").components is False


def test_a_line_that_asks_two_questions_is_read_as_two_with_its_lead_in():
    assert parts("setup - how many cards does each of us get dealt, and how many camels start in the market") == [
        "setup - how many cards does each of us get dealt?", "setup - how many camels start in the market?"]
    assert parts("max blocks per stack / max blocks placed per turn") == ["max blocks per stack?",
                                                                         "max blocks placed per turn?"]
    assert parts("what is the hand limit? what happens if I go over?") == ["what is the hand limit?",
                                                                          "what happens if I go over?"]
    # one question with "and" in it stays one
    for one in ("can I trade cards and buy a ship in the same turn?", "how many points do red and blue get?",
                "how many cards?"):
        assert parts(one) == [one]


def test_a_duration_is_read_once_with_the_question() -> None:
    assert read_asks("How long does a game take?").duration is True
    assert read_asks("how much time do we get for a turn").duration is True
    assert read_asks("how many cards do I draw?").duration is False


def test_which_act_or_chapter_is_not_a_count():
    """"act 2" says which act: no rule "once per Act" multiplies it."""
    assert all(a.is_context for a in read_asks("what's the hand limit in act 2?").amounts)
    assert all(a.is_context for a in read_asks("74 points in chapter 1, how many stars?").amounts
               if "chapter" in a.text)


def test_stages_counted_before_their_word_are_amounts():
    assert not any(a.is_context for a in read_asks("I built 2 stages of my wonder, how many points?").amounts)


def test_minutes_or_hours_asked_need_a_time_said():
    from rulespal.core.question import CLOCK_SAID, read_asks

    assert read_asks("LYNGK 한 판 하는 데 보통 몇 분 정도 걸려요?").clock
    assert read_asks("how many minutes does a round take?").clock
    assert not read_asks("몇 분이서 할 수 있어요?").clock  # how many people, politely
    assert not read_asks("how long does the game last?").clock  # "5 rounds" may answer it
    assert CLOCK_SAID.search("A game takes 30-45 minutes.") and CLOCK_SAID.search("약 30분 걸립니다")
    assert not CLOCK_SAID.search("Draw lots to determine the starting player.")


def test_the_reading_says_when_a_question_opens_on_its_verb():
    asks = read_asks("Can two ships share a space?")
    assert asks.verb_first and not asks.yes_no  # its rule's yes or no is read; the yes/no floor is not lowered
    assert not read_asks("how many ships can share a space?").verb_first


def test_korean_yes_no_questions_are_told_from_the_rest():
    """On 294 Korean training questions (never eval questions) a code-blind helper marked yes/no or not
    (training/reader/data/yesno-labels-ko.jsonl, 2026-12-07); the patterns were written on them (in-sample):
    29 of 35 found, none false (a choice, "빌런이 먼저 하나요 히어로가 먼저 하나요?", was before KO_CHOICE)."""
    import json

    from rulespal.core.question import korean_yes_no
    from rulespal.core.settings import REPO_ROOT

    path = REPO_ROOT / "training/reader/data/yesno-labels-ko.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    found = [r["yesno"] for r in rows if korean_yes_no(r["question"])]
    assert len(rows) == 294
    assert sum(found) / len(found) >= 0.95 and sum(found) >= 28


def test_a_korean_yes_no_question_is_framed_as_it_asks():
    from rulespal.core.question import korean_frame, read_asks

    assert read_asks("타일 하나 남겨둬도 돼요?").korean_yes_no and korean_frame("타일 하나 남겨둬도 돼요?") == "can I "
    assert korean_frame("돈을 더 내야 하나요?") == "must I "
    assert korean_frame("점수 더 받나요?") == ""
    assert korean_frame("저주 안 받는 거 맞죠?") is None  # negated: its 네 would agree with the negation
    assert not read_asks("휴식 액션은 뭐야?").korean_yes_no  # asks what
    assert not read_asks("카드 몇 장 받아요?").korean_yes_no  # asks how many
    assert not read_asks("휴식 액션").korean_yes_no  # keywords ask nothing
    assert not read_asks("그럼 뛰기는?").korean_yes_no  # "and running?": what about it
