"""What The Promised Day offers the search (analysis/search.py): an
evaluation of a running game, `EVALUATE(state, seat) -> chance in [0, 1]`.

The players win together or lose together (section 4, "Game End
Conditions"), so every seat gets the same chance.  It is a logistic
function of a few measures of how near the team stands to each end of the
game: the victory (Transmutation Circle tiles still face up, the cards
their circles still lack, alchemists standing where a circle is met) set
against the time left (rounds to the seventh's end), and each defeat (the
damage track filling, a character's life running out, the Stock emptying),
together with what the team has in hand against them (cards in hand and
in the decks, enemies on the board and where the next March pushes them).

The weights were fitted by logistic regression on positions of games the
greedy bots played (a tenth of their commands at random, for variety),
labelled by how each game ended: `python -m analysis.fit promised_day`
(analysis/fit.py) prints them.  Fitted on 320 games (seeds 1-400, a fifth
kept out; 4,732 positions in all, a fifth of the games won), ridge 10:
held-out log loss 0.411, where the generic learnt model of the public
scores (analysis/models/promised_day.json) had 0.520 on its own.

Everything read here is on the table for every seat: the board, the
circles' cards, life, the damage track, the Stock, the bosses, and of
hands and decks only how many cards they hold (never which, nor the order
of any deck or of the face-down Homunculus cards).
"""

from __future__ import annotations

import math

from .bots import _missing
from .bots import evaluate as greedy_value
from .state import OVER, Game

MOST_MISSING = 8  # what `_missing` says of a circle it cannot see met soon


def features(s: Game) -> dict[str, float]:
    """The public measures the chance is a function of (a running game)."""
    open_tiles = [(area, kind) for area, (_, kind, face_up) in s.tiles.items() if face_up]
    missing = sorted(_missing(s, kind, s.circles[area]) for area, kind in open_tiles)
    lives = [s.life[c] for c in s.characters] or [0]
    left = _rounds_left(s)
    return {
        "tiles open": float(len(open_tiles)),
        "cards missing": float(sum(missing)),
        "nearest circle": float(missing[0]) if missing else 0.0,
        "circles ready": float(_ready(s)),
        "rounds left": left,
        # The pace the victory asks for: open tiles per round still to play.
        "tiles per round": len(open_tiles) / max(0.5, left),
        "damage track": float(s.damage_track),
        "track room": float(max(0, s.track_size - s.damage_track)),
        "soldiers": float(sum(s.soldiers.values())),
        "soldiers outermost": float(_outermost(s)),
        "worst march": float(max((_off_board(s, area) for area in s.areas), default=0)),
        "stock": float(min(s.stock, 10)),
        "least life": float(min(lives)),
        "life": float(sum(lives)),
        "cards in hand": float(sum(len(h) for h in s.hands.values())),
        "cards in decks": float(sum(len(d) for d in s.decks.values())),
        "bosses": float(len(s.bosses)),
        "boss life": float(sum(b.life for b in s.bosses.values())),
        "alchemists in danger": float(_in_danger(s)),
        # The greedy bot's own sense of the position (it reads the board too).
        "greedy": greedy_value(s) / 100.0,
    }


def _rounds_left(s: Game) -> float:
    """Rounds to the seventh's end, counting the one in progress by the
    share of its player turns still to come."""
    if not s.order or s.current not in s.order:
        return float(s.round_limit - s.round + 1)
    done = s.order.index(s.current) / len(s.order)
    return s.round_limit - s.round + 1 - done


def _ready(s: Game) -> int:
    """Open tiles whose circle is met with an alchemist standing in the area
    (section 5, "The Reverse Transmutation Circle": one action flips it)."""
    alchemists = {s.area_of[s.position[c]] for c in s.characters
                  if c in s.position and s.summary[c][3] != "companion"}
    return sum(1 for area, (_, kind, face_up) in s.tiles.items()
               if face_up and area in alchemists and _missing(s, kind, s.circles[area]) == 0)


def _outermost(s: Game) -> int:
    return sum(s.soldiers_in(spaces[-1]) for spaces in s.areas.values())


def _off_board(s: Game, area: int) -> int:
    """Tokens the March of `area` would push onto the damage track (section
    5, "3. March": outermost first, skipping full spaces)."""
    spaces = s.areas[area]
    soldiers = {sp: s.soldiers_in(sp) for sp in spaces}
    room = {sp: s.spots[sp] - len(s.bosses_in(sp)) for sp in spaces}
    off = 0
    for i in range(len(spaces) - 1, -1, -1):
        for _ in range(soldiers[spaces[i]]):
            soldiers[spaces[i]] -= 1
            target = next((sp for sp in spaces[i + 1:] if soldiers[sp] < room[sp]), None)
            if target is None:
                off += 1
            else:
                soldiers[target] += 1
    return off


def _in_danger(s: Game) -> int:
    """Characters on their last points of life sharing a space with an
    enemy (section 5, "5. Damage Check" hurts them next)."""
    return sum(1 for c, here in s.position.items() if s.life[c] <= 2 and s.has_enemy(here))


# The fitted weights (analysis/fit.py), per feature, and the constant.
WEIGHTS: dict[str, float] = {
    'alchemists in danger': -0.1044,
    'boss life': 0.0444,
    'bosses': -0.3208,
    'cards in decks': -0.0210,
    'cards in hand': 0.0754,
    'cards missing': -0.2766,
    'circles ready': -0.1027,
    'damage track': -0.0435,
    'greedy': 0.2073,
    'least life': 0.1221,
    'life': -0.0937,
    'nearest circle': -0.0758,
    'rounds left': 0.6081,
    'soldiers': -0.0601,
    'soldiers outermost': 0.0790,
    'stock': 0.0000,
    'tiles open': 0.5361,
    'tiles per round': -1.1181,
    'track room': 0.0435,
    'worst march': -0.1286,
}
CONSTANT = -2.5761


def evaluate(state: Game, seat: str) -> float:
    """The team's chance of winning (the same for every seat)."""
    if state.phase == OVER:
        return 1.0 if (state.result or "").startswith("victory") else 0.0
    values = features(state)
    z = CONSTANT + sum(w * values[name] for name, w in WEIGHTS.items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


EVALUATE = evaluate
