"""The board picture of `forbidden_alchemy_story` (docs/boards.md): well-formed
SVG for every seat's view, figures and spaces by stable id, the dashed
impassable borders, hidden investigators marked, the puzzle picture reused;
every element a command is made of named by its token, and each seat's own
cards (the tray above the map) drawn on its own page only."""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from engine.core.game import find_game, register
from engine.kit.testing import LoadedDice, Scenario
from viewer import boards, pictures
from viewer.pictures import forbidden_alchemy_story as story_picture

register("forbidden_alchemy_story", "engine.games.forbidden_alchemy_story")
game = find_game("forbidden_alchemy_story")
from engine.games.forbidden_alchemy_story import events as ev  # noqa: E402
from engine.games.forbidden_alchemy_story import play_events as play  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader("viewer/templates"), autoescape=True, undefined=StrictUndefined
    )
    boards.register(env)
    pictures.register(env)
    return env


def page(board, changed=()) -> str:
    """The picture as the page includes it: the tray (HTML), then the SVG."""
    return environment().get_template("boards/forbidden_alchemy_story.html").render(
        board=board, changed=set(changed), game=game
    )


def render(board, changed=()) -> ET.Element:
    """The picture's SVG, parsed (the board's SVG runs from the first <svg to the last </svg>)."""
    text = page(board, changed)
    return ET.fromstring(text[text.index("<svg") : text.rindex("</svg>") + len("</svg>")])


def tray(board) -> ET.Element:
    """The tray of cards above the map, parsed."""
    text = page(board)
    return ET.fromstring(text[text.index('<div class="fa-tray"') : text.index("<svg")])


def tokens(board) -> set[str]:
    """Every token an element of the picture or the tray is named by."""
    text = page(board)
    svg = ET.fromstring(text[text.index("<svg") : text.rindex("</svg>") + len("</svg>")])
    cards = ET.fromstring(text[text.index('<div class="fa-tray"') : text.index("<svg")])
    return {t for root in (svg, cards) for e in root.iter() for t in (e.get("data-token") or "").split()}


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


def test_a_hidden_investigator_is_marked_and_moves_are_named_spaces():
    s = story()
    s.play("investigator-1", "move hall1-w")
    s.play("investigator-1", "move hall1-e")
    s.play("investigator-1", "end")
    s.play("investigator-2", "end")
    s.play("keeper", "end")
    s.play("investigator-1", "move library")
    s.play("investigator-1", "hide")
    board = game.view(s.state, "investigator-1")
    assert [c.notation() for c in game.legal_commands(s.state, "investigator-1")] == [
        "end",
        "move hall1-e",
    ]
    root = render(board, changed={"investigators", "investigators.investigator-1"})
    token = next(e for e in root.iter(SVG + "g") if e.get("id") == "token-investigator-1")
    assert "hiding" in token.find(SVG + "title").text and "changed" in token.get("class")
    assert token.get("data-token") == "investigator-1 library"  # the figure, then its space
    space = next(e for e in root.iter(SVG + "g") if e.get("id") == "space-hall1-e")
    assert space.get("data-token") == "hall1-e"


def test_every_token_of_every_seats_commands_is_an_element_of_its_page():
    """Each seat's legal commands at positions of a greedy game, each argument
    named by an element of that seat's picture or tray (no chip needed)."""
    import random

    from engine.core.store import open_store

    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("forbidden_alchemy_story", seed=2, players=2)
    rng = random.Random(2)
    verbs = set()
    for _ in range(70):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_commands(state, seat)
        named = tokens(game.view(state, seat))
        for command in legal:
            missing = set(command.notation().split()[1:]) - named
            assert not missing, (seat, command.notation(), missing)
            verbs.add(command.verb)
        store.issue(gid, seat, game.BOTS["greedy"](state, seat, legal, rng).notation())
    # the game went through the kinds of command there are to point at
    assert {"choose", "move", "swap", "replace", "trauma", "mythos", "threat", "action",
            "monster-attack", "attack", "test", "use"} <= verbs


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
    board = game.view(s.state, "investigator-1")
    root = render(board)
    frames = list(root.iter(SVG + "svg"))
    assert len(frames) == 3  # the story's picture, the puzzle's frame, the puzzle's own picture
    assert any("glyph" in (e.get("class") or "") for e in frames[2].iter())
    # the puzzle's pieces are named by their edges, as in the puzzle game
    edges = {e.get("data-token") for e in frames[2].iter() if (e.get("id") or "").startswith("edge-")}
    assert edges == {str(n) for n in range(1, 7)}
    # the map is drawn below the puzzle: a note's places move down with it
    (mansion,) = [e for e in root.iter(SVG + "g") if e.get("class") == "mansion"]
    shift = float(mansion.get("transform").removeprefix("translate(0 ").removesuffix(")"))
    assert shift > 400
    circle = next(e for e in root.iter(SVG + "g") if e.get("id") == "space-foyer").find(SVG + "circle")
    x, y = story_picture.place_points(board)["foyer"]
    assert (x, y) == pytest.approx((float(circle.get("cx")), float(circle.get("cy")) + shift), abs=0.11)


def test_the_keepers_hand_and_token_bottoms_are_drawn_for_the_keeper_only():
    s = story()
    hand = set(s.state.hand) | set(s.state.mythos_hand)
    assert hand
    for seat, shown in (("keeper", True), ("investigator-1", False), ("", False)):
        board = game.view(s.state, seat)
        cards = {e.get("data-token") for e in tray(board).iter() if "fa-card" in (e.get("class") or "")}
        assert (hand <= cards) == shown and (not hand & cards) == (not shown)
        root = render(board)
        crawler = next(e for e in root.iter(SVG + "g") if e.get("id") == "token-crawling-one-1")
        assert ("token: health" in crawler.find(SVG + "title").text) == shown


def test_an_investigators_own_cards_are_on_his_page_only():
    s = story()
    mine = set(s.state.investigators["investigator-1"].items)
    for seat, shown in (("investigator-1", True), ("investigator-2", False), ("keeper", False), ("", False)):
        cards = {e.get("data-token") for e in tray(game.view(s.state, seat)).iter()
                 if "fa-item" in (e.get("class") or "")}
        assert (cards == mine) if shown else not (cards & mine)
    texts = " ".join(tray(game.view(s.state, "investigator-1")).itertext())
    assert "Weapon (firearm)" in texts  # Jenny Barnes's Revolver, with its text


def test_rooms_are_drawn_as_a_floor_plan_with_their_cards_and_the_escape_edge():
    s = story()
    board = game.view(s.state, "investigator-1")
    # The view gives where each space is; the picture draws the rooms around them.
    assert board["layout"]["foyer"] and set(board["layout"]) == set(board["spaces"])
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
    assert "The Witch Trials (1692) ◆" in text  # the marker's card
    assert "Seeds planted in the Greenhouse (The Witch Trials (1692))" in text


def test_a_byakhees_question_and_a_tester_are_answered_on_the_page():
    """The rare questions: yes and no are two controls on the asked investigator's page
    (with the question), a tester is picked among the figures and the rows."""
    from tests.test_forbidden_alchemy_story import (
        HARVEY,
        JENNY,
        _three_in_the_foyer,
        begin,
        fresh_turn,
        put,
    )

    s = begin(story="3")
    put(s, JENNY, "gh-door")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", f"action screech byakhee-1 {JENNY}")
    board = game.view(s.state, JENNY)
    assert {c.notation() for c in game.legal_commands(s.state, JENNY)} == {"answer no", "answer yes"}
    assert {"yes", "no"} <= tokens(board)
    answer = next(e for e in tray(board).iter() if e.get("id") == "tray-answer")
    assert "Do you look up at the beating wings?" in " ".join(answer.itertext())
    assert "yes" not in tokens(game.view(s.state, HARVEY))  # asked of Jenny only

    s = _three_in_the_foyer()
    fresh_turn(s)
    s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(4,)))
    picks = {c.notation().split()[1] for c in game.legal_commands(s.state, JENNY)}
    assert picks == {"investigator-2", "investigator-3"} and picks <= tokens(game.view(s.state, JENNY))


def test_the_card_faces_are_written_once_per_game_and_are_the_games_own():
    # The faces come from tables set up once and carried from state to state: a
    # view finds them written already (issue #24), the same dict for every seat
    # and every step, while a game with other tables (Story 2) gets its own.
    views = importlib.import_module("engine.games.forbidden_alchemy_story.view")
    s = story()
    first = game.view(s.state, "keeper")["cards"]
    seat = game.to_act(s.state)[0]
    s.play(seat, game.legal_commands(s.state, seat)[0].notation())
    assert game.view(s.state, "investigator-1")["cards"] is first
    assert first == views._write_faces(s.state)
    other = Scenario.from_events(game, game.setup(game.options(2, {"story": "2"}), LoadedDice())).state
    assert game.view(other, None)["cards"] == views._write_faces(other)
    assert game.view(s.state, None)["cards"] == first
