"""A command imports what it needs and no more (issue #24: a command line
that answers at once).  Nothing here is timed: the figures are the bench's
and the reviewer's; these tests keep the imports that made them honest."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest

from engine.core import records
from engine.core.game import REQUIRED, find_game, game_ids
from engine.core.store import open_store

ROOT = Path(__file__).resolve().parent.parent
KIND = "forbidden_alchemy"
# Never needed to read a game: the library's aggregate classes (writes
# build them), the viewer, the analysis, the rule search index.
NEVER_ON_READ = ("engine.core.log", "viewer", "analysis", "projections.rule_index", "fastapi", "jinja2")


def _modules_after(argv: list[str], env: dict[str, str] | None = None) -> set[str]:
    """The modules a fresh process holds after running `boardlog ARGV`."""
    code = ("import json, sys\nfrom boardlog.cli import main\nstatus = main(sys.argv[1:])\n"
            "sys.stdout.flush()\nsys.stderr.write(json.dumps([status, sorted(sys.modules)]))\n")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=120)
    status, modules = json.loads(done.stderr.splitlines()[-1])
    assert status == 0, (argv, done.stdout, done.stderr)
    return set(modules)


def _loaded(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> tuple[str, str]:
    db = str(tmp_path_factory.mktemp("speed") / "cli.db")
    store = open_store(db)
    gid = store.create(KIND, seed=4)
    store.issue(gid, "investigator", "swap 1 2")
    return db, str(gid)


@pytest.mark.parametrize("argv", [["show", "{gid}", "--step", "5"], ["legal", "{gid}"], ["position", "{gid}"],
                                  ["seats", "{gid}"], ["games"]])
def test_a_read_command_builds_no_aggregate_class_and_loads_only_its_game_parts(stored, argv):
    db, gid = stored
    modules = _modules_after([a.format(gid=gid[:8]) for a in argv] + ["--db", db])
    for name in NEVER_ON_READ:
        assert not _loaded(modules, name), (argv, name)
    game = f"engine.games.{KIND}"
    assert f"{game}.bots" not in modules and f"{game}.scores" not in modules
    if argv[0] == "show":  # drawn and folded: no legal-move generator, no position format
        assert {f"{game}.view", f"{game}.state"} <= modules
        assert f"{game}.legal" not in modules and f"{game}.position" not in modules
    if argv[0] == "legal":  # asked and answered: no picture
        assert f"{game}.legal" in modules and f"{game}.view" not in modules
    if argv[0] == "games":
        assert f"{game}.legal" not in modules
    if argv[0] in ("show", "legal", "position"):  # read through engine/core/readonly.py: no dice
        # rolled (random), no hashlib (checkpoints hash without it), no content file read (tomllib)
        assert not {"random", "hashlib", "tomllib"} & modules, argv


def test_kinds_loads_no_game_and_no_store():
    modules = _modules_after(["kinds"])
    assert not _loaded(modules, "engine.games.fmp") and not _loaded(modules, "eventsourcing")
    assert "engine.core.store" not in modules


def test_a_write_still_builds_the_records_it_stores(stored):
    db, gid = stored
    modules = _modules_after(["undo", gid[:8], "investigator", "--db", db])
    assert "engine.core.log" in modules


def test_records_topics_are_the_classes_own():
    from eventsourcing.utils import get_topic

    from engine.core import log

    assert {get_topic(c): k for k, c in log.RECORD_CLASSES.items()} == records.TOPIC_KIND
    assert get_topic(log.GameLog.Started) == records.STARTED_TOPIC and get_topic(log.GameLog) == records.LOG_TOPIC
    assert get_topic(log.SeatKeys.Issued) == records.SEAT_KEYS_TOPIC
    assert get_topic(log.FinalSummary.Recorded) == records.SUMMARY_TOPIC
    assert get_topic(log.Deletion.Recorded) == records.DELETION_TOPIC


# ---- game packages whose names load on first use ------------------------------------------
def test_every_games_names_are_its_functions_whatever_was_imported_first():
    """In a fresh process, import every module of every game first (binding
    each as its package's attribute), then ask for the game's names: each is
    what the game's own module defines, never a submodule of the same name
    (`position`, `view`, `setup`, `turn`, `scores`)."""
    code = """
import importlib, json, pkgutil, sys, types
from engine.core.game import REQUIRED, OPTIONAL, find_game, game_ids
bad = []
for kind in game_ids():
    package = importlib.import_module(f"engine.games.{kind}")
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"engine.games.{kind}.{info.name}")
    game = find_game(kind)
    for name in [*REQUIRED, *OPTIONAL]:
        if isinstance(getattr(game, name), types.ModuleType):
            bad.append(f"{kind}.{name}")
print(json.dumps(bad))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_no_game_module_imports_a_lazy_name_as_a_submodule():
    """`from . import view` inside a game reads the package's attribute `view`:
    with names loaded on first use that is the game's function, not the
    module, so a game may not import a module whose name is one of its
    lazily loaded names that way (import from it: `from .view import x`)."""
    clashes = []
    for kind in game_ids():
        table = find_game(kind).__dict__.get("_lazy_names", {})
        for path in sorted((ROOT / "engine" / "games" / kind).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
                    clashes += [f"{kind}/{path.name}: {a.name}" for a in node.names if a.name in table]
    assert clashes == []


def test_a_game_provides_every_required_name():
    for kind in game_ids():
        assert set(REQUIRED) <= set(dir(find_game(kind))), kind


def test_the_hashes_of_checkpoints_are_hashlibs_own():
    """Checkpoints hash with blake2b and name their stream with uuid5 without
    importing hashlib (issue #24): the same digests and the same ids."""
    import hashlib
    import uuid

    from engine.core import checkpoints

    assert checkpoints.blake2b is hashlib.blake2b
    for raw in (b"", b"x", bytes(range(256)) * 40):
        assert checkpoints.row_digest(raw) == hashlib.blake2b(raw, digest_size=16).digest()
        assert checkpoints.row_digest(memoryview(raw)) == checkpoints.row_digest(raw)
    for gid in (uuid.UUID(int=0), uuid.UUID(int=2**128 - 1), uuid.uuid4()):
        for name in ("", "checkpoints/0123abcd", "checkpoints/é☃\U0001f600"):
            assert checkpoints._uuid5(gid, name) == uuid.uuid5(gid, name)


def test_a_story_board_reads_the_map_file_alone(memory_store):
    """The story game's view reads the map's layout from the map's file,
    not the whole box of content (eleven files: ~20 ms of `boardlog
    compare`, issue #24), and finds the layout the box holds."""
    import importlib

    from engine.games.forbidden_alchemy_story import content

    story_view = importlib.import_module("engine.games.forbidden_alchemy_story.view")  # (the package's `view` is the function)
    gid = memory_store.create("forbidden_alchemy_story", seed=3)
    state = memory_store.live(gid).session.state
    content.load.cache_clear()
    story_view._layout.cache_clear()
    board = find_game("forbidden_alchemy_story").view(state, None)
    assert content.load.cache_info().currsize == 0
    spaces = content.load().map["layout"]
    assert board["layout"] == {x: list(spaces[x]) for x in state.room_of if x in spaces} != {}


# ---- a game's id from its prefix ------------------------------------------------------------
def test_a_prefix_resolves_as_the_games_list_would(tmp_path):
    """SQLite answers a prefix through the primary key; the answer is the
    one the games list gives: unique, ambiguous (in the order stored), or
    none, and a stream that is not a game never matches."""
    store = open_store(str(tmp_path / "ids.db"))
    source = store.create(KIND, seed=1)
    header, rows = store.header(source), store.rows(source)[1:]
    ids = [UUID("aaaa1111-0000-4000-8000-000000000001"), UUID("aaaa2222-0000-4000-8000-000000000002"),
           UUID("aaab0000-0000-4000-8000-000000000003")]
    for gid in reversed(ids):  # stored newest id first: the order is the store's, not the ids'
        store.catalogue.write_game(gid, header, rows)
    store.notes.add(ids[0], 1, "ann", "a note")  # a derived stream, not a game
    catalogue = store.catalogue

    def listed(prefix: str) -> list[UUID]:
        return [g for g in catalogue.game_ids() if g.hex.startswith(prefix)]
    for prefix in ("aaaa", "aaaa1", "aaab", "aaa", "aaaa2222000040008000000000000002", "abcd", "zzzz", "0"):
        assert store.db.games_by_prefix(prefix, records.STARTED_TOPIC) == listed(prefix), prefix
    assert catalogue.resolve("aaaa1") == ids[0]
    assert catalogue.resolve("AAAB-0000") == ids[2]
    with pytest.raises(Exception, match=f"ambiguous: {ids[1]}, {ids[0]}"):
        catalogue.resolve("aaaa")
    with pytest.raises(Exception, match="no game"):
        catalogue.resolve("aaac")
