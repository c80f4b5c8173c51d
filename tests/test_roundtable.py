"""Rule tests for `roundtable` (Anna's Roundtable, 1 vs 1), named after the
rulebook's sections.

Positions are set up from the game's own setup facts with loaded dice
(shuffles keep the listed order, so the unit deck is in card-id order:
p1 holds archer..blue-cavalier, p2 dancer..horse-slayer), then the units a
test needs are put on the map directly.  Combats are computed by hand in
the comments.
"""

from __future__ import annotations

import pytest

from engine.core.errors import BadOptions
from engine.core.events import evolved
from engine.core.game import find_game, register
from engine.games.roundtable import events as ev
from engine.games.roundtable.board import terrain_at
from engine.games.roundtable.movement import ends_move, entry_refusal
from engine.games.roundtable.state import Unit
from engine.kit.testing import LoadedDice, Scenario

register("roundtable", "engine.games.roundtable")
game = find_game("roundtable")
R = "roundtable."


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def legal(sc, seat) -> set[str]:
    return {c.notation() for c in game.legal_commands(sc.state, seat)}


def fresh(**raw) -> Scenario:
    """Right after setup (before the mulligans)."""
    return Scenario.from_events(game, game.setup(game.options(2, raw), LoadedDice()))


def started(**raw) -> Scenario:
    """Both players kept their hands: p1's first turn has begun."""
    sc = fresh(**raw)
    sc.play("p1", "mulligan")
    sc.play("p2", "mulligan")
    return sc


NO_SKILL = {"name": "(none)", "type": "passive", "effect": {"do": "stat", "atk": 0, "when": "always"}}


def board(*units: tuple, active="p1", coins=0, dv=0, skills=False, shop_hands=None, **raw):
    """p1's first turn with `units` (seat, card, square, **fields) on the map and
    each player holding `coins` and `dv`.  Unless `skills`, every unit card's
    skill is blanked, so that the base rules show plainly; shop hands are empty
    (Anna's Cheer too) unless `shop_hands` gives them."""
    sc = started(**raw)
    placed = {}
    for seat, card, square, *extra in units:
        fields = dict(extra[0]) if extra else {}
        placed[card] = Unit(card=card, owner=seat, slot=fields.pop("slot", _slot(sc, card)),
                            square=square, exhausted=fields.pop("exhausted", False), **fields)
    hands = shop_hands or {}
    players = {s: evolved(p, coins=coins, dv=dv, shop_hand=tuple(hands.get(s, ())))
               for s, p in sc.state.players.items()}
    cards = sc.state.cards if skills else {
        c: {**card, "skill": NO_SKILL} for c, card in sc.state.cards.items()}
    sc._state = evolved(sc.state, units=placed, players=players, active=active, cards=cards)
    return sc


def _slot(sc, card):
    colour = sc.state.cards[card]["colour"]
    return "red" if colour == "gray" else colour


def hp(sc, unit):
    return sc.state.cards[unit]["hp"] - sc.state.units[unit].damage


def rules_of(events) -> set[str]:
    for e in events:
        assert e.rule in game.RULES, f"{type(e).__name__} carries unknown rule {e.rule!r}"
    return {e.rule for e in events}


# ---- I. Game Setup ------------------------------------------------------------------------------
def test_setup_deals_six_cards_each_and_anna_s_cheer_to_the_second_player():
    sc = fresh()
    p1, p2 = sc.state.player("p1"), sc.state.player("p2")
    assert p1.hand == ("archer", "armor-slayer", "axe-fighter", "axe-general", "axe-king",
                       "blue-cavalier")
    assert len(p2.hand) == 6 and p2.shop_hand == ("annas-cheer",) and p1.shop_hand == ()
    assert (p1.coins, p1.dv, p1.vp) == (0, 0, 0)  # no resources of any kind
    assert len(sc.state.deck) == 24 - 12
    rules_of(sc.events)


def test_setup_vp_deck_smallest_on_top_and_the_first_game_option():
    assert fresh().state.vp_deck == (1, 2, 3, 4, 5, 6, 7, 8, 8)
    assert fresh(first_game="yes").state.vp_deck == (1, 2, 3, 4, 5, 6, 7)


def test_setup_shop_holds_three_face_down_cards_showing_only_their_cost():
    sc = fresh()
    assert all(sc.state.shop)
    shown = game.view(sc.state, "p1")["shop"]
    assert all(set(slot) == {"cost"} for slot in shown.values())
    dealt = of(sc.events, ev.ShopCardDealt)[0]
    assert game.redact(dealt, "p1")["card"] == {"hidden": 1}
    assert game.redact(dealt, None)["card"] == dealt.card


def test_setup_mulligan_discards_then_draws_back_up_to_six():
    sc = fresh()
    assert game.to_act(sc.state) == ("p1",)
    facts = sc.play("p1", "mulligan archer axe-king")
    assert kinds(facts) == ["MulliganTaken", "CardsDrawn"]
    assert facts[1].cards == ("lance-knight", "lance-queen")  # the next cards of the deck
    assert len(sc.state.player("p1").hand) == 6
    assert sc.state.discards == ("archer", "axe-king")
    assert game.to_act(sc.state) == ("p2",)
    sc.play("p2", "mulligan")
    assert game.to_act(sc.state) == ("p1",) and sc.state.turn == 1


def test_setup_mulligan_only_cards_in_hand_and_only_once():
    sc = fresh()
    sc.expect_violation("p1", "mulligan dancer", R + "setup.mulligan-cards")
    sc.play("p1", "mulligan")
    sc.play("p2", "mulligan")
    sc.expect_violation("p1", "mulligan archer", R + "setup.mulligan-once")


def test_setup_options_two_players_for_1v1_three_or_four_mean_boss_mode():
    assert game.options(None, {})["end"] == "vp-deck"
    assert game.options(3, {})["mode"] == "boss"
    with pytest.raises(BadOptions):
        game.options(3, {"mode": "1v1"})
    assert game.options(2, {"boss": "medeus"})["mode"] == "boss"
    with pytest.raises(BadOptions):
        game.options(2, {"mode": "1v1", "boss": "grima"})
    with pytest.raises(BadOptions):
        game.options(2, {"mode": "boss", "rounds": "5"})


# ---- III. Turn Actions: Start of Turn --------------------------------------------------------------
def test_start_of_turn_gains_a_coin_and_readies_exhausted_units():
    sc = board(("p2", "dancer", "C1", {"exhausted": True}))
    facts = sc.play("p1", "end")
    assert kinds(facts) == ["TurnEnded", "TurnStarted", "CoinsGained", "UnitsReadied"]
    assert facts[3].units == ("dancer",)
    assert not sc.state.units["dancer"].exhausted and sc.state.player("p2").coins == 1


# ---- III. Turn Actions: Deploying Units --------------------------------------------------------------
def test_deploying_a_unit_exhausts_it_and_draws_back_up():
    sc = started()
    facts = sc.play("p1", "deploy axe-fighter green C6")
    assert kinds(facts) == ["UnitDeployed", "CardsDrawn"]
    assert sc.state.units["axe-fighter"].exhausted
    assert len(sc.state.player("p1").hand) == 6
    sc.expect_violation("p1", "attack axe-fighter dancer", R + "activate.ready")


def test_deploying_matches_the_slot_colour_once_per_turn_in_your_zone():
    sc = started()
    sc.expect_violation("p1", "deploy axe-fighter red C6", R + "deploy.slot-colour")
    sc.expect_violation("p1", "deploy axe-fighter green C1", R + "deploy.zone")
    sc.expect_violation("p1", "deploy dancer red C6", R + "deploy.in-hand")
    sc.play("p1", "deploy axe-fighter green C6")
    sc.expect_violation("p1", "deploy blue-cavalier blue D6", R + "deploy.once")


def test_deploying_gray_any_slot_but_one_gray_and_one_legendary_at_a_time():
    sc = board(("p1", "healer", "B6", {"slot": "blue"}), ("p1", "sword-lord", "C6"))
    sc.expect_violation("p1", "deploy archer green D6", R + "deploy.one-gray")
    sc.expect_violation("p1", "deploy axe-king green D6", R + "deploy.one-legendary")
    sc.expect_violation("p1", "deploy blue-cavalier blue D6", R + "deploy.slot-free")


def test_deploying_a_gray_unit_into_a_free_slot():
    sc = started()
    facts = sc.play("p1", "deploy archer blue B6")
    assert facts[0].slot == "blue"


def test_a_shapeshifter_is_deployed_with_its_shapestone():
    sc = board(coins=0)
    sc._state = evolved(sc.state, players={**sc.state.players, "p1": evolved(
        sc.state.player("p1"), hand=("fire-dragon",) + sc.state.player("p1").hand[1:])})
    sc.play("p1", "deploy fire-dragon red B6")
    assert sc.state.units["fire-dragon"].shapestone


def test_dragon_vein_haste_deploy_costs_three_arrives_ready_besides_the_normal_deploy():
    sc = board(dv=3)
    sc.play("p1", "deploy axe-fighter green C6")
    facts = sc.play("p1", "hasty blue-cavalier blue D6")
    assert kinds(facts)[:2] == ["DragonVeinSpent", "UnitDeployed"]
    assert not sc.state.units["blue-cavalier"].exhausted
    assert sc.state.player("p1").dv == 0
    sc.play("p1", "move blue-cavalier E5")  # [Haste]: activated the turn it arrives


def test_dragon_vein_haste_deploy_once_per_turn_besides_the_normal_deploy():
    # Our reading of "in addition to your normal deploy action once per turn": one [Haste]
    # deploy a turn, whatever DV is left; the ordinary deploy stays open.
    sc = board(dv=6)
    sc.play("p1", "hasty blue-cavalier blue D6")
    assert not sc.state.player("p1").deployed
    sc.expect_violation("p1", "hasty axe-fighter green C6", R + "dv.haste-once")
    assert not any(c.verb == "hasty" for c in game.legal_commands(sc.state, "p1"))
    sc.play("p1", "deploy axe-fighter green C6")
    assert sc.state.player("p1").dv == 3


def test_dragon_vein_haste_deploy_needs_three_dv():
    board(dv=2).expect_violation("p1", "hasty axe-fighter green C6", R + "dv.not-enough")


# ---- III. Turn Actions: General Turn Actions --------------------------------------------------------
def test_first_discard_is_free_then_each_costs_a_coin():
    sc = board(coins=1)
    facts = sc.play("p1", "discard archer")
    assert kinds(facts) == ["CardDiscarded", "CardsDrawn"] and facts[0].rule == R + "discard.first-free"
    facts = sc.play("p1", "discard axe-king")
    assert kinds(facts) == ["CoinsSpent", "CardDiscarded", "CardsDrawn"]
    assert sc.state.player("p1").coins == 0
    sc.expect_violation("p1", "discard axe-fighter", R + "coins.not-enough")


def test_shifting_a_gray_unit_costs_a_coin_and_needs_a_free_slot():
    sc = board(("p1", "healer", "B6", {"slot": "red"}), ("p1", "axe-fighter", "C6"), coins=1)
    sc.expect_violation("p1", "shift axe-fighter blue", R + "shift.gray")
    sc.expect_violation("p1", "shift healer green", R + "shift.slot-free")
    sc.play("p1", "shift healer blue")
    assert sc.state.units["healer"].slot == "blue" and sc.state.player("p1").coins == 0


def test_buying_a_shop_card_pays_its_cost_and_deals_a_new_one():
    sc = board(coins=5)
    card = sc.state.shop[0]
    cost = sc.state.shop_cards[card]["cost"]
    facts = sc.play("p1", "buy 1")
    assert kinds(facts) == ["CoinsSpent", "ShopCardBought", "ShopCardDealt"]
    assert sc.state.player("p1").shop_hand == (card,) and sc.state.player("p1").coins == 5 - cost
    assert game.view(sc.state, "p2")["players"]["p1"]["shop_hand"] is None
    assert game.redact(facts[1], "p2")["card"] == {"hidden": 1}


def test_buying_needs_the_coins():
    board(coins=0).expect_violation("p1", "buy 1", R + "coins.not-enough")


# ---- III. Dragon Vein Abilities / IV. DV Map Tiles ---------------------------------------------------
def test_dv_tile_costs_one_and_ruins_block_every_unit():
    sc = board(("p1", "pegasus-knight", "C4"), dv=1)
    sc.play("p1", "vein-tile C3 ruins")
    assert terrain_at(sc.state, "C3") == "ruins" and sc.state.player("p1").dv == 0
    sc.expect_violation("p1", "move pegasus-knight C3", R + "terrain.ruins")


@pytest.mark.parametrize("square, rule", [
    ("C6", R + "dv.tile-deployment"),   # deployment tiles can never be covered
    ("C1", R + "dv.tile-deployment"),
    ("C4", R + "dv.tile-unit"),         # a unit stands there
    ("D4", R + "dv.tile-other"),        # the opponent's tile lies there
])
def test_dv_tile_placement_refusals(square, rule):
    sc = board(("p1", "axe-fighter", "C4"), dv=1)
    players = dict(sc.state.players)
    players["p2"] = evolved(players["p2"], dv_tile="D4", dv_side="plains")
    sc._state = evolved(sc.state, players=players)
    sc.expect_violation("p1", f"vein-tile {square} plains", rule)


def test_dv_tile_cannot_move_while_a_unit_stands_on_it():
    sc = board(("p2", "dancer", "C4"), dv=2)
    players = dict(sc.state.players)
    players["p1"] = evolved(players["p1"], dv_tile="C4", dv_side="plains")
    sc._state = evolved(sc.state, players=players)
    sc.expect_violation("p1", "vein-tile D4 ruins", R + "dv.tile-pinned")


def test_a_dv_tile_on_a_castle_prevents_its_capture():
    sc = board(("p1", "axe-fighter", "A3"), dv=1)
    sc.play("p1", "vein-tile B3 plains")
    sc.play("p1", "move axe-fighter B3")
    sc.expect_violation("p1", "capture axe-fighter", R + "capture.dv-tile")


def test_bump_costs_two_moves_any_unit_one_square_it_could_enter():
    sc = board(("p1", "axe-fighter", "C5"), ("p2", "blue-cavalier", "B5"), dv=4)
    sc.expect_violation("p1", "bump blue-cavalier B4", R + "dv.bump-enter")  # forest vs [Cavalry]
    sc.expect_violation("p1", "bump blue-cavalier C5", R + "dv.bump-enter")  # occupied
    sc.expect_violation("p1", "bump blue-cavalier B6", R + "dv.bump-enter")  # p1's zone
    sc.expect_violation("p1", "bump blue-cavalier C4", R + "dv.bump-step")   # diagonal
    facts = sc.play("p1", "bump blue-cavalier A5")
    assert kinds(facts) == ["DragonVeinSpent", "UnitBumped"]
    assert sc.state.units["blue-cavalier"].square == "A5" and sc.state.player("p1").dv == 2
    sc.play("p1", "bump axe-fighter C4")  # an own unit too
    sc.expect_violation("p1", "bump axe-fighter C3", R + "dv.not-enough")


# ---- IV. Tiles & Movement Rules -------------------------------------------------------------------
TERRAIN_TABLE = [
    # terrain,  tags,                         may enter, move ends there
    ("plains", (), True, False),
    ("castle", ("Cavalry",), True, False),
    ("forest", (), True, True),
    ("forest", ("Cavalry",), False, None),
    ("forest", ("Armored",), True, True),
    ("forest", ("Flying",), True, False),
    ("forest", ("Flying", "Cavalry"), True, False),
    ("water", (), True, True),
    ("water", ("Cavalry",), False, None),
    ("water", ("Armored",), False, None),
    ("water", ("Flying",), True, False),
    ("water", ("Flying", "Armored"), True, False),
    ("mountain", (), True, True),
    ("mountain", ("Armored",), True, True),
    ("mountain", ("Cavalry",), False, None),
    ("mountain", ("Flying",), False, None),
    ("ruins", ("Flying",), False, None),
]


@pytest.mark.parametrize("terrain, tags, enters, stops", TERRAIN_TABLE)
def test_terrain_effects_cell_by_cell(terrain, tags, enters, stops):
    sc = started()
    cards = {**sc.state.cards, "probe": {**sc.state.cards["axe-fighter"], "tags": list(tags)}}
    state = evolved(sc.state, cards=cards, terrain={**sc.state.terrain, "C3": terrain})
    probe = Unit(card="probe", owner="p1", slot="green", square="C4")
    assert (entry_refusal(state, probe, "C3") is None) is enters
    if enters:
        assert ends_move(state, probe, "C3") is stops


def test_enemy_deployment_zone_is_closed_to_enemy_units():
    sc = board(("p1", "axe-fighter", "C2"))
    sc.expect_violation("p1", "move axe-fighter C1", R + "terrain.deployment")
    assert entry_refusal(sc.state, sc.state.units["axe-fighter"], "C6") is None


def test_movement_up_to_mov_orthogonally_through_allies_never_through_enemies():
    # Axe Fighter (MOV 2) on D3; an enemy Dancer on D2, an allied Thief on D4.
    #   row 2:  . . W d . .      C2 water
    #   row 3:  . C . A F .      B3 castle, E3 forest (ends the move)
    #   row 4:  . F . t C .      E4 castle
    #   row 5:  . . . W . .      D5 water (ends the move)
    sc = board(("p1", "axe-fighter", "D3"), ("p1", "thief", "D4"), ("p2", "dancer", "D2"))
    moves = {c.square for c in game.legal_commands(sc.state, "p1")
             if c.verb == "move" and c.unit == "axe-fighter"}
    assert moves == {"C3", "B3", "C2", "C4", "E3", "E4", "D5"}
    sc.expect_violation("p1", "move axe-fighter D4", R + "move.no-end-on-unit")
    sc.expect_violation("p1", "move axe-fighter E2", R + "move.blocked")  # enemy on D2, forest E3
    sc.expect_violation("p1", "move axe-fighter D6", R + "move.mov")
    sc.expect_violation("p1", "move axe-fighter D1", R + "terrain.deployment")
    facts = sc.play("p1", "move axe-fighter D5")
    assert kinds(facts) == ["UnitActivated", "UnitMoved"]


# ---- V. Unit Actions ---------------------------------------------------------------------------------
def test_an_activated_unit_takes_one_action_and_nothing_else_starts_meanwhile():
    sc = board(("p1", "axe-fighter", "C4"), ("p1", "thief", "A4"), coins=0)
    sc.play("p1", "move axe-fighter C3")
    assert sc.state.activating == "axe-fighter"
    sc.expect_violation("p1", "end", R + "turn.complete-action")
    sc.expect_violation("p1", "move thief A5", R + "turn.complete-action")
    sc.expect_violation("p1", "work thief", R + "turn.complete-action")
    legal = {c.notation() for c in game.legal_commands(sc.state, "p1")}
    assert legal == {"work axe-fighter", "wait axe-fighter"}  # no castle, no enemy, no coins
    facts = sc.play("p1", "work axe-fighter")
    assert kinds(facts) == ["CoinsGained", "ActivationEnded"]
    assert sc.state.units["axe-fighter"].exhausted and sc.state.activating is None
    sc.expect_violation("p1", "work axe-fighter", R + "activate.ready")


def test_an_action_without_moving_activates_the_unit_itself():
    sc = board(("p1", "axe-fighter", "C4"))
    assert kinds(sc.play("p1", "work axe-fighter")) == ["UnitActivated", "CoinsGained",
                                                        "ActivationEnded"]
    sc.expect_violation("p1", "wait axe-fighter", R + "activate.wait")


def test_capturing_takes_the_top_vp_card_and_gives_the_opponent_a_dv_once_per_turn():
    sc = board(("p1", "axe-fighter", "B3"), ("p1", "thief", "E4"))
    facts = sc.play("p1", "capture axe-fighter")
    assert kinds(facts) == ["UnitActivated", "CastleCaptured", "DragonVeinGained",
                            "ActivationEnded"]
    assert sc.state.player("p1").vp_cards == (1,) and sc.state.player("p2").dv == 1
    assert sc.state.vp_deck[0] == 2
    sc.expect_violation("p1", "capture thief", R + "capture.once")


def test_capture_only_on_a_castle_tile():
    board(("p1", "axe-fighter", "C3")).expect_violation("p1", "capture axe-fighter",
                                                        R + "capture.castle")


def test_the_same_castle_can_be_captured_again_on_a_later_turn():
    sc = board(("p1", "axe-fighter", "B3"))
    sc.play("p1", "capture axe-fighter")
    sc.play("p1", "end")
    sc.play("p2", "end")
    sc.play("p1", "capture axe-fighter")
    assert sc.state.player("p1").vp_cards == (1, 2)


def test_work_on_the_pixel_art_map_special_squares():
    # Pixel Art stand-in map: E2 is the * square (DV instead of a coin), B5 the ** square.
    sc = board(("p1", "axe-fighter", "E2"), ("p1", "thief", "B5"), map="pixel-art")
    facts = sc.play("p1", "work axe-fighter")
    assert [e.rule for e in facts[1:-1]] == [R + "work.pixel-dv"]
    facts = sc.play("p1", "work thief")
    assert [e.rule for e in facts[1:-1]] == [R + "work.coin", R + "work.pixel-coin"]
    assert sc.state.player("p1").coins == 2 and sc.state.player("p1").dv == 1


def test_retire_costs_three_coins_gives_one_dv_and_no_vp():
    sc = board(("p1", "axe-fighter", "C4"), coins=2)
    sc.expect_violation("p1", "retire axe-fighter", R + "coins.not-enough")
    sc = board(("p1", "axe-fighter", "C4"), coins=3)
    facts = sc.play("p1", "retire axe-fighter")
    assert kinds(facts) == ["UnitActivated", "CoinsSpent", "UnitRetired", "DragonVeinGained",
                            "ActivationEnded"]
    assert "axe-fighter" not in sc.state.units and "axe-fighter" in sc.state.discards
    assert sc.state.player("p2").vp == 0 and sc.state.player("p1").dv == 1


# ---- VI. Combat Rules ------------------------------------------------------------------------------------
def blows(facts):
    return [(e.blow, e.unit, e.damage, e.hp) for e in of(facts, ev.Struck)]


def test_combat_triangle_advantage_counter_and_follow_up_by_the_faster_attacker():
    # Sword Hero (red ATK 5 SPD 5 DEF 2, HP 7) attacks Axe Fighter (green ATK 5 SPD 3 DEF 2, HP 8).
    # Attack: 5+1 (red beats green) - 2 = 4 -> 4 HP.  Counter: 5-1 - 2 = 2 -> hero 5 HP.
    # Follow-up by the faster hero: 4 more -> the Axe Fighter falls.
    sc = board(("p1", "sword-hero", "C3"), ("p2", "axe-fighter", "C4"))
    facts = sc.play("p1", "attack sword-hero axe-fighter")
    assert blows(facts) == [("attack", "sword-hero", 4, 4), ("counter", "axe-fighter", 2, 5),
                            ("follow-up", "sword-hero", 4, 0)]
    assert of(facts, ev.Struck)[0].modifiers == ("weapon triangle +1",)
    assert "axe-fighter" not in sc.state.units and "axe-fighter" in sc.state.discards
    assert sc.state.player("p1").vp_tokens == 1 and sc.state.player("p2").dv == 1
    rules_of(facts)


def test_combat_no_counter_out_of_range_and_no_follow_up_out_of_range():
    # Red Mage (RNG 2, ATK 5 SPD 4) attacks Sword Hero (RNG 1, DEF 2, SPD 5) two squares away.
    # 5 - 2 = 3 -> 4 HP.  The hero cannot reach: no counter.  The hero is faster but still
    # cannot reach: no follow-up either.
    sc = board(("p1", "red-mage", "C2"), ("p2", "sword-hero", "C4"))
    facts = sc.play("p1", "attack red-mage sword-hero")
    assert blows(facts) == [("attack", "red-mage", 3, 4)]
    assert [(e.blow, e.rule) for e in of(facts, ev.BlowSkipped)] == [
        ("counter", R + "combat.counter-range"), ("follow-up", R + "combat.follow-up-range")]


def test_combat_a_defender_at_zero_hp_never_counters():
    # Axe King (green ATK 7) attacks Thunder Mage (blue DEF 1, HP 5): 7+1-1 = 7 >= 5.
    sc = board(("p1", "axe-king", "C3"), ("p2", "thunder-mage", "C4"))
    facts = sc.play("p1", "attack axe-king thunder-mage")
    assert blows(facts) == [("attack", "axe-king", 5, 0)]
    assert of(facts, ev.BlowSkipped)[0].rule == R + "combat.counter-defeated"
    assert sc.state.units["axe-king"].damage == 0


def test_combat_the_faster_defender_makes_the_follow_up():
    # Axe Fighter (green ATK 5 SPD 3 DEF 2) attacks Pegasus Knight (blue ATK 4 SPD 6 DEF 2, HP 6).
    # Attack 5+1-2 = 4 -> 2 HP; counter 4-1-2 = 1 -> 7; the knight is faster: 1 more -> 6.
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "pegasus-knight", "C4"))
    facts = sc.play("p1", "attack axe-fighter pegasus-knight")
    assert blows(facts) == [("attack", "axe-fighter", 4, 2), ("counter", "pegasus-knight", 1, 7),
                            ("follow-up", "pegasus-knight", 1, 6)]


def test_combat_equal_speed_means_no_follow_up():
    # Sword Hero (SPD 5) attacks Sword Lord (SPD 5, DEF 3, HP 9): same colour, no triangle.
    # 5-3 = 2 -> 7; counter 6-2 = 4 -> hero 3; equal speed: no follow-up.
    sc = board(("p1", "sword-hero", "C3"), ("p2", "sword-lord", "C4"))
    facts = sc.play("p1", "attack sword-hero sword-lord")
    assert blows(facts) == [("attack", "sword-hero", 2, 7), ("counter", "sword-lord", 4, 3)]
    assert of(facts, ev.BlowSkipped)[0].rule == R + "combat.follow-up-equal"


def test_combat_no_weapon_triangle_with_a_gray_unit():
    # Archer (gray ATK 5, RNG 2) attacks Axe Fighter (green DEF 2): 5-2 = 3, no modifier.
    sc = board(("p1", "archer", "C2"), ("p2", "axe-fighter", "C4"))
    facts = sc.play("p1", "attack archer axe-fighter")
    assert blows(facts)[0] == ("attack", "archer", 3, 5) and of(facts, ev.Struck)[0].modifiers == ()


def test_combat_shapestone_stats_hold_for_the_combat_then_the_token_goes():
    # Fire Dragon with its Shapestone (ATK 7 SPD 3 DEF 4) attacks Lance Knight (blue ATK 5 SPD 1
    # DEF 4, HP 9).  7-1 (red vs blue) - 4 = 2 -> 7; counter 5+1-4 = 2 -> dragon 6;
    # the dragon is faster (3 > 1): 2 more -> 5.  Then the Shapestone is discarded.
    sc = board(("p1", "fire-dragon", "C3", {"shapestone": True}), ("p2", "lance-knight", "C4"))
    facts = sc.play("p1", "attack fire-dragon lance-knight")
    assert blows(facts) == [("attack", "fire-dragon", 2, 7), ("counter", "lance-knight", 2, 6),
                            ("follow-up", "fire-dragon", 2, 5)]
    assert of(facts, ev.ShapestoneDiscarded)[0].unit == "fire-dragon"
    assert not sc.state.units["fire-dragon"].shapestone


def test_combat_effectiveness_adds_two_atk_against_the_named_tag():
    # Armor Slayer (red ATK 4, [Eff vs Armor]) attacks Lance Knight (blue, [Armored], DEF 4):
    # 4 - 1 (triangle) + 2 (effective) - 4 = 1.
    sc = board(("p1", "armor-slayer", "C3"), ("p2", "lance-knight", "C4"))
    facts = sc.play("p1", "attack armor-slayer lance-knight")
    first = of(facts, ev.Struck)[0]
    assert (first.atk, first.damage) == (5, 1)
    assert first.modifiers == ("weapon triangle -1", "[Eff vs Armor] +2")


def test_attack_needs_an_enemy_at_a_distance_the_range_covers():
    sc = board(("p1", "sword-hero", "C3"), ("p1", "thief", "C4"), ("p2", "dancer", "E3"))
    sc.expect_violation("p1", "attack sword-hero thief", R + "attack.enemy")
    sc.expect_violation("p1", "attack sword-hero dancer", R + "attack.range")


# ---- VI. Combat Rules: Unit Death ---------------------------------------------------------------------
def test_death_of_a_legendary_unit_gives_two_vp_tokens():
    # Thunder Mage (blue ATK 5) attacks a Sword Lord with 2 HP left: 5+1-3 = 3.
    sc = board(("p1", "thunder-mage", "C3"), ("p2", "sword-lord", "C4", {"damage": 7}))
    facts = sc.play("p1", "attack thunder-mage sword-lord")
    assert of(facts, ev.VictoryPointTokensGained)[0].tokens == 2
    assert sc.state.player("p1").vp_tokens == 2


def test_death_a_second_loss_in_the_same_turn_gives_two_dv():
    sc = board(("p1", "axe-king", "C3"), ("p1", "thunder-mage", "E3"),
               ("p2", "red-mage", "C4", {"damage": 4}),
               ("p2", "wind-mage", "E2", {"damage": 4}))
    sc.play("p1", "attack axe-king red-mage")        # 7-1-1 = 5 >= 1 HP left
    assert sc.state.player("p2").dv == 1
    facts = sc.play("p1", "attack thunder-mage wind-mage")
    assert of(facts, ev.DragonVeinGained)[0].dv == 2
    assert of(facts, ev.DragonVeinGained)[0].rule == R + "death.dv-second"
    assert sc.state.player("p2").dv == 3


def test_death_by_counter_attack_scores_for_the_defender():
    # Thief (gray ATK 3, HP 5 with 4 damage) attacks Axe Fighter (DEF 2, ATK 5): 3-2 = 1;
    # counter 5-1 = 4 >= 1 HP: the thief falls; p2 scores, p1 gains the DV.
    sc = board(("p1", "thief", "C3", {"damage": 4}), ("p2", "axe-fighter", "C4"))
    facts = sc.play("p1", "attack thief axe-fighter")
    assert of(facts, ev.UnitDefeated)[0].unit == "thief"
    assert sc.state.player("p2").vp_tokens == 1 and sc.state.player("p1").dv == 1
    assert kinds(facts)[-1] == "ActivationEnded"


# ---- The end (our rule) --------------------------------------------------------------------------------
def test_the_game_ends_when_the_last_vp_card_is_taken_most_vp_wins():
    sc = board(("p1", "axe-fighter", "B3"))
    sc._state = evolved(sc.state, vp_deck=(8,), players={**sc.state.players, "p2": evolved(
        sc.state.player("p2"), vp_cards=(5, 4))})
    facts = sc.play("p1", "capture axe-fighter")
    assert kinds(facts)[-1] == "GameEnded" and facts[-1].rule == R + "end.vp-deck"
    assert facts[-1].scores == {"p1": 8, "p2": 9}
    assert game.outcome(sc.state) == "p2 wins, 9 VP to 8"
    assert game.to_act(sc.state) == ()
    sc.expect_violation("p1", "end", "core.game-over")


def test_the_round_limit_ends_the_game_ties_broken_by_vp_tokens():
    sc = started(rounds="1")
    sc._state = evolved(sc.state, players={**sc.state.players, "p2": evolved(
        sc.state.player("p2"), vp_tokens=1)})
    sc.play("p1", "end")
    facts = sc.play("p2", "end")
    assert facts[-1].rule == R + "end.rounds"
    assert game.outcome(sc.state) == "p2 wins, 1 VP to 0"


# ---- hidden information ------------------------------------------------------------------------------
def test_hands_are_hidden_from_the_other_seat_and_spectators():
    sc = started()
    for seat in ("p2", ""):
        shown = game.view(sc.state, seat)["players"]["p1"]
        assert shown["hand"] is None and shown["hand_size"] == 6
    assert game.view(sc.state, "p1")["players"]["p1"]["hand"] == list(sc.state.player("p1").hand)
    dealt = of(sc.events, ev.CardsDealt)[0]
    assert game.redact(dealt, "p2")["cards"] == {"hidden": 6}
    assert game.redact(dealt, "p1")["cards"] == list(dealt.cards)
    shuffled = of(sc.events, ev.UnitDeckShuffled)[0]
    assert game.redact(shuffled, "p1")["order"] == {"hidden": 24}


# ---- VII. Unit Tags: assists -----------------------------------------------------------------------------
def test_physic_restores_three_hp_to_an_ally_up_to_two_squares_away():
    sc = board(("p1", "healer", "C3"), ("p1", "axe-fighter", "C5", {"damage": 5}),
               ("p1", "sword-hero", "F3", {"damage": 1}))
    sc.expect_violation("p1", "assist healer sword-hero", R + "assist.physic")  # 3 away
    facts = sc.play("p1", "assist healer axe-fighter")
    assert kinds(facts) == ["UnitActivated", "HitPointsRestored", "ActivationEnded"]
    assert hp(sc, "axe-fighter") == 8 - 5 + 3


def test_physic_never_heals_above_printed_hp():
    sc = board(("p1", "healer", "C3"), ("p1", "axe-fighter", "C4", {"damage": 1}))
    assert sc.play("p1", "assist healer axe-fighter")[1].restored == 1
    assert hp(sc, "axe-fighter") == 8


def test_assists_target_an_ally_and_need_an_assist_tag():
    sc = board(("p1", "healer", "C3"), ("p1", "axe-fighter", "C4"), ("p2", "dancer", "D3"))
    sc.expect_violation("p1", "assist healer dancer", R + "assist.ally")
    sc.expect_violation("p1", "assist healer healer", R + "assist.ally")
    sc.expect_violation("p1", "assist axe-fighter healer", R + "assist.none")


def test_shove_pushes_the_adjacent_ally_one_square_further():
    sc = board(("p1", "great-knight", "C3"), ("p1", "axe-fighter", "C4"))
    facts = sc.play("p1", "assist great-knight axe-fighter")
    assert (facts[1].origin, facts[1].to) == ("C4", "C5")


def test_shove_only_where_the_ally_could_enter():
    # The Great Knight on C4 would push the Blue Cavalier from C3 north into C2: water,
    # closed to [Cavalry].
    sc = board(("p1", "great-knight", "C4"), ("p1", "blue-cavalier", "C3"))
    sc.expect_violation("p1", "assist great-knight blue-cavalier", R + "assist.enter")


def test_reposition_moves_the_adjacent_ally_next_to_this_unit():
    sc = board(("p1", "dancer", "C3"), ("p1", "axe-fighter", "C4"))
    sc.expect_violation("p1", "assist dancer axe-fighter", R + "assist.square")
    sc.expect_violation("p1", "assist dancer axe-fighter E3", R + "assist.reposition")
    facts = sc.play("p1", "assist dancer axe-fighter D3")
    assert (facts[1].unit, facts[1].to) == ("axe-fighter", "D3")


def test_grab_swaps_or_steps_away_pulling_the_ally_after():
    sc = board(("p1", "thief", "C3"), ("p1", "axe-fighter", "C4"))
    facts = sc.play("p1", "assist thief axe-fighter C4")  # a swap
    assert [(e.unit, e.to) for e in facts[1:3]] == [("thief", "C4"), ("axe-fighter", "C3")]
    sc = board(("p1", "thief", "C3"), ("p1", "axe-fighter", "C4"))
    facts = sc.play("p1", "assist thief axe-fighter D3")  # step east, the ally follows
    assert [(e.unit, e.to) for e in facts[1:3]] == [("thief", "D3"), ("axe-fighter", "C3")]
    sc = board(("p1", "thief", "C3"), ("p1", "axe-fighter", "C4"))
    sc.expect_violation("p1", "assist thief axe-fighter E3",
                        R + "assist.grab")


# ---- every fact carries a rule of the table -------------------------------------------------------------
def test_every_fact_of_a_bot_game_cites_a_rule_of_the_table():
    import random

    from engine.core.context import Context
    from engine.core.dice import Dice

    state = game.initial_state()
    facts = list(game.setup(game.options(2, {"rounds": "8"}), Dice(7, 1)))
    for fact in facts:
        state = game.evolve(state, fact)
    rng = random.Random(7)
    for step in range(400):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        cmd = rng.choice(game.legal_commands(state, seat))
        for fact in game.decide(state, seat, cmd, Context(Dice(7, step + 2), None)):
            facts.append(fact)
            state = game.evolve(state, fact)
    rules_of(facts)


def test_every_rule_id_in_the_package_is_in_the_table_with_an_explanation():
    import ast
    import pathlib
    import re

    used = set()
    for path in pathlib.Path(game.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Name) \
                    and node.left.id == "R" and isinstance(node.right, ast.Constant):
                used.add(R + node.right.value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"(core|roundtable)\.[a-z0-9.-]+", node.value):
                used.add(node.value)
    assert len(used) > 50
    assert sorted(i for i in used if i not in game.RULES and not i.endswith(".")) == []
    for ref in game.RULES:
        assert ref.section.strip() and len(ref.explanation) > 20, ref.id


# ---- II. Card Breakdown: skills (stand-in skills from fixtures/roundtable/units.toml) -------------
def test_deploying_a_unit_with_a_special_gives_it_the_special_ability_token():
    sc = started()
    sc.play("p1", "deploy axe-general green C6")   # Pavise: a reaction special
    sc.play("p1", "end")
    sc.play("p2", "deploy dancer red C1")           # Dance: a special
    assert sc.state.units["axe-general"].special and sc.state.units["dancer"].special


def test_a_passive_applies_while_its_condition_holds():
    # Sword Hero's Swordfaire: +1 ATK when attacking.  Against Sword Lord (DEF 3, no passive
    # skill blanked here? no: skills on): 5+1-3 = 3.  The lord's counter meets the hero's
    # DEF 2 unchanged (Swordfaire does not help in defence): 6-2 = 4.
    sc = board(("p1", "sword-hero", "C3"), ("p2", "lance-knight", "D4"), ("p2", "axe-general", "E4"),
               skills=True)
    sc._state = evolved(sc.state, units={**sc.state.units, "sword-lord": Unit(
        card="sword-lord", owner="p2", slot="red", square="C4", exhausted=False)})
    facts = sc.play("p1", "attack sword-hero sword-lord")
    first, counter = of(facts, ev.Struck)[:2]
    assert (first.atk, first.damage, first.modifiers) == (6, 3, ("Swordfaire +1 ATK",))
    assert (counter.atk, counter.damage, counter.modifiers) == (6, 4, ())


def test_passives_do_not_stack():
    # Axe Fighter's Fellowship: +1 ATK with an ally adjacent - two allies still give +1.
    sc = board(("p1", "axe-fighter", "C3"), ("p1", "thief", "B3"), ("p1", "dancer", "D3"),
               ("p2", "healer", "C4"), skills=True)
    first = of(sc.play("p1", "attack axe-fighter healer"), ev.Struck)[0]
    assert first.modifiers == ("Fellowship +1 ATK",) and first.atk == 6


def test_special_deals_damage_once_and_non_lethal_never_the_last_point():
    # Red Mage's Bolganone: 4 non-lethal damage to an enemy within 2.
    sc = board(("p1", "red-mage", "C3", {"special": True}), ("p2", "dancer", "C5", {"damage": 2}),
               skills=True)
    facts = sc.play("p1", "special red-mage dancer")
    assert kinds(facts) == ["UnitActivated", "SpecialUsed", "DamageDealt", "ActivationEnded"]
    assert (facts[2].damage, facts[2].hp) == (2, 1)  # 3 HP left, never the last point
    assert not sc.state.units["red-mage"].special
    sc.play("p1", "end")
    sc.play("p2", "end")
    sc.expect_violation("p1", "special red-mage dancer", R + "special.token")


def test_special_damage_can_defeat_a_unit():
    # Sword Lord's Rising Light: 3 damage within 2 (lethal).
    sc = board(("p1", "sword-lord", "C3", {"special": True}), ("p2", "dancer", "C4", {"damage": 3}),
               skills=True)
    facts = sc.play("p1", "special sword-lord dancer")
    assert "UnitDefeated" in kinds(facts) and sc.state.player("p1").vp_tokens == 1


def test_special_ready_lets_an_ally_act_again():
    sc = board(("p1", "dancer", "C3", {"special": True}), ("p1", "axe-fighter", "C4", {"exhausted": True}),
               skills=True)
    facts = sc.play("p1", "special dancer axe-fighter")
    assert of(facts, ev.UnitsReadied)[0].units == ("axe-fighter",)
    sc.play("p1", "work axe-fighter")


def test_a_reaction_special_is_not_an_action():
    sc = board(("p1", "axe-general", "C3", {"special": True}), skills=True)
    sc.expect_violation("p1", "special axe-general", R + "special.none")


def test_an_assist_skill_restores_hp_to_an_adjacent_ally():
    # Pegasus Knight's Ardent Aid: restore 2 HP to an ally within 1.
    sc = board(("p1", "pegasus-knight", "C3"), ("p1", "axe-fighter", "C4", {"damage": 3}),
               skills=True)
    facts = sc.play("p1", "assist pegasus-knight axe-fighter")
    assert facts[1].restored == 2 and facts[1].rule == R + "assist.skill"


# ---- reactions: out of turn, before the blows --------------------------------------------------------------
def test_an_attack_on_a_unit_with_a_reaction_special_waits_for_its_player():
    # Fire Dragon's Dragonskin: +3 DEF for the combat when attacked.
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "fire-dragon", "C4", {"special": True}),
               skills=True)
    facts = sc.play("p1", "attack axe-fighter fire-dragon")
    assert kinds(facts)[-1] == "AttackDeclared"
    assert game.to_act(sc.state) == ("p2",)
    prompt, = game.prompts(sc.state)
    assert prompt.seat == "p2" and set(prompt.choices) == {"pass", "react fire-dragon"}
    assert prompt.rule == R + "reaction.window"
    sc.expect_violation("p1", "end", "core.turn")
    facts = sc.play("p2", "react fire-dragon")
    assert kinds(facts) == ["SpecialUsed", "CombatBonusGranted"]
    facts = sc.play("p2", "pass")
    # Axe Fighter ATK 5, red Fire Dragon: disadvantage -1; DEF 2 + 3 = 5 -> no damage.
    first = of(facts, ev.Struck)[0]
    assert (first.atk, first.defence, first.damage) == (4, 5, 0)
    assert "Dragonskin +3 DEF" in first.modifiers
    assert kinds(facts)[-2:] == ["CombatEnded", "ActivationEnded"]
    assert sc.state.bonus == {} and game.to_act(sc.state) == ("p1",)


def test_no_reaction_window_when_no_reaction_could_exist():
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "healer", "C4"), skills=True)
    assert "AttackDeclared" not in kinds(sc.play("p1", "attack axe-fighter healer"))


def test_a_reaction_shop_card_is_played_in_the_opponent_s_turn():
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "healer", "C4"),
               shop_hands={"p2": ("miracle-charm-1", "gold-bar-1")})
    sc.play("p1", "attack axe-fighter healer")
    assert {c.notation() for c in game.legal_commands(sc.state, "p2")} == {
        "pass", "use miracle-charm-1"}
    sc.expect_violation("p2", "use gold-bar-1", R + "reaction.condition")
    sc.play("p2", "use miracle-charm-1")
    first = of(sc.play("p2", "pass"), ev.Struck)[0]
    assert first.defence == 1 + 3 and first.damage == 5 - 4
    assert "miracle-charm-1" in sc.state.shop_discards


def test_a_reaction_card_waits_for_its_condition():
    sc = board(shop_hands={"p1": ("miracle-charm-1",)})
    sc.expect_violation("p1", "use miracle-charm-1", R + "reaction.condition")
    sc.expect_violation("p1", "pass", R + "reaction.condition")


# ---- III. Use a Shop Card: items and attachments ---------------------------------------------------------
def test_items_resolve_and_are_discarded():
    sc = board(("p1", "axe-fighter", "F5", {"damage": 4}),
               shop_hands={"p1": ("vulnerary-1", "gold-bar-1", "annas-cheer")})
    facts = sc.play("p1", "use vulnerary-1 axe-fighter")   # any of your units, range aside
    assert kinds(facts) == ["ShopCardUsed", "HitPointsRestored"] and hp(sc, "axe-fighter") == 7
    sc.play("p1", "use gold-bar-1")
    sc.play("p1", "use annas-cheer")
    assert sc.state.player("p1").coins == 3 + 2 and sc.state.player("p1").shop_hand == ()
    assert sc.state.shop_discards == ("vulnerary-1", "gold-bar-1", "annas-cheer")


def test_an_attachment_gives_its_effect_and_a_new_one_replaces_it():
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "sword-hero", "C4"),
               shop_hands={"p1": ("dragon-shield-1", "speedwings-1")})
    sc.play("p1", "use dragon-shield-1 axe-fighter")
    sc.play("p1", "end")
    # Sword Hero (red ATK 5) attacks the shielded Axe Fighter: 5+1 - (2+2) = 2.  p1 holds a
    # shop card, so p1 is asked for reactions (whatever the card is) and passes.
    assert kinds(sc.play("p2", "attack sword-hero axe-fighter"))[-1] == "AttackDeclared"
    first = of(sc.play("p1", "pass"), ev.Struck)[0]
    assert (first.defence, first.damage) == (4, 2) and "Dragon Shield +2 DEF" in first.modifiers
    sc.play("p2", "end")
    facts = sc.play("p1", "use speedwings-1 axe-fighter")
    assert facts[0].replaced == "dragon-shield-1" and "dragon-shield-1" in sc.state.shop_discards


def test_attachments_are_discarded_with_their_unit():
    sc = board(("p1", "axe-fighter", "C3", {"attachment": "dragon-shield-1", "damage": 7}),
               ("p2", "sword-hero", "C4"), active="p2")
    sc.play("p2", "attack sword-hero axe-fighter")
    assert sc.state.shop_discards == ("dragon-shield-1",)
    assert "axe-fighter" in sc.state.discards


def test_the_reaction_prompt_never_names_the_hidden_shop_cards():
    sc = board(("p1", "axe-fighter", "C3"), ("p2", "healer", "C4"),
               shop_hands={"p2": ("miracle-charm-1",)})
    sc.play("p1", "attack axe-fighter healer")
    prompt, = game.prompts(sc.state)
    assert prompt.choices == ("pass",)
    assert "use miracle-charm-1" in {c.notation() for c in game.legal_commands(sc.state, "p2")}


# ---- second pass: rules the first tests only touched in passing -----------------------------------------
def test_an_empty_unit_deck_takes_the_shuffled_discard_pile():
    # Our reading (cards.reshuffle): p1 discards Archer with the deck empty; the discard pile
    # (Great Knight, Healer, then Archer) becomes the deck in the recorded order and p1 draws
    # its top card.
    sc = Scenario.from_position(game, {
        "players": {"p1": {"hand": ["archer", "armor-slayer", "axe-fighter", "axe-king", "thief", "dancer"]}},
        "deck": [], "discards": ["great-knight", "healer"]})
    facts = sc.play("p1", "discard archer")
    assert kinds(facts) == ["CardDiscarded", "DiscardsReshuffled", "CardsDrawn"]
    assert facts[1].order == ("great-knight", "healer", "archer") and facts[2].cards == ("great-knight",)
    assert sc.state.deck.cards == ("healer", "archer") and sc.state.discards == ()


def test_no_capture_once_the_vp_deck_is_empty():
    # Only with end=rounds can the VP deck run out while the game goes on.
    sc = board(("p1", "axe-fighter", "B3"), end="rounds")
    sc._state = evolved(sc.state, vp_deck=())
    sc.expect_violation("p1", "capture axe-fighter", R + "capture.vp-deck")


def test_dv_tile_turned_over_in_place_but_never_put_back_as_it_lies():
    sc = board(dv=2)
    sc.play("p1", "vein-tile C2 plains")
    sc.expect_violation("p1", "vein-tile C2 plains", R + "dv.tile-same")
    sc.play("p1", "vein-tile C2 ruins")
    assert terrain_at(sc.state, "C2") == "ruins" and sc.state.player("p1").dv == 0


def test_a_move_goes_somewhere_and_squares_are_named_on_the_map():
    sc = board(("p1", "sword-hero", "C3"))
    sc.expect_violation("p1", "move sword-hero C3", R + "move.stay")
    error = sc.expect_violation("p1", "move sword-hero Z9", R + "map.square")
    assert "'Z9' names nothing here" in str(error) and "sword-hero" in str(error)


def test_names_are_accepted_as_the_page_shows_them():
    # Issue #21: ids and squares in any case, a unit by its initials on the map (SH).
    sc = board(("p1", "sword-hero", "C3"), ("p2", "axe-fighter", "C1"))
    facts = sc.play("p1", "move Sword-Hero c2")
    assert facts[-1].unit == "sword-hero" and facts[-1].to == "C2"
    facts = sc.play("p1", "attack SH af")
    assert (facts[0].attacker, facts[0].defender) == ("sword-hero", "axe-fighter")
    error = sc.expect_violation("p1", "work AX", R + "activate.own")  # initials of nothing
    assert "'AX' names nothing here" in str(error) and "(AF)" in str(error)


def test_only_shop_cards_in_your_hand_are_used():
    sc = board(("p1", "sword-hero", "C3"))
    sc.expect_violation("p1", "use vulnerary-1 sword-hero", R + "shop.in-hand")


def test_a_retired_unit_takes_its_attachment_to_the_discards_and_counts_as_no_loss():
    # Retire: the card and the attachment beneath it are discarded; nobody scores; our reading:
    # a unit defeated later in the same turn is the owner's first loss (1 DV, not 2).
    sc = board(("p1", "axe-fighter", "C4", {"attachment": "dragon-shield-1"}),
               ("p1", "healer", "A2"), ("p2", "sword-lord", "A3"), coins=3)
    sc.play("p1", "retire axe-fighter")
    assert "dragon-shield-1" in sc.state.shop_discards and sc.state.player("p2").vp == 0
    assert sc.state.player("p1").losses == 0
    # Healer (gray, DEF 1, 5 HP) attacks Sword Lord (ATK 6): 2-3 = 0; counter 6-1 = 5: defeated.
    facts = sc.play("p1", "attack healer sword-lord")
    gained, = of(facts, ev.DragonVeinGained)
    assert (gained.seat, gained.dv, gained.rule) == ("p1", 1, R + "death.dv")


# ---- a fact means what it says ----------------------------------------------------------------
def test_a_fact_drawing_other_cards_than_those_on_top_is_refused():
    # Issue #22: a fact naming the cards it draws takes those cards or is refused, never
    # whatever lies on top of the deck.
    sc = started()
    top = sc.state.deck.cards[0]
    other = sc.state.deck.cards[1]
    assert game.evolve(sc.state, ev.CardsDrawn(rule=R + "deploy.draw", seat="p1", cards=(top,))).deck.cards[0] == other
    for fact in (ev.CardsDrawn(rule=R + "deploy.draw", seat="p1", cards=(other,)),
                 ev.ShopCardDealt(rule=R + "shop.refill", slot=1, card="vulnerary-3", cost=1),
                 ev.CastleCaptured(rule=R + "capture.vp", unit="thief", seat="p1", square="B3", vp=8)):
        with pytest.raises(ValueError, match="top"):
            game.evolve(sc.state, fact)
