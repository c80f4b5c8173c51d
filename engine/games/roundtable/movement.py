"""IV. Tiles & Movement Rules: which squares a unit may enter, and where it can move.

Terrain is the printed map unless a DV Map Tile covers the square
(`Table.terrain_at`).  Refusals name the rule as `(rule id, plain words)`.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from .content import BOARD
from .state import Table, Unit, derived

R = "roundtable."

# "Terrain Effects": who may not enter, and which tiles end a move.
BARRED = {"forest": frozenset({"Cavalry"}), "water": frozenset({"Cavalry", "Armored"}),
          "mountain": frozenset({"Cavalry", "Flying"})}
ENDS_MOVE = frozenset({"forest", "water", "mountain"})
FLYING_IGNORES = frozenset({"forest", "water"})  # footnote *: even when also [Cavalry]/[Armored]


def tags(state: Table, unit: Unit) -> frozenset[str]:
    """The unit's tags: printed ones, and [Haste] when deployed with it (memoised per state)."""
    memo = derived(state).tags
    key = (unit.card, unit.haste)
    found = memo.get(key)
    if found is None:
        printed = frozenset(state.cards[unit.card]["tags"])
        found = memo[key] = printed | {"Haste"} if unit.haste else printed
    return found


def allied(state: Table, a: Unit, b: Unit) -> bool:
    """Whether two player units are allies: the same player's, or in Boss Mode any two
    ("Clarifications": ally units include the units of all players)."""
    return state.mode == "boss" or a.owner == b.owner


def entry_refusal(state: Table, unit: Unit, square: str) -> tuple[str, str] | None:
    """Why `unit` may not enter `square` by its terrain (None: it may)."""
    memo = derived(state)
    if state.boss_square and square in state.boss_squares().values():
        return R + "boss.tile", f"the boss tile covers {square}"
    if state.summons and square in memo.summons_at:
        return R + "boss.summon-square", f"the boss's {memo.summons_at[square].id} stands on {square}"
    terrain = memo.dv_tiles.get(square) or state.terrain[square]  # Table.terrain_at
    if terrain == "ruins":
        return R + "terrain.ruins", f"{square} is Ruins, which no unit can enter"
    zone = memo.zone_of.get(square)
    if zone is not None and zone != unit.owner and state.mode != "boss":  # allies' zones are open
        return R + "terrain.deployment", f"{square} is {zone}'s deployment zone, closed to enemy units"
    unit_tags = tags(state, unit)
    if "Flying" in unit_tags and terrain in FLYING_IGNORES:
        return None
    barred = BARRED.get(terrain, frozenset()) & unit_tags
    if barred:
        return R + f"terrain.{terrain}", f"a [{min(barred)}] unit cannot enter {terrain} ({square})"
    return None


def ends_move(state: Table, unit: Unit, square: str) -> bool:
    terrain = state.terrain_at(square)
    if "Flying" in tags(state, unit) and terrain in FLYING_IGNORES:
        return False
    return terrain in ENDS_MOVE


def reachable(state: Table, unit: Unit, mov: int) -> dict[str, int]:
    """Squares `unit` can end a move on, with the steps it takes to get there (memoised per
    state: legal_commands and the move's own check ask the same; shared, do not change it).

    Orthogonal steps only; allies (in Boss Mode every player's units) may be passed but
    not stopped on, enemies block; forest, water and mountain end the move (unless ignored).
    """
    memo = derived(state).reach
    key = (unit, mov)
    if key not in memo:
        memo[key] = _reachable(state, unit, mov)
    return memo[key]


def _reachable(state: Table, unit: Unit, mov: int) -> dict[str, int]:
    occupied = state.occupied()
    steps = {unit.square: 0}
    queue = deque([unit.square])
    while queue:
        here = queue.popleft()
        if steps[here] == mov or (here != unit.square and ends_move(state, unit, here)):
            continue
        for name in orthogonal_neighbours(here):
            if name in steps or entry_refusal(state, unit, name) is not None:
                continue
            other = occupied.get(name)
            if other is not None and not allied(state, other, unit):
                continue
            steps[name] = steps[here] + 1
            queue.append(name)
    return {sq: n for sq, n in steps.items() if sq not in occupied}


@cache
def distance(a: str, b: str) -> int:
    return BOARD.distance_manhattan(BOARD.parse(a), BOARD.parse(b))


@cache
def orthogonal_neighbours(square: str) -> tuple[str, ...]:
    return tuple(str(s) for s in BOARD.neighbours(BOARD.parse(square)))
