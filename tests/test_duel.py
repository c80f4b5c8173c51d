"""The test-only game `duel` (tests/games/duel) and the core pieces it exercises:
secret commands and their reveal, a prompt, a reaction window, the system
seat, turn deadlines, event versions, and the CLI with an extra game.

`tests/fixtures/duel-old-shape.jsonl` is a real export of `OLD_SHAPE_PLAYS`
(seed 7) whose `Struck` records were rewritten into their version-1 shape
(no `zone`, no `"v": 2`); every strike in it landed on the body.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.core.errors import ConflictError, RuleViolation
from engine.core.game import find_game, game_ids, register
from engine.core.interchange import export_lines, import_file, read_file, verify
from engine.core.prompts import Prompt
from engine.core.store import open_store
from engine.core.visibility import revealed_by
from engine.kit.testing import LoadedDice, Scenario
from projections.timeline import line
from tests.games.duel import events as ev

register("duel", "tests.games.duel")
game = find_game("duel")

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "duel-old-shape.jsonl"
T0 = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
OLD_SHAPE_PLAYS = [
    ("red", "stance attack"), ("blue", "stance guard"), ("red", "strike"), ("red", "aim body"),
    ("blue", "parry"), ("blue", "strike"), ("blue", "aim body"), ("blue", "end"),
    ("red", "stance guard"), ("red", "undo"), ("red", "stance attack"), ("blue", "stance attack"),
    ("blue", "end"), ("red", "strike"), ("red", "aim body"), ("red", "end"),
]


def play(store, gid, plays):
    records = []
    for seat, text in plays:
        records += store.undo(gid, seat) if text == "undo" else store.issue(gid, seat, text)
    return records


def state_of(store, gid):
    return store.live(gid).session.state


def facts(records):
    return [r.data["type"] for r in records if r.kind == "Happened"]


def revealed(store, gid):
    return frozenset(s for r in store.rows(gid) if r.kind == "Happened" for s in revealed_by(r.data))


def position(red="attack", blue="guard", life=(10, 10), round=1):
    """Round `round` with both stances revealed and the leader's turn begun."""
    leader = "red" if round % 2 else "blue"
    s = Scenario.from_events(game, [
        ev.DuelistsReady(rule="duel.setup", seats=("red", "blue"), life=10, rounds=5, timer=0),
        ev.RoundStarted(rule="duel.round", round=round, leader=leader),
        ev.StanceChosen(rule="duel.stance", seat="red", stance=red, step=3),
        ev.StanceChosen(rule="duel.stance", seat="blue", stance=blue, step=5),
        ev.StancesRevealed(rule="duel.stance.reveal", red=red, blue=blue),
        ev.TurnStarted(rule="duel.turn", seat=leader),
    ])
    s.apply([ev.Recoiled(rule="duel.strike.head", seat=seat, life=10 - left)  # life lost earlier
             for seat, left in zip(("red", "blue"), life, strict=True) if left < 10])
    return s


# ---- the game is test-only ------------------------------------------------------------------
def test_duel_is_not_listed_for_users():
    assert "duel" not in game_ids()
    assert game.PLAYER_COUNTS == (2,)
    assert all(r.section == "duel (test game)" for r in game.RULES if r.id.startswith("duel."))


# ---- secret stances -------------------------------------------------------------------------
def test_a_secret_stance_is_hidden_from_the_other_seat_until_both_are_revealed(memory_store):
    gid = memory_store.create("duel", seed=1)
    chosen = memory_store.issue(gid, "red", "stance attack")
    command, fact = chosen
    state = state_of(memory_store, gid)

    # The state holds it; only red's view (and the omniscient one) shows it.
    assert game.view(state, "red")["seats"]["red"] == {"life": 10, "chosen": True, "stance": "attack"}
    assert game.view(state, None)["seats"]["red"]["stance"] == "attack"
    for other in ("blue", ""):
        assert game.view(state, other)["seats"]["red"] == {"life": 10, "chosen": True, "stance": None}
        variants = {game.scramble_hidden(state, other, random.Random(n)).stances["red"]
                    for n in range(8)}
        assert variants == {"attack", "guard"}  # the hidden stance really varies
    assert game.scramble_hidden(state, "red", random.Random(1)) == state

    # The timeline: the command is secret to blue, the fact's line is public and says nothing.
    hidden = line(game, command, viewer="blue", revealed=revealed(memory_store, gid), finished=False)
    assert hidden.text == "red: (secret command)"
    assert line(game, command, viewer="red", finished=False).text == "red: stance attack"
    assert line(game, fact).text == "red chose a stance"
    decoded = game.EVENTS["StanceChosen"].from_data(fact.data["data"], fact.rule)
    assert game.redact(decoded, "blue")["stance"] == "(hidden)"
    assert game.redact(decoded, "red")["stance"] == "attack"
    assert game.to_act(state) == ("blue",)

    # Blue's stance reveals both in the same command: a commit point.
    records = memory_store.issue(gid, "blue", "stance guard")
    assert records[0].data["commit"] is True
    assert facts(records) == ["StanceChosen", "SecretRevealed", "StancesRevealed", "TurnStarted"]
    assert records[2].data["data"] == {"steps": [command.version, records[0].version]}
    assert records[2].rule == "core.secret.revealed"
    shown = line(game, command, viewer="blue", revealed=revealed(memory_store, gid), finished=False)
    assert shown.text == "red: stance attack"
    assert game.view(state_of(memory_store, gid), "blue")["seats"]["red"]["stance"] == "attack"


def test_a_seat_changes_its_stance_by_undo_but_never_after_the_reveal(memory_store):
    gid = memory_store.create("duel", seed=1)
    first = memory_store.issue(gid, "red", "stance attack")[0]
    memory_store.undo(gid, "red")
    memory_store.issue(gid, "red", "stance guard")
    assert state_of(memory_store, gid).stances == {"red": "guard"}
    memory_store.issue(gid, "blue", "stance guard")
    rows = memory_store.rows(gid)
    # The undone stance is never named by the reveal: it stays red's secret.
    assert first.version not in revealed(memory_store, gid)
    assert line(game, rows[first.version - 1], viewer="blue",
                revealed=revealed(memory_store, gid), finished=False).text == "red: (secret command)"
    for seat in ("red", "blue"):
        with pytest.raises(RuleViolation) as refused:
            memory_store.undo(gid, seat)
        assert refused.value.rule == "core.undo.commit-point"


def test_one_stance_a_round_and_only_at_its_start():
    s = Scenario.from_events(game, game.setup(game.options(None, {}), None))
    s.play("red", "stance attack")
    s.expect_violation("red", "stance guard", rule="duel.stance.once")
    s.expect_violation("blue", "stance dodge", rule="duel.stance")
    s.play("blue", "stance guard")
    s.expect_violation("blue", "stance attack", rule="duel.stance.phase")


# ---- the turn: strike, the prompt, the reaction window ----------------------------------------
@pytest.mark.parametrize("red, blue, damage", [
    ("attack", "guard", 2), ("attack", "attack", 3), ("guard", "guard", 1), ("guard", "attack", 2),
])
def test_a_strike_deals_2_plus_1_attacking_minus_1_against_a_guard(red, blue, damage):
    s = position(red, blue)
    assert s.play("red", "strike") == [ev.StrikeDeclared(rule="duel.strike", seat="red",
                                                         target="blue", damage=damage)]


def test_a_strike_asks_the_striker_where_it_lands(memory_store):
    gid = memory_store.create("duel", seed=1)
    play(memory_store, gid, [("red", "stance attack"), ("blue", "stance guard"),
                             ("red", "strike")])
    state = state_of(memory_store, gid)
    assert game.prompts(state) == (Prompt("red", "choose where the strike lands", "duel.strike.aim",
                                          ("aim body", "aim head")),)
    assert game.to_act(state) == ("red",)
    assert [c.notation() for c in game.legal_commands(state, "red")] == ["aim body", "aim head"]
    assert game.legal_commands(state, "blue") == []
    with pytest.raises(RuleViolation) as refused:
        memory_store.issue(gid, "blue", "parry")
    assert refused.value.rule == "core.turn"
    records = memory_store.issue(gid, "red", "aim head")
    assert facts(records) == ["Struck", "Recoiled"]
    assert state_of(memory_store, gid).life == {"red": 9, "blue": 7}
    assert game.prompts(state_of(memory_store, gid)) == ()


def test_aim_answers_only_the_prompt():
    s = position()
    s.expect_violation("red", "aim body", rule="core.prompt")
    s.play("red", "strike")
    s.expect_violation("red", "aim legs", rule="duel.strike.aim")
    assert [e.zone for e in s.play("red", "aim body") if isinstance(e, ev.Struck)] == ["body"]


def test_the_defender_may_parry_while_the_striker_may_end(memory_store):
    gid = memory_store.create("duel", seed=1)
    play(memory_store, gid, [("red", "stance attack"), ("blue", "stance attack"),
                             ("red", "strike"), ("red", "aim body")])
    state = state_of(memory_store, gid)
    assert game.to_act(state) == ("red", "blue")
    assert [c.notation() for c in game.legal_commands(state, "red")] == ["end"]
    assert [c.notation() for c in game.legal_commands(state, "blue")] == ["parry"]
    assert state.life["blue"] == 7

    records = memory_store.issue(gid, "blue", "parry")  # out of turn; it closes the window
    assert facts(records) == ["Parried", "TurnEnded", "TurnStarted"]
    state = state_of(memory_store, gid)
    assert state.life["blue"] == 8 and state.active == "blue" and game.to_act(state) == ("blue",)


def test_once_the_striker_ends_the_window_is_closed():
    s = position()
    s.play("red", "strike")
    s.play("red", "aim body")
    s.play("red", "end")
    assert game.to_act(s.state) == ("blue",)
    s.expect_violation("blue", "parry", rule="duel.parry")
    s.expect_violation("red", "strike", rule="duel.turn")


# ---- the system seat: the storm ---------------------------------------------------------------
def test_the_storm_is_the_systems_own_command_group_right_after_the_hand_over(memory_store):
    gid = memory_store.create("duel", seed=1)
    play(memory_store, gid, [("red", "stance guard"), ("blue", "stance guard"), ("red", "end")])
    records = memory_store.issue(gid, "blue", "end")
    commands = [r for r in records if r.kind == "CommandIssued"]
    assert [(c.data["seat"], c.data["text"], c.data["commit"]) for c in commands] == [
        ("blue", "end", False), ("system", "storm", True)]
    handed_over = records.index(commands[1])
    assert facts(records[:handed_over]) == ["TurnEnded", "StormGathered"]
    assert commands[1].version == records[handed_over - 1].version + 1
    assert facts(records[handed_over:])[0] == "DieRolled"
    assert facts(records)[-1] == "RoundStarted"
    state = state_of(memory_store, gid)
    assert state.round == 2 and state.leader == "blue" and game.to_act(state) == ("red", "blue")

    for text in ("storm", "stance guard"):
        with pytest.raises(RuleViolation) as refused:
            memory_store.issue(gid, "system", text)
        assert refused.value.rule == "core.system"
    with pytest.raises(RuleViolation) as refused:
        memory_store.issue(gid, "red", "storm")
    assert refused.value.rule == "core.system"


@pytest.mark.parametrize("roll, life", [(4, 10), (5, 9), (6, 9)])
def test_the_storm_strikes_both_on_a_5_or_6(roll, life):
    s = position()
    s.play("red", "end")
    s.play("blue", "end")
    assert game.to_act(s.state) == ("system",)
    assert game.system_command(s.state, T0).notation() == "storm"
    s.expect_violation("red", "storm", rule="core.system")
    s.play("system", "storm", dice=LoadedDice(values=(roll,)))
    assert s.state.life == {"red": life, "blue": life} and s.state.round == 2


def test_the_duel_ends_at_0_life_or_after_round_5():
    s = position(life=(1, 1))
    s.play("red", "strike")
    s.play("red", "aim head")  # blue takes 3, red recoils to 0: both fell
    assert game.outcome(s.state) == "draw (both fell)"
    s.expect_violation("blue", "parry", rule="core.game-over")

    s = position(life=(6, 4), round=5)
    s.play("red", "end")
    s.play("blue", "end")
    s.play("system", "storm", dice=LoadedDice(values=(1,)))
    assert game.outcome(s.state) == "red wins (after 5 rounds, 6 to 4)"
    assert game.to_act(s.state) == ()


# ---- deadlines --------------------------------------------------------------------------------
def test_a_passed_deadline_is_enforced_by_tick_and_by_the_next_command(memory_store):
    memory_store.clock = lambda: T0
    gid = memory_store.create("duel", seed=1, options={"timer": "30"})
    records = play(memory_store, gid, [("red", "stance attack"), ("blue", "stance guard")])
    assert records[-1].data["data"] == {"seat": "red", "deadline": (T0 + timedelta(seconds=30)).isoformat()}
    memory_store.clock = lambda: T0 + timedelta(seconds=5)
    memory_store.issue(gid, "red", "strike")

    memory_store.clock = lambda: T0 + timedelta(seconds=30)
    assert memory_store.tick(gid) == []  # not past it yet
    memory_store.clock = lambda: T0 + timedelta(seconds=31)
    records = memory_store.tick(gid)
    assert (records[0].data["seat"], records[0].data["text"]) == ("system", "timeout")
    assert [(r.data["type"], r.rule) for r in records[1:4]] == [
        ("TurnTimedOut", "duel.timer"), ("Struck", "duel.timer"), ("TurnEnded", "duel.timer")]
    assert records[2].data["data"]["zone"] == "body"  # the unaimed strike lands on the body
    state = state_of(memory_store, gid)
    assert state.active == "blue" and state.deadline == (T0 + timedelta(seconds=61)).isoformat()
    assert memory_store.tick(gid) == []

    # Nobody polls; red's next command finds blue's time up, and goes in after the storm.
    version = memory_store.head_version(gid)
    memory_store.clock = lambda: T0 + timedelta(seconds=100)
    memory_store.issue(gid, "red", "stance guard")
    texts = [(r.data["seat"], r.data["text"]) for r in memory_store.rows(gid)
             if r.kind == "CommandIssued" and r.version > version]
    assert texts == [("system", "timeout"), ("system", "storm"), ("red", "stance guard")]
    live = memory_store.live(gid)
    assert verify(live.header, memory_store.rows(gid)[1:]) is None


def test_a_fork_resumes_a_running_deadline_with_the_time_it_had_left(memory_store):
    """Issue #21: a fork made long after its step does not time a seat out
    at once; its clock goes on from the time of that step."""
    memory_store.clock = lambda: T0
    gid = memory_store.create("duel", seed=1, options={"timer": "30"})
    play(memory_store, gid, [("red", "stance attack"), ("blue", "stance guard")])
    memory_store.clock = lambda: T0 + timedelta(seconds=10)
    memory_store.issue(gid, "red", "strike")  # red's turn: 20 seconds left
    at = memory_store.head_version(gid)
    memory_store.clock = lambda: T0 + timedelta(days=2)
    fork, step = memory_store.catalogue.fork(gid, at)
    assert memory_store.header(fork).clock_shift == timedelta(days=2, seconds=-10).total_seconds()
    assert memory_store.tick(fork) == []  # the parent's deadline is long past; the fork's is not
    memory_store.clock = lambda: T0 + timedelta(days=2, seconds=19)
    assert memory_store.tick(fork) == []
    memory_store.clock = lambda: T0 + timedelta(days=2, seconds=21)
    records = memory_store.tick(fork)
    assert records[0].data["text"] == "timeout"
    # Its records carry the fork's own time, in order after the copied ones.
    stamps = [r.timestamp for r in memory_store.rows(fork)[1:]]
    assert stamps == sorted(stamps) and stamps[-1] == (T0 + timedelta(seconds=31)).isoformat()
    assert verify(memory_store.header(fork), memory_store.rows(fork)[1:]) is None
    other = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    assert import_file(other, "fork.jsonl", b"".join(export_lines(memory_store, fork))) == fork
    # The parent, on the wall clock, timed red out long ago.
    assert memory_store.tick(gid)[0].data["text"] == "timeout"


def test_a_caller_that_named_its_version_is_told_the_deadline_acted_first(memory_store):
    memory_store.clock = lambda: T0
    gid = memory_store.create("duel", seed=1, options={"timer": "30"})
    play(memory_store, gid, [("red", "stance attack"), ("blue", "stance guard")])
    version = memory_store.head_version(gid)
    memory_store.clock = lambda: T0 + timedelta(seconds=31)
    with pytest.raises(ConflictError):
        memory_store.issue(gid, "red", "strike", expected_version=version)
    assert state_of(memory_store, gid).active == "blue"  # the timeout was stored, not the strike


def test_only_the_system_ends_a_turn_for_time():
    s = position()
    s.expect_violation("red", "timeout", rule="core.system")
    s.expect_violation("system", "timeout", rule="duel.timer")  # no deadline at all
    assert game.system_command(s.state, T0 + timedelta(days=1)) is None


# ---- event versions -----------------------------------------------------------------------------
def test_an_export_with_old_struck_records_imports_folds_and_verifies(memory_store):
    old = [json.loads(t) for t in FIXTURE.read_text().splitlines() if '"type":"Struck"' in t]
    assert len(old) == 3 and all("v" not in r and "zone" not in r["data"] for r in old)
    gid = import_file(memory_store, str(FIXTURE))

    original = memory_store.__class__(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    again = original.create("duel", seed=7)
    play(original, again, OLD_SHAPE_PLAYS)
    assert memory_store.load(gid).session.state == state_of(original, again)
    assert state_of(memory_store, gid).life == {"red": 8, "blue": 6}

    stored = [r for r in memory_store.rows(gid) if r.kind == "Happened" and r.data["type"] == "Struck"]
    assert len(stored) == 3 and all("v" not in r.data for r in stored)  # never rewritten
    assert game.EVENTS["Struck"].version == 2
    assert game.UPCASTERS[("Struck", 1)]({"seat": "red", "target": "blue", "damage": 2})["zone"] == "body"
    assert verify(memory_store.live(gid).header, memory_store.rows(gid)[1:]) is None
    gf = read_file(str(FIXTURE))
    assert verify(gf.header, gf.records) is None
    original.close()


# ---- the CLI, with the game registered through the environment ----------------------------------
def test_the_cli_plays_duel_when_told_of_it(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PERSISTENCE_MODULE"}
    env.update(BOARDLOG_EXTRA_GAMES="duel=tests.games.duel", PYTHONPATH=str(ROOT))
    db = str(tmp_path / "cli.db")

    def cli(*args, expect=0):
        done = subprocess.run([sys.executable, "-m", "boardlog", *args, "--db", db],
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
        assert done.returncode == expect, (args, done.stdout, done.stderr)
        return done

    gid = cli("new", "duel", "--seed", "3", "--option", "timer=0").stdout.strip()
    cli("play", gid, "red", "stance", "guard")
    legal = cli("legal", gid).stdout
    assert "red: undo" in legal and "blue: stance attack, stance guard" in legal
    out = cli("play", gid, "blue", "stance", "attack").stdout
    assert "stances revealed: red guard, blue attack" in out and "(commit point)" in out
    cli("play", gid, "red", "strike")
    legal = cli("legal", gid).stdout
    assert "waiting for red: choose where the strike lands" in legal
    assert "red: aim body, aim head" in legal and "blue: (waiting)" in legal
    err = cli("play", gid, "system", "storm", expect=2).stderr
    assert "[core.system]" in err
