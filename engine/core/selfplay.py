"""Bots playing whole games through a store: the demo games, `boardlog
selfplay`, the benchmarks and the conformance suite's deep positions."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from .context import SYSTEM
from .errors import GameStuck
from .game import find_game

if TYPE_CHECKING:
    import random

MAX_SELFPLAY_COMMANDS = 100_000  # a game that runs longer is reported unfinished


def selfplay_one(store, kind: str, seed: int, players, options, bot_name: str = "random",
                 bots: dict | None = None) -> tuple[UUID, int, str]:
    """Play one game to its end with bots; returns (id, steps, outcome).
    `bots`: bots by name beside the game's own (the search bot of `analysis`)."""
    game = find_game(kind)
    bot = {**game.BOTS, **(bots or {})}[bot_name]
    import random  # (a read never plays: issue #24)

    rng = random.Random(seed)
    # The header says which bot played every seat: the kind's figures split outcomes by it.
    gid = store.create(kind, seed=seed, players=players, options=options, played_by=f"bot:{bot_name}")
    for _ in range(MAX_SELFPLAY_COMMANDS):
        live = store.live(gid)
        state = live.session.state
        if game.outcome(state) is not None:
            break
        seat, legal = pick_seat(game, state, rng)
        command = bot(state, seat, legal, rng)
        store.issue(gid, seat, command.notation())
    live = store.live(gid)
    return gid, live.session.version, game.outcome(live.session.state) or "unfinished (command limit)"


def pick_seat(game, state, rng: random.Random):
    """A seat that may act now, with its legal commands: the one whose turn
    it is most of the time, a seat that may react out of turn now and then
    (so that bots exercise reactions too).  The system seat is the engine's."""
    seats = [s for s in game.to_act(state) if s != SYSTEM]
    choices = [(seat, legal) for seat in seats if (legal := game.legal_commands(state, seat))]
    if not choices:
        raise GameStuck(f"{game.ID}: no seat has a legal command, yet the game is not over")
    if len(choices) > 1 and rng.random() < 0.3:
        return rng.choice(choices[1:])
    return choices[0]
