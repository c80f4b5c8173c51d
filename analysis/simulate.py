"""Playing a game forward in memory, as the store would, without storing.

The search needs to try a command on a state and see what follows: the
command's facts, then every automated turn of the system seat it hands
over to, each decided with its own fresh dice (the store's `_Batch` does
the same with the game's seed; a simulation has its own).  Nothing here
knows a game: only the contract of docs/GAMES.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from engine.core.commands import Command
from engine.core.context import SYSTEM, Context
from engine.core.dice import Dice

# The store gives up after this many automated turns in a row; so do we.
MAX_SYSTEM_TURNS = 200
# A fixed clock for simulated commands: rollouts never model time running
# out (a deadline set in a rollout is this time plus the game's delay, and
# one already in the state lies ahead of it unless it had passed already).
SIM_NOW = datetime(2024, 1, 1, tzinfo=UTC)


class SimulationStuck(RuntimeError):
    """The game waits for the system seat, which has nothing to do."""


@dataclass(slots=True)
class Sim:
    """One game kind and a source of fresh dice for a line of play."""

    game: Any
    seed: int
    step: int = 1
    now: datetime = SIM_NOW

    def dice(self) -> Dice:
        """Dice never drawn before on this line: the seed of the simulation
        and a counter, as the store seeds by the game's seed and the step."""
        self.step += 1
        return Dice(self.seed, self.step)

    def play(self, state: Any, seat: str, command: Command) -> Any:
        """The state after `seat` issues `command` and the system seat has
        done whatever it hands over to (RuleViolation if refused)."""
        state = self.fold(state, self.game.decide(state, seat, command, self.context()))
        return self.system_turns(state)

    def context(self) -> Context:
        return Context(self.dice(), self.now, self.step)

    def fold(self, state: Any, facts: Sequence[Any]) -> Any:
        evolve = self.game.evolve
        for fact in facts:
            state = evolve(state, fact)
        return state

    def system_turns(self, state: Any) -> Any:
        game = self.game
        for _ in range(MAX_SYSTEM_TURNS):
            if game.outcome(state) is not None:
                return state
            command = game.system_command(state, self.now)
            if command is None:
                if SYSTEM in game.to_act(state):
                    raise SimulationStuck(f"{game.ID} waits for the system seat with nothing to do")
                return state
            state = self.fold(state, game.decide(state, SYSTEM, command, self.context()))
        raise SimulationStuck(f"{game.ID}: the system acted {MAX_SYSTEM_TURNS} times in a row")


def acting(game: Any, state: Any) -> tuple[str, list[Command]] | None:
    """The seat that acts next in a simulated line, with its legal commands:
    the first player in `to_act` that has any (the one whose turn it is,
    or a seat asked a question).  Reactions out of turn are left to the
    seat whose turn it is to wait for: a line of play needs one actor."""
    for seat in game.to_act(state):
        if seat == SYSTEM:
            continue
        legal = game.legal_commands(state, seat)
        if legal:
            return seat, legal
    return None
