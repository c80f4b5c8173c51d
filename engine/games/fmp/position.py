"""The position format of Full Metal Planète (docs/positions/fmp.md).

`position(state)` writes a mission's state as plain JSON data, readable by
a rules lawyer: the turn and the phase, the tide cards, each Freighter, each
unit by its id (`"red-tank-1": {"at": "N10"}`), the ore, and the counters of
the turn being played.  `from_position(data)` reads it back, filling what a
partial position leaves out with the defaults the doc states, and refuses an
impossible position with `BadPosition` naming the rule it breaks.

The map is content (`fixtures/fmp/map.toml`), so a position holds none of it.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.events import evolved
from engine.core.position import BadPosition

from . import board as b
from .content import MOUNTAIN, SEA
from .rules import LAST_TURN, credit, freighter_hexes, landing_site
from .setup import COLOURS, RESERVE, ROSTER, SET_ASIDE, TIDE_CARDS, roster
from .state import DEPARTURE, DEPLOYMENT, LANDING, ORE, OVER, PLAY, Freighter, Planet, Unit
from .transporters import CAPACITY, CARRIES, SLOTS
from .units import carries_heap, mountain_pair
from .weather_hen import BUILDABLE, BUILDS_PER_TURN

SECTIONS = ("options", "turn", "phase", "order", "active", "done", "action_points", "saved", "deadline",
            "tide", "reserve", "built", "ore", "freighters", "units", "shots", "builds", "neutralised",
            "holding", "evacuation", "departures", "eliminated", "scores", "winner")
PHASES = (LANDING, DEPLOYMENT, PLAY, DEPARTURE, OVER)
STATUSES = ("orbit", "landed", "departed", "stranded")
KINDS = tuple(kind for kind, _ in ROSTER)
# The turn of each phase (play: 3 to 25; a mission may end at any turn).
TURNS = {LANDING: (1, 1), DEPLOYMENT: (2, 2), PLAY: (3, LAST_TURN), DEPARTURE: (21, 21), OVER: (1, LAST_TURN)}
DEFAULT_TURN = {LANDING: 1, DEPLOYMENT: 2, PLAY: 5, DEPARTURE: 21, OVER: LAST_TURN}
_BUILT = re.compile(r"-r(\d+)$")  # the names Weather Hens give what they build: red-tank-r3


# ---- writing -----------------------------------------------------------------------------------
def position(state: Planet) -> dict[str, Any]:
    """The mission's state as a position (the envelope is the core's)."""
    return {
        "options": {"players": len(state.seats), "timer": state.timer},
        "turn": state.turn,
        "phase": state.phase,
        "order": list(state.order),
        "active": state.active,
        "done": sorted(state.done),
        "action_points": state.ap,
        "saved": dict(state.saved),
        "deadline": state.deadline,
        "tide": {"current": state.tide, "future": list(state.future), "aside": list(state.aside),
                 "forecasts": {s: list(t) for s, t in state.forecasts.items()}},
        "reserve": dict(state.reserve),
        "built": state.built,
        "ore": sorted(state.ore),
        "freighters": {c: _freighter_written(state, f) for c, f in state.freighters.items()},
        "units": _units_written(state),
        "shots": dict(state.shots),
        "builds": {h: list(k) for h, k in state.builds.items()},
        # Entries of units gone from the planet (lost with their pontoons) tell nothing.
        "neutralised": {u: s for u, s in state.neutralised.items() if u in state.units},
        "holding": {d: held for d, ids in state.holding.items() if d in state.units
                    and (held := [x for x in ids if x in state.units])},
        "evacuation": list(state.evacuation),
        "departures": dict(state.choices),
        "eliminated": sorted(state.eliminated),
        "scores": [list(s) for s in state.scores],
        "winner": state.winner,
    }


def _freighter_written(state: Planet, f: Freighter) -> dict[str, Any]:
    written: dict[str, Any] = {"controller": f.controller, "status": f.status}
    if f.centre:
        written["centre"] = f.centre
        written["pods"] = next(p for p in ("a", "b") if freighter_hexes(b.grid(), f.centre, p)[1] == f.pods)
    written.update(ore=f.ore, score=f.score, just_captured=f.colour in state.taken)
    return written


def _units_written(state: Planet) -> dict[str, Any]:
    """Every unit, in the state's order, then `null` for each unit of a
    Freighter's starting roster that is gone (the reader starts from the rosters)."""
    carrier = {x: u.id for u in state.units.values() for x in u.cargo if x != ORE}
    written: dict[str, Any] = {}
    for u in state.units.values():
        entry: dict[str, Any] = {}
        kind, colour = _named(u.id)
        if kind != u.kind:
            entry["kind"] = u.kind
        if colour != u.colour:
            entry["colour"] = u.colour
        if u.at:
            entry["at"] = u.at
            if u.tail:
                entry["tail"] = u.tail
        elif u.inside:
            entry["inside"] = u.inside
        else:
            entry["aboard"] = carrier.get(u.id, u.carrier)
        if u.cargo:
            entry["cargo"] = list(u.cargo)
        if u.abandoned:
            entry["abandoned"] = True
        written[u.id] = entry
    for seat in state.seats:
        written.update({uid: None for uid, _ in roster(seat) if uid not in state.units})
    return written


def _named(uid: str) -> tuple[str, str]:
    """(kind, colour) as the id names them ("red-tank-1"), or ("", "")."""
    parts = uid.split("-")
    if len(parts) == 3 and parts[0] in COLOURS and parts[1] in KINDS:
        return parts[1], parts[0]
    return "", ""


# ---- reading -----------------------------------------------------------------------------------
def from_position(data: dict[str, Any]) -> Planet:
    """The state a position describes, or BadPosition naming the rule it breaks."""
    _expect(isinstance(data, dict), "fmp.position.shape", "a position is a JSON object")
    _known(data, SECTIONS, "the position")
    seats = _seats(data.get("options", {}))
    phase = _one_of(data.get("phase", PLAY), PHASES, "phase", "fmp.turn.phase")
    turn = _turn(data.get("turn", DEFAULT_TURN[phase]), phase)
    freighters = _freighters(data.get("freighters", {}), seats)
    state = Planet(phase=phase, turn=turn, map=b.sector().name, seats=seats,
                   timer=_whole(data.get("options", {}).get("timer", 0), "options.timer"),
                   freighters=freighters, taken=_taken(data.get("freighters", {})))
    state = _with_turn(state, data)
    state = _with_tides(state, data.get("tide", {}))
    state = _with_units(state, data)
    return _with_counters(state, data)


def _expect(ok: bool, rule: str, reason: str) -> None:
    if not ok:
        raise BadPosition(rule, reason)


def _kind_of(value: Any, kind: type, where: str) -> Any:
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    _expect(ok, "fmp.position.shape", f"{where}: expected {_NAMES[kind]}, found {str(value)[:40]!r}")
    return value


def _known(entry: dict[str, Any], names, where: str) -> None:
    """No section or field but those the format has (a misspelt one is refused, not ignored)."""
    unknown = sorted(set(entry) - set(names))
    _expect(not unknown, "fmp.position.shape", f"{where}: no section or field {unknown[:1]}")


_NAMES = {dict: "an object", list: "a list", int: "a whole number", str: "a text", bool: "true or false"}


def _whole(value: Any, where: str, least: int = 0) -> int:
    _kind_of(value, int, where)
    _expect(value >= least, "fmp.position.shape", f"{where}: {value} is below {least}")
    return value


def _one_of(value: Any, allowed, where: str, rule: str) -> str:
    _expect(isinstance(value, str) and value in allowed, rule,
            f"{where}: {str(value)[:40]!r} is not one of {', '.join(map(str, allowed))}")
    return value


def _hex(name: Any, where: str) -> str:
    _kind_of(name, str, where)
    try:
        return str(b.grid().parse(name))
    except ValueError as e:
        raise BadPosition("fmp.map.hex", f"{where}: {e}") from None


def _seats(options: Any) -> tuple[str, ...]:
    _kind_of(options, dict, "options")
    _known(options, ("players", "timer"), "options")
    players = _whole(options.get("players", 2), "options.players")
    _expect(players in RESERVE, "fmp.position.shape", f"options.players: {players}; Full Metal Planète "
                                                      "takes 2 to 4")
    return COLOURS[:players]


def _seat_list(value: Any, seats: tuple[str, ...], where: str) -> list[str]:
    _kind_of(value, list, where)
    for s in value:
        _one_of(s, seats, where, "fmp.position.seat")
    _expect(len(set(value)) == len(value), "fmp.position.seat", f"{where}: a seat is named twice")
    return value


def _turn(value: Any, phase: str) -> int:
    turn = _whole(value, "turn")
    low, high = TURNS[phase]
    _expect(low <= turn <= high, "fmp.position.turn", f"turn {turn} is not a turn of the {phase} phase "
                                                      f"({low} to {high})")
    return turn


def _freighters(section: Any, seats: tuple[str, ...]) -> dict[str, Freighter]:
    _kind_of(section, dict, "freighters")
    for colour in section:
        _one_of(colour, seats, "freighters", "fmp.position.seat")
    found = {c: _freighter(c, section.get(c, {}), seats) for c in seats}
    _no_two_in_a_zone(found)
    return found


_FREIGHTER_FIELDS = {"controller", "status", "centre", "pods", "ore", "score", "just_captured"}


def _freighter(colour: str, entry: Any, seats: tuple[str, ...]) -> Freighter:
    where = f"freighters.{colour}"
    _kind_of(entry, dict, where)
    _known(entry, _FREIGHTER_FIELDS, where)
    controller = _one_of(entry.get("controller", colour), seats, f"{where}.controller", "fmp.position.seat")
    status = _one_of(entry.get("status", "landed" if "centre" in entry else "orbit"), STATUSES,
                     f"{where}.status", "fmp.position.shape")
    centre, pods = "", ()
    if status == "orbit":
        _expect("centre" not in entry, "fmp.position.shape", f"{where}: a Freighter in orbit has not landed")
    else:
        _expect("centre" in entry, "fmp.position.shape", f"{where}: a {status} Freighter names its centre")
        centre = _hex(entry["centre"], f"{where}.centre")
        side = _one_of(entry.get("pods"), ("a", "b"), f"{where}.pods", "fmp.landing.pods")
        placed = freighter_hexes(b.grid(), centre, side)
        _expect(placed is not None, "fmp.landing.edge", f"{where}: a Freighter on {centre} leaves the map")
        centre, pods = placed
        site = landing_site((centre, *pods))
        if isinstance(site, RuleViolation):
            raise BadPosition(site.rule, f"{where}: {site.reason}")
    return Freighter(colour, controller, centre=centre, pods=pods, status=status,
                     ore=_whole(entry.get("ore", 0), f"{where}.ore"),
                     score=_whole(entry.get("score", 0), f"{where}.score"))


def _no_two_in_a_zone(freighters: dict[str, Freighter]) -> None:
    sector = b.sector()
    zones = {c: sector.zone[b.hex_of(f.centre)] for c, f in freighters.items() if f.centre}
    for c, z in zones.items():
        for other, y in zones.items():
            _expect(c >= other or (z != y and not sector.zones_adjacent(z, y)), "fmp.landing.adjacent-zones",
                    f"the {c} and {other} Freighters stand in zones {z} and {y}")


def _taken(section: dict[str, Any]) -> frozenset[str]:
    return frozenset(c for c, entry in section.items()
                     if _kind_of(entry.get("just_captured", False), bool, f"freighters.{c}.just_captured"))


def _with_turn(state: Planet, data: dict[str, Any]) -> Planet:
    """Whose turn, the order of play, the action points and the clock."""
    seats, phase = state.seats, state.phase
    order = tuple(_seat_list(data.get("order", list(seats)), seats, "order"))
    _expect(sorted(order) == sorted(seats), "fmp.position.seat", "order: every seat once")
    landed = {f.controller for f in state.freighters.values() if f.status == "landed"}
    active = data.get("active", _default_active(state, order, landed))
    if active != "":
        _one_of(active, seats, "active", "fmp.position.seat")
    # Between two turns the tide phase runs at once: a landing or a turn in play always has its player.
    if phase == LANDING:
        _expect(active != "" and state.freighters[active].status == "orbit", "fmp.position.active",
                f"the landing waits for a Freighter still in orbit, not {active or 'nobody'}")
    elif phase == PLAY:
        _expect(active in landed, "fmp.position.active",
                f"{active or 'nobody'} has no Freighter on the planet to play with")
    else:
        _expect(active == "", "fmp.position.active", f"nobody plays a turn of their own in the {phase} phase")
    state = evolved(state, order=order, active=active)
    ap = data.get("action_points", credit(state, active) if active and phase == PLAY else 0)
    saved = _saved(data.get("saved", {}), seats)
    deadline = _kind_of(data.get("deadline", ""), str, "deadline")
    if deadline:
        try:
            datetime.fromisoformat(deadline)
        except ValueError:
            raise BadPosition("fmp.time.limit", f"deadline: {deadline[:40]!r} is not an ISO time") from None
    done = frozenset(_seat_list(data.get("done", []), seats, "done"))
    return evolved(state, ap=_whole(ap, "action_points"), saved=saved, deadline=deadline, done=done)


def _default_active(state: Planet, order: tuple[str, ...], landed: set[str]) -> str:
    if state.phase == LANDING:
        return next((s for s in order if state.freighters[s].status == "orbit"), "")
    if state.phase == PLAY:
        return next((s for s in order if s in landed), "")
    return ""


def _saved(section: Any, seats: tuple[str, ...]) -> dict[str, int]:
    _kind_of(section, dict, "saved")
    for seat, points in section.items():
        _one_of(seat, seats, "saved", "fmp.position.seat")
        _expect(_whole(points, f"saved.{seat}") in (0, 5, 10), "fmp.turn.bonus",
                f"saved.{seat}: points are saved by five, ten at most")
    return {seat: section.get(seat, 0) for seat in seats}


# ---- the tide cards ----------------------------------------------------------------------------
def _with_tides(state: Planet, section: Any) -> Planet:
    _kind_of(section, dict, "tide")
    _known(section, ("current", "future", "aside", "forecasts"), "tide")
    current = section.get("current", b.NORMAL if state.turn >= 3 else "")
    if current or state.turn >= 3:
        _one_of(current, b.TIDES, "tide.current", "fmp.position.tides")
    future = [_one_of(t, b.TIDES, "tide.future", "fmp.position.tides") for t in
              _kind_of(section.get("future", []), list, "tide.future")]
    aside = [_one_of(t, b.TIDES, "tide.aside", "fmp.position.tides") for t in
             _kind_of(section.get("aside", []), list, "tide.aside")]
    pool = list(TIDE_CARDS)
    for card in [current, *future, *aside] if current else [*future, *aside]:
        _expect(card in pool, "fmp.position.tides", f"tide: more than five {card} cards")
        pool.remove(card)
    if "future" not in section:
        future += _deal(pool, _pile_size(state.turn))
    if "aside" not in section:
        aside += _deal(pool, SET_ASIDE - len(aside))
    _expect(len(aside) == SET_ASIDE, "fmp.position.tides", f"tide.aside: {SET_ASIDE} cards are set aside")
    _expect(bool(future) or state.phase == OVER or state.turn == LAST_TURN, "fmp.position.tides",
            "tide.future: the pile is never empty while turns remain (it is reshuffled as it empties)")
    forecasts = _forecasts(section.get("forecasts", {}), state.seats, tuple(future))
    return evolved(state, tide=current, future=tuple(future), aside=tuple(aside), forecasts=forecasts)


def _pile_size(turn: int) -> int:
    """Cards left in the future-tides pile at `turn`: nine before the first
    change, one fewer a turn, eight again after each reshuffle (turns 11, 19)."""
    if turn < 3:
        return 9
    return 8 - (turn - 3) % 8


def _deal(pool: list[str], n: int) -> list[str]:
    """`n` cards of `pool` in turn low, normal, high, ... (the pool loses them)."""
    dealt: list[str] = []
    while len(dealt) < n and pool:
        for tide in b.TIDES:
            if tide in pool and len(dealt) < n:
                pool.remove(tide)
                dealt.append(tide)
    return dealt


def _forecasts(section: Any, seats: tuple[str, ...], future: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    _kind_of(section, dict, "tide.forecasts")
    found = {}
    for seat, tides in section.items():
        _one_of(seat, seats, "tide.forecasts", "fmp.position.seat")
        seen = tuple(_kind_of(tides, list, f"tide.forecasts.{seat}"))
        _expect(bool(seen) and seen == future[:len(seen)], "fmp.tide.forecast",
                f"tide.forecasts.{seat}: a forecast shows the top of the future-tides pile")
        found[seat] = seen
    return found


# ---- the units ---------------------------------------------------------------------------------
_UNIT_FIELDS = {"kind", "colour", "at", "tail", "inside", "aboard", "cargo", "abandoned"}


def _with_units(state: Planet, data: dict[str, Any]) -> Planet:
    section = _kind_of(data.get("units", {}), dict, "units")
    entries: dict[str, Any] = {uid: {} for seat in state.seats for uid, _ in roster(seat)}
    for uid, entry in section.items():
        if entry is None:
            entries.pop(uid, None)
        else:
            entries[uid] = _kind_of(entry, dict, f"units.{uid}")
    units = {uid: _unit(uid, entry, state) for uid, entry in entries.items()}
    units = _carried(units, entries)
    units = _turrets_on_pods(units, entries, state)
    state = evolved(state, units=units)
    _check_map(state)
    return state


def _unit(uid: str, entry: dict[str, Any], state: Planet) -> Unit:
    where = f"units.{uid}"
    _known(entry, _UNIT_FIELDS, where)
    kind, colour = _named(uid)
    kind = _one_of(entry.get("kind", kind), KINDS, f"{where}.kind", "fmp.position.unit")
    colour = _one_of(entry.get("colour", colour), state.seats, f"{where}.colour", "fmp.position.unit")
    places = [p for p in ("at", "inside", "aboard") if p in entry]
    _expect(len(places) <= 1, "fmp.position.unit", f"{where}: in two places ({' and '.join(places)})")
    at = _hex(entry["at"], f"{where}.at") if "at" in entry else ""
    tail = _hex(entry["tail"], f"{where}.tail") if "tail" in entry else ""
    _expect(bool(tail) == (kind == "barge" and bool(at)), "fmp.deploy.barge",
            f"{where}: a barge on the map lies on two hexes (at and tail), any other unit on one")
    _expect(not tail or b.grid().distance(b.hex_of(at), b.hex_of(tail)) == 1, "fmp.deploy.barge",
            f"{where}: a barge's two hexes touch")
    inside = ""
    if "inside" in entry or not places:  # left out and carried by nobody: inside its Freighter (below)
        inside = _one_of(entry.get("inside", colour), state.seats, f"{where}.inside", "fmp.position.unit")
        _expect(inside == colour, "fmp.position.unit", f"{where}: a unit inside a Freighter has its colour")
    cargo = tuple(_kind_of(entry.get("cargo", []), list, f"{where}.cargo"))
    abandoned = _kind_of(entry.get("abandoned", False), bool, f"{where}.abandoned")
    return Unit(uid, kind, colour, at=at, tail=tail, inside=inside, cargo=cargo, abandoned=abandoned)


def _carried(units: dict[str, Unit], entries: dict[str, Any]) -> dict[str, Unit]:
    """Each cargo checked, and what it lists carried by its transporter."""
    carrier: dict[str, str] = {}
    for t in units.values():
        if not t.cargo:
            continue
        _expect(t.kind in CAPACITY, "fmp.load.transporter", f"units.{t.id}: a {t.kind} carries nothing")
        for item in t.cargo:
            _expect(isinstance(item, str) and (item == ORE or item in units), "fmp.position.cargo",
                    f"units.{t.id}.cargo: no unit {str(item)[:40]!r}")
            kind = ORE if item == ORE else units[item].kind
            _expect(kind in CARRIES[t.kind], "fmp.load.kind", f"units.{t.id}: a {t.kind} cannot carry a {kind}")
            if item != ORE:
                _expect(item not in carrier, "fmp.position.cargo", f"{item} is in two cargoes")
                carrier[item] = t.id
        used = sum(SLOTS[ORE if x == ORE else units[x].kind] for x in t.cargo)
        _expect(used <= CAPACITY[t.kind], "fmp.load.slots", f"units.{t.id}: {used} slots; a {t.kind} "
                                                             f"has {CAPACITY[t.kind]}")
    found = dict(units)
    for uid, u in units.items():
        said = entries[uid].get("aboard")
        if uid in carrier:
            _expect("at" not in entries[uid] and "inside" not in entries[uid], "fmp.position.unit",
                    f"units.{uid}: carried by {carrier[uid]} and placed too")
            _expect(said in (None, carrier[uid]), "fmp.position.cargo",
                    f"units.{uid}: aboard {said!r}, but {carrier[uid]}'s cargo lists it")
            found[uid] = Unit(uid, u.kind, u.colour, carrier=carrier[uid], cargo=u.cargo, abandoned=u.abandoned)
        else:
            _expect(said is None, "fmp.position.cargo", f"units.{uid}: aboard {said!r}, whose cargo omits it")
    return found


def _turrets_on_pods(units: dict[str, Unit], entries: dict[str, Any], state: Planet) -> dict[str, Unit]:
    """Turrets left where they start: on their Freighter's pods once it has
    landed (the lowest id on the first pod, as they are set down), and
    back inside it once it has taken off."""
    found = dict(units)
    for colour, f in state.freighters.items():
        if f.status not in ("landed", "stranded"):
            continue
        left = sorted(uid for uid, u in units.items() if u.kind == "turret" and u.colour == colour
                      and not entries[uid] and uid.startswith(f"{colour}-turret-"))
        free = [p for p in f.pods if not any(u.at == p for u in units.values())]
        for uid, pod in zip(left, free, strict=False):
            found[uid] = Unit(uid, "turret", colour, at=pod)
    return found


def _check_map(state: Planet) -> None:
    """One unit a hex (a pontoon under it aside), each on ground it may use at
    some tide, turrets on their pods, the Heap off the mountains, no pair of
    tanks on touching mountains, pontoons holding to the ground."""
    standing: dict[str, str] = {}
    pontoons: dict[str, str] = {}
    fhexes = b.freighter_hexes(state)
    for u in state.units.values():
        for h in (u.at, u.tail):
            if not h:
                continue
            table = pontoons if u.kind == "pontoon" else standing
            _expect(h not in table, "fmp.position.occupied", f"{h}: {table.get(h)} and {u.id} both stand there")
            table[h] = u.id
            if u.kind == "turret":
                f = state.freighters[u.colour]
                _expect(f.status in ("landed", "stranded") and h in f.pods, "fmp.position.unit",
                        f"units.{u.id}: a turret stands on a pod of its Freighter")
            else:
                _expect(h not in fhexes, "fmp.position.occupied", f"{h}: {u.id} stands on a Freighter")
    for u in state.units.values():
        if u.at and carries_heap(state, u):
            _expect(b.terrain(u.at) != MOUNTAIN, "fmp.move.heap-mountain",
                    f"{u.at}: the Heap never goes on a mountain, even carried")
    for u in state.units.values():
        if u.at and u.kind not in ("pontoon", "turret"):
            for h in (u.at, u.tail) if u.tail else (u.at,):
                _ground(u, h, h in pontoons)
    for seat in state.seats:
        pair = mountain_pair(state, seat)
        _expect(pair is None, "fmp.move.mountain-tanks",
                f"{seat}'s {pair[0].id} and {pair[1].id} stand on touching mountains" if pair else "")
    lost = b.unsupported_pontoons(state, b.tide_now(state))
    _expect(not lost, "fmp.pontoon.ground", f"{', '.join(lost)}: a pontoon touches ground, or a pontoon "
                                            "that does")


def _ground(u: Unit, h: str, pontoon: bool) -> None:
    if pontoon:
        _expect(u.kind not in b.MARINE, "fmp.move.pontoon", f"units.{u.id}: a {u.kind} never sails onto a "
                                                            f"pontoon ({h})")
        return
    _expect(b.sometimes_usable(u.kind, h), "fmp.move.terrain",
            f"units.{u.id}: a {u.kind} can never stand on {h} ({b.terrain(h)})")



# ---- the counters of the turn ------------------------------------------------------------------
def _with_counters(state: Planet, data: dict[str, Any]) -> Planet:
    units, seats = state.units, state.seats
    ore = frozenset(_hex(h, "ore") for h in _kind_of(data.get("ore", []), list, "ore"))
    _check_ore(state, ore)
    top = max((int(m.group(1)) for uid in units if (m := _BUILT.search(uid))), default=0)
    built = _whole(data.get("built", top), "built")
    _expect(built >= top, "fmp.position.unit", f"built: {built}, but a unit named -r{top} was built")
    reserve = _kind_of(data.get("reserve", dict(zip(BUILDABLE, RESERVE[len(seats)], strict=True))), dict,
                       "reserve")
    _expect(sorted(reserve) == sorted(BUILDABLE), "fmp.position.shape", "reserve: tank, crab and pontoon")
    for kind, n in reserve.items():
        _whole(n, f"reserve.{kind}")
    return evolved(state, ore=ore, built=built, reserve=dict(reserve),
                   shots=_shots(data.get("shots", {})), builds=_builds(data.get("builds", {})),
                   neutralised=_neutralised(data.get("neutralised", {}), state),
                   holding=_holding(data.get("holding", {})),
                   evacuation=_evacuation(data.get("evacuation", []), state),
                   choices=_departures(data.get("departures", {}), state),
                   eliminated=frozenset(_seat_list(data.get("eliminated", []), seats, "eliminated")),
                   **_end(data, state))


def _check_ore(state: Planet, ore: frozenset[str]) -> None:
    standing = {h for u in state.units.values() if u.kind != "pontoon" for h in (u.at, u.tail) if h}
    afloat = {u.at for u in state.units.values() if u.kind == "pontoon" and u.at}
    fhexes = b.freighter_hexes(state)
    for h in sorted(ore):
        _expect(h not in standing and h not in fhexes, "fmp.position.occupied", f"ore on {h}, where a unit "
                                                                                 "or a Freighter stands")
        _expect(b.terrain(h) != SEA or h in afloat, "fmp.unload.sea", f"ore on {h}: open sea")


def _shots(section: Any) -> dict[str, int]:
    _kind_of(section, dict, "shots")
    for uid, n in section.items():
        _expect(_whole(n, f"shots.{uid}") in (1, 2), "fmp.fire.ammo", f"shots.{uid}: a destroyer fires once "
                                                                        "or twice a turn")
    return dict(section)


def _builds(section: Any) -> dict[str, tuple[str, ...]]:
    _kind_of(section, dict, "builds")
    found = {}
    for hen, kinds in section.items():
        laid = tuple(_one_of(k, BUILDABLE, f"builds.{hen}", "fmp.hen.kind")
                     for k in _kind_of(kinds, list, f"builds.{hen}"))
        _expect(0 < len(laid) <= BUILDS_PER_TURN and not any(laid.count(k) > 1 for k in ("crab", "pontoon")),
                "fmp.hen.twice", f"builds.{hen}: at most two a turn, never two crabs or two pontoons")
        found[hen] = laid
    return found


def _neutralised(section: Any, state: Planet) -> dict[str, str]:
    _kind_of(section, dict, "neutralised")
    for uid, seat in section.items():
        _expect(uid in state.units, "fmp.neutralise.target", f"neutralised: no unit {uid!r}")
        _one_of(seat, state.seats, f"neutralised.{uid}", "fmp.position.seat")
        u = state.units[uid]
        _expect(u.kind not in ("pontoon", "turret") and state.controller(u) != seat, "fmp.neutralise.target",
                f"neutralised.{uid}: {seat}'s fire holds only enemy units, never pontoons nor turrets")
    return dict(section)


def _holding(section: Any) -> dict[str, tuple[str, ...]]:
    _kind_of(section, dict, "holding")
    return {d: tuple(_kind_of(x, str, f"holding.{d}") for x in _kind_of(ids, list, f"holding.{d}"))
            for d, ids in section.items()}


def _evacuation(section: Any, state: Planet) -> tuple[str, ...]:
    for uid in _kind_of(section, list, "evacuation"):
        _expect(isinstance(uid, str) and uid in state.units and bool(state.units[uid].at), "fmp.freighter.evacuate",
                f"evacuation: {uid!r} is no unit on the map")
    return tuple(section)


def _departures(section: Any, state: Planet) -> dict[str, str]:
    _kind_of(section, dict, "departures")
    waiting = [c for c, f in state.freighters.items() if f.status == "landed" and c not in section]
    _expect(state.phase != DEPARTURE or bool(waiting), "fmp.departure.reveal",
            "the turn-21 choice waits for a Freighter still to choose (once all have, the hands open)")
    for colour, choice in section.items():
        f = state.freighters.get(colour)
        _expect(state.phase == DEPARTURE and f is not None and f.status == "landed", "fmp.departure.secret",
                f"departures.{colour}: choices are made by landed Freighters at the start of turn 21")
        _one_of(choice, ("stay", "leave"), f"departures.{colour}", "fmp.departure.choice")
    return dict(section)


def _end(data: dict[str, Any], state: Planet) -> dict[str, Any]:
    """The final scores and the winner (only once the mission is over)."""
    scores = _kind_of(data.get("scores", []), list, "scores")
    winner = data.get("winner")
    if state.phase != OVER:
        _expect(not scores and winner is None, "fmp.position.shape", "scores and winner come at the mission's end")
        return {"scores": (), "winner": None}
    rows = []
    for row in scores:
        _expect(isinstance(row, list) and len(row) == 2, "fmp.position.shape", "scores: [seat, points] pairs")
        rows.append((_one_of(row[0], state.seats, "scores", "fmp.position.seat"), _whole(row[1], "scores")))
    _expect(winner is None or winner == "" or winner in state.seats, "fmp.position.seat",
            f"winner: {str(winner)[:40]!r}")
    return {"scores": tuple(rows), "winner": winner}
