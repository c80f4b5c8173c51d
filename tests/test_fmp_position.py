"""The position format of Full Metal Planète (docs/positions/fmp.md):
positions of recorded games read back as themselves, partial positions
take their documented defaults, and each impossible position is refused
with the rule it breaks.

Places of the stand-in map used here: the red Freighter on K10 with pods
"b" (L9, K11, J9), the blue one on AE13; N10, N11, M10, O11 plains; N8, N9,
O9, O10 mountains; G12 open sea.
"""

from __future__ import annotations

import copy

import pytest

from engine.core import position as positions
from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.interchange import import_file
from engine.core.position import BadPosition
from engine.core.store import open_store
from engine.kit.testing import Scenario

register("fmp", "engine.games.fmp")
game = find_game("fmp")

LANDED = {"red": {"centre": "K10", "pods": "b"}, "blue": {"centre": "AE13", "pods": "b"}}


def short(**sections) -> dict:
    """Red's turn 5 with both Freighters landed, and the sections given."""
    return {"freighters": copy.deepcopy(LANDED), **sections}


def refused(data: dict, rule: str) -> str:
    assert rule in game.RULES, rule
    with pytest.raises(BadPosition) as caught:
        game.from_position(data)
    assert caught.value.rule == rule, caught.value
    return caught.value.reason


# ---- round trips -------------------------------------------------------------------------------
def waiting_steps(store, gid) -> list[int]:
    """The steps where a player is to act (the next record is a player's command)."""
    rows = store.rows(gid)
    return [r.version - 1 for r in rows[1:] if r.kind != "Happened" and r.data.get("seat") != SYSTEM][1:]


def test_positions_of_a_recorded_game_read_back_as_themselves():
    """Every tenth position where a player acts in the four-player recorded
    game, and its last: the same position, commands, seats to act and views."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = import_file(store, "fixtures/games/fmp-2.jsonl")
    seats = store.live(gid).header.seats
    steps = waiting_steps(store, gid)[::10] + [store.head_version(gid)]
    for step in steps:
        state = store.session_at(gid, step).state
        written = positions.write(game, state)
        again = positions.state_of(game, positions.parse(game, positions.text_of(written)))
        assert positions.write(game, again) == written, step
        assert game.to_act(again) == game.to_act(state) and game.outcome(again) == game.outcome(state)
        for seat in seats:
            assert game.legal_commands(again, seat) == game.legal_commands(state, seat), (step, seat)
        for seat in (*seats, None, ""):
            assert game.view(again, seat) == game.view(state, seat), (step, seat)


def test_a_game_started_from_a_position_offers_what_the_position_offers():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    text = positions.text_of({"format": "boardlog-position", "game": "fmp", "version": 1,
                              "options": {"players": 2, "timer": 0}, **short(units={"red-tank-1": {"at": "N10"}})})
    gid = store.create("fmp", position=text)
    state = store.live(gid).session.state
    assert game.to_act(state) == ("red",)
    assert "move red-tank-1 N11" in [c.notation() for c in game.legal_commands(state, "red")]


# ---- defaults ----------------------------------------------------------------------------------
def test_a_short_position_takes_the_documented_defaults():
    state = game.from_position(short(units={"red-tank-1": {"at": "N10"}}))
    assert (state.phase, state.turn, state.active, state.ap, state.tide) == ("play", 5, "red", 15, "normal")
    # At turn 5 the pile has lost three cards since turn 3's eight: six left, dealt in turn.
    assert state.future == ("low", "normal", "high") * 2 and len(state.aside) == 6
    assert state.units["red-tank-1"].at == "N10" and state.units["red-tank-2"].inside == "red"
    assert [state.units[f"red-turret-{i}"].at for i in (1, 2, 3)] == ["L9", "K11", "J9"]
    assert state.reserve == {"tank": 16, "crab": 4, "pontoon": 4} and state.ore == frozenset()
    assert game.position(state)["units"]["red-tank-1"] == {"at": "N10"}


def test_a_unit_listed_in_a_cargo_is_carried_and_null_removes_a_unit():
    state = game.from_position(short(units={
        "red-crab-1": {"at": "N10", "cargo": ["ore", "red-tank-2"]},
        "red-tank-3": None,
        "blue-tank-1": {"at": "N11", "colour": "red"},   # captured: its id stays
    }))
    assert state.units["red-tank-2"].carrier == "red-crab-1" and not state.units["red-tank-2"].inside
    assert "red-tank-3" not in state.units and state.controller(state.units["blue-tank-1"]) == "red"
    written = game.position(state)["units"]
    assert written["red-tank-2"] == {"aboard": "red-crab-1"} and written["red-tank-3"] is None
    assert written["blue-tank-1"] == {"colour": "red", "at": "N11"}


def test_the_landing_phase_waits_for_the_next_freighter_in_orbit():
    state = game.from_position({"phase": "landing", "order": ["blue", "red"]})
    assert (state.turn, state.active, game.to_act(state)) == (1, "blue", ("blue",))
    assert state.units["blue-turret-1"].inside == "blue"   # turrets land with their Freighter


# ---- refusals ----------------------------------------------------------------------------------
@pytest.mark.parametrize("sections, rule", [
    ({"colours": []}, "fmp.position.shape"),
    ({"options": {"players": 5}}, "fmp.position.shape"),
    ({"turn": "five"}, "fmp.position.shape"),
    ({"phase": "lunch"}, "fmp.turn.phase"),
    ({"turn": 2}, "fmp.position.turn"),
    ({"order": ["red", "red"]}, "fmp.position.seat"),
    ({"active": "green"}, "fmp.position.seat"),
    ({"phase": "deployment", "active": "red"}, "fmp.position.active"),
    ({"active": ""}, "fmp.position.active"),
    ({"phase": "departure", "departures": {"red": "stay", "blue": "leave"}}, "fmp.departure.reveal"),
    ({"saved": {"red": 7}}, "fmp.turn.bonus"),
    ({"deadline": "soon"}, "fmp.time.limit"),
    ({"tide": {"future": ["high"] * 6}}, "fmp.position.tides"),
    ({"tide": {"aside": ["low"] * 5}}, "fmp.position.tides"),
    ({"tide": {"future": []}}, "fmp.position.tides"),
    ({"tide": {"future": ["low", "high"], "forecasts": {"red": ["high"]}}}, "fmp.tide.forecast"),
    ({"units": {"red-tank-1": {"at": "AZ99"}}}, "fmp.map.hex"),
    ({"units": {"red-tank-1": {"at": "N10", "inside": "red"}}}, "fmp.position.unit"),
    ({"units": {"red-tank-1": {"inside": "blue"}}}, "fmp.position.unit"),
    ({"units": {"red-turret-1": {"at": "N10"}}}, "fmp.position.unit"),
    ({"units": {"red-tank-9": {}, "x": {"at": "N10"}}}, "fmp.position.unit"),
    ({"units": {"red-barge-1": {"at": "G12"}}}, "fmp.deploy.barge"),
    ({"units": {"red-tank-1": {"at": "N10"}, "blue-tank-1": {"at": "N10"}}}, "fmp.position.occupied"),
    ({"units": {"red-tank-1": {"at": "K10"}}}, "fmp.position.occupied"),
    ({"units": {"red-tank-1": {"at": "N10"}}, "ore": ["N10"]}, "fmp.position.occupied"),
    ({"units": {"red-tank-1": {"at": "G12"}}}, "fmp.move.terrain"),
    ({"ore": ["G12"]}, "fmp.unload.sea"),
    ({"units": {"red-heap-1": {"at": "N9"}}}, "fmp.move.heap-mountain"),
    ({"units": {"red-tank-1": {"at": "N9"}, "red-tank-2": {"at": "O10"}}}, "fmp.move.mountain-tanks"),
    ({"units": {"red-pontoon-1": {"at": "G12"}}}, "fmp.pontoon.ground"),
    ({"units": {"red-tank-1": {"at": "N10", "cargo": ["ore"]}}}, "fmp.load.transporter"),
    ({"units": {"red-crab-1": {"at": "N10", "cargo": ["red-barge-1"]}}}, "fmp.load.kind"),
    ({"units": {"red-crab-1": {"at": "N10", "cargo": ["ore", "ore", "ore"]}}}, "fmp.load.slots"),
    ({"units": {"red-crab-1": {"at": "N10", "cargo": ["red-tank-1"]},
                "red-barge-1": {"at": "G12", "tail": "G11", "cargo": ["red-tank-1"]}}}, "fmp.position.cargo"),
    ({"units": {"red-tank-1": {"aboard": "red-crab-1"}}}, "fmp.position.cargo"),
    ({"units": {"red-crab-1": {"at": "N10", "cargo": [["ore"]]}}}, "fmp.position.cargo"),
    ({"built": -1}, "fmp.position.shape"),
    ({"units": {"red-tank-r4": {"at": "N10"}}, "built": 2}, "fmp.position.unit"),
    ({"shots": {"red-tank-1": 3}}, "fmp.fire.ammo"),
    ({"builds": {"red-weatherhen-1": ["crab", "crab"]}}, "fmp.hen.twice"),
    ({"neutralised": {"red-tank-1": "red"}}, "fmp.neutralise.target"),
    ({"evacuation": ["red-tank-1"]}, "fmp.freighter.evacuate"),
    ({"departures": {"red": "stay"}}, "fmp.departure.secret"),
    ({"scores": [["red", 3]]}, "fmp.position.shape"),
])
def test_an_impossible_position_is_refused_with_the_rule_it_breaks(sections, rule):
    refused(short(**sections), rule)


@pytest.mark.parametrize("freighters, rule", [
    ({"red": {"centre": "K10", "pods": "c"}}, "fmp.landing.pods"),
    ({"red": {"centre": "A1", "pods": "a"}}, "fmp.landing.edge"),
    ({"red": {"centre": "N9", "pods": "a"}}, "fmp.landing.terrain"),
    ({"red": {"centre": "K10", "pods": "b"}, "blue": {"centre": "L6", "pods": "a"}}, "fmp.landing.adjacent-zones"),
    ({"red": {"status": "landed"}}, "fmp.position.shape"),
    ({"red": {"centre": "K10", "pods": "b", "controller": "green"}}, "fmp.position.seat"),
])
def test_a_freighter_that_could_not_have_landed_is_refused(freighters, rule):
    refused({"freighters": freighters}, rule)


def test_a_game_cannot_start_from_an_impossible_position():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    text = positions.text_of({"format": "boardlog-position", "game": "fmp", "version": 1,
                              "options": {"players": 2, "timer": 0},
                              **short(units={"red-heap-1": {"at": "N9"}})})
    with pytest.raises(BadPosition) as caught:
        store.create("fmp", position=text)
    assert caught.value.rule == "fmp.move.heap-mountain"


# ---- a rulebook case, set up in a few lines ------------------------------------------------------
def test_capturing_units_the_captured_unit_is_operational_at_once():
    """"Capturing units": two red tanks in contact with a blue crab carrying
    ore take it for one point; it and its cargo turn red and the crab may
    move at once."""
    sc = Scenario.from_position(game, short(units={
        "red-tank-1": {"at": "N10"}, "red-tank-2": {"at": "O11"},
        "blue-crab-1": {"at": "N11", "cargo": ["ore", "blue-tank-1"]},
    }))
    facts = sc.play("red", "capture red-tank-1 red-tank-2 blue-crab-1")
    assert facts[0].cargo == ("blue-tank-1",) and sc.state.ap == 14
    assert sc.state.units["blue-tank-1"].colour == "red"
    sc.play("red", "move blue-crab-1 M11")
