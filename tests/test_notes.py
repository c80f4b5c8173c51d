"""Notes scale and commute (issue #12, item 4): a cached fold per game,
caught up from new rows only; concurrent adds all succeed; edits and
deletes may name the version they change."""

from __future__ import annotations

import multiprocessing as mp
from uuid import uuid5

import pytest

from engine.core.errors import BadInput, ConflictError
from engine.core.interchange import export_lines, import_file
from engine.core.store import Store

KIND = "forbidden_alchemy"


def _rows_read(store: Store, game_id):
    """Record how many notes rows each read fetches."""
    nid, seen, reader = uuid5(game_id, "notes"), [], store.db.rows

    def counting(stream_id, gt=0, lte=None):
        rows = reader(stream_id, gt, lte)
        if stream_id == nid:
            seen.append(len(rows))
        return rows
    store.db.rows = counting
    return seen


def test_adding_and_reading_notes_folds_only_new_rows(store: Store):
    gid = store.create(KIND, seed=1)
    for i in range(300):
        store.notes.add(gid, 1 + i % 5, "ann", f"note {i}")
    seen = _rows_read(store, gid)
    store.notes.add(gid, 2, "bob", "one more")
    notes = store.notes.of(gid)
    assert len(notes) == 301 and max(seen) <= 1, seen  # never the whole stream again
    assert [n["step"] for n in notes] == sorted(n["step"] for n in notes)


def test_the_cached_fold_agrees_with_the_library(store: Store):
    gid = store.create(KIND, seed=1)
    a = store.notes.add(gid, 1, "ann", "first")
    b = store.notes.add(gid, 2, "bob", "second")
    store.notes.edit(gid, a, "cy", "first, edited")
    store.notes.delete(gid, b, "cy")
    store.notes.add(gid, 1, "dee", "third")
    aggregate = store.repository.get(uuid5(gid, "notes"))
    assert sorted(aggregate.items.values(), key=lambda n: (n["step"], n["created"])) == store.notes.of(gid)
    fresh = Store(env=dict(store.env)) if store.backend != "popo" else store
    assert fresh.notes.of(gid) == store.notes.of(gid)


def test_a_second_store_catches_up_and_its_adds_retry(shared_store: Store):
    gid = shared_store.create(KIND, seed=1)
    other = Store(env=dict(shared_store.env))
    try:
        shared_store.notes.add(gid, 1, "ann", "a")
        assert [n["text"] for n in other.notes.of(gid)] == ["a"]  # other's cache is at version 2
        shared_store.notes.add(gid, 1, "ann", "b")                # ...and now stale
        other.notes.add(gid, 1, "bob", "c")                       # a clash: caught up and retried
        assert [n["text"] for n in shared_store.notes.of(gid)] == ["a", "b", "c"]
        assert [n["text"] for n in other.notes.of(gid)] == ["a", "b", "c"]
    finally:
        other.close()


def test_edits_and_deletes_may_name_the_version_they_change(store: Store):
    gid = store.create(KIND, seed=1)
    assert store.notes.version(gid) == 0
    note = store.notes.add(gid, 1, "ann", "a")
    version = store.notes.version(gid)
    assert version == 2  # opened, added
    store.notes.add(gid, 1, "bob", "b")
    with pytest.raises(ConflictError, match="nothing was stored"):
        store.notes.edit(gid, note, "ann", "changed", expected_version=version)
    with pytest.raises(ConflictError):
        store.notes.delete(gid, note, "ann", expected_version=version)
    store.notes.edit(gid, note, "ann", "changed", expected_version=store.notes.version(gid))
    assert [n["text"] for n in store.notes.of(gid)] == ["changed", "b"]
    store.notes.delete(gid, note, "ann", expected_version=store.notes.version(gid))
    assert [n["text"] for n in store.notes.of(gid)] == ["b"]
    with pytest.raises(BadInput, match="no note"):
        store.notes.delete(gid, note, "ann")


def _adder(env: dict, gid: str, n: int, barrier, results) -> None:
    import uuid
    try:
        store = Store(env={**env, "CREATE_TABLE": "n"})
        game_id = uuid.UUID(gid)
        store.notes.of(game_id)  # a cache that every other writer will make stale
        barrier.wait(timeout=30)
        ok = 0
        for i in range(n):
            store.notes.add(game_id, 1, "w", f"{i}")
            ok += 1
        results.put(ok)
        store.close()
    except Exception as e:  # report, never leave the test waiting
        results.put(f"error: {type(e).__name__}: {e}")


def test_concurrent_adds_all_succeed(shared_store: Store):
    gid = shared_store.create(KIND, seed=1)
    shared_store.notes.add(gid, 1, "ann", "first")
    ctx = mp.get_context("spawn")
    writers, each = 4, 15
    barrier, results = ctx.Barrier(writers), ctx.Queue()
    procs = [ctx.Process(target=_adder, args=(dict(shared_store.env), str(gid), each, barrier, results))
             for _ in range(writers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    outcomes = [results.get(timeout=30) for _ in procs]
    assert outcomes == [each] * writers, outcomes
    assert len(shared_store.notes.of(gid)) == 1 + writers * each


def test_importing_a_thousand_notes_is_one_batch(store: Store):
    gid = store.create(KIND, seed=1)
    store.issue(gid, "investigator", "stop")
    for i in range(1000):
        store.notes.add(gid, 1 + i % 10, "ann", f"note {i}")
    text = b"".join(export_lines(store, gid))
    target = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}) if store.backend == "popo" else None
    if target is None:  # the same backend, a fresh database
        target = store
        text = text.replace(str(gid).encode(), b"0" * 8 + str(gid).encode()[8:], 1)
    batches = []
    put = target.events.put
    target.events.put = lambda events: batches.append(len(events)) or put(events)
    new = import_file(target, "many.jsonl", text)
    target.events.put = put
    assert len(target.notes.of(new)) == 1000
    assert len(batches) == 1  # the game, its seat keys and every note: one write, not 1,001
    assert target.notes.version(new) == 1001  # opened + 1,000 adds, nothing more


def test_add_cost_does_not_grow_with_the_notes(tmp_path):
    from engine.core.store import open_store

    store = open_store(str(tmp_path / "n.db"))
    gid = store.create(KIND, seed=1)

    def rows_per_add() -> int:
        """Rows read from the database by one more note (its cost, measured
        without a clock: the bench times it)."""
        before = store.db.rows_read
        store.notes.add(gid, 1, "a", "x")
        return store.db.rows_read - before
    few = rows_per_add()
    for i in range(2000):
        store.notes.add(gid, 1, "a", f"{i}")
    assert few <= 2 and rows_per_add() <= 2  # only what was stored since: never the 2,000 notes again
