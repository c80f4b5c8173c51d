"""Serving many readers: one fold per game, persisted checkpoints that never
change a replay, and tables created once by servers starting together
(issue #13).  Run on POPO, SQLite and PostgreSQL where it makes sense."""

from __future__ import annotations

import multiprocessing as mp
import pickle
import random
import threading
import uuid

import pytest

from boardlog.bench.engine import build_long_game
from engine.core import checkpoints as cp
from engine.core.errors import StepOutOfRange
from engine.core.store import Store
from tests.conftest import _create_schema, make_store, postgres_env

KIND, SEAT = "forbidden_alchemy", "investigator"
EVERY = 7  # small, so that a short game has many checkpoints


@pytest.fixture
def cstore(backend, tmp_path, monkeypatch) -> Store:
    """A store taking a checkpoint every EVERY records."""
    monkeypatch.setenv("BOARDLOG_CHECKPOINT_EVERY", str(EVERY))
    s = make_store(backend, tmp_path)
    s.backend = backend
    yield s
    s.close()


def reopen(store: Store) -> Store:
    """A store that has never seen any game: a new process would start so.
    In memory (POPO) the records live in the store itself, so it only
    forgets what it held in memory; its snapshot store stays."""
    if store.backend == "popo":
        for gid in store.catalogue.game_ids():
            store.forget(gid)
        store.db.rows_read = 0
        return store
    return Store(env=dict(store.env))


def reference(store: Store, gid: uuid.UUID, step: int):
    """The plain full fold from the first record: no cache, no checkpoint."""
    game = store.live(gid).game
    return store.reader.fold(game, gid, None, lte=step)


def played(store: Store, seed: int = 4) -> uuid.UUID:
    """A game with commands, undos and redos over many checkpoint intervals."""
    gid = store.create(KIND, seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        # Puzzle actions are few: each swap is taken back, sometimes redone first.
        store.issue(gid, SEAT, rng.choice(["swap 1 2", "swap 2 3", "swap 3 4", "swap 4 5"]))
        store.undo(gid, SEAT)
        if rng.random() < 0.5:
            store.redo(gid, SEAT)
            store.undo(gid, SEAT)
    return gid


def test_checkpoints_never_change_what_a_replay_shows(cstore: Store):
    gid = played(cstore)
    last = cstore.head_version(gid)
    assert last > 10 * EVERY
    cold = reopen(cstore)
    read = 0
    for step in range(1, last + 1):
        before = cold.db.rows_read
        session = cold.session_at(gid, step)
        read += cold.db.rows_read - before
        assert session == reference(cstore, gid, step), step
    # Read from checkpoints: each step folded at most EVERY records on top.
    assert read < last * (EVERY + 2)
    with pytest.raises(StepOutOfRange):
        cold.session_at(gid, last + 1)
    if cold is not cstore:
        cold.close()


def test_the_write_path_persists_checkpoints_a_new_process_reads(cstore: Store):
    gid = played(cstore, seed=5)
    last = cstore.head_version(gid)
    cold = reopen(cstore)
    mark = cold.checkpoints.nearest(gid, KIND, last)
    assert mark is not None and mark.version == last - last % EVERY
    assert mark.session == reference(cstore, gid, mark.version)
    before = cold.db.rows_read
    latest = cold.live(gid).session
    assert cold.db.rows_read - before <= EVERY + 1  # the header and the tail after the checkpoint
    assert latest == reference(cstore, gid, last)
    if cold is not cstore:
        cold.close()


def test_a_checkpoint_that_does_not_match_its_records_is_ignored(cstore: Store):
    gid = played(cstore, seed=6)
    at = 3 * EVERY
    wrong = reference(cstore, gid, at + 1)._replace(version=at)  # a state that is not step `at`'s
    other = uuid.uuid4()
    cstore.forget(gid)
    cold = reopen(cstore)
    # Written for another stream that had the same id (deleted, then imported again).
    cold.checkpoints.save(gid, KIND, cp.Mark(at, cp.row_digest(other.bytes), wrong))
    for step in range(at, at + EVERY):
        assert cold.session_at(gid, step) == reference(cstore, gid, step), step
    if cold is not cstore:
        cold.close()
        # The stale one was replaced: the next process reads from a true checkpoint.
        again = reopen(cstore)
        assert again.session_at(gid, at + 1) == reference(cstore, gid, at + 1)
        assert again.db.rows_read <= 3  # the header, then steps `at` (checked) and `at + 1`
        again.close()


def test_a_checkpoint_never_runs_code_it_carries():
    class Evil:
        def __reduce__(self):
            return (print, ("pwned",))

    data = b"\0" * 16 + __import__("zlib").compress(pickle.dumps(Evil()))
    with pytest.raises(pickle.UnpicklingError):
        cp.loads(1, data)


@pytest.mark.parametrize(
    "kind", ["fmp", "roundtable", "promised_day", "brutality", "forbidden_alchemy", "forbidden_alchemy_story"]
)
def test_every_game_state_survives_a_checkpoint(kind, tmp_path, monkeypatch):
    """Played by bots for a while; every step read cold from checkpoints
    (through pickling and back) equals the fold."""
    from engine.core.game import find_game
    from engine.core.selfplay import pick_seat

    monkeypatch.setenv("BOARDLOG_CHECKPOINT_EVERY", "5")
    store = make_store("sqlite", tmp_path)
    store.backend = "sqlite"
    game, rng = find_game(kind), random.Random(3)
    gid = store.create(kind, seed=3)
    for _ in range(40):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat, legal = pick_seat(game, state, rng)
        store.issue(gid, seat, game.BOTS["random"](state, seat, legal, rng).notation())
    cold = reopen(store)
    for step in range(1, store.head_version(gid) + 1):
        assert cold.session_at(gid, step) == reference(store, gid, step), step
    cold.close()
    store.close()


def _imported_copy(store: Store, events: int) -> tuple[uuid.UUID, int]:
    """A long game written in one go (as an import or a fork is): no
    checkpoints yet, so the first reader must fold it."""
    gid, _, _ = build_long_game(store, events, progress=False)
    copy, _ = store.catalogue.fork(gid, store.head_version(gid))
    return copy, store.head_version(copy)


def _burst(cold: Store, gid: uuid.UUID, steps: list[int | None]) -> tuple[list, list]:
    """One thread per step, all released at once; (results, errors)."""
    barrier = threading.Barrier(len(steps))
    results, errors = [None] * len(steps), []

    def read(i, step):
        try:
            barrier.wait(timeout=60)
            results[i] = cold.live(gid).session if step is None else cold.session_at(gid, step)
        except Exception as e:  # noqa: BLE001 - collected and asserted below
            errors.append(f"{type(e).__name__}: {e}")

    threads = [threading.Thread(target=read, args=(i, s)) for i, s in enumerate(steps)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return results, errors


def test_64_first_readers_of_a_cold_game_wait_for_one_fold(cstore: Store, monkeypatch):
    monkeypatch.setattr(cstore.checkpoints, "every", 50)
    gid, last = _imported_copy(cstore, 3000)
    cold = reopen(cstore)
    cold.checkpoints.every = 50
    rng = random.Random(1)
    steps = [None] * 8 + [rng.randint(1, last) for _ in range(56)]
    results, errors = _burst(cold, gid, steps)
    assert errors == []
    # One pass over the game, plus at most a checkpoint's stretch per reader:
    # not 64 folds of the whole game.
    assert cold.db.rows_read <= last + 64 * 52
    for step, session in zip(steps, results, strict=True):
        assert session == reference(cstore, gid, step or last)
    if cold is not cstore:
        # ... and the next process starts from the checkpoints the first one kept.
        again = Store(env=dict(cold.env))
        again.checkpoints.every = 50
        assert again.session_at(gid, last - 1) == reference(cstore, gid, last - 1)
        assert again.db.rows_read <= 52
        again.close()
        cold.close()


def test_reading_an_early_step_never_folds_the_whole_game(cstore: Store):
    gid, last = _imported_copy(cstore, 600)
    cold = reopen(cstore)
    before = cold.db.rows_read
    session = cold.session_at(gid, 10)
    assert cold.db.rows_read - before <= 11  # the header, then steps 1..10
    assert session == reference(cstore, gid, 10)
    if cold is not cstore:
        cold.close()


@pytest.mark.postgres
def test_a_fold_holds_no_pooled_connection(monkeypatch):
    """With one connection in the pool, a fold half done leaves it free."""
    import engine.core.database as database

    monkeypatch.setattr(database, "READ_CHUNK", 5)
    env = postgres_env()
    env.update({"POSTGRES_POOL_SIZE": "1", "POSTGRES_MAX_OVERFLOW": "0"})
    _create_schema(env)
    store = Store(env=env)
    gid = store.create(KIND, seed=1)
    for _ in range(10):
        store.issue(gid, SEAT, "swap 1 2")
        store.undo(gid, SEAT)
    last = store.head_version(gid)
    rows = store.reader.raw(gid, 0, None)
    seen = [next(rows) for _ in range(7)]  # a read under way, in its second chunk ...
    assert store.head_version(gid) == last  # ... and the one connection still serves others
    seen += list(rows)
    assert [r[0] for r in seen] == list(range(1, last + 1))
    store.close()


def _start_and_create(env: dict, barrier, results) -> None:
    try:
        barrier.wait(timeout=60)
        store = Store(env=env)
        store.create(KIND, seed=1)
        store.close()
        results.put("ok")
    except Exception as e:  # noqa: BLE001 - reported to the test
        results.put(f"{type(e).__name__}: {e}")


@pytest.mark.postgres
def test_servers_starting_together_create_the_tables_once():
    ctx = mp.get_context("spawn")
    for _ in range(3):  # a fresh schema each round: every process finds no tables
        env = postgres_env()
        _create_schema(env)
        barrier, results = ctx.Barrier(4), ctx.Queue()
        procs = [
            ctx.Process(target=_start_and_create, args=(env, barrier, results)) for _ in range(4)
        ]
        for p in procs:
            p.start()
        for p in procs:
            p.join(90)
        assert sorted(results.get(timeout=30) for _ in procs) == ["ok"] * 4
        store = Store(env=env)
        assert len(store.catalogue.game_ids()) == 4
        store.close()


def test_forget_drops_a_games_checkpoints_everywhere(cstore: Store):
    gid = played(cstore, seed=7)
    last = cstore.head_version(gid)
    assert cstore.checkpoints.nearest(gid, KIND, last) is not None
    cstore.forget(gid)
    if cstore.backend != "popo":  # in memory they live as long as the store
        assert cstore.checkpoints.nearest(gid, KIND, last) is None
    # Still readable: folded again (and checkpointed again) from the records.
    assert cstore.session_at(gid, last - 1) == reference(cstore, gid, last - 1)


@pytest.mark.postgres
def test_postgres_commit_setting_follows_the_environment():
    from engine.core.errors import BadInput

    for setting, expected in ((None, "on"), ("off", "off")):
        env = postgres_env()
        _create_schema(env)
        if setting:
            env["BOARDLOG_POSTGRES_SYNC"] = setting
        store = Store(env=env)
        with store.recorder.datastore.get_connection() as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"] == expected
        assert store.recorder.datastore.enable_db_functions  # no LOCK TABLE per insert
        store.close()
    with pytest.raises(BadInput):
        Store(env={**postgres_env(), "BOARDLOG_POSTGRES_SYNC": "maybe"})


def test_serve_runs_several_worker_processes(tmp_path):
    """`boardlog serve --workers 2`: uvicorn's workers each build the app
    from the import string and answer on the one port."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request
    from pathlib import Path

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen([sys.executable, "-m", "boardlog", "serve", "--db", str(tmp_path / "w.db"),
                             "--workers", "2", "--port", str(port)], cwd=root,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        status, deadline = None, time.monotonic() + 120
        while status is None and time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as r:
                    status = r.status
            except urllib.error.HTTPError as e:  # answered (sign-in may be required)
                status = e.code
            except OSError:
                time.sleep(0.5)
        assert status is not None and status < 500, proc.stderr.read().decode() if proc.poll() is not None else status
    finally:
        proc.terminate()
        proc.wait(60)


def test_a_new_stretch_is_folded_from_the_mark_below_not_a_far_checkpoint(tmp_path):
    """Stepping forward into a stretch whose mark is not kept yet (a reviewer
    or a crowd walking a long game) folds on from the mark just below, not
    from the store's checkpoint hundreds of records back (issue #24: those
    were the slowest steps of a crowd)."""
    from projections.steps import StepCache

    store = make_store("sqlite", tmp_path)
    gid, _, _ = build_long_game(store, 1200, progress=False)
    cache = StepCache(store, interval=32)
    cache.session(gid, 600)  # its mark (576) comes from the checkpoint at 500
    before = store.db.rows_read
    session = cache.session(gid, 650)  # mark 640: from 576, 64 records
    assert store.db.rows_read - before <= 64 + 10  # from the checkpoint at 500 it was 150
    assert session == reference(store, gid, 650)
    store.close()
