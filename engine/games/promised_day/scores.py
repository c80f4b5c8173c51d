"""What a Promised Day game scores, turn by turn (the replay's chart): the
Mannequin Soldiers on the damage track (the players lose when it fills),
the Transmutation Circle tiles flipped (laid face up at setup, turned face
down when their Reverse Transmutation Circle is done), and each
character's life.  All of it lies open on the board."""

from __future__ import annotations

from .state import Game


def scores(state: Game) -> dict[str, dict[str, float]]:
    if not state.tiles and not state.life:
        return {}
    flipped = sum(1 for _, _, face_up in state.tiles.values() if not face_up)
    return {"damage track": {"soldiers": float(state.damage_track)},
            "tiles flipped": {"tiles": float(flipped)},
            "life": {c: float(n) for c, n in state.life.items()}}
