"""The conformance suite: every registered game (and the test-only `duel`),
random legal play from random seeds (Hypothesis), and the engine's
promises checked after each step.

- every seat that may act does act now and then, out of turn included;
- replaying the stored events gives the live state (fast path and the
  library's own `repository.get`);
- undo restores the state before the command, redo the state after it;
- a command that is not legal raises RuleViolation and appends nothing;
- a seat's view does not change when what it may not see is shuffled, and
  the engine gives no seat another seat's secret command before it is
  revealed (tests/test_leaks.py checks every page and record drawn);
- `verify` finds the record identical; export then import gives the same stream;
- a position written at a step reads back as itself, and a game started
  from it offers what that step offers.

It imports the engine only: a game is checked against its contract, not
against the pages drawn from it.

Games reach deep positions: a random prefix of bot play (unchecked, fast)
comes before the checked stretch, and a game's `SCENARIOS` (setup options
that start from a described position) are drawn as starts.  Each game
sizes its share of the run in `GAME_PROFILES`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import position as positions
from engine.core.context import SYSTEM
from engine.core.errors import RuleViolation
from engine.core.game import find_game, game_ids, register
from engine.core.interchange import export_lines, import_file, verify
from engine.core.selfplay import pick_seat
from engine.core.store import open_store
from engine.core.visibility import SPECTATOR, is_secret, revealed_by, shown_payload

register("duel", "tests.games.duel")


@dataclass(frozen=True)
class Profile:
    """How much of the run a game gets: Hypothesis examples (in CI; half
    locally), checked commands per example, and the longest unchecked
    prefix of bot play before them."""

    examples: int = 40
    commands: int = 40
    prefix: int = 0


GAME_PROFILES: dict[str, Profile] = {
    "forbidden_alchemy": Profile(examples=40, commands=40),
    "duel": Profile(examples=30, commands=40, prefix=60),
    "brutality": Profile(examples=15, commands=30, prefix=60),
    "fmp": Profile(examples=8, commands=25, prefix=300),
    "forbidden_alchemy_story": Profile(examples=20, commands=40, prefix=150),
    "promised_day": Profile(examples=15, commands=30, prefix=120),
    "roundtable": Profile(examples=15, commands=30, prefix=60),
}
KINDS = [*game_ids(), "duel"]


# BOARDLOG_SOAK=N multiplies every game's examples by N: the long run to do
# before calling a game done (`BOARDLOG_SOAK=20 make test`), kept out of CI.
SOAK = int(os.environ.get("BOARDLOG_SOAK") or 1)


def examples(kind: str) -> int:
    n = GAME_PROFILES.get(kind, Profile()).examples
    return SOAK * (n if os.environ.get("CI") else max(5, n // 2))


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
                parts.append(st.sampled_from([*seats, "x", "A1", "head", "attack"]))
        choices.append(st.tuples(*parts).map(" ".join))
    choices.append(st.text(max_size=12))
    return st.one_of(*choices)


def check_views(game, state, seats, rng):
    for seat in (*seats, None, SPECTATOR):
        shown = game.view(state, seat)
        json.dumps(shown)  # plain JSON data
        scrambled = game.scramble_hidden(state, seat, rng)
        assert game.view(scrambled, seat) == shown, f"{seat!r}'s view shows hidden information"


def check_secrets(store, gid, game, seats):
    """No seat (nor a spectator) is given another seat's unrevealed secret
    command by the engine's one rule of what a seat may read of a record
    (engine/core/visibility.py); tests/test_leaks.py checks every page and
    record drawn from it."""
    live = store.live(gid)
    if game.outcome(live.session.state) is not None:
        return
    rows = store.rows(gid)
    revealed = {s for r in rows if r.kind == "Happened" for s in revealed_by(r.data)}
    for r in rows:
        if r.kind != "CommandIssued" or not is_secret(game, r.data) or r.version in revealed:
            continue
        for viewer in (*seats, SPECTATOR):
            if viewer == r.data["seat"] or game.same_side(r.data["seat"], viewer):
                continue  # a team's secret is its own (the contract's `same_side`)
            shown = shown_payload(game, r.payload(), r.version, viewer, revealed, False)
            assert r.data["text"] not in json.dumps(shown), f"{viewer!r} reads a secret {r.data['text']!r}"


def start_game(data, store, kind):
    game = find_game(kind)
    seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
    players = data.draw(st.sampled_from(game.PLAYER_COUNTS), label="players")
    scenarios = [{}, *getattr(game, "SCENARIOS", {}).values()]
    options = data.draw(st.sampled_from(scenarios), label="scenario options")
    gid = store.create(kind, seed=seed, players=players, options=dict(options))
    return game, gid, random.Random(seed)


def fast_forward(data, store, gid, game, kind, rng):
    """Unchecked bot play to reach a deep position quickly."""
    for _ in range(data.draw(st.integers(0, GAME_PROFILES.get(kind, Profile()).prefix), label="prefix")):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            return
        seat, legal = pick_seat(game, state, rng)
        store.issue(gid, seat, rng.choice(legal).notation())


def play(data, store, kind):
    game, gid, rng = start_game(data, store, kind)
    fast_forward(data, store, gid, game, kind, rng)
    seats = store.live(gid).header.seats
    for _ in range(GAME_PROFILES.get(kind, Profile()).commands):
        live = store.live(gid)
        session, state = live.session, live.session.state
        check_views(game, state, seats, rng)
        check_secrets(store, gid, game, seats)
        if game.outcome(state) is not None:
            break
        assert SYSTEM not in game.to_act(state), "the engine runs the system seat's turns itself"
        # Any seat that may act now: the turn's, or one reacting out of turn.
        may_act = [s for s in game.to_act(state) if game.legal_commands(state, s)]
        assert may_act, f"{kind}: the game waits for {game.to_act(state)} but nobody has a legal command"
        seat = data.draw(st.sampled_from(may_act), label="seat")
        legal = {c.notation() for c in game.legal_commands(state, seat)}

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
        with pytest.raises(RuleViolation, match="system"):
            store.issue(gid, SYSTEM, sorted(legal)[0])

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


def check_record(data, store, gid):
    live = store.live(gid)
    # Replay equals live: our fold, the library's own path, and any step read.
    assert store.load(gid).session == live.session
    assert store.repository.get(gid).session == live.session
    step = data.draw(st.integers(1, live.session.version), label="step")
    # The replay shows every fact's step, between the facts of one command
    # too: what a page asks of the game there must not fail.
    game, state = live.game, store.session_at(gid, step).state
    for seat in (*live.header.seats, None, SPECTATOR):
        json.dumps(game.view(state, seat))
    for seat in live.header.seats:
        game.legal_commands(state, seat)
    game.to_act(state), game.prompts(state), game.outcome(state), game.turn(state)

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
    check_positions(data, store, gid)


def boundary_steps(store, gid) -> list[int]:
    """Steps where the game waits for a player: the next record is a
    player's command (or an undo, a redo), or there is none.  Between a
    command and the system turn it hands over to, the engine would run that
    turn at once, so no position stands there."""
    rows = store.rows(gid)
    ends = [r.version - 1 for r in rows[1:]
            if r.kind != "Happened" and r.data.get("seat") != SYSTEM]
    return [s for s in ends if s > 1] + [rows[-1].version]


def check_positions(data, store, gid):
    """A position written at a step and read back is the same position, and
    a game started from it offers exactly the legal commands, the seats to
    act, the prompts and the whole view of that step (issue #22)."""
    live = store.live(gid)
    game = live.game
    if not positions.startable(game):
        return
    step = data.draw(st.sampled_from(boundary_steps(store, gid)), label="position step")
    state = store.session_at(gid, step).state
    written = positions.write(game, state)
    text = positions.text_of(written)
    again = positions.state_of(game, positions.parse(game, text))
    assert positions.write(game, again) == written, "a position does not read back as itself"
    started = memory()
    new = started.create(game.ID, position=text)
    there = started.live(new).session.state
    for seat in (*live.header.seats, SYSTEM):
        assert [c.notation() for c in game.legal_commands(there, seat)] == \
            [c.notation() for c in game.legal_commands(state, seat)], f"{seat}'s legal commands differ"
    assert game.to_act(there) == game.to_act(state)
    assert game.prompts(there) == game.prompts(state)
    assert game.outcome(there) == game.outcome(state)
    for seat in (*live.header.seats, None, SPECTATOR):
        assert game.view(there, seat) == game.view(state, seat), f"{seat!r}'s view differs"
    rows = started.rows(new)
    assert verify(started.header(new), rows[1:]) is None
    assert import_file(memory(), "position.jsonl", b"".join(export_lines(started, new))) == new


def conformance_test(kind: str):
    @settings(max_examples=examples(kind))
    @given(data=st.data())
    def test(data):
        store = memory()
        gid, _ = play(data, store, kind)
        check_record(data, store, gid)

    test.__name__ = f"test_random_legal_play_keeps_every_promise_{kind}"
    return test


for _kind in KINDS:
    globals()[f"test_random_legal_play_keeps_every_promise_{_kind}"] = conformance_test(_kind)


@pytest.mark.parametrize("kind", KINDS)
def test_no_game_names_a_seat_after_the_engines_own(kind):
    game = find_game(kind)
    for players in getattr(game, "PLAYER_COUNTS", None) or (None,):
        assert SYSTEM not in game.seats(game.options(players, {})), (kind, players)


def test_a_game_naming_the_system_seat_is_refused_before_anything_is_stored(monkeypatch):
    store = open_store(":memory:")
    game = find_game("duel")
    monkeypatch.setattr(game, "seats", lambda options: ("north", SYSTEM))
    with pytest.raises(TypeError, match="engine's"):
        store.create("duel", seed=1)
    assert store.catalogue.summaries() == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_bot_finishes_a_game(kind):
    from engine.core.selfplay import selfplay_one

    game = find_game(kind)
    for bot in game.BOTS:
        store = memory()
        gid, steps, outcome = selfplay_one(store, kind, 3, None, {}, bot)
        assert game.outcome(store.live(gid).session.state) == outcome
        assert steps == store.head_version(gid)
