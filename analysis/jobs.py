"""Analyses as a read model: jobs queued in the store's own database, worked
by any number of worker processes, results kept beside the events.

Two tables (created on first use, dropped and rebuilt at will: nothing in
them is the only copy of anything, the game's stream is):

- `analysis_jobs`: one row per analysed game: its kind, the seed and the
  search budget, how many positions, when it was asked for;
- `analysis_positions`: one row per command to judge: its step, seat and
  notation, and `result` (the judged position as JSON) once judged, or
  `error` if it could not be.

A job is done when none of its positions waits; nothing else says so, so
no two workers race to mark it.  A worker claims a few waiting positions
at a time, of any job (the oldest first), so one game's positions spread
over every worker there is:

- PostgreSQL: `SELECT ... FOR UPDATE SKIP LOCKED`, and the transaction
  stays open while the worker judges them; the results are written and
  committed in it.  A worker that dies rolls back: its positions are free
  again at once and nothing of them was written.
- SQLite (one writer at a time: holding it while judging would stall the
  server): the claim is a short write that stamps the positions with the
  worker's token and a lease (`claimed_until`); the worker judges them and
  writes the results in a second short transaction.  A worker killed
  midway wrote nothing, and its positions are taken again once the lease
  runs out.  Should a slow worker outlive its lease, the position is
  judged twice and the first result kept (results are reproducible).

Every dialect difference of this module is in `_claim` and `work` (which
of the two ways), plus `Sql.skip_locked()` (engine/core/database.py).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

import orjson

from engine.core.errors import BoardlogError, GameNotFound, ImportRejected, StoreUnavailable

from .review import FORMAT_VERSION, Analysis, Judged, Position, Reviewer, positions
from .search import DEFAULT_BUDGET, Budget

PREFIX = "analysis_"
BATCH = 2  # positions a worker claims at a time: small, so that a game spreads over workers
# PostgreSQL: a worker holds its claim as an open transaction while it
# judges, and the library cuts a connection idle in a transaction after a
# few seconds (POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT, 5 s by default).
# Judging a batch can take longer (a big budget, more workers than cores),
# so a claiming transaction allows this long instead; a killed worker's
# claim still comes free at once, with its connection.
CLAIM_HELD = "30min"
LEASE = 600.0  # seconds a SQLite worker's claim holds (judging a batch takes seconds)
KEPT_REVIEWERS = 8  # games a worker keeps its search for (a batch may mix games)
MAX_NOTATION = 1000  # characters of an imported preferred command: a notation, not a payload

_TABLES = (
    "CREATE TABLE IF NOT EXISTS analysis_jobs ("
    " game_id TEXT PRIMARY KEY, kind TEXT NOT NULL, seed BIGINT NOT NULL, budget TEXT NOT NULL,"
    " total INTEGER NOT NULL, requested TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS analysis_positions ("
    " game_id TEXT NOT NULL, step INTEGER NOT NULL, seat TEXT NOT NULL, played TEXT NOT NULL,"
    " requested TEXT NOT NULL, result TEXT, error TEXT, claim TEXT, claimed_until DOUBLE PRECISION,"
    " PRIMARY KEY (game_id, step))",
    # Named without the prefix: PostgreSQL puts an index in its table's schema.
    "CREATE INDEX IF NOT EXISTS ix_waiting_positions ON analysis_positions (requested, game_id, step)"
    " WHERE result IS NULL AND error IS NULL",
)
_WAITING = "result IS NULL AND error IS NULL"


class AnalysisUnavailable(StoreUnavailable):
    """Analyses are kept in SQL tables beside the events: an in-memory store has none."""


@dataclass(frozen=True)
class Progress:
    """How far a game's analysis has come: `status` is queued, done or
    failed (a position could not be judged; `error` says why), or none."""

    done: int
    total: int
    status: str
    error: str | None = None
    requested: str | None = None  # when the job was asked for: a new request is a new analysis


NONE = Progress(0, 0, "none")


class Analyses:
    """The analyses of one store: ask for one, follow it, read it, work on the queue."""

    def __init__(self, store: Any, lease: float = LEASE):
        self.store = store
        self.sql = store.db.sql(AnalysisUnavailable, prefix=PREFIX)
        self.holds_claims = not self.sql.sqlite
        self.lease = lease
        self.create_tables()
        self._reviewers: dict[str, tuple[str, Reviewer]] = {}  # game -> (its job's key, reviewer)
        # What the latest `work` judged: (game, step, error or None) each, for a worker to say so.
        self.last_judged: list[tuple[str, int, str | None]] = []

    def create_tables(self) -> None:
        with self.sql.transaction(commit=True) as c:
            self.sql.one_creator(c)
            for statement in _TABLES:
                c.execute(self.sql.q(statement))

    def drop_tables(self) -> None:
        """Forget every analysis (they can all be asked for again)."""
        with self.sql.transaction(commit=True) as c:
            c.execute(self.sql.q("DROP TABLE IF EXISTS analysis_positions"))
            c.execute(self.sql.q("DROP TABLE IF EXISTS analysis_jobs"))

    # ---- asking ---------------------------------------------------------------------------
    def request(self, game_id: UUID, budget: Budget = DEFAULT_BUDGET, seed: int = 0) -> Progress:
        """Queue the analysis of a finished game (GameRunning if it is not
        over), replacing any earlier one of it."""
        wanted = positions(self.store, game_id)
        kind = self.store.header(game_id).kind
        now = _now()
        gid = game_id.hex
        rows = [(gid, p.step, p.seat, p.played, now) for p in wanted]
        with self.sql.transaction(commit=True) as c:
            self._delete(c, gid)
            c.execute(self.sql.q("INSERT INTO analysis_jobs (game_id, kind, seed, budget, total, requested) "
                                 "VALUES (?, ?, ?, ?, ?, ?)"),
                      (gid, kind, seed, orjson.dumps(asdict(budget)).decode(), len(wanted), now))
            self.sql.executemany(c, "INSERT INTO analysis_positions (game_id, step, seat, played, requested) "
                                    "VALUES (?, ?, ?, ?, ?)", rows)
        return Progress(0, len(wanted), "queued" if wanted else "done", None, now)

    def delete(self, game_id: UUID) -> None:
        """Forget a game's analysis (for instance once the game is deleted)."""
        with self.sql.transaction(commit=True) as c:
            self._delete(c, game_id.hex)

    def _delete(self, c, gid: str) -> None:
        c.execute(self.sql.q("DELETE FROM analysis_positions WHERE game_id = ?"), (gid,))
        c.execute(self.sql.q("DELETE FROM analysis_jobs WHERE game_id = ?"), (gid,))

    # ---- following and reading ------------------------------------------------------------
    def progress(self, game_id: UUID) -> Progress:
        gid = game_id.hex
        with self.sql.reading() as c:
            c.execute(self.sql.q("SELECT total, requested FROM analysis_jobs WHERE game_id = ?"), (gid,))
            job = self.sql.rows(c)
            if not job:
                return NONE
            c.execute(self.sql.q("SELECT COUNT(*), MIN(error) FROM analysis_positions "
                                 "WHERE game_id = ? AND (result IS NOT NULL OR error IS NOT NULL)"), (gid,))
            done, error = self.sql.rows(c)[0]
        total, requested = job[0]
        status = "failed" if error else "done" if done >= total else "queued"
        return Progress(done, total, status, error, requested)

    def load(self, game_id: UUID, partial: bool = False) -> Analysis | None:
        """The game's analysis once done (with `partial`, what is judged so
        far, for a chart that fills in); None if there is none."""
        gid = game_id.hex
        with self.sql.reading() as c:
            c.execute(self.sql.q("SELECT kind, seed, budget, total FROM analysis_jobs WHERE game_id = ?"), (gid,))
            job = self.sql.rows(c)
            if not job:
                return None
            c.execute(self.sql.q("SELECT result FROM analysis_positions WHERE game_id = ? AND result IS NOT NULL "
                                 "ORDER BY step"), (gid,))
            results = [orjson.loads(r[0]) for r in self.sql.rows(c)]
        kind, seed, budget, total = job[0]
        if len(results) < total and not partial:
            return None
        seats = tuple(self.store.header(game_id).seats)
        return Analysis(str(game_id), kind, seats, int(seed), orjson.loads(budget),
                        [Judged(**r) for r in results])

    # ---- working --------------------------------------------------------------------------
    def work(self, batch: int = BATCH) -> int:
        """Claim up to `batch` waiting positions, judge them and store the
        results; the number judged (0: nothing waits)."""
        if self.holds_claims:  # PostgreSQL: claimed, judged and stored in one transaction
            with self.sql.transaction(commit=True) as c:
                claimed = self._claim_locked(c, batch)
                judged = self._judge(claimed)
                self._store(c, judged)
        else:
            claimed = self._claim_leased(batch)
            judged = self._judge(claimed)
            with self.sql.transaction(commit=True) as c:
                self._store(c, judged)
        self.last_judged = [(gid, step, error) for _, error, gid, step, _ in judged]
        return len(claimed)

    _COLUMNS = "game_id, requested, step, seat, played"
    _OLDEST = "ORDER BY requested, game_id, step LIMIT ?"

    def _claim_locked(self, c, batch: int) -> list[tuple[str, str, Position]]:
        """(game, when its job was asked for, position) of up to `batch`
        waiting positions no one else holds, locked until the transaction ends."""
        c = self.sql.plain(c)
        c.execute(f"SET LOCAL idle_in_transaction_session_timeout = '{CLAIM_HELD}'")  # this transaction only
        c.execute(self.sql.q(f"SELECT {self._COLUMNS} FROM analysis_positions WHERE {_WAITING} "
                             f"{self._OLDEST}{self.sql.skip_locked()}"), (batch,))
        return _claimed(self.sql.rows(c))

    def _claim_leased(self, batch: int) -> list[tuple[str, str, Position]]:
        """The same by lease: stamp up to `batch` waiting positions whose
        lease is free with a token of ours, in one short write."""
        token, now = uuid4().hex, time.time()
        with self.sql.transaction(commit=True) as c:
            c.execute(self.sql.q(f"UPDATE analysis_positions SET claim = ?, claimed_until = ? "
                                 f"WHERE rowid IN (SELECT rowid FROM analysis_positions WHERE {_WAITING} "
                                 f"AND (claimed_until IS NULL OR claimed_until < ?) {self._OLDEST})"),
                      (token, now + self.lease, now, batch))
            c = self.sql.plain(c)
            c.execute(self.sql.q(f"SELECT {self._COLUMNS} FROM analysis_positions WHERE claim = ? "
                                 f"ORDER BY step"), (token,))
            return _claimed(self.sql.rows(c))

    def _judge(self, claimed: list[tuple[str, str, Position]]) -> list[tuple]:
        """(result JSON, error, game, step, asked) for each claimed position."""
        out = []
        last: dict[str, tuple[int, Any]] = {}
        for gid, asked, position in claimed:
            try:
                reviewer = self._reviewer(gid)
                step = position.step - 1
                session = self.store.session_at(UUID(gid), step, start=last.get(gid))
                last[gid] = (step, session)
                judged = reviewer.judge(session.state, position)
                out.append((orjson.dumps(asdict(judged)).decode(), None, gid, position.step, asked))
            except BoardlogError as e:  # the game is gone or no longer reads: say so in the job
                out.append((None, f"step {position.step}: {e}", gid, position.step, asked))
        return out

    def _reviewer(self, gid: str) -> Reviewer:
        with self.sql.transaction(commit=False) as c:
            c = self.sql.plain(c)
            c.execute(self.sql.q("SELECT kind, seed, budget, requested FROM analysis_jobs WHERE game_id = ?"),
                      (gid,))
            found = self.sql.rows(c)
        if not found:
            raise GameNotFound(f"no analysis job for game {gid}")
        kind, seed, budget, requested = found[0]
        key = f"{requested}:{seed}:{budget}"
        kept = self._reviewers.get(gid)
        if kept is None or kept[0] != key:
            seats = tuple(self.store.header(UUID(gid)).seats)
            if kept is not None:
                kept[1].close()
            while len(self._reviewers) >= KEPT_REVIEWERS:
                self._reviewers.pop(next(iter(self._reviewers)))[1].close()
            kept = self._reviewers[gid] = (key, Reviewer(kind, seats, Budget(**orjson.loads(budget)), int(seed)))
        return kept[1]

    def _store(self, c, judged: list[tuple]) -> None:
        # Only a position still waiting, of the same request: one judged
        # meanwhile (by a second SQLite worker) keeps its first result, and
        # a game asked for again meanwhile (another seed or budget) is not
        # given this older request's result.
        self.sql.executemany(c, f"UPDATE analysis_positions SET result = ?, error = ? "
                                f"WHERE game_id = ? AND step = ? AND requested = ? AND {_WAITING}", judged)

    def run_worker(self, stop: threading.Event | None = None, idle: float = 2.0, batch: int = BATCH,
                   report: Callable[[list[tuple[str, int, str | None]]], None] | None = None) -> int:
        """Work the queue until `stop` is set, waiting `idle` seconds when
        nothing waits; the number of positions judged.  `report` is given
        what each round judged: (game, step, error or None) each."""
        stop = stop or threading.Event()
        done = 0
        while not stop.is_set():
            n = self.work(batch)
            done += n
            if n and report:
                report(self.last_judged)
            if not n:
                stop.wait(idle)
        return done

    # ---- export and import ----------------------------------------------------------------
    def export_lines(self, game_id: UUID) -> Iterator[bytes]:
        """The finished analysis as export lines of its own record kind
        (nothing if there is none): one `{"analysis": {...}}` line with the
        seed and budget, then one `{"analysed": {...}}` line per command."""
        found = self.load(game_id)
        if found is None:
            return
        yield _line({"analysis": {"version": found.version, "seed": found.seed, "budget": found.budget}})
        for j in found.judged:
            yield _line({"analysed": asdict(j)})

    def import_lines(self, game_id: UUID, lines: Iterable[tuple[int, dict[str, Any]]], path: str = "") -> None:
        """Store an analysis read from an export (the lines as (number, object));
        ImportRejected names a line that does not fit."""
        analysis = read_lines(self.store, game_id, lines, path)
        if analysis is None:
            return
        now = _now()
        gid = game_id.hex
        rows = [(gid, j.step, j.seat, j.played, now, orjson.dumps(asdict(j)).decode()) for j in analysis.judged]
        with self.sql.transaction(commit=True) as c:
            self._delete(c, gid)
            c.execute(self.sql.q("INSERT INTO analysis_jobs (game_id, kind, seed, budget, total, requested) "
                                 "VALUES (?, ?, ?, ?, ?, ?)"),
                      (gid, analysis.kind, analysis.seed, orjson.dumps(analysis.budget).decode(), len(rows), now))
            self.sql.executemany(c, "INSERT INTO analysis_positions "
                                    "(game_id, step, seat, played, requested, result) VALUES (?, ?, ?, ?, ?, ?)",
                                 rows)


def _claimed(rows: list[tuple]) -> list[tuple[str, str, Position]]:
    return [(gid, asked, Position(step, seat, played)) for gid, asked, step, seat, played in rows]


def read_lines(store: Any, game_id: UUID, lines: Iterable[tuple[int, dict[str, Any]]],
               path: str = "") -> Analysis | None:
    """An analysis from export lines, checked against the stored game: the
    commands it judges must be the game's own, one line each."""
    header = store.header(game_id)
    return parse_lines(lines, positions(store, game_id), str(game_id), header.kind, tuple(header.seats), path)


def parse_lines(lines: Iterable[tuple[int, dict[str, Any]]], wanted: list[Position], game_id: str, kind: str,
                seats: tuple[str, ...], path: str = "") -> Analysis | None:
    """An analysis from export lines, checked against `wanted` (the commands
    of the game it belongs to, from the store or from the file itself
    before anything is stored); None if there are no such lines."""
    head, head_line, judged = None, 0, []
    expected = {p.step: p for p in wanted}
    for number, obj in lines:
        if "analysis" in obj:
            if head is not None:
                raise ImportRejected(path, number, "analysis: a second analysis line (one per game)")
            head, head_line = _checked_head(path, number, obj["analysis"]), number
        elif "analysed" in obj:
            judged.append(_checked_judged(path, number, obj["analysed"], expected, seats))
    if head is None:
        if judged:
            raise ImportRejected(path, 0, "analysed lines without their analysis line")
        return None
    if sorted(j.step for j in judged) != sorted(expected):
        raise ImportRejected(path, head_line, f"analysis: it judges {len(judged)} commands (one analysed line "
                                              f"each), the game has {len(expected)}")
    return Analysis(game_id, kind, seats, head["seed"], head["budget"], sorted(judged, key=lambda j: j.step))


def _checked_head(path: str, number: int, head: Any) -> dict[str, Any]:
    if not isinstance(head, dict) or head.get("version") != FORMAT_VERSION:
        raise ImportRejected(path, number, f"analysis: expected format version {FORMAT_VERSION}")
    if not isinstance(head.get("seed"), int) or not isinstance(head.get("budget"), dict):
        raise ImportRejected(path, number, "analysis: needs a seed (a number) and a budget (an object)")
    try:
        Budget(**head["budget"])
    except TypeError as e:
        raise ImportRejected(path, number, f"analysis budget: {e}") from None
    return head


def _checked_judged(path: str, number: int, data: Any, expected: dict[int, Position],
                    seats: tuple[str, ...]) -> Judged:
    try:
        j = Judged(**data)
    except TypeError as e:
        raise ImportRejected(path, number, f"analysed: {e}") from None
    p = expected.get(j.step) if isinstance(j.step, int) else None
    if p is None or (p.seat, p.played) != (j.seat, j.played):
        raise ImportRejected(path, number, f"analysed: step {j.step!r} is not {j.seat!r} playing {j.played!r}")
    if not isinstance(j.chances, dict):
        raise ImportRejected(path, number, "analysed: chances: expected an object of seat -> chance")
    strangers = sorted(set(j.chances) - set(seats))
    if strangers:
        raise ImportRejected(path, number, f"analysed: chances: {strangers[0][:40]!r} is not a seat of the game")
    for name, x in (("before", j.before), ("after", j.after), *((f"chances.{s}", v) for s, v in j.chances.items())):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= 1:
            raise ImportRejected(path, number, f"analysed: {name}: expected a chance from 0 to 1, found {x!r:.40}")
    if j.mark not in (None, "?!", "?", "??"):
        raise ImportRejected(path, number, f"analysed: mark: expected ?!, ? or ?? (or null), found {j.mark!r:.40}")
    if not isinstance(j.best, str) or not 0 < len(j.best) <= MAX_NOTATION:
        raise ImportRejected(path, number, f"analysed: best: expected a command's notation, found {j.best!r:.40}")
    if isinstance(j.lines, bool) or not isinstance(j.lines, int) or j.lines < 0:
        raise ImportRejected(path, number, f"analysed: lines: expected a count, found {j.lines!r:.40}")
    return j


def _line(obj: dict[str, Any]) -> bytes:
    return orjson.dumps(obj) + b"\n"


def _now() -> str:
    return datetime.now(UTC).isoformat()


def wait_until_done(analyses: Analyses, game_id: UUID, timeout: float, poll: float = 0.2) -> Progress:
    """Poll a game's analysis until it is no longer queued (or `timeout`)."""
    end = time.monotonic() + timeout
    while True:
        p = analyses.progress(game_id)
        if p.status != "queued" or time.monotonic() > end:
            return p
        time.sleep(poll)
