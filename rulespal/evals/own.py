"""`rulespal eval --questions FILE.jsonl [--books DIR_OR_FILES]`: score RulesPal on your own questions.

One JSON object per line; only ``question`` is required::

    {"question": "How many cargo cards can I hold?", "game": "Lantern Ferry", "must": ["5"],
     "evidence": "You may hold at most 5 cargo cards."}
    {"question": "What does the storm card do?", "game": "Lantern Ferry", "answerable": false}

``game``: a game's id or title (left out: the question must name it, or RulesPal asks which); ``must``: words
the answer must hold, ``any_of``: lists of which one must be there; ``evidence``: the rule as printed (a
string or a list), which the answer should cite; ``answerable``: false when the rulebook does not say (the
answer must say so); ``history``: earlier turns ``[{"role": "user", "content": ...}, ...]``; ``id``,
``category``, ``lang`` and ``split`` are optional labels for the report's groups.

With ``--books`` the questions are asked of the shipped corpus plus those rulebooks, indexed beside the
serving index (``<data dir>/evals/own-*``); without, of the serving index as it is.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rulespal.evals.blind import _names, eval_settings, locate
from rulespal.evals.expected import check_against, write_expected
from rulespal.evals.runner import Gold, print_report, report, run
from rulespal.ingest.loader import SUPPORTED
from rulespal.core.errors import RulesPalError
from rulespal.core.settings import Settings
from rulespal.core.text import detect_lang
from rulespal.service import RulesPal

FIELDS = {"id", "question", "game", "must", "any_of", "evidence", "answerable", "history", "category", "lang",
          "split"}


def book_files(paths: list[Path]) -> list[Path]:
    """The rulebook files named: each file, and the .pdf/.md/.txt files of each folder."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = sorted(f for f in p.iterdir() if f.suffix.lower() in SUPPORTED)
            if not found:
                raise ValueError(f"{p}: no .pdf, .md or .txt rulebooks in this folder")
            files.extend(found)
        elif p.exists():
            files.append(p)
        else:
            raise ValueError(f"{p}: no such file or folder")
    return files


def books_index(settings: Settings, paths: list[Path]) -> Settings:
    """An index of the corpus plus these rulebooks, made once (a no-op while they are unchanged)."""
    from rulespal.ingest.pipeline import run_ingest

    files = book_files(paths)
    key = hashlib.sha256("\n".join(sorted(str(f.resolve()) for f in files)).encode()).hexdigest()[:10]
    s = eval_settings(settings, f"own-{key}")
    run_ingest(s, files, progress=True)
    return s


def _strings(value, what: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise ValueError(f"{what} must be a string or a list of strings")


def _row(r: dict, n: int, service: RulesPal, where: str) -> Gold:
    if not isinstance(r, dict):
        raise ValueError("each line must be a JSON object")
    unknown = sorted(set(r) - FIELDS)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}; the fields are {', '.join(sorted(FIELDS))}")
    question = r.get("question")
    if not isinstance(question, str) or not question.strip():
        raise ValueError('"question" is missing or empty')
    index = service.index
    game = service.resolve_game(r.get("game")) if r.get("game") else None
    quotes = _strings(r.get("evidence", []), '"evidence"')
    answerable = r.get("answerable", True)
    if not isinstance(answerable, bool):
        raise ValueError('"answerable" must be true or false')
    spans = []
    expect = game
    for quote in quotes:
        docs = [game] if game else list(index.docs)
        found = next(((d, span) for d in docs if (span := locate(quote, index.text(d))) is not None), None)
        if found is None:
            raise ValueError(f"evidence quote not found in {game or 'any indexed rulebook'}: {quote[:80]!r}; copy "
                             "it from the rulebook as printed")
        expect = expect or found[0]
        spans.append((found[0], *found[1]))
    any_of = r.get("any_of", [])
    if not isinstance(any_of, list):
        raise ValueError('"any_of" must be a list of lists of words')
    history = r.get("history", [])
    if not isinstance(history, list) or not all(isinstance(h, dict) and {"role", "content"} <= set(h) for h in history):
        raise ValueError('"history" must be a list of {"role": "user" or "assistant", "content": "..."}')
    category = r.get("category") or ("fact" if answerable else "unanswerable")
    return Gold(str(r.get("id") or f"{where}-{n}"), question, game, expect, _strings(r.get("must", []), '"must"'),
                [_strings(a, '"any_of" entries') for a in any_of], spans, str(category),
                str(r.get("lang") or detect_lang(question)), "", answerable, history, [],
                str(r.get("split") or "all"), kind="own",
                names_game=bool(game) or _names(question, index.docs.get(expect or "")))


def load_own(path: Path, service: RulesPal) -> list[Gold]:
    """The questions of ``path``, each checked; a bad line is a ValueError that names it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot read it ({e.__class__.__name__}); give a UTF-8 JSONL file") from None
    out: list[Gold] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append(_row(json.loads(line), n, service, path.stem))
        except json.JSONDecodeError as e:
            raise ValueError(f"{path.name}:{n}: not valid JSON ({e.msg})") from None
        except (ValueError, RulesPalError) as e:
            raise ValueError(f"{path.name}:{n}: {e.message if isinstance(e, RulesPalError) else e}") from None
    if not out:
        raise ValueError(f"{path}: no questions in it")
    ids = [g.id for g in out]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{path}: two questions have the id {next(i for i in ids if ids.count(i) > 1)!r}")
    return out


def expected_path(questions: Path) -> Path:
    return questions.with_name(questions.stem + ".expected.json")


def main(questions: Path, books: list[Path], settings: Settings, json_path: Path | None = None,
         html_path: Path | None = None, check: bool = False, update_expected: bool = False,
         expected: Path | None = None, tune: list[str] | None = None) -> int:
    from rulespal.core.tuning import Tuning
    from rulespal.evals.baselines import rulespal_service, systems

    s = books_index(settings, books) if books else settings
    tuning = Tuning.for_settings(s).with_text(tune or [])
    runs = systems(s, [], baselines=False, tuning=tuning)  # documents: only the textbook baseline's, not run here
    gold = load_own(questions, rulespal_service(runs))
    results = {name: run(system, gold) for name, system in runs.items()}
    reps = {name: report(rs) for name, rs in results.items()}
    print_report(reps["rulespal"], f"rulespal: {questions.name} ({len(gold)} questions)",
                 sections=("by_split", "by_category", "by_lang", "by_game"))
    first = reps["first hit"]["overall"]["answer_accuracy"]
    print(f"  (the first passage found, quoted as the answer, scores {first:.3f})")
    ok = True
    path = expected or expected_path(questions)
    if update_expected:
        write_expected(reps["rulespal"], path)
        print(f"expected scores written to {path}")
    if check:
        ok, messages = check_against(reps["rulespal"], path)
        for m in messages:
            print(m)
        print(f"eval check ({path.name}): " + ("passed" if ok else "FAILED"))
    if json_path:
        Path(json_path).write_text(json.dumps({"own": reps}, ensure_ascii=False, indent=1), encoding="utf-8")
    if html_path:
        from rulespal.evals.html import write_html

        write_html(Path(html_path), results, reps, tuple(sorted({g.split for g in gold})), None)
        print(f"report written to {html_path}")
    return 0 if ok else 1
