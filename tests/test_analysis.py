"""Computer analysis (issue #23): the search bot, the analysis of a finished
game, and the queue that keeps analyses beside the events.

Budgets here are tiny (a few lines per decision): these tests check what
the search may and may not do, not how well it plays.  How well it plays
is the bench's (`python -m analysis.bench`), and the long runs below only
run with BOARDLOG_SOAK=1.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections import Counter
from pathlib import Path

import orjson
import pytest

from analysis.jobs import BATCH, Analyses, AnalysisUnavailable
from analysis.match import play
from analysis.policy import rollout_bot
from analysis.review import GameRunning, analyse_game, mark_of
from analysis.search import Budget, search_bot
from analysis.simulate import acting
from analysis.train import start
from engine.core.errors import ImportRejected
from engine.core.game import find_game
from engine.core.interchange import import_any
from engine.core.store import Store, open_store
from tests.conftest import make_store

FIXTURES = Path(__file__).parent.parent / "fixtures" / "games"
TINY = Budget(simulations=6, candidates=3, turns=1)
STORY = "forbidden_alchemy_story"


def position_after(kind: str, commands: int, seed: int = 3):
    """A running position of `kind` after at most `commands` commands of its
    rollout bot (fewer in a game that would be over)."""
    game = find_game(kind)
    options = game.options(None, {})
    sim, state = start(game, seed, options)
    bot = rollout_bot(game)
    rng = random.Random(seed)
    for _ in range(commands):
        seat, legal = acting(game, state)
        after = sim.play(state, seat, bot(state, seat, legal, rng))
        if game.outcome(after) is not None:
            break
        state = after
    return game, options, state


# ---- the search never plays an illegal command --------------------------------------------
@pytest.mark.parametrize("kind", ["fmp", "roundtable", "brutality", "promised_day", "forbidden_alchemy", STORY])
def test_the_search_picks_only_legal_commands(kind):
    game, options, state = position_after(kind, 12)
    bot = search_bot(kind, game.seats(options), TINY)
    seat, legal = acting(game, state)
    rng = random.Random(1)
    for _ in range(2):
        assert bot(state, seat, legal, rng) in legal


def test_a_whole_game_of_search_against_greedy_stays_legal():
    """`play` refuses any command outside `legal`: a game to its end says
    every choice of the search was legal (the story game: a short one)."""
    game = find_game(STORY)
    seats = game.seats(game.options(None, {}))
    bots = {"search": search_bot(STORY, seats, TINY), "greedy": game.BOTS["greedy"]}
    result = play(STORY, 5, bots, {seats[0]: "greedy", seats[1]: "search"})
    assert result.outcome and result.moves["search"] > 0


# ---- the search never reads what its seat cannot see --------------------------------------
# (tests/test_analysis_guess.py has the sharp test: a game where peeking pays.)
def choices(bot, state, seat, legal, runs: int) -> Counter:
    return Counter(bot(state, seat, legal, random.Random(n)).notation() for n in range(runs))


def test_two_states_that_differ_only_in_hidden_information_get_the_same_choices():
    """In the story game: the investigator's choices with the keeper's hand,
    the objective and the decks as they are, and as `scramble_hidden` deals
    them again.  The search sees both through its own guesses, so its
    choices differ by chance alone (the same seeds; a guess drawn from a
    different true state may come out otherwise)."""
    game, options, state = position_after(STORY, 2)
    seat, legal = acting(game, state)
    other = game.scramble_hidden(state, seat, random.Random(99))
    assert other != state and game.view(other, seat) == game.view(state, seat)
    bot = search_bot(STORY, game.seats(options), TINY)
    runs = 16
    a, b = choices(bot, state, seat, legal, runs), choices(bot, other, seat, legal, runs)
    apart = sum(abs(a[c] - b[c]) for c in set(a) | set(b)) / (2 * runs)
    assert len(a) > 1 and apart <= 0.2, (a, b)


# ---- the analysis of a finished game ------------------------------------------------------
@pytest.fixture
def story_game(tmp_path):
    store = open_store(str(tmp_path / "boardlog.db"))
    gid = import_any(store, str(FIXTURES / f"{STORY}-1.jsonl"))[0]
    return store, gid


def test_the_analysis_of_a_recorded_game_is_the_same_with_the_same_seed(story_game):
    store, gid = story_game
    seen = []
    first = analyse_game(store, gid, TINY, seed=7, progress=lambda done, total: seen.append((done, total)))
    again = analyse_game(store, gid, TINY, seed=7)
    assert first.judged == again.judged
    total = len(first.judged)
    assert seen == [(n, total) for n in range(1, total + 1)]
    # Every command a player chose, and only those, with its seat and notation.
    commands = [r for r in store.rows(gid) if r.kind == "CommandIssued" and r.data["seat"] != "system"]
    assert [(j.step, j.seat, j.played) for j in first.judged] == [
        (r.version, r.data["seat"], r.data["text"]) for r in commands]
    for j in first.judged:
        assert 0 <= j.after <= 1 and 0 <= j.before <= 1
        assert set(j.chances) == set(first.seats)
        assert (j.mark is None) == (j.before - j.after < 0.05) or j.mark is None


def test_a_running_game_is_never_analysed(tmp_path):
    store = open_store(str(tmp_path / "boardlog.db"))
    gid = store.create(STORY, seed=1)
    with pytest.raises(GameRunning):
        analyse_game(store, gid, TINY)
    with pytest.raises(GameRunning):
        Analyses(store).request(gid, TINY)


@pytest.mark.parametrize(("drop", "error", "mark"), [
    (0.20, 0.01, "??"), (0.15, 0.01, "??"), (0.12, 0.01, "?"), (0.07, 0.01, "?!"),
    (0.04, 0.0, None), (0.20, 0.15, None), (-0.1, 0.0, None)])
def test_marks_follow_the_drop_in_chance_and_ignore_noise(drop, error, mark):
    assert mark_of(drop, error) == mark


# ---- the queue ------------------------------------------------------------------------------
@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_queued_work_gives_the_analysis_and_spreads_over_workers(backend, tmp_path):
    """Two workers taking turns at the same queue (as two processes would)
    give the analysis one process gives: each position has its own dice."""
    store = make_store(backend, tmp_path)
    gid = import_any(store, str(FIXTURES / f"{STORY}-1.jsonl"))[0]
    one, two = Analyses(store), Analyses(store)
    assert one.request(gid, TINY, seed=3).status == "queued"
    while one.work(batch=1) + two.work(batch=2):
        pass
    assert one.progress(gid).status == "done"
    assert one.load(gid).judged == analyse_game(store, gid, TINY, seed=3).judged


def test_an_analysis_is_deleted_and_asked_for_again(story_game):
    store, gid = story_game
    queue = Analyses(store)
    queue.request(gid, TINY, seed=1)
    assert queue.load(gid) is None and queue.load(gid, partial=True).judged == []
    queue.drop_tables()
    queue.create_tables()
    assert queue.progress(gid).status == "none"
    queue.request(gid, TINY, seed=1)
    while queue.work():
        pass
    assert queue.load(gid) is not None
    queue.delete(gid)
    assert queue.load(gid) is None


def test_an_in_memory_store_has_no_queue():
    with pytest.raises(AnalysisUnavailable):
        Analyses(open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}))


def _work_forever(env: dict[str, str]) -> None:
    queue = Analyses(open_store(env=env), lease=LEASE)
    queue.run_worker(idle=0.05, batch=1)


LEASE = 1.0  # seconds: a dead SQLite worker's claim is free again this soon


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_killed_workers_job_completes_on_another(backend, tmp_path):
    store = make_store(backend, tmp_path)
    gid = import_any(store, str(FIXTURES / f"{STORY}-1.jsonl"))[0]
    queue = Analyses(store, lease=LEASE)
    queue.request(gid, TINY, seed=5)
    worker = multiprocessing.get_context("fork").Process(target=_work_forever, args=(store.env,))
    worker.start()
    try:
        while queue.progress(gid).done < 3:
            assert worker.is_alive()
            worker.join(0.05)
    finally:
        worker.kill()  # SIGKILL: no clean-up, whatever it was doing
        worker.join()
    assert queue.progress(gid).status == "queued"
    deadline = time.monotonic() + 30
    while queue.progress(gid).status == "queued":
        assert time.monotonic() < deadline, queue.progress(gid)
        if not queue.work():
            time.sleep(0.1)  # what the dead worker held comes free when its lease ends
    assert queue.load(gid).judged == analyse_game(store, gid, TINY, seed=5).judged


@pytest.mark.postgres
def test_a_worker_judging_longer_than_the_idle_timeout_keeps_its_claim(tmp_path, monkeypatch):
    """PostgreSQL cuts a connection idle in a transaction after the store's
    timeout (1 s here); a worker holds its claim as such a transaction while
    it judges, so judging for longer must not lose the connection."""
    store = make_store("postgres", tmp_path)
    store = Store(env={**store.env, "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT": "1"})
    gid = import_any(store, str(FIXTURES / f"{STORY}-1.jsonl"))[0]
    queue = Analyses(store)
    queue.request(gid, TINY, seed=5)
    judge = Analyses._judge

    def slow(self, claimed):
        time.sleep(1.5)  # longer than the timeout, as a big budget on a busy machine is
        return judge(self, claimed)

    monkeypatch.setattr(Analyses, "_judge", slow)
    assert queue.work() == BATCH
    assert queue.progress(gid).done == BATCH


# ---- export and import ----------------------------------------------------------------------
def test_an_analysis_exports_and_imports_as_lines_of_its_own(story_game):
    store, gid = story_game
    queue = Analyses(store)
    queue.request(gid, TINY, seed=2)
    while queue.work():
        pass
    lines = [orjson.loads(line) for line in queue.export_lines(gid)]
    assert set(lines[0]) == {"analysis"} and all(set(x) == {"analysed"} for x in lines[1:])
    before = queue.load(gid)
    queue.delete(gid)
    queue.import_lines(gid, enumerate(lines, 1))
    assert queue.load(gid).judged == before.judged
    lines[2]["analysed"]["played"] = "end"
    with pytest.raises(ImportRejected, match="3: analysed: step"):
        queue.import_lines(gid, enumerate(lines, 1))


# ---- strength: long, only on request ---------------------------------------------------------
@pytest.mark.skipif(not os.environ.get("BOARDLOG_SOAK"), reason="a strength run: set BOARDLOG_SOAK=1")
def test_the_search_is_clearly_stronger_than_greedy():
    from analysis.bench import strength

    for figures in strength(games=int(os.environ.get("BOARDLOG_SOAK_GAMES", "30"))):
        assert figures.passes, figures.line()


def test_a_weak_learnt_evaluation_lets_lines_run_to_the_end():
    """Roundtable's model guesses the winner of a stopped line little better
    than a coin (held-out log loss above WEAK_MODEL): its lines run to the end;
    Brutality's is trusted for a round (analysis/search.py)."""
    from analysis.search import WEAK_MODEL, Search

    weak, trusted = Search("roundtable", ("p1", "p2")), Search("brutality", ("north", "south"))
    assert weak.evaluate.model.fitted_on["held_out_log_loss"] > WEAK_MODEL
    assert weak.budget.turns == 0
    assert trusted.evaluate.model.fitted_on["held_out_log_loss"] <= WEAK_MODEL
    assert trusted.budget.turns >= 1


@pytest.mark.postgres
def test_servers_starting_together_create_the_read_models_tables_once(tmp_path):
    """Several processes opening one fresh PostgreSQL store at once each
    create the analysis queue's and the rule index's tables: concurrent
    `CREATE TABLE IF NOT EXISTS` of one table failed in the catalogue (a
    load test's second server died of it); they now take turns."""
    import threading

    from projections.rule_index import RuleIndex

    env = make_store("postgres", tmp_path).env  # the store's own tables made; none of the read models'
    start, failures = threading.Barrier(6), []

    def open_read_models() -> None:
        try:
            store = Store(env=env)
            start.wait()
            Analyses(store)
            RuleIndex(store)
        except Exception as e:  # noqa: BLE001 - every failure is the finding
            failures.append(repr(e))

    threads = [threading.Thread(target=open_read_models) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
