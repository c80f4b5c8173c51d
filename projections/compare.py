"""Two steps compared (issue 14, item 4): the boards at step A and step B
seen through one view, and what differs between them.

The viewer's compare page (viewer/compare.py) draws this; `boardlog
compare` prints it.  Kept apart from the page so that the command line
reads it without the web framework, whose imports alone cost several
times a command's 200 ms (issue #24): nothing here imports FastAPI,
Starlette, Jinja or anything under viewer/, nor the full store's class
(a SQLite file is read through engine/core/readonly.py).

What may be seen is decided as on the replay page (`known_seat`,
`seat_view`): a running game shows only what every seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from engine.core.errors import BadInput, GameNotFound
from engine.core.limits import check_text
from engine.core.visibility import SPECTATOR

from .replay import Replay, changed_paths, diff

if TYPE_CHECKING:
    from engine.core.game import GameModule
    from engine.core.readonly import ReadStore
    from engine.core.records import Live
    from engine.core.store import Store


@dataclass
class Side:
    """One of the two boards: which game, which step, and the view."""

    gid: UUID
    step: int
    last: int
    board: Any


@dataclass
class Comparison:
    game: GameModule
    seat: str | None          # the view both boards are seen through (SPECTATOR, None, a seat)
    seat_param: str           # the seat as asked, when it is one of both games'
    a: Side
    b: Side
    changes: list[tuple[str, Any, Any]]   # (path, at a, at b), sorted by path
    changed: set[str]         # every changed path with its prefixes: what the boards outline
    notice: str


# ---- what may be seen: the replay page's rules ------------------------------------------------
def known_seat(live: Live, seat: str | None) -> tuple[str | None, str]:
    """`seat` if it is one of the game's, else None and a notice naming the
    known seats (an unknown value is never reflected into the page)."""
    if not seat or seat in live.header.seats:
        return seat or None, ""
    finished = live.game.outcome(live.session.state) is not None
    return None, (f"seat: not a seat of this game (seats: {', '.join(live.header.seats)}); showing "
                  + ("everything" if finished else "what every seat may see"))


def seat_view(finished: bool, seat: str | None) -> str | None:
    """The view a replay shows: a running game only what every seat may see
    (SPECTATOR); a finished one whole (None) or through a known seat's eyes."""
    if not finished:
        return SPECTATOR
    return seat or None


def view_name(view: str | None, short: bool = False) -> str:
    if view is None:
        return "everything"
    return view or ("spectator" if short else "what every seat may see")


# ---- the comparison ---------------------------------------------------------------------------
def checked_step(field: str, step: int, live: Live) -> int:
    last = live.session.version
    if not 1 <= step <= last:
        raise BadInput(f"{field}: step {step} is outside 1..{last} of game {live.id}")
    return step


def _other_game(store: Store | ReadStore, field: str, ref: str | None, live_a: Live) -> Live:
    """Game B: game A itself, or another game of the same kind (a fork, its parent...)."""
    if not ref:
        return live_a
    check_text(field, ref)
    try:
        live_b = store.live(store.catalogue.resolve(ref))
    except GameNotFound as e:
        raise GameNotFound(f"{field}: {e}") from None
    if live_b.header.kind != live_a.header.kind:
        raise BadInput(f"{field}: game {live_b.id} is a {live_b.header.kind} game, not "
                       f"{live_a.header.kind}: only games of one kind compare")
    return live_b


def compare_steps(store: Store | ReadStore, replay: Replay, gid: UUID, a: int, b: int,
                  b_game: str | None = None, seat: str | None = None,
                  fields: tuple[str, str, str] = ("a", "b", "b_game")) -> Comparison:
    """Step `a` of game `gid` against step `b` of `b_game` (default: the same
    game), both seen as the replay page would show them.  `fields` names the
    inputs in error messages (the CLI's arguments are named otherwise)."""
    live_a = store.live(gid)
    live_b = _other_game(store, fields[2], b_game, live_a)
    step_a, step_b = checked_step(fields[0], a, live_a), checked_step(fields[1], b, live_b)
    # One view for both boards, or their difference would be what each may see:
    # the seat must be one of both games', and a running game on either side
    # makes both the spectator's.
    seat, notice = known_seat(live_a, seat)
    if seat is not None and live_b is not live_a:
        seat, notice = known_seat(live_b, seat)
    finished = all(lv.game.outcome(lv.session.state) is not None for lv in (live_a, live_b))
    view = seat_view(finished, seat)
    game = live_a.game
    board_a = game.view(replay.session(live_a.id, step_a).state, view)
    board_b = game.view(replay.session(live_b.id, step_b).state, view)
    return Comparison(
        game=game, seat=view, seat_param=seat or "",
        a=Side(live_a.id, step_a, live_a.session.version, board_a),
        b=Side(live_b.id, step_b, live_b.session.version, board_b),
        changes=diff(board_a, board_b), changed=changed_paths(board_a, board_b), notice=notice,
    )
