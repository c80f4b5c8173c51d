"""Rule tests for `roundtable` Boss Mode (rulebook section VIII), stand-in bosses
from fixtures/roundtable/bosses.toml.

Grima's corners as printed: NW red, NE green, SE blue, SW gray; the tile starts
with its NW corner on C3, so it covers C3 (NW), D3 (NE), D4 (SE) and C4 (SW).
Loaded dice keep every shuffle in id order: the first current boss card is
Expiration (ATK 7 SPD 3 DEF 2, RNG 1-2; die 1-3 -> C2, 4-6 -> C4; 1 damage to
every player unit).  Unit skills are blanked unless a test is about them.
"""

from __future__ import annotations

import random

from engine.core.context import SYSTEM
from engine.core.events import evolved
from engine.core.game import find_game, register
from engine.core.store import open_store
from engine.games.roundtable import events as ev
from engine.games.roundtable.board import boss_squares
from engine.games.roundtable.state import Unit
from engine.kit.deck import Deck
from engine.kit.testing import LoadedDice, Scenario

register("roundtable", "engine.games.roundtable")
game = find_game("roundtable")
R = "roundtable."
NO_SKILL = {"name": "(none)", "type": "passive", "effect": {"do": "stat", "atk": 0, "when": "always"}}


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def boss_game(*units, players=2, boss="grima", card=None, dv=0, skills=False, summons=False,
              **state) -> Scenario:
    """p1's first turn of a Boss Mode game with `units` (seat, card, square, fields) placed.
    Unless `summons`, the boss's summon effects are blanked (they roll dice of their own)."""
    opts = game.options(players, {"mode": "boss", "boss": boss})
    sc = Scenario.from_events(game, game.setup(opts, LoadedDice()))
    for seat in game.seats(opts):
        sc.play(seat, "mulligan")
    placed = {}
    for seat, name, square, *extra in units:
        fields = dict(extra[0]) if extra else {}
        placed[name] = Unit(card=name, owner=seat, slot=fields.pop("slot", "1"), square=square,
                            exhausted=fields.pop("exhausted", False), **fields)
    cards = sc.state.cards if skills else {
        c: {**info, "skill": NO_SKILL} for c, info in sc.state.cards.items()}
    players_ = {s: evolved(p, dv=dv) for s, p in sc.state.players.items()}
    board = sc.state.boss if summons else without_summons(sc.state.boss)
    sc._state = evolved(sc.state, units=placed, cards=cards, players=players_, boss=board,
                        boss_card=card or sc.state.boss_card, **state)
    return sc


def without_summons(board: dict) -> dict:
    def blank(effect):
        return {"do": "none"} if effect["do"] == "summon" else effect

    return board | {"start": [e for e in board["start"] if e["do"] != "summon"],
                    "cards": {c: info | {"effect": blank(info["effect"])}
                              for c, info in board["cards"].items()}}


def boss_turn(sc: Scenario, seat: str = "p1") -> None:
    """End `seat`'s turn: the boss's turn is due (its steps are played by the tests)."""
    sc.play(seat, "end")
    assert game.to_act(sc.state) == (SYSTEM,)


# ---- Setup / Boss Mode Basics ----------------------------------------------------------------------
def test_setup_places_the_boss_in_the_middle_with_its_deck_and_lives_by_player_count():
    sc = boss_game()
    assert sc.state.boss_square == "C3" and sc.state.boss_card == "grima-expiration"
    assert sc.state.lives == 1 and boss_game(players=3).state.lives == 2
    assert sc.state.player("p1").coins == 0 and sc.state.shop == (None, None, None)
    assert game.view(sc.state, "p2")["boss"]["corners"]["NE"] == {"square": "D3", "colour": "green"}
    shuffled = of(sc.events, ev.BossDeckShuffled)[0]
    assert game.redact(shuffled, "p1")["order"] == {"hidden": 4}


def test_turn_order_with_two_players_p1_boss_p2_boss():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("roundtable", seed=1, players=2, options={"mode": "boss"})
    for seat in ("p1", "p2"):
        store.issue(gid, seat, "mulligan")
    seen = []
    for _ in range(4):
        state = store.live(gid).session.state
        seen.append(state.active)
        store.issue(gid, state.active, "end")   # the boss's turn runs by itself in between
        seen.append(f"boss turns {store.live(gid).session.state.boss_turns}")
    assert seen == ["p1", "boss turns 1", "p2", "boss turns 2", "p1", "boss turns 3",
                    "p2", "boss turns 4"]


def test_turn_order_with_four_players_the_boss_after_every_two():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("roundtable", seed=1, players=4)
    for seat in ("p1", "p2", "p3", "p4"):
        store.issue(gid, seat, "mulligan")
    seen = []
    for _ in range(6):
        state = store.live(gid).session.state
        seen.append((state.active, state.boss_turns))
        store.issue(gid, state.active, "end")
    assert seen == [("p1", 0), ("p2", 0), ("p3", 1), ("p4", 1), ("p1", 2), ("p2", 2)]


# ---- On Player Turns -----------------------------------------------------------------------------------
def test_a_player_turn_starts_with_one_dv():
    sc = boss_game()
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))   # start and roll: to C2, nobody there
    sc.play(SYSTEM, "boss")                          # the card
    facts = sc.play(SYSTEM, "boss")                  # the rotation, then p2's turn
    assert kinds(facts)[-3:] == ["TurnStarted", "DragonVeinGained", "UnitsReadied"]
    assert facts[-2].rule == R + "boss.start-dv" and sc.state.player("p2").dv == 1


def test_deploying_two_slots_never_two_units_of_a_colour():
    sc = boss_game(("p1", "axe-fighter", "B6"))
    sc._state = evolved(sc.state, players={**sc.state.players, "p1": evolved(
        sc.state.player("p1"), hand=("axe-general", "archer"))})
    sc.expect_violation("p1", "deploy axe-general 2 C6", R + "boss.deploy-colour")
    sc.expect_violation("p1", "deploy archer red C6", R + "deploy.slots")
    sc.play("p1", "deploy archer 2 C6")


def test_one_free_discard_per_turn():
    sc = boss_game()
    hand = sc.state.player("p1").hand
    sc.play("p1", f"discard {hand[0]}")
    sc.expect_violation("p1", f"discard {hand[1]}", R + "boss.discard-once")


def test_no_capture_retire_shop_tile_or_bump_in_boss_mode():
    sc = boss_game(("p1", "axe-fighter", "B6"), dv=3)
    sc.expect_violation("p1", "capture axe-fighter", R + "boss.no-capture")
    sc.expect_violation("p1", "retire axe-fighter", R + "boss.no-capture")
    sc.expect_violation("p1", "buy 1", R + "boss.no-shop")
    sc.expect_violation("p1", "vein-tile B3 ruins", R + "boss.dv-uses")
    sc.expect_violation("p1", "bump axe-fighter B5", R + "boss.dv-uses")


def test_work_gains_a_dv():
    sc = boss_game(("p1", "axe-fighter", "B5"))
    assert sc.play("p1", "work axe-fighter")[1].rule == R + "boss.work"
    assert sc.state.player("p1").dv == 1


def test_dv_moves_a_unit_up_to_two_squares_in_a_straight_line():
    sc = boss_game(("p1", "axe-fighter", "B6"), ("p2", "thief", "E5"), dv=1)
    sc.expect_violation("p1", "vein-move axe-fighter C5", R + "boss.dv-move")   # diagonal
    sc.expect_violation("p1", "vein-move axe-fighter B3", R + "boss.dv-move")   # 3 squares
    facts = sc.play("p1", "vein-move axe-fighter B4")
    assert kinds(facts) == ["DragonVeinSpent", "UnitMoved"] and not sc.state.units["axe-fighter"].exhausted
    sc.expect_violation("p1", "vein-move axe-fighter B3", R + "dv.not-enough")


def test_dv_move_passes_an_ally_but_not_a_minion_and_never_ends_on_a_unit():
    # The 1-DV move follows the movement rules: p2's Thief on B4 is an ally to pass; a Risen
    # (an enemy unit) blocks; a unit is never left on another's square.
    sc = boss_game(("p1", "axe-fighter", "B5"), ("p2", "thief", "B4"), dv=3)
    sc.expect_violation("p1", "vein-move axe-fighter B4", R + "boss.dv-move")
    sc.play("p1", "vein-move axe-fighter B3")
    assert sc.state.units["axe-fighter"].square == "B3"
    with_summons(sc, ("risen-1", "B4"))
    sc.expect_violation("p1", "vein-move axe-fighter B5", R + "boss.dv-move")


def test_dv_removes_your_own_unit_for_two():
    sc = boss_game(("p1", "axe-fighter", "B6"), ("p2", "thief", "E5"), dv=2)
    sc.expect_violation("p1", "vein-remove thief", R + "activate.own")
    assert kinds(sc.play("p1", "vein-remove axe-fighter")) == ["DragonVeinSpent", "UnitRemoved"]
    assert "axe-fighter" not in sc.state.units and "axe-fighter" in sc.state.discards


def test_units_cannot_enter_the_boss_tile():
    sc = boss_game(("p1", "axe-fighter", "B3"))
    sc.expect_violation("p1", "move axe-fighter C3", R + "boss.tile")


def test_other_players_units_are_allies_to_pass_and_their_zones_are_open():
    # "Ally units" include every player's units: p1's Axe Fighter (MOV 2) passes p2's Lance
    # Knight on B4 to reach B3, and may step into p2's deployment zone (B1), which in 1 vs 1
    # would be closed to an enemy.  It still cannot stop on the ally's square.
    sc = boss_game(("p1", "axe-fighter", "B5"), ("p2", "lance-knight", "B4"))
    sc.expect_violation("p1", "move axe-fighter B4", R + "move.no-end-on-unit")
    sc.play("p1", "move axe-fighter B3")
    assert sc.state.units["axe-fighter"].square == "B3"
    sc = boss_game(("p1", "axe-fighter", "B2"))
    sc.play("p1", "move axe-fighter B1")
    assert sc.state.units["axe-fighter"].square == "B1"


def test_an_ally_next_to_it_may_be_another_player_s_unit():
    # Axe Fighter's Fellowship (+1 ATK with an ally next to it) counts p2's Lance Knight.
    # 5 +1 Fellowship +1 (green beats blue) - 2 = 5 on the blue bar (6 -> 1); the counter:
    # 7 -1 (blue loses to green) - 2 = 4 (8 -> 4 HP); equal SPD 3: no follow-up.
    sc = boss_game(("p1", "axe-fighter", "E4"), ("p2", "lance-knight", "E5"), skills=True)
    facts = sc.play("p1", "attack axe-fighter blue")
    hit, = of(facts, ev.BossStruck)
    assert (hit.atk, hit.damage, hit.hp) == (7, 5, 1) and "Fellowship +1 ATK" in hit.modifiers
    counter, = of(facts, ev.Struck)
    assert (counter.atk, counter.damage, counter.hp) == (6, 4, 4)


# ---- Attacking Bosses ------------------------------------------------------------------------------------
def test_attacking_a_corner_its_colour_for_the_triangle_and_the_card_s_counter():
    # Axe Fighter (green ATK 5 SPD 3 DEF 2) on E4 attacks the blue SE corner (D4).
    # 5+1 (green beats blue) - 2 (card DEF) = 4 -> blue bar 2.  Counter at range 1 (card 1-2):
    # 7-1 (blue loses to green) - 2 = 4 -> 4 HP.  Equal speed (3): no follow-up.
    sc = boss_game(("p1", "axe-fighter", "E4"))
    facts = sc.play("p1", "attack axe-fighter blue")
    hit, = of(facts, ev.BossStruck)
    assert (hit.colour, hit.atk, hit.defence, hit.damage, hit.hp) == ("blue", 6, 2, 4, 2)
    counter, = of(facts, ev.Struck)
    assert (counter.unit, counter.atk, counter.damage, counter.hp) == ("boss", 6, 4, 4)
    assert of(facts, ev.BlowSkipped)[0].rule == R + "combat.follow-up-equal"


def test_a_corner_out_of_range_cannot_be_attacked():
    sc = boss_game(("p1", "axe-fighter", "E4"))
    sc.expect_violation("p1", "attack axe-fighter green", R + "boss.corner-range")  # D3: 2 away
    sc.expect_violation("p1", "attack axe-fighter purple", R + "boss.corner")


def test_no_counter_out_of_the_card_s_range():
    # Wings (RNG 1): the Archer attacks the SE corner from 2 squares away.
    sc = boss_game(("p1", "archer", "F4"), card="grima-wings")
    facts = sc.play("p1", "attack archer blue")
    assert of(facts, ev.BlowSkipped)[0].rule == R + "boss.no-counter"


def test_a_faster_unit_follows_up_even_when_the_boss_could_not_counter():
    # Dragon Scales (DEF 4, SPD 2, RNG 1): the Archer (gray ATK 5 SPD 3, RNG 2) from F4 hits
    # the blue SE corner 2 away for 5-4 = 1; no counter; being faster, it strikes again.
    sc = boss_game(("p1", "archer", "F4"), card="grima-scales")
    facts = sc.play("p1", "attack archer blue")
    assert [(h.blow, h.damage, h.hp) for h in of(facts, ev.BossStruck)] == [
        ("attack", 1, 5), ("follow-up", 1, 4)]


def test_emptying_every_bar_costs_a_life_clears_the_damage_and_stops_the_counter():
    sc = boss_game(("p1", "axe-fighter", "E4"), lives=2,
                   boss_damage={"red": 6, "green": 6, "blue": 3, "gray": 5})
    facts = sc.play("p1", "attack axe-fighter blue")
    assert kinds(facts)[2:5] == ["BossStruck", "BossLifeLost", "BlowSkipped"]
    assert sc.state.lives == 1 and set(sc.state.boss_damage.values()) == {0}
    assert of(facts, ev.Struck) == []


def test_the_last_life_is_the_players_victory():
    sc = boss_game(("p1", "axe-fighter", "E4"), boss_damage={"red": 6, "green": 6, "blue": 3, "gray": 5})
    sc.play("p1", "attack axe-fighter blue")
    assert game.outcome(sc.state) == "the players defeat Grima" and game.to_act(sc.state) == ()


def test_special_damage_targets_one_bar_and_non_lethal_keeps_its_last_point():
    # Red Mage's Bolganone: 4 non-lethal damage within 2; from C1 the NW corner (C3) is 2 away.
    sc = boss_game(("p1", "red-mage", "C1", {"special": True}), skills=True,
                   boss_damage={"red": 3, "green": 0, "blue": 0, "gray": 0})
    hit, = of(sc.play("p1", "special red-mage red"), ev.BossStruck)
    assert (hit.damage, hit.hp) == (2, 1)


def test_coin_effects_give_a_single_dv():
    sc = boss_game(("p1", "thief", "B5", {"special": True}), skills=True)   # Steal: 2 coins
    gained = of(sc.play("p1", "special thief"), ev.DragonVeinGained)
    assert [(g.dv, g.rule) for g in gained] == [(1, R + "boss.coins-as-dv")]


# ---- On Boss Turns -------------------------------------------------------------------------------------
def test_boss_turn_roll_moves_the_tile_to_the_card_s_target():
    sc = boss_game(("p1", "axe-fighter", "A6"))
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([5]))
    assert kinds(facts) == ["BossRolled", "BossMoved"]
    assert (facts[0].value, facts[0].target, facts[1].to) == (5, "C4", "C4")
    assert boss_squares(sc.state)["SE"] == "D5"


def test_boss_turn_units_in_the_way_are_attacked_and_the_players_choose_the_range():
    # Roll 2 -> C2: the tile would cover C2, D2, C3, D3.  The Axe Fighter on D2 blocks it.
    sc = boss_game(("p1", "axe-fighter", "D2"))
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([2]))
    assert kinds(facts) == ["BossRolled", "BossAttacksQueued"] and sc.state.boss_square == "C3"
    # Red beats green: the red corner attacks; the card's range is 1-2, so the players choose.
    assert game.to_act(sc.state) == ("p1",) and game.system_command(sc.state, None) is None
    prompt, = game.prompts(sc.state)
    assert set(prompt.choices) == {"order axe-fighter red 1", "order axe-fighter red 2"}
    facts = sc.play("p1", "order axe-fighter red 2")
    # 7+1-2 = 6 -> 2 HP left; at range 2 the Axe Fighter (RNG 1) cannot counter.
    hit = of(facts, ev.Struck)[0]
    assert (hit.atk, hit.damage, hit.hp) == (8, 6, 2)
    assert of(facts, ev.BlowSkipped)[0].rule == R + "combat.counter-range"
    assert game.to_act(sc.state) == (SYSTEM,)


def test_the_boss_news_tells_every_seat_what_its_latest_turn_did():
    # Issue #21: the boss's turn is system steps; the players read what it did on their pages.
    sc = boss_game(("p1", "axe-fighter", "D2"))
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([2]))
    assert game.view(sc.state, "p2")["boss"]["news"] == [
        "the boss rolls 2: target C2", "units in the way: the boss attacks axe-fighter"]
    sc.play("p1", "order axe-fighter red 2")
    sc.play(SYSTEM, "boss")
    sc.play(SYSTEM, "boss")  # the rotation, then p2's turn: the news stays until the next boss turn
    news = game.view(sc.state, "p2")["boss"]["news"]
    assert game.view(sc.state, "p1")["boss"]["news"] == news and sc.state.active == "p2"
    assert "the boss attacks axe-fighter with its red corner at range 2" in news
    assert news[-1].startswith("the boss turns clockwise")
    assert not any("current boss card" in line for line in news)  # the next card: on the boss's board
    sc.play("p2", "end")
    assert game.view(sc.state, "p1")["boss"]["news"] == []  # a new boss turn starts its news anew


def test_the_players_choose_the_order_and_the_boss_acts_alone_without_a_choice():
    # Wings (RNG 1, die 1-2 -> A1): units on A1 and B2 are both attacked.
    sc = boss_game(("p1", "axe-fighter", "A1"), ("p2", "sword-hero", "B2"), card="grima-wings")
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    assert set(game.prompts(sc.state)[0].choices) == {"order axe-fighter red 1",
                                                     "order sword-hero blue 1"}
    sc.expect_violation(SYSTEM, "order axe-fighter red 1", "core.prompt")
    sc.play("p1", "order sword-hero blue 1")
    assert game.system_command(sc.state, None).notation() == "order axe-fighter red 1"
    sc.play(SYSTEM, "order axe-fighter red 1")
    assert sc.state.boss_step == "card"


def test_the_advantaged_corner_when_its_bar_is_empty_the_players_choose():
    sc = boss_game(("p1", "axe-fighter", "D2"), card="grima-wings",
                   boss_damage={"red": 6, "green": 0, "blue": 0, "gray": 0})
    boss_turn(sc)
    sc._state = evolved(sc.state, boss=sc.state.boss | {"cards": sc.state.boss["cards"] | {
        "grima-wings": sc.state.boss["cards"]["grima-wings"] | {"move": ["C2"] * 6}}})
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    assert set(game.prompts(sc.state)[0].choices) == {
        "order axe-fighter blue 1", "order axe-fighter gray 1", "order axe-fighter green 1"}


def test_a_unit_defeated_by_the_boss_gives_its_owner_one_dv_unless_legendary():
    sc = boss_game(("p1", "axe-fighter", "D2", {"damage": 6}), card="grima-wings")
    boss_turn(sc)
    sc._state = evolved(sc.state, boss=sc.state.boss | {"cards": sc.state.boss["cards"] | {
        "grima-wings": sc.state.boss["cards"]["grima-wings"] | {"move": ["C2"] * 6}}})
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "order axe-fighter red 1")
    assert kinds(facts)[2:4] == ["UnitDefeated", "DragonVeinGained"]
    assert facts[3].rule == R + "boss.death-dv"
    sc = boss_game(("p1", "axe-king", "D2", {"damage": 9}), card="grima-wings")
    boss_turn(sc)
    sc._state = evolved(sc.state, boss=sc.state.boss | {"cards": sc.state.boss["cards"] | {
        "grima-wings": sc.state.boss["cards"]["grima-wings"] | {"move": ["C2"] * 6}}})
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "order axe-king red 1")   # red vs green (advantaged) -> no choice
    assert "DragonVeinGained" not in kinds(facts)


def test_flipping_the_card_executes_it_and_the_next_becomes_current():
    sc = boss_game(("p1", "axe-fighter", "A6"))
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "boss")  # one unit hit: nothing for the players to order
    assert kinds(facts) == ["BossCardFlipped", "DamageDealt", "BossCardDrawn"]
    assert facts[-1].card == "grima-gaze" and sc.state.boss_discards == ("grima-expiration",)


def test_step_3_players_choose_the_order_a_card_effect_hits_several_units():
    # Expiration deals 1 to every player unit: with two units hit the players (p1, whose turn
    # came before the boss's) name the order; the next card only comes after the last unit.
    sc = boss_game(("p1", "axe-fighter", "A6"), ("p2", "sword-hero", "F1", {"damage": 4}))
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "boss")
    assert kinds(facts) == ["BossCardFlipped", "BossEffectQueued"]
    assert facts[-1].rule == R + "boss.card-order"
    assert game.to_act(sc.state) == ("p1",) and game.system_command(sc.state, None) is None
    assert [c.notation() for c in game.legal_commands(sc.state, "p1")] == [
        "hit axe-fighter",
        "hit sword-hero",
    ]
    (prompt,) = game.prompts(sc.state)
    assert prompt.seat == "p1" and prompt.rule == R + "boss.card-order"
    shown = game.view(sc.state, "p2")["boss"]
    assert shown["resolving"] == "Expiration" and shown["queue"] == ["axe-fighter", "sword-hero"]
    sc.expect_violation("p2", "hit sword-hero", "core.turn")
    facts = sc.play("p1", "hit sword-hero")
    assert kinds(facts) == ["BossEffectOrdered", "DamageDealt"]
    assert facts[1].target == "sword-hero" and facts[1].hp == sc.state.cards["sword-hero"]["hp"] - 5
    # One unit left: the boss takes it by itself, then the next card becomes current.
    assert game.to_act(sc.state) == (SYSTEM,)
    assert game.system_command(sc.state, None).notation() == "hit axe-fighter"
    facts = sc.play(SYSTEM, "hit axe-fighter")
    assert kinds(facts) == ["BossEffectOrdered", "DamageDealt", "BossCardDrawn"]
    assert facts[-1].card == "grima-gaze" and sc.state.boss_step == "rotate"


def test_step_3_a_unit_not_waiting_for_the_effect_cannot_be_named():
    sc = boss_game(("p1", "axe-fighter", "A6"), ("p2", "sword-hero", "F1"))
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    sc.play(SYSTEM, "boss")
    sc.play("p1", "hit axe-fighter")
    sc.expect_violation(SYSTEM, "hit axe-fighter", R + "boss.card-order")


def test_an_empty_boss_deck_is_rebuilt_from_the_discards():
    sc = boss_game(boss_deck=Deck((), discards=("grima-wings", "grima-scales", "grima-gaze")))
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "boss")
    assert kinds(facts)[-2:] == ["BossDeckReshuffled", "BossCardDrawn"]
    assert len(facts[-2].order) == 4


def test_the_boss_rotates_clockwise_every_turn_changing_the_reachable_corner():
    # The Axe Fighter on E3 touches the NE corner (D3): green before, red after a quarter turn.
    sc = boss_game(("p1", "axe-fighter", "E3"))
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))   # C2 is free: the tile moves...
    sc._state = evolved(sc.state, boss_square="C3")  # ...and is put back for this test
    sc.play(SYSTEM, "boss")
    facts = sc.play(SYSTEM, "boss")
    turned = of(facts, ev.BossRotated)[0]
    assert turned.corners == {"NW": "gray", "NE": "red", "SE": "green", "SW": "blue"}
    assert game.view(sc.state, "p1")["boss"]["corners"]["NE"] == {"square": "D3", "colour": "red"}
    # A second quarter turn at the end of the next boss turn: NE shows gray.
    sc.play("p2", "end")
    sc.play(SYSTEM, "boss", dice=LoadedDice([2]))   # Gaze: 2 -> C3, where it stands
    sc.play(SYSTEM, "boss")
    turned = of(sc.play(SYSTEM, "boss"), ev.BossRotated)[0]
    assert turned.rotation == 2 and turned.corners["NE"] == "gray"


def test_rotation_decides_which_corner_a_unit_reaches():
    sc = boss_game(("p1", "axe-fighter", "E3"))
    sc.expect_violation("p1", "attack axe-fighter red", R + "boss.corner-range")
    sc._state = evolved(sc.state, rotation=1)
    sc.expect_violation("p1", "attack axe-fighter green", R + "boss.corner-range")
    assert of(sc.play("p1", "attack axe-fighter red"), ev.BossStruck)[0].colour == "red"


def test_the_players_lose_when_the_boss_completes_its_plan():
    sc = boss_game(boss_turns=11)
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    sc.play(SYSTEM, "boss")
    facts = sc.play(SYSTEM, "boss")
    assert facts[-1].rule == R + "boss.lose"
    assert game.outcome(sc.state) == "Grima completes its plan: the players lose"


# ---- random play through the store: replay and verify -------------------------------------------------
def test_random_boss_games_replay_and_verify():
    from engine.core.interchange import verify

    for players in (2, 3, 4):
        store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
        gid = store.create("roundtable", seed=players, players=players,
                           options={"mode": "boss", "boss": "medeus" if players == 3 else "grima"})
        rng = random.Random(players)
        for _ in range(250):
            state = store.live(gid).session.state
            if game.outcome(state) is not None:
                break
            seat = next(s for s in game.to_act(state) if s != SYSTEM)
            legal = game.legal_commands(state, seat)
            moves = [c for c in legal if c.verb != "end"]
            store.issue(gid, seat, rng.choice(moves if moves and rng.random() > 0.25 else legal).notation())
        live = store.live(gid)
        assert store.load(gid).session == live.session
        assert verify(live.header, store.rows(gid)[1:]) is None
        state = live.session.state
        for seat in (*game.seats(game.options(players, {"mode": "boss"})), "", None):
            shown = game.view(state, seat)
            assert game.view(game.scramble_hidden(state, seat, random.Random(2)), seat) == shown


def test_a_reaction_special_answers_the_boss_s_attack():
    # Fire Dragon (red, DEF 2, HP 8) with Dragonskin (+3 DEF when attacked) on D2; Wings (ATK 6,
    # RNG 1) attacks it with the blue corner: 6+1 - (2+3) = 2.
    sc = boss_game(("p2", "fire-dragon", "D2", {"special": True}), card="grima-wings", skills=True)
    boss_turn(sc)
    sc._state = evolved(sc.state, boss=sc.state.boss | {"cards": sc.state.boss["cards"] | {
        "grima-wings": sc.state.boss["cards"]["grima-wings"] | {"move": ["C2"] * 6}}})
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "order fire-dragon blue 1")
    assert kinds(facts) == ["BossAttackChosen", "AttackDeclared"]
    assert game.to_act(sc.state) == ("p2",) and game.system_command(sc.state, None) is None
    assert set(game.prompts(sc.state)[0].choices) == {"pass", "react fire-dragon"}
    sc.play("p2", "react fire-dragon")
    facts = sc.play("p2", "pass")
    hit = of(facts, ev.Struck)[0]
    assert (hit.atk, hit.defence, hit.damage) == (7, 5, 2) and "Dragonskin +3 DEF" in hit.modifiers
    assert game.to_act(sc.state) == (SYSTEM,) and sc.state.boss_step == "card"


# ---- Step 1: summons, minions and tokens ---------------------------------------------------------
from engine.games.roundtable.state import Summon  # noqa: E402
from engine.games.roundtable.summons import square_of  # noqa: E402


def with_summons(sc: Scenario, *pieces) -> None:
    """Put summons (id, square, fields) on the map."""
    placed = dict(sc.state.summons)
    for summon_id, square, *extra in pieces:
        what = summon_id.rsplit("-", 1)[0]
        placed[summon_id] = Summon(id=summon_id, type=what, kind=sc.state.boss["summons"][what]["kind"],
                                   square=square, **(extra[0] if extra else {}))
    sc._state = evolved(sc.state, summons=placed)


def test_summon_dice_count_columns_from_the_left_and_rows_up_from_the_bottom():
    assert square_of(2, 3) == "B4"          # the rulebook's example: 2 right, 3 up
    assert (square_of(1, 1), square_of(6, 6)) == ("A6", "F1")


def test_grima_summons_a_risen_at_the_start_of_its_turn():
    sc = boss_game(summons=True)
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([1, 1, 1]))   # X 1, Y 1; then the move roll
    assert kinds(facts) == ["SummonRolled", "SummonPlaced", "BossRolled", "BossMoved"]
    assert (facts[0].square, facts[0].rule) == ("A6", R + "boss.summon")
    assert (facts[1].summon, facts[1].kind, facts[1].square) == ("risen-1", "minion", "A6")
    shown = game.view(sc.state, "p1")["boss"]["summons"]["risen-1"]
    assert (shown["square"], shown["hp"], shown["colour"]) == ("A6", 4, "gray")


def test_reference_card_nearest_a_unit_on_the_square_is_hurt_and_the_piece_goes_nearby():
    # (2, 3) is B4, where the Axe Fighter stands: it takes 1; the nearest free squares are
    # B3, A4, B5 (C4 is the boss): the top-most, B3.
    sc = boss_game(("p1", "axe-fighter", "B4"), summons=True)
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([2, 3, 1]))
    hurt, = of(facts, ev.DamageDealt)
    assert (hurt.target, hurt.damage, hurt.rule) == ("axe-fighter", 1, R + "boss.reference")
    placed, = of(facts, ev.SummonPlaced)
    assert (placed.square, placed.rule) == ("B3", R + "boss.reference")


def test_reference_card_nearest_when_the_boss_tile_is_rolled():
    # (3, 3) is C4, the boss's SW corner: the nearest free squares are B4 and C5; B4 is higher.
    sc = boss_game(summons=True)
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([3, 3, 1]))
    assert of(facts, ev.SummonPlaced)[0].square == "B4" and of(facts, ev.DamageDealt) == []


def test_reference_card_reroll_deployment_squares_are_taken_and_then_nothing():
    # Medeus rolls again, twice at most.  (2, 1) is B6, in p1's deployment zone.
    sc = boss_game(boss="medeus", summons=True)
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([2, 1, 2, 1, 1, 1, 1]))
    rolls = of(facts, ev.SummonRolled)
    assert [r.square for r in rolls] == ["B6", "B6", "A6"]
    assert [r.rule for r in rolls] == [R + "boss.summon", R + "boss.reference", R + "boss.reference"]
    placed, = of(facts, ev.SummonPlaced)
    assert (placed.summon, placed.kind, placed.square) == ("dark-spike-1", "token", "A6")
    sc = boss_game(boss="medeus", summons=True)
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([2, 1, 3, 1, 4, 1, 1]))
    lost, = of(facts, ev.SummonLost)
    assert lost.rule == R + "boss.reference" and of(facts, ev.SummonPlaced) == []


def test_no_summon_when_the_supply_is_used_up():
    sc = boss_game(summons=True)
    with_summons(sc, ("risen-1", "A1"), ("risen-2", "A2"), ("risen-3", "F6"))
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([1]))   # only the movement die
    assert kinds(facts)[0] == "SummonLost" and facts[0].rule == R + "boss.summon-supply"


def test_a_defeated_minion_s_piece_can_be_summoned_again():
    sc = boss_game(summons=True)
    with_summons(sc, ("risen-1", "A1"), ("risen-3", "F6"))
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([1, 1, 1]))
    assert of(facts, ev.SummonPlaced)[0].summon == "risen-2"


def test_a_flipped_card_can_summon_a_token():
    sc = boss_game(card="grima-gaze", summons=True, boss_deck=Deck(("grima-scales",)))
    sc._state = evolved(sc.state, boss=sc.state.boss | {"start": []})
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([2]))      # Gaze: 2 -> C3, where it stands
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([6, 6]))
    assert kinds(facts)[:3] == ["BossCardFlipped", "SummonRolled", "SummonPlaced"]
    assert (facts[2].summon, facts[2].kind, facts[2].square) == ("miasma-1", "token", "F1")


def test_summons_block_moves_and_deploys():
    sc = boss_game(("p1", "axe-fighter", "A5"), summons=True)
    with_summons(sc, ("miasma-1", "A4"), ("risen-1", "C6"))
    sc.expect_violation("p1", "move axe-fighter A4", R + "boss.summon-square")
    sc.expect_violation("p1", "move axe-fighter A3", R + "move.blocked")     # not through it
    sc.expect_violation("p1", f"deploy {sc.state.player('p1').hand[0]} 2 C6", R + "deploy.zone")


def test_the_boss_moving_onto_its_summons_sends_them_back_to_the_supply():
    sc = boss_game(summons=False)
    with_summons(sc, ("risen-1", "C2"), ("miasma-1", "A1"))
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([1]))   # Expiration: 1 -> C2
    assert kinds(facts) == ["BossRolled", "SummonsCleared", "BossMoved"]
    assert facts[1].summons == ("risen-1",) and set(sc.state.summons) == {"miasma-1"}


def test_attacking_a_minion_the_combat_steps_with_its_printed_stats():
    # Healer (gray ATK 2 SPD 3 DEF 1, HP 5) next to a Risen (gray ATK 4 SPD 2 DEF 1, HP 4):
    # 2-1 = 1 -> 3; counter 4-1 = 3 -> 2 HP; the Healer is faster: 1 more -> 2.
    sc = boss_game(("p1", "healer", "A2"), summons=True)
    with_summons(sc, ("risen-1", "A3"))
    facts = sc.play("p1", "attack healer risen-1")
    assert [(h.unit, h.blow, h.damage, h.hp) for h in of(facts, ev.Struck)] == [
        ("healer", "attack", 1, 3), ("risen-1", "counter", 3, 2), ("healer", "follow-up", 1, 2)]
    assert facts[1].rule == R + "boss.minion-attack" and sc.state.summons["risen-1"].damage == 2


def test_a_minion_at_0_hp_is_defeated_without_a_counter_nor_any_reward():
    sc = boss_game(("p1", "axe-fighter", "A2"), summons=True)
    with_summons(sc, ("risen-1", "A3"))
    facts = sc.play("p1", "attack axe-fighter risen-1")
    assert kinds(facts)[2:5] == ["Struck", "MinionDefeated", "BlowSkipped"]
    assert "risen-1" not in sc.state.summons and sc.state.player("p1").dv == 0


def test_effects_on_enemies_target_minions_but_never_tokens():
    # Red Mage's Bolganone: 4 non-lethal damage within 2.
    sc = boss_game(("p1", "red-mage", "A1", {"special": True}), ("p1", "healer", "F2"), skills=True,
                   summons=True)
    with_summons(sc, ("risen-1", "A3"), ("miasma-1", "B1"))
    sc.expect_violation("p1", "special red-mage miasma-1", R + "boss.enemy-tokens")
    sc.expect_violation("p1", "attack healer miasma-1", R + "boss.enemy-tokens")
    hit, = of(sc.play("p1", "special red-mage risen-1"), ev.DamageDealt)
    assert (hit.target, hit.damage, hit.hp) == ("risen-1", 3, 1)


def test_the_board_picture_shows_minions_and_tokens():
    import xml.dom.minidom

    import jinja2

    from viewer import boards, pictures

    env = jinja2.Environment(loader=jinja2.FileSystemLoader("viewer/templates"), autoescape=True)
    boards.register(env)
    pictures.register(env)
    sc = boss_game(("p1", "axe-fighter", "B5"), summons=True)
    with_summons(sc, ("risen-1", "A3", {"damage": 1}), ("miasma-1", "F2"))
    shown = game.view(sc.state, "p2")["boss"]
    assert shown["summons"]["risen-1"]["hp"] == 3 and shown["summons"]["miasma-1"]["kind"] == "token"
    assert shown["reference"].startswith("Occupied") and shown["action"]["do"] == "delay"
    svg = env.get_template("boards/roundtable.html").render(board=game.view(sc.state, "p1"),
                                                           changed=["boss"], game=game)
    xml.dom.minidom.parseString(svg)
    assert 'id="summon-risen-1"' in svg and 'id="summon-miasma-1"' in svg


def test_dragon_scales_makes_every_minion_hurt_the_units_next_to_it():
    # Dragon Scales: each minion deals 2 to every player unit next to it; the Axe Fighter
    # between two Risen takes 2 twice; the Healer (1 HP left) falls; the token does nothing.
    sc = boss_game(("p1", "axe-fighter", "A2"), ("p2", "healer", "F5", {"damage": 4}),
                   card="grima-scales", summons=True, boss_deck=Deck(("grima-wings",)))
    with_summons(sc, ("risen-1", "A1"), ("risen-2", "A3"), ("miasma-1", "F6"), ("risen-3", "F4"))
    sc._state = evolved(sc.state, boss=sc.state.boss | {"start": []})
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))  # Scales: 1 -> D3
    facts = sc.play(SYSTEM, "boss")  # two units hit: the players' order
    assert of(facts, ev.BossEffectQueued)[0].units == ("axe-fighter", "healer")
    facts = sc.play("p1", "hit healer") + sc.play(SYSTEM, "hit axe-fighter")
    hits = [(d.unit, d.target, d.damage, d.hp) for d in of(facts, ev.DamageDealt)]
    assert hits == [
        ("risen-3", "healer", 1, 0),
        ("risen-1", "axe-fighter", 2, 6),
        ("risen-2", "axe-fighter", 2, 4),
    ]
    assert (
        "healer" not in sc.state.units
        and of(facts, ev.DamageDealt)[0].rule == R + "boss.card-effect"
    )
