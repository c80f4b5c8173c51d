"""The command line's read-only path (issue #24): `show`, `legal`,
`position` and `compare` on a SQLite file read through a store opened for
reading alone (engine/core/readonly.py), without the eventsourcing
library.  What they print is what the full store's path prints; nothing
here is timed."""

from __future__ import annotations

import contextlib
import html
import io
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest

from boardlog import cli
from engine.core import checkpoints
from engine.core.game import find_game, game_ids
from engine.core.readonly import ReadStore, open_reader, sqlite_file
from engine.core.selfplay import selfplay_one
from engine.core.store import open_store

ROOT = Path(__file__).resolve().parent.parent
EVERY = 40  # checkpoints this close: every game here has several, persisted


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDLOG_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> dict:
    """A SQLite store with a finished game of every kind and a running one
    (a fork of it, mid-game), each read once through the full store so
    that its checkpoints are persisted."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDLOG_CHECKPOINT_EVERY", str(EVERY))
        db = str(tmp_path_factory.mktemp("read-path") / "games.db")
        store = open_store(db)
        games = {}
        for kind in game_ids():
            game = find_game(kind)
            bot = next((b for b in ("greedy", "solver") if b in game.BOTS), "random")
            finished, steps, _ = selfplay_one(store, kind, 11, None, {}, bot)
            running, _ = store.catalogue.fork(finished, steps * 2 // 3)
            store.live(running)  # the fork's checkpoints, as any reader through the full store keeps them
            games[kind] = (finished, running)
        store.close()
        yield {"db": db, "games": games}


def _run(argv: list[str], full: bool, monkeypatch) -> tuple[int, str, str]:
    """`boardlog ARGV` in this process, through the full store or the read-only one."""
    monkeypatch.setattr(cli, "_reader", cli._store if full else _light_reader)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


_READER = cli._reader


def _light_reader(args):
    store = _READER(args)
    assert isinstance(store, ReadStore)  # the read-only path is the one taken
    return store


def _same(argv: list[str], monkeypatch) -> str:
    full = _run(argv, True, monkeypatch)
    light = _run(argv, False, monkeypatch)
    assert light == full, argv
    return light[1]


def _steps(store: ReadStore, gid: UUID) -> list[int]:
    last = store.head_version(gid)
    # The set-up, a checkpoint, the step after it, its last record before the next, mid-game, the last.
    return sorted({1, 2, EVERY, EVERY + 1, 2 * EVERY - 1, last // 2, last - 1, last} & set(range(1, last + 1)))


@pytest.mark.parametrize("kind", game_ids())
def test_show_legal_position_print_what_the_full_store_prints(stored, kind, monkeypatch):
    monkeypatch.setenv("BOARDLOG_CHECKPOINT_EVERY", str(EVERY))
    db = stored["db"]
    reader = open_reader(db)
    for gid in stored["games"][kind]:
        ref = str(gid)[:8]
        header = reader.header(gid)
        for step in _steps(reader, gid):
            shown = _same(["show", ref, "--step", str(step), "--db", db], monkeypatch)
            assert f"step {step} of " in shown
            _same(["position", ref, "--step", str(step), "--db", db], monkeypatch)
        _same(["show", ref, "--db", db], monkeypatch)
        _same(["show", ref, "--command", "0", "--db", db], monkeypatch)
        _same(["show", ref, "--command", "3", "--context", "2", "--db", db], monkeypatch)
        _same(["show", ref, "--seat", header.seats[0], "--step", str(EVERY + 1), "--db", db], monkeypatch)
        _same(["legal", ref, "--db", db], monkeypatch)
        _same(["position", ref, "--db", db], monkeypatch)
        _same(["compare", ref, "1", str(EVERY + 1), "--db", db], monkeypatch)
    finished, running = stored["games"][kind]
    assert "game over" in _same(["legal", str(finished), "--db", db], monkeypatch)
    assert "game over" not in _same(["legal", str(running), "--db", db], monkeypatch)
    # Errors, the same words and status: a step beyond the end, a command that is not there.
    _same(["show", str(finished), "--step", "999999", "--db", db], monkeypatch)
    _same(["show", str(finished), "--step", "0", "--db", db], monkeypatch)
    _same(["show", str(finished), "--command", "99999", "--db", db], monkeypatch)
    _same(["position", str(finished), "--step", "999999", "--db", db], monkeypatch)
    reader.close()


def test_a_step_is_folded_from_the_persisted_checkpoint_below_it(stored, monkeypatch):
    """The read-only store starts from the checkpoints the full store
    persisted: a step reads at most EVERY records, and the session is the
    full store's."""
    monkeypatch.setenv("BOARDLOG_CHECKPOINT_EVERY", str(EVERY))
    finished = stored["games"]["roundtable"][0]
    full, light = open_store(stored["db"]), open_reader(stored["db"])
    last = light.head_version(finished)
    assert last > 4 * EVERY
    for step in (3 * EVERY, 3 * EVERY + 5, last):
        before = light.db.rows_read
        session = light.session_at(finished, step)
        assert light.db.rows_read - before <= EVERY
        assert session == full.session_at(finished, step)
    assert light.live(finished).session == full.load(finished).session
    assert light._writer is None  # nothing to hand over: nothing written
    full.close()
    light.close()


def test_a_read_writes_nothing_but_the_checkpoints_the_full_store_would(stored, tmp_path, monkeypatch):
    """Checkpoints are derived data a read through the full store keeps
    when the store lacks them (new code, an imported game): the read-only
    store hands them to the full store, so that the file ends as it would
    have; with them there, a read changes nothing."""
    monkeypatch.setenv("BOARDLOG_CHECKPOINT_EVERY", str(EVERY))
    gid = stored["games"]["roundtable"][0]

    def snapshots(path: str) -> list[tuple]:
        with contextlib.closing(sqlite3.connect(path)) as c:
            return c.execute("SELECT originator_id, originator_version, state FROM stored_snapshots "
                             "ORDER BY 1, 2").fetchall()
    ends = {}
    for full in (True, False):
        db = str(tmp_path / f"{full}.db")
        with contextlib.closing(sqlite3.connect(stored["db"])) as source, \
                contextlib.closing(sqlite3.connect(db)) as copy:
            source.backup(copy)
            copy.execute("DELETE FROM stored_snapshots")  # as after a change of the game's code
            copy.commit()
        assert _run(["show", str(gid), "--db", db], full, monkeypatch)[0] == 0
        ends[full] = snapshots(db)
        assert len(ends[full]) >= 4  # the game's checkpoints, made again
        with contextlib.closing(sqlite3.connect(db)) as c:
            events = c.execute("SELECT COUNT(*) FROM stored_events").fetchone()
        assert _run(["legal", str(gid), "--db", db], full, monkeypatch)[0] == 0
        assert snapshots(db) == ends[full]  # once there, read and nothing more
        with contextlib.closing(sqlite3.connect(db)) as c:
            assert c.execute("SELECT COUNT(*) FROM stored_events").fetchone() == events
    assert ends[True] == ends[False]


# ---- errors ---------------------------------------------------------------------------------
def test_an_unknown_id_and_an_ambiguous_prefix_say_what_the_full_store_says(tmp_path, monkeypatch):
    db = str(tmp_path / "ids.db")
    store = open_store(db)
    source = store.create("forbidden_alchemy", seed=1)
    header, rows = store.header(source), store.rows(source)[1:]
    for gid in (UUID("abcd1111-0000-4000-8000-000000000001"), UUID("abcd2222-0000-4000-8000-000000000002")):
        store.catalogue.write_game(gid, header, rows)
    store.close()
    for command in (["show"], ["legal"], ["position"], ["compare", "{ref}", "1", "2"]):
        for ref in ("abcd", "abce", "zz", "abcd3333-0000-4000-8000-000000000003", "abcd1111-0000"):
            argv = [a.format(ref=ref) for a in command] + ([] if "{ref}" in command else [ref]) + ["--db", db]
            _same(argv, monkeypatch)
    status, out, err = _run(["show", "abcd", "--db", db], False, monkeypatch)
    assert status == 2 and "ambiguous" in err and err.count("\n") == 1
    status, out, err = _run(["legal", "abce", "--db", db], False, monkeypatch)
    assert (status, err) == (2, f"boardlog: no game 'abce' in SQLite {db}\n")


def test_a_missing_file_is_said_so_and_not_created(tmp_path, monkeypatch):
    """The full store made an empty store there, then found no game in it."""
    for command in ("show", "legal", "position"):
        db = str(tmp_path / f"{command}.db")
        status, out, err = _run([command, "abcd1234", "--db", db], False, monkeypatch)
        assert status == 2 and out == ""
        assert err == (f"boardlog: no games in SQLite {db}: there is no such file "
                       f"(--db PATH or $BOARDLOG_DB names the store)\n")
        assert not os.path.exists(db) and not os.path.exists(db + "-wal")
    empty = tmp_path / "empty.db"
    empty.touch()
    status, _, err = _run(["show", "abcd1234", "--db", str(empty)], False, monkeypatch)
    assert status == 2 and "holds no boardlog store" in err
    assert empty.stat().st_size == 0  # no tables made in it
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database, only bytes" * 100)
    status, _, err = _run(["legal", "abcd1234", "--db", str(junk)], False, monkeypatch)
    assert status == 1 and err.startswith(f"boardlog: cannot open the store (SQLite file {junk}): ")


def test_the_read_only_path_is_for_plain_sqlite_files_alone(monkeypatch):
    monkeypatch.delenv("PERSISTENCE_MODULE", raising=False)
    monkeypatch.delenv("BOARDLOG_DB", raising=False)
    assert sqlite_file("x.db") == "x.db"
    assert sqlite_file(None) == "boardlog.db"
    for name in (":memory:", "file:x.db?mode=ro", "file::memory:"):
        assert sqlite_file(name) is None
    monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.postgres")
    assert sqlite_file(None) is None  # the environment's store: PostgreSQL
    assert sqlite_file("x.db") == "x.db"  # --db names a file, as for the full store
    monkeypatch.setenv("BOARDLOG_SQLITE_DBNAME", "y.db")  # the library would read this one first
    assert sqlite_file("x.db") is None


def test_a_read_only_store_refuses_to_write(stored):
    reader = open_reader(stored["db"])
    finished = stored["games"]["fmp"][0]
    with pytest.raises(TypeError, match="read-only"):
        reader.catalogue.name_fork(finished, "a name")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        reader.db.connection.execute("DELETE FROM stored_events")
    reader.close()


# ---- what a new process imports -------------------------------------------------------------
def _new_process(argv: list[str], tmp_path) -> tuple[int, str, str, set[str]]:
    """`boardlog ARGV` in a new process: its status, what it printed on
    stdout and stderr, and the modules it held at the end."""
    code = ("import json, sys\nfrom boardlog.cli import main\nstatus = main(sys.argv[1:])\n"
            "sys.stdout.flush()\nsys.stderr.write(json.dumps([status, sorted(sys.modules)]))\n")
    env = {k: v for k, v in os.environ.items() if k != "PERSISTENCE_MODULE"}
    env["BOARDLOG_CACHE_DIR"] = str(tmp_path / "cache")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)
    *err, last = done.stderr.splitlines(keepends=True)
    status, modules = json.loads(last)
    return status, done.stdout, "".join(err), set(modules)


def _modules_after(argv: list[str], tmp_path) -> set[str]:
    status, out, err, modules = _new_process(argv, tmp_path)
    assert status == 0, (argv, out, err)
    return modules


# A running game with secret commands is shown through the replay's index of
# the game (which secret commands were revealed since), in projections/:
# that module imports the full store's class, so it is not among these.
@pytest.mark.parametrize("kind, which, argv", [
    ("roundtable", 0, ["show", "--step", "45"]), ("roundtable", 1, ["show"]),
    ("forbidden_alchemy_story", 0, ["show", "--step", "45"]), ("forbidden_alchemy_story", 0, ["show"]),
    ("fmp", 0, ["show", "--seat", "red"]), ("roundtable", 1, ["legal"]),
    ("forbidden_alchemy_story", 1, ["legal"]), ("fmp", 0, ["legal"]), ("brutality", 1, ["position"]),
])
def test_a_read_on_sqlite_never_imports_the_eventsourcing_library(stored, kind, which, argv, tmp_path):
    gid = str(stored["games"][kind][which])
    modules = _modules_after([argv[0], gid[:8], *argv[1:], "--db", stored["db"]], tmp_path)
    assert not any(m == "eventsourcing" or m.startswith("eventsourcing.") for m in modules)
    assert "engine.core.store" not in modules and "engine.core.readonly" in modules
    # argparse's help formatter no longer imports shutil; logging waits for a message.
    assert "shutil" not in modules and "logging" not in modules
    # No dice (a read never rolls), no hashlib (checkpoints hash without it); Anna's
    # Roundtable reads its card file only when a seat's view is drawn.
    assert "random" not in modules and "hashlib" not in modules
    assert kind != "roundtable" or "tomllib" not in modules


def _loaded(modules: set[str], *names: str) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


# ---- compare: the viewer's comparison, without the viewer -----------------------------------
def _page_rows(page: str) -> tuple[int, list[str]]:
    """The compare page's count of changed paths and its rows, each as the
    command line prints one: `  path: A -> B`, the values as JSON."""
    count = int(re.search(r"<h2>What differs \((\d+)\)</h2>", page).group(1))
    rows = re.findall(r"<tr><th>([^<]*)</th><td><code>(.*?)</code></td><td><code>(.*?)</code></td></tr>", page)

    def printed(code: str) -> str:
        return json.dumps(json.loads(html.unescape(code)), ensure_ascii=False, default=str)
    return count, [f"  {html.unescape(path)}: {printed(a)} -> {printed(b)}" for path, a, b in rows]


# (kind, which game: 0 finished, 1 a running fork of it; the seat asked; against its parent)
COMPARED = [
    ("roundtable", 0, "", False),
    ("roundtable", 0, "{seat}", False),       # a finished game through a seat's eyes
    ("roundtable", 1, "{seat}", True),        # a running fork against its parent: the spectator's view
    ("fmp", 0, "nobody", False),              # not a seat: a notice on stderr, everything shown
    ("forbidden_alchemy_story", 1, "", False),
]


@pytest.mark.parametrize("kind, which, seat, against_parent", COMPARED)
def test_compare_on_sqlite_prints_the_viewers_comparison_without_the_web_framework(
        stored, kind, which, seat, against_parent, tmp_path):
    """`boardlog compare` reads projections/compare.py, not viewer/ (whose
    FastAPI import alone took most of a second: issue #24), and prints
    what the viewer's compare page shows for the same steps."""
    from fastapi.testclient import TestClient

    from engine.core.store import open_store
    from projections.compare import compare_steps, view_name
    from viewer import compare as page_module
    from viewer.app import create_app

    assert page_module.compare_steps is compare_steps  # one comparison: the page's is this one
    finished, running = stored["games"][kind]
    gid, other = (running, finished) if which else (finished, running)
    db = stored["db"]
    store = open_store(db)
    seat = seat.format(seat=store.header(gid).seats[0])
    half = store.head_version(gid) // 2
    b_game = str(other) if against_parent else ""
    extra = (["--game-b", b_game] if b_game else []) + (["--seat", seat] if seat else [])
    status, out, err, modules = _new_process(["compare", str(gid)[:8], "10", str(half), *extra, "--db", db],
                                             tmp_path)
    assert status == 0, err
    assert not _loaded(modules, "fastapi", "starlette", "jinja2", "eventsourcing", "viewer", "engine.core.store")
    assert "projections.compare" in modules and "engine.core.readonly" in modules

    page = TestClient(create_app(store)).get(f"/games/{gid}/compare",
                                             params={"a": 10, "b": half, "b_game": b_game, "seat": seat})
    assert page.status_code == 200
    count, rows = _page_rows(page.text)
    lines = out.splitlines()
    assert lines[1:1 + len(rows)] == rows and len(lines) == count + 1  # (the page lists 300 at most)
    notice = re.search(r'<p class="notice" role="status">(.*?)</p>', page.text)
    assert err == (f"boardlog: {html.unescape(notice.group(1))}\n" if notice else "")
    # The heading line, from the same comparison read through the full store.
    from projections.replay import Replay

    cmp = compare_steps(store, Replay(store), gid, 10, half, b_game or None, seat or None)
    against = f"game {other} " if against_parent else ""
    assert lines[0] == (f"game {gid} ({kind}) step 10 against {against}step {half}, "
                        f"seen as {view_name(cmp.seat)}: {count} changed")
    store.close()


# ---- the help's width ------------------------------------------------------------------------
@pytest.mark.parametrize("columns", ["37", "100", "", "x"])
def test_help_is_laid_out_as_argparse_lays_it_out(columns, monkeypatch):
    import argparse
    import shutil

    monkeypatch.setenv("COLUMNS", columns)
    for only in (None, "show", "bench"):
        ours = cli._parser(only=only)
        plain = cli._parser(only=only)
        for parser in [plain, *plain._subparsers._group_actions[0].choices.values()]:
            parser.formatter_class = argparse.HelpFormatter
        assert ours.format_help() == plain.format_help()
        assert cli._columns() == shutil.get_terminal_size().columns


# ---- the fingerprint of a game's code, cached -----------------------------------------------
def _engine_copy(tmp_path: Path) -> Path:
    """A copy of the engine and the fixtures (what a fingerprint reads)."""
    import shutil

    root = tmp_path / "copy"
    shutil.copytree(ROOT / "engine", root / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "fixtures", root / "fixtures", ignore=shutil.ignore_patterns("*.jsonl"))
    return root / "engine"


def test_a_cached_fingerprint_is_the_files_own_and_any_change_makes_it_anew(tmp_path, monkeypatch):
    kind = "forbidden_alchemy_story"  # a variant: it reads another game's package too
    real = checkpoints.fingerprint(kind)
    engine = _engine_copy(tmp_path)
    monkeypatch.setattr(checkpoints, "_ENGINE", engine)

    def fresh() -> str:
        checkpoints.fingerprint.cache_clear()
        return checkpoints.fingerprint(kind)
    hashed: list[str] = []
    kinds = checkpoints._kinds
    monkeypatch.setattr(checkpoints, "_kinds", lambda k: hashed.append(k) or kinds(k))
    try:
        assert fresh() == real and hashed == [kind]  # the same bytes: the same fingerprint
        assert fresh() == real and hashed == [kind, kind]  # files changed seconds ago: not cached
        monkeypatch.setattr(checkpoints, "RACY_NS", 0)
        assert fresh() == real and len(hashed) == 3
        assert fresh() == real and len(hashed) == 3  # from the cache: nothing read
        # Same size, mtime put back: the ctime still says it changed.
        state = engine / "games" / "forbidden_alchemy" / "state.py"
        before = state.stat()
        text = state.read_bytes()
        state.write_bytes(text[:-1] + b"#")
        os.utime(state, ns=(before.st_atime_ns, before.st_mtime_ns))
        assert state.stat().st_size == before.st_size and state.stat().st_mtime_ns == before.st_mtime_ns
        changed = fresh()
        assert changed != real and len(hashed) == 4
        state.write_bytes(text)
        assert fresh() == real and len(hashed) == 5
        (engine / "kit" / "new_rule.py").write_text("X = 1\n")  # a new file of the kit
        assert fresh() not in (real, changed) and len(hashed) == 6
        (engine / "kit" / "new_rule.py").unlink()
        assert fresh() == real and len(hashed) == 7
        # A package the code names appears: the game's fold may read it now.
        (engine / "games" / "forbidden_alchemy_story" / "extra.py").write_text("import engine.games.later\n")
        first = fresh()
        (engine / "games" / "later").mkdir()
        (engine / "games" / "later" / "__init__.py").write_text("Y = 2\n")
        assert fresh() != first and len(hashed) == 9
        # A cache file that is not ours, or broken: hashed as before.
        cache = Path(os.environ["BOARDLOG_CACHE_DIR"]) / "fingerprints.json"
        for junk in (b"{", b"[]", b'{"x": 1}', json.dumps({f"{engine}:{kind}": {"hash": 3}}).encode()):
            cache.write_bytes(junk)
            count = len(hashed)
            assert fresh() == checkpoints.fingerprint(kind) and len(hashed) == count + 1
    finally:
        checkpoints.fingerprint.cache_clear()


# ---- the bench's command-line figures -------------------------------------------------------
def test_the_bench_waits_for_a_command_without_polling():
    """The bench's "command line" figures wait for each process in waitpid
    (no polling that rounded them up); a command that fails or hangs is
    still an error."""
    from boardlog.bench.commands import _run

    assert _run([sys.executable, "-c", "pass"]) > 0
    with pytest.raises(subprocess.CalledProcessError):
        _run([sys.executable, "-c", "raise SystemExit(3)"])
    with pytest.raises(subprocess.TimeoutExpired):
        _run([sys.executable, "-c", "import time; time.sleep(30)"], timeout=0.5)
