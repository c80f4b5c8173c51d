"""Which of a game's bots plays the lines the search looks down.

A game may name one (`ROLLOUT_BOT = "greedy"`, or a bot function of its
own); otherwise its `greedy` bot, else any bot of its own that is not
`random` (the alchemy puzzle's `solver`), else `random`.
"""

from __future__ import annotations

from typing import Any

from engine.core.game import Bot


def rollout_bot_name(game: Any) -> str | None:
    named = getattr(game, "ROLLOUT_BOT", None)
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
    return game.BOTS[name] if name is not None else game.ROLLOUT_BOT
