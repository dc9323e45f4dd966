"""The vector store on a real embedded Chroma: a small collection is searched exactly, with equal scores
in id order, so the same passages rank the same on any machine and after any rebuild."""

import numpy as np

from rulespal.index.vectors import ChromaStore, top_k


def test_top_k_orders_equal_scores_by_position():
    sims = np.array([0.5, 0.9, 0.5, 0.9, 0.1], dtype=np.float32)
    assert [i for i, _ in top_k(["a", "b", "c", "d", "e"], sims, 4)] == ["b", "d", "a", "c"]


def test_a_small_collection_is_searched_exactly_with_ties_in_id_order(tmp_path):
    rng = np.random.default_rng(7)
    vectors = rng.normal(size=(300, 16)).astype(np.float32)
    vectors[10:14] = vectors[0]  # equal vectors: equal scores
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ids = [f"p{(i * 37) % 300:03d}" for i in range(300)]  # inserted out of id order
    docs = ["g1" if i % 2 else "g2" for i in range(300)]
    store = ChromaStore(tmp_path)
    store.upsert("b1", "emb", ids, vectors, ["text"] * 300, [{"doc": d} for d in docs])
    query = vectors[0]
    want = sorted(range(300), key=lambda i: (-float(vectors[i] @ query), ids[i]))
    assert [i for i, _ in store.search("b1", "emb", query, 20)] == [ids[i] for i in want[:20]]
    in_g2 = [i for i in want if docs[i] == "g2"]
    assert [i for i, _ in store.search("b1", "emb", query, 5, {"doc": "g2"})] == [ids[i] for i in in_g2[:5]]


def test_a_collection_over_the_exact_bound_is_searched_by_hnsw(tmp_path, monkeypatch):
    from rulespal.index import vectors

    monkeypatch.setattr(vectors, "EXACT_MAX", 100)
    rng = np.random.default_rng(3)
    vecs = rng.normal(size=(300, 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    ids = [f"p{i:03d}" for i in range(300)]
    store = ChromaStore(tmp_path)
    store.upsert("b1", "emb", ids, vecs, ["text"] * 300, [{"doc": "g"}] * 300)
    found = store.search("b1", "emb", vecs[42], 10)
    assert len({i for i, _ in found}) == 10 and found[0][0] == "p042"
    assert store._doc_cache == {}  # no vectors fetched: Chroma answered
