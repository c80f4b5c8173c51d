"""`legal_commands` offers what `decide` accepts, and only that: both call the
same guards (docs/GAMES.md, "One shape").  Random play with every character
(Darrell Simmins's Blood Pact, Mandy Thompson's, Michael McGlen's Dynamite)
and every story checks each command offered."""

from __future__ import annotations

import random

import pytest

from engine.core.context import SYSTEM
from engine.core.dice import Dice
from engine.core.game import find_game, register
from engine.kit.testing import Scenario, TestContext

register("forbidden_alchemy_story", "engine.games.forbidden_alchemy_story")
game = find_game("forbidden_alchemy_story")
from tests.test_forbidden_alchemy_story import JENNY, begin  # noqa: E402

CASTS = [
    (2, {"characters": "darrell-simmins,jenny-barnes"}),
    (3, {"characters": "darrell-simmins,mandy-thompson,michael-mcglen", "story": "3"}),
    (2, {"characters": "darrell-simmins,harvey-walters", "story": "2", "keeper": "system"}),
]


@pytest.mark.parametrize("players,raw", CASTS)
def test_every_command_offered_is_accepted(players, raw):
    for seed in range(4):
        rng = random.Random(seed)
        opts = game.options(players, raw)
        s = Scenario.from_events(game, game.setup(opts, Dice(seed, 1)))
        for step in range(150):
            if game.outcome(s.state):
                break
            seat = game.to_act(s.state)[0]
            if seat == SYSTEM:
                command = game.system_command(s.state, None)
            else:
                offered = game.legal_commands(s.state, seat)
                for other in offered:  # each one decides without a RuleViolation
                    game.decide(s.state, seat, other, TestContext(Dice(seed * 1000 + step, 3)))
                command = rng.choice(offered)
            facts = game.decide(s.state, seat, command, TestContext(Dice(seed * 1000 + step, 2)))
            s.apply(facts)


def test_blood_pact_is_not_offered_before_any_horror():
    """Replacement Cards (Blood Pact, R; its face is ours): the spell gives back
    sanity lost, so it is cast only after suffering horror."""
    s = begin(characters="darrell-simmins,jenny-barnes")
    darrell = JENNY  # investigator-1 plays Darrell Simmins here
    assert "use blood-pact" not in [c.notation() for c in game.legal_commands(s.state, darrell)]
    s.expect_violation(darrell, "use blood-pact", rule="forbidden_alchemy_story.item.blood-pact")
