"""What `decide` may know besides the state and the command: the dice and
the time of the record.

Both come from the record, never from the machine at the moment of
deciding: the dice are seeded by the game's seed and the command's step,
and `now` is the timestamp stored with the command.  So `verify` can
re-decide a command a year later and reach the same facts (a deadline that
had passed then has passed now, and no later).
"""

from __future__ import annotations

from datetime import UTC, datetime

from .dice import Dice
from .frozen import frozen_dataclass

# The reserved seat of automated turns (a boss, the Homunculus, the tide
# phase).  No game may name a player seat so; no token, CLI call or API
# request can act as it: the engine issues its commands itself.
SYSTEM = "system"


@frozen_dataclass(slots=True)
class Context:
    """The dice of this command, the time it was recorded, and its step
    (where its CommandIssued record stands: a secret command's step is what
    a later `SecretRevealed` names)."""

    dice: Dice
    now: datetime
    step: int = 0


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(when: datetime) -> datetime:
    """Naive datetimes are taken as UTC, so stored and fresh times compare."""
    return when if when.tzinfo else when.replace(tzinfo=UTC)
