"""The board picture of `forbidden_alchemy_story` (docs/boards.md): well-formed
SVG for every seat's view, figures and spaces by stable id, the dashed
impassable borders, hidden investigators marked, the puzzle picture reused."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from engine.core.game import find_game, register
from engine.kit.testing import LoadedDice, Scenario
from viewer import boards

register("forbidden_alchemy_story", "engine.games.forbidden_alchemy_story")
game = find_game("forbidden_alchemy_story")
from engine.games.forbidden_alchemy_story import events as ev  # noqa: E402
from engine.games.forbidden_alchemy_story import play_events as play  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def render(board, changed=(), targets=None) -> ET.Element:
    env = Environment(
        loader=FileSystemLoader("viewer/templates"), autoescape=True, undefined=StrictUndefined
    )
    boards.register(env)
    text = env.get_template("boards/forbidden_alchemy_story.html").render(
        board=board, changed=set(changed), targets=targets or {}, game=game
    )
    return ET.fromstring(text)


def story() -> Scenario:
    s = Scenario.from_events(game, game.setup(game.options(2, {}), LoadedDice()))
    s.play("keeper", "choose B")
    return s


def test_the_mansion_is_drawn_for_every_seat_with_dashed_impassable_borders():
    s = story()
    for seat in ("keeper", "investigator-1", "", None):
        root = render(game.view(s.state, seat))
        ids = {e.get("data-id") for e in root.iter() if e.get("data-id")}
        assert {"foyer", "gh-altar", "investigator-1", "crawling-one-1"} <= ids
        dashed = [e for e in root.iter(SVG + "line") if "impassable" in (e.get("class") or "")]
        assert len(dashed) == 2 and all(e.get("stroke-dasharray") for e in dashed)


def test_a_hidden_investigator_is_marked_and_moves_are_click_targets():
    s = story()
    s.play("investigator-1", "move hall1-w")
    s.play("investigator-1", "move hall1-e")
    s.play("investigator-1", "end")
    s.play("investigator-2", "end")
    s.play("keeper", "end")
    s.play("investigator-1", "move library")
    s.play("investigator-1", "hide")
    board = game.view(s.state, "investigator-1")
    targets = game.board_targets(game.legal_commands(s.state, "investigator-1"))
    assert set(targets) == {"hall1-e"}
    root = render(board, changed={"investigators", "investigators.investigator-1"}, targets=targets)
    token = next(e for e in root.iter(SVG + "g") if e.get("id") == "token-investigator-1")
    assert "hiding" in token.find(SVG + "title").text and "changed" in token.get("class")


def test_the_puzzle_picture_is_drawn_while_a_puzzle_is_attempted():
    s = story()
    s.apply(
        [
            ev.ObjectiveRevealed(
                rule="forbidden_alchemy_story.objective.reveal",
                choice="B",
                objective=s.state.objective,
            ),
            play.ExplorationCardTaken(
                rule="forbidden_alchemy_story.action.explore",
                seat="investigator-1",
                room="laboratory",
                card="clue-1",
            ),
            ev.InvestigatorTurnBegan(
                rule="forbidden_alchemy_story.turn.investigator", seat="investigator-1", moves=2
            ),
        ]
    )
    s.play("investigator-1", "puzzle")
    root = render(game.view(s.state, "investigator-1"))
    frames = list(root.iter(SVG + "svg"))
    assert len(frames) == 3  # the story's picture, the panel's frame, the puzzle's own picture
    assert any("glyph" in (e.get("class") or "") for e in frames[2].iter())


def test_the_keepers_hand_and_token_bottoms_are_drawn_for_the_keeper_only():
    s = story()
    for seat, shown in (("keeper", True), ("investigator-1", False), ("", False)):
        root = render(game.view(s.state, seat))
        hand = [e for e in root.iter(SVG + "text") if e.get("class") == "keeper-hand"]
        assert bool(hand) == shown
        crawler = next(e for e in root.iter(SVG + "g") if e.get("id") == "token-crawling-one-1")
        assert ("token: health" in crawler.find(SVG + "title").text) == shown


def test_rooms_are_drawn_as_a_floor_plan_with_their_cards_and_the_escape_edge():
    s = story()
    board = game.view(s.state, "investigator-1")
    # The layout is computed once per map, in Python: spaces, room corners, escape edges.
    assert board["layout"]["foyer"] and board["layout"]["room:laboratory:a"]
    assert board["layout"]["exit:hall2-s"]
    root = render(board, changed={"rooms", "rooms.laboratory", "rooms.laboratory.exploration_left"})
    rooms = {
        e.get("data-id"): e
        for e in root.iter(SVG + "g")
        if (e.get("data-id") or "").startswith("room-")
    }
    assert set(rooms) == {f"room-{r}" for r in board["rooms"]}
    lab = rooms["room-laboratory"]
    assert "changed" in lab.get("class") and "Exploration card" in lab.find(SVG + "title").text
    halos = [e for e in root.iter(SVG + "polygon") if e.get("class") == "halo"]
    assert len(halos) == 1
    edges = [e for e in root.iter(SVG + "g") if e.get("class") == "escape-edge"]
    assert len(edges) == 1 and "escape" in edges[0].find(SVG + "title").text


def test_story_2_draws_the_guest_bedroom_its_lock_the_time_period_and_the_seeds():
    s = Scenario.from_events(game, game.setup(game.options(1, {"story": "2"}), LoadedDice()))
    s.play("keeper", "choose A")
    s.apply(
        [
            play.TimeTravelled(
                rule="forbidden_alchemy_story.time.travel",
                seat="investigator-1",
                origin="present",
                to="past",
            ),
            play.ExplorationCardTaken(
                rule="forbidden_alchemy_story.action.explore",
                seat="investigator-1",
                room="guest-bedroom",
                card="seeds",
            ),
            play.SeedsPlanted(
                rule="forbidden_alchemy_story.seeds.plant",
                seat="investigator-1",
                card="seeds",
                room="greenhouse",
                period="past",
            ),
        ]
    )
    root = render(game.view(s.state, "investigator-1"))
    ids = {e.get("data-id") for e in root.iter() if e.get("data-id")}
    assert {"guest-a", "guest-b", "room-guest-bedroom"} <= ids
    text = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    assert "locked: Brass Key" in text and "rift" in text
    assert "time period: The Witch Trials (1692)" in text
    assert "Seeds planted in the Greenhouse (The Witch Trials (1692))" in text
