"""Route tests for the viewer pages (FastAPI's test client)."""

from __future__ import annotations

import html
import json
import pathlib
import re
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from engine.core.interchange import import_file, read_file, verify
from engine.core.notes import MAX_NOTE_CHARS
from engine.core.selfplay import selfplay_one
from engine.core.store import open_store
from viewer.app import create_app

FIXTURES = sorted((pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "games").glob("*.jsonl"))
SEAT = "investigator"
HX = {"HX-Request": "true"}


@pytest.fixture
def setup():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("forbidden_alchemy", seed=3)
    store.issue(gid, SEAT, "swap 1 2")
    store.undo(gid, SEAT)
    store.issue(gid, SEAT, "replace 3")
    return store, gid, TestClient(create_app(store))


def test_games_list_filters_and_links(setup):
    store, gid, client = setup
    done = store.create("forbidden_alchemy", seed=4)
    store.issue(done, SEAT, "stop")
    page = client.get("/").text
    assert f"/games/{gid}" in page and f"/games/{done}" in page
    finished = client.get("/?status=finished").text
    assert f"/games/{done}" in finished and f"/games/{gid}" not in finished
    assert "No games yet" in client.get("/?kind=nothing").text


def test_new_game_form_leads_to_the_seat_links_and_keeps_them(setup):
    store, _, client = setup
    r = client.post("/games", data={"kind": "forbidden_alchemy", "players": "2", "seed": "9",
                                    "options": "tile=11A"})
    # POST, then GET (issue #21): reloading the page does not start a second game.
    assert r.status_code == 200 and r.history[0].status_code == 303
    links = re.findall(r'href="(/games/[0-9a-f-]+/play/[^"]+)"', r.text)
    assert len(links) == 2  # the investigator's and the hot-seat link
    assert client.get(links[0]).status_code == 200
    games = len(store.catalogue.game_ids())
    assert client.get(str(r.url)).text.count("/play/") == r.text.count("/play/")
    assert len(store.catalogue.game_ids()) == games
    # This browser finds them again from the games list.
    listing = client.get("/").text
    gid = str(r.url).split("/")[-2]
    assert f'href="/games/{gid}/seats"' in listing and "Alchemy puzzle" in listing
    bad = client.post("/games", data={"kind": "forbidden_alchemy", "options": "tile=ZZ", "seed": "12"})
    assert bad.status_code == 422 and "tile" in bad.text and 'id="form-error"' in bad.text
    assert 'value="tile=ZZ"' in bad.text and 'value="12"' in bad.text  # the form keeps what was typed
    bad = client.post("/games", data={"kind": "forbidden_alchemy", "seed": "x"})
    assert bad.status_code == 422 and "seed" in bad.text


def test_replay_page_and_partial(setup):
    store, gid, client = setup
    full = client.get(f"/games/{gid}?step=13&by=event")
    assert full.status_code == 200 and 'id="timeline"' in full.text and 'id="stage"' in full.text
    assert 'id="step-number">13<' in full.text
    part = client.get(f"/games/{gid}?step=14&by=event", headers=HX)
    assert part.text.lstrip().startswith('<section id="stage"') and 'id="timeline"' not in part.text
    assert 'hx-swap-oob="true"' in part.text  # the timeline cursor moves without a re-render
    # Without JavaScript the controls are plain links.
    assert f'href="/games/{gid}?step=15&amp;by=event"' in part.text
    # The undone swap is marked on the timeline; the audit names rules with links.
    assert "(undone)" in full.text
    assert 'href="/rules/forbidden_alchemy#core.command"' in full.text


def test_stepping_by_command_and_turn(setup):
    store, gid, client = setup
    page = client.get(f"/games/{gid}?step=14&by=command", headers=HX).text
    assert re.search(r'id="forward" rel="next"', page)
    nxt = re.search(r'href="/games/[^?]+\?step=(\d+)&amp;by=command" hx-get="[^"]+" data-key="ArrowRight"', page)
    assert nxt and int(nxt.group(1)) == 15  # the end of the next command group (the undo)


def test_step_out_of_range_shows_the_nearest(setup):
    store, gid, client = setup
    r = client.get(f"/games/{gid}?step=9999")
    last = store.head_version(gid)
    assert r.status_code == 200 and f"showing step {last}" in r.text
    assert "showing step 1" in client.get(f"/games/{gid}?step=0").text


def test_unknown_game_is_a_404_page(setup):
    _, _, client = setup
    r = client.get("/games/12345678-1234-1234-1234-123456789abc")
    assert r.status_code == 404 and "no game" in r.text and "<html" in r.text
    assert client.get("/rules/chess").status_code == 404
    assert client.get("/games/abcd/play/nope").status_code == 404


def test_malformed_form_is_a_422_with_a_message(setup):
    _, gid, client = setup
    r = client.post(f"/games/{gid}/notes", data={"step": "many", "author": "a", "text": "t"})
    assert r.status_code == 422 and "step" in r.text


def test_notes_add_edit_delete_and_escape(setup):
    store, gid, client = setup
    r = client.post(f"/games/{gid}/notes", data={"step": 13, "author": "ann", "text": "<script>x</script>"},
                    headers=HX)
    assert r.status_code == 200 and "&lt;script&gt;x&lt;/script&gt;" in r.text and "<script>x" not in r.text
    # The timeline comes with the stage, out of band: the new note's mark shows at once.
    timeline = r.text[r.text.index('id="timeline"'):]
    assert 'hx-swap-oob="true"' in r.text[r.text.index('<aside'):][:120] and "✎" in timeline
    note = store.notes.of(gid)[0]["note"]
    client.post(f"/games/{gid}/notes/{note}/edit", data={"step": 13, "author": "ann", "text": "better"})
    assert store.notes.of(gid)[0]["text"] == "better"
    assert "✎" in client.get(f"/games/{gid}?step=14").text  # the timeline marks the noted group
    long = client.post(f"/games/{gid}/notes", data={"step": 13, "author": "ann", "text": "x" * (MAX_NOTE_CHARS + 1)},
                       headers=HX)
    assert long.status_code == 422 and f"at most {MAX_NOTE_CHARS} characters" in long.text
    client.post(f"/games/{gid}/notes/{note}/delete", data={"step": 13})
    assert store.notes.of(gid) == []


def test_a_fork_gets_its_own_seat_links_at_once(setup):
    store, gid, client = setup
    r = client.post(f"/games/{gid}/fork", data={"step": 14}, follow_redirects=False)
    assert r.status_code == 303
    child = r.headers["location"].split("/")[2].split("?")[0]
    page = client.get(r.headers["location"]).text
    assert f'href="/games/{gid}?step=14"' in page and 'id="fork-notice"' in page
    links = re.findall(r'href="(/games/[0-9a-f-]+/play/[^"]+)"', page)
    assert len(links) == 2 and all(child in link for link in links)
    assert client.get(links[0]).status_code == 200
    assert store.catalogue.info(store.catalogue.resolve(child)).parent == str(gid)
    assert 'id="parent-link"' in client.get(f"/games/{child}").text
    # A step inside a command forks at the command's end, and the page says so.
    page = client.post(f"/games/{gid}/fork", data={"step": 13}).text
    assert "the end of the command that step 13 belongs to" in page


def test_view_as_only_for_finished_games(setup):
    store, gid, client = setup
    running = client.get(f"/games/{gid}?seat=").text
    assert 'id="view-as"' not in running and "Pile, top first" not in running
    # The seed would let anyone re-deal the hidden pile: not shown while running.
    assert "seed 3" not in running and "seed 3" not in client.get(f"/games/{gid}?step=1").text
    store.issue(gid, SEAT, "stop")
    omniscient = client.get(f"/games/{gid}").text
    assert 'id="view-as"' in omniscient
    seat_view = client.get(f"/games/{gid}?seat={SEAT}").text
    assert "Pile, top first" in omniscient and "Pile, top first" not in seat_view
    assert "seed 3" in omniscient


def test_play_page_acts_and_refuses(setup):
    store, gid, client = setup
    token = store.seats.tokens(gid)[SEAT]
    page = client.get(f"/games/{gid}/play/{token}").text
    # The commands go to the page for pointing (static/point.js), and as the
    # typed box's suggestions; undo says why it cannot be used.
    pointing = json.loads(html.unescape(re.search(r"data-pointing='(.*?)'", page).group(1)))
    assert ["swap 1 2", "swap", ["1", "2"]] in pointing["commands"] and "stop" in pointing["bare"]
    assert '<option value="swap 1 2">' in page and 'id="undo" disabled' in page
    assert 'id="undo-why">nothing can be undone' in page
    version = store.head_version(gid)
    r = client.post(f"/games/{gid}/play/{token}", data={"text": "swap 1 2", "version": version},
                    follow_redirects=False)
    assert r.status_code == 303
    assert 'id="undo" disabled' not in client.get(f"/games/{gid}/play/{token}").text
    bad = client.post(f"/games/{gid}/play/{token}", data={"text": "swap 1 3"})
    assert bad.status_code == 422 and "forbidden_alchemy.actions.adjacent" in bad.text
    stale = client.post(f"/games/{gid}/play/{token}", data={"text": "swap 2 3", "version": version})
    assert stale.status_code == 409
    live = client.get(f"/games/{gid}/play/{token}/live", params={"v": version})
    assert live.headers.get("HX-Refresh") == "true"
    assert client.get(f"/games/{gid}/play/{token}/live", params={"v": store.head_version(gid)}).status_code == 204


def test_rules_page_lists_every_rule(setup):
    _, _, client = setup
    from engine.core.game import find_game
    page = client.get("/rules/forbidden_alchemy").text
    for ref in find_game("forbidden_alchemy").RULES:
        assert f'id="{ref.id}"' in page


def test_htmx_comes_from_the_installed_package(setup):
    _, _, client = setup
    r = client.get("/static/htmx/htmx.min.js")
    assert r.status_code == 200 and "htmx" in r.text[:2000]


def test_every_game_has_a_recorded_fixture_game():
    from engine.core.game import game_ids

    kinds = {json.loads(p.open().readline())["kind"] for p in FIXTURES}
    assert set(game_ids()) <= kinds, "record one with boardlog selfplay + export into fixtures/games/"


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_step_of_every_fixture_game_renders(path):
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gf = read_file(str(path))
    assert verify(gf.header, gf.records) is None, "a recorded game no longer verifies"
    gid = import_file(store, str(path))
    client = TestClient(create_app(store))
    last = store.head_version(gid)
    # Every step whole (every k-th of a long game, so that no game costs more
    # than about 250 renders, the last step always), and through each seat's
    # eyes every 7k-th step, each seat from another offset; stepping modes in
    # turn.  Every seat and mode is rendered, and the whole stream is folded.
    seats = store.header(gid).seats
    k = max(1, last // 250)
    views = [("", step) for step in (*range(1, last, k), last)]
    views += [(seat, step) for i, seat in enumerate(seats) for step in range(1 + i * k, last + 1, 7 * k)]
    for n, (seat, step) in enumerate(views):
        by = ("event", "command", "turn")[n % 3]
        r = client.get(f"/games/{gid}", params={"step": step, "seat": seat, "by": by}, headers=HX)
        assert r.status_code == 200, (path.name, seat, step, by)


def test_a_game_without_a_board_picture_gets_the_generic_view(setup):
    """Any new game is viewable before its board template exists."""
    from types import SimpleNamespace

    from viewer.bounds import board_template

    store, gid, client = setup
    assert board_template(SimpleNamespace(ID="no_such_game"), {}) == "boards/_generic.html"
    templates = client.app.state.templates
    board = store.live(gid).game.view(store.live(gid).session.state, None)
    html = templates.get_template("boards/_generic.html").render(
        board=board, changed={"actions"}, game=store.live(gid).game)
    assert 'aria-label="state of forbidden_alchemy"' in html
    assert html.count("<tr") == len(board)
    assert '<tr class="changed"><th>actions</th>' in html


def test_export_from_the_viewer_only_once_finished(setup):
    store, gid, client = setup
    refused = client.get(f"/games/{gid}/export")
    assert refused.status_code == 403 and "hidden information" in refused.text
    store.issue(gid, SEAT, "stop")
    assert f'href="/games/{gid}/export"' in client.get(f"/games/{gid}").text
    r = client.get(f"/games/{gid}/export")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    other = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    assert import_file(other, "x.jsonl", r.content) == gid


def test_a_running_game_never_shows_hidden_orders_at_any_step(setup):
    store, gid, client = setup
    state = store.live(gid).session.state
    pile_order = json.dumps([list(p) for p in state.pile[:3]])[1:-1]  # e.g. ["a", "b"], ["c", ...
    for step in range(1, store.head_version(gid) + 1):
        for by in ("event", "command"):
            page = client.get(f"/games/{gid}", params={"step": step, "by": by}).text
            assert pile_order not in page, (step, by)
            assert not re.search(r"se-\d\d", page), (step, by)  # no card drawn yet: no card id shown
    setup_audit = client.get(f"/games/{gid}", params={"step": 4, "by": "event"}).text
    assert '{"pile": {"hidden": 12}}' in setup_audit
    store.issue(gid, SEAT, "stop")
    finished = client.get(f"/games/{gid}", params={"step": 4, "by": "event"}).text
    assert '{"pile": {"hidden": 12}}' not in finished and re.search(r"se-\d\d", finished)


def test_a_finished_games_play_page_says_so_and_leads_to_its_review(setup):
    """Once the game is over the play page offers no command box: it says how
    the game ended and links to the replay."""
    store, gid, client = setup
    token = store.seats.tokens(gid)[SEAT]
    assert 'id="typed"' in client.get(f"/games/{gid}/play/{token}").text
    store.issue(gid, SEAT, "stop")
    page = client.get(f"/games/{gid}/play/{token}").text
    assert 'id="game-over"' in page and "The game is over:</strong> puzzle " in page
    assert f'<a href="/games/{gid}">Review the whole game</a>' in page
    assert 'id="typed"' not in page and 'id="command-text"' not in page


def test_the_favicon_is_served_to_anyone():
    """Browsers ask every site for /favicon.ico; a 404 there was a console
    error on every page opened.  It is public, as the static files are."""
    from viewer.auth import PUBLIC, need_of

    client = TestClient(create_app(open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})))
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
    assert r.content.startswith(b"<svg")
    assert need_of("GET", "/favicon.ico")[0] == PUBLIC
    assert "/favicon.ico" not in client.get("/openapi.json").json()["paths"]


def test_the_games_list_shows_a_page_of_games_newest_first():
    """The games list shows GAMES_PAGE games a page, newest first, with
    links to newer and older pages that keep the filters (issue #24: every
    game's row on every visit cost 290-370 ms with a thousand games)."""
    from viewer.app import GAMES_PAGE

    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    made = [store.create("forbidden_alchemy", seed=i) for i in range(GAMES_PAGE + 7)]
    done, *_ = selfplay_one(store, "forbidden_alchemy", 1, None, {}, "solver")
    other = store.create("roundtable", seed=1)
    client = TestClient(create_app(store))

    def listed(url):
        page = client.get(url)
        assert page.status_code == 200
        return [UUID(g) for g in re.findall(r'<tr data-game="([0-9a-f-]+)"', page.text)], page.text
    first, text = listed("/")
    assert first == [other, done, *reversed(made)][:GAMES_PAGE]
    assert 'rel="prev"' not in text and f"games 1&ndash;{GAMES_PAGE} of {GAMES_PAGE + 9}" in text
    older = re.search(r'href="([^"]+)" rel="next"', text).group(1)
    second, text = listed(older.replace("&amp;", "&"))
    assert second == list(reversed(made))[GAMES_PAGE - 2:] and 'rel="next"' not in text
    assert 'href="/?page=1" rel="prev"' in text
    # A filter by kind pages the games of that kind only, and its links keep it.
    only, text = listed("/?kind=forbidden_alchemy&page=2")
    assert only == list(reversed(made))[GAMES_PAGE - 1:]
    assert 'href="/?kind=forbidden_alchemy&amp;page=1" rel="prev"' in text
    # By status: the rows read until the page is full.
    running, _ = listed("/?status=running&page=2")
    assert running == list(reversed(made))[GAMES_PAGE - 1:]
    assert listed("/?status=finished")[0] == [done]
    assert client.get("/?page=0").status_code == 422
    store.close()


def test_a_page_restored_from_history_is_drawn_whole(setup):
    """htmx asks for a page it restores from history with HX-Request set too:
    the whole page comes back, not the stage alone (issue #24: Back past
    the steps the browser kept showed a page without its header and timeline)."""
    _, gid, client = setup
    restore = client.get(f"/games/{gid}?step=5&by=event",
                         headers={**HX, "HX-History-Restore-Request": "true"})
    assert restore.status_code == 200 and 'id="timeline"' in restore.text and "<html" in restore.text
    part = client.get(f"/games/{gid}?step=5&by=event", headers=HX)
    assert 'id="timeline"' not in part.text and "<html" not in part.text
