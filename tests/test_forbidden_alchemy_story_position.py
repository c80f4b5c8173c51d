"""The story game's position format (docs/positions/forbidden_alchemy_story.md):
round trips from random play, the defaults a test leaves out, every refusal
with its rule, and rulebook cases set up from a position in a few lines."""

from __future__ import annotations

import random

import pytest

from engine.core import position as positions
from engine.core.context import SYSTEM
from engine.core.dice import Dice
from engine.core.game import find_game, register
from engine.core.position import BadPosition
from engine.kit.testing import LoadedDice, Scenario, TestContext

register("forbidden_alchemy_story", "engine.games.forbidden_alchemy_story")
game = find_game("forbidden_alchemy_story")
JENNY, HARVEY = "investigator-1", "investigator-2"
CASTS = [(1, {}), (2, {"story": "2"}), (3, {"story": "3"}), (2, {"keeper": "system"}),
         (2, {"characters": "darrell-simmins,jenny-barnes", "story": "3"})]


def states(seed: int, steps: int = 200):
    """Every position between two commands of a random game."""
    rng = random.Random(seed)
    players, raw = CASTS[seed % len(CASTS)]
    opts = game.options(players, raw)
    s = Scenario.from_events(game, game.setup(opts, Dice(seed, 1)))
    for step in range(steps):
        yield s.state, game.seats(opts)
        if game.outcome(s.state):
            return
        seat = game.to_act(s.state)[0]
        command = (game.system_command(s.state, None) if seat == SYSTEM
                   else rng.choice(game.legal_commands(s.state, seat)))
        s.apply(game.decide(s.state, seat, command, TestContext(Dice(seed * 997 + step, 2))))


@pytest.mark.parametrize("seed", range(6))
def test_a_position_reads_back_as_itself_with_the_same_play_and_views(seed):
    for state, seats in states(seed):
        written = positions.write(game, state)
        again = positions.state_of(game, positions.parse(game, positions.text_of(written)))
        assert positions.write(game, again) == written
        for seat in (*seats, SYSTEM):
            assert game.legal_commands(again, seat) == game.legal_commands(state, seat)
        assert game.to_act(again) == game.to_act(state)
        assert game.prompts(again) == game.prompts(state)
        for seat in (*seats, None, ""):
            assert game.view(again, seat) == game.view(state, seat)


def test_what_a_position_leaves_out_is_setup_in_content_order_and_the_first_choice():
    s = Scenario.from_position(game, {})
    assert (s.state.story, s.state.choice, s.state.phase) == ("1", "A", "investigators")
    assert game.to_act(s.state) == (JENNY,) and s.state.moves == 2
    assert s.state.investigators[JENNY].space == "foyer"
    assert s.state.exploration["library"] == ("clue-1",)  # Story 1, choice A's deal
    assert s.state.monsters["crawling-one-1"].space == "lab-b"
    assert s.state.hand == ("trauma-1", "trauma-2", "trauma-3")
    assert s.state.supply == {"crawling-hand": 6, "mutation": 10}
    before = Scenario.from_position(game, {"phase": "choose"})
    assert [c.notation() for c in game.legal_commands(before.state, "keeper")] == [
        "choose A", "choose B", "choose C"]


# ---- rulebook cases, each from a position ----------------------------------------------------
def test_escaping_story_3_objective_1c_from_a_position():
    # "Other Rules > Escaping", Story 3 errata (Objective 1C): the investigator carrying
    # the Yellow Matter crosses Hallway 2's outer edge; the investigators win.
    s = Scenario.from_position(game, {
        "options": {"story": "3", "players": 2}, "choice": "C", "revealed": True,
        "events_resolved": 2,
        "investigators": {JENNY: {"space": "hall2-s", "items": ["yellow-matter"]}},
    })
    s.play(JENNY, "escape")
    assert game.outcome(s.state).startswith("the investigators win: Jenny Barnes escaped")


def test_hiding_no_keeper_action_targets_a_hiding_investigator_from_a_position():
    # "Other Rules > Hiding": the keeper's Take Sample cannot choose Jenny, hiding in the
    # Laboratory beside a crawling one; Harvey there, not hiding, may be chosen.
    s = Scenario.from_position(game, {
        "options": {"players": 2}, "phase": "keeper", "keeper": {"threat": 3},
        "investigators": {JENNY: {"space": "lab-b", "hidden": True}, HARVEY: {"space": "lab-b"}},
    })
    s.expect_violation("keeper", f"action take-sample {JENNY}",
                       rule="forbidden_alchemy_story.hiding.not-a-target")
    s.play("keeper", f"action take-sample {HARVEY}")
    assert s.state.investigators[HARVEY].damage == 1


def test_mutation_tokens_on_a_corpse_from_a_position():
    # Component Breakdown > Mutation Tokens: a corpse with two tokens in Jenny's space.
    s = Scenario.from_position(game, {
        "phase": "keeper", "keeper": {"threat": 2},
        "monsters": {"crawling-one-1": {"space": None, "dead": True, "corpse": "lab-b",
                                        "mutations": 2}},
        "investigators": {JENNY: {"space": "lab-b"}},
    })
    assert s.state.supply["mutation"] == 8
    facts = s.play("keeper", f"action writhing-growths {JENNY}", dice=LoadedDice())
    assert facts[1].amount == 2


# ---- refusals -----------------------------------------------------------------------------
REFUSED = [
    ({"nonsense": 1}, "forbidden_alchemy_story.position.shape"),
    ({"options": {"story": "9"}}, "forbidden_alchemy_story.position.shape"),
    ({"investigators": {JENNY: {"damage": "a"}}}, "forbidden_alchemy_story.position.shape"),
    ({"investigators": {JENNY: {"luck": 3}}}, "forbidden_alchemy_story.position.shape"),
    ({"phase": "dreaming"}, "forbidden_alchemy_story.position.phase"),
    ({"phase": "choose", "choice": "A"}, "forbidden_alchemy_story.position.phase"),
    ({"phase": "over"}, "forbidden_alchemy_story.position.phase"),
    ({"result": {"winner": "keeper", "reason": "x"}}, "forbidden_alchemy_story.position.phase"),
    ({"turn": {"seat": "keeper"}}, "forbidden_alchemy_story.position.phase"),
    ({"phase": "keeper", "turn": {"seat": "keeper", "begun": JENNY}}, "forbidden_alchemy_story.position.phase"),
    ({"choice": "Z"}, "forbidden_alchemy_story.choice.known"),
    ({"investigators": {"investigator-9": {}}}, "forbidden_alchemy_story.position.seat"),
    ({"trauma_in_play": {"trauma-4": "investigator-9"}}, "forbidden_alchemy_story.position.seat"),
    ({"investigators": {JENNY: {"space": "moon"}}}, "forbidden_alchemy_story.position.space"),
    ({"investigators": {JENNY: {"status": "eliminated", "space": "foyer"}}}, "forbidden_alchemy_story.position.space"),
    ({"status_effects": {"fire": ["moon"]}}, "forbidden_alchemy_story.position.space"),
    ({"exploration": {"guest-bedroom": ["dust"]}}, "forbidden_alchemy_story.position.space"),  # not on Story 1's map
    ({"exploration": {"library": ["unicorn"]}}, "forbidden_alchemy_story.position.card"),
    ({"decks": {"trauma": {"cards": ["trauma-1"]}}}, "forbidden_alchemy_story.position.card"),  # also in the hand
    ({"decks": {"trauma": {"cards": []}}}, "forbidden_alchemy_story.position.card"),  # three cards nowhere
    ({"alchemy": {"side_effects": {"in_play": ["se-01"]}}}, "forbidden_alchemy_story.position.card"),
    ({"monsters": {"dragon-1": {}}}, "forbidden_alchemy_story.position.monster"),
    ({"monsters": {"crawling-one-1": {"dead": True}}}, "forbidden_alchemy_story.position.monster"),  # on the map
    ({"monsters": {"crawling-one-1": {"corpse": "lab-b"}}}, "forbidden_alchemy_story.position.monster"),
    ({"monsters": {"crawling-one-1": {"token": "byakhee-a"}}}, "forbidden_alchemy_story.position.token"),
    ({"monsters": {"crawling-one-2": {"token": "crawling-a"}}}, "forbidden_alchemy_story.position.token"),
    ({"investigators": {JENNY: {"damage": 50}}}, "forbidden_alchemy_story.position.health"),
    ({"monsters": {"crawling-one-1": {"wounds": 50}}}, "forbidden_alchemy_story.position.health"),
    ({"question": {"seat": JENNY, "monster": "crawling-one-1"}}, "forbidden_alchemy_story.position.pending"),
    ({"question": {"seat": JENNY, "monster": "crawling-one-1"},
      "choosing": {"seat": JENNY, "card": "se-03", "choices": []}}, "forbidden_alchemy_story.position.pending"),
    ({"attempt": {"seat": JENNY, "tile": "10A", "placed": ["circle-1"]}}, "forbidden_alchemy_story.position.puzzle"),
    ({"investigators": {JENNY: {"crawling_hands": 7}}}, "forbidden_alchemy_story.tokens.supply"),
]


@pytest.mark.parametrize("data,rule", REFUSED)
def test_an_impossible_position_is_refused_with_its_rule(data, rule):
    with pytest.raises(BadPosition) as refused:
        game.from_position(data)
    assert refused.value.rule == rule, refused.value.reason
    assert rule in game.RULES
