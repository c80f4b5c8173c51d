"""Random legal play of `promised_day` through a real (memory) store: every seat
that may act picks a legal command at random; the system seat plays the
Homunculus turns by itself.  Replay must equal live, and `verify` must find
the record identical to what the rules decide today."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.context import SYSTEM
from engine.core.errors import RuleViolation
from engine.core.game import find_game, register
from engine.core.interchange import verify
from engine.core.store import open_store

register("promised_day", "engine.games.promised_day")
game = find_game("promised_day")


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


@pytest.mark.parametrize("players, seed, options", [
    (1, 11, {}), (2, 12, {"difficulty": "normal"}), (3, 13, {"characters": "scar,hawkeye,al"}),
    (4, 14, {"characters": "greed,mustang,ed,al", "difficulty": "hard"}),
])
def test_random_play_replays_and_verifies(players, seed, options):
    store = memory()
    gid = store.create("promised_day", seed=seed, players=players, options=options)
    seats = store.live(gid).header.seats
    rng = random.Random(seed)
    for _ in range(300):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        for seat in (*seats, None, ""):  # views are plain data and hide what they must
            shown = game.view(state, seat)
            json.dumps(shown)
            assert game.view(game.scramble_hidden(state, seat, rng), seat) == shown
        acting = [s for s in game.to_act(state) if s != SYSTEM]
        assert acting, "the system seat never waits"
        seat = rng.choice(acting)
        legal = game.legal_commands(state, seat)
        assert legal, f"{seat} may act but has no legal command"
        store.issue(gid, seat, rng.choice(legal).notation())
    live = store.live(gid)
    assert store.load(gid).session == live.session
    rows = store.rows(gid)
    assert verify(live.header, rows[1:]) is None
    assert any(r.kind == "HomunculusCardRevealed" for r in rows) or game.outcome(
        live.session.state)


def test_what_legal_commands_omits_is_refused():
    store = memory()
    gid = store.create("promised_day", seed=3, players=2)
    rng = random.Random(3)
    for _ in range(40):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = [s for s in game.to_act(state) if s != SYSTEM][0]
        legal = {c.notation() for c in game.legal_commands(state, seat)}
        for text in ("walk 9z", "attack ed-01 1a 1a 1a 1a", "move 1a", "complete", "end",
                     "bonus fu wrath", "discard al-01", "wound ed", "start 1a", "replenish",
                     "alchemy ed-01 ed-02", "march"):
            if text not in legal:
                with pytest.raises(RuleViolation):
                    store.issue(gid, seat, text)
        store.issue(gid, seat, rng.choice(sorted(legal)))


@pytest.mark.parametrize("bot", sorted(game.BOTS))
def test_every_bot_finishes_a_game(bot):
    from engine.core.selfplay import selfplay_one

    store = memory()
    gid, steps, outcome = selfplay_one(store, "promised_day", 5, 2, {}, bot)
    assert outcome.startswith(("victory", "defeat")) and steps == store.head_version(gid)


def test_every_rule_id_is_written_whole_and_is_in_the_table():
    # Greppable ids (issue #20): the code writes each rule id as one literal string, never
    # built from a prefix or from data, and the table holds every one of them.
    import ast
    import pathlib
    import re

    package = pathlib.Path(game.__file__).parent
    ids = set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                assert not text.startswith("promised_day."), f"{path.name}: an id built by f-string"
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                assert not (isinstance(node.left, ast.Constant) and str(node.left.value)
                            .startswith("promised_day.")), f"{path.name}: an id built by +"
                assert not (isinstance(node.left, ast.Name) and node.left.id == "R"), path.name
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"(core|promised_day)\.[a-z0-9.-]+", node.value):
                ids.add(node.value)
    assert len(ids) > 100
    assert sorted(i for i in ids if i not in game.RULES) == []
    for ref in game.RULES:
        assert ref.section.strip() and len(ref.explanation) > 20, ref.id
