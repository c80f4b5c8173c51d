"""Turn orders, repeating schedules and round limits, as immutable values.

A `Schedule` is a repeating pattern of slots, such as Anna's Roundtable's
Boss Mode, where the boss acts between the players:

>>> s = Schedule(("P1", "Boss", "P2", "Boss"))
>>> [(s := s.advance()).current for _ in range(4)], s.round
(['Boss', 'P2', 'Boss', 'P1'], 2)

A `TurnOrder` is a schedule in which each seat appears once, so it can
start from a seat and lose a seat:

>>> order = TurnOrder(("red", "blue", "green")).starting_from("blue")
>>> order.current, order.advance().current, order.advance().advance().current
('blue', 'green', 'red')
>>> order.remove("green").advance().current, order.remove("green").advance().round
('red', 1)

`Rounds` counts rounds against a limit that may be extended:

>>> r = Rounds(7)
>>> r.advance().number, r.extend(2).limit, Rounds(7, number=8).is_over
(2, 9, True)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Self

Seat = Hashable


@dataclass(frozen=True)
class Schedule:
    """Who acts now in a repeating pattern of `slots`: `index` is the slot in
    play, `round` counts passes through the pattern from 1."""

    slots: tuple[Seat, ...]
    index: int = 0
    round: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(self.slots))
        if not self.slots:
            raise ValueError(f"a {type(self).__name__} needs at least one slot")
        if not 0 <= self.index < len(self.slots):
            raise ValueError(f"index {self.index} is outside the {len(self.slots)} slots")

    @property
    def current(self) -> Seat:
        return self.slots[self.index]

    @property
    def is_last(self) -> bool:
        """True when the slot in play ends the round."""
        return self.index == len(self.slots) - 1

    def advance(self) -> Self:
        """The next slot; passing the last one starts the next round."""
        if self.is_last:
            return replace(self, index=0, round=self.round + 1)
        return replace(self, index=self.index + 1)


@dataclass(frozen=True)
class TurnOrder(Schedule):
    """Seats taking turns in order (each seat once per round)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(set(self.slots)) != len(self.slots):
            raise ValueError(f"a seat appears twice in the turn order {self.slots}")

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.slots

    def _position(self, seat: Seat) -> int:
        if seat not in self.slots:
            raise ValueError(f"{seat!r} is not in the turn order {self.slots}")
        return self.slots.index(seat)

    def starting_from(self, seat: Seat) -> TurnOrder:
        """The same seats in the same cyclic order, rotated so that `seat`
        goes first and is in play (a start player marker passing on)."""
        i = self._position(seat)
        return replace(self, slots=self.slots[i:] + self.slots[:i], index=0)

    def remove(self, seat: Seat) -> TurnOrder:
        """The order without `seat` (eliminated for good).  If `seat` was in
        play, the next seat is; if that wraps past the end, a new round starts."""
        i = self._position(seat)
        if len(self.slots) == 1:
            raise ValueError(f"cannot remove {seat!r}, the last seat of the turn order")
        slots = self.slots[:i] + self.slots[i + 1:]
        index = self.index - 1 if i < self.index else self.index
        if index == len(slots):
            return replace(self, slots=slots, index=0, round=self.round + 1)
        return replace(self, slots=slots, index=index)


@dataclass(frozen=True)
class Rounds:
    """Round `number` (from 1) of a game that lasts `limit` rounds."""

    limit: int
    number: int = 1

    @property
    def is_last(self) -> bool:
        return self.number == self.limit

    @property
    def is_over(self) -> bool:
        """True once the last round has ended (number has passed the limit)."""
        return self.number > self.limit

    @property
    def remaining(self) -> int:
        """Rounds still to play, the current one included."""
        return max(0, self.limit - self.number + 1)

    def reached(self, n: int) -> bool:
        """True from round `n` onwards ("from the 4th round onwards, add 2")."""
        return self.number >= n

    def advance(self) -> Rounds:
        if self.is_over:
            raise ValueError(f"the game ended after round {self.limit}")
        return replace(self, number=self.number + 1)

    def extend(self, n: int) -> Rounds:
        """The same round of a game lasting `n` rounds more."""
        return replace(self, limit=self.limit + n)
