"""What the play pages and the JSON API share: where the store and the read
models are, and who acts.

A seat's secret token acts for that seat.  The hot-seat token ("*") acts
for whichever seat the players at one screen pick among those that may act
now (the game's turn first); undo and redo fall to the seat whose command
it is.  The system seat is never anyone's to act for.
"""

from __future__ import annotations

from fastapi import Request

from engine.core.context import SYSTEM
from engine.core.errors import BadInput
from engine.core.store import Live, Store
from projections.replay import Replay

HOT_SEAT = "*"  # seat_tokens key of the token that plays every seat at one screen


def store_of(request: Request) -> Store:
    return request.app.state.store


def replay_of(request: Request) -> Replay:
    """The app's read models (made here when the API router runs on its own)."""
    state = request.app.state
    if getattr(state, "replay", None) is None:
        state.replay = Replay(store_of(request))
        state.steps = state.replay.steps
    return state.replay


def may_act(live: Live) -> tuple[str, ...]:
    """The player seats that may act now (turn first, then reactions)."""
    return tuple(s for s in live.game.to_act(live.session.state) if s != SYSTEM)


def hot_seat_acts_for(live: Live, action: str = "command", chosen: str | None = None) -> str:
    """The seat the hot-seat token acts for: `chosen` if given (any seat of
    the game: the store says why it may not act), else for undo/redo the
    seat whose command it is, else the first seat that may act."""
    if chosen:
        if chosen not in live.header.seats:
            raise BadInput(f"as: {chosen!r} is not a seat of this game "
                           f"(seats: {', '.join(live.header.seats)})")
        return chosen
    s = live.session
    if action == "undo" and s.undo:
        return s.undo[-1].seat
    if action == "redo" and s.redo:
        return s.redo[-1].seat
    seats = may_act(live)
    # Nobody to act (game over): any seat will do; the store says why it refuses.
    return seats[0] if seats else live.header.seats[0]
