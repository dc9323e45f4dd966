"""The chat page in a real browser (Debian's Chromium driven by Playwright), against a real server.

Screenshots of each step land in artifacts/screenshots/ (desktop and phone widths).
"""

import shutil

import pytest

from rulespal.core.settings import REPO_ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (make test installs it)")
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
    page.wait_for_function("!document.querySelector('[aria-busy=true]')", timeout=60000)
    return page.locator(".msg.bot").last


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
    mark = page.locator("#passage mark")
    mark.wait_for()
    assert "30" in mark.inner_text()
    assert "Voyage phase" in page.locator("#crumbs").inner_text()
    assert page.locator(".check.verified").count() >= 1
    page.shot("2-citation")
    page.keyboard.press("Escape")
    assert page.locator("#panel").is_hidden()


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
    first.locator("mark").wait_for()
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
