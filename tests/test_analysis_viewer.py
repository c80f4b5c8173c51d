"""The computer analysis on the replay page (issue #23): the Analyse button of
a finished game, its progress bar, then the chart of every seat's chance, the
marks in the timeline and what the search preferred in the audit, with a
fork to try it; never anything of a running game; export and import with the
analysis; a deleted game's analysis goes with it; the worker beside the
server on SQLite; an in-memory store without any of it.

The game is a short recorded one (the story game's first fixture, 22
commands), the budget tiny: these tests check the pages, not the search.
Most tests work the queue themselves (`work`), so that nothing waits on a
thread; one checks the worker the app starts and stops.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from uuid import UUID

import orjson
import pytest
from fastapi.testclient import TestClient

from analysis.jobs import Analyses
from analysis.search import Budget
from engine.core.interchange import import_any
from engine.core.store import open_store
from viewer.app import create_app

FIXTURE = Path(__file__).parent.parent / "fixtures" / "games" / "forbidden_alchemy_story-1.jsonl"
TINY = Budget(simulations=4, candidates=2)
MARKED = 35  # a command this analysis marks (the investigator explores instead of leaving)
HX = {"HX-Request": "true"}


def app_of(store):
    app = create_app(store)
    app.state.analysis_budget = TINY
    return app


@pytest.fixture
def viewer(tmp_path):
    """A SQLite store with the finished fixture game and a running game, and a viewer of it."""
    store = open_store(str(tmp_path / "viewer.db"))
    gid = import_any(store, str(FIXTURE))[0]
    running = store.create("forbidden_alchemy_story", seed=1)
    client = TestClient(app_of(store))  # not entered: no worker thread, the tests work the queue
    yield store, gid, running, client
    store.close()


def analysed(store, gid) -> None:
    queue = Analyses(store)
    while queue.work(batch=8):
        pass


def test_the_button_is_on_a_finished_game_and_not_on_a_running_one(viewer):
    store, gid, running, client = viewer
    page = client.get(f"/games/{gid}?step={MARKED}")
    assert page.status_code == 200 and 'id="analyse"' in page.text
    assert f'action="/games/{gid}/analysis"' in page.text
    other = client.get(f"/games/{running}")
    assert other.status_code == 200
    assert 'id="analysis"' not in other.text and "/analysis" not in other.text


def test_analyse_queues_then_the_progress_bar_then_the_chart(viewer):
    store, gid, _, client = viewer
    asked = client.post(f"/games/{gid}/analysis", data={"step": MARKED}, follow_redirects=False)
    assert asked.status_code == 303 and asked.headers["location"].endswith(f"step={MARKED}&by=command#analysis")
    # While it runs: a progress bar that asks again every second, and a link to reload.
    page = client.get(f"/games/{gid}?step={MARKED}")
    assert 'id="analysis-progress"' in page.text and 'hx-trigger="every 1s"' in page.text
    assert '<progress max="22" value="0">' in page.text and "reload</a>" in page.text
    Analyses(store).work(batch=5)
    bar = client.get(f"/games/{gid}/analysis/progress?step={MARKED}", headers=HX)
    assert bar.status_code == 200 and '<progress max="22" value="5">' in bar.text
    assert bar.text.lstrip().startswith('<div class="analysis-progress"')  # a partial, not a page
    analysed(store, gid)
    # Done: htmx stops asking (286) and the page reloads to draw the analysis.
    done = client.get(f"/games/{gid}/analysis/progress?step={MARKED}", headers=HX)
    assert done.status_code == 286 and done.headers["HX-Refresh"] == "true"
    page = client.get(f"/games/{gid}?step={MARKED}")
    assert 'id="analysis-chart"' in page.text and 'id="analyse"' not in page.text
    assert len(re.findall(r'<polyline class="series"[^>]*data-seat=', page.text)) == 2  # a line a seat
    marker = re.search(r'id="analysis-marker" data-step="(\d+)" x1="([\d.]+)"', page.text)
    assert marker.group(1) == str(MARKED)
    dot = re.search(rf'data-step="{MARKED}"><circle cx="([\d.]+)"', page.text)
    assert dot and dot.group(1) == marker.group(2)  # the marked command's dot is where the step is
    data = client.get(f"/api/games/{gid}/analysis").json()  # the JSON API mirrors it
    assert data["status"] == "done" and len(data["analysis"]["judged"]) == 22
    # The step partial (htmx stepping) carries it too, with the marker moved.
    later = client.get(f"/games/{gid}?step=60", headers=HX)
    assert 'id="analysis-marker" data-step="60"' in later.text


def test_the_audit_and_the_timeline_show_the_marks_and_the_preferred_command(viewer):
    store, gid, _, client = viewer
    Analyses(store).request(gid, TINY)
    analysed(store, gid)
    judged = {j.step: j for j in Analyses(store).load(gid).judged}
    mark = judged[MARKED]
    assert mark.mark and mark.best != mark.played
    page = client.get(f"/games/{gid}?step={MARKED}")
    audit = page.text[page.text.index('id="audit"'):page.text.index('class="rule"', page.text.index('id="audit"'))]
    assert f'id="analysis-mark">{mark.mark}</strong>' in audit
    assert f'The search preferred <code id="analysis-best">{mark.best}</code>' in audit
    assert f'{mark.before * 100:.0f}% with it, {mark.after * 100:.0f}% with the command played' in audit
    timeline = page.text[page.text.index('id="timeline"'):]
    assert len(re.findall(r'class="analysis-mark" title="the computer analysis', timeline)) == \
        sum(1 for j in judged.values() if j.mark)
    # Try it: a fork at the step before the command, then the preferred command in its place.
    tried = client.post(f"/games/{gid}/analysis/fork", data={"step": MARKED}, follow_redirects=False)
    assert tried.status_code == 303
    fork = UUID(tried.headers["location"].split("/")[2])
    header = store.header(fork)
    assert header.parent == str(gid) and header.fork_step == MARKED - 1
    first = next(r for r in store.rows(fork) if r.version > MARKED - 1)
    assert (first.kind, first.data["seat"], first.data["text"]) == ("CommandIssued", mark.seat, mark.best)


def test_a_running_games_analysis_routes_refuse(viewer):
    store, _, running, client = viewer
    for response in (client.post(f"/games/{running}/analysis", data={}, follow_redirects=False),
                     client.get(f"/games/{running}/analysis/progress"),
                     client.post(f"/games/{running}/analysis/fork", data={"step": 3}, follow_redirects=False),
                     client.get(f"/api/games/{running}/analysis")):
        assert response.status_code == 409
        assert "running game is never shown" in response.text
    assert Analyses(store).progress(running).status == "none"


def test_export_with_the_analysis_then_import_round_trips(viewer, tmp_path):
    store, gid, _, client = viewer
    Analyses(store).request(gid, TINY, seed=2)
    analysed(store, gid)
    exported = client.get(f"/games/{gid}/export")
    assert exported.status_code == 200
    lines = [orjson.loads(x) for x in exported.content.splitlines()]
    assert set(lines[-23]) == {"analysis"} and all(set(x) == {"analysed"} for x in lines[-22:])
    tree = client.get(f"/games/{gid}/export-tree")
    assert tree.content.count(b'"analysed"') == 22
    other = open_store(str(tmp_path / "other.db"))
    imported = TestClient(app_of(other)).post(
        "/import", files={"file": ("game.jsonl", exported.content)}, follow_redirects=False)
    assert imported.status_code == 303 and imported.headers["location"] == f"/games/{gid}"
    assert Analyses(other).load(gid).judged == Analyses(store).load(gid).judged
    # A bad analysis line: refused, naming the line and the field, and nothing stored.
    bad = exported.content.splitlines()
    broken = orjson.loads(bad[-1])
    broken["analysed"]["mark"] = "!!"
    bad[-1] = orjson.dumps(broken)
    third = open_store(str(tmp_path / "third.db"))
    refused = TestClient(app_of(third)).post("/import", files={"file": ("bad.jsonl", b"\n".join(bad))})
    assert refused.status_code == 422 and f"bad.jsonl:{len(bad)}: analysed: mark" in refused.text
    assert third.catalogue.game_ids() == []


def test_deleting_a_game_deletes_its_analysis(viewer):
    store, gid, _, client = viewer
    Analyses(store).request(gid, TINY)
    analysed(store, gid)
    deleted = client.post(f"/games/{gid}/delete", data={"confirm": str(gid)}, follow_redirects=False)
    assert deleted.status_code == 303
    queue = Analyses(store)
    assert queue.progress(gid).status == "none" and queue.load(gid, partial=True) is None
    with queue.sql.transaction(commit=False) as c:
        c.execute("SELECT COUNT(*) FROM analysis_positions WHERE game_id = ?", (gid.hex,))
        assert c.fetchone()[0] == 0


def test_the_worker_beside_the_server_analyses_and_stops(viewer):
    store, gid, _, _ = viewer
    app = app_of(store)
    with TestClient(app) as client:  # entered: the app's lifespan starts the worker
        worker = app.state.analysis_worker
        assert worker.thread.is_alive()
        client.post(f"/games/{gid}/analysis", data={})
        deadline = time.monotonic() + 30
        while Analyses(store).progress(gid).status == "queued":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert Analyses(store).progress(gid).status == "done"
    assert not worker.thread.is_alive()  # stopped with the app


def test_an_in_memory_store_shows_no_button_and_everything_else_works(memory_store):
    gid = import_any(memory_store, str(FIXTURE))[0]
    client = TestClient(app_of(memory_store))
    page = client.get(f"/games/{gid}?step={MARKED}")
    assert page.status_code == 200
    assert 'id="analyse"' not in page.text and 'id="analysis-unavailable"' in page.text
    assert 'id="audit"' in page.text and 'id="timeline"' in page.text
    assert client.get(f"/games/{gid}/export").status_code == 200
    assert client.post(f"/games/{gid}/analysis", data={}).status_code == 409
