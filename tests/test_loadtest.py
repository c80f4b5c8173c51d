"""`boardlog bench --load` (boardlog/bench/load.py): server processes on one
store, bots through the JSON API, spectators stepping replays, and the
checks that every game verifies and no acknowledged command was lost or
doubled.  Loads here are tiny: what is asserted is that the checks hold
and the report carries its figures, never how fast anything was."""

from __future__ import annotations

import pytest

from boardlog.bench.load import Run, Servers, check, passed, run_load
from engine.core import session as fold
from engine.core.store import open_store
from tests.conftest import POSTGRES_KEYS, postgres_env

KINDS = ("command", "legal", "replay step")


def _assert_report(report, servers: list[int]) -> None:
    assert [r["servers"] for r in report["runs"]] == servers
    for r in report["runs"]:
        c = r["checks"]
        assert c.games >= 2 and c.verified == c.games, c.divergences
        assert c.accepted > 0 and c.accepted == c.stored
        assert (c.lost, c.doubled, c.unclaimed) == (0, 0, 0)
        for kind in KINDS:
            f = r["figures"][kind]
            assert f["count"] > 0 and f["per_s"] > 0, kind
            assert 0 < f["p50_ms"] <= f["p99_ms"], kind
            assert f["errors"] == 0, kind
    assert passed(report)


def test_a_tiny_load_on_sqlite_passes_its_checks(tmp_path, monkeypatch, capsys):
    for key in POSTGRES_KEYS:
        monkeypatch.delenv(key, raising=False)
    report = run_load(servers=2, players=3, games=2, spectators=1, seconds=3, workdir=str(tmp_path))
    _assert_report(report, [1, 2])
    assert all(r["backend"] == "SQLite" for r in report["runs"])
    out = capsys.readouterr()
    assert "p99 ms" in out.out and out.out.count("-> PASS") == 2
    assert "2 servers vs 1: commands/s x" in out.out
    assert "SQLite (set POSTGRES_DBNAME" in out.err and "load:" in out.err  # progress on stderr


@pytest.mark.postgres
def test_a_tiny_load_on_postgres_passes_its_checks(tmp_path, monkeypatch):
    env = postgres_env()  # skips (or fails, as CI asks) without a server
    for key, value in env.items():
        if key != "POSTGRES_SCHEMA":  # the load test makes (and drops) schemas of its own
            monkeypatch.setenv(key, value)
    report = run_load(servers=2, players=3, games=2, spectators=1, seconds=3, baseline=False,
                      workdir=str(tmp_path))
    _assert_report(report, [2])
    assert report["runs"][0]["backend"].startswith("PostgreSQL")


def _played(tmp_path):
    """A store with two short games, and a Run acknowledging exactly their commands."""
    store = open_store(str(tmp_path / "c.db"))
    run = Run()
    for seed in (1, 2):
        gid = store.create("forbidden_alchemy", seed=seed)
        store.issue(gid, "investigator", "swap 1 2")
        store.issue(gid, "investigator", "swap 2 3")
        run.games.append(str(gid))
        run.accepted += [(str(gid), r.version, r.data["seat"], r.data["text"]) for r in store.rows(gid)
                         if r.kind == fold.COMMAND]
    return store, run


def test_the_checks_find_lost_doubled_and_unacknowledged_commands(tmp_path):
    store, run = _played(tmp_path)
    assert check(store, run).passed
    gid, step, seat, text = run.accepted[0]
    run.accepted.append(run.accepted[0])                    # acknowledged twice
    run.accepted.append((gid, step + 100, seat, text))      # acknowledged, never stored
    dropped = run.accepted.pop(1)                           # stored, nobody told
    c = check(store, run)
    assert (c.doubled, c.lost, c.unclaimed) == (1, 1, 1)
    assert not c.passed
    run.accepted = [a for a in run.accepted if a != (gid, step + 100, seat, text)][:-1] + [dropped]
    assert check(store, run).passed
    store.close()


def test_the_servers_stop_when_the_load_fails(tmp_path):
    db = str(tmp_path / "s.db")
    open_store(db).close()
    with pytest.raises(RuntimeError, match="boom"), Servers(1, {}, db, tmp_path) as srv:
        procs = list(srv.procs)
        assert procs[0].poll() is None  # running
        raise RuntimeError("boom")
    assert all(p.poll() is not None for p in procs)
