"""Action: Move - spending movement one space at a time, turning around, and
spending movement on bleed, the noose and a grave; and the Ghost Knights'
own moves ("Hazards > Ghost Knights").

`spend_refusal`, `command_refusal` and `knight_refusal` are the guards:
`decide` raises what they give, `legal_commands` keeps the commands they
let through.
"""

from __future__ import annotations

from engine.core.commands import Command
from engine.core.context import Context
from engine.core.events import Event

from . import events as ev
from .board import blocker_name, blocking, footprint, footprint_at, has_tile, occupants, parse
from .commands import Move, MoveKnight, TurnAround, Unbleed, Unbury, Unhang
from .effects import arrive, meet_knight
from .knockback import displace_choices
from .resolution import Resolution
from .state import Battle, Hero
from .turn import Refusal, on_board_refusal, own_hero

MOVE_SPACES = 3  # "Action: Move"
KNIGHT_SPACES = 2  # "Ghost Knights: Knight Movement"


def spend_refusal(state: Battle, h: Hero) -> Refusal | None:
    """Spending movement needs the Move action (taken by the first spend) and
    movement left; a hero takes two actions at most."""
    acted = state.acted.get(h.id, ())
    if "move" in acted:
        if state.movement.get(h.id, 0) <= 0:
            return Refusal("brutality.move.spent", f"{h.id} has spent all their movement")
        return None
    if len(acted) >= 2:
        return Refusal("brutality.actions.two", f"{h.id} has taken both actions this turn")
    if h.id in state.grounded:
        return Refusal("brutality.relic.ground",
                       f"{h.id} cannot take the Move action this turn")
    return None


def take_movement(res: Resolution, h: Hero) -> None:
    """The first spend of a turn takes the Move action."""
    refusal = spend_refusal(res.state, h)
    if refusal:
        raise refusal.error()
    s = res.state
    if "move" not in s.acted.get(h.id, ()):
        bonus = first_turn_bonus(s)
        res.add(ev.MoveActionTaken(rule=("brutality.move.first-turn" if bonus
                                         else "brutality.move.action"),
                                   hero=h.id, spaces=MOVE_SPACES + bonus + s.haste.get(h.id, 0)))


def first_turn_bonus(state: Battle) -> int:
    """One extra space on the first turn: the starting team's only, unless the
    `first_turn_bonus=both` reading gives the second team's first turn one too."""
    turns = (1, 2) if state.options.get("first_turn_bonus") == "both" else (1,)
    return 1 if state.turn in turns else 0


# ---- the guards ------------------------------------------------------------------------------------
def step_refusal(state: Battle, h: Hero, to: str) -> Refusal | None:
    """Why the hero cannot step onto `to` (None: it can)."""
    sq, here = parse(state, to), parse(state, h.square)
    if sq is None:
        return Refusal("brutality.move.board", f"{to!r} is not a space of this board")
    if max(abs(sq.col - here.col), abs(sq.row - here.row)) != 1:
        return Refusal("brutality.move.step", "a move goes one space at a time")
    if sq.col != here.col and sq.row != here.row and state.sheets[h.id]["compass"] == 4:
        return Refusal("brutality.move.compass", f"{h.id}'s compass has no diagonal arrows")
    spots = footprint_at(state, h, sq)
    if spots is None:
        return Refusal("brutality.move.board", f"{h.id} would not fit on the board there")
    taken = occupants(state)
    if any(taken.get(s, h.id) != h.id for s in spots):
        return Refusal("brutality.move.occupied", "another hero stands there")
    kind = next((blocking(state, s) for s in spots if blocking(state, s)), None)
    if kind:
        return Refusal("brutality.hazard.blocks", f"{blocker_name(kind)} movement")
    return None


def command_refusal(state: Battle, h: Hero, cmd: Command) -> Refusal | None:
    """Why the team's own living hero `h` cannot spend movement on `cmd`, movement
    left aside (`spend_refusal` judges that)."""
    return _REFUSALS[type(cmd)](state, h, cmd)


def move_refusal(state: Battle, h: Hero, to: str) -> Refusal | None:
    """Why the hero cannot step onto `to` now, movement left aside."""
    if h.hung:
        return Refusal("brutality.status.noose.no-move", f"{h.id} is hung and cannot move away")
    return on_board_refusal(h, "move") or step_refusal(state, h, to)


def _unbleed_refusal(state: Battle, h: Hero, cmd: Unbleed) -> Refusal | None:
    if not h.bleed:
        return Refusal("brutality.status.bleed.remove", f"{h.id} has no bleed tile")
    return None


def _unhang_refusal(state: Battle, h: Hero, cmd: Unhang) -> Refusal | None:
    if not h.hung:
        return Refusal("brutality.status.noose.remove", f"{h.id} is not hung")
    return None


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


def unbury_refusal(state: Battle, h: Hero) -> Refusal | None:
    if not h.buried:
        return Refusal("brutality.bury.unbury", f"{h.id} is not buried")
    spot = unbury_spot(state, h)
    if spot is None:
        return Refusal("brutality.bury.unbury-blocked",
                       "the miniature has no room on its grave")
    if any(not displace_choices(state, state.heroes[o], spot[1]) for o in _on_grave(state, spot)):
        return Refusal("brutality.bury.unbury-blocked",
                       "a hero on the grave has nowhere to go")
    return None


def _on_grave(state: Battle, spot: tuple[str, tuple[str, ...]]) -> list[str]:
    """The heroes standing where a rising hero comes back."""
    taken = occupants(state)
    return sorted({taken[s] for s in spot[1] if s in taken})


_REFUSALS = {Move: lambda state, h, cmd: move_refusal(state, h, cmd.square), TurnAround: lambda state, h, cmd: on_board_refusal(h, "move"),
             Unbleed: _unbleed_refusal, Unhang: _unhang_refusal,
             Unbury: lambda state, h, cmd: unbury_refusal(state, h)}


# ---- spending movement ----------------------------------------------------------------------------
def spend(state: Battle, seat: str, cmd: Command, ctx: Context) -> list[Event]:
    """Move, turn around, or spend a movement on bleed, the noose or the grave."""
    h = own_hero(state, seat, cmd.hero)
    why = command_refusal(state, h, cmd)
    if why:
        raise why.error()
    res = Resolution(state)
    take_movement(res, h)
    match cmd:
        case Move(_, to):
            before = footprint(state, h)
            res.add(ev.HeroMoved(rule="brutality.move.step", hero=h.id, source=h.square, to=to))
            res.run(arrive(res, h.id, before, "move")[1])
        case TurnAround():
            res.add(ev.HeroTurned(rule="brutality.move.facing", hero=h.id,
                                  facing="N" if h.facing == "S" else "S"))
        case Unbleed():
            res.add(ev.BleedRemoved(rule="brutality.status.bleed.remove", hero=h.id,
                                    bleed=h.bleed - 1, spent=1))
        case Unhang():
            res.add(ev.NooseRemoved(rule="brutality.status.noose.remove", hero=h.id, spent=1))
        case Unbury():
            anchor, spots = spot = unbury_spot(state, h)
            steps = [("displace", o, seat, "brutality.bury.unbury-knock", *spots)
                     for o in _on_grave(state, spot)]
            res.run([*steps, ("unbury", h.id, anchor)])
    return res.facts


# ---- Ghost Knights ---------------------------------------------------------------------------------
def knight_refusal(state: Battle, seat: str, source: str, to: str) -> Refusal | None:
    """A knight of the team moves one space at a time, two a turn, never onto
    another hazard tile."""
    knight = state.hazards.get(source)
    if knight is None or knight.kind != "ghost-knight" or knight.team != seat:
        return Refusal("brutality.hazard.ghost-knight.move",
                       f"no Ghost Knight of {seat} on {source}")
    if knight.moved >= KNIGHT_SPACES:
        return Refusal("brutality.hazard.ghost-knight.move",
                       "that knight has moved two spaces")
    a, b = parse(state, source), parse(state, to)
    if b is None or max(abs(a.col - b.col), abs(a.row - b.row)) != 1:
        return Refusal("brutality.hazard.ghost-knight.move",
                       "a knight moves one space at a time")
    if has_tile(state, to):
        return Refusal("brutality.hazard.no-stacking", f"{to} already has a hazard tile")
    return None


def move_knight(state: Battle, seat: str, cmd: MoveKnight, ctx: Context) -> list[Event]:
    why = knight_refusal(state, seat, cmd.source, cmd.to)
    if why:
        raise why.error()
    res = Resolution(state)
    res.add(ev.KnightMoved(rule="brutality.hazard.ghost-knight.move", source=cmd.source,
                           to=cmd.to))
    hero_id = occupants(state).get(cmd.to)
    if hero_id:
        meet_knight(res, cmd.to, hero_id)
    res.run(())
    return res.facts
