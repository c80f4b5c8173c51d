"""The JSON API (`viewer/api.py`) over an in-memory store: every endpoint,
who may see and do what, and how engine errors come back over HTTP."""

from __future__ import annotations

from uuid import UUID, uuid4, uuid5

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from engine.core.notes import MAX_NOTE_CHARS
from engine.core.store import open_store
from viewer.api import router

KIND, SEAT = "forbidden_alchemy", "investigator"
TOKEN = "X-Seat-Token"


def make_app():
    app = FastAPI()
    app.state.store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.include_router(router)
    return app


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.state.store.close()


@pytest.fixture
def client(app) -> TestClient:
    return TestClient(app)


@pytest.fixture
def store(app):
    return app.state.store


def new_game(client: TestClient, **body) -> tuple[str, str]:
    """Start a game through the API; return its id and the investigator's token."""
    r = client.post("/api/games", json={"kind": KIND, "seed": 7, **body})
    assert r.status_code == 201, r.text
    out = r.json()
    return out["id"], out["seats"][SEAT].rsplit("/", 1)[1]


def play(client, gid, token, text, **extra):
    return client.post(f"/api/games/{gid}/commands", json={"text": text, **extra}, headers={TOKEN: token})


def head(store, gid) -> int:
    return store.head_version(UUID(gid))


def record_of_type(records, type_):
    found = [r for r in records if r["kind"] == "Happened" and r["type"] == type_]
    assert len(found) == 1
    return found[0]


# ---- creating and listing --------------------------------------------------------------------
def test_create_returns_a_play_link_per_seat_holding_the_seat_token(client, store):
    r = client.post("/api/games", json={"kind": KIND, "seed": 3, "options": {"tile": "11A"}})
    assert r.status_code == 201
    out = r.json()
    tokens = store.seats.tokens(UUID(out["id"]))
    assert out["seats"] == {SEAT: f"/games/{out['id']}/play/{tokens[SEAT]}"}
    assert out["hotseat"] == f"/games/{out['id']}/play/{tokens['*']}"  # plays every seat at one screen
    assert store.header(UUID(out["id"])).options["tile"] == "11A"


@pytest.mark.parametrize("body, words", [
    ({"kind": "chess"}, "unknown game 'chess'"),
    ({"kind": KIND, "options": {"tile": "99Z"}}, "tile"),
    ({"kind": KIND, "options": {"colour": "red"}}, "unknown option 'colour'"),
    ({"kind": KIND, "players": 9}, "investigators"),
])
def test_create_refuses_a_bad_kind_or_option_naming_it(client, store, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 422
    assert words in r.json()["detail"]
    assert store.catalogue.game_ids() == []


@pytest.mark.parametrize("body", [{}, {"kind": KIND, "seed": "abc"}, {"kind": KIND, "options": ["tile"]}])
def test_create_refuses_a_malformed_body(client, store, body):
    r = client.post("/api/games", json=body)
    assert r.status_code == 422
    # One string naming the field, as every other error (issue #12: not pydantic's list)
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail.startswith("malformed request: ")
    assert ("kind" if not body else "seed" if "seed" in body else "options") in detail
    assert store.catalogue.game_ids() == []


def test_list_filters_by_kind_and_status(client):
    running, _ = new_game(client)
    finished, token = new_game(client, seed=8)
    assert play(client, finished, token, "stop").status_code == 201

    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == [running, finished]
    assert set(games[0]) == {"id", "kind", "status", "outcome", "steps", "commands", "created",
                             "seats", "parent", "fork_step"}
    assert games[0]["seats"] == [SEAT] and games[0]["outcome"] is None
    assert [g["id"] for g in client.get("/api/games?status=finished").json()] == [finished]
    assert [g["id"] for g in client.get("/api/games?status=running").json()] == [running]
    assert client.get(f"/api/games?kind={KIND}&status=finished").json()[0]["outcome"].startswith("puzzle ")
    assert client.get("/api/games?kind=chess").json() == []
    assert client.get("/api/games?status=paused").status_code == 422


# ---- one game --------------------------------------------------------------------------------
def test_get_game_gives_info_seats_to_act_and_version(client, store):
    gid, token = new_game(client)
    out = client.get(f"/api/games/{gid}").json()
    assert out["id"] == gid and out["status"] == "running"
    assert out["to_act"] == [SEAT]
    assert out["version"] == out["steps"] == head(store, gid)
    # A unique prefix names the game too.
    assert client.get(f"/api/games/{gid[:8]}").json()["id"] == gid
    play(client, gid, token, "stop")
    out = client.get(f"/api/games/{gid}").json()
    assert out["to_act"] == [] and out["status"] == "finished"


@pytest.mark.parametrize("path", ["", "/events", "/state", "/notes", "/legal"])
def test_an_unknown_game_is_404(client, path):
    new_game(client)
    r = client.get(f"/api/games/{uuid4()}{path}")
    assert r.status_code == 404
    assert r.json()["detail"].startswith("no game ")


def test_unknown_game_ids_of_every_shape_are_404(client):
    gid, token = new_game(client)
    # Too short, no match, and the id of the game's own seat-key aggregate
    # (derivable from the public game id): none of them is a game.
    for ref in ("ab", "ffffffff", str(uuid5(UUID(gid), "seat-keys")), str(uuid5(UUID(gid), "notes"))):
        r = client.get(f"/api/games/{ref}/events")
        assert r.status_code == 404, ref
    r = client.post(f"/api/games/{uuid4()}/commands", json={"text": "stop"}, headers={TOKEN: token})
    assert r.status_code == 404


# ---- reading: events -------------------------------------------------------------------------
def test_a_running_game_has_no_omniscient_events(client):
    gid, token = new_game(client)
    r = client.get(f"/api/games/{gid}/events")
    assert r.status_code == 403
    assert "over" in r.json()["detail"]
    # Even with the seat's token: the token gives its seat's view, not everything.
    assert client.get(f"/api/games/{gid}/events", headers={TOKEN: token}).status_code == 403


def test_a_seat_view_of_a_running_game_needs_that_seats_token(client):
    gid, token = new_game(client)
    other, other_token = new_game(client, seed=99)
    url = f"/api/games/{gid}/events?seat={SEAT}"
    assert client.get(url).status_code == 403
    assert client.get(url, headers={TOKEN: "not-a-token"}).status_code == 403
    assert client.get(url, headers={TOKEN: other_token}).status_code == 403  # another game's token
    assert client.get(url, headers={TOKEN: token}).status_code == 200
    assert client.get(f"/api/games/{gid}/events?seat=keeper", headers={TOKEN: token}).status_code == 422


def test_seat_events_hide_the_pile_order_deck_order_and_seed(client, store):
    gid, token = new_game(client)
    out = client.get(f"/api/games/{gid}/events?seat={SEAT}", headers={TOKEN: token}).json()
    records = out["records"]
    assert out["version"] == head(store, gid) == records[-1]["step"]
    assert [r["step"] for r in records] == list(range(1, out["version"] + 1))
    assert all({"step", "kind", "rule", "cause"} <= set(r) for r in records)
    assert record_of_type(records, "PuzzlePiecesShuffled")["data"]["pile"] == {"hidden": 12}
    assert record_of_type(records, "SideEffectDeckShuffled")["data"]["deck"] == {"hidden": 12}
    started = records[0]
    assert started["kind"] == "Started" and started["rule"] == "core.setup"
    assert "seed" not in started["header"] and started["header"]["kind"] == KIND
    # The pieces dealt face up are visible, of course.
    dealt = [r for r in records if r.get("type") == "PuzzlePieceDealt"]
    assert len(dealt) == 6 and all(r["data"]["piece"] for r in dealt)


def test_a_finished_game_shows_everything_to_anyone(client, store):
    gid, token = new_game(client)
    play(client, gid, token, "stop")
    stored = [r for r in store.rows(UUID(gid)) if r.data.get("type") == "PuzzlePiecesShuffled"][0]

    r = client.get(f"/api/games/{gid}/events")  # no token needed any more
    assert r.status_code == 200
    records = r.json()["records"]
    pile = record_of_type(records, "PuzzlePiecesShuffled")["data"]["pile"]
    assert pile == stored.data["data"]["pile"] and len(pile) == 12
    assert records[0]["header"]["seed"] == 7
    # A seat's view stays a seat's view, but anyone may ask for it now.
    seat_view = client.get(f"/api/games/{gid}/events?seat={SEAT}").json()["records"]
    assert record_of_type(seat_view, "PuzzlePiecesShuffled")["data"]["pile"] == {"hidden": 12}


def test_events_since_a_step(client, store):
    gid, token = new_game(client)
    first = head(store, gid)
    url = f"/api/games/{gid}/events?seat={SEAT}"
    assert client.get(f"{url}&since={first}", headers={TOKEN: token}).json() == {"records": [], "version": first}
    play(client, gid, token, "swap 1 2")
    out = client.get(f"{url}&since={first}", headers={TOKEN: token}).json()
    assert [(r["step"], r["kind"]) for r in out["records"]] == [(first + 1, "CommandIssued"), (first + 2, "Happened")]
    command, fact = out["records"]
    assert command["seat"] == SEAT and command["text"] == "swap 1 2" and command["commit"] is False
    assert fact["type"] == "PiecesSwapped" and fact["data"] == {"first": 1, "second": 2}
    assert fact["cause"] == command["step"] and fact["rule"] == "forbidden_alchemy.actions.swap"
    assert client.get(f"{url}&since=-1", headers={TOKEN: token}).status_code == 422


@given(seed=st.integers(0, 2**31 - 1), picks=st.lists(st.integers(0, 30), max_size=6))
def test_no_seat_ever_sees_a_hidden_order_while_the_game_runs(seed, picks):
    """Whatever is played, a seat's events show hidden orders only as sizes,
    and never the seed that decides them."""
    app = make_app()
    try:
        client = TestClient(app)
        gid, token = new_game(client, seed=seed)
        for pick in picks:
            legal = client.get(f"/api/games/{gid}/legal", headers={TOKEN: token}).json()["commands"]
            running = [c for c in legal if c != "stop"]
            if not running:
                break
            assert play(client, gid, token, running[pick % len(running)]).status_code == 201
        records = client.get(f"/api/games/{gid}/events?seat={SEAT}", headers={TOKEN: token}).json()["records"]
        for r in records:
            if r.get("type") == "PuzzlePiecesShuffled":
                assert r["data"]["pile"] == {"hidden": 12}
            if r.get("type") == "SideEffectDeckShuffled":
                assert set(r["data"]["deck"]) == {"hidden"}
        assert "seed" not in records[0]["header"]
        view = client.get(f"/api/games/{gid}/state?seat={SEAT}", headers={TOKEN: token}).json()["view"]
        assert "pile" not in view and "side_effect_deck" not in view
    finally:
        app.state.store.close()


# ---- reading: state --------------------------------------------------------------------------
def test_state_of_a_running_game_is_a_seats_view_only(client, store):
    gid, token = new_game(client)
    assert client.get(f"/api/games/{gid}/state").status_code == 403
    assert client.get(f"/api/games/{gid}/state?seat={SEAT}").status_code == 403
    r = client.get(f"/api/games/{gid}/state?seat={SEAT}", headers={TOKEN: token})
    assert r.status_code == 200
    out = r.json()
    last = head(store, gid)
    assert out["step"] == out["last"] == last
    assert out["outcome"] is None and out["to_act"] == [SEAT]
    assert out["view"]["pile_size"] == 6 and "pile" not in out["view"]
    assert len(out["view"]["edges"]) == 6


def test_state_at_an_earlier_step(client, store):
    gid, token = new_game(client)
    before = head(store, gid)
    play(client, gid, token, "swap 1 2")
    url = f"/api/games/{gid}/state?seat={SEAT}"
    now = client.get(url, headers={TOKEN: token}).json()
    then = client.get(f"{url}&step={before}", headers={TOKEN: token}).json()
    assert then["step"] == before and then["last"] == before + 2 == now["step"]
    pieces = lambda out: [e["piece"] for e in out["view"]["edges"]]  # noqa: E731
    assert pieces(now)[:2] == pieces(then)[1::-1] and pieces(now)[2:] == pieces(then)[2:]
    first = client.get(f"{url}&step=1", headers={TOKEN: token}).json()
    assert first["view"]["edges"] == [] and first["to_act"] == []


@pytest.mark.parametrize("step", [0, -3, "last+1", 10_000])
def test_state_outside_the_record_is_404_naming_the_range(client, store, step):
    gid, token = new_game(client)
    play(client, gid, token, "stop")
    last = head(store, gid)
    step = last + 1 if step == "last+1" else step
    r = client.get(f"/api/games/{gid}/state?step={step}")
    assert r.status_code == 404
    assert f"1..{last}" in r.json()["detail"]


def test_state_step_must_be_a_number(client):
    gid, token = new_game(client)
    play(client, gid, token, "stop")
    assert client.get(f"/api/games/{gid}/state?step=two").status_code == 422


def test_state_of_a_finished_game_is_omniscient_for_anyone(client, store):
    gid, token = new_game(client)
    setup_end = head(store, gid)
    play(client, gid, token, "stop")
    r = client.get(f"/api/games/{gid}/state")
    assert r.status_code == 200
    out = r.json()
    assert out["outcome"].startswith("puzzle ") and out["to_act"] == []
    assert len(out["view"]["pile"]) == out["view"]["pile_size"] == 12  # every piece back under the pile
    assert "side_effect_deck" in out["view"]
    # Omniscient at an earlier step as well: the game is over, nothing is secret.
    assert len(client.get(f"/api/games/{gid}/state?step={setup_end}").json()["view"]["pile"]) == 6


def test_state_uses_a_step_cache_kept_on_the_app(app, client):
    gid, token = new_game(client)
    play(client, gid, token, "stop")
    assert getattr(app.state, "steps", None) is None
    client.get(f"/api/games/{gid}/state?step=5")
    cache = app.state.steps
    client.get(f"/api/games/{gid}/state?step=6")
    assert app.state.steps is cache


# ---- playing ---------------------------------------------------------------------------------
def test_a_command_is_stored_and_returned_for_its_seat(client, store):
    gid, token = new_game(client)
    before = head(store, gid)
    r = play(client, gid, token, "swap 2 1", expected_version=before)
    assert r.status_code == 201
    out = r.json()
    assert out["version"] == head(store, gid) == before + 2
    assert [x["kind"] for x in out["records"]] == ["CommandIssued", "Happened"]
    assert out["records"][0]["text"] == "swap 1 2"  # one notation, whatever the spelling
    assert play(client, gid, token, "skill", seat=SEAT).status_code == 201  # naming its own seat is fine


def test_acting_without_a_good_token_is_403_and_stores_nothing(client, store):
    gid, _ = new_game(client)
    _, other_token = new_game(client, seed=8)
    before = head(store, gid)
    for headers in ({}, {TOKEN: ""}, {TOKEN: "guess"}, {TOKEN: other_token}):
        r = client.post(f"/api/games/{gid}/commands", json={"text": "swap 1 2"}, headers=headers)
        assert r.status_code == 403, headers
        assert TOKEN in r.json()["detail"] or "token" in r.json()["detail"]
    for action in ("undo", "redo"):
        assert client.post(f"/api/games/{gid}/{action}").status_code == 403
    assert client.get(f"/api/games/{gid}/legal").status_code == 403
    assert head(store, gid) == before


def test_acting_for_another_seat_is_403(client, store):
    gid, token = new_game(client)
    before = head(store, gid)
    r = play(client, gid, token, "swap 1 2", seat="keeper")
    assert r.status_code == 403
    assert "acting for another seat" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/undo", json={"seat": "keeper"}, headers={TOKEN: token})
    assert r.status_code == 403
    assert client.get(f"/api/games/{gid}/legal?seat=keeper", headers={TOKEN: token}).status_code == 403
    assert head(store, gid) == before


def test_an_illegal_command_is_422_with_its_rule_and_stores_nothing(client, store):
    gid, token = new_game(client)
    before = head(store, gid)
    r = play(client, gid, token, "swap 1 3")  # edges 1 and 3 do not touch on tile 10A
    assert r.status_code == 422
    assert r.json() == {"detail": "edges 1 and 3 do not touch on tile 10A",
                        "rule": "forbidden_alchemy.actions.adjacent"}
    assert head(store, gid) == before
    r = play(client, gid, token, "fly 3")
    assert r.status_code == 422 and r.json()["rule"] == "core.notation"
    assert head(store, gid) == before
    play(client, gid, token, "stop")
    r = play(client, gid, token, "swap 1 2")
    assert r.status_code == 422 and r.json()["rule"] == "core.game-over"


@pytest.mark.parametrize("body", [{}, {"text": 12}, {"text": "stop", "expected_version": "x"},
                                  {"text": "swap 1 2 " * 40}])
def test_a_malformed_command_body_is_422(client, store, body):
    gid, token = new_game(client)
    before = head(store, gid)
    r = client.post(f"/api/games/{gid}/commands", json=body, headers={TOKEN: token})
    assert r.status_code == 422
    assert head(store, gid) == before


def test_a_stale_expected_version_is_409_and_stores_nothing(client, store):
    gid, token = new_game(client)
    seen = head(store, gid)
    assert play(client, gid, token, "swap 1 2", expected_version=seen).status_code == 201
    r = play(client, gid, token, "swap 2 3", expected_version=seen)
    assert r.status_code == 409
    assert "nothing was stored" in r.json()["detail"]
    assert head(store, gid) == seen + 2


def test_legal_lists_commands_and_undo_redo(client):
    gid, token = new_game(client)
    url, h = f"/api/games/{gid}/legal", {TOKEN: token}
    out = client.get(url, headers=h).json()
    assert out["seat"] == SEAT
    assert {"swap 1 2", "swap 1 6", "replace 3", "skill", "stop"} <= set(out["commands"])
    assert "swap 1 3" not in out["commands"]
    assert (out["can_undo"], out["can_redo"]) == (False, False)
    play(client, gid, token, "swap 1 2")
    assert client.get(url, headers=h).json()["can_undo"] is True
    client.post(f"/api/games/{gid}/undo", headers=h)
    out = client.get(url, headers=h).json()
    assert (out["can_undo"], out["can_redo"]) == (False, True)
    play(client, gid, token, "stop")
    assert client.get(url, headers=h).json()["commands"] == []


def test_undo_and_redo_through_the_api(client, store):
    gid, token = new_game(client)
    h = {TOKEN: token}
    state = lambda: client.get(f"/api/games/{gid}/state?seat={SEAT}", headers=h).json()["view"]  # noqa: E731
    before = state()
    play(client, gid, token, "swap 1 2")
    after = state()
    assert after != before and after["actions"] == before["actions"] - 1

    r = client.post(f"/api/games/{gid}/undo", headers=h)
    assert r.status_code == 201
    (marker,) = r.json()["records"]
    assert marker["kind"] == "CommandUndone" and marker["seat"] == SEAT and marker["rule"] == "core.undo"
    assert r.json()["version"] == head(store, gid)
    assert state() == before

    r = client.post(f"/api/games/{gid}/redo", json={"seat": SEAT}, headers=h)
    assert r.status_code == 201 and r.json()["records"][0]["kind"] == "CommandRedone"
    assert state() == after

    r = client.post(f"/api/games/{gid}/redo", headers=h)
    assert r.status_code == 422 and r.json()["rule"] == "core.redo.nothing"
    r = client.post(f"/api/games/{gid}/undo", json={"expected_version": 1}, headers=h)
    assert r.status_code == 409
    assert state() == after


def test_undo_stops_at_a_commit_point(client, store):
    gid, token = new_game(client)
    h = {TOKEN: token}
    assert play(client, gid, token, "replace 1").status_code == 201  # draws a hidden piece
    before = head(store, gid)
    r = client.post(f"/api/games/{gid}/undo", headers=h)
    assert r.status_code == 422 and r.json()["rule"] == "core.undo.commit-point"
    assert head(store, gid) == before


def test_a_hot_seat_token_acts_for_the_seat_to_act(client, store):
    r = client.post("/api/games", json={"kind": KIND, "seed": 5})
    gid, hot = r.json()["id"], r.json()["hotseat"].rsplit("/", 1)[1]
    assert set(r.json()["seats"]) == {SEAT}  # "*" is no seat of its own
    assert hot != r.json()["seats"][SEAT].rsplit("/", 1)[1]
    h = {TOKEN: hot}
    r = client.post(f"/api/games/{gid}/commands", json={"text": "swap 1 2"}, headers=h)
    assert r.status_code == 201 and r.json()["records"][0]["seat"] == SEAT
    assert client.get(f"/api/games/{gid}/legal", headers=h).json()["seat"] == SEAT
    assert client.post(f"/api/games/{gid}/undo", headers=h).status_code == 201
    # The hot seat names the seat it acts for; a name that is no seat is refused.
    r = client.post(f"/api/games/{gid}/commands", json={"text": "swap 1 2", "seat": "keeper"}, headers=h)
    assert r.status_code == 422 and "not a seat" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/commands", json={"text": "swap 1 2", "seat": SEAT}, headers=h)
    assert r.status_code == 201
    # It may read any seat's view at the shared screen, never the omniscient one.
    assert client.get(f"/api/games/{gid}/state?seat={SEAT}", headers=h).status_code == 200
    assert client.get(f"/api/games/{gid}/state", headers=h).status_code == 403


# ---- notes -----------------------------------------------------------------------------------
def test_notes_round_trip(client):
    gid, _ = new_game(client)
    url = f"/api/games/{gid}/notes"
    assert client.get(url).json() == {"notes": []}

    r = client.post(url, json={"step": 3, "author": "ann", "text": "the pile is shuffled here"})
    assert r.status_code == 201
    note = r.json()
    assert (note["step"], note["author"], note["text"], note["edited"]) == (3, "ann", "the pile is shuffled here", None)
    assert client.get(url).json()["notes"] == [note]

    r = client.put(f"{url}/{note['note']}", json={"author": "bob", "text": "  edited  "})
    assert r.status_code == 200
    edited = r.json()
    assert edited["text"] == "edited" and edited["editor"] == "bob" and edited["edited"]
    assert edited["author"] == "ann" and edited["note"] == note["note"]
    assert client.get(url).json()["notes"] == [edited]

    r = client.delete(f"{url}/{note['note']}", params={"author": "bob"})
    assert r.status_code == 204 and r.content == b""
    assert client.get(url).json() == {"notes": []}


def test_bad_notes_are_refused_naming_the_field(client):
    gid, _ = new_game(client)
    url = f"/api/games/{gid}/notes"
    r = client.post(url, json={"step": 2, "author": "ann", "text": "x" * (MAX_NOTE_CHARS + 1)})
    assert r.status_code == 422 and r.json()["detail"].startswith("text:")
    r = client.post(url, json={"step": 2, "author": "   ", "text": "hello"})
    assert r.status_code == 422 and r.json()["detail"].startswith("author:")
    r = client.post(url, json={"step": 2, "author": "ann"})
    assert r.status_code == 422 and r.json()["detail"] == "malformed request: text: Field required"
    r = client.post(url, json={"step": 999, "author": "ann", "text": "late"})
    assert r.status_code == 404 and "step" in r.json()["detail"]
    assert client.get(url).json() == {"notes": []}

    note = client.post(url, json={"step": 2, "author": "ann", "text": "fine"}).json()["note"]
    r = client.put(f"{url}/{note}", json={"author": "ann", "text": "y" * (MAX_NOTE_CHARS + 1)})
    assert r.status_code == 422 and "text" in r.json()["detail"]
    assert client.delete(f"{url}/{note}").status_code == 422  # who deletes it must be said
    assert client.put(f"{url}/nosuchnote", json={"author": "ann", "text": "x"}).status_code == 404
    assert client.delete(f"{url}/nosuchnote", params={"author": "ann"}).status_code == 404
    assert [n["text"] for n in client.get(url).json()["notes"]] == ["fine"]


# ---- forks -----------------------------------------------------------------------------------
def test_fork_makes_a_new_game_that_names_its_parent(client, store):
    gid, token = new_game(client)
    setup_end = head(store, gid)
    play(client, gid, token, "swap 1 2")
    play(client, gid, token, "swap 2 3")
    # Step setup_end+1 is the first swap's command: the fork keeps its fact too.
    r = client.post(f"/api/games/{gid[:8]}/fork", json={"step": setup_end + 1})
    assert r.status_code == 201
    fork = r.json()
    assert fork["step"] == setup_end + 2 and fork["id"] != gid
    info = client.get(f"/api/games/{fork['id']}").json()
    assert info["parent"] == gid and info["fork_step"] == fork["step"]
    assert info["version"] == fork["step"] and info["to_act"] == [SEAT]
    # A fork has seat tokens of its own: the parent's do not act on it.
    assert play(client, fork["id"], token, "stop").status_code == 403
    fork_token = store.seats.tokens(UUID(fork["id"]))[SEAT]
    assert play(client, fork["id"], fork_token, "swap 3 4").status_code == 201


@pytest.mark.parametrize("body, status", [({"step": 0}, 404), ({"step": 10_000}, 404), ({}, 422),
                                          ({"step": "early"}, 422)])
def test_fork_refuses_a_bad_step(client, store, body, status):
    gid, _ = new_game(client)
    r = client.post(f"/api/games/{gid}/fork", json=body)
    assert r.status_code == status
    assert len(store.catalogue.game_ids()) == 1


# ---- the OpenAPI description -----------------------------------------------------------------
def test_openapi_lists_every_endpoint_with_a_summary(client):
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    expected = {
        "/api/games": {"get", "post"},
        "/api/games/{game}": {"get", "delete"},  # delete: issue #12 item 6
        "/api/games/{game}/events": {"get"},
        "/api/games/{game}/state": {"get"},
        "/api/games/{game}/commands": {"post"},
        "/api/games/{game}/undo": {"post"},
        "/api/games/{game}/redo": {"post"},
        "/api/games/{game}/legal": {"get"},
        "/api/games/{game}/notes": {"get", "post"},
        "/api/games/{game}/notes/{note}": {"put", "delete"},
        "/api/games/{game}/fork": {"post"},
        "/api/signin": {"post"},  # a bearer token for a served viewer
    }
    assert {p: set(ops) for p, ops in paths.items()} == expected
    for path, ops in paths.items():
        for method, op in ops.items():
            assert op["summary"] and op["tags"] == ["api"], (method, path)
    command = paths["/api/games/{game}/commands"]["post"]
    assert {"name": TOKEN, "in": "header"}.items() <= next(
        p for p in command["parameters"] if p["in"] == "header").items()
    assert "CommandIn" in spec["components"]["schemas"]
