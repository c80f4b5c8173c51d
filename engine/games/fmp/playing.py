"""What Full Metal Planète offers the search (analysis/search.py): an
evaluation of a running mission, `EVALUATE(state, seat) -> chance in [0, 1]`.

The mission's goal is the score at take-off: 2 points per ore and 1 per
unit aboard ("Mission end").  The public `scores` say what each Freighter
would score if it left now; what they cannot say is what is on its way.
A line of the search stops after a round, long before most ore is home,
so the evaluation adds what each side has in hand: ore in its
transporters (worth more the shorter their way to a pod), transporters
with room (worth more the nearer to ore) and units still out on the map.
Ways are counted in moves over the ground each unit may use at the tide in
force, not as the crow flies: a crab behind a sea arm is far from the ore
across it (the greedy bot's straight line gets stuck there).

Everything read here is on the table for every seat: units, ore, the
Freighters and the tide in force (never the future tides or the turn-21
choices).
"""

from __future__ import annotations

import math
from functools import lru_cache

from . import board as b
from .state import ORE, Planet
from .transporters import CAPACITY

FAR = 20            # moves: what an unreachable or very distant goal counts as
ORE_POINTS = 2.0    # an ore aboard at take-off (the rule)
ON_THE_WAY = 0.7    # share of that an ore in a transporter next to a pod is worth already
SOUGHT = 0.6        # share of an ore's worth a transporter with room next to ore has in hand
WITHIN_REACH = 0.1  # an ore on the ground next to the pods (less the longer its way to them)
OUT = 0.5           # a unit out on the map: a point if it comes home in time
SPREAD = 6.0        # points of lead for a 73 % chance (odds of e to 1)
LAST_TURN = 25


def evaluate(state: Planet, seat: str) -> float:
    """`seat`'s chance of winning, from its lead in value over the best rival."""
    values = {s: value(state, s) for s in state.seats}
    if seat not in values or len(values) < 2:
        return 0.5
    rival = max(v for s, v in values.items() if s != seat)
    return 1.0 / (1.0 + math.exp(-(values[seat] - rival) / SPREAD))


def value(state: Planet, seat: str) -> float:
    """Points `seat` would take off with, and what it has on the way."""
    total = 0.0
    for colour, f in state.freighters.items():
        if f.controller != seat:
            continue
        if f.status == "departed":
            total += f.score
        elif f.status == "landed":
            total += _landed(state, colour)
    return total


def _landed(state: Planet, colour: str) -> float:
    ore, units = b.load_of(state, colour)
    total = ORE_POINTS * ore + units
    f = state.freighters[colour]
    tide = b.tide_now(state)
    late = max(0.0, (state.turn - 15) / (LAST_TURN - 15))  # the way home counts as the end nears
    pods = frozenset(f.pods)
    if state.ore and late < 1:
        # Ore within reach of the pods: what a landing site promises.
        reach = _field("tank", tide, pods)
        total += WITHIN_REACH * (1 - late) * sum(1 - reach.get(h, FAR) / FAR for h in state.ore)
    for u in state.units.values():
        if u.colour != colour or not u.at or u.inside or u.abandoned or u.kind == "turret":
            continue
        home = _moves(u.kind, tide, pods, u.at)
        total += OUT * (1 - late * home / FAR)
        if u.kind not in CAPACITY:
            continue
        carried = sum(1 for item in u.cargo if item == ORE)
        if carried:
            total += ORE_POINTS * carried * ON_THE_WAY * (1 - 0.5 * home / FAR)
        elif state.ore:
            away = _moves(u.kind, tide, state.ore, u.at)
            total += ORE_POINTS * SOUGHT * (1 - away / FAR) * (1 - late)
    return total


def _moves(kind: str, tide: str, targets: frozenset[str], at: str) -> int:
    """Moves for a unit of `kind` on `at` to stand next to (or on) a target hex."""
    return _field(_ground(kind), tide, targets).get(at, FAR)


def _ground(kind: str) -> str:
    """The kind whose ground a unit shares (the fields are kept per ground, not per kind)."""
    return "barge" if kind in b.MARINE else ("heap" if kind == "heap" else "tank")


@lru_cache(maxsize=512)
def _field(kind: str, tide: str, targets: frozenset[str]) -> dict[str, int]:
    """hex -> moves to the nearest hex next to a target, over the ground the
    kind may use at this tide (breadth first from the targets outwards)."""
    usable = _usable(kind, tide)
    near = {h for t in targets for h in (t, *b.near(t)) if h in usable}
    out = dict.fromkeys(near, 0)
    frontier = list(near)
    while frontier:
        nxt = []
        for h in frontier:
            d = out[h] + 1
            if d >= FAR:
                continue
            for n in b.near(h):
                if n in usable and n not in out:
                    out[n] = d
                    nxt.append(n)
        frontier = nxt
    return out


@lru_cache(maxsize=16)
def _usable(kind: str, tide: str) -> frozenset[str]:
    names = (str(h) for h in b.sector().terrain)
    return frozenset(h for h in names if b.can_use(kind, h, tide))


EVALUATE = evaluate
