"""Seeded randomness that stays replayable.

Each command gets its own generator, seeded from the game's seed and the
command's sequence number, so re-deciding command N (by `verify`) draws the
same dice.  Every value drawn must be recorded in an event by the game:
replay and projections never draw.  The engine reads `used` to make a
command that drew anything a commit point (undo cannot cross it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Dice:
    def __init__(self, seed: int, sequence: int):
        # Imported when deciding: a read never rolls, and hashlib's start
        # (OpenSSL's constructors) is ~4 ms of a command's (issue #24).
        import hashlib
        import random

        digest = hashlib.sha256(f"boardlog:{seed}:{sequence}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest[:8], "big"))
        self.used = False

    def roll(self, sides: int) -> int:
        """One die with faces 1..sides."""
        self.used = True
        return self._random.randint(1, sides)

    def d6(self) -> int:
        return self.roll(6)

    def d8(self) -> int:
        return self.roll(8)

    def d10(self) -> int:
        return self.roll(10)

    def d20(self) -> int:
        return self.roll(20)

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A new random order of `items`."""
        self.used = True
        order = list(items)
        self._random.shuffle(order)
        return tuple(order)

    def choice(self, items: Sequence[T]) -> T:
        self.used = True
        return self._random.choice(list(items))
