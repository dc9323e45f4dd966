"""The chat page in a real browser (Debian's Chromium driven by Playwright), against a real server.

Screenshots of each step land in artifacts/screenshots/ (desktop and phone widths).
"""

import shutil

import pytest

from rulespal.core.settings import REPO_ROOT
from tests.conftest import free_port, start_server, stop_server
from tests.helpers import needs

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = needs(CHROMIUM is None, "Debian's chromium is not installed", "RULESPAL_SKIP_BROWSER")
SHOTS = REPO_ROOT / "artifacts" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(params=[("desktop", 1280, 860), ("phone", 390, 844)], ids=["desktop", "phone"])
def page(request, browser, live_server):
    name, w, h = request.param
    ctx = browser.new_context(viewport={"width": w, "height": h}, locale="en-US")
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(live_server + "/")
    pg.wait_for_function("document.querySelector('#game-input') !== null")
    pg.shot = lambda step: pg.screenshot(path=str(SHOTS / f"{name}-{step}.png"), full_page=True)
    yield pg
    ctx.close()
    assert not errors, errors


def _ask(page, text):
    box = page.locator("#question")
    box.fill(text)
    box.press("Enter")
    return _answered(page)


def _answered(page):
    page.wait_for_function("!document.querySelector('[aria-busy=true]')", timeout=60000)
    return page.locator(".msg.bot, .msg.error").last


def _type_game(page, text):
    """Type in the game box as a player does, once the list shows the games it matches."""
    box = page.locator("#game-input")
    box.click()
    box.fill(text)
    page.wait_for_function("document.querySelectorAll('#game-options li').length > 1")


def _focused_is(page, locator) -> bool:
    return locator.evaluate("node => node === document.activeElement")


def _asked(page) -> list[dict]:
    """The bodies the page POSTs to /api/ask, as the server gets them."""
    sent = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.url.endswith("/api/ask") else None)
    return sent


def test_the_empty_page_shows_the_games_and_questions_to_try(page):
    intro = page.locator("#intro")
    intro.wait_for()
    assert "5 rulebooks loaded" in intro.inner_text() and "Skull Tales" in intro.inner_text()
    intro.locator("button", has_text="Skull Tales").click()
    assert page.locator("#game-input").input_value() == "Skull Tales"
    tries = intro.locator("button.example")
    assert tries.count() == 3 and "Skull Tales" in intro.inner_text()
    page.shot("0-first-minute")
    asked = tries.first.inner_text()
    tries.first.click()
    answer = _answered(page)
    assert [m.inner_text() for m in page.locator(".msg.user").all()] == [asked]
    assert answer.inner_text() and intro.is_hidden()


def test_books_with_one_title_show_their_files_in_the_picker(page):
    page.evaluate("""() => { const g = state.games.find((x) => x.id === 'skull-tales');
                             state.games.push({ ...g, id: 'skull-tales-pdf', file: 'skull-tales.pdf' }); }""")
    _type_game(page, "skull")
    options = page.locator("#game-options li", has_text="Skull Tales")
    assert sorted(o.locator(".src").inner_text() for o in options.all()) == ["skull-tales.pdf", "skull-tales.txt"]


def test_pick_game_ask_and_open_citation(page):
    page.locator("#game-input").click()
    page.locator("#game-input").fill("skull")
    option = page.locator("#game-options li", has_text="Skull Tales")
    option.first.wait_for()
    assert "EN" in option.first.inner_text()
    option.first.dispatch_event("mousedown")
    assert page.locator("#game-input").input_value() == "Skull Tales"
    answer = _ask(page, "What is the maximum crew Morale?")
    assert "30" in answer.inner_text()
    assert page.evaluate("document.activeElement.id") == "question"  # focus stays in the box
    page.shot("1-answer")
    answer.locator("button.cite").first.click()
    mark = page.locator("#passage mark").first
    mark.wait_for()
    assert "30" in mark.inner_text()
    assert "Voyage phase" in page.locator("#crumbs").inner_text()
    assert page.locator(".check.quoted", has_text="30").count() >= 1  # copied from the rule: "quoted", not green
    page.shot("2-citation")
    page.keyboard.press("Escape")
    assert page.locator("#panel").is_hidden()
    assert _focused_is(page, answer.locator("button.cite").first)  # back to the [n] that opened it


def test_an_opened_citation_shows_its_highlighted_rule_on_screen(page):
    answer = _ask(page, "What is the maximum crew Morale?")
    answer.locator("button.cite").first.click()
    mark = page.locator("#passage mark").first
    mark.wait_for()
    page.wait_for_timeout(300)  # a late scroll (focus moving to the close button) would land by now
    box, view = mark.bounding_box(), page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= view["height"], (box, view)
    page.shot("2b-citation-on-screen")


def test_a_tab_table_in_the_rulebook_is_shown_as_a_table_with_its_highlight(page):
    answer = _ask(page, "In Pirates, how many rum markers with 3 players?")
    answer.locator("button.cite").first.click()
    page.locator("#passage mark").first.wait_for()
    table = page.locator("#passage table.rules-table")
    assert table.count() >= 1
    assert "Rum markers" in table.first.locator("th, td").all_inner_texts()
    tabs = page.evaluate("""() => { const w = document.createTreeWalker(document.querySelector('#passage'), 4);
                                    let n = 0; while (w.nextNode()) n += w.currentNode.data.includes('\\t'); return n; }""")
    assert tabs == 0  # no tab-separated text left
    assert page.locator("#passage table.rules-table mark").count() >= 1  # the cited row, highlighted in its cells
    page.shot("2c-table-in-passage")


def test_supporting_quotes_are_blocks_of_their_own(page):
    answer = _ask(page, "What is the maximum crew Morale?")
    blocks = answer.locator(".answer .quote")
    assert blocks.count() >= 2, answer.inner_text()
    assert "30" in blocks.first.inner_text() and blocks.first.locator("button.cite").count() == 1
    assert answer.locator(".answer .quote.support").first.locator("button.cite").count() == 1
    page.shot("1b-answer-blocks")


def test_citation_opened_from_the_keyboard_gives_focus_back_to_its_button(page):
    answer = _ask(page, "What is the maximum crew Morale?")
    for opener in (answer.locator("button.cite").first, answer.locator(".meta button.cite").first):
        opener.focus()
        page.keyboard.press("Enter")
        page.locator("#passage mark").first.wait_for()
        assert _focused_is(page, page.locator("#panel-close"))
        page.keyboard.press("Escape")
        assert page.locator("#panel").is_hidden()
        assert _focused_is(page, opener), page.evaluate("document.activeElement.outerHTML")
    opener.focus()
    page.keyboard.press("Enter")
    page.locator("#passage mark").first.wait_for()
    page.locator("#panel-close").press("Enter")  # the close button does the same
    assert _focused_is(page, opener)


def test_enter_in_the_picker_picks_the_first_matching_game(page):
    box = page.locator("#game-input")
    _type_game(page, "skull")
    box.press("Enter")
    assert box.input_value() == "Skull Tales"
    assert page.evaluate("document.activeElement.id") == "question"
    _type_game(page, "pirates")  # two games match: the first one listed is picked, ArrowDown reaches the next
    assert page.locator("#game-options li[aria-selected=true]").inner_text().startswith("Pirates 2")
    box.press("ArrowDown")
    box.press("Enter")
    assert box.input_value() == "Tiny Epic Pirates: Curse of Amdiak"
    box.click()
    box.fill("no such game")  # nothing matches: "Any game" is what Enter picks, as before
    box.press("Enter")
    assert box.input_value() == ""
    box.click()
    box.fill("")  # an empty box: "Any game" stays first
    assert "Any game" in page.locator("#game-options li[aria-selected=true]").inner_text()


def test_text_typed_in_the_picker_but_not_chosen_is_no_pick(page):
    page.locator("#game-input").click()
    page.locator("#game-input").fill("skull")
    page.locator("#question").click()  # leave the picker without choosing
    assert page.locator("#game-input").input_value() == ""


def test_korean_question_and_follow_up(page):
    answer = _ask(page, "휴식 액션은 뭐야?")
    assert "피로도" in answer.inner_text() and "2" in answer.inner_text()
    page.shot("3-korean")
    _ask(page, "In Davy Jones' Locker, how many souls per Soul Level with 3 players?")
    follow = _ask(page, "and with 4 players?")
    assert "5 Souls" in follow.inner_text()
    page.shot("4-follow-up")


def test_needs_game_buttons_and_unanswerable(page):
    answer = _ask(page, "How many actions do I get per turn?")
    buttons = answer.locator("button.choice")
    assert buttons.count() >= 2
    page.shot("5-needs-game")
    buttons.first.click()
    page.wait_for_function("!document.querySelector('[aria-busy=true]')", timeout=60000)
    assert page.locator("#game-input").input_value() != ""
    last = page.locator(".msg.bot").last
    assert last.locator("button.cite").count() >= 1
    nothing = _ask(page, "How does castling work in chess?")
    assert "Not in the rulebook" in nothing.inner_text()


def test_quick_lookup_as_you_type(page):
    page.locator("#tab-lookup").click()
    page.locator("#lookup-input").press_sequentially("knocked out", delay=30)
    first = page.locator("#hits li").first
    first.wait_for(timeout=30000)
    assert page.locator("#hits li").count() >= 3
    first.locator("button").click()
    first.locator("mark").first.wait_for()  # a highlight over several lines is one mark a line
    page.shot("6-lookup")


def test_markup_in_questions_is_shown_not_run(page):
    _ask(page, "<img src=x onerror=\"window.hacked=1\"><script>window.hacked=1</script> rest?")
    assert page.evaluate("window.hacked === undefined")
    assert "<script>" in page.locator(".msg.user").last.inner_text()


def test_dark_theme_follows_the_system(browser, live_server):
    ctx = browser.new_context(viewport={"width": 390, "height": 700}, color_scheme="dark")
    pg = ctx.new_page()
    pg.goto(live_server + "/")
    bg = pg.evaluate("getComputedStyle(document.body).backgroundColor")
    assert bg == "rgb(22, 22, 26)"
    pg.locator("#question").fill("휴식 액션은 뭐야?")
    pg.locator("#question").press("Enter")
    pg.wait_for_function("!document.querySelector('[aria-busy=true]')", timeout=60000)
    pg.screenshot(path=str(SHOTS / "phone-7-dark.png"), full_page=True)
    ctx.close()


@pytest.fixture
def own_server(built):
    """A server of this test's own, to stop and start again mid-chat (the shared one must stay up)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    procs = []

    def start():
        procs.append(start_server(built.data_dir, port))

    def stop():
        for proc in procs:
            stop_server(proc)

    start()
    yield base, start, stop
    stop()


def test_a_question_the_server_never_got_is_kept_to_try_again(browser, own_server):
    base, start, stop = own_server
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = ctx.new_page()
    page.goto(base + "/")
    page.wait_for_function("document.querySelector('#game-input') !== null")
    sent = _asked(page)
    for first in ("What is the maximum crew Morale in Skull Tales?", "How do I win Tiny Epic Pirates?"):
        _ask(page, first)  # a chat longer than the screen: the error must still land above the question bar
    _ask(page, "In Davy Jones' Locker, how many souls per Soul Level with 3 players?")
    stop()  # the server goes away mid-chat
    question = "and with 4 players?"
    failed = _ask(page, question)
    assert "can't be reached" in failed.inner_text()
    assert page.locator("#question").input_value() == question  # not lost: no retyping
    page.wait_for_timeout(300)
    error, bar = failed.bounding_box(), page.locator("#ask-form").bounding_box()
    assert error["y"] + error["height"] <= bar["y"] + 1, (error, bar)  # above the question bar, not behind it
    page.screenshot(path=str(SHOTS / "phone-8-unreachable.png"), full_page=True)
    start()
    failed.locator("button", has_text="Try again").click()
    follow = _answered(page)
    assert "5 Souls" in follow.inner_text()
    assert page.locator(".msg.error").count() == 0  # the failed try is replaced by the answer
    assert [m.inner_text() for m in page.locator(".msg.user").all()][-1] == question
    assert page.locator(".msg.user").count() == 4
    assert page.locator("#question").input_value() == ""
    assert [t["content"] for t in sent[-1]["history"] if t["role"] == "user"][-1] == (
        "In Davy Jones' Locker, how many souls per Soul Level with 3 players?")  # the failed try is not history
    ctx.close()


def test_the_conversation_and_the_game_survive_a_reload(page):
    sent = _asked(page)
    _type_game(page, "davy")
    page.locator("#game-input").press("Enter")
    assert page.locator("#game-input").input_value() == "Davy Jones' Locker: Curse of the Ghost Ships"
    first = "How many souls per Soul Level with 3 players?"
    answer = _ask(page, first)
    assert "3 Souls" in answer.inner_text()
    before = page.locator("#log").inner_text()
    chips = page.locator("#log .check").count()
    page.reload()
    page.locator("#log .msg.bot").first.wait_for()
    assert page.locator("#log").inner_text() == before  # question, answer, chips and citations
    assert page.locator("#log .check").count() == chips
    assert page.locator("#game-input").input_value() == "Davy Jones' Locker: Curse of the Ghost Ships"
    page.locator("#log .msg.bot button.cite").first.click()  # the restored [n] still opens its passage
    page.locator("#passage mark").first.wait_for()
    page.keyboard.press("Escape")
    follow = _ask(page, "and with 4 players?")  # the turns before the reload are still its history
    assert "5 Souls" in follow.inner_text()
    assert sent[-1]["game"] == "davy-jones-locker-curse-of-the-ghost-ships"
    assert [t["content"] for t in sent[-1]["history"] if t["role"] == "user"] == [first]
    page.shot("9-after-reload")
    page.locator("#reset").click()  # a new chat: nothing comes back on the next reload
    assert page.locator("#log .msg").count() == 0
    page.reload()
    page.wait_for_function("document.querySelector('#game-input').value !== ''")
    assert page.locator("#log .msg").count() == 0
    _ask(page, "and with 2 players?")
    assert sent[-1]["history"] == []


def test_a_question_over_the_limit_is_refused_whole_not_cut(page):
    sent = _asked(page)
    question = "How many actions do I get per turn? " + "Please explain in detail. " * 80
    assert len(question) > 2000
    box = page.locator("#question")
    box.fill(question)
    assert box.input_value() == question  # the box does not cut it
    note = page.locator("#too-long")
    assert note.is_visible() and "2000" in note.inner_text()
    box.press("Enter")
    refused = _answered(page)
    assert "msg error" in refused.get_attribute("class")
    assert "2000" in refused.inner_text() and "characters" in refused.inner_text()
    assert sent[-1]["question"] == question.strip()  # sent whole, and refused by the server
    assert page.locator(".msg.user").last.inner_text() == question.strip()
    assert box.input_value() == question.strip()  # back in the box to shorten
    page.shot("10-too-long")
    box.fill("What is the maximum crew Morale?")
    assert note.is_hidden()
