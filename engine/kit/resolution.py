"""A resolution: facts built one at a time against a working state.

Many rules resolve in steps, each of which must see the board as the steps
before left it (a knockback that ends on a hazard, a march that fills a
space, damage that ends the game at once).  `Resolution.add` folds each
fact into the working state as it is added, so the next step reads the
state as it now is; `facts` is what `decide` returns.

A game subclasses it for what it checks after every fact (`after`) and
for when nothing more may happen (`over`): the game-end conditions of a
rulebook that ends a game "as soon as" one is met.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Gained:
...     amount: int
>>> res = Resolution(0, lambda total, fact: total + fact.amount)
>>> res.add(Gained(2), Gained(3))
>>> res.state, len(res.facts)
(5, 2)
>>> class Capped(Resolution):
...     @property
...     def over(self):
...         return self.state >= 4
>>> capped = Capped(0, lambda total, fact: total + fact.amount)
>>> capped.add(Gained(2), Gained(3), Gained(7))
>>> capped.state, len(capped.facts)
(5, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Resolution:
    """The facts added so far and the state they lead to."""

    def __init__(self, state: Any, evolve: Callable[[Any, Any], Any], dice: Any = None):
        self.state = state
        self.evolve = evolve
        self.dice = dice  # the command's dice, for the steps that draw
        self.facts: list[Any] = []

    @property
    def over(self) -> bool:
        """True once nothing more may be added (the game ended mid-resolution)."""
        return False

    def add(self, *facts: Any) -> None:
        """Fold each fact in turn; once `over`, the rest are not added."""
        for fact in facts:
            if self.over:
                return
            self.facts.append(fact)
            self.state = self.evolve(self.state, fact)
            self.after(fact)

    def after(self, fact: Any) -> None:
        """What the game checks after every fact (its end conditions); nothing here."""
