"""Hand-worked cases for `roundtable`, one rulebook section at a time (second audit).

Every expected number below was worked out from the rulebook's text, not from
the engine.  Positions come from the helpers of `test_roundtable` (loaded dice:
the unit deck is in card-id order, p1 holds archer..blue-cavalier, p2
dancer..horse-slayer; skills are blanked unless a test is about one) and of
`test_roundtable_boss`.

The default stand-in map (row 1 at the top, p2's edge):

    row 1:  F 2 2 2 2 M      A1 forest, B1-E1 p2's zone, F1 mountain
    row 2:  . . W . . .      C2 water
    row 3:  . C . . F .      B3 castle, E3 forest
    row 4:  . F . . C .      B4 forest, E4 castle
    row 5:  . . . W . .      D5 water
    row 6:  M 1 1 1 1 F      A6 mountain, B6-E6 p1's zone, F6 forest
"""

from __future__ import annotations

from test_roundtable import blows, board, fresh, hp, kinds, of, started
from test_roundtable_boss import boss_game, boss_turn, with_summons

from engine.core.context import SYSTEM
from engine.core.events import evolved
from engine.core.game import find_game, register
from engine.games.roundtable import events as ev
from engine.games.roundtable.board import terrain_at
from engine.kit.testing import LoadedDice, Scenario

register("roundtable", "engine.games.roundtable")
game = find_game("roundtable")
R = "roundtable."


# ---- I. Game Setup ------------------------------------------------------------------------------
def test_game_setup_mulligan_of_all_six_then_p1_first_turn_gains_its_coin():
    # I. Game Setup (2) and III. Start of Turn: a player may throw back all six cards and
    # draws six new ones (the next six of the deck); only when both have decided does p1's
    # first turn start, and that turn starts, like every turn, with one Anna Coin.
    sc = fresh()
    hand = sc.state.player("p1").hand
    facts = sc.play("p1", "mulligan " + " ".join(hand))
    assert kinds(facts) == ["MulliganTaken", "CardsDrawn"]
    assert facts[1].cards == ("lance-knight", "lance-queen", "manakete", "pegasus-knight",
                              "red-cavalier", "red-mage")
    assert sc.state.discards == hand and sc.state.phase == "mulligan"
    facts = sc.play("p2", "mulligan")
    assert kinds(facts) == ["MulliganTaken", "TurnStarted", "CoinsGained", "UnitsReadied"]
    assert (sc.state.player("p1").coins, sc.state.player("p2").coins) == (1, 0)
    sc.expect_violation("p2", "mulligan", R + "setup.mulligan-once")


def test_game_setup_vp_cards_are_taken_from_the_top_smallest_first():
    # I. Game Setup (3): the face-up VP deck has its smallest card on top; each capture
    # takes the top card: 1, then 2 (captures on two of p1's turns).
    sc = board(("p1", "axe-fighter", "B3"))
    sc.play("p1", "capture axe-fighter")
    sc.play("p1", "end")
    sc.play("p2", "end")
    sc.play("p1", "capture axe-fighter")
    assert sc.state.player("p1").vp_cards == (1, 2) and sc.state.vp_deck == (3, 4, 5, 6, 7, 8, 8)
    assert sc.state.player("p2").dv == 2  # one DV per capture to the opponent


# ---- II. Card Breakdown ---------------------------------------------------------------------------
def test_card_breakdown_shapestone_stats_also_defend_and_the_token_goes_after():
    # II. Card Breakdown (2, SS) and VI. Steps to Combat (1): a defending [Shapeshifter]
    # with its Shapestone fights with its shapeshifted stats too.  Sword Hero (red ATK 5
    # SPD 5 DEF 2, HP 7) attacks the Wolf Shifter (green, shapeshifted ATK 6 SPD 6 DEF 2,
    # HP 7).  Attack 5+1 (red beats green) - 2 = 4 -> wolf 3.  Counter 6-1 - 2 = 3 ->
    # hero 4.  The wolf is faster (6 > 5): follow-up 3 -> hero 1.  Then its token goes.
    sc = board(("p1", "sword-hero", "C3"), ("p2", "wolf-shifter", "C4", {"shapestone": True}))
    facts = sc.play("p1", "attack sword-hero wolf-shifter")
    assert blows(facts) == [("attack", "sword-hero", 4, 3), ("counter", "wolf-shifter", 3, 4),
                            ("follow-up", "wolf-shifter", 3, 1)]
    assert of(facts, ev.ShapestoneDiscarded)[0].unit == "wolf-shifter"
    assert not sc.state.units["wolf-shifter"].shapestone


def test_card_breakdown_without_its_shapestone_a_shapeshifter_uses_base_stats():
    # The same fight once the token is gone: wolf base ATK 4 SPD 4 DEF 1.  Attack 6-1 = 5
    # -> wolf 2; counter 4-1-2 = 1 -> hero 6; now the hero is faster (5 > 4): 5 more ->
    # the wolf falls (only its last 2 HP count).
    sc = board(("p1", "sword-hero", "C3"), ("p2", "wolf-shifter", "C4"))
    facts = sc.play("p1", "attack sword-hero wolf-shifter")
    assert blows(facts) == [("attack", "sword-hero", 5, 2), ("counter", "wolf-shifter", 1, 6),
                            ("follow-up", "sword-hero", 2, 0)]
    assert not of(facts, ev.ShapestoneDiscarded)


def test_card_breakdown_one_special_token_never_replenished():
    # II. Card Breakdown (6, Special): the single Special Ability token is spent by the
    # special; readied again by a Dancer, the unit may act but not use the special again.
    # Red Mage's Bolganone: 4 non-lethal damage within 2.  Axe Fighter HP 8 -> 4.
    sc = board(("p1", "red-mage", "C4", {"special": True}), ("p1", "dancer", "B4", {"special": True}),
               ("p2", "axe-fighter", "C2"), skills=True)
    facts = sc.play("p1", "special red-mage axe-fighter")
    assert kinds(facts) == ["UnitActivated", "SpecialUsed", "DamageDealt", "ActivationEnded"]
    assert hp(sc, "axe-fighter") == 4 and not sc.state.units["red-mage"].special
    sc.play("p1", "special dancer red-mage")   # Dance: Ready an adjacent ally
    sc.expect_violation("p1", "special red-mage axe-fighter", R + "special.token")
    sc.play("p1", "work red-mage")              # its activation is still its own


def test_card_breakdown_reaction_special_in_the_opponents_turn_keeps_the_units_action():
    # II. Card Breakdown (6, Reaction specials) and V. Special Abilities: p2's Axe General
    # answers p1's attack with Pavise (+4 DEF) without using its action; in p2's next turn
    # it is Ready and acts.  Axe Fighter ATK 5 (same colour) - (4+4) -> 0.  Counter: 5-2 = 3
    # -> fighter 5.  The fighter is faster (SPD 3 > 1): its follow-up deals 0 again.
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "axe-general", "C4", {"special": True}),
               skills=True)
    sc.play("p1", "attack axe-fighter axe-general")
    assert kinds(sc.play("p2", "react axe-general")) == ["SpecialUsed", "CombatBonusGranted"]
    facts = sc.play("p2", "pass")
    assert blows(facts) == [("attack", "axe-fighter", 0, 9), ("counter", "axe-general", 3, 5),
                            ("follow-up", "axe-fighter", 0, 9)]
    general = sc.state.units["axe-general"]
    assert not general.special and not general.exhausted
    sc.play("p1", "end")
    sc.play("p2", "attack axe-general axe-fighter")  # its own unit action, in its own turn
    sc.play("p2", "end")
    # The token is spent (and p2 holds no shop card): p1's next attack asks p2 nothing.
    facts = sc.play("p1", "attack axe-fighter axe-general")
    assert not of(facts, ev.AttackDeclared) and of(facts, ev.CombatEnded)


# ---- III. Turn Actions > Deploying Units ------------------------------------------------------------
def test_deploying_units_a_gray_unit_holds_the_slot_until_shifted():
    # III. Deploying Units and General Turn Actions: the Gray Healer sits in the red slot,
    # so a red unit has no slot; paying 1 coin moves the Healer to the free blue slot and
    # the red Armor Slayer can then be deployed there.
    sc = board(("p1", "healer", "B6", {"slot": "red"}), coins=1)
    sc.expect_violation("p1", "deploy armor-slayer red C6", R + "deploy.slot-free")
    sc.expect_violation("p1", "shift healer red", R + "shift.slot-free")  # not another slot
    facts = sc.play("p1", "shift healer blue")
    assert kinds(facts) == ["CoinsSpent", "GrayUnitShifted"] and sc.state.player("p1").coins == 0
    facts = sc.play("p1", "deploy armor-slayer red C6")
    assert facts[0].slot == "red" and sc.state.units["armor-slayer"].exhausted


def test_deploying_units_haste_deploy_obeys_the_other_deploy_rules():
    # III. Dragon Vein Abilities (3 DV) with Deploying Units: the [Haste] deploy is still
    # a deploy - one Legendary and one Gray at a time, a free deployment square - it draws
    # back up to six and the unit arrives Ready with [Haste].
    sc = board(("p1", "sword-lord", "B6"), ("p1", "healer", "C6", {"slot": "blue"}), dv=3)
    sc.expect_violation("p1", "hasty axe-king green D6", R + "deploy.one-legendary")
    sc.expect_violation("p1", "hasty archer green D6", R + "deploy.one-gray")
    sc.expect_violation("p1", "hasty axe-fighter green C6", R + "deploy.zone")  # occupied
    facts = sc.play("p1", "hasty axe-fighter green D6")
    assert kinds(facts) == ["DragonVeinSpent", "UnitDeployed", "CardsDrawn"]
    assert facts[0].dv == 3 and sc.state.player("p1").dv == 0
    assert len(sc.state.player("p1").hand) == 6
    fighter = sc.state.units["axe-fighter"]
    assert not fighter.exhausted and fighter.haste
    assert "Haste" in game.view(sc.state, "p2")["units"]["axe-fighter"]["tags"]


def test_deploying_units_only_on_your_own_zone_and_each_card_once():
    # III. Deploying Units: the meeple goes on a free square of your OWN deployment zone.
    sc = started()
    sc.expect_violation("p1", "deploy axe-fighter green C1", R + "deploy.zone")   # p2's zone
    sc.expect_violation("p1", "deploy axe-fighter green C5", R + "deploy.zone")   # no zone
    sc.expect_violation("p1", "deploy axe-fighter gold C6", R + "deploy.slots")
    sc.expect_violation("p1", "deploy axe-fighter green Z9", R + "map.square")


def test_deploying_units_special_and_shapestone_tokens_come_with_the_unit():
    # III. Deploying Units: a unit with a Special Ability brings one Special Ability token,
    # a [Shapeshifter] its Shapestone; a reaction special is a special too.
    sc = Scenario.from_position(game, {"players": {"p1": {"hand": ["fire-dragon", "sword-lord"]}}})
    facts = sc.play("p1", "deploy fire-dragon red C6")
    assert (facts[0].shapestone, facts[0].special) == (True, True)
    sc.play("p1", "end")
    sc.play("p2", "end")
    sc.expect_violation("p1", "deploy sword-lord red D6", R + "deploy.slot-free")


# ---- III. Turn Actions > General Turn Actions -----------------------------------------------------
def test_general_turn_actions_the_free_discard_comes_back_each_turn():
    # III. General Turn Actions: the first discard of each of your turns is free, the next
    # costs 1 coin; every discard draws back up to six.  p1 starts its turn 3 with its 1
    # coin of that turn's start (it spent the first one on turn 1).
    sc = board(coins=0)
    assert sc.play("p1", "discard archer")[0].rule == R + "discard.first-free"
    sc.expect_violation("p1", "discard axe-king", R + "coins.not-enough")
    sc.play("p1", "end")
    sc.play("p2", "end")
    assert sc.state.player("p1").coins == 1
    facts = sc.play("p1", "discard axe-king")
    assert kinds(facts) == ["CardDiscarded", "CardsDrawn"] and facts[0].rule == R + "discard.first-free"
    facts = sc.play("p1", "discard axe-fighter")
    assert kinds(facts) == ["CoinsSpent", "CardDiscarded", "CardsDrawn"]
    assert sc.state.player("p1").coins == 0 and len(sc.state.player("p1").hand) == 6


def test_general_turn_actions_buying_with_exactly_the_cost():
    # III. General Turn Actions (Buy): slot 1 holds a 2-coin card (its back shows 2); with
    # exactly 2 coins p1 buys it, the next shop card fills slot 1.
    sc = board(coins=2)
    assert game.view(sc.state, "p1")["shop"]["1"] == {"cost": 2}
    card, following = sc.state.shop[0], sc.state.shop_deck.cards[0]
    facts = sc.play("p1", "buy 1")
    assert [f.coins for f in of(facts, ev.CoinsSpent)] == [2]
    assert sc.state.player("p1").coins == 0 and card in sc.state.player("p1").shop_hand
    assert sc.state.shop[0] == following
    sc.expect_violation("p1", "buy 2", R + "coins.not-enough")
    sc.expect_violation("p1", "buy 4", R + "shop.slot")


def test_general_turn_actions_attachment_only_under_your_own_deployed_unit():
    # III. General Turn Actions (Attachment): beneath an ally deployed unit only; a second
    # attachment on the same unit sends the first to the discards.
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "dancer", "C1"),
               shop_hands={"p1": ("dragon-shield-1", "speedwings-1")})
    sc.expect_violation("p1", "use dragon-shield-1 dancer", R + "shop.attachment")
    sc.expect_violation("p1", "use dragon-shield-1", R + "shop.attachment")
    sc.play("p1", "use dragon-shield-1 axe-fighter")
    facts = sc.play("p1", "use speedwings-1 axe-fighter")
    assert facts[0].replaced == "dragon-shield-1"
    assert sc.state.units["axe-fighter"].attachment == "speedwings-1"
    assert sc.state.shop_discards == ("dragon-shield-1",)


# ---- III. Turn Actions > Dragon Vein Abilities --------------------------------------------------
def test_dragon_vein_abilities_every_loss_after_the_first_in_a_turn_gives_two():
    # III. Dragon Vein Abilities and VI. Unit Death: p1's Wind Mage's Tornado (2 damage to
    # every enemy within 2) defeats three p2 units with 2 HP left each: their owner gains
    # 1 DV for the first loss of the turn, then 2 and 2 (none of them is the first), and p1
    # one VP token each (none is Legendary).
    sc = board(("p1", "wind-mage", "C4", {"special": True}),
               ("p2", "dancer", "C3", {"damage": 3}), ("p2", "healer", "B4", {"damage": 3}),
               ("p2", "horse-slayer", "C2", {"damage": 5}), skills=True)
    facts = sc.play("p1", "special wind-mage")
    assert [(f.seat, f.dv, f.rule) for f in of(facts, ev.DragonVeinGained)] == [
        ("p2", 1, R + "death.dv"), ("p2", 2, R + "death.dv-second"),
        ("p2", 2, R + "death.dv-second")]
    assert sc.state.player("p2").dv == 5 and sc.state.player("p1").vp_tokens == 3


def test_dragon_vein_abilities_tile_first_placement_then_move_each_costs_one():
    # III. Dragon Vein Abilities: placing the tile and later moving it each cost 1 DV; a
    # moved tile leaves its old square (printed terrain again).
    sc = board(dv=2)
    sc.play("p1", "vein-tile E3 ruins")
    assert terrain_at(sc.state, "E3") == "ruins"
    sc.play("p1", "vein-tile D3 plains")
    assert sc.state.player("p1").dv == 0
    assert (terrain_at(sc.state, "E3"), terrain_at(sc.state, "D3")) == ("forest", "plains")
    assert sc.state.player("p1").dv_tile == "D3"
    sc.expect_violation("p1", "vein-tile E3 ruins", R + "dv.not-enough")


def test_dragon_vein_abilities_plains_tile_lifts_forest_for_cavalry():
    # IV. DV Map Tiles (Plains side: no special properties): on the forest B4 it lets the
    # Blue Cavalier ([Cavalry], MOV 3) pass: from B5 through B4 and on to B3 (a castle).
    sc = board(("p1", "blue-cavalier", "B5"), dv=1)
    sc.expect_violation("p1", "move blue-cavalier B4", R + "terrain.forest")
    sc.play("p1", "vein-tile B4 plains")
    facts = sc.play("p1", "move blue-cavalier B3")
    assert facts[-1].to == "B3"


def test_dragon_vein_abilities_ruins_stop_flying_units_too():
    # IV. DV Map Tiles (Ruins: untraversable by all units): the Pegasus Knight ([Flying],
    # MOV 3) on C3 cannot cross Ruins on D3 to reach E3, and must go around (E3 is forest,
    # which a flier ignores): C4-D4-E4 is 3 steps, so E3 is out of reach.
    sc = board(("p1", "pegasus-knight", "C3"), dv=1)
    sc.play("p1", "vein-tile D3 ruins")
    sc.expect_violation("p1", "move pegasus-knight D3", R + "terrain.ruins")
    sc.expect_violation("p1", "move pegasus-knight E3", R + "move.blocked")
    sc.play("p1", "move pegasus-knight E4")


def test_dragon_vein_abilities_tile_never_moved_by_its_opponent_nor_from_under_a_unit():
    # III. Dragon Vein Abilities: p2's tile on D4 is not p1's to move (p1's command always
    # moves p1's own tile, so D4 is "another tile"); p1's own tile on C4 is pinned while the
    # Axe Fighter stands on it.
    sc = Scenario.from_position(game, {
        "players": {"p1": {"dv": 3, "dv_tile": {"square": "C4"}}, "p2": {"dv_tile": {"square": "D4", "side": "ruins"}}},
        "units": {"axe-fighter": {"owner": "p1", "square": "C4"}}})
    sc.expect_violation("p1", "vein-tile D4 plains", R + "dv.tile-other")
    sc.expect_violation("p1", "vein-tile F4 ruins", R + "dv.tile-pinned")
    sc.expect_violation("p1", "vein-tile C4 ruins", R + "dv.tile-unit")
    assert sc.state.player("p2").dv_tile == "D4"


def test_dragon_vein_abilities_bump_respects_terrain_zones_and_the_map_edge():
    # III. Dragon Vein Abilities (BUMP, 2 DV): any unit one square onto a square it could
    # enter; the Axe Fighter (no tags) may be bumped into the forest B4, never off the map
    # nor into p2's zone; p2's Dancer may not be bumped into p1's zone.
    sc = board(("p1", "axe-fighter", "A4"), ("p2", "dancer", "B5"), dv=4)
    sc.expect_violation("p1", "bump dancer B6", R + "dv.bump-enter")
    sc.expect_violation("p1", "bump axe-fighter B3", R + "dv.bump-step")     # diagonal
    facts = sc.play("p1", "bump axe-fighter B4")
    assert facts[1].to == "B4" and sc.state.player("p1").dv == 2
    sc.play("p1", "bump dancer C5")
    sc.expect_violation("p1", "bump dancer C4", R + "dv.not-enough")


# ---- IV. Tiles & Movement Rules ------------------------------------------------------------------
def test_terrain_effects_forest_ends_the_move_even_with_mov_left():
    # IV. Terrain Effects: the Wolf Shifter (MOV 3, no tags) on B5 enters the forest B4 and
    # must stop; B3 beyond it (the castle) is 4 steps any other way, so out of reach.
    sc = board(("p1", "wolf-shifter", "B5"))
    moves = {c.square for c in game.legal_commands(sc.state, "p1")
             if c.verb == "move" and c.unit == "wolf-shifter"}
    assert "B4" in moves and "B3" not in moves and "A3" in moves
    sc.expect_violation("p1", "move wolf-shifter B3", R + "move.blocked")


def test_terrain_effects_flying_crosses_water_without_stopping_but_no_mountain():
    # IV. Terrain Effects: the Pegasus Knight ([Flying], MOV 3) on C5 crosses the water D5
    # to F5 (3 steps); the Axe Fighter (MOV 2) would stop in D5.  Mountain A6 stays closed
    # to a flier.
    sc = board(("p1", "pegasus-knight", "C5"))
    sc.play("p1", "move pegasus-knight F5")
    sc = board(("p1", "axe-fighter", "C5"))
    sc.expect_violation("p1", "move axe-fighter E5", R + "move.blocked")
    sc.play("p1", "move axe-fighter D5")
    sc = board(("p1", "pegasus-knight", "A5"))
    sc.expect_violation("p1", "move pegasus-knight A6", R + "terrain.mountain")


def test_terrain_effects_armored_enters_mountain_and_forest_not_water():
    # IV. Terrain Effects: [Armored] is barred from water only.  The Lance Knight (MOV 1)
    # on D4 may not enter the water D5; on B5 it may enter the forest B4.
    sc = board(("p1", "lance-knight", "D4"))
    sc.expect_violation("p1", "move lance-knight D5", R + "terrain.water")
    sc = board(("p1", "lance-knight", "B5"))
    sc.play("p1", "move lance-knight B4")


def test_general_movement_rules_an_enemy_blocks_the_only_path():
    # IV. General Movement Rules: units cannot move through enemy units.  The Sword Hero
    # (MOV 2) on A3, p2's Dancer on A2: A1 (two steps) lies only through A2, so it is out of
    # reach; B2 is still reachable the other way (B3, then B2).
    sc = board(("p1", "sword-hero", "A3"), ("p2", "dancer", "A2"))
    sc.expect_violation("p1", "move sword-hero A1", R + "move.blocked")
    sc.play("p1", "move sword-hero B2")


# ---- V. Unit Actions -------------------------------------------------------------------------------
def test_capturing_after_moving_onto_the_castle_then_no_second_capture_that_turn():
    # V. Capturing: the unit moves onto the castle and captures in the same activation;
    # another unit on the other castle cannot capture in the same turn.
    sc = board(("p1", "axe-fighter", "C3"), ("p1", "sword-hero", "E4"))
    sc.play("p1", "move axe-fighter B3")
    facts = sc.play("p1", "capture axe-fighter")
    assert kinds(facts) == ["CastleCaptured", "DragonVeinGained", "ActivationEnded"]
    sc.expect_violation("p1", "capture sword-hero", R + "capture.once")


def test_retire_is_a_unit_action_of_a_ready_unit():
    # V. Retire / Work: retiring is the unit's action, so an exhausted unit cannot retire,
    # and a unit that retires cannot also work.
    sc = board(("p1", "axe-fighter", "C4", {"exhausted": True}), ("p1", "sword-hero", "C3"),
               coins=3)
    sc.expect_violation("p1", "retire axe-fighter", R + "activate.ready")
    sc.play("p1", "move sword-hero D3")
    facts = sc.play("p1", "retire sword-hero")
    assert kinds(facts) == ["CoinsSpent", "UnitRetired", "DragonVeinGained", "ActivationEnded"]
    assert sc.state.player("p1").coins == 0 and sc.state.player("p2").vp == 0


def test_work_gains_exactly_one_coin_once_per_activation():
    # V. Retire / Work: Work gains one Anna Coin; the unit's activation is then over.
    sc = board(("p1", "axe-fighter", "C4"), coins=0)
    sc.play("p1", "work axe-fighter")
    assert sc.state.player("p1").coins == 1
    sc.expect_violation("p1", "work axe-fighter", R + "activate.ready")


# ---- VI. Combat Rules ------------------------------------------------------------------------------
def test_steps_to_combat_the_faster_defender_out_of_range_makes_no_follow_up():
    # VI. Steps to Combat (2, 3): the Axe Fighter (green ATK 5 SPD 3) attacks the Wind Mage
    # (green RNG 2 SPD 5 DEF 1, HP 5) next to it: 5-1 = 4 -> 1 HP.  The mage cannot counter
    # at range 1; it is faster, but still out of range: no follow-up either.
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "wind-mage", "C4"))
    facts = sc.play("p1", "attack axe-fighter wind-mage")
    assert blows(facts) == [("attack", "axe-fighter", 4, 1)]
    skipped = [(f.unit, f.blow, f.rule) for f in of(facts, ev.BlowSkipped)]
    assert skipped == [("wind-mage", "counter", R + "combat.counter-range"),
                       ("wind-mage", "follow-up", R + "combat.follow-up-range")]


def test_weapon_triangle_blue_beats_red_and_green_beats_blue():
    # VI. Weapon Triangle: Thunder Mage (blue ATK 5 SPD 3 DEF 1, HP 5) attacks the Sword
    # Hero (red ATK 5 SPD 5 DEF 2, HP 7): 5+1-2 = 4 -> 3; counter 5-1-1 = 3 -> mage 2; the
    # hero is faster: 3 more -> the mage falls (2 HP count).
    sc = board(("p1", "thunder-mage", "C3"), ("p2", "sword-hero", "C4"))
    facts = sc.play("p1", "attack thunder-mage sword-hero")
    assert blows(facts) == [("attack", "thunder-mage", 4, 3), ("counter", "sword-hero", 3, 2),
                            ("follow-up", "sword-hero", 2, 0)]
    assert sc.state.player("p2").vp_tokens == 1 and sc.state.player("p1").dv == 1
    # Axe Fighter (green ATK 5) attacks the Horse Slayer (blue DEF 2, HP 7): 5+1-2 = 4 -> 3;
    # counter 4-1-2 = 1 -> 7; equal SPD 3: no follow-up.
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "horse-slayer", "C4"))
    facts = sc.play("p1", "attack axe-fighter horse-slayer")
    assert blows(facts) == [("attack", "axe-fighter", 4, 3), ("counter", "horse-slayer", 1, 7)]
    assert of(facts, ev.BlowSkipped)[0].rule == R + "combat.follow-up-equal"


def test_skill_effects_in_combat_effectiveness_against_flying_from_range_two():
    # VI. Skill Effects in Combat: the Archer (gray ATK 5, [Eff vs Flying], RNG 2) shoots
    # the Pegasus Knight ([Flying], DEF 2, HP 6) two squares away: 5+2-2 = 5 -> 1 HP; no
    # triangle with a Gray unit; the knight cannot reach back, nor follow up though faster.
    sc = board(("p1", "archer", "C5"), ("p2", "pegasus-knight", "C3"))
    facts = sc.play("p1", "attack archer pegasus-knight")
    assert blows(facts) == [("attack", "archer", 5, 1)]
    assert of(facts, ev.Struck)[0].modifiers == ("[Eff vs Flying] +2",)


def test_skill_effects_in_combat_effectiveness_in_the_counter_too():
    # VI. Skill Effects in Combat: the Horse Slayer ([Eff vs Cavalry], blue ATK 4 SPD 3 DEF 2)
    # is attacked by the Red Cavalier ([Cavalry], red ATK 5 SPD 4 DEF 2, HP 7): 5-1 (red vs
    # blue) - 2 = 2 -> slayer 5; counter 4+1+2-2 = 5 -> cavalier 2; cavalier faster (4 > 3):
    # 2 more -> slayer 3.
    sc = board(("p1", "red-cavalier", "C3"), ("p2", "horse-slayer", "C4"))
    facts = sc.play("p1", "attack red-cavalier horse-slayer")
    assert blows(facts) == [("attack", "red-cavalier", 2, 5), ("counter", "horse-slayer", 5, 2),
                            ("follow-up", "red-cavalier", 2, 3)]


def test_unit_death_a_legendary_attacker_falling_to_the_counter_scores_two():
    # VI. Unit Death and II. Card Breakdown (1): the Sword Lord (Legendary, red ATK 6 DEF 3,
    # 2 HP left) attacks the Lance Knight (blue ATK 5 DEF 4): 6-1-4 = 1 -> 8; counter
    # 5+1-3 = 3 >= 2: the lord falls.  p2 gains 2 VP tokens, p1 one DV.
    sc = board(("p1", "sword-lord", "C3", {"damage": 7}), ("p2", "lance-knight", "C4"))
    facts = sc.play("p1", "attack sword-lord lance-knight")
    assert blows(facts) == [("attack", "sword-lord", 1, 8), ("counter", "lance-knight", 2, 0)]
    # In the section's order: the card is discarded, the victor scores, the owner gains DV.
    assert kinds(facts)[-5:] == ["UnitDefeated", "VictoryPointTokensGained", "DragonVeinGained",
                                 "CombatEnded", "ActivationEnded"]
    assert [(f.seat, f.tokens) for f in of(facts, ev.VictoryPointTokensGained)] == [("p2", 2)]
    assert sc.state.player("p1").dv == 1 and "sword-lord" in sc.state.discards


# ---- VII. Unit Tags ------------------------------------------------------------------------------
def test_unit_tags_grab_moving_one_square_pulls_the_ally_behind():
    # VII. Unit Tags (Grab): the Thief on C4 steps to D4 and its ally on C3 takes C4.
    sc = board(("p1", "thief", "C4"), ("p1", "axe-fighter", "C3"))
    facts = sc.play("p1", "assist thief axe-fighter D4")
    assert [(f.unit, f.to) for f in of(facts, ev.UnitPlaced)] == [("thief", "D4"),
                                                                 ("axe-fighter", "C4")]
    sc = board(("p1", "thief", "C4"), ("p1", "axe-fighter", "C3"))
    sc.expect_violation("p1", "assist thief axe-fighter E4", R + "assist.grab")  # two squares


def test_unit_tags_reposition_only_onto_an_open_square_next_to_the_unit():
    # VII. Unit Tags (Reposition) and V. Assist Abilities: the Dancer on C4 puts its ally
    # from C3 onto any open square next to itself; not onto water a [Cavalry] cannot enter.
    sc = board(("p1", "dancer", "D4"), ("p1", "blue-cavalier", "D3"))
    sc.expect_violation("p1", "assist dancer blue-cavalier D5", R + "assist.enter")  # water
    sc.expect_violation("p1", "assist dancer blue-cavalier F4", R + "assist.reposition")
    facts = sc.play("p1", "assist dancer blue-cavalier C4")
    assert of(facts, ev.UnitPlaced)[0].to == "C4"


def test_unit_tags_physic_at_exactly_two_squares_and_not_three():
    # VII. Unit Tags (Physic): up to 2 squares away: restores 3 of the 5 missing HP at
    # distance 2; an ally 3 squares away is out of reach.
    sc = board(("p1", "healer", "C4"), ("p1", "axe-fighter", "C2", {"damage": 5}),
               ("p1", "sword-hero", "F4", {"damage": 1}))
    sc.expect_violation("p1", "assist healer sword-hero", R + "assist.physic")
    facts = sc.play("p1", "assist healer axe-fighter")
    assert (facts[1].restored, facts[1].hp) == (3, 6)


# ---- refusals leave the stream as it was; hidden things stay hidden --------------------------------
def test_turn_action_summary_out_of_turn_commands_are_refused():
    # III. Turn Action Summary: only the player whose turn it is acts (reactions aside).
    sc = board(("p2", "axe-fighter", "C3"), coins=3)
    sc.expect_violation("p2", "work axe-fighter", "core.turn")
    sc.expect_violation("p2", "end", "core.turn")
    sc.expect_violation("p1", "work axe-fighter", R + "activate.own")
    sc.expect_violation("p1", "shift axe-fighter red", R + "activate.own")


def test_setup_hands_and_shop_stay_hidden_from_the_other_seat():
    # I. Game Setup (2, 7): hands are secret, the shop shows only costs.
    sc = fresh()
    v = game.view(sc.state, "p2")
    assert v["players"]["p1"]["hand"] is None and v["players"]["p1"]["hand_size"] == 6
    assert v["players"]["p1"]["shop_hand"] is None and "deck" not in v
    assert all(set(slot) == {"cost"} for slot in v["shop"].values())
    spectator = game.view(sc.state, "")
    assert spectator["players"]["p2"]["shop_hand"] is None
    dealt = of(sc.events, ev.CardsDealt)[0]
    assert game.redact(dealt, "p2")["cards"] == {"hidden": 6}
    assert game.redact(dealt, "p1")["cards"] == list(dealt.cards)


# ---- VIII. Boss Mode ------------------------------------------------------------------------------
def test_boss_mode_basics_three_players_boss_after_each():
    # VIII. Boss Mode Basics (Turn Order): with three players, P1, Boss, P2, Boss, P3, Boss.
    sc = boss_game(players=3)
    seen = []
    for _ in range(3):
        seen.append(sc.state.active)
        boss_turn(sc, sc.state.active)
        while game.to_act(sc.state) == (SYSTEM,):
            sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
        seen.append(f"boss {sc.state.boss_turns}")
    assert seen == ["p1", "boss 1", "p2", "boss 2", "p3", "boss 3"]


def test_boss_mode_the_tile_turns_clockwise_each_boss_turn():
    # VIII. On Boss Turns (Step 4): a quarter turn clockwise moves each colour one corner on:
    # Grima's NW red goes to NE, NE green to SE, SE blue to SW, SW gray to NW.
    sc = boss_game()
    boss_turn(sc)
    while game.to_act(sc.state) == (SYSTEM,) and sc.state.active == "boss":
        sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    colours = {d: c["colour"] for d, c in game.view(sc.state, "p2")["boss"]["corners"].items()}
    assert colours == {"NE": "red", "SE": "green", "SW": "blue", "NW": "gray"}


def test_boss_mode_a_legendary_unit_lost_gives_no_dv():
    # VIII. On Player Turns (Dragon Vein): no DV when a Legendary unit is defeated.  The
    # Sword Lord (red, 1 HP left) on C5 attacks Grima's SW corner (gray, on C4): 6-2 = 4;
    # the boss counters (Expiration ATK 7, RNG 1-2; no triangle with gray): 7-3 = 4 >= 1.
    sc = boss_game(("p1", "sword-lord", "C5", {"damage": 8}))
    facts = sc.play("p1", "attack sword-lord gray")
    assert of(facts, ev.UnitDefeated)[0].unit == "sword-lord"
    assert not of(facts, ev.DragonVeinGained) and sc.state.player("p1").dv == 0


def test_attacking_bosses_no_counter_when_the_attack_takes_the_last_bar():
    # VIII. Attacking Bosses (Boss Stats & Counter Attacks): every bar but gray is empty and
    # gray has 1 HP: the Axe Fighter's hit empties it, the boss loses a life (its damage
    # goes) and does not counter.
    sc = boss_game(("p1", "axe-fighter", "C5"), players=3,
                   boss_damage={"red": 6, "green": 6, "blue": 6, "gray": 4})
    facts = sc.play("p1", "attack axe-fighter gray")
    assert kinds(facts)[:4] == ["UnitActivated", "CombatStarted", "BossStruck", "BossLifeLost"]
    assert of(facts, ev.BlowSkipped)[0].rule == R + "boss.no-counter"
    assert sc.state.lives == 1 and set(sc.state.boss_damage.values()) == {0}
    assert sc.state.result is None


def test_on_boss_turns_the_faster_boss_follows_up_and_the_unit_falls():
    # VIII. On Boss Turns (Step 2B) with VI. Steps to Combat: Fell Wings (ATK 6 SPD 5 DEF 1,
    # RNG 1) rolls 1 -> A1, where p1's Axe Fighter (green ATK 5 SPD 3 DEF 2, HP 8) stands:
    # the move is cancelled and the boss attacks with the corner that beats green (red).
    # 6+1-2 = 5 -> 3 HP; counter at range 1: 5-1 (green loses to red) - 1 = 3 on the red bar
    # (6 -> 3); the boss is faster (5 > 3): 5 more -> the fighter falls, p1 gains 1 DV.
    sc = boss_game(("p1", "axe-fighter", "A1"), card="grima-wings")
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    assert kinds(facts) == ["BossRolled", "BossAttacksQueued"] and sc.state.boss_square == "C3"
    facts = sc.play(SYSTEM, "order axe-fighter red 1")
    assert [(f.blow, f.unit, f.damage, f.hp) for f in of(facts, ev.Struck)] == [
        ("attack", "boss", 5, 3), ("follow-up", "boss", 3, 0)]
    assert [(f.blow, f.colour, f.damage, f.hp) for f in of(facts, ev.BossStruck)] == [
        ("counter", "red", 3, 3)]
    assert of(facts, ev.DragonVeinGained)[0].dv == 1 and "axe-fighter" not in sc.state.units


def test_attacking_bosses_a_faster_unit_follows_up_on_the_same_corner():
    # VIII. Attacking Bosses with VI. Steps to Combat: the Sword Hero (red ATK 5 SPD 5 DEF 2,
    # HP 7) on E3 attacks the green NE corner (D3) under Expiration (ATK 7 SPD 3 DEF 2, RNG
    # 1-2): 5+1-2 = 4 -> green 2; counter 7-1-2 = 4 -> hero 3; the hero is faster: 4 more, of
    # which the bar's last 2 count.  Other bars keep HP: no life lost.
    sc = boss_game(("p1", "sword-hero", "E3"))
    facts = sc.play("p1", "attack sword-hero green")
    assert [(f.blow, f.damage, f.hp) for f in of(facts, ev.BossStruck)] == [
        ("attack", 4, 2), ("follow-up", 2, 0)]
    assert [(f.blow, f.damage, f.hp) for f in of(facts, ev.Struck)] == [("counter", 4, 3)]
    assert sc.state.lives == 1 and sc.state.bar_left("green") == 0


def test_unit_death_frees_the_slot_for_a_new_unit_of_that_colour():
    # VI. Unit Death with III. Deploying Units: the Sword Hero (red, 1 HP left) attacks the
    # Axe Fighter: 5+1-2 = 4 -> 4; counter 5-1-2 = 2 >= 1: the hero falls.  Its red slot
    # is free again, so p1's red Armor Slayer is deployed this same turn.
    sc = board(("p1", "sword-hero", "C3", {"damage": 6}), ("p2", "axe-fighter", "C4"))
    sc.expect_violation("p1", "deploy armor-slayer red C6", R + "deploy.slot-free")
    sc.play("p1", "attack sword-hero axe-fighter")
    assert "sword-hero" not in sc.state.units and sc.state.player("p2").vp_tokens == 1
    assert sc.play("p1", "deploy armor-slayer red C6")[0].slot == "red"


def test_start_of_turn_a_haste_unit_used_on_arrival_is_ready_again_next_turn():
    # III. Start of Turn with the [Haste] deploy: deployed Ready, activated (exhausted) in
    # the same turn, readied with the others at the start of p1's next turn.
    sc = board(dv=3)
    sc.play("p1", "hasty axe-fighter green C6")
    sc.play("p1", "work axe-fighter")
    assert sc.state.units["axe-fighter"].exhausted
    sc.play("p1", "end")
    assert sc.state.units["axe-fighter"].exhausted   # p2's turn readies only p2's units
    facts = sc.play("p2", "end")
    assert of(facts, ev.UnitsReadied)[0].units == ("axe-fighter",)


def test_on_player_turns_the_dv_move_in_a_line_and_haste_in_boss_mode():
    # VIII. On Player Turns (Dragon Vein): 1 DV moves your unit up to 2 squares in one
    # cardinal direction; 3 DV deploy a unit with [Haste].  With 4 DV: B5 -> B3, then a
    # [Haste] deploy of a second unit, of another colour, which can act at once.
    sc = boss_game(("p1", "axe-fighter", "B5"), dv=4)
    facts = sc.play("p1", "vein-move axe-fighter B3")
    assert [f.dv for f in of(facts, ev.DragonVeinSpent)] == [1]
    assert sc.state.units["axe-fighter"].square == "B3" and not sc.state.units["axe-fighter"].exhausted
    sc.expect_violation("p1", "hasty axe-general 2 C6", R + "boss.deploy-colour")  # green too
    sc.play("p1", "hasty blue-cavalier 2 C6")
    assert sc.state.player("p1").dv == 0 and not sc.state.units["blue-cavalier"].exhausted
    sc.play("p1", "move blue-cavalier C5")


def test_boss_mode_setup_the_boss_deck_order_stays_hidden_from_every_seat():
    # VIII. Setup (3): the boss deck is shuffled; only its current card is in play, the order
    # of the rest is hidden from every player and spectator (the full view, None, sees it).
    sc = boss_game(players=3)
    for seat in ("p1", "p2", "p3", ""):
        shown = game.view(sc.state, seat)["boss"]
        assert "deck" not in shown and shown["deck_size"] == 3
        assert game.redact(of(sc.events, ev.BossDeckShuffled)[0], seat)["order"] == {"hidden": 4}
    assert len(game.view(sc.state, None)["boss"]["deck"]) == 3


# ---- VIII. Boss Mode > Clarifications & Changes in Boss Mode: non-lethal damage -------------------
# Grima's bars: red 6, green 6, blue 6, gray 5.  Wind Mage's Tornado deals 2 to every enemy
# within 2; from C2 the boss tile (C3 D3 C4 D4) is in the area.  No stand-in area effect is
# non-lethal, so these tests mark it so; Thunder Mage's Thoron (3, range 2) is non-lethal as printed.
def non_lethal_tornado(sc):
    cards = dict(sc.state.cards)
    skill = cards["wind-mage"]["skill"]
    cards["wind-mage"] = {**cards["wind-mage"], "skill": {**skill, "effect": {**skill["effect"], "non_lethal": True}}}
    sc._state = evolved(sc.state, cards=cards)


def bars(**damage):
    return {"boss_damage": {"red": 0, "green": 0, "blue": 0, "gray": 0, **damage}}


def test_boss_mode_clarifications_non_lethal_area_damage_leaves_a_bar_its_last_point():
    # Green has 6 - 4 = 2 HP left.  The Tornado's 2 would empty it; non-lethal damage never
    # deals a bar's last point, so it deals 1 and the bar keeps 1 - the blow cites that rule.
    sc = boss_game(("p1", "wind-mage", "C2", {"special": True}), skills=True, **bars(green=4))
    non_lethal_tornado(sc)
    struck, = of(sc.play("p1", "special wind-mage green"), ev.BossStruck)
    assert (struck.colour, struck.damage, struck.hp, struck.rule) == ("green", 1, 1, R + "boss.non-lethal")
    assert sc.state.bar_left("green") == 1


def test_boss_mode_clarifications_non_lethal_area_damage_never_takes_the_boss_s_life():
    # Every bar is empty but green's last point: an ordinary area effect would empty it and
    # take a life.  Non-lethal, it deals nothing to that bar and the boss keeps its life.
    sc = boss_game(("p1", "wind-mage", "C2", {"special": True}), skills=True,
                   **bars(red=6, green=5, blue=6, gray=5))
    non_lethal_tornado(sc)
    lives = sc.state.lives
    facts = sc.play("p1", "special wind-mage green")
    struck, = of(facts, ev.BossStruck)
    assert (struck.damage, struck.hp, struck.rule) == (0, 1, R + "boss.non-lethal")
    assert not of(facts, ev.BossLifeLost) and sc.state.lives == lives


def test_boss_mode_clarifications_non_lethal_damage_with_hp_to_spare_is_dealt_whole():
    # Green has 3 HP left: 2 non-lethal damage leaves it 1, nothing is held back, and the blow
    # cites the area rule as any area blow does.  A Risen (4 HP, 2 damage taken) at A2 is in
    # the area too: the same non-lethal damage leaves it 1 HP (our reading for minions).
    sc = boss_game(("p1", "wind-mage", "C2", {"special": True}), skills=True, **bars(green=3))
    with_summons(sc, ("risen-1", "A2", {"damage": 2}))
    non_lethal_tornado(sc)
    facts = sc.play("p1", "special wind-mage green")
    struck, = of(facts, ev.BossStruck)
    assert (struck.damage, struck.hp, struck.rule) == (2, 1, R + "boss.area-once")
    assert [(d.target, d.damage, d.hp) for d in of(facts, ev.DamageDealt)] == [("risen-1", 1, 1)]
    assert "risen-1" in sc.state.summons


def test_boss_mode_clarifications_non_lethal_single_target_damage_follows_the_same_rule():
    # Thoron (3 non-lethal) on green with 2 HP left deals 1, as the area effect does above.
    sc = boss_game(("p1", "thunder-mage", "C2", {"special": True}), skills=True, **bars(green=4))
    struck, = of(sc.play("p1", "special thunder-mage green"), ev.BossStruck)
    assert (struck.damage, struck.hp, struck.rule) == (1, 1, R + "boss.non-lethal")
