"""Rule tests for the expansion's tokens and Darkness in `forbidden_alchemy_story`:
Crawling Hand and Mutation tokens ("Component List", "Component Breakdown"),
and Darkness, the room status effect "Hiding" names beside Fire.  The cards
that use them, their costs and what the tokens do are our stand-ins.
"""

from __future__ import annotations

from tests.test_forbidden_alchemy_story import (
    HARVEY,
    JENNY,
    begin,
    ev,
    game,
    kinds,
    legal,
    offstage,
    play,
    put,
)


def keeper_turn(players=2, threat=6):
    """Story 1: everyone has ended a turn; the keeper holds `threat`."""
    s = begin(players=players)
    for seat in (JENNY, HARVEY)[:players]:
        s.play(seat, "end")
    offstage(s, ev.KeeperTurnBegan(rule="forbidden_alchemy_story.keeper.threat", gained=threat - s.state.threat))
    return s


# ---- Component List: the token supply --------------------------------------------------------
def test_component_list_supplies_six_crawling_hands_and_ten_mutations():
    s = begin()
    assert s.state.supply == {"crawling-hand": 6, "mutation": 10}
    s = keeper_turn(threat=2)
    offstage(
        s,
        *[
            play.TokenPlaced(rule="forbidden_alchemy_story.keeper.crawling-hands", token="crawling-hand", seat=HARVEY)
            for _ in range(6)
        ],
    )
    assert not [c for c in legal(s, "keeper") if "crawling-hands" in c]
    s.expect_violation("keeper", f"action crawling-hands {JENNY}", rule="forbidden_alchemy_story.tokens.supply")


# ---- Component Breakdown > Crawling Hand Tokens ----------------------------------------------
def test_crawling_hands_cost_movement_as_the_turn_begins_then_drop_off():
    s = keeper_turn()
    facts = s.play("keeper", f"action crawling-hands {JENNY}")
    assert kinds(facts) == ["KeeperActionPlayed", "TokenPlaced"]
    assert facts[1].rule == "forbidden_alchemy_story.keeper.crawling-hands" and s.state.supply["crawling-hand"] == 5
    assert game.view(s.state, HARVEY)["investigators"][JENNY]["crawling_hands"] == 1
    facts = s.play("keeper", "end")
    began = next(f for f in facts if isinstance(f, ev.InvestigatorTurnBegan))
    dropped = next(f for f in facts if isinstance(f, play.CrawlingHandsDropped))
    assert began.moves == 1 and dropped.count == 1 and dropped.rule == "forbidden_alchemy_story.crawling-hands.drop"
    assert s.state.investigators[JENNY].tokens == () and s.state.supply["crawling-hand"] == 6


def test_crawling_hands_cannot_target_a_hiding_investigator():
    s = begin()
    put(s, JENNY, "library")
    s.play(JENNY, "hide")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    assert f"action crawling-hands {JENNY}" not in legal(s, "keeper")
    s.expect_violation("keeper", f"action crawling-hands {JENNY}", rule="forbidden_alchemy_story.hiding.not-a-target")


# ---- Component Breakdown > Mutation Tokens ---------------------------------------------------
def test_mutation_tokens_grow_on_the_wounded_and_the_keeper_turns_them_to_harm():
    s = keeper_turn()
    s.expect_violation("keeper", f"action mutation {JENNY}", rule="forbidden_alchemy_story.keeper.mutation")
    s.expect_violation(
        "keeper", f"action writhing-growths {JENNY}", rule="forbidden_alchemy_story.keeper.writhing-growths"
    )
    offstage(s, play.InvestigatorDamaged(rule="forbidden_alchemy_story.combat.damage", seat=JENNY, amount=1))
    assert f"action mutation {JENNY}" in legal(s, "keeper")
    assert f"action mutation {HARVEY}" not in legal(s, "keeper")
    facts = s.play("keeper", f"action mutation {JENNY}")
    assert facts[1].rule == "forbidden_alchemy_story.keeper.mutation" and s.state.supply["mutation"] == 9
    offstage(s, play.TokenPlaced(rule="forbidden_alchemy_story.keeper.mutation", token="mutation", seat=JENNY))
    facts = s.play("keeper", f"action writhing-growths {JENNY}")
    assert kinds(facts) == ["KeeperActionPlayed", "InvestigatorDamaged"]
    assert facts[1].amount == 2 and facts[1].rule == "forbidden_alchemy_story.keeper.writhing-growths"


def test_mutation_tokens_grow_on_a_monster_or_a_corpse_too():
    # Component Breakdown > Mutation Tokens: "an investigator, monster, or corpse".  Ours:
    # the Mutation card takes a wounded monster on the map, or a corpse (what a killed
    # monster leaves where it fell); Writhing Growths counts the tokens on an
    # investigator and on the monsters and corpses in his space.
    s = keeper_turn()
    # crawling-one-1 stands in lab-b, unwounded: no growth on it yet.
    s.expect_violation("keeper", "action mutation crawling-one-1", rule="forbidden_alchemy_story.keeper.mutation")
    s.expect_violation("keeper", "action mutation nobody-1", rule="forbidden_alchemy_story.keeper.mutation")
    offstage(s, play.MonsterWounded(rule="forbidden_alchemy_story.combat.wound", monster="crawling-one-1", amount=1))
    assert "action mutation crawling-one-1" in legal(s, "keeper")
    facts = s.play("keeper", "action mutation crawling-one-1")
    assert kinds(facts) == ["KeeperActionPlayed", "MutationTokenPlaced"]
    assert (facts[1].monster, facts[1].corpse, facts[1].rule) == (
        "crawling-one-1", False, "forbidden_alchemy_story.keeper.mutation")
    assert s.state.supply["mutation"] == 9
    assert game.view(s.state, JENNY)["monsters"]["crawling-one-1"]["mutations"] == 1
    # Killed, it leaves its corpse in lab-b with its token; a second token grows on it.
    offstage(s, play.MonsterKilled(rule="forbidden_alchemy_story.monster.killed", monster="crawling-one-1"))
    assert s.state.monsters["crawling-one-1"].corpse == "lab-b"
    offstage(s, ev.KeeperTurnBegan(rule="forbidden_alchemy_story.keeper.threat", gained=2))
    facts = s.play("keeper", "action mutation crawling-one-1")
    assert (facts[1].monster, facts[1].corpse) == ("crawling-one-1", True)
    # Jenny, unhurt and without a token of her own, stands by the corpse: two tokens bite.
    s.expect_violation(
        "keeper", f"action writhing-growths {JENNY}", rule="forbidden_alchemy_story.keeper.writhing-growths"
    )
    offstage(s, play.InvestigatorMoved(rule="forbidden_alchemy_story.move.step", seat=JENNY, origin="foyer", to="lab-b"))
    facts = s.play("keeper", f"action writhing-growths {JENNY}")
    assert kinds(facts) == ["KeeperActionPlayed", "InvestigatorDamaged"]
    assert facts[1].amount == 2


# ---- Ours: Darkness; Hiding (still subject to the room's status effects) ---------------------
def test_darkness_frightens_whoever_ends_a_turn_there_hiding_or_not():
    s = keeper_turn()
    facts = s.play("keeper", "action lights-out library")
    assert facts[1].rule == "forbidden_alchemy_story.keeper.darkness" and "library" in s.state.dark
    assert game.view(s.state, JENNY)["rooms"]["library"]["dark"]
    s.expect_violation("keeper", "action lights-out library", rule="forbidden_alchemy_story.keeper.action-once")
    s.play("keeper", "end")
    put(s, JENNY, "library")
    s.play(JENNY, "hide")
    facts = s.play(JENNY, "end")
    assert kinds(facts)[0] == "InvestigatorHorrified"
    assert facts[0].rule == "forbidden_alchemy_story.hiding.status-effects"
    put(s, HARVEY, "library")
    facts = s.play(HARVEY, "end")
    assert facts[0].rule == "forbidden_alchemy_story.darkness.dread"
