"""Full Metal Planète's picture (viewer/pictures/fmp.py and its template),
rendered for states reached by playing and for described positions:
well-formed, every hex, ore, Freighter and unit drawn; every token of every
legal command named by an element (pointing, issue #21), a hex named once
(by the ground where nothing stands on it, else by its band); the note
places; the ceiling; and fast enough (issue #24)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from jinja2 import Environment, FileSystemLoader

from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.store import open_store
from tests.test_fmp import choosing, position
from viewer import boards, pictures
from viewer.bounds import undrawable
from viewer.drawings import place_points
from viewer.pictures import fmp as picture

register("fmp", "engine.games.fmp")
game = find_game("fmp")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def env() -> Environment:
    e = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True)
    boards.register(e)
    pictures.register(e)
    return e


def render(env, board, changed=()) -> str:
    return env.get_template("boards/fmp.html").render(board=board, changed=set(changed), game=game)


def svg(html: str) -> ET.Element:
    start, end = html.index("<svg"), html.rindex("</svg>") + len("</svg>")
    root = ET.fromstring(html[start:end])
    assert root.tag == SVG + "svg"
    return root


def named(html: str) -> dict[str, list[str]]:
    """token -> the tags of the elements named by it."""
    found: dict[str, list[str]] = {}
    for tag, attr in re.findall(r'<(\w+)[^>]*?data-token="([^"]*)"', html):
        for t in attr.split():
            found.setdefault(t, []).append(tag)
    return found


def played(commands: int, seed: int = 2, players: int = 2, bot: str = "greedy"):
    """States of a game played by `bot`, one after each command."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("fmp", seed=seed, players=players)
    rng = random.Random(seed)
    states = []
    for _ in range(commands):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = [s for s in game.to_act(state) if s != SYSTEM][0]
        legal = game.legal_commands(state, seat)
        command = game.BOTS[bot](state, seat, legal, rng) if bot != "random" else rng.choice(legal)
        store.issue(gid, seat, command.notation())
        states.append(store.live(gid).session.state)
    return states


def test_the_board_draws_every_hex_ore_freighters_and_units(env):
    state = played(60)[-1]
    board = game.view(state, "red")
    html = render(env, board, {"units", "units.red-tank-1", "ore", "ore.K12"})
    root = svg(html)
    hexes = [p for p in root.iter(SVG + "polygon") if "hex" in p.get("class", "").split()]
    assert len(hexes) == 851
    assert len([c for c in root.iter(SVG + "circle") if c.get("id", "").startswith("ore-")]) == len(state.ore)
    f = state.freighters["red"]
    assert len([p for p in root.iter(SVG + "polygon") if p.get("data-token") == "red"]) == 4
    on_map = [u for u in state.units.values() if u.at and u.kind not in ("pontoon", "turret")]
    drawn = [g for g in root.iter(SVG + "g") if "unit" in g.get("class", "").split()]
    assert sorted(g.get("data-token") for g in drawn) == sorted(u.id for u in on_map)
    assert f"tide <strong>{state.tide}</strong>" in html
    assert len(list(root.iter(SVG + "polygon"))) > 851 and f.centre in named(html)


def _check_named(env, state, seats) -> int:
    """Every argument of every legal command of `seats` has an element on
    that seat's picture; a hex is named by one element only, and the hex of a
    piece by its band, never by the piece (a click on the piece is the piece)."""
    checked = 0
    for seat in seats:
        legal = game.legal_commands(state, seat)
        if not legal:
            continue
        html = render(env, game.view(state, seat))
        names = named(html)
        for c in legal:
            missing = [t for t in c.notation().split()[1:] if t not in names]
            assert not missing, f"{seat}: {c.notation()!r} needs {missing}"
            checked += 1
        cells = picture._cells()
        for token, tags in names.items():
            if token in cells:
                assert len(tags) == 1, (token, tags)
            else:
                assert not any(t in cells for t in token.split()), token
    return checked


def test_every_token_of_every_legal_command_is_named_in_every_phase(env):
    checked = 0
    for i, state in enumerate(played(150, seed=3, players=3, bot="random")):
        if i % 7 == 0 or state.phase in ("landing", "deployment"):
            checked += _check_named(env, state, state.seats)
    sc = choosing()  # turn 21: stay or leave
    checked += _check_named(env, sc.state, ("red", "blue"))
    assert checked > 500


def test_a_transporters_cargo_and_a_freighters_contents_are_named_where_they_are(env):
    sc = position({"red-barge-1": ("G12", "H12"), "red-crab-1": "I13", "red-weatherhen-1": "N10"},
                  ore=("J12", "N11"))
    sc.play("red", "load red-crab-1 J12")
    sc.play("red", "load red-weatherhen-1 N11")
    sc.play("red", "load red-barge-1 red-crab-1")
    html = render(env, game.view(sc.state, "red"))
    carried = html[html.index('id="carried"'):html.index("<svg")]
    assert 'data-token="red-barge-1"' in carried and 'data-token="red-crab-1"' in carried
    assert carried.count('data-token="ore"') == 2  # the crab's on the barge, the Hen's
    inside = html[html.index('id="freighter-red"'):html.index('id="freighter-red"') + 3000]
    assert 'data-token="red-tank-1"' in inside and 'data-token="red-heap-1"' in inside
    words = html[html.index('id="orders"'):html.index("<svg")]
    assert {"fire", "tank", "crab", "pontoon"} <= set(named(words))
    _check_named(env, sc.state, ("red",))


def test_the_landing_offers_the_pods_orientations(env):
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("fmp", seed=1, players=2)
    state = store.live(gid).session.state
    assert state.phase == "landing"
    html = render(env, game.view(state, state.active))
    assert {"a", "b"} <= set(named(html)) and "N, SE and SW" in html
    _check_named(env, state, (state.active,))


def test_a_seats_forecast_is_on_its_own_picture_only(env):
    """What a seat's Weather Hens showed it is on its picture, as its own
    (the tides another seat was shown are not); a spectator sees none."""
    state = next(s for s in played(200, seed=2) if s.forecasts.get("red") and s.forecasts.get("blue"))
    for seat in ("red", "blue"):
        shown = re.search(r'<strong id="forecast">([^<]*)</strong>', render(env, game.view(state, seat)))
        assert shown.group(1) == ", ".join(state.forecasts[seat])
    assert 'id="forecast"' not in render(env, game.view(state, ""))


def test_a_seats_turn_21_choice_is_on_its_own_dock_only(env):
    """The dock's rows are kept by what they show (issue #24), read from the
    view being drawn: blue's choice, drawn on blue's picture first, is
    "chosen" on red's and a spectator's; a row is outlined when its
    Freighter or what it holds changed."""
    sc = choosing()
    sc.play("blue", "choose blue leave")

    def row(seat, changed=()):
        html = render(env, game.view(sc.state, seat), changed)
        at = html.index('id="freighter-blue"')
        return html[html.rindex("<div", 0, at):html.index("</div>", at)]

    assert "turn 21: leave" in row("blue")
    for seat in ("red", ""):
        assert "turn 21: chosen" in row(seat) and "leave" not in row(seat)
    assert "turn 21: leave" in row(None)
    assert 'class="fmp-row changed"' in row("red", {"aboard.blue"}) and "changed" not in row("red")


def test_note_places_are_the_hex_centres_built_once():
    board = game.view(played(5)[-1], None)
    points = picture.place_points(board)
    assert points is picture.place_points(board) and len(points) == 851
    geo = boards.hex_board(37, 23, 16)
    assert points["D4"] == (geo["D4"].x, geo["D4"].y)
    assert place_points(game, board)["AK23"] == (geo["AK23"].x, geo["AK23"].y)


def test_a_view_beyond_any_mission_is_not_drawn():
    board = game.view(played(40)[-1], None)
    assert picture.ceiling(board) is None and undrawable(game, board) is None
    stray = {**board, "units": {**board["units"], "red-tank-9": {**next(iter(board["units"].values())), "at": "ZZ99"}}}
    assert "hex the sector does not have" in picture.ceiling(stray)
    many = {**board, "units": {f"red-tank-{i}": {"kind": "tank", "colour": "red", "at": "D4", "tail": "",
                                                "cargo": []} for i in range(400)}}
    assert "more than a mission makes" in undrawable(game, many)
    assert "no kind" in picture.ceiling({**board, "units": {"x": {"kind": "dragon", "colour": "red", "at": "D4"}}})
    assert "ore lies" in picture.ceiling({**board, "ore": {"Q99": True}})


def test_the_views_fire_zones_are_the_rules_zones_read_from_their_bit_masks():
    # The view finds a zone it has shown before by its bit mask (issue #24), not by
    # writing the hexes out again: on every position of a game, with destroyers
    # moving, landing and being shot, it names exactly the hexes `fire_zone` names,
    # in hex order.
    from engine.games.fmp import board as rules

    shown = 0
    for state in played(160, seed=3):
        zones = game.view(state, None)["fire_zones"]
        assert set(zones) == set(state.seats)
        for seat, zone in zones.items():
            assert list(zone) == sorted(rules.fire_zone(state, seat))
            shown += len(zone)
    assert shown  # some position had a seat under fire


def test_the_positions_stuck_ids_are_the_units_is_stuck_holds():
    # Worked out once per position for the view and the destroyers (issue #24):
    # on every position of a game, through its tides, the same units as asking
    # `is_stuck` of each.
    from engine.games.fmp import board as rules

    stuck = 0
    for state in played(160, seed=3):
        held = rules.stuck_ids(state)
        assert held == {u.id for u in state.units.values() if rules.is_stuck(state, u)}
        assert held == {uid for uid, u in game.view(state, None)["units"].items() if u["stuck"]}
        stuck += len(held)
    assert stuck  # the tide held some unit somewhere
