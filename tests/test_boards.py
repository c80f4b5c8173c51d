"""The board-picture contract (docs/boards.md): cached geometry, the shared
macros, the diff keyed by stable ids, and the bounded per-game caches."""

from __future__ import annotations

import copy
import random
import re
import threading
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from engine.core.store import open_store
from engine.kit.hexgrid import HexGrid
from projections.replay import Replay, changed_paths, diff, flatten
from projections.steps import StepCache
from viewer import boards

SVG = "{http://www.w3.org/2000/svg}"
PAIR = re.compile(r"^(-?\d+\.\d),(-?\d+\.\d)$")


@pytest.fixture(scope="module")
def env() -> Environment:
    e = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True,
                    undefined=StrictUndefined)
    boards.register(e)
    return e


def points(text: str) -> list[tuple[float, float]]:
    out = []
    for pair in text.split(" "):
        m = PAIR.match(pair)
        assert m, f"bad point {pair!r} in {text!r}"
        out.append((float(m[1]), float(m[2])))
    return out


# ---- geometry ---------------------------------------------------------------------------------
def test_hex_board_is_computed_once_per_map():
    assert boards.hex_board(37, 23, 20) is boards.hex_board(37, 23, 20)
    assert boards.hex_board(37, 23, 20) is not boards.hex_board(37, 23, 16)
    assert boards.square_board(8, 8, 40) is boards.square_board(8, 8, 40)


def test_hex_board_ids_counts_and_points():
    geo = boards.hex_board(37, 23, 20)
    assert len(geo) == 851
    assert set(geo.cells) == {str(h) for h in HexGrid(37, 23)}
    assert list(geo.cells)[:2] == ["A1", "A2"] and list(geo.cells)[-1] == "AK23"
    width, height = float(geo.width), float(geo.height)
    for cell in geo:
        corners = points(cell.points)
        assert len(corners) == 6
        assert all(0 <= x <= width and 0 <= y <= height for x, y in corners)
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        assert min(xs) < float(cell.cx) < max(xs) and min(ys) < float(cell.cy) < max(ys)
        assert f'id="hex-{cell.id}"' in cell.attrs and f'points="{cell.points}"' in cell.attrs
    # flat-topped: two corners share the top y; odd 0-based columns sit half a hex lower
    a1 = points(geo["A1"].points)
    assert sorted(y for _, y in a1)[0] == sorted(y for _, y in a1)[1]
    assert geo["B1"].y - geo["A1"].y == pytest.approx(20 * 3 ** 0.5 / 2, abs=0.01)
    assert geo["C1"].y == pytest.approx(geo["A1"].y, abs=0.01)
    # the map starts at the padding: nothing cut, nothing wasted
    assert min(x for c in geo for x, _ in points(c.points)) == boards.PAD
    assert geo.viewbox == f"0 0 {geo.width} {geo.height}"


def test_square_board_ids_from_the_top_left():
    geo = boards.square_board(8, 6, 40)
    assert len(geo) == 48 and geo.kind == "square"
    a1, h6 = geo["A1"], geo["H6"]
    assert points(a1.points) == [(2.0, 2.0), (42.0, 2.0), (42.0, 42.0), (2.0, 42.0)]
    assert (a1.cx, a1.cy) == ("22.0", "22.0")
    assert (h6.cx, h6.cy) == ("302.0", "222.0")
    assert (geo.width, geo.height) == ("324.0", "244.0")


def test_graph_layout_is_cached_and_inside_the_box():
    nodes = ["gate", "hall", "lab", "vault", "yard"]
    edges = [["gate", "hall"], ["hall", "lab"], ["lab", "vault"], ["hall", "yard"]]
    g = boards.graph_layout(nodes, edges, width=400, height=300, margin=20)
    assert g is boards.graph_layout(list(nodes), [tuple(e) for e in edges], width=400, height=300, margin=20)
    assert set(g.nodes) == set(nodes) and len(g.links) == 4
    for n in g.nodes.values():
        assert 20 - 0.01 <= n.x <= 380.01 and 20 - 0.01 <= n.y <= 280.01
    spots = {(round(n.x), round(n.y)) for n in g.nodes.values()}
    assert len(spots) == len(nodes)  # nobody on top of anybody
    fixed = boards.graph_layout(["a", "b"], [("a", "b")], width=100, height=100, margin=10,
                                positions={"a": (0, 0), "b": (1, 1)})
    assert (fixed["a"].cx, fixed["a"].cy, fixed["b"].cx, fixed["b"].cy) == ("10.0", "10.0", "90.0", "90.0")


def test_changed_ids():
    changed = {"hexes", "hexes.D4", "hexes.D4.terrain", "hexes.E5", "units", "units.tank-2.hex", "turn"}
    assert boards.changed_ids(changed, "hexes") == {"D4", "E5"}
    assert boards.changed_ids(changed, "units") == {"tank-2"}
    assert boards.changed_ids(changed, "cards") == frozenset()


def test_register_keeps_jinja_lookups_as_they_were(env):
    t = env.from_string("{{ d.x }} {{ d['items'] }} {{ d.items()|list|length }} {{ d.missing is defined }}")
    assert t.render(d={"x": 1, "items": 2}) == "1 2 2 False"
    boards.register(env)  # twice: still one wrapper
    assert t.render(d={"x": 1, "items": 2}) == "1 2 2 False"


# ---- macros -----------------------------------------------------------------------------------
def svg(env, body: str, **context) -> ET.Element:
    source = ('{% import "boards/_macros.html" as b %}'
              '<svg xmlns="http://www.w3.org/2000/svg">' + body + "</svg>")
    return ET.fromstring(env.from_string(source).render(**context))


def test_macros_render_well_formed_svg(env):
    geo = boards.hex_board(5, 4, 20)
    sq = boards.square_board(3, 3, 30)
    root = svg(env, """
      {{ b.hex(geo["B2"], "#123456", "forest", true, "B2 <forest>") }}
      {{ b.square(sq["C3"], "#eeeeee") }}
      {{ b.token(geo["B2"].cx, geo["B2"].cy, "T", "tank-2", changed=true, title="tank & co") }}
      {{ b.highlight(geo["B2"].points) }}{{ b.highlight(x="5", y="6", r=7) }}
    """, geo=geo, sq=sq)
    hexes = root.findall(SVG + "polygon[@data-id='B2']")
    assert len(hexes) == 1 and hexes[0].get("id") == "hex-B2"
    assert hexes[0].get("class") == "hex forest changed" and hexes[0].get("fill") == "#123456"
    assert hexes[0].find(SVG + "title").text == "B2 <forest>"
    assert points(hexes[0].get("points")) == points(geo["B2"].points)
    square = root.find(SVG + "polygon[@id='square-C3']")
    assert square.get("class") == "square" and len(points(square.get("points"))) == 4
    token = root.find(SVG + "g[@id='token-tank-2']")
    assert token.get("data-id") == "tank-2" and "changed" in token.get("class")
    assert token.find(SVG + "circle").get("cx") == geo["B2"].cx
    assert [el.tag for el in root.iter() if el.get("class") == "halo"] == [SVG + "polygon", SVG + "circle"]
    # What a player points at is named by its notation token (docs/boards.md).
    assert hexes[0].get("data-token") == "B2" and square.get("data-token") == "C3"
    assert token.get("data-token") == "tank-2"


def test_layer_and_highlights(env):
    geo = boards.hex_board(4, 3, 10)
    cells = {h: {"terrain": "sea" if h < "C" else "land"} for h in geo.cells}
    changed = {"hexes", "hexes.A2", "hexes.A2.terrain", "hexes.D3", "units.x"}
    root = svg(env, "{% set hot = changed_ids(changed, 'hexes') %}"
                    "{{ b.layer(geo, cells, 'terrain', {'sea': 'blue', 'land': 'tan'}, hot) }}"
                    "{{ b.highlights(geo, hot) }}", geo=geo, cells=cells, changed=changed)
    polys = {el.get("data-id"): el for el in root.findall(SVG + "polygon") if el.get("data-id")}
    assert len(polys) == 12
    assert polys["A1"].get("class") == "hex sea" and polys["A1"].get("fill") == "blue"
    assert polys["D1"].get("fill") == "tan"
    assert {k for k, el in polys.items() if "changed" in el.get("class")} == {"A2", "D3"}
    halos = [el for el in root.findall(SVG + "polygon") if el.get("class") == "halo"]
    assert [h.get("points") for h in halos] == [geo["A2"].points, geo["D3"].points]


def test_synthetic_hex_board_renders(env):
    from boardlog.bench.viewer import synthetic_views

    before, after = synthetic_views()
    changed = changed_paths(before, after)
    unit = next(iter(after["units"]))
    html = env.get_template("boards/_synthetic_hex.html").render(board=after, changed=changed)
    root = ET.fromstring(html)
    hexes = [el for el in root.iter(SVG + "polygon") if el.get("data-id")]
    assert len(hexes) == 851
    tokens = [el for el in root.iter(SVG + "g") if (el.get("id") or "").startswith("token-")]
    assert len(tokens) == 100
    moved = {u for u in after["units"] if before["units"][u] != after["units"][u]}
    assert moved and {t.get("data-id") for t in tokens if "changed" in t.get("class")} == moved
    flooded = {h for h in after["hexes"] if before["hexes"][h] != after["hexes"][h]}
    assert flooded and {h.get("data-id") for h in hexes if "changed" in h.get("class")} == flooded
    assert len([el for el in root.iter() if el.get("class") == "halo"]) == len(flooded)
    assert {t.get("data-token") for t in tokens} == set(after["units"])
    assert unit in {t.get("data-token") for t in tokens}


# ---- the diff ---------------------------------------------------------------------------------
def naive_diff(before, after):
    a, b = flatten(before), flatten(after)
    return [(p, a.get(p), b.get(p)) for p in sorted(set(a) | set(b)) if a.get(p) != b.get(p)]


def naive_paths(before, after):
    out = set()
    for path, _, _ in naive_diff(before, after):
        parts = path.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


leaves = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b", ""])
keys = st.sampled_from(["a", "b", "c", "hexes", "D4", "tank-2"])
json_data = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=100, deadline=None)
@given(json_data, json_data)
def test_diff_equals_the_flattened_diff(before, after):
    assert diff(before, after) == naive_diff(before, after)
    assert changed_paths(before, after) == naive_paths(before, after)


@st.composite
def edited(draw):
    """A value and a copy of it with a few parts changed (as one step changes a view)."""
    before = draw(st.dictionaries(keys, json_data, min_size=1, max_size=5))
    after = copy.deepcopy(before)
    for _ in range(draw(st.integers(1, 3))):
        node, path = after, []
        while isinstance(node, (dict, list)) and node and draw(st.booleans()):
            k = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
            path.append(k)
            parent, node = node, node[k]
        if path:
            parent[path[-1]] = draw(json_data)
        else:
            after[draw(keys)] = draw(json_data)
    return before, after


@settings(max_examples=100, deadline=None)
@given(edited())
def test_diff_of_an_edit_equals_the_flattened_diff(pair):
    before, after = pair
    assert diff(before, after) == naive_diff(before, after)
    assert changed_paths(before, after) == naive_paths(before, after)


def test_diff_keeps_its_format():
    before = {"edges": [{"piece": "a"}, {"piece": "b"}], "hexes": {"D4": {"terrain": "sea"}}, "n": 1}
    after = {"edges": [{"piece": "b"}, {"piece": "a"}], "hexes": {"D4": {"terrain": "land"}}, "n": 1}
    assert diff(before, after) == [("edges.1.piece", "a", "b"), ("edges.2.piece", "b", "a"),
                                   ("hexes.D4.terrain", "sea", "land")]
    assert changed_paths(before, after) == {"edges", "edges.1", "edges.1.piece", "edges.2",
                                            "edges.2.piece", "hexes", "hexes.D4", "hexes.D4.terrain"}
    assert diff(before, before) == [] and changed_paths({}, {}) == set()
    # odd shapes still answer as the flattened comparison does
    for a, b in (({1: "a"}, {"1": "b"}), ({"x": [{"y": 1}]}, {"x": []}), (3, {"a": 3}),
                 ({"x": {}}, {}), ({"x": None}, {}), ([[1], {"a": 2}], [[1], {"a": 3}, {}])):
        assert diff(a, b) == naive_diff(a, b), (a, b)


# ---- bounded caches ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def games():
    """A store with six short games, each a few commands long."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    ids = []
    for seed in range(6):
        gid = store.create("forbidden_alchemy", seed=seed)
        for text in ("swap 1 2", "swap 2 3", "swap 3 4")[: 1 + seed % 3]:
            store.issue(gid, "investigator", text)
        ids.append(gid)
    yield store, ids
    store.close()


def test_step_cache_keeps_at_most_max_games(games):
    store, ids = games
    cache = StepCache(store, interval=2, max_games=3)
    expected = {}
    for gid in ids:
        last = store.live(gid).session.version
        for step in range(1, last + 1):
            expected[gid, step] = store.session_at(gid, step)
            assert cache.session(gid, step) == expected[gid, step]
        assert len(cache.games()) <= 3
    assert cache.games() == ids[-3:]  # least recently used first out
    # an evicted game is rebuilt, and reading one marks it recently used
    for step in range(1, store.live(ids[0]).session.version + 1):
        assert cache.session(ids[0], step) == expected[ids[0], step]
    assert cache.games() == [*ids[-2:], ids[0]]
    cache.session(ids[-2], 1)
    assert cache.games() == [ids[-1], ids[0], ids[-2]]


def test_replay_index_keeps_at_most_max_games(games):
    store, ids = games
    replay = Replay(store, interval=2, max_games=2)
    first = {gid: replay.index(gid) for gid in ids}
    assert replay.games() == ids[-2:]
    assert len(replay.steps.games()) == 0  # no step read yet
    rebuilt = replay.index(ids[0])
    assert rebuilt is not first[ids[0]]
    for name in ("version", "starts", "commands", "turn_starts", "turn_numbers", "undone", "lines"):
        assert getattr(rebuilt, name) == getattr(first[ids[0]], name)
    assert replay.games() == [ids[-1], ids[0]]
    assert replay.index(ids[-1]) is first[ids[-1]]  # kept: the same object
    assert Replay(store, max_games=5, checkpoint_games=2).steps.max_games == 2


def test_bounded_caches_under_threads(games):
    store, ids = games
    replay = Replay(store, interval=2, max_games=2)
    expected = {(gid, s): store.session_at(gid, s)
                for gid in ids for s in range(1, store.live(gid).session.version + 1)}
    errors = []

    def worker(seed):
        rng = random.Random(seed)
        try:
            for _ in range(60):
                gid, step = rng.choice(list(expected))
                assert replay.session(gid, step) == expected[gid, step]
                assert replay.index(gid).version == store.live(gid).session.version
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(replay.games()) <= 2 and len(replay.steps.games()) <= 2
