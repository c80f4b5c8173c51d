"""IV. Tiles & Movement Rules: which squares a unit may enter, and where it can move.

Terrain is the printed map unless a DV Map Tile covers the square
(`board.terrain_at`).  Refusals name the rule as `(rule id, plain words)`:
moves, BUMPs, assists and pushes each raise them under their own rule.
"""

from __future__ import annotations

from collections import deque

from . import board
from .board import allied, orthogonal_neighbours, tags
from .state import Table, Unit

# "Terrain Effects": who may not enter, and which tiles end a move.
BARRED = {"forest": frozenset({"Cavalry"}), "water": frozenset({"Cavalry", "Armored"}),
          "mountain": frozenset({"Cavalry", "Flying"})}
BARRED_RULES = {"forest": "roundtable.terrain.forest", "water": "roundtable.terrain.water",
                "mountain": "roundtable.terrain.mountain"}
ENDS_MOVE = frozenset({"forest", "water", "mountain"})
FLYING_IGNORES = frozenset({"forest", "water"})  # footnote *: even when also [Cavalry]/[Armored]


def entry_refusal(state: Table, unit: Unit, square: str) -> tuple[str, str] | None:
    """Why `unit` may not enter `square` by its terrain (None: it may)."""
    if state.boss_square and board.on_boss_tile(state, square):
        return "roundtable.boss.tile", f"the boss tile covers {square}"
    if state.summons and square in board.summons_at(state):
        return ("roundtable.boss.summon-square",
                f"the boss's {board.summons_at(state)[square].id} stands on {square}")
    terrain = board.terrain_at(state, square)
    if terrain == "ruins":
        return "roundtable.terrain.ruins", f"{square} is Ruins, which no unit can enter"
    zone = board.zone_owner(state, square)
    if zone is not None and zone != unit.owner and state.mode != "boss":  # allies' zones are open
        return "roundtable.terrain.deployment", f"{square} is {zone}'s deployment zone, closed to enemy units"
    unit_tags = tags(state, unit)
    if "Flying" in unit_tags and terrain in FLYING_IGNORES:
        return None
    barred = BARRED.get(terrain, frozenset()) & unit_tags
    if barred:
        return BARRED_RULES[terrain], f"a [{min(barred)}] unit cannot enter {terrain} ({square})"
    return None


def ends_move(state: Table, unit: Unit, square: str) -> bool:
    terrain = board.terrain_at(state, square)
    if "Flying" in tags(state, unit) and terrain in FLYING_IGNORES:
        return False
    return terrain in ENDS_MOVE


def reachable(state: Table, unit: Unit, mov: int) -> dict[str, int]:
    """Squares `unit` can end a move on, with the steps it takes to get there (memoised per
    state: legal_commands and the move's own guard ask the same; shared, do not change it).

    Orthogonal steps only; allies (in Boss Mode every player's units) may be passed but
    not stopped on, enemies block; forest, water and mountain end the move (unless ignored).
    """
    found = board.memo(state).setdefault("reach", {})
    key = (unit, mov)
    if key not in found:
        found[key] = _reachable(state, unit, mov)
    return found[key]


def _reachable(state: Table, unit: Unit, mov: int) -> dict[str, int]:
    occupied = board.occupied(state)
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
