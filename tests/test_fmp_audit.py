"""Second pass over the `fmp` rules: narrative tests for the rulebook
sentences the first pass left untested or read differently.

Positions come from `test_fmp.position` (red's turn, red Freighter on K10,
blue on AE13); the places of the stand-in map used here:

    G12 sea - H12 reef - I12 reef - J12 swamp - K12 plain   (the west coast of zone 1)
    M10, N10, N11, O11 plain;  N8, N9, O9, O10 mountains     (inland, no zone)
"""

from __future__ import annotations

import test_fmp
from test_fmp import blues_turn, game, kinds, position, refused

from engine.games.fmp import board, rules
from engine.games.fmp import events as ev


def deployed(uid: str, at: str) -> ev.UnitDeployed:
    return ev.UnitDeployed(rule="fmp.deploy.place", unit=uid, to=at, tail="")


# ---- Destroyers > Mechanism: "the Heap, even if transported, never goes on a mountain" -------
def test_a_crab_carrying_the_heap_is_never_laid_on_a_mountain():
    """The red Freighter sits on R18 with a pod on R17, next to the mountains
    Q17, R16 and S17.  A crab holding the Heap may leave the Freighter onto
    the plain S18, never onto a mountain."""
    sc = position(red=test_fmp.BY_THE_MOUNTAINS, blue=test_fmp.ON_THE_ISLAND)
    sc.play("red", "load red-crab-1 red-heap-1")       # inside the Freighter: free
    assert sc.state.ap == 15
    refused(sc, "unload red red-crab-1 R16", "fmp.move.heap-mountain")
    facts = sc.play("red", "unload red red-crab-1 S18")
    assert facts[0].cost == 1 and sc.state.units["red-heap-1"].carrier == "red-crab-1"
    # An empty crab may be laid on a mountain.
    sc.play("red", "unload red-crab-1 red-heap-1 T17")
    sc.play("red", "move red-crab-1 S17")
    assert sc.state.units["red-crab-1"].at == "S17"


# ---- Transporters: "a unit or item on a sunken hex can not be loaded (except a pontoon)" -----
def test_a_unit_on_a_pontoon_over_a_sunken_reef_can_be_loaded():
    """At normal tide the reef I12 is under water, but a tank standing on a
    pontoon there stands on a plain: the crab on the swamp J12 loads it."""
    sc = position({"red-pontoon-1": "I12", "red-tank-1": "I12", "red-crab-1": "J12"})
    assert board.sunken("I12", "normal") and not board.is_stuck(sc.state, sc.state.units["red-tank-1"])
    facts = sc.play("red", "load red-crab-1 red-tank-1")
    assert facts[0].rule == "fmp.load.cost" and sc.state.units["red-tank-1"].carrier == "red-crab-1"
    # Without the pontoon the same reef holds nothing that can be loaded.
    bare = position({"red-tank-1": "I12", "red-crab-1": "J12"})
    refused(bare, "load red-crab-1 red-tank-1", "fmp.load.sunken")


# ---- Destroyers: two tanks never parked on touching mountains, however they get there ---------
def test_a_tank_unloaded_or_laid_next_to_a_mountain_tank_is_refused():
    sc = position({"red-tank-1": "N8", "red-crab-1": "N10", "red-tank-2": "M10", "red-tank-3": "O11"})
    sc.play("red", "load red-crab-1 red-tank-2")
    refused(sc, "unload red-crab-1 red-tank-2 N9", "fmp.move.mountain-tanks")
    sc.play("red", "unload red-crab-1 red-tank-2 M10")       # a plain is fine
    # A path may cross the mountain next to N8, as long as the tank does not stop there.
    facts = sc.play("red", "move red-tank-3 O10 N9 M9")
    assert facts[0].path == ("O10", "N9", "M9")
    refused(sc, "move red-tank-2 N9", "fmp.move.mountain-tanks")


# ---- Retreat and neutralization: "destroyers can neutralize several units at once" -----------
def test_a_destroyer_holding_two_units_stays_while_either_is_held():
    """Red's tanks hold the blue crab and a blue tank; destroying the tank
    does not free the holders, who still hold the crab."""
    sc = position({"red-tank-1": "N10", "red-tank-2": "P11", "blue-crab-1": "O12", "blue-tank-1": "O11"})
    sc.play("red", "neutralise red-tank-1 red-tank-2 blue-crab-1")
    sc.play("red", "neutralise red-tank-1 red-tank-2 blue-tank-1")
    assert set(sc.state.neutralised) == {"blue-crab-1", "blue-tank-1"}
    sc.play("red", "fire red-tank-1 red-tank-2 O11")
    assert "blue-tank-1" not in sc.state.units
    refused(sc, "move red-tank-1 M10", "fmp.neutralise.stay")
    sc.play("red", "fire red-tank-1 red-tank-2 O12")   # the last held unit is destroyed too
    sc.play("red", "move red-tank-1 M10")


# ---- Retreat and neutralization: "only other destroyers can de-neutralize it" ----------------
def test_destroying_a_holder_frees_the_neutralised_unit_at_once():
    sc = position(
        {
            "red-tank-1": "N10",
            "red-tank-2": "P11",
            "blue-crab-1": "O12",
            "blue-tank-1": "S11",
            "blue-tank-2": "S12",
        }
    )
    sc.play("red", "neutralise red-tank-1 red-tank-2 blue-crab-1")
    blues_turn(sc)
    assert "blue-crab-1" in sc.state.neutralised  # still held at the start of blue's turn
    sc.play("blue", "move blue-tank-1 R11")
    sc.play("blue", "move blue-tank-2 R12")
    assert not board.under_fire(sc.state, "R11", "blue") and not board.under_fire(
        sc.state, "R12", "blue"
    )
    facts = sc.play(
        "blue",
        "fire blue-tank-1 blue-tank-2 P11",
    )
    assert kinds(facts) == ["TargetDestroyed", "UnitFreed"]
    assert facts[1].rule == "fmp.neutralise.freed" and facts[1].unit == "blue-crab-1"
    sc.play("blue", "move blue-crab-1 O13 O14")            # operational again: a full move


# ---- Retreat and neutralization: "turrets ... can shoot, even inside an unfavorable fire zone" --
def test_a_destroyer_under_unfavourable_fire_cannot_fire_but_a_turret_can():
    """Blue's tanks on Q12 and Q13 cover O12.  A red tank standing there may
    not fire (only an assault's second unit does, as it enters)."""
    sc = position({"red-tank-1": "P10", "red-tank-2": "O12", "blue-tank-1": "Q12", "blue-tank-2": "Q13"})
    assert board.under_fire(sc.state, "O12", "red")
    refused(sc, "fire red-tank-1 red-tank-2 Q12", "fmp.fire.under-fire")
    assert not any(c.verb == "fire" and "red-tank-2" in c.notation()
                   for c in game.legal_commands(sc.state, "red"))
    # Blue tanks on M11 and L11 put the red pod K11 under unfavourable fire: its turret still fires.
    near = position({"blue-tank-1": "M11", "blue-tank-2": "L11"})
    assert board.under_fire(near.state, "K11", "red")
    facts = near.play("red", "fire red-turret-1 red-turret-2 M11")
    assert facts[0].units == ("blue-tank-1",)


# ---- Tide prediction: "the Weather Hen is inoperative ... under unfavorable fire" -------------
def test_a_weather_hen_under_unfavourable_fire_neither_builds_nor_loads():
    sc = position({"red-weatherhen-1": "M10"}, ore=("M11", "L10"))
    sc.play("red", "load red-weatherhen-1 M11")
    sc.apply([deployed("blue-tank-1", "O10"), deployed("blue-tank-2", "O11")])
    assert board.under_fire(sc.state, "M10", "red") and not board.under_fire(sc.state, "L11", "red")
    refused(sc, "build red-weatherhen-1 tank L11", "fmp.hen.inoperative")
    refused(sc, "unload red-weatherhen-1 ore L11", "fmp.hen.inoperative")


# ---- Change of color: "any unit that enters a Freighter takes that Freighter's colour" --------
def test_a_transporter_entering_a_freighter_brings_its_cargo_into_that_colour():
    """Red controls the captured blue Freighter too; a blue crab carrying a
    blue tank enters the red Freighter: both now carry red markers."""
    sc = position({"blue-crab-1": "L10", "blue-tank-1": "M10"})
    sc.apply([ev.FreighterCaptured(rule="fmp.freighter.capture", freighter="blue", seat="red",
                                   previous="blue", unit="red-tank-1", bonus=5, endangered=())])
    sc.play("red", "load blue-crab-1 blue-tank-1")
    sc.play("red", "move blue-crab-1 L9")
    assert sc.state.units["blue-crab-1"].inside == "red"
    assert sc.state.units["blue-crab-1"].colour == sc.state.units["blue-tank-1"].colour == "red"


# ---- Time / Turn 1 / Turn 2: "three minutes in which to land", "three minutes, at the same time" --
def timed_landing():
    from engine.kit.testing import LoadedDice, Scenario
    return Scenario(game, game.setup(game.options(2, {"timer": "on"}), LoadedDice()))


def test_each_landing_has_three_minutes_and_a_freighter_left_in_orbit_is_out():
    from datetime import timedelta

    from engine.core.context import SYSTEM
    from engine.kit.testing import FIXED_NOW
    sc = timed_landing()
    assert game.to_act(sc.state) == (SYSTEM,)                # the clock starts first
    assert game.system_command(sc.state, FIXED_NOW).notation() == "clock"
    facts = sc.play(SYSTEM, "clock")
    assert facts[0].rule == "fmp.time.landing" and facts[0].seat == "red"
    deadline = FIXED_NOW + timedelta(seconds=180)
    assert sc.state.deadline == deadline.isoformat() and game.to_act(sc.state) == ("red",)
    sc.play("red", "land K10 b", now=deadline)                # in time, at the last second
    sc.play(SYSTEM, "clock", now=deadline)                    # blue's three minutes
    late = deadline + timedelta(seconds=181)
    sc.expect_violation("blue", "land AE13 b", "fmp.time.over", now=late)
    assert game.system_command(sc.state, late).notation() == "timeout"
    facts = sc.play(SYSTEM, "timeout", now=late)
    assert kinds(facts) == ["TimeRanOut", "LandingMissed", "PlayerEliminated", "TurnBegan"]
    assert sc.state.freighters["blue"].status == "orbit" and "blue" in sc.state.eliminated
    # Only red deploys; blue's units never reach the planet.
    sc.play(SYSTEM, "clock", now=late)
    assert game.to_act(sc.state) == ("red",)


def test_deployment_is_simultaneous_with_one_shared_three_minutes():
    from datetime import timedelta

    from engine.core.context import SYSTEM
    from engine.kit.testing import FIXED_NOW
    sc = timed_landing()
    sc.play(SYSTEM, "clock")
    sc.play("red", "land K10 b")
    sc.play(SYSTEM, "clock")
    sc.play("blue", "land AE13 b")
    assert sc.state.phase == "deployment" and game.to_act(sc.state) == (SYSTEM,)
    facts = sc.play(SYSTEM, "clock")
    assert facts[0].rule == "fmp.time.deployment" and facts[0].seat == ""
    assert game.to_act(sc.state) == ("red", "blue")          # both at once
    sc.play("blue", "deploy blue-tank-1 AB11")
    sc.play("red", "deploy red-tank-1 K12")
    sc.play("red", "done")
    assert game.to_act(sc.state) == ("blue",)
    late = FIXED_NOW + timedelta(seconds=181)
    sc.expect_violation("blue", "deploy blue-tank-2 AB10", "fmp.time.over", now=late)
    facts = sc.play(SYSTEM, "timeout", now=late)
    assert kinds(facts) == ["TimeRanOut", "DeploymentFinished"] and facts[1].seat == "blue"
    assert sc.state.units["blue-tank-2"].inside == "blue"     # not deployed: still aboard
    assert game.system_command(sc.state, late).notation() == "tide"


# ---- legal_commands is exact: the fast paths agree with `decide` on every candidate ------------
def brute_force(state, seat):
    """Every command a seat could think of, kept if `decide` accepts it."""
    from engine.core.errors import RuleViolation
    from engine.games.fmp import legal, rules
    from engine.games.fmp.commands import Deploy, Fire, Land, Load, Move, Neutralise, Unload

    if seat not in rules.to_act(state):
        return []
    sector = board.sector()
    if state.phase == "landing":
        found = [Land(str(h), p) for h in sector.zone for p in "ab"]
    elif state.phase == "deployment":
        cells = sorted(str(h) for h in sector.zone_hexes[rules.landing_zone(state, seat)])
        found = legal._stowing(state, seat) + [legal.Done()]
        for u in state.units.values():
            if u.inside == seat and u.kind != "turret":
                found += [Deploy(u.id, (h,)) for h in cells]
                found += [Deploy(u.id, (a, c)) for a in cells for c in cells if a < c] if u.kind == "barge" else []
    elif state.phase == "play":
        found = [
            c.command if isinstance(c, legal._Checked) else c for c in legal._actions(state, seat)
        ]
        for u in (
            state.units.values()
        ):  # every step, exit, load, laying and shot, not only the sieved ones
            if state.controller(u) != seat or u.abandoned:
                continue
            if u.at:
                around = legal._near((u.at, u.tail))
                found += [Move(u.id, (h,)) for h in around]
                found += [
                    Move(u.id, (u.tail, h))
                    for h in around
                    if u.tail  # a barge's pivot around its back
                    and {u.at, u.tail} <= set(board.near(h))
                ]
                found += [
                    Load(u.id, x) for h in around for x in (h, *board.occupants(state).get(h, ()))
                ]
                if u.kind in board.RANGE:  # every pair at every hex in reach: shots and holds
                    found += [
                        Neutralise(u.id, d.id, x.id)
                        for d in state.units.values()
                        if d.id > u.id
                        and d.at
                        and d.kind in board.RANGE
                        and state.controller(d) == seat
                        for x in state.units.values()
                        if x.at and state.controller(x) != seat
                    ]
                    found += [
                        Fire(u.id, d.id, str(h))
                        for d in state.units.values()
                        if d.id > u.id
                        and d.at
                        and d.kind in board.RANGE
                        and state.controller(d) == seat
                        for h in board.grid().within(board.hex_of(u.at), 3)
                    ]
            elif u.inside:
                f = state.freighters[u.inside]
                around = legal._near(f.pods)
                found += [Unload(u.inside, u.id, h) for h in around]
                found += [Move(u.id, (a, c)) for a in around for c in board.near(a)] if u.kind == "barge" \
                    else [Move(u.id, (h,)) for h in around]
    else:
        return game.legal_commands(state, seat)
    kept = set()
    for c in found:
        try:
            rules.decide(state, seat, c, legal._CTX)
        except RuleViolation:
            continue
        kept.add(c.notation())
    return sorted(kept)


def test_fast_legal_commands_equal_decide_on_every_candidate():
    import random

    from engine.core.context import SYSTEM
    from engine.core.store import open_store
    from engine.games.fmp import bots

    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("fmp", seed=3, players=3)
    rng = random.Random(3)
    for n in range(500):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seats = [s for s in game.to_act(state) if s != SYSTEM]
        if n % 12 == 0 or state.phase in ("landing", "deployment") and n % 4 == 0:
            for seat in seats:
                fast = [c.notation() for c in game.legal_commands(state, seat)]
                slow = brute_force(state, seat)
                assert fast == sorted(fast) and sorted(set(fast)) == slow, (
                    n,
                    seat,
                    set(fast) ^ set(slow),
                )
        seat = seats[0]
        legal = game.legal_commands(state, seat)
        store.issue(gid, seat, bots.greedy_bot(state, seat, legal, rng).notation())
    assert store.live(gid).session.state.turn >= 5


# ---- Capturing the Freighter: its units "pass under the control" of the captor ----------------
def test_units_the_captor_had_neutralised_are_freed_when_it_takes_their_freighter():
    from test_fmp import BLUE_FREIGHTER, beside, turrets_destroyed
    pod = BLUE_FREIGHTER[1][2]
    sc = position({"red-tank-1": beside(pod), "red-tank-2": "N10", "red-tank-3": "P11", "blue-crab-1": "O12"})
    sc.play("red", "neutralise red-tank-2 red-tank-3 blue-crab-1")
    turrets_destroyed(sc, "blue", BLUE_FREIGHTER[1])
    facts = sc.play("red", f"move red-tank-1 {pod}")
    assert "UnitFreed" in kinds(facts) and "blue-crab-1" not in sc.state.neutralised
    sc.play("red", "move blue-crab-1 O13 O14")                  # red's now, and operational


# ---- Retreat and neutralization: "a neutralizing destroyer must stay where it is" --------------
def test_a_neutralising_destroyer_is_not_loaded_away_either():
    sc = position({"red-tank-1": "N10", "red-tank-2": "P11", "blue-crab-1": "O12", "red-crab-1": "M10"})
    sc.play("red", "neutralise red-tank-1 red-tank-2 blue-crab-1")
    refused(sc, "load red-crab-1 red-tank-1", "fmp.neutralise.stay")


# ---- Action-point costs (gaps): "barge: 1 per new hex it comes to occupy, forward or backward" --
def test_barge_pivoting_around_its_back_hex_costs_one_point():
    """The barge lies on F11 (front) and G11 (back), at sea.  Swinging its
    front around G11 to F10 brings one new hex under it: one point, as a
    step forward (F10 then F11) costs one.  Named first, G11 is the pivot."""
    sc = position({"red-barge-1": ("F11", "G11")})
    facts = sc.play("red", "move red-barge-1 G11 F10")
    barge = sc.state.units["red-barge-1"]
    assert (facts[0].cost, barge.at, barge.tail, sc.state.ap) == (1, "F10", "G11", 14)
    facts = sc.play("red", "move red-barge-1 F11")  # forward: the front enters F11
    assert (
        facts[0].cost,
        sc.state.units["red-barge-1"].at,
        sc.state.units["red-barge-1"].tail,
    ) == (1, "F11", "F10")
    refused(sc, "move red-barge-1 F10 G12", "fmp.move.path")  # G12 does not touch the pivot F10
    legal = {c.notation() for c in game.legal_commands(sc.state, "red")}
    assert "move red-barge-1 F10 G11" in legal and "move red-barge-1 G11" in legal


# ---- Entering and leaving the Freighter: through a pod under fire, by a path out of it -------
def test_entering_the_own_freighter_through_a_pod_under_fire():
    """Blue's tanks on L11 and M11 put red's pod L9 under unfavourable fire,
    not L8 beside it: a red tank on L8 enters through L9 (it ends inside, out
    of reach), but a crab does not unload ore into the Freighter through L9:
    the transporter rules forbid unloading to a hex under unfavourable fire."""
    sc = position(
        {"red-tank-1": "L8", "red-crab-1": "K9", "blue-tank-1": "L11", "blue-tank-2": "M11"}
    )
    assert board.under_fire(sc.state, "L9", "red") and not board.under_fire(sc.state, "L8", "red")
    facts = sc.play("red", "move red-tank-1 L9")
    assert (
        facts[0].into == "red"
        and facts[0].cost == 1
        and sc.state.units["red-tank-1"].inside == "red"
    )
    sc.apply(
        [
            ev.CargoLoaded(
                rule="fmp.load.cost", transporter="red-crab-1", item="ore", origin="J14", cost=0
            )
        ]
    )
    refused(sc, "unload red-crab-1 ore L9", "fmp.unload.fire")
    assert sc.state.freighters["red"].ore == 0
    # The way there stays outside the fire: L10 is under it.
    sc2 = position({"red-tank-1": "M10", "blue-tank-1": "L11", "blue-tank-2": "M11"})
    refused(sc2, "move red-tank-1 L10 L9", "fmp.move.fire")


# ---- Destroyers > Mechanism: "the Heap, even if transported, can never go on a mountain hex" --
def test_the_heap_never_goes_on_a_pontoon_laid_on_a_mountain():
    sc = position({"red-pontoon-1": "N9", "red-heap-1": "M10", "red-tank-1": "M9"})
    refused(sc, "move red-heap-1 N9", "fmp.move.heap-mountain")
    assert not board.can_use("heap", "N9", "normal", pontoon=True)
    # A tank on that pontoon stands on a mountain hex: it reaches three hexes.
    sc.play("red", "move red-tank-1 N9")
    assert board.fire_range(sc.state, sc.state.units["red-tank-1"]) == 3


# ---- Destroyers: "a normal tank located on a mountain hex can reach a target three hexes away" --
def test_mountain_tank_range_three_off_the_mountain_two():
    sc = position({"red-tank-1": "N9", "red-tank-2": "P12", "blue-crab-1": "O12"})
    tank = sc.state.units["red-tank-1"]
    assert board.fire_range(sc.state, tank) == 3 and board.in_range(sc.state, tank, "O12")
    facts = sc.play("red", "fire red-tank-1 red-tank-2 O12")  # three hexes from N9
    assert facts[0].units == ("blue-crab-1",)
    sc2 = position({"red-tank-1": "M10", "red-tank-2": "P12", "blue-crab-1": "O12"})
    assert board.fire_range(sc2.state, sc2.state.units["red-tank-1"]) == 2
    refused(sc2, "fire red-tank-1 red-tank-2 O12", "fmp.fire.range")


# ---- Retreat and neutralization: holding is fire withheld, and costs nothing ---------------------
def test_neutralising_costs_no_point_and_needs_destroyers_out_of_unfavourable_fire():
    sc = position(
        {
            "red-tank-1": "N10",
            "red-tank-2": "P11",
            "blue-crab-1": "O12",
            "blue-tank-1": "R11",
            "blue-tank-2": "R12",
        }
    )
    assert board.under_fire(sc.state, "P11", "red")  # blue's tanks cover red-tank-2
    refused(sc, "neutralise red-tank-1 red-tank-2 blue-crab-1", "fmp.fire.under-fire")
    # Out of that fire, and out of ammunition after two shots at ore, they hold it for nothing.
    units = {"red-tank-1": "N10", "red-tank-2": "P11", "blue-crab-1": "O12"}
    probe = position(units)
    t1, t2 = (probe.state.units[u] for u in ("red-tank-1", "red-tank-2"))
    ore = sorted(
        h
        for h in board.reach(probe.state, t1) & board.reach(probe.state, t2)
        if board.terrain(h) == "plain" and h not in units.values()
    )[:2]
    free = position(units, ore=tuple(ore), ap=5)
    for h in ore:
        free.play("red", f"fire red-tank-1 red-tank-2 {h}")
    assert free.state.shots == {"red-tank-1": 2, "red-tank-2": 2} and free.state.ap == 1
    facts = free.play("red", "neutralise red-tank-1 red-tank-2 blue-crab-1")
    assert facts[0].rule == "fmp.neutralise.hold" and free.state.ap == 1


# ---- Pontoons: "if the first pontoon is destroyed or loaded, the remaining pontoons are destroyed" --
def test_pontoon_chain_collapses_at_a_tide_change_with_everything_on_it():
    """G12 leans on the reefs H12 and G13 (ground at low tide only); G11
    leans on G12 alone.  The tide rises: the whole chain sinks."""
    sc = position(
        {"red-pontoon-1": "G12", "blue-pontoon-1": "G11", "red-tank-1": "G11"},
        tide="low",
        future=("high",) + test_fmp.CARDS,
    )
    assert board.unsupported_pontoons(sc.state, "low") == ()
    facts = test_fmp.tide_turn(sc)
    change = next(f for f in facts if isinstance(f, ev.TideChanged))
    assert change.pontoons_destroyed == ("blue-pontoon-1", "red-pontoon-1")
    assert change.units_destroyed == ("red-tank-1",)
    assert not {"red-pontoon-1", "blue-pontoon-1", "red-tank-1"} & set(sc.state.units)


def test_pontoon_structure_stands_while_one_of_its_pontoons_touches_ground():
    """Our reading of "the first one": G11 leans on G12, and on H11, which
    touches the reef I12.  Loading G12 leaves G11 standing through H11; with
    no H11, G11 collapses."""
    chain = {"red-pontoon-1": "G12", "blue-pontoon-1": "G11", "red-crab-1": "H12"}
    single = position(chain, tide="low")
    facts = single.play("red", "load red-crab-1 red-pontoon-1")
    assert kinds(facts) == ["CargoLoaded", "PontoonsCollapsed"] and facts[1].pontoons == (
        "blue-pontoon-1",
    )
    braced = position(
        {**chain, "green-pontoon-1": "H11"}, tide="low", seats=("red", "blue", "green")
    )
    facts = braced.play("red", "load red-crab-1 red-pontoon-1")
    assert kinds(facts) == ["CargoLoaded"] and braced.state.units["blue-pontoon-1"].at == "G11"


# ---- Turn 5: "at the beginning of the 11th and 19th turns ... shuffle all the cards" ----------
def test_tide_cards_reshuffled_again_at_turn_19():
    sc = position({"red-tank-1": "N10"}, turn=18, future=("low",))
    facts = test_fmp.tide_turn(sc, dice=test_fmp.LoadedDice())
    reshuffle = next(f for f in facts if isinstance(f, ev.TideCardsReshuffled))
    assert sc.state.turn == 19 and sc.state.tide == "low"
    assert (
        len(reshuffle.future) == 8
        and len(reshuffle.aside) == 6
        and reshuffle.future == sc.state.future
    )
    assert sorted(reshuffle.future + reshuffle.aside + ("low",)) == sorted(
        ("low", "normal", "high") * 5
    )


# ---- Tide prediction: "the Weather Hen is inoperative ... on a barge" -------------------------
def test_a_weather_hen_on_a_barge_forecasts_nothing():
    sc = position({"red-barge-1": ("F11", "G11")}, future=("normal", "high") + test_fmp.CARDS)
    sc.apply(
        [
            ev.CargoLoaded(
                rule="fmp.freighter.stow",
                transporter="red-barge-1",
                item="red-weatherhen-1",
                origin="",
                cost=0,
            )
        ]
    )
    facts = test_fmp.tide_turn(sc)
    assert [f for f in facts if isinstance(f, ev.TideForecast)] == []
    assert game.view(sc.state, "red")["forecast"] == []


# ---- Capturing the Freighter: "if a player loses one of his Freighters, his credit decreases by five" --
def test_super_bonus_is_lost_with_the_freighter():
    sc = position({}, seats=("red", "blue", "green"))
    sc.apply(
        [
            ev.FreighterLanded(
                rule="fmp.landing.land", colour="green", centre="N11", pods=("N10", "O12", "M12")
            ),
            ev.FreighterCaptured(
                rule="fmp.freighter.capture",
                freighter="green",
                seat="red",
                previous="green",
                unit="red-tank-1",
                bonus=5,
                endangered=(),
            ),
        ]
    )
    assert rules.credit(sc.state, "red") == 20
    sc.apply(
        [
            ev.FreighterCaptured(
                rule="fmp.freighter.capture",
                freighter="green",
                seat="blue",
                previous="red",
                unit="blue-tank-1",
                bonus=5,
                endangered=(),
            )
        ]
    )
    assert rules.credit(sc.state, "red") == 15 and rules.credit(sc.state, "blue") == 20


# ---- Mission end: a Freighter that took off left "with what it contained" ----------------------
def test_a_freighter_that_took_off_lets_nothing_out():
    """Red holds the green Freighter too and sends it off at turn 21; what
    is inside stays inside (and no transporter in there is loaded any more)."""
    sc = position({}, seats=("red", "blue", "green"))
    sc.apply(
        [
            ev.FreighterLanded(
                rule="fmp.landing.land", colour="green", centre="N11", pods=("N10", "O12", "M12")
            ),
            ev.FreighterCaptured(
                rule="fmp.freighter.capture",
                freighter="green",
                seat="red",
                previous="green",
                unit="red-tank-1",
                bonus=5,
                endangered=(),
            ),
            ev.FreighterTookOff(
                rule="fmp.departure.leave",
                freighter="green",
                seat="red",
                ore=0,
                units=17,
                score=17,
                cost=0,
            ),
            ev.PlayerTurnBegan(rule="fmp.turn.ap", seat="red", credit=15, saved=0, deadline=""),
        ]
    )
    refused(sc, "move green-tank-1 M10", "fmp.move.exit")
    refused(sc, "load green-crab-1 green-tank-1", "fmp.freighter.stow")
    assert not any(
        c.notation().startswith(("move green-", "load green-"))
        for c in game.legal_commands(sc.state, "red")
    )
    sc.play("red", "move red-tank-1 L8")  # the red Freighter still lets its units out


# ---- Attacking a sector defended by unfavorable fire: "if the second unit arrives transported" --
def test_a_transported_second_unit_is_unloaded_outside_and_moves_in():
    """Blue's tanks on Q12 and Q13 cover P11.  Red's crab on N11 carries a
    tank: it may not unload it into the zone, nor may the carried tank attack."""
    sc = position(
        {"red-crab-1": "O11", "red-tank-2": "N12", "blue-tank-1": "Q12", "blue-tank-2": "Q13"}
    )
    sc.apply(
        [
            ev.CargoLoaded(
                rule="fmp.freighter.stow",
                transporter="red-crab-1",
                item="red-tank-1",
                origin="",
                cost=0,
            )
        ]
    )
    assert board.under_fire(sc.state, "P11", "red") and not board.under_fire(sc.state, "O11", "red")
    refused(sc, "unload red-crab-1 red-tank-1 P11", "fmp.unload.fire")
    refused(sc, "assault red-tank-1 P11 fire red-tank-2 Q12", "fmp.move.carried")


# ---- Turn 3: "draw lots for the first player; the draw is final" ------------------------------
def test_the_first_player_draw_is_final():
    sc = position({"red-tank-1": "N10"}, turn=3, ap=5, seats=("red", "blue"))
    order = sc.state.order
    for _ in range(2):
        facts = test_fmp.tide_turn(sc)
        assert not any(isinstance(f, ev.PlayOrderDrawn) for f in facts) and sc.state.order == order
        assert next(f for f in facts if isinstance(f, ev.PlayerTurnBegan)).seat == order[0]
