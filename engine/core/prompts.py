"""Questions put to one seat in the middle of a resolution, and the effect
stack.

A game that must ask a seat something before it can go on (the order of
the boss's attacks, a knockback direction when there is no room, "discuss
and decide") keeps the question in its state and answers `prompts(state)`
with a `Prompt`; the seat answers with an ordinary command, one of the
prompt's `choices`.  The engine shows prompts on the play page, the replay
and `boardlog legal` the same way for every game.

`EffectStack` is the small last-declared-first-resolved stack that games
use for simultaneous effects and reactions.  It is a value: pushing or
popping returns a new stack, so it lives in a frozen state for free.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .frozen import frozen_dataclass


@frozen_dataclass(slots=True)
class Prompt:
    """`seat` must answer `question` (by `rule`) with one of `choices`
    (command notations)."""

    seat: str
    question: str
    rule: str
    choices: tuple[str, ...] = ()

    def to_data(self, viewer: str | None = None) -> dict[str, Any]:
        """The prompt as `viewer` may see it: the choices can name hidden
        cards, so only the asked seat (or the omniscient None) gets them."""
        data = {"seat": self.seat, "question": self.question, "rule": self.rule}
        if viewer is None or viewer == self.seat:
            data["choices"] = list(self.choices)
        return data

    def __str__(self) -> str:
        return f"waiting for {self.seat}: {self.question}"


@frozen_dataclass(slots=True)
class EffectStack:
    """Effects waiting to resolve; the last one declared resolves first.

    >>> s = EffectStack().push("push A").push("damage B")
    >>> top, rest = s.pop()
    >>> top, len(rest)
    ('damage B', 1)
    """

    items: tuple[Any, ...] = ()

    def push(self, effect: Any) -> EffectStack:
        return EffectStack(self.items + (effect,))

    def pop(self) -> tuple[Any, EffectStack]:
        if not self.items:
            raise IndexError("the effect stack is empty: nothing to resolve")
        return self.items[-1], EffectStack(self.items[:-1])

    def peek(self) -> Any:
        if not self.items:
            raise IndexError("the effect stack is empty")
        return self.items[-1]

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Any]:
        """From the next to resolve to the last."""
        return reversed(self.items)
