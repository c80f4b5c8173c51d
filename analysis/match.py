"""Games between bots, played in memory (as the store would decide them,
with the game's seed for the dice), for the bench and the strength tests."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import find_game

from .evaluate import final_values
from .simulate import acting
from .train import start

MAX_COMMANDS = 5000


@dataclass
class Game:
    """One finished match game: who played which seat and how it went."""

    seed: int
    players: dict[str, str]          # seat -> bot name
    results: dict[str, float]        # seat -> 1 won, 0.5 draw, 0 lost
    outcome: str
    commands: int
    seconds: dict[str, float] = field(default_factory=dict)   # bot name -> seconds thinking
    moves: dict[str, int] = field(default_factory=dict)       # bot name -> commands chosen


def play(kind: str, seed: int, bots: dict[str, Callable], players: dict[str, str],
         options: dict[str, Any] | None = None) -> Game:
    """Play one game: `players` maps each seat to a name in `bots`."""
    game = find_game(kind)
    opts = game.options(None, dict(options or {}))
    seats = tuple(game.seats(opts))
    sim, state = start(game, seed, opts)
    rng = random.Random(seed)
    seconds: dict[str, float] = {}
    moves: dict[str, int] = {}
    for n in range(MAX_COMMANDS):
        if game.outcome(state) is not None:
            return Game(seed, players, final_values(game, state, seats), game.outcome(state), n,
                        seconds, moves)
        seat, legal = acting(game, state)
        name = players[seat]
        t0 = time.perf_counter()
        command = bots[name](state, seat, legal, rng)
        seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - t0
        moves[name] = moves.get(name, 0) + 1
        if command not in legal:
            raise AssertionError(f"{name} chose {command.notation()!r}, not a legal command of {seat}")
        state = sim.play(state, seat, command)
    return Game(seed, players, dict.fromkeys(seats, 0.5), "unfinished (command limit)", MAX_COMMANDS,
                seconds, moves)


def alternating(seats: Sequence[str], hero: str, other: str, n: int) -> dict[str, str]:
    """Game n's seating: `hero` takes seat n mod len(seats) and its allies by
    name (`north-1` with `north-2`), `other` the rest."""
    mine = seats[n % len(seats)].split("-")[0]
    return {s: hero if s.split("-")[0] == mine else other for s in seats}


@dataclass(frozen=True)
class Rate:
    """A share of points won with its 95 % interval (Wilson score)."""

    points: float
    games: int

    @property
    def share(self) -> float:
        return self.points / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        n = self.games
        if not n:
            return (0.0, 1.0)
        p, z = self.share, 1.96
        middle = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, middle - half), min(1.0, middle + half))

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{100 * self.share:.0f} % of {self.games} games (95 % interval {100 * lo:.0f}-{100 * hi:.0f} %)"
