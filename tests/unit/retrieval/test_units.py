"""Unit scoring: the unit that states the asked thing scores best; shape bonuses and penalties apply."""

import pytest

from rulespal.retrieval.units import _in_script, overlap, score_units
from tests.unit.conftest import make_snapshot, plan_for


def _best(index, question, tuning, doc="kraken-cove"):
    plan = plan_for(index, question)
    best = None
    for pos, chunk in enumerate(index.chunks):
        if chunk.doc != doc or not chunk.units:
            continue
        scores = score_units(index, plan, chunk, index.chunk_units(pos), tuning)
        for u, s in zip(chunk.units, scores):
            if best is None or s > best[0]:
                best = (s, chunk.unit_text(u))
    return best[1]


def test_the_unit_that_states_it_wins(tiny, tuning):
    assert "25 Pearls wins" in _best(tiny, "how many pearls do I need to win?", tuning)
    assert "2 actions" in _best(tiny, "how many actions on my turn?", tuning)
    assert _best(tiny, "what does rest do?", tuning).startswith("Rest: discard")


def test_overlap_is_idf_weighted_and_ignores_unknown_words(tiny):
    assert overlap(tiny, ["pearl", "win"], "collect 25 Pearls wins") == 1.0
    assert 0 < overlap(tiny, ["pearl", "harpoon"], "Pearls only") < 1
    assert overlap(tiny, ["zzzunknown"], "anything") == 0.0
    assert overlap(tiny, ["zzzunknown", "pearl"], "Pearls", known_only=False) < 1.0


def test_quantity_questions_prefer_units_with_numbers(tiny, tuning):
    chunk = next(c for c in tiny.chunks if "Rest:" in c.text)
    pos = tiny.chunks.index(chunk)
    plain = score_units(tiny, plan_for(tiny, "rest fatigue"), chunk, tiny.chunk_units(pos), tuning)
    wants = score_units(tiny, plan_for(tiny, "how many fatigue does rest remove"), chunk, tiny.chunk_units(pos),
                        tuning)
    i = next(k for k, u in enumerate(chunk.units) if chunk.unit_text(u).startswith("Rest:"))
    bonus = tuning.replace(number_bonus=0.0)
    flat = score_units(tiny, plan_for(tiny, "how many fatigue does rest remove"), chunk, tiny.chunk_units(pos), bonus)
    assert wants[i] - flat[i] == pytest.approx(tuning.number_bonus)
    assert plain[i] > 0


def test_component_lists_lose_unless_asked(tiny, tuning):
    chunk = next(c for c in tiny.chunks if "Coral tiles" in c.text and "Components" in c.section)
    pos = tiny.chunks.index(chunk)
    item = next(k for k, u in enumerate(chunk.units) if "Coral tiles" in chunk.unit_text(u))
    rules_q = score_units(tiny, plan_for(tiny, "coral tiles points"), chunk, tiny.chunk_units(pos), tuning)
    box_q = score_units(tiny, plan_for(tiny, "how many coral tiles come in the box"), chunk, tiny.chunk_units(pos),
                        tuning)
    off = score_units(tiny, plan_for(tiny, "coral tiles points"), chunk, tiny.chunk_units(pos),
                      tuning.replace(component_penalty=0.0))
    assert off[item] - rules_q[item] == pytest.approx(tuning.component_penalty)
    assert box_q[item] > rules_q[item]


def test_a_questions_words_in_the_books_script_count_across_languages():
    tokens = ("기도", "포인트", "prayer", "point", "최대", "3")
    assert _in_script(tokens, "en") == ("prayer", "point")
    assert _in_script(tokens, "ko") == ("기도", "포인트", "최대")


def test_yes_no_questions_prefer_units_that_permit_or_forbid(tmp_path, tuning):
    index = make_snapshot(tmp_path, {"reef": "Reef Rules\n\nMoving\n\nShips sail one space per turn.\n\n"
                                             "Ships may not enter a reef space.\n"})
    chunk = next(c for c in index.chunks if "reef space" in c.text)
    pos = index.chunks.index(chunk)

    def scores(question, t):
        return score_units(index, plan_for(index, question), chunk, index.chunk_units(pos), t)

    texts = [chunk.unit_text(u) for u in chunk.units]
    on, off = scores("can my ship sail onto a reef?", tuning), scores("can my ship sail onto a reef?",
                                                                      tuning.replace(deontic_bonus=0.0))
    gained = [t for t, a, b in zip(texts, on, off) if a - b == pytest.approx(tuning.deontic_bonus)]
    assert gained == ["Ships may not enter a reef space."]
    assert all(a == b for t, a, b in zip(texts, on, off) if t not in gained)
    how_many = "how many spaces does a ship sail?"  # not a yes/no question: no bonus
    assert scores(how_many, tuning) == scores(how_many, tuning.replace(deontic_bonus=0.0))


def test_english_units_use_the_sentence_model_and_other_languages_the_first_embedder(tuning):
    from types import SimpleNamespace

    import numpy as np

    from rulespal.retrieval.query import EN_UNITS, QueryPlan
    from rulespal.retrieval.units import unit_similarities

    en_units = np.array([[1.0, 0.0], [0.0, 1.0]])
    use_units = np.array([[0.0, 1.0], [1.0, 0.0]])
    index = SimpleNamespace(meta=SimpleNamespace(embedders=["use"]), docs={"d": SimpleNamespace(lang="en")},
                            unit_vectors_en=en_units, position={"c": 0},
                            chunk_units=lambda pos, vectors=None: en_units)
    chunk = SimpleNamespace(id="c", doc="d", units=[object(), object()])
    plan = QueryPlan("q", "en", {"use": np.array([1.0, 0.0]), EN_UNITS: np.array([1.0, 0.0])})
    assert np.allclose(unit_similarities(index, plan, chunk, use_units, tuning), [1, 0])
    assert np.allclose(unit_similarities(index, plan, chunk, None, tuning), [1, 0])
    korean = QueryPlan("q", "ko", {"use": np.array([1.0, 0.0])})
    assert np.allclose(unit_similarities(index, korean, chunk, use_units, tuning), [0, 1])  # other language: USE


def _unit_scores(tmp_path, book, needle, question, tunings):
    """Scores of the units of the passage holding ``needle``, under each tuning, and the index of that unit."""
    idx = make_snapshot(tmp_path, {"book": book})
    chunk = next(c for c in idx.chunks if needle in c.text)
    pos = idx.chunks.index(chunk)
    scores = [score_units(idx, plan_for(idx, question), chunk, idx.chunk_units(pos), t) for t in tunings]
    return scores, chunk, next(i for i, u in enumerate(chunk.units) if needle in chunk.unit_text(u))


def test_a_stat_line_s_labels_count_like_an_entry_s(tmp_path, tuning):
    book = ("Monsters\n\nThe Wolf Man\n\n*Complexity: Medium | Frenzy Order: 5*\n\nThe Wolf Man hunts the hero who "
            "holds the Hunted emblem.\n")
    (scores, flat), _, k = _unit_scores(tmp_path, book, "Frenzy Order", "what is the wolf man's frenzy order?",
                                        [tuning, tuning.replace(label_bonus=0.0)])
    assert scores[k] > flat[k]  # "Frenzy Order:" is a label the question names, though "Complexity:" opens the line
