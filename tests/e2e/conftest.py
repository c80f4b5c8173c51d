"""Browser tests: the real app under uvicorn, driven by Playwright + Chromium.

One server per session, on a free 127.0.0.1 port, over a temporary SQLite
store holding a finished self-played game and a running one.  Chromium is
Debian's /usr/bin/chromium (never a downloaded browser).  Without it the
tests skip, or fail when $CI is set.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

import pytest

from engine.core.selfplay import selfplay_one
from engine.core.store import Store, open_store

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    """Every test in this folder needs a browser: mark it `browser`."""
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@dataclass(frozen=True)
class Site:
    """The running server and what was recorded before it started."""

    url: str
    store: Store
    finished: UUID  # a self-played game, played to its end
    running: UUID   # a fresh game, waiting for the investigator

    def replay(self, gid: UUID, step: int, by: str = "event") -> str:
        return f"{self.url}/games/{gid}?step={step}&by={by}"

    def play(self, gid: UUID, seat: str) -> str:
        return f"{self.url}/games/{gid}/play/{self.store.seats.tokens(gid)[seat]}"


def _wait_until_up(url: str, thread: threading.Thread, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        if not thread.is_alive():
            raise RuntimeError("the uvicorn server thread stopped while starting")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError as e:  # refused, reset, or not ready yet
            last = e
        time.sleep(0.05)
    raise RuntimeError(f"the server at {url} did not answer within {timeout}s: {last}")


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Site:
    import uvicorn

    from viewer.app import create_app

    tmp = tmp_path_factory.mktemp("e2e")
    store = open_store(str(tmp / "e2e.db"))
    finished, _, outcome = selfplay_one(store, "forbidden_alchemy", 1, None, {}, "random")
    assert not outcome.startswith("unfinished"), outcome
    running = store.create("forbidden_alchemy", seed=5)

    # Bind the socket here so the port is ours before uvicorn starts.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(store), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]},
                              name="e2e-uvicorn", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url + "/", thread)
        yield Site(url, store, finished, running)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        message = "Chromium not installed: apt-get install chromium"
        if os.environ.get("CI"):
            pytest.fail(f"{message} (CI is set, so the browser tests must run)", pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def context(browser):
    """A fresh browser context (own cookies and storage) per test."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(context):
    """A page that fails its test if the browser blocked anything under the
    Content-Security-Policy or a script threw (the CSP is strict: no inline
    scripts, everything from this site)."""
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text)
            if m.type == "error" and "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: problems.append(f"script error: {e}"))
    yield page
    assert not problems, problems

