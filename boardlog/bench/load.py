"""`boardlog bench --load`: several server processes, one store, real clients.

Starts N viewer processes (`boardlog serve`, one port each) on one store —
PostgreSQL when the POSTGRES_* settings are present, else an SQLite file —
and drives them over HTTP only: M bot players play K games at once through
the JSON API (read `/api/games/{id}/legal` with the seat's `X-Seat-Token`,
post one of those commands), while S spectators step through the same
games' replay pages (`/games/{id}?step=N` partials).  When a game ends its
table starts a new one, so K games are always in play.

Afterwards every game played is checked against the store itself: it must
verify (every command re-decided, as `boardlog verify` does), and the
commands the server acknowledged to the clients must be exactly the ones
stored — none lost, none doubled, none stored that nobody was told about.

The same load runs first on a single server process (the baseline), then
on N.  Figures: requests per second and latency (p50, p99) per kind of
request.  Progress goes to stderr; the servers are stopped whatever
happens (Ctrl+C included).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx

from engine.core import session as fold
from engine.core.context import SYSTEM
from engine.core.errors import BadInput

KIND = "roundtable"         # two seats, a few hundred commands per game, quick rules
TOKEN_HEADER = "X-Seat-Token"
STARTUP_SECONDS = 60        # a server that does not answer by then has failed
IDLE_WAIT = 0.02            # a player with nothing to do waits this long before asking again
SPECTATOR_RUN = 20          # steps a spectator reads before asking for the game's length again
HX = {"HX-Request": "true"}  # the replay page's step partial, as htmx asks for it


def say(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---- figures ---------------------------------------------------------------------------------
@dataclass
class Stats:
    """Latencies per kind of request, and the requests that failed."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter = field(default_factory=Counter)     # 5xx and transport errors, by kind
    refused: Counter = field(default_factory=Counter)    # 4xx: a rule or a race said no

    def add(self, kind: str, seconds: float) -> None:
        self.latencies.setdefault(kind, []).append(seconds)

    def summary(self, elapsed: float) -> dict[str, dict[str, float]]:
        out = {}
        for kind, samples in sorted(self.latencies.items()):
            samples = sorted(samples)
            out[kind] = {"count": len(samples), "per_s": len(samples) / elapsed,
                         "p50_ms": _percentile(samples, 0.50) * 1000,
                         "p99_ms": _percentile(samples, 0.99) * 1000,
                         "errors": self.errors[kind], "refused": self.refused[kind]}
        return out


def _percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))] if ordered else float("nan")


# ---- the tables: K games always in play -------------------------------------------------------
@dataclass
class Table:
    """One of the K games in play: its current game and seat tokens.  When
    the game ends the first player to notice starts the next one."""

    number: int
    kind: str
    gid: str = ""
    tokens: dict[str, str] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Run:
    """What the clients saw in one run: every game created, every command
    the server acknowledged (game, step, seat, text)."""

    stats: Stats = field(default_factory=Stats)
    games: list[str] = field(default_factory=list)
    accepted: list[tuple[str, int, str, str]] = field(default_factory=list)
    seeds: int = 0


async def _timed(run: Run, kind: str, request) -> httpx.Response | None:
    """Send one request, recording its latency; None on a transport error."""
    t0 = time.perf_counter()
    try:
        response = await request
    except httpx.HTTPError:
        run.stats.errors[kind] += 1
        return None
    run.stats.add(kind, time.perf_counter() - t0)
    if response.status_code >= 500:
        run.stats.errors[kind] += 1
    elif response.status_code >= 400:
        run.stats.refused[kind] += 1
    return response


async def _new_game(client: httpx.AsyncClient, run: Run, table: Table) -> None:
    """Start the table's next game through the API and keep its seat tokens."""
    run.seeds += 1
    r = await _timed(run, "create game", client.post("/api/games", json={"kind": table.kind,
                                                                          "seed": run.seeds}))
    if r is None or r.status_code != 201:
        raise RuntimeError(f"creating a {table.kind} game failed: "
                           f"{r.status_code if r is not None else 'no answer'} {r.text[:200] if r is not None else ''}")
    body = r.json()
    # Each seat's link ends with its token: /games/{id}/play/{token}.
    table.tokens = {seat: link.rsplit("/", 1)[1] for seat, link in body["seats"].items()}
    table.gid = body["id"]
    run.games.append(table.gid)


async def _player(client: httpx.AsyncClient, run: Run, seats: list[tuple[Table, str]],
                  deadline: float, rng: random.Random) -> None:
    """A bot: for each of its seats, ask what it may do and do one of those things."""
    while time.monotonic() < deadline:
        acted = False
        for table, seat in seats:
            if time.monotonic() >= deadline:
                return
            acted |= await _play_once(client, run, table, seat, rng)
        if not acted:
            await asyncio.sleep(IDLE_WAIT)


async def _play_once(client: httpx.AsyncClient, run: Run, table: Table, seat: str,
                     rng: random.Random) -> bool:
    gid, token = table.gid, table.tokens[seat]
    headers = {TOKEN_HEADER: token}
    r = await _timed(run, "legal", client.get(f"/api/games/{gid}/legal", headers=headers))
    if r is None or r.status_code != 200:
        return False
    legal = r.json()
    if legal["commands"]:
        text = rng.choice(legal["commands"])
        r = await _timed(run, "command", client.post(f"/api/games/{gid}/commands", headers=headers,
                                                     json={"text": text}))
        if r is not None and r.status_code == 201:
            first = r.json()["records"][0]
            run.accepted.append((gid, first["step"], first.get("seat", seat), first.get("text", text)))
        return True
    if not legal["may_act"]:  # nobody may act: the game is over (or stuck); the table moves on
        r = await _timed(run, "game", client.get(f"/api/games/{gid}"))
        if r is not None and r.status_code == 200 and r.json()["status"] == "finished":
            async with table.lock:
                if table.gid == gid:
                    await _new_game(client, run, table)
            return True
    return False


async def _spectator(client: httpx.AsyncClient, run: Run, table: Table, deadline: float,
                     rng: random.Random) -> None:
    """Step through a game's replay, a run of steps at a time from a random one."""
    while time.monotonic() < deadline:
        gid = table.gid
        r = await _timed(run, "game", client.get(f"/api/games/{gid}"))
        if r is None or r.status_code != 200:
            await asyncio.sleep(IDLE_WAIT)
            continue
        last = r.json()["version"]
        step = rng.randint(1, max(1, last - SPECTATOR_RUN))
        for n in range(step, min(last, step + SPECTATOR_RUN) + 1):
            if time.monotonic() >= deadline:
                return
            await _timed(run, "replay step", client.get(f"/games/{gid}", params={"step": n, "by": "event"},
                                                        headers=HX))


async def _progress(run: Run, started: float, deadline: float) -> None:
    while time.monotonic() < deadline:
        await asyncio.sleep(min(3.0, max(0.1, deadline - time.monotonic())))
        steps = len(run.stats.latencies.get("replay step", ()))
        say(f"  load: {time.monotonic() - started:4.0f} s  {len(run.accepted):,} commands  "
            f"{steps:,} replay steps  {sum(run.stats.errors.values())} errors")


async def drive(urls: list[str], kind: str, players: int, games: int, spectators: int,
                seconds: float, seed: int = 1) -> tuple[Run, float]:
    """The whole load against `urls`; returns what the clients saw and the seconds it ran."""
    run = Run()
    limits = httpx.Limits(max_connections=players + spectators + 4)
    clients = [httpx.AsyncClient(base_url=u, timeout=60, limits=limits) for u in urls]
    try:
        tables = [Table(i, kind) for i in range(games)]
        for t in tables:
            await _new_game(clients[t.number % len(clients)], run, t)
        # Every seat of every table to a player, round robin; more players
        # than seats: two players share a seat and race each other on it.
        seats = [(t, s) for t in tables for s in t.tokens]
        hands: list[list[tuple[Table, str]]] = [[] for _ in range(players)]
        for i in range(max(players, len(seats))):
            hands[i % players].append(seats[i % len(seats)])
        rng = random.Random(seed)
        started = time.monotonic()
        deadline = started + seconds
        tasks = [_player(clients[i % len(clients)], run, hand, deadline, random.Random(rng.random()))
                 for i, hand in enumerate(hands)]
        tasks += [_spectator(clients[i % len(clients)], run, tables[i % games], deadline,
                             random.Random(rng.random())) for i in range(spectators)]
        await asyncio.gather(*tasks, _progress(run, started, deadline))
        return run, time.monotonic() - started
    finally:
        for c in clients:
            await c.aclose()


# ---- the checks ------------------------------------------------------------------------------
@dataclass
class Checks:
    games: int = 0
    verified: int = 0
    divergences: list[str] = field(default_factory=list)
    accepted: int = 0
    stored: int = 0
    lost: int = 0        # acknowledged to a client, not stored
    doubled: int = 0     # acknowledged twice for one stored record
    unclaimed: int = 0   # stored, but no client was told

    @property
    def passed(self) -> bool:
        return (self.verified == self.games and not self.divergences
                and self.lost == self.doubled == self.unclaimed == 0)


def check(store, run: Run) -> Checks:
    """Every game verifies, and the acknowledged commands are the stored ones."""
    from engine.core.interchange import verify

    out = Checks(games=len(run.games), accepted=len(run.accepted))
    claimed = Counter(run.accepted)
    out.doubled = sum(n - 1 for n in claimed.values())
    stored: set[tuple[str, int, str, str]] = set()
    for gid in run.games:
        rows = store.rows(UUID(gid))
        divergence = verify(store.header(UUID(gid)), rows[1:])
        if divergence is None:
            out.verified += 1
        else:
            out.divergences.append(f"{gid}: {divergence}")
        stored.update((gid, r.version, r.data["seat"], r.data["text"]) for r in rows
                      if r.kind == fold.COMMAND and r.data["seat"] != SYSTEM)
    out.stored = len(stored)
    out.lost = len(set(claimed) - stored)
    out.unclaimed = len(stored - set(claimed))
    return out


# ---- the servers -----------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Servers:
    """N `boardlog serve` processes on one store, one port each; stopped on exit."""

    def __init__(self, count: int, env: dict[str, str], db: str | None, logs: Path):
        self.count, self.env, self.db, self.logs = count, env, db, logs
        self.procs: list[subprocess.Popen] = []
        self.urls: list[str] = []

    def __enter__(self) -> Servers:
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def _start(self) -> None:
        for i in range(self.count):
            port = _free_port()
            cmd = [sys.executable, "-m", "boardlog", "serve", "--port", str(port)]
            if self.db:
                cmd += ["--db", self.db]
            with open(self.logs / f"server-{i + 1}.log", "wb") as log:
                # A session of its own: the terminal's Ctrl+C reaches us, and
                # we stop each server ourselves (in `stop`), never half of them.
                self.procs.append(subprocess.Popen(cmd, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                                   stdin=subprocess.DEVNULL, start_new_session=True))
            self.urls.append(f"http://127.0.0.1:{port}")
        for i, (proc, url) in enumerate(zip(self.procs, self.urls, strict=True)):
            self._wait_ready(i, proc, url)

    def _wait_ready(self, i: int, proc: subprocess.Popen, url: str) -> None:
        end = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < end:
            if proc.poll() is not None:
                raise RuntimeError(f"server {i + 1} exited ({proc.returncode}): {self._tail(i)}")
            try:
                if httpx.get(f"{url}/api/games", params={"kind": "-"}, timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"server {i + 1} did not answer within {STARTUP_SECONDS} s: {self._tail(i)}")

    def _tail(self, i: int) -> str:
        text = (self.logs / f"server-{i + 1}.log").read_text(errors="replace").strip()
        return text[-500:] or "(no output)"

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        self.procs = []


# ---- one run, and the whole bench ------------------------------------------------------------
@contextlib.contextmanager
def _backend(workdir: Path, name: str):
    """(env for the servers, --db or None, a store to check with, label): a
    fresh PostgreSQL schema when POSTGRES_* are set, else a fresh SQLite file."""
    from engine.core.store import Store, open_store

    from .report import postgres_schema, postgres_settings

    settings = postgres_settings()
    base = {k: v for k, v in os.environ.items() if k != "BOARDLOG_AUTH"}
    if settings is None:
        db = str(workdir / f"{name}.db")
        env = {k: v for k, v in base.items() if k != "PERSISTENCE_MODULE"}
        store = open_store(db)  # tables made once, before any server starts
        try:
            yield env, db, store, "SQLite"
        finally:
            store.close()
        return
    with postgres_schema(settings) as pg:
        store = Store(env=pg)
        try:
            yield {**base, **pg}, None, store, f"PostgreSQL (schema {pg['POSTGRES_SCHEMA']})"
        finally:
            store.close()


def _run_async(coro):
    """`asyncio.run(coro)`, on a thread of its own when this thread already
    runs an event loop (a caller inside one: Playwright's sync API in the
    test session keeps one running on the main thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    result: list = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(asyncio.run(coro))
        except BaseException as e:  # noqa: BLE001 - handed back to the caller below
            errors.append(e)
    worker = threading.Thread(target=run, name="load-generator")
    worker.start()
    worker.join()
    if errors:
        raise errors[0]
    return result[0]


def run_once(servers: int, players: int, games: int, spectators: int, seconds: float,
             kind: str, workdir: Path) -> dict[str, Any]:
    name = f"{servers}-server{'s' if servers > 1 else ''}"
    with _backend(workdir, name) as (env, db, store, label):
        say(f"load: {name} on {label}: starting ...")
        with Servers(servers, env, db, workdir) as srv:
            say(f"load: {name}: {players} players on {games} {kind} games, {spectators} spectators, "
                f"{seconds:g} s")
            run, elapsed = _run_async(drive(srv.urls, kind, players, games, spectators, seconds))
        say(f"load: {name}: checking {len(run.games)} games against the store ...")
        checks = check(store, run)
    return {"servers": servers, "backend": label, "seconds": elapsed, "figures": run.stats.summary(elapsed),
            "checks": checks}


def run_load(servers: int = 2, players: int = 4, games: int = 2, spectators: int = 4,
             seconds: float = 15.0, kind: str = KIND, baseline: bool = True,
             workdir: str | None = None) -> dict[str, Any]:
    """The single-process baseline (unless `servers` is 1 or `baseline` is
    off), then `servers` processes; prints the report, returns it."""
    from engine.core.game import find_game

    from .report import postgres_settings

    find_game(kind)  # an unknown game is a clear error before any server starts
    for name, value in (("--servers", servers), ("--players", players), ("--games", games)):
        if value < 1:
            raise BadInput(f"{name} must be at least 1")
    if postgres_settings() is None:
        say("load: SQLite (set POSTGRES_DBNAME, POSTGRES_HOST, POSTGRES_USER, POSTGRES_PASSWORD "
            "for PostgreSQL): several writer processes share one file lock")
    work = Path(workdir or tempfile.mkdtemp(prefix="boardlog-load-"))
    work.mkdir(parents=True, exist_ok=True)
    counts = ([1] if baseline and servers > 1 else []) + [servers]
    with _sigterm_as_interrupt():
        runs = [run_once(n, players, games, spectators, seconds, kind, work) for n in counts]
    report = {"kind": kind, "players": players, "games": games, "spectators": spectators, "runs": runs}
    print_report(report)
    if passed(report) and workdir is None:
        shutil.rmtree(work, ignore_errors=True)  # a temporary store and logs nobody needs
    else:
        say(f"load: the store files and server logs are in {work}")
    return report


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """A SIGTERM stops the bench as Ctrl+C does: through the `finally`s that stop the servers."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def print_report(report: dict[str, Any]) -> None:
    runs = report["runs"]
    print(f"\nload test: {report['players']} bot players on {report['games']} {report['kind']} games at "
          f"once, {report['spectators']} spectators stepping replays; {runs[0]['backend']}")
    print(f"  {'servers':<8} {'request':<12} {'count':>7} {'per s':>8} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'errors':>6} {'refused':>7}")
    for r in runs:
        label = f"{r['servers']}" + (" (base)" if r is runs[0] and len(runs) > 1 else "")
        for kind, f in r["figures"].items():
            print(f"  {label:<8} {kind:<12} {f['count']:>7,} {f['per_s']:>8,.1f} {f['p50_ms']:>8,.1f} "
                  f"{f['p99_ms']:>8,.1f} {f['errors']:>6} {f['refused']:>7}")
            label = ""
    for r in runs:
        c: Checks = r["checks"]
        print(f"  checks, {r['servers']} server(s): {c.verified}/{c.games} games verify; "
              f"{c.accepted:,} commands acknowledged, {c.stored:,} stored: {c.lost} lost, "
              f"{c.doubled} doubled, {c.unclaimed} stored unacknowledged -> "
              f"{'PASS' if c.passed else 'FAIL'}")
        for d in c.divergences[:5]:
            print(f"    diverges: {d}")
    if len(runs) > 1:
        base, top = (r["figures"].get("command", {}).get("per_s", 0.0) for r in (runs[0], runs[-1]))
        steps = [r["figures"].get("replay step", {}).get("per_s", 0.0) for r in (runs[0], runs[-1])]
        print(f"  {runs[-1]['servers']} servers vs 1: commands/s x{top / base if base else float('nan'):.2f}, "
              f"replay steps/s x{steps[1] / steps[0] if steps[0] else float('nan'):.2f} "
              f"(the load generator shares the machine's {os.cpu_count()} cores with the servers)")


def passed(report: dict[str, Any]) -> bool:
    return all(r["checks"].passed for r in report["runs"])
