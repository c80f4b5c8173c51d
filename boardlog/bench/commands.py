"""The command line's figures for `boardlog bench` (issue #24 item 3):
each command that touches one game, started as a new process the way a
person types it, timed from start to exit; beside the interpreter alone
starting and exiting, in the same run.  Goal: <= 200 ms a command."""

from __future__ import annotations

import statistics
import subprocess
import sys
import threading
import time
from uuid import UUID

from .report import say, verdict

GOAL_MS = 200
RUNS = 5  # a median of this many new processes per command


def _run(argv: list[str], timeout: float = 120) -> float:
    """Seconds from starting `argv` to its exit.  Waited for in `waitpid`:
    `subprocess.run(timeout=...)` polls with sleeps growing to 50 ms, so an
    exit was seen up to 50 ms late, and every figure above ~65 ms came out
    as about 65, 115, 165, 215 ... ms (a 170 ms command read 215)."""
    t0 = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    watchdog = threading.Timer(timeout, process.kill)  # a command that hangs is stopped, as before
    watchdog.start()
    try:
        status = process.wait()
    finally:
        watchdog.cancel()
    elapsed = time.perf_counter() - t0
    if elapsed >= timeout:
        raise subprocess.TimeoutExpired(argv, timeout)
    if status:
        raise subprocess.CalledProcessError(status, argv)
    return elapsed


def command_figures(db: str, gid: UUID, kind: str, step: int, runs: int = RUNS) -> dict[str, float]:
    """Median milliseconds of each command, new process to exit, on the
    SQLite store `db` holding game `gid` (long enough to have a `step`)."""
    say("  command line: each command in new processes ...")
    boardlog = [sys.executable, "-m", "boardlog"]
    store = ["--db", db]
    commands = {
        "python alone (baseline)": [sys.executable, "-c", "pass"],
        "boardlog kinds": [*boardlog, "kinds"],
        "boardlog games": [*boardlog, "games", *store],
        f"boardlog show ID --step {step:,}": [*boardlog, "show", str(gid), "--step", str(step), *store],
        "boardlog legal ID": [*boardlog, "legal", str(gid), *store],
        # Two boards of the game and what differs: the viewer's comparison, without the viewer.
        f"boardlog compare ID 10 {step:,}": [*boardlog, "compare", str(gid), "10", str(step), *store],
        f"boardlog rules {kind}": [*boardlog, "rules", kind],
    }
    from engine.core.store import open_store

    reader = open_store(db)
    games = len(reader.catalogue.game_ids())
    reader.close()
    figures = {}
    for name, argv in commands.items():
        if runs > 1:  # (a tiny run takes each path once)
            _run(argv)  # the files in the page cache, as for a person typing again
        figures[name] = statistics.median(_run(argv) for _ in range(runs)) * 1000
    print(f"\ncommand line: new process to exit, median of {runs} (goal <= {GOAL_MS} ms a command)")
    for name, ms in figures.items():
        if name.startswith("python"):
            mark = ""
        elif name == "boardlog games":  # every game of the store: not a command on one game
            mark = f"(no goal: lists the store's {games:,} games)"
        else:
            mark = verdict("commands", name.split(" ID")[0], ms <= GOAL_MS)
        print(f"  {name:<44} {ms:>8,.0f} ms  {mark}")
    return figures
