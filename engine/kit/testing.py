"""Helpers for game tests: loaded dice and scenarios.

`LoadedDice` answers like the engine's dice but from values the test
chose, so a test reads like the rulebook's worked example ("Jenny rolls a
3...").  `Scenario` sets up a described position from a game's own events
and drives commands against it through the game's `decide` and `evolve`.
Neither knows the engine core: a game module is duck-typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

T = TypeVar("T")

# The time of record a scenario gives its commands unless told otherwise:
# fixed, so a test never depends on the clock.
FIXED_NOW = datetime(2024, 1, 1, tzinfo=UTC)


class LoadedDice:
    """Dice that roll `values` in turn and shuffle into `orders` in turn.

    Without `orders`, `shuffled` keeps the items in the order given, so a
    test deals exactly the cards it listed.  `choice(items)` takes the next
    value as a 1-based position in `items`, as if rolling a die with
    len(items) faces.  `used` turns True at the first draw, as on the real
    dice.

    >>> dice = LoadedDice(values=(3, 10))
    >>> dice.d6(), dice.d10(), dice.used
    (3, 10, True)
    >>> dice.d10()
    Traceback (most recent call last):
    ...
    AssertionError: loaded dice ran out after 2 rolls
    """

    def __init__(self, values: Iterable[int] = (), orders: Iterable[Sequence] | None = None):
        self.values = tuple(values)
        self.orders = None if orders is None else tuple(tuple(o) for o in orders)
        self.rolls = 0
        self.shuffles = 0
        self.used = False

    @property
    def left(self) -> tuple[int, ...]:
        """Values not rolled yet (a test can assert it used them all)."""
        return self.values[self.rolls:]

    def roll(self, sides: int) -> int:
        """The next loaded value, which must fit a die with faces 1..sides."""
        self.used = True
        if self.rolls >= len(self.values):
            raise AssertionError(f"loaded dice ran out after {self.rolls} rolls")
        value = self.values[self.rolls]
        if not 1 <= value <= sides:
            raise ValueError(f"loaded value {value} (roll {self.rolls + 1}) does not fit a d{sides}")
        self.rolls += 1
        return value

    def d6(self) -> int:
        return self.roll(6)

    def d8(self) -> int:
        return self.roll(8)

    def d10(self) -> int:
        return self.roll(10)

    def d20(self) -> int:
        return self.roll(20)

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """`items` as given, or the next loaded order (a rearrangement of them)."""
        self.used = True
        items = tuple(items)
        if self.orders is None:
            return items
        if self.shuffles >= len(self.orders):
            raise AssertionError(f"loaded dice ran out of shuffle orders after {self.shuffles}")
        order = self.orders[self.shuffles]
        if not _same_cards(order, items):
            raise ValueError(
                f"loaded order {order!r} (shuffle {self.shuffles + 1}) "
                f"is not a rearrangement of {items!r}"
            )
        self.shuffles += 1
        return order

    def choice(self, items: Sequence[T]) -> T:
        items = tuple(items)
        return items[self.roll(len(items)) - 1]


def _same_cards(a: Sequence, b: Sequence) -> bool:
    # Cards may be unhashable (lists from JSON), so compare as multisets by removal.
    rest = list(b)
    for item in a:
        if item not in rest:
            return False
        rest.remove(item)
    return not rest


@dataclass(frozen=True)
class TestContext:
    """What `decide` receives beside the command: the dice and the time of record."""

    __test__ = False  # not a pytest test class, despite its name

    dice: Any
    now: datetime = FIXED_NOW
    step: int = 0  # where the command's record would stand (see engine/core/context.py)


class Scenario:
    """A game in a described position, driven one command at a time.

    `game` is any module (or object) with `initial_state()`,
    `evolve(state, event)`, `decide(state, seat, command, ctx)` and
    `COMMANDS.parse(text)`.
    """

    def __init__(self, game: Any, events: Iterable[Any] | None = None, state: Any = None):
        self.game = game
        self._state = game.initial_state() if state is None else state
        self.events: list[Any] = []
        self.apply(events or ())

    @classmethod
    def from_position(cls, game: Any, position: dict[str, Any]) -> Scenario:
        """The position the game's own `from_position` reads (docs/positions.md):
        a test writes only the sections it cares about, the rest defaulted by
        the game.  The grown-up way to set up a contested case in a few lines."""
        return cls(game, state=game.from_position(position))

    @classmethod
    def from_events(cls, game: Any, events: Iterable[Any]) -> Scenario:
        """The position those events (the game's own) describe, from the initial state."""
        return cls(game, events=events)

    @property
    def state(self) -> Any:
        return self._state

    def apply(self, events: Iterable[Any]) -> None:
        """Fold further facts into the position (what happened offstage)."""
        for event in events:
            self._state = self.game.evolve(self._state, event)
            self.events.append(event)

    def play(
        self, seat: str, text: str, dice: Any = None, now: datetime | None = None, step: int = 0
    ) -> list[Any]:
        """Decide the command written `text` for `seat`, apply its events, return them.

        Without `dice`, any roll fails the test: load the dice the rules need.
        Without `now`, the time of record is `FIXED_NOW`; `step` is where the
        command's record would stand (what a later reveal names).
        """
        command = self.game.COMMANDS.parse(text)
        ctx = TestContext(LoadedDice() if dice is None else dice, FIXED_NOW if now is None else now, step)
        events = list(self.game.decide(self._state, seat, command, ctx))
        self.apply(events)
        return events

    def expect_violation(
        self, seat: str, text: str, rule: str, dice: Any = None, now: datetime | None = None
    ) -> Exception:
        """Assert that the command breaks `rule` (its error's `.rule`) and
        changes nothing; return the error for further checks on its reason."""
        before, count = self._state, len(self.events)
        try:
            events = self.play(seat, text, dice=dice, now=now)
        except Exception as error:  # any RuleViolation-like error: the kit cannot import the core
            if not hasattr(error, "rule"):
                raise
            assert error.rule == rule, f"{text!r} broke {error.rule!r}, not {rule!r}: {error}"
            assert self._state is before and len(self.events) == count
            return error
        raise AssertionError(f"{text!r} was accepted (expected a violation of {rule!r}): {events}")
