"""The variation tree (issue #14 item 2): forks as lines of one tree, links
that keep the step, named lines, and a game exported with its forks."""

from __future__ import annotations

import re
from uuid import UUID, uuid5

import orjson
import pytest
from fastapi.testclient import TestClient

from boardlog import cli
from engine.core.accounts import AccountBook
from engine.core.catalogue import DERIVED
from engine.core.errors import BadInput, ImportRejected
from engine.core.interchange import export_games_lines, import_any, read_games
from engine.core.store import open_store
from projections.tree import Line, VariationTree
from tests.conftest import make_store
from viewer.app import create_app

KIND = "forbidden_alchemy"
SITE = {"Origin": "http://testserver"}


def memory_store():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def grow(store, gid, *moves):
    for move in moves:
        store.issue(gid, "investigator", move)
    return store.head_version(gid)


@pytest.fixture(params=["popo", "sqlite", "postgres"])
def family(request, tmp_path):
    """A root with two forks (one named) and a fork of the first fork, on each backend."""
    store = make_store(request.param, tmp_path)
    root = store.create(KIND, seed=7)
    grow(store, root, "swap 1 2", "swap 2 3", "swap 3 4")
    a, a_at = store.catalogue.fork(root, 13, name="swap first")
    grow(store, a, "swap 5 6")
    b, b_at = store.catalogue.fork(root, 1)
    grow(store, b, "swap 4 5", "swap 5 6")
    aa, aa_at = store.catalogue.fork(a, store.head_version(a))
    yield store, {"root": root, "a": a, "b": b, "aa": aa}, {"a": a_at, "b": b_at, "aa": aa_at}
    store.close()


# ---- the tree ------------------------------------------------------------------------------------
def test_the_tree_has_the_root_its_forks_and_a_fork_of_a_fork(family):
    store, g, at = family
    model = VariationTree(store)
    for member in g.values():  # the same tree from any of its lines
        assert model.root_of(member) == g["root"]
    tree = model.tree(g["aa"])
    assert tree.id == g["root"] and tree.fork_step is None and tree.label == "main line"
    assert tree.length == store.head_version(g["root"])
    # Branches in the order of their fork steps: b (setup) before a.
    assert [c.id for c in tree.children] == [g["b"], g["a"]]
    b, a = tree.children
    assert (b.fork_step, b.length, b.depth) == (at["b"], store.head_version(g["b"]), 1)
    assert b.label == f"fork at step {at['b']}" and b.first == "investigator: swap 4 5"
    assert (a.label, a.fork_step, a.first) == ("swap first", at["a"], "investigator: swap 5 6")
    assert [c.id for c in a.children] == [g["aa"]]
    aa = a.children[0]
    assert (aa.fork_step, aa.depth, aa.first) == (at["aa"], 2, None)  # nothing played after its branch
    assert [ln.id for ln in tree.walk()] == [g["root"], g["b"], g["a"], g["aa"]]
    assert model.lines_of(g["b"]) == [g["root"], g["b"], g["a"], g["aa"]]


def test_the_tree_catches_up_with_new_and_deleted_forks(family):
    store, g, _ = family
    model = VariationTree(store)
    assert len(list(model.tree(g["root"]).walk())) == 4
    late, _ = store.catalogue.fork(g["b"], 13)
    assert late in [ln.id for ln in model.tree(g["root"]).walk()]
    store.catalogue.delete_game(g["aa"])
    assert g["aa"] not in [ln.id for ln in model.tree(g["root"]).walk()]
    # The fork of a deleted fork becomes a root of its own.
    store.catalogue.delete_game(g["b"])
    assert model.root_of(late) == late and model.tree(late).children == []


def test_the_same_step_on_another_line_is_clamped_to_its_length():
    line = Line(UUID(int=1), None, 5, 9, "running", None, 1)
    assert (line.step_for(3), line.step_for(9), line.step_for(50), line.step_for(-4)) == (3, 9, 9, 1)


# ---- links keep the step -------------------------------------------------------------------------
def tree_links(html: str) -> dict[str, int]:
    nav = html[html.index('id="tree"'):html.index("</nav>", html.index('id="tree"'))]
    return {m[1]: int(m[2]) for m in re.finditer(r'href="/games/([0-9a-f-]{36})\?step=(\d+)', nav)}


def test_tree_links_open_the_other_line_at_the_same_step_clamped(family):
    store, g, at = family
    client = TestClient(create_app(store))
    html = client.get(f"/games/{g['root']}?step=14").text
    links = tree_links(html)
    assert g["root"] not in {UUID(k) for k in links}  # the current line is not a link
    assert {UUID(k): v for k, v in links.items()} == {g["a"]: 14, g["b"]: 14, g["aa"]: 14}
    # Past a shorter line's end: its last step.
    last = store.head_version(g["root"])
    links = {UUID(k): v for k, v in tree_links(client.get(f"/games/{g['root']}?step={last}").text).items()}
    assert links[g["aa"]] == store.head_version(g["aa"]) < last
    assert links[g["b"]] == min(last, store.head_version(g["b"]))
    # The partial htmx asks for after each step keeps the links current.
    part = client.get(f"/games/{g['a']}/tree?step=3&by=event").text
    assert f'/games/{g["root"]}?step=3&amp;by=event' in part
    assert 'class="line current"' in part and "swap first" in part


def test_a_stage_swap_asks_the_tree_to_follow(family):
    store, g, _ = family
    r = TestClient(create_app(store)).get(f"/games/{g['root']}?step=3", headers={"HX-Request": "true"})
    assert r.headers["HX-Trigger-After-Settle"] == "boardlog-step"


# ---- names -----------------------------------------------------------------------------------------
def test_naming_and_renaming_store_events_and_the_latest_wins():
    store = memory_store()
    root = store.create(KIND, seed=2)
    fork, _ = store.catalogue.fork(root, 1, name="  plan A  ")
    assert store.catalogue.fork_name(fork) == "plan A" and store.catalogue.fork_name(root) is None
    store.catalogue.name_fork(fork, "plan B")
    store.catalogue.name_fork(fork, "plan C")
    assert store.catalogue.fork_name(fork) == "plan C"
    stored = store.recorder.select_events(uuid5(fork, "name"))
    assert [orjson.loads(s.state).get("name") for s in stored] == [None, "plan A", "plan B", "plan C"]
    assert stored[-1].topic.endswith("ForkNamed")


@pytest.mark.parametrize("bad, why", [
    ("", "give the line a name"), ("   ", "give the line a name"), ("x" * 61, "at most 60"),
    ("tab\there", "printable"), ("line\nbreak", "printable"), ("\ud800", "not valid UTF-8"),
])
def test_a_bad_name_is_refused_naming_the_field(bad, why):
    store = memory_store()
    root = store.create(KIND, seed=2)
    with pytest.raises(BadInput, match=f"^name: .*{why}"):
        store.catalogue.name_fork(root, bad)
    with pytest.raises(BadInput, match="^name: "):
        store.catalogue.fork(root, 1, name=bad)
    assert store.catalogue.fork_name(root) is None and len(store.catalogue.game_ids()) == 1  # nothing stored


def test_names_through_the_viewer_the_api_and_the_cli(tmp_path, capsys):
    db = str(tmp_path / "names.db")
    store = open_store(db)
    root = store.create(KIND, seed=2)
    client = TestClient(create_app(store))
    # The stage's fork form (every step partial) names the fork too, as the tree's does.
    stage = client.get(f"/games/{root}?step=1", headers={"HX-Request": "true"}).text
    form = re.search(r'<form[^>]*id="fork".*?</form>', stage, re.S).group(0)
    assert 'name="name"' in form and 'maxlength="60"' in form
    r = client.post(f"/games/{root}/fork", data={"step": "1", "name": "from the form"}, follow_redirects=False)
    fork = UUID(r.headers["location"].split("/")[2].split("?")[0])
    assert r.status_code == 303 and store.catalogue.fork_name(fork) == "from the form"
    r = client.post(f"/games/{fork}/name", data={"name": "renamed", "step": "5", "by": "event"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{fork}?step=5&by=event"
    assert store.catalogue.fork_name(fork) == "renamed"
    r = client.post(f"/games/{fork}/name", data={"name": "x" * 61})
    assert r.status_code == 422 and "name: at most 60 characters" in r.text
    r = client.post(f"/api/games/{root}/fork", json={"step": 1, "name": "from the API"})
    assert r.status_code == 201 and r.json()["name"] == "from the API"
    assert store.catalogue.fork_name(UUID(r.json()["id"])) == "from the API"
    r = client.post(f"/api/games/{root}/fork", json={"step": 1, "name": ""})
    assert r.status_code == 422 and r.json()["detail"].startswith("name:")
    assert cli.main(["name-fork", str(fork), "from the CLI", "--db", db]) == 0
    assert cli.main(["fork", str(root), "--step", "1", "--name", "cli fork", "--db", db]) == 0
    new = UUID(capsys.readouterr().out.split()[-1])
    assert store.catalogue.fork_name(fork) == "from the CLI" and store.catalogue.fork_name(new) == "cli fork"
    assert cli.main(["name-fork", str(fork), "", "--db", db]) == 2
    assert "name: give the line a name" in capsys.readouterr().err


def test_a_reviewer_may_not_name_a_line():
    store = memory_store()
    book = AccountBook(store)
    book.add("rita", "reviewer", "reviewer-pass")
    root = store.create(KIND, seed=2)
    client = TestClient(create_app(store, auth=True))
    r = client.post("/signin", data={"name": "rita", "password": "reviewer-pass", "next": "/"},
                    headers=SITE, follow_redirects=False)
    assert r.status_code == 303
    r = client.post(f"/games/{root}/name", data={"name": "mine"}, headers=SITE)
    assert r.status_code == 403 and store.catalogue.fork_name(root) is None
    assert 'id="name-line"' not in client.get(f"/games/{root}").text


def test_deleting_a_game_removes_its_name_stream():
    store = memory_store()
    root = store.create(KIND, seed=2)
    fork, _ = store.catalogue.fork(root, 1, name="doomed")
    assert "name" in DERIVED and store.catalogue.exists(uuid5(fork, "name"))
    store.catalogue.delete_game(fork)
    assert not store.catalogue.exists(uuid5(fork, "name"))
    assert store.catalogue.exists(root)  # the parent stays


def test_no_game_may_take_a_name_stream_id():
    store = memory_store()
    root = store.create(KIND, seed=2)
    assert "reserved for game" in store.catalogue.id_taken(uuid5(root, "name"))


# ---- export and import with forks -------------------------------------------------------------------
def exported(store, gid) -> bytes:
    return b"".join(export_games_lines(store, VariationTree(store).lines_of(gid)))


def test_export_with_forks_round_trips_ids_parents_and_names(family, tmp_path):
    store, g, _ = family
    text = exported(store, g["aa"])
    head = orjson.loads(text.split(b"\n", 1)[0])
    assert head["format"] == "boardlog-games" and head["root"] == str(g["root"])
    assert head["names"] == {str(g["a"]): "swap first"}
    other = open_store(str(tmp_path / "other.db"))
    ids = import_any(other, "tree.jsonl", text)
    assert ids == [g["root"], g["b"], g["a"], g["aa"]]
    for gid in ids:
        assert other.header(gid) == store.header(gid)
        assert [(r.kind, r.payload()) for r in other.rows(gid)[1:]] == \
            [(r.kind, r.payload()) for r in store.rows(gid)[1:]]
        assert other.catalogue.fork_name(gid) == store.catalogue.fork_name(gid)
    assert exported(other, g["root"]) == text  # the same file again
    with pytest.raises(ImportRejected, match="already in"):
        import_any(other, "tree.jsonl", text)


def test_the_cli_exports_imports_and_verifies_a_tree(family, tmp_path, capsys):
    store, g, _ = family
    path = tmp_path / "tree.jsonl"
    path.write_bytes(exported(store, g["root"]))
    db = str(tmp_path / "cli.db")
    assert cli.main(["import", str(path), "--db", db]) == 0
    assert capsys.readouterr().out.split() == [str(g[k]) for k in ("root", "b", "a", "aa")]
    assert cli.main(["export", str(g["a"])[:8], "--with-forks", "--db", db]) == 0
    assert capsys.readouterr().out.encode() == path.read_bytes()
    assert cli.main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.count(": identical") == 4


def lines_of(text: bytes) -> list[dict]:
    return [orjson.loads(raw) for raw in text.splitlines()]


def dump(lines: list[dict]) -> bytes:
    return b"".join(orjson.dumps(x) + b"\n" for x in lines)


def test_a_bad_fork_stores_nothing(family):
    store, g, _ = family
    lines = lines_of(exported(store, g["root"]))
    # The last game's last record is broken: the file names its line, and no game is stored.
    broken = [*lines[:-1], {**lines[-1], "cause": 10**6}]
    fresh = memory_store()
    with pytest.raises(ImportRejected, match=rf"^tree.jsonl:{len(lines)}: "):
        import_any(fresh, "tree.jsonl", dump(broken))
    assert fresh.catalogue.game_ids() == []
    # A fork whose parent is neither in the file nor in the store.
    start = next(i for i, ln in enumerate(lines) if ln.get("game") == str(g["a"]) and "format" in ln)
    end = next(i for i, ln in enumerate(lines) if ln.get("game") == str(g["aa"]) and "format" in ln)
    orphan = [ln for i, ln in enumerate(lines) if not start <= i < end]
    orphan[0] = {**orphan[0], "games": [x for x in orphan[0]["games"] if x != str(g["a"])], "names": {}}
    with pytest.raises(ImportRejected, match=f"parent {g['a']} is neither in this file nor in"):
        import_any(fresh, "tree.jsonl", dump(orphan))
    assert fresh.catalogue.game_ids() == []
    # A fork that comes before its parent.
    swapped = lines[:1] + lines[end:] + lines[1:end]
    swapped[0] = {**swapped[0], "games": [str(g["aa"]), str(g["root"]), str(g["b"]), str(g["a"])],
                  "root": str(g["aa"])}
    with pytest.raises(ImportRejected, match="must come before its fork"):
        import_any(fresh, "tree.jsonl", dump(swapped))
    assert fresh.catalogue.game_ids() == []


def test_a_fork_must_share_its_parents_history(family):
    store, g, at = family
    lines = lines_of(exported(store, g["root"]))
    start = next(i for i, ln in enumerate(lines) if ln.get("game") == str(g["b"]) and "format" in ln)
    lines[start] = {**lines[start], "fork_step": at["b"] + 1}  # claims a step of the parent it lacks
    fresh = memory_store()
    with pytest.raises(ImportRejected, match=f"fork_step {at['b'] + 1}: the history"):
        import_any(fresh, "tree.jsonl", dump(lines))
    assert fresh.catalogue.game_ids() == []


def test_a_fork_of_a_stored_game_imports_alone(family):
    store, g, _ = family
    text = exported(store, g["aa"])
    fresh = memory_store()
    import_any(fresh, "tree.jsonl", text)
    # The fork of a fork alone, in a file of its own: its parent is in the store.
    lines = lines_of(text)
    start = next(i for i, ln in enumerate(lines) if ln.get("game") == str(g["aa"]) and "format" in ln)
    fresh.catalogue.delete_game(g["aa"])
    alone = [{**lines[0], "root": str(g["aa"]), "games": [str(g["aa"])], "names": {}}, *lines[start:]]
    assert import_any(fresh, "aa.jsonl", dump(alone)) == [g["aa"]]


@pytest.mark.parametrize("change, why", [
    ({"format_version": 2}, "format version 2"),
    ({"games": []}, "games: expected a list"),
    ({"games": ["nope"]}, "games: every entry"),
    ({"root": str(UUID(int=5))}, "root: must be the first"),
    ({"names": {str(UUID(int=5)): "x"}}, "is not one of the file's games"),
    ({"names": "x"}, "names: expected an object"),
])
def test_a_bad_container_header_is_refused_on_line_1(family, change, why):
    store, g, _ = family
    lines = lines_of(exported(store, g["root"]))
    lines[0] = {**lines[0], **change}
    with pytest.raises(ImportRejected, match=rf"^t.jsonl:1: .*{re.escape(why)}"):
        read_games("t.jsonl", dump(lines))


def test_a_bad_name_in_the_file_is_refused(family):
    store, g, _ = family
    lines = lines_of(exported(store, g["root"]))
    lines[0]["names"] = {str(g["b"]): "x" * 61}
    with pytest.raises(ImportRejected, match="names.* at most 60"):
        read_games("t.jsonl", dump(lines))


def test_the_viewer_exports_a_tree_only_when_every_line_is_finished(tmp_path):
    store = open_store(str(tmp_path / "v.db"))
    from engine.core.selfplay import selfplay_one

    done, _, _ = selfplay_one(store, KIND, 3, None, {}, "random")
    client = TestClient(create_app(store))
    fork, _ = store.catalogue.fork(done, 13)
    r = client.get(f"/games/{done}/export-tree")
    assert r.status_code == 403 and "running" in r.text
    assert 'id="export-tree"' not in client.get(f"/games/{done}").text
    store.catalogue.delete_game(fork)
    assert 'id="export-tree"' not in client.get(f"/games/{done}").text  # one line: the plain export
    r = client.get(f"/games/{done}/export-tree")
    assert r.status_code == 200 and lines_of(r.content)[0]["games"] == [str(done)]
    # The viewer's import takes a tree file back, and opens its root.
    fresh = create_app(memory_store())
    r = TestClient(fresh).post("/import", files={"file": ("t.jsonl", r.content)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{done}"


def test_a_cached_replay_page_shows_a_new_fork_and_a_new_name(tmp_path):
    store = open_store(str(tmp_path / "cache.db"))
    from engine.core.selfplay import selfplay_one

    done, _, _ = selfplay_one(store, KIND, 3, None, {}, "random")
    client = TestClient(create_app(store))
    first = client.get(f"/games/{done}?step=13")
    assert first.status_code == 200 and "fork at step" not in first.text
    fork, _ = store.catalogue.fork(done, 13)
    again = client.get(f"/games/{done}?step=13", headers={"If-None-Match": first.headers.get("ETag", "")})
    assert again.status_code == 200 and str(fork) in again.text
    store.catalogue.name_fork(fork, "late name")
    assert "late name" in client.get(f"/games/{done}?step=13").text


def test_a_starting_server_reads_the_parent_links_before_any_page(tmp_path):
    """The parent links are read in the background as the server starts
    (viewer/app.py `_read_parent_links`): the first page of a game after a
    restart no longer scans the whole log for them (issue #24)."""
    import time

    store = open_store(str(tmp_path / "links.db"))
    root = store.create(KIND, seed=3)
    grow(store, root, "swap 1 2")
    fork, _ = store.catalogue.fork(root, 2)
    app = create_app(store)
    with TestClient(app):
        for _ in range(500):  # (a bound for a failure only)
            tree = getattr(app.state, "variation_tree", None)
            if tree is not None and tree._position > 0:
                break
            time.sleep(0.01)
        assert tree is not None and tree._position > 0, "no links read at start"
        assert tree._origins[fork].parent == root and tree._origins[root].parent is None
    store.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_new_process_reads_the_parent_links_kept_in_the_store(backend, tmp_path, monkeypatch):
    """The links are kept in the store (projections/tree.py `KeptLinks`): a
    new process reads them from there and the log only after their
    position, and gets what a read of the whole log gives, forks, deleted
    games and order included; two processes saving at once never mix up
    the kept links (issue #24: every process scanned the whole log)."""
    store = make_store(backend, tmp_path)

    def whole_log():
        tree = VariationTree(store)
        tree._kept = None  # as before: the log from its start
        return tree.refresh()

    root = store.create(KIND, seed=3)
    grow(store, root, "swap 1 2")
    fork, at = store.catalogue.fork(root, 2)
    gone = store.create(KIND, seed=4)
    VariationTree(store).refresh()  # reads the log, keeps what it read
    store.catalogue.delete_game(gone)
    later = store.create(KIND, seed=5)
    # Two processes at once: both read on from the kept position, one of them saves.
    a, b = VariationTree(store), VariationTree(store)
    a.refresh(), b.refresh()
    grow(store, later, "swap 1 2")  # stored since: the new process reads it from the log
    starts = []
    real = store.recorder.select_notifications

    def counting(start, *args, **kwargs):
        starts.append(start)
        return real(start, *args, **kwargs)

    monkeypatch.setattr(store.recorder, "select_notifications", counting)
    links = VariationTree(store).refresh()
    assert starts and min(starts) > 1, "the new process read the log from its start"
    monkeypatch.setattr(store.recorder, "select_notifications", real)
    expected = whole_log()
    assert list(links.items()) == list(expected.items())
    assert gone not in links and later in links and links[fork].parent == root and links[fork].fork_step == at
    assert links[root].kind == KIND
    store.close()
