"""Issue 14, item 4: compare any two steps (viewer/compare.py, `boardlog compare`)."""

from __future__ import annotations

import html
import json
import pathlib
import re

import pytest
from fastapi.testclient import TestClient

from boardlog.cli import main
from engine.core.interchange import import_file
from engine.core.store import open_store
from projections.replay import SPECTATOR, changed_paths, diff
from viewer.app import create_app
from viewer.compare import MAX_ROWS_SHOWN

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "games"
KINDS = ("forbidden_alchemy", "fmp", "roundtable", "promised_day", "brutality", "forbidden_alchemy_story")


@pytest.fixture(scope="module")
def site():
    """One recorded (finished) game of each kind, in one store."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    games = {kind: import_file(store, str(FIXTURES / f"{kind}-1.jsonl")) for kind in KINDS}
    return store, games, TestClient(create_app(store))


def view(store, gid, step, seat=None):
    return store.live(gid).game.view(store.session_at(gid, step).state, seat)


def board_of(page: str, side: str) -> str:
    """The HTML of one of the compare page's two boards."""
    found = re.search(rf'<div class="board" id="board-{side}".*?</figure>', page, re.S)
    assert found, f"no board {side}"
    return found.group(0)


def listed_paths(page: str) -> list[str]:
    table = re.search(r'<table id="changes">.*?</table>', page, re.S)
    return [html.unescape(p) for p in re.findall(r"<tr><th>([^<]*)</th><td>", table.group(0))] if table else []


@pytest.mark.parametrize("kind", KINDS)
def test_compare_page_lists_what_differs_and_outlines_both_boards(site, kind):
    store, games, client = site
    gid = games[kind]
    last = store.head_version(gid)
    a, b = last // 2, last
    r = client.get(f"/games/{gid}/compare", params={"a": a, "b": b})
    assert r.status_code == 200
    expected = diff(view(store, gid, a), view(store, gid, b))
    assert expected, "these two steps should differ"
    assert listed_paths(r.text) == [p for p, _, _ in expected[:MAX_ROWS_SHOWN]]
    first_path, before, after = expected[0]
    row = re.search(rf"<tr><th>{re.escape(html.escape(first_path))}</th><td><code>(.*?)</code></td>"
                    r"<td><code>(.*?)</code></td>", r.text)
    assert json.loads(html.unescape(row.group(1))) == before
    assert json.loads(html.unescape(row.group(2))) == after
    for side, step in (("a", a), ("b", b)):
        board = board_of(r.text, side)
        assert f'data-step="{step}"' in board and "<svg" in board
        # What differs is outlined on both: a changed element or an orange halo.
        assert re.search(r'class="[^"]*\bchanged\b|class="halo"', board), side
        assert f'href="/games/{gid}?step={step}"' in r.text


def test_the_same_step_has_nothing_to_outline(site):
    store, games, client = site
    gid = games["brutality"]
    r = client.get(f"/games/{gid}/compare", params={"a": 40, "b": 40})
    assert r.status_code == 200 and 'id="no-changes"' in r.text
    assert not re.search(r'class="[^"]*\bchanged\b|class="halo"', r.text)


def test_a_fork_against_its_parent(site):
    store, games, client = site
    parent = games["roundtable"]
    fork, at = store.catalogue.fork(parent, 60)
    store_last = store.head_version(parent)
    r = client.get(f"/games/{fork}/compare", params={"a": at, "b": store_last, "b_game": str(parent)[:8]})
    assert r.status_code == 200
    # The fork is running: both boards are what every seat may see, though the parent is over.
    expected = diff(view(store, fork, at, SPECTATOR), view(store, parent, store_last, SPECTATOR))
    assert listed_paths(r.text) == [p for p, _, _ in expected[:MAX_ROWS_SHOWN]]
    assert "what every seat may see" in r.text
    assert f'href="/games/{fork}?step={at}"' in r.text and f'href="/games/{parent}?step={store_last}"' in r.text
    # Each replay page offers the other to compare with.
    assert f'<option value="{parent}">parent</option>' in client.get(f"/games/{fork}").text
    assert f'<option value="{fork}">fork at step {at}</option>' in client.get(f"/games/{parent}").text
    sibling, at2 = store.catalogue.fork(parent, 30)
    stranger = store.create("roundtable", seed=9)  # of the kind, outside the tree
    # The family comes from the parent links: no game outside this tree (whose lines the
    # variation tree beside the timeline reads) is read for it, however many the store holds.
    store.reader._live.clear()
    read = []
    real = store.reader._catch_up
    store.reader._catch_up = lambda g: read.append(g) or real(g)
    page = client.get(f"/games/{fork}").text
    store.reader._catch_up = real
    assert f'<option value="{sibling}">sibling fork at step {at2}</option>' in page
    assert stranger not in read and set(read) <= {fork, parent, sibling}, "a game outside the tree was folded"
    store.catalogue.delete_game(stranger)
    store.catalogue.delete_game(sibling)
    store.catalogue.delete_game(fork)


def test_a_running_game_compares_only_what_every_seat_may_see(site):
    store, _, client = site
    gid = store.create("forbidden_alchemy", seed=3)
    store.issue(gid, "investigator", "swap 1 2")
    pile = json.dumps(store.live(gid).session.state.pile[0])  # e.g. ["circle-2", "blue-circle"]
    for seat in ("", "investigator"):
        page = client.get(f"/games/{gid}/compare", params={"a": 2, "b": 14, "seat": seat}).text
        assert "what every seat may see" in page
        assert html.escape(pile) not in page and pile not in page
    expected = diff(view(store, gid, 2, SPECTATOR), view(store, gid, 14, SPECTATOR))
    assert listed_paths(client.get(f"/games/{gid}/compare", params={"a": 2, "b": 14}).text) == \
        [p for p, _, _ in expected]
    store.catalogue.delete_game(gid)


def test_a_finished_game_compares_through_a_seats_eyes(site):
    store, games, client = site
    gid = games["roundtable"]
    seat = store.header(gid).seats[0]
    page = client.get(f"/games/{gid}/compare", params={"a": 30, "b": 31, "seat": seat}).text
    expected = diff(view(store, gid, 30, seat), view(store, gid, 31, seat))
    assert listed_paths(page) == [p for p, _, _ in expected] and f"seen as {seat}" in page
    unknown = client.get(f"/games/{gid}/compare", params={"a": 30, "b": 31, "seat": "<b>nobody"}).text
    assert "seat: not a seat of this game" in unknown and "<b>nobody" not in unknown


@pytest.mark.parametrize("params, status, field", [
    ({"a": 0, "b": 3}, 422, "a: step 0 is outside"),
    ({"a": 3, "b": 10**9}, 422, "b: step 1000000000 is outside"),
    ({"a": "x", "b": 3}, 422, "a"),
    ({"a": 3}, 422, "b"),
    ({"a": 3, "b": 4, "b_game": "ffffffff"}, 404, "b_game: no game"),
])
def test_bad_input_is_refused_naming_the_field(site, params, status, field):
    _, games, client = site
    r = client.get(f"/games/{games['brutality']}/compare", params=params)
    assert r.status_code == status and field in html.unescape(r.text)


def test_games_of_another_kind_do_not_compare(site):
    _, games, client = site
    r = client.get(f"/games/{games['brutality']}/compare",
                   params={"a": 3, "b": 4, "b_game": str(games["fmp"])})
    assert r.status_code == 422 and "b_game:" in r.text and "is a fmp game, not brutality" in r.text


def test_the_replay_page_has_a_compare_form(site):
    _, games, client = site
    gid = games["forbidden_alchemy"]
    page = client.get(f"/games/{gid}?step=10&by=event").text
    form = re.search(r'<form class="compare-form".*?</form>', page, re.S).group(0)
    assert f'action="/games/{gid}/compare"' in form and 'method="get"' in form
    assert '<input type="hidden" name="a" value="10">' in form
    assert 'name="b"' in form and 'name="b_game"' in form and 'list="compare-family"' in form


# ---- the CLI ------------------------------------------------------------------------------
def test_cli_prints_the_changed_paths(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    store = open_store(db)
    gid = store.create("forbidden_alchemy", seed=3)
    store.issue(gid, "investigator", "swap 1 2")
    expected = diff(view(store, gid, 13, SPECTATOR), view(store, gid, 14, SPECTATOR))
    assert main(["compare", str(gid)[:8], "13", "14", "--db", db]) == 0
    out = capsys.readouterr().out.splitlines()
    assert f"{len(expected)} changed" in out[0] and "what every seat may see" in out[0]
    assert [line.split(":")[0].strip() for line in out[1:]] == [p for p, _, _ in expected]
    assert "  edges.1.piece: " in "\n".join(out)
    fork, at = store.catalogue.fork(gid, 14)
    store.issue(fork, "investigator", "swap 2 3")
    assert main(["compare", str(fork), str(store.head_version(fork)), "14", "--game-b", str(gid),
                 "--db", db]) == 0
    out = capsys.readouterr().out
    assert f"against game {gid} step 14" in out and "edges.3.piece" in out
    store.close()


@pytest.mark.parametrize("args, message", [
    (["1", "99"], "STEP_B: step 99 is outside 1..14"),
    (["0", "2"], "STEP_A: step 0 is outside"),
    (["1", "2", "--game-b", "zzzz"], "--game-b: no game 'zzzz'"),
])
def test_cli_refuses_bad_input_with_status_2(tmp_path, capsys, args, message):
    db = str(tmp_path / "c.db")
    store = open_store(db)
    gid = store.create("forbidden_alchemy", seed=3)
    store.issue(gid, "investigator", "swap 1 2")
    store.close()
    assert main(["compare", str(gid), *args, "--db", db]) == 2
    assert message in capsys.readouterr().err


def test_cli_refuses_another_kind(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    store = open_store(db)
    gid, other = store.create("forbidden_alchemy", seed=3), store.create("roundtable", seed=3)
    store.close()
    assert main(["compare", str(gid), "1", "1", "--game-b", str(other), "--db", db]) == 2
    assert "--game-b:" in capsys.readouterr().err


def test_changed_paths_are_what_the_boards_outline(site):
    """The outlines come from the same diff as the table (every prefix of a path)."""
    store, games, client = site
    gid = games["forbidden_alchemy"]
    a, b = view(store, gid, 12), view(store, gid, 13)
    changed = changed_paths(a, b)
    assert all(p.split(".")[0] in changed for p, _, _ in diff(a, b))
