"""A character's life and cards: damage taken, life regained, cards drawn
(section 3, the Character Summary and its Life marker; section 5, Replenish).
"""

from __future__ import annotations

from . import events as ev
from .end import Resolution


def wound(res: Resolution, character: str, damage: int, rule: str) -> None:
    """The character loses `damage` life (never below 0: the game ends there)."""
    life = res.state.life[character]
    res.add(ev.CharacterDamaged(rule=rule, character=character, damage=damage,
                                life=max(0, life - damage)))


def heal(res: Resolution, character: str, amount: int, rule: str) -> None:
    """Life never goes above the top of the track (our reading: the marker starts
    on its highest number and has nowhere further to go)."""
    s = res.state
    top = s.summary[character][2]
    healed = min(amount, top - s.life[character])
    if healed > 0:
        res.add(ev.CharacterHealed(rule=rule, character=character, healed=healed,
                                   life=s.life[character] + healed))


def draw(res: Resolution, character: str, n: int, rule: str) -> None:
    """Up to `n` cards from the top of the character's deck into its hand."""
    cards = res.state.decks[character].peek(n)
    if cards:
        res.add(ev.CardsDrawn(rule=rule, character=character,
                              seat=res.state.seat_of[character], cards=cards))
