"""Hand-worked cases for `fmp`, worked out from the rulebook text alone
(`../shared/rulebooks/full-metal-planete.txt` and the restated tables of
`full-metal-planete-gaps.md`), then checked against the engine.

Each test is named after the rulebook section it checks; its comment says
what the section asks, in our own words, and how the numbers come out.
Positions come from `test_fmp.position` (red's turn, red Freighter on K10
with pods L9 K11 J9, blue's on AE13 with pods AF12 AE14 AD12).  Places of the
stand-in map used here:

    G12 sea - H12 reef - I12 reef - J12 swamp - K12 plain   (west coast of zone 1)
    H13 I13 swamp, J13 K13 plain;  I10 reef, I11 J10 sea next to the swamps J9 J11
    M10 M11 N10 N11 O11 O12 P11 P12 plain;  N8 N9 O9 O10 mountains
    A..G of rows 9 to 12: open sea
"""

from __future__ import annotations

import pytest
import test_fmp
from test_fmp import CARDS, blues_turn, game, kinds, position, refused, tide_turn

from engine.games.fmp import board, rules
from engine.games.fmp import events as ev
from engine.kit.testing import Scenario


def placed(uid: str, at: str, tail: str = "") -> ev.UnitDeployed:
    return ev.UnitDeployed(rule="fmp.deploy.place", unit=uid, to=at, tail=tail)


def aboard(transporter: str, item: str, origin: str = "") -> ev.CargoLoaded:
    """Cargo put aboard offstage (no cost): a unit id, or "ore" taken from `origin`."""
    return ev.CargoLoaded(rule="fmp.load.cost", transporter=transporter, item=item, origin=origin, cost=0)


def captured_by_red(uid: str) -> ev.UnitCaptured:
    return ev.UnitCaptured(rule="fmp.capture.colour", captors=("red-tank-1", "red-tank-2"), unit=uid,
                           cargo=(), colour="red", cost=0)


def distance(a: str, c: str) -> int:
    return board.grid().distance(board.hex_of(a), board.hex_of(c))


# ---- The planet > The ore ---------------------------------------------------------------------
# Ore is picked up anywhere at low tide, not from reefs at normal tide, from
# neither reefs nor swamps at high tide.  Worked: crab beside the ore, one point.
@pytest.mark.parametrize("tide, crab, ore, ok", [
    ("low", "J12", "I12", True),       # reef at low tide
    ("normal", "J12", "I12", False),   # reef at normal tide
    ("normal", "K12", "J12", True),    # swamp at normal tide
    ("high", "K12", "J12", False),     # swamp at high tide
])
def test_the_ore_is_picked_up_by_tide_and_terrain(tide, crab, ore, ok):
    sc = position({"red-crab-1": crab}, ore=(ore,), tide=tide)
    if ok:
        facts = sc.play("red", f"load red-crab-1 {ore}")
        assert (facts[0].cost, sc.state.ap, ore in sc.state.ore) == (1, 14, False)
    else:
        refused(sc, f"load red-crab-1 {ore}", "fmp.load.sunken")


# ---- The planet > The tides: units surprised by the tide -----------------------------------------
# A stuck unit does nothing, yet it can be captured, stays an obstacle and
# (doing nothing) does not help make a fire zone.
def test_the_tides_a_stuck_unit_is_an_obstacle_makes_no_fire_and_can_be_captured():
    sc = position({"blue-tank-1": "J12", "blue-tank-2": "L12", "red-tank-1": "K12", "red-tank-2": "K13"},
                  tide="high")
    assert board.is_stuck(sc.state, sc.state.units["blue-tank-1"])
    # K12 touches both blue tanks, but the stuck one does not fire: no zone.
    assert not board.under_fire(sc.state, "K12", "red")
    refused(sc, "move red-tank-1 J12", "fmp.move.occupied")
    facts = sc.play("red", "capture red-tank-1 red-tank-2 blue-tank-1")
    assert facts[0].cost == 1 and sc.state.units["blue-tank-1"].colour == "red"
    # Captured, it is red's, but the high tide still holds it on the swamp.
    refused(sc, "move blue-tank-1 J13", "fmp.tide.neutralised")


# ---- The planet > The tides: voluntary stranding ------------------------------------------------
# A marine unit may run aground on purpose: it stops on the first hex it may
# not use (a swamp at normal tide) and goes no further; neutralised there,
# it waits for a tide that suits it (high: the swamp is sea).
def test_the_tides_a_motorboat_strands_itself_on_the_first_unusable_hex():
    sc = position({"red-motorboat-1": "I12"}, future=("high",) + CARDS)
    refused(sc, "move red-motorboat-1 J12 K12", "fmp.move.terrain")   # on past the swamp
    refused(sc, "move red-motorboat-1 J12 J13", "fmp.move.terrain")
    facts = sc.play("red", "move red-motorboat-1 J12")
    assert facts[0].stranded and facts[0].rule == "fmp.move.strand" and facts[0].cost == 1
    assert board.is_stuck(sc.state, sc.state.units["red-motorboat-1"])
    refused(sc, "move red-motorboat-1 I12", "fmp.tide.neutralised")
    # At high tide the swamp is sea: the change of tide frees it.
    change = next(f for f in tide_turn(sc) if isinstance(f, ev.TideChanged))
    assert change.new == "high" and change.freed == ("red-motorboat-1",)
    sc.play("red", "move red-motorboat-1 I12")


# ---- Play mechanics > Action point system: bonus ------------------------------------------------
# Unspent points are saved by fives, ten at most in all.  Worked: 4 -> 0,
# 5 -> 5, 9 -> 5, 10 -> 10, 14 -> 10, 25 -> 10.
@pytest.mark.parametrize("unspent, saved", [(0, 0), (4, 0), (5, 5), (9, 5), (10, 10), (14, 10), (25, 10)])
def test_action_point_system_saving_by_blocks_of_five_at_most_ten(unspent, saved):
    sc = position({"red-tank-1": "N10"}, ap=unspent)
    facts = sc.play("red", "end")
    assert (facts[0].unspent, facts[0].saved) == (unspent, saved)
    assert facts[0].rule == ("fmp.turn.bonus" if saved else "fmp.turn.end")
    assert sc.state.saved["red"] == saved


# Turn 3 gives 5 points: saved whole, they come back at turn 4 on top of its
# 10, for 15; turn 4's points are then 15 - nothing spent: 10 saved, and
# turn 5 starts with 15 + 10 = 25, the most a one-Freighter player can hold.
def test_action_point_system_points_saved_at_turn_3_are_spent_at_turn_4():
    sc = position({"red-tank-1": "N10"}, turn=3, ap=5)
    facts = tide_turn(sc)
    began = next(f for f in facts if isinstance(f, ev.PlayerTurnBegan))
    assert (sc.state.turn, began.credit, began.saved, sc.state.ap) == (4, 10, 5, 15)
    facts = tide_turn(sc)
    began = next(f for f in facts if isinstance(f, ev.PlayerTurnBegan))
    assert (sc.state.turn, began.credit, began.saved, sc.state.ap) == (5, 15, 10, 25)


# Every action is paid in full from what is left: exactly enough is enough,
# one short is refused (a move of two hexes, a shot, a capture).
def test_action_point_system_exactly_enough_points():
    sc = position({"red-tank-1": "N10"}, ap=2)
    sc.play("red", "move red-tank-1 N11 O11")
    assert sc.state.ap == 0
    shot = {"red-tank-1": "N11", "red-tank-2": "P12", "blue-crab-1": "P11"}
    refused(position(shot, ap=1), "fire red-tank-1 red-tank-2 P11", "fmp.ap.not-enough")
    position(shot, ap=2).play("red", "fire red-tank-1 red-tank-2 P11")
    contact = {"red-tank-1": "N10", "red-tank-2": "O12", "blue-crab-1": "O11"}
    refused(position(contact, ap=0), "capture red-tank-1 red-tank-2 blue-crab-1", "fmp.ap.not-enough")
    one = position(contact, ap=1)
    one.play("red", "capture red-tank-1 red-tank-2 blue-crab-1")
    assert one.state.ap == 0


# ---- Transporters: cargo slots (gaps: transporters and cargo) -----------------------------------
# A barge has four slots: a Weather Hen takes two, a crab two, so nothing
# more fits; a crab carries neither a crab nor a Weather Hen.
def test_transporters_a_barge_holds_a_hen_and_a_crab_and_nothing_more():
    sc = position({"red-barge-1": ("G12", "H12"), "red-crab-1": "I13", "red-weatherhen-1": "H13"})
    refused(sc, "load red-crab-1 red-weatherhen-1", "fmp.load.kind")
    sc.play("red", "load red-barge-1 red-weatherhen-1")
    sc.play("red", "load red-barge-1 red-crab-1")
    assert sc.state.ap == 13
    assert sc.state.units["red-barge-1"].cargo == ("red-weatherhen-1", "red-crab-1")
    sc.apply([placed("red-tank-1", "H13")])   # on the swamp the Hen left
    refused(sc, "load red-barge-1 red-tank-1", "fmp.load.slots")


def test_transporters_slots_are_counted_before_anything_is_loaded():
    sc = position({"red-barge-1": ("G12", "H12"), "red-crab-1": "I13"})
    sc.apply([aboard("red-barge-1", "red-tank-1"), aboard("red-barge-1", "red-tank-2"),
              aboard("red-barge-1", "red-tank-3")])
    # Three slots used: the crab needs two.
    refused(sc, "load red-barge-1 red-crab-1", "fmp.load.slots")
    assert sc.state.ap == 15 and sc.state.units["red-crab-1"].at == "I13"


# Unloading onto a hex holding a transporter puts the item aboard, if it has
# room: the Weather Hen takes one ore and nothing else.
def test_transporters_unloading_onto_a_transporter_needs_room_and_a_kind_it_carries():
    sc = position({"red-crab-1": "N10", "red-weatherhen-1": "N11"}, ore=("M10", "O11"))
    sc.apply([aboard("red-crab-1", "ore", "M10"), aboard("red-crab-1", "red-tank-1"),
              aboard("red-weatherhen-1", "ore", "O11")])
    refused(sc, "unload red-crab-1 ore N11", "fmp.load.slots")
    refused(sc, "unload red-crab-1 red-tank-1 N11", "fmp.load.kind")
    assert sc.state.ap == 15


# Open sea takes nothing unloaded, but a pontoon there is used like a plain:
# a tank unloaded from a barge onto a pontoon laid at sea stands on it.
def test_transporters_no_unloading_in_open_sea_but_onto_a_pontoon_there():
    units = {"red-barge-1": ("I10", "I11")}
    bare = position(units)
    bare.apply([aboard("red-barge-1", "red-tank-1")])
    refused(bare, "unload red-barge-1 red-tank-1 J10", "fmp.unload.sea")
    covered = position({**units, "red-pontoon-1": "J10"})
    covered.apply([aboard("red-barge-1", "red-tank-1")])
    refused(covered, "move red-barge-1 J10", "fmp.move.pontoon")   # a barge never sails onto it
    facts = covered.play("red", "unload red-barge-1 red-tank-1 J10")
    assert facts[0].rule == "fmp.unload.cost" and facts[0].cost == 1
    tank = covered.state.units["red-tank-1"]
    assert tank.at == "J10" and not board.is_stuck(covered.state, tank)


# ---- Weather Hen > Manufacturing units ---------------------------------------------------------
# Two units a turn, never two crabs nor two pontoons; a crab and a pontoon
# in one turn is fine, and the count starts again the next turn.  Each
# creation costs two points: load the ore (1), lay the unit (1).
def test_weather_hen_a_crab_and_a_pontoon_in_one_turn_then_a_crab_again_next_turn():
    sc = position({"red-weatherhen-1": "N10"}, ore=("N11", "M10", "O11", "M11"))
    sc.play("red", "load red-weatherhen-1 N11")
    sc.play("red", "build red-weatherhen-1 crab N11")
    sc.play("red", "load red-weatherhen-1 M10")
    refused(sc, "build red-weatherhen-1 crab M10", "fmp.hen.twice")
    sc.play("red", "build red-weatherhen-1 pontoon M10")
    assert sc.state.ap == 15 - 4 and sc.state.reserve == {"tank": 16, "crab": 3, "pontoon": 3}
    sc.play("red", "load red-weatherhen-1 O11")
    refused(sc, "build red-weatherhen-1 tank O11", "fmp.hen.twice")   # a third unit
    tide_turn(sc)
    # A new turn: the ore carried over is laid as a crab after all.
    facts = sc.play("red", "build red-weatherhen-1 crab O11")
    assert facts[0].kind == "crab" and sc.state.reserve["crab"] == 2


# A creation costs two points, paid one at a time: a player with a single
# point left loads the ore with it, and then cannot lay the unit.
def test_weather_hen_creation_needs_its_second_point():
    sc = position({"red-weatherhen-1": "N10"}, ore=("N11",), ap=1)
    sc.play("red", "load red-weatherhen-1 N11")
    refused(sc, "build red-weatherhen-1 tank N11", "fmp.ap.not-enough")
    assert sc.state.units["red-weatherhen-1"].cargo == ("ore",)


# The Hen may carry its ore on and unload it unconverted, like any transporter.
def test_weather_hen_unloads_unconverted_ore():
    sc = position({"red-weatherhen-1": "N10"}, ore=("N11",))
    sc.play("red", "load red-weatherhen-1 N11")
    sc.play("red", "move red-weatherhen-1 M11")
    facts = sc.play("red", "unload red-weatherhen-1 ore L11")
    assert facts[0].cost == 1 and "L11" in sc.state.ore and sc.state.ap == 12
    assert sc.state.reserve["tank"] == 16


# The Hen lays "as a transporter unloads": onto a hex holding one of the
# player's transporters with room, the new unit goes aboard it.
def test_weather_hen_lays_a_new_unit_aboard_a_transporter_with_room():
    sc = position({"red-weatherhen-1": "N10", "red-crab-1": "M10"}, ore=("N11",))
    sc.play("red", "load red-weatherhen-1 N11")
    legal = {c.notation() for c in game.legal_commands(sc.state, "red")}
    assert "build red-weatherhen-1 tank M10" in legal and "build red-weatherhen-1 crab M10" not in legal
    refused(sc, "build red-weatherhen-1 crab M10", "fmp.load.kind")   # a crab carries no crab
    facts = sc.play("red", "build red-weatherhen-1 tank M10")
    assert kinds(facts) == ["UnitBuilt", "CargoLoaded"] and sc.state.ap == 13
    new = facts[0].unit
    assert sc.state.units["red-crab-1"].cargo == (new,) and sc.state.units[new].carrier == "red-crab-1"
    assert sc.state.units["red-crab-1"].at == "M10" and not sc.state.units[new].at


# ---- Pontoons ---------------------------------------------------------------------------------
# A pontoon is laid and picked up whatever the tide, even on a swamp under
# water, and laid that way it is not neutralised: it is a plain.
def test_pontoons_laid_and_taken_back_on_a_sunken_swamp():
    sc = position({"red-crab-1": "K12"}, tide="high")
    sc.apply([aboard("red-crab-1", "red-pontoon-1")])
    facts = sc.play("red", "unload red-crab-1 red-pontoon-1 J12")
    assert facts[0].rule == "fmp.unload.cost" and board.sunken("J12", "high")
    sc.play("red", "move red-crab-1 J12")            # a crab stands on it at high tide
    assert not board.is_stuck(sc.state, sc.state.units["red-crab-1"])
    sc.play("red", "move red-crab-1 K12")
    sc.play("red", "load red-crab-1 red-pontoon-1")
    assert sc.state.ap == 15 - 4


# A shot at a pontoon destroys everything on it; a player may shoot its own
# pontoon (here with an enemy tank standing on it).
def test_pontoons_destroyed_with_what_stands_on_them():
    sc = position({"red-pontoon-1": "J12", "blue-tank-1": "J12", "red-tank-1": "K12", "red-tank-2": "L11"})
    assert distance("L11", "J12") == 2
    facts = sc.play("red", "fire red-tank-1 red-tank-2 J12")
    assert facts[0].units == ("blue-tank-1", "red-pontoon-1")
    assert not {"blue-tank-1", "red-pontoon-1"} & set(sc.state.units)


# ---- Destroyers > Destroying elements: ranges at their limit -----------------------------------
# A tank reaches exactly two hexes, not three; the Heap exactly three, not four.
def test_destroying_elements_range_exactly_at_its_limit():
    assert (distance("N11", "P11"), distance("M11", "P11"), distance("L11", "P11")) == (2, 3, 4)
    base = {"red-tank-2": "P12", "blue-crab-1": "P11"}
    position({**base, "red-tank-1": "N11"}).play("red", "fire red-tank-1 red-tank-2 P11")
    refused(position({**base, "red-tank-1": "M11"}), "fire red-tank-1 red-tank-2 P11", "fmp.fire.range")
    position({**base, "red-heap-1": "M11"}).play("red", "fire red-heap-1 red-tank-2 P11")
    refused(position({**base, "red-heap-1": "L11"}), "fire red-heap-1 red-tank-2 P11", "fmp.fire.range")


# Two destroyers, never one twice, never a unit that is no destroyer.
def test_destroying_elements_takes_two_destroyers():
    sc = position({"red-tank-1": "N11", "red-crab-1": "O12", "blue-crab-1": "P11"})
    refused(sc, "fire red-tank-1 red-tank-1 P11", "fmp.fire.pair")
    refused(sc, "fire red-tank-1 red-crab-1 P11", "fmp.fire.destroyer")


# "Under unfavourable fire" needs two destroyers of the SAME opponent: one
# blue and one green tank reaching a hex make no zone for red.
def test_destroying_elements_a_fire_zone_is_two_destroyers_of_one_opponent():
    seats = ("red", "blue", "green")
    mixed = position({"red-tank-1": "N11", "blue-tank-1": "Q12", "green-tank-1": "Q13"}, seats=seats)
    assert distance("Q12", "O12") == distance("Q13", "O12") == 2
    assert not board.under_fire(mixed.state, "O12", "red")
    mixed.play("red", "move red-tank-1 O12")
    one_side = position({"red-tank-1": "N11", "blue-tank-1": "Q12", "blue-tank-2": "Q13"}, seats=seats)
    refused(one_side, "move red-tank-1 O12", "fmp.move.fire")


# ---- Destroyers > Capturing units ------------------------------------------------------------
# A destroyer out of ammunition still captures (one point); a pontoon is
# neutral and is never captured.
def test_capturing_units_out_of_ammunition_and_never_a_pontoon():
    sc = position({"red-tank-1": "N10", "red-tank-2": "O12", "blue-crab-1": "O11", "blue-pontoon-1": "N11"},
                  ore=("M11", "N12"))
    refused(sc, "capture red-tank-1 red-tank-2 blue-pontoon-1", "fmp.capture.target")
    sc.play("red", "fire red-tank-1 red-tank-2 M11")
    sc.play("red", "fire red-tank-1 red-tank-2 N12")
    assert sc.state.shots == {"red-tank-1": 2, "red-tank-2": 2} and sc.state.ap == 11
    facts = sc.play("red", "capture red-tank-1 red-tank-2 blue-crab-1")
    assert facts[0].cost == 1 and sc.state.ap == 10 and sc.state.units["blue-crab-1"].colour == "red"


# ---- Destroyers > Retreat and neutralization ----------------------------------------------------
# A neutralised barge may retreat one hex out of the fire zone: it steps
# backward here (the hex F11 touches its back E11 only), and keeps E11, so
# it still lies on two touching hexes.
def test_retreat_and_neutralization_a_barge_retreats_backward():
    sc = position({"blue-barge-1": ("D11", "E11"), "red-motorboat-1": "B11", "red-motorboat-2": "B12"})
    assert distance("B11", "D11") == distance("B12", "D11") == 2
    sc.play("red", "neutralise red-motorboat-1 red-motorboat-2 blue-barge-1")
    blues_turn(sc)
    assert "blue-barge-1" in sc.state.neutralised and not board.under_fire(sc.state, "F11", "blue")
    facts = sc.play("blue", "move blue-barge-1 F11")
    barge = sc.state.units["blue-barge-1"]
    assert facts[0].rule == "fmp.neutralise.retreat" and facts[0].cost == 1
    assert (barge.at, barge.tail) == ("F11", "E11") and distance(barge.at, barge.tail) == 1
    assert "blue-barge-1" not in sc.state.neutralised


# ---- The Freighter > Entering and leaving the Freighter ---------------------------------------
# A unit may enter through one pod and leave through another in the same
# turn: one point in, one point out.  A loaded transporter goes in for one
# point too, and its ore is put into the Freighter for nothing.
def test_the_freighter_in_through_one_pod_out_through_another():
    sc = position({"red-tank-1": "M9", "red-crab-1": "M10"}, ore=("L12",))
    sc.play("red", "move red-tank-1 L9")
    facts = sc.play("red", "move red-tank-1 K12")   # K12 touches the pod K11
    assert facts[0].cost == 1 and sc.state.units["red-tank-1"].at == "K12" and sc.state.ap == 13
    sc.apply([aboard("red-crab-1", "ore", "L12")])
    facts = sc.play("red", "move red-crab-1 L9")
    assert facts[0].cost == 1 and facts[0].into == "red" and sc.state.ap == 12
    facts = sc.play("red", "unload red-crab-1 ore K10")
    assert facts[0].cost == 0 and sc.state.freighters["red"].ore == 1 and sc.state.ap == 12


# ---- The Freighter: the Heap never on a mountain, even carried ----------------------------------
# Unloaded (or laid by the Freighter) onto a crab standing on a mountain, the
# Heap would be on the mountain: refused; a tank may go aboard there.
def test_destroying_elements_the_heap_never_goes_aboard_a_crab_on_a_mountain():
    sc = position({"red-crab-1": "N9", "blue-crab-1": "M10"})
    sc.apply([captured_by_red("blue-crab-1"), aboard("blue-crab-1", "red-heap-1"),
              aboard("blue-crab-1", "red-tank-1")])
    refused(sc, "unload blue-crab-1 red-heap-1 N9", "fmp.move.heap-mountain")
    assert "unload blue-crab-1 red-heap-1 N9" not in {c.notation() for c in game.legal_commands(sc.state, "red")}
    facts = sc.play("red", "unload blue-crab-1 red-tank-1 N9")
    assert facts[0].onto == "red-crab-1"


def test_the_freighter_does_not_lay_the_heap_aboard_a_crab_on_a_mountain():
    """The red Freighter on R18 has a pod on R17, next to the mountain R16."""
    sc = position({"red-crab-1": "R16"}, red=test_fmp.BY_THE_MOUNTAINS, blue=test_fmp.ON_THE_ISLAND)
    refused(sc, "unload red red-heap-1 R16", "fmp.move.heap-mountain")
    facts = sc.play("red", "unload red red-tank-1 R16")
    assert facts[0].onto == "red-crab-1" and facts[0].cost == 1


# ---- Mission end > Turn 21 -------------------------------------------------------------------
# A Freighter that leaves at turn 21 takes its turrets along (each scored a
# point): they no longer stand on the map, and its units left behind are
# neutralised for good but may be captured by the others.
def test_mission_end_turn_21_the_leaving_freighter_takes_its_turrets_and_abandons_the_rest():
    sc = test_fmp.choosing()
    sc.play("blue", "choose blue leave")
    facts = sc.play("red", "choose red stay")
    took_off = next(f for f in facts if isinstance(f, ev.FreighterTookOff))
    # Aboard: barge, crab, hen, 2 motorboats, 3 tanks, Heap, pontoon = 10; 3 turrets.
    assert (took_off.ore, took_off.units, took_off.score, took_off.cost) == (0, 13, 13, 0)
    for pod in test_fmp.BLUE_FREIGHTER[1]:
        assert board.standing_at(sc.state, pod) is None
    assert not any(u.at for u in sc.state.units.values() if u.kind == "turret" and u.colour == "blue")
    assert "blue-turret-1" not in game.view(sc.state, "red")["units"]
    # The abandoned blue tank on AC12: red captures it, it obeys at once.
    sc.apply([placed("red-tank-2", "AB12"), placed("red-tank-3", "AC13")])
    assert sc.state.units["blue-tank-1"].abandoned
    sc.play("red", "capture red-tank-2 red-tank-3 blue-tank-1")
    tank = sc.state.units["blue-tank-1"]
    assert tank.colour == "red" and not tank.abandoned
    sc.play("red", "move blue-tank-1 AC11")


# A player holding two Freighters who sends one away at turn 21 plays with
# the basic credit of one: 20 points become 15.
def test_mission_end_turn_21_sending_one_of_two_freighters_away_lowers_the_credit():
    seats = ("red", "blue", "green")
    sc = position({"red-tank-1": "N10"}, turn=20, seats=seats)
    sc.apply([ev.FreighterLanded(rule="fmp.landing.land", colour="green", centre="N12", pods=("N11", "O13", "M13")),
              ev.PlayerTurnBegan(rule="fmp.turn.ap", seat="red", credit=15, saved=0, deadline=""),
              ev.FreighterCaptured(rule="fmp.freighter.capture", freighter="green", seat="red",
                                   previous="green", unit="red-tank-1", bonus=5, endangered=())])
    assert rules.credit(sc.state, "red") == 20
    tide_turn(sc)
    assert sc.state.phase == "departure" and game.to_act(sc.state) == ("red", "blue")
    sc.play("red", "choose green leave")
    sc.play("blue", "choose blue stay")
    facts = sc.play("red", "choose red stay")
    began = next(f for f in facts if isinstance(f, ev.PlayerTurnBegan))
    assert (began.seat, began.credit) == ("red", 15)


# ---- Mission end > Turn 25 -------------------------------------------------------------------
# Take-off needs 1 point plus 1 per broken turret: all three broken, 4
# points; with 3 it stays.
@pytest.mark.parametrize("ap, ok", [(3, False), (4, True)])
def test_mission_end_turn_25_take_off_with_three_broken_turrets(ap, ok):
    sc = position({"red-tank-1": "N10"}, turn=25, ap=ap)
    test_fmp.turrets_destroyed(sc, "red", test_fmp.RED_FREIGHTER[1])
    if not ok:
        refused(sc, "liftoff red", "fmp.liftoff.cost")
        return
    facts = sc.play("red", "liftoff red")
    # Aboard: barge, crab, hen, 2 motorboats, 3 tanks, Heap, pontoon; no turret.
    assert (facts[0].cost, facts[0].units, facts[0].score) == (4, 10, 10)


# Scoring worked by hand: 3 ore in the Freighter and 1 in the crab inside
# it make 4 ore (8 points); aboard are the barge, crab, hen, 2 motorboats,
# 3 tanks (one stays outside), the Heap and the pontoon (10 units) and two
# turrets still standing (2): 20 points; take-off costs 1 + 1 = 2.
def test_mission_end_turn_25_score_worked_by_hand():
    sc = position({"red-tank-1": "N10"}, turn=25, ore=("M9", "M8", "L8", "J14"))
    sc.apply([ev.CargoLoaded(rule="fmp.freighter.load", transporter="red", item="ore", origin=h, cost=0)
              for h in ("M9", "M8", "L8")])
    sc.apply([aboard("red-crab-1", "ore", "J14")])
    test_fmp.turrets_destroyed(sc, "red", ("L9",))
    assert board.load_of(sc.state, "red") == (4, 12)
    facts = sc.play("red", "liftoff red")
    assert (facts[0].ore, facts[0].units, facts[0].score, facts[0].cost) == (4, 12, 20, 2)
    assert kinds(facts)[-1] == "PlayerTurnBegan" and sc.state.active == "blue"   # its last act


# ---- Pontoons: never laid or taken under unfavourable fire --------------------------------------
# Blue's tanks on Q12 and Q13 both reach O12: no pontoon is laid there nor
# taken from there, though the crab beside it on N11 stands out of that fire.
def test_pontoons_never_laid_or_loaded_under_unfavourable_fire():
    units = {"red-crab-1": "N11", "blue-tank-1": "Q12", "blue-tank-2": "Q13"}
    sc = position(units)
    sc.apply([aboard("red-crab-1", "red-pontoon-1")])
    assert board.under_fire(sc.state, "O12", "red") and not board.under_fire(sc.state, "N11", "red")
    refused(sc, "unload red-crab-1 red-pontoon-1 O12", "fmp.unload.fire")
    lying = position({**units, "blue-pontoon-1": "O12"})
    refused(lying, "load red-crab-1 blue-pontoon-1", "fmp.load.fire")


# ---- The Freighter > Capturing the Freighter ---------------------------------------------------
# Only once all three turrets are destroyed may an enemy destroyer enter and
# take it: with one turret left the way in is shut.  Then its owner, left
# without a Freighter, has lost, and its saved points go back to the box;
# the captor gains 5 points at once and 5 more credit every turn.
def test_capturing_the_freighter_needs_all_three_turrets_destroyed():
    from test_fmp import BLUE_FREIGHTER, beside

    from engine.core.events import evolved
    from engine.kit.testing import Scenario
    pod = BLUE_FREIGHTER[1][2]
    start = position({"red-tank-1": beside(pod)})
    sc = Scenario(game, state=evolved(start.state, saved={"red": 0, "blue": 10}))

    def destroyed(*turrets: str) -> list:
        return [ev.TargetDestroyed(rule="fmp.fire.destroy", shooters=("x", "y"), target="", units=(t,),
                                   ore=False, cost=0) for t in turrets]

    sc.apply(destroyed("blue-turret-2", "blue-turret-3"))   # the one on AF12 stands
    assert board.broken_turrets(sc.state, "blue") == 2
    refused(sc, f"move red-tank-1 {pod}", "fmp.move.occupied")
    sc.apply(destroyed("blue-turret-1"))
    facts = sc.play("red", f"move red-tank-1 {pod}")
    assert kinds(facts) == ["UnitMoved", "FreighterCaptured", "PlayerEliminated"]
    assert sc.state.ap == 15 - 1 + 5 and sc.state.saved["blue"] == 0
    assert rules.credit(sc.state, "red") == 20


# ---- Destroyers > Attacking a sector defended by unfavourable fire -------------------------------
# Three blue tanks (Q12, Q13, O14) cover O12.  Red's second unit enters O12
# from N11 and fires both its shots at once: with red-tank-1 (P10, reached
# by Q12 only) at Q12, with red-tank-3 (M13, reached by O14 only) at O14.
# Only Q13 still reaches O12: the zone is gone.  Points: 1 + 2 + 2 = 5.
def test_attacking_a_defended_sector_the_second_unit_fires_both_its_shots():
    sc = position({"red-tank-1": "P10", "red-tank-2": "N11", "red-tank-3": "M13",
                   "blue-tank-1": "Q12", "blue-tank-2": "Q13", "blue-tank-3": "O14"})
    assert all(distance(h, "O12") == 2 for h in ("Q12", "Q13", "O14"))
    assert not any(board.under_fire(sc.state, h, "red") for h in ("P10", "N11", "M13"))
    refused(sc, "assault red-tank-2 O12 fire red-tank-1 Q12", "fmp.second-unit.clear")
    facts = sc.play("red", "assault red-tank-2 O12 fire red-tank-1 Q12 red-tank-3 O14")
    assert kinds(facts) == ["UnitMoved", "TargetDestroyed", "TargetDestroyed"]
    assert [f.units for f in facts[1:]] == [("blue-tank-1",), ("blue-tank-3",)]
    assert sc.state.ap == 10 and sc.state.shots == {"red-tank-2": 2, "red-tank-1": 1, "red-tank-3": 1}
    assert not board.under_fire(sc.state, "O12", "red")
    # Its two shots are spent: it fires no more this turn.
    assert not any(c.verb in ("fire", "assault") and "red-tank-2" in c.notation()
               for c in game.legal_commands(sc.state, "red"))


# ---- First turns > Turn 2: deployment, with the Heap never on a mountain -------------------------
# Transporters may be deployed loaded, but a crab holding the Heap is never
# set down on a mountain.  The stand-in map has no mountain in a landing
# zone, so this test lends zone 1 the mountain L13 for its duration.
def test_turn_2_a_crab_deployed_with_the_heap_never_on_a_mountain(monkeypatch):
    sector = board.sector()
    monkeypatch.setitem(sector.zone, board.hex_of("L13"), "1")
    assert board.terrain("L13") == "mountain"
    sc = test_fmp.deployment()
    sc.play("red", "load red-crab-1 red-heap-1")
    refused(sc, "deploy red-crab-1 L13", "fmp.move.heap-mountain")
    sc.play("red", "deploy red-tank-1 L13")   # a tank may stand there
    empty = test_fmp.deployment()
    empty.play("red", "deploy red-crab-1 L13")


# The Hen lays aboard only its own player's transporter, and never onto a
# hex under unfavourable fire: a blue crab beside it is an obstacle.
def test_weather_hen_never_lays_aboard_an_enemy_transporter():
    sc = position({"red-weatherhen-1": "N10", "blue-crab-1": "M10"}, ore=("N11",))
    sc.play("red", "load red-weatherhen-1 N11")
    refused(sc, "build red-weatherhen-1 tank M10", "fmp.unload.occupied")
    covered = position({"red-weatherhen-1": "N10", "red-crab-1": "M11", "blue-tank-1": "K12",
                        "blue-tank-2": "L12"}, ore=("N11",))
    covered.play("red", "load red-weatherhen-1 N11")
    assert board.under_fire(covered.state, "M11", "red") and not board.under_fire(covered.state, "N10", "red")
    refused(covered, "build red-weatherhen-1 tank M11", "fmp.unload.fire")


# ---- Destroyers > Destroying elements > Mechanism: two tanks on touching mountains ---------------
# "When a turn ends" no two tanks may be parked on neighbouring mountain hexes.
# Our reading (the rule table, `fmp.move.mountain-tanks`): a turn's end can
# never be refused, so nothing may bring a pair about for one player.  The
# mountains used: N8, N9, O9, O10, all touching one another but N8-O10;
# M9, M10, N10, O11 are the plains around them.
def test_mechanism_a_capture_never_makes_a_pair_of_mountain_tanks():
    # Red's tank on N9 and the blue tank it would capture on O10 touch: refused.
    sc = position({"red-tank-1": "N9", "red-tank-2": "N10", "blue-tank-1": "O10"})
    refused(sc, "capture red-tank-1 red-tank-2 blue-tank-1", "fmp.move.mountain-tanks")
    # From the plains N10 and O11 the same capture is fine: the tank on O10 is
    # then red's, and no other red tank may come to N9 beside it.
    sc = position({"red-tank-1": "N10", "red-tank-2": "O11", "red-tank-3": "M9", "blue-tank-1": "O10"})
    facts = sc.play("red", "capture red-tank-1 red-tank-2 blue-tank-1")
    assert facts[0].colour == "red" and sc.state.ap == 14
    refused(sc, "move red-tank-3 N9", "fmp.move.mountain-tanks")
    sc.play("red", "end")


def test_mechanism_a_retreat_never_makes_a_pair_of_mountain_tanks():
    # Blue's tanks on P11 and O12 both reach N10 (two hexes) but not N9 or M10;
    # they neutralise red's tank on N10 in blue's turn.  Back in red's turn the
    # tank may retreat one hex out of that fire: not onto N9, which touches
    # red's mountain tank on N8, but onto the plain M10 (one point).
    sc = position({"red-tank-1": "N8", "red-tank-2": "N10", "blue-tank-1": "P11", "blue-tank-2": "O12"})
    assert [distance(b, h) for b in ("P11", "O12") for h in ("N10", "N9", "M10")] == [2, 3, 3, 2, 3, 3]
    blues_turn(sc)
    sc.play("blue", "neutralise blue-tank-1 blue-tank-2 red-tank-2")
    sc.play("blue", "end")
    sc.play("system", "tide")
    assert sc.state.active == "red" and sc.state.neutralised == {"red-tank-2": "blue"}
    refused(sc, "move red-tank-2 N9", "fmp.move.mountain-tanks")
    facts = sc.play("red", "move red-tank-2 M10")
    assert facts[0].rule == "fmp.neutralise.retreat" and "red-tank-2" not in sc.state.neutralised


def test_mechanism_taking_a_freighter_never_makes_a_pair_of_mountain_tanks():
    # Blue's tank on O9 touches red's tank on N8.  Taking the turretless blue
    # Freighter would make the blue tank red's where it stands: the way in is
    # shut until red's tank leaves the mountain.
    pod = test_fmp.BLUE_FREIGHTER[1][2]
    sc = position({"red-tank-1": test_fmp.beside(pod), "red-tank-2": "N8", "blue-tank-1": "O9"})
    test_fmp.turrets_destroyed(sc, "blue", test_fmp.BLUE_FREIGHTER[1])
    refused(sc, f"move red-tank-1 {pod}", "fmp.move.mountain-tanks")
    sc.play("red", "move red-tank-2 M9")
    facts = sc.play("red", f"move red-tank-1 {pod}")
    assert kinds(facts) == ["UnitMoved", "FreighterCaptured", "PlayerEliminated"]
    assert sc.state.controller(sc.state.units["blue-tank-1"]) == "red"


def test_mechanism_a_weather_hen_never_lays_a_tank_beside_a_mountain_tank():
    sc = position({"red-tank-1": "N8", "red-weatherhen-1": "M10"})
    sc.apply([aboard("red-weatherhen-1", "ore")])
    refused(sc, "build red-weatherhen-1 tank N9", "fmp.move.mountain-tanks")
    assert "build red-weatherhen-1 tank N9" not in {c.notation() for c in game.legal_commands(sc.state, "red")}
    facts = sc.play("red", "build red-weatherhen-1 tank M9")
    assert sc.state.units[facts[0].unit].at == "M9"


def test_mechanism_the_freighter_never_lays_a_tank_beside_a_mountain_tank():
    """The red Freighter on R18 has a pod on R17, next to the touching mountains R16 and Q17."""
    sc = position({"red-tank-1": "R16"}, red=test_fmp.BY_THE_MOUNTAINS, blue=test_fmp.ON_THE_ISLAND)
    refused(sc, "unload red red-tank-2 Q17", "fmp.move.mountain-tanks")
    sc.play("red", "unload red red-tank-2 Q18")


def test_mechanism_a_deployment_never_makes_a_pair_of_mountain_tanks(monkeypatch):
    """The stand-in map has no mountain in a landing zone: zone 1 borrows the
    touching mountains L13 and K14 for this test."""
    for h in ("L13", "K14"):
        monkeypatch.setitem(board.sector().zone, board.hex_of(h), "1")
    sc = test_fmp.deployment()
    sc.play("red", "deploy red-tank-1 L13")
    refused(sc, "deploy red-tank-2 K14", "fmp.move.mountain-tanks")
    sc.play("red", "deploy red-crab-1 K14")   # any other unit may stand there


# ---- Pontoons: a neutralised unit lost with its pontoon -----------------------------------------
# "Pontoons": a structure that loses its last ground at the change of tide is
# destroyed with what stands on it.  Blue's tank, neutralised by red's tanks
# on K12 and J13, stands on a pontoon laid on the reef I12; at high tide the
# swamps J11, J12 and I13 around it are sea too, so pontoon and tank go.  The
# tide phase then hands the turn to red as usual: the lost tank is no longer
# counted among the neutralised units (the turn used to stop on it).
def test_pontoons_a_neutralised_unit_lost_with_its_pontoon_at_the_tide():
    sc = Scenario.from_position(game, {
        "freighters": {"red": {"centre": "K10", "pods": "b"}, "blue": {"centre": "AE13", "pods": "b"}},
        "active": "blue", "tide": {"future": ["high", "low", "normal", "high", "low", "normal"]},
        "units": {"red-tank-1": {"at": "K12"}, "red-tank-2": {"at": "J13"},
                  "red-pontoon-1": {"at": "I12"}, "blue-tank-1": {"at": "I12"}},
        "neutralised": {"blue-tank-1": "red"}})
    sc.play("blue", "end")
    facts = sc.play("system", "tide")
    assert kinds(facts) == ["TurnBegan", "TideChanged", "PontoonsCollapsed", "PlayerTurnBegan"]
    assert facts[2].units == ("blue-tank-1",) and sc.state.neutralised == {}
    assert sc.state.active == "red"
