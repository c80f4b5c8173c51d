"""Cached steps (issue #13, item 6): the replay page and its step partial
carry an ETag and Cache-Control, answer 304 to a matching If-None-Match,
and a finished game's rendered steps are kept in a bounded LRU
(viewer/fragments.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from viewer.app import create_app
from viewer.fragments import StepCache

HX = {"HX-Request": "true"}


@pytest.fixture
def games(memory_store):
    running = memory_store.create("forbidden_alchemy", seed=5)
    finished = memory_store.create("forbidden_alchemy", seed=6)
    memory_store.issue(finished, "investigator", "swap 1 2")
    memory_store.issue(finished, "investigator", "stop")
    return memory_store, running, finished


@pytest.fixture
def client(games):
    return TestClient(create_app(games[0]))


def test_a_repeat_gets_a_304(client, games):
    _, _, gid = games
    for headers in ({}, HX):
        first = client.get(f"/games/{gid}", params={"step": 3}, headers=headers)
        etag = first.headers["ETag"]
        assert first.status_code == 200 and etag.startswith('"')
        assert first.headers["Cache-Control"] == "private, max-age=0, must-revalidate"
        assert "HX-Request" in first.headers["Vary"]
        again = client.get(f"/games/{gid}", params={"step": 3}, headers={**headers, "If-None-Match": etag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["ETag"] == etag
        other = client.get(f"/games/{gid}", params={"step": 3}, headers={**headers, "If-None-Match": '"x"'})
        assert other.status_code == 200 and other.text == first.text


def test_the_etag_names_step_view_by_and_partial(client, games):
    _, _, gid = games
    tags = {client.get(f"/games/{gid}", params=params, headers=headers).headers["ETag"]
            for params, headers in [({"step": 3}, {}), ({"step": 3}, HX), ({"step": 4}, {}),
                                    ({"step": 3, "by": "event"}, {}),
                                    ({"step": 3, "seat": "investigator"}, {})]}
    assert len(tags) == 5


def test_a_new_note_changes_the_etag(client, games):
    store, _, gid = games
    before = client.get(f"/games/{gid}", params={"step": 3}, headers=HX)
    store.notes.add(gid, 3, "ann", "a fine move")
    after = client.get(f"/games/{gid}", params={"step": 3},
                       headers={**HX, "If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert "a fine move" in after.text and "a fine move" not in before.text


def test_a_running_games_etag_changes_after_a_command(client, games):
    store, gid, _ = games
    first = client.get(f"/games/{gid}", params={"step": 2}, headers=HX)
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert client.get(f"/games/{gid}", params={"step": 2},
                      headers={**HX, "If-None-Match": first.headers["ETag"]}).status_code == 304
    head = store.head_version(gid)
    store.issue(gid, "investigator", "swap 1 2")
    later = client.get(f"/games/{gid}", params={"step": 2},
                       headers={**HX, "If-None-Match": first.headers["ETag"]})
    assert later.status_code == 200 and later.headers["ETag"] != first.headers["ETag"]
    # The step drawn before the command is kept under the old ETag only: the
    # page drawn now counts the new step ("step 2 / 3"), the old one did not.
    assert f"/ {head} " in first.text and f"/ {store.head_version(gid)} " in later.text
    again = client.get(f"/games/{gid}", params={"step": 2}, headers=HX)
    assert again.text == later.text and again.headers["ETag"] == later.headers["ETag"]


def test_finished_steps_come_from_a_bounded_cache(client, games):
    store, _, gid = games
    cache = client.app.state.step_cache = StepCache(limit=3)
    last = store.head_version(gid)
    bodies = {}
    for step in range(1, last + 1):
        r = client.get(f"/games/{gid}", params={"step": step}, headers=HX)
        bodies[step] = (r.text, r.headers["ETag"], r.headers.get("HX-Trigger-After-Settle"))
    assert last > 3 and len(cache) == 3 and cache.hits == 0
    again = client.get(f"/games/{gid}", params={"step": last}, headers=HX)
    assert cache.hits == 1
    assert (again.text, again.headers["ETag"], again.headers.get("HX-Trigger-After-Settle")) == bodies[last]
    assert again.headers["content-type"].startswith("text/html")
    # The oldest went first: asked again, it is drawn again (and the same).
    assert client.get(f"/games/{gid}", params={"step": 1}, headers=HX).text == bodies[1][0]
    assert cache.hits == 1 and len(cache) == 3
    # A game read afresh (deleted and imported again under its id): never served from the cache.
    store.forget(gid)
    client.get(f"/games/{gid}", params={"step": last}, headers=HX)
    assert cache.hits == 1


def test_openapi_documents_the_304(client):
    spec = client.get("/openapi.json").json()
    assert "304" in spec["paths"]["/games/{ref}"]["get"]["responses"]


def test_a_crowd_asking_for_the_same_step_at_once_draws_it_once(client, games, monkeypatch):
    import threading
    import time

    import viewer.app

    _, _, gid = games
    drawn = []
    real = viewer.app._replay_context

    def slow_context(*args, **kwargs):
        drawn.append(args[2])
        time.sleep(0.2)  # widen the window in which the others arrive (not a measurement)
        return real(*args, **kwargs)

    monkeypatch.setattr(viewer.app, "_replay_context", slow_context)
    start, bodies = threading.Barrier(8), []

    def ask():
        start.wait()
        bodies.append(client.get(f"/games/{gid}", params={"step": 2}, headers=HX).text)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert drawn == [2] and len(bodies) == 8 and len(set(bodies)) == 1


@pytest.mark.parametrize("cache_steps", [True, False])
def test_a_step_of_a_game_read_here_is_drawn_on_the_event_loop(games, monkeypatch, cache_steps):
    """Issue #24: a step partial of a game whose session, notes and index
    are in memory is drawn on the loop, without the worker-thread hand-off;
    a whole page, or a game not read yet, still goes to a worker thread.
    The partial is the same either way."""
    import viewer.app

    store, running, finished = games
    handed = []
    real = viewer.app.run_in_threadpool

    async def counted(fn, *args, **kwargs):
        handed.append(fn.__name__)
        return await real(fn, *args, **kwargs)

    monkeypatch.setattr(viewer.app, "run_in_threadpool", counted)
    client = TestClient(create_app(store))
    client.app.state.cache_steps = cache_steps
    for gid in (running, finished):
        handed.clear()
        cold = client.get(f"/games/{gid}", params={"step": 2}, headers=HX)  # nothing read yet: a thread's
        assert cold.status_code == 200 and handed == ["draw_replay"]
        assert client.get(f"/games/{gid}", params={"step": 2}).status_code == 200  # a whole page
        assert handed == ["draw_replay", "draw_replay"]
        warm = client.get(f"/games/{gid}", params={"step": 3, "by": "event"}, headers=HX)
        assert warm.status_code == 200 and handed == ["draw_replay", "draw_replay"]
        # The same bytes as a worker thread draws them, in a server that has read nothing.
        fresh = TestClient(create_app(store))
        fresh.app.state.cache_steps = cache_steps
        store.reader.forget(gid)
        again = fresh.get(f"/games/{gid}", params={"step": 3, "by": "event"}, headers=HX)
        assert again.text == warm.text and handed[-1] == "draw_replay" and len(handed) == 3


def test_requests_arriving_together_read_the_game_once(games, monkeypatch):
    """Issue #24: step partials queued on the event loop before one of them
    reads the game, its notes and its analysis share that reading (the store
    was asked two or three questions per request of a crowd).  A request that
    comes later, even from the same task (one client asking in turn), reads
    afresh: a command stored meanwhile changes its ETag."""
    import asyncio

    import httpx

    store, running, _ = games
    app = create_app(store)
    TestClient(app).get(f"/games/{running}", params={"step": 2}, headers=HX)  # the game read here
    asked = []
    real = store.notes.version
    monkeypatch.setattr(store.notes, "version", lambda gid: asked.append(gid) or real(gid))

    async def crowd():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as http:
            def step(n):
                return http.get(f"/games/{running}", params={"step": n}, headers=HX)

            together = await asyncio.gather(*(step(2) for _ in range(8)))
            shared = len(asked)
            before = await step(2)
            store.issue(running, "investigator", "swap 1 2")
            after = await step(2)
            later = await asyncio.gather(*(step(2) for _ in range(8)))
            return together, shared, before, after, later

    # In a thread of its own: a browser test's Playwright (sync API) may leave an
    # event loop running in this one, where asyncio.run refuses to start.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        together, shared, before, after, later = pool.submit(asyncio.run, crowd()).result()
    assert [r.status_code for r in together] == [200] * 8 and len({r.text for r in together}) == 1
    assert shared == 1
    assert before.headers["ETag"] == together[0].headers["ETag"]
    assert after.headers["ETag"] != before.headers["ETag"]
    assert {r.headers["ETag"] for r in later} == {after.headers["ETag"]}


def test_a_provisional_step_is_drawn_once_while_its_chart_is_drawn(games, monkeypatch):
    """Issue #24: while a long game's chart is drawn in the background, its
    steps are provisional (never validated, never kept for later), yet each
    is drawn once for everyone asking meanwhile, not once per request (a
    crowd on a server that had just started drew every step eight times).
    Once the chart is drawn, the step is drawn afresh, chart and all."""
    import threading

    import viewer.app
    from projections.plots import Plots

    store, running, _ = games
    for command in ("swap 1 2", "swap 2 3"):
        store.issue(running, "investigator", command)
    app = create_app(store)
    client = TestClient(app)
    plots = app.state.plots = Plots(app.state.replay, inline_records=0)  # every chart drawn in the background
    drawn, charted = [], threading.Event()
    real_context, real_sample = viewer.app._replay_context, plots._sample
    monkeypatch.setattr(viewer.app, "_replay_context", lambda *a, **k: drawn.append(a[2]) or real_context(*a, **k))
    monkeypatch.setattr(plots, "_sample", lambda *a: charted.wait(60) and real_sample(*a))
    try:
        pages = [client.get(f"/games/{running}", params={"step": 3, "by": "event"}, headers=HX) for _ in range(4)]
    finally:
        charted.set()
    assert drawn == [3]
    assert len({p.text for p in pages}) == 1 and 'id="plot-pending"' in pages[0].text
    assert all(p.headers["Cache-Control"] == "no-store" and "ETag" not in p.headers for p in pages)
    plots.wait(running)
    done = client.get(f"/games/{running}", params={"step": 3, "by": "event"}, headers=HX)
    assert drawn == [3, 3] and 'id="plot-pending"' not in done.text and 'id="plot"' in done.text
    assert "ETag" in done.headers


def test_the_replay_route_is_matched_first_and_documented_once(client):
    """Issue #24: `GET /games/{ref}` is matched before the routers' routes
    (matching through them cost a quarter of a kept step), by a copy of the
    documented route that the OpenAPI document leaves out; no route before
    the documented one answers such a request, so the same endpoint does."""
    from starlette.routing import Match

    routes = client.app.router.routes
    scope = {"type": "http", "method": "GET", "path": "/games/0123abcd", "root_path": "", "headers": []}
    full = [i for i, r in enumerate(routes) if r.matches(scope)[0] == Match.FULL]
    documented = next(i for i, r in enumerate(routes)
                      if getattr(r, "path", "") == "/games/{ref}" and r.include_in_schema)
    routers = [i for i, r in enumerate(routes) if type(r).__name__ == "_IncludedRouter"]
    assert full[0] < min(routers) < documented
    assert [routes[i].endpoint for i in full if i <= documented] == [routes[documented].endpoint] * 2
    spec = client.get("/openapi.json").json()
    assert spec["paths"]["/games/{ref}"]["get"]["summary"] == "Replay a game at a step"
    assert sum(path == "/games/{ref}" for path in spec["paths"]) == 1


def test_a_serving_app_keeps_what_it_started_with_out_of_the_cycle_collector(games):
    """Issue #24: from its start to its end, a served app's process has what
    it held at the start frozen out of the cycle collector (a full
    collection walked it all: 65-110 ms, every request in flight waiting)."""
    import gc

    app = create_app(games[0])
    frozen = gc.get_freeze_count()
    with TestClient(app) as client:
        assert gc.get_freeze_count() > frozen
        assert client.get("/").status_code == 200
    assert gc.get_freeze_count() == 0
