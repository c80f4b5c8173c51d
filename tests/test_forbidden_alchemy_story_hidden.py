"""What each seat may read of the story game's facts (issue #25, item 4).

The keeper alone knows the face-down Exploration cards, his hands, the
#1 story choice and the objective until it is revealed, and the bottoms of
the monster tokens nobody examined ("Secrecy and Byakhees"); no seat knows
a deck's order.  `redact` is what the replay's audit, the timeline and the
API hand to a seat: it must never carry one of those to a seat that has not
seen it while the story runs.
"""

from __future__ import annotations

import random

from engine.core.game import find_game, register
from engine.kit.testing import LoadedDice, Scenario

register("forbidden_alchemy_story", "engine.games.forbidden_alchemy_story")
game = find_game("forbidden_alchemy_story")
from engine.games.forbidden_alchemy_story import events as ev  # noqa: E402

JENNY, HARVEY = "investigator-1", "investigator-2"
SEATS = (JENNY, HARVEY, "")  # two investigators and a spectator


def revealed_story(choice: str = "B") -> Scenario:
    """Story 1, choice B: the keeper's second Event card turns the objective up
    while every Exploration card still lies face down."""
    s = Scenario.from_events(game, game.setup(game.options(2, {}), LoadedDice()))
    s.play("keeper", f"choose {choice}")
    for _ in range(2):
        s.play(JENNY, "end")
        s.play(HARVEY, "end")
        s.play("keeper", "end")
    assert s.state.revealed
    return s


def face_down(s: Scenario) -> dict[str, list[str]]:
    """The Exploration cards still face down, room by room, top first."""
    return {room: list(cards) for room, cards in s.state.exploration.items() if cards}


def layouts_in(data, stacks: dict[str, list[str]]) -> list[str]:
    """The rooms whose face-down stack `data` spells out (a room's name beside
    cards ending with those still face down there, in their order), anywhere
    in a fact's data."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in stacks and _ends_with(value, stacks[key]):
                found.append(key)
            found += layouts_in(value, stacks)
    elif isinstance(data, (list, tuple)):
        for value in data:
            found += layouts_in(value, stacks)
    return found


def _ends_with(value, stack: list[str]) -> bool:
    return isinstance(value, (list, tuple)) and list(value[len(value) - len(stack):]) == stack


def test_the_revealed_objective_keeps_the_exploration_cards_face_down():
    """"Objective Cards" are turned face up, the Exploration cards are not: the
    fact that reveals the objective tells investigators and spectators how
    many cards each room holds, never which."""
    s = revealed_story()
    (revealed,) = [f for f in s.events if isinstance(f, ev.ObjectiveRevealed)]
    stacks = face_down(s)
    assert stacks["laboratory"] == ["suitcase", "clue-1", "bone-saw"]
    for seat in SEATS:
        shown = game.redact(revealed, seat)
        assert layouts_in(shown, stacks) == [], seat
        assert shown["objective"]["exploration"]["laboratory"] == {"hidden": 3}
        # The card itself is face up: its win condition is everyone's.
        assert shown["objective"]["win"] == {"kind": "puzzle", "tile": "10B", "clue": "clue-1"}
    assert layouts_in(game.redact(revealed, "keeper"), stacks) != []
    assert game.redact(revealed, None)["objective"]["exploration"]["laboratory"] == stacks["laboratory"]


def test_no_fact_spells_out_a_face_down_stack_to_an_investigator_or_a_spectator():
    """Random play, Stories 1 to 3: at every step, no fact recorded so far shows a
    seat other than the keeper the cards still face down in a room."""
    for seed in range(12):
        rng = random.Random(seed)
        story = str(seed % 3 + 1)
        s = Scenario.from_events(game, game.setup(game.options(2, {"story": story}), LoadedDice()))
        for step in range(60):
            if game.outcome(s.state):
                break
            seat = game.to_act(s.state)[0]
            command = rng.choice(game.legal_commands(s.state, seat))
            s.play(seat, command.notation(), dice=_dice(rng))
            if step % 5 == 0:
                stacks = face_down(s)
                for fact in s.events:
                    for viewer in SEATS:
                        assert layouts_in(game.redact(fact, viewer), stacks) == [], (seed, type(fact).__name__)


def _dice(rng: random.Random):
    """Enough honest rolls for one command (shuffles keep their order)."""
    return LoadedDice(values=[rng.randint(1, 10) for _ in range(200)])


def test_the_epilogues_wait_in_the_keeper_guide_until_the_story_ends():
    """"Epilogues": after the game the keeper reads the one for his choice and the
    winning side; a revealed objective card does not show them before."""
    s = revealed_story()
    (revealed,) = [f for f in s.events if isinstance(f, ev.ObjectiveRevealed)]
    for seat in (*SEATS, "keeper"):  # the keeper's page too: they are read at the end
        assert not [k for k in game.view(s.state, seat)["objective"] if k.startswith("epilogue")]
    for seat in SEATS:
        assert "reagent" not in str(game.redact(revealed, seat))
    assert "reagent" in str(game.redact(revealed, "keeper"))  # his Keeper Guide holds them


def test_the_event_cards_not_read_yet_stay_face_down():
    """The Event cards are read one at the end of each keeper turn (`EventCardResolved`
    is a reveal): until then an investigator or a spectator knows how many are left,
    not what they say, in the view and in the fact that lays out the story."""
    s = Scenario.from_events(game, game.setup(game.options(2, {}), LoadedDice()))
    (begun,) = [f for f in s.events if isinstance(f, ev.StoryBegun)]
    later = begun.events[3]  # Event IV names the objectives West comes for
    for seat in SEATS:
        assert later not in str(game.redact(begun, seat))
        assert game.redact(begun, seat)["events"] == {"hidden": 6}
    assert later in str(game.redact(begun, "keeper")) and later in str(game.redact(begun, None))
    s.play("keeper", "choose A")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    for seat in (*SEATS, "keeper"):
        shown = game.view(s.state, seat)["events"]
        assert shown[0] == begun.events[0] and shown[1:] == [None] * 5
        assert later not in str(game.view(s.state, seat))
    # The keeper laid out the story: his own setup facts hold every card; his view
    # (his page) shows the cards read, as everyone's does.
