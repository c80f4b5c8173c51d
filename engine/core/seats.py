"""Seat keys: the secret play link of each seat of a game.

Issued with the game, in a stream of their own (its id derived from the
game's) so that a game's record, and so every export, never carries them.
"*" is the hot-seat link: it acts for whichever seat the game waits for.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from typing import Any
from uuid import UUID, uuid5

import orjson

from .errors import GameUnreadable
from .records import SEAT_KEYS_TOPIC

HOT_SEAT = "*"


def keys_id(game_id: UUID) -> UUID:
    return uuid5(game_id, "seat-keys")


def issued(game_id: UUID, seats: tuple[str, ...]) -> tuple[Any, dict[str, str]]:
    """The record that issues a new game's keys (a `SeatKeys.Issued`), and the keys."""
    from eventsourcing.utils import get_topic

    from .log import SeatKeys  # built by writes alone (issue #24)

    tokens = {seat: secrets.token_urlsafe(16) for seat in (*seats, HOT_SEAT)}
    return SeatKeys.Issued(
        originator_id=keys_id(game_id), originator_version=1,
        timestamp=SeatKeys.Event.create_timestamp(), originator_topic=get_topic(SeatKeys),
        game=str(game_id), tokens=tokens,
    ), tokens


class SeatLinks:
    """The seat keys of every game of one store."""

    def __init__(self, db, put: Callable[[list], None], seats_of: Callable[[UUID], tuple[str, ...]]):
        self.db = db
        self._put = put            # the store's writer
        self._seats_of = seats_of  # a game's seats (GameNotFound if none)

    def tokens(self, game_id: UUID) -> dict[str, str]:
        """Each seat's secret token (issued with the game; never exported).
        A game stored before keys existed gets its keys now."""
        rows = self.db.rows(keys_id(game_id), 0, None)
        if rows:
            if rows[0][1] != SEAT_KEYS_TOPIC:
                raise GameUnreadable(f"the seat keys of game {game_id} were overwritten by another stream")
            return orjson.loads(rows[0][2])["tokens"]
        return self.issue(game_id, self._seats_of(game_id))

    def issue(self, game_id: UUID, seats: tuple[str, ...]) -> dict[str, str]:
        event, tokens = issued(game_id, seats)
        self._put([event])
        return tokens

    def seat_of(self, game_id: UUID, token: str) -> str | None:
        """The seat a token belongs to, compared in constant time; None if none."""
        found = None
        for seat, secret in self.tokens(game_id).items():
            if hmac.compare_digest(secret.encode(), token.encode()):
                found = seat
        return found
