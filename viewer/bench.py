"""The viewer's figures for `boardlog bench`: server time to render the
step partial, and stepping through a game over loopback with uvicorn."""

from __future__ import annotations

import socket
import statistics
import sys
import threading
import time

import httpx

from engine.core.bench import _print_table, _say, _time
from engine.core.store import Store


def run_viewer_bench(store: Store, gid, plain, plain_id, requests: int = 1000) -> None:
    from fastapi.testclient import TestClient

    from viewer.app import create_app

    app = create_app(store)
    client = TestClient(app)
    length = store.head_version(gid)
    hx = {"HX-Request": "true"}
    _say("  viewer: indexing the game once ...")
    t0 = time.perf_counter()
    client.get(f"/games/{gid}?step=1", headers=hx).raise_for_status()
    first = time.perf_counter() - t0
    rows: dict[str, tuple[float, float, str]] = {}
    for step in (10, length // 2, length):
        _say(f"  viewer: rendering the step partial at {step:,} ...")
        ours = _server_time(client, f"/games/{gid}?step={step}", hx, 20)
        # The plain path: the library rebuilds the state (twice: the step and
        # the one before it, for the "what changed" highlight), then the same page.
        base = ours + 2 * _time(lambda s=step: plain.repository.get(plain_id, version=s), 1 if step > 1000 else 3)
        rows[f"render step partial at {step:,} (ms)"] = (ours * 1000, base * 1000, "time")
    rows["first page of a cold game (ms, once)"] = (first * 1000, float("nan"), "time")
    _print_table(rows, length, "viewer (in-process client, server time)")
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
        _say(f"  viewer: {requests:,} stepping requests over loopback ...")
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
