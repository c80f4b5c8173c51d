"""Action: Move - spending movement one space at a time, turning around, and
spending movement on bleed, the noose and a grave.
"""

from __future__ import annotations

from engine.core.context import Context
from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import events as ev
from .board import blocker_name, blocking, footprint, footprint_at, occupants, parse
from .commands import Move, TurnAround, Unbleed, Unbury, Unhang
from .effects import Resolution, arrive, displace_choices
from .guards import own_hero, require_on_board
from .state import Battle, Hero

MOVE_SPACES = 3  # "Action: Move"


def take_movement(res: Resolution, h: Hero) -> None:
    """Spending movement needs the Move action: the first spend takes it."""
    s = res.state
    acted = s.acted.get(h.id, ())
    if "move" in acted:
        if s.movement.get(h.id, 0) <= 0:
            raise RuleViolation("brutality.move.spent", f"{h.id} has spent all their movement")
        return
    if len(acted) >= 2:
        raise RuleViolation("brutality.actions.two", f"{h.id} has taken both actions this turn")
    if h.id in s.grounded:
        raise RuleViolation("brutality.relic.ground", f"{h.id} cannot take the Move action this turn")
    bonus = first_turn_bonus(s)
    res.add(ev.MoveActionTaken(rule=("brutality.move.first-turn" if bonus else "brutality.move.action"),
                               hero=h.id, spaces=MOVE_SPACES + bonus + s.haste.get(h.id, 0)))


def first_turn_bonus(state: Battle) -> int:
    """One extra space on the first turn: the starting team's only, unless the
    `first_turn_bonus=both` reading gives the second team's first turn one too."""
    turns = (1, 2) if state.options.get("first_turn_bonus") == "both" else (1,)
    return 1 if state.turn in turns else 0


def can_spend(state: Battle, h: Hero) -> bool:
    acted = state.acted.get(h.id, ())
    if "move" in acted:
        return state.movement.get(h.id, 0) > 0
    return len(acted) < 2 and h.id not in state.grounded


# ---- moving ------------------------------------------------------------------------------------------
def step_refusal(state: Battle, h: Hero, to: str) -> RuleViolation | None:
    """Why the hero cannot step onto `to` (None: it can)."""
    sq, here = parse(state, to), parse(state, h.square)
    if sq is None:
        return RuleViolation("brutality.move.board", f"{to!r} is not a space of this board")
    if max(abs(sq.col - here.col), abs(sq.row - here.row)) != 1:
        return RuleViolation("brutality.move.step", "a move goes one space at a time")
    if sq.col != here.col and sq.row != here.row and state.sheets[h.id]["compass"] == 4:
        return RuleViolation("brutality.move.compass", f"{h.id}'s compass has no diagonal arrows")
    spots = footprint_at(state, h, sq)
    if spots is None:
        return RuleViolation("brutality.move.board", f"{h.id} would not fit on the board there")
    taken = occupants(state)
    if any(taken.get(s, h.id) != h.id for s in spots):
        return RuleViolation("brutality.move.occupied", "another hero stands there")
    kind = next((blocking(state, s) for s in spots if blocking(state, s)), None)
    if kind:
        return RuleViolation("brutality.hazard.blocks", f"{blocker_name(kind)} movement")
    return None


def move(state: Battle, seat: str, cmd: Move, ctx: Context) -> list[Event]:
    h = own_hero(state, seat, cmd.hero)
    require_on_board(h, "move")
    if h.hung:
        raise RuleViolation("brutality.status.noose.no-move", f"{h.id} is hung and cannot move away")
    refusal = step_refusal(state, h, cmd.square)
    if refusal:
        raise refusal
    res = Resolution(state)
    take_movement(res, h)
    before = footprint(state, h)
    res.add(ev.HeroMoved(rule="brutality.move.step", hero=h.id, source=h.square, to=cmd.square))
    res.run(arrive(res, h.id, before, "move")[1])
    return res.facts


def turn_around(state: Battle, seat: str, cmd: TurnAround, ctx: Context) -> list[Event]:
    h = own_hero(state, seat, cmd.hero)
    require_on_board(h, "move")
    res = Resolution(state)
    take_movement(res, h)
    res.add(ev.HeroTurned(rule="brutality.move.facing", hero=h.id, facing="N" if h.facing == "S" else "S"))
    return res.facts


def unbleed(state: Battle, seat: str, cmd: Unbleed, ctx: Context) -> list[Event]:
    h = own_hero(state, seat, cmd.hero)
    if not h.bleed:
        raise RuleViolation("brutality.status.bleed.remove", f"{h.id} has no bleed tile")
    res = Resolution(state)
    take_movement(res, h)
    res.add(ev.BleedRemoved(rule="brutality.status.bleed.remove", hero=h.id, bleed=h.bleed - 1, spent=1))
    return res.facts


def unhang(state: Battle, seat: str, cmd: Unhang, ctx: Context) -> list[Event]:
    h = own_hero(state, seat, cmd.hero)
    if not h.hung:
        raise RuleViolation("brutality.status.noose.remove", f"{h.id} is not hung")
    res = Resolution(state)
    take_movement(res, h)
    res.add(ev.NooseRemoved(rule="brutality.status.noose.remove", hero=h.id, spent=1))
    return res.facts


def unbury_spot(state: Battle, h: Hero) -> tuple[str, tuple[str, ...]] | None:
    """Where the miniature comes back: on its gravestone's space (a two-space
    hero with its other half east of it if it fits, else west: our reading)."""
    grave = parse(state, h.square)
    for dx in (0, -1):
        if grave.col + dx < 0:
            continue
        anchor = type(grave)(grave.col + dx, grave.row)
        spots = footprint_at(state, h, anchor)
        if spots and not any(blocking(state, s) for s in spots):
            return str(anchor), spots
    return None


def unbury(state: Battle, seat: str, cmd: Unbury, ctx: Context) -> list[Event]:
    h = own_hero(state, seat, cmd.hero)
    if not h.buried:
        raise RuleViolation("brutality.bury.unbury", f"{h.id} is not buried")
    spot = unbury_spot(state, h)
    if spot is None:
        raise RuleViolation("brutality.bury.unbury-blocked", "the miniature has no room on its grave")
    anchor, spots = spot
    taken = occupants(state)
    inside = sorted({taken[s] for s in spots if s in taken})
    if any(not displace_choices(state, state.heroes[o], spots) for o in inside):
        raise RuleViolation("brutality.bury.unbury-blocked", "a hero on the grave has nowhere to go")
    res = Resolution(state)
    take_movement(res, h)
    steps = [("displace", o, seat, "brutality.bury.unbury-knock", *spots) for o in inside]
    res.run([*steps, ("unbury", h.id, anchor)])
    return res.facts
