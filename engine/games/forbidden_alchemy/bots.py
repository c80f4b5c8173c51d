"""Bots for self-play: `random` (any legal command) and `solver` (greedy)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .commands import Command, Replace, SpendSkillPoint, Stop, Swap
from .state import Puzzle


def random_bot(state: Puzzle, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    return rng.choice(list(legal))


def solver_bot(state: Puzzle, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    """Spend Luck first, take the swap that gains most, else replace a wrong
    piece, else stop and test."""
    if SpendSkillPoint() in legal:
        return SpendSkillPoint()
    best, gain = None, 0
    for cmd in legal:
        if isinstance(cmd, Swap):
            delta = _swap_gain(state, cmd.first, cmd.second)
            if delta > gain:
                best, gain = cmd, delta
    if best is not None:
        return best
    wrong = [c for c in legal if isinstance(c, Replace) and not _is_correct(state, c.edge)]
    if wrong:
        return rng.choice(wrong)
    return Stop()


def _is_correct(state: Puzzle, edge: int) -> bool:
    slot = state.placed[edge - 1]
    return slot is not None and slot[1] == state.edges[edge - 1]


def _swap_gain(state: Puzzle, a: int, b: int) -> int:
    before = _is_correct(state, a) + _is_correct(state, b)
    sa, sb = state.placed[a - 1], state.placed[b - 1]
    after = (sb is not None and sb[1] == state.edges[a - 1]) + (sa is not None and sa[1] == state.edges[b - 1])
    return after - before


BOTS = {"random": random_bot, "solver": solver_bot}
