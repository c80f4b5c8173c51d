"""`legal_commands`: every real choice a seat has now.

Candidates are built from the position (each unit's next hex, each load,
each pair of destroyers and target, ...) and kept only if `decide` accepts
them, so what is offered is exactly what the rules allow.  Moves are offered
one hex at a time: longer paths are the same steps in a row.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from itertools import combinations

from engine.core.context import SYSTEM, Context
from engine.core.dice import Dice
from engine.core.errors import RuleViolation

from . import actions, rules
from . import board as b
from .commands import (
    Assault,
    Build,
    Capture,
    ChooseDeparture,
    Command,
    Deploy,
    Done,
    EndTurn,
    Fire,
    Land,
    LiftOff,
    Load,
    Move,
    Neutralise,
    RebuildTurret,
    Secure,
    Unload,
)
from .state import DEPARTURE, DEPLOYMENT, LANDING, PLAY, Planet

# Player commands never roll dice nor read the clock beyond the deadline
# check, which the system seat enforces before anyone acts.
_CTX = Context(Dice(0, 0), datetime(1970, 1, 1, tzinfo=UTC))


_memo: dict[tuple[int, str], tuple[Planet, list[Command]]] = {}


def legal_commands(state: Planet, seat: str) -> list[Command]:
    """Memoised per position and seat: the engine, the bots and the pages
    ask about the same position several times."""
    hit = _memo.get((id(state), seat))
    if hit is not None and hit[0] is state:
        return list(hit[1])
    if len(_memo) > 64:
        _memo.clear()
    found = _legal(state, seat)
    _memo[(id(state), seat)] = (state, found)
    return list(found)


def _legal(state: Planet, seat: str) -> list[Command]:
    if seat == SYSTEM or seat not in rules.to_act(state):
        return []
    if state.phase == LANDING:
        found = _landings(state, seat)
    elif state.phase == DEPLOYMENT:
        found = _deployments(state, seat) + _stowing(state, seat) + [Done()]
    elif state.phase == DEPARTURE:
        found = [ChooseDeparture(c, choice) for c, f in sorted(state.freighters.items())
                 if f.controller == seat and f.status == "landed" and c not in state.choices
                 for choice in (rules.STAY, rules.LEAVE)]
    elif state.phase == PLAY:
        found = _actions(state, seat)
    else:
        found = []
    return sorted(_accepted(state, seat, found), key=lambda c: c.notation())


def _accepted(state: Planet, seat: str, candidates: list[Command]) -> list[Command]:
    kept = []
    for command in dict.fromkeys(candidates):
        try:
            rules.decide(state, seat, command, _CTX)
        except RuleViolation:
            continue
        kept.append(command)
    return kept


def _landings(state: Planet, seat: str) -> list[Command]:
    sector = b.sector()
    return [Land(str(h), pods) for h in sorted(sector.zone) if b.terrain(str(h)) in ("plain", "swamp")
            for pods in ("a", "b")]


def _deployments(state: Planet, seat: str) -> list[Command]:
    sector = b.sector()
    zone = rules.landing_zone(state, seat)
    cells = sorted(str(h) for h in sector.zone_hexes[zone])
    found: list[Command] = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.inside != seat or u.kind == "turret":
            continue
        if u.kind == "barge":
            found += [Deploy(u.id, (a, c)) for a in cells for c in cells if a < c and actions.adjacent(a, c)]
        else:
            found += [Deploy(u.id, (h,)) for h in cells]
    return found


def _stowing(state: Planet, seat: str) -> list[Command]:
    """Loading inside a Freighter the seat controls (free of cost)."""
    found: list[Command] = []
    for t in state.units.values():
        if t.inside and t.kind in actions.CAPACITY and state.controller(t) == seat:
            found += [Load(t.id, x.id) for x in state.units.values()
                      if x.inside == t.inside and x.id != t.id and x.kind != "turret"]
            found += [Unload(t.id, item, state.freighters[t.inside].centre) for item in sorted(set(t.cargo))]
    return sorted(found, key=lambda c: c.notation())


def _freighter_cargo(state: Planet, seat: str) -> list[Command]:
    """The Freighter as a transporter: in from next to a pod, out onto such a hex."""
    found: list[Command] = []
    occ = b.occupants(state)
    for c, f in sorted(state.freighters.items()):
        if f.controller != seat or f.status != "landed":
            continue
        around = _near(f.pods)
        for h in around:
            if h in state.ore:
                found.append(Load(c, h))
            found += [Load(c, uid) for uid in occ.get(h, ()) if uid]
        found += [Unload(c, u.id, h) for u in sorted(state.units.values(), key=lambda u: u.id)
                  if u.inside == c and u.kind in ("pontoon", "tank", "heap", "crab", "weatherhen")
                  for h in around]
    return found


def _actions(state: Planet, seat: str) -> list[Command]:
    if state.evacuation:  # a captured Freighter's units leave enemy fire first
        return [Secure()] + [c for uid in state.evacuation for c in _steps(state, state.units[uid])]
    found: list[Command] = [EndTurn()]
    if state.ap <= 0:
        return found
    mine = [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if state.controller(u) == seat and not u.abandoned]
    for u in mine:
        found += _steps(state, u)
        if u.kind in actions.CAPACITY and u.at:
            found += _loads(state, u) + _unloads(state, u)
        if u.kind == "crab" and u.carrier:  # on a barge: rearranging is free
            barge = state.units[u.carrier]
            found += [Load(u.id, x) for x in sorted(set(barge.cargo)) if x != u.id]
            found += [Unload(u.id, x, barge.at) for x in sorted(set(u.cargo)) if barge.at]
        if u.kind == "weatherhen" and u.at and u.cargo:
            found += [Build(u.id, kind, h) for kind in actions.BUILDABLE for h in _near((u.at,))]
    found += _fires(state, seat) + _captures(state, seat) + _assaults(state, seat)
    found += _neutralisations(state, seat) + _stowing(state, seat) + _freighter_cargo(state, seat)
    found += [RebuildTurret(c, pod) for c in sorted(state.taken) for pod in state.freighters[c].pods]
    if state.turn == rules.LAST_TURN:
        found += [LiftOff(c) for c, f in sorted(state.freighters.items())
                  if f.controller == seat and f.status == "landed"]
    return found


def _near(hexes) -> list[str]:
    return sorted({str(n) for h in hexes if h for n in b.grid().neighbours(b.hex_of(h))} - set(hexes))


def _steps(state: Planet, u) -> list[Command]:
    if u.kind not in actions.MOVABLE or u.carrier:
        return []
    if u.inside:
        f = state.freighters[u.inside]
        if f.status != "landed":
            return []
        exits = [h for h in _near(f.pods) if _may_enter(state, h, u.id)]
        if u.kind == "barge":
            return [Move(u.id, (a, c)) for a in exits for c in _near((a,)) if _may_enter(state, c, u.id)]
        return [Move(u.id, (h,)) for h in exits]
    return [Move(u.id, (h,)) for h in _near((u.at, u.tail)) if _may_enter(state, h, u.id)]


def _may_enter(state: Planet, h: str, uid: str) -> bool:
    """A quick first sieve (ore or another unit in the way); `decide` has the
    final word on every candidate that passes."""
    if h in state.ore:
        return False
    if h in b.freighter_hexes(state):  # a pod may be a way in: decide says
        return True
    other = b.standing_at(state, h)
    return other is None or other.id == uid


def _loads(state: Planet, t) -> list[Command]:
    found: list[Command] = []
    occ = b.occupants(state)
    for h in _near((t.at, t.tail)):
        if h in state.ore:
            found.append(Load(t.id, h))
        found += [Load(t.id, uid) for uid in occ.get(h, ())]
    return found


def _unloads(state: Planet, t) -> list[Command]:
    items = sorted(set(t.cargo))
    return [Unload(t.id, item, h) for item in items for h in _near((t.at, t.tail))]


def _fires(state: Planet, seat: str) -> list[Command]:
    if state.ap < 2:
        return []
    ready = [d for d in b.destroyers(state, seat) if state.shots.get(d.id, 0) < 2]
    occ = b.occupants(state)
    targets = sorted(set(state.ore) | {h for h, ids in occ.items()
                                       if any(state.controller(state.units[i]) != seat
                                              or state.units[i].kind == "pontoon" for i in ids)})
    reach = {d.id: b.reach(state, d) for d in ready}
    found: list[Command] = []
    for d1, d2 in combinations(ready, 2):
        both = reach[d1.id] & reach[d2.id]
        found += [Fire(d1.id, d2.id, h) for h in targets if h in both]
    return found


def _assaults(state: Planet, seat: str) -> list[Command]:
    """The Theory of the Second Unit, one hex into a fire zone: one shot at
    each defender it can reach with each partner, or two shots at two
    defenders (with the first partner able to reach each)."""
    if state.ap < 3:
        return []
    ready = [d for d in b.destroyers(state, seat) if state.shots.get(d.id, 0) < 2]
    enemies = [x for other in state.seats if other != seat for x in b.destroyers(state, other)]
    found: list[Command] = []
    for d in ready:
        if d.kind == "turret":
            continue
        for h in _near((d.at,)):
            if not b.under_fire(state, h, seat):
                continue
            mine = b.reach(state, replace(d, at=h, tail=""))
            targets = sorted({x.at for x in enemies if b.in_range(state, x, h) and x.at in mine})
            partners = {t: [p.id for p in ready if p.id != d.id and t in b.reach(state, p)]
                        for t in targets}
            found += [Assault(d.id, (h, "fire", p, t)) for t in targets for p in partners[t]]
            if state.shots.get(d.id, 0) == 0:
                found += [Assault(d.id, (h, "fire", partners[t1][0], t1, partners[t2][0], t2))
                          for t1, t2 in combinations(targets, 2) if partners[t1] and partners[t2]]
    return found


def _neutralisations(state: Planet, seat: str) -> list[Command]:
    ready = b.destroyers(state, seat)
    found: list[Command] = []
    for x in state.units.values():
        if not x.at or x.kind in ("pontoon", "turret") or x.id in state.neutralised \
                or state.controller(x) == seat:
            continue
        near = [d for d in ready if x.at in b.reach(state, d)]
        found += [Neutralise(d1.id, d2.id, x.id) for d1, d2 in combinations(near, 2)]
    return found


def _captures(state: Planet, seat: str) -> list[Command]:
    ready = b.destroyers(state, seat)
    found: list[Command] = []
    if len(ready) < 2:
        return []
    for x in state.units.values():
        if not x.at or x.kind in ("pontoon", "turret") or state.controller(x) == seat:
            continue
        near = [d for d in ready if actions.touching(x, d.at)]
        found += [Capture(d1.id, d2.id, x.id) for d1, d2 in combinations(near, 2)]
    return found

