"""The Reverse Transmutation Circle (section 5, Action; Ed, Al, Mustang and
Scar only): the cards in an Area's Transmutation Circle space meet its
tile's condition, and the tile turns face down.  A bonus card is then
chosen (`bonus.py`).
"""

from __future__ import annotations

from collections import Counter

from engine.core.errors import RuleViolation

from . import events as ev
from .state import Game
from .turns import after_action, require_actions, take_action

WILD = "black-hayate"  # the bonus card that joins a Transmutation Circle space as any colour

# The rule each tile's condition cites.
TILE_RULES = {"three-and-two": "promised_day.circle.three-and-two",
              "four-same-colour": "promised_day.circle.four-same-colour",
              "four-colours": "promised_day.circle.four-colours",
              "seven-cards": "promised_day.circle.seven-cards"}


def circle_met(state: Game, kind: str, cards: tuple[str, ...]) -> bool:
    """The tile's condition, Black Hayate standing in for any one colour."""
    wild = sum(1 for c in cards if c == WILD)
    colours = Counter(state.cards[c][0] for c in cards if c != WILD)
    counts = sorted(colours.values(), reverse=True) + [0, 0]
    if kind == "three-and-two":  # best: the two most common colours (or wild fills them)
        return max(0, 3 - counts[0]) + max(0, 2 - counts[1]) <= wild
    if kind == "four-same-colour":
        return 4 - counts[0] <= wild
    if kind == "four-colours":
        return len(colours) + wild >= 4
    return len(cards) >= 7  # "seven-cards"


def check_complete(state: Game, seat: str) -> tuple[str, int]:
    """The character completing its Area's circle, and that Area."""
    character = require_actions(state, seat)
    if state.summary[character][3] == "companion":
        raise RuleViolation("promised_day.circle.who",
                            f"{character} cannot complete a Transmutation Circle")
    area = state.area_of[state.position[character]]
    _, kind, face_up = state.tiles[area]
    if not face_up:
        raise RuleViolation("promised_day.circle.done", f"the circle of Area {area} is already complete")
    if not circle_met(state, kind, state.circles[area]):
        raise RuleViolation(TILE_RULES[kind], f"the cards in Area {area} do not meet {kind}")
    return character, area


def complete(state: Game, seat: str) -> list:
    character, area = check_complete(state, seat)
    tile, kind, _ = state.tiles[area]
    res = take_action(state, character, "complete", "promised_day.action.complete")
    res.add(ev.TileFlipped(rule=TILE_RULES[kind], area=area, tile=tile))
    if res.state.bonus_offer:
        res.add(ev.QuestionAsked(rule="promised_day.bonus.choose", kind="bonus", left=1))
    return after_action(res)
