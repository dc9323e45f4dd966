"""The shipped reader itself: the file its card names, and that it reads a rule as a player would."""

import json

from rulespal.retrieval.reader import MODEL_FILE, MODELS, OnnxReader, file_sha256, reader_text


def test_the_shipped_file_is_the_one_its_card_describes():
    card = json.loads((MODELS / "reader-card.json").read_text())
    assert MODEL_FILE.stat().st_size <= 25 * 1024 * 1024
    assert file_sha256() == card["sha256"]
    assert card["form"] == "int8" and card["heldout_int8"]["hit@1"] > card["heldout_minilm_cosine"]["hit@1"]


def test_it_tells_the_rule_that_answers_from_neighbours_that_share_its_words():
    reader = OnnxReader(1)
    rules = [reader_text("Cards", "Hand Limit: you may never hold more than 7 cards in your hand."),
             reader_text("Cards", "At the start of your turn, draw 2 cards from the deck."),
             reader_text("Cards", "Discarded cards go face up to the discard pile.")]
    p = reader.score("how many cards can I keep in my hand?", rules)
    assert p[0] > 0.5 and p[0] == max(p)
    q = reader.score("how many cards do I draw each turn?", rules)
    assert q[1] == max(q)
    # scores are cached per (question, rule): the same call gives the same numbers
    assert reader.score("how many cards do I draw each turn?", rules) == q


def test_pairs_read_side_by_side_score_as_they_do_one_at_a_time():
    rules = [reader_text("Cards", f"Rule {k}: draw {k} cards, then discard {k - 1}.") for k in range(2, 8)]
    question = "how many cards do I draw?"
    alone = OnnxReader(1).score(question, rules)
    assert OnnxReader(2).score(question, rules) == alone and len(set(alone)) > 1


def test_a_cache_emptied_between_calls_never_loses_a_score():
    reader = OnnxReader(1)
    reader.keep = 0  # every call that reads a new rule empties the cache first
    rules = ["Draw 2 cards.", "Discard 1 card."]
    first = reader.score("how many cards do I draw?", rules[:1])
    both = reader.score("how many cards do I draw?", rules)  # the first is known, the second read, the cache emptied
    assert both[0] == first[0] and len(both) == 2


def test_a_search_for_one_passage_gets_the_first_of_a_longer_search(service):
    # the reader reorders the same first passages whatever k asks for
    assert service.tuning.search_reader_top > 1
    for q in ("how many crew can a ship hold", "what happens when you run out of gold"):
        assert service.search(q, k=1)[0].chunk.id == service.search(q, k=10)[0].chunk.id
