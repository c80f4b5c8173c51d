"""Commands of an Alchemy puzzle attempt, with their text notation.

    swap 2 3      swap the pieces on edges 2 and 3 (1 action)
    replace 4     discard the piece on edge 4, then draw its replacement (2 actions)
    skill         spend a skill point to add Luck to the puzzle actions
    stop          stop taking actions and make the test
"""

from __future__ import annotations

from engine.core.commands import Command, CommandSet, command


@command
class Swap(Command):
    """Swap the pieces on two touching edges of the tile (1 puzzle action).

    The edges are named by their numbers, 1 the top edge, then clockwise."""

    verb = "swap"
    first: int
    second: int

    def __post_init__(self):
        # A swap is symmetric: `swap 2 1` is `swap 1 2`, one command, one spelling.
        if self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)


@command
class Replace(Command):
    """Discard the piece on one edge, then draw its replacement from the face-down pile (2 puzzle actions)."""

    verb = "replace"
    edge: int


@command
class SpendSkillPoint(Command):
    """Spend a skill point to add your Luck to your puzzle actions (once a puzzle)."""

    verb = "skill"


@command
class Stop(Command):
    """Stop taking puzzle actions and make the test: a d10 at most the number of pieces placed correctly completes the puzzle."""

    verb = "stop"


COMMANDS = CommandSet(Swap, Replace, SpendSkillPoint, Stop)
