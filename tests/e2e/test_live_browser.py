"""Pushed updates in a real browser (issue #13, item 5): a play page and a
replay page follow a game moved on through the JSON API, without being
reloaded and without polling (viewer/static/live.js, viewer/live.py)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WAIT = 10_000  # ms: the longest any expect() may wait


def _watch_requests(page) -> list[tuple[str, str]]:
    seen: list[tuple[str, str]] = []
    page.on("request", lambda r: seen.append((r.resource_type, r.url)))
    return seen


def _api_command(site, gid, text: str) -> int:
    token = site.store.seats.tokens(gid)["investigator"]
    r = httpx.post(f"{site.url}/api/games/{gid}/commands", json={"text": text},
                   headers={"X-Seat-Token": token}, timeout=10)
    assert r.status_code == 201, r.text
    return site.store.head_version(gid)


def test_play_page_follows_a_command_made_through_the_api(page, site):
    gid = site.store.create("forbidden_alchemy", seed=11)
    v0 = site.store.head_version(gid)
    requests = _watch_requests(page)
    navigations = []
    page.goto(site.play(gid, "investigator"))
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    expect(page.locator("#version")).to_have_text(str(v0), timeout=WAIT)
    expect(page.locator("#refresh")).to_be_visible()
    page.evaluate("window.boardlogMarker = 'same page'")  # gone if the page were reloaded
    page.fill("#command-text", "half-typed")
    board0 = page.inner_html("#board")

    v1 = _api_command(site, gid, "swap 1 2")
    expect(page.locator("#version")).to_have_text(str(v1), timeout=WAIT)
    assert page.inner_html("#board") != board0
    assert page.evaluate("window.boardlogMarker") == "same page"
    assert navigations == []
    assert page.input_value("#command-text") == "half-typed"  # what was being typed stays
    streams = [url for kind, url in requests if kind == "eventsource"]
    polls = [url for kind, url in requests if "/live?" in url and kind != "eventsource"]
    assert len(streams) == 1 and streams[0].endswith(f"/live?v={v0}"), requests
    assert polls == [], polls

    # The game ends: the page shows it, and the stream is let go.
    v2 = _api_command(site, gid, "stop")
    expect(page.locator("#version")).to_have_text(str(v2), timeout=WAIT)
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#live-bar")).to_have_count(0)


def test_replay_page_follows_at_the_last_step_and_counts_new_steps_elsewhere(page, site):
    gid = site.store.create("forbidden_alchemy", seed=12)
    v0 = site.store.head_version(gid)
    page.goto(f"{site.url}/games/{gid}")
    expect(page.locator("#step-number")).to_have_text(str(v0), timeout=WAIT)
    page.evaluate("window.boardlogMarker = 'same page'")

    v1 = _api_command(site, gid, "swap 1 2")
    expect(page.locator("#step-number")).to_have_text(str(v1), timeout=WAIT)  # followed
    assert str(v1) in page.url
    assert page.evaluate("window.boardlogMarker") == "same page"

    page.click("#first")  # elsewhere in the game: told, not moved
    expect(page.locator("#step-number")).to_have_text("1", timeout=WAIT)
    v2 = _api_command(site, gid, "swap 2 3")
    expect(page.locator("#live-new")).to_have_text(f"{v2 - v1} new step" + ("s" if v2 - v1 > 1 else ""),
                                                   timeout=WAIT)
    expect(page.locator("#step-number")).to_have_text("1")
    page.click("#live-new")
    expect(page.locator("#step-number")).to_have_text(str(v2), timeout=WAIT)
