"""Bots for self-play: `random` (any legal command) and `greedy`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.commands import Command

from .board import boss_squares, distance
from .state import Table

# The greedy bot's taste, best first: score, fight, grow, advance, earn, stop.
PREFERENCE = ("capture", "attack", "deploy", "move", "work", "wait", "pass", "order", "hit", "end")


def random_bot(state: Table, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    return rng.choice(list(legal))


def greedy_bot(state: Table, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    """Keep the hand; then capture, attack, deploy, move towards a castle (or the boss),
    work, end; answer questions at random."""
    legal = list(legal)
    if legal[0].verb == "mulligan":
        return next(c for c in legal if not c.cards)
    for verb in PREFERENCE:
        options = [c for c in legal if c.verb == verb]
        if verb == "move":
            options = _towards_castles(state, options)
        if options:
            return rng.choice(options)
    return rng.choice(legal)


def _towards_castles(state: Table, moves: list[Command]) -> list[Command]:
    """The moves ending nearest a castle (in Boss Mode: nearest the boss tile)."""
    castles = list(boss_squares(state).values()) or [
        sq for sq, t in state.terrain.items() if t == "castle"]
    if not moves or not castles:
        return moves
    gaps = {m: min(distance(m.square, c) for c in castles) for m in moves}
    best = min(gaps.values())
    return [m for m in moves if gaps[m] == best]


BOTS = {"random": random_bot, "greedy": greedy_bot}
