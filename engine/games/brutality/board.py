"""Where things stand: footprints, occupancy, hazards, line of sight and reach.

A hero's `square` is the leftmost space of their miniature; a two-space
hero also covers the space east of it.  A range is drawn facing forward
(up the page, "N"); a hero facing "S" sees it turned half a turn about
the middle of the miniature.  Nothing here changes the state.
"""

from __future__ import annotations

from functools import cache

from engine.kit.memo import StateMemo
from engine.kit.squaregrid import Direction, Square, SquareGrid

from .state import Battle, Hero

# The hazards as printed ("Hazards"), as a table: which ones block movement
# or line of sight, may be jumped over, hurt on entering or at the end of a
# turn, hurt when they block ("bump"), stop a knockback, how many turns a
# timed one lasts, and whether the tile itself can be knocked back.
HAZARDS = {
    "spiked-pillar": {"blocks": True, "sight": True, "jump_over": False, "enter": 0, "end": 0,
                      "bump": 1, "stops": False, "turns": 0},
    "pike-trap": {"blocks": False, "sight": False, "jump_over": True, "enter": 1, "end": 1,
                  "bump": 0, "stops": True, "turns": 0},
    "relentless-fire": {"blocks": False, "sight": False, "jump_over": True, "enter": 1, "end": 1,
                        "bump": 0, "stops": False, "turns": 0},
    "ruined-wall": {"blocks": True, "sight": True, "jump_over": True, "enter": 0, "end": 0,
                    "bump": 0, "stops": False, "turns": 0},
    "corpse-parts": {"blocks": False, "sight": False, "jump_over": True, "enter": 1, "end": 1,
                     "bump": 0, "stops": False, "turns": 4, "knockable": True},
    "catapult": {"blocks": False, "sight": False, "jump_over": True, "enter": 0, "end": 0,
                 "bump": 0, "stops": False, "turns": 0},
    # Ghost Knights strike an enemy sharing their space (see effects.arrive).
    "ghost-knight": {"blocks": False, "sight": False, "jump_over": True, "enter": 0, "end": 0,
                     "bump": 0, "stops": False, "turns": 0},
    # "Board Variant": icicle spikes follow the Spiked Pillar's rules.
    "icicle-spikes": {"blocks": True, "sight": True, "jump_over": False, "enter": 0, "end": 0,
                      "bump": 1, "stops": False, "turns": 0},
}
# The hazards a team may place during setup (the general ones; the others
# belong to heroes).
SETUP_HAZARDS = ("catapult", "pike-trap", "relentless-fire", "ruined-wall", "spiked-pillar")
# The rule each hazard's damage cites: entering or bumping into it, and at the
# end of its victim's turn.
HAZARD_RULE = {
    "spiked-pillar": "brutality.hazard.spiked-pillar", "pike-trap": "brutality.hazard.pike-trap",
    "relentless-fire": "brutality.hazard.relentless-fire",
    "ruined-wall": "brutality.hazard.ruined-wall", "corpse-parts": "brutality.hazard.corpse-parts",
    "catapult": "brutality.hazard.catapult", "ghost-knight": "brutality.hazard.ghost-knight",
    "icicle-spikes": "brutality.board.ice-pit",
}
END_OF_TURN_RULE = {
    "pike-trap": "brutality.hazard.pike-trap.end",
    "relentless-fire": "brutality.hazard.relentless-fire.end",
    "corpse-parts": "brutality.hazard.corpse-parts.end",
}


# What is derived from one state, kept while it lives (the kit's per-state memo);
# geometry that depends only on a board's size is memoised with `cache`.
MEMO = StateMemo()


@cache
def grid(width: int, height: int) -> SquareGrid:
    return SquareGrid(width, height)


@cache
def to_square(name: str) -> Square:
    """The square called `name` (memoised: names are parsed in every legal move)."""
    return Square.parse(name)


@cache
def square_names(width: int, height: int) -> tuple[str, ...]:
    """Every space of a board by name, row by row (memoised: names cost a little)."""
    return tuple(str(s) for s in grid(width, height))


@cache
def neighbour_names(square: str, width: int, height: int) -> tuple[str, ...]:
    """The names of the (up to eight) spaces around `square` on a board."""
    return tuple(str(s) for s in grid(width, height).neighbours(to_square(square), diagonal=True))


def board_grid(state: Battle) -> SquareGrid:
    return grid(state.board["width"], state.board["height"])


def parse(state: Battle, name: str) -> Square | None:
    """The square called `name` on this board, or None."""
    try:
        sq = to_square(name)
    except ValueError:
        return None
    return sq if board_grid(state).contains(sq) else None


def size(state: Battle, hero: Hero) -> int:
    return state.sheets[hero.id]["size"]


def is_tank(state: Battle, hero: Hero) -> bool:
    return "tank" in state.sheets[hero.id]["traits"]


def footprint_at(state: Battle, hero: Hero, anchor: Square) -> tuple[str, ...] | None:
    """The spaces the hero would cover with its leftmost space on `anchor`
    (None if part of it is off the board)."""
    return _cover(anchor, size(state, hero), state.board["width"], state.board["height"])


@cache
def _cover(anchor: Square, width: int, cols: int, rows: int) -> tuple[str, ...] | None:
    """Memoised geometry of `footprint_at`: the same on every state of a board."""
    if not (0 <= anchor.row < rows and 0 <= anchor.col and anchor.col + width <= cols):
        return None
    return tuple(str(Square(anchor.col + i, anchor.row)) for i in range(width))


def footprint(state: Battle, hero: Hero) -> tuple[str, ...]:
    """The spaces a hero on the board covers (none while off it)."""
    if not hero.on_board:
        return ()
    return footprint_at(state, hero, to_square(hero.square)) or ()


@MEMO.memoised("occupants")
def occupants(state: Battle) -> dict[str, str]:
    """{space: hero id} for every miniature on the board (do not change it: it is
    kept with the state)."""
    return {sq: h.id for h in state.heroes.values() for sq in footprint(state, h)}


@MEMO.memoised("graves")
def graves(state: Battle) -> dict[str, tuple[str, ...]]:
    """{space: buried hero ids} for every gravestone tile (kept with the state:
    do not change it)."""
    found: dict[str, tuple[str, ...]] = {}
    for h in state.heroes.values():
        if h.buried and not h.dead:
            found[h.square] = found.get(h.square, ()) + (h.id,)
    return found


def has_tile(state: Battle, square: str) -> bool:
    """Is a hazard tile on `square`?  A gravestone counts: the rulebook lists
    Gravestones among the hazards, and no hazard is placed or moved onto a
    space that already holds one ("Hazards": no stacking)."""
    return square in state.hazards or square in graves(state)


def blocking(state: Battle, square: str) -> str | None:
    """The hazard kind that blocks movement into `square`, if any."""
    hazard = state.hazards.get(square)
    return hazard.kind if hazard and HAZARDS[hazard.kind]["blocks"] else None


def blocker_name(kind: str) -> str:
    """"the spiked pillar blocks", "the icicle spikes block": the words of a refusal."""
    return f"the {kind.replace('-', ' ')} " + ("block" if kind.endswith("s") else "blocks")


def is_corner(state: Battle, square: str) -> bool:
    """A corner space of the playing area: the four starting corners (on the Ice
    Pit, the corners inside the ring of icicles)."""
    return any(square in corners for corners in state.board["starts"].values())


def open_for(state: Battle, hero: Hero, squares: tuple[str, ...]) -> bool:
    """True if `hero` could stand on `squares`: no other hero, no blocking hazard."""
    taken = occupants(state)
    return all(taken.get(sq, hero.id) == hero.id and blocking(state, sq) is None
               for sq in squares)


def centre(state: Battle, hero: Hero) -> tuple[float, float]:
    s = to_square(hero.square)
    return s.col + (size(state, hero) - 1) / 2, float(s.row)


def away_from(state: Battle, source: Hero, target: Hero | str) -> Direction:
    """The knockback direction: from the source's centre through the target's
    (a hero, or a space for a hazard tile).

    Our reading where the rulebook is silent: when the two are not on a
    straight or diagonal line, the push goes along the axis of the larger
    difference (a knight's-move offset pushes straight, not sideways).
    """
    sx, sy = centre(state, source)
    if isinstance(target, str):
        sq = to_square(target)
        tx, ty = float(sq.col), float(sq.row)
    else:
        tx, ty = centre(state, target)
    dx, dy = tx - sx, ty - sy
    if abs(dx) > abs(dy):
        dy = 0
    elif abs(dy) > abs(dx):
        dx = 0
    return Direction.from_step((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)) or Direction.N


def blocks_sight(state: Battle, square: str) -> bool:
    """Tanks and hazards that block line of sight ("Line of Sight")."""
    hazard = state.hazards.get(square)
    if hazard and HAZARDS[hazard.kind]["sight"]:
        return True
    hero_id = occupants(state).get(square)
    return hero_id is not None and is_tank(state, state.heroes[hero_id])


@cache
def sight_line(source: str, target: str) -> tuple[str, ...]:
    """The spaces strictly between `source` and `target` whose inside the line
    from centre to centre passes through ("Line of Sight"), memoised per pair.

    Our reading, exact geometry: a line that only touches the corner of a space
    (as a diagonal line does between two squares side by side) does not pass
    through it, so that space cannot block it; every space the line does cross
    counts, even two in one column.  Coordinates are doubled so that centres
    and edges are whole numbers, and the crossing is decided in whole numbers.
    """
    a, b = to_square(source), to_square(target)
    x0, y0, dx, dy = 2 * a.col + 1, 2 * a.row + 1, 2 * (b.col - a.col), 2 * (b.row - a.row)
    scale = (abs(dx) or 1) * (abs(dy) or 1)  # times t are counted in 1/scale: whole numbers

    def span(start: int, step: int, low: int) -> tuple[int, int] | None:
        """The times (x scale) at which start + t * step lies strictly inside (low, low + 2)."""
        if step == 0:
            return (0, scale) if low < start < low + 2 else None
        t1, t2 = (low - start) * scale // step, (low + 2 - start) * scale // step
        return min(t1, t2), max(t1, t2)

    found = []
    for row in range(min(a.row, b.row), max(a.row, b.row) + 1):
        for col in range(min(a.col, b.col), max(a.col, b.col) + 1):
            if (col, row) in ((a.col, a.row), (b.col, b.row)):
                continue
            across, down = span(x0, dx, 2 * col), span(y0, dy, 2 * row)
            if across and down and max(0, across[0], down[0]) < min(scale, across[1], down[1]):
                found.append(str(Square(col, row)))
    return tuple(found)


def in_sight(state: Battle, source: str, target: str, ignore: tuple[str, ...] = ()) -> bool:
    """A line from the centre of `source` to the centre of `target` crosses no
    blocking space between them (the ends themselves never block, nor the
    spaces in `ignore`: the other half of a two-space user or target)."""
    return not any(blocks_sight(state, sq) for sq in sight_line(source, target)
                   if sq not in ignore)


def reach(state: Battle, hero: Hero, offsets) -> dict[str, str]:
    """{space in range: the hero's own space it is drawn from} for a range
    drawn facing forward, turned to the hero's facing (do not change it: it is
    memoised and shared)."""
    return _reach(to_square(hero.square), size(state, hero), hero.facing,
                  tuple(tuple(o) for o in offsets), state.board["width"], state.board["height"])


@cache
def _reach(anchor: Square, width: int, facing: str, offsets: tuple, cols: int,
           rows: int) -> dict[str, str]:
    found = {}
    for dx, dy in offsets:
        if facing == "S":  # half a turn about the middle of the miniature
            dx, dy = width - 1 - dx, -dy
        col, row = anchor.col + dx, anchor.row + dy
        if 0 <= col < cols and 0 <= row < rows:
            origin = Square(min(max(col, anchor.col), anchor.col + width - 1), anchor.row)
            found[str(Square(col, row))] = str(origin)
    return found


def forward(team: str) -> str:
    """Forward is towards the enemy edge: south for the north team."""
    return "S" if team == "north" else "N"
