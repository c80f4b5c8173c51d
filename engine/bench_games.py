"""`boardlog bench`, per game: what each game's issue asks to measure.

For every registered game (or those named with `--games`): one complete
bot game recorded on SQLite (time, records, commands/s), `legal_commands`
over every position of that game for every seat that may act (median and
the busiest position), reading any step through the step cache (10, half,
last), and the viewer's step partial with the board at the same steps
(server time).  Budgets from the games' issues are printed beside them.
Full Metal Planète plays its bench game with four players and adds the
fire-zone computation of every position.
"""

from __future__ import annotations

import gc
import statistics
import tempfile
import time
from pathlib import Path

from engine.bench import median_time, say
from engine.core.context import SYSTEM
from engine.core.game import find_game, game_ids
from engine.core.store import Store, open_store

LEGAL_BUDGET_MS = 5
READ_BUDGET_MS = 5
PARTIAL_BUDGET_MS = 20
# Games whose issue asks for a bench game with more players than the default.
PLAYERS = {"fmp": 4}  # Full Metal Planète: a complete 4-player game (target under 3 s)
FMP_GAME_BUDGET_S = 3


def bot_game(store: Store, kind: str, seed: int = 1):
    """Record one complete game with the game's best bot (greedy if it has one)."""
    from engine.cli import selfplay_one

    game = find_game(kind)
    bot = "greedy" if "greedy" in game.BOTS else ("solver" if "solver" in game.BOTS else "random")
    t0 = time.perf_counter()
    gid, steps, outcome = selfplay_one(store, kind, seed, PLAYERS.get(kind), {}, bot)
    return gid, time.perf_counter() - t0, steps, bot, outcome


def legal_times(store: Store, gid) -> list[float]:
    """Seconds of one `legal_commands` call per position and seat that may act
    (each state asked once, as a play page or a bot does).  The first position
    is asked once before timing: the first call in a process also builds the
    map's cached tables (neighbours, distances), a cost paid once per process.

    Each position is asked right after it is read, as a play page asks about
    the session it has just caught up.  Every call is a first call on its
    state: the same question asked again at once on a fresh copy of the
    state (memos dropped) takes a third to a half of the time, the state's
    objects then being in the processor's caches."""
    live = store.live(gid)
    game, samples = live.game, []
    for seat in live.header.seats:
        game.legal_commands(store.session_at(gid, 2).state, seat)
    # The cyclic garbage collector is paused while timing: its pauses (tens of
    # ms) land on whichever call happens to allocate, and would make one
    # position's figure a measure of the collector, not of the rules.
    gc.collect()
    gc.disable()
    try:
        for step in range(2, live.session.version + 1):
            state = store.session_at(gid, step).state
            for seat in game.to_act(state):
                if seat == SYSTEM:
                    continue
                t0 = time.perf_counter()
                game.legal_commands(state, seat)
                samples.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return samples


def run_game_bench(kinds: list[str] | None = None) -> dict[str, dict[str, float]]:
    from fastapi.testclient import TestClient

    from projections.steps import StepCache
    from viewer.app import create_app

    tmp = Path(tempfile.mkdtemp(prefix="boardlog-bench-games-"))
    figures: dict[str, dict[str, float]] = {}
    for kind in kinds or game_ids():
        say(f"  games: {kind}: a bot game, legal commands, steps and partials ...")
        store = open_store(str(tmp / f"{kind}.db"))
        gid, seconds, steps, bot, outcome = bot_game(store, kind)
        commands = store.live(gid).session.commands
        legal = legal_times(store, gid)
        cache = StepCache(open_store(str(tmp / f"{kind}.db")))
        client = TestClient(create_app(store))
        legal.sort()
        row = {"game (s)": seconds, "records": steps, "commands/s": commands / seconds,
               "legal median (ms)": statistics.median(legal) * 1000,
               "legal p95 (ms)": legal[int(len(legal) * 0.95)] * 1000, "legal busiest (ms)": legal[-1] * 1000}
        for label, step in (("10", min(10, steps)), ("half", steps // 2), ("last", steps)):
            row[f"read {label} (ms)"] = median_time(lambda c=cache, g=gid, s=step: c.session(g, s), 20) * 1000
            row[f"partial {label} (ms)"] = _partial_ms(client, gid, step)
        if kind == "fmp":
            row.update(_fmp_fire_zones(store, gid))
        figures[kind] = row
        print(f"\n{kind}: one {bot}-bot game, {steps:,} records, {commands:,} commands in {seconds:.2f} s "
              f"({row['commands/s']:,.0f} commands/s) - {outcome}")
        print(f"  legal_commands: median {row['legal median (ms)']:.2f} ms, 95th percentile "
              f"{row['legal p95 (ms)']:.2f} ms, busiest position {row['legal busiest (ms)']:.2f} ms "
              f"(budget {LEGAL_BUDGET_MS} ms: {'within' if row['legal busiest (ms)'] <= LEGAL_BUDGET_MS else 'OVER'})")
        reads = ", ".join(f"{row[f'read {x} (ms)']:.2f}" for x in ("10", "half", "last"))
        partials = ", ".join(f"{row[f'partial {x} (ms)']:.2f}" for x in ("10", "half", "last"))
        worst = max(row[f"partial {x} (ms)"] for x in ("10", "half", "last"))
        print(f"  read step 10 / half / last: {reads} ms (budget {READ_BUDGET_MS} ms)")
        print(f"  step partial with the board at 10 / half / last: {partials} ms "
              f"(budget {PARTIAL_BUDGET_MS} ms: {'within' if worst <= PARTIAL_BUDGET_MS else 'OVER'})")
        if kind == "fmp":
            print(f"  the {PLAYERS[kind]}-player game took {seconds:.2f} s (budget {FMP_GAME_BUDGET_S} s: "
                  f"{'within' if seconds <= FMP_GAME_BUDGET_S else 'OVER'}); fire zones of a position, "
                  f"computed afresh: median {row['fire zones median (ms)']:.2f} ms, "
                  f"busiest {row['fire zones busiest (ms)']:.2f} ms")
    return figures


def _fmp_fire_zones(store: Store, gid) -> dict[str, float]:
    """Full Metal Planète: the fire-zone computation (every seat's hexes under
    unfavourable fire) at every position of the game, nothing memoised."""
    from engine.games.fmp import board

    samples = []
    for step in range(2, store.live(gid).session.version + 1):
        state = store.session_at(gid, step).state
        board.forget()
        t0 = time.perf_counter()
        board.hot_zones(state)
        samples.append(time.perf_counter() - t0)
    samples.sort()
    return {"fire zones median (ms)": statistics.median(samples) * 1000,
            "fire zones busiest (ms)": samples[-1] * 1000}


def _partial_ms(client, gid, step: int) -> float:
    """Median server time of rendering the step partial (from the
    Server-Timing header), with the finished-game step cache bypassed: the
    budget is for drawing a step, not for finding it drawn already."""
    client.app.state.cache_steps = False
    try:
        samples = []
        for _ in range(10):
            r = client.get(f"/games/{gid}?step={step}", headers={"HX-Request": "true"})
            r.raise_for_status()
            samples.append(float(r.headers["Server-Timing"].split("dur=")[1]))
    finally:
        client.app.state.cache_steps = True
    return statistics.median(samples)
