"""Rule tests for "VIII. Boss Mode > Clarifications & Changes in Boss Mode" and the
stand-in cards that use them (fixtures/roundtable/units.toml, bosses.toml), with
their 1 vs 1 counterparts.

Grima's tile starts on C3: C3 NW red, D3 NE green, D4 SE blue, C4 SW gray.
"""

from __future__ import annotations

from test_roundtable import board, hp, kinds, legal, of
from test_roundtable_boss import boss_game, boss_turn, with_summons

from engine.core.context import SYSTEM
from engine.core.events import evolved
from engine.core.game import find_game, register
from engine.games.roundtable import events as ev
from engine.kit.testing import LoadedDice

register("roundtable", "engine.games.roundtable")
game = find_game("roundtable")
R = "roundtable."


def blank_boss_turn(sc, seat: str) -> None:
    """End `seat`'s turn and play the boss's whole turn (roll 1: Expiration moves to C2)."""
    boss_turn(sc, seat)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    sc.play(SYSTEM, "boss")
    while sc.state.boss_step == "effect":  # the card hits several units: in id order here
        (asked,) = game.to_act(sc.state)
        sc.play(asked, f"hit {sc.state.boss_queue[0]}")
    sc.play(SYSTEM, "boss")


# ---- Dancers: Ready on another player's unit ------------------------------------------------------
def test_a_dancer_readies_an_ally_s_unit_whose_player_acts_with_it_at_once():
    sc = boss_game(("p1", "dancer", "A5", {"special": True}),
                   ("p2", "axe-fighter", "A4", {"exhausted": True, "slot": "1"}),
                   ("p2", "thief", "F5", {"slot": "2"}), skills=True)
    facts = sc.play("p1", "special dancer axe-fighter")
    assert kinds(facts) == ["UnitActivated", "SpecialUsed", "UnitsReadied", "AllyInvited",
                            "ActivationEnded"]
    assert facts[3].rule == R + "boss.dancer" and facts[2].seat == "p2"
    # Only p2 may act now, only with that unit; p1's turn waits.
    assert game.to_act(sc.state) == ("p2",)
    prompt, = game.prompts(sc.state)
    assert prompt.seat == "p2" and "pass" in prompt.choices and "move axe-fighter A3" in prompt.choices
    sc.expect_violation("p1", "end", R + "boss.dancer")
    sc.expect_violation("p2", "move thief F4", R + "boss.dancer")
    sc.play("p2", "move axe-fighter B3")
    assert game.to_act(sc.state) == ("p2",)
    facts = sc.play("p2", "work axe-fighter")          # its owner gains the DV
    assert kinds(facts)[-1] == "AllyActionEnded" and sc.state.player("p2").dv == 1
    assert game.to_act(sc.state) == ("p1",) and sc.state.units["axe-fighter"].exhausted
    sc.play("p1", "end")


def test_the_readied_ally_may_pass():
    sc = boss_game(("p1", "dancer", "A5", {"special": True}),
                   ("p2", "axe-fighter", "A4", {"exhausted": True}), skills=True)
    sc.play("p1", "special dancer axe-fighter")
    facts = sc.play("p2", "pass")
    assert kinds(facts) == ["AllyActionEnded"] and not sc.state.units["axe-fighter"].exhausted
    assert game.to_act(sc.state) == ("p1",)


def test_in_1v1_a_dancer_readies_only_your_own_units():
    sc = board(("p1", "dancer", "C3", {"special": True}), ("p2", "axe-fighter", "C4", {"exhausted": True}),
               skills=True)
    sc.expect_violation("p1", "special dancer axe-fighter", R + "effect.target")


# ---- [Pickpocket] -------------------------------------------------------------------------------------
def test_pickpocket_in_1v1_a_die_of_4_or_more_pockets_a_coin():
    # Thief (gray ATK 3) attacks a Healer (DEF 1): 2 damage; counter 2-1 = 1; thief faster.
    sc = board(("p1", "thief", "C3"), ("p2", "healer", "C4"), skills=True)
    facts = sc.play("p1", "attack thief healer", dice=LoadedDice([4]))
    rolled, = of(facts, ev.PickpocketRolled)
    assert (rolled.value, rolled.rule) == (4, R + "tag.pickpocket")
    assert of(facts, ev.CoinsGained)[0].coins == 1 and sc.state.player("p1").coins == 1
    sc = board(("p1", "thief", "C3"), ("p2", "healer", "C4"), skills=True)
    facts = sc.play("p1", "attack thief healer", dice=LoadedDice([3]))
    assert of(facts, ev.CoinsGained) == [] and kinds(facts)[-1] == "ActivationEnded"


def test_pickpocket_in_boss_mode_gives_one_dv_without_a_roll():
    sc = boss_game(("p1", "thief", "B3"), card="grima-scales")   # its counter leaves the thief 1 HP
    facts = sc.play("p1", "attack thief red")          # no dice loaded: none may be rolled
    gained, = of(facts, ev.DragonVeinGained)
    assert (gained.dv, gained.rule) == (1, R + "boss.pickpocket")


# ---- "until your next turn" ----------------------------------------------------------------------------
def test_until_your_next_turn_lasts_through_the_other_players_and_the_boss():
    # Horse Slayer's Guard Stance: +3 DEF to an ally within 1 until p1's next turn.
    sc = boss_game(("p1", "horse-slayer", "A5", {"special": True}),
                   ("p2", "axe-fighter", "B5"), skills=True)
    facts = sc.play("p1", "special horse-slayer axe-fighter")
    granted, = of(facts, ev.BuffGranted)
    assert (granted.unit, granted.seat, granted.rule) == ("axe-fighter", "p1", R + "effect.until-next-turn")
    blank_boss_turn(sc, "p1")                           # the boss's turn, then p2's
    assert sc.state.active == "p2" and len(sc.state.buffs) == 1
    # In p2's turn the Axe Fighter (DEF 2+3) attacks the gray corner, NW after a quarter turn,
    # from B3: the counter (Expiration ATK 7) deals 7-5 = 2.
    sc._state = evolved(sc.state, boss_square="C3", boss_card="grima-expiration",
                        units={**sc.state.units, "axe-fighter": evolved(
                            sc.state.units["axe-fighter"], square="B3")})
    counter = of(sc.play("p2", "attack axe-fighter gray"), ev.Struck)[0]
    assert (counter.defence, counter.damage) == (5, 2) and "Guard Stance +3 DEF" in counter.modifiers
    sc.play("p2", "end")
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    sc.play(SYSTEM, "boss")  # Expiration hits both units:
    sc.play("p2", "hit axe-fighter")  # p2 (before the boss) names the order
    sc.play(SYSTEM, "hit horse-slayer")
    facts = sc.play(SYSTEM, "boss")  # ... and p1's turn starts
    (expired,) = of(facts, ev.BuffsExpired)
    assert (expired.seat, expired.units) == ("p1", ("axe-fighter",)) and sc.state.buffs == ()


def test_until_your_next_turn_in_1v1():
    sc = board(("p1", "horse-slayer", "C3", {"special": True}), ("p1", "axe-fighter", "C4"), skills=True)
    sc.play("p1", "special horse-slayer axe-fighter")
    sc.play("p1", "end")
    assert sc.state.buffs and sc.state.active == "p2"
    facts = sc.play("p2", "end")
    assert kinds(facts)[-1] == "BuffsExpired" and sc.state.buffs == ()


# ---- area effects count the boss once --------------------------------------------------------------------
def test_an_area_effect_hits_the_boss_once_on_the_named_bar_and_minions_but_no_tokens():
    # Wind Mage's Tornado: 2 damage to every enemy within 2.  From C2 the boss's C3 and D3
    # are in range (and D4, C4 at 2 and 3): the boss still takes it once.
    sc = boss_game(("p1", "wind-mage", "C2", {"special": True}), skills=True)
    with_summons(sc, ("risen-1", "A2"), ("miasma-1", "C1"), ("risen-2", "F6"))
    sc.expect_violation("p1", "special wind-mage", R + "boss.area-once")
    facts = sc.play("p1", "special wind-mage green")
    struck, = of(facts, ev.BossStruck)
    assert (struck.colour, struck.damage, struck.rule) == ("green", 2, R + "boss.area-once")
    assert [(d.target, d.damage) for d in of(facts, ev.DamageDealt)] == [("risen-1", 2)]


def test_an_area_effect_without_the_boss_in_reach_names_no_bar():
    sc = boss_game(("p1", "wind-mage", "F6", {"special": True}), skills=True)
    with_summons(sc, ("risen-1", "F5"))
    sc.expect_violation("p1", "special wind-mage red", R + "effect.target")
    assert of(sc.play("p1", "special wind-mage"), ev.DamageDealt)[0].target == "risen-1"


def test_an_area_effect_in_1v1_hits_every_enemy_in_reach_and_no_ally():
    sc = board(("p1", "wind-mage", "C3", {"special": True}), ("p1", "axe-fighter", "C4"),
               ("p2", "healer", "D3", {"damage": 3}), ("p2", "dancer", "E3"), ("p2", "archer", "F3"),
               skills=True)
    facts = sc.play("p1", "special wind-mage")
    assert [(d.target, d.damage) for d in of(facts, ev.DamageDealt)] == [("dancer", 2), ("healer", 2)]
    assert "healer" not in sc.state.units and hp(sc, "archer") == 6 and hp(sc, "axe-fighter") == 8


# ---- the boss always has more units ----------------------------------------------------------------------
def test_the_boss_always_has_more_units():
    # Armor Slayer's Underdog: +2 ATK while the enemy has more units deployed.  Alone against
    # the boss it applies: ATK 4+2 against the gray corner (DEF 2) -> 4.
    sc = boss_game(("p1", "armor-slayer", "B4"), skills=True)
    hit = of(sc.play("p1", "attack armor-slayer gray"), ev.BossStruck)[0]
    assert (hit.atk, hit.damage) == (6, 4) and "Underdog +2 ATK" in hit.modifiers


def test_outnumbered_in_1v1_counts_the_units_deployed():
    sc = board(("p1", "armor-slayer", "C3"), ("p2", "healer", "C4"), skills=True)
    assert of(sc.play("p1", "attack armor-slayer healer"), ev.Struck)[0].modifiers == ()
    sc = board(("p1", "armor-slayer", "C3"), ("p2", "healer", "C4"), ("p2", "dancer", "F1"), skills=True)
    assert "Underdog +2 ATK" in of(sc.play("p1", "attack armor-slayer healer"), ev.Struck)[0].modifiers


# ---- moving an enemy never moves the boss tile -----------------------------------------------------------
def test_moving_an_enemy_cannot_target_the_boss_but_may_move_a_minion():
    # Blue Cavalier's Lance Push: an enemy within 1 goes one square straight away.
    sc = boss_game(("p1", "blue-cavalier", "B3", {"special": True}), skills=True)
    with_summons(sc, ("risen-1", "A3"), ("miasma-1", "B2"))
    sc.expect_violation("p1", "special blue-cavalier red", R + "boss.move-enemy")
    sc.expect_violation("p1", "special blue-cavalier miasma-1", R + "boss.enemy-tokens")
    sc.expect_violation("p1", "special blue-cavalier risen-1", R + "effect.push")   # off the map
    sc._state = evolved(sc.state, summons={**sc.state.summons, "risen-1": evolved(
        sc.state.summons["risen-1"], square="B4")})
    placed, = of(sc.play("p1", "special blue-cavalier risen-1"), ev.UnitPlaced)
    assert (placed.unit, placed.to) == ("risen-1", "B5") and sc.state.summons["risen-1"].square == "B5"


def test_pushing_an_enemy_in_1v1():
    sc = board(("p1", "blue-cavalier", "C3", {"special": True}), ("p2", "healer", "C4"),
               ("p2", "dancer", "D3"), ("p1", "archer", "D2", {"slot": "green"}), skills=True)
    sc.expect_violation("p1", "special blue-cavalier archer", R + "effect.target")
    placed, = of(sc.play("p1", "special blue-cavalier healer"), ev.UnitPlaced)
    assert (placed.to, placed.rule) == ("C5", R + "special.effect")


# ---- the boss specific action ------------------------------------------------------------------------------
def test_grima_s_boss_action_delays_its_plan():
    sc = boss_game(("p1", "axe-fighter", "B3"), ("p1", "healer", "A1", {"slot": "2"}))
    sc.expect_violation("p1", "boss-action healer", R + "boss.action")       # not next to the tile
    facts = sc.play("p1", "boss-action axe-fighter")
    delayed, = of(facts, ev.BossPlanDelayed)
    assert (delayed.turns, delayed.plan_turns) == (1, 13) and sc.state.plan_turns == 13
    assert sc.state.units["axe-fighter"].exhausted
    sc._state = evolved(sc.state, plan_delay=3, units={**sc.state.units, "axe-fighter": evolved(
        sc.state.units["axe-fighter"], exhausted=False)})
    sc.expect_violation("p1", "boss-action axe-fighter", R + "boss.action")   # three at most


def test_medeus_s_boss_action_deals_non_lethal_damage_to_a_chosen_bar():
    sc = boss_game(("p1", "axe-fighter", "A3"), boss="medeus",
                   boss_damage={"red": 4, "green": 0, "blue": 0, "gray": 0})
    hit, = of(sc.play("p1", "boss-action axe-fighter red"), ev.BossStruck)
    assert (hit.damage, hit.hp, hit.rule) == (0, 1, R + "boss.non-lethal")  # its one point held back


def test_no_boss_action_in_1v1():
    sc = board(("p1", "axe-fighter", "C3"))
    sc.expect_violation("p1", "boss-action axe-fighter", R + "boss.action")


# ---- a reaction with another condition: an ally attacked -------------------------------------------------
def test_a_reaction_special_can_answer_an_attack_on_an_adjacent_ally():
    # Manakete's Dragon Ward (ally-attacked): +2 DEF to the attacked unit next to it.
    # Axe Fighter (ATK 5) attacks the Healer (gray, DEF 1): 5 - (1+2) = 2.
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "healer", "C4"),
               ("p2", "manakete", "D4", {"special": True, "slot": "green"}), skills=True)
    facts = sc.play("p1", "attack axe-fighter healer")
    assert kinds(facts)[-1] == "AttackDeclared"
    assert legal(sc, "p2") == {"pass", "react manakete"}
    facts = sc.play("p2", "react manakete")
    assert (facts[0].unit, facts[0].rule) == ("manakete", R + "reaction.ally-attacked")
    assert (facts[1].unit, facts[1].bonuses) == ("healer", (("def", 2),))
    first = of(sc.play("p2", "pass"), ev.Struck)[0]
    assert (first.defence, first.damage) == (3, 2) and not sc.state.units["manakete"].special


def test_an_ally_reaction_needs_the_ally_next_to_the_attacked_unit():
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "healer", "C4"),
               ("p2", "manakete", "E4", {"special": True, "slot": "green"}), skills=True)
    assert "AttackDeclared" not in kinds(sc.play("p1", "attack axe-fighter healer"))


# ---- "all units you control" -------------------------------------------------------------------------------
def test_all_units_you_control_excludes_the_other_players_units():
    # Axe King's Royal Rally: +1 ATK until p1's next turn to every unit p1 controls.
    sc = boss_game(("p1", "axe-king", "A5", {"special": True}), ("p1", "healer", "F6", {"slot": "2"}),
                   ("p2", "axe-fighter", "B5"), skills=True)
    facts = sc.play("p1", "special axe-king")
    assert [(b.unit, b.rule) for b in of(facts, ev.BuffGranted)] == [
        ("axe-king", R + "effect.rally"), ("healer", R + "effect.rally")]
    sc = board(("p1", "axe-king", "C3", {"special": True}), ("p2", "healer", "F1"), skills=True)
    assert [b.unit for b in of(sc.play("p1", "special axe-king"), ev.BuffGranted)] == ["axe-king"]


def test_in_boss_mode_another_player_s_unit_may_react_for_its_ally():
    # Wings (ATK 6, RNG 1) attacks p1's Axe Fighter on D2 with its red corner; p2's Manakete
    # next to it (Dragon Ward: +2 DEF to the attacked ally) may react: 6+1 - (2+2) = 3.
    sc = boss_game(("p1", "axe-fighter", "D2"), ("p2", "manakete", "E2", {"special": True}),
                   card="grima-wings", skills=True)
    boss_turn(sc)
    sc._state = evolved(sc.state, boss=sc.state.boss | {"cards": sc.state.boss["cards"] | {
        "grima-wings": sc.state.boss["cards"]["grima-wings"] | {"move": ["C2"] * 6}}})
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "order axe-fighter red 1")
    assert kinds(facts) == ["BossAttackChosen", "AttackDeclared"] and facts[1].seat == "p1"
    assert game.to_act(sc.state) == ("p1", "p2")
    assert legal(sc, "p1") == {"pass"} and legal(sc, "p2") == {"react manakete"}
    assert [p.seat for p in game.prompts(sc.state)] == ["p1", "p2"]
    sc.expect_violation("p2", "pass", "core.turn")
    facts = sc.play("p2", "react manakete")
    assert (facts[1].unit, facts[1].rule) == ("axe-fighter", R + "reaction.ally-attacked")
    hit = of(sc.play("p1", "pass"), ev.Struck)[0]
    assert (hit.atk, hit.defence, hit.damage) == (7, 4, 3)
