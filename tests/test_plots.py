"""Plots (issue #14 item 5): each game's `scores` over its turns, the
replay's chart, and a game kind in figures (`/kinds/{kind}`, `boardlog stats`)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from boardlog.cli import main
from engine.core import session as fold
from engine.core.game import OPTIONAL, find_game, game_ids, register
from engine.core.selfplay import selfplay_one
from engine.core.store import Store, open_store
from projections.plots import MAX_POINTS, Plots, axis_of, histogram, sample_steps, seat_results
from projections.replay import SPECTATOR, GameIndex, Replay
from viewer.app import create_app

register("duel", "tests.games.duel")

# One selfplayed game per kind (seed, players, bot) in which the scored things happen.
GAMES = {
    "fmp": (3, None, "greedy"),
    "roundtable": (3, None, "random"),
    "promised_day": (3, None, "random"),
    "brutality": (3, 2, "greedy"),
    "forbidden_alchemy": (3, None, "random"),
    "forbidden_alchemy_story": (3, None, "random"),
}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> tuple[Store, dict[str, object]]:
    store = open_store(str(tmp_path_factory.mktemp("plots") / "plots.db"))
    ids = {kind: selfplay_one(store, kind, seed, players, {}, bot)[0]
           for kind, (seed, players, bot) in GAMES.items()}
    return store, ids


def walk(store: Store, gid) -> Iterator[tuple[object, dict, dict, object]]:
    """Every fact of a game with the scores just before and just after it."""
    game = find_game(store.header(gid).kind)
    session = None
    for r in store.rows(gid):
        before = game.scores(session.state) if session is not None else {}
        session = fold.fold_record(game, session, r.kind, r.version, r.data)
        if r.kind == fold.FACT:
            yield r, before, game.scores(session.state), session.state


def facts(store: Store, gid, type_: str):
    return [(r.data["data"], b, a) for r, b, a, _ in walk(store, gid) if r.data["type"] == type_]


def test_every_game_scores_numbers(recorded):
    store, ids = recorded
    assert set(ids) == set(game_ids())
    for kind, gid in ids.items():
        scores = find_game(kind).scores(store.live(gid).session.state)
        assert scores, kind
        for series in scores.values():
            assert series and all(isinstance(v, float) for v in series.values()), kind


def test_fmp_ore_aboard_raises_points_and_the_end_matches_the_mission_score(recorded):
    store, ids = recorded
    rises = 0
    for _, before, after, _ in walk(store, ids["fmp"]):
        for seat, ore in after.get("ore aboard", {}).items():
            gained = ore - before.get("ore aboard", {}).get(seat, 0)
            if gained > 0:   # 2 points per ore: the points rise at least that much
                rises += 1
                assert after["points"][seat] - before["points"][seat] >= 2 * gained
    assert rises > 0
    state = store.live(ids["fmp"]).session.state
    assert find_game("fmp").scores(state)["points"] == {s: float(p) for s, p in state.scores}


def test_brutality_health_falls_with_damage(recorded):
    store, ids = recorded
    hits = facts(store, ids["brutality"], "DamageTaken")
    assert hits
    for data, before, after in hits:
        label = next(k for k in after["health"] if k.startswith(data["hero"] + " "))
        assert after["health"][label] == data["health"]
        if data["amount"] > 0:
            assert after["health"][label] < before["health"][label]


def test_roundtable_vp_rises_with_a_castle_and_ends_as_the_outcome_says(recorded):
    store, ids = recorded
    for data, before, after in facts(store, ids["roundtable"], "CastleCaptured"):
        assert after["VP"][data["seat"]] == before["VP"][data["seat"]] + data["vp"]
    live = store.live(ids["roundtable"])
    vp = find_game("roundtable").scores(live.session.state)["VP"]
    outcome = live.game.outcome(live.session.state)
    won = re.match(r"(\w+) wins, (\d+) VP to (\d+)", outcome)
    assert won, outcome
    assert vp[won[1]] == float(won[2]) and sorted(vp.values()) == sorted([float(won[2]), float(won[3])])


def test_promised_day_tiles_and_damage_track(recorded):
    store, ids = recorded
    flips = facts(store, ids["promised_day"], "TileFlipped")
    for _, before, after in flips:
        assert after["tiles flipped"]["tiles"] == before["tiles flipped"]["tiles"] + 1
    state = store.live(ids["promised_day"]).session.state
    scores = find_game("promised_day").scores(state)
    assert scores["tiles flipped"]["tiles"] == len(flips)
    assert scores["damage track"]["soldiers"] == state.damage_track <= state.track_size
    # Each life line is labelled by its seat and character, so it takes its seat's colour.
    assert scores["life"] == {f"{state.seat_of[c]} {state.summary[c][0].split()[0]}": float(n)
                              for c, n in state.life.items()}


def test_story_health_and_sanity_fall_with_damage_and_horror(recorded):
    store, ids = recorded
    damaged = facts(store, ids["forbidden_alchemy_story"], "InvestigatorDamaged")
    horrified = facts(store, ids["forbidden_alchemy_story"], "InvestigatorHorrified")
    assert damaged or horrified
    for series, hits in (("health", damaged), ("sanity", horrified)):
        for data, before, after in hits:
            expected = max(0.0, before[series][data["seat"]] - data["amount"])
            assert after[series][data["seat"]] == expected


def test_alchemy_counts_actions_and_correct_pieces(recorded):
    store, ids = recorded
    game = find_game("forbidden_alchemy")
    for _, _, after, state in walk(store, ids["forbidden_alchemy"]):
        if "puzzle" in after and state.correct is None:
            assert after["puzzle"]["correct pieces"] == game.view(state, None)["correct"]
            assert after["puzzle"]["actions left"] == state.actions
    state = store.live(ids["forbidden_alchemy"]).session.state
    assert f"against {int(game.scores(state)['puzzle']['correct pieces'])} correct" in game.outcome(state)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_scores_read_nothing_hidden(recorded, kind):
    """The chart is public: a state scrambled in what a seat (or a
    spectator) cannot see scores the same, at every turn's end."""
    store, ids = recorded
    game, gid = find_game(kind), ids[kind]
    replay, rng = Replay(store), random.Random(7)
    seats = (SPECTATOR, *store.header(gid).seats)
    for _, step in sample_steps(replay.index(gid), 12):
        state = replay.session(gid, step).state
        for seat in seats:
            assert game.scores(game.scramble_hidden(state, seat, rng)) == game.scores(state), (kind, step, seat)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_chart_renders_with_the_marker_at_the_steps_turn(recorded, kind):
    store, ids = recorded
    gid = ids[kind]
    client = TestClient(create_app(store))
    idx = Replay(store).index(gid)
    axis = axis_of(idx)
    for step in (1, idx.version // 2, idx.version):
        html = client.get(f"/games/{gid}?step={step}").text
        assert 'id="plot"' in html, kind
        position = max(i for i, s in enumerate(axis.starts) if s <= step)
        marker = re.search(r'class="marker" id="plot-marker-1" data-turn="(\d+)" x1="([\d.]+)"', html)
        assert marker and int(marker[1]) == axis.labels[position], (kind, step)
        left, width = 34, 480
        assert float(marker[2]) == pytest.approx(left + width * position / max(1, len(axis.starts) - 1), abs=0.1)
        for name in find_game(kind).scores(store.live(gid).session.state):
            assert f'data-series="{name}"' in html
    # The partial the step controls swap carries the chart too.
    partial = client.get(f"/games/{gid}?step=2", headers={"HX-Request": "true"}).text
    assert 'id="plot"' in partial and "<polyline" in partial


def test_a_running_game_charts_only_public_scores(tmp_path):
    """A chart on a running game is the same whoever looks, and its values
    are those of `scores` (public) at each turn's end."""
    store = open_store(str(tmp_path / "run.db"))
    gid = store.create("roundtable", seed=11, players=2)
    game = find_game("roundtable")
    rng = random.Random(1)
    for _ in range(60):
        state = store.live(gid).session.state
        seat = next(s for s in game.to_act(state) if s != "system")
        store.issue(gid, seat, rng.choice(game.legal_commands(state, seat)).notation())
    client = TestClient(create_app(store))
    pages = [client.get(f"/games/{gid}" + q).text for q in ("", "?seat=p1", "?seat=p2")]
    charts = [p[p.index('id="plot"'):p.index("</section>", p.index('id="plot"'))] for p in pages]
    assert charts[0] == charts[1] == charts[2]


def test_the_default_scores_give_no_chart(tmp_path):
    assert OPTIONAL["scores"](object()) == {}
    store = open_store(str(tmp_path / "duel.db"))
    gid = selfplay_one(store, "duel", 1, None, {})[0]
    assert find_game("duel").scores(store.live(gid).session.state) == {}
    html = TestClient(create_app(store)).get(f"/games/{gid}").text
    assert 'id="stage"' in html and 'id="plot"' not in html
    assert Plots(Replay(store)).chart(gid) is None


def _index(turns: int) -> GameIndex:
    """An index of a long game: `turns` turns of 500 steps each."""
    idx = GameIndex(version=turns * 500)
    idx.turn_starts = [1 + 500 * i for i in range(turns)]
    idx.turn_numbers = list(range(turns))
    idx.starts = list(idx.turn_starts)
    return idx


def test_a_long_game_is_sampled_at_most_max_points_and_keeps_its_samples():
    small, big = sample_steps(_index(1000)), sample_steps(_index(1500))
    assert len(small) <= MAX_POINTS and len(big) <= MAX_POINTS
    assert small[-1] == (999, 500_000) and big[-1] == (1499, 750_000)
    # A stride of a power of two: a grown game keeps every sample but the old last one.
    assert {s for _, s in big} >= {s for _, s in small[:-1]}
    assert sample_steps(_index(10)) == [(i, 500 * (i + 1)) for i in range(10)]


def test_the_chart_is_cached_until_the_game_grows(tmp_path):
    store = open_store(str(tmp_path / "cache.db"))
    gid = selfplay_one(store, "brutality", 5, 2, {}, "greedy")[0]
    plots = Plots(Replay(store), max_games=1)
    first = plots.chart(gid)
    assert plots.chart(gid) is first          # a finished game: read once
    other = selfplay_one(store, "forbidden_alchemy", 1, None, {})[0]
    plots.chart(other)
    assert list(plots._memo) == [other]        # bounded: the least recently read game went first


def test_outcomes_by_seat_read_the_outcome_line():
    from engine.core.catalogue import GameInfo

    def info(outcome, seats):
        return GameInfo(None, "k", "finished", outcome, 1, 1, "", seats, None, None)
    assert seat_results(info("red wins (red 20, blue 12)", ("red", "blue"))) == {"red": "won", "blue": "lost"}
    assert seat_results(info("a tie (red 4, blue 4)", ("red", "blue"))) == {"red": "draw", "blue": "draw"}
    assert seat_results(info("the keeper wins: the last Event card", ("investigator-1", "keeper"))) == {
        "investigator-1": "lost", "keeper": "won"}
    assert seat_results(info("defeat: Edward Elric has no life left", ("red", "blue"))) == {
        "red": "lost", "blue": "lost"}
    assert seat_results(info("north wins: both enemy heroes are dead", ("north-1", "north-2", "south-1"))) == {
        "north-1": "won", "north-2": "won", "south-1": "lost"}
    assert seat_results(info("the investigators win: the ritual is stopped", ("keeper", "investigator-1"))) == {
        "keeper": "lost", "investigator-1": "won"}
    assert seat_results(info("p2 wins, 2 VP to 1", ("p1", "p2"))) == {"p1": "lost", "p2": "won"}
    assert seat_results(info("the players defeat Medeus", ("p1", "p2", "p3"))) == dict.fromkeys(("p1", "p2", "p3"), "won")
    assert seat_results(info("Medeus completes its plan: the players lose", ("p1", "p2"))) == {
        "p1": "lost", "p2": "lost"}
    assert seat_results(info("victory: all five tiles are face down", ("red",))) == {"red": "won"}
    assert histogram([1, 2, 3, 30]) == [(1, 3, 3), (4, 6, 0), (7, 9, 0), (10, 12, 0), (13, 15, 0), (16, 18, 0),
                                        (19, 21, 0), (22, 24, 0), (25, 27, 0), (28, 30, 1)]


@pytest.fixture(scope="module")
def few_games(tmp_path_factory) -> tuple[str, Store]:
    path = str(tmp_path_factory.mktemp("kinds") / "kinds.db")
    store = open_store(path)
    for seed in (1, 2, 3):
        selfplay_one(store, "brutality", seed, 2, {}, "greedy")
    store.create("brutality", seed=9, players=2)      # one still running
    return path, store


def test_the_kind_page_shows_outcomes_lengths_and_rules(few_games):
    _, store = few_games
    client = TestClient(create_app(store))
    html = client.get("/kinds/brutality").text
    assert "4 games stored: 3 finished, 1 running" in html
    wins = {s: sum(1 for g in store.catalogue.summaries("brutality", "finished") if g.outcome.startswith(s))
            for s in ("north", "south")}
    for seat, won in wins.items():
        assert re.search(rf"<tr><td>{seat}</td><td>{won}</td><td>{3 - won}</td>", html), (seat, html)
    assert html.count("<rect ") >= 2                 # two histograms: steps and commands
    assert 'href="/rules/brutality/brutality.' in html  # the rules most often fired, linked
    assert client.get("/kinds/chess").status_code == 404
    assert 'href="/kinds/brutality"' in client.get("/").text
    assert 'href="/kinds/brutality"' in client.get("/rules/brutality").text


def test_the_kind_page_on_a_memory_store_says_rules_are_unavailable():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    selfplay_one(store, "forbidden_alchemy", 1, None, {})
    html = TestClient(create_app(store)).get("/kinds/forbidden_alchemy").text
    assert "1 game stored" in html and "this one is in memory" in html


def test_boardlog_stats_prints_the_same_figures(few_games, capsys):
    path, store = few_games
    assert main(["stats", "brutality", "--db", path]) == 0
    out = capsys.readouterr().out
    assert out.startswith("brutality: 4 games stored, 3 finished, 1 running")
    steps = [g.steps for g in store.catalogue.summaries("brutality", "finished")]
    assert f"game length in steps: min {min(steps)}," in out and f"max {max(steps)}" in out
    assert "rules most often fired:" in out and "brutality." in out
    assert main(["stats", "chess", "--db", path]) == 2


def test_a_long_game_is_charted_in_the_background(tmp_path):
    """Past `inline_records`, a page never waits for the chart: it says the
    chart is being drawn, and a later page shows it."""
    store = open_store(str(tmp_path / "long.db"))
    gid = selfplay_one(store, "promised_day", 3, None, {})[0]
    app = create_app(store)
    client = TestClient(app)
    app.state.plots = plots = Plots(app.state.replay, inline_records=0)
    chart, pending = plots.look(gid)
    assert pending
    first = client.get(f"/games/{gid}?step=5").text
    assert 'id="plot-pending"' in first or 'id="plot"' in first   # the thread may be done already
    plots.wait(gid)
    assert plots.look(gid) == (plots.chart(gid), False) and plots.chart(gid) is not None
    html = client.get(f"/games/{gid}?step=5").text
    assert 'id="plot"' in html and 'id="plot-pending"' not in html


@pytest.mark.parametrize("kind", ["fmp", "brutality"])
def test_the_sampled_values_are_the_scores_at_each_turns_end(recorded, kind):
    """Samples (recorded by the index's turn fold) equal the scores read
    afresh at each turn's end, and the last is the game's latest."""
    store, ids = recorded
    gid, game = ids[kind], find_game(kind)
    replay = Replay(store)
    plots = Plots(replay)
    chart = plots.chart(gid)
    points = plots._memo[gid].points
    idx = replay.index(gid)
    assert set(points) == {s for _, s in sample_steps(idx)} and idx.version in points
    for step, scores in points.items():
        assert scores == game.scores(Replay(store).session(gid, step).state), step
    # Every turn end but the head was recorded by the index's turn fold: the chart folded nothing itself.
    assert all(idx.turn_end_scores(s) == points[s] for s in points if s != idx.version)
    assert [line.last for line in chart.panels[0].lines] == list(points[idx.version][chart.panels[0].name].values())


def test_a_game_of_few_turns_is_charted_by_command_in_one_pass(tmp_path):
    """Issue #24: a game with too few turns to chart by turn is charted by
    command, its samples' scores recorded by the index's turn fold on its
    way (a second pass over the game read them again), and that pass over
    the whole game describes no timeline lines (a page describes its own)."""
    from boardlog.bench.engine import build_long_game

    store = open_store(str(tmp_path / "few.db"))
    gid = build_long_game(store, 2500, progress=False)[0]
    game = store.live(gid).game
    replay = Replay(store)
    idx = replay.index(gid)
    plots, read = Plots(replay), store.db.rows_read
    chart = plots.chart(gid)
    assert chart is not None and axis_of(idx).unit == "command"
    assert 0 < store.db.rows_read - read <= idx.version  # each record read once
    assert not idx._lines
    samples = plots._memo[gid].points
    assert set(samples) == {s for _, s in sample_steps(idx)} and len(samples) > 100
    for step, scores in samples.items():
        assert scores == game.scores(store.session_at(gid, step).state), step
