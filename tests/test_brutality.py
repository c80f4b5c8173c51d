"""Rule tests for `brutality`: setup, the team turn, movement, abilities,
artifacts and cooldowns, relics, knockback, hazards, status effects,
burial, death and victory.

Rulebook: `../shared/rulebooks/brutality.txt`.  Most tests start from a
described position, read by the game's own `from_position`
(docs/positions/brutality.md; see `position`), so each test says which hero
stands where, facing which way, and whose turn it is.  Dice are loaded wherever
the rules shuffle or choose.
"""

from __future__ import annotations

import pytest

from engine.core.errors import BadOptions
from engine.core.game import find_game, register
from engine.games.brutality import content
from engine.games.brutality import events as ev
from engine.kit.testing import LoadedDice, Scenario

register("brutality", "engine.games.brutality")
game = find_game("brutality")
P = "brutality."
RELICS = content.relic_cards(content.relics())


# ---- a described position ------------------------------------------------------------------
def position(heroes, *, hazards=(), active="north", turn=3, board="standard", deck=None,
             hands=None, artifacts=None, **options):
    """A game in its action phase (docs/positions/brutality.md): `heroes` maps hero
    id -> (team, square[, facing]), listed in the order they were chosen; `hazards`
    are (kind, square); `deck` is the shared relic deck before the `hands` were drawn.
    Two heroes a team: a helper's hero mapped to None leaves the position."""
    heroes = {hero: where for hero, where in heroes.items() if where is not None}
    hands = {t: list(cards) for t, cards in (hands or {}).items()}
    held = {c for cards in hands.values() for c in cards}
    described = {
        "options": {"board": board, **options}, "turn": turn, "active": active,
        "heroes": {hero: {"team": team, "at": square, **({"facing": facing[0]} if facing else {}),
                          **({"artifact": artifacts[hero]} if hero in (artifacts or {}) else {})}
                   for hero, (team, square, *facing) in heroes.items()},
        "hazards": {square: {"kind": kind, "team": "north"} for kind, square in hazards},
        "relics": {"hands": hands}}
    if deck is not None:
        described["relics"]["decks"] = {"shared": [c for c in deck if c not in held]}
    return Scenario.from_position(game, described)


def kinds(events):
    return [type(e).__name__ for e in events]


def rules_of(events):
    for e in events:
        assert e.rule in game.RULES, f"{type(e).__name__} carries unknown rule {e.rule!r}"
    return [e.rule.removeprefix(P) for e in events]


def hero(s, hero_id):
    return s.state.heroes[hero_id]


def hung(s, hero_id):
    given(s, ev.HeroHung(rule=P + "status.noose", hero=hero_id))


def legal(s, seat):
    return {c.notation() for c in game.legal_commands(s.state, seat)}


def end_turn(s, seat, text="end", dice=None):
    """End `seat`'s actions and pass every "End of..." window offered: since rules
    version 4 a team is offered one whenever it holds a relic card (the hand's size
    is public, its cards are not), so most turns pass through one or two windows.
    Returns the facts of phases 4 and 5 and the next turn, the window facts left out
    (a test about the windows plays `end` and `pass` itself)."""
    facts = s.play(seat, text, dice=dice)
    while s.state.closing is not None and s.state.window:
        facts += s.play(s.state.window, "pass", dice=dice)
    return [f for f in facts if not isinstance(f, (ev.ActionsEnded, ev.EndWindowPassed))]


def discarded(s, pile="shared"):
    """A relic pile's discards in the order they were discarded."""
    return tuple(reversed(s.state.relic_decks[pile].discards))


def given(s, *facts):
    """Offstage facts (a wound, a bleed tile) folded into the position."""
    s.apply(facts)
    return s


# ---- options and setup -------------------------------------------------------------------------
def test_options_have_defaults_and_refuse_unknown_values():
    assert game.options(None, {}) == {"board": "standard", "relics": "deck", "players": 2,
                                      "first_turn_bonus": "starting", "tank_in_chain": "blocks",
                                      "start": "choose"}
    assert game.seats(game.options(None, {})) == ("north", "south")
    with pytest.raises(BadOptions, match="players"):
        game.options(3, {})
    with pytest.raises(BadOptions, match="board"):
        game.options(2, {"board": "moon"})
    with pytest.raises(BadOptions, match="colour"):
        game.options(2, {"colour": "red"})
    with pytest.raises(BadOptions, match="relics"):
        game.options(2, {"relics": "chaos"})


def test_setup_picks_the_starting_team_at_random_and_shuffles_the_relic_deck():
    order = list(reversed(RELICS))
    dice = LoadedDice(values=(2,), orders=[order])  # the second team of ("north", "south")
    facts = game.setup(game.options(2, {}), dice)
    assert rules_of(facts)[-2:] == ["setup.start-team", "setup.relic-deck"]
    assert facts[-2].team == "south" and facts[-1].order == tuple(order)
    assert len(facts[-1].order) == 56
    # Nobody sees the deck order, in the record or in a view.
    assert game.redact(facts[-1], "north")["order"] == {"hidden": 56}
    s = Scenario.from_events(game, facts)
    assert "relic_decks" not in game.view(s.state, "south")
    assert game.to_act(s.state) == ("south",)


def setup_scenario(board="standard"):
    facts = game.setup(game.options(2, {"board": board}), LoadedDice(values=(1,)))
    return Scenario.from_events(game, facts)  # north starts


def test_heroes_are_chosen_in_alternating_team_order_each_once():
    s = setup_scenario()
    s.expect_violation("south", "pick assassin", rule=P + "setup.order")
    events = s.play("north", "pick god-killer")
    assert rules_of(events) == ["setup.heroes", "setup.health"]
    assert hero(s, "god-killer").health == 14
    s.expect_violation("south", "pick god-killer", rule=P + "setup.hero-taken")
    s.play("south", "pick executioner")
    s.play("north", "pick assassin")
    s.play("south", "pick grave-keeper")
    assert s.state.phase == "place-heroes" and game.to_act(s.state) == ("north",)


def test_heroes_start_on_empty_corners_of_their_own_edge_facing_the_enemy():
    s = setup_scenario()
    for seat, h in (("north", "god-killer"), ("south", "executioner"), ("north", "assassin"),
                    ("south", "grave-keeper")):
        s.play(seat, f"pick {h}")
    s.expect_violation("north", "place god-killer A6", rule=P + "setup.place")
    s.expect_violation("north", "place god-killer D1", rule=P + "setup.place")
    # The two-space God Killer on the right-hand corner covers G1 and H1.
    s.play("north", "place god-killer H1")
    assert hero(s, "god-killer").square == "G1" and hero(s, "god-killer").facing == "S"
    s.play("south", "place executioner A6")
    assert hero(s, "executioner").facing == "N"
    s.expect_violation("north", "place assassin H1", rule=P + "setup.place")
    assert legal(s, "north") == {"place assassin A1"}


def test_artifacts_are_chosen_hero_by_hero_and_each_card_once():
    s = setup_scenario()
    for seat, h in (("north", "god-killer"), ("south", "executioner"), ("north", "assassin"),
                    ("south", "grave-keeper")):
        s.play(seat, f"pick {h}")
    for seat, h, sq in (("north", "god-killer", "H1"), ("south", "executioner", "A6"),
                        ("north", "assassin", "A1"), ("south", "grave-keeper", "H6")):
        s.play(seat, f"place {h} {sq}")
    assert s.state.phase == "choose-artifacts"
    s.play("north", "equip assassin bloodletter")
    s.expect_violation("south", "equip executioner bloodletter", rule=P + "setup.artifact-taken")
    s.expect_violation("south", "equip assassin war-horn", rule=P + "setup.own-hero")
    s.play("south", "equip executioner war-horn")
    s.play("north", "equip god-killer healing-draught")
    s.play("south", "equip grave-keeper chain-hook")
    assert s.state.phase == "place-hazards"


def test_two_hazards_outside_the_starting_rows_then_the_first_turn_begins():
    s = setup_scenario()
    for seat, h in (("north", "god-killer"), ("south", "executioner"), ("north", "assassin"),
                    ("south", "grave-keeper")):
        s.play(seat, f"pick {h}")
    for seat, h, sq in (("north", "god-killer", "H1"), ("south", "executioner", "A6"),
                        ("north", "assassin", "A1"), ("south", "grave-keeper", "H6")):
        s.play(seat, f"place {h} {sq}")
    for seat, h, a in (("north", "assassin", "bloodletter"), ("south", "executioner", "war-horn"),
                       ("north", "god-killer", "healing-draught"),
                       ("south", "grave-keeper", "chain-hook")):
        s.play(seat, f"equip {h} {a}")
    s.expect_violation("north", "hazard pike-trap C1", rule=P + "setup.hazards")
    s.expect_violation("north", "hazard pike-trap C6", rule=P + "setup.hazards")
    s.expect_violation("north", "hazard ghost-knight C3", rule=P + "setup.hazards")  # a hero's
    s.play("north", "hazard pike-trap C3")
    s.expect_violation("south", "hazard ruined-wall C3", rule=P + "hazard.no-stacking")
    events = s.play("south", "hazard ruined-wall E4")
    assert rules_of(events) == ["setup.hazards", "turn.order", "relic.draw"]
    assert s.state.active == "north" and s.state.turn == 1
    assert s.state.hand("north") == (RELICS[0],)
    # The drawn card is the north team's secret.
    assert game.redact(events[-1], "south")["cards"] == {"hidden": 1}
    assert game.redact(events[-1], "north")["cards"] == [RELICS[0]]
    assert game.view(s.state, "south")["hands"] == {"south": []}
    assert game.view(s.state, "north")["hands"]["north"] == [RELICS[0]]


def test_the_ice_pit_is_ringed_by_icicle_spikes():
    s = setup_scenario("ice-pit")
    assert s.state.hazards["A1"].kind == "icicle-spikes"
    assert s.state.board["starts"] == {"north": ("B2", "G2"), "south": ("B6", "G6")}
    for seat, h in (("north", "god-killer"), ("south", "executioner"), ("north", "assassin"),
                    ("south", "grave-keeper")):
        s.play(seat, f"pick {h}")
    s.play("north", "place god-killer G2")  # beside the icicles: it covers F2 and G2
    assert hero(s, "god-killer").square == "F2"


# ---- the team turn and movement ---------------------------------------------------------------
def duel(**kw):
    """The assassin (north, C2) against the grave keeper (south, C5), with partners far away."""
    heroes = {"assassin": ("north", "C2"), "god-killer": ("north", "G1"),
              "grave-keeper": ("south", "C5"), "executioner": ("south", "H6")}
    heroes.update(kw.pop("heroes", {}))
    return position(heroes, **kw)


def test_the_move_action_gives_three_spaces_spent_one_at_a_time():
    s = duel()
    events = s.play("north", "move assassin D3")  # eight arrows: diagonal steps allowed
    assert rules_of(events) == ["move.action", "move.step"]
    assert events[0].spaces == 3 and s.state.movement["assassin"] == 2
    s.play("north", "move assassin D4")
    s.play("north", "move assassin E4")
    s.expect_violation("north", "move assassin F4", rule=P + "move.spent")
    s.expect_violation("north", "move assassin E4", rule=P + "move.step")


def test_the_first_turn_of_the_game_gives_one_extra_space():
    s = duel(turn=1)
    assert s.play("north", "move assassin C3")[0].spaces == 4
    # Our reading: only the starting team's first turn is "the first turn of the game".
    s = duel(turn=2, active="south")
    assert s.play("south", "move grave-keeper C4")[0].spaces == 3
    s = duel(turn=2, active="south", first_turn_bonus="both")
    assert s.play("south", "move grave-keeper C4")[0].spaces == 4


def test_four_arrows_forbid_diagonal_steps_and_heroes_never_share_a_space():
    s = duel(active="south", turn=4)
    s.expect_violation("south", "move grave-keeper D4", rule=P + "move.compass")
    s.expect_violation("south", "move grave-keeper C2", rule=P + "move.step")
    s = duel(active="south", turn=4, heroes={"assassin": ("north", "C4")})
    s.expect_violation("south", "move grave-keeper C4", rule=P + "move.occupied")
    assert "move grave-keeper C4" not in legal(s, "south")
    # A two-space hero stays wholly on the board.
    s = duel()
    s.expect_violation("north", "move god-killer H1", rule=P + "move.board")


def test_turning_around_costs_a_space_and_movement_splits_around_abilities():
    s = duel(heroes={"grave-keeper": ("south", "C3")})
    s.play("north", "move assassin B2")
    s.play("north", "use assassin twin-blades grave-keeper")
    events = s.play("north", "turn assassin")
    assert rules_of(events) == ["move.facing"]
    assert hero(s, "assassin").facing == "N" and s.state.movement["assassin"] == 1
    s.play("north", "move assassin B1")
    # Move and one ability: both actions are spent.
    s.expect_violation("north", "use assassin throwing-knife grave-keeper", rule=P + "actions.two")


def test_two_different_abilities_and_then_no_move():
    s = duel(heroes={"grave-keeper": ("south", "C3")})
    s.play("north", "use assassin twin-blades grave-keeper")
    s.expect_violation("north", "use assassin twin-blades grave-keeper", rule=P + "ability.once")
    s.play("north", "use assassin throwing-knife grave-keeper")
    s.expect_violation("north", "move assassin B2", rule=P + "actions.two")
    assert not any(c.startswith(("move assassin", "use assassin")) for c in legal(s, "north"))


def test_only_the_team_whose_turn_it_is_acts_with_its_own_heroes():
    s = duel()
    s.expect_violation("south", "move grave-keeper C4", rule=P + "turn.active")
    s.expect_violation("north", "move grave-keeper C4", rule=P + "turn.own-hero")


# ---- abilities: range, facing, line of sight -----------------------------------------------------
def test_a_range_is_turned_to_the_heros_facing():
    # The throwing knife reaches three spaces ahead: south for a north hero facing forward.
    s = duel(heroes={"grave-keeper": ("south", "C5")})
    assert "use assassin throwing-knife grave-keeper" in legal(s, "north")
    s = duel(heroes={"assassin": ("north", "C2", "N"), "grave-keeper": ("south", "C5")})
    s.expect_violation("north", "use assassin throwing-knife grave-keeper", rule=P + "effect.range")


def test_line_of_sight_is_blocked_by_tanks_and_blocking_hazards():
    s = duel(heroes={"grave-keeper": ("south", "C5"), "executioner": ("south", "C4")})
    s.expect_violation("north", "use assassin throwing-knife grave-keeper", rule=P + "sight.blocked")
    s = duel(hazards=[("spiked-pillar", "C3")])
    s.expect_violation("north", "use assassin throwing-knife grave-keeper", rule=P + "sight.blocked")
    # A tank can still be targeted itself; a fire does not block sight.
    s = duel(heroes={"executioner": ("south", "C4")}, hazards=[("relentless-fire", "C3")])
    events = s.play("north", "use assassin throwing-knife executioner")
    assert rules_of(events) == ["ability.use", "effect.damage"]
    assert hero(s, "executioner").health == 10


# ---- knockback ---------------------------------------------------------------------------------
def slam(**kw):
    """The God Killer (north, C2-D2, facing south) about to Skybreaker the assassin."""
    heroes = {"god-killer": ("north", "C2"), "conjurer": ("north", "A1"),
              "assassin": ("south", "D3"), "grave-keeper": ("south", "H6")}
    heroes.update(kw.pop("heroes", {}))
    return position(heroes, **kw)


def test_knockback_pushes_away_from_the_knocker_one_fact_per_space():
    s = slam()
    events = s.play("north", "use god-killer sweep assassin")  # 1 damage, 2 knockback
    assert rules_of(events) == ["ability.use", "effect.damage", "knockback.move", "knockback.move"]
    assert [(e.source, e.to, e.direction) for e in events[2:]] == [("D3", "D4", "S"),
                                                                   ("D4", "D5", "S")]
    assert hero(s, "assassin").health == 7  # knockback itself deals no damage


def test_knockback_from_off_a_straight_line_goes_along_the_larger_difference():
    # Our reading: from the God Killer's centre (between C2 and D2) to E3 the offset is
    # 1.5 across and 1 down, not a straight or diagonal line: the push goes east.
    s = slam(heroes={"assassin": ("south", "E3")})
    events = s.play("north", "use god-killer sweep assassin")
    assert events[2].direction == "E" and hero(s, "assassin").square == "G3"


def test_a_hero_knocked_into_the_edge_stays_in_a_corner_and_on_an_edge():
    s = slam(heroes={"god-killer": ("north", "C5"), "assassin": ("south", "D6")})
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events)[-1] == "knockback.edge" and hero(s, "assassin").square == "D6"
    s = slam(heroes={"god-killer": ("north", "A4"), "assassin": ("south", "A6"),
                     "conjurer": ("north", "H1")})
    s.play("north", "move god-killer A5")
    events = s.play("north", "use god-killer sweep assassin")
    assert rules_of(events)[-1] == "knockback.corner" and hero(s, "assassin").square == "A6"


def test_a_spiked_pillar_stops_a_knockback_and_hurts():
    s = slam(hazards=[("spiked-pillar", "D5")])
    events = s.play("north", "use god-killer sweep assassin")
    assert rules_of(events) == ["ability.use", "effect.damage", "knockback.move",
                                "knockback.blocked", "hazard.spiked-pillar"]
    assert hero(s, "assassin").square == "D4" and hero(s, "assassin").health == 6


def test_a_ruined_wall_stops_a_knockback_without_damage():
    s = slam(hazards=[("ruined-wall", "D4")])
    events = s.play("north", "use god-killer sweep assassin")
    assert rules_of(events)[-1] == "knockback.blocked" and hero(s, "assassin").health == 7


def test_knocked_into_a_pike_trap_the_hero_stops_moving():
    s = slam(hazards=[("pike-trap", "D4")])
    events = s.play("north", "use god-killer sweep assassin")
    assert rules_of(events) == ["ability.use", "effect.damage", "knockback.move",
                                "hazard.pike-trap"]
    assert hero(s, "assassin").square == "D4" and hero(s, "assassin").health == 6


def test_knocked_through_a_fire_the_hero_burns_on_entering():
    s = slam(hazards=[("relentless-fire", "D4")])
    events = s.play("north", "use god-killer sweep assassin")
    assert rules_of(events) == ["ability.use", "effect.damage", "knockback.move",
                                "hazard.relentless-fire", "knockback.move"]
    assert hero(s, "assassin").square == "D5" and hero(s, "assassin").health == 6


def test_a_knockback_chain_pushes_the_hero_in_the_way_first():
    s = slam(heroes={"grave-keeper": ("south", "D4")})
    events = s.play("north", "use god-killer skybreaker assassin")  # 2 damage, 1 knockback
    assert [(type(e).__name__, e.hero) for e in events[2:]] == [
        ("KnockedBack", "grave-keeper"), ("KnockedBack", "assassin")]
    assert rules_of(events)[2:] == ["knockback.chain", "knockback.move"]
    assert hero(s, "grave-keeper").square == "D5" and hero(s, "assassin").square == "D4"


def test_chain_without_room_asks_the_knocker():
    s = slam(heroes={"god-killer": ("north", "C4"), "assassin": ("south", "D5"),
                     "grave-keeper": ("south", "D6")}, hazards=[("pike-trap", "C6")])
    events = s.play("north", "use god-killer skybreaker assassin")
    assert kinds(events)[-1] == "QuestionAsked" and rules_of(events)[-1] == "knockback.no-room"
    assert game.to_act(s.state) == ("north",)
    prompt, = game.prompts(s.state)
    assert prompt.seat == "north" and "answer C6" in prompt.choices
    assert legal(s, "north") == set(prompt.choices) == {"answer C5", "answer C6", "answer E5",
                                                        "answer E6"}
    s.expect_violation("south", "answer C6", rule=P + "prompt.answer")
    s.expect_violation("north", "move god-killer C3", rule="core.prompt")
    # North drops the grave keeper on the pike trap; then the assassin takes D6.
    events = s.play("north", "answer C6")
    assert rules_of(events) == ["prompt.answer", "prompt.answer", "hazard.pike-trap",
                                "knockback.move"]
    assert hero(s, "grave-keeper").square == "C6" and hero(s, "assassin").square == "D6"
    assert game.to_act(s.state)[0] == "north" and not game.prompts(s.state)


def test_a_corner_hero_pushed_along_stays_and_stops_the_chain():
    s = slam(heroes={"god-killer": ("north", "A4"), "assassin": ("south", "A5"),
                     "grave-keeper": ("south", "A6"), "conjurer": ("north", "H1")})
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events)[2:] == ["knockback.corner", "knockback.chain"]
    assert hero(s, "assassin").square == "A5" and hero(s, "grave-keeper").square == "A6"


def test_a_tank_in_the_way_stops_a_knockback_unless_the_option_pushes_it():
    heroes = {"assassin": ("south", "D3"), "executioner": ("south", "D4"), "grave-keeper": None}
    s = slam(heroes=heroes)
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events)[-1] == "knockback.tank" and hero(s, "assassin").square == "D3"
    s = slam(heroes=heroes, tank_in_chain="pushed")
    s.play("north", "use god-killer skybreaker assassin")
    assert hero(s, "executioner").square == "D5" and hero(s, "assassin").square == "D4"


def test_a_large_hero_is_knocked_back_as_a_whole():
    s = position({"grave-keeper": ("south", "C4"), "assassin": ("south", "H6"),
                  "god-killer": ("north", "C3"), "conjurer": ("north", "A1")}, active="south")
    events = s.play("south", "use grave-keeper shovel god-killer")
    assert [(e.source, e.to) for e in events if e.rule == P + "knockback.move"] == [("C3", "C2")]
    assert game.view(s.state, "")["heroes"]["god-killer"]["spaces"] == ["C2", "D2"]


# ---- the end of the turn: hazards, status effects -----------------------------------------------
def test_end_of_turn_damage_hits_the_team_whose_turn_ends():
    s = duel(heroes={"assassin": ("north", "C3"), "grave-keeper": ("south", "E5")},
             hazards=[("pike-trap", "C3"), ("relentless-fire", "E5")])
    events = end_turn(s, "north", "end")
    assert rules_of(events)[:3] == ["hazard.pike-trap.end", "turn.end", "turn.order"]
    assert hero(s, "assassin").health == 7 and hero(s, "grave-keeper").health == 10
    events = end_turn(s, "south", "end")
    assert rules_of(events)[0] == "hazard.relentless-fire.end"
    assert hero(s, "grave-keeper").health == 9


def test_a_large_hero_is_hurt_by_each_hazard_under_it():
    s = duel(hazards=[("pike-trap", "G1"), ("relentless-fire", "H1")])
    events = end_turn(s, "north", "end")
    assert rules_of(events)[:2] == ["hazard.pike-trap.end", "hazard.relentless-fire.end"]
    assert hero(s, "god-killer").health == 12


def test_entering_a_fire_or_a_pike_trap_hurts_and_blocking_hazards_cannot_be_entered():
    s = duel(hazards=[("relentless-fire", "C3"), ("spiked-pillar", "B3")])
    events = s.play("north", "move assassin C3")
    assert rules_of(events) == ["move.action", "move.step", "hazard.relentless-fire"]
    s.expect_violation("north", "move assassin B3", rule=P + "hazard.blocks")
    assert "move assassin B3" not in legal(s, "north")


def test_bleed_stacks_hurts_per_tile_and_is_removed_with_movement():
    s = duel(heroes={"grave-keeper": ("south", "C3")})
    s.play("north", "use assassin twin-blades grave-keeper")  # 1 damage, 1 bleed
    given(s, ev.BleedTaken(rule=P + "status.bleed", hero="grave-keeper", amount=1, bleed=2))
    assert hero(s, "grave-keeper").bleed == 2
    end_turn(s, "north", "end")
    # South's turn: spend one movement on one bleed tile; the other hurts at the end.
    events = s.play("south", "unbleed grave-keeper")
    assert rules_of(events) == ["move.action", "status.bleed.remove"]
    assert s.state.movement["grave-keeper"] == 2
    events = end_turn(s, "south", "end")
    assert rules_of(events)[0] == "status.bleed.end" and events[0].amount == 1
    assert hero(s, "grave-keeper").health == 10 - 1 - 1


def test_the_noose_holds_a_hero_in_place_until_removed_and_hurts_each_turn():
    s = position({"executioner": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "C4"), "grave-keeper": ("south", "H6")})
    events = s.play("north", "use executioner noose assassin")
    assert rules_of(events) == ["ability.use", "status.noose"] and hero(s, "assassin").hung
    end_turn(s, "north", "end")
    s.expect_violation("south", "move assassin C5", rule=P + "status.noose.no-move")
    s.expect_violation("south", "use assassin twin-blades executioner",
                       rule=P + "status.noose.no-ability")
    assert "turn assassin" in legal(s, "south")  # our reading: turning in place is allowed
    events = end_turn(s, "south", "end")
    assert rules_of(events)[0] == "status.noose.end" and hero(s, "assassin").health == 7
    end_turn(s, "north", "end")
    events = s.play("south", "unhang assassin")
    assert rules_of(events) == ["move.action", "status.noose.remove"]
    s.play("south", "move assassin C5")


def test_one_noose_at_most_and_knockback_removes_it():
    s = slam(heroes={"conjurer": ("north", "A1")})
    given(s, ev.HeroHung(rule=P + "status.noose", hero="assassin"))
    assert legal(s, "north") >= {"use god-killer skybreaker assassin"}
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events) == ["ability.use", "effect.damage", "status.noose.knockback",
                                "knockback.move"]
    assert not hero(s, "assassin").hung


# ---- burial ------------------------------------------------------------------------------------
def graveyard(**kw):
    """The Grave Keeper (north, C2, facing south) with an enemy just ahead."""
    heroes = {"grave-keeper": ("north", "C2"), "conjurer": ("north", "H1"),
              "assassin": ("south", "C3"), "plague-baron": ("south", "H6")}
    heroes.update(kw.pop("heroes", {}))
    return position(heroes, **kw)


def test_buried_alive_buries_the_enemy_on_the_way_and_hurts_on_the_grave():
    s = graveyard()
    assert {"use grave-keeper buried-alive A2", "use grave-keeper buried-alive C4",
            "use grave-keeper buried-alive E2"} <= legal(s, "north")
    events = s.play("north", "use grave-keeper buried-alive C4")
    assert rules_of(events) == ["ability.use", "bury.take", "ability.buried-alive",
                                "ability.buried-alive", "ability.buried-alive"]
    assert kinds(events)[1:] == ["HeroBuried", "DamageTaken", "HeroTravelled", "HeroTravelled"]
    assert hero(s, "assassin").buried and hero(s, "assassin").square == "C3"
    assert hero(s, "grave-keeper").square == "C4" and hero(s, "assassin").health == 7
    assert game.view(s.state, "")["graves"] == {"C3": ["assassin"]}


def test_standing_on_the_grave_of_a_buried_enemy_deals_another_damage():
    s = graveyard(heroes={"assassin": ("south", "C4")})
    events = s.play("north", "use grave-keeper buried-alive C4")
    assert rules_of(events)[-1] == "ability.buried-alive.stand"
    assert hero(s, "assassin").health == 6


def test_a_buried_hero_cannot_act_hurts_each_turn_and_rises_for_one_movement():
    s = graveyard()
    given(s, ev.HeroHung(rule=P + "status.noose", hero="assassin"))
    events = s.play("north", "use grave-keeper buried-alive C4")
    assert "bury.noose" in rules_of(events)  # burial takes the noose off
    end_turn(s, "north", "end")
    s.expect_violation("south", "use assassin twin-blades grave-keeper",
                       rule=P + "bury.no-ability")
    s.expect_violation("south", "move assassin C2", rule=P + "bury.no-move")
    events = end_turn(s, "south", "end")
    assert rules_of(events)[0] == "bury.end" and hero(s, "assassin").health == 6
    end_turn(s, "north", "end")
    events = s.play("south", "unbury assassin")
    assert rules_of(events) == ["move.action", "bury.unbury"]
    assert hero(s, "assassin").on_board and hero(s, "assassin").square == "C3"
    assert s.state.movement["assassin"] == 2


def test_rising_under_another_hero_knocks_it_where_the_risen_team_chooses():
    s = graveyard()
    s.play("north", "use grave-keeper buried-alive C4")
    s.play("north", "move grave-keeper D4")
    s.play("north", "move grave-keeper D3")
    s.play("north", "move grave-keeper C3")  # standing on the assassin's grave
    end_turn(s, "north", "end")
    events = s.play("south", "unbury assassin")
    assert kinds(events) == ["MoveActionTaken", "QuestionAsked"]
    assert game.to_act(s.state) == ("south",)
    assert "answer C3" not in legal(s, "south") and "answer B3" in legal(s, "south")
    events = s.play("south", "answer B3")
    assert rules_of(events) == ["prompt.answer", "prompt.answer", "bury.unbury"]
    assert hero(s, "grave-keeper").square == "B3" and hero(s, "assassin").square == "C3"


def test_a_hung_hero_cannot_take_a_second_noose():
    s = position({"executioner": ("north", "C2"), "god-killer": ("north", "G1"),
                  "assassin": ("south", "C4"), "grave-keeper": ("south", "H6")})
    given(s, ev.HeroHung(rule=P + "status.noose", hero="assassin"))
    events = s.play("north", "use executioner noose assassin")
    assert rules_of(events) == ["ability.use"]


# ---- artifacts, cooldowns and timing -------------------------------------------------------------
def test_an_artifact_takes_no_action_then_cools_down_over_three_team_turns():
    s = duel(heroes={"grave-keeper": ("south", "C3")}, artifacts={"assassin": "bloodletter"})
    events = s.play("north", "artifact assassin grave-keeper")
    assert rules_of(events) == ["artifact.use", "artifact.cooldown", "status.bleed"]
    assert hero(s, "assassin").cooldown == 3
    s.expect_violation("north", "artifact assassin grave-keeper", rule=P + "artifact.face-down")
    # No action spent: both abilities are still there.
    s.play("north", "use assassin twin-blades grave-keeper")
    s.play("north", "use assassin throwing-knife grave-keeper")
    cooldowns = []
    for _ in range(3):
        end_turn(s, "north", "end")
        end_turn(s, "south", "end")
        cooldowns.append(hero(s, "assassin").cooldown)
    assert cooldowns == [2, 1, 0]
    assert P + "cooldown.flip-up" in [e.rule for e in s.events[-4:]]


def test_enemy_turn_artifacts_are_reactions_of_the_other_team():
    s = duel(heroes={"grave-keeper": ("south", "C3")},
             artifacts={"grave-keeper": "spiked-shield", "assassin": "throwing-axe"})
    # North's turn: south may react with its Enemy Turn card.
    assert game.to_act(s.state) == ("north", "south")
    assert legal(s, "south") == {"artifact grave-keeper assassin"}
    events = s.play("south", "artifact grave-keeper assassin")
    # North could answer with its own card, so the shield waits on the stack.
    assert rules_of(events) == ["artifact.use", "artifact.cooldown", "stack.declare"]
    assert game.to_act(s.state) == ("north",)
    assert legal(s, "north") == {"artifact assassin grave-keeper", "pass"}
    s.expect_violation("north", "move assassin B2", rule=P + "stack.window")
    events = s.play("north", "pass")
    assert rules_of(events) == ["stack.pass", "stack.resolve", "effect.damage"]
    assert hero(s, "assassin").health == 7 and game.to_act(s.state) == ("north",)
    end_turn(s, "north", "end")
    # In its own turn the south team cannot play an Enemy Turn card...
    given(s, ev.ArtifactFlippedUp(rule=P + "cooldown.flip-up", hero="grave-keeper",
                                  artifact="spiked-shield"))
    s.expect_violation("south", "artifact grave-keeper assassin", rule=P + "timing.enemy")
    # ...nor north its Your Turn card in south's turn.
    s.expect_violation("north", "artifact assassin grave-keeper", rule=P + "timing.your")


def test_simultaneous_effects_resolve_last_declared_first():
    s = duel(hands={"south": ("saints-ward-1",)}, heroes={"grave-keeper": ("south", "C3")})
    events = s.play("north", "use assassin throwing-knife grave-keeper")
    assert rules_of(events) == ["ability.use", "stack.declare"]
    assert game.to_act(s.state) == ("south",)
    assert game.view(s.state, "")["stack"] == [  # with its effects, as the fact declared them
        {"team": "north", "source": "ability", "what": "assassin throwing-knife",
         "steps": [["damage", "grave-keeper", 2, "brutality.effect.damage"]]}]
    # South answers with Saint's Ward: declared last, it resolves first.
    events = s.play("south", "relic saints-ward-1 grave-keeper")
    assert rules_of(events) == ["relic.play", "stack.declare", "stack.resolve", "relic.next-time",
                                "stack.resolve", "relic.next-time"]
    assert kinds(events)[3:] == ["WardRaised", "EffectResolved", "DamagePrevented"]
    assert hero(s, "grave-keeper").health == 10 and not s.state.stack


def test_any_turn_artifacts_serve_in_both_turns():
    s = duel(heroes={"grave-keeper": ("south", "C3")}, artifacts={"grave-keeper": "war-horn"})
    events = s.play("south", "artifact grave-keeper assassin")
    assert [e.to for e in events if isinstance(e, ev.KnockedBack)] == ["C1"]


def test_a_dead_heros_artifact_cannot_be_used_and_its_cooldown_waits():
    s = duel(artifacts={"assassin": "healing-draught"})
    given(s, ev.ArtifactFlippedDown(rule=P + "artifact.cooldown", hero="assassin",
                                    artifact="healing-draught", cooldown=2),
          ev.HeroDied(rule=P + "death.die", hero="assassin"))
    s.expect_violation("north", "artifact assassin", rule=P + "death.artifact")
    end_turn(s, "north", "end")
    end_turn(s, "south", "end")
    assert hero(s, "assassin").cooldown == 2


def test_healing_never_passes_the_top_of_the_track():
    s = duel(artifacts={"assassin": "healing-draught"})
    given(s, ev.DamageTaken(rule=P + "effect.damage", hero="assassin", amount=1, health=7))
    events = s.play("north", "artifact assassin")
    assert [(e.amount, e.health) for e in events if isinstance(e, ev.HeroHealed)] == [(1, 8)]


# ---- relics ----------------------------------------------------------------------------------
def test_relics_are_drawn_up_to_a_hand_of_three_and_discarded_in_phase_four():
    s = duel(hands={"south": ("hell-fire-1", "meteor-1")}, deck=RELICS)
    events = end_turn(s, "north", "end")
    assert events[-1].cards == (RELICS[0],) and len(s.state.hand("south")) == 3
    s.expect_violation("south", "end wrath-1", rule=P + "relic.discard")
    s.expect_violation("south", "end meteor-1 meteor-1", rule=P + "relic.discard")  # held once
    # The cards named are a set: in any order (and case) they read as one choice.
    assert game.COMMANDS.parse("end Meteor-1 hell-fire-1").notation() == "end hell-fire-1 meteor-1"
    end_turn(s, "south", "end")
    end_turn(s, "north", "end")
    assert len(s.state.hand("south")) == 3  # full: nothing drawn
    events = end_turn(s, "south", "end hell-fire-1 meteor-1")
    assert rules_of(events)[0] == "relic.discard"
    assert discarded(s) == ("hell-fire-1", "meteor-1")


def test_a_team_with_one_hero_left_draws_two():
    s = duel()
    given(s, ev.HeroDied(rule=P + "death.die", hero="executioner"))
    events = end_turn(s, "north", "end")
    assert rules_of(events)[-1] == "relic.draw-two" and len(events[-1].cards) == 2


def test_an_empty_relic_deck_is_reshuffled_from_the_discards():
    s = duel(deck=("meteor-1",))
    given(s, ev.RelicsDrawn(rule=P + "relic.draw", team="north", cards=("meteor-1",)),
          ev.RelicsDiscarded(rule=P + "relic.discard", team="north", cards=("meteor-1",)))
    events = end_turn(s, "north", "end", dice=LoadedDice())
    assert rules_of(events)[-2:] == ["relic.reshuffle", "relic.draw"]
    assert s.state.hand("south") == ("meteor-1",) and discarded(s) == ()


# ---- death and victory --------------------------------------------------------------------------
def test_a_hero_at_zero_health_dies_and_the_team_with_both_enemies_dead_wins():
    s = duel(heroes={"grave-keeper": ("south", "C3")})
    given(s, ev.HeroDied(rule=P + "death.die", hero="executioner"),
          ev.DamageTaken(rule=P + "effect.damage", hero="grave-keeper", amount=8, health=2))
    events = s.play("north", "use assassin throwing-knife grave-keeper")
    assert rules_of(events) == ["ability.use", "effect.damage", "death.die", "victory.win"]
    assert game.outcome(s.state) == "north wins: both enemy heroes are dead"
    assert game.to_act(s.state) == () and hero(s, "grave-keeper").square is None
    s.expect_violation("south", "end", rule="core.game-over")


def test_both_last_heroes_dying_in_one_resolution_is_a_draw():
    # The Grave Keeper buries the last enemy (1 damage) and ends in a fire (1 damage).
    s = graveyard(hazards=[("relentless-fire", "C4")])
    given(s, ev.HeroDied(rule=P + "death.die", hero="conjurer"),
          ev.HeroDied(rule=P + "death.die", hero="plague-baron"),
          ev.DamageTaken(rule=P + "effect.damage", hero="grave-keeper", amount=9, health=1),
          ev.DamageTaken(rule=P + "effect.damage", hero="assassin", amount=7, health=1))
    events = s.play("north", "use grave-keeper buried-alive C4")
    assert rules_of(events)[-1] == "victory.draw"
    assert game.outcome(s.state).startswith("draw")


# ---- views ------------------------------------------------------------------------------------
def test_a_teams_relic_hand_is_hidden_from_the_other_team_and_spectators():
    import random
    s = duel(hands={"north": ("meteor-1",), "south": ("wrath-2", "hell-fire-3")})
    assert game.view(s.state, "north")["hands"] == {"north": ["meteor-1"]}
    assert game.view(s.state, "")["hands"] == {}
    assert game.view(s.state, "")["hand_sizes"] == {"north": 1, "south": 2}
    for seat in ("north", "south", ""):
        scrambled = game.scramble_hidden(s.state, seat, random.Random(4))
        assert game.view(scrambled, seat) == game.view(s.state, seat)
    assert "relic_decks" in game.view(s.state, None)
    assert "meteor" not in game.render(s.state)


# ---- Ghost Knights and Corpse Parts --------------------------------------------------------------
def conjuring(**kw):
    heroes = {"conjurer": ("north", "C2"), "god-killer": ("north", "G1"),
              "assassin": ("south", "C5"), "plague-baron": ("south", "E4")}
    heroes.update(kw.pop("heroes", {}))
    return position(heroes, **kw)


def test_the_conjurer_calls_a_ghost_knight_that_moves_two_spaces_at_once():
    s = conjuring()
    events = s.play("north", "use conjurer ghost-knight C4")
    assert rules_of(events) == ["ability.use", "effect.summon"]
    assert s.state.hazards["C4"].kind == "ghost-knight" and s.state.hazards["C4"].owner == "conjurer"
    # Even on the turn it appeared; no action needed; any direction, two spaces.
    assert "knight C4 D5" in legal(s, "north")
    s.play("north", "knight C4 D4")
    s.expect_violation("north", "knight D4 F4", rule=P + "hazard.ghost-knight.move")
    # Into an enemy's space: 1 damage and the knight is gone.
    events = s.play("north", "knight D4 E4")
    assert rules_of(events) == ["hazard.ghost-knight.move", "hazard.ghost-knight",
                                "hazard.ghost-knight"]
    assert kinds(events) == ["KnightMoved", "DamageTaken", "HazardRemoved"]
    assert "E4" not in s.state.hazards and hero(s, "plague-baron").health == 8


def test_a_knight_moves_two_spaces_a_turn_and_an_enemy_walking_in_is_struck():
    s = conjuring()
    s.play("north", "use conjurer ghost-knight C4")
    s.play("north", "knight C4 D4")
    s.play("north", "knight D4 D5")
    s.expect_violation("north", "knight D5 D6", rule=P + "hazard.ghost-knight.move")
    end_turn(s, "north", "end")
    s.expect_violation("south", "knight D5 D6", rule=P + "hazard.ghost-knight.move")
    events = s.play("south", "move assassin D5")
    assert rules_of(events)[-2:] == ["hazard.ghost-knight", "hazard.ghost-knight"]
    assert hero(s, "assassin").health == 7 and "D5" not in s.state.hazards


def test_a_friend_shares_a_space_with_a_knight_and_the_knights_leave_with_the_conjurer():
    s = conjuring()
    s.play("north", "use conjurer ghost-knight C3")
    s.play("north", "move conjurer D3")
    s.play("north", "move conjurer C3")
    assert s.state.hazards["C3"].kind == "ghost-knight" and hero(s, "conjurer").health == 8
    end_turn(s, "north", "end")
    given(s, ev.DamageTaken(rule=P + "effect.damage", hero="conjurer", amount=7, health=1),
          ev.BleedTaken(rule=P + "status.bleed", hero="conjurer", amount=1, bleed=1))
    end_turn(s, "south", "end")
    events = end_turn(s, "north", "end")
    assert rules_of(events)[:3] == ["status.bleed.end", "death.die",
                                    "hazard.ghost-knight.conjurer"]
    assert "C3" not in s.state.hazards


def test_corpse_parts_hurt_on_entering_and_at_the_end_of_the_turn_for_four_turns():
    s = conjuring(active="south")
    events = s.play("south", "use plague-baron corpse-parts E3")
    assert rules_of(events) == ["ability.use", "effect.summon"]
    assert s.state.hazards["E3"].tokens == 4
    s.play("south", "move plague-baron E3")
    assert hero(s, "plague-baron").health == 8
    events = end_turn(s, "south", "end")
    assert rules_of(events)[0] == "hazard.corpse-parts.end"
    tokens = []
    for seat in ("north", "south", "north", "south"):
        tokens.append(s.state.hazards["E3"].tokens if "E3" in s.state.hazards else 0)
        end_turn(s, seat, "end")
    # Phase 1 of each turn takes a token off; the fourth turn after it lands, it is gone.
    assert tokens == [3, 2, 1, 0]


def test_corpse_parts_can_be_knocked_back_and_stop_before_a_hero():
    s = conjuring(active="south", heroes={"assassin": ("south", "E6")})
    s.play("south", "use plague-baron corpse-parts E3")
    events = s.play("south", "use plague-baron kick-remains E3")
    assert rules_of(events) == ["ability.use", "hazard.corpse-parts.knockback",
                                "hazard.corpse-parts.knockback"]
    assert kinds(events)[1:] == ["HazardKnockedBack", "HazardKnockedBack"]
    assert s.state.hazards["E1"].tokens == 4
    s = conjuring(active="south", heroes={"conjurer": ("north", "E2")})
    s.play("south", "use plague-baron corpse-parts E3")
    events = s.play("south", "use plague-baron kick-remains E3")
    assert kinds(events)[1:] == ["HazardStopped"] and "E3" in s.state.hazards


# ---- the Catapult and jumping -------------------------------------------------------------------
def launch(hazards=(("catapult", "C3"),), **kw):
    """The assassin (north, C2) next to a Catapult on C3."""
    heroes = {"assassin": ("north", "C2"), "god-killer": ("north", "G1"),
              "grave-keeper": ("south", "H5"), "executioner": ("south", "H6")}
    heroes.update(kw.pop("heroes", {}))
    return position(heroes, hazards=list(hazards), **kw)


def test_moving_onto_a_catapult_offers_a_jump_of_up_to_two_spaces_or_staying():
    s = launch()
    events = s.play("north", "move assassin C3")
    assert kinds(events)[-1] == "QuestionAsked" and rules_of(events)[-1] == "hazard.catapult"
    choices = legal(s, "north")
    assert {"answer stay", "answer C5", "answer E3", "answer A1", "answer C4"} <= choices
    assert "answer C6" not in choices
    assert game.prompts(s.state)[0].question.startswith("Astar'al, The Assassin stands on a Catapult")
    events = s.play("north", "answer C5")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult"]
    assert hero(s, "assassin").square == "C5" and s.state.movement["assassin"] == 2
    s = launch()
    s.play("north", "move assassin C3")
    assert rules_of(s.play("north", "answer stay")) == ["prompt.answer"]
    assert hero(s, "assassin").square == "C3"


def test_a_jump_onto_an_enemy_hurts_and_pushes_it_onto_a_friend_only_pushes():
    s = launch(heroes={"grave-keeper": ("south", "C5")})
    s.play("north", "move assassin C3")
    events = s.play("north", "answer C5")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult.land", "knockback.chain",
                                "hazard.catapult"]
    assert hero(s, "grave-keeper").square == "C6" and hero(s, "grave-keeper").health == 9
    s = launch(heroes={"conjurer": ("north", "E3"), "god-killer": None})
    s.play("north", "move assassin C3")
    events = s.play("north", "answer E3")
    assert rules_of(events) == ["prompt.answer", "knockback.chain", "hazard.catapult"]
    assert hero(s, "conjurer").square == "F3" and hero(s, "conjurer").health == 8


def test_knocked_onto_a_catapult_by_an_enemy_the_enemy_chooses_the_jump():
    s = slam(hazards=[("catapult", "D4")], heroes={"grave-keeper": ("south", "F4")})
    events = s.play("north", "use god-killer sweep assassin")  # 2 knockback: the jump replaces
    assert kinds(events)[-2:] == ["KnockedBack", "QuestionAsked"]
    assert game.to_act(s.state) == ("north",) and "answer stay" not in legal(s, "north")
    # North drops the assassin on its own friend: both are hurt, the friend is pushed.
    events = s.play("north", "answer F4")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult.land", "hazard.catapult.land",
                                "knockback.chain", "hazard.catapult.knockback"]
    assert hero(s, "assassin").square == "F4" and hero(s, "grave-keeper").square == "G4"
    assert hero(s, "assassin").health == 8 - 1 - 1 and hero(s, "grave-keeper").health == 9


def test_a_jump_passes_over_a_ruined_wall_but_not_a_spiked_pillar():
    s = launch(hazards=[("catapult", "C3"), ("ruined-wall", "C4")])
    s.play("north", "move assassin C3")
    assert "answer C4" not in legal(s, "north")  # a wall is jumped over, never landed on
    s.play("north", "answer C5")
    assert hero(s, "assassin").square == "C5"
    s = launch(hazards=[("catapult", "C3"), ("spiked-pillar", "C4")])
    s.play("north", "move assassin C3")
    assert not {"answer C4", "answer C5"} & legal(s, "north")
    s.expect_violation("north", "answer C5", rule=P + "jump.blocked")
    assert hero(s, "assassin").square == "C3" and hero(s, "assassin").health == 8


def test_an_enemys_throw_is_stopped_before_a_spiked_pillar_and_hurts():
    # Knocked onto the Catapult on D4, the assassin is thrown where north chooses: a
    # forced move, so a pillar on its way stops it in the closest space before (here the
    # Catapult itself) and hurts: 8 - 1 (the sweep) - 1 (the pillar).
    s = slam(hazards=[("catapult", "D4"), ("spiked-pillar", "D5")])
    s.play("north", "use god-killer sweep assassin")
    assert "answer D6" in legal(s, "north") and "answer D5" not in legal(s, "north")
    events = s.play("north", "answer D6")
    assert rules_of(events) == ["prompt.answer", "jump.blocked", "hazard.spiked-pillar"]
    assert hero(s, "assassin").square == "D4" and hero(s, "assassin").health == 6


def test_landing_on_a_fire_burns_but_jumping_over_it_does_not():
    s = launch(hazards=[("catapult", "C3"), ("relentless-fire", "C4")])
    s.play("north", "move assassin C3")
    s.play("north", "answer C5")
    assert hero(s, "assassin").health == 8
    s = launch(hazards=[("catapult", "C3"), ("relentless-fire", "C5")])
    s.play("north", "move assassin C3")
    events = s.play("north", "answer C5")
    assert rules_of(events)[-1] == "hazard.relentless-fire" and hero(s, "assassin").health == 7


def test_jumping_onto_a_hero_in_a_corner_lands_beside_it_by_choice():
    s = launch(hazards=[("catapult", "B2")], heroes={"assassin": ("north", "C2"),
                                                    "grave-keeper": ("south", "A1")})
    s.play("north", "move assassin B2")
    events = s.play("north", "answer A1")
    assert rules_of(events)[-1] == "jump.corner"
    assert legal(s, "north") == {"answer A2", "answer B1", "answer B2"}
    events = s.play("north", "answer B1")
    assert hero(s, "assassin").square == "B1" and hero(s, "grave-keeper").square == "A1"


# ---- relic cards and their timing words --------------------------------------------------------
def test_a_relic_is_played_without_an_action_and_discarded():
    s = duel(hands={"north": ("wrath-1",)})
    events = s.play("north", "relic wrath-1 grave-keeper")  # in sight of the assassin
    assert rules_of(events) == ["relic.play", "effect.damage"]
    assert hero(s, "grave-keeper").health == 7
    assert discarded(s) == ("wrath-1",)
    assert s.state.hand("north") == () and s.state.acted == {}
    s.expect_violation("north", "relic wrath-1 grave-keeper", rule=P + "relic.hand")


def test_your_turn_enemy_turn_and_any_turn_relics():
    s = duel(hands={"north": ("mending-light-1", "gallows-curse-1", "smoke-bomb-1")})
    end_turn(s, "north", "end")
    # South's turn: north may react with its Any Turn cards, not its Your Turn one.
    assert game.to_act(s.state) == ("south", "north")
    s.expect_violation("north", "relic mending-light-1 assassin", rule=P + "timing.your")
    assert {"relic gallows-curse-1 grave-keeper", "relic smoke-bomb-1 assassin"} <= legal(s, "north")
    events = s.play("north", "relic gallows-curse-1 grave-keeper")
    # Rules version 4: south holds a card (drawn in phase 2), so it is offered an
    # answer before the curse resolves, whichever card that is; it passes.
    assert rules_of(events) == ["relic.play", "stack.declare"]
    assert rules_of(s.play("south", "pass")) == ["stack.pass", "stack.resolve", "status.noose"]


def test_end_of_phase_relics_are_played_once_the_actions_are_ended():
    s = duel(hands={"north": ("open-wounds-1",), "south": ("withering-1",)})
    s.expect_violation("north", "relic open-wounds-1 grave-keeper", rule=P + "timing.end")
    events = s.play("north", "end")  # north holds an End of your turn card: the window opens
    assert rules_of(events) == ["timing.end"] and game.to_act(s.state) == ("north",)
    s.expect_violation("north", "move assassin C3", rule=P + "timing.end")
    assert {"relic open-wounds-1 grave-keeper", "pass"} <= legal(s, "north")
    s.play("north", "relic open-wounds-1 grave-keeper")
    # Rules version 4: south holds a card, so it is offered an answer to the curse
    # (it could not tell it from any other card's: its hand is hidden); it passes.
    assert s.state.responder == "south"
    s.play("south", "pass")
    # North is done; south holds an End of the enemy's turn card: its chance comes next.
    events = s.play("north", "pass")
    assert rules_of(events) == ["timing.end"] and game.to_act(s.state) == ("south",)
    events = s.play("south", "pass")
    assert rules_of(events)[:2] == ["timing.end", "turn.end"]
    assert s.state.active == "south" and hero(s, "grave-keeper").bleed == 2
    # At the end of south's actions, north has nothing; south's bleed hurts in phase 5.
    events = end_turn(s, "south", "end")
    assert rules_of(events)[:2] == ["status.bleed.end", "status.bleed.end"]


def test_an_end_of_the_enemy_phase_card_waits_for_the_enemy_to_end():
    s = duel(hands={"south": ("withering-1",)})
    s.expect_violation("south", "relic withering-1 assassin", rule=P + "timing.end")
    events = s.play("north", "end")
    assert rules_of(events) == ["timing.end"] and game.to_act(s.state) == ("south",)
    events = s.play("south", "relic withering-1 assassin")
    assert rules_of(events) == ["relic.play", "effect.damage"]
    events = s.play("south", "pass")
    assert rules_of(events)[:3] == ["timing.end", "turn.end", "turn.order"]
    assert s.state.active == "south"


def test_an_enemy_in_sight_is_needed_for_an_enemy_seen_relic():
    s = duel(hands={"north": ("gallows-curse-1",)}, heroes={"executioner": ("south", "C4")})
    given(s, ev.HeroDied(rule=P + "death.die", hero="god-killer"))
    # The tank at C4 blocks the assassin's sight of the grave keeper at C5.
    s.expect_violation("north", "relic gallows-curse-1 grave-keeper", rule=P + "relic.target")
    assert "relic gallows-curse-1 executioner" in legal(s, "north")


def test_start_of_turn_relics_come_before_the_first_action():
    s = duel(hands={"north": ("second-wind-1", "second-wind-2"), "south": ("leaden-feet-1",)})
    # South, at the start of north's action phase, roots the God Killer; north answers
    # with a Second Wind for the assassin (south has nothing left to answer with).
    assert "relic leaden-feet-1 god-killer" in legal(s, "south")
    s.play("south", "relic leaden-feet-1 god-killer")
    events = s.play("north", "relic second-wind-1 assassin")
    assert rules_of(events)[-4:] == ["stack.resolve", "relic.haste", "stack.resolve",
                                     "relic.ground"]
    s.expect_violation("north", "move god-killer F1", rule=P + "relic.ground")
    assert s.play("north", "move assassin C3")[0].spaces == 5
    # The first action is taken: the start of the phase is over.
    s.expect_violation("north", "relic second-wind-2 god-killer", rule=P + "timing.start")


def test_a_next_time_relic_waits_in_play_until_it_triggers():
    s = duel(hands={"south": ("saints-ward-1",)}, heroes={"grave-keeper": ("south", "C3")})
    s.play("south", "relic saints-ward-1 grave-keeper")  # an Any Turn card, in north's turn
    assert s.state.wards == {"grave-keeper": "saints-ward-1"} and discarded(s) == ()
    events = s.play("north", "use assassin throwing-knife grave-keeper")
    assert rules_of(events) == ["ability.use", "relic.next-time"]
    assert hero(s, "grave-keeper").health == 10
    assert discarded(s) == ("saints-ward-1",)
    s.play("north", "use assassin twin-blades grave-keeper")
    assert hero(s, "grave-keeper").health == 9  # only the next time


def test_a_revived_hero_returns_to_a_corner_with_its_artifact():
    s = duel(hands={"north": ("resurrection-1",)}, artifacts={"god-killer": "healing-draught"})
    given(s, ev.ArtifactFlippedDown(rule=P + "artifact.cooldown", hero="god-killer",
                                    artifact="healing-draught", cooldown=2),
          ev.HeroDied(rule=P + "death.die", hero="god-killer"))
    events = s.play("north", "relic resurrection-1 god-killer")
    assert rules_of(events) == ["relic.play", "death.revive"]
    # Our reading: an empty starting corner of the team's edge (A1 is free; H1 needs G1-H1).
    assert (events[1].square, events[1].health, events[1].facing) == ("A1", 5, "S")
    end_turn(s, "north", "end")
    end_turn(s, "south", "end")
    assert hero(s, "god-killer").cooldown == 1  # the cooldown went on from where it stopped


def test_hell_fire_bursts_out_at_the_end_of_the_opponents_next_turn():
    s = duel(hands={"north": ("hell-fire-1",)}, hazards=[("pike-trap", "F3")])
    assert "relic hell-fire-1 C3 F3" not in legal(s, "north")  # a hazard on the line
    events = s.play("north", "relic hell-fire-1 A4 D4")
    assert rules_of(events) == ["relic.play", "relic.hell-fire"]
    events = end_turn(s, "north", "end")
    assert "HellFireLit" not in kinds(events)
    events = end_turn(s, "south", "end")
    assert kinds(events)[:5] == ["HellFireLit"] + ["HazardPlaced"] * 4
    assert [e.tokens for e in events[1:5]] == [3, 3, 3, 3]
    # North's phase 1 follows at once and takes the first token off each fire.
    assert all(s.state.hazards[sq].tokens == 2 for sq in ("A4", "B4", "C4", "D4"))


def test_a_meteor_hurts_everyone_around_a_space_and_pushes_them_away():
    s = duel(hands={"north": ("meteor-1",)}, heroes={"grave-keeper": ("south", "C4"),
                                                     "executioner": ("south", "D5")})
    events = s.play("north", "relic meteor-1 C5")
    assert rules_of(events) == ["relic.play", "relic.blast", "relic.blast", "knockback.move",
                                "knockback.move"]
    assert hero(s, "grave-keeper").square == "C3" and hero(s, "executioner").square == "E5"


def test_master_thief_takes_a_random_card_seen_only_by_the_two_teams():
    s = duel(hands={"north": ("master-thief-1",), "south": ("wrath-1", "meteor-2")})
    s.play("north", "relic master-thief-1")  # south could answer with its Saint's Wrath
    events = s.play("south", "pass", dice=LoadedDice(values=(2,)))
    assert rules_of(events) == ["stack.pass", "stack.resolve", "relic.steal"]
    assert events[-1].card == "wrath-1"  # the second of (meteor-2, wrath-1)
    assert (s.state.hand("north"), s.state.hand("south")) == (("wrath-1",), ("meteor-2",))
    assert game.redact(events[-1], "")["card"] == {"hidden": 1}
    assert game.redact(events[-1], "south")["card"] == "wrath-1"


def test_demolition_removes_a_hazard_but_not_the_icicles():
    s = position({"assassin": ("north", "C3"), "god-killer": ("north", "F2"),
                  "grave-keeper": ("south", "C5"), "executioner": ("south", "G6")},
                 board="ice-pit", hazards=[("ruined-wall", "D4")],
                 hands={"north": ("demolition-1",)})
    assert {c for c in legal(s, "north") if c.startswith("relic")} == {"relic demolition-1 D4"}
    events = s.play("north", "relic demolition-1 D4")
    assert rules_of(events) == ["relic.play", "relic.remove-hazard"] and "D4" not in s.state.hazards


# ---- Controlled Chaos ----------------------------------------------------------------------------
def test_controlled_chaos_drafts_four_stacks_into_two_team_decks():
    facts = game.setup(game.options(2, {"relics": "draft"}), LoadedDice(values=(1,)))
    assert rules_of(facts)[-1] == "draft.stacks"
    assert {k: len(v) for k, v in facts[-1].stacks.items()} == {
        "blessing": 8, "curse": 8, "op": 8, "utility": 8}
    assert game.redact(facts[-1], "north")["stacks"]["op"] == {"hidden": 8}
    s = Scenario.from_events(game, facts)
    assert s.state.phase == "draft" and legal(s, "north") == {
        "stack blessing", "stack curse", "stack op", "stack utility"}
    # North leads the first stack: it opens it and takes the first card.
    events = s.play("north", "stack blessing")
    assert events[0].cards == facts[-1].stacks["blessing"]
    s.expect_violation("north", "stack curse", rule=P + "draft.order")
    s.play("north", "draft resurrection-1")
    s.expect_violation("north", "draft resurrection-2", rule=P + "setup.order")
    s.expect_violation("south", "draft saints-ward-1", rule=P + "draft.pick")
    s.play("south", "draft resurrection-2")
    for _ in range(6):
        seat = game.to_act(s.state)[0]
        s.play(seat, sorted(legal(s, seat))[0])
    # South leads the second stack.
    assert game.to_act(s.state) == ("south",) and s.state.draft_open == ""
    for _ in range(3 * 9 - 1):
        seat = game.to_act(s.state)[0]
        s.play(seat, sorted(legal(s, seat))[0])
    last = game.to_act(s.state)[0]
    events = s.play(last, sorted(legal(s, last))[0], dice=LoadedDice())
    assert rules_of(events) == ["draft.pick", "draft.decks", "draft.decks"]
    assert s.state.phase == "choose-heroes"
    for team in ("north", "south"):
        cards = s.state.drafted[team]
        assert len(cards) == 16 and sorted(s.state.relic_decks[team].cards) == sorted(cards)
        kinds_of = [content.relics()[content.relic_of(c)]["type"] for c in cards]
        assert {k: kinds_of.count(k) for k in set(kinds_of)} == {
            "blessing": 4, "curse": 4, "op": 4, "utility": 4}
    assert "relic_decks" not in game.view(s.state, "north")


def test_in_controlled_chaos_each_team_draws_from_and_discards_to_its_own_deck():
    # The drafted lists say whose each card is; each team's deck holds its own.
    s = Scenario.from_position(game, {
        "options": {"relics": "draft"}, "turn": 3,
        "heroes": {"assassin": {"team": "north", "at": "C2"},
                   "god-killer": {"team": "north", "at": "G1"},
                   "grave-keeper": {"team": "south", "at": "C5"},
                   "executioner": {"team": "south", "at": "H6"}},
        "draft": {"drafted": {"north": ["wrath-1", "meteor-1"],
                              "south": ["withering-1", "master-thief-1"]}}})
    assert s.state.relic_decks["north"].cards == ("wrath-1", "meteor-1")
    events = end_turn(s, "north", "end")
    assert events[-1].cards == ("withering-1",)
    end_turn(s, "south", "end withering-1")
    assert discarded(s, "south") == ("withering-1",)
    assert s.state.hand("north") == ("wrath-1",)
    # A stolen card, once played, goes back to its owner's discards.
    given(s, ev.RelicStolen(rule=P + "relic.steal", team="south", victim="north", card="wrath-1"))
    s.play("south", "relic wrath-1 assassin")
    assert discarded(s, "north") == ("wrath-1",)


# ---- more edges ---------------------------------------------------------------------------------
def test_a_pushed_along_hero_with_no_open_space_at_all_stops_the_push():
    # The grave keeper on A5 (an edge, not a corner) is pushed along into the edge, and
    # every space around it is blocked.
    s = position({"god-killer": ("north", "C5"), "conjurer": ("north", "H1"),
                  "assassin": ("south", "B5"), "grave-keeper": ("south", "A5")},
                 hazards=[("spiked-pillar", "A4"), ("spiked-pillar", "B4"), ("ruined-wall", "B6"),
                          ("ruined-wall", "A6")])
    events = s.play("north", "use god-killer sweep assassin")  # pushed west into A5
    assert rules_of(events)[2:] == ["knockback.no-room", "knockback.chain"]
    assert hero(s, "assassin").square == "B5" and hero(s, "grave-keeper").square == "A5"


def test_a_friends_push_onto_a_catapult_launches_nothing():
    # Our reading: only an enemy's knockback makes the pushed hero jump.  Here the north
    # team's push carries its own Conjurer along onto the Catapult.
    s = slam(heroes={"conjurer": ("north", "D4")}, hazards=[("catapult", "D5")])
    events = s.play("north", "use god-killer skybreaker assassin")
    assert "QuestionAsked" not in kinds(events)
    assert hero(s, "conjurer").square == "D5" and hero(s, "assassin").square == "D4"


def test_cards_wait_while_a_question_is_asked_and_only_the_asked_team_answers():
    s = slam(heroes={"god-killer": ("north", "C4"), "assassin": ("south", "D5"),
                     "grave-keeper": ("south", "D6")}, hands={"south": ("smoke-bomb-1",)})
    s.play("north", "use god-killer skybreaker assassin")
    assert game.to_act(s.state) == ("south",)  # south could answer with its Smoke Bomb
    s.play("south", "pass")
    assert game.to_act(s.state) == ("north",) and s.state.question[1] == "displace"
    s.expect_violation("south", "relic smoke-bomb-1 assassin", rule=P + "timing.phase")
    s.expect_violation("south", "pass", rule=P + "stack.pass")


def test_a_grave_with_no_room_keeps_its_hero_buried():
    s = graveyard()
    s.play("north", "use grave-keeper buried-alive C4")
    end_turn(s, "north", "end")
    # A friend of the Grave Keeper stands on the grave, boxed in by hazards and heroes.
    given(s, ev.HeroDisplaced(rule=P + "prompt.answer", hero="conjurer", source="H1", to="C3",
                              team="north"))
    for sq in ("B2", "B3", "B4", "D2", "D3", "D4", "C2"):
        given(s, ev.HazardPlaced(rule=P + "setup.hazards", kind="ruined-wall", square=sq,
                                 team="north", owner="", tokens=0))
    s.expect_violation("south", "unbury assassin", rule=P + "bury.unbury-blocked")
    assert "unbury assassin" not in legal(s, "south")


def test_a_victory_waits_for_the_whole_stack_to_resolve():
    s = duel(heroes={"grave-keeper": ("south", "C3")}, hands={"south": ("mending-light-1",)},
             artifacts={"grave-keeper": "smelling-salts"})
    given(s, ev.HeroDied(rule=P + "death.die", hero="executioner"),
          ev.DamageTaken(rule=P + "effect.damage", hero="grave-keeper", amount=8, health=2))
    s.play("north", "use assassin throwing-knife grave-keeper")
    events = s.play("south", "artifact grave-keeper")
    assert rules_of(events)[-2:] == ["death.die", "victory.win"]
    assert game.outcome(s.state).startswith("north wins")


# ---- four players --------------------------------------------------------------------------------
def test_with_four_players_each_plays_one_hero_and_the_team_shares_the_rest():
    opts = game.options(4, {})
    assert game.seats(opts) == ("north-1", "north-2", "south-1", "south-2")
    s = Scenario.from_events(game, game.setup(opts, LoadedDice(values=(1,))))
    # A team's first hero is its player 1's, the second its player 2's.
    assert game.to_act(s.state) == ("north-1", "north-2")
    assert legal(s, "north-2") == set()
    s.expect_violation("north-2", "pick assassin", rule=P + "players.hero")
    s.play("north-1", "pick assassin")
    s.play("south-1", "pick executioner")
    s.play("north-2", "pick conjurer")
    s.play("south-2", "pick grave-keeper")
    assert all(c.startswith("place assassin") for c in legal(s, "north-1"))
    s.expect_violation("north-2", "place assassin A1", rule=P + "players.hero")
    s.play("north-1", "place assassin A1")
    s.play("south-1", "place executioner A6")
    s.play("north-2", "place conjurer H1")
    s.play("south-2", "place grave-keeper H6")
    for seat, hero_id, card in (("north-1", "assassin", "bloodletter"),
                                ("south-1", "executioner", "war-horn"),
                                ("north-2", "conjurer", "throwing-axe"),
                                ("south-2", "grave-keeper", "chain-hook")):
        s.play(seat, f"equip {hero_id} {card}")
    s.play("north-2", "hazard pike-trap C3")  # a team decision: either player
    s.play("south-1", "hazard ruined-wall E4", dice=LoadedDice())
    assert s.state.phase == "actions"
    s.expect_violation("north-2", "move assassin B1", rule=P + "players.hero")
    s.play("north-1", "move assassin B1")
    s.play("north-2", "move conjurer G2")
    # Both players of a team see its relic hand; the other team's do not.
    card = s.state.hand("north")[0]
    assert game.view(s.state, "north-2")["hands"] == {"north": [card]}
    assert game.view(s.state, "south-1")["hands"] == {"south": []}
    prompts_seats = game.to_act(s.state)
    assert prompts_seats[:2] == ("north-1", "north-2")
    end_turn(s, "north-2", "end")
    assert game.to_act(s.state)[:2] == ("south-1", "south-2")


def test_a_draw_of_two_stops_at_the_hand_of_three():
    s = duel(hands={"south": ("wrath-1", "meteor-1")})
    given(s, ev.HeroDied(rule=P + "death.die", hero="executioner"))
    events = end_turn(s, "north", "end")
    assert rules_of(events)[-1] == "relic.hand-limit" and len(events[-1].cards) == 1
    assert len(s.state.hand("south")) == 3


def test_each_bleed_tile_hurts_as_its_own_fact():
    s = duel()
    given(s, ev.BleedTaken(rule=P + "status.bleed", hero="assassin", amount=3, bleed=3))
    events = end_turn(s, "north", "end")
    assert rules_of(events)[:3] == ["status.bleed.end"] * 3
    assert [e.health for e in events[:3]] == [7, 6, 5]


def test_the_board_picture_draws_the_pushes_of_the_turn():
    import xml.etree.ElementTree as ET

    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    from viewer import boards, pictures

    env = Environment(loader=FileSystemLoader("viewer/templates"), autoescape=True,
                      undefined=StrictUndefined)
    boards.register(env)
    pictures.register(env)
    s = slam(heroes={"grave-keeper": ("south", "D4")}, hazards=[("pike-trap", "A3")])
    s.play("north", "use god-killer skybreaker assassin")
    shown = game.view(s.state, "north")
    assert shown["pushes"] == [
        {"hero": "grave-keeper", "source": "D4", "to": "D5", "from_spaces": ["D4"],
         "to_spaces": ["D5"]},
        {"hero": "assassin", "source": "D3", "to": "D4", "from_spaces": ["D3"], "to_spaces": ["D4"]}]
    svg = env.get_template("boards/brutality.html").render(board=shown, changed=[], game=game)
    root = ET.fromstring(svg[svg.index("<svg"):svg.rindex("</svg>") + 6])
    lines = root.findall(".//{http://www.w3.org/2000/svg}line")
    assert len(lines) == 2 and 'id="token-god-killer"' in svg and "pikes" in svg


def test_a_random_start_makes_every_setup_choice_with_the_dice():
    from engine.core.dice import Dice

    facts = game.setup(game.options(2, {"start": "random"}), Dice(3, 1))
    s = Scenario.from_events(game, facts)
    assert s.state.phase == "actions" and s.state.turn == 1
    counted = rules_of(facts)
    assert counted.count("setup.heroes") == 4 and counted.count("setup.place") == 4
    assert counted.count("setup.artifacts") == 4 and counted.count("setup.hazards") == 2


def test_a_large_hero_entering_two_hazards_is_hurt_by_each():
    s = slam(hazards=[("relentless-fire", "C3"), ("pike-trap", "D3")],
             heroes={"assassin": ("south", "F5")})
    events = s.play("north", "move god-killer C3")
    assert rules_of(events) == ["move.action", "move.step", "hazard.relentless-fire",
                                "hazard.pike-trap"]
    assert hero(s, "god-killer").health == 12


def test_a_pull_is_a_knockback_towards_its_user():
    s = position({"leviathan-hunter": ("north", "C2"), "god-killer": ("north", "G1"),
                  "grave-keeper": ("south", "C5"), "executioner": ("south", "H6")})
    events = s.play("north", "use leviathan-hunter harpoon grave-keeper")
    assert rules_of(events) == ["ability.use", "effect.damage", "knockback.move"]
    assert (events[-1].source, events[-1].to, events[-1].direction) == ("C5", "C4", "N")


# ---- second pass: the audit's findings --------------------------------------------------------
def test_line_of_sight_is_exact_geometry_a_corner_touch_does_not_block():
    # Gallows Curse needs an enemy in sight of a friend.  North's god-killer is dead,
    # so only the assassin (A1) looks.
    def seen(target, hazards):
        s = duel(hands={"north": ("gallows-curse-1",)}, hazards=hazards,
                 heroes={"assassin": ("north", "A1"), "grave-keeper": ("south", target)})
        given(s, ev.HeroDied(rule=P + "death.die", hero="god-killer"))
        return "relic gallows-curse-1 grave-keeper" in legal(s, "north")

    # A1 -> C3 runs diagonally through B2 and only touches the corners of A2 and B1.
    assert seen("C3", [("spiked-pillar", "A2"), ("ruined-wall", "B1")])
    assert not seen("C3", [("spiked-pillar", "B2")])
    # A1 -> B5 crosses A2, A3, B3 and B4 (two spaces in each column): each of them blocks.
    for sq in ("A2", "A3", "B3", "B4"):
        assert not seen("B5", [("ruined-wall", sq)])
    assert seen("B5", [("ruined-wall", "B2")]) and seen("B5", [("ruined-wall", "A4")])
    # A1 -> C2 crosses the edge between B1 and B2 at its middle: it passes through both.
    assert not seen("C2", [("ruined-wall", "B1")]) and not seen("C2", [("ruined-wall", "B2")])
    assert seen("C2", [("ruined-wall", "A2")])


def test_an_enemy_ability_may_aim_at_a_buried_hero_on_the_grave():
    s = graveyard(heroes={"assassin": ("south", "C4"), "executioner": ("north", "D3"),
                          "conjurer": None})
    s.play("north", "use grave-keeper buried-alive C4")  # buried at C4, and stood on
    assert hero(s, "assassin").buried and hero(s, "assassin").health == 6
    # The executioner (D3, facing south) chops at the grave ahead-right of him;
    # his noose is not offered: a buried hero cannot be hung.
    assert "use executioner noose assassin" not in legal(s, "north")
    s.expect_violation("north", "use executioner noose assassin", rule=P + "bury.targeted")
    events = s.play("north", "use executioner headsman assassin")
    assert rules_of(events) == ["ability.use", "effect.damage"]
    assert hero(s, "assassin").health == 4 and hero(s, "assassin").buried
    # A friend's ability, or a card, does not reach into the grave.
    end_turn(s, "north", "end")
    assert not any(c.startswith("use") and "assassin" in c for c in legal(s, "south"))


def test_a_spiked_pillar_that_stops_buried_alive_hurts_the_grave_keeper():
    s = graveyard(hazards=[("spiked-pillar", "C4")])
    events = s.play("north", "use grave-keeper buried-alive C4")
    assert rules_of(events) == ["ability.use", "bury.take", "ability.buried-alive",
                                "ability.buried-alive", "hazard.spiked-pillar",
                                "ability.buried-alive.stand"]
    assert hero(s, "grave-keeper").square == "C3" and hero(s, "grave-keeper").health == 9
    assert hero(s, "assassin").health == 6  # buried (1), then stood on (1)


def test_stepping_aside_for_a_jumper_cut_short_is_no_knockback_the_noose_stays():
    # North's God Killer (E4-F4, facing north) sweeps the assassin (D4) west onto the
    # Catapult on C4 and throws her two spaces west onto the conjurer on A4, walled in by
    # pillars: he cannot be pushed away, so she comes down one space short, on B4, where
    # the hung grave keeper steps aside to a space south picks: a move, so the noose stays.
    s = position({"god-killer": ("north", "E4", "N"), "conjurer": ("north", "A4"),
                  "assassin": ("south", "D4"), "grave-keeper": ("south", "B4")},
                 hazards=[("catapult", "C4"), *(("spiked-pillar", sq)
                                                for sq in ("A3", "A5", "B3", "B5"))])
    hung(s, "grave-keeper")
    s.play("north", "use god-killer sweep assassin")
    events = s.play("north", "answer A4")
    assert rules_of(events) == ["prompt.answer", "hazard.catapult.land", "knockback.no-room",
                                "jump.blocked"]
    assert kinds(events)[-1] == "QuestionAsked" and game.to_act(s.state) == ("south",)
    events = s.play("south", "answer C5")
    assert "status.noose.knockback" not in rules_of(events)
    assert hero(s, "grave-keeper").square == "C5" and hero(s, "grave-keeper").hung
    assert hero(s, "assassin").square == "B4" and hero(s, "assassin").health == 7


def test_on_the_ice_pit_the_corners_are_inside_the_icicles():
    # Jumping onto a hero in the pit's corner (B2) lands beside it, by the jumper's choice.
    s = position({"assassin": ("north", "D3"), "god-killer": ("north", "F4"),
                  "grave-keeper": ("south", "B2"), "executioner": ("south", "G6")},
                 board="ice-pit", hazards=[("catapult", "C3")])
    s.play("north", "move assassin C3")
    events = s.play("north", "answer B2")
    assert rules_of(events)[-1] == "jump.corner"
    assert legal(s, "north") == {"answer B3", "answer C2", "answer C3"}
    # Knocked from that corner into the icicles: the spikes hurt, as a Spiked Pillar does.
    s = position({"god-killer": ("north", "C3"), "assassin": ("north", "G6"),
                  "grave-keeper": ("south", "B2"), "executioner": ("south", "G2")},
                 board="ice-pit")
    s.play("north", "turn god-killer")
    events = s.play("north", "use god-killer sweep grave-keeper")
    assert rules_of(events)[-2:] == ["knockback.blocked", "board.ice-pit"]
    assert hero(s, "grave-keeper").square == "B2"


def test_the_facts_of_phase_one_a_cleanse_and_the_first_turn_cite_their_rules():
    # The first turn's Move action cites the extra space.
    s = duel(turn=1, artifacts={"assassin": "smelling-salts", "grave-keeper": "bloodletter"})
    assert rules_of(s.play("north", "move assassin C3")) == ["move.first-turn", "move.step"]
    # Smelling salts (Any Turn, on oneself) takes every bleed tile and the noose off.
    given(s, ev.BleedTaken(rule=P + "status.bleed", hero="assassin", amount=2, bleed=2),
          ev.HeroHung(rule=P + "status.noose", hero="assassin"))
    events = s.play("north", "artifact assassin")
    assert rules_of(events) == ["artifact.use", "artifact.cooldown", "effect.cleanse",
                                "effect.cleanse"]
    assert hero(s, "assassin").bleed == 0 and not hero(s, "assassin").hung
    # Only a team's own heroes' artifacts; a dead hero does nothing more.
    s.expect_violation("north", "artifact grave-keeper assassin", rule=P + "artifact.own")
    given(s, ev.HeroDied(rule=P + "death.die", hero="god-killer"))
    s.expect_violation("north", "move god-killer G2", rule=P + "death.removed")
    # Phase 1 of north's next turn moves the cooldown token down a skull.
    end_turn(s, "north", "end")
    events = end_turn(s, "south", "end")
    assert "cooldown.advance" in rules_of(events) and hero(s, "assassin").cooldown == 2


def test_a_timed_hazard_loses_a_token_in_phase_one_of_every_turn():
    s = conjuring(active="south")
    s.play("south", "use plague-baron corpse-parts E3")
    events = end_turn(s, "south", "end")
    assert [(e.rule.removeprefix(P), e.tokens) for e in events
            if isinstance(e, ev.HazardTokenRemoved)] == [("persistent.tokens", 3)]
