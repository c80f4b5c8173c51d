"""Rule search (issue #14 item 1): the read model of every fact by kind,
rule, type and seat, kept up to date from the notification log."""

from __future__ import annotations

import threading
from collections import Counter

import pytest

import projections.rule_index as rule_index
from engine.core.errors import RuleSearchUnavailable
from engine.core.game import find_game, register
from engine.core.selfplay import selfplay_one
from engine.core.store import Store, open_store
from projections.rule_index import RuleIndex

register("duel", "tests.games.duel")


def _facts_in_store(store: Store) -> Counter:
    """(kind, rule) of every fact, counted straight from the games' records."""
    seen: Counter = Counter()
    for gid in store.catalogue.game_ids():
        kind = store.header(gid).kind
        seen.update((kind, r.rule) for r in store.rows(gid) if r.kind == "Happened")
    return seen


def _indexed(index: RuleIndex) -> Counter:
    return Counter((kind, rule) for _, _, kind, rule, *_ in index.all_rows())


def test_the_index_counts_every_fact_once(shared_store: Store):
    selfplay_one(shared_store, "duel", 1, None, {})
    selfplay_one(shared_store, "brutality", 3, 2, {}, "greedy")
    index = RuleIndex(shared_store)
    assert _indexed(index) == _facts_in_store(shared_store)
    rows = index.all_rows()
    assert len({r[0] for r in rows}) == len(rows)


def test_incremental_equals_rebuilt(shared_store: Store):
    index = RuleIndex(shared_store)
    gid = shared_store.create("duel", seed=5)
    game = find_game("duel")
    # Catch up after every command, as a server answering pages would.
    for _ in range(40):
        state = shared_store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        shared_store.issue(gid, seat, game.legal_commands(state, seat)[0].notation())
        index.catch_up()
    selfplay_one(shared_store, "duel", 2, None, {})
    incremental = index.all_rows()
    assert incremental == RuleIndex(shared_store).all_rows()  # a second reader agrees
    assert index.rebuild() == len(incremental)
    assert index.all_rows() == incremental


def test_a_restart_goes_on_where_it_stopped(shared_store: Store, monkeypatch):
    selfplay_one(shared_store, "brutality", 3, 2, {}, "greedy")
    monkeypatch.setattr(rule_index, "PAGE", 37)  # many small pages: a restart falls mid-command
    first = RuleIndex(shared_store)
    pages = []

    def stop_after_three(indexed, position):
        pages.append(position)
        if len(pages) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        first.catch_up(stop_after_three)
    assert first.position() == pages[-1]
    second = RuleIndex(shared_store)  # a new process: nothing in memory
    second.catch_up()
    resumed = second.all_rows()
    rebuilt = RuleIndex(shared_store)
    rebuilt.rebuild()
    assert resumed == rebuilt.all_rows() and resumed
    assert _indexed(second) == _facts_in_store(shared_store)


def test_two_readers_catching_up_at_once_never_count_twice(shared_store: Store, monkeypatch):
    selfplay_one(shared_store, "brutality", 8, 2, {}, "greedy")
    monkeypatch.setattr(rule_index, "PAGE", 50)
    readers = [RuleIndex(shared_store) for _ in range(3)]
    threads = [threading.Thread(target=r.catch_up) for r in readers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert _indexed(readers[0]) == _facts_in_store(shared_store)


def test_occurrences_are_newest_first_with_seat_and_words(shared_store: Store):
    gid, _, _ = selfplay_one(shared_store, "brutality", 3, 2, {}, "greedy")
    index = RuleIndex(shared_store)
    counts = index.counts("brutality")
    rule = max(counts.values(), key=lambda c: c.fired).rule
    first, total = index.occurrences("brutality", rule, page=1, per_page=5)
    second, _ = index.occurrences("brutality", rule, page=2, per_page=5)
    assert total == counts[rule].fired and len(first) == 5
    steps = [o.step for o in first + second]
    assert steps == sorted(steps, reverse=True) and len(set(steps)) == 10
    records = {r.version: r for r in shared_store.rows(gid)}
    for o in first:
        fact = records[o.step]
        assert fact.rule == rule and o.type == fact.data["type"]
        assert o.seat == records[fact.cause].data["seat"]  # the seat of the command it followed
        assert o.text and o.game_id == gid


def test_counts_per_rule_and_games(shared_store: Store):
    selfplay_one(shared_store, "duel", 1, None, {})
    selfplay_one(shared_store, "duel", 2, None, {})
    counts = RuleIndex(shared_store).counts("duel")
    expected = Counter(
        rule for kind, rule in _facts_in_store(shared_store).elements() if kind == "duel"
    )
    assert {r: c.fired for r, c in counts.items()} == dict(expected)
    assert all(1 <= c.games <= 2 for c in counts.values())
    assert RuleIndex(shared_store).counts("fmp") == {}


def test_a_deleted_game_leaves_the_index(shared_store: Store):
    keep, _, _ = selfplay_one(shared_store, "duel", 1, None, {})
    gone, _, _ = selfplay_one(shared_store, "duel", 2, None, {})
    index = RuleIndex(shared_store)
    index.catch_up()
    shared_store.catalogue.delete_game(gone)            # another process could have done it: the log says so
    later, _, _ = selfplay_one(shared_store, "duel", 3, None, {})
    assert {row[1] for row in index.all_rows()} == {keep.hex, later.hex}
    assert _indexed(index) == _facts_in_store(shared_store)
    rebuilt = RuleIndex(shared_store)
    rebuilt.rebuild()
    assert rebuilt.all_rows() == index.all_rows()


def test_a_memory_store_says_rule_search_needs_sql():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    with pytest.raises(RuleSearchUnavailable, match="SQLite or PostgreSQL"):
        RuleIndex(store)


def test_the_cli_counts_finds_and_reindexes(tmp_path, capsys):
    from boardlog.cli import main

    db = str(tmp_path / "cli.db")
    store = open_store(db)
    gid, _, _ = selfplay_one(store, "brutality", 3, 2, {}, "greedy")
    counts = RuleIndex(store).counts("brutality")
    busiest = max(counts.values(), key=lambda c: c.fired)
    assert main(["rules", "brutality", "--used", "--db", db]) in (0, None)
    out = capsys.readouterr().out
    assert f"{busiest.rule} " in out and f"fired {busiest.fired:,} times in 1 game " in out
    assert "never fired" in out and f"{len(counts)} of " in out
    main(["find", "brutality", busiest.rule, "--db", db])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{busiest.rule}: fired {busiest.fired:,} times")
    assert len(lines) == 1 + min(50, busiest.fired) and str(gid)[:8] in lines[1]
    assert main(["find", "brutality", "brutality.no-such-rule", "--db", db]) == 2
    assert "not in the brutality rule table" in capsys.readouterr().err
    main(["reindex", "--db", db])
    assert f"indexed {sum(c.fired for c in counts.values()):,} facts" in capsys.readouterr().out


def test_the_viewer_lists_occurrences_and_counts(tmp_path):
    from fastapi.testclient import TestClient

    from viewer.app import create_app

    store = open_store(str(tmp_path / "viewer.db"))
    gid, _, _ = selfplay_one(store, "brutality", 3, 2, {}, "greedy")
    client = TestClient(create_app(store))
    counts = RuleIndex(store).counts("brutality")
    busiest = max(counts.values(), key=lambda c: c.fired)
    table = client.get("/rules/brutality").text
    assert f"fired {busiest.fired:,} time" in table and "never fired" in table
    assert f'href="/rules/brutality/{busiest.rule}"' in table
    first = client.get(f"/rules/brutality/{busiest.rule}")
    assert first.status_code == 200
    assert f"Fired {busiest.fired:,} times" in first.text
    assert first.text.count(f'href="/games/{gid}?step=') == min(50, busiest.fired)
    if busiest.fired > 50:
        assert 'rel="next" href="?page=2"' in first.text
    # The link opens the step the fact was recorded at.
    step = int(first.text.split(f'href="/games/{gid}?step=')[1].split("&")[0])
    assert store.rows(gid, step - 1, step)[0].rule == busiest.rule
    assert client.get("/rules/brutality/brutality.nope").status_code == 404
    assert client.get("/rules/nope/x").status_code == 404
    assert client.get(f"/rules/brutality/{busiest.rule}?page=0").status_code == 422
    # A game played after the first look is found on the next one (the index catches up).
    selfplay_one(store, "brutality", 8, 2, {}, "greedy")
    later = client.get(f"/rules/brutality/{busiest.rule}").text
    assert f"Fired {RuleIndex(store).counts('brutality')[busiest.rule].fired:,} times" in later


def test_catching_up_while_games_are_written_misses_nothing(shared_store: Store):
    """Writers and the index at once: on PostgreSQL a record with a lower
    notification id can commit after a higher one; the index must wait for
    it rather than step past it."""
    index = RuleIndex(shared_store)
    errors = []

    def write(seed):
        try:
            selfplay_one(shared_store, "duel", seed, None, {})
        except Exception as e:      # noqa: BLE001 - reported below
            errors.append(e)
    writers = [threading.Thread(target=write, args=(seed,)) for seed in range(1, 5)]
    for t in writers:
        t.start()
    while any(t.is_alive() for t in writers):
        index.catch_up()
    for t in writers:
        t.join()
    assert not errors
    assert _indexed(index) == _facts_in_store(shared_store)


@pytest.mark.postgres
def test_a_late_commit_with_a_lower_id_is_not_stepped_over(tmp_path):
    """PostgreSQL: an insert holds notification id N uncommitted while a later
    one (N+k) commits; the index must not move past N before N commits."""
    import uuid

    import psycopg

    from tests.conftest import make_store

    store = make_store("postgres", tmp_path)
    try:
        source, _, _ = selfplay_one(store, "duel", 1, None, {})
        rows = [(r[0], r[1], r[2]) for r in store.db.rows(source, 0, 10**9)]
        recorder = store.recorder
        table = f'"{recorder.datastore.schema}"."{recorder.events_table_name}"'
        env = store.env
        late_id = uuid.uuid4()
        with psycopg.connect(dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"],
                             port=env.get("POSTGRES_PORT", "5432"), user=env["POSTGRES_USER"],
                             password=env["POSTGRES_PASSWORD"]) as late:
            with late.cursor() as c:    # holds its ids, uncommitted
                c.executemany(f"INSERT INTO {table} (originator_id, originator_version, topic, state) "
                              "VALUES (%s, %s, %s, %s)", [(late_id, v, t, s) for v, t, s in rows])
            selfplay_one(store, "duel", 2, None, {})          # commits higher ids first
            index = RuleIndex(store)
            done = threading.Event()
            reader = threading.Thread(target=lambda: (index.catch_up(), done.set()))
            reader.start()
            assert not done.wait(0.5)       # it waits for the insert in flight ...
            late.commit()
            reader.join(10)
        assert done.is_set()
        assert late_id.hex in {row[1] for row in index.all_rows()}   # ... and then indexes it
        assert _indexed(index) == _facts_in_store(store)
    finally:
        store.close()
