"""The end of the game (sections 4 and 6, "Game End Conditions"): checked
after every fact of a resolution.

The game ends "as soon as" a condition is met, so the game's `Resolution`
(the kit's, facts folded as they are added) looks at the board after each
fact: the defeat or the victory is added at that instant, and nothing more
is added after it.
"""

from __future__ import annotations

from engine.kit import resolution

from . import events as ev
from .state import OVER, Game, evolve


class Resolution(resolution.Resolution):
    """Facts of The Promised Day folded one at a time, the end conditions checked after each."""

    def __init__(self, state: Game, dice=None):
        super().__init__(state, evolve, dice)

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def after(self, fact) -> None:
        ended = ended_by(self.state)
        if ended is not None:
            self.add(ended)


def ended_by(s: Game):
    """The fact that ends the game in this state, or None while it goes on.  Set-up
    lays the board before the tiles: nothing ends before there is a game."""
    if s.phase == OVER or not s.tiles:
        return None
    if s.damage_track >= s.track_size:
        return ev.GameLost(rule="promised_day.end.damage-track",
                           reason=f"{s.damage_track} Mannequin Soldiers on the damage track")
    dead = next((c for c in s.characters if s.life[c] <= 0), None)
    if dead is not None:
        return ev.GameLost(rule="promised_day.end.life",
                           reason=f"{s.summary[dead][0]} has no life left")
    if s.stock <= 0 and s.empty_stock == "at-once":
        return ev.GameLost(rule="promised_day.end.stock",
                           reason="no Mannequin Soldier tokens left in the Stock")
    if all(not face_up for _, _, face_up in s.tiles.values()):
        return ev.GameWon(rule="promised_day.end.victory",
                          reason="all five Transmutation Circle tiles are face down")
    return None
