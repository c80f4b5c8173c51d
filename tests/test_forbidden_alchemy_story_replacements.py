"""Rule tests for the replacement cards ("Replacement Cards": only the R versions of the
eleven reprinted cards) and the Obstacle cards of `forbidden_alchemy_story`.  The
rulebook names the cards but prints none of their faces: what they do is ours."""

from __future__ import annotations

import pytest

from engine.games.forbidden_alchemy_story import content
from engine.kit.testing import LoadedDice
from tests.test_forbidden_alchemy_story import (
    HARVEY,
    JENNY,
    begin,
    ev,
    fresh_turn,
    kinds,
    legal,
    offstage,
    place,
    play,
    put,
)


# ---- Replacement Cards ---------------------------------------------------------------------------
def test_replacement_cards_are_the_r_versions_only():
    c = content.load()
    assert len(c.replacements) == 11
    assert {"Dark Ritual", "Dynamite", "Suitcase", "Blood Pact", "Strange Skies"} <= set(
        c.replacements
    )
    marked = [a["name"] for a in c.actions if a.get("replacement")]
    assert marked == ["Dark Ritual", "Uncontrollable Urges", "Witchcraft"]
    assert all(a["text"].startswith("(R)") for a in c.actions if a.get("replacement"))


def test_replacement_cards_an_old_version_is_refused_by_the_content_check():
    from dataclasses import replace

    c = content.load()
    old = dict(next(a for a in c.actions if a["name"] == "Witchcraft"))
    old.pop("replacement")
    bad = replace(c, actions=(*[a for a in c.actions if a["name"] != "Witchcraft"], old))
    with pytest.raises(ValueError, match="Witchcraft"):
        content._check_replacements(bad)


def test_keeper_harm_the_r_keeper_actions_harm_an_investigator_not_hiding():
    s = begin()
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    offstage(s, ev.KeeperTurnBegan(rule="forbidden_alchemy_story.keeper.threat", gained=4))
    facts = s.play("keeper", f"action dark-ritual {JENNY}")
    assert kinds(facts) == ["KeeperActionPlayed", "InvestigatorHorrified"]
    assert (facts[1].rule, facts[1].amount) == ("forbidden_alchemy_story.keeper.harm", 2)
    offstage(s, play.InvestigatorHid(rule="forbidden_alchemy_story.hiding.hide", seat=HARVEY))
    assert f"action witchcraft {HARVEY}" not in legal(s, "keeper")
    s.expect_violation("keeper", f"action witchcraft {HARVEY}", rule="forbidden_alchemy_story.hiding.not-a-target")


def test_item_dynamite_wounds_every_monster_in_the_space_and_its_holder():
    michael = JENNY  # investigator-1 plays Michael McGlen here
    s = begin(players=1, characters="michael-mcglen")
    assert "use dynamite" not in legal(s, michael)
    s.expect_violation(michael, "use dynamite", rule="forbidden_alchemy_story.item.dynamite")
    place(s, "crawling-one-1", "foyer")
    place(s, "crawling-one-2", "foyer")
    facts = s.play(michael, "use dynamite")
    wounded = [f for f in facts if isinstance(f, play.MonsterWounded)]
    assert [(f.monster, f.amount, f.rule) for f in wounded] == [
        ("crawling-one-1", 3, "forbidden_alchemy_story.item.dynamite"),
        ("crawling-one-2", 3, "forbidden_alchemy_story.item.dynamite"),
    ]
    assert s.state.investigators[michael].damage == 1
    assert "dynamite" not in s.state.investigators[michael].items


def test_item_blood_pact_trades_damage_for_sanity_and_is_kept():
    darrell = JENNY  # investigator-1 plays Darrell Simmins here
    s = begin(players=1, characters="darrell-simmins")
    s.expect_violation(darrell, "use blood-pact", rule="forbidden_alchemy_story.item.blood-pact")
    offstage(s, play.InvestigatorHorrified(rule="forbidden_alchemy_story.horror.fail", seat=darrell, amount=3))
    facts = s.play(darrell, "use blood-pact")
    assert kinds(facts) == ["SpellCast", "InvestigatorDamaged", "InvestigatorRecovered"]
    inv = s.state.investigators[darrell]
    assert (inv.damage, inv.horror) == (1, 1) and "blood-pact" in inv.items and s.state.acted


# ---- Ours: Obstacle cards ------------------------------------------------------------------------
def test_obstacle_cleared_is_discarded_and_exploring_goes_on():
    s = begin(story="1", choice="B")
    put(s, JENNY, "lab-a")
    assert s.state.exploration["laboratory"][0] == "suitcase"
    # Jenny: Strength 3; a 3 passes, then she takes the card beneath.
    facts = s.play(JENNY, "explore", dice=LoadedDice(values=(3,)))
    assert kinds(facts) == ["TestMade", "ObstacleCleared", "ExplorationCardTaken"]
    assert [f.rule for f in facts] == [
        "forbidden_alchemy_story.obstacle.test.pass",
        "forbidden_alchemy_story.obstacle.cleared",
        "forbidden_alchemy_story.obstacle.continue",
    ]
    assert "clue-1" in s.state.investigators[JENNY].items


def test_obstacle_held_stays_on_top_and_spends_the_action():
    s = begin(story="1", choice="B")
    put(s, JENNY, "lab-a")
    facts = s.play(JENNY, "explore", dice=LoadedDice(values=(4,)))
    assert kinds(facts) == ["TestMade", "ObstacleHeld"] and facts[1].rule == "forbidden_alchemy_story.obstacle.held"
    assert s.state.exploration["laboratory"][0] == "suitcase" and s.state.acted
    fresh_turn(s)
    assert "explore" in legal(s, JENNY)
