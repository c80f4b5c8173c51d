"""What a Promised Day game scores, turn by turn (the replay's chart): the
Mannequin Soldiers on the damage track (the players lose when it fills),
the Transmutation Circle tiles flipped (laid face up at setup, turned face
down when their Reverse Transmutation Circle is done), and each
character's life.  All of it lies open on the board.

A character's life is labelled with its player's seat first ("red Edward"),
so that the chart draws it in its seat's colour, as the board does (one
seat playing two characters alone: the names only, in two colours)."""

from __future__ import annotations

from .state import Game


def scores(state: Game) -> dict[str, dict[str, float]]:
    if not state.tiles and not state.life:
        return {}
    flipped = sum(1 for _, _, face_up in state.tiles.values() if not face_up)
    return {"damage track": {"soldiers": float(state.damage_track)},
            "tiles flipped": {"tiles": float(flipped)},
            "life": {_label(state, c): float(n) for c, n in state.life.items()}}


def _label(state: Game, character: str) -> str:
    first_name = state.summary[character][0].split(" ")[0]
    seat = state.seat_of[character]
    shared = sum(1 for s in state.seat_of.values() if s == seat) > 1
    return first_name if shared else f"{seat} {first_name}"
