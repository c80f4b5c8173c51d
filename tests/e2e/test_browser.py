"""The replay viewer and the play pages in a real browser (Chromium).

Fixtures (tests/e2e/conftest.py): `site` is the running app with a finished
self-played `forbidden_alchemy` game and a running one; `browser` is a
headless Chromium; `page` a fresh page in a fresh context.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from uuid import UUID

import pytest
from playwright.sync_api import Page, expect

from engine.core.game import find_game
from tests.e2e.pointing import point

pytestmark = pytest.mark.browser

WAIT = 10_000  # ms: the longest any expect() may wait
ROOT = Path(__file__).resolve().parents[2]
# The README's picture is rewritten only on request (the game id in it is
# random): BOARDLOG_UPDATE_SCREENSHOT=1 make test.  Otherwise it goes to a temp file.
UPDATE_SCREENSHOT = os.environ.get("BOARDLOG_UPDATE_SCREENSHOT") == "1"
SCREENSHOT = ROOT / "docs" / "replay.png" if UPDATE_SCREENSHOT else \
    Path(tempfile.gettempdir()) / "boardlog-replay.png"


def at_step(gid: UUID, step: int) -> re.Pattern:
    """The replay URL of `gid` with step=`step` among its query parameters."""
    return re.compile(rf"/games/{gid}\?(?:[^#]*&)?step={step}(?:&|#|$)")


def expect_step(page: Page, gid: UUID, step: int) -> None:
    expect(page.locator("#step-number")).to_have_text(str(step), timeout=WAIT)
    expect(page).to_have_url(at_step(gid, step), timeout=WAIT)
    expect(page.locator("#board")).to_have_attribute("data-step", str(step), timeout=WAIT)
    # htmx "settles" a swap: for ~20 ms, new elements whose id was on the page
    # before (#board, #edge-N, ...) keep the old class and style. Wait it out.
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0, timeout=WAIT)


def view_at(site, gid: UUID, step: int):
    """What the omniscient viewer should draw at `step` (finished game)."""
    game = find_game(site.store.header(gid).kind)
    return game.view(site.store.session_at(gid, step).state, None)


def last_step(page: Page) -> int:
    return int(page.locator("#stage").get_attribute("data-last"))


# Runs first so that no note from a later test marks the timeline in the picture.
def test_screenshot_of_a_middle_step(browser, site):
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        page.goto(site.replay(site.finished, 1))
        middle = last_step(page) // 2 + 1
        page.goto(site.replay(site.finished, middle))
        expect_step(page, site.finished, middle)
        page.wait_for_load_state("networkidle")
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOT), full_page=False)
    finally:
        context.close()
    assert SCREENSHOT.stat().st_size > 10_000


def test_stepping_with_keys_and_buttons_swaps_only_the_stage(page, site):
    gid = site.finished
    page.goto(site.replay(gid, 1))
    expect_step(page, gid, 1)
    last = last_step(page)
    assert last > 15, f"the self-played game is unexpectedly short ({last} steps)"
    # Markers on DOM nodes: the timeline must survive stepping, the stage must not.
    page.evaluate("document.getElementById('timeline').__e2e = 'kept';"
                  "document.getElementById('stage').__e2e = 'old'")

    boards = {1: page.inner_html("#board")}

    def check_board(step: int) -> None:
        boards[step] = page.inner_html("#board")
        if view_at(site, gid, step) != view_at(site, gid, step - 1):
            assert boards[step] != boards[step - 1], f"the state changed at step {step} but #board did not"

    # ArrowRight through the setup facts and the first command with its fact.
    step = 1
    while step < 14:
        page.keyboard.press("ArrowRight")
        step += 1
        expect_step(page, gid, step)
        check_board(step)
    # The setup placed a tile (step 1 has none), and the first command moved pieces.
    assert boards[2] != boards[1]
    assert view_at(site, gid, 14) != view_at(site, gid, 13)

    # The command's facts belong to its group: the timeline cursor follows.
    cause = site.store.rows(gid, step - 1, step)[0].cause
    # (Playwright's text matchers skip <style> contents: read it directly; the
    # out-of-band swap came in the same response as the stage already checked.)
    cursor = page.evaluate("document.getElementById('cursor').textContent")
    assert f'data-first="{cause}"' in cursor, cursor

    page.click("#forward")
    expect_step(page, gid, 15)
    check_board(15)
    page.click("#back")
    expect_step(page, gid, 14)
    assert page.inner_html("#board") == boards[14]
    page.keyboard.press("ArrowLeft")
    expect_step(page, gid, 13)
    assert page.inner_html("#board") == boards[13]

    page.keyboard.press("End")
    expect_step(page, gid, last)
    page.click("#forward")  # no step after the last one
    expect_step(page, gid, last)
    page.keyboard.press("Home")
    expect_step(page, gid, 1)
    assert page.inner_html("#board") == boards[1]
    page.click("#back")  # none before the first
    expect_step(page, gid, 1)

    assert page.evaluate("document.getElementById('timeline').__e2e") == "kept", \
        "the timeline was replaced: stepping should swap only #stage"
    assert page.evaluate("document.getElementById('stage').__e2e") is None, \
        "#stage was never swapped"
    assert page.locator("#stage").count() == 1
    assert page.locator("#timeline").count() == 1

    # History: each step was pushed, so Back walks back through them
    # (End and the #forward click at the last step each pushed the last step;
    # Home and the #back click at step 1 each pushed step 1).
    page.go_back()
    expect_step(page, gid, 1)
    page.go_back()
    expect_step(page, gid, last)
    page.go_forward()
    expect_step(page, gid, 1)
    # Back and Forward draw the whole page, not the stage alone (issue #24).
    assert page.locator("#timeline").count() == 1 and page.locator("h1").count() == 1


def test_holding_the_arrow_key_steps_without_reloading_the_page(page, site):
    """Presses faster than steps come back (a held key) step one at a time:
    none reloads the whole page, none is lost while the stage is on its way
    back (the latest waits for it), and the page ends where its URL says
    (issue #24: a third of the presses held over a long game reloaded it)."""
    gid = site.finished
    page.goto(site.replay(gid, 1))
    expect_step(page, gid, 1)
    loads = []
    page.on("load", lambda _: loads.append(1))
    page.evaluate("document.getElementById('timeline').__e2e = 'kept'")
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    page.wait_for_load_state("networkidle")
    step = int(page.locator("#stage").get_attribute("data-step"))
    assert 2 <= step <= 13
    expect_step(page, gid, step)
    assert loads == [], "a press reloaded the whole page"
    assert page.evaluate("document.getElementById('timeline').__e2e") == "kept"
    page.keyboard.press("ArrowRight")  # the keys are free again
    expect_step(page, gid, step + 1)


def _in_timeline_box(page: Page, selector: str) -> bool:
    return page.evaluate("""(sel) => {
        const box = document.getElementById('timeline').getBoundingClientRect();
        const li = document.querySelector(sel).getBoundingClientRect();
        return li.top >= box.top && li.bottom <= box.bottom;
    }""", selector)


def test_the_timeline_keeps_the_current_step_in_view(browser, site):
    """The timeline is a box of its own (it scrolls, the page does not):
    stepping to a command group below what it shows scrolls it there, and a
    page opened at a late step opens with that step's entry in view."""
    from engine.core.selfplay import selfplay_one

    gid, _, _ = selfplay_one(site.store, "roundtable", 2, None, {}, "random")  # many command groups
    context = browser.new_context(viewport={"width": 1300, "height": 600})
    try:
        page = context.new_page()
        page.goto(site.replay(gid, 1))
        expect_step(page, gid, 1)
        last_entry = "#timeline .tl-step:last-of-type"
        assert page.evaluate("(() => { const b = document.getElementById('timeline');"
                             " return b.scrollHeight > 2 * b.clientHeight })()"), "the timeline does not overflow"
        assert not _in_timeline_box(page, last_entry)
        page.keyboard.press("End")
        expect_step(page, gid, last_step(page))
        page.wait_for_function(f"""() => {{
            const box = document.getElementById('timeline').getBoundingClientRect();
            const li = document.querySelector('{last_entry}').getBoundingClientRect();
            return li.top >= box.top && li.bottom <= box.bottom; }}""", timeout=WAIT)
        assert page.evaluate("window.scrollY") == 0, "stepping scrolled the page, not the timeline"
        late = int(page.locator(last_entry).get_attribute("data-first"))
        page.goto(site.replay(gid, late))
        expect_step(page, gid, late)
        assert _in_timeline_box(page, f'#timeline .tl-step[data-first="{late}"]')
    finally:
        context.close()


def test_plain_links_work_without_javascript(browser, site):
    gid = site.finished
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site.replay(gid, 3))
        expect_step(page, gid, 3)
        page.click("#forward")
        expect_step(page, gid, 4)
        page.click("#back")
        expect_step(page, gid, 3)
        page.click("#last")
        expect_step(page, gid, last_step(page))
    finally:
        context.close()


def test_note_is_added_kept_and_escaped(page, site):
    gid = site.finished
    text = "look <b>x</b> & <script>window.pwned = 1</script> here"
    page.goto(site.replay(gid, 7))
    expect_step(page, gid, 7)
    form = page.locator("#add-note")
    form.locator("input[name=author]").fill("Ada <i>L</i>")
    form.locator("textarea[name=text]").fill(text)
    form.locator("button[type=submit]").click()

    note = page.locator("#notes .note").filter(has_text="look <b>x</b>")
    expect(note).to_have_count(1, timeout=WAIT)
    expect(note.locator(".note-text")).to_have_text(text, timeout=WAIT)
    expect(note.locator(".note-meta")).to_contain_text("Ada <i>L</i>", timeout=WAIT)
    expect(page).to_have_url(at_step(gid, 7), timeout=WAIT)  # a note does not move the step

    page.reload()
    expect_step(page, gid, 7)
    note = page.locator("#notes .note").filter(has_text="look <b>x</b>")
    expect(note.locator(".note-text")).to_have_text(text, timeout=WAIT)
    expect(note.locator(".note-text b")).to_have_count(0)
    expect(note.locator(".note-text script")).to_have_count(0)
    expect(note.locator(".note-meta i")).to_have_count(0)
    assert page.evaluate("window.pwned") is None
    # Another step has no such note.
    page.click("#forward")
    expect_step(page, gid, 8)
    expect(page.locator("#notes .note").filter(has_text="look <b>x</b>")).to_have_count(0)


def test_fork_from_a_step(page, site):
    gid = site.finished
    page.goto(site.replay(gid, 15))
    expect_step(page, gid, 15)
    page.locator("#fork button").click()

    # A fork is a game of its own: its seat links first, and where it was forked.
    expect(page.locator("#fork-notice")).to_be_visible(timeout=WAIT)
    match = re.search(r"/games/([0-9a-f-]{36})/seats", page.url)
    assert match, f"a fork should land on its seat links, not {page.url}"
    new = UUID(match.group(1))
    at = site.store.header(new).fork_step
    assert new != gid
    assert at >= 15  # the fork keeps the whole command that contains step 15
    assert page.locator("#seat-links a").count() >= 2
    page.get_by_text("Watch the replay").click()
    parent = page.locator("#parent-link")
    expect(parent).to_be_visible(timeout=WAIT)
    expect(page.locator("#step-number")).to_have_text(str(at), timeout=WAIT)
    expect(parent).to_have_attribute("href", f"/games/{gid}?step={at}")
    assert site.store.header(new).parent == str(gid)
    # The link leads back to the parent at the fork step.
    page.click("#parent-link")
    expect_step(page, gid, at)


def test_play_in_two_browsers_with_undo_redo_and_a_refusal(browser, site):
    gid = site.running
    ctx_a = browser.new_context()
    ctx_b = browser.new_context()
    try:
        a, b = ctx_a.new_page(), ctx_b.new_page()
        a.goto(site.play(gid, "investigator"))
        b.goto(site.play(gid, "*"))
        v0 = site.store.head_version(gid)
        expect(a.locator("#version")).to_have_text(str(v0), timeout=WAIT)
        expect(b.locator("#version")).to_have_text(str(v0), timeout=WAIT)
        expect(b.locator("#seat")).to_contain_text("investigator", timeout=WAIT)
        expect(a.locator("#undo")).to_be_disabled()
        expect(a.locator("#redo")).to_be_disabled()
        board0 = a.inner_html("#board")
        assert b.inner_html("#board") == board0

        # A swaps; B sees it by itself (the server pushes the new step: viewer/live.py).
        point(a, "swap 1 2")
        expect(a.locator("#version")).not_to_have_text(str(v0), timeout=WAIT)
        v1 = site.store.head_version(gid)
        assert v1 > v0
        expect(a.locator("#version")).to_have_text(str(v1), timeout=WAIT)
        expect(b.locator("#version")).to_have_text(str(v1), timeout=WAIT)
        board1 = a.inner_html("#board")
        assert board1 != board0, "a swap should change the board"
        expect(b.locator("#board svg")).to_be_visible()
        assert b.inner_html("#board") == board1

        # Undo, then redo: each is one more record, and the board goes back and forth.
        expect(a.locator("#undo")).to_be_enabled(timeout=WAIT)
        a.click("#undo")
        expect(a.locator("#version")).to_have_text(str(v1 + 1), timeout=WAIT)
        assert a.inner_html("#board") == board0
        expect(a.locator("#redo")).to_be_enabled(timeout=WAIT)
        a.click("#redo")
        expect(a.locator("#version")).to_have_text(str(v1 + 2), timeout=WAIT)
        assert a.inner_html("#board") == board1
        expect(b.locator("#version")).to_have_text(str(v1 + 2), timeout=WAIT)
        assert b.inner_html("#board") == board1

        # A typed command that breaks a rule: refused, named, nothing stored.
        a.fill("#command-text", "swap 1 3")
        a.locator("#typed button[type=submit]").click()
        error = a.locator("#play-error")
        expect(error).to_be_visible(timeout=WAIT)
        expect(error).to_contain_text("forbidden_alchemy.actions.adjacent", timeout=WAIT)
        expect(a.locator("#version")).to_have_text(str(v1 + 2), timeout=WAIT)
        assert site.store.head_version(gid) == v1 + 2
    finally:
        ctx_a.close()
        ctx_b.close()


def test_pointing_narrows_the_commands_and_sends_the_one_left(page, site):
    """A click on edge 3 leaves its replacement and the swaps with its
    neighbours: the menu offers the replacement, the neighbours light up;
    a click on edge 4 leaves one command, which is sent."""
    gid = site.store.create("forbidden_alchemy", seed=11)
    page.goto(site.play(gid, "investigator"))
    point_at(page, "3")
    expect(page.locator("#point-menu button.verb")).to_have_attribute("title", "replace 3", timeout=WAIT)
    assert sorted(page.evaluate("boardlogPoint.offered()")) == ["2", "4"]
    assert page.evaluate("boardlogPoint.picks()") == ["3"]
    page.keyboard.press("Escape")
    assert page.evaluate("boardlogPoint.picks()") == []
    before = site.store.head_version(gid)
    point(page, "swap 3 4")
    expect(page.locator("#version")).to_have_text(str(before + 2), timeout=WAIT)  # command + swap
    assert site.store.rows(gid)[-2].data["text"] == "swap 3 4"


def point_at(page, token: str) -> None:
    """One click on what names `token`: the board's element, else its chip."""
    on_board = page.locator(f'#play-area [data-token~="{token}"]')
    if on_board.count():
        on_board.first.click()
    else:
        page.locator("#point-chips button.chip", has_text=token).first.click()
