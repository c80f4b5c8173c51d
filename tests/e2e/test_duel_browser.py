"""Two browsers play the test-only `duel`: secret stances revealed together,
a prompt to the striker, and the other seat reacting out of turn; each page
follows the other by itself.  The server runs in this process, so the
test-only game registered here is playable there."""

from __future__ import annotations

from playwright.sync_api import expect

from engine.core.game import register
from tests.e2e.pointing import point

register("duel", "tests.games.duel")
WAIT = 10_000  # ms


def click(page, command: str) -> None:
    point(page, command)


def test_a_seat_reacts_out_of_turn_in_its_own_browser(browser, site):
    gid = site.store.create("duel", seed=11)
    red_ctx, blue_ctx = browser.new_context(), browser.new_context()
    try:
        red, blue = red_ctx.new_page(), blue_ctx.new_page()
        red.goto(site.play(gid, "red"))
        blue.goto(site.play(gid, "blue"))

        # Secret stances: red's choice never reaches blue's page before the reveal.
        click(red, "stance attack")
        expect(red.locator(".no-command")).to_contain_text("Nothing for you to do", timeout=WAIT)
        blue.reload()
        assert "attack" not in blue.inner_text("#board")
        timeline = blue.context.new_page()
        timeline.goto(f"{site.url}/games/{gid}")
        expect(timeline.locator("#timeline")).to_contain_text("(secret command)", timeout=WAIT)
        assert "stance attack" not in timeline.content()
        timeline.close()
        click(blue, "stance guard")

        # Red's page reloads by itself once blue has chosen; red strikes and is asked where.
        expect(red.locator("button.command[data-command='strike']")).to_be_visible(timeout=WAIT)
        click(red, "strike")
        expect(red.locator(".question")).to_contain_text("choose where the strike lands", timeout=WAIT)
        click(red, "aim body")

        # Blue may react out of turn while red may still end its turn.
        expect(blue.locator("#your-turn")).to_have_text("you may react", timeout=WAIT)
        expect(red.locator("button.command[data-command='end']")).to_be_visible(timeout=WAIT)
        version = site.store.head_version(gid)
        click(blue, "parry")
        expect(blue.locator("#version")).not_to_have_text(str(version), timeout=WAIT)
        records = site.store.rows(gid, gt=version)
        assert records[0].data["seat"] == "blue" and records[0].data["text"] == "parry"

        # The turn passed to blue; red's page follows by itself.
        expect(red.locator("#version")).to_have_text(str(site.store.head_version(gid)), timeout=WAIT)
        expect(blue.locator("#your-turn")).to_have_text("your move", timeout=WAIT)
    finally:
        red_ctx.close()
        blue_ctx.close()
