"""`python -m analysis.bench`: the figures of issue #23.

- **Strength**: the search against each game's `greedy` bot.  Two-seat
  games (fmp, roundtable, brutality): head to head, seats alternated, the
  share of points the search takes (a win 1, a draw 1/2) with its 95 %
  interval; the claim is at least 70 %.  Co-operative games (promised_day,
  and the story game's investigators against its greedy keeper): the same
  seeds played once by the search and once by greedy; the claim is that
  the search wins more often (a game all players lose is lost by the team
  both times).  Games run one per process, on every core.
- **Speed**: seconds per decision of the search, and positions analysed
  per second per worker at the stated budget, with 1 and 2 worker
  processes sharing one queue (SQLite has one writer: the workers here
  judge positions in parallel and write in turn); and, when the POSTGRES_*
  variables name a server, with 1, 2 and 4 workers sharing a PostgreSQL
  store (a schema of the bench's own, dropped afterwards).  Workers beyond
  the machine's cores share them: the figure says how many it has.
- **Where the time goes**: the share of a decision spent in each call of
  the game contract.

`--quick` plays a small sample (a few games a kind); the full run plays
enough games for the claim (`--games`).  Run it niced on a shared machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.game import find_game

from .match import Rate, alternating, play
from .search import Budget, search_bot
from .simulate import acting
from .train import start

HEAD_TO_HEAD = ("fmp", "roundtable", "brutality")
COOPERATIVE = ("promised_day", "forbidden_alchemy_story")
CLAIM = 0.70
POSTGRES_WORKERS = (1, 2, 4)
# The budget the figures are stated at, per kind: what a decision may cost.
BUDGETS = {
    # Full Metal Planète offers an evaluation (engine/games/fmp/playing.py):
    # it picks the candidates one command ahead, and a step of one hex nearer
    # the ore is a real gain, however small in chance: no edge asked of it
    # (lines differ only by the hidden tides, so the standard error guards).
    "fmp": Budget(simulations=12, candidates=3, edge=0.0),
    "roundtable": Budget(simulations=48),
    "brutality": Budget(simulations=48),
    # The Promised Day offers an evaluation (engine/games/promised_day/playing.py):
    # it ranks the candidates one command ahead and judges lines cut after a round.
    "promised_day": Budget(simulations=32, candidates=6),
    # Lines to the end: a story game is short, and its lines (played by the
    # cautious investigator, engine/games/forbidden_alchemy_story/playing.py)
    # end won often enough to be judged by their outcome.
    "forbidden_alchemy_story": Budget(simulations=48, turns=0),
}
FIXTURE = Path(__file__).parent.parent / "fixtures" / "games"


@dataclass
class Strength:
    """One kind's strength figures."""

    kind: str
    search: Rate                        # points (or co-op wins) of the search
    greedy: Rate | None = None          # co-op: greedy's wins on the same seeds
    seconds_per_move: float = 0.0
    budget: Budget = field(default_factory=Budget)

    @property
    def passes(self) -> bool:
        if self.greedy is None:
            return self.search.share >= CLAIM
        return self.search.share > self.greedy.share

    def line(self) -> str:
        claim = (f"claim >= {100 * CLAIM:.0f} %" if self.greedy is None
                 else f"greedy on the same seeds: {self.greedy}")
        verdict = "yes" if self.passes else "NO"
        return (f"{self.kind:<24} search {self.search}; {claim}: {verdict}; "
                f"{self.seconds_per_move:.2f} s a move ({self.budget.simulations} lines)")


# ---- strength -------------------------------------------------------------------------------
def _one_game(job: tuple) -> tuple[float, float, int]:
    """(search's points, its seconds thinking, its moves) of one game."""
    kind, seed, players, budget, options = job
    game = find_game(kind)
    seats = game.seats(game.options(None, dict(options)))
    bots = {"search": search_bot(kind, seats, budget), "greedy": game.BOTS["greedy"]}
    result = play(kind, seed, bots, players, options)
    mine = [s for s in seats if players[s] == "search"]
    points = sum(result.results[s] for s in mine) / len(mine) if mine else 0.0
    return points, result.seconds.get("search", 0.0), result.moves.get("search", 0)


def _greedy_game(job: tuple) -> float:
    """The result of `team` (the seats the search plays in the other run)
    when greedy plays every seat: read from the team's own seats, since a
    game where all players lose is lost by the team too."""
    kind, seed, players, options, team = job
    game = find_game(kind)
    result = play(kind, seed, {"greedy": game.BOTS["greedy"]}, players, options)
    return sum(result.results[s] for s in team) / len(team)


def _map(fn: Callable, jobs: list, processes: int) -> list:
    if processes <= 1:
        return [fn(j) for j in jobs]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        return pool.map(fn, jobs, chunksize=1)


def head_to_head(kind: str, games: int, budget: Budget, processes: int, seed: int = 1000) -> Strength:
    game = find_game(kind)
    seats = game.seats(game.options(None, {}))
    jobs = [(kind, seed + n, alternating(seats, "search", "greedy", n), budget, {}) for n in range(games)]
    results = _map(_one_game, jobs, processes)
    return _strength(kind, results, None, budget)


def cooperative(kind: str, games: int, budget: Budget, processes: int, seed: int = 1000) -> Strength:
    """The team played by the search, then by greedy, on the same seeds;
    in the story game the keeper is greedy both times."""
    game = find_game(kind)
    seats = game.seats(game.options(None, {}))
    team = {s: ("greedy" if s == "keeper" else "search") for s in seats}
    jobs = [(kind, seed + n, team, budget, {}) for n in range(games)]
    results = _map(_one_game, jobs, processes)
    alone = {s: "greedy" for s in seats}
    mine = tuple(s for s in seats if team[s] == "search")
    greedy = _map(_greedy_game, [(kind, seed + n, alone, {}, mine) for n in range(games)], processes)
    return _strength(kind, results, Rate(sum(greedy), games), budget)


def _strength(kind: str, results: list, greedy: Rate | None, budget: Budget) -> Strength:
    points = sum(r[0] for r in results)
    seconds = sum(r[1] for r in results)
    moves = sum(r[2] for r in results) or 1
    return Strength(kind, Rate(points, len(results)), greedy, seconds / moves, budget)


def strength(kinds: tuple[str, ...] = HEAD_TO_HEAD + COOPERATIVE, games: int = 30,
             processes: int | None = None, report: Callable[[str], None] | None = None) -> list[Strength]:
    processes = processes or os.cpu_count() or 1
    out = []
    for kind in kinds:
        budget = BUDGETS.get(kind, Budget())
        run = head_to_head if kind in HEAD_TO_HEAD else cooperative
        figures = run(kind, games, budget, processes)
        out.append(figures)
        if report:
            report(figures.line())
    return out


# ---- speed ----------------------------------------------------------------------------------
@dataclass
class Speed:
    kind: str
    workers: int
    positions: int
    seconds: float
    budget: Budget
    backend: str = "sqlite"

    @property
    def per_worker(self) -> float:
        return self.positions / self.seconds / self.workers

    def line(self) -> str:
        return (f"{self.kind:<24} {self.backend}, {self.workers} worker(s): {self.positions} positions "
                f"in {self.seconds:.1f} s, "
                f"{self.per_worker:.2f} positions/s per worker ({self.budget.simulations} lines each)")


def _work_until_done(settings: dict[str, str]) -> None:
    from engine.core.store import open_store

    from .jobs import Analyses

    queue = Analyses(open_store(env=settings))
    while queue.work(batch=1):
        pass


POSTGRES_KEYS = ("POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_USER", "POSTGRES_PASSWORD")


def postgres_settings() -> dict[str, str] | None:
    """The store settings of a PostgreSQL server named by the POSTGRES_*
    variables (a schema of the bench's own in it), or None without them."""
    if any(not os.environ.get(k) for k in POSTGRES_KEYS):
        return None
    settings = {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_CONNECT_TIMEOUT": "5",
                "POSTGRES_POOL_SIZE": "2", "POSTGRES_MAX_OVERFLOW": "2",
                "POSTGRES_SCHEMA": "bench_" + uuid.uuid4().hex[:12]}
    settings.update({k: os.environ[k] for k in (*POSTGRES_KEYS, "POSTGRES_PORT") if os.environ.get(k)})
    return settings


@contextmanager
def _fresh_store(backend: str):
    """Settings of an empty store of `backend` ("sqlite": a file of its own;
    "postgres": a schema of its own, dropped afterwards)."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": os.path.join(tmp, "bench.db"),
                   "SQLITE_LOCK_TIMEOUT": "10"}
        return
    settings = postgres_settings()
    if settings is None:
        raise RuntimeError("PostgreSQL: set " + ", ".join(POSTGRES_KEYS))
    schema = settings["POSTGRES_SCHEMA"]
    _postgres(settings, f'CREATE SCHEMA "{schema}"')
    try:
        yield settings
    finally:
        _postgres(settings, f'DROP SCHEMA "{schema}" CASCADE')


def _postgres(settings: dict[str, str], sql: str) -> None:
    import psycopg

    with psycopg.connect(dbname=settings["POSTGRES_DBNAME"], host=settings["POSTGRES_HOST"],
                         port=settings.get("POSTGRES_PORT", "5432"), user=settings["POSTGRES_USER"],
                         password=settings["POSTGRES_PASSWORD"], connect_timeout=5, autocommit=True) as conn:
        conn.execute(sql)


def analysis_speed(kind: str, workers: int, budget: Budget, fixture: str | None = None,
                   backend: str = "sqlite") -> Speed:
    """Analyse a recorded game of `kind` through the queue with `workers`
    processes, in a store of its own (`backend`: sqlite or postgres)."""
    from engine.core.interchange import import_any
    from engine.core.store import open_store

    from .jobs import Analyses

    with _fresh_store(backend) as settings:
        store = open_store(env=settings)
        gid = import_any(store, fixture or str(FIXTURE / f"{kind}-1.jsonl"))[0]
        queue = Analyses(store)
        total = queue.request(gid, budget, seed=1).total
        t0 = time.perf_counter()
        ctx = multiprocessing.get_context("fork")
        procs = [ctx.Process(target=_work_until_done, args=(settings,)) for _ in range(workers)]
        for p in procs:
            p.start()
        for p in procs:
            p.join()
        seconds = time.perf_counter() - t0
        done = queue.progress(gid)
        store.close()
        if done.status != "done":
            raise RuntimeError(f"{kind}: the analysis did not complete ({done})")
    return Speed(kind, workers, total, seconds, budget, backend)


# ---- where the time goes --------------------------------------------------------------------
CONTRACT = ("legal_commands", "decide", "evolve", "scramble_hidden", "view", "scores", "to_act", "outcome",
            "system_command", "turn")


def time_split(kind: str, decisions: int = 3, budget: Budget | None = None, seed: int = 5) -> dict[str, float]:
    """The share of the search's time in each call of the contract and in
    the rollout bot (with whatever it calls), over a few mid-game
    decisions, in this process."""
    game = find_game(kind)
    options = game.options(None, {})
    sim, state = start(game, seed, options)
    bot = game.BOTS["greedy"]
    rng = random.Random(seed)
    for _ in range(40):  # into the middle of a game, stopping short of its end (a short game ends sooner)
        seat, legal = acting(game, state)
        after = sim.play(state, seat, bot(state, seat, legal, rng))
        if game.outcome(after) is not None:
            break
        state = after
    search = search_bot(kind, game.seats(options), budget or BUDGETS.get(kind, Budget()))
    spent: Counter = Counter()
    originals = {name: getattr(game, name) for name in CONTRACT}
    own_bot = search.bot
    try:
        for name, fn in originals.items():
            setattr(game, name, _timed(fn, name, spent))
        search.bot = _timed(own_bot, "the rollout bot", spent)
        t0 = time.perf_counter()
        for _ in range(decisions):
            if game.outcome(state) is not None:
                break
            seat, legal = acting(game, state)
            command = search(state, seat, legal, rng)
            state = sim.play(state, seat, command)
        total = time.perf_counter() - t0
    finally:
        for name, fn in originals.items():
            setattr(game, name, fn)
        search.bot = own_bot
    spent["the search itself"] = total - sum(spent.values())
    return {k: v / total for k, v in spent.most_common()}


def _timed(fn: Callable, name: str, spent: Counter) -> Callable:
    """`fn`, adding its time to `spent[name]` when called from the search
    itself (a call from inside another timed call counts as that one's)."""
    def timed(*args: Any, **kwargs: Any) -> Any:
        _depth[0] += 1
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            _depth[0] -= 1
            if not _depth[0]:
                spent[name] += time.perf_counter() - t0
    return timed


_depth = [0]


# ---- the command ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few games a kind, for a first look")
    parser.add_argument("--games", type=int, default=30, help="games a kind (full run)")
    parser.add_argument("--kinds", nargs="*", default=list(HEAD_TO_HEAD + COOPERATIVE))
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--skip", nargs="*", default=[], choices=["strength", "speed", "time", "postgres"],
                        help="parts to leave out (postgres: the PostgreSQL speed-up, measured with 1, 2 and 4 "
                             "workers whenever the POSTGRES_* variables name a server)")
    args = parser.parse_args(argv)
    games = 4 if args.quick else args.games

    def say(line: str) -> None:
        print(line, flush=True)

    if "time" not in args.skip:
        say("where a decision's time goes (share of the search's time):")
        for kind in args.kinds:
            split = time_split(kind, decisions=2 if args.quick else 4)
            say(f"  {kind:<24} " + ", ".join(f"{k} {100 * v:.0f} %" for k, v in split.items() if v >= 0.01))
    if "speed" not in args.skip:
        say(f"analysis speed (positions judged per second per worker process; this machine has "
            f"{os.cpu_count()} cores: more workers than cores share them):")
        for kind in args.kinds:
            budget = BUDGETS.get(kind, Budget())
            one = analysis_speed(kind, 1, budget)
            say("  " + one.line())
            if args.processes > 1:
                two = analysis_speed(kind, 2, budget)
                say("  " + two.line() + f"; speed-up {one.seconds / two.seconds:.2f}x")
            if postgres_settings() is not None and "postgres" not in args.skip:
                alone = None
                for n in POSTGRES_WORKERS:
                    speed = analysis_speed(kind, n, budget, backend="postgres")
                    alone = alone or speed
                    say("  " + speed.line() + f"; speed-up {alone.seconds / speed.seconds:.2f}x")
    if "strength" not in args.skip:
        say(f"strength against greedy ({games} games a kind, {args.processes} processes):")
        strength(tuple(args.kinds), games, args.processes, lambda line: say("  " + line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
