"""What a seat may see, a text picture, and one-line descriptions of facts.

Hidden while the game runs: the order of the tide cards (the future-tides
pile and the cards set aside), the tides each seat's Weather Hens showed it
(only that seat sees its own forecast), and the turn-21 choices until they
are revealed.  Everything else on the planet is public.
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from engine.core.events import SecretRevealed, evolved
from engine.kit.hexgrid import Hex

from . import board as b
from . import events as ev
from .state import Planet

if TYPE_CHECKING:
    import random  # for annotations alone: a read never scrambles (issue #24)

TERRAIN_CHAR = {"sea": "~", "reef": "r", "swamp": "s", "plain": ".", "mountain": "^"}
UNIT_CHAR = {"tank": "t", "heap": "h", "motorboat": "m", "barge": "b", "crab": "c",
             "weatherhen": "w", "pontoon": "p", "turret": "T"}


def view(state: Planet, seat: str | None) -> dict[str, Any]:
    units = sorted(state.units.values(), key=_by_id)  # once for the three lists below
    shown: dict[str, Any] = {
        "map": state.map,
        "turn": state.turn,
        "phase": state.phase,
        "active": state.active,
        "order": list(state.order),
        "tide": b.tide_now(state) if state.turn >= 2 else "",
        "future_tides_left": len(state.future),
        "forecast": list(state.forecasts.get(seat, ())) if seat else [],
        "action_points": state.ap,
        "saved": dict(state.saved),
        "deadline": state.deadline,
        "timer": state.timer,
        "ore": _ore(state.ore),
        "units": _units(state, units),
        "freighters": {c: {"controller": f.controller, "centre": f.centre, "pods": list(f.pods),
                           "ore": f.ore, "status": f.status, "score": f.score}
                       for c, f in sorted(state.freighters.items())},
        "reserve": dict(state.reserve),
        "aboard": _aboard(state, units),
        "stowed": _stowed(units),
        "fire_zones": fire_zones(state),
        "shots": dict(state.shots),
        "builds": {h: list(k) for h, k in sorted(state.builds.items())},
        "departures": {c: (choice if seat is None or state.freighters[c].controller == seat else "chosen")
                       for c, choice in sorted(state.choices.items())},
        "eliminated": sorted(state.eliminated),
        "scores": [list(s) for s in state.scores],
        "winner": state.winner,
    }
    if seat is None:  # the omniscient view (a finished game's replay) shows the cards
        shown["future_tides"] = list(state.future)
        shown["tides_aside"] = list(state.aside)
        shown["forecasts"] = {s: list(t) for s, t in sorted(state.forecasts.items())}
    return shown


def _aboard(state: Planet, units: list) -> dict[str, list[str]]:
    """Freighter -> what is inside it, shown beside the map ("visible to all players");
    `units` in id order."""
    found: dict[str, list[str]] = {c: [] for c in sorted(state.freighters)}
    for u in units:
        if u.inside in found:
            found[u.inside].append(u.id + (f" (+{len(u.cargo)})" if u.cargo else ""))
    return found


def _stowed(units: list) -> dict[str, dict[str, Any]]:
    """Every unit off the map, by id: its kind, colour, where it is (`in`: a
    Freighter's colour, or the id of the unit carrying it) and its cargo, so
    that a page shows (and a player points at) what each Freighter and
    transporter holds: public, as the Freighters' contents are.  `units` in id order."""
    return {u.id: {"kind": u.kind, "colour": u.colour, "in": u.inside or u.carrier, "cargo": list(u.cargo)}
            for u in units if not u.at}


@lru_cache(maxsize=64)
def _ore(ore: frozenset[str]) -> dict[str, bool]:
    """{hex: True} for every hex with ore, keyed by hex so that a step names the
    ore that came or went (the terrain is the map's: the viewer's picture draws it once per tide)."""
    return dict.fromkeys(sorted(ore), True)


def fire_zones(state: Planet) -> dict[str, dict[str, bool]]:
    """seat -> {hex: True} for the hexes under unfavourable fire for it (public:
    every unit is in sight); keyed by hex, so a step names the hexes that changed.
    Read from the zone's bit mask (issue #24): a zone drawn before is found by its
    number, not written out as hex names again (most steps move no destroyer)."""
    return {seat: _marked(b.zone_mask(state, seat)) for seat in state.seats}


@lru_cache(maxsize=64)
def _marked(mask: int) -> dict[str, bool]:
    """{hex: True} in hex order, the same dict while the zone stays the same
    (never changed in place)."""
    return dict.fromkeys(sorted(b.names_of(mask)), True)


_by_id = attrgetter("id")
# What a unit on the map shows of itself, read in one call (a view writes every unit).
_shown = attrgetter("id", "kind", "colour", "at", "tail", "cargo", "abandoned")


def _units(state: Planet, units: list) -> dict[str, dict[str, Any]]:
    """The units on the map, by id (`units` in id order).  Units inside a
    Freighter are listed in `aboard`, carried ones in their carrier's cargo: a
    step's changes then name what moved, not every unit of the mission.  Which
    are stuck is worked out once for the position (issue #24)."""
    stuck, out = b.stuck_ids(state), state.neutralised
    found = {}
    for u in units:
        if u.at:
            uid, kind, colour, at, tail, cargo, abandoned = _shown(u)
            found[uid] = {"kind": kind, "colour": colour, "at": at, "tail": tail, "cargo": list(cargo),
                          "stuck": uid in stuck, "neutralised_by": out.get(uid, ""), "abandoned": abandoned}
    return found


def scramble_hidden(state: Planet, seat: str | None, rng: random.Random) -> Planet:
    """Reorder the tide cards beyond what `seat` saw, and change other seats'
    forecasts and turn-21 choices to match; the omniscient view sees all."""
    if seat is None:
        return state
    seen = len(state.forecasts.get(seat, ()))
    rest = list(state.future[seen:]) + list(state.aside)
    rng.shuffle(rest)
    cut = len(state.future) - seen
    future = state.future[:seen] + tuple(rest[:cut])
    aside = tuple(rest[cut:])
    forecasts = {s: (t if s == seat else future[:len(t)]) for s, t in state.forecasts.items()}
    choices = {c: (v if state.freighters[c].controller == seat else rng.choice(("stay", "leave")))
               for c, v in state.choices.items()}
    return evolved(state, future=future, aside=aside, forecasts=forecasts, choices=choices)


def redact(event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    if seat is None:
        return data
    if isinstance(event, ev.TideCardsShuffled | ev.TideCardsReshuffled):
        data["future"] = {"hidden": len(event.future)}
        data["aside"] = {"hidden": len(event.aside)}
    elif isinstance(event, ev.TideForecast) and event.seat != seat:
        data["tides"] = {"hidden": len(event.tides)}
    elif isinstance(event, ev.DepartureChosen) and event.seat != seat:
        data["choice"] = "(secret)"
    return data


def render(state: Planet) -> str:
    if not state.map:
        return "(no mission set up yet)"
    g = b.grid()
    marks: dict[str, str] = {h: "o" for h in state.ore}
    for h in b.freighter_hexes(state):
        marks[h] = "F"
    for u in state.units.values():
        for h in (u.at, u.tail):
            if h and marks.get(h) != "F":
                marks[h] = UNIT_CHAR[u.kind]
    lines = [f"{state.map} - turn {state.turn}, {state.phase}, tide {b.tide_now(state)}"
             + (f", {state.active} to play with {state.ap} AP" if state.active else "")]
    ground = b.sector().terrain  # by hex: no name parsed back to its hex (`b.terrain`), 763 of them
    for row in range(g.rows):
        cells = []
        for col in range(g.cols):
            hex_ = Hex(col, row)
            cells.append(marks.get(str(hex_)) or TERRAIN_CHAR[ground[hex_]])
        lines.append(f"{row + 1:>2} " + "".join(cells))
    for c, f in sorted(state.freighters.items()):
        lines.append(f"  {c} Freighter ({f.controller}): {f.status} {f.centre} ore {f.ore}"
                     + (f" score {f.score}" if f.status == "departed" else ""))
        placed = [f"{u.id.removeprefix(c + '-')}@{u.at}" for u in sorted(state.units.values(), key=lambda u: u.id)
                  if u.colour == c and u.at and u.kind != "turret"]
        if placed:
            lines.append("    " + " ".join(placed))
    if state.scores:
        lines.append("  scores: " + ", ".join(f"{s} {p}" for s, p in state.scores))
    return "\n".join(lines)


def describe(e) -> str:
    match e:
        case ev.SectorSurveyed():
            return f"the mission lands on {e.map} ({e.columns} x {e.rows} hexes)"
        case ev.FreighterAssigned():
            return f"{e.seat} commands the {e.colour} Freighter ({len(e.units)} pieces aboard)"
        case ev.OreSpread():
            return f"ore spread on {len(e.hexes)} hexes"
        case ev.ReserveStocked():
            return f"reserve: {e.tanks} tanks, {e.crabs} crabs, {e.pontoons} pontoons"
        case ev.TideCardsShuffled():
            return f"tide cards shuffled unseen: {len(e.future)} future tides, {len(e.aside)} set aside"
        case ev.TurnTimerSet():
            return f"each turn lasts {e.seconds} seconds" if e.seconds else "no turn timer"
        case ev.LandingOrderDrawn():
            return "landing order: " + ", ".join(e.order)
        case ev.TurnBegan():
            return f"turn {e.turn} begins"
        case ev.FreighterLanded():
            return f"the {e.colour} Freighter lands on {e.centre} (pods {', '.join(e.pods)})"
        case ev.UnitDeployed():
            return f"{e.unit} deployed on {e.to}" + (f"-{e.tail}" if e.tail else "")
        case ev.DeploymentFinished():
            return f"{e.seat} has deployed"
        case ev.PlayOrderDrawn():
            return "playing order: " + ", ".join(e.order)
        case ev.TideChanged():
            extra = [f"{len(e.neutralised)} neutralised"] if e.neutralised else []
            extra += [f"{len(e.freed)} freed"] if e.freed else []
            extra += [f"{len(e.pontoons_destroyed)} pontoons sunk"] if e.pontoons_destroyed else []
            return f"tide {e.old} -> {e.new}" + (f" ({', '.join(extra)})" if extra else "")
        case ev.TideCardsReshuffled():
            return "tide cards reshuffled unseen"
        case ev.TideForecast():
            return f"{e.seat}'s Weather Hens show the next {len(e.tides)} tide(s) to {e.seat}"
        case ev.PlayerTurnBegan():
            return f"{e.seat} plays with {e.credit + e.saved} action points"
        case ev.PlayerTurnEnded():
            return f"{e.seat} ends the turn" + (f", saving {e.saved}" if e.saved else "")
        case ev.TimeRanOut():
            return f"{e.seat}'s time is up" if e.seat else "the deployment's time is up"
        case ev.TimerStarted():
            return (f"{e.seat} has three minutes to land" if e.seat else "three minutes to deploy") \
                + f", until {e.deadline}"
        case ev.LandingMissed():
            return f"the {e.colour} Freighter did not land in time: it stays in orbit"
        case ev.UnitMoved():
            where = f"into the {e.into} Freighter" if e.into else "-".join(e.path)
            return f"{e.unit} moves {where} ({e.cost} AP)" + (", stranded" if e.stranded else "")
        case ev.CargoLoaded():
            return f"{e.transporter} loads {e.item}" + (f" from {e.origin}" if e.item == "ore" else "")
        case ev.CargoUnloaded():
            return f"{e.transporter} unloads {e.item} " + (f"into the {e.into} Freighter" if e.into else f"on {e.to}")
        case ev.UnitBuilt():
            return f"{e.hen} lays a new {e.kind}, {e.unit}, on {e.to}"
        case ev.PontoonsCollapsed():
            return f"pontoons {', '.join(e.pontoons)} collapse"
        case ev.TargetDestroyed():
            return f"{' and '.join(e.shooters)} destroy {e.target}"
        case ev.UnitCaptured():
            return f"{e.unit} captured by {' and '.join(e.captors)}"
        case ev.UnitNeutralised():
            return f"{' and '.join(e.holders)} neutralise {e.unit}"
        case ev.UnitFreed():
            return f"{e.unit} is free again"
        case ev.FreighterCaptured():
            return f"{e.unit} enters the {e.freighter} Freighter: {e.seat} takes it from {e.previous}"
        case ev.TurretRebuilt():
            return f"a turret is rebuilt on {e.pod} of the {e.freighter} Freighter"
        case ev.PlayerEliminated():
            return f"{e.seat} has no Freighter left and loses"
        case ev.DeparturesCalled():
            return "turn 21: every Freighter chooses in secret to stay or leave"
        case ev.DepartureChosen():
            return f"{e.seat} has chosen for the {e.freighter} Freighter"
        case ev.DeparturesRevealed():
            return "hands open: " + ", ".join(f"{c} {v}" for c, v in e.choices)
        case ev.FreighterTookOff():
            return f"the {e.freighter} Freighter takes off: {e.ore} ore, {e.units} units, {e.score} points"
        case ev.UnitsAbandoned():
            return f"{len(e.units)} {e.freighter} units left behind"
        case ev.FreighterStranded():
            return f"the {e.freighter} Freighter stays on the planet forever"
        case ev.MissionEnded():
            return "mission over: " + (f"{e.winner} wins" if e.winner else "a tie")
        case SecretRevealed():
            return "secret choices revealed"
    return type(e).__name__
