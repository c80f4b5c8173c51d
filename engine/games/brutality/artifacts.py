"""When a hero's artifact card may be used ("Artifact Cards", "Cooldown",
"Effect Timing"), and the artifact uses open to a team now.

Artifacts lie face up beside their heroes: everything checked here is public,
so the answers may decide what both teams are shown (`stack.offered`).
"""

from __future__ import annotations

from engine.core.commands import Command

from .commands import UseArtifact
from .content import implemented
from .state import Battle, Hero
from .targeting import targets
from .turn import Refusal, actions_refusal


def refusal(state: Battle, seat: str, h: Hero) -> Refusal | None:
    """Why `seat` cannot use the artifact of its hero `h` now (None: it can)."""
    if h.artifact not in state.artifact_cards:  # none chosen (a described position)
        return Refusal("brutality.artifact.use", f"{h.id} holds no artifact card")
    card = state.artifact_cards[h.artifact]
    if h.dead:
        return Refusal("brutality.death.artifact", f"{h.id} is dead: the artifact is unusable")
    if h.cooldown:
        return Refusal("brutality.artifact.face-down", f"{h.artifact} is face down "
                       f"(cooldown {h.cooldown})")
    timing = card["timing"]
    if state.closing is not None and state.responder != seat:
        return Refusal("brutality.timing.end", "the actions are over: artifacts only answer a "
                       "declared effect now")
    if timing == "your" and seat != state.active:
        return Refusal("brutality.timing.your", f"{card['name']} is played in your own turn")
    if timing == "enemy" and seat == state.active:
        return Refusal("brutality.timing.enemy", f"{card['name']} is played in the enemy turn")
    if not implemented(card["effects"]):
        return Refusal("brutality.artifact.use", f"{h.artifact} is not implemented yet")
    if h.buried and card["target"] != "self":
        return Refusal("brutality.bury.no-ability", f"{h.id} is buried: only an artifact on "
                       "themselves can be used")
    return None


def uses(state: Battle, seat: str) -> list[Command]:
    """Every artifact use open to `seat` now, one per hero and target: a rule
    of its own, since whether there is one decides who is offered an answer."""
    if actions_refusal(state):
        return []
    found: list[Command] = []
    for h in state.team_heroes(seat):
        if refusal(state, seat, h):
            continue
        card = state.artifact_cards[h.artifact]
        found += [UseArtifact(h.id, (w,) if w else ())
                  for w, why in targets(state, h, card).items() if not why]
    return found
