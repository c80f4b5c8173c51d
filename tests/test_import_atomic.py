"""Import is one transaction (issue #12, item 2): a game, its seat keys and
all its notes are stored together or not at all.  An import process is
killed at random moments; each time the store holds the whole game with
every note, or nothing, and a retry then succeeds."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from uuid import uuid5

from engine.core.interchange import export_lines, import_file
from engine.core.store import open_store

KIND, SEAT, NOTES = "forbidden_alchemy", "investigator", 300
CHILD = """
import sys
from engine.core.interchange import import_file
from engine.core.store import open_store
store = open_store(sys.argv[1])
text = open(sys.argv[2], "rb").read()
print("go", flush=True)
import_file(store, sys.argv[2], text)
print("done", flush=True)
"""


def _export(tmp_path) -> tuple:
    source = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = source.create(KIND, seed=7)
    source.issue(gid, SEAT, "swap 1 2")
    source.issue(gid, SEAT, "stop")
    for i in range(NOTES):
        source.notes.add(gid, 1 + i % 20, "ann", f"note {i}")
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"".join(export_lines(source, gid)))
    return gid, source.head_version(gid), path


def _state(db: str, gid) -> str:
    store = open_store(db)
    try:
        head = store.head_version(gid)
        notes = store.head_version(uuid5(gid, "notes"))
        keys = store.head_version(uuid5(gid, "seat-keys"))
        if head == notes == keys == 0:
            return "nothing"
        return f"game {head}, notes {len(store.notes.of(gid))}, keys {keys}"
    finally:
        store.close()


def test_a_killed_import_leaves_all_or_nothing(tmp_path):
    gid, steps, path = _export(tmp_path)
    whole = f"game {steps}, notes {NOTES}, keys 1"
    rng = random.Random(os.environ.get("BOARDLOG_KILL_SEED", "12"))
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    # How long an import takes here, from "go" to "done": kills land within it.
    calibrate = str(tmp_path / "calibrate.db")
    open_store(calibrate).close()
    child = subprocess.Popen([sys.executable, "-c", CHILD, calibrate, str(path)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert child.stdout.readline().strip() == b"go"
    started = time.perf_counter()
    assert child.stdout.readline().strip() == b"done"
    took = time.perf_counter() - started
    child.wait(30)
    assert _state(calibrate, gid) == whole
    seen = []
    for attempt in range(8):
        db = str(tmp_path / f"kill-{attempt}.db")
        open_store(db).close()  # the tables exist: the child only writes
        child = subprocess.Popen([sys.executable, "-c", CHILD, db, str(path)], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert child.stdout.readline().strip() == b"go"
        # Spread from "before it starts" to "after it is done", at random within each slice.
        time.sleep(took * 1.3 * (attempt + rng.random()) / 8)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        found = _state(db, gid)
        seen.append(found)
        assert found in ("nothing", whole), found
        if found == "nothing":  # a retry succeeds
            store = open_store(db)
            try:
                assert import_file(store, str(path)) == gid
            finally:
                store.close()
            assert _state(db, gid) == whole
    print(f"import took {took * 1000:.0f} ms; after each kill: {seen}")
