"""The reader's held-out figures: plain Python, so that the GPU trainer (``gpu.py``) can use them without RulesPal."""

from __future__ import annotations


def ranking_figures(score, held_pairs: list[tuple[str, str, float]]) -> dict:
    """On the held-out questions: how often the evidence's rule ranks first among its candidates (hit@1, MRR),
    and how well the best score tells answerable questions from unanswerable ones (best threshold's accuracy
    is for information only; the service's threshold is chosen on these books, never on an eval)."""
    by_q: dict[str, list[tuple[str, float]]] = {}
    for q, text, label in held_pairs:
        by_q.setdefault(q, []).append((text, label))
    questions = list(by_q)
    flat = [(q, t) for q in questions for t, _ in by_q[q]]
    scores = score(flat)
    k = 0
    hit1 = rr = n_pos = 0.0
    best_ans, best_unans = [], []
    for q in questions:
        items = by_q[q]
        s = scores[k:k + len(items)]
        k += len(items)
        order = sorted(range(len(items)), key=lambda i: -s[i])
        labels = [items[i][1] for i in order]
        if any(labels):
            n_pos += 1
            first = labels.index(1.0)
            hit1 += first == 0
            rr += 1 / (first + 1)
            best_ans.append(max(s))
        else:
            best_unans.append(max(s))
    figures: dict = {"questions": len(questions), "answerable": int(n_pos), "hit@1": round(hit1 / max(n_pos, 1), 3),
               "mrr": round(rr / max(n_pos, 1), 3)}
    if best_ans and best_unans:
        grid = [i / 100 for i in range(1, 100)]

        def recall_false(th: float) -> tuple[float, float]:
            return (sum(b < th for b in best_unans) / len(best_unans), sum(b < th for b in best_ans) / len(best_ans))
        figures["abstain_at"] = {f"{th:.2f}": [round(v, 3) for v in recall_false(th)] for th in (0.1, 0.2, 0.3, 0.5)}
        ok = [th for th in grid if recall_false(th)[1] <= 0.08]
        if ok:
            th = max(ok)
            figures["abstain_threshold"] = th  # the highest with false abstention <= 0.08 on held-out books
            figures["abstain_recall_false"] = [round(v, 3) for v in recall_false(th)]
    return figures
