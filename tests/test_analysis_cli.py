"""`boardlog analyse` and the analysis on the command line (issue #23): a
finished game analysed in process, refused while it runs, queued and worked
by a worker, carried by an export and taken back by an import, deleted with
its game; `selfplay --bot search`.

Budgets are tiny (a few lines per decision) and the game is a short recorded
one (the story game's first fixture, 22 commands): these tests check what the
command line does, not how well the search plays.  The commands are run in
process (`boardlog.cli.main`), as the first ones would be in a shell, except
the worker, which is stopped by a signal as a user stops it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from analysis.jobs import Analyses
from boardlog.cli import main
from engine.core.store import open_store

FIXTURE = Path(__file__).parent.parent / "fixtures" / "games" / "forbidden_alchemy_story-1.jsonl"
GAME = "94005e80-1757-46a2-aedf-52d846aa4087"  # the fixture's id
TINY = ["--simulations", "4"]


@pytest.fixture
def db(tmp_path, capsys) -> str:
    """A SQLite store holding the finished fixture game."""
    path = str(tmp_path / "cli.db")
    assert main(["import", str(FIXTURE), "--db", path]) == 0
    capsys.readouterr()
    return path


def test_analyse_prints_a_line_per_command_with_its_marks(db, capsys):
    assert main(["analyse", GAME[:8], "--db", db, *TINY, "--seed", "0"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 22 + 1  # one a command a player chose, then the tally
    assert "analysed 22 commands" in err
    # step, seat, the command played, chance before -> after, the preferred command
    assert lines[0].split()[:4] == ["29", "keeper", "choose", "B"]
    assert all("% -> " in line and "preferred: " in line for line in lines[:-1])
    marked = [line for line in lines[:-1] if line.rstrip().endswith(("inaccuracy", "mistake", "blunder"))]
    assert marked, out  # this game has its mistakes at this seed (the investigator wanders off)
    assert "commands judged" in lines[-1] and "mistake" in lines[-1]
    # The same seed, the same analysis.
    assert main(["analyse", GAME, "--db", db, *TINY, "--seed", "0"]) == 0
    assert capsys.readouterr().out == out


def test_analyse_json_is_the_analysis_as_data(db, capsys):
    assert main(["analyse", GAME, "--db", db, *TINY, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game_id"] == GAME and data["budget"]["simulations"] == 4
    assert len(data["judged"]) == 22
    first = data["judged"][0]
    assert {"step", "seat", "played", "best", "before", "after", "mark", "chances"} <= set(first)


def test_a_running_game_is_refused_with_status_2(db, capsys):
    assert main(["new", "forbidden_alchemy_story", "--seed", "1", "--db", db]) == 0
    running = capsys.readouterr().out.strip()
    assert main(["analyse", running, "--db", db, *TINY]) == 2
    err = capsys.readouterr().err
    assert "still running" in err and err.count("\n") == 1
    assert main(["analyse", running, "--db", db, "--queue"]) == 2


def test_usage_mistakes_are_one_line_and_status_2(db, capsys):
    for argv in (["analyse"], ["analyse", "--worker", GAME], ["analyse", GAME, "--seconds", "0"],
                 ["analyse", GAME, "--queue", "--worker"], ["selfplay", "forbidden_alchemy_story", "--simulations", "4"]):
        assert _status([*argv, "--db", db]) == 2, argv
        assert capsys.readouterr().err.count("\n") == 1, argv


def test_queue_then_a_worker_until_ctrl_c(db, capsys):
    assert main(["analyse", GAME, "--db", db, "--queue", *TINY, "--seed", "3"]) == 0
    assert "queued" in capsys.readouterr().out
    store = open_store(db)
    queue = Analyses(store)
    assert queue.progress(_uuid()).status == "queued"
    worker = subprocess.Popen([sys.executable, "-m", "boardlog", "analyse", "--worker", "--db", db],
                              stderr=subprocess.PIPE, text=True, env=_env())
    try:
        deadline = time.monotonic() + 60
        while queue.progress(_uuid()).status == "queued":
            assert time.monotonic() < deadline and worker.poll() is None
            time.sleep(0.1)
    finally:
        worker.send_signal(signal.SIGINT)  # Ctrl-C: it finishes what it holds and stops
        _, err = worker.communicate(timeout=30)
    assert worker.returncode == 0, err
    assert f"{GAME[:8]} step 29: judged" in err and "worker stopped: 22 positions judged" in err
    assert queue.load(_uuid()) is not None


def test_export_carries_the_analysis_and_import_takes_it_back(db, tmp_path, capsys):
    assert main(["analyse", GAME, "--db", db, "--queue", *TINY]) == 0
    queue = Analyses(open_store(db))
    while queue.work(batch=8):
        pass
    before = queue.load(_uuid())
    out = tmp_path / "with.jsonl"
    assert main(["export", GAME, "--db", db, "-o", str(out)]) == 0
    lines = out.read_bytes().splitlines()
    assert orjson.loads(lines[-23]).keys() == {"analysis"} and sum(b'"analysed"' in x for x in lines) == 22
    bare = tmp_path / "bare.jsonl"
    assert main(["export", GAME, "--db", db, "-o", str(bare), "--without-analysis"]) == 0
    assert b"analys" not in bare.read_bytes()

    # Into another store: the game with its analysis.
    other = str(tmp_path / "other.db")
    capsys.readouterr()
    assert main(["import", str(out), "--db", other]) == 0
    assert "with the computer analysis of 1 game" in capsys.readouterr().err
    assert Analyses(open_store(other)).load(_uuid()).judged == before.judged
    # Without analysis lines: as before.
    third = str(tmp_path / "third.db")
    assert main(["import", str(bare), "--db", third]) == 0
    assert Analyses(open_store(third)).progress(_uuid()).status == "none"


def test_a_bad_analysis_line_is_refused_with_its_line_and_nothing_stored(db, tmp_path, capsys):
    assert main(["analyse", GAME, "--db", db, "--queue", *TINY]) == 0
    queue = Analyses(open_store(db))
    while queue.work(batch=8):
        pass
    out = tmp_path / "with.jsonl"
    assert main(["export", GAME, "--db", db, "-o", str(out)]) == 0
    lines = out.read_bytes().splitlines()
    number = len(lines) - 3  # an analysed line near the end
    bad = orjson.loads(lines[number - 1])
    bad["analysed"]["before"] = 1.5
    lines[number - 1] = orjson.dumps(bad)
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(b"\n".join(lines) + b"\n")
    other = str(tmp_path / "other.db")
    capsys.readouterr()
    assert main(["import", str(broken), "--db", other]) == 2
    err = capsys.readouterr().err
    assert f"broken.jsonl:{number}: analysed: before" in err, err
    assert main(["games", "--db", other]) == 0
    assert "no games" in capsys.readouterr().out  # not the game either


def test_delete_removes_the_analysis(db, capsys):
    assert main(["analyse", GAME, "--db", db, "--queue", *TINY]) == 0
    queue = Analyses(open_store(db))
    assert queue.progress(_uuid()).total == 22
    assert main(["delete", GAME, "--db", db, "--yes"]) == 0
    assert queue.progress(_uuid()).status == "none"
    with queue.sql.transaction(commit=False) as c:
        c.execute("SELECT COUNT(*) FROM analysis_positions")
        assert c.fetchone()[0] == 0


def test_selfplay_with_the_search_bot(db, capsys):
    assert main(["selfplay", "forbidden_alchemy_story", "--bot", "search", *TINY, "--seed", "4", "--db", db]) == 0
    line = capsys.readouterr().out.strip()
    assert "steps" in line and "unfinished" not in line
    gid = line.split()[0]
    store = open_store(db)
    header = store.header(store.catalogue.resolve(gid))
    assert set(header.players.values()) == {"bot:search"}


def _status(argv: list[str]) -> int:
    """main's exit status, or argparse's for a usage error (it exits)."""
    try:
        return main(argv)
    except SystemExit as e:
        return e.code


def _uuid():
    from uuid import UUID

    return UUID(GAME)


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "PERSISTENCE_MODULE"}


def test_bench_analysis_names_an_unknown_game_before_it_starts(capsys):
    """`boardlog bench --analysis` hands over to python -m analysis.bench; a game
    that does not exist is refused first, in one line."""
    assert main(["bench", "--analysis", "--games", "nope"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err
