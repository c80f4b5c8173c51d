"""Pushed updates (issue #13, item 5): a running game's pages hear of new
steps over server-sent events (viewer/live.py), from a command stored by
another Store object (SQLite: same file, same process) or by another
process (PostgreSQL: LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core.store import open_store
from viewer.app import create_app
from viewer.live import Hub

SSE = {"Accept": "text/event-stream"}
WAIT = 20.0  # seconds at most for a server or an event (a bound, never a measurement)


@contextmanager
def serve(app):
    """The app under uvicorn on a free loopback port (the test client would
    buffer a stream until it ends)."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    deadline = time.monotonic() + WAIT
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def events(lines):
    """(name, data) of each event of an SSE line iterator; comments skipped."""
    name, data = "message", None
    for line in lines:
        if line.startswith(":"):
            continue
        if line == "":
            if data is not None:
                yield name, data
            name, data = "message", None
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data = line[5:].strip()


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.01)


def hub_open(app) -> int:
    hub = getattr(app.state, "live_hub", None)
    return hub.open if hub is not None else 0


def follow(url: str, path: str, app, act) -> list[tuple[str, str]]:
    """Open the stream at `path`, run `act()` once it is being watched, and
    collect its events until `end` (or the first version if the game runs on)."""
    got = []
    with httpx.Client(base_url=url, timeout=WAIT) as http, http.stream("GET", path, headers=SSE) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        wait_for(lambda: hub_open(app) == 1, "the stream to be watched")
        act()
        for name, data in events(r.iter_lines()):
            got.append((name, data))
            if name == "end" or (name == "version" and not act.finishes):
                break
    return got


def _act(fn, finishes=False):
    fn.finishes = finishes
    return fn


def no_recheck(monkeypatch):
    """The listener's periodic re-check out of the way: only a wake-up can tell it."""
    import viewer.live

    monkeypatch.setattr(viewer.live, "RECHECK", 3600.0)


def test_sqlite_stream_hears_a_command_stored_by_another_store(tmp_path, monkeypatch):
    no_recheck(monkeypatch)
    path = str(tmp_path / "live.db")
    store = open_store(path)
    gid = store.create("forbidden_alchemy", seed=5)
    token = store.seats.tokens(gid)["investigator"]
    head = store.head_version(gid)
    app = create_app(store)
    other = open_store(path)  # another Store object on the same file
    with serve(app) as url:
        got = follow(url, f"/games/{gid}/play/{token}/live?v={head}", app,
                     _act(lambda: other.issue(gid, "investigator", "swap 1 2")))
        assert got == [("version", str(other.head_version(gid)))]
        assert int(got[0][1]) > head
        # The replay page's stream: the game ends, and so does the stream.
        now = other.head_version(gid)
        got = follow(url, f"/games/{gid}/live?v={now}", app,
                     _act(lambda: other.issue(gid, "investigator", "stop"), finishes=True))
        final = str(other.head_version(gid))
        assert got == [("version", final), ("end", final)]
        wait_for(lambda: hub_open(app) == 0, "the streams to be let go")
    other.close()
    store.close()


_WRITER = """
import json, sys
from uuid import UUID
from engine.core.store import Store
store = Store(env=json.loads(sys.argv[1]))
store.issue(UUID(sys.argv[2]), "investigator", "swap 1 2")
print(store.head_version(UUID(sys.argv[2])))
"""


@pytest.mark.postgres
def test_postgres_stream_hears_a_command_from_another_process(tmp_path, monkeypatch):
    no_recheck(monkeypatch)
    from tests.conftest import make_store

    store = make_store("postgres", tmp_path)
    gid = store.create("forbidden_alchemy", seed=5)
    head = store.head_version(gid)
    app = create_app(store)
    written = []

    def write_elsewhere():  # another process: only PostgreSQL's NOTIFY can tell us
        out = subprocess.run([sys.executable, "-c", _WRITER, json.dumps(dict(store.env)), str(gid)],
                             capture_output=True, text=True, timeout=120, check=True)
        written.append(int(out.stdout.split()[-1]))

    with serve(app) as url:
        got = follow(url, f"/games/{gid}/live?v={head}", app, _act(write_elsewhere))
    assert written and written[0] > head
    assert got == [("version", str(written[0]))]
    store.close()


def test_a_plain_request_gets_one_answer_and_a_finished_game_ends_at_once(memory_store):
    running = memory_store.create("forbidden_alchemy", seed=5)
    finished = memory_store.create("forbidden_alchemy", seed=6)
    memory_store.issue(finished, "investigator", "stop")
    client = TestClient(create_app(memory_store))
    r = client.get(f"/games/{running}/live")
    assert r.json() == {"version": memory_store.head_version(running), "finished": False}
    end = memory_store.head_version(finished)
    r = client.get(f"/games/{finished}/live", params={"v": end}, headers=SSE)
    assert r.headers["content-type"].startswith("text/event-stream")
    assert list(events(r.text.splitlines())) == [("end", str(end))]
    # A page behind the finished game hears its last version first.
    r = client.get(f"/games/{finished}/live", params={"v": 1}, headers=SSE)
    assert list(events(r.text.splitlines())) == [("version", str(end)), ("end", str(end))]
    # A browser reconnecting says what it last heard (Last-Event-ID): that, not `v`, is the page's state.
    r = client.get(f"/games/{finished}/live", params={"v": 1}, headers={**SSE, "Last-Event-ID": str(end)})
    assert list(events(r.text.splitlines())) == [("end", str(end))]
    assert f"id: {end}" in r.text
    assert client.get(f"/games/{finished}/play/not-a-token/live", params={"v": 1}, headers=SSE).status_code == 404
    assert client.get("/games/0123abcd/live", headers=SSE).status_code == 404
    assert client.get(f"/games/{running}/live", params={"v": -1}).status_code == 422


def test_streams_per_process_are_capped(memory_store):
    gid = memory_store.create("forbidden_alchemy", seed=5)
    hub = Hub(memory_store, limit=2)
    head = memory_store.head_version(gid)
    a, b = hub.watch(gid, head, False), hub.watch(gid, head, False)
    with pytest.raises(StarletteHTTPException) as refused:
        hub.watch(gid, head, False)
    assert refused.value.status_code == 503 and "too many" in refused.value.detail
    hub.unwatch(a)
    hub.unwatch(a)  # twice: counted once
    c = hub.watch(gid, head, False)
    assert hub.open == 2
    for w in (b, c):
        hub.unwatch(w)
    assert hub.open == 0 and not hub._games


def test_the_listener_tells_each_watch_once_per_change(memory_store):
    gid = memory_store.create("forbidden_alchemy", seed=5)
    hub = Hub(memory_store)
    head = memory_store.head_version(gid)
    watches = [hub.watch(gid, head, False) for _ in range(3)]
    hub.check()
    assert all(w.version == head for w in watches)
    memory_store.issue(gid, "investigator", "swap 1 2")
    hub.check()
    assert {w.version for w in watches} == {memory_store.head_version(gid)}
    assert not any(w.finished for w in watches)


def test_pages_of_a_running_game_carry_the_live_bar_and_no_polling(memory_store):
    gid = memory_store.create("forbidden_alchemy", seed=5)
    token = memory_store.seats.tokens(gid)["investigator"]
    client = TestClient(create_app(memory_store))
    play = client.get(f"/games/{gid}/play/{token}").text
    assert "every 2s" not in play and 'id="live-bar"' in play
    assert f'data-stream="/games/{gid}/play/{token}/live?v={memory_store.head_version(gid)}"' in play
    assert f'href="/games/{gid}/play/{token}" id="refresh"' in play  # the no-JavaScript way
    replay = client.get(f"/games/{gid}").text
    assert f'data-stream="/games/{gid}/live?v={memory_store.head_version(gid)}"' in replay
    assert '/static/live.js" defer' in replay
    memory_store.issue(gid, "investigator", "stop")
    assert 'id="live-bar"' not in client.get(f"/games/{gid}").text
    assert 'id="live-bar"' not in client.get(f"/games/{gid}/play/{token}").text


def test_openapi_documents_the_stream():
    spec = TestClient(create_app(open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}))).get(
        "/openapi.json").json()
    for path in ("/games/{ref}/live", "/games/{ref}/play/{token}/live"):
        responses = spec["paths"][path]["get"]["responses"]
        assert "text/event-stream" in responses["200"]["content"], path
        assert "503" in responses, path
