"""The SVG board of `fmp`, rendered for states reached by playing (docs/boards.md)."""

from __future__ import annotations

import random
import time
import xml.etree.ElementTree as ET

from jinja2 import Environment, FileSystemLoader

from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.store import open_store
from viewer import boards

register("fmp", "engine.games.fmp")
game = find_game("fmp")
SVG = "{http://www.w3.org/2000/svg}"


def env() -> Environment:
    e = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True)
    boards.register(e)
    return e


def played(commands: int, seed: int = 2):
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("fmp", seed=seed, players=2)
    rng = random.Random(seed)
    for _ in range(commands):
        state = store.live(gid).session.state
        seat = [s for s in game.to_act(state) if s != SYSTEM][0]
        store.issue(gid, seat, game.BOTS["greedy"](state, seat, game.legal_commands(state, seat), rng)
                    .notation())
    return store.live(gid).session.state


def svg(html: str) -> ET.Element:
    start, end = html.index("<svg"), html.rindex("</svg>") + len("</svg>")
    root = ET.fromstring(html[start:end])
    assert root.tag == SVG + "svg"
    return root


def test_the_board_draws_every_hex_ore_freighters_and_units():
    state = played(60)
    board = game.view(state, "red")
    html = (
        env()
        .get_template("boards/fmp.html")
        .render(board=board, game=game, changed={"units", "units.red-tank-1", "ore", "ore.K12"})
    )
    root = svg(html)
    hexes = [p for p in root.iter(SVG + "polygon") if "hex" in p.get("class", "").split()]
    assert len(hexes) == 851
    assert len([c for c in root.iter(SVG + "circle") if c.get("id", "").startswith("ore-")]) == len(state.ore)
    assert root.find(f".//*[@id='freighter-red-{state.freighters['red'].centre}']") is not None
    placed = [u for u in state.units.values() if u.at and u.kind != "pontoon"]
    tokens = [g for g in root.iter(SVG + "g") if g.get("id", "").startswith("token-")]
    assert len(tokens) == len(placed)
    assert f"tide <strong>{state.tide}</strong>" in html


def test_the_board_renders_fast_enough():
    board = game.view(played(40), "blue")
    template = env().get_template("boards/fmp.html")
    template.render(board=board, game=game)
    start = time.perf_counter()
    for _ in range(5):
        template.render(board=board, game=game)
    assert (time.perf_counter() - start) / 5 < 0.2
