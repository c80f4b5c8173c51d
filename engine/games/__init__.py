"""The registered games.  `game_ids()` lists them; `find_game(id)` loads one."""

from engine.core.game import find_game, game_ids

__all__ = ["find_game", "game_ids"]
