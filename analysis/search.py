"""A search bot for every game, written once over the contract.

At a decision the search looks at a handful of the seat's legal commands
(the candidates: what the game's own rollout bot would play, and a few
others drawn at random, or, where the game offers an evaluation, the best
others by it one command ahead) and plays each one forward in many
*worlds*.  A world is one guess at everything the seat cannot know, drawn with
`scramble_hidden` (hands, deck orders, tides), together with fresh dice for
every command that follows and the system seat's turns (chance, exactly as
the store decides them, with dice of the world's own).  In each world the
line after a candidate is played by the rollout bot for every seat for a
few turns and then judged by the evaluation (analysis/evaluate.py), or to
the end when the game has no evaluation.

Every candidate is tried in the same worlds (common random numbers): the
differences between candidates come from the commands, not from luck.
Sequential halving spends the budget: each round tries the remaining
candidates in new worlds and keeps the better half, so most of the budget
goes to the few that matter.  A flat search at the root rather than a
tree: with a turn made of many commands and `legal_commands` costing
milliseconds, a tree of this budget would stay one level deep anyway, and
the root's worlds spread over processes without any sharing.

Never reading what the seat cannot see: everything the search reads of the
position goes through `scramble_hidden(state, seat, ...)` first, so two
states that differ only in hidden information give the same choices (the
same distribution of them); and it picks only among `legal`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.commands import Command
from engine.core.errors import RuleViolation
from engine.core.game import find_game

from .evaluate import Evaluator
from .policy import rollout_bot
from .simulate import Sim, SimulationStuck, acting

# Commands a line may run at most (a game whose turns never end is cut short here).
MAX_LINE = 3000
MIN_WORLDS = 2  # worlds each candidate meets at least, in the first round
# A learnt evaluation whose held-out log loss is above this (a coin scores
# 0.693) is not trusted to judge a line cut short after a round: its lines
# run to the end of the game instead.  Measured on Anna's Roundtable (0.58):
# cut after a round, the search took 50 % of 8 games against greedy; played
# to the end, 100 % (python -m analysis.bench, issue #23).
WEAK_MODEL = 0.55
BOT_DRAWS = 6  # how often the rollout bot is asked for its choice (it picks at random among ties)


@dataclass(frozen=True)
class Budget:
    """How much a decision may cost.

    `simulations`: lines played in all (over every candidate); `seconds`:
    a wall-clock cap on top (the rounds stop when it is spent); `turns`:
    how far a line runs before the evaluation judges it, in the game's own
    turns (None: a round, as learnt with the evaluation; 0: to the end of
    the game, as a game without an evaluation always does); `candidates`:
    commands considered at most; `workers`: processes the worlds are spread
    over; `edge`: how much better (in chance of winning, over the same
    worlds) another command must do before the search overrules the
    rollout bot's own choice, at least one standard error and never less
    than this: where the lines cannot tell commands apart, the bot's
    judgement is worth more than noise."""

    simulations: int = 48
    seconds: float | None = None
    turns: int | None = None
    candidates: int = 8
    workers: int = 1
    edge: float = 0.01


DEFAULT_BUDGET = Budget()


@dataclass
class Candidate:
    """A command and what its lines came to: every seat's value per world."""

    command: Command
    worlds: dict[str, dict[str, float]] = field(default_factory=dict)

    @property
    def lines(self) -> int:
        return len(self.worlds)

    def mean(self, seat: str) -> float:
        if not self.worlds:
            return float("-inf")
        return sum(v[seat] for v in self.worlds.values()) / len(self.worlds)

    def means(self) -> dict[str, float]:
        if not self.worlds:
            return {}
        seats = next(iter(self.worlds.values()))
        return {s: sum(v[s] for v in self.worlds.values()) / len(self.worlds) for s in seats}

    def edge_over(self, other: Candidate, seat: str) -> tuple[float, float]:
        """The mean advantage over `other` in the worlds both were tried
        in, and its standard error."""
        diffs = [v[seat] - other.worlds[w][seat] for w, v in self.worlds.items() if w in other.worlds]
        if not diffs:
            return 0.0, float("inf")
        mean = sum(diffs) / len(diffs)
        if len(diffs) < 2:
            return mean, float("inf")
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, math.sqrt(var / len(diffs))


@dataclass
class Verdict:
    """The search's view of one decision: the candidates as tried, the
    chosen one first, then the others best first."""

    seat: str
    candidates: list[Candidate]
    lines: int
    seconds: float

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def of(self, command: Command) -> Candidate | None:
        return next((c for c in self.candidates if c.command == command), None)


class Search:
    """The search for one game kind and its seats (the header's)."""

    def __init__(self, kind: str, seats: Sequence[str], budget: Budget = DEFAULT_BUDGET):
        self.kind = kind
        self.game = find_game(kind)
        self.seats = tuple(seats)
        self.evaluate = Evaluator(self.game, self.seats)
        self.bot = rollout_bot(self.game)
        self.budget = replace(budget, turns=self._turns(budget))
        self._pool = None

    def _turns(self, budget: Budget) -> int:
        if not self.evaluate.estimates:
            return 0
        if budget.turns is not None:
            return budget.turns
        model = self.evaluate.model
        if self.evaluate.own is None and model is not None \
                and model.fitted_on.get("held_out_log_loss", 0.0) > WEAK_MODEL:
            return 0
        per_turn = model.seats_per_turn if model is not None else 0
        # A round: enough turns for every seat to act (1 where a turn is
        # everyone's, as in Full Metal Planète; 2 where it is one player's).
        # Reactions make a player's turn count a little over one seat.
        return max(1, math.ceil(len(self.seats) / per_turn - 0.1)) if per_turn else 1

    # ---- the bot -------------------------------------------------------------------------
    def __call__(self, state: Any, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
        """The bot's signature: `bot(state, seat, legal, rng) -> Command`."""
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        return self.judge(state, seat, legal, rng).best.command

    def judge(self, state: Any, seat: str, legal: Sequence[Command], rng: random.Random,
              must: Sequence[Command] = ()) -> Verdict:
        """Try candidates from `legal` (always those in `must`) in shared
        worlds; the verdict lists the chosen one first."""
        t0 = time.perf_counter()
        budget = self.budget
        deadline = time.time() + budget.seconds if budget.seconds else None
        pool = [Candidate(c) for c in self.candidates(state, seat, legal, rng, must)]
        pool = self._affordable(pool, must)
        default = pool[0]  # the rollout bot's own choice
        kept = {id(default)} | {id(c) for c in pool if c.command in must}
        base = rng.getrandbits(62)
        remaining, world, lines = pool[:], 0, 0
        rounds = max(1, math.ceil(math.log2(len(pool))))
        per_round = max(len(pool), budget.simulations // rounds)
        while True:
            new = max(1, per_round // len(remaining))
            worlds = [f"{base}:{w}" for w in range(world, world + new)]
            world += new
            self._try(state, seat, remaining, worlds, deadline)
            lines += new * len(remaining)
            remaining.sort(key=lambda c: -c.mean(seat))  # stable: earlier candidates win ties
            half = remaining[: math.ceil(len(remaining) / 2)]
            half += [c for c in remaining[len(half):] if id(c) in kept]
            if len(half) == len(remaining) or (deadline and time.time() > deadline):
                break
            remaining = half
        chosen = self._choose(remaining, default, seat)
        others = sorted((c for c in pool if c is not chosen), key=lambda c: -c.mean(seat))
        return Verdict(seat, [chosen, *others], lines, time.perf_counter() - t0)

    def _affordable(self, pool: list[Candidate], must: Sequence[Command]) -> list[Candidate]:
        """As many candidates as the budget can try in at least two worlds
        each in the first round (a single line per candidate would halve
        them on one roll of the dice); those in `must` always stay."""
        k = len(pool)
        while k > 2 and self.budget.simulations // math.ceil(math.log2(k)) < MIN_WORLDS * k:
            k -= 1
        return pool[:k] + [c for c in pool[k:] if c.command in must]

    def _choose(self, remaining: list[Candidate], default: Candidate, seat: str) -> Candidate:
        """The best of the last round, unless it does no clearly better
        than the rollout bot's choice in the same worlds."""
        best = remaining[0]
        if best is default:
            return best
        gain, error = best.edge_over(default, seat)
        return best if gain > max(self.budget.edge, error) else default

    def candidates(self, state: Any, seat: str, legal: Sequence[Command], rng: random.Random,
                   must: Sequence[Command] = ()) -> list[Command]:
        """The rollout bot's choices (asked on guesses at the hidden parts,
        most frequent first), then random others, then `must`."""
        legal = list(legal)
        votes: dict[Command, int] = {}
        for _ in range(BOT_DRAWS):
            guess = self.game.scramble_hidden(state, seat, rng)
            pick = self.bot(guess, seat, legal, random.Random(rng.getrandbits(62)))
            votes[pick] = votes.get(pick, 0) + 1
        chosen = sorted(votes, key=lambda c: -votes[c])[: self.budget.candidates]
        if self.evaluate.own is not None:
            # The game's own evaluation knows better than the bot's other
            # whims (a bot choosing at random among landing sites votes for
            # as many as it is asked): the bot's first choice, then the best.
            chosen = chosen[:1]
        others = [c for c in legal if c not in chosen]
        rng.shuffle(others)
        room = max(0, self.budget.candidates - len(chosen))
        if self.evaluate.own is not None and len(others) > room:
            others = self._ranked(state, seat, others, rng)
        chosen += others[:room]
        chosen += [c for c in must if c not in chosen]
        return chosen

    def _ranked(self, state: Any, seat: str, commands: list[Command], rng: random.Random) -> list[Command]:
        """`commands` best first by the game's own evaluation one command
        ahead, on a guess at the hidden parts (ties stay in their order)."""
        guess = self.game.scramble_hidden(state, seat, rng)
        sim = Sim(self.game, rng.getrandbits(62))
        own = self.evaluate.own

        def value(command: Command) -> float:
            try:
                return own(sim.play(guess, seat, command), seat)
            except (RuleViolation, SimulationStuck):
                return float("-inf")

        values = {c: value(c) for c in commands}
        return sorted(commands, key=lambda c: -values[c])

    def _try(self, state: Any, seat: str, remaining: list[Candidate], worlds: list[str],
             deadline: float | None) -> None:
        commands = [c.command for c in remaining]
        pool = self._workers()
        job = (self.kind, self.seats, self.budget.turns, state, seat, commands)
        if pool is None:
            results = self.lines(state, seat, commands, worlds, deadline)
        else:
            n = self.budget.workers
            chunks = [worlds[i::n] for i in range(n) if worlds[i::n]]
            results = [r for part in pool.starmap(lines_in_worlds, [(*job, c, deadline) for c in chunks])
                       for r in part]
        for index, world, values in results:
            if values is not None:
                remaining[index].worlds[world] = values

    def lines(self, state: Any, seat: str, commands: list[Command], worlds: list[str],
              deadline: float | None = None) -> list[tuple[int, str, dict[str, float] | None]]:
        """(candidate index, world, every seat's value) for each candidate in each world."""
        out = []
        for world in worlds:
            if deadline and time.time() > deadline and out:
                break
            guess = self.game.scramble_hidden(state, seat, random.Random(world + ":guess"))
            for i, command in enumerate(commands):
                out.append((i, world, self.line(guess, seat, command, world)))
        return out

    def line(self, state: Any, seat: str, command: Command, world: str) -> dict[str, float] | None:
        """Play `command` and then the rollout bot for everyone in this world
        until the horizon; every seat's value there.  None if the command
        is refused in this world (possible only where its legality hangs on
        something the seat could not see)."""
        game = self.game
        sim = Sim(game, random.Random(world + ":dice").getrandbits(62))
        rng = random.Random(world + ":line")
        turns = self.budget.turns
        horizon = game.turn(state) + turns if turns else None
        try:
            state = sim.play(state, seat, command)
        except RuleViolation:
            return None
        for _ in range(MAX_LINE):
            if game.outcome(state) is not None or (horizon is not None and game.turn(state) >= horizon):
                break
            turn = acting(game, state)
            if turn is None:
                break
            who, legal = turn
            try:
                state = sim.play(state, who, self.bot(state, who, legal, rng))
            except (RuleViolation, SimulationStuck):
                break  # a rollout bot's slip ends the line where it stands
        values = self.evaluate(state)
        return values if values is not None else dict.fromkeys(self.seats, 0.5)

    def _workers(self):
        if self.budget.workers <= 1:
            return None
        if self._pool is None:
            import multiprocessing

            self._pool = multiprocessing.get_context("fork").Pool(self.budget.workers)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None


# ---- lines, in this process or a worker ------------------------------------------------------
_searches: dict[tuple[str, tuple[str, ...], int], Search] = {}


def lines_in_worlds(kind: str, seats: tuple[str, ...], turns: int, state: Any, seat: str,
                    commands: list[Command], worlds: list[str], deadline: float | None = None
                    ) -> list[tuple[int, str, dict[str, float] | None]]:
    """`Search.lines` in a worker process (a module-level function, so that
    a pool can call it), with a search kept per kind, seats and horizon."""
    key = (kind, seats, turns)
    search = _searches.get(key)
    if search is None:
        search = _searches[key] = Search(kind, seats, Budget(turns=turns))
    return search.lines(state, seat, commands, worlds, deadline)


def search_bot(kind: str, seats: Sequence[str] | None = None, budget: Budget = DEFAULT_BUDGET) -> Search:
    """A bot for `kind` (a callable with the bots' signature).  `seats`: the
    game's (its header's); by default those of the kind's default options."""
    if seats is None:
        game = find_game(kind)
        seats = game.seats(game.options(None, {}))
    return Search(kind, tuple(seats), budget)
