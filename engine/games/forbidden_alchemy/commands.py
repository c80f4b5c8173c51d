"""Commands of an Alchemy puzzle attempt, with their text notation.

    swap 2 3      swap the pieces on edges 2 and 3 (1 action)
    replace 4     discard the piece on edge 4, then draw its replacement (2 actions)
    skill         spend a skill point to add Luck to the puzzle actions
    stop          stop taking actions and make the test
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.commands import Command, CommandSet


@dataclass(frozen=True)
class Swap(Command):
    verb = "swap"
    first: int
    second: int

    def __post_init__(self):
        # A swap is symmetric: `swap 2 1` is `swap 1 2`, one command, one spelling.
        if self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)


@dataclass(frozen=True)
class Replace(Command):
    verb = "replace"
    edge: int


@dataclass(frozen=True)
class SpendSkillPoint(Command):
    verb = "skill"


@dataclass(frozen=True)
class Stop(Command):
    verb = "stop"


COMMANDS = CommandSet(Swap, Replace, SpendSkillPoint, Stop)
