"""The analysis of a finished game: where it was won and lost.

For every command a player issued (the system seat's automated turns are
the game's, not a choice), the search judges the position before it as the
acting seat saw it: its chance of winning with the command the search
prefers (`before`), and with the command played (`after`), both from the
same worlds, so that their difference is the command's cost and not luck.
Every seat's chance after the command is kept for the chart.

Marks, on the acting seat's chance of winning (0-100 %), as lichess marks
its "winning chances" (whose -1..1 scale makes its 0.1 / 0.2 / 0.3 these
5 / 10 / 15 points):

| mark | name | the chance dropped by |
| --- | --- | --- |
| `?!` | inaccuracy | 5 points or more |
| `?` | mistake | 10 points or more |
| `??` | blunder | 15 points or more |

and in every case by more than twice its standard error over the worlds
both commands were tried in: a drop the lines cannot tell from noise is
not marked.

Each position is judged with dice of its own (`seed` and its step), so the
analysis is the same whatever order its positions are worked in, and by
however many workers.  A running game is never analysed: its hidden
parts would show through the chances.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any
from uuid import UUID

from engine.core.context import SYSTEM
from engine.core.errors import BadInput, RuleViolation
from engine.core.game import find_game

from .search import DEFAULT_BUDGET, Budget, Search

FORMAT_VERSION = 1
# (mark, drop in chance of winning at least), worst first.
MARKS = (("??", 0.15), ("?", 0.10), ("?!", 0.05))
NOISE = 2.0  # a drop is marked only beyond this many standard errors
COMMAND = "CommandIssued"  # the record kind of a command as stored


class GameRunning(BadInput):
    """Analysis of a running game would reveal what its seats cannot see."""


@dataclass(frozen=True)
class Position:
    """A command to judge: the step of its record, who issued it, its notation."""

    step: int
    seat: str
    played: str


@dataclass
class Judged:
    """One command judged: the acting seat's chance before and after it,
    the command the search preferred, the mark, and every seat's chance
    after the command (for the chart)."""

    step: int
    seat: str
    played: str
    best: str
    before: float
    after: float
    mark: str | None
    chances: dict[str, float]
    lines: int = 0

    @property
    def drop(self) -> float:
        return self.before - self.after


@dataclass
class Analysis:
    """A whole game's analysis, positions in step order."""

    game_id: str
    kind: str
    seats: tuple[str, ...]
    seed: int
    budget: dict[str, Any]
    judged: list[Judged] = field(default_factory=list)
    version: int = FORMAT_VERSION

    def chart(self) -> dict[str, list[tuple[int, float]]]:
        """Every seat's chance of winning after each command: {seat: [(step, chance)]}."""
        out: dict[str, list[tuple[int, float]]] = {s: [] for s in self.seats}
        for j in self.judged:
            for seat, chance in j.chances.items():
                out.setdefault(seat, []).append((j.step, chance))
        return out

    def marks(self) -> dict[int, str]:
        """{step: mark} of the marked commands."""
        return {j.step: j.mark for j in self.judged if j.mark}

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"] = list(self.seats)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Analysis:
        judged = [Judged(**j) for j in data.get("judged", [])]
        return cls(data["game_id"], data["kind"], tuple(data["seats"]), data["seed"], data["budget"],
                   judged, data.get("version", FORMAT_VERSION))


def mark_of(drop: float, error: float) -> str | None:
    """The mark a drop in chance of winning earns (see the table above)."""
    if drop <= NOISE * error:
        return None
    return next((mark for mark, least in MARKS if drop >= least), None)


def positions(store: Any, game_id: UUID) -> list[Position]:
    """The commands of a finished game that a player chose, in order.
    (GameRunning if the game is not over.)"""
    live = store.live(game_id)
    if live.game.outcome(live.session.state) is None:
        raise GameRunning(f"game {game_id} is still running: it can be analysed once it is over")
    return [Position(r.version, r.data["seat"], r.data["text"])
            for r in store.rows(game_id) if r.kind == COMMAND and r.data["seat"] != SYSTEM]


class Reviewer:
    """Judges positions of one game (one search, kept between positions)."""

    def __init__(self, kind: str, seats: tuple[str, ...], budget: Budget, seed: int):
        self.game = find_game(kind)
        self.search = Search(kind, seats, budget)
        self.seed = seed

    def judge(self, state: Any, position: Position) -> Judged:
        game = self.game
        seat = position.seat
        played = game.COMMANDS.parse(position.played)
        legal = game.legal_commands(state, seat)
        if played not in legal:
            raise RuleViolation("core.analysis", f"step {position.step}: {position.played!r} is not a legal "
                                                 f"command of {seat} there (was the game recorded under other rules?)")
        rng = random.Random(f"{self.seed}:{position.step}")
        verdict = self.search.judge(state, seat, legal, rng, must=[played])
        best, mine = verdict.best, verdict.of(played)
        drop, error = best.edge_over(mine, seat) if mine is not best else (0.0, 0.0)
        return Judged(position.step, seat, position.played, best.command.notation(),
                      _round(best.mean(seat)), _round(mine.mean(seat)), mark_of(drop, error),
                      {s: _round(v) for s, v in mine.means().items()}, verdict.lines)

    def close(self) -> None:
        self.search.close()


def _round(x: float) -> float:
    return round(x, 4)


def states_before(store: Any, game_id: UUID, wanted: list[Position]) -> Iterator[tuple[Position, Any]]:
    """Each position with the state before its command, folded forward
    from the one before (never the whole game again for each)."""
    last = None
    for position in wanted:
        step = position.step - 1
        session = store.session_at(game_id, step, start=last)
        last = (step, session)
        yield position, session.state


def analyse_game(store: Any, game_id: UUID, budget: Budget = DEFAULT_BUDGET, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Judge every command a player issued in a finished game (GameRunning
    if it is not over).  `progress(done, total)` is called after each."""
    wanted = positions(store, game_id)
    header = store.header(game_id)
    reviewer = Reviewer(header.kind, tuple(header.seats), budget, seed)
    analysis = Analysis(str(game_id), header.kind, tuple(header.seats), seed, asdict(reviewer.search.budget))
    try:
        for n, (position, state) in enumerate(states_before(store, game_id, wanted), 1):
            analysis.judged.append(reviewer.judge(state, position))
            if progress:
                progress(n, len(wanted))
    finally:
        reviewer.close()
    return analysis
