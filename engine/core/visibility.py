"""What a seat may see of a stored record: the one place that decides it.

Facts are the game's to redact (`game.redact`).  Command records are the
core's: a secret command (a `Command` class with `secret = True`) is shown
whole only to the seat that issued it, to everyone once a `SecretRevealed`
fact has named its step, and to everyone once the game is over.  The
timeline, the audit, the JSON API and the live stream all call
`command_shown` / `shown_payload`, so no view can disagree with another.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .events import Event
from .game import GameModule
from .position import PositionSet

SECRET_TEXT = "(secret command)"
SPECTATOR = ""  # a seat name no game uses: sees only what every seat sees
REVEALED = "SecretRevealed"


def is_secret(game: GameModule, data: dict[str, Any]) -> bool:
    """Was this CommandIssued record a secret command?"""
    command = data.get("command")
    return isinstance(command, dict) and game.COMMANDS.is_secret(command.get("verb", ""))


def has_secret_commands(game: GameModule) -> bool:
    """Does the game have any secret command at all (else nothing in its
    stream is ever hidden from a seat)?"""
    return any(getattr(c, "secret", False) for c in game.COMMANDS.by_verb.values())


def command_shown(game: GameModule, data: dict[str, Any], step: int, viewer: str | None,
                  revealed: Iterable[int] | frozenset[int], finished: bool) -> bool:
    """May `viewer` (None: everything, for finished games) read the command
    recorded at `step`?"""
    if viewer is None or finished or not is_secret(game, data):
        return True
    owner = data.get("seat")
    return owner == viewer or step in revealed or game.same_side(owner, viewer)


def shown_payload(game: GameModule, data: dict[str, Any], step: int, viewer: str | None,
                  revealed: Iterable[int] | frozenset[int], finished: bool) -> dict[str, Any]:
    """A CommandIssued payload as `viewer` may see it (text and data hidden
    when secret)."""
    if command_shown(game, data, step, viewer, revealed, finished):
        return data
    return {**data, "text": SECRET_TEXT, "command": {"verb": "(secret)"}}


def revealed_by(fact_data: dict[str, Any]) -> tuple[int, ...]:
    """The steps a `Happened` payload reveals (none unless SecretRevealed)."""
    if fact_data.get("type") != REVEALED:
        return ()
    return tuple(fact_data["data"].get("steps", ()))


# ---- facts: the game's to redact, but for the engine's own ------------------------------------
POSITION_HIDDEN = "(set up from a position: each seat sees it through its own view of the board)"


def fact_shown(game: GameModule, event: Event, seat: str | None) -> dict[str, Any]:
    """A fact's data as `seat` may see it (None: everything).  A game's own
    facts are its `redact`'s; the opening position holds the whole state,
    hidden parts included, so only the omniscient view reads it."""
    if type(event) is PositionSet:
        return event.to_data() if seat is None else {"position": POSITION_HIDDEN}
    return game.redact(event, seat)


def fact_line(game: GameModule, event: Event) -> str:
    """A fact in one public line (`describe`), the engine's own included."""
    if type(event) is PositionSet:
        return "the game starts from a position"
    return game.describe(event)


def header_shown(header: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """A header as `seat` may read it: the dice are the seed plus the step,
    and a starting position holds every hidden card, so neither reaches a
    seat while it may not see everything."""
    if seat is None:
        return header
    return {k: v for k, v in header.items() if k not in ("seed", "position")}
