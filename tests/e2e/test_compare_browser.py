"""Issue 14, items 4 and 6 in a real browser: compare two steps from the
replay page's form, and the step link's copy button (tests/e2e/conftest.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine.core.game import find_game
from projections.replay import diff

pytestmark = pytest.mark.browser

WAIT = 10_000  # ms: the longest any expect() may wait


def test_compare_two_steps_from_the_replay_page(page, site):
    gid = site.finished
    page.goto(f"{site.url}/games/{gid}?step=14&by=event")
    form = page.locator("#compare-form")
    form.locator("#compare-b").fill("13")
    form.get_by_role("button", name="Compare").click()
    expect(page).to_have_url(re.compile(rf"/games/{gid}/compare\?a=14&b=13"), timeout=WAIT)
    for side, step in (("a", 14), ("b", 13)):
        board = page.locator(f"#board-{side}")
        expect(board).to_have_attribute("data-step", str(step), timeout=WAIT)
        expect(board.locator("svg").first).to_be_visible(timeout=WAIT)
    # The table lists what differs, as the views say.
    game = find_game(site.store.header(gid).kind)
    views = [game.view(site.store.session_at(gid, s).state, None) for s in (14, 13)]
    expected = [p for p, _, _ in diff(*views)]
    expect(page.locator("#changes tbody tr")).to_have_count(len(expected), timeout=WAIT)
    if expected:
        expect(page.locator("#board-a .changed, #board-a .halo").first).to_be_attached(timeout=WAIT)
    # Each side links back to its step.
    page.locator("#link-b").click()
    expect(page.locator("#step-number")).to_have_text("13", timeout=WAIT)


def test_the_copy_button_appears_with_javascript_and_copies_the_step_link(page, site, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    gid = site.finished
    page.goto(f"{site.url}/games/{gid}?step=5&by=event")
    button = page.locator("#copy-step-link")
    expect(button).to_be_visible(timeout=WAIT)
    button.click()
    expect(button).to_have_text("copied", timeout=WAIT)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site.url}/games/{gid}?step=5&by=event"
    # After htmx swaps the stage to another step, the new button is shown too.
    page.locator("#forward").click()
    expect(page.locator("#step-number")).to_have_text("6", timeout=WAIT)
    expect(page.locator("#copy-step-link")).to_be_visible(timeout=WAIT)
    expect(page.locator("#step-link")).to_have_attribute("href", re.compile(r"step=6"), timeout=WAIT)
