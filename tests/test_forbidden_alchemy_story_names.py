"""Names a player may type in the story game (issue #21): ids in any case, an
investigator by his character's id or either of his names, a named monster or a
card by its title; a word that names nothing is refused by the rule that
refuses it, with the names that would have been accepted."""

from __future__ import annotations

import pytest

from engine.core.errors import RuleViolation
from engine.core.game import find_game
from engine.games.forbidden_alchemy_story import names
from engine.kit.testing import LoadedDice, Scenario

game = find_game("forbidden_alchemy_story")


def story() -> Scenario:
    s = Scenario.from_events(game, game.setup(game.options(2, {}), LoadedDice()))
    s.play("keeper", "choose b")  # the letter in either case
    return s


def test_ids_in_any_case_and_investigators_by_their_names():
    s = story()
    assert s.state.choice == "B"
    s.play("investigator-1", "move HALL1-W")
    assert s.state.investigators["investigator-1"].space == "hall1-w"
    table = names.names(s.state)
    for typed in ("investigator-2", "harvey-walters", "Harvey", "WALTERS"):
        assert names.canonical(s.state, "investigator-1", game.COMMANDS.parse(f"pick {typed}"))[0].seat == (
            "investigator-2"
        )
    assert table["card"]["night-terrors"] == "trauma-2" and table["action"]["creature-of-night"] == (
        "creature-of-night"
    )
    command, unknown = names.canonical(s.state, "keeper", game.COMMANDS.parse("trauma Night-Terrors Jenny"))
    assert command.notation() == "trauma trauma-2 investigator-1" and unknown == ""


def test_a_word_that_names_nothing_is_refused_with_the_names_accepted():
    s = story()
    with pytest.raises(RuleViolation) as refused:
        s.play("investigator-1", "attack crawling-one-1 bazooka")
    assert refused.value.rule == "forbidden_alchemy_story.attack.weapon"  # the rule's own refusal
    assert "'bazooka' is not an item or none: revolver, none" in refused.value.reason
    with pytest.raises(RuleViolation) as refused:
        s.play("investigator-1", "move cellar")
    assert refused.value.rule == "forbidden_alchemy_story.move.adjacent"
    assert "'cellar' is not a space: foyer, gh-altar" in refused.value.reason
