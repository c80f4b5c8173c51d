"""Positions: a game's state written out, and games that start from one
(issue #22).

A position is what FEN is for chess: a JSON object that says where every
piece, card and token is, whose turn it is, the phase and the counters,
enough that a game started from it offers exactly the legal commands of
the state it was written from.  Each game writes and reads its own
(`position(state) -> dict`, `from_position(data) -> state`, docs/positions.md);
this module holds what every game's position shares:

- the envelope: `{"format": "boardlog-position", "game": ID, "version": N,
  "options": {...}, ...the game's own sections...}` (`version` is the
  game's `POSITION_VERSION`: the shape of its sections);
- `BadPosition(rule, reason)`: an impossible position, refused with the
  rule it breaks (two units on one hex, a card in two places);
- `PositionSet`: the one opening fact of a game started from a position.
  The header records the position too, so `verify` and import decide the
  opening again exactly as they decide a seeded setup.

A game that has no position format yet simply lacks `from_position`:
starting one of its games from a position is refused, naming the game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import orjson

from .dice import Dice
from .errors import BadInput
from .events import Event, fact
from .options import options_fit

FORMAT = "boardlog-position"
RULE = "core.position"
MAX_POSITION_BYTES = 256 * 1024  # a position is a state, not a game: the largest is a few KB


class BadPosition(BadInput):
    """An impossible position: `rule` names the rule it breaks (a rule id
    of the game, or `core.position` for the envelope), `reason` says how."""

    def __init__(self, rule: str, reason: str):
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason


@fact
class PositionSet(Event):
    """The game starts from this position (its whole state, hidden parts
    included: the seat views and redaction decide who sees what)."""

    position: dict[str, Any]
    reveals: ClassVar[bool] = False


def startable(game: Any) -> bool:
    """Does this game read positions?"""
    return callable(getattr(game, "from_position", None)) and callable(getattr(game, "position", None))


def write(game: Any, state: Any) -> dict[str, Any]:
    """The position of `state`, in its envelope."""
    _require(game)
    own = game.position(state)
    return {"format": FORMAT, "game": game.ID, "version": getattr(game, "POSITION_VERSION", 1), **own}


def text_of(position: dict[str, Any]) -> str:
    """A position as people read and write it: indented JSON, keys in the
    game's own order."""
    return orjson.dumps(position, option=orjson.OPT_INDENT_2).decode() + "\n"


def parse(game: Any, text: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """A position of `game` from text (or already parsed), its envelope checked;
    BadPosition (rule `core.position`) says what is wrong."""
    _require(game)
    if isinstance(text, (str, bytes)):
        if len(text) > MAX_POSITION_BYTES:
            raise BadPosition(RULE, f"position: {len(text) // 1024} KB; a position is at most "
                                    f"{MAX_POSITION_BYTES // 1024} KB")
        try:
            data = orjson.loads(text)
        except orjson.JSONDecodeError as e:
            raise BadPosition(RULE, f"position: not JSON ({e})") from None
    else:
        data = text
    if not isinstance(data, dict):
        raise BadPosition(RULE, "position: expected a JSON object")
    if data.get("format") != FORMAT:
        raise BadPosition(RULE, f"format: expected {FORMAT!r}, found {str(data.get('format'))[:40]!r}")
    if data.get("game") != game.ID:
        raise BadPosition(RULE, f"game: this is a position of {str(data.get('game'))[:40]!r}, not of {game.ID}")
    version = getattr(game, "POSITION_VERSION", 1)
    if data.get("version") != version:
        raise BadPosition(RULE, f"version: {game.ID} reads positions of version {version}, "
                                f"found {str(data.get('version'))[:20]!r}")
    if not isinstance(data.get("options"), dict):
        raise BadPosition(RULE, "options: expected an object of the game's setup options")
    wrong = options_fit(game, data["options"])
    if wrong is not None:
        raise BadPosition(RULE, f"options: {wrong}")
    return data


def state_of(game: Any, position: dict[str, Any]) -> Any:
    """The state a checked position describes (BadPosition if impossible)."""
    own = {k: v for k, v in position.items() if k not in ("format", "game", "version")}
    return game.from_position(own)


def opening(game: Any, options: dict[str, Any], seed: int, position: dict[str, Any] | None) -> list[Event]:
    """A game's opening facts: its seeded setup, or the position it starts from."""
    if position is None:
        return game.setup(options, Dice(seed, 1))
    return [PositionSet(rule=RULE, position=position)]


def _require(game: Any) -> None:
    if not startable(game):
        raise BadPosition(RULE, f"{game.ID} has no position format yet: its games start from its setup only")
