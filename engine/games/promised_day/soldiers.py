"""The Mannequin Soldiers (section 5, Homunculus Turn, "3. March" and "4.
Appearance of Mannequin Soldiers"): tokens from the Stock, the innermost
free spot of an Area, the march outward, the damage track past the edge,
and the soldier cards flipped to say where new tokens appear.
"""

from __future__ import annotations

from . import events as ev
from .end import Resolution
from .state import DAMAGE_TRACK, STOCK


def from_stock(res: Resolution, target: str, rule: str) -> bool:
    """One token from the Stock to `target`.  With the option empty_stock=when-needed
    an empty Stock is a defeat only now, when a token is wanted and none is left."""
    if res.state.stock <= 0:
        res.add(ev.GameLost(rule="promised_day.end.stock-needed",
                            reason="a Mannequin Soldier token was needed and the Stock is empty"))
        return False
    res.add(ev.SoldierMoved(rule=rule, source=STOCK, target=target))
    return True


def place_soldiers(res: Resolution, area: int, n: int, rule: str,
                   off_board: str = "promised_day.appearance.off-board") -> int:
    """`n` tokens from the Stock into `area`, each on the innermost space with a free
    spot, else onto the damage track (citing `off_board`); returns how many were placed
    (the track counts)."""
    placed = 0
    for _ in range(n):
        if res.over:
            break
        s = res.state
        target = next((sp for sp in s.areas[area] if s.free_spots(sp) > 0), DAMAGE_TRACK)
        if not from_stock(res, target, rule if target != DAMAGE_TRACK else off_board):
            break
        placed += 1
    return placed


def march_one(res: Resolution, space: str, rule: str) -> None:
    """One token of `space` one space outward, skipping full spaces; past the
    outermost space it goes onto the damage track ("March")."""
    s = res.state
    spaces = s.areas[s.area_of[space]]
    farther = spaces[spaces.index(space) + 1:]
    target = next((sp for sp in farther if s.free_spots(sp) > 0), DAMAGE_TRACK)
    res.add(ev.SoldierMoved(rule=rule if target != DAMAGE_TRACK else "promised_day.march.off-board",
                            source=space, target=target))


def march_area(res: Resolution, area: int, rule: str) -> None:
    """Every token of `area` marches once, those in the outermost space first."""
    res.add(ev.AreaMarched(rule=rule, area=area))
    for space in reversed(res.state.areas[area]):
        for _ in range(res.state.soldiers_in(space)):
            if res.over:
                return
            march_one(res, space, "promised_day.march.outward")


def flip_soldier_card(res: Resolution, rule: str) -> tuple[tuple[int, int], ...]:
    """The top Mannequin Soldier card; an empty deck is first reshuffled from its
    flipped cards (our reading: the rulebook does not say), with the resolution's dice."""
    deck = res.state.soldier_cards
    if not deck.cards:
        order = tuple(res.dice.shuffled(tuple(reversed(deck.discards))))
        res.add(ev.SoldierDeckShuffled(rule="promised_day.appearance.reshuffle", cards=order))
    card, place = res.state.soldier_cards.cards[0]
    res.add(ev.SoldierCardFlipped(rule=rule, card=card, place=place))
    return place


def soldiers_appear(res: Resolution, at_least: int, rule: str) -> None:
    """Flip soldier cards and place their tokens until `at_least` were placed."""
    placed = 0
    while placed < at_least and not res.over:
        for n, area in flip_soldier_card(res, rule):
            placed += place_soldiers(res, area, n, "promised_day.appearance.innermost")


def remove_soldier(res: Resolution, space: str, rule: str) -> None:
    """A soldier token off the board, back to the Stock."""
    res.add(ev.SoldierMoved(rule=rule, source=space, target=STOCK))
