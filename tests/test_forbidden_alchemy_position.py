"""The Alchemy puzzle's position format (docs/positions/forbidden_alchemy.md):
round trips, the defaults a test leaves out, every refusal with its rule, and
the rulebook's worked example set up from a position in a few lines."""

from __future__ import annotations

import random

import pytest

from engine.core import position as positions
from engine.core.dice import Dice
from engine.core.game import find_game
from engine.core.position import BadPosition
from engine.kit.testing import LoadedDice, Scenario

game = find_game("forbidden_alchemy")


def played(seed: int, commands: int) -> object:
    """A state after setup and up to `commands` random legal commands."""
    rng = random.Random(seed)
    opts = game.options(None, {"tile": rng.choice(["10A", "10B", "11A"]),
                               "investigator": rng.choice(["jenny-barnes", "harvey-walters"]),
                               "investigators": str(rng.randint(1, 4))})
    state = game.initial_state()
    for fact in game.setup(opts, Dice(seed, 1)):
        state = game.evolve(state, fact)
    for n in range(commands):
        legal = game.legal_commands(state, "investigator")
        if not legal:
            break
        scenario = Scenario(game, state=state)
        scenario.play("investigator", rng.choice(legal).notation(), dice=Dice(seed, n + 2))
        state = scenario.state
    return state


@pytest.mark.parametrize("seed", range(12))
def test_a_position_reads_back_as_itself_with_the_same_play(seed):
    state = played(seed, seed % 6)
    written = positions.write(game, state)
    again = positions.state_of(game, positions.parse(game, positions.text_of(written)))
    assert positions.write(game, again) == written
    assert game.legal_commands(again, "investigator") == game.legal_commands(state, "investigator")
    for seat in ("investigator", None, ""):
        assert game.view(again, seat) == game.view(state, seat)
    assert game.outcome(again) == game.outcome(state)


def test_what_a_position_leaves_out_is_setup_in_content_order():
    s = Scenario.from_position(game, {"options": {"tile": "10A"}})
    assert [p for p, _ in s.state.placed] == ["circle-1", "circle-2", "circle-3", "circle-4",
                                              "diamond-1", "diamond-2"]
    assert [p for p, _ in s.state.pile][:2] == ["diamond-3", "diamond-4"]
    assert (s.state.actions, s.state.skill_points, s.state.luck_added) == (4, 1, False)
    assert [c[0] for c in s.state.deck][:3] == ["se-01", "se-02", "se-03"]
    assert game.to_act(s.state) == ("investigator",)


# ---- Alchemy Puzzles > Attempting an Alchemy Puzzle Example, from a position ----------------
def test_rulebook_example_from_a_position_jenny_fails_with_four_correct_and_a_seven():
    # Tile 10A (stand-in): triangle, circle, diamond, circle, triangle, diamond.  Edge 1
    # right, edges 2 and 3 each other's, edge 4 wrong with a circle on top of the pile.
    s = Scenario.from_position(game, {
        "placed": ["triangle-1", "diamond-1", "circle-1", "triangle-2", "diamond-2", "triangle-3"],
        "pile": ["circle-2", "circle-3", "circle-4", "diamond-3", "diamond-4", "triangle-4"],
    })
    s.play("investigator", "swap 2 3")
    s.play("investigator", "replace 4")  # the circle from the top of the pile
    assert s.state.correct_pieces() == 4 and s.state.actions == 1
    facts = s.play("investigator", "stop", dice=LoadedDice(values=(7,)))
    assert [type(f).__name__ for f in facts][2:4] == ["AlchemyTestFailed", "SideEffectDrawn"]


# ---- refusals -----------------------------------------------------------------------------
REFUSED = [
    ({"nonsense": 1}, "forbidden_alchemy.position.shape"),
    ({"options": {"tile": "99Z"}}, "forbidden_alchemy.position.shape"),
    ({"options": {"investigators": "two"}}, "forbidden_alchemy.position.shape"),
    ({"phase": "setup"}, "forbidden_alchemy.position.phase"),
    ({"placed": ["circle-1"]}, "forbidden_alchemy.position.shape"),
    ({"placed": ["circle-1", "circle-1", "circle-2", "circle-3", "circle-4", "diamond-1"]},
     "forbidden_alchemy.position.piece"),
    ({"placed": ["star-1", "circle-1", "circle-2", "circle-3", "circle-4", "diamond-1"]},
     "forbidden_alchemy.position.piece"),
    ({"pile": ["diamond-3"]}, "forbidden_alchemy.position.piece"),
    ({"placed": [None, "circle-1", "circle-2", "circle-3", "circle-4", "diamond-1"]},
     "forbidden_alchemy.position.edge"),
    ({"phase": "over", "placed": ["circle-1", None, None, None, None, None],
      "test": {"roll": 3, "correct": 2, "completed": True}}, "forbidden_alchemy.position.edge"),
    ({"actions": 5}, "forbidden_alchemy.position.actions"),
    ({"phase": "over", "actions": 1, "test": {"roll": 3, "correct": 2, "completed": True}},
     "forbidden_alchemy.position.actions"),
    ({"skill_points": 2}, "forbidden_alchemy.position.skill"),
    ({"luck_added": True, "skill_points": 1}, "forbidden_alchemy.position.skill"),
    ({"side_effects": {"in_play": ["se-01"], "discards": ["se-01"]}},
     "forbidden_alchemy.position.card"),
    ({"side_effects": {"deck": ["se-01"]}}, "forbidden_alchemy.position.card"),
    ({"side_effects": {"in_play": ["se-02"]}}, "forbidden_alchemy.side-effect.discard"),
    ({"side_effects": {"in_play": ["se-03"]}}, "forbidden_alchemy.side-effect.multi-investigator"),
    ({"phase": "over"}, "forbidden_alchemy.position.test"),
    ({"test": {"roll": 3, "correct": 2, "completed": False}}, "forbidden_alchemy.position.test"),
    ({"phase": "over", "test": {"roll": 3, "correct": 2, "completed": True}},
     "forbidden_alchemy.position.test"),
]


@pytest.mark.parametrize("data,rule", REFUSED)
def test_an_impossible_position_is_refused_with_its_rule(data, rule):
    with pytest.raises(BadPosition) as refused:
        game.from_position(data)
    assert refused.value.rule == rule, refused.value.reason
    assert rule in game.RULES


def test_a_finished_attempt_reads_back():
    s = Scenario.from_position(game, {
        "phase": "over", "actions": 0, "test": {"roll": 3, "correct": 4, "completed": True},
        "placed": [None] * 6, "side_effects": {"in_play": ["se-10"]}})
    assert game.outcome(s.state) == "puzzle completed (rolled 3 against 4 correct)"
    assert game.to_act(s.state) == () and len(s.state.pile) == 12
