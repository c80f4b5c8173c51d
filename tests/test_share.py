"""Issue 14, item 6: share a step — the board as a standalone SVG file, and a
link to the step (with a note open) on the replay page."""

from __future__ import annotations

import pathlib
import re
import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient

from engine.core.interchange import import_file
from engine.core.store import open_store
from projections.replay import SPECTATOR, changed_paths
from viewer.app import create_app
from viewer.bounds import board_template
from viewer.compare import standalone_svg

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "games"
KINDS = ("forbidden_alchemy", "fmp", "roundtable", "promised_day", "brutality", "forbidden_alchemy_story")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def site():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    games = {kind: import_file(store, str(FIXTURES / f"{kind}-1.jsonl")) for kind in KINDS}
    return store, games, TestClient(create_app(store))


def download(client, gid, step, seat=""):
    r = client.get(f"/games/{gid}/board.svg", params={"step": step, "seat": seat})
    assert r.status_code == 200, r.text[:300]
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.headers["content-disposition"].startswith("attachment;")
    return r.content


def picture(client, store, gid, view) -> bytes:
    """The file the page should send at the game's last step, seen as `view`, made
    here: the board and what changed at the step outlined, as on the replay page."""
    live = store.live(gid)
    game, last = live.game, live.session.version
    board = game.view(live.session.state, view)
    before = game.view(store.session_at(gid, last - 1).state, view)
    fragment = client.app.state.templates.get_template(board_template(game, board)).render(
        board=board, changed=changed_paths(before, board), game=game, targets={})
    return standalone_svg(fragment, "caption")


def without_caption(svg: bytes) -> bytes:
    return re.sub(rb'<text[^>]*class="caption"[^>]*>[^<]*</text>', b"", svg)  # names the view


@pytest.mark.parametrize("kind", KINDS)
def test_the_board_downloads_as_a_standalone_svg(site, kind):
    store, games, client = site
    gid = games[kind]
    step = store.head_version(gid) // 2
    data = download(client, gid, step)
    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg" and data.startswith(b'<?xml version="1.0"')
    # PNG-ready: explicit size and viewBox that agree, a white background first.
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert (float(root.get("width")), float(root.get("height"))) == (w, h)
    style, background = root[0], root[1]
    assert style.tag == f"{SVG}style" and ".changed" in style.text
    assert background.tag == f"{SVG}rect" and background.get("fill") == "#ffffff"
    assert float(background.get("width")) == w and float(background.get("height")) == h
    # Nothing outside the file: no links, images, scripts or external styles.
    for element in root.iter():
        assert element.tag not in (f"{SVG}image", f"{SVG}script", f"{SVG}foreignObject"), element.tag
        for name, value in element.attrib.items():
            assert not value.startswith(("http:", "https:", "//", "/")) or name == "d", (name, value)
    assert b"url(http" not in data and b"@import" not in data
    caption = root.find(f"{SVG}text[@class='caption']")
    assert caption is not None and f"step {step}" in caption.text and kind in caption.text
    assert f"{kind}-{str(gid)[:8]}-step{step}.svg" in client.get(
        f"/games/{gid}/board.svg", params={"step": step}).headers["content-disposition"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_running_games_file_shows_only_what_every_seat_may_see(site, kind):
    store, _, client = site
    gid = store.create(kind, seed=3)
    last = store.head_version(gid)
    spectator = picture(client, store, gid, SPECTATOR)
    for seat in ("", store.header(gid).seats[0]):
        assert without_caption(download(client, gid, last, seat)) == without_caption(spectator), seat
    if kind in ("forbidden_alchemy", "promised_day", "forbidden_alchemy_story"):
        # These boards draw hidden things (the pile, hands) when seen whole: not here.
        assert without_caption(picture(client, store, gid, None)) != without_caption(spectator)
    store.catalogue.delete_game(gid)


def test_a_finished_games_file_may_be_seen_through_a_seats_eyes(site):
    store, games, client = site
    gid = games["promised_day"]
    last = store.head_version(gid)
    seat = store.header(gid).seats[0]
    assert b"everything" in download(client, gid, last)
    assert f"step {last} \u00b7 {seat}".encode() in download(client, gid, last, seat)
    # An unknown seat is dropped (and never written into the file): everything.
    assert b"<b>" not in download(client, gid, last, "<b>")


@pytest.mark.parametrize("params, status, field", [
    ({"step": 0}, 422, "step: step 0 is outside"),
    ({"step": "x"}, 422, "step"),
])
def test_a_bad_step_is_refused_naming_the_field(site, params, status, field):
    _, games, client = site
    r = client.get(f"/games/{games['fmp']}/board.svg", params=params)
    assert r.status_code == status and field in r.text


def test_no_step_means_the_last_and_an_unknown_game_is_404(site):
    store, games, client = site
    gid = games["brutality"]
    assert f"step {store.head_version(gid)} ".encode() in client.get(f"/games/{gid}/board.svg").content
    assert client.get("/games/ffffffff/board.svg").status_code == 404


# ---- the replay page: link to this step, the note anchors ----------------------------------------
def test_the_replay_page_links_to_the_step_the_file_and_each_note(site):
    store, games, client = site
    gid = games["forbidden_alchemy"]
    store.notes.add(gid, 12, "ann", "look here")
    note = store.notes.at(gid, 12)[0]["note"]
    page = client.get(f"/games/{gid}?step=12&by=event").text
    share = re.search(r'<section class="share".*?</section>', page, re.S).group(0)
    assert f'<a href="/games/{gid}?step=12&amp;by=event" id="step-link">' in share
    # The copy button is hidden until share.js shows it: without JavaScript, the link.
    assert re.search(r'<button type="button" class="copy-link"[^>]*data-copy="/games/[^"]+step=12[^"]*" hidden>',
                     share)
    assert f'href="/games/{gid}/board.svg?step=12"' in share
    assert f'<article class="note" data-note="{note}" id="note-{note}">' in page
    assert f'href="/games/{gid}?step=12&amp;by=event#note-{note}"' in page
    assert '<script src="/static/share.js" defer></script>' in page
    assert client.get("/static/share.js").status_code == 200


def test_the_share_links_keep_the_seat_and_move_with_the_step(site):
    store, games, client = site
    gid = games["roundtable"]
    seat = store.header(gid).seats[1]
    part = client.get(f"/games/{gid}?step=20&seat={seat}", headers={"HX-Request": "true"}).text
    assert f'href="/games/{gid}/board.svg?step=20&amp;seat={seat}"' in part
    assert f'href="/games/{gid}?step=20&amp;by=command&amp;seat={seat}" id="step-link"' in part


def test_the_downloaded_board_carries_the_notes_drawings(site):
    """A note's arrows and circles are part of the shared picture (the layer the
    replay page draws); `note=` keeps one note's, `drawings=false` none."""
    store, games, client = site
    gid, step = games["forbidden_alchemy"], 3
    arrow = store.notes.add(gid, step, "ann", "this way", shapes=[{"kind": "arrow", "from": "1", "to": "3",
                                                                 "colour": "red"}])
    circle = store.notes.add(gid, step, "bob", "here", shapes=[{"kind": "circle", "at": "2", "colour": "blue"}])

    def marks(**params):
        r = client.get(f"/games/{gid}/board.svg", params={"step": step, **params})
        assert r.status_code == 200, r.text[:300]
        root = ET.fromstring(r.content)
        return sorted(m.get("data-note") for m in root.iter() if m.tag in (f"{SVG}line", f"{SVG}circle")
                      and m.get("data-note"))

    assert marks() == sorted([arrow, circle])
    assert marks(note=circle) == [circle]
    assert marks(drawings="false") == []
    r = client.get(f"/games/{gid}/board.svg", params={"step": step, "note": "nope"})
    assert r.status_code == 422 and "note" in r.text
