"""The conformance suite: every registered game, random legal play from
random seeds (Hypothesis), and the engine's promises checked after each step.

- replaying the stored events gives the live state (fast path and the
  library's own `repository.get`);
- undo restores the state before the command, redo the state after it;
- a command that is not legal raises RuleViolation and appends nothing;
- a seat's view does not change when what it may not see is shuffled;
- `verify` finds the record identical; export then import gives the same stream.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.errors import RuleViolation
from engine.core.game import find_game, game_ids
from engine.core.interchange import export_lines, import_file, verify
from engine.core.store import open_store
from projections.steps import StepCache

MAX_COMMANDS = 40


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def candidate_texts(game, seats):
    """Command texts of every verb with arbitrary arguments, legal or not."""
    choices = []
    for verb, cls in game.COMMANDS.by_verb.items():
        parts = [st.just(verb)]
        for field in dataclasses.fields(cls):
            if field.type in (int, "int"):
                parts.append(st.integers(-1, 14).map(str))
            else:
                parts.append(st.sampled_from([*seats, "x", "A1"]))
        choices.append(st.tuples(*parts).map(" ".join))
    choices.append(st.text(max_size=12))
    return st.one_of(*choices)


def check_views(game, state, seats, rng):
    for seat in (*seats, None):
        shown = game.view(state, seat)
        json.dumps(shown)  # plain JSON data
        scrambled = game.scramble_hidden(state, seat, rng)
        assert game.view(scrambled, seat) == shown, f"{seat}'s view shows hidden information"


def play(data, store, kind):
    game = find_game(kind)
    seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
    players = data.draw(st.sampled_from(game.PLAYER_COUNTS), label="players")
    gid = store.create(kind, seed=seed, players=players)
    seats = store.live(gid).header.seats
    rng = random.Random(seed)
    for _ in range(MAX_COMMANDS):
        live = store.live(gid)
        session, state = live.session, live.session.state
        check_views(game, state, seats, rng)
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = {c.notation() for c in game.legal_commands(state, seat)}
        assert legal, f"{kind}: {seat} must act but has no legal command"

        # Anything that is not legal is refused and leaves the stream as it was.
        text = data.draw(candidate_texts(game, seats), label="attempt")
        try:
            parsed = game.COMMANDS.parse(text).notation()
        except RuleViolation:
            parsed = None
        if parsed not in legal:
            with pytest.raises(RuleViolation) as refused:
                store.issue(gid, seat, text)
            assert refused.value.rule in game.RULES
            assert store.head_version(gid) == session.version

        move = data.draw(st.sampled_from(["command"] * 4 + ["undo", "redo"]), label="move")
        if move == "undo" and session.can_undo(seat):
            before = session.undo[-1].before
            store.undo(gid, seat)
            assert store.live(gid).session.state == before
            if data.draw(st.booleans(), label="redo at once"):
                store.redo(gid, seat)
                assert store.live(gid).session.state == state
        elif move == "redo" and session.can_redo(seat):
            after = session.redo[-1].after
            store.redo(gid, seat)
            assert store.live(gid).session.state == after
        else:
            choice = data.draw(st.sampled_from(sorted(legal)), label="command")
            store.issue(gid, seat, choice)
    return gid, game


@pytest.mark.parametrize("kind", game_ids())
@given(data=st.data())
def test_random_legal_play_keeps_every_promise(kind, data):
    store = memory()
    gid, game = play(data, store, kind)
    live = store.live(gid)

    # Replay equals live: our fold, the library's own path, and any step read.
    assert store.load(gid).session == live.session
    assert store.repository.get(gid).session == live.session
    step = data.draw(st.integers(1, live.session.version), label="step")
    assert StepCache(store, interval=4).session(gid, step) == store.session_at(gid, step)

    # The record is what the rules decide today.
    rows = store.rows(gid)
    assert verify(live.header, rows[1:]) is None

    # Export then import gives the same stream.
    text = b"".join(export_lines(store, gid))
    other = memory()
    assert import_file(other, "game.jsonl", text) == gid
    assert [r.payload() for r in other.rows(gid)] == [r.payload() for r in rows]
    assert [r.timestamp for r in other.rows(gid)] == [r.timestamp for r in rows]
    assert b"".join(export_lines(other, gid)) == text


@pytest.mark.parametrize("kind", game_ids())
def test_every_bot_finishes_a_game(kind):
    from engine.cli import selfplay_one

    game = find_game(kind)
    for bot in game.BOTS:
        store = memory()
        gid, steps, outcome = selfplay_one(store, kind, 3, None, {}, bot)
        assert game.outcome(store.live(gid).session.state) == outcome
        assert steps == store.head_version(gid)
