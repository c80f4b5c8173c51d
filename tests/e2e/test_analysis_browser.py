"""The computer analysis in Chromium (issue #23): on the replay page of a
finished game, "Analyse" is pressed, the progress bar follows the worker
beside the server (htmx asking every second), and once done the page
reloads by itself with the chart of every seat's chance and the marks.

Its own small server (the session's runs the default budget): the story
game's first fixture, 22 commands, judged with a tiny budget.
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from analysis.search import Budget
from engine.core.interchange import import_any
from engine.core.store import open_store

FIXTURE = Path(__file__).parent.parent.parent / "fixtures" / "games" / "forbidden_alchemy_story-1.jsonl"


@pytest.fixture
def served(tmp_path):
    import uvicorn

    from viewer.app import create_app

    store = open_store(str(tmp_path / "analysis.db"))
    gid = import_any(store, str(FIXTURE))[0]
    app = create_app(store)
    app.state.analysis_budget = Budget(simulations=4, candidates=2)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    deadline = time.monotonic() + 15
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=2).close()
            break
        except OSError:
            assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
            time.sleep(0.05)
    try:
        yield url, gid, app
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
        store.close()


def test_analyse_then_watch_the_progress_then_the_chart(served, page):
    url, gid, app = served
    assert app.state.analysis_worker is not None  # SQLite: the worker beside the server
    page.goto(f"{url}/games/{gid}?step=35")
    page.click("#analyse")
    # The button gives way to the progress bar, which htmx keeps asking for ...
    page.wait_for_selector("#analysis-progress, #analysis-chart", timeout=10_000)
    # ... until the analysis is done and the page reloads itself with the chart.
    page.wait_for_selector("#analysis-chart", timeout=30_000)
    assert page.locator("#analysis-marker").get_attribute("data-step") == "35"
    assert page.locator("#timeline .analysis-mark").count() >= 1
    assert page.locator("#analysis-step").is_visible()
