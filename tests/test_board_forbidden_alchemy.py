"""The SVG board template of `forbidden_alchemy`, rendered for states reached by playing."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from engine.core.game import find_game
from engine.core.store import open_store
from viewer import boards, pictures

TEMPLATE = "boards/forbidden_alchemy.html"
SVG = "{http://www.w3.org/2000/svg}"
SEAT = "investigator"


@pytest.fixture(scope="module")
def env() -> Environment:
    e = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True)
    boards.register(e)
    pictures.register(e)
    return e


@pytest.fixture
def play():
    """A fresh in-memory store; `play(seed, **options)` starts a game and returns a handle."""
    s = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    game = find_game("forbidden_alchemy")

    class Handle:
        def __init__(self, seed, options):
            self.gid = s.create("forbidden_alchemy", seed=seed, options=options or None)

        def issue(self, text):
            return s.issue(self.gid, SEAT, text)

        def state(self):
            return s.live(self.gid).session.state

        def board(self, seat=SEAT):
            return game.view(self.state(), seat)

    yield lambda seed=3, **options: Handle(seed, options)
    s.close()


GAME = find_game("forbidden_alchemy")


def render(env, board, **context) -> str:
    return env.get_template(TEMPLATE).render(board=board, game=GAME, **context)


def parse(html: str) -> ET.Element:
    """The <svg> element of the fragment, parsed as XML."""
    start, end = html.index("<svg"), html.rindex("</svg>") + len("</svg>")
    root = ET.fromstring(html[start:end])
    assert root.tag == SVG + "svg"
    return root


def classes(el: ET.Element) -> list[str]:
    return el.get("class", "").split()


def edge_groups(root: ET.Element) -> dict[int, ET.Element]:
    groups = {}
    for el in root.iter(SVG + "g"):
        if el.get("id", "").startswith("edge-"):
            n = int(el.get("data-edge"))
            assert el.get("id") == f"edge-{n}"
            assert n not in groups, f"two groups for edge {n}"
            groups[n] = el
    return groups


def marked_correct(root: ET.Element) -> int:
    return sum(1 for el in root.iter() if "correct" in el.get("class", ""))


def test_dealt_board_draws_every_edge_and_marks_correct_pieces(env, play):
    board = play(seed=3).board()
    assert board["correct"] > 0  # seed 3 deals some pieces in place: the marking is exercised
    root = parse(render(env, board, changed=set()))
    groups = edge_groups(root)
    assert sorted(groups) == list(range(1, len(board["edges"]) + 1)) == list(range(1, 7))
    assert marked_correct(root) == board["correct"]
    for e in board["edges"]:
        g = groups[e["edge"]]
        assert ("correct" in classes(g)) == e["correct"]
        assert "changed" not in classes(g)
        title = g.find(SVG + "title").text
        assert e["piece"] in title and e["piece_shape"].replace("-", " ") in title
    assert root.get("aria-label") == f"Alchemy puzzle, tile 10A, {board['correct']} of 6 pieces correct"
    assert root.get("viewBox", "").startswith("0 0 ")
    assert root.get("width") == "100%"


def test_shapes_use_the_piece_colours(env, play):
    board = play(seed=3).board()
    out = render(env, board)
    colours = {"blue-circle": "#2b6cb0", "red-diamond": "#c53030", "yellow-triangle": "#d69e2e"}
    for shape in {e["piece_shape"] for e in board["edges"]}:
        assert colours[shape] in out


def test_swap_highlights_the_changed_edges(env, play):
    h = play(seed=3)
    before = h.board()
    h.issue("swap 1 2")
    board = h.board()
    assert board["edges"][0]["piece"] == before["edges"][1]["piece"]
    root = parse(render(env, board, changed={"edges.1", "edges.2", "actions"}))
    groups = edge_groups(root)
    assert "changed" in classes(groups[1]) and "changed" in classes(groups[2])
    assert all("changed" not in classes(groups[n]) for n in range(3, 7))
    assert marked_correct(root) == board["correct"]
    assert board["edges"][0]["piece"] in groups[1].find(SVG + "title").text
    rows = {el.get("data-key"): el for el in root.iter(SVG + "g") if "info-row" in classes(el)}
    assert "changed" in classes(rows["actions"]) and "changed" not in classes(rows["pile_size"])


def test_viewer_changed_paths_light_only_the_swapped_edges(env, play):
    """The replay viewer passes every changed path and each of its prefixes
    ("edges", "edges.1", "edges.1.piece", ...): the bare prefix must not light all edges."""
    replay = pytest.importorskip("projections.replay")
    h = play(seed=3)
    before = h.board()
    h.issue("swap 1 2")
    after = h.board()
    changed = replay.changed_paths(before, after)
    assert "edges" in changed
    groups = edge_groups(parse(render(env, after, changed=changed)))
    assert [n for n, g in sorted(groups.items()) if "changed" in classes(g)] == [1, 2]


def test_skill_point_lights_the_intellect_row(env, play):
    h = play(seed=3)
    h.issue("skill")
    board = h.board()
    assert board["luck_added"]
    changed = {"actions", "luck_added", "investigator", "investigator.skill_points"}
    root = parse(render(env, board, changed=changed))
    rows = {el.get("data-key"): el for el in root.iter(SVG + "g") if "info-row" in classes(el)}
    assert "changed" in classes(rows["luck_added"]) and "changed" in classes(rows["actions"])
    assert "changed" not in classes(rows["investigator"])  # the name did not change
    assert not [g for g in edge_groups(root).values() if "changed" in classes(g)]


def test_replace_shows_the_discard_and_the_new_piece(env, play):
    h = play(seed=3)
    h.issue("replace 3")
    board = h.board()
    out = render(env, board, changed={"edges.3", "pile_size", "discards"})
    root = parse(out)
    assert "changed" in classes(edge_groups(root)[3])
    assert board["edges"][2]["piece"] in out
    assert board["discards"][0][0] in out
    assert marked_correct(root) == board["correct"]


def test_eight_edge_tile(env, play):
    board = play(seed=1, tile="11A").board()
    assert len(board["edges"]) == 8
    root = parse(render(env, board))
    groups = edge_groups(root)
    assert sorted(groups) == list(range(1, 9))
    assert marked_correct(root) == board["correct"]
    assert "tile 11A" in root.get("aria-label")


def test_finished_game_shows_the_result_with_every_edge_empty(env, play):
    h = play(seed=3)
    h.issue("stop")
    board = h.board()
    assert board["phase"] == "over" and board["completed"] is not None
    out = render(env, board, changed={"roll", "side_effects_in_play"})
    root = parse(out)
    groups = edge_groups(root)
    assert len(groups) == 6 and all("empty" in classes(g) for g in groups.values())
    assert marked_correct(root) == 0
    verdict = "Completed" if board["completed"] else "Failed"
    results = [el for el in root.iter(SVG + "text") if "result" in classes(el)]
    assert [el.text for el in results] == [verdict]
    assert int(results[0].get("font-size")) >= 20  # shown prominently
    assert f"rolled {board['roll']}" in out
    assert f"puzzle {verdict.lower()}" in root.get("aria-label")
    for card in board["side_effects_in_play"]:
        assert card["title"] in out


def test_each_piece_is_named_by_its_edge_number_for_pointing(env, play):
    """`swap 1 2` and `replace 4` are made by clicking the pieces: each edge's
    group carries its number as its token (viewer/pointing.py), and nothing
    else of the picture names a token."""
    h = play(seed=3)
    board = h.board()
    root = parse(render(env, board))
    groups = edge_groups(root)
    for n, g in groups.items():
        assert g.get("data-token") == str(n)
        assert g.get("data-label") == f"edge {n} ({board['edges'][n - 1]['piece']})"
    named = [el.get("data-token") for el in root.iter() if el.get("data-token") is not None]
    assert sorted(named, key=int) == [str(n) for n in range(1, 7)]
    # every argument of every legal command is an element of the picture
    legal = GAME.legal_commands(h.state(), SEAT)
    assert {t for c in legal for t in c.notation().split()[1:]} <= set(named)
    assert {"swap", "replace"} <= {c.verb for c in legal}


def test_omniscient_view_shows_the_hidden_orders(env, play):
    board = play(seed=3).board(seat=None)
    out = render(env, board)
    parse(out)
    for piece, _shape in board["pile"]:
        assert piece in out
    assert " ".join(board["side_effect_deck"]) in out


def test_before_setup_renders_a_message(env, play):
    board = copy.deepcopy(play(seed=3).board())
    board.update(tile="", phase="setup", edges=[], correct=0)
    root = parse(render(env, board))
    assert "set up yet" in "".join(root.itertext())
    assert root.get("aria-label") == "Alchemy puzzle, not set up yet"
    assert not edge_groups(root)


def test_text_is_escaped(env, play):
    board = copy.deepcopy(play(seed=3).board())
    board["edges"][0]["piece"] = '<x>&"'
    board["investigator"]["name"] = 'A "quoted" <name>'
    out = render(env, board)
    assert "&lt;x&gt;&amp;" in out
    assert "<x>" not in out
    root = parse(out)  # still well-formed
    title = edge_groups(root)[1].find(SVG + "title").text
    assert '<x>&"' in title
    assert edge_groups(root)[1].get("data-label") == 'edge 1 (<x>&")'
    assert 'A "quoted" <name>' in "".join(root.itertext())


def test_renders_under_strict_undefined(play):
    """Nothing in the template leans on silently-undefined names."""
    strict = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True,
                         undefined=StrictUndefined)
    boards.register(strict)
    pictures.register(strict)
    h = play(seed=3)
    parse(render(strict, h.board()))
    parse(render(strict, h.board(seat=None), changed={"edges.1"}))
    h.issue("stop")
    parse(render(strict, h.board(), changed=set()))
