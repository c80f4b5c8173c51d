"""Hand-worked cases for `brutality`, one rulebook section per test.

A third, independent audit: each case was worked out from the rulebook text
(`../shared/rulebooks/brutality.txt`) before running the engine, and the
comment above each test gives the section and the arithmetic.  Positions are
built with the helpers of `test_brutality` (positions read by the game's
`from_position`).  Board: eight columns A-H, six rows 1-6; north starts on row 1
and faces south (towards row 6).
"""

from __future__ import annotations

from test_brutality import (
    P,
    discarded,
    duel,
    end_turn,
    game,
    given,
    hero,
    hung,
    kinds,
    legal,
    position,
    rules_of,
    slam,
)

from engine.games.brutality import events as ev
from engine.kit.testing import LoadedDice, Scenario


def bleeding(s, hero_id, n):
    given(s, ev.BleedTaken(rule=P + "status.bleed", hero=hero_id, amount=n, bleed=n))


def wounded(s, hero_id, health):
    h = hero(s, hero_id)
    given(s, ev.DamageTaken(rule=P + "effect.damage", hero=hero_id, amount=h.health - health,
                            health=health))


# ---- Your Team's Turn (phase 3) and Action: Move -------------------------------------------
def test_your_teams_turn_move_and_an_ability_then_no_second_ability():
    # "Your Team's Turn", phase 3: a hero takes two actions, Move + an ability or two
    # abilities.  The assassin (3 spaces) steps C2->C3->C4, stabs the grave keeper on C5
    # (Twin Blades: 1 damage, 1 bleed), which is her second action: Throwing Knife is
    # refused for the action count, yet the third space of her Move is still hers
    # ("Action: Move": movement splits around an ability); a fourth space is not.
    s = duel()
    s.play("north", "move assassin C3")
    s.play("north", "move assassin C4")
    events = s.play("north", "use assassin twin-blades grave-keeper")
    assert rules_of(events) == ["ability.use", "effect.damage", "status.bleed"]
    assert hero(s, "grave-keeper").health == 9 and hero(s, "grave-keeper").bleed == 1
    s.expect_violation("north", "use assassin throwing-knife grave-keeper", rule=P + "actions.two")
    s.play("north", "move assassin D4")
    assert s.state.movement["assassin"] == 0
    s.expect_violation("north", "move assassin E4", rule=P + "move.spent")


def test_action_move_the_second_teams_first_turn_has_no_extra_space():
    # "Action: Move > Move further on the very first turn": the extra space is for the
    # team taking the game's first turn.  Turn 2 is the other team's first turn: by
    # default three spaces; with the option first_turn_bonus=both, four.
    s = duel(active="south", turn=2)
    events = s.play("south", "move grave-keeper C4")
    assert rules_of(events)[0] == "move.action" and events[0].spaces == 3
    s = duel(active="south", turn=2, first_turn_bonus="both")
    events = s.play("south", "move grave-keeper C4")
    assert rules_of(events)[0] == "move.first-turn" and events[0].spaces == 4
    s = duel(active="south", turn=4, first_turn_bonus="both")
    assert s.play("south", "move grave-keeper C4")[0].spaces == 3


def test_action_move_turning_around_spends_one_of_the_three_spaces():
    # "Action: Move > Facing matters": turning costs one space of the three, so after
    # turning to face north the assassin (C2) has two steps left: C3, C4, and no third
    # step nor a second turn.
    s = duel(heroes={"grave-keeper": ("south", "E5")})
    events = s.play("north", "turn assassin")
    assert rules_of(events) == ["move.action", "move.facing"]
    assert hero(s, "assassin").facing == "N" and s.state.movement["assassin"] == 2
    s.play("north", "move assassin C3")
    s.play("north", "move assassin C4")
    s.expect_violation("north", "move assassin C5", rule=P + "move.spent")
    s.expect_violation("north", "turn assassin", rule=P + "move.spent")


def test_action_move_a_four_arrow_hero_moves_straight_and_cannot_enter_a_hero():
    # "Action: Move": four arrows, no diagonal; no entering a space with another hero.
    s = duel(active="south", heroes={"grave-keeper": ("south", "C3")})
    s.expect_violation("south", "move grave-keeper D2", rule=P + "move.compass")
    s.expect_violation("south", "move grave-keeper C2", rule=P + "move.occupied")
    s.expect_violation("south", "move grave-keeper C5", rule=P + "move.step")


# ---- Status Effects > Hanging Noose -----------------------------------------------------------
def test_hanging_noose_removed_for_one_space_then_two_steps_and_no_damage_at_the_end():
    # "Hanging Noose": while hung the assassin cannot step away nor use an ability; one
    # space of her Move removes the noose, leaving two (3 - 1) to walk C2->C3->C4.  The
    # noose is off by the end of the turn: no noose damage (health stays 8).
    s = duel()
    hung(s, "assassin")
    s.expect_violation("north", "move assassin C3", rule=P + "status.noose.no-move")
    s.expect_violation("north", "use assassin throwing-knife grave-keeper",
                       rule=P + "status.noose.no-ability")
    events = s.play("north", "unhang assassin")
    assert rules_of(events) == ["move.action", "status.noose.remove"]
    assert s.state.movement["assassin"] == 2 and not hero(s, "assassin").hung
    s.play("north", "move assassin C3")
    s.play("north", "move assassin C4")
    s.expect_violation("north", "move assassin D4", rule=P + "move.spent")
    events = end_turn(s, "north", "end")
    assert "status.noose.end" not in rules_of(events)
    assert hero(s, "assassin").health == 8


def test_hanging_noose_hurts_at_the_end_of_the_hung_heros_own_turn_only():
    # "Hanging Noose > End of Turn Damage": 1 at the end of *your* turn.  The grave keeper
    # (south) is hung in north's turn: north's end costs him nothing, south's end 1.
    s = duel()
    hung(s, "grave-keeper")
    end_turn(s, "north", "end")
    assert hero(s, "grave-keeper").health == 10
    events = end_turn(s, "south", "end")
    assert rules_of(events).count("status.noose.end") == 1
    assert hero(s, "grave-keeper").health == 9


def test_hanging_noose_any_knockback_takes_the_noose_off_even_one_that_moves_nobody():
    # "Hanging Noose > Removing Hang": knocked back while hung, the noose comes off.  Our
    # reading (checked for issue #22): also when the knockback leaves the hero where they
    # are, as "Corner Spaces" calls a hero who remains in a corner "knocked back".  The
    # God Killer's Skybreaker (2 damage, 1 knockback) on the hung assassin, three times:
    # into the south edge from the corner A6, into a Spiked Pillar (1 more), into a tank.
    cases = [({"god-killer": ("north", "A5")}, (), "knockback.corner", "A6", 6),
             ({"god-killer": ("north", "C2")}, [("spiked-pillar", "D4")], "knockback.blocked",
              "D3", 5),
             ({"god-killer": ("north", "C2"), "executioner": ("south", "D4"),
               "grave-keeper": None}, (), "knockback.tank", "D3", 6)]
    for heroes, hazards, stopped, square, health in cases:
        at = square if square == "A6" else "D3"
        s = slam(heroes={**heroes, "assassin": ("south", at)}, hazards=hazards)
        hung(s, "assassin")
        events = s.play("north", "use god-killer skybreaker assassin")
        assert rules_of(events)[2:4] == ["status.noose.knockback", stopped]
        assert not hero(s, "assassin").hung
        assert (hero(s, "assassin").square, hero(s, "assassin").health) == (square, health)


# ---- Status Effects > Bleed -------------------------------------------------------------------
def test_bleed_two_tiles_one_removed_for_one_space_one_damage_at_the_end():
    # "Bleed": two tiles; one space of movement removes one; at the end of the turn the
    # one left deals 1 (8 -> 7).  The Move action was taken: two spaces remain.
    s = duel()
    bleeding(s, "assassin", 2)
    events = s.play("north", "unbleed assassin")
    assert rules_of(events) == ["move.action", "status.bleed.remove"]
    assert hero(s, "assassin").bleed == 1 and s.state.movement["assassin"] == 2
    events = end_turn(s, "north", "end")
    assert rules_of(events).count("status.bleed.end") == 1
    assert hero(s, "assassin").health == 7 and hero(s, "assassin").bleed == 1


# ---- Gravestones ----------------------------------------------------------------------------------
def test_gravestones_rising_costs_one_space_and_leaves_two_to_walk():
    # "Gravestones > Removing Bury": one space of movement puts the miniature back on its
    # gravestone's space; the Move action's other two spaces can then be walked.
    s = duel(active="south")
    given(s, ev.HeroBuried(rule=P + "bury.take", hero="grave-keeper", square="C5"))
    s.expect_violation("south", "move grave-keeper C4", rule=P + "bury.no-move")
    s.play("south", "unbury grave-keeper")
    assert hero(s, "grave-keeper").square == "C5" and s.state.movement["grave-keeper"] == 2
    s.play("south", "move grave-keeper C4")
    s.play("south", "move grave-keeper D4")
    s.expect_violation("south", "move grave-keeper E4", rule=P + "move.spent")


# ---- Knockback, hazards -----------------------------------------------------------------------
def test_spiked_pillar_on_the_second_space_of_a_knockback_stops_and_hurts():
    # "Spiked Pillar" + "Knockback": Titan Sweep (1 damage, 2 knockback) sends the assassin
    # from D3 south: D4 is free, the pillar on D5 blocks the second space, so she stays on
    # D4 and takes the pillar's 1 damage: 8 - 1 - 1 = 6.
    s = slam(hazards=[("spiked-pillar", "D5")])
    events = s.play("north", "use god-killer sweep assassin")
    assert rules_of(events) == ["ability.use", "effect.damage", "knockback.move",
                                "knockback.blocked", "hazard.spiked-pillar"]
    assert hero(s, "assassin").square == "D4" and hero(s, "assassin").health == 6


def test_pike_trap_entered_by_a_catapult_jump_hurts():
    # "Pike Trap": entering even by jumping deals 1.  The assassin steps C2->C3 onto a
    # Catapult and jumps two spaces south, over nothing, onto the Pike Trap on C5: 8 - 1.
    s = duel(heroes={"grave-keeper": ("south", "H5")},
             hazards=[("catapult", "C3"), ("pike-trap", "C5")])
    s.play("north", "move assassin C3")
    assert s.state.question[1] == "jump-move" and "C5" in s.state.question[3]
    events = s.play("north", "answer C5")
    assert rules_of(events)[-2:] == ["hazard.catapult", "hazard.pike-trap"]
    assert hero(s, "assassin").square == "C5" and hero(s, "assassin").health == 7


def test_catapult_a_jump_cannot_pass_over_a_tank():
    # "Blocked Movement" + "Tank": a tank blocks movement, so it cannot be jumped over.
    # From the Catapult on C3 the executioner on C4 is in the way south: neither his
    # space nor C5 beyond him is offered, and aiming at C5 is refused, changing nothing.
    s = duel(heroes={"grave-keeper": ("south", "H5"), "executioner": ("south", "C4")},
             hazards=[("catapult", "C3")])
    s.play("north", "move assassin C3")
    assert not {"answer C4", "answer C5"} & legal(s, "north")
    assert {"answer D4", "answer B4", "answer stay"} <= legal(s, "north")
    s.expect_violation("north", "answer C5", rule=P + "jump.blocked")


def test_catapult_knocked_in_by_an_enemy_landing_on_a_friend_hurts_both():
    # "Catapult > Knockback": Skybreaker (2 damage, 1 knockback) knocks the assassin from D3
    # onto the Catapult on D4; north (the enemy) picks the jump: two spaces east onto her
    # friend the grave keeper on F4.  Both take 1 (assassin 8 - 2 - 1 = 5, grave keeper
    # 10 - 1 = 9), and the friend takes 1 knockback on, F4 -> G4.
    s = slam(heroes={"grave-keeper": ("south", "F4")}, hazards=[("catapult", "D4")])
    s.play("north", "use god-killer skybreaker assassin")
    assert s.state.question[0] == "north" and s.state.question[1] == "jump-knock"
    assert "stay" not in s.state.question[3]
    events = s.play("north", "answer F4")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult.land", "hazard.catapult.land",
                                "knockback.chain", "hazard.catapult.knockback"]
    assert hero(s, "assassin").health == 5 and hero(s, "assassin").square == "F4"
    assert hero(s, "grave-keeper").health == 9 and hero(s, "grave-keeper").square == "G4"


def test_ghost_knights_an_enemy_knocked_into_a_knight_is_struck():
    # "Ghost Knights > Removing Knights": an enemy entering a knight's space, by any means,
    # takes 1 and the knight leaves.  The Conjurer (C2) calls a knight on C4, then Soul
    # Lance (2 damage, 1 knockback) drives the assassin from C3 into it: 8 - 2 - 1 = 5.
    s = position({"conjurer": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "C3"), "plague-baron": ("south", "H6")})
    s.play("north", "use conjurer ghost-knight C4")
    events = s.play("north", "use conjurer soul-lance assassin")
    assert rules_of(events) == ["ability.use", "effect.damage", "knockback.move",
                                "hazard.ghost-knight", "hazard.ghost-knight"]
    assert kinds(events)[-1] == "HazardRemoved" and "C4" not in s.state.hazards
    assert hero(s, "assassin").health == 5 and hero(s, "assassin").square == "C4"


# ---- Death, How to Win --------------------------------------------------------------------------
def test_how_to_win_a_teams_last_hero_bleeding_to_death_at_its_own_turns_end():
    # "Bleed" + "How to Win": north's only living hero has 1 health and 1 bleed; at the
    # end of north's turn the bleed kills her and south has killed both enemy heroes.
    s = duel()
    given(s, ev.HeroDied(rule=P + "death.die", hero="god-killer"))
    wounded(s, "assassin", 1)
    bleeding(s, "assassin", 1)
    events = end_turn(s, "north", "end")
    assert rules_of(events)[-3:] == ["status.bleed.end", "death.die", "victory.win"]
    assert s.state.winner == "south" and game.to_act(s.state) == ()
    assert "TurnBegan" not in kinds(events)


def test_relic_cards_a_team_with_one_hero_left_and_one_card_draws_two():
    # "Your Team's Turn", phase 2, and "Death and Revival": one hero alive draws two; with
    # one card in hand that makes three, the limit exactly.
    deck = ("wrath-1", "wrath-2", "wrath-3", "meteor-1")
    s = duel(active="south", deck=deck, hands={"north": ("meteor-1",)})
    given(s, ev.HeroDied(rule=P + "death.die", hero="god-killer"))
    events = end_turn(s, "south", "end")
    drawn = [e for e in events if isinstance(e, ev.RelicsDrawn)]
    assert [(e.team, e.cards, e.rule) for e in drawn] == [
        ("north", ("wrath-1", "wrath-2"), P + "relic.draw-two")]
    assert len(s.state.hand("north")) == 3
    assert legal(s, "north")  # the turn goes on


# ---- Relic Cards: "the next time" ------------------------------------------------------------
def test_relic_cards_a_warded_hero_takes_no_second_ward_and_no_card_is_lost():
    # "Relic Cards": a "next time" card stays in play until it triggers, then is
    # discarded.  Saint's Ward on the assassin waits over her; a second Saint's Ward on
    # her is refused (our reading: both would go on the same next damage, and before the
    # fix the first card silently left the game).  Wrath (3 damage) then meets the ward:
    # no damage, the ward card goes to the discards, and the second ward may now be played.
    s = duel(hands={"north": ("saints-ward-1", "saints-ward-2")},
             heroes={"grave-keeper": ("south", "C3")})
    s.play("north", "relic saints-ward-1 assassin")
    assert s.state.wards == {"assassin": "saints-ward-1"}
    assert "relic saints-ward-2 assassin" not in legal(s, "north")
    assert "relic saints-ward-2 god-killer" in legal(s, "north")
    s.expect_violation("north", "relic saints-ward-2 assassin", rule=P + "relic.target")
    end_turn(s, "north", "end")
    given(s, ev.RelicsDrawn(rule=P + "relic.draw", team="south", cards=("wrath-1",)))
    events = s.play("south", "relic wrath-1 assassin")
    assert rules_of(events) == ["relic.play", "stack.declare"]  # north could answer
    events = s.play("north", "pass")
    assert rules_of(events) == ["stack.pass", "stack.resolve", "relic.next-time"]
    assert hero(s, "assassin").health == 8 and s.state.wards == {}
    assert set(discarded(s, "shared")) == {"saints-ward-1", "wrath-1"}
    end_turn(s, "south", "end")
    assert "relic saints-ward-2 assassin" in legal(s, "north")


# ---- Death and Revival ----------------------------------------------------------------------------
def test_death_and_revival_a_revived_hero_is_not_dropped_onto_a_hazard_tile():
    # "Death and Revival" (our reading of where a revived hero stands): an empty starting
    # corner, else the nearest empty space.  Here A1, the free corner, holds a
    # Relentless Fire (Hell Fire may light one there): the assassin comes back on B1 beside it (the
    # nearest empty space, reading order), with the card's 5 Health, unhurt.
    s = duel(hands={"north": ("resurrection-1",)}, hazards=[("relentless-fire", "A1")])
    given(s, ev.HeroDied(rule=P + "death.die", hero="assassin"))
    events = s.play("north", "relic resurrection-1 assassin")
    assert rules_of(events) == ["relic.play", "death.revive"]
    assert (events[1].square, events[1].health) == ("B1", 5)
    assert hero(s, "assassin").health == 5


# ---- Artifact Cards > Cooldown ------------------------------------------------------------------
def test_cooldown_three_two_one_then_face_up_on_the_third_own_turn_after():
    # "Cooldown": used on north's turn 3, the card goes face down on the "3" skull.  At
    # the start of north's turns only: turn 5 -> 2, turn 7 -> 1 (still unusable), turn 9
    # the token on "1" comes off and the card is face up again.  South's turns change
    # nothing.
    s = duel(artifacts={"assassin": "healing-draught"})
    events = s.play("north", "artifact assassin")
    assert rules_of(events)[:2] == ["artifact.use", "artifact.cooldown"]
    seen = []
    for turn in (4, 5, 6, 7, 8):
        end_turn(s, "north" if turn % 2 == 0 else "south", "end")
        assert s.state.turn == turn
        seen.append(hero(s, "assassin").cooldown)
        if turn == 7:  # north's turn, token on "1": still face down
            s.expect_violation("north", "artifact assassin", rule=P + "artifact.face-down")
    assert seen == [3, 2, 2, 1, 1]
    end_turn(s, "south", "end")
    assert s.state.turn == 9 and hero(s, "assassin").cooldown == 0
    assert "artifact assassin" in legal(s, "north")


# ---- Persistent Effects ----------------------------------------------------------------------------
def test_persistent_effects_hell_fire_lasts_three_step_ones_after_it_is_lit():
    # "Persistent Effects" + Hell Fire (three turns, starting when the opponent's turn
    # ends): north calls it on A3-D3 in turn 3; it is lit at the end of south's turn 4
    # with 3 tokens; step 1 of turns 5, 6 and 7 each take one off, the last removing it.
    s = duel(hands={"north": ("hell-fire-1",)})
    s.play("north", "relic hell-fire-1 A3 D3")
    end_turn(s, "north", "end")
    assert "A3" not in s.state.hazards
    end_turn(s, "south", "end")
    tokens = [{sq: hz.tokens for sq, hz in s.state.hazards.items()}]
    for seat in ("north", "south"):
        end_turn(s, seat, "end")
        tokens.append({sq: hz.tokens for sq, hz in s.state.hazards.items()})
    row = ("A3", "B3", "C3", "D3")
    assert [tuple(t.get(sq) for sq in row) for t in tokens] == [
        (2, 2, 2, 2), (1, 1, 1, 1), (None, None, None, None)]
    assert s.state.turn == 7


# ---- Corpse Parts > Forced Movement -------------------------------------------------------------
def test_corpse_parts_knocked_two_spaces_stops_before_another_hazard():
    # "Corpse Parts > Forced Movement" + "Hazards" (no stacking): Kick the Remains
    # (2 knockback) sends the tile on C3 away from the Plague Baron (C2): to C4, then the
    # fire on C5 stops it.  Its tokens stay as they were (4).
    s = position({"plague-baron": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "H5"), "grave-keeper": ("south", "H6")},
                 hazards=[("corpse-parts", "C3"), ("relentless-fire", "C5")])
    events = s.play("north", "use plague-baron kick-remains C3")
    assert rules_of(events) == ["ability.use", "hazard.corpse-parts.knockback",
                                "hazard.corpse-parts.knockback"]
    assert kinds(events)[1:] == ["HazardKnockedBack", "HazardStopped"]
    assert s.state.hazards["C4"].kind == "corpse-parts" and s.state.hazards["C4"].tokens == 4
    assert "C3" not in s.state.hazards and s.state.hazards["C5"].kind == "relentless-fire"


def test_hazards_no_corpse_parts_are_flung_onto_a_fire():
    # "Hazards" (no stacking): the Plague Baron's Corpse Parts may not land on the
    # Relentless Fire on C4 (in range, three ahead); C5 beyond is fine.
    s = position({"plague-baron": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "H5"), "grave-keeper": ("south", "H6")},
                 hazards=[("relentless-fire", "C4")])
    s.expect_violation("north", "use plague-baron corpse-parts C4", rule=P + "hazard.no-stacking")
    assert "use plague-baron corpse-parts C4" not in legal(s, "north")
    s.play("north", "use plague-baron corpse-parts C5")
    assert s.state.hazards["C5"].tokens == 4


# ---- Knockback of Multiple Heroes + Pike Trap ------------------------------------------------------
def test_knockback_of_multiple_heroes_through_a_pike_trap():
    # Titan Sweep (1 damage, 2 knockback) on the assassin (D3), the grave keeper on D4,
    # a Pike Trap on D5.  Space 1: the grave keeper is pushed on to D5 (pike: 1, and he
    # stops), the assassin takes D4.  Space 2: he is pushed on again, D5 -> D6; the
    # assassin enters D5: pike, 1 damage, and she stops.  Assassin 8 - 1 - 1 = 6 on D5;
    # grave keeper 10 - 1 = 9 on D6.
    s = slam(heroes={"grave-keeper": ("south", "D4")}, hazards=[("pike-trap", "D5")])
    s.play("north", "use god-killer sweep assassin")
    assert (hero(s, "assassin").square, hero(s, "assassin").health) == ("D5", 6)
    assert (hero(s, "grave-keeper").square, hero(s, "grave-keeper").health) == ("D6", 9)


# ---- Your Team's Turn: phases 4 then 5 --------------------------------------------------------------
def test_your_teams_turn_discard_comes_before_the_end_of_turn_effects():
    # Phases 4 (discard) then 5 (end-of-turn effects), then the other team's turn.
    s = duel(hands={"north": ("meteor-1", "wrath-1")})
    bleeding(s, "assassin", 1)
    events = end_turn(s, "north", "end meteor-1")
    assert rules_of(events)[:3] == ["relic.discard", "status.bleed.end", "turn.end"]
    assert s.state.hand("north") == ("wrath-1",)
    assert discarded(s, "shared") == ("meteor-1",)


# ---- Action: Move + Relic Cards: two bonuses together ---------------------------------------------
def test_action_move_first_turn_space_and_second_wind_add_up():
    # "Move further on the very first turn" (+1) and Second Wind (a start-of-your-turn
    # card, +2 this turn): on turn 1 the assassin's Move action gives 3 + 1 + 2 = 6.
    s = duel(turn=1, hands={"north": ("second-wind-1",)})
    s.play("north", "relic second-wind-1 assassin")
    events = s.play("north", "move assassin C3")
    assert rules_of(events)[0] == "move.first-turn" and events[0].spaces == 6
    assert s.state.movement["assassin"] == 5


def test_effect_timing_leaden_feet_keeps_a_hero_from_moving_but_not_from_abilities():
    # "Effect Timing" + Leaden Feet (played at the start of the enemy's action phase):
    # south plays it before north's first action; the grounded assassin may not take the
    # Move action, nor spend movement on her bleed, yet still uses abilities.  Once
    # north has acted it is too late for a second one.
    s = duel(hands={"south": ("leaden-feet-1", "leaden-feet-2")},
             heroes={"grave-keeper": ("south", "C5")})
    bleeding(s, "assassin", 1)
    s.play("south", "relic leaden-feet-1 assassin")
    s.expect_violation("north", "move assassin C3", rule=P + "relic.ground")
    s.expect_violation("north", "unbleed assassin", rule=P + "relic.ground")
    s.play("north", "use assassin throwing-knife grave-keeper")
    # Rules version 4: south still holds a card, so it is offered an answer to the
    # knife before it lands (a public count, not what the card is); it passes.
    assert s.state.responder == "south"
    s.play("south", "pass")
    assert hero(s, "grave-keeper").health == 8
    s.expect_violation("south", "relic leaden-feet-2 god-killer", rule=P + "timing.start")


# ---- Line of Sight ---------------------------------------------------------------------------------
def test_line_of_sight_a_ruined_wall_blocks_a_pike_trap_does_not():
    # "Line of Sight": blocked by tanks and some hazards (the Spiked Pillar and Ruined
    # Wall say so; the Pike Trap does not).  Throwing Knife, three spaces ahead: from C2
    # to the grave keeper on C5 over a Pike Trap on C3: 2 damage.  With a Ruined Wall on
    # C4 instead, refused for sight.
    s = duel(hazards=[("pike-trap", "C3")])
    s.play("north", "use assassin throwing-knife grave-keeper")
    assert hero(s, "grave-keeper").health == 8
    s = duel(hazards=[("ruined-wall", "C4")])
    s.expect_violation("north", "use assassin throwing-knife grave-keeper",
                       rule=P + "sight.blocked")


def test_tank_an_enemy_tank_between_blocks_sight_but_is_itself_a_target():
    # "Hero Types > Tank": a tank hides what is behind it from sight, yet may itself be
    # aimed at.  The executioner (a tank) on C4 hides the grave keeper on C5 from the Throwing Knife, but the knife may
    # hit the executioner: 12 - 2 = 10.
    s = duel(heroes={"executioner": ("south", "C4")})
    s.expect_violation("north", "use assassin throwing-knife grave-keeper",
                       rule=P + "sight.blocked")
    s.play("north", "use assassin throwing-knife executioner")
    assert hero(s, "executioner").health == 10


# ---- Gravestones + Bleed + Death and Revival --------------------------------------------------------
def test_gravestones_a_buried_bleeding_hero_takes_both_at_its_turns_end():
    # "Gravestones > End of Turn Damage" (1) and "Bleed" (1 per tile, here 1): the buried
    # grave keeper loses 2 at the end of south's turn (10 -> 8), nothing at north's.
    s = duel(active="south")
    given(s, ev.HeroBuried(rule=P + "bury.take", hero="grave-keeper", square="C5"))
    bleeding(s, "grave-keeper", 1)
    events = end_turn(s, "south", "end")
    assert [r for r in rules_of(events) if r.endswith(".end")] == ["bury.end",
                                                                  "status.bleed.end", "turn.end"]
    assert hero(s, "grave-keeper").health == 8
    end_turn(s, "north", "end")
    assert hero(s, "grave-keeper").health == 8


def test_death_and_revival_a_buried_hero_is_alive_so_the_team_draws_one():
    # "Death and Revival": two cards only while a team has one hero *alive*; a buried
    # hero is alive (off the board, not dead), so south still draws one.
    s = duel(deck=("wrath-1", "wrath-2"))
    given(s, ev.HeroBuried(rule=P + "bury.take", hero="grave-keeper", square="C5"))
    events = end_turn(s, "north", "end")
    drawn = [e for e in events if isinstance(e, ev.RelicsDrawn)]
    assert [(e.team, e.cards, e.rule) for e in drawn] == [("south", ("wrath-1",),
                                                           P + "relic.draw")]


# ---- Ghost Knights ----------------------------------------------------------------------------------
def test_ghost_knights_a_knight_walks_into_an_enemy_and_is_gone():
    # "Ghost Knights": up to two spaces a turn without an action; moving into an enemy's
    # space deals 1 and removes the knight.  Called on C4, it steps C4 -> C5 onto the
    # assassin (8 - 1 = 7) and leaves the board; the Conjurer still has her actions'
    # worth of movement untouched.
    s = position({"conjurer": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "C5"), "plague-baron": ("south", "H6")})
    s.play("north", "use conjurer ghost-knight C4")
    events = s.play("north", "knight C4 C5")
    assert rules_of(events) == ["hazard.ghost-knight.move", "hazard.ghost-knight",
                                "hazard.ghost-knight"]
    assert hero(s, "assassin").health == 7 and not s.state.hazards
    assert s.state.acted == {"conjurer": ("ghost-knight",)} and "conjurer" not in s.state.movement


def test_ghost_knights_two_spaces_a_turn_then_two_more_next_turn():
    # "Knight Movement": up to two spaces per turn; a third in the same turn is refused,
    # and the count starts again in the team's next turn.
    s = position({"conjurer": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "H5"), "plague-baron": ("south", "H6")})
    s.play("north", "use conjurer ghost-knight C4")
    s.play("north", "knight C4 D4")
    s.play("north", "knight D4 E4")
    s.expect_violation("north", "knight E4 F4", rule=P + "hazard.ghost-knight.move")
    s.expect_violation("north", "knight E4 G4", rule=P + "hazard.ghost-knight.move")
    end_turn(s, "north", "end")
    s.expect_violation("south", "knight E4 F4", rule=P + "hazard.ghost-knight.move")
    end_turn(s, "south", "end")
    s.play("north", "knight E4 F4")
    s.play("north", "knight F4 F5")
    assert s.state.hazards["F5"].kind == "ghost-knight"


# ---- Board Variant: the Ice Pit ---------------------------------------------------------------------
def test_board_variant_knocked_into_the_icicles_from_an_edge_space_hurts():
    # "Board Variant": icicles follow the Spiked Pillar's rules: a knockback into them is
    # blocked and deals 1.  Titan Sweep (1 damage, 2 knockback) pushes the grave keeper
    # east.  From E4: F4, G4 (the icicles on H4 are not reached): 10 - 1 = 9 on G4.
    # From F4: G4, then the icicles block the second space: 10 - 1 - 1 = 8 on G4.
    s = position({"god-killer": ("north", "C4"), "assassin": ("north", "G6"),
                  "grave-keeper": ("south", "E4"), "executioner": ("south", "B6")},
                 board="ice-pit")
    s.play("north", "use god-killer sweep grave-keeper")
    assert (hero(s, "grave-keeper").square, hero(s, "grave-keeper").health) == ("G4", 9)
    s = position({"god-killer": ("north", "D4"), "assassin": ("north", "G6"),
                  "grave-keeper": ("south", "F4"), "executioner": ("south", "B6")},
                 board="ice-pit")
    events = s.play("north", "use god-killer sweep grave-keeper")
    assert rules_of(events)[-2:] == ["knockback.blocked", "board.ice-pit"]
    assert (hero(s, "grave-keeper").square, hero(s, "grave-keeper").health) == ("G4", 8)


# ---- Artifact Cards: bad input -------------------------------------------------------------------
def test_artifact_cards_a_hero_without_a_card_is_refused_with_a_rule():
    # "Artifact Cards": only a card equipped to the hero can be used.  In a described
    # position with no artifacts chosen, using one is a clear refusal (it used to crash
    # with a KeyError), and the record is untouched.
    s = duel()
    s.expect_violation("north", "artifact assassin", rule=P + "artifact.use")
    assert not any(c.startswith("artifact") for c in legal(s, "north"))


# ---- Catapult: moving in ---------------------------------------------------------------------------
def test_catapult_moving_in_and_landing_on_an_enemy():
    # "Catapult > Movement": the assassin steps C2 -> C3 onto the Catapult and jumps two
    # spaces south onto the grave keeper on C5: he takes 1 (10 -> 9) and 1 knockback the
    # way of the jump, C5 -> C6; she lands on C5 unhurt, one space of movement spent.
    s = duel(hazards=[("catapult", "C3")])
    s.play("north", "move assassin C3")
    assert "stay" in s.state.question[3]  # moving in, the jump is optional
    events = s.play("north", "answer C5")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult.land", "knockback.chain",
                                "hazard.catapult"]
    assert (hero(s, "grave-keeper").square, hero(s, "grave-keeper").health) == ("C6", 9)
    assert (hero(s, "assassin").square, hero(s, "assassin").health) == ("C5", 8)
    assert s.state.movement["assassin"] == 2


# ---- Catapult + Blocked Movement: a chosen jump (issue #22) ------------------------------------
def test_blocked_movement_a_chosen_jump_is_offered_no_blocked_space_nor_one_past_it():
    # "Blocked Movement": you cannot move into, jump into or jump over a space that
    # blocks movement.  The assassin steps C2 -> C3 onto the Catapult.  South: a Spiked
    # Pillar on C4; east: the executioner, a tank, on D3; south-west: a Ruined Wall on
    # B4, which may be jumped over.  So the jump may not land on C4, C5, D3, E3 or B4;
    # every other space one or two away is offered, A5 over the wall included.
    s = duel(heroes={"grave-keeper": ("south", "H5"), "executioner": ("south", "D3")},
             hazards=[("catapult", "C3"), ("spiked-pillar", "C4"), ("ruined-wall", "B4")])
    s.play("north", "move assassin C3")
    assert legal(s, "north") == {f"answer {sq}" for sq in (
        "C2", "C1", "D2", "E1", "D4", "E5", "A5", "B3", "A3", "B2", "A1", "stay")}
    for aim in ("C4", "C5", "D3", "E3", "B4"):
        s.expect_violation("north", f"answer {aim}", rule=P + "jump.blocked")
    s.expect_violation("north", "answer C6", rule=P + "hazard.catapult")  # three away
    events = s.play("north", "answer A5")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult"]
    assert hero(s, "assassin").square == "A5" and hero(s, "assassin").health == 8


def test_catapult_a_chosen_jump_onto_a_hero_who_cannot_make_room_is_not_offered():
    # "Catapult > Movement": landing on a friend pushes the friend 1 space.  The conjurer
    # on A3 is walled in (pillars on A2, B2, A4, B4, the grave keeper on B3, the edge
    # west): pushed, she cannot move, and the jump would come down short, which a jump
    # the player chooses never does: A3 is not offered.  B3 is: the grave keeper takes 1
    # (10 -> 9), is pushed west into the conjurer, neither can move that way, so north
    # puts him on an open space beside him (C2 or C4), and the assassin lands on B3.
    s = position({"assassin": ("north", "C2"), "conjurer": ("north", "A3"),
                  "grave-keeper": ("south", "B3"), "executioner": ("south", "H6")},
                 hazards=[("catapult", "C3"), *(("spiked-pillar", sq)
                                                for sq in ("A2", "B2", "A4", "B4"))])
    s.play("north", "move assassin C3")
    assert "answer A3" not in legal(s, "north") and "answer B3" in legal(s, "north")
    error = s.expect_violation("north", "answer A3", rule=P + "jump.blocked")
    assert "could not make room" in error.reason
    events = s.play("north", "answer B3")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult.land", "knockback.no-room",
                                "knockback.no-room"]
    assert legal(s, "north") == {"answer C2", "answer C4"}
    events = s.play("north", "answer C4")
    assert rules_of(events) == ["prompt.answer", "prompt.answer", "hazard.catapult"]
    assert (hero(s, "grave-keeper").square, hero(s, "grave-keeper").health) == ("C4", 9)
    assert hero(s, "assassin").square == "B3" and hero(s, "conjurer").square == "A3"


# ---- Relentless Fire: end of turn ------------------------------------------------------------------
def test_relentless_fire_standing_in_it_at_your_turns_end():
    # "Relentless Fire > End of Turn Damage": the grave keeper stands in a fire on C5;
    # north's end costs him nothing, south's end 1 (10 -> 9).  Stepping out of it in his
    # own turn would avoid it: here he stays.
    s = duel(hazards=[("relentless-fire", "C5")])
    end_turn(s, "north", "end")
    assert hero(s, "grave-keeper").health == 10
    events = end_turn(s, "south", "end")
    assert "hazard.relentless-fire.end" in rules_of(events)
    assert hero(s, "grave-keeper").health == 9


# ---- Setup ------------------------------------------------------------------------------------------
def test_setup_the_random_starting_team_leads_every_alternating_choice():
    # "Setup", the starting team (drawn at random) also leads the setup: south is
    # drawn, so south chooses, places, equips and places a hazard first; north's hazard
    # (the second) ends the setup and south takes turn 1: phase 2 draws it one relic,
    # and its heroes get the first-turn fourth space, the turn-2 team's do not.
    facts = game.setup(game.options(2, {}), LoadedDice(values=(2,)))
    s = Scenario.from_events(game, facts)
    assert s.state.start_team == "south"
    s.expect_violation("north", "pick assassin", rule=P + "setup.order")
    for seat, h in (("south", "assassin"), ("north", "grave-keeper"), ("south", "mary"),
                    ("north", "conjurer")):
        s.play(seat, f"pick {h}")
    assert {h: hero(s, h).health for h in s.state.heroes} == {
        "assassin": 8, "grave-keeper": 10, "mary": 13, "conjurer": 8}
    s.expect_violation("north", "place grave-keeper A1", rule=P + "setup.order")
    for seat, h, corner in (("south", "assassin", "A6"), ("north", "grave-keeper", "A1"),
                            ("south", "mary", "H6"), ("north", "conjurer", "H1")):
        s.play(seat, f"place {h} {corner}")
    for seat, h, card in (("south", "assassin", "bloodletter"), ("north", "grave-keeper", "war-horn"),
                          ("south", "mary", "throwing-axe"), ("north", "conjurer", "chain-hook")):
        s.play(seat, f"equip {h} {card}")
    s.expect_violation("north", "hazard pike-trap C3", rule=P + "setup.order")
    s.play("south", "hazard pike-trap C3")
    events = s.play("north", "hazard catapult E4")
    assert rules_of(events)[:3] == ["setup.hazards", "turn.order", "relic.draw"]
    assert s.state.active == "south" and s.state.turn == 1 and len(s.state.hand("south")) == 1
    assert s.play("south", "move assassin B5")[0].spaces == 4
    end_turn(s, "south", "end")
    assert s.play("north", "move grave-keeper A2")[0].spaces == 3


# ---- Simultaneous Effects ----------------------------------------------------------------------------
def test_simultaneous_effects_a_reaction_resolves_before_the_declared_ability():
    # "Simultaneous Effects": the last declared resolves first.  The God Killer declares
    # Skybreaker (2 damage, 1 knockback) on the assassin (D3); south answers with her
    # Spiked Shield ("Enemy Turn": 1 damage to an adjacent enemy) on him.  The shield
    # resolves first (14 -> 13), then Skybreaker (8 -> 6, D3 -> D4).
    s = slam(artifacts={"assassin": "spiked-shield"})
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events) == ["ability.use", "stack.declare"]
    assert game.to_act(s.state) == ("south",)
    s.expect_violation("north", "end", rule=P + "stack.window")
    events = s.play("south", "artifact assassin god-killer")
    damage = [(e.hero, e.health) for e in events if isinstance(e, ev.DamageTaken)]
    assert damage == [("god-killer", 13), ("assassin", 6)]
    assert hero(s, "assassin").square == "D4" and hero(s, "assassin").cooldown == 3


# ---- Alternate Rule Set: Controlled Chaos ----------------------------------------------------------------
def test_controlled_chaos_the_worked_example_order_of_the_draft():
    # "Controlled Chaos", the printed example: Team 1 (here north, the starting team)
    # picks the type, then the teams alternate, Team 1 first, until each has four of it;
    # then the teams reverse: Team 2 opens the next stack and picks first.
    facts = game.setup(game.options(2, {"relics": "draft"}), LoadedDice(values=(1,)))
    s = Scenario.from_events(game, facts)
    assert {t: len(c) for t, c in s.state.draft_stacks.items()} == {
        "blessing": 8, "curse": 8, "op": 8, "utility": 8}
    s.expect_violation("south", "stack blessing", rule=P + "setup.order")
    s.play("north", "stack blessing")
    order = []
    while s.state.draft_open:
        team = game.to_act(s.state)[0]
        order.append(team)
        s.play(team, sorted(legal(s, team))[0])
    assert order == ["north", "south"] * 4
    assert {t: len(c) for t, c in s.state.drafted.items()} == {"north": 4, "south": 4}
    s.expect_violation("north", "stack curse", rule=P + "setup.order")
    s.play("south", "stack curse")
    assert game.to_act(s.state) == ("south",)


def test_gravestones_rising_onto_the_pike_trap_one_was_buried_on_hurts():
    # "Gravestones > Removing Bury" + "Pike Trap" (our reading, kept): the miniature is put
    # back on its space, which is entering it, so the Pike Trap under the grave deals 1
    # (10 -> 9).
    s = duel(active="south", hazards=[("pike-trap", "C5")])
    given(s, ev.HeroBuried(rule=P + "bury.take", hero="grave-keeper", square="C5"))
    events = s.play("south", "unbury grave-keeper")
    assert rules_of(events) == ["move.action", "bury.unbury", "hazard.pike-trap"]
    assert hero(s, "grave-keeper").health == 9
