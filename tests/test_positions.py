"""Positions in the core and on the command line (issue #22, items 1, 2, 4),
through the test-only `duel` game: a game started from a position, its
record, its refusals, what seats may read of it, and many commands played
in one process."""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import position as positions
from engine.core.errors import BadInput
from engine.core.game import find_game, register
from engine.core.interchange import export_lines, import_file, verify
from engine.core.position import BadPosition
from engine.core.store import open_store
from engine.core.visibility import POSITION_HIDDEN, SPECTATOR, fact_shown, header_shown

register("duel", "tests.games.duel")
ROOT = Path(__file__).resolve().parent.parent
DUEL = find_game("duel")


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def a_position(**sections) -> dict:
    return {"format": "boardlog-position", "game": "duel", "version": 1, "options": {"timer": 0}, **sections}


# ---- a game from a position ----------------------------------------------------------------------
def test_a_game_starts_where_the_position_stands():
    store = memory()
    gid = store.create("duel", position=a_position(phase="turn", active="blue", leader="blue", round=2,
                                                   life={"red": 5, "blue": 7}, stances={"red": "attack",
                                                   "blue": "guard"}, revealed=True, turns=1))
    state = store.live(gid).session.state
    assert (state.round, state.phase, state.active, state.life) == (2, "turn", "blue", {"red": 5, "blue": 7})
    assert [c.notation() for c in DUEL.legal_commands(state, "blue")] == ["end", "strike"]
    rows = store.rows(gid)
    assert [r.data.get("type") for r in rows[1:]] == ["PositionSet"]
    assert rows[1].rule == "core.position" and store.header(gid).position["round"] == 2
    # It plays on like any game, with its seed's dice.
    store.issue(gid, "blue", "strike")
    store.issue(gid, "blue", "aim head")
    # 2 for a strike, 1 more to the head, which costs blue 1
    assert store.live(gid).session.state.life == {"red": 5 - 3, "blue": 7 - 1}


def test_the_record_of_such_a_game_verifies_exports_and_imports():
    store = memory()
    gid = store.create("duel", seed=5, position=a_position(life={"red": 2, "blue": 9}))
    store.issue(gid, "red", "stance attack")
    store.issue(gid, "blue", "stance guard")
    assert verify(store.header(gid), store.rows(gid)[1:]) is None
    text = b"".join(export_lines(store, gid))
    assert json.loads(text.split(b"\n")[0])["position"]["life"] == {"red": 2, "blue": 9}
    other = memory()
    assert import_file(other, "p.jsonl", text) == gid
    assert other.live(gid).session == store.live(gid).session


def test_a_position_header_that_does_not_match_its_opening_is_refused():
    """The opening fact is decided again from the header's position: a file
    whose fact says another position is not what the rules give."""
    store = memory()
    gid = store.create("duel", position=a_position(life={"red": 2, "blue": 9}))
    lines = [json.loads(x) for x in b"".join(export_lines(store, gid)).splitlines()]
    lines[1]["data"]["position"]["life"]["red"] = 10
    from engine.core.errors import ImportRejected

    with pytest.raises(ImportRejected) as e:
        import_file(memory(), "p.jsonl", b"\n".join(json.dumps(x).encode() for x in lines))
    assert e.value.line == 2 and "the record says" in e.value.reason


@pytest.mark.parametrize("sections, rule, words", [
    ({"phase": "aim", "active": "red"}, "duel.strike.aim", "damage is 1 or more"),
    ({"phase": "turn"}, "duel.turn", "some seat must be active"),
    ({"life": {"red": 3}}, "duel.setup", "life: one number for each"),
    ({"round": 9}, "duel.setup", "round: a whole number from 1 to 5"),
    ({"revealed": True, "stances": {"red": "guard"}}, "duel.stance.reveal", "both seats"),
])
def test_an_impossible_position_is_refused_with_its_rule_and_nothing_stored(sections, rule, words):
    store = memory()
    with pytest.raises(BadPosition) as e:
        store.create("duel", position=a_position(**sections))
    assert e.value.rule == rule and words in e.value.reason
    assert store.catalogue.game_ids() == []


@pytest.mark.parametrize("change, words", [
    (lambda p: p.update(format="fen"), "format: expected 'boardlog-position'"),
    (lambda p: p.update(game="fmp"), "this is a position of 'fmp', not of duel"),
    (lambda p: p.update(version=7), "version: duel reads positions of version 1"),
    (lambda p: p.update(options={"timer": "soon"}), "options:"),
    (lambda p: p.pop("options"), "options: expected an object"),
])
def test_the_envelope_is_checked(change, words):
    position = a_position()
    change(position)
    with pytest.raises(BadPosition) as e:
        memory().create("duel", position=position)
    assert e.value.rule == "core.position" and words in e.value.reason


def test_a_position_is_not_json_or_too_large():
    with pytest.raises(BadPosition, match="not JSON"):
        memory().create("duel", position="{nope")
    with pytest.raises(BadPosition, match="at most 256 KB"):
        memory().create("duel", position="[" + " " * (300 * 1024) + "]")
    with pytest.raises(BadInput, match="takes the position's options"):
        memory().create("duel", position=a_position(), options={"timer": "3"})


def test_a_game_without_a_position_format_says_so():
    class NoPositions:
        ID = "nothing"

    with pytest.raises(BadPosition, match="nothing has no position format yet"):
        positions.parse(NoPositions(), a_position())


# ---- what seats read of it ------------------------------------------------------------------------
def test_no_seat_reads_the_whole_position_while_a_game_runs():
    """The position holds every hidden thing (here: red's secret stance)."""
    store = memory()
    gid = store.create("duel", position=a_position(stances={"red": "attack"}, stance_steps={"red": 1}))
    fact = store.rows(gid)[1]
    from engine.core import session as fold

    event = fold.decode_fact(DUEL, fact.data)
    for seat in ("red", "blue", SPECTATOR):
        assert fact_shown(DUEL, event, seat) == {"position": POSITION_HIDDEN}
        assert "position" not in header_shown(store.header(gid).to_data(), seat)
    assert fact_shown(DUEL, event, None)["position"]["stances"] == {"red": "attack"}
    assert DUEL.view(store.live(gid).session.state, "blue")["seats"]["red"]["stance"] is None


# ---- the command line --------------------------------------------------------------------------------
@pytest.fixture
def cli(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PERSISTENCE_MODULE"}
    env.update(BOARDLOG_EXTRA_GAMES="duel=tests.games.duel", PYTHONPATH=str(ROOT))
    db = str(tmp_path / "cli.db")

    def run(*args, expect=0, stdin=None):
        done = subprocess.run([sys.executable, "-m", "boardlog", *args, "--db", db], input=stdin,
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
        assert done.returncode == expect, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        return done
    run.tmp = tmp_path
    return run


def test_position_new_from_it_and_the_same_legal_commands(cli):
    gid = cli("new", "duel", "--seed", "3").stdout.strip()
    cli("play", gid, "red", "stance", "guard")
    cli("play", gid, "blue", "stance", "attack")
    cli("play", gid, "red", "strike")
    written = cli("position", gid).stdout
    position = json.loads(written)
    assert position["phase"] == "aim" and position["format"] == "boardlog-position"
    path = cli.tmp / "pos.json"
    path.write_text(written)
    new = cli("new", "duel", "--position", str(path)).stdout.strip()
    # The same commands; undo is the record's (what was played here), not the position's.
    legal = cli("legal", gid).stdout.split("\n", 1)[1]
    assert ", undo" in legal and cli("legal", new).stdout.split("\n", 1)[1] == legal.replace(", undo", "")
    assert json.loads(cli("position", new).stdout) == position
    again = cli("new", "duel", "--position", "-", stdin=written).stdout.strip()
    assert len(again) == 36
    earlier = json.loads(cli("position", gid, "--step", "3").stdout)
    assert earlier["phase"] == "stances" and earlier["stances"] == {}


def test_an_impossible_position_on_the_command_line(cli):
    path = cli.tmp / "bad.json"
    path.write_text(json.dumps(a_position(phase="aim", active="red")))
    err = cli("new", "duel", "--position", str(path), expect=2).stderr
    assert "damage is 1 or more [duel.strike.aim]" in err
    assert "no games" in cli("games").stdout
    err = cli("new", "duel", "--position", str(path), "--option", "timer=3", expect=2).stderr
    assert "--position" in err


def test_many_commands_in_one_process_stop_at_the_first_refused(cli):
    gid = cli("new", "duel", "--seed", "3").stdout.strip()
    script = cli.tmp / "moves.txt"
    script.write_text("# round 1\nred: stance guard\nblue: stance attack   # at once\n\n"
                      "red: strike\nred: aim body\nblue: strike\nred: end\n")
    done = cli("play", gid, "--commands", str(script), expect=2)
    assert "red: aim body" in done.stdout and "blue: strike" not in done.stdout.split("red: aim body")[1]
    assert f"{script}:7: blue: strike:" in done.stderr and "[duel.turn]" in done.stderr
    position = json.loads(cli("position", gid).stdout)
    assert position["phase"] == "react" and position["life"]["blue"] == 10 - 2  # a strike to the body
    done = cli("play", gid, "--commands", "-", stdin="blue: parry\nblue: undo\nblue: redo\n")
    assert "blue: parry" in done.stdout
    err = cli("play", gid, "--commands", "-", stdin="nonsense\n", expect=2).stderr
    assert "-:1: expected `seat: notation`" in err


# ---- the viewer --------------------------------------------------------------------------------------
def test_the_viewer_starts_a_game_from_a_pasted_or_uploaded_position():
    from fastapi.testclient import TestClient

    from viewer.app import create_app

    store = memory()
    client = TestClient(create_app(store))
    text = json.dumps(a_position(life={"red": 4, "blue": 6}))
    r = client.post("/games/from-position", data={"kind": "duel", "position": text})
    assert r.status_code == 200 and r.history[0].status_code == 303 and "/seats" in str(r.url)
    (gid,) = store.catalogue.game_ids()
    assert store.live(gid).session.state.life == {"red": 4, "blue": 6}
    r = client.post("/games/from-position", data={"kind": "duel"},
                    files={"file": ("p.json", text.encode(), "application/json")})
    assert r.status_code == 200 and len(store.catalogue.game_ids()) == 2
    bad = json.dumps(a_position(phase="aim", active="red"))
    r = client.post("/games/from-position", data={"kind": "duel", "position": bad})
    assert r.status_code == 422 and "duel.strike.aim" in r.text and "damage is 1 or more" in r.text
    assert bad in html.unescape(r.text)  # the pasted position comes back to be mended
    assert len(store.catalogue.game_ids()) == 2


def test_a_finished_games_step_is_copied_as_a_position_and_a_running_ones_is_not():
    from fastapi.testclient import TestClient

    from viewer.app import create_app

    store = memory()
    client = TestClient(create_app(store))
    gid = store.create("duel", seed=3, position=a_position(life={"red": 1, "blue": 1}))
    assert client.get(f"/games/{gid}/position?step=2").status_code == 403
    store.issue(gid, "red", "stance attack")
    store.issue(gid, "blue", "stance attack")
    store.issue(gid, "red", "strike")
    store.issue(gid, "red", "aim body")
    assert DUEL.outcome(store.live(gid).session.state) is not None
    r = client.get(f"/games/{gid}/position?step=2")
    assert r.status_code == 200 and r.json()["life"] == {"red": 1, "blue": 1}
    assert "attachment" in r.headers["content-disposition"]
    assert f'href="/games/{gid}/position?step=' in client.get(f"/games/{gid}").text
