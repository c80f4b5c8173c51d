"""Bots for self-play: `random` (any legal command) and `greedy` (the command
whose facts leave the best position by a simple count)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime

from engine.core.commands import Command
from engine.core.context import Context
from engine.core.dice import Dice
from engine.core.errors import RuleViolation

from .board import to_square
from .commands import Pass
from .rules import decide
from .state import Battle, evolve, other, team_of

_NOW = datetime(2024, 1, 1, tzinfo=UTC)
SAMPLE = 24  # commands the greedy bot tries at most per move


def random_bot(state: Battle, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    # Ending the turn at once would end most turns before anything happens: rarer.
    busy = [c for c in legal if c.verb not in ("end", "pass")]
    return rng.choice(list(busy if busy and rng.random() < 0.9 else legal))


def greedy_bot(state: Battle, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    """Try legal commands on a copy of the position (with throwaway dice) and
    keep the best: health and lives of both teams, then closing in.  A long
    list is sampled (always with its first command) to keep a move quick."""
    base = _score(state, seat)
    best: list[Command] = []
    best_score = float("-inf")
    legal = list(legal)
    tried = legal if len(legal) <= SAMPLE else [legal[0], *rng.sample(legal[1:], SAMPLE - 1)]
    for cmd in tried:
        ctx = Context(Dice(rng.randrange(1 << 30), 1), _NOW)
        try:
            after = _settled(_after(state, decide(state, seat, cmd, ctx)), ctx)
        except RuleViolation:
            continue
        score = _score(after, seat) - base - (0.05 if cmd.verb in ("turn", "knight") else 0)
        if score > best_score + 1e-9:
            best, best_score = [cmd], score
        elif abs(score - best_score) <= 1e-9:
            best.append(cmd)
    return rng.choice(best or list(legal))


def _after(state: Battle, facts) -> Battle:
    for fact in facts:
        state = evolve(state, fact)
    return state


def _settled(state: Battle, ctx: Context) -> Battle:
    """The position once every window now open is passed: a declared effect
    waits whenever the other team holds a card (`stack.offered`), and an ability's
    worth shows only once it resolves.  The look-ahead assumes the other team
    has no answer, and that the bot plays no "End of..." card of its own."""
    for _ in range(3):  # a stack window, then at most the two "End of..." windows
        if state.question or state.winner:
            break
        team = state.responder or (state.window if state.closing is not None else "")
        if not team:
            break
        state = _after(state, decide(state, team, Pass(), ctx))
    return state


def _score(state: Battle, seat: str) -> float:
    seat = team_of(seat)
    if state.winner:
        return 1000.0 if state.winner == seat else -1000.0 if state.winner != "draw" else 0.0
    mine, theirs = state.alive(seat), state.alive(other(seat))
    health = sum(h.health for h in mine) - sum(h.health for h in theirs)
    lives = len(mine) - len(theirs)
    status = sum(h.bleed + h.hung + h.buried for h in theirs) - sum(
        h.bleed + h.hung + h.buried for h in mine)
    return 3 * health + 25 * lives + status - 0.2 * _distance(state, mine, theirs)


def _distance(state: Battle, mine, theirs) -> int:
    """How far my heroes on the board stand from the nearest enemy on it."""
    targets = [to_square(h.square) for h in theirs if h.on_board]
    if not targets:
        return 0
    total = 0
    for h in mine:
        if h.on_board:
            at = to_square(h.square)
            total += min(max(abs(at.col - t.col), abs(at.row - t.row)) for t in targets)
    return total


BOTS = {"random": random_bot, "greedy": greedy_bot}
