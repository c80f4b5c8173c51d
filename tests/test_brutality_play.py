"""Random play of `brutality` through a real store: replay equals live,
`verify` finds the record identical, and views hide what they must."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.interchange import verify
from engine.core.store import open_store

register("brutality", "engine.games.brutality")
game = find_game("brutality")


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


@pytest.mark.parametrize(("seed", "players", "options"), [
    (3, 2, {}), (8, 2, {"board": "ice-pit", "tank_in_chain": "pushed"}),
    (5, 2, {"relics": "draft", "first_turn_bonus": "both"}), (6, 4, {}),
    (12, 4, {"start": "random", "relics": "draft"})])
def test_random_play_replays_and_verifies(seed, players, options):
    store = memory()
    gid = store.create("brutality", seed=seed, players=players, options=options)
    seats = store.live(gid).header.seats
    rng = random.Random(seed)
    for _ in range(400):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        may_act = [s for s in game.to_act(state) if s != SYSTEM and game.legal_commands(state, s)]
        assert may_act, f"the game waits for {game.to_act(state)} but nobody has a legal command"
        seat = rng.choice(may_act)
        store.issue(gid, seat, rng.choice(game.legal_commands(state, seat)).notation())
    live = store.live(gid)
    assert store.load(gid).session == live.session
    rows = store.rows(gid)
    assert verify(live.header, rows[1:]) is None
    state = live.session.state
    for seat in (*seats, "", None):
        shown = game.view(state, seat)
        json.dumps(shown)
        assert game.view(game.scramble_hidden(state, seat, random.Random(1)), seat) == shown
    for row in rows:
        if row.kind == "Happened":
            assert row.data["rule"] in game.RULES


@pytest.mark.parametrize("bot", sorted(game.BOTS))
def test_every_bot_plays_a_game_to_the_end(bot):
    store = memory()
    gid = store.create("brutality", seed=11, players=2)
    rng = random.Random(11)
    for _ in range(3000):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        cmd = game.BOTS[bot](state, seat, game.legal_commands(state, seat), rng)
        store.issue(gid, seat, cmd.notation())
    assert game.outcome(store.live(gid).session.state) is not None


def test_the_board_picture_renders_every_step_as_well_formed_svg():
    import xml.etree.ElementTree as ET

    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    from viewer import boards, pictures

    env = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True,
                      undefined=StrictUndefined)
    boards.register(env)
    pictures.register(env)
    template = env.get_template("boards/brutality.html")
    store = memory()
    gid = store.create("brutality", seed=9, players=2, options={"board": "ice-pit"})
    rng = random.Random(9)
    for step in range(250):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        # Rules version 4: the enemy is listed whenever it holds a relic card (a public
        # count), even when none of its cards can be played now: pick a seat that can act.
        seat = rng.choice([s for s in game.to_act(state)
                           if s != SYSTEM and game.legal_commands(state, s)])
        legal = game.legal_commands(state, seat)
        if step % 10 == 0 or state.pushes:
            shown = game.view(state, seat)
            html = template.render(board=shown, changed=["heroes", "squares"], game=game)
            root = ET.fromstring(html[html.index("<svg"):html.rindex("</svg>") + 6])
            assert root.tag.endswith("svg")
            assert len(root.findall(".//{http://www.w3.org/2000/svg}line")) == len(shown["pushes"])
        store.issue(gid, seat, rng.choice(legal).notation())
