"""Bots for self-play: `random` (any legal command) and `greedy`, a co-op bot
that tries every legal command on a copy of the state and keeps the one
whose result it likes best (one step of look-ahead, no dice drawn).  Its
evaluation reads only what every seat sees (the board, hand sizes, the
circles), never a hidden card."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime

from engine.core.commands import Command
from engine.core.context import Context
from engine.core.dice import Dice
from engine.core.errors import RuleViolation

from .board import within
from .circle import circle_met
from .rules import decide
from .state import OVER, Game, evolve

MAX_TRIED = 250  # a sample of the legal commands when there are more
_NOW = datetime(2024, 1, 1, tzinfo=UTC)  # player commands never read the clock


def random_bot(state: Game, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    return rng.choice(list(legal))


def greedy_bot(state: Game, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    options = list(legal)
    if len(options) > MAX_TRIED:
        options = rng.sample(options, MAX_TRIED)
    best, best_score = options[0], float("-inf")
    for command in options:
        score = _after(state, seat, command) + rng.random() * 0.01  # ties broken at random
        if score > best_score:
            best, best_score = command, score
    return best


def _after(state: Game, seat: str, command: Command) -> float:
    try:
        facts = decide(state, seat, command, Context(Dice(0, 0), _NOW))
    except RuleViolation:
        return float("-inf")
    for fact in facts:
        state = evolve(state, fact)
    return evaluate(state)


def _missing(state: Game, kind: str, cards: tuple[str, ...]) -> int:
    """How many more cards the tile needs, roughly (0: met)."""
    for extra in range(8):
        if circle_met(state, kind, cards + ("black-hayate",) * extra):
            return extra
    return 8


def evaluate(s: Game) -> float:
    """How good the position looks for the team (higher is better)."""
    if s.phase == OVER:
        return 10_000.0 if s.result.startswith("victory") else -10_000.0
    score = 0.0
    open_areas = {area: _missing(s, kind, s.circles[area])
                  for area, (_, kind, face_up) in s.tiles.items() if face_up}
    missing = list(open_areas.values())
    # one circle at a time: the one closest to done draws the cards and the alchemists
    focus = min(open_areas, key=lambda a: (open_areas[a], a)) if open_areas else None
    score += 400 * (len(s.tiles) - len(missing)) - 15 * sum(missing) \
        - 25 * (open_areas[focus] if focus else 0)
    score -= 40 * s.damage_track
    outermost = {spaces[-1] for spaces in s.areas.values()}
    for space, n in s.soldiers.items():
        score -= n * (9 if space in outermost else 4)
    score -= sum(12 * b.life for b in s.bosses.values())
    for c in s.characters:
        life = s.life[c]
        # cards in hand are what circles are made of: worth drawing, up to eight (a full
        # hand lets the team finish a circle in one turn; tuned on 40 two-player games)
        score += 40 * min(life, 2) + 20 * min(life, 4) + 3 * life + 15 * min(len(s.hands[c]), 8)
        here = s.position.get(c)
        if here is None:
            continue
        # where the Damage Check will hurt: enemies now, new soldiers in the innermost
        # spaces, Wrath's reach on the outermost ones
        spaces = s.areas[s.area_of[here]]
        danger = s.has_enemy(here) + (here == spaces[0]) + ("wrath" in s.bosses
                                                            and here == spaces[-1])
        score -= 10 * danger * (2 if life <= 2 else 1)  # life is spent to stand where it counts
        score += 2 * sum(1 for sp in within(s, here, 1) if s.has_enemy(sp))
        if s.area_of[here] == focus and s.summary[c][3] != "companion":
            score += 30  # cards go where the character stands, and it must be there to finish
        if s.summary[c][3] != "companion":  # alchemists near an unfinished circle
            _, kind, face_up = s.tiles[s.area_of[here]]
            if face_up:
                score += 5 * (6 - _missing(s, kind, s.circles[s.area_of[here]]))
    return score


BOTS = {"random": random_bot, "greedy": greedy_bot}
