"""A self-contained HTML page of an eval run: headline scores against the baselines, bar charts per
category, language and game, and every failing question with its answer, evidence and passages."""

from __future__ import annotations

from datetime import datetime, timezone
from html import escape
from pathlib import Path

COLORS = ["#8a4b14", "#3b6ea5", "#5a9a5a", "#a05a9a", "#888888"]
HEADLINE = ["answer_accuracy", "citation_hit", "citation_precision", "citation_integrity", "abstention_recall",
            "abstention_precision", "false_abstention", "fragments", "hit@1", "hit@5", "mrr", "latency_p50_ms", "latency_p95_ms"]


def _v(x) -> str:
    if x is None:
        return "–"
    return f"{x:.3f}" if isinstance(x, float) and x <= 1.0 else f"{x:g}"


def _bars(title: str, reps: dict[str, dict], section: str, metric: str = "answer_accuracy") -> str:
    """Grouped horizontal bars: one group per key (category, language, game), one bar per system."""
    keys = list(next(iter(reps.values()))[section].keys())
    names = list(reps)
    row_h, bar_h, label_w, width = 14 * len(names) + 10, 12, 240, 720
    height = row_h * len(keys) + 30
    parts = [f'<svg viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{escape(title)}">']
    for i, key in enumerate(keys):
        y0 = 20 + i * row_h
        parts.append(f'<text x="0" y="{y0 + row_h / 2}" font-size="12">{escape(key[:34])}</text>')
        for j, name in enumerate(names):
            val = reps[name][section].get(key, {}).get(metric)
            w = 0 if val is None else (width - label_w - 60) * val
            y = y0 + j * 14
            parts.append(f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{COLORS[j % 5]}">'
                         f'<title>{escape(name)}: {_v(val)}</title></rect>')
            parts.append(f'<text x="{label_w + w + 4:.1f}" y="{y + 10}" font-size="10">{_v(val)}</text>')
    parts.append("</svg>")
    return f"<h3>{escape(title)}</h3>" + "".join(parts)


def _failure(r) -> str:
    """One failed question as a collapsible block: the answer, the gold evidence, the quotes, the passages."""
    g = r.gold
    evidence = "".join(f"<blockquote>{escape(doc)} [{s}:{e}]</blockquote>" for doc, s, e in g.evidence)
    quotes = "".join(f"<li><b>[{c['n']}]</b> {escape(c['doc'])} — {escape(c['section'])}<br>"
                     f"<q>{escape(c['quote'][:400])}</q></li>" for c in r.answer.get("citations", []))
    passages = "".join(f"<li>{escape(doc)} [{s}:{e}]</li>" for doc, s, e in r.hits[:3])
    return (
        f"<details><summary><code>{escape(g.id)}</code> {escape(g.question)} "
        f"<span class=tag>{escape(g.category)}</span> <span class=tag>{escape(g.lang)}</span></summary>"
        f"<p><b>Answer:</b> {escape(r.answer.get('answer', ''))} "
        f"<i>(answerable={r.answer.get('answerable')}, needs_game={escape(str(r.answer.get('needs_game')))})</i></p>"
        f"<p><b>Must contain:</b> {escape(', '.join(g.must) or '—')}; expected answerable={g.answerable}</p>"
        f"<p><b>Gold evidence:</b></p>{evidence or '<p>—</p>'}"
        f"<p><b>Cited:</b></p><ul>{quotes or '<li>—</li>'}</ul>"
        f"<p><b>Top passages retrieved (rank of evidence: {r.rank}):</b></p><ul>{passages}</ul></details>")


def write_html(path: Path, results: dict[str, list], reps: dict[str, dict],
               splits: tuple[str, ...] = ("dev", "holdout"), hidden_split: str | None = None) -> None:
    """``hidden_split``: a split scored in aggregate only (the blind test books): none of its failures is shown."""
    names = list(reps)
    legend = " ".join(f'<span class="key" style="background:{COLORS[i % 5]}"></span>{escape(n)}'
                      for i, n in enumerate(names))
    head = "".join(f"<th>{escape(m)}</th>" for m in HEADLINE)
    rows = []
    for name in names:
        for split in splits:
            s = reps[name]["by_split"].get(split)
            if s:
                rows.append(f"<tr><td>{escape(name)}</td><td>{split}</td><td>{s['n']}</td>"
                            + "".join(f"<td>{_v(s.get(m))}</td>" for m in HEADLINE) + "</tr>")
    charts = "".join(_bars(t, reps, sec) for t, sec in (("Answer accuracy by category", "by_category"),
                                                           ("by language", "by_lang"), ("by game", "by_game"),
                                                           ("by question style", "by_style")))
    failures = [_failure(r) for r in results["rulespal"] if not r.correct and r.gold.split != hidden_split]
    ts = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>RulesPal eval report</title>
<style>
body{{font-family:system-ui,sans-serif;margin:1.5rem auto;max-width:70rem;padding:0 1rem;color:#1d1d1f}}
table{{border-collapse:collapse;font-size:.85rem}} td,th{{border:1px solid #ddd;padding:.25rem .45rem;text-align:right}}
td:first-child,td:nth-child(2){{text-align:left}} th{{background:#f4efe6}}
.key{{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 1rem;vertical-align:middle}}
details{{border:1px solid #ddd;border-radius:.4rem;padding:.4rem .6rem;margin:.4rem 0}}
blockquote{{margin:.2rem 0 .2rem 1rem;color:#555}} .tag{{font-size:.75rem;border:1px solid #ccc;border-radius:.3rem;padding:0 .3rem}}
.big{{font-size:2rem;font-weight:700}} .cards{{display:flex;gap:1rem;flex-wrap:wrap}}
.card{{border:1px solid #ddd;border-radius:.5rem;padding:.6rem 1rem}}
</style></head><body>
<h1>RulesPal eval report</h1><p>{escape(ts)} · {reps['rulespal']['overall']['n']} gold questions</p>
<div class="cards">{''.join(f'<div class="card"><div>{escape(n)}</div><div class="big">{_v(reps[n]["overall"]["answer_accuracy"])}</div><div>answer accuracy</div></div>' for n in names)}</div>
<h2>Headline scores</h2><div style="overflow-x:auto"><table><tr><th>system</th><th>split</th><th>n</th>{head}</tr>{''.join(rows)}</table></div>
<h2>Breakdowns</h2><p>{legend}</p>{charts}
<h2>Failing questions ({len(failures)})</h2>{''.join(failures) or '<p>None.</p>'}
</body></html>"""
    path.write_text(page, encoding="utf-8")
