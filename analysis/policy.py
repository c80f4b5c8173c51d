"""What a game offers the search beyond the contract, and which of its bots
plays the lines the search looks down.

A game offers its rollout bot (`ROLLOUT_BOT = "greedy"`, or a bot function
of its own) and its evaluation (`EVALUATE(state, seat) -> chance`) either
as names of its package or in an optional module of its own beside it,
`engine/games/<id>/playing.py`: the search finds them by the game's name
and never imports a game itself.  Without a rollout bot named, the game's
`greedy` bot plays the lines, else any bot of its own that is not `random`
(the alchemy puzzle's `solver`), else `random`.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.core.game import Bot

PLAYING = "playing"  # the optional module a game offers the search in


def offered(game: Any, name: str) -> Any:
    """What the game offers under `name`: its package's own, else its
    `playing` module's, else None."""
    own = getattr(game, name, None)
    if own is not None:
        return own
    return getattr(_playing(game.__name__), name, None)


def _playing(package: str) -> Any:
    try:
        return importlib.import_module(f"{package}.{PLAYING}")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.{PLAYING}":
            raise  # the module is there and itself imports something missing
        return None


def rollout_bot_name(game: Any) -> str | None:
    named = offered(game, "ROLLOUT_BOT")
    if isinstance(named, str):
        return named
    if named is not None:
        return None  # a function of the game's own
    if "greedy" in game.BOTS:
        return "greedy"
    others = sorted(name for name in game.BOTS if name != "random")
    return others[0] if others else "random"


def rollout_bot(game: Any) -> Bot:
    name = rollout_bot_name(game)
    return game.BOTS[name] if name is not None else offered(game, "ROLLOUT_BOT")
