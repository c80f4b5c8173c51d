"""Brutality positions (docs/positions/brutality.md): written and read back
unchanged, defaults for what a position leaves out, a rulebook case set up
in a few lines, and every refusal with the rule it names."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from test_brutality import P, game, rules_of

from engine.core import position as positions
from engine.core.context import Context
from engine.core.dice import Dice
from engine.core.position import BadPosition
from engine.games.brutality import content
from engine.kit.testing import Scenario

NOW = datetime(2024, 1, 1, tzinfo=UTC)
CARDS = content.relic_cards(content.relics())


def heroes(**changes):
    """Two heroes a team, far apart; `changes` replace or add heroes."""
    found = {"god-killer": {"team": "north", "at": "C3"}, "conjurer": {"team": "north", "at": "A1"},
             "assassin": {"team": "south", "at": "C4"}, "executioner": {"team": "south", "at": "H6"}}
    found.update(changes)
    return {k: v for k, v in found.items() if v is not None}


def refused(data, rule):
    with pytest.raises(BadPosition) as e:
        game.from_position(data)
    assert e.value.rule == rule, e.value
    return e.value.reason


# ---- round trips ----------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "players", "options"), [
    (1, 2, {}), (2, 4, {"start": "random"}), (3, 2, {"relics": "draft"}),
    (4, 2, {"board": "ice-pit", "tank_in_chain": "pushed", "start": "random"})])
def test_every_position_of_a_game_reads_back_as_itself(seed, players, options):
    # Random play from the setup on: at every step, the position written and read
    # back is the same position, offers the same commands, and shows the same views.
    rng = random.Random(seed)
    state = game.initial_state()
    for fact in game.setup(game.options(players, options), Dice(seed, 0)):
        state = game.evolve(state, fact)
    for step in range(150):
        written = positions.write(game, state)
        again = positions.state_of(game, positions.parse(game, positions.text_of(written)))
        assert positions.write(game, again) == written
        for seat in game.seats(state.options):
            assert game.legal_commands(again, seat) == game.legal_commands(state, seat)
        assert game.to_act(again) == game.to_act(state)
        assert game.prompts(again) == game.prompts(state)
        for seat in (*game.seats(state.options), None, ""):
            assert game.view(again, seat) == game.view(state, seat)
        if game.outcome(state):
            break
        seat = rng.choice([s for s in game.to_act(state) if game.legal_commands(state, s)])
        command = rng.choice(game.legal_commands(state, seat))
        for fact in game.decide(state, seat, command, Context(Dice(seed, step + 1), NOW)):
            state = game.evolve(state, fact)


def test_a_short_position_takes_the_documented_defaults():
    s = game.from_position({"heroes": heroes()})
    assert (s.phase, s.turn, s.active, s.start_team) == ("actions", 1, "north", "north")
    assert s.options == game.options(None, {})
    gk, assassin = s.heroes["god-killer"], s.heroes["assassin"]
    assert (gk.facing, gk.health, gk.artifact, gk.cooldown) == ("S", 14, None, 0)
    assert assassin.facing == "N" and not (assassin.hung or assassin.buried or assassin.dead)
    assert s.relic_decks["shared"].cards == tuple(CARDS) and s.hand("north") == ()
    assert list(s.heroes) == ["god-killer", "conjurer", "assassin", "executioner"]
    # Cards placed somewhere are left out of the default deck.
    s = game.from_position({"heroes": heroes(), "relics": {"hands": {"south": ["wrath-1"]},
                                                           "discards": {"shared": ["meteor-1"]}}})
    assert len(s.relic_decks["shared"]) == 54 and "wrath-1" not in s.relic_decks["shared"]
    assert s.relic_decks["shared"].discards == ("meteor-1",)


def test_a_position_is_written_in_its_compact_form():
    s = game.from_position({"heroes": heroes(), "hazards": {"C5": "spiked-pillar"}})
    written = game.position(s)
    assert written["heroes"]["assassin"] == {"team": "south", "at": "C4"}
    assert written["hazards"] == {"C5": "spiked-pillar"}


# ---- a rulebook case in ten lines ------------------------------------------------------------
def test_hanging_noose_a_hung_hero_knocked_into_a_spiked_pillar():
    # "Spiked Pillar" and "Hanging Noose": the God Killer (C3-D3) strikes the hung
    # assassin on C4 with Skybreaker (2 damage, 1 knockback).  The pillar on C5 stops
    # the knockback and deals 1: 8 - 2 - 1 = 5; she was knocked back, so the noose is off.
    s = Scenario.from_position(game, {
        "turn": 3, "hazards": {"C5": "spiked-pillar"},
        "heroes": heroes(assassin={"team": "south", "at": "C4", "noose": True})})
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events) == ["ability.use", "effect.damage", "status.noose.knockback",
                                "knockback.blocked", "hazard.spiked-pillar"]
    assert s.state.heroes["assassin"].health == 5 and not s.state.heroes["assassin"].hung


def test_the_documented_example_starts_a_game_through_the_envelope():
    text = (positions.text_of({"format": "boardlog-position", "game": "brutality", "version": 1,
                               "options": game.options(2, {}), "turn": 3,
                               "heroes": heroes(assassin={"team": "south", "at": "C4",
                                                          "noose": True}),
                               "hazards": {"C5": "spiked-pillar"}}))
    state = positions.state_of(game, positions.parse(game, text))
    assert state.heroes["assassin"].hung and "use god-killer skybreaker assassin" in {
        c.notation() for c in game.legal_commands(state, "north")}
    # The envelope wants the options whole, as the game stores them.
    with pytest.raises(BadPosition) as e:
        positions.parse(game, text.replace('"players": 2', '"players": 3'))
    assert e.value.rule == "core.position"


# ---- refusals ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("data", "rule"), [
    ({"colour": "red"}, "brutality.position.shape"),
    ({"heroes": []}, "brutality.position.shape"),
    ({"heroes": heroes(assassin={"team": "south", "at": "C4", "hat": 1})}, "brutality.position.shape"),
    ({"heroes": heroes(assassin={"team": "south", "at": "C4", "facing": "E"})}, "brutality.position.shape"),
    ({"heroes": heroes(assassin={"team": "south", "at": "C4", "health": "8"})}, "brutality.position.shape"),
    ({"heroes": heroes(assassin={"team": "east", "at": "C4"})}, "brutality.position.shape"),
    ({"heroes": heroes(), "turn": 0}, "brutality.position.shape"),
    ({"heroes": heroes(), "phase": "lunch"}, "brutality.position.shape"),
    ({"heroes": heroes(), "hazards": {"C5": "dragon"}}, "brutality.position.shape"),
    ({"heroes": heroes(), "pushes": [["assassin", "C4"]]}, "brutality.position.shape"),
    ({"options": {"board": "moon"}}, "brutality.setup.options"),
    ({"options": {"players": "4"}}, "brutality.setup.options"),
])
def test_a_badly_shaped_position_is_refused_naming_the_field(data, rule):
    refused(data, rule)


def test_heroes_that_cannot_be_are_refused():
    rule = P + "position.hero"
    assert "no such hero" in refused({"heroes": heroes(hydra={"team": "north", "at": "E3"})}, rule)
    assert "more than 2" in refused({"heroes": heroes(mary={"team": "north", "at": "E3"})}, rule)
    assert "0 Health is dead" in refused(
        {"heroes": heroes(assassin={"team": "south", "at": "C4", "health": 0})}, rule)
    refused({"heroes": heroes(assassin={"team": "south", "at": "C4", "dead": True})}, rule)
    refused({"heroes": heroes(assassin={"team": "south", "at": "C4", "buried": True,
                                        "noose": True})}, rule)
    refused({"heroes": heroes(assassin={"team": "south", "artifact": "excalibur", "at": "C4"})},
            rule)
    refused({"heroes": heroes(assassin={"team": "south", "at": "C4", "cooldown": 2})}, rule)
    refused({"heroes": heroes(assassin={"team": "south", "at": "C4", "artifact": "bloodletter"},
                              executioner={"team": "south", "at": "H6",
                                           "artifact": "bloodletter"})}, rule)
    refused({"heroes": heroes(assassin={"team": "south", "dead": True, "ward": "saints-ward-1"})},
            rule)
    assert "needs a space" in refused({"heroes": heroes(assassin={"team": "south"})}, rule)
    assert "2 heroes once play" in refused({"heroes": heroes(assassin=None)}, rule)
    with pytest.raises(BadPosition):  # above the top of the track: out of range
        game.from_position({"heroes": heroes(assassin={"team": "south", "at": "C4", "health": 9})})


def test_miniatures_stand_on_spaces_of_their_own():
    rule = P + "position.occupied"
    assert "both stand on C4" in refused(
        {"heroes": heroes(executioner={"team": "south", "at": "C4"})}, rule)
    assert "both stand on D3" in refused(  # the God Killer covers C3 and D3
        {"heroes": heroes(executioner={"team": "south", "at": "D3"})}, rule)
    assert "blocks movement" in refused({"heroes": heroes(), "hazards": {"C4": "ruined-wall"}},
                                        rule)
    refused({"heroes": heroes(assassin={"team": "south", "at": "Z9"})}, rule)
    refused({"heroes": heroes(assassin={"team": "south", "at": "c4"})}, rule)
    assert "does not fit" in refused({"heroes": heroes(**{"god-killer": {"team": "north",
                                                                          "at": "H3"}})}, rule)
    # On the Ice Pit the icicles ring the board: no hero and no other hazard on them.
    pit = {"board": "ice-pit"}
    refused({"options": pit, "heroes": heroes(conjurer={"team": "north", "at": "A1"})}, rule)
    assert "icicle" in refused({"options": pit, "heroes": heroes(conjurer={
        "team": "north", "at": "B2"}), "hazards": {"A3": "pike-trap"}}, P + "position.hazard")


def test_relic_cards_are_each_in_one_place_and_hands_hold_three():
    rule = P + "position.card"
    assert "no relic card" in refused({"heroes": heroes(), "relics": {"hands": {
        "north": ["joker-1"]}}}, rule)
    assert "two places" in refused({"heroes": heroes(), "relics": {
        "hands": {"north": ["wrath-1"]}, "discards": {"shared": ["wrath-1"]}}}, rule)
    assert "two places" in refused({"heroes": heroes(assassin={
        "team": "south", "at": "C4", "ward": "wrath-1"}), "relics": {"hands": {
            "south": ["wrath-1"]}}}, rule)
    assert "3 relic cards at most" in refused({"heroes": heroes(), "relics": {"hands": {
        "north": ["wrath-1", "wrath-2", "meteor-1", "meteor-2"]}}}, rule)
    assert "relics=draft" in refused({"heroes": heroes(), "draft": {"drafted": {
        "north": ["wrath-1"]}}}, rule)


def test_a_turn_has_two_actions_at_most_and_the_setup_alternates():
    rule = P + "position.turn"
    assassin = {"team": "south", "at": "C4"}
    for actions in (["move", "twin-blades", "throwing-knife"], ["twin-blades", "twin-blades"],
                    ["fly"]):
        refused({"heroes": heroes(assassin={**assassin, "actions": actions})}, rule)
    refused({"heroes": heroes(assassin={**assassin, "movement": 2})}, rule)
    refused({"heroes": heroes(assassin={**assassin, "actions": ["move"], "movement": 5})}, rule)
    assert "winner" in refused({"heroes": heroes(), "phase": "over"}, rule)
    assert "winner" in refused({"heroes": heroes(), "winner": "north"}, rule)
    # Setup: north starts, so north never has two heroes while south has none ...
    refused({"phase": "choose-heroes", "heroes": {"assassin": {"team": "north"},
                                                  "mary": {"team": "north"}}}, rule)
    refused({"phase": "choose-heroes", "heroes": {"assassin": {"team": "south"}}}, rule)
    # ... nor a hero placed before all four are chosen, nor a declared effect.
    refused({"phase": "choose-heroes", "heroes": {"assassin": {"team": "north", "at": "A1"}}},
            rule)
    refused({"phase": "choose-heroes", "stack": [
        {"team": "north", "source": "relic", "what": "wrath-1", "steps": []}]}, rule)
    ok = game.from_position({"phase": "choose-heroes", "heroes": {"assassin": {"team": "north"}}})
    assert [c.notation() for c in game.legal_commands(ok, "south")][:2] == ["pick conjurer",
                                                                            "pick demon-king"]


def test_the_stack_and_its_windows_hold_together():
    rule = P + "position.stack"
    refused({"heroes": heroes(), "stack": [{"team": "north", "source": "relic",
                                            "what": "wrath-1", "steps": [["explode", 1]]}]}, rule)
    refused({"heroes": heroes(), "responder": "south"}, rule)
    refused({"heroes": heroes(), "window": "south"}, rule)
    # Written whole, a waiting effect resolves as declared once the other team passes.
    s = Scenario.from_position(game, {
        "heroes": heroes(), "responder": "south", "relics": {"hands": {"south": ["wrath-2"]}},
        "stack": [{"team": "north", "source": "ability", "what": "god-killer skybreaker",
                   "steps": [["damage", "assassin", 2, "brutality.effect.damage"]]}]})
    assert game.to_act(s.state) == ("south",)
    assert rules_of(s.play("south", "pass")) == ["stack.pass", "stack.resolve", "effect.damage"]
    assert s.state.heroes["assassin"].health == 6


def test_a_question_asks_about_a_hero_on_the_board_with_spaces_for_answers():
    ask = {"team": "south", "kind": "displace", "hero": "assassin", "choices": ["B4", "D5"],
           "rule": "brutality.knockback.no-room"}
    refused({"heroes": heroes(), "question": {**ask, "choices": ["Z9"]}},
            P + "position.occupied")
    refused({"heroes": heroes(assassin={"team": "south", "dead": True}), "question": ask},
            P + "position.stack")
    refused({"heroes": heroes(), "question": {**ask, "rule": "brutality.nonsense"}},
            P + "position.shape")
    # Written whole, the question waits for its team and takes one of its answers.
    s = Scenario.from_position(game, {"heroes": heroes(), "question": ask})
    assert game.to_act(s.state) == ("south",)
    assert [p.choices for p in game.prompts(s.state)] == [("answer B4", "answer D5")]
    s.play("south", "answer D5")
    assert s.state.heroes["assassin"].square == "D5" and s.state.question is None
