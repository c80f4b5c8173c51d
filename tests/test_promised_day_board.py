"""The Promised Day's picture (viewer/pictures/promised_day.py and its template),
rendered for states reached by playing and for described positions: well-formed,
what changed outlined, the tiles, track, tokens and life as the state has them,
a hand only where the view holds it, every token of every legal command named by
an element (pointing, issue #21), the note places on the spaces, the ceiling, and
the chart's colours."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from jinja2 import Environment, FileSystemLoader

from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.store import open_store
from projections.plots import colours
from tests.test_promised_day import position, scenario
from viewer import boards, pictures
from viewer.bounds import undrawable
from viewer.drawings import place_points
from viewer.pictures import promised_day as picture

register("promised_day", "engine.games.promised_day")
game = find_game("promised_day")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def env() -> Environment:
    e = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True)
    boards.register(e)
    pictures.register(e)
    return e


def render(env, board, changed=()) -> str:
    return env.get_template("boards/promised_day.html").render(board=board, changed=set(changed),
                                                               game=game)


def parse(html: str) -> ET.Element:
    start, end = html.index("<svg"), html.rindex("</svg>") + len("</svg>")
    return ET.fromstring(html[start:end])


def tray(html: str) -> str:
    """The HTML before the board's SVG: the cards in hand and the bonus offer."""
    return html[html.index('<div class="pd-tray"'):html.index("<svg")]


def tokens(html: str) -> set[str]:
    """Every token an element of the picture is named by."""
    return {t for attr in re.findall(r'data-token="([^"]*)"', html) for t in attr.split()}


def positions(players=3, seed=4, commands=60, characters=None, bot="random"):
    """States of a game played by a bot, every few steps, and the last one."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    options = {"characters": characters} if characters else {}
    gid = store.create("promised_day", seed=seed, players=players, options=options)
    rng = random.Random(seed)
    for i in range(commands):
        state = store.live(gid).session.state
        if i % 10 == 0:
            yield state
        if game.outcome(state):
            break
        seat = [s for s in game.to_act(state) if s != SYSTEM][0]
        legal = game.legal_commands(state, seat)
        store.issue(gid, seat, game.BOTS[bot](state, seat, legal, rng).notation())
    yield store.live(gid).session.state


# ---- the picture ------------------------------------------------------------------------------
def test_the_board_renders_as_well_formed_svg_for_every_seat(env):
    for state in positions():
        for seat in ("red", "blue", "", None):
            root = parse(render(env, game.view(state, seat)))
            spaces = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("space-")]
            assert len(spaces) == 15
            assert {g.get("data-token") for g in spaces} == set(state.spots)


def test_changed_spaces_are_outlined(env):
    state = next(iter(positions(commands=1)))
    root = parse(render(env, game.view(state, "red"), {"spaces", "spaces.1a", "characters",
                                                       "characters.ed"}))
    assert root.find(f".//{SVG}g[@id='space-1a']").get("class") == "space changed"
    assert root.find(f".//{SVG}g[@id='space-1b']").get("class") == "space"
    assert len(root.findall(f".//{SVG}circle[@class='halo']")) == 1
    assert root.find(f".//{SVG}g[@id='character-ed']").get("class") == "summary changed"


def test_words_from_the_view_are_escaped_in_the_written_picture(env):
    # The picture writes its shapes in Python (issue #24), not through the template's
    # autoescape: a name that looks like markup must still read as text.
    state = scenario(hands={"ed": ("ed-01",)}, bosses={"wrath": ("1b", 3)}).state
    board = game.view(state, None)
    board["characters"]["al"]["companions"] = ["curtis"]
    odd = "<script>&\"'"
    board["characters"]["ed"]["name"] = "Ed " + odd
    board["bosses"]["wrath"]["name"] = "Wrath " + odd
    board["boss_tiles"]["wrath"]["name"] = "Wrath " + odd
    board["bonus"]["offer"][0]["name"] = "Bonus " + odd
    everything = {p for c in ("spaces", "bosses", "characters", "areas", "bonus") for p in
                  (c, *(f"{c}.{k}" for k in board[c]))} | {"characters.ed.hand", "characters.ed.hand.ed-01"}
    html = render(env, board, everything)
    parse(html)  # well-formed: no stray < or &
    assert "<script>" not in html
    assert html.count("&lt;script&gt;&amp;&#34;&#39;") >= 8  # hand, token, row, space, boss, tile, offer...


def test_tiles_face_up_or_down_the_damage_track_the_round_and_what_changed(env):
    state = scenario(flipped=(2,), track=3, round=4, bosses={"wrath": ("1b", 3)},
                     soldiers={"1a": 2}).state
    root = parse(render(env, game.view(state, "red"), {"damage_track", "areas", "areas.2", "bosses",
                                                       "bosses.wrath", "round"}))
    tiles = {g.find(f"{SVG}title").text.split(":")[0]: g.get("class")
             for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("tile")}
    assert tiles["Transmutation Circle tile of Area 2"] == "tile face-down"
    assert sum(1 for v in tiles.values() if v == "tile face-up") == 4
    track = root.find(f".//{SVG}g[@id='damage-track']")
    assert track.get("class") == "changed"
    assert [r.get("fill") for r in track.findall(f"{SVG}rect")].count("#742a2a") == 3
    assert root.find(f".//{SVG}g[@id='area-2']").get("class") == "area changed"
    assert root.find(f".//{SVG}g[@id='token-wrath']").get("class") == "boss changed"
    assert "Round 4 / 7 +2" in "".join(root.find(f".//{SVG}g[@id='round']").itertext())
    assert len(root.findall(f".//{SVG}circle[@class='soldier']")) == 2


def test_the_picture_shows_tokens_life_and_the_circles_cards(env):
    state = scenario(hands={"ed": ("ed-01", "ed-05"), "al": ("al-02",)},
                     soldiers={"1a": 2, "2c": 3}, life={"al": 6}, bosses={"wrath": ("1b", 3)},
                     circles={4: ("ed-03", "al-01")}, at={"ed": "1a", "al": "3b"}).state
    root = parse(render(env, game.view(state, "red")))
    assert len(root.findall(f".//{SVG}circle[@class='soldier']")) == 5
    space = root.find(f".//{SVG}g[@id='space-2c']")
    assert len(space.findall(f"{SVG}circle[@class='soldier']")) == 3
    assert len(space.findall(f"{SVG}circle[@class='spot']")) == 0  # 2c has three spots
    boss = root.find(f".//{SVG}g[@id='token-wrath']")
    assert "".join(boss.itertext()).endswith("W3") and boss.get("data-token") == "wrath"
    row = root.find(f".//{SVG}g[@id='character-al']")
    life = row.find(f".//{SVG}line[@class='life-left']")
    assert (int(life.get("x2")) - 240) // 9 == 6  # six of ten life boxes filled
    assert "hand 1 · deck" in "".join(row.itertext())
    area = root.find(f".//{SVG}g[@id='area-4']")
    assert [r.find(f"{SVG}title").text for r in area.findall(f"{SVG}rect")
            if r.find(f"{SVG}title") is not None and "damage" in r.find(f"{SVG}title").text] == [
        "ed-03: yellow, 1 damage, range 1, paired icon moon",
        "al-01: blue, 2 damage, range 0, paired icon sun"]
    counts = {r.find(f"{SVG}title").text for r in area.findall(f".//{SVG}g[@class='colours']/{SVG}rect")}
    assert "1 yellow card(s) in the Transmutation Circle space" in counts
    assert "0 red card(s) in the Transmutation Circle space" in counts
    on = {g.get("data-token") for g in root.iter(f"{SVG}g") if (g.get("class") or "") == "token"}
    assert on == {"ed 1a", "al 3b"}  # a character answers as itself or as its space


def test_a_hand_is_drawn_only_in_the_views_that_hold_it(env):
    state = scenario(hands={"ed": ("ed-01", "ed-05"), "al": ("al-02",)}).state
    red = tray(render(env, game.view(state, "red")))
    assert re.findall(r'class="pd-card pd-(\w+)" data-token="([^"]+)"', red) == [
        ("red", "ed-01"), ("red", "ed-05")]
    assert "al-02" not in red and "Edward Elric&#39;s hand" in red
    assert ">3<" in red and "range 0" in red and "pd-icon pd-star" in red  # ed-05: 3 damage, star
    for seat in ("", "blue"):
        shown = render(env, game.view(state, seat))
        assert "ed-01" not in shown and "ed-05" not in shown
    assert "al-02" in tray(render(env, game.view(state, "blue")))
    everything = tray(render(env, game.view(state, None)))  # a finished game shows every hand
    assert "ed-01" in everything and "al-02" in everything
    # The picture alone (a board's file) has them too, small, on the characters' rows.
    for seat, shown in (("red", {"ed": ["ed-01", "ed-05"], "al": []}), ("", {"ed": [], "al": []}),
                        (None, {"ed": ["ed-01", "ed-05"], "al": ["al-02"]})):
        root = parse(render(env, game.view(state, seat)))
        for c, cards in shown.items():
            row = root.find(f".//{SVG}g[@id='character-{c}']")
            assert [g.find(f"{SVG}title").text.split(":")[0]
                    for g in row.findall(f"{SVG}g[@class='card']")] == cards, (seat, c)


def test_the_round_board_the_boss_tiles_and_the_bonus_offer_read_in_words(env):
    state = scenario(bosses={"wrath": ("1b", 3)}).state
    html = render(env, game.view(state, ""))
    root = parse(html)
    tiles = root.find(f".//{SVG}g[@id='boss-tiles']")
    text = " ".join(tiles.itertext())
    # All five Boss tiles lie open; only a boss on the board is a target.
    assert "Wrath" in text and "on 1b, life 3/4" in text and "Solf J. Kimblee" in text
    assert "not on the board" in text and "1 damage to every character on an outermost space" in text
    named = {g.get("data-token") for g in tiles.iter(f"{SVG}g") if g.get("data-token")}
    assert named == {"wrath"}
    offer = tray(html)
    assert 'data-token="maria-ross"' in offer and "2 life back" in offer
    assert "Maria Ross" in "".join(root.find(f".//{SVG}g[@id='bonus']").itertext())  # in a file too
    assert 'data-token="none"' not in offer  # "nobody" only while Winry's card may be chosen


# ---- pointing: every token of every legal command has an element ----------------------------------
def _unnamed(env, state) -> dict[str, set[str]]:
    missing = {}
    for seat in game.to_act(state):
        if seat == SYSTEM:
            continue
        named = tokens(render(env, game.view(state, seat)))
        wanted = {w for c in game.legal_commands(state, seat) for w in c.notation().split()[1:]}
        if wanted - named:
            missing[seat] = wanted - named
    return missing


@pytest.mark.parametrize("players, characters, seed", [
    (2, "ed,al", 1), (1, "mustang,scar", 2), (2, "ed,hawkeye", 2), (4, "ed,al,greed,hawkeye", 3)])
def test_every_token_of_every_legal_command_is_named_on_the_seats_page(env, players, characters, seed):
    seen = set()
    for state in positions(players=players, seed=seed, commands=120, characters=characters,
                           bot="greedy"):
        assert _unnamed(env, state) == {}
        seen |= {c.verb for s in game.to_act(state) if s != SYSTEM
                 for c in game.legal_commands(state, s)}
    assert {"walk", "attack", "end"} <= seen


def test_bonus_companion_and_nobody_are_named(env):
    companion = scenario(characters=("ed", "hawkeye"), turn="hawkeye", life={"ed": 5},
                         soldiers={"1a": 1, "3b": 2}, bosses={"wrath": ("1b", 3)}).state
    raw = position(soldiers={"1a": 1, "3b": 2}, bosses={"wrath": ("1b", 3)},
                   bonus=("winry", "curtis", "black-hayate", "maria-ross"))
    raw["question"] = {"kind": "bonus", "left": 1}  # after a Reverse Transmutation Circle
    choosing = game.from_position(raw)
    words = set()
    for state in (companion, choosing):
        assert _unnamed(env, state) == {}
        words |= {w for seat in game.to_act(state) for c in game.legal_commands(state, seat)
                  for w in c.notation().split()}
    # a Companion card, bonus cards, Winry's life to nobody, Black Hayate's Area
    assert {"companion", "jean-havoc", "bonus", "curtis", "none", "3"} <= words
    assert 'data-token="none"' in tray(render(env, game.view(choosing, "red")))


# ---- note places, the ceiling, the chart ---------------------------------------------------------
def test_the_note_places_are_the_space_centres(env):
    state = scenario().state
    board = game.view(state, "red")
    root = parse(render(env, board))
    points = place_points(game, board)
    for sp in ("1a", "5c"):
        circle = root.find(f".//{SVG}g[@id='space-{sp}']/{SVG}circle")
        assert points[sp] == pytest.approx((float(circle.get("cx")), float(circle.get("cy")) + 48),
                                           abs=0.06)


def test_a_view_beyond_the_content_is_not_drawn():
    board = game.view(scenario().state, "red")
    assert picture.ceiling(board) is None and undrawable(game, board) is None
    board["map"] = {f"x{i}": [1, 1, 0.0, 0.0] for i in range(16)}
    assert "the number of spaces is 16" in undrawable(game, board)


def test_the_chart_draws_each_characters_life_in_its_seats_colour():
    duo = game.scores(scenario().state)["life"]
    assert list(duo) == ["red Edward", "blue Alphonse"]
    assert colours(list(duo)) == [colours(["red"])[0], colours(["blue"])[0]]
    solo = game.scores(scenario(players=1).state)["life"]
    assert list(solo) == ["Edward", "Alphonse"]  # one seat, two characters: two colours
