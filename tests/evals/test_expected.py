"""The regression gate's arithmetic, on hand-made reports: named questions are held exactly; hidden
(blind test) ones allow a few losses only when as many gains match them."""

import json

from rulespal.evals.expected import HIDDEN_NOISE, check_against


def _check(tmp_path, was: dict[str, bool], now: dict[str, bool], hidden: set[str]) -> tuple[bool, list[str]]:
    path = tmp_path / "expected.json"
    path.write_text(json.dumps({"tolerance": 0.03, "groups": {}, "questions": was}), encoding="utf-8")
    return check_against({"overall": {}, "questions": now}, path, hidden)


def test_a_named_question_turning_wrong_fails_even_with_a_gain(tmp_path):
    ok, messages = _check(tmp_path, {"a": True, "b": False}, {"a": False, "b": True}, set())
    assert ok is False
    assert messages == ["now wrong (1): a", "now right (1): b"]


def test_hidden_losses_matched_by_hidden_gains_pass_and_are_counted(tmp_path):
    was = {f"t{i}": i % 2 == 0 for i in range(2 * HIDDEN_NOISE)}
    now = {q: not good for q, good in was.items()}
    ok, messages = _check(tmp_path, was, now, set(was))
    assert ok is True
    assert messages == [f"now wrong ({HIDDEN_NOISE}):  and {HIDDEN_NOISE} test-split questions",
                        f"now right ({HIDDEN_NOISE}):  and {HIDDEN_NOISE} test-split questions"]


def test_a_hidden_loss_with_no_gain_fails(tmp_path):
    ok, _ = _check(tmp_path, {"t1": True, "t2": True}, {"t1": False, "t2": True}, {"t1", "t2"})
    assert ok is False


def test_more_hidden_losses_than_the_noise_fail_whatever_the_gains(tmp_path):
    n = HIDDEN_NOISE + 1
    was = {**{f"w{i}": True for i in range(n)}, **{f"r{i}": False for i in range(n)}}
    now = {q: not good for q, good in was.items()}
    ok, _ = _check(tmp_path, was, now, set(was))
    assert ok is False
