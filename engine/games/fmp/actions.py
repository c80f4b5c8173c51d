"""Deployment and the actions of a player's turn: movement, loading and
unloading, fire and capture.  Each rule is a small guard raising
`RuleViolation` with its rule id; each fact carries its rule.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from engine.core.errors import RuleViolation
from engine.core.events import Event, evolved

from . import board as b
from . import events as ev
from .content import MOUNTAIN, SEA
from .state import ORE, Planet, Unit, evolve

# "Transporters and cargo" (gaps file): slots, and what each may carry.
CAPACITY = {"barge": 4, "crab": 2, "weatherhen": 1}
CARRIES = {"barge": frozenset({ORE, "tank", "heap", "pontoon", "crab", "weatherhen"}),
           "crab": frozenset({ORE, "tank", "heap", "pontoon"}),
           "weatherhen": frozenset({ORE})}
SLOTS = {ORE: 1, "tank": 1, "heap": 1, "pontoon": 1, "crab": 2, "weatherhen": 2}
MOVABLE = frozenset({"barge", "crab", "weatherhen", "motorboat", "tank", "heap"})


# ---- guards shared by every action -----------------------------------------------------------
def own_unit(state: Planet, seat: str, uid: str) -> Unit:
    u = state.units.get(uid)
    if u is None:
        raise RuleViolation("fmp.unit.unknown", f"there is no unit {uid!r} on the planet")
    if state.controller(u) != seat or u.abandoned:
        raise RuleViolation("fmp.unit.own", f"{uid} does not obey {seat}")
    return u


def require_ap(state: Planet, cost: int, what: str) -> None:
    if state.ap < cost:
        raise RuleViolation("fmp.ap.not-enough", f"{what} costs {cost} action point(s); {state.ap} left")


def parse_hex(name: str) -> str:
    found = _canonical(name)
    if isinstance(found, ValueError):
        raise RuleViolation("fmp.map.hex", str(found))
    return found


@cache
def _canonical(name: str) -> str | ValueError:
    try:
        return str(b.grid().parse(name))
    except ValueError as e:
        return e


def hexes_of(u: Unit) -> tuple[str, ...]:
    return tuple(h for h in (u.at, u.tail) if h)


@cache
def adjacent(a: str, c: str) -> bool:
    return b.grid().distance(b.hex_of(a), b.hex_of(c)) == 1


def touching(u: Unit, hex_name: str) -> bool:
    return any(adjacent(h, hex_name) for h in hexes_of(u))


def carries_heap(state: Planet, u: Unit) -> bool:
    if u.kind == "heap":
        return True
    # most units carry nothing: no need to walk their contents (every step asks)
    return bool(u.cargo) and any(state.units[x].kind == "heap" for x in b.contents(state, u.id))


def _blocked(state: Planet, hex_name: str, mover: str = "") -> str | None:
    """Why a unit may not stand on the hex (None: it may, pontoon or not)."""
    if hex_name in b.freighter_hexes(state):
        return "a Freighter stands there"
    if hex_name in state.ore:
        return "ore lies there (ore is an obstacle)"
    other = b.standing_at(state, hex_name)
    if other is not None and other.id != mover:
        return f"{other.id} stands there"
    return None


# ---- turn 2: deployment ----------------------------------------------------------------------
def deploy(state: Planet, seat: str, uid: str, hexes: tuple[str, ...]) -> list[Event]:
    u = own_unit(state, seat, uid)
    if u.inside != seat or u.kind == "turret":
        raise RuleViolation("fmp.deploy.unit", f"{uid} is not waiting in the {seat} Freighter")
    want = 2 if u.kind == "barge" else 1
    if len(hexes) != want:
        raise RuleViolation("fmp.deploy.barge", f"{uid} is deployed on {want} hex(es)")
    hexes = tuple(parse_hex(h) for h in hexes)
    if want == 2 and not adjacent(*hexes):
        raise RuleViolation("fmp.deploy.barge", "a barge's two hexes touch each other")
    sector = b.sector()
    zone = sector.zone[b.hex_of(state.freighters[seat].centre)]
    for h in hexes:
        problem = deploy_problem(state, seat, u.kind, h)
        if problem:
            raise RuleViolation(problem[0], f"{uid}: {problem[1]}")
        if u.cargo:  # a crab deployed loaded with the Heap: never on a mountain
            check_heap_ground(state, u.kind, h, uid)
    if u.kind in b.MARINE | {"pontoon"} and not any(on_coast(zone, h) for h in hexes):
        raise RuleViolation("fmp.deploy.coast", f"{uid} must touch the coast of zone {zone}")
    return [ev.UnitDeployed(rule="fmp.deploy.place", unit=uid, to=hexes[-1],
                            tail=hexes[0] if want == 2 else "")]


def deploy_problem(state: Planet, seat: str, kind: str, h: str) -> tuple[str, str] | None:
    """Why a unit of `kind` may not be deployed on `h` by `seat` (rule, words), or None.
    The coast (for the pontoon and marine units) is checked on the unit's hexes."""
    zone = b.sector().zone[b.hex_of(state.freighters[seat].centre)]
    if b.sector().zone.get(b.hex_of(h)) != zone:
        return "fmp.deploy.zone", f"{h} is outside landing zone {zone}"
    why = _blocked(state, h)
    if why:
        return "fmp.deploy.occupied", f"{h}: {why}"
    if b.under_fire(state, h, seat):  # a unit is never placed under unfavourable fire
        return "fmp.move.fire", f"{h} is under unfavourable fire for {seat}"
    pontoon = b.pontoon_at(state, h) is not None
    if kind == "pontoon":
        if pontoon:
            return "fmp.deploy.occupied", f"{h}: a pontoon lies there already"
    elif not b.can_use(kind, h, b.NORMAL, pontoon):
        return "fmp.deploy.terrain", f"a {kind} cannot stand on {h} ({b.terrain(h)}) at normal tide"
    if kind == "tank":
        try:
            check_mountain_pair(state, seat, "", h)
        except RuleViolation as e:
            return "fmp.move.mountain-tanks", e.reason
    return None


def on_coast(zone: str, h: str) -> bool:
    return b.hex_of(h) in b.sector().coast(zone)


# ---- movement --------------------------------------------------------------------------------
def move(state: Planet, seat: str, uid: str, path: tuple[str, ...], second_unit: bool = False
         ) -> list[Event]:
    """Move hex by hex; `second_unit`: the last hex may be under unfavourable
    fire (the Theory of the Second Unit, see `assault`).  A barge's path may
    name one of its own two hexes before the next hex: it pivots around that
    hex (`move barge G11 F10`: G11 stays, the other end swings to F10)."""
    u = own_unit(state, seat, uid)
    if u.kind not in MOVABLE:
        raise RuleViolation("fmp.move.inert", f"{uid} cannot move by itself")
    if not path:
        raise RuleViolation("fmp.move.path", "a move names at least one hex")
    path = tuple(parse_hex(h) for h in path)
    if u.carrier:
        raise RuleViolation("fmp.move.carried", f"{uid} is carried (neutralised): unload it first")
    tide = b.tide_now(state)
    if u.inside:
        heads, cost, start = _leave_freighter(state, u, path)
    else:
        if b.is_stuck(state, u):
            raise RuleViolation("fmp.tide.neutralised", f"{uid} is neutralised by the tide")
        if uid in state.neutralised:
            return _retreat(state, seat, u, path)
        _check_holder(state, seat, uid)
        heads, cost, start = hexes_of(u), 0, 0
    into, stranded, around = "", False, ""
    tail = heads[1] if u.kind == "barge" else ""
    for i in range(start, len(path)):
        h, last = path[i], i == len(path) - 1
        if u.kind == "barge" and h in heads and not last and not around:
            around = h  # "around h": the barge keeps h and swings its other end (free by itself)
            continue
        # A barge keeps its front hex when the new hex touches it, unless a pivot hex was named.
        pivot = next((x for x in heads if adjacent(x, h) and x != h and x == (around or x)), None)
        around = ""
        if pivot is None or h in heads:
            raise RuleViolation("fmp.move.path", f"{h} does not touch {uid}'s position")
        cost += 1
        f = b.freighter_hexes(state).get(h)
        if f is not None and last and h in state.freighters[f].pods and (
                state.freighters[f].controller == seat or can_take(state, u, f)):
            into = f  # through a pod into the Freighter (1 point, a barge whole)
            break
        stranded = check_step(state, seat, u, h, tide, last, fire_ok=second_unit and last)
        heads = (h, pivot) if u.kind == "barge" else (h,)
        tail = pivot if u.kind == "barge" else ""
    require_ap(state, cost, f"moving {uid} {len(path)} hex(es)")
    if not into and u.kind == "tank":
        check_mountain_pair(state, seat, uid, path[-1])
    facts: list[Event] = [ev.UnitMoved(
        rule="fmp.move.strand" if stranded else "fmp.move.enter" if into else "fmp.move.step",
        unit=uid, path=path, tail=tail, into=into, cost=cost, stranded=stranded)]
    if into and state.freighters[into].controller != seat:
        facts += _take_freighter(state, seat, uid, into, fold(state, facts))
    return facts


def can_take(state: Planet, u: Unit, colour: str) -> bool:
    """"Capturing the Freighter": once its three turrets are destroyed, the
    first enemy destroyer to enter it takes it."""
    return u.kind in b.RANGE and u.kind != "turret" and not any(
        x.kind == "turret" and x.colour == colour and x.at for x in state.units.values())


def rebuild_turret(state: Planet, seat: str, colour: str, pod: str) -> list[Event]:
    """Only the player who has just captured a Freighter rebuilds its turrets
    (two points each, never on a pod under enemy fire); it may fire at once."""
    if colour not in state.taken or state.freighters[colour].controller != seat:
        raise RuleViolation("fmp.freighter.rebuild", f"{seat} has not just captured the {colour} Freighter")
    pod = parse_hex(pod)
    f = state.freighters[colour]
    if pod not in f.pods:
        raise RuleViolation("fmp.freighter.rebuild", f"{pod} is not a pod of the {colour} Freighter")
    if b.standing_at(state, pod) is not None:
        raise RuleViolation("fmp.freighter.rebuild", f"the pod {pod} has its turret")
    if b.under_fire(state, pod, seat):
        raise RuleViolation("fmp.freighter.rebuild", f"the pod {pod} is under enemy fire")
    require_ap(state, 2, "rebuilding a turret")
    n = 1 + sum(1 for u in state.units if u.startswith(f"{colour}-turret-"))
    return [ev.TurretRebuilt(rule="fmp.freighter.rebuild", freighter=colour, pod=pod,
                             unit=f"{colour}-turret-n{n}", cost=2)]


def _take_freighter(state: Planet, seat: str, uid: str, colour: str, moved: Planet) -> list[Event]:
    loser = state.freighters[colour].controller
    taken = evolved(moved, freighters={**moved.freighters, colour: evolved(
        moved.freighters[colour], controller=seat)})
    endangered = tuple(sorted(
        u.id for u in taken.units.values()
        if u.colour == colour and u.at and u.kind not in ("turret", "pontoon")
        and any(b.under_fire(taken, h, seat) for h in hexes_of(u))))
    facts: list[Event] = [ev.FreighterCaptured(rule="fmp.freighter.capture", freighter=colour, seat=seat,
                                               previous=loser, unit=uid, bonus=5, endangered=endangered)]
    # Its units that the captor itself had neutralised now obey the captor: operational again.
    facts += [ev.UnitFreed(rule="fmp.freighter.capture", unit=x)
              for x, by in sorted(state.neutralised.items())
              if by == seat and x in state.units and state.units[x].colour == colour]
    if not any(f.controller == loser and f.status == "landed" and c != colour
               for c, f in state.freighters.items()):
        facts.append(ev.PlayerEliminated(rule="fmp.freighter.none-left", seat=loser))
    return facts


def require_evacuation(state: Planet, command_unit: str | None) -> None:
    """After taking a Freighter, its units under enemy fire move out first."""
    if state.evacuation and command_unit not in state.evacuation:
        raise RuleViolation("fmp.freighter.evacuate", "first move the captured units out of enemy fire: "
                                                      + ", ".join(state.evacuation))


def secure(state: Planet, seat: str) -> list[Event]:
    """The captured units that cannot get out of enemy fire are neutralised."""
    if not state.evacuation:
        raise RuleViolation("fmp.freighter.evacuate", "no captured unit waits to leave enemy fire")
    for uid in state.evacuation:
        u = state.units[uid]
        for h in sorted({str(n) for x in hexes_of(u) for n in b.grid().neighbours(b.hex_of(x))}):
            try:
                move(state, seat, uid, (h,))
            except RuleViolation:
                continue
            raise RuleViolation("fmp.freighter.evacuate", f"{uid} can still get out of fire (to {h})")
    return [ev.UnitNeutralised(rule="fmp.freighter.evacuate", unit=uid, seat=_holder_of(state, uid, seat),
                               holders=()) for uid in state.evacuation]


def _holder_of(state: Planet, uid: str, seat: str) -> str:
    u = state.units[uid]
    return next((other for other in state.seats if other != seat
                 and any(b.covered_twice(state, other, h) for h in hexes_of(u))), "")


def _check_holder(state: Planet, seat: str, uid: str) -> None:
    for held in state.holding.get(uid, ()):
        if held in state.units and state.controller(state.units[held]) != seat and held in state.neutralised:
            raise RuleViolation("fmp.neutralise.stay", f"{uid} holds {held} neutralised: it stays put this turn")


def _retreat(state: Planet, seat: str, u: Unit, path: tuple[str, ...]) -> list[Event]:
    """"Retreat": a unit neutralised by fire may move one hex, to a free hex
    out of the fire zone; otherwise it can do nothing."""
    if len(path) != 1 or not touching(u, path[0]) or path[0] in hexes_of(u):
        raise RuleViolation("fmp.neutralise.retreat", f"{u.id} is neutralised: it may only retreat one hex")
    h = path[0]
    if b.under_fire(state, h, seat):
        raise RuleViolation("fmp.neutralise.retreat", f"{u.id} may only retreat out of the fire zone")
    check_step(state, seat, u, h, b.tide_now(state), last=False)
    require_ap(state, 1, "a retreat")
    # A barge steps forward (its front enters h, the back follows) or backward
    # (its back enters h): it keeps the one of its hexes that touches h, as in `move`.
    tail = (u.at if adjacent(u.at, h) else u.tail) if u.kind == "barge" else ""
    return [ev.UnitMoved(rule="fmp.neutralise.retreat", unit=u.id, path=(h,), tail=tail, into="", cost=1,
                         stranded=False)]


def neutralise(state: Planet, seat: str, first: str, second: str, target: str) -> list[Event]:
    """Two destroyers holding an enemy unit in their fire turn it over (no cost)."""
    pair = _pair(state, seat, first, second)
    x = state.units.get(target)
    if x is None or not x.at or x.kind in ("pontoon", "turret") or state.controller(x) == seat:
        raise RuleViolation("fmp.neutralise.target", f"{target} is not an enemy unit that can be neutralised")
    if target in state.neutralised:
        raise RuleViolation("fmp.neutralise.target", f"{target} is neutralised already")
    for d in pair:
        _may_shoot(state, seat, d)
        if not any(b.in_range(state, d, h) for h in hexes_of(x)):
            raise RuleViolation("fmp.fire.range", f"{target} is out of {d.id}'s range")
    return [ev.UnitNeutralised(rule="fmp.neutralise.hold", unit=target, seat=seat, holders=(first, second))]


def _leave_freighter(state: Planet, u: Unit, path: tuple[str, ...]) -> tuple[tuple[str, ...], int, int]:
    """Out through a pod: the first hex touches a pod; a barge takes its two
    hexes at once for one point."""
    f = state.freighters[u.inside]
    if f.status != "landed":
        raise RuleViolation("fmp.move.exit", f"the {f.colour} Freighter is no longer on the planet: "
                                             f"{u.id} stays aboard")
    if not any(adjacent(p, path[0]) for p in f.pods) or path[0] in f.hexes:
        raise RuleViolation("fmp.move.exit", f"{u.id} leaves the Freighter through a pod, to a hex next to it")
    seat, tide = f.controller, b.tide_now(state)
    if u.kind != "barge":
        check_step(state, seat, u, path[0], tide, len(path) == 1)
        return (path[0],), 1, 1
    if len(path) < 2 or not adjacent(path[0], path[1]):
        raise RuleViolation("fmp.move.exit", "a barge leaves the Freighter onto two touching hexes")
    for h in path[:2]:
        check_step(state, seat, u, h, tide, last=False)
    return (path[1], path[0]), 1, 2


def check_step(state: Planet, seat: str, u: Unit, h: str, tide: str, last: bool,
                fire_ok: bool = False) -> bool:
    """May `u` enter `h` now?  True when it strands itself there."""
    why = _blocked(state, h, u.id)
    if why:
        raise RuleViolation("fmp.move.ore" if h in state.ore else "fmp.move.occupied", f"{h}: {why}")
    pontoon = b.pontoon_at(state, h) is not None
    if pontoon and u.kind in b.MARINE:
        raise RuleViolation("fmp.move.pontoon", f"{u.id} cannot sail onto the pontoon on {h}")
    if carries_heap(state, u) and b.terrain(h) == MOUNTAIN:
        raise RuleViolation("fmp.move.heap-mountain", f"the Heap never goes on a mountain ({h})")
    if not fire_ok and b.under_fire(state, h, seat):
        raise RuleViolation("fmp.move.fire", f"{h} is under unfavourable fire for {seat}")
    if b.can_use(u.kind, h, tide, pontoon):
        return False
    if last and b.sometimes_usable(u.kind, h) and not pontoon:
        return True  # voluntary stranding: stops on the first unusable hex, neutralised
    raise RuleViolation("fmp.move.terrain", f"{u.id} cannot go on {h} ({b.terrain(h)}) at {tide} tide")


def check_mountain_pair(state: Planet, seat: str, uid: str, h: str) -> None:
    """A tank of `seat` coming to stand on `h` (moved, unloaded, laid or
    deployed) must not make a pair of tanks on touching mountains."""
    if b.terrain(h) != MOUNTAIN:
        return
    for other in _mountain_tanks(state, seat):
        if other.id != uid and adjacent(other.at, h):
            raise RuleViolation("fmp.move.mountain-tanks",
                                f"a tank on {h} would stand on a mountain next to {other.id}'s mountain")


def _mountain_tanks(state: Planet, seat: str) -> list[Unit]:
    """The seat's tanks standing on mountains, in the order of the units
    (memoised with the position: every tank step and laying asks)."""
    memo = b.memo(state)
    found = memo.get(("mountain tanks", seat))
    if found is None:
        found = memo[("mountain tanks", seat)] = [
            u for u in state.units.values() if u.kind == "tank" and u.at
            and state.controller(u) == seat and b.terrain(u.at) == MOUNTAIN]
    return found


# ---- loading and unloading -------------------------------------------------------------------
def _transporter(state: Planet, seat: str, tid: str, inside_ok: bool = False) -> Unit:
    t = own_unit(state, seat, tid)
    if t.kind not in CAPACITY:
        raise RuleViolation("fmp.load.transporter", f"{tid} is not a transporter")
    if inside_ok and t.inside:
        return t
    if not t.at or not b.is_operational(state, t):
        raise RuleViolation("fmp.load.neutralised", f"{tid} is neutralised and cannot load or unload")
    if t.kind == "weatherhen" and b.under_fire(state, t.at, seat):
        raise RuleViolation("fmp.hen.inoperative", f"{tid} stands under unfavourable fire: it can do nothing")
    return t


def _room(state: Planet, t: Unit, kind: str) -> None:
    if kind not in CARRIES[t.kind]:
        raise RuleViolation("fmp.load.kind", f"a {t.kind} cannot carry a {kind}")
    need, used = SLOTS[kind], slots_used(state, t)
    if used + need > CAPACITY[t.kind]:
        raise RuleViolation("fmp.load.slots", f"{t.id} has {CAPACITY[t.kind] - used} free slot(s); "
                                              f"a {kind} takes {need}")


def slots_used(state: Planet, t: Unit) -> int:
    return sum(SLOTS[ORE if x == ORE else state.units[x].kind] for x in t.cargo)


def load(state: Planet, seat: str, tid: str, item: str) -> list[Event]:
    if tid in state.freighters:
        return _freighter_load(state, seat, tid, item)
    if _crab_on_barge(state, seat, tid):
        return _crab_takes(state, seat, state.units[tid], item)
    t = _transporter(state, seat, tid, inside_ok=True)
    if t.inside:
        return stow(state, seat, t, item)
    if item in state.units:
        x = state.units[item]
        if x.id == t.id or not x.at or x.kind == "turret":
            raise RuleViolation("fmp.load.kind", f"{item} cannot be loaded")
        if x.kind != "pontoon" and state.controller(x) != seat:
            raise RuleViolation("fmp.load.own", f"{item} is not {seat}'s (only pontoons are neutral)")
        _check_holder(state, seat, item)  # a neutralising destroyer is not carried away either
        kind, origin = x.kind, x.at
        if kind == "pontoon" and b.standing_at(state, origin) is not None:
            raise RuleViolation("fmp.load.occupied", f"something stands on the pontoon {item}")
    else:
        origin = parse_hex(item)
        if origin not in state.ore:
            raise RuleViolation("fmp.load.kind", f"no unit {item!r} and no ore on {origin}")
        kind = ORE
    if kind not in CARRIES[t.kind]:
        raise RuleViolation("fmp.load.kind", f"a {t.kind} cannot carry a {kind}")
    if not touching(t, origin):
        raise RuleViolation("fmp.load.adjacent", f"{origin} does not touch {tid}")
    if kind != "pontoon" and _on_sunken(state, origin):
        raise RuleViolation("fmp.load.sunken", f"{origin} is under water: only a pontoon is loaded from it")
    if b.under_fire(state, origin, seat):
        raise RuleViolation("fmp.load.fire", f"{origin} is under unfavourable fire for {seat}")
    if kind == "heap" and b.terrain(t.at) == MOUNTAIN:
        raise RuleViolation("fmp.move.heap-mountain", "the Heap never goes on a mountain, even carried")
    _room(state, t, kind)
    require_ap(state, 1, "loading")
    facts: list[Event] = [ev.CargoLoaded(rule="fmp.load.cost", transporter=tid,
                                         item=item if kind != ORE else ORE, origin=origin, cost=1)]
    if kind == "pontoon":
        facts += collapse(state, without=frozenset({item}))
    return facts


def unload(state: Planet, seat: str, tid: str, item: str, to: str) -> list[Event]:
    if tid in state.freighters:
        return _freighter_unload(state, seat, tid, item, to)
    if _crab_on_barge(state, seat, tid):
        return _crab_gives(state, seat, state.units[tid], item, to)
    t = _transporter(state, seat, tid, inside_ok=True)
    to = parse_hex(to)
    if item not in t.cargo:
        raise RuleViolation("fmp.unload.cargo", f"{tid} does not carry {item!r}")
    kind = ORE if item == ORE else state.units[item].kind
    if t.inside:
        _landed_around(state, t)
        if to not in state.freighters[t.inside].hexes:
            raise RuleViolation("fmp.freighter.stow", f"inside the Freighter {tid} unloads into it: "
                                                      f"name one of its hexes, not {to}")
        return [ev.CargoUnloaded(rule="fmp.freighter.stow", transporter=tid, item=item, to=to,
                                 into=t.inside, onto="", cost=0)]
    if not touching(t, to) or to in hexes_of(t):
        raise RuleViolation("fmp.unload.adjacent", f"{to} does not touch {tid}")
    require_ap(state, 1, "unloading")
    f = b.freighter_hexes(state).get(to)
    if f is not None:
        if to not in state.freighters[f].pods or state.freighters[f].controller != seat:
            raise RuleViolation("fmp.unload.freighter", f"{to} is not a pod of a Freighter {seat} controls")
        # "Transporters": nothing is unloaded to a hex under unfavourable fire, a pod
        # included (a unit may still move in through such a pod: `move.enter`).
        if b.under_fire(state, to, seat):
            raise RuleViolation("fmp.unload.fire", f"{to} is under unfavourable fire for {seat}")
        return [ev.CargoUnloaded(rule="fmp.unload.freighter", transporter=tid, item=item, to=to,
                                 into=f, onto="", cost=1)]
    other = aboard_at(state, seat, kind, to, item)
    if other is not None:
        return [ev.CargoUnloaded(rule="fmp.unload.transporter", transporter=tid, item=item, to=to,
                                 into="", onto=other.id, cost=1)]
    return [ev.CargoUnloaded(rule=_check_drop(state, seat, kind, to, item), transporter=tid, item=item,
                             to=to, into="", onto="", cost=1)]


def _crab_on_barge(state: Planet, seat: str, tid: str) -> bool:
    t = state.units.get(tid)
    return bool(t and t.kind == "crab" and t.carrier and state.units[t.carrier].kind == "barge"
                and state.controller(t) == seat)


def _crab_takes(state: Planet, seat: str, crab: Unit, item: str) -> list[Event]:
    """A crab on a barge takes an item of the barge's cargo: no cost."""
    barge = state.units[crab.carrier]
    if item not in barge.cargo or item == crab.id:
        raise RuleViolation("fmp.load.barge-crab", f"{barge.id} carries no {item!r} for {crab.id}")
    _room(state, crab, ORE if item == ORE else state.units[item].kind)
    return [ev.CargoLoaded(rule="fmp.load.barge-crab", transporter=crab.id, item=item,
                           origin=barge.id, cost=0)]


def _crab_gives(state: Planet, seat: str, crab: Unit, item: str, to: str) -> list[Event]:
    """A crab on a barge puts an item of its cargo on the barge: no cost."""
    barge = state.units[crab.carrier]
    if item not in crab.cargo:
        raise RuleViolation("fmp.unload.cargo", f"{crab.id} does not carry {item!r}")
    if parse_hex(to) not in hexes_of(barge):
        raise RuleViolation("fmp.load.barge-crab", f"{crab.id} sits on {barge.id}: it unloads onto "
                                                   "the barge's own hexes")
    kind = ORE if item == ORE else state.units[item].kind
    need = SLOTS[kind]
    if slots_used(state, barge) + need > CAPACITY["barge"]:
        raise RuleViolation("fmp.load.slots", f"{barge.id} has no room for a {kind}")
    return [ev.CargoUnloaded(rule="fmp.load.barge-crab", transporter=crab.id, item=item, to=parse_hex(to),
                             into="", onto=barge.id, cost=0)]


def stow(state: Planet, seat: str, t: Unit, item: str) -> list[Event]:
    """Inside the Freighter a transporter loads what is in there for free, so
    that it may leave loaded (and be deployed loaded at turn 2)."""
    x = state.units.get(item)
    if x is None or x.inside != t.inside or x.id == t.id or x.kind == "turret":
        raise RuleViolation("fmp.freighter.stow", f"{item} is not in the Freighter with {t.id}")
    _landed_around(state, t)
    _room(state, t, x.kind)
    return [ev.CargoLoaded(rule="fmp.freighter.stow", transporter=t.id, item=item, origin="", cost=0)]


def _landed_around(state: Planet, t: Unit) -> None:
    """What a Freighter that took off holds is what it scores: it no longer changes."""
    if state.freighters[t.inside].status != "landed":
        raise RuleViolation("fmp.freighter.stow", f"the {t.inside} Freighter has left the planet")


def stow_for_deployment(state: Planet, seat: str, tid: str, item: str) -> list[Event]:
    """Turn 2: "transporters can be deployed loaded": load inside the Freighter."""
    t = own_unit(state, seat, tid)
    if t.kind not in CAPACITY or t.inside != seat:
        raise RuleViolation("fmp.deploy.loaded", f"{tid} is not a transporter waiting in the Freighter")
    return stow(state, seat, t, item)


def _own_freighter(state: Planet, seat: str, colour: str):
    f = state.freighters[colour]
    if f.controller != seat or f.status != "landed":
        raise RuleViolation("fmp.unit.own", f"the {colour} Freighter does not obey {seat}")
    return f


def _at_a_pod(f, h: str) -> None:
    if h in f.hexes or not any(adjacent(p, h) for p in f.pods):
        raise RuleViolation("fmp.load.adjacent", f"{h} does not touch a pod of the {f.colour} Freighter")


def _freighter_load(state: Planet, seat: str, colour: str, item: str) -> list[Event]:
    """The Freighter as a transporter: it takes in a unit, a pontoon or ore
    from a hex next to a pod (one point)."""
    f = _own_freighter(state, seat, colour)
    if item in state.units:
        x = state.units[item]
        if not x.at or x.kind == "turret" or x.kind in b.MARINE:
            raise RuleViolation("fmp.load.kind", f"{item} cannot be loaded (marine units sail in)")
        if x.kind != "pontoon" and state.controller(x) != seat:
            raise RuleViolation("fmp.load.own", f"{item} is not {seat}'s (only pontoons are neutral)")
        _check_holder(state, seat, item)
        if x.kind == "pontoon" and b.standing_at(state, x.at) is not None:
            raise RuleViolation("fmp.load.occupied", f"something stands on the pontoon {item}")
        kind, origin = x.kind, x.at
    else:
        origin = parse_hex(item)
        if origin not in state.ore:
            raise RuleViolation("fmp.load.kind", f"no unit {item!r} and no ore on {origin}")
        kind = ORE
    _at_a_pod(f, origin)
    if kind != "pontoon" and _on_sunken(state, origin):
        raise RuleViolation("fmp.load.sunken", f"{origin} is under water: only a pontoon is loaded from it")
    if b.under_fire(state, origin, seat):
        raise RuleViolation("fmp.load.fire", f"{origin} is under unfavourable fire for {seat}")
    require_ap(state, 1, "loading")
    facts: list[Event] = [ev.CargoLoaded(rule="fmp.freighter.load", transporter=colour,
                                         item=ORE if kind == ORE else item, origin=origin, cost=1)]
    if kind == "pontoon":
        facts += collapse(state, without=frozenset({item}))
    return facts


def _freighter_unload(state: Planet, seat: str, colour: str, item: str, to: str) -> list[Event]:
    """The Freighter lays a unit or a pontoon it holds on a hex next to a pod
    (one point); ore put in a Freighter never comes out."""
    f = _own_freighter(state, seat, colour)
    x = state.units.get(item)
    if x is None or x.inside != colour or x.kind == "turret":
        raise RuleViolation("fmp.unload.cargo", f"the {colour} Freighter holds no {item!r} to lay "
                                                "(its ore never leaves it)")
    to = parse_hex(to)
    rule, onto = check_lay(state, seat, f, x, to)
    return [ev.CargoUnloaded(rule=rule, transporter=colour, item=item, to=to, into="", onto=onto, cost=1)]


def check_lay(state: Planet, seat: str, f, x: Unit, to: str) -> tuple[str, str]:
    """May Freighter `f` (the seat's, landed) lay `x`, which it holds, on
    `to`?  The rule it follows and the transporter it lands on, if any.
    `legal_commands` asks this once per kind of unit and hex."""
    _at_a_pod(f, to)
    if x.kind in b.MARINE:
        raise RuleViolation("fmp.move.exit", "marine units leave the Freighter by sailing out")
    require_ap(state, 1, "unloading")
    other = aboard_at(state, seat, x.kind, to, x.id)
    if other is not None:
        return "fmp.unload.transporter", other.id
    _check_drop(state, seat, x.kind, to, x.id)
    return "fmp.freighter.unload", ""


def aboard_at(state: Planet, seat: str, kind: str, to: str, item: str = "") -> Unit | None:
    """The seat's transporter standing on `to`, which takes what is put down
    there (unloaded, laid by a Freighter or built by a Weather Hen), or None
    when there is none and the thing goes on the ground (`_check_drop`).
    Aboard still means on that hex: never under unfavourable fire, never the
    Heap on a mountain; and only with room for it."""
    other = b.standing_at(state, to)
    if other is None or other.kind not in CAPACITY or state.controller(other) != seat:
        return None
    if b.under_fire(state, to, seat):
        raise RuleViolation("fmp.unload.fire", f"{to} is under unfavourable fire for {seat}")
    check_heap_ground(state, kind, to, item)
    _room(state, other, kind)
    return other


def _check_drop(state: Planet, seat: str, kind: str, to: str, item: str = "") -> str:
    """May a `kind` (the unit `item`, if any) be put down on `to` (unloaded or
    laid)?  The rule it follows."""
    if b.under_fire(state, to, seat):
        raise RuleViolation("fmp.unload.fire", f"{to} is under unfavourable fire for {seat}")
    if b.terrain(to) == SEA and kind != "pontoon" and b.pontoon_at(state, to) is None:
        raise RuleViolation("fmp.unload.sea", "nothing is unloaded in open sea (but a pontoon)")
    why = _blocked(state, to) or (kind == "pontoon" and b.pontoon_at(state, to) and "a pontoon lies there")
    if why:
        raise RuleViolation("fmp.unload.occupied", f"{to}: {why}")
    check_heap_ground(state, kind, to, item)
    if kind == "tank":
        check_mountain_pair(state, seat, item, to)
    if kind == "pontoon" and not _pontoon_supported(state, to):
        raise RuleViolation("fmp.pontoon.ground", f"a pontoon on {to} would touch no ground")
    sunk = kind not in (ORE, "pontoon") and _on_sunken(state, to)
    return "fmp.unload.sunken" if sunk else "fmp.unload.cost"


def check_heap_ground(state: Planet, kind: str, to: str, item: str = "") -> None:
    """"Destroying elements > Mechanism": the Heap never goes on a mountain,
    even transported, so neither the Heap nor a unit carrying it is put down
    there, on the ground or aboard a transporter standing there."""
    heap = kind == "heap" or (item in state.units and carries_heap(state, state.units[item]))
    if heap and b.terrain(to) == MOUNTAIN:
        raise RuleViolation("fmp.move.heap-mountain", "the Heap never goes on a mountain, even carried")


def _on_sunken(state: Planet, h: str) -> bool:
    """A reef or swamp under water with no pontoon over it (a pontoon is a plain)."""
    return b.sunken(h, b.tide_now(state)) and b.pontoon_at(state, h) is None


# ---- the Weather Hen -------------------------------------------------------------------------
BUILDABLE = ("tank", "crab", "pontoon")
BUILDS_PER_TURN = 2


def build(state: Planet, seat: str, hid: str, kind: str, to: str) -> list[Event]:
    """A Weather Hen turns the ore it carries into a unit from the reserve,
    laid on a hex next to it like an unloaded item (one point): on the
    ground, or aboard one of the player's transporters standing there."""
    hen = check_builder(state, seat, hid, kind)
    to = parse_hex(to)
    onto = check_build_at(state, seat, hen, kind, to)
    uid = f"{hen.colour}-{kind}-r{state.built + 1}"
    facts: list[Event] = [ev.UnitBuilt(rule="fmp.hen.build", hen=hid, kind=kind, unit=uid, to=to, cost=1)]
    if onto:  # laid aboard: the transporter holds it (the point was paid for the laying)
        facts.append(ev.CargoLoaded(rule="fmp.unload.transporter", transporter=onto, item=uid, origin=to,
                                    cost=0))
    return facts


def check_builder(state: Planet, seat: str, hid: str, kind: str) -> Unit:
    """May the seat's Weather Hen `hid` build a `kind` now (wherever it lays
    it)?  The Hen.  `legal_commands` asks this once per Hen and kind."""
    if own_unit(state, seat, hid).kind != "weatherhen":
        raise RuleViolation("fmp.hen.builder", f"only a Weather Hen builds, not {hid}")
    hen = _transporter(state, seat, hid)
    if kind not in BUILDABLE:
        raise RuleViolation("fmp.hen.kind", f"a Weather Hen builds tanks, crabs or pontoons, not {kind!r}")
    if ORE not in hen.cargo:
        raise RuleViolation("fmp.hen.ore", f"{hid} carries no ore to build with: load one first")
    if state.reserve.get(kind, 0) < 1:
        raise RuleViolation("fmp.hen.reserve", f"the reserve holds no {kind} any more")
    done = state.builds.get(hid, ())
    if len(done) >= BUILDS_PER_TURN or (kind in done and kind != "tank"):
        raise RuleViolation("fmp.hen.twice", f"{hid} has built {', '.join(done)} this turn: at most two, "
                                             "never two crabs or two pontoons")
    return hen


def check_build_at(state: Planet, seat: str, hen: Unit, kind: str, to: str) -> str:
    """May the Hen (passed by `check_builder`) lay the new `kind` on `to`?
    The transporter it is laid aboard, if any ("" on the ground).  "Weather
    Hen > Manufacturing units": the Hen lays as a transporter unloads, so
    also onto a hex holding one of the player's transporters with room."""
    if not touching(hen, to):
        raise RuleViolation("fmp.unload.adjacent", f"{to} does not touch {hen.id}")
    if to in b.freighter_hexes(state):
        raise RuleViolation("fmp.unload.occupied", f"{to}: a Freighter stands there")
    other = aboard_at(state, seat, kind, to)
    if other is None:
        _check_drop(state, seat, kind, to)
    require_ap(state, 1, "laying a new unit")
    return other.id if other is not None else ""


def _pontoon_supported(state: Planet, to: str) -> bool:
    tide = b.tide_now(state)
    near = b.near(to)
    return b.is_ground(to, tide) or any(
        b.is_ground(n, tide) or n in b.freighter_hexes(state) or b.pontoon_at(state, n) for n in near)


def collapse(state: Planet, without: frozenset[str]) -> list[Event]:
    """Pontoons cut off from the ground when `without` leave the map."""
    doomed = b.unsupported_pontoons(state, b.tide_now(state), without)
    if not doomed:
        return []
    occ = b.occupants(state)
    hexes = [state.units[p].at for p in doomed]
    units = tuple(sorted(uid for h in hexes for uid in occ.get(h, ()) if uid not in doomed))
    ore = tuple(sorted(h for h in hexes if h in state.ore))
    return [ev.PontoonsCollapsed(rule="fmp.pontoon.collapse", pontoons=doomed, units=units, ore=ore)]


# ---- fire and capture ------------------------------------------------------------------------
def _pair(state: Planet, seat: str, first: str, second: str) -> tuple[Unit, Unit]:
    if first == second:
        raise RuleViolation("fmp.fire.pair", "it always takes two different destroyers")
    ready = _ready(state, seat)
    for uid in (first, second):
        own_unit(state, seat, uid)
        if state.units[uid].kind not in b.RANGE:
            raise RuleViolation("fmp.fire.destroyer", f"{uid} is not a destroyer")
        if uid not in ready:
            raise RuleViolation("fmp.fire.neutralised", f"{uid} is neutralised or off the map")
    return ready[first], ready[second]


def _ready(state: Planet, seat: str) -> dict[str, Unit]:
    """The seat's destroyers that can fire, by id (memoised with the position:
    `legal_commands` asks about every pair of them)."""
    memo = b.memo(state)
    found = memo.get(("ready", seat))
    if found is None:
        found = memo[("ready", seat)] = {u.id: u for u in b.destroyers(state, seat)}
    return found


def fire(state: Planet, seat: str, first: str, second: str, target: str, assaulting: str = ""
         ) -> list[Event]:
    """Two destroyers fire at a hex; `assaulting`: the second unit of an
    assault, which fires from inside the fire zone it entered."""
    target, units = check_fire(state, seat, first, second, target, assaulting)
    facts: list[Event] = [ev.TargetDestroyed(rule="fmp.fire.destroy", shooters=(first, second),
                                             target=target, units=units, ore=target in state.ore, cost=2)]
    pontoons = frozenset(x for x in units if state.units[x].kind == "pontoon")
    if pontoons:
        facts += collapse(state, without=pontoons)
    return facts + released(fold(state, facts), seat)


def check_fire(state: Planet, seat: str, first: str, second: str, target: str, assaulting: str = ""
               ) -> tuple[str, tuple[str, ...]]:
    """The guards of a shot: (the target hex, what stands on it) or why not."""
    pair = _pair(state, seat, first, second)
    target = parse_hex(target)
    for d in pair:
        check_shooter(state, seat, d, assaulting)
        if not b.in_range(state, d, target):
            raise RuleViolation("fmp.fire.range", f"{target} is out of {d.id}'s range "
                                                  f"({b.fire_range(state, d)})")
    units = check_target(state, seat, target)
    require_ap(state, 2, "firing")
    return target, units


def check_shooter(state: Planet, seat: str, d: Unit, assaulting: str = "") -> None:
    """One destroyer of a shot, whatever the target: shots left, and out of
    unfavourable fire unless it is the assault's second unit.  (Split from
    `check_fire` so that `legal` asks once per destroyer, not per target.)"""
    if state.shots.get(d.id, 0) >= 2:
        raise RuleViolation("fmp.fire.ammo", f"{d.id} has fired twice this turn")
    if d.id != assaulting:
        _may_shoot(state, seat, d)


def check_target(state: Planet, seat: str, target: str) -> tuple[str, ...]:
    """What a shot of `seat` at the hex `target` destroys, whoever fires, or
    why it may not be shot at (asked once per hex by `legal`)."""
    units = b.occupants(state).get(target, ())
    fh = b.freighter_hexes(state)
    if target in fh and not any(state.units[x].kind == "turret" for x in units):
        raise RuleViolation("fmp.fire.freighter", "a Freighter and its cargo cannot be destroyed")
    if not units and target not in state.ore:
        raise RuleViolation("fmp.fire.nothing", f"there is nothing to destroy on {target}")
    mine = [x for x in units if state.units[x].kind != "pontoon" and state.controller(state.units[x]) == seat]
    if mine:
        raise RuleViolation("fmp.fire.own", f"{seat}'s destroyers cannot destroy {mine[0]}")
    return units


def _may_shoot(state: Planet, seat: str, d: Unit) -> None:
    """A destroyer under unfavourable fire neither fires nor holds a unit under
    its fire: only turrets do (and an assault's second unit, see `fire`)."""
    if d.kind != "turret" and b.under_fire(state, d.at, seat):
        raise RuleViolation("fmp.fire.under-fire", f"{d.id} stands under unfavourable fire: it cannot "
                                                   "fire (only turrets and an assault's second unit do)")


def held(state: Planet, uid: str, by: str) -> bool:
    """Is the unit still within reach of two destroyers of `by`, the seat that neutralised it?"""
    u = state.units[uid]
    return any(b.covered_twice(state, by, h) for h in hexes_of(u))


def released(state: Planet, seat: str) -> list[Event]:
    """Units of `seat` that other destroyers have just freed: the fire that
    neutralised them no longer holds them."""
    return [ev.UnitFreed(rule="fmp.neutralise.freed", unit=uid)
            for uid, by in sorted(state.neutralised.items())
            if uid in state.units and state.controller(state.units[uid]) == seat and not held(state, uid, by)]


def capture(state: Planet, seat: str, first: str, second: str, target: str) -> list[Event]:
    pair = _pair(state, seat, first, second)
    x = state.units.get(target)
    if x is None or not x.at or x.kind in ("pontoon", "turret") or state.controller(x) == seat:
        raise RuleViolation("fmp.capture.target", f"{target} is not an enemy unit on the map that can be captured")
    for d in pair:
        if not touching(x, d.at):
            raise RuleViolation("fmp.capture.contact", f"{d.id} is not in contact with {target}")
    for h in (pair[0].at, pair[1].at, *hexes_of(x)):
        if b.under_fire(state, h, seat):
            raise RuleViolation("fmp.capture.fire", f"{h} is under unfavourable fire for {seat}")
    require_ap(state, 1, "a capture")
    return [ev.UnitCaptured(rule="fmp.capture.colour", captors=(first, second), unit=target,
                            cargo=b.contents(state, target), colour=pair[0].colour, cost=1)]


# ---- the Theory of the Second Unit -----------------------------------------------------------
def assault(state: Planet, seat: str, uid: str, words: tuple[str, ...]) -> list[Event]:
    """`assault UNIT PATH... fire PARTNER TARGET [PARTNER TARGET]`: a destroyer
    moves in its own right into a hex under unfavourable fire, stops there and
    fires at once with a partner; its shots must leave it out of unfavourable
    fire before anything else happens.  All of it stands or falls together."""
    if "fire" not in words:
        raise RuleViolation("fmp.second-unit.fire", "an assault names its path, then 'fire', then "
                                                    "partner and target pairs")
    cut = words.index("fire")
    path, shots = words[:cut], words[cut + 1:]
    if not path or not shots or len(shots) % 2 or len(shots) > 4:
        raise RuleViolation("fmp.second-unit.fire", "after 'fire' come one or two partner-target pairs")
    u = own_unit(state, seat, uid)
    if u.kind not in b.RANGE or u.kind == "turret":
        raise RuleViolation("fmp.second-unit.destroyer", f"{uid} is not a destroyer that moves")
    end = parse_hex(path[-1])
    if not b.under_fire(state, end, seat):
        raise RuleViolation("fmp.second-unit.needless", f"{end} is not under unfavourable fire: "
                                                        "move, then fire")
    facts: list[Event] = [replace(f, rule="fmp.second-unit.enter")
                          for f in move(state, seat, uid, path, second_unit=True)]
    after = fold(state, facts)
    for partner, target in zip(shots[::2], shots[1::2], strict=True):
        shot = fire(after, seat, uid, partner, target, assaulting=uid)
        facts += shot
        after = fold(after, shot)
    if b.under_fire(after, end, seat):
        raise RuleViolation("fmp.second-unit.clear", f"after its shots {uid} would still be under "
                                                     f"unfavourable fire on {end}")
    return facts


def fold(state: Planet, facts: list[Event]) -> Planet:
    for f in facts:
        state = evolve(state, f)
    return state
