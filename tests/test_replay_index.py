"""The replay index (projections/replay.py) built lazily: a page at one step
indexes only the stretch around it, and whatever order the stretches are
built in, every answer is the one a fold of the whole game gives."""

from __future__ import annotations

import random

import pytest

import projections.replay as replay_module
from engine.core import session as fold
from engine.core.selfplay import selfplay_one
from engine.core.store import open_store
from projections.replay import Replay, timeline_window
from projections.timeline import line

STRETCH = 64  # small stretches: a short game crosses many of their edges


@pytest.fixture
def store(monkeypatch):
    monkeypatch.setattr(replay_module, "CHUNK", STRETCH)
    s = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield s
    s.close()


def reference(store, gid):
    """Turn starts, turn numbers and lines from one fold of the whole game
    (the way the index was built before it was lazy)."""
    game = store.live(gid).game
    session, starts, numbers, lines = None, [], [], []
    for r in store.rows(gid):
        if r.kind == fold.COMMAND:
            turn = game.turn(session.state)
            if numbers[-1] != turn:
                starts.append(r.version)
                numbers.append(turn)
        elif r.kind == fold.STARTED:
            starts.append(1)
            numbers.append(0)
        session = fold.fold_record(game, session, r.kind, r.version, r.data)
        lines.append(line(game, r))
    return starts, numbers, lines


def _turn_of(starts, numbers, step):
    i = max(i for i, s in enumerate(starts) if s <= step)
    return numbers[i]


def _turn_neighbours(starts, version, step):
    ends = [s - 1 for s in starts[1:]] + [version]
    prev = max((e for e in ends if e < step), default=1)
    nxt = min((e for e in ends if e > step), default=version)
    return prev, nxt


def _check(store, gid, steps):
    starts, numbers, lines = reference(store, gid)
    idx = Replay(store).index(gid)
    for step in steps:
        assert idx.lines[step - 1] == lines[step - 1]
        assert idx.turn_of(step) == _turn_of(starts, numbers, step)
        assert idx.neighbours(step, "turn") == _turn_neighbours(starts, idx.version, step)
    assert (idx.turn_starts, idx.turn_numbers) == (starts, numbers)
    assert list(idx.lines) == lines


def test_a_page_at_an_early_step_indexes_only_the_stretch_around_it(store):
    gid, steps, _ = selfplay_one(store, "roundtable", 1, None, {})
    assert steps > 10 * STRETCH
    idx = Replay(store).index(gid)
    window = timeline_window(idx, 10, [])
    idx.neighbours(10, "command")
    # Only the stretches the window's entries lie in: nothing folded or described beyond.
    reach = (window["entries"][-1]["first"] - 1) // STRETCH
    assert set(idx._turns) | set(idx._lines) <= set(range(reach + 1))
    assert reach < steps // STRETCH // 2 and window["entries"][0]["first"] == 1
    _check(store, gid, [10, 11, STRETCH, STRETCH + 1])


def test_stretches_built_in_any_order_agree_with_a_whole_fold(store):
    gid, steps, _ = selfplay_one(store, "roundtable", 2, None, {})
    order = list(range(1, steps + 1))
    random.Random(2).shuffle(order)
    _check(store, gid, order[:150])


def test_a_growing_game_extends_its_last_stretch(store):
    gid = store.create("forbidden_alchemy", seed=9)
    replay = Replay(store)
    for n in range(41):
        if n == 40:  # the last command's undo, redone: undone no more
            store.redo(gid, "investigator")
        else:
            store.issue(gid, "investigator", "swap 1 2" if n % 2 else "swap 2 3")
            store.undo(gid, "investigator")
            if n % 10 == 0:
                store.redo(gid, "investigator")
                store.undo(gid, "investigator")
        idx = replay.index(gid)
        last = idx.version
        idx.lines[last - 1], idx.turn_of(last)  # the last stretch indexed, then extended next round
    starts, numbers, lines = reference(store, gid)
    assert list(idx.lines) == lines and idx.turn_starts == starts
    undone = {r.cause: r.kind == fold.UNDONE for r in store.rows(gid) if r.kind in (fold.UNDONE, fold.REDONE)}
    assert idx.undone == undone and any(undone.values()) and not all(undone.values())


def test_a_pinned_request_reads_what_an_unpinned_one_does(store):
    """`Replay.pinned` folds each step on from one read before it: whatever the
    order asked, every session and view is the one read afresh; a step past
    the end is refused as ever; the game is caught up once for the block."""
    from engine.core.errors import StepOutOfRange

    gid = selfplay_one(store, "brutality", 4, None, {})[0]
    game, last = store.live(gid).game, store.head_version(gid)
    steps = [last // 2, 1, last // 2 + 3, 2, last, last // 2 - 1, 63, 64, 65]
    replay = Replay(store)
    with replay.pinned():
        for step in steps:
            assert replay.session(gid, step).state == store.session_at(gid, step).state, step
            assert replay.view(gid, step, None) == game.view(store.session_at(gid, step).state, None)
        with pytest.raises(StepOutOfRange):
            replay.session(gid, last + 1)
    caught_up = []
    real = store.reader._catch_up
    store.reader._catch_up = lambda g: caught_up.append(g) or real(g)
    with replay.pinned():
        assert store.live(gid) is store.live(gid) is store.live(gid)
    assert caught_up == [gid]
    store.live(gid)  # outside a pinned block: caught up on every call
    assert caught_up == [gid, gid]


def test_the_next_page_folds_on_from_the_lowest_step_the_page_before_read(store):
    """A page keeps the lowest and the last session it folded (the step
    before its command group, and the group's end): the next step by event
    (the arrow key), mostly in the same group, starts from there, not from
    the step cache's mark below; the bench's first-look figures forget them."""
    gid = selfplay_one(store, "brutality", 4, None, {})[0]
    replay = Replay(store)
    idx = replay.index(gid)
    every = replay.steps.interval
    first, last = next((f, g) for f, g in (idx.group(s) for s in range(100, 400))
                       if g - f >= 2 and (f - 1) % every and (last_mark := (g + 5) // every * every) < g)
    mark = (first - 1) // every * every
    with replay.pinned():
        replay.prepare(gid, (first - 1, first, first + 1, last))
    assert replay.steps.start_for(gid, first - 1).version == first - 1 > mark
    assert replay.steps.start_for(gid, last + 5).version == last > last_mark
    replay.forget_drawn()
    assert replay.steps.start_for(gid, first - 1).version <= max(mark, 1)


def test_a_built_stretch_is_read_while_another_is_being_built(store):
    """Issue #24: a page reads the turns and lines of a stretch built before
    without the index's lock, which a fold of another stretch holds (a
    chart's pass over a long game, in its thread: a page on the event loop
    waited for it, and every request behind that page too)."""
    import threading

    gid, steps, _ = selfplay_one(store, "roundtable", 1, None, {})
    starts, numbers, lines = reference(store, gid)
    idx = Replay(store).index(gid)
    step = 10
    idx.turn_of(step), idx.lines[step - 1]  # its stretch built, as a page before built it
    read = []
    with idx._stretch_lock:  # held, as by a fold of another stretch
        reader = threading.Thread(target=lambda: read.append((idx.turn_of(step), idx.lines[step - 1])))
        reader.start()
        reader.join(30)  # (a bound for a failure only: it waits for nothing now)
        answered = list(read)  # while the lock is still held
    reader.join()
    assert answered == [(_turn_of(starts, numbers, step), lines[step - 1])]


def test_a_page_gets_the_lock_between_the_stretches_of_a_whole_fold(store, monkeypatch):
    """Issue #24: a chart's fold of every stretch (a long game's, in its own
    thread) gives way, between stretches, to a page waiting to build its own
    stretch: let go and taken again at once, the lock went to the fold each
    time, and the page waited for the whole game (when the machine was busy:
    on an idle one the page often won the race anyway)."""
    import threading
    import time

    gid, steps, _ = selfplay_one(store, "roundtable", 1, None, {})
    idx = Replay(store).index(gid)
    assert steps > 8 * STRETCH  # stretches enough to tell
    real, began, folded = replay_module.GameIndex._fold_turns, threading.Event(), []

    def slow_fold(self, st, top, describe=True):
        began.set()
        time.sleep(0.01)  # (holding the lock: each stretch takes a while)
        real(self, st, top, describe)
        folded.append((threading.current_thread().name, st.lo))

    monkeypatch.setattr(replay_module.GameIndex, "_fold_turns", slow_fold)
    chart = threading.Thread(target=lambda: idx.turn_starts, name="chart")
    chart.start()
    began.wait(30)
    page_done = []
    page = threading.Thread(target=lambda: page_done.append((idx.turn_of(steps), len(folded))), name="page")
    page.start()
    page.join(60)
    chart.join(60)
    order = [who for who, _ in folded]
    assert "page" in order, "the page waited for the chart's whole fold"
    # The fold gives way at its next stretch: the page's comes right after the one under way.
    assert order.index("page") <= 2, order
    assert page_done[0][1] < len(folded), "the page was answered only after the chart's last stretch"
    starts, numbers, _ = reference(store, gid)
    assert page_done[0][0] == _turn_of(starts, numbers, steps)


# ---- the light pass kept in the store a stretch at a time (engine/core/light_pass.py) ----------
EVERY = 7  # a short game crosses many stretches' ends


def _light_of(idx):
    return (idx.version, idx.starts, idx.commands, idx.undone, idx.secret, idx.revealed)


def _counting_raw(monkeypatch, store):
    """Rows the store's raw reader hands out, counted."""
    read = []
    real = store.reader.raw

    def raw(game_id, gt=0, lte=None):
        for row in real(game_id, gt, lte):
            read.append(row[0])
            yield row

    monkeypatch.setattr(store.reader, "raw", raw)
    return read


def _parts(store, gid):
    sql = store.db.sql(prefix="stream_index")
    with sql.reading() as c:
        c.execute(sql.q("SELECT first_version, version FROM stream_index WHERE game_id = ? ORDER BY version"),
                  (gid.hex,))
        return sql.rows(c)


def _kept_store(tmp_path):
    return open_store(str(tmp_path / "kept.db"), env={"BOARDLOG_CHECKPOINT_EVERY": str(EVERY)})


@pytest.mark.parametrize("kind", ["brutality", "forbidden_alchemy_story", "roundtable"])
def test_the_writer_keeps_each_stretch_and_a_new_replay_reads_only_the_last(tmp_path, kind):
    """As the game is written, each whole stretch's light pass is kept; a
    new process (a new `Replay`) reads only the rows of the unfinished last
    stretch (and the rows that vouch for the parts), and its index is the
    one a pass over every row gives: secret commands, reveals and undos
    across stretches included."""
    store = _kept_store(tmp_path)
    gid, steps, _ = selfplay_one(store, kind, 3, None, {}, "random")
    assert _parts(store, gid) == [(v - EVERY, v) for v in range(EVERY, steps + 1, EVERY)]
    whole = _light_of(Replay(store, keep_index=False).index(gid))
    assert whole[0] == steps
    with pytest.MonkeyPatch.context() as m:
        read = _counting_raw(m, store)
        assert _light_of(Replay(store).index(gid)) == whole
    assert read == list(range(steps - steps % EVERY + 1, steps + 1))
    if kind != "roundtable":
        assert whole[4], f"{kind}: a game with secret commands played none"  # the case that matters
    store.close()


@pytest.mark.parametrize("kind", ["brutality", "forbidden_alchemy_story"])
def test_stretches_missing_are_passed_over_and_kept(tmp_path, kind):
    """Parts missing (a game written before the table, a part whose write
    failed) or out of reach: their rows are passed over, in order with the
    parts used, and kept then; at several cut points an index caught up
    from a shorter one equals the whole pass."""
    store = _kept_store(tmp_path)
    gid, steps, _ = selfplay_one(store, kind, 4, None, {}, "random")
    whole = _light_of(Replay(store, keep_index=False).index(gid))
    parts = _parts(store, gid)
    gone = [parts[1], parts[len(parts) // 2], parts[-1]]
    sql = store.db.sql(prefix="stream_index")
    with sql.transaction(commit=True) as c:
        for _, version in gone:
            c.execute(sql.q("DELETE FROM stream_index WHERE game_id = ? AND version = ?"), (gid.hex, version))
    with pytest.MonkeyPatch.context() as m:
        read = _counting_raw(m, store)
        assert _light_of(Replay(store).index(gid)) == whole
    assert set(read) == {v for first, last in gone for v in range(first + 1, last + 1)} | set(
        range(parts[-1][1] + 1, steps + 1))
    assert _parts(store, gid) == parts  # kept again
    # An index that knew the game up to `cut` (a page of a game still being played) catches up.
    for cut in sorted({2, EVERY, steps // 3, steps // 2 + 1, steps - 1}):
        replay, live = Replay(store), store.live(gid)
        idx = replay_module.GameIndex(_source=(replay, gid, live.game))
        replay._scan(idx, live.game, kind, gid, store.session_at(gid, cut))
        assert idx.version == cut
        replay._scan(idx, live.game, kind, gid, live.session)
        assert _light_of(idx) == whole, cut
    store.close()


def test_a_kept_part_that_does_not_fit_the_stream_is_not_used(tmp_path, monkeypatch):
    """A part is trusted only for the same stream (its last row's digest)
    and the same code; otherwise its rows are passed over again, and a
    deleted game's parts go with it."""
    import engine.core.light_pass as light_module

    store = _kept_store(tmp_path)
    gid, steps, _ = selfplay_one(store, "forbidden_alchemy_story", 4, None, {}, "random")
    whole = _light_of(Replay(store, keep_index=False).index(gid))
    first, last = _parts(store, gid)[2]
    sql = store.db.sql(prefix="stream_index")
    with sql.transaction(commit=True) as c:
        c.execute(sql.q("UPDATE stream_index SET last_row = ? WHERE game_id = ? AND version = ?"),
                  ("00" * 16, gid.hex, last))
    with monkeypatch.context() as m:
        read = _counting_raw(m, store)
        assert _light_of(Replay(store).index(gid)) == whole
    assert set(range(first + 1, last + 1)) <= set(read) and len(read) < steps // 2
    with monkeypatch.context() as m:
        m.setattr(light_module, "code_of", lambda kind: "other code")
        read = _counting_raw(m, store)
        assert _light_of(Replay(store).index(gid)) == whole
    assert len(read) == steps
    store.forget(gid)
    assert _parts(store, gid) == []
    store.close()


def test_a_store_without_sql_keeps_no_pass(store):
    """In memory there is no table: the index is made by the whole pass,
    as before, and nothing fails."""
    gid = store.create("forbidden_alchemy", seed=2)
    for _ in range(300):
        store.issue(gid, "investigator", "swap 1 2")
        store.undo(gid, "investigator")
    replay = Replay(store)
    assert replay.index(gid).version == store.head_version(gid) > store.checkpoints.every
    assert store.passes.load(gid, "forbidden_alchemy", 0, store.head_version(gid)) == {}


def test_a_store_opened_for_reading_reads_the_kept_parts_and_hands_on_new_ones(tmp_path, monkeypatch):
    """The command line's read-only store (engine/core/readonly.py) reads
    the parts the writer kept, and hands the ones it had to pass over to
    the full store, as it does checkpoints."""
    from engine.core.readonly import open_reader

    store = _kept_store(tmp_path)
    gid, steps, _ = selfplay_one(store, "brutality", 3, None, {}, "random")
    whole = _light_of(Replay(store, keep_index=False).index(gid))
    parts = _parts(store, gid)
    sql = store.db.sql(prefix="stream_index")
    with sql.transaction(commit=True) as c:
        c.execute(sql.q("DELETE FROM stream_index WHERE game_id = ? AND version = ?"), (gid.hex, parts[0][1]))
    monkeypatch.setenv("BOARDLOG_CHECKPOINT_EVERY", str(EVERY))  # the read-only store's stretches
    reader = open_reader(str(tmp_path / "kept.db"))
    with pytest.MonkeyPatch.context() as m:
        read = _counting_raw(m, reader)
        assert _light_of(Replay(reader).index(gid)) == whole
    assert set(read) == set(range(1, EVERY + 1)) | set(range(parts[-1][1] + 1, steps + 1))
    assert _parts(store, gid) == parts  # handed on and kept
    reader.close()
    store.close()
