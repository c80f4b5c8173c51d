"""Bots for self-play: `random` (any legal command) and `greedy`, which
plays sensibly: it brings ore home with its transporters, fires at and
captures enemy units when it can, gathers its units at the end and takes
off with its load.  Both only ever pick among the legal commands."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, lru_cache

from . import board as b
from . import content
from .commands import Command
from .state import ORE, Planet

HOMECOMING_TURN = 22  # from here on units head back into the Freighter


def random_bot(state: Planet, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    return rng.choice(list(legal))


def greedy_bot(state: Planet, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    by_verb: dict[str, list[Command]] = {}
    for c in legal:
        by_verb.setdefault(c.verb, []).append(c)
    if state.phase == "landing":
        return rng.choice(by_verb["land"])
    if state.phase == "deployment":
        return _deploy(state, by_verb, rng)
    if "choose" in by_verb:
        return next(c for c in by_verb["choose"] if c.choice == "stay")
    for pick in (_lift_off, _ore_home, _ore_aboard, _build, _shoot, _capture, _step):
        chosen = pick(state, seat, by_verb, rng)
        if chosen is not None:
            return chosen
    return (by_verb.get("liftoff") or by_verb.get("end") or list(legal))[0]


def _deploy(state: Planet, by_verb, rng: random.Random) -> Command:
    deploys = [c for c in by_verb.get("deploy", ()) if state.units[c.unit].kind != "pontoon"]
    if deploys:
        first = sorted({c.unit for c in deploys})[0]
        return rng.choice([c for c in deploys if c.unit == first])
    return by_verb["done"][0]


def _lift_off(state, seat, by_verb, rng):
    """Take off while the points still pay for it (1 + 1 per broken turret)."""
    if "liftoff" not in by_verb:
        return None
    c = by_verb["liftoff"][0]
    return c if state.ap <= 2 + b.broken_turrets(state, c.freighter) else None


def _ore_home(state, seat, by_verb, rng):
    """Ore carried next to a pod goes into the Freighter."""
    for c in by_verb.get("unload", ()):
        if c.item == ORE and c.to in b.freighter_hexes(state) and c.transporter not in state.freighters:
            return c
    return None


def _ore_aboard(state, seat, by_verb, rng):
    for c in by_verb.get("load", ()):
        if c.item not in state.units and c.transporter not in state.freighters:
            return c
    return None


def _build(state, seat, by_verb, rng):
    tanks = [c for c in by_verb.get("build", ()) if c.kind == "tank"]
    return rng.choice(tanks) if tanks else None


def _shoot(state, seat, by_verb, rng):
    """Fire only at enemy units, never at ore."""
    shots = [c for c in by_verb.get("fire", ()) if b.occupants(state).get(c.target)]
    return rng.choice(shots) if shots else None


def _capture(state, seat, by_verb, rng):
    return rng.choice(by_verb["capture"]) if "capture" in by_verb else None


def _step(state, seat, by_verb, rng):
    """One hex nearer to where each unit is useful: transporters with room
    to the nearest ore, loaded ones to their pods; late in the game,
    everyone home."""
    best, gain = None, 0
    homecoming = state.turn >= HOMECOMING_TURN
    aims: dict[str, tuple[set[str], int]] = {}  # unit -> (its goal, its distance to it), once a unit
    for c in by_verb.get("move", ()):
        u = state.units[c.unit]
        if not u.at or (c.path[-1] in b.freighter_hexes(state) and not homecoming):
            continue
        if u.id not in aims:
            goal = _goal(state, u)
            aims[u.id] = (goal, _distance(u.at, goal) if goal else 0)
        goal, here = aims[u.id]
        if not goal:
            continue
        there = 0 if c.path[-1] in goal else _distance(c.path[-1], goal)
        if here - there > gain:
            best, gain = c, here - there
    return best


def _goal(state: Planet, u) -> frozenset[str]:
    pods = frozenset(state.freighters[u.colour].pods)
    if state.turn >= HOMECOMING_TURN:
        return pods
    if u.kind in ("crab", "barge"):
        return pods if len(u.cargo) >= 2 else state.ore
    if u.kind == "weatherhen" and not u.cargo:
        return state.ore
    return frozenset()


def _distance(h: str, goal: frozenset[str]) -> int:
    """Hexes as the crow flies from `h` to the nearest of `goal`, kept per
    goal as asked for: a goal (the ore, a Freighter's pods) stays the same
    over many decisions, and the search asks the bot thousands of times a
    move; a game played once asks each hex a few times (so nothing is worked
    out for hexes nobody asks about)."""
    known = _distances(goal)
    found = known.get(h)
    if found is None:
        x, y, z = _cube(h)
        found = known[h] = min(max(abs(x - gx), abs(y - gy), abs(z - gz)) for gx, gy, gz in map(_cube, goal))
    return found


@lru_cache(maxsize=64)
def _distances(goal: frozenset[str]) -> dict[str, int]:
    """The distances to `goal` worked out so far (filled by `_distance`)."""
    return {}


@cache
def _cube(h: str) -> tuple[int, int, int]:
    """Cube coordinates of a hex: the distance between two is the largest difference."""
    q, r = content.axial(b.hex_of(h))
    return q, r, -q - r


BOTS = {"random": random_bot, "greedy": greedy_bot}
