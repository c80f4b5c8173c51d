"""Import decides again (issue #25, items 1, 5, 6 and 7): a file is stored
only if every fact in it is what the rules give from its commands, with the
record's own dice and time; every header field has its type; time never
runs backwards.  Each refusal names the file's line, stores nothing, and
comes out the same through the command line and the web form."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from engine.core.errors import ImportRejected
from engine.core.interchange import import_any, read_file
from engine.core.store import open_store
from viewer.app import create_app

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"


def lines_of(name: str) -> list[dict]:
    return [json.loads(x) for x in (GAMES / name).read_text().splitlines() if x.strip()]


def dump(lines: list[dict]) -> bytes:
    return b"".join(json.dumps(x).encode() + b"\n" for x in lines)


def line_number(lines: list[dict], **match) -> int:
    """The 1-based line of the first record whose fields match."""
    return next(i for i, x in enumerate(lines, 1)
                if all(x.get(k) == v for k, v in match.items()))


@pytest.fixture
def store():
    s = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield s
    s.close()


# ---- the stalling file: a board a million squares wide ----------------------------------------
def huge_board() -> tuple[bytes, int]:
    lines = lines_of("brutality-1.jsonl")
    n = line_number(lines, type="BoardLaidOut")
    lines[n - 1]["data"]["width"] = 1_000_000
    return dump(lines), n


def test_a_tampered_board_size_is_refused_with_its_line(store):
    text, n = huge_board()
    with pytest.raises(ImportRejected) as e:
        import_any(store, "huge.jsonl", text)
    assert e.value.line == n
    assert "1000000 x 6 squares is not a board of the game's content" in e.value.reason
    assert store.catalogue.game_ids() == []


def test_the_web_form_refuses_it_at_once_and_stores_nothing(store):
    client = TestClient(create_app(store))
    text, n = huge_board()
    r = client.post("/import", files={"file": ("huge.jsonl", text, "application/x-ndjson")})
    assert r.status_code == 422
    assert f"huge.jsonl:{n}: " in r.text and "not a board of the game" in r.text
    assert client.get("/api/games").json() == []


def test_the_command_line_refuses_it_with_exit_2(tmp_path):
    text, n = huge_board()
    path = tmp_path / "huge.jsonl"
    path.write_bytes(text)
    env = {k: v for k, v in os.environ.items() if k != "PERSISTENCE_MODULE"}
    run = subprocess.run([sys.executable, "-m", "boardlog", "import", str(path), "--db",
                          str(tmp_path / "b.db")], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"{path}:{n}: " in run.stderr and "not a board of the game" in run.stderr
    listed = subprocess.run([sys.executable, "-m", "boardlog", "games", "--db", str(tmp_path / "b.db")],
                            capture_output=True, text=True, env=env, timeout=120)
    assert "brutality" not in listed.stdout


def test_verify_still_reports_the_divergence_of_a_file():
    """`boardlog verify FILE` reads without deciding, so that it can say
    where the record and the rules part (exit 1), as before."""
    from engine.core.interchange import verify

    lines = lines_of("forbidden_alchemy-1.jsonl")
    n = line_number(lines, type="DieRolled")
    lines[n - 1]["data"]["value"] = lines[n - 1]["data"]["value"] % 10 + 1
    gf = read_file("die.jsonl", dump(lines), decide=False)
    assert verify(gf.header, gf.records).step == lines[n - 1]["step"]


# ---- every kind of fact is decided again ------------------------------------------------------
@pytest.mark.parametrize("name", sorted(p.name for p in GAMES.glob("*.jsonl")))
def test_every_recorded_game_imports_as_it_is(store, name):
    assert len(import_any(store, name, (GAMES / name).read_bytes())) == 1


def test_a_die_changed_after_the_fact_is_refused(store):
    lines = lines_of("forbidden_alchemy-1.jsonl")
    n = line_number(lines, type="DieRolled")
    lines[n - 1]["data"]["value"] = lines[n - 1]["data"]["value"] % 10 + 1
    with pytest.raises(ImportRejected) as e:
        import_any(store, "die.jsonl", dump(lines))
    assert e.value.line == n and "DieRolled" in e.value.reason
    assert store.catalogue.game_ids() == []


def test_a_fact_left_out_is_refused_at_the_line_after(store):
    lines = lines_of("forbidden_alchemy-1.jsonl")
    last = lines.pop()
    while "annotation" in last:
        last = lines.pop()
    assert last["kind"] == "Happened"
    with pytest.raises(ImportRejected) as e:
        import_any(store, "short.jsonl", dump(lines))
    assert e.value.line == len(lines) + 1 and "the record says end of the record" in e.value.reason


def test_true_is_not_one(store):
    """JSON's `true` is not the number 1, though Python's == says so."""
    lines = lines_of("forbidden_alchemy_story-1.jsonl")
    n = line_number(lines, type="KeeperTurnBegan")
    assert lines[n - 1]["data"]["gained"] == 1
    lines[n - 1]["data"]["gained"] = True
    with pytest.raises(ImportRejected) as e:
        import_any(store, "bool.jsonl", dump(lines))
    assert e.value.line == n and '"gained":true' in e.value.reason and '"gained":1' in e.value.reason


# ---- headers of the wrong shape ----------------------------------------------------------------
@pytest.mark.parametrize("kind", [["brutality"], {"kind": "brutality"}, 7, None])
def test_a_kind_of_the_wrong_shape_is_refused_on_line_1(store, kind):
    lines = lines_of("brutality-1.jsonl")
    lines[0]["kind"] = kind
    with pytest.raises(ImportRejected) as e:
        import_any(store, "kind.jsonl", dump(lines))
    assert e.value.line == 1 and "kind" in e.value.reason
    client = TestClient(create_app(store))
    r = client.post("/import", files={"file": ("kind.jsonl", dump(lines), "application/x-ndjson")})
    assert r.status_code == 422 and "kind.jsonl:1: " in r.text
    assert store.catalogue.game_ids() == []


@pytest.mark.parametrize("kind", [["brutality"], {"kind": "brutality"}])
def test_a_kind_of_the_wrong_shape_inside_an_export_with_forks(store, kind):
    lines = lines_of("brutality-1.jsonl")
    head = {"format": "boardlog-games", "format_version": 1, "root": lines[0]["game"],
            "games": [lines[0]["game"]], "names": {}}
    lines[0]["kind"] = kind
    with pytest.raises(ImportRejected) as e:
        import_any(store, "tree.jsonl", dump([head, *lines]))
    assert e.value.line == 2 and "kind" in e.value.reason
    assert store.catalogue.game_ids() == []


# ---- time never runs backwards -----------------------------------------------------------------
def test_a_command_earlier_than_the_one_before_is_refused(store):
    lines = lines_of("forbidden_alchemy-1.jsonl")
    commands = [i for i, x in enumerate(lines, 1) if x.get("kind") == "CommandIssued"]
    n = commands[1]
    lines[n - 1]["timestamp"] = "2001-01-01T00:00:00+00:00"
    with pytest.raises(ImportRejected) as e:
        import_any(store, "time.jsonl", dump(lines))
    assert e.value.line == n and "time never runs backwards" in e.value.reason
    assert store.catalogue.game_ids() == []


def test_a_fact_older_than_its_command_is_refused(store):
    lines = lines_of("forbidden_alchemy-1.jsonl")
    n = line_number(lines, type="DieRolled")
    lines[n - 1]["timestamp"] = "2001-01-01T00:00:00+00:00"
    with pytest.raises(ImportRejected) as e:
        import_any(store, "time.jsonl", dump(lines))
    assert e.value.line == n and "earlier than the command" in e.value.reason


# ---- nothing drawn without a bound (issue #25, item 2) -----------------------------------------
def stored_behind_imports_back(store, step: int, **changes):
    """Store a recorded game with one fact's data changed, skipping the
    import's checks (as an older, looser import or a hand-edited database
    would have)."""
    gf = read_file("brutality-1.jsonl", (GAMES / "brutality-1.jsonl").read_bytes())
    gf.records[step - 2].data["data"].update(changes)
    store.catalogue.write_game(gf.game_id, gf.header, gf.records, created=gf.created)
    return gf.game_id


def test_a_huge_board_that_got_in_another_way_is_not_drawn(store):
    """The board's size does not fold unless it is one of the content's
    boards: the game is listed as unreadable and its pages answer at once."""
    text, n = huge_board()
    gid = stored_behind_imports_back(store, n, width=1_000_000)
    client = TestClient(create_app(store))
    r = client.get(f"/games/{gid}?step={n}")
    assert r.status_code == 500 and "not a board of the game&#39;s content" in r.text
    assert client.get(f"/api/games/{gid}/board.svg").status_code in (404, 500)
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert listed[str(gid)]["status"] == "unreadable"  # listed as such, never half drawn


@pytest.mark.parametrize("kind, fact, field, value", [
    ("promised_day", "BoardLaidOut", None, None),
    ("forbidden_alchemy", "SetupTilePlaced", "edges", list(range(100))),
])
def test_other_amplifiers_have_their_ceiling(kind, fact, field, value):
    from engine.core.game import find_game
    from viewer.bounds import undrawable

    game = find_game(kind)
    if kind == "promised_day":
        board = {"map": {f"s{i}": [1, 1, 0.0, 0.0] for i in range(5000)}, "lines": []}
    else:
        board = {"tile": "t", field: value}
    assert "beyond the game's content" in undrawable(game, board)


def test_a_view_larger_than_any_game_draws_is_not_drawn():
    from engine.core.game import find_game
    from viewer.bounds import undrawable

    assert "KB" in undrawable(find_game("roundtable"), {"log": ["x" * 1000] * 1000})


@pytest.mark.parametrize("value", [True, 1.0])
def test_an_option_of_another_type_is_refused(store, value):
    """`true` or `1.0` where the game makes `1` (issue #25, item 5): an option is
    compared with what the game makes of it as JSON, types included."""
    lines = lines_of("forbidden_alchemy-1.jsonl")
    assert lines[0]["options"]["investigators"] == 1
    lines[0]["options"]["investigators"] = value
    with pytest.raises(ImportRejected) as e:
        import_any(store, "options.jsonl", dump(lines))
    assert e.value.line == 1 and "options" in e.value.reason
    assert store.catalogue.game_ids() == []
