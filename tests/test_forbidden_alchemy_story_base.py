"""Rule tests for base-game stand-ins of `forbidden_alchemy_story` added in the third
pass (ours, labelled so in the rule table): evading a monster when leaving its space."""

from __future__ import annotations

from engine.kit.testing import LoadedDice
from tests.test_forbidden_alchemy_story import (
    HARVEY,
    JENNY,
    begin,
    ev,
    harvey_hiding_in_the_library,
    kinds,
    offstage,
    place,
    play,
    put,
)


# ---- Ours: evading monsters --------------------------------------------------------------------
def test_move_evade_passed_lets_the_investigator_leave_the_monsters_space():
    s = begin()
    place(s, "crawling-one-2", "foyer")
    # Jenny: Dexterity 5, less the crawling one's horror 1: a 4 passes.
    facts = s.play(JENNY, "move hall1-w", dice=LoadedDice(values=(4,)))
    assert kinds(facts) == ["TestMade", "InvestigatorMoved"]
    assert (facts[0].number, facts[0].rule) == (4, "forbidden_alchemy_story.move.evade.pass")
    assert s.state.investigators[JENNY].space == "hall1-w"


def test_move_evade_failed_ends_movement_with_the_monsters_damage():
    s = begin()
    place(s, "crawling-one-2", "foyer")
    facts = s.play(JENNY, "move hall1-w", dice=LoadedDice(values=(5,)))
    assert kinds(facts) == [
        "TestMade",
        "EvadeFailed",
        "MonsterTokenExamined",
        "InvestigatorDamaged",
    ]
    assert [f.rule for f in facts[1:]] == [
        "forbidden_alchemy_story.move.evade.fail",
        "forbidden_alchemy_story.monster.examine",
        "forbidden_alchemy_story.move.evade.damage",
    ]
    assert facts[3].amount == s.state.tokens["crawling-one-2"]["damage"]
    assert s.state.investigators[JENNY].space == "foyer" and s.state.moves == 0
    s.expect_violation(JENNY, "move hall1-w", rule="forbidden_alchemy_story.move.points")


def test_move_evade_is_not_needed_under_the_mists_of_releh():
    s, harvey = harvey_hiding_in_the_library()
    place(s, "crawling-one-2", "library")
    s.play(harvey, "use mists-of-releh")
    facts = s.play(harvey, "move hall1-e")
    assert kinds(facts) == ["InvestigatorMoved"] and facts[0].rule == "forbidden_alchemy_story.hiding.mists-move"


def test_move_evade_a_hiding_investigator_who_moves_must_evade():
    s = begin()
    put(s, JENNY, "library")
    offstage(s, play.InvestigatorHid(rule="forbidden_alchemy_story.hiding.hide", seat=JENNY))
    place(s, "crawling-one-2", "library")  # Jenny hides with a monster in her space
    offstage(s, ev.InvestigatorTurnBegan(rule="forbidden_alchemy_story.turn.investigator", seat=JENNY, moves=2))
    facts = s.play(JENNY, "move hall1-e", dice=LoadedDice(values=(2,)))
    assert kinds(facts) == ["TestMade", "HidingEnded", "InvestigatorMoved"]


# ---- Using This Expansion: Trait cards (ours: the cards and the choice) ------------------------
def test_setup_trait_each_investigator_takes_one_of_his_two_trait_cards():
    import pytest

    from engine.core.errors import BadOptions
    from engine.kit.testing import Scenario
    from tests.test_forbidden_alchemy_story import game

    opts = game.options(2, {"characters": "jenny-barnes,michael-mcglen"})
    assert opts["traits"] == ["steady-hands", "thick-skull"]  # the first offered, by default
    opts = game.options(
        2, {"characters": "jenny-barnes,michael-mcglen", "traits": "street-smarts,brawler"}
    )
    s = Scenario.from_events(game, game.setup(opts, LoadedDice()))
    traits = [f for f in s.events if isinstance(f, ev.TraitChosen)]
    assert [(f.seat, f.trait, f.rule) for f in traits] == [
        (JENNY, "street-smarts", "forbidden_alchemy_story.setup.trait"),
        (HARVEY, "brawler", "forbidden_alchemy_story.setup.trait"),
    ]
    assert s.state.investigators[JENNY].attributes["luck"] == 3 + 1
    assert s.state.investigators[HARVEY].attributes["strength"] == 5 + 1
    thick = game.setup(game.options(1, {"characters": "michael-mcglen"}), LoadedDice())
    s = Scenario.from_events(game, thick)
    assert s.state.investigators[JENNY].items == ("fire-poker", "dynamite", "bandages")
    with pytest.raises(BadOptions, match="option traits"):
        game.options(1, {"traits": "brawler"})  # Jenny Barnes offers no Brawler
    with pytest.raises(BadOptions, match="option traits"):
        game.options(2, {"traits": "steady-hands"})  # one per investigator


# ---- Ours: an eliminated investigator's items drop in his room ---------------------------------
def test_items_dropped_by_the_eliminated_can_be_found_again():
    s = begin()
    place(s, "maniac-1", "foyer")
    offstage(s, play.InvestigatorDamaged(rule="forbidden_alchemy_story.combat.damage", seat=HARVEY, amount=4))
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    facts = s.play("keeper", f"monster-attack maniac-1 {HARVEY}", dice=LoadedDice(values=(9,)))
    dropped = next(f for f in facts if isinstance(f, play.ItemsDropped))
    assert (dropped.room, dropped.items) == ("foyer", ("sword-cane", "mists-of-releh"))
    assert s.state.exploration["foyer"] == ("sword-cane", "mists-of-releh")
    s.play("keeper", "end")
    s.play(JENNY, "explore")
    assert "sword-cane" in s.state.investigators[JENNY].items
