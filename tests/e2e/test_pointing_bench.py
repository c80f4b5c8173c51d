"""`boardlog bench --pointing`: its table comes from games really played by
pointing in Chromium (boardlog/bench/pointing.py)."""

from __future__ import annotations

from boardlog.bench.pointing import print_pointing, run_pointing_bench


def test_the_pointing_bench_plays_and_prints_its_figures(browser, capsys):
    results = run_pointing_bench(["promised_day"], commands=3, browser=browser)
    out = capsys.readouterr().out
    (r,) = results
    assert r["commands"] == 3 and len(r["clicks"]) == 3 and all(c >= 1 for c in r["clicks"])
    assert len(r["post"]) == 3 and all(ms > 0 for ms in r["post"])  # every move's POST was timed
    assert len(r["page"]) == 3
    assert "promised_day" in out and "a move from the page: median" in out


def test_the_table_says_over_when_a_move_is_slow(capsys):
    print_pointing([{"kind": "x", "commands": 1, "clicks": [2], "controls": 3, "post": [70.0], "page": [9.0]}])
    assert "median 79.0 ms server time, goal <= 50 ms: OVER" in capsys.readouterr().out
