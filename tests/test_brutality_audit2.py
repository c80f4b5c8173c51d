"""Second, adversarial audit of `brutality` against its rulebook, section by section.

Each test works one small case by hand (the numbers are in its comment) and
checks that the engine gives the same answer.  Positions are built with the
helpers of `test_brutality` (positions read by the game's `from_position`).
"""

from __future__ import annotations

from test_brutality import (
    P,
    conjuring,
    duel,
    end_turn,
    game,
    given,
    graveyard,
    hero,
    hung,
    kinds,
    legal,
    position,
    rules_of,
    setup_scenario,
    slam,
)

from engine.games.brutality import events as ev


# ---- Setup -------------------------------------------------------------------------------------
def test_setup_hazards_stay_out_of_both_starting_rows_of_the_ice_pit():
    # The Ice Pit's starting corners are B2/G2 and B6/G6: rows 2 and 6 take no hazard,
    # and the icicles already hold one.  North starts, so north places first.
    s = setup_scenario("ice-pit")
    for seat, h in (("north", "assassin"), ("south", "conjurer"), ("north", "mary"),
                    ("south", "warden")):
        s.play(seat, f"pick {h}")
    for seat, h, corner in (("north", "assassin", "B2"), ("south", "conjurer", "B6"),
                            ("north", "mary", "G2"), ("south", "warden", "G6")):
        s.play(seat, f"place {h} {corner}")
    for seat, h, card in (("north", "assassin", "bloodletter"), ("south", "conjurer", "war-horn"),
                          ("north", "mary", "throwing-axe"), ("south", "warden", "chain-hook")):
        s.play(seat, f"equip {h} {card}")
    s.expect_violation("north", "hazard pike-trap D2", rule=P + "setup.hazards")
    s.expect_violation("north", "hazard pike-trap D6", rule=P + "setup.hazards")
    s.expect_violation("north", "hazard pike-trap A3", rule=P + "hazard.no-stacking")
    s.play("north", "hazard pike-trap D3")
    s.expect_violation("south", "hazard catapult D3", rule=P + "hazard.no-stacking")
    events = s.play("south", "hazard catapult E5")
    assert rules_of(events)[:2] == ["setup.hazards", "turn.order"]
    assert s.state.active == "north" and s.state.turn == 1


# ---- Action: Move ------------------------------------------------------------------------------
def test_action_move_the_first_turn_gives_each_hero_of_that_team_four_spaces():
    # Turn 1 (north's): 3 + 1 = 4 spaces for the assassin and for the God Killer alike.
    # C2 -> B3 -> B4 -> A4 -> A3 spends all four; a fifth step is refused.
    s = duel(turn=1)
    for sq in ("B3", "B4", "A4", "A3"):
        s.play("north", f"move assassin {sq}")
    s.expect_violation("north", "move assassin A2", rule=P + "move.spent")
    assert s.play("north", "move god-killer G2")[0].spaces == 4
    # Turning around is one space of it too: 4 - 1 (step) - 1 (turn) = 2 left.
    s.play("north", "turn god-killer")
    assert s.state.movement["god-killer"] == 2


def test_action_move_the_move_action_is_never_taken_twice():
    # Move (3 spaces, all spent) then one ability: both actions are used, and
    # nothing gives a second Move action.
    s = duel(heroes={"grave-keeper": ("south", "F4")})
    for sq in ("D3", "E3", "E4"):
        s.play("north", f"move assassin {sq}")
    s.play("north", "use assassin twin-blades grave-keeper")
    s.expect_violation("north", "move assassin E5", rule=P + "move.spent")
    s.expect_violation("north", "turn assassin", rule=P + "move.spent")


# ---- Line of Sight ------------------------------------------------------------------------------
def test_line_of_sight_a_two_space_user_may_trace_from_either_of_its_spaces():
    # The God Killer (C2-D2) faces south, so the Throwing Axe's range (three spaces
    # straight ahead of the drawn H) is turned about its middle: D3, D4, D5.  The grave
    # keeper stands on D5.  A Ruined Wall on D3 hides D5 from D2, but the line from C2's
    # centre to D5's runs through C3 and D4 only: the left half sees, 10 - 1 = 9.  With a
    # wall on D4 as well, neither half does.
    heroes = {"assassin": ("south", "H6"), "grave-keeper": ("south", "D5")}
    s = slam(heroes=heroes, hazards=[("ruined-wall", "D3")],
             artifacts={"god-killer": "throwing-axe"})
    events = s.play("north", "artifact god-killer grave-keeper")
    assert rules_of(events)[-1] == "effect.damage" and hero(s, "grave-keeper").health == 9
    s = slam(heroes=heroes, hazards=[("ruined-wall", "D3"), ("ruined-wall", "D4")],
             artifacts={"god-killer": "throwing-axe"})
    s.expect_violation("north", "artifact god-killer grave-keeper", rule=P + "sight.blocked")


def test_line_of_sight_a_friendly_tank_blocks_too_and_fire_does_not():
    # Tanks block sight whatever their team: Mary (north's own tank) on C3 hides the
    # grave keeper on C5 from the assassin on C2; a fire on C3 instead hides nothing.
    s = position({"assassin": ("north", "C2"), "mary": ("north", "C3"),
                  "grave-keeper": ("south", "C5"), "executioner": ("south", "H6")})
    s.expect_violation("north", "use assassin throwing-knife grave-keeper", rule=P + "sight.blocked")
    s = position({"assassin": ("north", "C2"), "mary": ("north", "H1"),
                  "grave-keeper": ("south", "C5"), "executioner": ("south", "H6")},
                 hazards=[("relentless-fire", "C3")])
    s.play("north", "use assassin throwing-knife grave-keeper")
    assert hero(s, "grave-keeper").health == 8


# ---- Artifact Cards > Cooldown -----------------------------------------------------------------
def test_cooldown_an_artifact_used_in_the_enemy_turn_cools_on_its_own_teams_turns():
    # South's War Horn (Any Turn) is blown in north's turn 3: face down, token on 3.
    # Only south's turns move it: turn 4 -> 2, turn 6 -> 1, turn 8 -> flipped face up.
    s = duel(heroes={"grave-keeper": ("south", "C3")}, artifacts={"grave-keeper": "war-horn"})
    s.play("south", "artifact grave-keeper assassin")
    assert hero(s, "grave-keeper").cooldown == 3
    seen = []
    for seat in ("north", "south") * 3:
        end_turn(s, seat, "end")
        seen.append((s.state.turn, hero(s, "grave-keeper").cooldown))
    assert seen == [(4, 2), (5, 2), (6, 1), (7, 1), (8, 0), (9, 0)]


# ---- Relic Cards: Hell Fire ---------------------------------------------------------------------
def test_hell_fire_burns_a_hero_still_in_the_line_at_the_end_of_its_turn():
    # North calls Hell Fire on A4-D4 in turn 3.  South's grave keeper stays on C4
    # through its turn 4; the fire starts at the end of that turn, so the keeper is
    # in a Relentless Fire at the end of its turn: 10 - 1 = 9.
    s = duel(hands={"north": ("hell-fire-1",)}, heroes={"grave-keeper": ("south", "C4")})
    s.play("north", "relic hell-fire-1 A4 D4")
    end_turn(s, "north", "end")
    events = end_turn(s, "south", "end")
    assert kinds(events)[:6] == ["HellFireLit"] + ["HazardPlaced"] * 4 + ["DamageTaken"]
    assert rules_of(events)[5] == "hazard.relentless-fire.end"
    assert hero(s, "grave-keeper").health == 9


# ---- Hazards: no stacking, and the gravestone is a hazard ----------------------------------------
def buried_on_c3(**kw):
    """The Grave Keeper (north) buries the assassin on C3 and ends on C4."""
    s = graveyard(**kw)
    s.play("north", "use grave-keeper buried-alive C4")
    assert hero(s, "assassin").buried and hero(s, "assassin").square == "C3"
    return s


def test_hazards_no_knight_is_summoned_onto_a_gravestone():
    # The Conjurer on B2 reaches C3 (one step diagonally), but a gravestone lies there.
    s = buried_on_c3(heroes={"conjurer": ("north", "B2")})
    assert "use conjurer ghost-knight C3" not in legal(s, "north")
    s.expect_violation("north", "use conjurer ghost-knight C3", rule=P + "hazard.no-stacking")
    assert "use conjurer ghost-knight B3" in legal(s, "north")


def test_hazards_a_ghost_knight_never_moves_onto_a_gravestone():
    s = buried_on_c3(heroes={"conjurer": ("north", "B1")})
    s.play("north", "use conjurer ghost-knight B3")
    assert "knight B3 C3" not in legal(s, "north")
    s.expect_violation("north", "knight B3 C3", rule=P + "hazard.no-stacking")
    s.play("north", "knight B3 B4")


def test_hazards_corpse_parts_knocked_back_stop_before_a_gravestone():
    # South's Grave Keeper buries the assassin on C3; then the Plague Baron (E3) flings
    # Corpse Parts onto D3 and kicks them 2 spaces west, away from him: the first space,
    # C3, holds the assassin's gravestone (a hazard), so the tile does not move.
    s = position({"grave-keeper": ("south", "C2", "S"), "plague-baron": ("south", "E3"),
                  "assassin": ("north", "C3"), "conjurer": ("north", "H1")}, active="south")
    s.play("south", "use grave-keeper buried-alive C4")
    s.play("south", "use plague-baron corpse-parts D3")
    events = s.play("south", "use plague-baron kick-remains D3")
    assert kinds(events)[1:] == ["HazardStopped"] and events[-1].why == "another hazard"
    assert "D3" in s.state.hazards


def test_hazards_hell_fire_is_never_called_over_a_gravestone():
    s = buried_on_c3(hands={"north": ("hell-fire-1",)})
    assert "relic hell-fire-1 A3 D3" not in legal(s, "north")
    assert "relic hell-fire-1 D3 G3" in legal(s, "north")


# ---- Knockback of Multiple Heroes ---------------------------------------------------------------
def test_knockback_chain_of_three_heroes_moves_each_one_space():
    # Skybreaker (1 knockback, south) on the assassin (D3): it is knocked into the
    # grave keeper (D4), who is knocked into the Conjurer (D5), who goes to D6.
    # The farthest hero moves first: conjurer D6, grave keeper D5, assassin D4.
    s = slam(heroes={"grave-keeper": ("south", "D4"), "conjurer": ("north", "D5")})
    events = s.play("north", "use god-killer skybreaker assassin")
    moved = [(e.hero, e.to) for e in events if isinstance(e, ev.KnockedBack)]
    assert moved == [("conjurer", "D6"), ("grave-keeper", "D5"), ("assassin", "D4")]
    assert hero(s, "assassin").health == 8 - 2  # the blow, no damage from the pushes


def test_knockback_chain_the_starting_knocker_chooses_for_the_last_hero_on_the_edge():
    # As above, but the Conjurer stands on D6 (the south edge, not a corner) and the
    # grave keeper on D5: pushed into the edge, the Conjurer has no open space that way;
    # north, whose blow started it all, picks another adjacent space for it.
    s = slam(heroes={"assassin": ("south", "D4"), "god-killer": ("north", "C3"),
                     "grave-keeper": ("south", "D5"), "conjurer": ("north", "D6")})
    s.play("north", "use god-killer skybreaker assassin")
    assert game.to_act(s.state) == ("north",) and s.state.question[2] == "conjurer"
    assert legal(s, "north") == {"answer C5", "answer C6", "answer E5", "answer E6"}
    s.play("north", "answer E6")
    assert [hero(s, h).square for h in ("conjurer", "grave-keeper", "assassin")] == [
        "E6", "D6", "D5"]


def test_knockback_chain_into_a_pillar_lets_the_knocker_choose_without_harm():
    # The grave keeper (D4), pushed along towards a Spiked Pillar on D5, has no open
    # space that way: north chooses E5 for it; the pillar does not hurt it (10 health).
    s = slam(heroes={"grave-keeper": ("south", "D4")}, hazards=[("spiked-pillar", "D5")])
    s.play("north", "use god-killer skybreaker assassin")
    assert legal(s, "north") == {f"answer {sq}" for sq in ("C3", "C4", "C5", "E3", "E4", "E5")}
    s.play("north", "answer E5")
    assert hero(s, "grave-keeper").square == "E5" and hero(s, "grave-keeper").health == 10
    assert hero(s, "assassin").square == "D4"


# ---- Hanging Noose ------------------------------------------------------------------------------
def test_noose_a_knockback_removes_it_even_when_the_hero_cannot_move():
    # The assassin, hung on D6 (the south edge), is knocked south into the edge: it
    # stays, but it was knocked back, so the noose comes off.
    s = slam(heroes={"god-killer": ("north", "C5"), "assassin": ("south", "D6")})
    hung(s, "assassin")
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events)[-2:] == ["status.noose.knockback", "knockback.edge"]
    assert not hero(s, "assassin").hung and hero(s, "assassin").square == "D6"


def test_noose_a_hung_hero_still_spends_movement_on_bleed_and_uses_artifacts():
    # Hung: no step away and no ability, but movement may go on a bleed tile and an
    # artifact is no ability.  Smelling Salts then clears the noose too.
    s = duel(artifacts={"assassin": "smelling-salts"})
    hung(s, "assassin")
    given(s, ev.BleedTaken(rule=P + "status.bleed", hero="assassin", amount=1, bleed=1))
    s.play("north", "unbleed assassin")
    s.expect_violation("north", "move assassin C3", rule=P + "status.noose.no-move")
    s.play("north", "artifact assassin")
    assert not hero(s, "assassin").hung and hero(s, "assassin").bleed == 0
    s.play("north", "move assassin C3")


# ---- Gravestones and Buried Alive --------------------------------------------------------------
def test_buried_alive_stopped_by_a_friend_on_a_grave_hurts_the_buried_enemy_twice():
    # The Grave Keeper (C2) goes for C4: he buries the assassin on C3 (1 damage), but
    # his friend the Conjurer on C4 stops him on C3, standing on the assassin's grave:
    # 1 more damage.  Assassin: 8 - 1 - 1 = 6.
    s = graveyard(heroes={"conjurer": ("north", "C4")})
    events = s.play("north", "use grave-keeper buried-alive C4")
    assert rules_of(events)[-1] == "ability.buried-alive.stand"
    assert hero(s, "grave-keeper").square == "C3" and hero(s, "assassin").health == 6


def test_buried_alive_takes_the_noose_off_and_a_buried_hero_hurts_at_its_turns_end():
    # The hung assassin is buried: the noose comes off.  At the end of south's turn the
    # buried assassin takes 1 (burial) and no noose damage: 8 - 1 - 1 = 6.
    s = graveyard()
    hung(s, "assassin")
    events = s.play("north", "use grave-keeper buried-alive C4")
    assert "bury.noose" in rules_of(events) and not hero(s, "assassin").hung
    end_turn(s, "north", "end")
    events = end_turn(s, "south", "end")
    assert rules_of(events)[0] == "bury.end" and hero(s, "assassin").health == 6


# ---- Death and Revival --------------------------------------------------------------------------
def test_death_a_dead_conjurers_team_draws_two_and_her_knights_leave():
    # The Conjurer (1 health) has a knight out; she dies to the fire she ends her
    # turn on (1 damage): the knight leaves the board, and from north's next turn on,
    # with one hero left, north draws two relic cards.
    s = conjuring(hazards=[("relentless-fire", "C2")])
    s.play("north", "use conjurer ghost-knight C4")
    given(s, ev.DamageTaken(rule=P + "effect.damage", hero="conjurer", amount=7, health=1))
    events = end_turn(s, "north", "end")
    assert rules_of(events)[:3] == ["hazard.relentless-fire.end", "death.die",
                                    "hazard.ghost-knight.conjurer"]
    assert "C4" not in s.state.hazards
    events = end_turn(s, "south", "end")
    assert rules_of(events)[-1] == "relic.draw-two" and len(events[-1].cards) == 2


# ---- Your Team's Turn: phases 1 and 2 ----------------------------------------------------------
def test_turn_phase_one_cools_and_wears_down_before_phase_two_draws():
    # North ends turn 3.  South's turn 4 begins: its War Horn token 2 -> 1, the Corpse
    # Parts tokens 2 -> 1 (every turn), then one relic card is drawn; north's own Throwing
    # Axe (token 2) waits for north's turn.
    s = duel(artifacts={"grave-keeper": "war-horn", "assassin": "throwing-axe"},
             hazards=[("corpse-parts", "E3")])
    given(s, ev.ArtifactFlippedDown(rule=P + "artifact.cooldown", hero="grave-keeper",
                                    artifact="war-horn", cooldown=2),
          ev.ArtifactFlippedDown(rule=P + "artifact.cooldown", hero="assassin",
                                 artifact="throwing-axe", cooldown=2),
          ev.HazardTokenRemoved(rule=P + "persistent.tokens", square="E3", kind="corpse-parts",
                                tokens=2))
    events = end_turn(s, "north", "end")
    assert kinds(events) == ["TurnEnded", "TurnBegan", "CooldownAdvanced", "HazardTokenRemoved",
                             "RelicsDrawn"]
    assert (events[2].hero, events[2].cooldown, events[3].tokens) == ("grave-keeper", 1, 1)
    assert hero(s, "assassin").cooldown == 2


# ---- Knockback ----------------------------------------------------------------------------------
def test_knockback_goes_diagonally_away_from_a_diagonal_knocker():
    # The Warden (north, C2) lashes the assassin on D3, diagonally ahead-right:
    # 1 damage, 1 bleed, 1 knockback away from her, south-east to E4.  8 - 1 = 7.
    s = position({"warden": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "D3"), "grave-keeper": ("south", "H6")})
    events = s.play("north", "use warden thorn-lash assassin")
    assert [(e.source, e.to, e.direction) for e in events if isinstance(e, ev.KnockedBack)] == [
        ("D3", "E4", "SE")]
    assert hero(s, "assassin").health == 7 and hero(s, "assassin").bleed == 1


def test_knockback_two_spaces_pushes_a_hero_met_on_the_second_space_once():
    # Titan Sweep (1 damage, 2 knockback south) on the assassin (D3); the grave keeper
    # stands on D5.  Step 1: D3 -> D4.  Step 2: into D5, so the keeper goes first,
    # D5 -> D6, then the assassin takes D5.
    s = slam(heroes={"grave-keeper": ("south", "D5")})
    events = s.play("north", "use god-killer sweep assassin")
    assert [(e.hero, e.source, e.to) for e in events if isinstance(e, ev.KnockedBack)] == [
        ("assassin", "D3", "D4"), ("grave-keeper", "D5", "D6"), ("assassin", "D4", "D5")]


# ---- Buried Alive ---------------------------------------------------------------------------
def test_buried_alive_always_travels_two_spaces_where_the_board_allows():
    # From C2 he may go for C4, A2 or E2 (two spaces), never one space only; behind him
    # (north) only C1 is left on the board, the end of that line.
    s = graveyard()
    lines = {c for c in legal(s, "north") if c.startswith("use grave-keeper buried-alive")}
    assert lines == {f"use grave-keeper buried-alive {sq}" for sq in ("A2", "C1", "C4", "E2")}
