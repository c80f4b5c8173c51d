"""`boardlog bench --pointing`: games played on their play pages by pointing
only, in Debian's Chromium, as a player would (issue #21).

What it measures, per game: the clicks a command takes (an argument each,
one more where a menu tells verbs apart), the most controls seen beside the
board, and the server time of a move played from the page -- the command's
POST and the play page it leads to, both from their Server-Timing headers
(viewer/app.py `ServerTiming`).  The browser tests (tests/e2e) act through
the same `point` and `reach`, so the figures are those of the tested path.
"""

from __future__ import annotations

import os
import random
import socket
import statistics
import threading
import time
import urllib.request

from .report import say, scratch_dir

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
MOVE_GOAL_MS = 50.0  # a move played from the page, median server time (issue #21)
MAX_CONTROLS = 25    # beside the board, at any position (issue #21)
CONTROLS = ".actions button:visible, .actions input:visible, .actions select:visible, " \
           ".actions summary:visible, .seat-pick a:visible"


# ---- acting by pointing (viewer/pointing.py, static/point.js) ---------------------------------
def point(page, command: str) -> int:
    """Play `command` on a play page by pointing only: a command without
    arguments is its own button; otherwise each argument is clicked on the
    board or the hand where an element names it, else as a chip beside the
    board, and a verb is picked from the menu when several share the clicks.
    Nothing is typed.  Returns the clicks the menu took (0 or 1)."""
    verb, *args = command.split()
    if not args:
        page.locator(f'#bare button.command[data-command="{verb}"]').click()
        return 0
    for token in args:
        # What the page lights for this token: an element of the picture, else a chip.
        on_board = page.locator(f'#play-area [data-token~="{token}"].pick-next')
        chip = page.locator("#point-chips").get_by_role("button", name=token, exact=True)
        if on_board.count():
            on_board.first.click()
        elif chip.count():
            chip.first.click()
        else:
            raise AssertionError(f"{command!r}: nothing offers {token!r} to click "
                                 f"(chosen so far: {page.evaluate('boardlogPoint.picks()')})")
    menu = page.locator(f'#point-menu button.verb[title="{command}"]')
    if menu.count():
        menu.click()
        return 1
    return 0


def clicks_for(command: str, menu: int) -> int:
    """Clicks a command took: one per argument (or its own button), plus the menu."""
    return max(1, len(command.split()) - 1) + menu


def reach(page) -> dict:
    """What the play page offers now: its controls beside the board, and for
    each legal command of the seat the clicks it takes and any argument only
    a chip offers (no element of the picture names it)."""
    controls = page.locator(CONTROLS).count()
    data = page.evaluate("boardlogPoint.data()")
    found = page.evaluate("boardlogPoint.reachable()") if data else []
    return {"controls": controls, "commands": len(found),
            "off_page": sorted({t for r in found for t in r["chips"]}),
            "clicks": [r["clicks"] for r in found]}


def wait_for_version(page, version: int, changed: bool = False, timeout: float = 15_000) -> None:
    """Until the page's version is `version` (or, `changed`, is another one).

    Polled from here with `page.evaluate` rather than `wait_for_function`:
    Playwright may evaluate a string predicate with `eval` in the page,
    which the play page's Content-Security-Policy (no 'unsafe-eval')
    refuses: a browser test failed so, once in a full run, and passed
    alone.  A read that meets a page being replaced is tried again."""
    want = str(version)
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            shown = page.evaluate("(document.getElementById('version') || {}).textContent")
        except Exception:  # noqa: BLE001 - the page was being replaced: read again
            shown = None
        if shown is not None and (shown != want if changed else shown == want):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page's version stayed {shown!r} ({'not ' if changed else ''}"
                               f"waiting for {want}) for {timeout / 1000:.0f} s")
        page.wait_for_timeout(25)


# ---- the bench ----------------------------------------------------------------------------------
def chromium_path() -> str:
    path = os.environ.get("BOARDLOG_CHROMIUM") or CHROMIUM
    if not os.path.exists(path):
        raise SystemExit(f"boardlog: --pointing needs Debian's Chromium at {path} "
                         "(apt-get install chromium, or set BOARDLOG_CHROMIUM)")
    return path


def _serve(store):
    """The viewer under uvicorn on a free loopback port, in a thread."""
    import uvicorn

    from viewer.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(store), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/", timeout=2).close()
            return server, thread, url
        except OSError:
            time.sleep(0.05)
    raise SystemExit("boardlog: the bench's viewer did not start")


def _server_ms(response) -> float | None:
    timing = response.headers.get("server-timing", "")
    return float(timing.split("dur=")[1]) if "dur=" in timing else None


def play_one(page, url: str, store, kind: str, commands: int, seed: int) -> dict:
    """Up to `commands` commands of a new game of `kind`, by pointing, its
    game's greedy bot (else any) choosing among the legal ones."""
    gid = store.create(kind, seed=seed)
    game = store.live(gid).game
    bots = getattr(game, "BOTS", {})
    bot = bots.get("greedy") or bots.get("random")
    rng = random.Random(seed)
    timings: list[tuple[str, float]] = []

    def timed(response) -> None:
        if "/play/" in response.url and "/live" not in response.url:
            ms = _server_ms(response)
            if ms is not None:
                timings.append((response.request.method, ms))

    page.on("response", timed)
    page.goto(f"{url}/games/{gid}/play/{store.seats.tokens(gid)['*']}")
    figures = {"kind": kind, "commands": 0, "clicks": [], "controls": 0, "post": [], "page": []}
    try:
        for _ in range(commands):
            live = store.live(gid)
            if game.outcome(live.session.state) is not None:
                break
            wait_for_version(page, live.session.version)
            seat = page.locator("#seat").inner_text().split()[-1]
            figures["controls"] = max(figures["controls"], reach(page)["controls"])
            legal = game.legal_commands(live.session.state, seat)
            command = bot(live.session.state, seat, legal, rng).notation()
            timings.clear()
            figures["clicks"].append(clicks_for(command, point(page, command)))
            wait_for_version(page, live.session.version, changed=True)
            figures["post"] += [ms for method, ms in timings if method == "POST"]
            figures["page"] += [ms for method, ms in timings if method == "GET"][:1]
            figures["commands"] += 1
    finally:
        page.remove_listener("response", timed)
    return figures


def run_pointing_bench(kinds: list[str], commands: int = 40, seed: int = 1, browser=None) -> list[dict]:
    """Play and print.  `browser`: a Playwright browser already running in
    this process (the test suite's: Playwright's sync API runs one at a time),
    else Chromium is started here."""
    from engine.core.store import open_store

    tmp = scratch_dir("boardlog-pointing-")
    store = open_store(str(tmp / "pointing.db"))
    server, thread, url = _serve(store)
    try:
        if browser is not None:
            results = _play_all(browser, url, store, kinds, commands, seed)
        else:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as p:
                own = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
                try:
                    results = _play_all(own, url, store, kinds, commands, seed)
                finally:
                    own.close()
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    print_pointing(results)
    return results


def _play_all(browser, url: str, store, kinds: list[str], commands: int, seed: int) -> list[dict]:
    results = []
    for kind in kinds:
        say(f"  pointing: {kind}, up to {commands} commands in Chromium ...")
        context = browser.new_context(viewport={"width": 1300, "height": 1000})
        try:
            results.append(play_one(context.new_page(), url, store, kind, commands, seed))
        finally:
            context.close()
    return results


def _median(xs: list[float]) -> str:
    return f"{statistics.median(xs):.1f}" if xs else "-"


def print_pointing(results: list[dict]) -> None:
    print("\nplaying by pointing in Chromium (hot seat, the game's greedy bot choosing; server time "
          "from Server-Timing: the command's POST, then the play page it leads to)")
    print(f"  {'game':<26}{'commands':>9}{'clicks med':>11}{'worst':>6}{'controls':>9}"
          f"{'POST ms':>9}{'page ms':>9}{'move ms':>9}")
    moves: list[float] = []
    for r in results:
        move = [a + b for a, b in zip(r["post"], r["page"], strict=False)]
        moves += move
        clicks = r["clicks"] or [0]
        print(f"  {r['kind']:<26}{r['commands']:>9}{statistics.median(clicks):>11g}{max(clicks):>6}"
              f"{r['controls']:>9}{_median(r['post']):>9}{_median(r['page']):>9}{_median(move):>9}")
    if moves:
        med = statistics.median(moves)
        print(f"  a move from the page: median {med:.1f} ms server time, goal <= {MOVE_GOAL_MS:g} ms: "
              f"{'within' if med <= MOVE_GOAL_MS else 'OVER'}; at most "
              f"{max(r['controls'] for r in results)} controls beside the board (at most {MAX_CONTROLS})")


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlog.bench.pointing [KIND ...] [--commands N]` (also
    `boardlog bench --pointing`)."""
    import argparse

    from engine.core.game import TITLES

    p = argparse.ArgumentParser(prog="boardlog bench --pointing", description=main.__doc__)
    p.add_argument("kinds", nargs="*", help="games to play (default: every game)")
    p.add_argument("--commands", type=int, default=40, help="commands per game at most (default 40)")
    args = p.parse_args(argv)
    unknown = [k for k in args.kinds if k not in TITLES]
    if unknown:
        p.error(f"no such game: {', '.join(unknown)} (games: {', '.join(TITLES)})")
    run_pointing_bench(args.kinds or list(TITLES), max(1, args.commands))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
