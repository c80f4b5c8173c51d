"""One storage story, run on POPO, SQLite and PostgreSQL (CI has all three)."""

from __future__ import annotations

import multiprocessing as mp
import os
from contextlib import contextmanager

import pytest

from engine.core.errors import ConflictError, GameNotFound, RuleViolation, StepOutOfRange
from engine.core.interchange import export_lines, import_file
from engine.core.store import Store
from projections.steps import StepCache

KIND, SEAT = "forbidden_alchemy", "investigator"


def test_a_game_is_recorded_and_read_back(store: Store):
    gid = store.create(KIND, seed=11)
    records = store.issue(gid, SEAT, "swap 1 2")
    # The command comes first, then the facts it caused, each naming rule and cause.
    assert [r.kind for r in records] == ["CommandIssued", "Happened"]
    assert records[0].data["text"] == "swap 1 2" and records[0].data["seat"] == SEAT
    assert {r.cause for r in records} == {records[0].version}
    assert records[1].rule == "forbidden_alchemy.actions.swap"
    assert [r.payload() for r in store.rows(gid)[-2:]] == [r.payload() for r in records]
    assert store.catalogue.game_ids() == [gid]


def test_a_second_store_sees_what_the_first_wrote(shared_store: Store):
    store = shared_store
    gid = store.create(KIND, seed=3)
    other = Store(env=dict(store.env))
    try:
        assert other.live(gid).session == store.live(gid).session
        other.issue(gid, SEAT, "swap 2 3")
        # The first store catches up before deciding anything.
        assert store.live(gid).session == other.live(gid).session
        store.issue(gid, SEAT, "swap 3 4")
        assert other.live(gid).session.commands == 2
    finally:
        other.close()


def test_deciding_against_an_old_version_is_a_conflict(store: Store):
    gid = store.create(KIND, seed=5)
    version = store.live(gid).session.version
    store.issue(gid, SEAT, "swap 1 2", expected_version=version)
    with pytest.raises(ConflictError, match="nothing was stored"):
        store.issue(gid, SEAT, "swap 2 3", expected_version=version)
    assert store.live(gid).session.commands == 1


def _writer(env: dict, gid: str, version: int, text: str, barrier, results) -> None:
    import uuid
    try:
        # The tables exist already; concurrent CREATE statements would race
        # each other (PostgreSQL: "tuple concurrently updated").
        store = Store(env={**env, "CREATE_TABLE": "n"})
        game_id = uuid.UUID(gid)
        store.live(game_id)  # loaded: every writer now decides against `version`
        barrier.wait(timeout=30)
        try:
            store.issue(game_id, SEAT, text, expected_version=version)
            results.put("stored")
        except ConflictError as e:
            results.put(f"conflict: {e}")
        store.close()
    except Exception as e:  # report, never leave the test waiting
        results.put(f"error: {type(e).__name__}: {e}")


@pytest.mark.parametrize("writers", [2, 4])
def test_concurrent_writers_store_exactly_one_command(shared_store: Store, writers):
    store = shared_store
    gid = store.create(KIND, seed=9)
    version = store.live(gid).session.version
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(writers), ctx.Queue()
    texts = ["swap 1 2", "swap 2 3", "swap 3 4", "swap 4 5"][:writers]
    procs = [ctx.Process(target=_writer, args=(dict(store.env), str(gid), version, t, barrier, results))
             for t in texts]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    outcomes = sorted(results.get(timeout=30) for _ in procs)
    assert outcomes.count("stored") == 1, outcomes
    assert all(o.startswith("conflict: ") for o in outcomes if o != "stored")
    live = store.live(gid)
    assert live.session.commands == 1
    assert live.session.version == version + 2  # one command, one fact: nothing doubled


def test_undo_and_redo_are_recorded_facts(store: Store):
    gid = store.create(KIND, seed=2)
    before = store.live(gid).session.state
    store.issue(gid, SEAT, "swap 1 2")
    after = store.live(gid).session.state
    undone = store.undo(gid, SEAT)
    assert undone[0].kind == "CommandUndone" and undone[0].rule == "core.undo"
    assert store.live(gid).session.state == before
    assert store.live(gid).session.can_redo(SEAT) and not store.live(gid).session.can_undo(SEAT)
    store.redo(gid, SEAT)
    assert store.live(gid).session.state == after
    # A new command clears the redo list.
    store.undo(gid, SEAT)
    store.issue(gid, SEAT, "swap 2 3")
    with pytest.raises(RuleViolation) as e:
        store.redo(gid, SEAT)
    assert e.value.rule == "core.redo.nothing"


def test_a_commit_point_cannot_be_undone(store: Store):
    gid = store.create(KIND, seed=4)
    store.issue(gid, SEAT, "swap 1 2")
    store.issue(gid, SEAT, "replace 3")  # draws from the pile: reveals a piece
    assert store.rows(gid)[-3].data["commit"] is True
    version = store.head_version(gid)
    with pytest.raises(RuleViolation) as e:
        store.undo(gid, SEAT)
    assert e.value.rule == "core.undo.commit-point"
    assert store.head_version(gid) == version  # nothing appended
    # Not even the swap before it: undo never crosses a commit point.
    assert not store.live(gid).session.can_undo(SEAT)


def test_refused_commands_append_nothing(store: Store):
    gid = store.create(KIND, seed=6)
    version = store.head_version(gid)
    for seat, text, rule in [
        (SEAT, "swap 1 3", "forbidden_alchemy.actions.adjacent"),
        (SEAT, "fly 1", "core.notation"),
        (SEAT, "swap 1", "core.notation"),
        (SEAT, "swap one 2", "core.notation"),
        ("keeper", "swap 1 2", "core.seat"),
        (SEAT, "replace 9", "forbidden_alchemy.actions.edge"),
    ]:
        with pytest.raises(RuleViolation) as e:
            store.issue(gid, seat, text)
        assert e.value.rule == rule, text
    assert store.head_version(gid) == version
    store.issue(gid, SEAT, "stop")
    with pytest.raises(RuleViolation) as e:
        store.issue(gid, SEAT, "swap 1 2")
    assert e.value.rule == "core.game-over"


def test_any_step_reads_the_same_as_the_library(store: Store):
    gid = store.create(KIND, seed=8)
    for text in ["swap 1 2", "swap 2 3", "swap 3 4"]:
        store.issue(gid, SEAT, text)
    store.undo(gid, SEAT)
    store.issue(gid, SEAT, "stop")
    last = store.head_version(gid)
    cache = StepCache(store, interval=5)
    for step in range(1, last + 1):
        assert cache.session(gid, step) == store.repository.get(gid, version=step).session
    with pytest.raises(StepOutOfRange):
        cache.session(gid, last + 1)


def test_fork_copies_history_up_to_a_whole_command(store: Store):
    gid = store.create(KIND, seed=10)
    store.issue(gid, SEAT, "swap 1 2")
    store.issue(gid, SEAT, "replace 4")  # command + discard + draw
    command_step = store.rows(gid)[-3].version
    child, step = store.catalogue.fork(gid, command_step + 1)  # inside the replace
    assert step == command_step + 2  # extended to the end of that command
    info = store.catalogue.info(child)
    assert (info.parent, info.fork_step) == (str(gid), step)
    assert store.live(child).session == StepCache(store).session(gid, step)
    # The fork goes its own way; the parent is untouched.
    store.issue(child, SEAT, "stop")
    assert store.live(gid).session.version == command_step + 2


def test_export_import_round_trip(store: Store, tmp_path):
    gid = store.create(KIND, seed=12)
    store.issue(gid, SEAT, "swap 5 6")
    store.issue(gid, SEAT, "stop")
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"".join(export_lines(store, gid)))
    # Into an empty store of the same kind, the stream is the same record by record.
    target = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    assert import_file(target, str(path)) == gid
    assert [r.payload() for r in target.rows(gid)] == [r.payload() for r in store.rows(gid)]


def test_ids_resolve_from_a_unique_prefix(store: Store):
    gid = store.create(KIND, seed=1)
    assert store.catalogue.resolve(gid.hex[:8]) == gid
    assert store.catalogue.resolve(str(gid)) == gid
    with pytest.raises(GameNotFound, match="at least 4"):
        store.catalogue.resolve("ab")
    with pytest.raises(GameNotFound):
        store.catalogue.resolve("ffffffff" if not gid.hex.startswith("ffffffff") else "00000000")


def test_sqlite_file_location_follows_the_environment(tmp_path, monkeypatch):
    from engine.core.database import store_env

    monkeypatch.delenv("PERSISTENCE_MODULE", raising=False)
    monkeypatch.setenv("BOARDLOG_DB", str(tmp_path / "env.db"))
    assert store_env(None)["SQLITE_DBNAME"] == str(tmp_path / "env.db")
    assert store_env(str(tmp_path / "flag.db"))["SQLITE_DBNAME"] == str(tmp_path / "flag.db")
    monkeypatch.delenv("BOARDLOG_DB")
    assert store_env(None)["SQLITE_DBNAME"] == "boardlog.db"
    monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.postgres")
    monkeypatch.delenv("POSTGRES_CONNECT_TIMEOUT", raising=False)
    # The library's own settings take over; only a shorter wait is added.
    assert store_env(None) == {"POSTGRES_CONNECT_TIMEOUT": "10"}
    monkeypatch.setenv("POSTGRES_CONNECT_TIMEOUT", "3")
    assert store_env(None) == {}
    assert os.environ["PERSISTENCE_MODULE"] == "eventsourcing.postgres"


def test_rows_in_the_library_default_json_still_decode():
    """A store written with the library's own JSON transcoder (timestamps
    wrapped as {"_type_": "datetime_iso", ...}) reads the same."""
    from datetime import datetime

    from engine.core.transcoder import OrjsonTranscoder

    wrapped = b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-11-30T05:46:36.793676+00:00"},"seat":"s"}'
    plain = b'{"timestamp":"2026-11-30T05:46:36.793676+00:00","seat":"s"}'
    for data in (wrapped, plain):
        decoded = OrjsonTranscoder().decode(data)
        assert decoded["timestamp"] == datetime.fromisoformat("2026-11-30T05:46:36.793676+00:00")
        assert decoded["seat"] == "s"
    encoded = OrjsonTranscoder().encode({"timestamp": decoded["timestamp"], "n": (1, 2)})
    assert OrjsonTranscoder().decode(encoded) == {"timestamp": decoded["timestamp"], "n": [1, 2]}


def test_sqlite_reads_go_through_a_plain_read_only_connection_per_thread(tmp_path, monkeypatch):
    """Issue #24: the store's reads of a SQLite file (rows, heads, a game's
    prefix) do not take the library's pooled connections (its interlock
    costs ~0.1 ms a read); each thread reads through its own plain
    connection, which refuses to write, and sees every committed write."""
    import sqlite3
    import threading

    from engine.core.store import open_store

    store = open_store(str(tmp_path / "s.db"))
    gid = store.create(KIND, seed=3)
    real = store.recorder.datastore.transaction

    def writes_only(*, commit):
        assert commit, "a read went through the library's pool"
        return real(commit=commit)

    monkeypatch.setattr(store.recorder.datastore, "transaction", writes_only)
    store.issue(gid, SEAT, "swap 1 2")  # written through the library, read back through ours
    fresh = open_store(str(tmp_path / "s.db"))
    monkeypatch.setattr(fresh.recorder.datastore, "transaction", writes_only)
    assert fresh.catalogue.resolve(gid.hex[:8]) == gid
    seen = []
    reader = threading.Thread(target=lambda: seen.append(fresh.live(gid).session.version))
    reader.start()
    reader.join()
    assert seen == [store.head_version(gid)] and fresh.rows(gid)[-1].version == seen[0]
    with pytest.raises(sqlite3.OperationalError):
        fresh.db._readers.get().execute("DELETE FROM stored_events")
    fresh.close()


def test_a_read_connection_is_closed_once_its_thread_has_ended(tmp_path):
    """A server's worker threads come and go: the plain read connection of a
    thread that has ended is closed (before, each stayed open: one open file
    per request where each request ran in a thread of its own)."""
    import os
    import threading

    from engine.core.store import open_store

    store = open_store(str(tmp_path / "s.db"))
    gid = store.create(KIND, seed=3)
    fresh = open_store(str(tmp_path / "s.db"))

    def files() -> int:
        return len(os.listdir("/proc/self/fd"))

    def read_in_a_thread_of_its_own() -> None:
        reader = threading.Thread(target=lambda: fresh.rows(gid))
        reader.start()
        reader.join()

    read_in_a_thread_of_its_own()
    before = files()
    for _ in range(30):
        read_in_a_thread_of_its_own()
    assert files() <= before + 1 and len(fresh.db._readers._all) <= 1
    fresh.close()
    store.close()


@pytest.mark.postgres
def test_postgres_commands_commit_before_they_notify(tmp_path):
    """A transaction that NOTIFYs holds a database-wide lock through its
    commit, so durable commits that notified waited their disk flushes one
    by one (issue #24).  The insert function boardlog stores through has no
    NOTIFY; the notification goes after the commit, one per command stored."""
    import psycopg
    from psycopg.sql import SQL, Identifier

    from tests.conftest import make_store

    store = make_store("postgres", tmp_path)
    try:
        recorder = store.recorder
        name = recorder.pg_function_name_insert_events
        pool = recorder.datastore.pool
        settings = {k: v for k, v in pool.kwargs.items() if k != "row_factory"}
        with psycopg.connect(**settings, autocommit=True) as listener:
            body = listener.execute(
                "SELECT prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
                "WHERE p.proname = %s AND n.nspname = %s", (name, recorder.datastore.schema)).fetchone()
            assert body is not None and "INSERT INTO" in body[0] and "NOTIFY" not in body[0].upper()
            listener.execute(SQL("LISTEN {0}").format(Identifier(recorder.channel_name)))
            gid = store.create("forbidden_alchemy", seed=5)
            store.issue(gid, "investigator", "swap 1 2")
            heard = list(listener.notifies(timeout=2.0))
        assert len(heard) == 2  # the game's creation, then the command
    finally:
        store.close()


@pytest.mark.postgres
def test_a_failed_notify_does_not_fail_the_stored_command(tmp_path, monkeypatch, caplog):
    """The NOTIFY goes after the commit: if it fails, the command is stored
    all the same, and the writer is told so (not an error it would retry)."""
    from tests.conftest import make_store

    store = make_store("postgres", tmp_path)
    try:
        gid = store.create("forbidden_alchemy", seed=5)
        datastore = store.recorder.datastore
        real = datastore.get_connection
        refused = []

        class NoNotify:  # a connection whose NOTIFY fails, all else as it is
            def __init__(self, conn):
                self.conn = conn

            def __getattr__(self, name):
                return getattr(self.conn, name)

            def execute(self, query, *args, **kwargs):
                if "NOTIFY" in repr(query):
                    refused.append(query)
                    raise OSError("the server went away")
                return self.conn.execute(query, *args, **kwargs)

        @contextmanager
        def connection(*args, **kwargs):
            with real(*args, **kwargs) as conn:
                yield NoNotify(conn)

        monkeypatch.setattr(datastore, "get_connection", connection)
        records = store.issue(gid, "investigator", "swap 1 2")
        monkeypatch.undo()
        assert refused and records
        assert store.head_version(gid) == records[-1].version
        assert any("NOTIFY" in r.getMessage() for r in caplog.records)
    finally:
        store.close()


def test_the_kept_light_pass_is_read_back_on_each_database(shared_store):
    """The replay index's light pass kept a stretch at a time beside the
    events (engine/core/light_pass.py) on SQLite and PostgreSQL alike: kept
    for each whole stretch passed over, vouched for by the stream's rows,
    and read back instead of the rows."""
    from types import SimpleNamespace

    from engine.core.light_pass import KeptPasses

    def light():
        return SimpleNamespace(version=0, starts=[], commands=[], undone={}, secret={}, revealed=set())

    gid = shared_store.create(KIND, seed=5)
    for _ in range(3):
        shared_store.issue(gid, SEAT, "swap 1 2")
        shared_store.undo(gid, SEAT)
    shared_store.redo(gid, SEAT)
    live = shared_store.live(gid)
    head = live.session.version

    def raw(gt, lte):
        return shared_store.reader.raw(gid, gt, lte)
    passes = KeptPasses(shared_store.db, 2)
    first, again = light(), light()
    assert passes.catch_up(live.game, KIND, gid, first, head, raw) == (head, 0)  # nothing kept yet
    assert first.undone and first.starts and first.commands
    assert passes.catch_up(live.game, KIND, gid, again, head, raw) == (head % 2, head // 2)
    assert vars(again) == vars(first)
    passes.forget(gid)
    assert passes.load(gid, KIND, 0, head) == {}
