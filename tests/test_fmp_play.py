"""Whole games of `fmp` through the store: random legal play, and a hasty
game played to its end (every player ends each turn at once, stays at
turn 21 and takes off at turn 25).  Replay equals live, `verify` finds the
record identical, and no seat's view ever holds a tide it may not see.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.interchange import verify
from engine.core.store import open_store
from engine.core.visibility import SECRET_TEXT, shown_payload

register("fmp", "engine.games.fmp")
game = find_game("fmp")


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def check_views(state, seats, rng):
    for seat in (*seats, "", None):
        shown = game.view(state, seat)
        scrambled = game.scramble_hidden(state, seat, rng)
        assert game.view(scrambled, seat) == shown, f"{seat}'s view shows hidden information"
        if seat is not None:
            assert "future_tides" not in shown and "tides_aside" not in shown
            assert len(shown["forecast"]) <= len(state.future)


def check_position(state):
    """What must hold in every position: each unit in one place, one unit a
    hex (pontoons aside), cargo lists and carriers agree, no overspending."""
    assert state.ap >= 0 and all(n >= 0 for n in state.reserve.values())
    standing = Counter()
    for u in state.units.values():
        assert [bool(u.at), bool(u.carrier), bool(u.inside)].count(True) == 1, u
        if u.carrier:
            assert u.id in state.units[u.carrier].cargo, u
        assert all(state.units[x].carrier == u.id for x in u.cargo if x != "ore"), u
        if u.kind != "pontoon":
            standing.update(h for h in (u.at, u.tail) if h)
        if u.at and u.kind != "pontoon":
            assert u.at not in state.ore, u
    assert all(n == 1 for n in standing.values()), standing.most_common(2)


def test_random_legal_play_replays_and_verifies():
    store = memory()
    gid = store.create("fmp", seed=11, players=3)
    seats = store.live(gid).header.seats
    rng = random.Random(11)
    for n in range(250):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        check_position(state)
        if n % 30 == 0:
            check_views(state, seats, rng)
        seat = rng.choice([s for s in game.to_act(state) if s != SYSTEM])
        legal = game.legal_commands(state, seat)
        assert legal, f"{seat} must act but has no legal command"
        store.issue(gid, seat, rng.choice(legal).notation())
    live = store.live(gid)
    assert live.session.state.turn >= 4
    assert store.load(gid).session == live.session
    rows = store.rows(gid)
    assert verify(live.header, rows[1:]) is None


def hasty(state, seat, legal):
    """End every turn at once; stay at turn 21; take off at turn 25."""
    by_verb = {c.verb: c for c in legal}
    for verb in ("liftoff", "land", "done", "end"):
        if verb in by_verb:
            return by_verb[verb]
    stay = [c for c in legal if c.verb == "choose" and c.choice == "stay"]
    return stay[0] if stay else legal[0]


def test_a_hasty_game_reaches_its_end_with_secret_choices():
    store = memory()
    gid = store.create("fmp", seed=5, players=2)
    seats = store.live(gid).header.seats
    rng = random.Random(5)
    for _ in range(400):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        if state.turn in (3, 11, 21):
            check_views(state, seats, rng)
        seat = [s for s in game.to_act(state) if s != SYSTEM][0]
        store.issue(gid, seat, hasty(state, seat, game.legal_commands(state, seat)).notation())
    state = store.live(gid).session.state
    assert game.outcome(state) is not None and state.turn == 25
    assert {f.status for f in state.freighters.values()} == {"departed"}
    rows = store.rows(gid)
    assert verify(store.live(gid).header, rows[1:]) is None
    assert store.load(gid).session == store.live(gid).session
    # The turn-21 choices were secret commands: another seat saw only
    # "(secret command)" while the game ran; the finished game shows them.
    choices = [r for r in rows if r.kind == "CommandIssued" and r.data["command"]["verb"] == "choose"]
    assert len(choices) == 2
    for r in choices:
        other = next(s for s in seats if s != r.data["seat"])
        assert shown_payload(game, r.data, r.version, other, (), finished=False)["text"] == SECRET_TEXT
        assert shown_payload(game, r.data, r.version, other, (), finished=True)["text"].startswith("choose")


def test_the_greedy_bot_brings_ore_home_and_takes_off():
    from engine.core.selfplay import selfplay_one

    store = memory()
    gid, steps, outcome = selfplay_one(store, "fmp", 7, 2, {}, "greedy")
    state = store.live(gid).session.state
    assert game.outcome(state) == outcome and state.turn == 25
    assert any(f.status == "departed" and f.score > 0 for f in state.freighters.values())
    assert verify(store.live(gid).header, store.rows(gid)[1:]) is None
