"""The reader's training rows never come from an eval book or another edition of one."""

from rulespal.evals.fresh.pick import pick
from training.reader.choose_books import series
from training.reader.choose_more import used_codes
from training.reader.train import load_rows


def test_a_series_is_a_long_first_word_or_the_first_two_words():
    assert series("carcassonne-south-seas") == series("carcassonne") == "carcassonne"
    assert series("san-juan-second-edition") == series("san-juan") == "san-juan"
    assert series("the-crew-deep-sea") == "the-crew" != series("the-others-7-sins")


def test_no_training_row_shares_a_series_with_an_eval_book():
    evals = {series(c) for c in used_codes()}
    train, held = load_rows()
    assert train and held
    assert not {r["book"] for r in train + held if series(r["book"]) in evals}


def test_the_next_fresh_books_are_of_no_taken_series():
    taken = {series(c) for c in used_codes()}
    drawn = pick(8)
    assert len(drawn) == 8 and len({series(c) for c in drawn}) == 8
    assert not {series(c) for c in drawn} & taken
