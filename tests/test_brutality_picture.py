"""Brutality's picture and words for a player (issue #21): every token of every
command named by an element of the seat's page, a team's relic cards shown to
that team only, the names players see accepted, the questions asked in the
game's words, and the four-player teams sharing their hand.

The picture is `viewer/pictures/brutality.py` placed by
`viewer/templates/boards/brutality.html`; the browser plays it in
tests/e2e/test_brutality_browser.py.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from test_brutality import P, duel, game, given

from engine.core.context import SYSTEM
from engine.core.errors import RuleViolation
from engine.core.store import open_store
from engine.core.visibility import command_shown
from engine.games.brutality import events as ev
from viewer import boards, pictures
from viewer.pictures import brutality as picture
from viewer.pointing import verb_help

ENV = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True,
                  undefined=StrictUndefined)
boards.register(ENV)
pictures.register(ENV)
TEMPLATE = ENV.get_template("boards/brutality.html")
TOKENS = re.compile(r'data-token="([^"]*)"')


def render(state, seat) -> str:
    return TEMPLATE.render(board=game.view(state, seat), changed=[], game=game)


def named(html: str) -> set[str]:
    """Every token an element of the rendered picture answers to."""
    return {t for value in TOKENS.findall(html) for t in value.split()}


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


# ---- every token of every command has an element -------------------------------------------------
@pytest.mark.parametrize(("seed", "players", "options"), [
    (5, 2, {"relics": "draft"}),                       # the draft: stacks and cards
    (6, 4, {}),                                        # four players: each their own hero
    (8, 2, {"board": "ice-pit", "start": "random"}),
    (21, 2, {"board": "ice-pit"}),
])
def test_every_argument_of_every_legal_command_is_an_element_of_the_seats_picture(seed, players, options):
    store = memory()
    gid = store.create("brutality", seed=seed, players=players, options=options)
    rng = random.Random(seed)
    verbs: set[str] = set()
    for step in range(260):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        movers = [s for s in game.to_act(state) if s != SYSTEM and game.legal_commands(state, s)]
        for seat in movers:
            legal = game.legal_commands(state, seat)
            on_page = named(render(state, seat))
            for command in legal:
                verb, *args = command.notation().split()
                verbs.add(verb)
                missing = [a for a in args if a not in on_page]
                assert not missing, f"step {step}, {seat}: {command.notation()!r} needs {missing}"
        seat = rng.choice(movers)
        store.issue(gid, seat, game.BOTS["random"](state, seat, game.legal_commands(state, seat),
                                                  rng).notation())
    # what these games offered, so that the check above met every kind of token
    assert {"move", "use", "relic", "end", "pass"} <= verbs
    if options.get("start") != "random":  # else the dice made every setup choice
        assert {"pick", "place", "equip", "hazard"} <= verbs
    if options.get("relics") == "draft":
        assert {"stack", "draft"} <= verbs


def test_the_answers_of_a_question_are_squares_and_stay():
    """A hero who stepped onto a Catapult may jump or stay: the spaces are the
    map's, and "stay" a control of its own beside it; the question says who."""
    s = duel(hazards=[("catapult", "C3")])
    s.play("north", "move assassin C3")
    assert s.state.question and s.state.question[1] == "jump-move"
    html = render(s.state, "north")
    answers = [c.notation().split()[1] for c in game.legal_commands(s.state, "north")]
    assert "stay" in answers and set(answers) <= named(html)
    assert 'id="stay"' in html and "Astar&#39;al stays" in html
    (prompt,) = game.prompts(s.state)
    assert prompt.question == ("Astar'al, The Assassin stands on a Catapult: jump to a space up "
                               "to two away, or stay?")


def test_turning_round_and_climbing_out_of_a_grave_start_from_the_hero():
    s = duel()
    html = render(s.state, "north")
    # the hero answers on its square and on its sheet, its abilities on the sheet
    assert 'data-token="assassin C2"' in html and 'id="sheet-assassin"' in html
    assert {"assassin", "twin-blades", "throwing-knife"} <= named(html)
    assert "turn assassin" in {c.notation() for c in game.legal_commands(s.state, "north")}
    buried = given(duel(active="south"), ev.HeroBuried(rule=P + "bury.take", hero="executioner",
                                                        square="H6"))
    html = render(buried.state, "south")
    assert "unbury executioner" in {c.notation() for c in game.legal_commands(buried.state, "south")}
    assert 'data-token="executioner H6"' in html  # the gravestone's square answers as the hero
    assert "gravestone of Trajan, The Righteous Executioner" in html


# ---- a team's relic cards ---------------------------------------------------------------------------
def test_relic_cards_are_drawn_with_their_names_and_text_for_their_team_only():
    s = duel(hands={"north": ("hell-fire-1", "saints-ward-2"), "south": ("meteor-3",)})
    mine = render(s.state, "north")
    assert 'id="hand-north"' in mine and 'data-token="hell-fire-1"' in mine
    assert "Hell Fire" in mine and "Saint&#39;s Ward" in mine and "meteor-3" not in mine
    assert "relic hell-fire-1 C4 F4" in {c.notation() for c in game.legal_commands(s.state, "north")}
    theirs = render(s.state, "south")
    assert 'id="hand-south"' in theirs and "Meteor" in theirs
    assert "hell-fire-1" not in theirs and "saints-ward-2" not in theirs
    spectator = render(s.state, "")
    assert "bt-hand" not in spectator and not {"hell-fire-1", "meteor-3"} & named(spectator)


def test_a_declared_effect_shows_every_seat_what_it_will_do():
    """What tests/test_leaks.py found (north-1, step 235: 'hell-fire'): the effect
    stack's steps were in the public EffectDeclared fact and in a position, never in
    a seat's view; the view now holds them, and the picture says the card's name."""
    s = duel(hands={"north": ("hell-fire-1",), "south": ("saints-ward-1",)})
    facts = s.play("north", "relic hell-fire-1 C4 F4")
    declared = next(f for f in facts if type(f).__name__ == "EffectDeclared")
    for seat in ("north", "south", ""):
        (effect,) = game.view(s.state, seat)["stack"]
        assert effect["what"] == "hell-fire-1"
        assert effect["steps"] == [list(step) for step in declared.steps]
        assert effect["steps"][0][0] == "hell-fire"
    html = render(s.state, "south")
    assert "north&#39;s Hell Fire - south may answer or pass" in html
    for sq in ("C4", "D4", "E4", "F4"):  # framed on the map for the team asked
        assert f"north&#39;s Hell Fire strikes {sq}" in html


# ---- the map ---------------------------------------------------------------------------------------
def test_the_picture_is_well_formed_and_puts_the_places_where_it_draws_the_squares():
    s = duel(hazards=[("pike-trap", "D4")])
    html = render(s.state, "north")
    svg = ET.fromstring(html[html.index("<svg"):html.rindex("</svg>") + 6])
    assert "<svg" not in html[html.rindex("</svg>"):]  # the tray holds no SVG
    points = picture.place_points(game.view(s.state, "north"))
    polygon = next(e for e in svg.iter() if e.get("id") == "square-D4")
    corners = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
    centre = (sum(x for x, _ in corners) / 4 + 18, sum(y for _, y in corners) / 4 + 16)
    assert points["D4"] == pytest.approx(centre)
    assert polygon.get("class") == "square pike-trap"


def test_a_view_beyond_the_content_is_not_drawn():
    view = game.view(duel().state, "")
    assert picture.ceiling(view) is None
    view["board"] = dict(view["board"], width=400)
    assert "the board's width is 400" in picture.ceiling(view)


# ---- words -------------------------------------------------------------------------------------------
def test_heroes_are_taken_by_the_names_the_page_shows():
    s = duel(active="north")
    parse = game.COMMANDS.parse
    assert parse("move Astar'al c3") == parse("move assassin C3") == parse("move AS c3")
    assert parse("use demon-king Roar Trajan").notation() == "use demon-king dread-roar executioner"
    assert parse("hazard FIRE b4").notation() == "hazard relentless-fire B4"
    assert parse("end Meteor-1 hell-fire-2").notation() == "end hell-fire-2 meteor-1"
    s.play("north", "move astaral C3")  # the assassin moves
    assert s.state.heroes["assassin"].square == "C3"
    with pytest.raises(RuleViolation) as refused:
        game.decide(s.state, "north", parse("move rangoth A3"), None)
    assert "(its heroes: assassin (Astar'al, The Assassin), god-killer (The God Killer))" \
        in str(refused.value)


def test_every_verb_is_explained_in_one_line():
    for verb, cls in game.COMMANDS.by_verb.items():
        help_line = verb_help(cls)
        assert help_line and help_line.endswith((".", "?")) and "e.g." not in help_line, verb


def test_every_option_has_its_line_for_the_new_game_form():
    assert set(game.OPTION_HELP) == set(game.options(None, {})) - {"players"}


# ---- teams of two -------------------------------------------------------------------------------------
def test_the_two_seats_of_a_team_are_one_side():
    assert game.same_side("north-1", "north-2") and game.same_side("south-2", "south-1")
    assert not game.same_side("north-1", "south-1")
    assert not game.same_side("north-1", "") and not game.same_side("", "") \
        and not game.same_side(None, "north-1") and not game.same_side("system", "system")
    # the cards north-1 names for phase 4 are secret from south, not from north-2
    data = {"seat": "north-1", "text": "end hell-fire-1", "command": {"verb": "end"}}
    assert command_shown(game, data, 9, "north-2", set(), False)
    assert not command_shown(game, data, 9, "south-1", set(), False)
    assert not command_shown(game, data, 9, "", set(), False)
