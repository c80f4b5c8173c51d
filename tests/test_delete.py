"""Issue #12 item 6: deleting a game (the operator's), from the store, the
viewer and the CLI: the game, its seat keys, its notes and its summary go
together in one transaction, on every backend, and every other game still
lists and replays."""

from __future__ import annotations

import io
import sys
from uuid import uuid4, uuid5

import pytest
from fastapi.testclient import TestClient

from boardlog import cli
from engine.core.catalogue import DERIVED
from engine.core.errors import GameNotFound
from engine.core.interchange import export_lines, import_file
from engine.core.store import open_store
from viewer.app import create_app

KIND, SEAT = "forbidden_alchemy", "investigator"


def two_games(store):
    """A finished game with notes (so a summary too) and a running one with a note."""
    done = store.create(KIND, seed=3)
    store.notes.add(done, 2, "ann", "first")
    store.notes.add(done, 4, "bob", "second")
    store.issue(done, SEAT, "stop")
    store.seats.tokens(done)
    store.catalogue.name_fork(done, "the finished one")  # its name stream (issue #14)
    store.catalogue.summaries()  # writes the finished game's summary record
    running = store.create(KIND, seed=4)
    store.issue(running, SEAT, "swap 1 2")
    store.notes.add(running, 3, "ann", "stays")
    return done, running


def test_deleting_a_game_removes_it_with_its_keys_notes_and_summary(store):
    done, running = two_games(store)
    assert all(store.head_version(uuid5(done, name)) for name in DERIVED)
    store.catalogue.delete_game(done)
    assert store.catalogue.game_ids() == [running]
    assert store.head_version(done) == 0
    assert [store.head_version(uuid5(done, name)) for name in DERIVED] == [0] * len(DERIVED)
    with pytest.raises(GameNotFound):
        store.catalogue.resolve(str(done))
    with pytest.raises(GameNotFound):
        store.live(done)
    # Every other game still lists, replays and takes notes and commands.
    assert [i.id for i in store.catalogue.summaries()] == [running]
    assert store.session_at(running, 5).version == 5
    assert [n["text"] for n in store.notes.of(running)] == ["stays"]
    store.issue(running, SEAT, "swap 2 3")
    store.notes.add(running, 2, "ann", "after")
    # The notification log has a gap where the game was: listing pages over it.
    assert store.create(KIND, seed=5) in store.catalogue.game_ids()


def test_a_deleted_game_can_be_imported_again(store, tmp_path):
    done, running = two_games(store)
    exported = b"".join(export_lines(store, done))
    store.live(done)  # cached: deletion must forget it
    store.catalogue.delete_game(done)
    assert import_file(store, "again.jsonl", exported) == done
    assert [n["text"] for n in store.notes.of(done)] == ["first", "second"]
    assert store.catalogue.info(done).status == "finished"
    assert sorted(store.catalogue.game_ids()) == sorted([done, running])


def test_only_games_can_be_deleted(store):
    done, running = two_games(store)
    for not_a_game in (uuid5(done, "notes"), uuid5(done, "seat-keys"), uuid4()):
        with pytest.raises(GameNotFound):
            store.catalogue.delete_game(not_a_game)
    assert len(store.notes.of(done)) == 2 and sorted(store.catalogue.game_ids()) == sorted([done, running])


def test_a_game_that_took_a_derived_id_is_not_deleted_with_its_victim(store):
    # An older, looser import could put a game where another game's summary
    # would go: deleting the victim leaves that game alone.
    victim = store.create(KIND, seed=6)  # running: no summary of its own yet
    squatter = store.catalogue.write_game(
        uuid5(victim, "summary"), store.header(victim), store.rows(victim)[1:]
    )
    store.catalogue.delete_game(victim)
    assert store.catalogue.game_ids() == [squatter] and store.live(squatter).session.version > 1


# ---- the viewer --------------------------------------------------------------------------------
@pytest.fixture
def viewer():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    done, running = two_games(store)
    yield store, done, running, TestClient(create_app(store))
    store.close()


def test_the_viewer_asks_before_deleting(viewer):
    store, done, running, client = viewer
    assert f'href="/games/{done}/delete"' in client.get(f"/games/{done}").text
    page = client.get(f"/games/{done}/delete")
    assert page.status_code == 200 and "2 notes" in page.text and f'value="{done}"' in page.text
    for confirm in ({}, {"confirm": "yes"}, {"confirm": str(running)}):
        r = client.post(f"/games/{done}/delete", data=confirm)
        assert r.status_code == 422 and "confirm" in r.text
    assert sorted(store.catalogue.game_ids()) == sorted([done, running])


def test_the_viewer_deletes_a_game_and_the_others_still_replay(viewer):
    store, done, running, client = viewer
    assert client.get(f"/games/{done}?step=3").status_code == 200  # cached in the viewer
    r = client.post(f"/games/{done}/delete", data={"confirm": str(done)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert client.get(f"/games/{done}").status_code == 404
    assert client.get(f"/api/games/{done}/notes").status_code == 404
    listing = client.get("/").text
    assert str(done)[:8] not in listing and str(running)[:8] in listing
    assert client.get(f"/games/{running}?step=4").status_code == 200
    assert [g["id"] for g in client.get("/api/games").json()] == [str(running)]
    # The viewer's own caches forgot it too (issue #20: this half once did nothing).
    replay = client.app.state.replay
    assert done not in replay.games() and done not in replay.steps.games()
    assert running in replay.games() and running in replay.steps.games()


def test_the_api_deletes_a_game_named_in_full(viewer):
    store, done, running, client = viewer
    for confirm in ({}, {"confirm": str(done)[:8]}, {"confirm": str(running)}):
        r = client.delete(f"/api/games/{str(done)[:8]}", params=confirm)
        assert r.status_code == 422 and "confirm" in r.json()["detail"]
    assert len(store.catalogue.game_ids()) == 2
    r = client.delete(f"/api/games/{str(done)[:8]}", params={"confirm": str(done)})
    assert r.status_code == 204 and store.catalogue.game_ids() == [running]
    assert client.delete(f"/api/games/{done}", params={"confirm": str(done)}).status_code == 404


# ---- the CLI -----------------------------------------------------------------------------------
def test_cli_delete_asks_unless_told_yes(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "d.db")
    store = open_store(db)
    done, running = two_games(store)
    store.close()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # not a terminal: never asked
    assert cli.main(["delete", str(done)[:8], "--db", db]) == 2
    assert "--yes" in capsys.readouterr().err
    assert cli.main(["delete", str(done)[:8], "--yes", "--db", db]) == 0
    assert f"deleted game {done}" in capsys.readouterr().out
    assert cli.main(["delete", str(done), "--yes", "--db", db]) == 2
    store = open_store(db)
    assert store.catalogue.game_ids() == [running] and not store.notes.of(done)
