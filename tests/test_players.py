"""Who played each seat: `players` in a game's header (seat -> "bot:greedy"),
recorded by selfplay, carried by export/import, not inherited by a fork,
and the kind's figures split by it (`/kinds/{kind}`, `boardlog stats`)."""

from __future__ import annotations

import json
import re
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from boardlog.cli import main
from engine.core.errors import ImportRejected
from engine.core.interchange import export_lines, import_file
from engine.core.log import GameLog
from engine.core.selfplay import selfplay_one
from engine.core.session import Header, SchemaError, header_of
from engine.core.store import Store, open_store
from viewer.app import create_app

KIND = "roundtable"       # a few hundred records a game with the greedy bot
OLD_KEYS = ["kind", "seed", "options", "seats", "rules_version", "parent", "fork_step"]


def memory_store() -> Store:
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def header(**players) -> dict:
    data = {"kind": KIND, "seed": 1, "options": {}, "seats": ["p1", "p2"], "rules_version": "1"}
    return {**data, "players": players} if players else data


def export_of(store: Store, gid) -> list[dict]:
    return [json.loads(x) for x in b"".join(export_lines(store, gid)).splitlines()]


def dump(lines: list[dict]) -> bytes:
    return b"".join(json.dumps(x).encode() + b"\n" for x in lines)


# ---- the header ---------------------------------------------------------------------------------
def test_a_header_round_trips_with_and_without_players():
    plain = Header(KIND, 7, {"mode": "duel"}, ("p1", "p2"), "1")
    assert list(plain.to_data()) == OLD_KEYS          # no players: the old shape, key for key
    assert header_of(plain.to_data()) == plain and header_of(plain.to_data()).players is None
    played = Header(KIND, 7, {}, ("p1", "p2"), "1", players={"p1": "bot:greedy", "p2": "bot:random"})
    assert played.to_data()["players"] == {"p1": "bot:greedy", "p2": "bot:random"}
    assert header_of(played.to_data()) == played


@pytest.mark.parametrize("players, words", [
    ({"east": "bot:greedy"}, "players: 'east' is not a seat of this game (seats: p1, p2)"),
    ({"p1": ""}, "players.p1: 0 characters"),
    ({"p1": "x" * 101}, "players.p1: 101 characters, expected 1..100"),
    ({"p1": "bot:\x07"}, "players.p1:"),
    ({"p1": "bot:\ud800"}, "players.p1:"),
    ({"p1": 3}, "players[...]: expected str, got int"),
])
def test_a_bad_players_record_is_refused_naming_the_field(players, words):
    with pytest.raises(SchemaError, match=re.escape(words)):
        header_of(header(**players))


def test_an_empty_or_non_object_players_record_is_refused():
    with pytest.raises(SchemaError, match="players: empty"):
        header_of({**header(), "players": {}})
    with pytest.raises(SchemaError, match="players: expected object"):
        header_of({**header(), "players": ["bot:greedy"]})


def test_a_game_stored_without_players_reads_back_with_none(tmp_path):
    """A game created with no one recorded stores the header as before this
    field existed (no "players" key at all), and such a record loads,
    through the engine's reader and through the eventsourcing repository."""
    path = str(tmp_path / "old.db")
    gid = open_store(path).create(KIND, seed=3)
    store = open_store(path)                       # a new process: nothing cached
    stored = store.rows(gid, lte=1)[0].data
    assert "players" not in stored and set(OLD_KEYS) <= set(stored)
    assert store.header(gid).players is None
    assert store.repository.get(gid, version=1).header.players is None
    started = store.mapper.to_domain_event(store.recorder.select_events(gid, lte=1)[0])
    assert isinstance(started, GameLog.Started) and started.players is None


def test_create_refuses_a_bad_player_name_before_writing():
    store = memory_store()
    with pytest.raises(SchemaError, match="players.p1"):
        store.create(KIND, seed=1, played_by="bot:\n")
    assert store.catalogue.game_ids() == []


# ---- who records it -----------------------------------------------------------------------------
def test_selfplay_records_the_bot_on_every_seat(tmp_path):
    path = str(tmp_path / "self.db")
    gid = selfplay_one(open_store(path), KIND, 1, None, {}, "greedy")[0]
    h = open_store(path).header(gid)
    assert h.players == dict.fromkeys(h.seats, "bot:greedy")
    assert h.seats == ("p1", "p2")


def test_a_fork_does_not_inherit_players():
    store = memory_store()
    gid = selfplay_one(store, KIND, 1, None, {}, "greedy")[0]
    fork, _ = store.catalogue.fork(gid, 5)
    assert store.header(gid).players is not None
    assert store.header(fork).players is None and "players" not in store.rows(fork, lte=1)[0].data


def test_export_and_import_carry_players():
    source, target = memory_store(), memory_store()
    gid = selfplay_one(source, KIND, 2, None, {}, "random")[0]
    lines = export_of(source, gid)
    assert lines[0]["players"] == {"p1": "bot:random", "p2": "bot:random"}
    assert import_file(target, "g.jsonl", dump(lines)) == gid
    assert target.header(gid) == source.header(gid)
    assert b"".join(export_lines(target, gid)) == b"".join(export_lines(source, gid))


def test_an_import_naming_an_unknown_seat_is_refused():
    source, target = memory_store(), memory_store()
    lines = export_of(source, selfplay_one(source, KIND, 2, None, {}, "greedy")[0])
    lines[0]["players"] = {"p1": "bot:greedy", "p9": "bot:greedy"}
    with pytest.raises(ImportRejected) as e:
        import_file(target, "bad.jsonl", dump(lines))
    assert e.value.line == 1 and "players: 'p9' is not a seat" in str(e.value)
    assert target.catalogue.game_ids() == []


# ---- outcomes by bot ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[str, Store, dict]:
    """Roundtable games: greedy (seeds 1, 2: p2 wins, p1 wins), random (seed 1:
    p1 wins), one imported as if played by two bots alpha (p1) and beta (p2),
    one imported without players, and one still running."""
    path = str(tmp_path_factory.mktemp("players") / "players.db")
    store = open_store(path)
    outcomes = {(bot, seed): selfplay_one(store, KIND, seed, None, {}, bot)[2]
                for bot, seed in (("greedy", 1), ("greedy", 2), ("random", 1))}
    scratch = memory_store()
    lines = export_of(scratch, selfplay_one(scratch, KIND, 1, None, {}, "greedy")[0])
    for players in ({"p1": "bot:alpha", "p2": "bot:beta"}, None):
        first = {k: v for k, v in lines[0].items() if k != "players"}
        first["game"] = str(uuid4())
        import_file(store, "g.jsonl", dump([{**first, **({"players": players} if players else {})}, *lines[1:]]))
    store.create(KIND, seed=9)
    return path, store, outcomes


def test_the_games_played_are_the_ones_counted_below(played):
    # The counts asserted below rest on these outcomes; a rules change that
    # alters them should fail here, saying so, rather than further down.
    _, _, outcomes = played
    assert [o.split(",")[0] for o in outcomes.values()] == ["p2 wins", "p1 wins", "p1 wins"]


def test_the_kind_page_shows_outcomes_by_bot(played):
    _, store, _ = played
    html = TestClient(create_app(store)).get(f"/kinds/{KIND}").text
    section = html[html.index('id="outcomes-by-bot"'):html.index('id="lengths"')]
    rows = re.findall(r"<tr><td>([^<]+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td></tr>", section)
    # greedy played both seats of two decisive games: two wins, two losses.
    assert rows == [("bot:alpha", "0", "1", "0"), ("bot:beta", "1", "0", "0"),
                    ("bot:greedy", "2", "2", "0"), ("bot:random", "1", "1", "0")]
    assert "1 finished game records no players" in section
    assert "cannot be split by bot" not in html


def test_boardlog_stats_prints_outcomes_by_bot(played, capsys):
    path, _, _ = played
    assert main(["stats", KIND, "--db", path]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{KIND}: 6 games stored, 5 finished, 1 running")
    block = out[out.index("outcomes by bot"):out.index("game length")].splitlines()
    assert [line.split() for line in block[1:]] == [
        ["bot:alpha", "lost", "1"], ["bot:beta", "won", "1"], ["bot:greedy", "won", "2,", "lost", "2"],
        ["bot:random", "won", "1,", "lost", "1"],
        ["1", "finished", "game", "records", "no", "players", "(people,", "or", "recorded", "before", "games",
         "said", "who", "played)"]]


def test_a_kind_with_no_recorded_players_says_so():
    store = memory_store()
    lines = export_of(store, selfplay_one(store, KIND, 2, None, {}, "greedy")[0])
    target = memory_store()
    import_file(target, "g.jsonl", dump([{k: v for k, v in lines[0].items() if k != "players"}, *lines[1:]]))
    html = TestClient(create_app(target)).get(f"/kinds/{KIND}").text
    assert "No finished game records who played it." in html
    assert "1 finished game records no players" in html
