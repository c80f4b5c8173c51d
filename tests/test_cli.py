"""The `boardlog` command line, run as a user would run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

KIND = "forbidden_alchemy"


@pytest.fixture
def cli(tmp_path):
    db = str(tmp_path / "cli.db")
    env = {k: v for k, v in os.environ.items() if k != "PERSISTENCE_MODULE"}

    def run(*args, db_flag=True, expect=0):
        argv = [sys.executable, "-m", "boardlog", *args] + (["--db", db] if db_flag else [])
        done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
        assert done.returncode == expect, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        return done
    run.tmp = tmp_path
    return run


def test_new_play_show_export_import_verify_fork(cli):
    gid = cli("new", KIND, "--seed", "4").stdout.strip()
    assert len(gid) == 36
    out = cli("play", gid[:8], "investigator", "swap", "1", "2").stdout
    assert "swap 1 2" in out and "[forbidden_alchemy.actions.swap]" in out
    legal = cli("legal", gid).stdout
    assert "undo" in legal and "stop" in legal
    cli("undo", gid, "investigator")
    cli("redo", gid, "investigator")

    shown = cli("show", gid, "--step", "13").stdout
    assert "step 13 of 16" in shown
    assert "step 14 of 16, command 1" in cli("show", gid, "--command", "1").stdout
    assert "step 12 of 16, command 0" in cli("show", gid, "--command", "0").stdout
    assert "commands 0..1" in cli("show", gid, "--command", "5", expect=2).stderr
    marked = [ln for ln in shown.splitlines() if ln.startswith(">")]
    assert len(marked) == 1 and marked[0].split()[1] == "13"  # the cursor is on step 13
    assert "[core.command]" in shown and "edge 1:" in shown

    games = cli("games").stdout
    assert gid in games and KIND in games and "running" in games

    path = str(cli.tmp / "g.jsonl")
    cli("export", gid, "-o", path)
    header = json.loads(open(path).readline())
    assert header["game"] == gid
    assert cli("verify", path, db_flag=False).stdout.strip().endswith("identical")
    assert cli("verify", gid).stdout.strip().endswith("identical")
    err = cli("import", path, expect=2).stderr
    assert err.startswith("boardlog: ") and f"{path}:1: " in err and "already" in err

    child = cli("fork", gid, "--step", "14").stdout.strip()
    assert f"fork of {gid[:8]} at step 14" in cli("games").stdout
    assert child in cli("games").stdout


def test_user_mistakes_exit_2_with_one_line(cli):
    for args in (["new", "chess"], ["new", KIND, "--option", "tile=99Z"], ["new", KIND, "--option", "oops"],
                 ["show", "0000"], ["show", "zz"], ["new"], ["selfplay", KIND, "--bot", "genius"]):
        done = cli(*args, expect=2)
        assert done.stderr.startswith("boardlog: ") and done.stderr.count("\n") == 1, (args, done.stderr)
    gid = cli("new", KIND, "--seed", "1").stdout.strip()
    err = cli("play", gid, "investigator", "swap", "1", "4", expect=2).stderr
    assert "do not touch" in err and "[forbidden_alchemy.actions.adjacent]" in err
    err = cli("show", gid, "--step", "999", expect=2).stderr
    assert "outside 1.." in err
    bad = cli.tmp / "bad.jsonl"
    bad.write_text("{not json\n")
    assert f"{bad}:1: broken JSON" in cli("import", str(bad), expect=2).stderr


def test_selfplay_stores_complete_games(cli):
    out = cli("selfplay", KIND, "--games", "3", "--seed", "5", "--bot", "solver").stdout.splitlines()
    assert len(out) == 3
    for line in out:
        gid, _, steps, outcome = line.split(maxsplit=3)
        assert outcome.startswith("puzzle ")
    assert cli("games").stdout.count("finished") == 3


def test_demo_records_once(cli):
    first = cli("demo").stdout
    assert "recorded demo forbidden_alchemy" in first
    second = cli("demo").stdout
    kinds = [line.split()[1] for line in second.splitlines()[1:]]
    assert "recorded demo" not in second and kinds.count(KIND) == 2  # one finished, one to play


def test_bench_prints_its_table(cli):
    out = cli("bench", "--events", "400", "--games", "forbidden_alchemy", db_flag=False).stdout
    assert "forbidden_alchemy: one solver-bot game" in out
    assert "legal_commands at a busy mid-game position (step " in out
    assert "legal_commands at every position, first call on each (fastest of 3): median" in out
    for measure in ("append (events/s)", "fold stored events -> state", "read state at step 10 (ms)",
                    "commands decided+stored"):
        assert measure in out
    assert "x" in out.split("read state at step 10 (ms)")[1].splitlines()[0]
    # Every figure with a goal says its verdict, and the end sums them up by area.
    summary = out.split("\nsummary (")[1]
    for area in ("engine", "commands", "viewer", "crowd", "rules"):
        assert f"  {area} " in summary
    assert "boardlog legal ID" in out and "bare endpoint" in out


def test_an_unopenable_store_is_one_line_and_status_1(cli):
    done = cli("games", "--db", str(cli.tmp / "no" / "such" / "dir.db"), db_flag=False, expect=1)
    assert done.stderr.startswith("boardlog: cannot open the store (SQLite file ")
    assert done.stderr.count("\n") == 1


def test_a_closed_pipe_is_not_an_error(cli, tmp_path):
    import subprocess
    import sys

    from engine.core.store import open_store

    store = open_store(str(cli.tmp / "cli.db"))
    gid = store.create(KIND, seed=2)
    for _ in range(300):  # an export far larger than a pipe's buffer
        store.issue(gid, "investigator", "swap 1 2")
        store.undo(gid, "investigator")
    store.close()
    argv = [sys.executable, "-m", "boardlog", "export", str(gid), "--db", str(cli.tmp / "cli.db")]
    export = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    export.stdout.readline()
    export.stdout.close()  # the reader leaves after one line, as `| head -1` does
    assert export.wait(timeout=60) == 0
    assert export.stderr.read() == b""


def test_numbers_are_ascii_and_bounded_and_text_is_utf8(cli):
    """Issue #12: bad numbers and text are user mistakes (exit 2, one line
    naming the argument), never a crash or exit 1."""
    for args, words in ((["new", KIND, "--seed", "²"], "--seed"), (["new", KIND, "--seed", "٣"], "--seed"),
                        (["new", KIND, "--seed", str(2**64)], "--seed"), (["new", KIND, "--seed", "-1"], "--seed"),
                        (["new", KIND, "--players", "0"], "--players"),
                        (["new", KIND, "--option", "investigators=²"], "investigators"),
                        (["new", KIND, "--option", "tile=" + "9" * 5000], "tile"),
                        (["show", "abcd", "--step", "1" * 30], "--step"),
                        (["selfplay", KIND, "--games", "0"], "--games")):
        done = cli(*args, expect=2)
        assert done.stderr.startswith("boardlog: ") and done.stderr.count("\n") == 1, (args, done.stderr)
        assert words in done.stderr and len(done.stderr) < 400, (args, done.stderr)
    assert len(cli("new", KIND, "--seed", str(2**63 - 1)).stdout.strip()) == 36
    gid = cli("new", KIND, "--seed", "1").stdout.strip()
    done = cli("play", gid, "investigator", b"swap \xff 2", expect=2)  # not UTF-8: a lone surrogate
    assert "text: not valid UTF-8" in done.stderr and done.stderr.count("\n") == 1
    assert "step 12 of 12" in cli("show", gid).stdout  # nothing was stored
