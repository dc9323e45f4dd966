"""The ``rulespal`` command line: parse, call the service, format."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer

from rulespal.core.errors import RulesPalError, UnreadableRulebook
from rulespal.core.settings import Settings, get_settings
from rulespal.core.text import aligned_rows

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="RulesPal: rules questions about board games, answered from the rulebook with citations.")


def _fail(e: RulesPalError) -> NoReturn:
    _usage(e.message)


def _usage(message: str) -> NoReturn:
    """One red line and exit status 2: the command cannot run as asked."""
    typer.secho(f"error: {message}", fg=typer.colors.RED, err=True)
    raise typer.Exit(2)


def _settings() -> Settings:
    """The settings, or one line naming the ``RULESPAL_*`` variable that cannot be used (exit 2)."""
    from rulespal.index.snapshot import check_embedders

    try:
        settings = get_settings()
        check_embedders(settings)
    except RulesPalError as e:
        _fail(e)
    return settings


def _service(llm: str | None = None):
    from rulespal.service import RulesPal

    settings = _settings()
    try:
        return RulesPal(settings.model_copy(update={"llm": llm}) if llm else settings)
    except RulesPalError as e:  # a language model that cannot be set up
        _fail(e)


@app.command()
def ingest(paths: Annotated[Optional[list[Path]], typer.Argument(help="rulebooks (.txt, .md, .pdf) to add")] = None,
           library: Annotated[Optional[Path], typer.Option(help="a library folder with games.json and rulebooks/")]
           = None,
           limit: Annotated[Optional[int], typer.Option(help="only the first N games of the library")] = None,
           quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress bars")] = False):
    """Build the index of corpus/ (no paths), or add or replace your own rulebooks or a whole library."""
    from rulespal.ingest.catalog import corpus_docs, library_docs
    from rulespal.ingest.pipeline import run_ingest
    from rulespal.index.layout import DataDir

    settings = _settings()
    extra = []
    if library:
        if not (library / "games.json").exists():
            typer.secho(f"error: {library} has no games.json", fg=typer.colors.RED, err=True)
            raise typer.Exit(2)
        taken = {d.id for d in corpus_docs(settings.corpus_dir)}
        extra = [d for d in library_docs(library, limit) if d.id not in taken]
        typer.echo(f"library: {len(extra)} rulebooks from {library}")
    before = DataDir(settings.data_dir).current()
    try:
        report = run_ingest(settings, list(paths or []), progress=not quiet, extra_docs=extra)
    except KeyboardInterrupt:
        # A build is swapped in only when complete, and embeddings are cached as they are made.
        if DataDir(settings.data_dir).current() == before:
            said = ("the index is unchanged; run the same command again to resume (finished work is cached, "
                    "so it picks up quickly).")
        else:
            said = "the new index was already complete and is in use."
        typer.secho(f"\ninterrupted: {said}", fg=typer.colors.YELLOW, err=True)
        raise typer.Exit(130) from None
    except UnreadableRulebook as e:
        if paths:
            others = "none of the files given was added" if len(paths) > 1 else "nothing was added"
            typer.secho(f"error: {e.message}\n{others}: the index is unchanged. Fix or leave out that file and run "
                        "again.", fg=typer.colors.RED, err=True)
            raise typer.Exit(2) from None
        _fail(e)
    except RulesPalError as e:
        _fail(e)
    if not report.changed:
        typer.echo(f"index is up to date ({report.docs} rulebooks, {report.chunks} passages); nothing to do.")
        return
    added = f"; added {', '.join(report.added)}" if report.added else ""
    added += (f"; replaced {', '.join(report.replaced)} (a rulebook you added before under the same id)"
              if report.replaced else "")
    typer.echo(f"indexed {report.docs} rulebooks into {report.chunks} passages in {report.seconds:.1f} s{added}.")


@app.command()
def remove(ids: Annotated[list[str], typer.Argument(help="ids of rulebooks you added (`rulespal games` lists them)")],
           quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress bars")] = False):
    """Take rulebooks you added out of the index (the shipped corpus stays). A running server switches over."""
    from rulespal.ingest.pipeline import run_ingest

    try:
        report = run_ingest(_settings(), [], progress=not quiet, remove=ids)
    except RulesPalError as e:
        _fail(e)
    typer.echo(f"removed {', '.join(report.removed)}; {report.docs} rulebooks in the index.")


@app.command()
def ask(question: str,
        game: Annotated[Optional[str], typer.Option(help="restrict to one game (doc id)")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="print the full JSON response")] = False,
        llm: Annotated[Optional[str], typer.Option(help="a language model writes the answer, e.g. ollama:llama3.2 "
                                                        "(default: RULESPAL_LLM)")] = None,
        server: Annotated[Optional[str], typer.Option(help="ask a running RulesPal server (e.g. http://127.0.0.1:8000)"
                                                           " instead of loading the models here, which takes seconds")] = None):
    """Answer one rules question, with citations."""
    if server:
        data = _ask_server(server, question, game)
    else:
        try:
            data = _service(llm).ask(question, game).to_json()
        except RulesPalError as e:
            _fail(e)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    typer.echo(data["answer"])
    if data.get("note"):
        typer.echo(f"  note: {data['note']}")
    for c in data["citations"]:
        typer.echo(f"  [{c['n']}] {c['doc']} — {c['section']} ({c['start']}-{c['end']})")
        for line in aligned_rows(c.get("quote", "")):  # a cited table, as a table
            typer.echo(f"      {line}")
    for ch in data["checks"]:
        said = {False: " (does not answer)", None: " (also in the rule)"}.get(ch.get("answers"), "") \
            if ch["status"] == "verified" else ""
        said = " (quoted from the rule)" if ch.get("quoted") and ch.get("answers") is not False else said
        typer.echo(f"  check: {ch['claim']} — {ch['status']}{said}")


def _ask_server(server: str, question: str, game: str | None) -> dict:
    """POST the question to a running server's /api/ask; a server that is not there or refuses says why."""
    import urllib.error
    import urllib.request

    url = server.rstrip("/") + "/api/ask"
    body = json.dumps({"question": question, "game": game}).encode()
    req = urllib.request.Request(url, body, {"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            return json.loads(res.read())
    except urllib.error.HTTPError as e:
        try:
            detail = json.loads(e.read()).get("error", {}).get("message", "")
        except ValueError:
            detail = ""
        _fail(RulesPalError(f"the server at {server} refused the question ({e.code}): {detail or e.reason}"))
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        _fail(RulesPalError(f"no RulesPal server answers at {server} ({reason}): start one with `make run`, or "
                            "leave out --server to answer here"))


@app.command()
def search(query: str,
           game: Annotated[Optional[str], typer.Option(help="restrict to one game (doc id)")] = None,
           k: Annotated[Optional[int], typer.Option(help="how many passages (default: RULESPAL_DEFAULT_K, at most "
                                                          "RULESPAL_MAX_K)")] = None,
           as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False):
    """Show the passages that best match (the same retrieval answers use)."""
    settings = _settings()
    if k is not None and not 1 <= k <= settings.max_k:
        typer.secho(f"error: --k must be between 1 and {settings.max_k} (RULESPAL_MAX_K).", fg=typer.colors.RED,
                    err=True)
        raise typer.Exit(2)
    try:
        hits = _service().search(query, game, settings.default_k if k is None else k)
    except RulesPalError as e:
        _fail(e)
    out = [h.to_out().model_dump() for h in hits]
    if as_json:
        typer.echo(json.dumps({"hits": out}, ensure_ascii=False, indent=2))
        return
    for i, h in enumerate(out, 1):
        snippet = " ".join(h["text"].split())[:160]
        typer.echo(f"{i}. [{h['score']:.2f}] {h['doc']} — {h['section']}\n   {snippet}")


@app.command()
def games():
    """List the indexed games."""
    try:
        rows = _service().games()
    except RulesPalError as e:
        _fail(e)
    for g in rows:
        typer.echo(f"{g['id']:45} {g['lang']}  {g['chunks']:5} passages  {g['title']}")


@app.command()
def facts(game: Annotated[Optional[str], typer.Option(help="only this game (doc id)")] = None,
          as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False):
    """List the rule tables and facts, each with the span of the rulebook it came from."""
    try:
        service = _service()
        rows = service.facts_json(game)
    except RulesPalError as e:
        _fail(e)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for doc, data in rows["games"].items():
        typer.echo(f"== {doc}: {len(data['tables'])} tables, {len(data['facts'])} facts")
        for t in data["tables"]:
            typer.echo(f"  table {t['title']!r} ({t['rows']} rows x {t['columns']} columns) at {t['start']}-{t['end']}")
        for f in data["facts"]:
            if f["kind"] != "cell":
                typer.echo(f"  {f['kind']:13} {f['table'] or f['row']}: {f['value']} "
                           f"[{f['origin']}, {f['start']}-{f['end']}]")


@app.command()
def serve(host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="port")] = 8000):
    """Serve the HTTP API and the chat page."""
    import socket

    import uvicorn

    from rulespal.index.layout import DataDir

    settings = _settings()
    if DataDir(settings.data_dir).current() is None:
        typer.secho(f"no index in {settings.data_dir}: run `rulespal ingest` first.", fg=typer.colors.RED, err=True)
        raise typer.Exit(2)
    try:  # a taken port is said at once, before the models load
        with socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET):
            pass
    except OSError as e:
        typer.secho(f"error: cannot serve on {host}:{port} ({e.strerror}); stop what uses that port or pick another "
                    "with --port.", fg=typer.colors.RED, err=True)
        raise typer.Exit(3) from None
    from rulespal.api import _default_service

    try:
        _default_service().warm()  # index, models and Kiwi loaded before the first request
    except RulesPalError as e:  # a language model that cannot be set up, an index built for other embedders
        _fail(e)
    typer.echo(f"RulesPal is serving on http://{host}:{port}/ (API docs at /docs)")
    uvicorn.run("rulespal.api:app", host=host, port=port, log_level="warning")


def _own_eval(questions: Path, books: list[Path], as_json: Path | None, html: Path | None, check: bool,
              update_expected: bool, expected: Path | None, tune: list[str] | None) -> NoReturn:
    """`rulespal eval --questions`: the user's own question file (rulespal/evals/own.py)."""
    from rulespal.evals.own import main as own_main

    try:
        code = own_main(questions, books, _settings(), as_json, html, check, update_expected, expected, tune)
    except ValueError as e:
        typer.secho(f"error: {e}", fg=typer.colors.RED, err=True)
        raise typer.Exit(2) from None
    except RulesPalError as e:
        _fail(e)
    raise typer.Exit(code)


@app.command("eval")
def run_eval(split: Annotated[str, typer.Option(help="dev, holdout (five-book), test (blind) or all")] = "all",
             only: Annotated[Optional[str], typer.Option(help="run one set: five, blind or checker")] = None,
             as_json: Annotated[Optional[Path], typer.Option("--json", help="write the results here")] = None,
             html: Annotated[Optional[Path], typer.Option("--html", help="write self-contained HTML reports")] = None,
             check: Annotated[bool, typer.Option("--check", help="fail on a regression against the expected scores")]
             = False,
             update_expected: Annotated[bool, typer.Option("--update-expected",
                                                           help="write this run's scores as the expected ones")]
             = False,
             baselines: Annotated[bool, typer.Option(help="also run the textbook baseline and the ablations "
                                                          "(the first-hit baseline always runs)")] = True,
             tune: Annotated[Optional[list[str]], typer.Option(help="vary a tuned number, e.g. rerank_weight=0.3 "
                                                                     "(names: rulespal/core/tuning.py)")] = None,
             show_test: Annotated[bool, typer.Option("--show-test", help="also list the blind test split's "
                                                     "failures (they are not for tuning)")] = False,
             curated: Annotated[bool, typer.Option(help="use the curated facts and glossaries of corpus/")] = True,
             llm: Annotated[Optional[str], typer.Option(help="also run with a language model writing the answers, "
                                                             "e.g. ollama:llama3.2")] = None,
             questions: Annotated[Optional[Path], typer.Option(help="score your own questions (JSONL; format: "
                                                                    "README, rulespal/evals/own.py) instead")] = None,
             books: Annotated[Optional[list[Path]], typer.Option(help="with --questions: rulebooks (files or "
                                                                      "folders) to ask them of, beside the corpus")]
             = None,
             expected: Annotated[Optional[Path], typer.Option(help="with --questions: the expected scores for "
                                                                   "--check (default: FILE.expected.json)")] = None):
    """Run the five-book gold set and the blind set, each beside the baselines, and print the scores."""
    from rulespal.evals.runner import RottenGold
    from rulespal.evals.suite import SETS, main as eval_main

    if questions is not None:
        _own_eval(questions, list(books or []), as_json, html, check, update_expected, expected, tune)
    if books or expected:
        _usage("--books and --expected go with --questions FILE.jsonl")
    if only is not None and only not in SETS:
        _usage(f"--only must be one of {', '.join(SETS)}")
    try:
        code = eval_main(sets=(only,) if only else SETS, split=split, json_path=as_json, html_path=html, check=check,
                         update_expected=update_expected, baselines=baselines, tune=tune, show_test=show_test,
                         curated=curated, llm=llm)
    except RottenGold as e:
        _usage(f"the gold set no longer matches the corpus: {e}")
    except ValueError as e:
        _usage(str(e))
    except RulesPalError as e:
        _fail(e)
    raise typer.Exit(code)


if __name__ == "__main__":
    app()
