"""Hand-worked cases for `forbidden_alchemy_story`, section by section of the rulebook.

Each case was worked out on paper from the Forbidden Alchemy rulebook (and, for the
base-game stand-ins, from our rule table), then checked against the engine.  The
positions are built with the story tests' helpers: the game's own setup with dice that
shuffle nothing (decks in content order), the keeper's #1 story choice, facts folded
offstage, and loaded dice for every roll.

Numbers used below (our stand-in content): Jenny Barnes has Dexterity 5, Marksmanship 4
(+1 from her default Trait card, Steady Hands), Intellect 4, Luck 3, Will 4, one skill
point; Harvey Walters has Intellect 5 (+1 from Scholar), Luck 2, two skill points;
a crawling one's horror rating is 1.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.events import evolved
from engine.games.forbidden_alchemy import events as pev
from engine.games.forbidden_alchemy_story import content
from engine.kit.testing import LoadedDice, Scenario
from tests.test_forbidden_alchemy_story import (
    HARVEY,
    JENNY,
    begin,
    deck,
    ev,
    fresh_turn,
    game,
    harvey_hiding_in_the_library,
    kinds,
    legal,
    offstage,
    place,
    play,
    put,
    reveal,
    rolls,
)

# Alchemy Puzzle #10B (stand-in tile): red, red, blue, yellow, yellow, blue from the top edge.
THREE_RIGHT = ("diamond-1", "circle-1", "circle-2", "diamond-2", "triangle-1", "diamond-3")
NONE_RIGHT = ("circle-1", "circle-2", "diamond-1", "circle-3", "circle-4", "diamond-2")
ALL_RIGHT = ("diamond-1", "diamond-2", "circle-1", "triangle-1", "triangle-2", "circle-2")


def _story1_with_clue() -> Scenario:
    """Story 1, Objective 1B face up, Jenny holding Clue 1 at the start of her turn."""
    s = begin(story="1", choice="B")
    reveal(s)
    offstage(s, play.ExplorationCardTaken(rule="forbidden_alchemy_story.action.explore", seat=JENNY,
                                        room="laboratory", card="clue-1"))
    fresh_turn(s)
    return s


def _story3_carrier_in_hallway_2() -> Scenario:
    """Story 3, Objective 1C face up, Jenny carrying the Yellow Matter in hall2-s (on the
    outer edge of Hallway 2) at the start of her turn."""
    s = begin(story="3", choice="C")
    reveal(s)
    for card in ("dust", "yellow-matter"):
        offstage(s, play.ExplorationCardTaken(rule="forbidden_alchemy_story.action.explore", seat=JENNY,
                                            room="greenhouse", card=card))
    put(s, JENNY, "hall2-s")
    return s


def _pile(s: Scenario, first: tuple[str, ...]) -> tuple:
    """The Alchemy pile with `first` on top, the rest after in pile order."""
    by_id = dict(s.state.alchemy.pile)
    rest = [p for p in s.state.alchemy.pile if p[0] not in first]
    return tuple((p, by_id[p]) for p in first) + tuple(rest)


def _attempt_10b(s: Scenario, seat: str, first: tuple[str, ...]) -> list:
    return s.play(seat, "puzzle", dice=LoadedDice(orders=[_pile(s, first)]))


# ---- Component List -------------------------------------------------------------------------
def test_component_list_four_monster_figures_twelve_pieces_twelve_side_effects_three_periods():
    # Component List: 2 byakhees and 2 crawling ones, 12 Alchemy puzzle pieces,
    # 12 Side Effect cards, 3 Time Period cards, 6 Crawling Hand and 10 Mutation tokens.
    s = begin(story="3")
    figures = sorted(m.kind for m in s.state.monsters.values())
    assert figures.count("byakhee") == 2 and figures.count("crawling-one") == 2
    assert len(s.state.alchemy.pile) == 12 and len(s.state.alchemy.deck) == 12
    assert len(s.state.periods) == 3
    assert s.state.supply == {"crawling-hand": 6, "mutation": 10}


# ---- Impassable Borders ---------------------------------------------------------------------
def test_impassable_borders_mists_of_releh_gives_no_passage_over_a_dashed_border():
    # Impassable Borders: only a specific effect lets an investigator cross; Mists of Releh
    # (Hiding) lets him move hidden, not through a dashed border.
    s, harvey = harvey_hiding_in_the_library()
    s.play(harvey, "use mists-of-releh")
    assert "move lab-b" not in legal(s, harvey)
    s.expect_violation(harvey, "move lab-b", "forbidden_alchemy_story.border.impassable")
    assert s.state.investigators[harvey].hidden and s.state.moves == 2


def test_impassable_borders_a_monster_that_does_not_fly_is_stopped_anywhere_on_its_path():
    # Impassable Borders: only flying monsters cross.  West moves up to three spaces with
    # Creature of Night (Story 1 errata, Event IV), but no step of his path may cross.
    s = begin()
    offstage(
        s,
        ev.NamedMonsterPlaced(
            rule="forbidden_alchemy_story.errata.west",
            monster="maniac-1",
            name="West",
            space="hall1-e",
            bonus_health=6,
            moves=3,
        ),
    )
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.expect_violation("keeper", "action creature-of-night maniac-1 library lab-b", "forbidden_alchemy_story.border.impassable")
    assert "action creature-of-night maniac-1 library" in legal(s, "keeper")


# ---- Alchemy Puzzles > Completing an Alchemy Puzzle -----------------------------------------
def test_completing_an_alchemy_puzzle_a_roll_equal_to_the_correct_pieces_passes():
    # Completing: a roll at or under the number of correct pieces passes.  Three pieces
    # match their edges on #10B; a 3 passes and (Objective 1B, as corrected) wins.
    s = _story1_with_clue()
    _attempt_10b(s, JENNY, THREE_RIGHT)
    assert s.state.alchemy.correct_pieces() == 3
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(3,)))
    passed = next(f for f in facts if isinstance(f, pev.AlchemyTestPassed))
    assert (passed.correct, passed.roll, passed.rule) == (3, 3, "forbidden_alchemy_story.puzzle.test.pass")
    assert "SideEffectDrawn" not in kinds(facts)
    won = next(f for f in facts if isinstance(f, ev.GameWon))
    assert (won.winner, won.rule) == ("investigators", "forbidden_alchemy_story.objective.puzzle-win")


def test_completing_an_alchemy_puzzle_one_over_the_correct_pieces_fails_and_draws_a_side_effect():
    # Completing: a roll over the number fails; every failed Alchemy test draws a Side
    # Effect card; the pieces all go back under the pile; no win; the turn goes on.
    s = _story1_with_clue()
    _attempt_10b(s, JENNY, THREE_RIGHT)
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(4,)))
    failed = next(f for f in facts if isinstance(f, pev.AlchemyTestFailed))
    assert (failed.correct, failed.roll, failed.rule) == (3, 4, "forbidden_alchemy_story.puzzle.test.fail")
    names = kinds(facts)
    assert names.index("AlchemyTestFailed") < names.index("SideEffectDrawn")
    assert names.index("SideEffectDrawn") < names.index("PuzzlePiecesReturned")
    assert names[-1] == "PuzzleAttemptEnded" and "GameWon" not in names
    assert game.outcome(s.state) is None and s.state.attempter is None
    assert len(s.state.alchemy.pile) == 12 and s.state.alchemy.placed == (None,) * 6
    # The action went on the attempt: only movement and the end of the turn are left.
    assert "puzzle" not in legal(s, JENNY) and "end" in legal(s, JENNY)
    s.expect_violation(JENNY, "puzzle", "forbidden_alchemy_story.turn.one-action")


def test_completing_an_alchemy_puzzle_no_correct_piece_but_a_1_passes():
    # Completing: rolled "like an attribute test"; New Combat Card Tests recalls that a 1
    # always passes, whatever the number: with no correct piece at all, a 1 completes it.
    s = _story1_with_clue()
    _attempt_10b(s, JENNY, NONE_RIGHT)
    assert s.state.alchemy.correct_pieces() == 0
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(1,)))
    passed = next(f for f in facts if isinstance(f, pev.AlchemyTestPassed))
    assert (passed.correct, passed.rule) == (0, "forbidden_alchemy_story.puzzle.test.natural-1")
    assert game.RULES[passed.rule].section.startswith("Other Rules > New Combat Card Tests")
    assert game.outcome(s.state).startswith("the investigators win")


def test_completing_an_alchemy_puzzle_every_piece_correct_but_a_10_fails():
    # The other half of the reminder: a 10 always fails, even with all six pieces right.
    s = _story1_with_clue()
    _attempt_10b(s, JENNY, ALL_RIGHT)
    assert s.state.alchemy.correct_pieces() == 6
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    failed = next(f for f in facts if isinstance(f, pev.AlchemyTestFailed))
    assert (failed.correct, failed.rule) == (6, "forbidden_alchemy_story.puzzle.test.natural-10")
    assert "SideEffectDrawn" in kinds(facts) and game.outcome(s.state) is None


def test_completing_an_alchemy_puzzle_the_cards_failure_comes_after_the_side_effect_then_the_pieces():
    # Attempting an Alchemy Puzzle (the example, step 4) and Completing: on a failure the
    # Side Effect card is drawn, then the card that began the puzzle adds its own failure
    # (Sealed Retort, ours: 1 damage), and only then do the pieces go back under the pile.
    s = begin(players=1, story="1", choice="A")
    put(s, JENNY, "lab-a")
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, THREE_RIGHT)]))
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(9,)))
    names = kinds(facts)
    hurt = names.index("InvestigatorDamaged")
    assert facts[hurt].rule == "forbidden_alchemy_story.puzzle.card-fail"
    assert names.index("SideEffectKept") < hurt < names.index("PuzzlePiecesReturned")
    assert names[-1] == "PuzzleAttemptEnded"
    assert s.state.exploration["laboratory"][0] == "sealed-retort"  # still there
    assert len(s.state.alchemy.pile) == 12


# ---- Alchemy Puzzles > Other Alchemy Puzzle Rules (skill points) ----------------------------
def test_other_alchemy_puzzle_rules_luck_is_added_once_per_puzzle_and_the_points_run_out():
    # Other Alchemy Puzzle Rules: a skill point may add Luck to Intellect during the puzzle
    # (once per puzzle), never on the test.  Harvey: Intellect 5 + 1, Luck 2, 2 points.
    s = begin(characters="harvey-walters,jenny-barnes")
    harvey = JENNY
    offstage(s, ev.ObjectiveRevealed(rule="forbidden_alchemy_story.objective.reveal", choice="B",
                                     objective=s.state.objective))
    offstage(s, play.ExplorationCardTaken(rule="forbidden_alchemy_story.action.explore", seat=harvey,
                                        room="laboratory", card="clue-1"))
    for attempt in (1, 2):
        fresh_turn(s)
        _attempt_10b(s, harvey, THREE_RIGHT)
        assert s.state.alchemy.actions == 6
        s.play(harvey, "skill")
        assert s.state.alchemy.actions == 8
        assert s.state.investigators[harvey].skill_points == 2 - attempt
        s.expect_violation(harvey, "skill", "forbidden_alchemy_story.puzzle.skill.once")
        s.play(harvey, "stop", dice=LoadedDice(values=(9,)))
        assert "skill" not in legal(s, harvey)
    fresh_turn(s)
    _attempt_10b(s, harvey, THREE_RIGHT)
    assert "skill" not in legal(s, harvey)
    s.expect_violation(harvey, "skill", "forbidden_alchemy_story.puzzle.skill.none-left")


def test_attempting_an_alchemy_puzzle_a_replacement_needs_exactly_two_actions_left():
    # Attempting: a replacement costs two puzzle actions, a swap one.  Jenny's four actions:
    # swap (3 left), replace (1 left); one more replacement is refused, a swap is not.
    s = _story1_with_clue()
    _attempt_10b(s, JENNY, THREE_RIGHT)
    s.play(JENNY, "swap 1 2")
    facts = s.play(JENNY, "replace 6")
    assert [(type(f).__name__, f.edge) for f in facts[:2]] == [
        ("PuzzlePieceDiscarded", 6),
        ("PuzzlePieceDrawn", 6),
    ]
    assert s.state.alchemy.actions == 1
    s.expect_violation(JENNY, "replace 5", "forbidden_alchemy_story.puzzle.actions.not-enough")
    s.expect_violation(JENNY, "swap 1 3", "forbidden_alchemy_story.puzzle.actions.adjacent")
    s.play(JENNY, "swap 2 3")
    assert legal(s, JENNY) == ["stop"]


# ---- Combat Cards, New Weapon Type -----------------------------------------------------------
def test_new_weapon_type_the_sharp_and_blunt_weapon_answers_a_card_naming_only_blunt():
    # New Weapon Type: the first card naming sharp, blunt or melee is resolved.  beast-3 is
    # firearm only (discarded, drawn again); beast-2 names a blunt melee weapon: resolved,
    # and its either/or test waits for the investigator's choice.
    s = begin(characters="harvey-walters,jenny-barnes")
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-3", "beast-2", "beast-1")
    facts = s.play(JENNY, "attack byakhee-1 sword-cane")
    draws = [(f.card, f.attack, f.rule) for f in facts if isinstance(f, play.CombatCardDrawn)]
    assert draws == [
        ("beast-3", "", "forbidden_alchemy_story.combat.no-match"),
        ("beast-2", "blunt melee weapon", "forbidden_alchemy_story.weapon.sharp-and-blunt"),
    ]
    assert legal(s, JENNY) == ["test dexterity", "test strength"]


# ---- Combat Cards > Combat Cards with Multiple Attack Types ----------------------------------
def test_combat_cards_with_two_attack_types_the_second_listed_type_answers_a_knife():
    # Multiple Attack Types: whichever of the two types matches the weapon is resolved.
    # beast-1 lists a firearm attack first and a sharp melee one second: Mandy's Kitchen
    # Knife (sharp) resolves the second, a Strength test (Mandy: Strength 2).  A 2 passes,
    # the byakhee takes 2 damage; a 3 fails, and that attack's failure costs nothing.
    for roll, wounds in ((2, 2), (3, 0)):
        s = begin(characters="mandy-thompson,jenny-barnes")
        place(s, "byakhee-1", "foyer")
        deck(s, "beast", "beast-1")
        facts = s.play(JENNY, "attack byakhee-1 kitchen-knife", dice=LoadedDice(values=(roll,)))
        drawn = next(f for f in facts if isinstance(f, play.CombatCardDrawn))
        assert (drawn.card, drawn.attack, drawn.rule) == (
            "beast-1",
            "sharp melee weapon",
            "forbidden_alchemy_story.combat.two-types",
        )
        (test,) = rolls(facts)
        assert (test.what, test.number, test.roll) == ("strength", 2, roll)
        assert s.state.monsters["byakhee-1"].wounds == wounds
        assert s.state.investigators[JENNY].damage == 0
        assert kinds(facts)[-2:] == ["CombatCardDiscarded", "AttackEnded"]


# ---- Other Rules > New Combat Card Tests: conditional modifier per Side Effect card ---------
def _jenny_with_side_effects(count: int) -> Scenario:
    s = begin()
    put(s, JENNY, "library")  # the crawling one in lab-b is in sight across the border
    deck(s, "eldritch", "eldritch-4")
    people = dict(s.state.investigators)
    people[JENNY] = evolved(people[JENNY], side_effects=("se-04", "se-12")[:count])
    return Scenario(game, state=evolved(s.state, investigators=people))


def test_new_combat_card_tests_a_modifier_for_each_side_effect_card_in_play():
    # Conditional Modifiers: Marksmanship 4 + 1 (Steady Hands), -1 for each of her two
    # Side Effect cards = 3, modified before the roll.  A 3 passes (2 damage to the
    # crawling one), a 4 fails.
    s = _jenny_with_side_effects(2)
    facts = s.play(JENNY, "attack crawling-one-1 revolver", dice=LoadedDice(values=(3,)))
    mod = next(f for f in facts if isinstance(f, play.TestModified))
    assert (mod.condition, mod.count, mod.amount) == ("side-effect", 2, -2)
    (test,) = rolls(facts)
    assert (test.number, test.roll, test.passed) == (3, 3, True)
    assert s.state.monsters["crawling-one-1"].wounds == 2
    s = _jenny_with_side_effects(2)
    facts = s.play(JENNY, "attack crawling-one-1 revolver", dice=LoadedDice(values=(4,)))
    (test,) = rolls(facts)
    assert (test.number, test.passed, test.rule) == (3, False, "forbidden_alchemy_story.tests.attribute.fail")
    assert s.state.monsters["crawling-one-1"].wounds == 0


# ---- Other Rules > Secrecy and Byakhees ------------------------------------------------------
def _darrell_screeched_at() -> tuple[Scenario, str, str]:
    darrell, jenny = "investigator-1", "investigator-2"
    s = begin(story="3", characters="darrell-simmins,jenny-barnes")
    put(s, darrell, "gh-door")  # byakhee-1's space (token byakhee-a: health 4, damage 2)
    s.play(darrell, "end")
    s.play(jenny, "end")
    s.play("keeper", f"action screech byakhee-1 {darrell}")
    return s, darrell, jenny


def test_secrecy_and_byakhees_special_attack_damage_lets_only_the_keeper_and_keen_eye_look():
    # Secrecy and Byakhees: when a byakhee deals damage only the keeper examines its token;
    # Darrell Simmins may look with Keen Eye.  Answering "no" costs him 1 damage: the
    # byakhee dealt it, so the keeper examines and Darrell's Keen Eye sees the bottom.
    s, darrell, jenny = _darrell_screeched_at()
    facts = s.play(darrell, "answer no")
    assert kinds(facts)[:4] == [
        "ByakheeAnswered",
        "ByakheeTokenExamined",
        "KeenEyeLooked",
        "InvestigatorDamaged",
    ]
    looked = facts[2]
    assert (looked.health, looked.damage, looked.rule) == (4, 2, "forbidden_alchemy_story.byakhee.keen-eye")
    assert game.redact(looked, darrell)["health"] == 4
    for seat in (jenny, ""):
        assert game.redact(facts[1], seat)["health"] == "hidden"
        assert game.redact(looked, seat)["health"] == "hidden"
        assert "bottom" not in game.view(s.state, seat)["monsters"]["byakhee-1"]
    assert game.view(s.state, darrell)["monsters"]["byakhee-1"]["bottom"]["health"] == 4


def test_secrecy_and_byakhees_special_attack_horror_deals_no_damage_and_nobody_looks():
    # The "yes" result is horror: no damage is dealt, so no token is examined.
    s, darrell, _ = _darrell_screeched_at()
    facts = s.play(darrell, "answer yes")
    assert kinds(facts)[:2] == ["ByakheeAnswered", "InvestigatorHorrified"]
    assert (facts[1].amount, facts[1].rule) == (2, "forbidden_alchemy_story.byakhee.result")
    assert "bottom" not in game.view(s.state, darrell)["monsters"]["byakhee-1"]


# ---- Other Rules > Escaping ------------------------------------------------------------------
def test_escaping_out_of_a_monsters_space_the_investigator_must_evade_it_first():
    # Escaping: the outer edge is crossed instead of a door, a move like any other; leaving
    # a space with a monster he must evade it (ours: Dexterity 5 - horror 1 = 4).  A 7
    # fails: 1 damage (the crawling one's token), movement over, still in the house.
    s = _story3_carrier_in_hallway_2()
    place(s, "crawling-one-1", "hall2-s")
    facts = s.play(JENNY, "escape", dice=LoadedDice(values=(7,)))
    assert kinds(facts) == ["TestMade", "EvadeFailed", "MonsterTokenExamined", "InvestigatorDamaged"]
    assert (facts[0].number, facts[0].rule) == (4, "forbidden_alchemy_story.move.evade.fail")
    assert s.state.investigators[JENNY].status == "active" and game.outcome(s.state) is None
    assert "escape" not in legal(s, JENNY)
    s.expect_violation(JENNY, "escape", "forbidden_alchemy_story.move.points")


def test_escaping_out_of_a_monsters_space_after_evading_wins():
    # The same crossing with a 4: evaded (at the number), the carrier escapes and wins.
    s = _story3_carrier_in_hallway_2()
    place(s, "crawling-one-1", "hall2-s")
    facts = s.play(JENNY, "escape", dice=LoadedDice(values=(4,)))
    assert kinds(facts) == ["TestMade", "InvestigatorEscaped", "GameWon", "EpilogueRead"]
    assert facts[0].rule == "forbidden_alchemy_story.move.evade.pass"
    assert facts[2].rule == "forbidden_alchemy_story.objective.escape-win"


def test_escaping_costs_a_movement_point():
    # Escaping is movement: with no movement left the edge cannot be crossed.
    s = _story3_carrier_in_hallway_2()
    offstage(s, ev.InvestigatorTurnBegan(rule="forbidden_alchemy_story.turn.investigator", seat=JENNY, moves=0))
    assert "escape" not in legal(s, JENNY)
    s.expect_violation(JENNY, "escape", "forbidden_alchemy_story.move.points")
    s.play(JENNY, "run")  # the action buys one more space: now she may cross
    assert "escape" in legal(s, JENNY)


# ---- Other Rules > Hiding --------------------------------------------------------------------
def test_hiding_a_monster_summoned_into_his_room_still_calls_his_horror_check():
    # Hiding: a hiding investigator still checks for horror when a monster enters his room;
    # Dark Summons puts one in the other space of the Greenhouse.  Will 4 - 1 = 3: a 4 fails.
    s = begin(story="3")
    put(s, JENNY, "gh-altar")
    s.play(JENNY, "hide")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    offstage(s, ev.KeeperTurnBegan(rule="forbidden_alchemy_story.keeper.threat", gained=2))  # 4 threat
    s.expect_violation("keeper", "action dark-summons crawling-one-2 gh-altar", "forbidden_alchemy_story.keeper.summon-space")
    facts = s.play(
        "keeper", "action dark-summons crawling-one-2 gh-mid", dice=LoadedDice(values=(4,))
    )
    assert kinds(facts) == [
        "KeeperActionPlayed",
        "MonsterPlaced",
        "HorrorCheckMade",
        "TestMade",
        "InvestigatorHorrified",
    ]
    assert facts[2].rule == "forbidden_alchemy_story.hiding.horror-check"
    assert (facts[3].number, facts[3].passed) == (3, False)
    assert s.state.investigators[JENNY].hidden and s.state.investigators[JENNY].horror == 1


def test_hiding_a_byakhees_special_attack_is_a_keeper_action_and_cannot_target_him():
    # Hiding: no Keeper Action may choose a hiding investigator; the byakhee's special
    # attack is played as one (Screech).
    s = begin(story="3")
    put(s, JENNY, "gh-door")  # byakhee-1's space; the Greenhouse has a hiding place
    s.play(JENNY, "hide")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    assert not [c for c in legal(s, "keeper") if c.startswith("action screech")]
    s.expect_violation("keeper", f"action screech byakhee-1 {JENNY}", "forbidden_alchemy_story.hiding.not-a-target")


# ---- Errata > General: Wrong Turn ------------------------------------------------------------
def test_errata_wrong_turn_the_other_space_of_her_own_hallway_but_not_her_own():
    # Wrong Turn (as corrected): any OTHER space of a Hallway holding no Exploration, Lock
    # or Obstacle card.  Jenny stands in hall2-n: hall2-s qualifies, her own space does not;
    # Hallway 1 still holds its Bandages.
    s = begin()
    put(s, JENNY, "hall2-n")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    moves = [c for c in legal(s, "keeper") if c.startswith(f"mythos wrong-turn {JENNY} ")]
    assert moves == [f"mythos wrong-turn {JENNY} hall2-s"]
    s.expect_violation("keeper", f"mythos wrong-turn {JENNY} hall2-n", "forbidden_alchemy_story.errata.wrong-turn")
    s.expect_violation("keeper", f"mythos wrong-turn {JENNY} hall1-e", "forbidden_alchemy_story.errata.wrong-turn")


# ---- Errata > Story 1: Event Card IV ---------------------------------------------------------
def test_errata_story_1_west_has_three_more_health_for_each_of_three_investigators():
    # Event Card IV (1A, 1C): West is a named maniac with +3 health per investigator:
    # three investigators, +9; his token's own health (4) added, 13 wounds kill him.
    s = begin(players=3, choice="C")
    seats = (JENNY, HARVEY, "investigator-3")
    for _ in range(4):
        for seat in seats:
            s.play(seat, "end")
        facts = s.play("keeper", "end")
    west = next(f for f in facts if isinstance(f, ev.NamedMonsterPlaced))
    assert (west.name, west.space, west.bonus_health, west.moves) == ("West", "library", 9, 3)
    assert s.state.tokens["maniac-1"]["health"] + s.state.monsters["maniac-1"].bonus_health == 13


# ---- Errata > Story 3: Map Setup and Component Setup -----------------------------------------
def test_errata_story_3_map_setup_the_altar_is_in_the_greenhouse_farthest_from_the_door():
    # Map Setup (Story 3): the Altar is in the Greenhouse of the Back Path tile, in the space
    # farthest from its door.
    s = begin(story="3")
    altar = s.state.altar
    room = s.state.room_of[altar]
    assert (room, s.state.rooms[room]["tile"]) == ("greenhouse", "Back Path")
    spaces = set(s.state.rooms[room]["spaces"])
    doors = {a for a, b, k in s.state.links if k == "door" and a in spaces and b not in spaces}
    doors |= {b for a, b, k in s.state.links if k == "door" and b in spaces and a not in spaces}
    # Steps inside the room from the door space, breadth first.
    far, seen, frontier = {}, set(doors), list(doors)
    step = 0
    while frontier:
        for x in frontier:
            far[x] = step
        step += 1
        frontier = [
            y
            for a, b, k in s.state.links
            for x, y in ((a, b), (b, a))
            if x in frontier and y in spaces and y not in seen and k != "impassable"
        ]
        seen |= set(frontier)
    assert far[altar] == max(far.values()) and list(far.values()).count(far[altar]) == 1


def test_errata_story_3_component_setup_deals_a_false_clue_and_no_electrical_trap():
    # Component Setup (Story 3): "False Clue" is among the Exploration cards, not
    # "Electrical Trap", whichever #1 story choice the keeper makes.
    for choice in ("A", "B", "C"):
        s = begin(story="3", choice=choice)
        dealt = [c for cards in s.state.exploration.values() for c in cards]
        assert "false-clue" in dealt and not [c for c in dealt if "electrical" in c]


# ---- Errata > Story 2: Objective 1C (The Pet) ------------------------------------------------
def test_errata_story_2_the_pet_may_be_placed_in_a_locked_room_holding_an_investigator():
    # Objective 1C (as corrected): the Pet is placed in any room holding an investigator,
    # and never *enters* a room with a Lock card.  Our reading: being placed is not
    # entering, so the locked Library, where Jenny stands with its key, may be chosen.
    s = begin(story="2", choice="C")
    offstage(s, play.ExplorationCardTaken(rule="forbidden_alchemy_story.action.explore", seat=JENNY,
                                        room="greenhouse", card="brass-key"))
    put(s, JENNY, "library")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")  # Event I
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    facts = s.play("keeper", "end")  # Event II: Objective 1C revealed
    awaited = next(f for f in facts if isinstance(f, ev.NamedMonsterAwaited))
    assert awaited.rooms == ("foyer", "library")
    assert legal(s, "keeper") == ["place foyer", "place library"]
    s.expect_violation("keeper", "place hall1-e", "forbidden_alchemy_story.errata.pet-room")
    facts = s.play("keeper", "place library", dice=LoadedDice(values=(1,)))
    placed = next(f for f in facts if isinstance(f, ev.NamedMonsterPlaced))
    assert (placed.space, placed.bonus_health, placed.barred_by_locks) == ("library", 10, True)


# ---- Side Effect Cards: a card that stays in play (ours: Leaden Limbs) ------------------------
def test_side_effect_cards_leaden_limbs_one_space_a_turn_counts_a_run_too():
    # Side Effect Cards: a card not discarded acts while it stays in play.  Our Leaden Limbs
    # says one space a turn: the turn begins with one movement point, and running (one
    # more space) would pass the card's limit, so it is refused, the stream untouched.
    from tests.test_forbidden_alchemy_story_side_effects import draw

    s, _ = draw("se-12", players=1)
    s.play(JENNY, "end")
    s.play("keeper", "end")
    assert s.state.moves == 1 and "run" not in legal(s, JENNY)
    s.expect_violation(JENNY, "run", "forbidden_alchemy_story.side-effect.lasting")
    s.play(JENNY, "move hall1-w")
    s.expect_violation(JENNY, "run", "forbidden_alchemy_story.side-effect.lasting")


def test_side_effect_cards_leaden_limbs_a_run_within_the_limit_is_allowed():
    # A Crawling Hand takes her one movement point as the turn begins: she has moved no
    # space, so a run (one space) stays within Leaden Limbs' one space a turn.
    from tests.test_forbidden_alchemy_story_side_effects import draw

    s, _ = draw("se-12", players=1)
    s.play(JENNY, "end")
    offstage(s, play.TokenPlaced(rule="forbidden_alchemy_story.keeper.crawling-hands", token="crawling-hand", seat=JENNY))
    s.play("keeper", "end")
    assert s.state.moves == 0 and "run" in legal(s, JENNY)
    s.play(JENNY, "run")
    s.play(JENNY, "move hall1-w")
    assert s.state.moves == 0 and s.state.moved == 1


# ---- A fact means what it says (issue #22): the card it names --------------------------------
def test_exploration_cards_the_card_taken_is_the_one_the_fact_names():
    # Ours (exploring; "Seed Cards" deals the stacks): the fact of an Exploration card
    # taken names the card; the fold takes that card from the room, wherever it lies, and
    # refuses one the room does not hold (it used to take the top card whatever was named).
    s = begin(story="1", choice="B")
    assert s.state.exploration["laboratory"] == ("suitcase", "clue-1", "bone-saw")
    taken = play.ExplorationCardTaken(rule="forbidden_alchemy_story.action.explore", seat=JENNY,
                                      room="laboratory", card="clue-1")
    offstage(s, taken)
    assert s.state.exploration["laboratory"] == ("suitcase", "bone-saw")
    assert "clue-1" in s.state.investigators[JENNY].items
    with pytest.raises(ValueError, match="not among the Exploration cards of laboratory"):
        game.evolve(s.state, taken)


def test_combat_cards_and_the_keepers_hand_the_card_drawn_is_the_one_named():
    # "Combat Cards": the card the keeper draws is the one the fact names, and the
    # Trauma cards dealt to his hand are those named; a card not in the deck is refused.
    s = begin()
    deck(s, "humanoid", "humanoid-1", "humanoid-2", "humanoid-3")
    offstage(s, play.MonsterCombatCardDrawn(rule="forbidden_alchemy_story.monster.card", deck="humanoid",
                                            card="humanoid-2", monster="crawling-one-1",
                                            resolved=True))
    assert s.state.decks["humanoid"].cards == ("humanoid-1", "humanoid-3")
    with pytest.raises(ValueError, match="humanoid-2"):
        game.evolve(s.state, play.MonsterCombatCardDrawn(
            rule="forbidden_alchemy_story.monster.card", deck="humanoid", card="humanoid-2",
            monster="crawling-one-1", resolved=True))
    left = s.state.trauma.cards
    dealt = ev.TraumaCardsDealt(rule="forbidden_alchemy_story.setup.keeper-hand", cards=(left[-1],))
    offstage(s, dealt)
    assert s.state.trauma.cards == left[:-1] and s.state.hand[-1] == left[-1]
    with pytest.raises(ValueError):
        game.evolve(s.state, dealt)


# ---- Errata > Story 3: Seed Cards ---------------------------------------------------------------
def test_errata_story_3_seed_cards_deal_the_guest_bedroom_its_own_card_per_answer():
    # Story 3's Seed Cards list the Guest Bedroom twice for one answer, the second entry
    # being another answer's (4B).  So the Guest Bedroom is on Story 3's map, and (our
    # reading, playing the #1 story choice alone) each answer deals it a card of its own.
    dealt = {}
    for choice in "ABC":
        s = begin(story="3", choice=choice)
        (placed,) = [f for f in s.events if isinstance(f, ev.ExplorationCardsPlaced)]
        assert placed.rule == "forbidden_alchemy_story.errata.seed-cards-4b"
        dealt[choice] = s.state.exploration["guest-bedroom"]
    assert dealt == {"A": ("dust",), "B": ("bandages",), "C": ("smelling-salts",)}
    # Jenny walks in from the Foyer and explores it; Story 3 travels in no time from it.
    s = begin(story="3", choice="B")
    assert "move guest-a" in legal(s, JENNY)
    put(s, JENNY, "guest-a")
    s.expect_violation(JENNY, "travel past", rule="forbidden_alchemy_story.time.rift")
    facts = s.play(JENNY, "explore")
    assert [(type(f).__name__, f.card) for f in facts[:1]] == [("ExplorationCardTaken", "bandages")]


def test_seed_cards_every_story_deals_only_to_rooms_on_its_map():
    # The Keeper Guide's Seed Cards deal to the rooms of the story's map; the content is
    # checked on loading, and every deal of ours keeps to its map.
    c = content.load()
    for story in c.stories.values():
        on_map = {room["id"] for room in content.rooms_of(c, story["id"])}
        for letter, choice in story["choices"].items():
            assert set(choice["exploration"]) <= on_map, (story["id"], letter)
    bad = dict(c.stories["1"]["choices"]["A"], exploration={"guest-bedroom": ["dust"]})
    story = dict(c.stories["1"], choices={"A": bad})
    with pytest.raises(ValueError, match="cards dealt off its map"):
        content._check(dataclasses.replace(c, stories={**c.stories, "1": story}))
