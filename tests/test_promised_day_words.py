"""The Promised Day's words for a player (issue #21, item 7): every verb explained in
one line, names taken as the picture shows them, refusals that list what would
be taken, the questions asked as questions, and each option's line for the
new-game form."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engine.core.context import Context
from engine.core.dice import Dice
from engine.core.errors import RuleViolation
from engine.core.game import find_game, register
from engine.kit.testing import Scenario
from tests.test_promised_day import position, scenario
from viewer.pointing import verb_help

register("promised_day", "engine.games.promised_day")
game = find_game("promised_day")


def _ctx() -> Context:
    return Context(Dice(1, 1), datetime(2024, 1, 1, tzinfo=UTC))


def test_every_verb_is_explained_in_one_line_of_its_own():
    helps = {verb: verb_help(cls) for verb, cls in game.COMMANDS.by_verb.items()}
    assert all(helps.values()), [v for v, h in helps.items() if not h]
    assert len(set(helps.values())) == len(helps)  # no line shared by two verbs
    assert "paired icon" in helps["alchemy"] and "Transmutation Bonus" in helps["complete"]


@pytest.mark.parametrize("typed, kept", [
    ("attack AL-04 Kimblee 1A", "attack al-04 1a kimblee"),
    ("alchemy AL-04 al-03 Wrath", "alchemy al-03 al-04 wrath"),   # a pair, in either order
    ("wound Edward", "wound ed"),
    ("wound Riza", "wound hawkeye"),
    ("bonus Curtis 3A 3a 3B", "bonus curtis 3a 3a 3b"),
    ("companion Havoc Ling none", "companion jean-havoc greed none"),
    ("bonus Winry NONE ed", "bonus winry none ed"),
    ("discard ED-01", "discard ed-01"),
    ("walk 2C", "walk 2c"),
    ("attack al-04 elric", "attack al-04 elric"),  # Ed or Al: not a name of one only
])
def test_names_are_taken_in_any_case_and_kept_as_ids(typed, kept):
    assert game.COMMANDS.parse(typed).notation() == kept


def test_a_typed_name_plays_as_its_id():
    sc = scenario(hands={"ed": ("ed-05",)}, bosses={"wrath": ("1a", 4)}, at={"ed": "1a"})
    facts = game.decide(sc.state, "red", game.COMMANDS.parse("attack ED-05 Wrath Wrath Wrath"),
                        _ctx())
    assert [(f.boss, f.life) for f in facts if type(f).__name__ == "BossDamaged"][-1] == ("wrath", 1)


def _refusal(state, seat, text) -> str:
    with pytest.raises(RuleViolation) as refused:
        game.decide(state, seat, game.COMMANDS.parse(text), _ctx())
    return str(refused.value)


def test_refusals_list_what_would_be_taken():
    sc = scenario(hands={"ed": ("ed-05", "ed-01")}, bosses={"wrath": ("1b", 4)})
    assert "(it holds: ed-01, ed-05)" in _refusal(sc.state, "red", "attack ed-09")
    assert "(the bosses: wrath)" in _refusal(sc.state, "red", "attack ed-05 bob")
    assert "(the spaces: 1a, 1b, 1c, 2a" in _refusal(sc.state, "red", "move 9z")
    hawkeye = scenario(characters=("ed", "hawkeye"), turn="hawkeye")
    assert "(beside it: black-hayate, jean-havoc)" in _refusal(hawkeye.state, "blue", "companion fu")
    raw = position(bonus=("winry", "curtis", "fu", "maria-ross"))
    raw["question"] = {"kind": "bonus", "left": 1}
    choosing = Scenario.from_position(game, raw).state
    assert "(face up: curtis, fu, winry)" in _refusal(choosing, "red", "bonus maria-ross")


def test_an_event_question_is_asked_as_a_question_and_answers_list_the_seats_own():
    raw = position(phase="homunculus", step="reveal", hands={"ed": ("ed-01", "ed-02")},
                   homunculus={"revealed": {"2": "event-ambush"}}, round=2)
    raw["question"] = {"kind": "discard", "left": 2}
    state = Scenario.from_position(game, raw).state
    (red,) = game.prompts(state)  # Al holds no card: blue has nothing to discard
    assert red.question.startswith("The Event card takes 2 more card(s) from your hands: ")
    assert red.question.count("?") == 1 and "discuss and decide" in red.question
    assert "(yours: ed-01, ed-02)" in _refusal(state, "red", "discard al-01")


def test_every_option_has_its_line_for_the_new_game_form():
    assert set(game.OPTION_HELP) == set(game.options(None, {})) - {"players"}
    assert all("default" in line for line in game.OPTION_HELP.values())
