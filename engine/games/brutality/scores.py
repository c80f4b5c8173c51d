"""What a Brutality game scores, turn by turn (the replay's chart): each
hero's health (0 once dead), labelled with its team.  Health is on every
hero's sheet for all to see (hands and relic decks are what is hidden)."""

from __future__ import annotations

from .state import Battle


def scores(state: Battle) -> dict[str, dict[str, float]]:
    if not state.heroes:
        return {}
    return {"health": {f"{h.id} ({h.team})": float(0 if h.dead else h.health)
                       for h in state.heroes.values()}}
