"""What is derived from a state, kept with that state.

States are immutable, so anything computed from one (fire zones, the
squares a unit can reach, the answer of `legal_commands`) stays true for as
long as the state lives.  A `StateMemo` keeps such values per state object:
an entry goes when its state is freed (a weak reference), so a game never
drops a whole memo at once (freeing hundreds of positions inside one
unlucky call costs tens of milliseconds); past `kept` live states, the
oldest entry goes.  The last state asked about is kept aside, since a
caller asks about one position many times in a row.

The state class must accept weak references: a frozen dataclass does,
unless it is declared with `slots=True` (then add `weakref_slot=True`).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Board:
...     cells: tuple
>>> MEMO = StateMemo()
>>> calls = []
>>> @MEMO.memoised("free")
... def free(board):
...     calls.append(1)
...     return tuple(c for c in board.cells if c)
>>> b = Board((0, 1, 2))
>>> free(b), free(b), len(calls)
((1, 2), (1, 2), 1)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import partial, wraps
from typing import Any, TypeVar

T = TypeVar("T")


def _dead() -> None:
    return None


class StateMemo:
    """{state: {name: value}} for as long as each state lives."""

    def __init__(self, kept: int = 256):
        self.kept = kept
        self._derived: dict[int, tuple[weakref.ref, dict[str, Any]]] = {}
        # (a weak reference to the last state asked about, its values): one
        # tuple replaced whole, so that a thread never reads one state's
        # reference beside another's values; asked through the reference,
        # never by id alone, so a new state born where a freed one was is
        # never taken for it.
        self._last: tuple = (_dead, {})

    def values(self, state: Any) -> dict[str, Any]:
        """The state's own memo: a dict to read and fill."""
        last = self._last
        if last[0]() is state:
            return last[1]
        key = id(state)
        hit = self._derived.get(key)
        if hit is None or hit[0]() is not state:
            if len(self._derived) >= self.kept:
                try:
                    self._derived.pop(next(iter(self._derived)), None)
                except (StopIteration, RuntimeError):  # emptied or resized by another thread
                    pass
            hit = self._derived[key] = (weakref.ref(state, partial(self._gone, key)), {})
        self._last = (hit[0], hit[1])
        return hit[1]

    def _gone(self, key: int, ref: weakref.ref) -> None:
        hit = self._derived.get(key)
        if hit is not None and hit[0] is ref:
            self._derived.pop(key, None)

    def memoised(self, name: str) -> Callable[[Callable[[Any], T]], Callable[[Any], T]]:
        """Decorate `fn(state)` so that it runs once per state."""
        def wrap(fn: Callable[[Any], T]) -> Callable[[Any], T]:
            @wraps(fn)
            def inner(state: Any) -> T:
                values = self.values(state)
                try:
                    return values[name]
                except KeyError:
                    value = values[name] = fn(state)
                    return value
            return inner
        return wrap

    def forget(self) -> None:
        """Drop everything (for measurements that want the cost afresh)."""
        self._derived.clear()
        self._last = (_dead, {})
