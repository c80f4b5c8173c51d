"""Pontoons: a pontoon touches ground, directly or through other pontoons;
cut off, a structure collapses with everything on it ("Pontoons")."""

from __future__ import annotations

from engine.core.events import Event

from . import board as b
from . import events as ev
from .state import Planet


def pontoon_supported(state: Planet, to: str) -> bool:
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
