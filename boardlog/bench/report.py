"""What every part of the benchmark shares: the game it times, how it times
a call, how it prints, and a PostgreSQL schema of its own for a run."""

from __future__ import annotations

import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

KIND = "forbidden_alchemy"  # the synthetic long game is a puzzle played on and on
SEAT = "investigator"
KEEP = "BOARDLOG_BENCH_KEEP"  # set: the bench's stores stay in /tmp to be looked into


def scratch_dir(prefix: str) -> Path:
    """A temporary directory for a bench's stores, removed when the bench
    ends unless $BOARDLOG_BENCH_KEEP is set.  (They were left behind: each
    run wrote 20-30 MB of stores to /tmp that nobody read again.)"""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    if not os.environ.get(KEEP):
        atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


class ServerClient:
    """Requests to the app as a server makes them: the app's event loop runs
    in this thread, as uvicorn's runs in its own, and a step is drawn in the
    loop's worker thread pool.  Starlette's TestClient instead runs the app on
    a loop in a portal thread of its own: its extra hand-offs between the
    caller, that loop and the worker added 2-3 ms to every Server-Timing the
    bench read (a Roundtable step: 5.7-6.7 ms under uvicorn, 5.3-5.9 here,
    7.6-8.7 through TestClient, measured side by side), which is the test
    client's cost, not the server's.

    `started`: the app's lifespan runs first, as uvicorn runs it before
    serving (and ends at `close`): what it does at start (the cycle
    collector's freeze of everything made so far, viewer/app.py) is part of
    the server a figure of a server just started describes.  Without it, the
    first page of a new process paid a full collection of the whole heap
    (50-60 ms here) that a server never pays."""

    def __init__(self, app, started: bool = False):
        import asyncio

        import httpx

        self.app = app
        self._loop = asyncio.new_event_loop()
        self._client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver")
        self._lifespan = app.router.lifespan_context(app) if started else None
        if self._lifespan is not None:
            self._loop.run_until_complete(self._lifespan.__aenter__())

    def get(self, url: str, **kwargs):
        return self._loop.run_until_complete(self._client.get(url, **kwargs))

    def close(self) -> None:
        if self._lifespan is not None:
            self._loop.run_until_complete(self._lifespan.__aexit__(None, None, None))
        self._loop.run_until_complete(self._client.aclose())
        self._loop.close()


_STARTED = time.perf_counter()


def say(msg: str) -> None:
    """A progress line on stderr, with the seconds since the bench began
    (where a long run spends its time, as it goes)."""
    print(f"[{time.perf_counter() - _STARTED:6.1f} s] {msg.lstrip()}", file=sys.stderr, flush=True)


# ---- verdicts and the summary at the end ---------------------------------------------------------
# Every figure that has a goal says so on its own line ("within" / "OVER"),
# and is also counted here, by area, for one summary line per area at the end.
_VERDICTS: dict[str, list[tuple[str, bool]]] = {}


def verdict(area: str, what: str, met: bool) -> str:
    """Count one figure against its goal; the word its line prints."""
    _VERDICTS.setdefault(area, []).append((what, met))
    return "within" if met else "OVER"


def print_summary() -> None:
    """One line per area: how many figures met their goal, and which did not."""
    if not _VERDICTS:
        return
    print(f"\nsummary ({time.perf_counter() - _STARTED:.0f} s in all)")
    for area, found in _VERDICTS.items():
        missed = [what for what, met in found if not met]
        tail = f"; over: {', '.join(missed)}" if missed else ""
        print(f"  {area:<10} {len(found) - len(missed)} of {len(found)} within their goal{tail}")


def median_time(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds of `repeat` calls."""
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def print_table(rows, length: int, title: str = "") -> None:
    print(f"\nboardlog bench - {title or 'engine'}: {length:,}-event game on SQLite")
    print(f"{'measure':<42} {'boardlog':>12} {'library':>12} {'ratio':>9}")
    for name, (ours, base, kind) in rows.items():
        if base != base:  # no baseline
            print(f"{name:<42} {ours:>12,.2f} {'-':>12} {'-':>9}")
            continue
        ratio = ours / base if kind == "rate" else base / ours
        print(f"{name:<42} {ours:>12,.2f} {base:>12,.2f} {ratio:>8,.1f}x")
    print("ratio: how many times better boardlog is than the library's plain path "
          "(rates: ours/theirs; times: theirs/ours)")


def postgres_settings() -> dict[str, str] | None:
    """The POSTGRES_* settings of this process, or None when unset."""
    import os

    keys = ("POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_USER", "POSTGRES_PASSWORD")
    if not all(os.environ.get(k) for k in keys):
        return None
    env = {k: os.environ[k] for k in (*keys, "POSTGRES_PORT") if os.environ.get(k)}
    return {"PERSISTENCE_MODULE": "eventsourcing.postgres", **env}


@contextmanager
def postgres_schema(settings: dict[str, str]):
    """A schema of its own for one bench run, dropped afterwards."""
    import uuid

    import psycopg

    schema = "bench_" + uuid.uuid4().hex[:10]
    connect = dict(dbname=settings["POSTGRES_DBNAME"], host=settings["POSTGRES_HOST"],
                   port=settings.get("POSTGRES_PORT", "5432"), user=settings["POSTGRES_USER"],
                   password=settings["POSTGRES_PASSWORD"], autocommit=True)
    with psycopg.connect(**connect) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield {**settings, "POSTGRES_SCHEMA": schema}
    finally:
        with psycopg.connect(**connect) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
