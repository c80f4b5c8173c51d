"""Drawing a note's arrow on the board in a real browser (issue #14, item 3):
draw mode in the note form, a click on one place then on another, the note
saved, and the arrow on the board after a reload.  Fixtures: tests/e2e/conftest.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser
WAIT = 10_000  # ms: the longest any expect() may wait

# Where a place of the board is on the screen: its point (the drawings layer's
# data-places, in the SVG's own coordinates) through the SVG's screen matrix.
# The page is scrolled first so that the place is in the window (the note
# form is below the board: clicking its button scrolls the board away).
SCREEN_POINT = """place => {
  const g = document.querySelector('#board g.drawings');
  const [x, y] = JSON.parse(g.dataset.places)[place];
  const at = () => {
    const pt = g.ownerSVGElement.createSVGPoint();
    pt.x = x; pt.y = y;
    return pt.matrixTransform(g.getScreenCTM());
  };
  window.scrollBy(0, at().y - window.innerHeight / 2);
  const p = at();
  return [p.x, p.y];
}"""


def _click_place(page: Page, place: str) -> None:
    x, y = page.evaluate(SCREEN_POINT, place)
    page.mouse.click(x, y)


def test_an_arrow_drawn_by_clicking_two_places_is_saved_and_drawn(site, page: Page):
    gid = site.store.create("forbidden_alchemy", seed=7)
    step = site.store.live(gid).session.version
    page.goto(site.replay(gid, step))
    form = page.locator("#add-note")
    toggle = form.locator(".draw-toggle")
    expect(toggle).to_be_visible(timeout=WAIT)  # shown by draw.js on a board with places
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true", timeout=WAIT)
    form.locator(".draw-colour").select_option("blue")
    _click_place(page, "1")
    _click_place(page, "4")
    expect(form.locator("input[name=shapes]")).to_have_value("arrow 1 4 blue", timeout=WAIT)
    expect(page.locator("#board g.drawings line.draw-preview")).to_have_count(1, timeout=WAIT)
    form.locator("input[name=author]").fill("ann")
    form.locator("textarea[name=text]").fill("this piece goes there")
    form.locator("select[name=glyph]").select_option("!?")
    form.locator("button[type=submit]").click()
    expect(page.locator("#notes .note-shapes")).to_have_text("drawn: arrow 1 4 blue", timeout=WAIT)

    page.reload()
    arrow = page.locator("#board g.drawings line.arrow")
    expect(arrow).to_have_count(1, timeout=WAIT)
    expect(arrow).to_have_attribute("marker-end", "url(#draw-head-blue)")
    places = page.evaluate("JSON.parse(document.querySelector('#board g.drawings').dataset.places)")
    ends = [float(arrow.get_attribute(k)) for k in ("x1", "y1", "x2", "y2")]
    assert ends == pytest.approx([*places["1"], *places["4"]], abs=0.11)
    expect(page.locator("#notes .note-glyph")).to_have_text("!?")
    note = site.store.notes.at(gid, step)[0]
    assert note["glyph"] == "!?" and note["shapes"] == [{"kind": "arrow", "from": "1", "to": "4", "colour": "blue"}]
