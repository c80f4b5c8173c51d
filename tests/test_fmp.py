"""Rule tests for `fmp` (Full Metal Planète), one story per rulebook section.

Rulebook: `../shared/rulebooks/full-metal-planete.txt` and the tables the
scan lost, `full-metal-planete-gaps.md`.  The map is the stand-in sector
of `fixtures/fmp/map.toml`; the places these tests use:

    G12 sea - H12 reef - I12 reef - J12 swamp - K12 plain   (the west coast of zone 1)
    M10, N10, N11, O11 plain;  N8, N9, O9, O10 mountains     (inland, no zone)

Most scenarios start from a prepared position, written in the game's own
position format (`position`, docs/positions/fmp.md), so each test knows
where every unit stands, which tide is running and what the tide pile holds.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from engine.core.context import SYSTEM
from engine.core.errors import BadOptions, RuleViolation
from engine.core.events import SecretRevealed, evolved
from engine.core.game import find_game, register
from engine.games.fmp import board, content, rules
from engine.games.fmp import events as ev
from engine.games.fmp.setup import ore_hexes
from engine.kit import content as kit_content
from engine.kit.testing import FIXED_NOW, LoadedDice, Scenario, TestContext

register("fmp", "engine.games.fmp")
game = find_game("fmp")


RED_FREIGHTER = ("K10", ("L9", "K11", "J9"))       # zone 1, pods "b"
# Zone 5: a landing site whose pod R17 touches the mountains Q17, R16 and S17
# (and the plains Q18, S18), for the cases of a Freighter laying next to a mountain.
BY_THE_MOUNTAINS = ("R18", "a")                     # pods R17, S19, Q19
ON_THE_ISLAND = ("AF19", "a")                       # island B: no zone's neighbour, whatever red's
BLUE_FREIGHTER = ("AE13", ("AF12", "AE14", "AD12"))  # zone 4, pods "b" (NE, S, NW)
CARDS = ("normal", "low", "high", "normal", "low", "high", "normal", "low", "high")


# ---- helpers ---------------------------------------------------------------------------------
def position(units: dict[str, str | tuple[str, str]] | None = None, *, tide: str = "normal",
             ore: tuple[str, ...] = (), ap: int = 15, turn: int = 5, future: tuple[str, ...] = CARDS,
             seats=("red", "blue"), timer: int = 0, saved: int = 0, red: tuple[str, str] = ("K10", "b"),
             blue: tuple[str, str] = ("AE13", "b")) -> Scenario:
    """Red's turn at `turn` with `ap` points (and `saved` more brought from
    earlier turns): both Freighters landed (red on `red`, its centre and
    pods, by default K10 "b"; blue on `blue`, by default AE13 "b"),
    `units` placed (id -> hex, or (head, tail) for a barge), every other
    unit still inside its Freighter; the future-tides pile starts with
    `future` (as many cards as it holds at that turn), a position of the
    game's own format (docs/positions/fmp.md)."""
    placed = {uid: {"at": where} if isinstance(where, str) else {"at": where[0], "tail": where[1]}
              for uid, where in (units or {}).items()}
    return Scenario.from_position(game, {
        "options": {"players": len(seats), "timer": timer}, "turn": turn, "order": list(seats),
        "action_points": ap + saved, "reserve": {"tank": 16, "crab": 4, "pontoon": 4},
        "deadline": (FIXED_NOW + timedelta(seconds=timer)).isoformat() if timer else "",
        # The pile holds 8 cards after the change of turn 3, one fewer a turn, 8 again after a reshuffle.
        "tide": {"current": tide, "future": list(future[:8 - (turn - 3) % 8])},
        "freighters": {"red": {"centre": red[0], "pods": red[1]},
                       "blue": {"centre": blue[0], "pods": blue[1]}},
        "ore": list(ore), "units": placed})


def refused(sc: Scenario, text: str, rule: str, seat: str = "red") -> str:
    """`text` must break `rule` (a rule of the table) and change nothing."""
    assert rule in game.RULES, rule
    return sc.expect_violation(seat, text, rule).reason


def kinds(facts) -> list[str]:
    return [type(f).__name__ for f in facts]


def unit(sc: Scenario, uid: str):
    return sc.state.units[uid]


def test_every_fact_is_documented_and_the_rule_table_is_full():
    for f in ev.EVENTS.values():
        assert f.__doc__, f.__name__
    assert len(game.RULES) > 100
    for ref in game.RULES:
        assert ref.section.strip() and len(ref.explanation) > 20, ref.id


# ---- The playing field -----------------------------------------------------------------------
def test_the_stand_in_map_is_37_by_23_with_two_islands_and_landing_zones():
    sector = content.load()
    assert len(sector.terrain) == 851 and sector.grid.cols == 37 and sector.grid.rows == 23
    assert set(sector.terrain.values()) == {"sea", "reef", "swamp", "plain", "mountain"}
    assert sector.islands == {"A", "B"}
    assert kit_content.source("fmp", "map") == "stand-in content written for this project"
    # The mainland zones follow each other along the coast; an island touches no zone.
    assert sector.zones_adjacent("1", "2") and not sector.zones_adjacent("1", "4")
    assert not any(sector.zones_adjacent("A", z) for z in sector.zones)
    # An island is land surrounded by water at every tide: no land path reaches it.
    land = [h for h, t in sector.terrain.items() if t != "sea"]
    island_a = next(g for g in sector.grid.connected(land) if board.hex_of("D5") in g)
    assert all(sector.zone.get(h) == "A" for h in island_a)


def test_hexes_have_a_short_notation_and_bad_names_are_refused():
    sc = position({"red-tank-1": "N10"})
    assert refused(sc, "move red-tank-1 AZ99", "fmp.map.hex")


# ---- Mission start ---------------------------------------------------------------------------
def test_mission_start_spreads_ore_every_third_hex_but_not_at_sea_or_in_landing_zones():
    sector = content.load()
    ore = [board.hex_of(h) for h in ore_hexes(sector)]
    assert len(ore) > 40
    assert all(sector.terrain[h] != "sea" and h not in sector.zone for h in ore)
    # No two pieces touch: one hex in three.
    assert all(sector.grid.distance(a, b) > 1 for a in ore for b in ore if a != b)
    for h in ore:
        if sector.terrain[h] == "reef":  # never a reef touching a zone's coast
            assert not any(n in sector.zone and sector.terrain[n] in ("plain", "swamp", "mountain")
                           for n in sector.grid.neighbours(h))


@pytest.mark.parametrize("players, reserve", [(2, (16, 4, 4)), (3, (12, 3, 3)), (4, (16, 4, 4))])
def test_mission_start_reserve_depends_on_the_number_of_players(players, reserve):
    facts = game.setup(game.options(players, {}), LoadedDice())
    stocked = next(f for f in facts if isinstance(f, ev.ReserveStocked))
    assert (stocked.tanks, stocked.crabs, stocked.pontoons) == reserve
    assigned = [f for f in facts if isinstance(f, ev.FreighterAssigned)]
    assert len(assigned) == players
    kinds_aboard = sorted(k for _, k in assigned[0].units)
    assert kinds_aboard.count("tank") == 4 and kinds_aboard.count("motorboat") == 2
    assert kinds_aboard.count("turret") == 3 and len(kinds_aboard) == 14


def test_mission_start_tide_cards_nine_future_six_aside_unseen():
    facts = game.setup(game.options(2, {}), LoadedDice())
    cards = next(f for f in facts if isinstance(f, ev.TideCardsShuffled))
    assert len(cards.future) == 9 and len(cards.aside) == 6
    assert sorted(cards.future + cards.aside) == sorted(("low", "normal", "high") * 5)
    for seat in ("red", "blue", ""):
        assert game.redact(cards, seat) == {"future": {"hidden": 9}, "aside": {"hidden": 6}}
    assert game.redact(cards, None)["future"] == list(cards.future)


def test_options_players_and_timer():
    assert game.options(None, {}) == {"players": 2, "timer": 0}
    assert game.options(3, {"timer": "on"})["timer"] == 180
    assert game.seats(game.options(4, {})) == ("red", "blue", "green", "yellow")
    with pytest.raises(BadOptions):
        game.options(5, {})
    with pytest.raises(BadOptions):
        game.options(2, {"timer": "soon"})


# ---- Turn 1: arrival of the Freighters -------------------------------------------------------
def landing() -> Scenario:
    return Scenario(game, game.setup(game.options(2, {}), LoadedDice()))


def test_turn_1_freighters_land_in_the_order_drawn():
    sc = landing()
    assert sc.state.order == ("red", "blue") and game.to_act(sc.state) == ("red",)
    facts = sc.play("red", "land K10 b")
    assert kinds(facts) == ["FreighterLanded"] and facts[0].pods == RED_FREIGHTER[1]
    # The turrets stand on the pods.
    assert {u.at for u in sc.state.units.values() if u.kind == "turret" and u.colour == "red"} \
        == set(RED_FREIGHTER[1])
    assert game.to_act(sc.state) == ("blue",)
    facts = sc.play("blue", "land AE13 b")
    assert kinds(facts) == ["FreighterLanded", "TurnBegan"] and sc.state.turn == 2


@pytest.mark.parametrize("text, rule", [
    ("land G12 a", "fmp.landing.terrain"),       # open sea
    ("land I12 a", "fmp.landing.terrain"),       # reefs
    ("land N11 a", "fmp.landing.zone"),          # inland plains, outside every zone
    ("land E2 a", "fmp.landing.edge"),           # a pod on the top row: no passage left
    ("land K10 c", "fmp.landing.pods"),
])
def test_turn_1_landing_refusals(text, rule):
    refused(landing(), text, rule)


def test_turn_1_no_freighter_in_a_neighbouring_zone_islands_excepted():
    sc = landing()
    sc.play("red", "land K10 b")   # zone 1
    refused(sc, "land K9 a", "fmp.landing.adjacent-zones", seat="blue")   # the same zone
    assert [c.notation() for c in game.legal_commands(sc.state, "blue")
            if board.sector().zone[board.hex_of(c.centre)] == "1"] == []
    sc.play("blue", "land D5 a")   # the island A touches zone 2, but an island neighbours nothing
    assert sc.state.freighters["blue"].status == "landed"


# ---- Turn 2: deployment ----------------------------------------------------------------------
def deployment() -> Scenario:
    sc = landing()
    sc.play("red", "land K10 b")
    sc.play("blue", "land AE13 b")
    return sc


def test_turn_2_deployment_inside_the_own_zone_then_the_tide_phase():
    sc = deployment()
    # "All players together ... at the same time": both may deploy, in any order.
    assert sc.state.phase == "deployment" and game.to_act(sc.state) == ("red", "blue")
    sc.play("blue", "deploy blue-tank-1 AB11")
    sc.play("red", "deploy red-tank-1 K12")
    assert unit(sc, "red-tank-1").at == "K12" and not unit(sc, "red-tank-1").inside
    sc.play("red", "deploy red-motorboat-1 I12")   # a reef (sea at normal tide) on the shore
    refused(sc, "deploy red-motorboat-2 G12", "fmp.deploy.coast")   # open sea, off the shore
    sc.play("red", "deploy red-barge-1 G12 H12")   # one of its hexes on the shore
    assert (unit(sc, "red-barge-1").at, unit(sc, "red-barge-1").tail) == ("H12", "G12")
    sc.play("red", "done")
    sc.play("blue", "done")
    # Everyone has deployed: the system seat runs the tide phase of turn 3.
    assert game.to_act(sc.state) == (SYSTEM,)
    command = game.system_command(sc.state, FIXED_NOW)
    assert command.notation() == "tide"
    facts = sc.play(SYSTEM, "tide", dice=LoadedDice(values=(2,)))
    assert kinds(facts)[:3] == ["TurnBegan", "PlayOrderDrawn", "TideChanged"]
    order = facts[1].order
    assert sorted(order) == ["blue", "red"]
    assert sc.state.turn == 3 and sc.state.active == order[0] and sc.state.ap == 5


def test_turn_3_first_player_by_lot_then_clockwise_around_the_map():
    """Four Freighters: west coast (red), east coast (blue), island A in the
    north-west (green), island B in the south-east (yellow).  Clockwise on the
    map from the west: red, green, blue, yellow; the lot picks who starts."""
    sc = Scenario(game, game.setup(game.options(4, {}), LoadedDice()))
    for seat, where in zip(sc.state.order, ("land K10 b", "land AE13 b", "land D5 a", "land AG19 a"),
                           strict=True):
        sc.play(seat, where)
    for seat in sc.state.order:
        sc.play(seat, "done")
    centres = {s: f.centre for s, f in sc.state.freighters.items()}
    assert centres == {"red": "K10", "blue": "AE13", "green": "D5", "yellow": "AG19"}
    ring = ("red", "green", "blue", "yellow")   # clockwise, from the west coast
    for lot in (1, 2, 4):
        drawn = game.decide(sc.state, SYSTEM, game.COMMANDS.parse("tide"),
                            TestContext(LoadedDice(values=(lot,))))
        order = next(f.order for f in drawn if isinstance(f, ev.PlayOrderDrawn))
        assert order == ring[lot - 1:] + ring[:lot - 1]


@pytest.mark.parametrize("text, rule", [
    ("deploy red-tank-1 N10", "fmp.deploy.zone"),
    ("deploy red-tank-1 I12", "fmp.deploy.terrain"),          # a reef is sea at normal tide
    ("deploy red-motorboat-1 K12", "fmp.deploy.terrain"),
    ("deploy red-barge-1 G12", "fmp.deploy.barge"),
    ("deploy red-barge-1 F12 H12", "fmp.deploy.barge"),       # two hexes that do not touch
    ("deploy red-turret-1 K12", "fmp.deploy.unit"),
    ("deploy red-tank-1 K10", "fmp.deploy.occupied"),         # the Freighter's bubble
])
def test_turn_2_deployment_refusals(text, rule):
    refused(deployment(), text, rule)


def test_turn_2_the_pontoon_touches_the_coast():
    sc = deployment()
    sector = board.sector()
    inland = next(str(h) for h in sorted(sector.zone_hexes["1"])
                  if h not in sector.coast("1") and str(h) not in sc.state.ore
                  and board.terrain(str(h)) == "plain" and str(h) not in ("K10", "L9", "K11", "J9"))
    refused(sc, f"deploy red-pontoon-1 {inland}", "fmp.deploy.coast")
    sc.play("red", "deploy red-pontoon-1 H12")   # a reef along the shore


# ---- The tides -------------------------------------------------------------------------------
TABLE = [  # (terrain hex, tide, marine unit operational, terrain unit operational)
    ("I12", "low", False, True), ("I12", "normal", True, False), ("I12", "high", True, False),
    ("J12", "low", False, True), ("J12", "normal", False, True), ("J12", "high", True, False),
]


@pytest.mark.parametrize("hex_name, tide, marine, land", TABLE)
def test_tide_table_every_cell(hex_name, tide, marine, land):
    """"How tide affects the pieces": reefs (I12) and swamps (J12) at each tide."""
    sc = position({"red-motorboat-1": hex_name, "red-tank-1": "N10"}, tide=tide)
    assert board.is_stuck(sc.state, unit(sc, "red-motorboat-1")) is not marine
    sc2 = position({"red-tank-1": hex_name}, tide=tide)
    assert board.is_stuck(sc2.state, unit(sc2, "red-tank-1")) is not land


def test_sea_plain_and_mountain_ignore_the_tide():
    for tide in board.TIDES:
        assert board.can_use("motorboat", "G12", tide) and not board.can_use("tank", "G12", tide)
        assert board.can_use("tank", "N10", tide) and not board.can_use("barge", "N10", tide)
        assert board.can_use("tank", "N9", tide) and not board.can_use("heap", "N9", tide)


def tide_turn(sc: Scenario, dice=None) -> list:
    sc.play("red", "end")
    sc.play("blue", "end")
    assert game.to_act(sc.state) == (SYSTEM,)
    return sc.play(SYSTEM, "tide", dice=dice)


def test_tide_change_neutralises_and_frees_units_as_facts():
    sc = position({"red-tank-1": "J12", "red-motorboat-1": "I12"}, future=("high", "low") + CARDS)
    facts = tide_turn(sc)
    change = next(f for f in facts if isinstance(f, ev.TideChanged))
    assert (change.old, change.new) == ("normal", "high")
    assert change.neutralised == ("red-tank-1",) and change.freed == ()
    facts = tide_turn(sc)
    change = next(f for f in facts if isinstance(f, ev.TideChanged))
    assert change.new == "low"
    assert change.freed == ("red-tank-1",) and change.neutralised == ("red-motorboat-1",)


def test_tide_change_sinks_a_pontoon_whose_only_ground_support_sinks():
    """The pontoon on the sea hex G12 leans on the reefs H12 and G13: ground
    at low tide only.  The tide rises: it sinks, with the tank on it."""
    sc = position({"red-pontoon-1": "G12", "red-tank-1": "G12"}, tide="low",
                  future=("high",) + CARDS)
    # At low tide the reefs H12 and G13 hold the pontoon on the sea hex G12.
    assert board.unsupported_pontoons(sc.state, "low") == ()
    facts = tide_turn(sc)
    change = next(f for f in facts if isinstance(f, ev.TideChanged))
    assert change.pontoons_destroyed == ("red-pontoon-1",) and change.units_destroyed == ("red-tank-1",)
    assert "PontoonsCollapsed" in kinds(facts)
    assert "red-pontoon-1" not in sc.state.units and "red-tank-1" not in sc.state.units


def test_a_tide_change_turns_the_card_it_names_or_is_refused():
    """The fold takes the top card of the future-tides pile only when the
    fact names that card: a fact naming another tide is refused, not read as
    "whatever card is on top"."""
    sc = position({"red-tank-1": "N10"}, future=("high", "low") + CARDS)
    change = dict(rule="fmp.tide.change", turn=6, old="normal", neutralised=(), freed=(),
                  pontoons_destroyed=(), units_destroyed=())
    with pytest.raises(ValueError, match="top of the future-tides pile is 'high'"):
        game.evolve(sc.state, ev.TideChanged(new="low", **change))
    turned = game.evolve(sc.state, ev.TideChanged(new="high", **change))
    assert turned.tide == "high" and turned.future == sc.state.future[1:]
    with pytest.raises(ValueError, match="pile is empty"):
        game.evolve(evolved(turned, future=()), ev.TideChanged(new="low", **change))


def test_tide_pile_is_reshuffled_when_empty_turns_11_and_19():
    sc = position({"red-tank-1": "N10"}, turn=10, future=("high",))
    facts = tide_turn(sc, dice=LoadedDice())
    reshuffle = next(f for f in facts if isinstance(f, ev.TideCardsReshuffled))
    assert len(reshuffle.future) == 8 and len(reshuffle.aside) == 6
    assert sorted(reshuffle.future + reshuffle.aside + ("high",)) == sorted(("low", "normal", "high") * 5)
    assert sc.state.turn == 11 and sc.state.tide == "high" and len(sc.state.future) == 8


# ---- Weather Hen: tide prediction ------------------------------------------------------------
def test_weather_hen_forecast_only_for_its_owner():
    sc = position({"red-weatherhen-1": "N11", "blue-weatherhen-1": "J12"},
                  future=("normal", "high", "low") + CARDS)
    facts = tide_turn(sc)
    forecasts = [f for f in facts if isinstance(f, ev.TideForecast)]
    # Blue's hen stands on the swamp J12... operational at normal tide, so blue sees too.
    assert {f.seat: f.tides for f in forecasts} == {"red": ("high",), "blue": ("high",)}
    assert game.view(sc.state, "red")["forecast"] == ["high"]
    assert "future_tides" not in game.view(sc.state, "red")
    assert game.redact(forecasts[0], "blue")["tides"] == {"hidden": 1}


def test_weather_hen_inside_the_freighter_or_stuck_forecasts_nothing():
    sc = position({"red-tank-1": "N11", "blue-weatherhen-1": "J12"},
                  future=("high", "low") + CARDS)
    facts = tide_turn(sc)
    assert [f for f in facts if isinstance(f, ev.TideForecast)] == []   # blue's hen stuck at high tide
    assert game.view(sc.state, "red")["forecast"] == [] and game.view(sc.state, "blue")["forecast"] == []


def test_weather_hen_under_unfavourable_fire_forecasts_nothing():
    sc = position({"red-weatherhen-1": "O12", "blue-tank-1": "Q12", "blue-tank-2": "Q13"},
                  future=("normal", "high") + CARDS)
    facts = tide_turn(sc)
    assert [f.seat for f in facts if isinstance(f, ev.TideForecast)] == []


def test_two_weather_hens_show_two_tides():
    sc = position({"red-weatherhen-1": "N11"}, future=("normal", "high", "low") + CARDS)
    sc.apply([ev.UnitCaptured(rule="fmp.capture.colour", captors=("red-tank-1", "red-tank-2"),
                              unit="blue-weatherhen-1", cargo=(), colour="red", cost=0),
              ev.UnitDeployed(rule="fmp.deploy.place", unit="blue-weatherhen-1", to="M10", tail="")])
    facts = tide_turn(sc)
    forecast = next(f for f in facts if isinstance(f, ev.TideForecast))
    assert (forecast.seat, forecast.hens, forecast.tides) == ("red", 2, ("high", "low"))


# ---- Action points ---------------------------------------------------------------------------
def test_action_points_5_then_10_then_15():
    sc = position({"red-tank-1": "N10"}, turn=3, ap=5)
    for turn, credit in ((4, 10), (5, 15), (6, 15)):
        facts = tide_turn(sc)
        began = next(f for f in facts if isinstance(f, ev.PlayerTurnBegan))
        assert (sc.state.turn, began.credit) == (turn, credit)


def test_saving_points_in_blocks_of_five_up_to_ten():
    sc = position({"red-tank-1": "N10"}, ap=15)
    sc.play("red", "move red-tank-1 N11 O11 O12")   # 3 points: 12 left
    facts = sc.play("red", "end")
    assert (facts[0].unspent, facts[0].saved) == (12, 10) and facts[0].rule == "fmp.turn.bonus"
    sc.play("blue", "end")
    began = next(f for f in sc.play(SYSTEM, "tide") if isinstance(f, ev.PlayerTurnBegan))
    assert (began.credit, began.saved, sc.state.ap) == (15, 10, 25)


def test_saving_rounds_down_to_a_block_of_five():
    sc = position({"red-tank-1": "N10"}, ap=7)
    facts = sc.play("red", "end")
    assert (facts[0].unspent, facts[0].saved) == (7, 5)


def test_super_bonus_three_freighters_and_ten_saved_points_give_35():
    """The gaps file's example: 15 + 5 + 5 + 10 = 35."""
    sc = position({}, seats=("red", "blue", "green"), ap=0)
    sc.apply([ev.FreighterLanded(rule="fmp.landing.land", colour="green", centre="N11", pods=("N10", "O12", "M12")),
              *[ev.FreighterCaptured(rule="fmp.freighter.capture", freighter=c, seat="red", previous=c,
                                     unit="red-tank-1", bonus=5, endangered=()) for c in ("blue", "green")],
              ev.PlayerTurnEnded(rule="fmp.turn.bonus", seat="red", unspent=10, saved=10)])
    assert rules.credit(sc.state, "red") == 25
    began = [f for f in rules._next_player(sc.state, "", TestContext(LoadedDice()))
             if isinstance(f, ev.PlayerTurnBegan)][0]
    assert (began.seat, began.credit + began.saved) == ("red", 35)


def test_no_command_may_overspend():
    sc = position({"red-tank-1": "N10"}, ap=2)
    refused(sc, "move red-tank-1 N11 O11 O12", "fmp.ap.not-enough")
    sc.play("red", "move red-tank-1 N11 O11")
    assert sc.state.ap == 0
    assert [c.notation() for c in game.legal_commands(sc.state, "red")] == ["end"]


# ---- Movement --------------------------------------------------------------------------------
def test_movement_costs_one_point_a_hex():
    sc = position({"red-tank-1": "N10"})
    facts = sc.play("red", "move red-tank-1 N11 O11")
    assert facts[0].cost == 2 and unit(sc, "red-tank-1").at == "O11" and sc.state.ap == 13


def test_movement_by_terrain_and_tide():
    sc = position({"red-tank-1": "K12", "red-motorboat-1": "G12"}, tide="normal")
    refused(sc, "move red-tank-1 J12 I12 H12", "fmp.move.terrain")   # through a reef at normal tide
    refused(sc, "move red-motorboat-1 H12 I12 J12 K12", "fmp.move.terrain")   # a swamp is land
    sc.play("red", "move red-motorboat-1 H12 I12")                     # reefs are sea
    low = position({"red-tank-1": "K12"}, tide="low")
    low.play("red", "move red-tank-1 J12 I12 H12")                     # reefs are land at low tide


def test_voluntary_stranding_stops_on_the_first_unusable_hex():
    sc = position({"red-tank-1": "K12"}, tide="normal")
    facts = sc.play("red", "move red-tank-1 J12 I12")
    assert facts[0].stranded and facts[0].rule == "fmp.move.strand"
    assert board.is_stuck(sc.state, unit(sc, "red-tank-1"))
    refused(sc, "move red-tank-1 J12", "fmp.tide.neutralised")


def test_ore_is_an_obstacle_and_one_unit_a_hex():
    sc = position({"red-tank-1": "N10", "red-tank-2": "O11"}, ore=("N11",))
    refused(sc, "move red-tank-1 N11", "fmp.move.ore")
    refused(sc, "move red-tank-1 O11", "fmp.move.occupied")


def test_the_heap_never_goes_on_a_mountain():
    sc = position({"red-heap-1": "N10"})
    refused(sc, "move red-heap-1 N9", "fmp.move.heap-mountain")


def test_the_heap_never_goes_on_a_mountain_even_carried():
    sc = position({"red-crab-1": "M10", "red-heap-1": "L10"})
    sc.play("red", "load red-crab-1 red-heap-1")
    refused(sc, "move red-crab-1 N9", "fmp.move.heap-mountain")
    mountain = position({"red-crab-1": "N9", "red-heap-1": "M10"})
    refused(mountain, "load red-crab-1 red-heap-1", "fmp.move.heap-mountain")


def test_two_tanks_may_not_park_on_adjacent_mountains():
    sc = position({"red-tank-1": "N9", "red-tank-2": "M10"})
    refused(sc, "move red-tank-2 M9 N8", "fmp.move.mountain-tanks")
    sc.play("red", "move red-tank-2 M9")   # a plain next to the mountain is fine


def test_never_into_a_hex_under_unfavourable_fire():
    sc = position({"red-tank-1": "N11", "blue-tank-1": "Q12", "blue-tank-2": "Q13"})
    assert board.under_fire(sc.state, "O12", "red")
    refused(sc, "move red-tank-1 O12", "fmp.move.fire")
    # One enemy destroyer alone makes no fire zone.
    one = position({"red-tank-1": "N11", "blue-tank-1": "Q12"})
    assert not board.under_fire(one.state, "O12", "red")


def test_units_leave_and_enter_the_freighter_through_a_pod():
    sc = position({})
    refused(sc, "move red-tank-1 N11", "fmp.move.exit")
    facts = sc.play("red", "move red-tank-1 M9")     # M9 touches the pod L9
    assert facts[0].cost == 1 and unit(sc, "red-tank-1").at == "M9"
    facts = sc.play("red", "move red-tank-1 L9")     # back in through the pod
    assert facts[0].into == "red" and unit(sc, "red-tank-1").inside == "red"
    refused(sc, "move red-tank-2 K10", "fmp.move.exit")   # never out through the bubble


def test_a_barge_moves_on_its_two_hexes_and_pays_per_new_hex():
    sc = position({"red-barge-1": ("G12", "F12")})
    facts = sc.play("red", "move red-barge-1 G11")   # forward: the stern follows onto G12
    assert facts[0].cost == 1
    assert (unit(sc, "red-barge-1").at, unit(sc, "red-barge-1").tail) == ("G11", "G12")
    facts = sc.play("red", "move red-barge-1 F11 F12")   # turning and backing, a point a new hex
    assert facts[0].cost == 2 and unit(sc, "red-barge-1").at == "F12"


def test_marine_units_never_enter_a_pontoon():
    sc = position({"red-pontoon-1": "H11", "red-motorboat-1": "G12"}, tide="low")
    refused(sc, "move red-motorboat-1 H11", "fmp.move.pontoon")


# ---- Transporters ----------------------------------------------------------------------------
def test_loading_ore_costs_one_point_and_uses_a_slot():
    sc = position({"red-crab-1": "N10"}, ore=("N11", "M10", "O11"))
    facts = sc.play("red", "load red-crab-1 N11")
    assert facts[0].cost == 1 and "N11" not in sc.state.ore and unit(sc, "red-crab-1").cargo == ("ore",)
    sc.play("red", "load red-crab-1 M10")
    refused(sc, "load red-crab-1 O11", "fmp.load.slots")


def test_a_weather_hen_carries_one_ore_and_nothing_else():
    sc = position({"red-weatherhen-1": "N10", "red-tank-1": "N11"}, ore=("M10", "O11"))
    refused(sc, "load red-weatherhen-1 red-tank-1", "fmp.load.kind")
    sc.play("red", "load red-weatherhen-1 M10")
    refused(sc, "load red-weatherhen-1 O11", "fmp.load.slots")


def test_nothing_loaded_from_a_sunken_hex_but_a_pontoon():
    sc = position({"red-crab-1": "J12", "red-pontoon-1": "I12"}, ore=("I13",), tide="low")
    sc.apply([ev.TideChanged(rule="fmp.tide.change", turn=5, old="low", new="normal", neutralised=(),
                             freed=(), pontoons_destroyed=(), units_destroyed=())])
    assert board.sunken("I12", "normal") and not board.sunken("I13", "normal")
    sc.play("red", "load red-crab-1 red-pontoon-1")
    high = position({"red-crab-1": "K12"}, ore=("J12",), tide="high")
    refused(high, "load red-crab-1 J12", "fmp.load.sunken")   # a swamp under water


def test_loading_from_a_hex_under_unfavourable_fire_is_refused():
    sc = position({"red-crab-1": "N11", "blue-tank-1": "Q12", "blue-tank-2": "Q13"}, ore=("O12",))
    refused(sc, "load red-crab-1 O12", "fmp.load.fire")


def test_enemy_units_are_not_loaded_but_pontoons_are_neutral():
    sc = position({"red-crab-1": "N10", "blue-tank-1": "N11", "blue-pontoon-1": "M10"})
    refused(sc, "load red-crab-1 blue-tank-1", "fmp.load.own")
    sc.play("red", "load red-crab-1 blue-pontoon-1")
    assert unit(sc, "blue-pontoon-1").carrier == "red-crab-1"


def test_unloading_never_in_open_sea_and_into_the_freighter_through_a_pod():
    sc = position({"red-crab-1": "M9"}, ore=("N10",))
    sc.apply([ev.CargoLoaded(rule="fmp.load.cost", transporter="red-crab-1", item="ore",
                             origin="N10", cost=0)])
    facts = sc.play("red", "unload red-crab-1 ore L9")   # L9 is a pod of red's Freighter
    assert facts[0].into == "red" and sc.state.freighters["red"].ore == 1
    sea = position({"red-barge-1": ("G12", "F12")})
    sea.apply([ev.CargoLoaded(rule="fmp.load.cost", transporter="red-barge-1", item="red-tank-1",
                              origin="K12", cost=0)])
    refused(sea, "unload red-barge-1 red-tank-1 G11", "fmp.unload.sea")


def test_a_unit_unloaded_onto_a_sunken_hex_is_neutralised():
    sc = position({"red-barge-1": ("H11", "G11")})
    sc.apply([ev.CargoLoaded(rule="fmp.load.cost", transporter="red-barge-1", item="red-tank-1",
                             origin="K12", cost=0)])
    assert board.is_operational(sc.state, unit(sc, "red-barge-1"))
    facts = sc.play("red", "unload red-barge-1 red-tank-1 H12")   # a reef under water
    assert facts[0].rule == "fmp.unload.sunken" and board.is_stuck(sc.state, unit(sc, "red-tank-1"))


def test_carried_units_are_neutralised():
    sc = position({"red-crab-1": "N10", "red-tank-1": "N11"})
    sc.play("red", "load red-crab-1 red-tank-1")
    refused(sc, "move red-tank-1 O11", "fmp.move.carried")


# ---- Weather Hen: manufacturing units --------------------------------------------------------
def test_weather_hen_builds_a_tank_from_ore_for_two_points_in_all():
    sc = position({"red-weatherhen-1": "N10"}, ore=("N11",))
    sc.play("red", "load red-weatherhen-1 N11")
    facts = sc.play("red", "build red-weatherhen-1 tank N11")
    new = facts[0].unit
    assert facts[0].rule == "fmp.hen.build" and sc.state.ap == 13
    assert unit(sc, new).kind == "tank" and unit(sc, new).at == "N11" and unit(sc, new).colour == "red"
    assert unit(sc, "red-weatherhen-1").cargo == () and sc.state.reserve["tank"] == 15
    sc.play("red", f"move {new} O12")   # a new unit obeys at once


def test_weather_hen_two_builds_a_turn_never_two_crabs():
    sc = position({"red-weatherhen-1": "N10"}, ore=("N11", "M10", "O11"))
    sc.play("red", "load red-weatherhen-1 N11")
    sc.play("red", "build red-weatherhen-1 crab N11")
    sc.play("red", "load red-weatherhen-1 M10")
    refused(sc, "build red-weatherhen-1 crab M10", "fmp.hen.twice")
    sc.play("red", "build red-weatherhen-1 tank M10")
    sc.play("red", "load red-weatherhen-1 O11")
    refused(sc, "build red-weatherhen-1 tank O11", "fmp.hen.twice")   # two a turn at most


def test_weather_hen_needs_ore_and_builds_only_from_the_reserve():
    sc = position({"red-weatherhen-1": "N10"}, ore=("N11",))
    refused(sc, "build red-weatherhen-1 tank N11", "fmp.hen.ore")
    sc.play("red", "load red-weatherhen-1 N11")
    refused(sc, "build red-weatherhen-1 heap N11", "fmp.hen.kind")
    refused(sc, "build red-tank-1 tank N11", "fmp.hen.builder")
    empty = position({"red-weatherhen-1": "N10"}, ore=("N11",))
    drained = Scenario(game, state=evolved(empty.state, reserve={"tank": 0, "crab": 1, "pontoon": 1}))
    drained.play("red", "load red-weatherhen-1 N11")
    refused(drained, "build red-weatherhen-1 tank N11", "fmp.hen.reserve")


def test_transporters_may_be_deployed_loaded():
    sc = deployment()
    facts = sc.play("red", "load red-barge-1 red-tank-1")   # inside the Freighter: free
    assert facts[0].rule == "fmp.freighter.stow" and facts[0].cost == 0
    sc.play("red", "deploy red-barge-1 G12 H12")
    assert unit(sc, "red-barge-1").cargo == ("red-tank-1",) and unit(sc, "red-tank-1").carrier == "red-barge-1"


def test_the_freighter_lays_and_picks_up_pontoons_and_takes_in_ore():
    sc = position({"red-tank-1": "N10"}, ore=("M9",))
    facts = sc.play("red", "load red M9")                    # M9 touches the pod L9
    assert facts[0].rule == "fmp.freighter.load" and sc.state.freighters["red"].ore == 1
    refused(sc, "unload red ore M9", "fmp.unload.cargo")   # ore never leaves the Freighter
    sc.play("red", "unload red red-pontoon-1 M9")
    assert unit(sc, "red-pontoon-1").at == "M9" and sc.state.ap == 13
    sc.play("red", "load red red-pontoon-1")
    assert unit(sc, "red-pontoon-1").inside == "red"


def test_the_freighter_unloads_straight_onto_a_transporter_next_to_a_pod():
    sc = position({"red-crab-1": "M9"})
    facts = sc.play("red", "unload red red-tank-1 M9")
    assert facts[0].onto == "red-crab-1" and unit(sc, "red-tank-1").carrier == "red-crab-1"
    assert unit(sc, "red-crab-1").cargo == ("red-tank-1",) and not unit(sc, "red-tank-1").inside


def test_unloading_onto_a_transporter_with_room():
    sc = position({"red-crab-1": "N10", "red-barge-1": ("G12", "H12"), "red-weatherhen-1": "N11"},
                  ore=("M10",))
    sc.play("red", "load red-crab-1 M10")
    facts = sc.play("red", "unload red-crab-1 ore N11")       # the hen's single slot is free
    assert facts[0].onto == "red-weatherhen-1" and unit(sc, "red-weatherhen-1").cargo == ("ore",)


def test_a_crab_on_a_barge_rearranges_its_cargo_for_free():
    sc = position({"red-barge-1": ("G12", "H12"), "red-crab-1": "I13"}, ore=("J12",))
    sc.play("red", "load red-crab-1 J12")
    sc.play("red", "load red-barge-1 red-crab-1")           # the crab with its ore: one point
    assert sc.state.ap == 13 and unit(sc, "red-barge-1").cargo == ("red-crab-1",)
    facts = sc.play("red", "unload red-crab-1 ore H12")      # onto the barge it sits on
    assert facts[0].cost == 0 and unit(sc, "red-barge-1").cargo == ("red-crab-1", "ore")
    sc.play("red", "load red-crab-1 ore")
    assert unit(sc, "red-crab-1").cargo == ("ore",) and unit(sc, "red-barge-1").cargo == ("red-crab-1",)
    assert sc.state.ap == 13


# ---- Pontoons --------------------------------------------------------------------------------
def test_a_pontoon_must_touch_ground_and_a_chain_collapses_with_its_first():
    sc = position({"red-crab-1": "K12", "red-pontoon-1": "J12"}, tide="high")
    assert not board.is_stuck(sc.state, unit(sc, "red-crab-1"))
    # At high tide J12 (swamp) and I12 (reef) are under water; the pontoon on
    # J12 touches the plain K12, a second one on I12 leans on it.
    sc.apply([ev.UnitDeployed(rule="fmp.deploy.place", unit="blue-pontoon-1", to="I12", tail="")])
    assert board.unsupported_pontoons(sc.state, "high") == ()
    facts = sc.play("red", "load red-crab-1 red-pontoon-1")
    assert kinds(facts) == ["CargoLoaded", "PontoonsCollapsed"]
    assert facts[1].pontoons == ("blue-pontoon-1",) and "blue-pontoon-1" not in sc.state.units


def test_a_pontoon_is_not_laid_out_of_reach_of_ground():
    sc = position({"red-barge-1": ("F13", "F12")}, tide="high")
    sc.apply([ev.CargoLoaded(rule="fmp.load.cost", transporter="red-barge-1", item="red-pontoon-1",
                             origin="K12", cost=0)])
    refused(sc, "unload red-barge-1 red-pontoon-1 E13", "fmp.pontoon.ground")


# ---- Destroyers ------------------------------------------------------------------------------
def test_two_destroyers_in_range_destroy_everything_on_the_target():
    sc = position({"red-tank-1": "P11", "red-tank-2": "N11", "blue-crab-1": "O12"})
    sc.apply([ev.CargoLoaded(rule="fmp.load.cost", transporter="blue-crab-1", item="blue-tank-1",
                             origin="O13", cost=0)])
    facts = sc.play("red", "fire red-tank-1 red-tank-2 O12")
    assert facts[0].units == ("blue-crab-1",) and facts[0].cost == 2
    assert "blue-crab-1" not in sc.state.units and "blue-tank-1" not in sc.state.units
    assert sc.state.shots == {"red-tank-1": 1, "red-tank-2": 1} and sc.state.ap == 13


def test_range_two_three_for_the_heap_and_a_tank_on_a_mountain():
    sc = position({"red-tank-1": "M10", "red-tank-2": "N11", "red-heap-1": "K12",
                   "blue-crab-1": "P12"}, ore=("N13",))
    refused(sc, "fire red-tank-1 red-tank-2 P12", "fmp.fire.range")   # M10 is 3 away
    mountain = position({"red-tank-1": "N9", "red-tank-2": "N11", "blue-crab-1": "P10"})
    assert board.fire_range(mountain.state, unit(mountain, "red-tank-1")) == 3
    mountain.play("red", "fire red-tank-1 red-tank-2 P10")
    heap = position({"red-heap-1": "M10", "red-tank-2": "N11", "blue-crab-1": "P11"})
    assert board.fire_range(heap.state, unit(heap, "red-heap-1")) == 3
    heap.play("red", "fire red-heap-1 red-tank-2 P11")


def test_a_destroyer_fires_twice_a_turn_and_is_restocked_next_turn():
    sc = position({"red-tank-1": "M11", "red-tank-2": "N11"}, ore=("N12", "M12", "L12"))
    sc.play("red", "fire red-tank-1 red-tank-2 N12")
    sc.play("red", "fire red-tank-1 red-tank-2 M12")
    refused(sc, "fire red-tank-1 red-tank-2 L12", "fmp.fire.ammo")
    sc.play("red", "end")
    assert sc.state.shots == {}


def test_destroyers_never_destroy_their_own_units_but_pontoons():
    sc = position({"red-tank-1": "M11", "red-tank-2": "N11", "red-crab-1": "N12",
                   "red-pontoon-1": "J12"}, tide="low")
    refused(sc, "fire red-tank-1 red-tank-2 N12", "fmp.fire.own")
    sc2 = position({"red-tank-1": "K12", "red-tank-2": "L11", "red-pontoon-1": "J12"})
    sc2.play("red", "fire red-tank-1 red-tank-2 J12")
    assert "red-pontoon-1" not in sc2.state.units


def test_freighters_cannot_be_destroyed_but_turrets_can():
    # M9 and M8 lie outside the turrets' fire zone (a destroyer under it could not fire).
    sc = position({"blue-tank-1": "M9", "blue-heap-1": "M8"})
    sc.apply([ev.PlayerTurnEnded(rule="fmp.turn.end", seat="red", unspent=0, saved=0),
              ev.PlayerTurnBegan(rule="fmp.turn.ap", seat="blue", credit=15, saved=0, deadline="")])
    refused(sc, "fire blue-tank-1 blue-heap-1 K10", "fmp.fire.freighter", seat="blue")
    facts = sc.play("blue", "fire blue-tank-1 blue-heap-1 L9")
    assert facts[0].units == ("red-turret-1",)
    assert board.broken_turrets(sc.state, "red") == 1


# ---- Attacking a sector defended by unfavourable fire: the Theory of the Second Unit ---------
def test_second_unit_enters_the_fire_zone_and_clears_it_at_once():
    """Blue's tanks on Q12 and Q13 cover O12.  Red's first unit, on P10, stays
    outside the zone (only Q12 reaches it); the second, from N11, enters O12
    and fires with the first at Q12: O12 is then covered by Q13 alone."""
    sc = position({"red-tank-1": "P10", "red-tank-2": "N11", "blue-tank-1": "Q12", "blue-tank-2": "Q13"})
    assert board.under_fire(sc.state, "O12", "red") and not board.under_fire(sc.state, "P10", "red")
    refused(sc, "move red-tank-2 O12", "fmp.move.fire")
    assert "assault red-tank-2 O12 fire red-tank-1 Q12" in {
        c.notation() for c in game.legal_commands(sc.state, "red")}
    facts = sc.play("red", "assault red-tank-2 O12 fire red-tank-1 Q12")
    assert kinds(facts) == ["UnitMoved", "TargetDestroyed"]
    assert facts[0].rule == "fmp.second-unit.enter" and facts[1].units == ("blue-tank-1",)
    assert unit(sc, "red-tank-2").at == "O12" and not board.under_fire(sc.state, "O12", "red")
    assert sc.state.ap == 15 - 1 - 2


def test_second_unit_refused_when_its_shots_leave_it_under_fire():
    sc = position({"red-tank-1": "P10", "red-tank-2": "N11", "blue-tank-1": "Q12",
                   "blue-tank-2": "Q13", "blue-tank-3": "O14"})
    refused(sc, "assault red-tank-2 O12 fire red-tank-1 Q12", "fmp.second-unit.clear")
    assert unit(sc, "red-tank-2").at == "N11" and "blue-tank-1" in sc.state.units


def test_second_unit_only_for_a_hex_under_fire_and_only_on_the_last_hex():
    sc = position({"red-tank-1": "P10", "red-tank-2": "N11", "blue-tank-1": "Q12"})
    refused(sc, "assault red-tank-2 O12 fire red-tank-1 Q12", "fmp.second-unit.needless")
    deep = position({"red-tank-1": "P10", "red-tank-2": "N11", "blue-tank-1": "Q12", "blue-tank-2": "Q13"})
    refused(deep, "assault red-tank-2 O12 P12 fire red-tank-1 Q12", "fmp.move.fire")
    refused(deep, "assault red-crab-1 O12 fire red-tank-1 Q12", "fmp.second-unit.destroyer")


def test_capture_by_two_destroyers_in_contact_takes_the_cargo_too():
    sc = position({"red-tank-1": "N10", "red-tank-2": "O12", "blue-crab-1": "O11"})
    sc.apply([ev.CargoLoaded(rule="fmp.load.cost", transporter="blue-crab-1", item="blue-tank-1",
                             origin="O13", cost=0)])
    facts = sc.play("red", "capture red-tank-1 red-tank-2 blue-crab-1")
    assert facts[0].cargo == ("blue-tank-1",) and facts[0].cost == 1
    assert unit(sc, "blue-crab-1").colour == "red" and unit(sc, "blue-tank-1").colour == "red"
    sc.play("red", "move blue-crab-1 P11")   # operational at once, under red's orders


def test_capture_refused_out_of_contact_or_under_fire():
    far = position({"red-tank-1": "M10", "red-tank-2": "O12", "blue-crab-1": "O11"})
    refused(far, "capture red-tank-1 red-tank-2 blue-crab-1", "fmp.capture.contact")
    covered = position({"red-tank-1": "N10", "red-tank-2": "O12", "blue-crab-1": "O11",
                        "blue-tank-1": "Q11", "blue-tank-2": "Q12"})
    refused(covered, "capture red-tank-1 red-tank-2 blue-crab-1", "fmp.capture.fire")


# ---- Retreat and neutralization ---------------------------------------------------------------
def blues_turn(sc: Scenario) -> None:
    sc.play("red", "end")


def test_neutralised_unit_does_nothing_and_its_holders_stay_put():
    sc = position({"red-tank-1": "N10", "red-tank-2": "P11", "blue-crab-1": "O12", "red-crab-1": "M10"},
                  ore=("O13",))
    facts = sc.play("red", "neutralise red-tank-1 red-tank-2 blue-crab-1")
    assert facts[0].rule == "fmp.neutralise.hold" and sc.state.ap == 15
    refused(sc, "move red-tank-1 N11", "fmp.neutralise.stay")
    sc.play("red", "move red-crab-1 M11")                   # other units move freely
    blues_turn(sc)
    refused(sc, "load blue-crab-1 O13", "fmp.load.neutralised", seat="blue")
    refused(sc, "move blue-crab-1 O13", "fmp.move.ore", seat="blue")   # the hex must be free
    refused(sc, "move blue-crab-1 O11", "fmp.neutralise.retreat", seat="blue")   # still in the zone


def test_a_neutralised_unit_retreats_one_hex_out_of_the_fire_zone():
    sc = position({"red-tank-1": "M10", "red-tank-2": "M11", "blue-crab-1": "O11"})
    sc.play("red", "neutralise red-tank-1 red-tank-2 blue-crab-1")
    blues_turn(sc)
    out = next(str(n) for n in board.grid().neighbours(board.hex_of("O11"))
               if not board.under_fire(sc.state, str(n), "blue") and board.terrain(str(n)) == "plain"
               and board.standing_at(sc.state, str(n)) is None)
    facts = sc.play("blue", f"move blue-crab-1 {out}")
    assert facts[0].rule == "fmp.neutralise.retreat" and "blue-crab-1" not in sc.state.neutralised


def test_turrets_cannot_be_neutralised_and_captured_units_are_freed():
    sc = position({"red-tank-1": "N10", "red-tank-2": "O12", "blue-crab-1": "O11"})
    sc.play("red", "neutralise red-tank-1 red-tank-2 blue-crab-1")
    sc.play("red", "capture red-tank-1 red-tank-2 blue-crab-1")
    assert "blue-crab-1" not in sc.state.neutralised
    sc.play("red", "move red-tank-1 N11")                    # the unit it held was captured
    near_turret = position({"red-tank-1": "M9", "red-tank-2": "M10"})
    refused(near_turret, "neutralise red-tank-1 red-tank-2 red-turret-1", "fmp.neutralise.target")


# ---- The Freighter: capturing it --------------------------------------------------------------
def beside(pod: str) -> str:
    """A free land hex touching `pod` outside its Freighter."""
    freighter = {BLUE_FREIGHTER[0], *BLUE_FREIGHTER[1], RED_FREIGHTER[0], *RED_FREIGHTER[1]}
    return next(str(n) for n in board.grid().neighbours(board.hex_of(pod))
                if str(n) not in freighter and board.terrain(str(n)) in ("plain", "swamp"))


def turrets_destroyed(sc: Scenario, colour: str, pods) -> None:
    sc.apply([ev.TargetDestroyed(rule="fmp.fire.destroy", shooters=("x", "y"), target=pod,
                                 units=(f"{colour}-turret-{i}",), ore=False, cost=0)
              for i, pod in enumerate(pods, 1)])


def test_a_freighter_without_turrets_is_taken_by_the_first_enemy_destroyer_to_enter():
    pod = BLUE_FREIGHTER[1][2]
    sc = position({"red-tank-1": beside(pod), "blue-tank-1": "N10"})
    refused(sc, f"move red-tank-1 {pod}", "fmp.move.occupied")   # turrets still stand
    turrets_destroyed(sc, "blue", BLUE_FREIGHTER[1])
    facts = sc.play("red", f"move red-tank-1 {pod}")
    assert kinds(facts) == ["UnitMoved", "FreighterCaptured", "PlayerEliminated"]
    assert sc.state.freighters["blue"].controller == "red" and sc.state.ap == 15 - 1 + 5
    assert unit(sc, "red-tank-1").colour == "blue"             # it took the Freighter's colour
    sc.play("red", "move blue-tank-1 N11")                     # blue's units obey red now
    assert rules.credit(sc.state, "red") == 20                 # the super-bonus, every turn
    assert "blue" in sc.state.eliminated


def test_only_the_captor_rebuilds_turrets_in_the_turn_of_the_capture():
    pod = BLUE_FREIGHTER[1][2]
    sc = position({"red-tank-1": beside(pod)})
    turrets_destroyed(sc, "blue", BLUE_FREIGHTER[1])
    refused(sc, f"rebuild blue {pod}", "fmp.freighter.rebuild")
    sc.play("red", f"move red-tank-1 {pod}")
    facts = sc.play("red", f"rebuild blue {pod}")
    assert facts[0].cost == 2 and board.broken_turrets(sc.state, "blue") == 2
    refused(sc, f"rebuild blue {pod}", "fmp.freighter.rebuild")   # that pod has its turret


def test_captured_units_under_enemy_fire_move_out_first_or_are_neutralised():
    pod = BLUE_FREIGHTER[1][2]
    seats = ("red", "blue", "green")
    sc = position({"red-tank-1": beside(pod), "blue-crab-1": "N11", "blue-tank-1": "J12",
                   "green-tank-1": "K12", "green-tank-2": "L11", "green-tank-3": "O13",
                   "green-tank-4": "P12"}, seats=seats, tide="high")
    turrets_destroyed(sc, "blue", BLUE_FREIGHTER[1])
    facts = sc.play("red", f"move red-tank-1 {pod}")
    # blue-tank-1 is stuck on the swamp J12 at high tide; blue-crab-1 can step away.
    assert facts[1].endangered == ("blue-crab-1", "blue-tank-1")
    refused(sc, "end", "fmp.freighter.evacuate")
    refused(sc, "secure", "fmp.freighter.evacuate")        # the crab can still get out
    (asked,) = game.prompts(sc.state)
    assert asked.seat == "red" and "(blue-crab-1, blue-tank-1) go?" in asked.question
    out = next(c for c in game.legal_commands(sc.state, "red") if c.verb == "move")
    sc.play("red", out.notation())
    facts = sc.play("red", "secure")
    assert [(f.unit, f.seat) for f in facts] == [("blue-tank-1", "green")]
    assert sc.state.evacuation == () and "blue-tank-1" in sc.state.neutralised and game.prompts(sc.state) == ()
    sc.play("red", "end")


def test_a_crab_cannot_take_a_freighter():
    pod = BLUE_FREIGHTER[1][2]
    sc = position({"red-crab-1": beside(pod)})
    turrets_destroyed(sc, "blue", BLUE_FREIGHTER[1])
    refused(sc, f"move red-crab-1 {pod}", "fmp.move.occupied")


# ---- Time ------------------------------------------------------------------------------------
def test_the_three_minute_turn_is_a_recorded_deadline():
    sc = position({"red-tank-1": "N10"}, timer=180)
    deadline = FIXED_NOW + timedelta(seconds=180)
    assert sc.state.deadline == deadline.isoformat()
    assert game.system_command(sc.state, deadline) is None
    late = deadline + timedelta(seconds=1)
    sc.expect_violation("red", "move red-tank-1 N11", "fmp.time.over", now=late)
    assert game.system_command(sc.state, late).notation() == "timeout"
    facts = sc.play(SYSTEM, "timeout", now=late)
    assert kinds(facts)[:2] == ["TimeRanOut", "PlayerTurnEnded"]
    began = facts[-1]
    assert began.seat == "blue" and began.deadline == (late + timedelta(seconds=180)).isoformat()


def test_the_turn_timer_is_a_clock_the_page_counts_down():
    sc = position({"red-tank-1": "N10"}, timer=180)
    deadline = (FIXED_NOW + timedelta(seconds=180)).isoformat()
    assert game.clock(sc.state, FIXED_NOW) == {"seat": "red", "deadline": deadline, "then": "the turn ends"}
    sc.play("red", "end")
    assert game.clock(sc.state, FIXED_NOW)["seat"] == "blue"
    assert game.clock(position({"red-tank-1": "N10"}).state, FIXED_NOW) is None  # the timer off
    assert "timer" in game.OPTION_HELP and "three minutes" in game.OPTION_HELP["timer"]


def test_no_timer_no_deadline():
    sc = position({"red-tank-1": "N10"})
    assert sc.state.deadline == "" and game.system_command(sc.state, FIXED_NOW + timedelta(days=1)) is None


# ---- Mission end -----------------------------------------------------------------------------
def choosing() -> Scenario:
    sc = position({"red-tank-1": "N10", "blue-tank-1": "AC12"}, turn=20)
    tide_turn(sc)
    assert sc.state.turn == 21 and sc.state.phase == "departure"
    return sc


def test_turn_21_secret_choice_revealed_together():
    sc = choosing()
    assert set(game.to_act(sc.state)) == {"red", "blue"}
    assert {(p.seat, p.question.split(":")[0]) for p in game.prompts(sc.state)} == {("red", "Turn 21, in secret"),
                                                                                  ("blue", "Turn 21, in secret")}
    assert game.COMMANDS.is_secret("choose")
    facts = sc.play("blue", "choose blue leave")
    assert kinds(facts) == ["DepartureChosen"]
    assert game.redact(facts[0], "red")["choice"] == "(secret)"
    assert game.view(sc.state, "red")["departures"] == {"blue": "chosen"}
    assert game.to_act(sc.state) == ("red",)
    facts = sc.play("red", "choose red stay")
    assert kinds(facts)[:4] == ["DepartureChosen", "DeparturesRevealed", "SecretRevealed",
                                "FreighterTookOff"]
    assert facts[1].choices == (("blue", "leave"), ("red", "stay"))
    took_off = facts[3]
    assert (took_off.freighter, took_off.cost) == ("blue", 0)
    abandoned = next(f for f in facts if isinstance(f, ev.UnitsAbandoned))
    assert "blue-tank-1" in abandoned.units and unit(sc, "blue-tank-1").abandoned
    assert sc.state.active == "red" and sc.state.turn == 21


def test_turn_21_reveal_names_the_steps_of_the_secret_commands():
    sc = choosing()

    for seat, step in (("red", 41), ("blue", 43)):
        ctx = TestContext(LoadedDice())
        object.__setattr__(ctx, "step", step)   # what the engine would pass, once it does
        facts = game.decide(sc.state, seat, game.COMMANDS.parse(f"choose {seat} stay"), ctx)
        sc.apply(facts)
    reveal = next(f for f in facts if isinstance(f, SecretRevealed))
    assert reveal.steps == (41, 43)


def test_turn_25_lift_off_costs_one_plus_one_per_broken_turret():
    sc = position({"red-tank-1": "N10"}, turn=25, ap=2)
    sc.apply([ev.TargetDestroyed(rule="fmp.fire.destroy", shooters=("blue-tank-1", "blue-tank-2"),
                                 target="L9", units=("red-turret-1",), ore=False, cost=0),
              ev.TargetDestroyed(rule="fmp.fire.destroy", shooters=("blue-tank-1", "blue-tank-2"),
                                 target="K11", units=("red-turret-2",), ore=False, cost=0)])
    refused(sc, "liftoff red", "fmp.liftoff.cost")   # 1 + 2 broken turrets = 3
    rich = position({"red-tank-1": "N10"}, turn=25, ap=3)
    facts = rich.play("red", "liftoff red")
    assert facts[0].cost == 1 and kinds(facts)[:3] == ["FreighterTookOff", "UnitsAbandoned", "PlayerTurnEnded"]


def test_lift_off_only_at_turn_25():
    refused(position({}, turn=24), "liftoff red", "fmp.liftoff.turn")


def test_a_freighter_that_does_not_take_off_is_stranded():
    sc = position({"red-tank-1": "N10"}, turn=25)
    facts = sc.play("red", "end")
    assert kinds(facts)[0] == "FreighterStranded"
    facts = sc.play("blue", "liftoff blue")
    ended = facts[-1]
    assert isinstance(ended, ev.MissionEnded) and ended.winner == "blue"
    assert game.outcome(sc.state).startswith("blue wins")


def test_scoring_two_per_ore_one_per_unit_and_turret():
    sc = position({"red-tank-1": "N10", "red-tank-2": "N11"}, turn=25)
    ore, units = board.load_of(sc.state, "red")
    # Inside: barge, crab, hen, 2 motorboats, 2 tanks, heap, pontoon = 9; turrets 3.
    assert (ore, units) == (0, 12)
    facts = sc.play("red", "liftoff red")
    assert facts[0].score == 12


def test_ties_go_to_most_freighters_then_most_ore():
    sc = position({}, turn=25)
    base = sc.state
    fr = dict(base.freighters)
    fr["red"] = evolved(fr["red"], status="departed", score=10, ore=3)
    fr["blue"] = evolved(fr["blue"], status="departed", score=10, ore=2)
    ended = rules._mission_ended(evolved(base, freighters=fr))
    assert ended.winner == "red" and ended.rule == "fmp.score.tiebreak"
    fr["blue"] = evolved(fr["blue"], ore=3)
    assert rules._mission_ended(evolved(base, freighters=fr)).winner == ""
    # Nobody scores, but blue lost its Freighter: blue has lost, red wins.
    fr = {c: evolved(f, status="stranded") for c, f in base.freighters.items()}
    beaten = evolved(base, freighters=fr, eliminated=frozenset({"blue"}))
    assert rules._mission_ended(beaten).winner == "red"


# ---- Views -----------------------------------------------------------------------------------
def test_views_hold_no_tide_a_seat_may_not_see():
    sc = position({"red-weatherhen-1": "N11"}, future=("normal", "high", "low") + CARDS)
    tide_turn(sc)
    for seat in ("red", "blue", ""):
        shown = game.view(sc.state, seat)
        assert "future_tides" not in shown and "tides_aside" not in shown and "forecasts" not in shown
    assert game.view(sc.state, "blue")["forecast"] == []
    assert game.view(sc.state, None)["future_tides"] == list(sc.state.future)
    for seat in ("red", "blue", ""):
        scrambled = game.scramble_hidden(sc.state, seat, random.Random(4))
        assert game.view(scrambled, seat) == game.view(sc.state, seat)


def test_describe_and_render_are_public_text():
    sc = position({"red-tank-1": "N10"})
    assert "turn 5" in game.render(sc.state)
    for f in sc.events:
        assert isinstance(game.describe(f), str)
    assert "high" not in game.describe(ev.TideForecast(rule="fmp.tide.forecast", seat="red", hens=1,
                                                       tides=("high",)))


def test_unknown_events_are_refused_loudly():
    with pytest.raises(TypeError):
        game.evolve(game.initial_state(), object())


def test_players_cannot_act_for_the_system():
    sc = position({})
    with pytest.raises(RuleViolation):
        game.decide(sc.state, "red", game.COMMANDS.parse("tide"), TestContext(LoadedDice()))
