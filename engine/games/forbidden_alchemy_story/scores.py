"""What a Forbidden Alchemy story scores, turn by turn (the replay's
chart): each investigator's health and sanity left (printed maximum less
damage and horror suffered) and the keeper's threat.  The rulebook makes
all three public; the keeper's hand, the objective and the Exploration
cards are what is hidden, and nothing here reads them."""

from __future__ import annotations

from .pieces import Story


def scores(state: Story) -> dict[str, dict[str, float]]:
    if not state.investigators:
        return {}
    people = state.investigators.values()
    return {"health": {i.seat: float(max(0, i.health - i.damage)) for i in people},
            "sanity": {i.seat: float(max(0, i.sanity - i.horror)) for i in people},
            "threat": {"keeper": float(state.threat)}}
