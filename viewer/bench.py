"""The viewer's figures for `boardlog bench`: server time to render the
step partial, a synthetic 851-hex board (diff + template), and stepping
through a game over loopback with uvicorn."""

from __future__ import annotations

import socket
import statistics
import sys
import threading
import time

import httpx

from engine.bench import median_time, print_table, say
from engine.core.store import Store

HEX_COLS, HEX_ROWS, UNITS = 37, 23, 100  # Full Metal Planete's map: 851 hexes
HEX_TEMPLATE = "boards/_synthetic_hex.html"
HEX_BUDGET_MS = 20


def run_viewer_bench(store: Store, gid, plain, plain_id, requests: int = 1000) -> None:
    from fastapi.testclient import TestClient

    from viewer.app import create_app

    app = create_app(store)
    client = TestClient(app)
    length = store.head_version(gid)
    hx = {"HX-Request": "true"}
    say("  viewer: indexing the game once ...")
    t0 = time.perf_counter()
    client.get(f"/games/{gid}?step=1", headers=hx).raise_for_status()
    first = time.perf_counter() - t0
    rows: dict[str, tuple[float, float, str]] = {}
    for step in (10, length // 2, length):
        say(f"  viewer: rendering the step partial at {step:,} ...")
        ours = _server_time(client, f"/games/{gid}?step={step}", hx, 20)
        # The plain path: the library rebuilds the state (twice: the step and
        # the one before it, for the "what changed" highlight), then the same page.
        base = ours + 2 * median_time(lambda s=step: plain.repository.get(plain_id, version=s), 1 if step > 1000 else 3)
        rows[f"render step partial at {step:,} (ms)"] = (ours * 1000, base * 1000, "time")
    rows["first page of a cold game (ms, once)"] = (first * 1000, float("nan"), "time")
    say(f"  viewer: a synthetic {HEX_COLS}x{HEX_ROWS} hex board with {UNITS} units ...")
    hex_rows = hex_board_figures(app.state.templates.env)
    rows.update(hex_rows)
    print_table(rows, length, "viewer (in-process client, server time)")
    render = hex_rows[_HEX_ROW][0]
    print(f"{HEX_COLS * HEX_ROWS}-hex step: {render:.2f} ms, budget {HEX_BUDGET_MS} ms: "
          f"{'within' if render <= HEX_BUDGET_MS else 'OVER'}; the diff alone "
          f"{hex_rows[_DIFF_ROW][0]:.2f} ms (was {hex_rows[_DIFF_ROW][1]:.2f} ms flattening both views)")
    _loopback(app, gid, length, requests)


def _server_time(client, url: str, headers: dict, repeat: int) -> float:
    """Median seconds the app spent on `url`, from its Server-Timing header
    (the test client's own thread hand-offs left out)."""
    samples = []
    for _ in range(repeat):
        response = client.get(url, headers=headers)
        response.raise_for_status()
        samples.append(float(response.headers["Server-Timing"].split("dur=")[1]) / 1000)
    return statistics.median(samples)


def _loopback(app, gid, length: int, requests: int) -> None:
    """Step through the game with a real uvicorn server on 127.0.0.1."""
    import uvicorn

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    with httpx.Client(base_url=base, headers={"HX-Request": "true"}, timeout=10) as http:
        for _ in range(100):
            try:
                http.get("/")
                break
            except httpx.TransportError:
                time.sleep(0.05)
        say(f"  viewer: {requests:,} stepping requests over loopback ...")
        latencies = []
        start = max(1, length // 2 - requests // 2)
        t0 = time.perf_counter()
        for i in range(requests):
            a = time.perf_counter()
            http.get(f"/games/{gid}", params={"step": start + i, "by": "event"}).raise_for_status()
            latencies.append(time.perf_counter() - a)
        elapsed = time.perf_counter() - t0
    server.should_exit = True
    thread.join(5)
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(f"\nstepping over loopback (uvicorn, one client, {requests:,} requests by event from step {start:,}):"
          f"\n  {requests / elapsed:,.0f} requests/s   p50 {p50:.2f} ms   p99 {p99:.2f} ms", flush=True)
    sys.stdout.flush()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- a synthetic 851-hex board ----------------------------------------------------------------
_HEX_ROW = f"{HEX_COLS * HEX_ROWS}-hex step: diff + template (ms)"
_DIFF_ROW = "  its diff (base: flatten both views) (ms)"
TERRAINS = ("sea", "reef", "marsh", "plain", "mountain")
OWNERS = ("red", "blue", "green", "yellow")
KINDS = ("tank", "crab", "barge", "pod", "tug")


def synthetic_views(seed: int = 1) -> tuple[dict, dict]:
    """Two consecutive views of a synthetic hex game, shaped like a real one's
    (collections keyed by stable ids): terrain per hex, 100 units by id; at
    the second step the tide turns (12 hexes change), 3 units move."""
    import copy
    import random

    from engine.kit.notation import cell_name

    rng = random.Random(seed)
    hexes = {cell_name(c, r): {"terrain": rng.choice(TERRAINS)}
             for c in range(HEX_COLS) for r in range(HEX_ROWS)}
    ids = list(hexes)
    spots = rng.sample(ids, UNITS + 3)
    units = {f"{rng.choice(KINDS)}-{i}": {"hex": spots[i], "owner": rng.choice(OWNERS)}
             for i in range(UNITS)}
    for name, unit in units.items():
        unit["kind"] = name.split("-")[0]
    before = {"turn": 5, "tide": "low", "hexes": hexes, "units": units}
    after = copy.deepcopy(before)
    after.update(turn=6, tide="high")
    for h in rng.sample([h for h in ids if hexes[h]["terrain"] != "sea"], 12):
        after["hexes"][h]["terrain"] = "sea"
    for unit, spot in zip(rng.sample(sorted(units), 3), spots[UNITS:], strict=True):
        after["units"][unit]["hex"] = spot
    return before, after


def hex_board_figures(env, repeat: int = 50) -> dict[str, tuple[float, float, str]]:
    """Median ms of what a step partial does for an 851-hex board: the
    changed paths between two views, then the board template.  Beside the
    diff: the same answer by flattening both views (the former way)."""
    from projections.replay import changed_paths, flatten

    before, after = synthetic_views()
    template = env.get_template(HEX_TEMPLATE)

    def step():
        return template.render(board=after, changed=changed_paths(before, after), targets={})

    def flattened():
        a, b = flatten(before), flatten(after)
        return {p for p in set(a) | set(b) if a.get(p) != b.get(p)}

    step()
    render = median_time(step, repeat)
    ours_diff = median_time(lambda: changed_paths(before, after), repeat)
    old_diff = median_time(flattened, repeat)
    return {_HEX_ROW: (render * 1000, float("nan"), "time"),
            _DIFF_ROW: (ours_diff * 1000, old_diff * 1000, "time")}
