"""Rule tests for `forbidden_alchemy_story`: investigators against the keeper.

Rulebook: Forbidden Alchemy, "Impassable Borders", "Combat Cards", "Other
Rules" (New Weapon Type, Secrecy and Byakhees, New Combat Card Tests, Threat
Effects, Escaping, Hiding), "Epilogues" and the Story 1 and 3 errata; the
base game they rest on is our own stand-in (rule ids whose section starts
"Ours").

Each scenario starts from the game's own setup with dice that shuffle
nothing (so every deck is in content order), the keeper's #1 story choice,
and then facts folded "offstage" to put figures where the story needs them.
Every roll is loaded.
"""

from __future__ import annotations

import random

from engine.core.events import evolved
from engine.core.game import find_game, register
from engine.kit.testing import LoadedDice, Scenario

register("forbidden_alchemy_story", "engine.games.forbidden_alchemy_story")
game = find_game("forbidden_alchemy_story")
from engine.games.forbidden_alchemy_story import events as ev  # noqa: E402
from engine.games.forbidden_alchemy_story import play_events as play  # noqa: E402
from engine.games.forbidden_alchemy_story.content import matches  # noqa: E402

R = "forbidden_alchemy_story."
JENNY, HARVEY = "investigator-1", "investigator-2"


# ---- helpers ---------------------------------------------------------------------------------
def begin(players=2, story="1", choice="B", characters=None) -> Scenario:
    """A story just after the keeper's #1 story choice: investigator-1 to play."""
    raw = {"story": story}
    if characters:
        raw["characters"] = characters
    s = Scenario.from_events(game, game.setup(game.options(players, raw), LoadedDice()))
    s.play("keeper", f"choose {choice}")
    return s


def offstage(s: Scenario, *facts) -> None:
    """Fold facts that happened offstage (the position the test needs)."""
    for fact in facts:
        assert fact.rule in game.RULES, fact.rule
    s.apply(facts)


def fresh_turn(s: Scenario) -> None:
    """The turn in play starts over: full movement, action not taken."""
    offstage(
        s, ev.InvestigatorTurnBegan(rule="forbidden_alchemy_story.turn.investigator", seat=s.state.current, moves=2)
    )


def put(s: Scenario, seat: str, space: str) -> None:
    """`seat` stands in `space`; the turn in play starts over."""
    here = s.state.investigators[seat].space
    offstage(s, play.InvestigatorMoved(rule="forbidden_alchemy_story.move.step", seat=seat, origin=here, to=space))
    fresh_turn(s)


def harvey_hiding_in_the_library() -> tuple[Scenario, str]:
    """Harvey Walters (investigator-1, beside Jenny) hid in the library last
    turn; his new turn has begun: he may cast Mists of Releh."""
    s = begin(characters="harvey-walters,jenny-barnes")
    harvey = JENNY  # investigator-1 plays Harvey Walters here
    put(s, harvey, "library")
    s.play(harvey, "hide")
    s.play(harvey, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    return s, harvey


def place(s: Scenario, monster: str, space: str) -> None:
    offstage(s, ev.MonsterPlaced(rule="forbidden_alchemy_story.setup.monster-placed", monster=monster, space=space))


def deck(s: Scenario, name: str, *order: str) -> None:
    offstage(s, ev.CombatDeckShuffled(rule="forbidden_alchemy_story.setup.combat", deck=name, order=order))


def reveal(s: Scenario) -> None:
    offstage(
        s,
        ev.ObjectiveRevealed(
            rule="forbidden_alchemy_story.objective.reveal", choice=s.state.choice, objective=s.state.objective
        ),
    )


def kinds(facts) -> list[str]:
    return [type(f).__name__ for f in facts]


def rules(facts) -> list[str]:
    return [f.rule for f in facts]


def legal(s: Scenario, seat: str) -> list[str]:
    return [c.notation() for c in game.legal_commands(s.state, seat)]


def rolls(facts):
    return [f for f in facts if isinstance(f, play.TestMade)]


# ---- seats, setup, the #1 story choice -------------------------------------------------------
def test_the_keeper_is_a_seat_of_its_own_and_makes_the_story_choice_in_secret():
    opts = game.options(3, {})
    assert game.seats(opts) == ("keeper", "investigator-1", "investigator-2", "investigator-3")
    s = Scenario.from_events(game, game.setup(opts, LoadedDice()))
    assert game.to_act(s.state) == ("keeper",)
    assert legal(s, "keeper") == ["choose A", "choose B", "choose C"]
    assert game.COMMANDS.is_secret("choose")
    (prompt,) = game.prompts(s.state)
    assert prompt.seat == "keeper" and prompt.rule == "forbidden_alchemy_story.choice.make"
    facts = s.play("keeper", "choose B")
    assert kinds(facts) == ["StoryChoiceMade", "ExplorationCardsPlaced", "InvestigatorTurnBegan"]
    # The choice and the objective are the keeper's alone until revealed.
    assert game.view(s.state, JENNY)["objective"] is None
    assert game.view(s.state, "")["choice"] is None
    assert game.view(s.state, "keeper")["choice"] == "B"
    assert game.redact(facts[0], JENNY)["choice"] == "hidden"
    assert "clue-1" not in str(game.redact(facts[1], JENNY))
    assert "clue-1" in str(game.redact(facts[1], "keeper"))


def test_setup_lays_out_the_story_each_fact_citing_its_rule():
    facts = game.setup(game.options(2, {"story": "3"}), LoadedDice())
    assert [(type(f).__name__, f.rule.removeprefix(R)) for f in facts] == [
        ("MansionBuilt", "setup.map"),
        ("ItemsListed", "setup.items"),
        ("StoryBegun", "setup.story"),
        ("InvestigatorJoined", "setup.investigators"),
        ("TraitChosen", "setup.trait"),
        ("InvestigatorJoined", "setup.investigators"),
        ("TraitChosen", "setup.trait"),
        ("MonstersListed", "setup.monsters"),
        ("MonsterTokensSlotted", "setup.monster-tokens"),
        ("MonsterPlaced", "setup.monster-placed"),
        ("MonsterPlaced", "setup.monster-placed"),
        ("CombatCardsListed", "setup.combat"),
        ("CombatDeckShuffled", "setup.combat"),
        ("CombatDeckShuffled", "setup.combat"),
        ("CombatDeckShuffled", "setup.combat"),
        ("KeeperActionsListed", "setup.keeper-actions"),
        ("TraumaCardsListed", "setup.trauma"),
        ("SideEffectThreatsListed", "setup.side-effect-threats"),
        ("SideEffectsNowListed", "setup.side-effect-now"),
        ("TraumaDeckShuffled", "setup.trauma"),
        ("TraumaCardsDealt", "setup.keeper-hand"),
        ("MythosCardsListed", "setup.mythos"),
        ("MythosDeckShuffled", "setup.mythos"),
        ("MythosCardsDealt", "setup.keeper-hand"),
        ("TimePeriodMarkerPlaced", "setup.time-period"),
        ("PuzzlePiecesShuffled", "puzzle.setup.shuffle"),
        ("SideEffectDeckShuffled", "puzzle.setup.side-effect-deck"),
        ("KeeperGuideRead", "setup.keeper-guide"),
        ("TokensSupplied", "setup.tokens"),
    ]
    s = Scenario.from_events(game, facts)
    assert game.view(s.state, "")["time_period"]["marker"] == "present"
    assert s.state.investigators[JENNY].space == "foyer" and s.state.monsters["byakhee-1"].space
    # Every deck order is hidden from every seat, the keeper's too.
    shuffled = next(f for f in facts if isinstance(f, ev.CombatDeckShuffled))
    assert game.redact(shuffled, "keeper")["order"] == {"hidden": 4}
    s.expect_violation("keeper", "choose D", rule="forbidden_alchemy_story.choice.known")


def test_options_refuse_a_fifth_investigator_and_an_unknown_story():
    import pytest

    from engine.core.errors import BadOptions

    with pytest.raises(BadOptions):
        game.options(5, {})
    with pytest.raises(BadOptions):
        game.options(1, {"story": "4"})


# ---- Combat Cards > Combat Cards with Multiple Attack Types ----------------------------------
def test_a_two_type_card_resolves_the_type_that_matches_the_weapon():
    s = begin()
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-1", "beast-2", "beast-3", "beast-4")
    # beast-1 lists a firearm attack and a sharp melee one: Jenny's revolver takes the first.
    facts = s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(2,)))
    drawn = facts[1]
    assert isinstance(drawn, play.CombatCardDrawn)
    assert (drawn.card, drawn.attack, drawn.rule) == ("beast-1", "firearm", "forbidden_alchemy_story.combat.two-types")


def test_when_neither_listed_type_matches_the_keeper_keeps_drawing():
    s = begin(characters="michael-mcglen,jenny-barnes")  # Michael: a blunt Fire Poker
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-1", "beast-3", "beast-2", "beast-4")
    facts = s.play(JENNY, "attack byakhee-1 fire-poker")
    draws = [f for f in facts if isinstance(f, play.CombatCardDrawn)]
    # beast-1 (firearm / sharp) and beast-3 (firearm) do not answer a blunt weapon.
    assert [(d.card, d.attack, d.rule) for d in draws] == [
        ("beast-1", "", "forbidden_alchemy_story.combat.keep-drawing"),
        ("beast-3", "", "forbidden_alchemy_story.combat.no-match"),
        ("beast-2", "blunt melee weapon", "forbidden_alchemy_story.combat.two-types"),
    ]
    assert kinds(facts)[:6] == [
        "AttackDeclared",
        "CombatCardDrawn",
        "CombatCardDiscarded",
        "CombatCardDrawn",
        "CombatCardDiscarded",
        "CombatCardDrawn",
    ]
    assert s.state.decks["beast"].discards == ("beast-3", "beast-1")


def test_an_empty_combat_deck_is_reshuffled_from_its_discards():
    s = begin(characters="michael-mcglen,jenny-barnes")
    place(s, "byakhee-1", "foyer")
    offstage(
        s,
        ev.CombatDeckShuffled(rule="forbidden_alchemy_story.setup.combat", deck="beast", order=("beast-1",)),
        play.CombatCardDiscarded(rule="forbidden_alchemy_story.combat.discard", deck="beast", card="beast-2"),
    )
    dice = LoadedDice(values=(1,), orders=[("beast-2", "beast-1")])
    facts = s.play(JENNY, "attack byakhee-1 fire-poker", dice=dice)
    assert "CombatDeckReshuffled" in kinds(facts)
    drawn = [f for f in facts if isinstance(f, play.CombatCardDrawn)][-1]
    assert drawn.card == "beast-2" and drawn.attack == "blunt melee weapon"


# ---- Other Rules > New Weapon Type -----------------------------------------------------------
def test_the_sharp_and_blunt_weapon_counts_as_sharp_blunt_and_melee():
    assert matches("sharp and blunt melee weapon", "sharp melee weapon")
    assert matches("sharp and blunt melee weapon", "blunt melee weapon")
    assert matches("sharp and blunt melee weapon", "melee weapon")
    assert not matches("sharp and blunt melee weapon", "firearm")
    assert matches("blunt melee weapon", "melee weapon") and not matches(
        "blunt melee weapon", "sharp melee weapon"
    )


def test_the_sword_cane_resolves_the_first_card_naming_sharp_or_blunt():
    s = begin(characters="harvey-walters,jenny-barnes")
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-3", "beast-1", "beast-2", "beast-4")
    # beast-3 is firearm only; beast-1 names a sharp melee weapon: resolved.
    facts = s.play(JENNY, "attack byakhee-1 sword-cane", dice=LoadedDice(values=(2,)))
    draws = [f for f in facts if isinstance(f, play.CombatCardDrawn)]
    assert [(d.card, d.attack) for d in draws] == [
        ("beast-3", ""),
        ("beast-1", "sharp melee weapon"),
    ]
    assert draws[-1].rule == "forbidden_alchemy_story.weapon.sharp-and-blunt"
    # Harvey's Strength 2 against the card's Strength test: a 2 passes, the byakhee takes 2.
    assert [f.amount for f in facts if isinstance(f, play.MonsterWounded)] == [2]

    s = begin(characters="harvey-walters,jenny-barnes")
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-4", "beast-1")
    facts = s.play(JENNY, "attack byakhee-1 sword-cane", dice=LoadedDice(values=(3,)))
    drawn = next(f for f in facts if isinstance(f, play.CombatCardDrawn))
    assert (drawn.card, drawn.attack) == ("beast-4", "melee weapon")  # "melee weapon" answers too


# ---- Other Rules > New Combat Card Tests: conditional modifiers, natural 1 and 10 ------------
def _firearm_with_horror(horror: int, roll: int):
    s = begin()
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-1")
    offstage(s, play.InvestigatorHorrified(rule="forbidden_alchemy_story.combat.horror", seat=JENNY, amount=horror))
    facts = s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(roll,)))
    return s, facts


def test_a_conditional_modifier_changes_the_number_before_the_roll():
    # beast-1, firearm: Marksmanship, -1 for each horror. Jenny: Marksmanship 4, +1 for her
    # Trait card Steady Hands, 3 horror -> 2.
    s, facts = _firearm_with_horror(3, 2)
    mod = next(f for f in facts if isinstance(f, play.TestModified))
    assert (mod.condition, mod.count, mod.amount, mod.rule) == (
        "horror",
        3,
        -3,
        "forbidden_alchemy_story.tests.conditional-modifier",
    )
    (test,) = rolls(facts)
    assert (test.what, test.number, test.roll, test.passed) == ("marksmanship", 2, 2, True)
    assert test.rule == "forbidden_alchemy_story.tests.attribute.pass"
    assert kinds(facts).index("TestModified") < kinds(facts).index("TestMade")  # before the roll
    assert s.state.monsters["byakhee-1"].wounds == 2

    s, facts = _firearm_with_horror(3, 3)
    (test,) = rolls(facts)
    assert (test.number, test.roll, test.passed, test.rule) == (
        2,
        3,
        False,
        "forbidden_alchemy_story.tests.attribute.fail",
    )
    assert s.state.investigators[JENNY].damage == 1  # the card's fail: 1 damage


def test_a_1_always_passes_and_a_10_always_fails_citing_the_expansion():
    # 5 horror: Marksmanship 4 + 1 (Steady Hands) - 5 = 0, and still a 1 passes.
    _, facts = _firearm_with_horror(5, 1)
    (test,) = rolls(facts)
    assert (test.number, test.passed, test.rule) == (0, True, "forbidden_alchemy_story.tests.natural-1")
    assert game.RULES["forbidden_alchemy_story.tests.natural-1"].section.startswith(
        "Other Rules > New Combat Card Tests"
    )
    # A number of 10 or more still fails on a 10.
    s = begin()
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-2")  # no weapon: "test your remaining health"
    people = dict(s.state.investigators)
    people[JENNY] = evolved(people[JENNY], health=12)  # more health than any character has
    s = Scenario(game, state=evolved(s.state, investigators=people))
    facts = s.play(JENNY, "attack byakhee-1 none", dice=LoadedDice(values=(10,)))
    (test,) = rolls(facts)
    assert (test.what, test.number, test.passed, test.rule) == (
        "remaining health",
        12,
        False,
        "forbidden_alchemy_story.tests.natural-10",
    )
    assert game.RULES["forbidden_alchemy_story.tests.natural-10"].section.startswith(
        "Other Rules > New Combat Card Tests"
    )


# ---- either/or -------------------------------------------------------------------------------
def test_an_either_or_test_asks_the_investigator_which_attribute():
    s = begin(characters="michael-mcglen,jenny-barnes")  # Strength 5, Dexterity 3
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-2")
    facts = s.play(JENNY, "attack byakhee-1 fire-poker")
    assert not rolls(facts)  # nothing rolled yet: the question waits
    assert game.to_act(s.state) == (JENNY,)
    assert legal(s, JENNY) == ["test dexterity", "test strength"]
    (prompt,) = game.prompts(s.state)
    assert prompt.rule == "forbidden_alchemy_story.tests.either-or"
    assert prompt.question == "Which do you test: Strength or Dexterity?"
    s.expect_violation(JENNY, "test luck", rule="forbidden_alchemy_story.tests.either-or")
    s.expect_violation(JENNY, "end", rule="forbidden_alchemy_story.turn.pending")
    facts = s.play(JENNY, "test strength", dice=LoadedDice(values=(5,)))
    chosen, test = facts[0], rolls(facts)[0]
    assert (chosen.attribute, chosen.rule) == ("strength", "forbidden_alchemy_story.tests.either-or")
    assert (test.what, test.number, test.roll, test.passed) == ("strength", 5, 5, True)
    assert test.rule == "forbidden_alchemy_story.tests.either-or.pass"
    assert s.state.attack is None and game.to_act(s.state) == (JENNY,)

    s = begin(characters="michael-mcglen,jenny-barnes")
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-2")
    s.play(JENNY, "attack byakhee-1 fire-poker")
    facts = s.play(JENNY, "test dexterity", dice=LoadedDice(values=(5,)))
    test = rolls(facts)[0]
    assert (test.number, test.passed, test.rule) == (3, False, "forbidden_alchemy_story.tests.either-or.fail")


# ---- non-attribute ---------------------------------------------------------------------------
def test_a_non_attribute_test_rolls_against_the_number_it_names():
    # beast-2, no weapon: "test your remaining health". Jenny: health 6, 2 damage -> 4.
    for roll, passed in ((4, True), (5, False)):
        s = begin()
        place(s, "byakhee-1", "foyer")
        deck(s, "beast", "beast-2")
        offstage(s, play.InvestigatorDamaged(rule="forbidden_alchemy_story.combat.damage", seat=JENNY, amount=2))
        facts = s.play(JENNY, "attack byakhee-1 none", dice=LoadedDice(values=(roll,)))
        (test,) = rolls(facts)
        assert (test.what, test.number, test.roll, test.passed) == (
            "remaining health",
            4,
            roll,
            passed,
        )
        assert test.rule == (
            "forbidden_alchemy_story.tests.non-attribute.pass"
            if passed
            else "forbidden_alchemy_story.tests.non-attribute.fail"
        )


# ---- multiple tests (and Hiding: a hidden investigator may be chosen) ------------------------
def _three_in_the_foyer():
    s = begin(players=3)
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-3")
    return s


def test_two_tests_in_order_then_the_cards_both_one_or_neither_result():
    s = _three_in_the_foyer()
    offstage(s, play.InvestigatorHid(rule="forbidden_alchemy_story.hiding.hide", seat="investigator-3"))
    fresh_turn(s)
    facts = s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(4,)))
    first = rolls(facts)[0]
    assert (first.seat, first.what, first.passed) == (JENNY, "marksmanship", True)
    # Two others in the room, one of them hiding: Jenny chooses, and may choose the hidden one.
    assert legal(s, JENNY) == ["pick investigator-2", "pick investigator-3"]
    assert game.prompts(s.state)[0].rule == "forbidden_alchemy_story.tests.multiple.other"
    facts = s.play(JENNY, "pick investigator-3", dice=LoadedDice(values=(6,)))
    assert (facts[0].tester, facts[0].rule) == ("investigator-3", "forbidden_alchemy_story.hiding.chosen")
    second = rolls(facts)[0]
    assert (second.seat, second.what, second.number, second.passed) == (
        "investigator-3",
        "dexterity",
        3,
        False,
    )
    tally = next(f for f in facts if isinstance(f, play.TestsTallied))
    assert (tally.passed, tally.result, tally.rule) == (1, "one", "forbidden_alchemy_story.tests.multiple")
    assert [f.amount for f in facts if isinstance(f, play.MonsterWounded)] == [1]  # "one": 1 damage

    s = _three_in_the_foyer()
    s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(2,)))
    facts = s.play(JENNY, "pick investigator-2", dice=LoadedDice(values=(3,)))
    assert next(f for f in facts if isinstance(f, play.TestsTallied)).result == "both"
    assert [f.amount for f in facts if isinstance(f, play.MonsterWounded)] == [3]

    s = _three_in_the_foyer()
    s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(9,)))
    facts = s.play(JENNY, "pick investigator-2", dice=LoadedDice(values=(9,)))
    assert next(f for f in facts if isinstance(f, play.TestsTallied)).result == "neither"
    assert s.state.investigators[JENNY].damage == 1


def test_with_one_other_investigator_he_is_chosen_and_with_none_the_test_fails():
    s = begin(players=2)
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-3")
    facts = s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(2, 2)))
    assert [(f.tester, f.rule) for f in facts if isinstance(f, play.TesterChosen)] == [
        (HARVEY, "forbidden_alchemy_story.tests.multiple.other")
    ]
    assert [t.seat for t in rolls(facts)] == [JENNY, HARVEY]

    s = begin(players=1)
    place(s, "byakhee-1", "foyer")
    deck(s, "beast", "beast-3")
    facts = s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(2,)))
    assert [(t.passed, t.rule) for t in rolls(facts)] == [
        (True, "forbidden_alchemy_story.tests.attribute.pass"),
        (False, "forbidden_alchemy_story.tests.multiple.nobody"),
    ]
    assert next(f for f in facts if isinstance(f, play.TestsTallied)).result == "one"


# ---- Impassable Borders ----------------------------------------------------------------------
def test_an_investigator_may_not_cross_an_impassable_border():
    s = begin()
    put(s, JENNY, "library")
    assert "move lab-b" not in legal(s, JENNY)
    s.expect_violation(JENNY, "move lab-b", rule="forbidden_alchemy_story.border.impassable")
    assert "move hall1-e" in legal(s, JENNY)


def test_a_flying_monster_crosses_an_impassable_border_and_others_do_not():
    s = begin(story="3")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    assert game.to_act(s.state) == ("keeper",) and s.state.threat == 2
    place(s, "byakhee-2", "path-a")
    # path-a and gh-mid are split by a dashed border: the byakhee flies over it.
    assert "action creature-of-night byakhee-2 gh-mid" in legal(s, "keeper")
    facts = s.play("keeper", "action creature-of-night byakhee-2 gh-mid")
    assert kinds(facts) == ["KeeperActionPlayed", "MonsterMoved"]
    assert facts[1].rule == "forbidden_alchemy_story.border.flying"
    # The crawling one in lab-b may not cross into the library.
    s = begin(story="3")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    assert "action creature-of-night crawling-one-1 library" not in legal(s, "keeper")
    s.expect_violation(
        "keeper", "action creature-of-night crawling-one-1 library", rule="forbidden_alchemy_story.border.impassable"
    )


def test_an_impassable_border_keeps_line_of_sight():
    s = begin()
    put(s, JENNY, "library")
    # Jenny's revolver reaches the crawling one across the border between library and lab-b.
    assert "attack crawling-one-1 revolver" in legal(s, JENNY)
    assert "attack crawling-one-1 none" not in legal(s, JENNY)
    deck(s, "eldritch", "eldritch-4")
    facts = s.play(JENNY, "attack crawling-one-1 revolver", dice=LoadedDice(values=(1,)))
    assert facts[0].rule == "forbidden_alchemy_story.action.attack"
    assert [f.monster for f in facts if isinstance(f, play.MonsterWounded)] == ["crawling-one-1"]


def test_using_an_item_spends_the_action_and_the_item():
    s = begin()
    put(s, JENNY, "hall1-w")
    facts = s.play(JENNY, "explore")
    assert (facts[0].card, facts[0].rule) == ("bandages", "forbidden_alchemy_story.action.explore")
    assert "use bandages" not in legal(s, JENNY)  # the action is spent
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    offstage(s, play.InvestigatorDamaged(rule="forbidden_alchemy_story.combat.damage", seat=JENNY, amount=3))
    facts = s.play(JENNY, "use bandages")
    assert kinds(facts) == ["ItemUsed", "InvestigatorRecovered"]
    assert (facts[1].what, facts[1].amount, facts[1].rule) == ("health", 2, "forbidden_alchemy_story.item.recover")
    assert "bandages" not in s.state.investigators[JENNY].items
    assert s.state.investigators[JENNY].health_left == 5
    s.expect_violation(JENNY, "use bandages", rule="forbidden_alchemy_story.turn.one-action")


# ---- Other Rules > Hiding --------------------------------------------------------------------
def _keeper_turn_with_jenny_hidden_in_the_library():
    s = begin()
    put(s, JENNY, "library")
    s.play(JENNY, "hide")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    return s


def test_a_hiding_investigator_is_not_a_target_of_keeper_actions():
    s = _keeper_turn_with_jenny_hidden_in_the_library()
    assert s.state.investigators[JENNY].hidden
    place(s, "maniac-1", "library")
    offstage(s, ev.KeeperTurnBegan(rule="forbidden_alchemy_story.keeper.threat", gained=2))  # 4 threat: enough
    aimed = [c for c in legal(s, "keeper") if JENNY in c]
    # Keeper Actions and monster attacks pass her by; a Mythos card is no Keeper Action.
    assert aimed and all(c.startswith("mythos ") for c in aimed)
    s.expect_violation("keeper", f"action take-sample {JENNY}", rule="forbidden_alchemy_story.hiding.not-a-target")
    s.expect_violation("keeper", f"monster-attack maniac-1 {JENNY}", rule="forbidden_alchemy_story.monster.hidden")


def test_a_hiding_investigator_still_burns_in_a_room_on_fire():
    s = _keeper_turn_with_jenny_hidden_in_the_library()
    facts = s.play("keeper", "action kindle library")
    assert kinds(facts) == ["KeeperActionPlayed", "RoomSetOnFire"]
    assert facts[1].rule == "forbidden_alchemy_story.keeper.kindle" and s.state.threat == 0
    s.play("keeper", "end")
    facts = s.play(JENNY, "end")  # still hiding in the burning Library
    assert kinds(facts)[:2] == ["InvestigatorDamaged", "TurnEnded"]
    assert facts[0].rule == "forbidden_alchemy_story.hiding.status-effects"
    assert game.view(s.state, "")["rooms"]["library"]["fire"]


def test_a_hiding_investigator_still_checks_for_horror_when_a_monster_enters():
    s = _keeper_turn_with_jenny_hidden_in_the_library()
    place(s, "maniac-1", "hall1-e")
    # Maniac: horror 1. Jenny's Will 4 - 1 = 3; a 7 fails: 1 horror.
    facts = s.play(
        "keeper", "action creature-of-night maniac-1 library", dice=LoadedDice(values=(7,))
    )
    assert kinds(facts) == [
        "KeeperActionPlayed",
        "MonsterMoved",
        "HorrorCheckMade",
        "TestMade",
        "InvestigatorHorrified",
    ]
    assert facts[2].rule == "forbidden_alchemy_story.hiding.horror-check"
    assert (facts[3].number, facts[3].rule) == (3, "forbidden_alchemy_story.horror.test.fail")
    assert s.state.investigators[JENNY].horror == 1 and s.state.investigators[JENNY].hidden


def test_moving_into_a_room_with_a_monster_calls_a_horror_check():
    s = begin()
    put(s, JENNY, "lab-a")
    facts = s.play(JENNY, "move lab-b", dice=LoadedDice(values=(2,)))
    assert kinds(facts) == ["InvestigatorMoved"]  # the same room: no new check
    s = begin()
    put(s, JENNY, "hall1-w")
    facts = s.play(JENNY, "move lab-a", dice=LoadedDice(values=(2,)))
    assert kinds(facts) == ["InvestigatorMoved", "HorrorCheckMade", "TestMade"]
    assert facts[2].rule == "forbidden_alchemy_story.horror.test.pass"


# ---- Other Rules > Secrecy and Byakhees ------------------------------------------------------
SECRETS = ("health", "damage")


def test_only_the_keeper_sees_a_byakhees_token_bottom():
    s = begin(story="3")
    place(s, "byakhee-2", "foyer")
    deck(s, "beast", "beast-1")
    facts = s.play(JENNY, "attack byakhee-2 revolver", dice=LoadedDice(values=(2,)))
    examined = next(f for f in facts if isinstance(f, play.ByakheeTokenExamined))
    assert examined.rule == "forbidden_alchemy_story.byakhee.keeper-examines"
    for seat in (JENNY, HARVEY, ""):
        assert game.redact(examined, seat)["health"] == "hidden"
        assert "bottom" not in game.view(s.state, seat)["monsters"]["byakhee-2"]
    assert game.redact(examined, "keeper")["health"] == 5
    assert game.view(s.state, "keeper")["monsters"]["byakhee-2"]["bottom"]["health"] == 5
    # A crawling one's bottom, once examined, is seen by everyone (our base-game stand-in).
    setup = game.setup(game.options(2, {"story": "3"}), LoadedDice())
    slotted = next(f for f in setup if isinstance(f, ev.MonsterTokensSlotted))
    assert "question" not in str(game.redact(slotted, JENNY))
    assert "question" in str(game.redact(slotted, "keeper"))


def test_a_byakhees_special_attack_shows_the_question_then_only_the_answer_given():
    s = begin(story="3")
    put(s, JENNY, "gh-door")  # byakhee-1 starts there (token byakhee-a)
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    facts = s.play("keeper", f"action screech byakhee-1 {JENNY}")
    asked = facts[-1]
    assert isinstance(asked, play.ByakheeQuestionAsked) and asked.rule == "forbidden_alchemy_story.byakhee.question"
    assert asked.question == "Do you look up at the beating wings?"
    assert game.to_act(s.state) == (JENNY,)
    assert legal(s, JENNY) == ["answer no", "answer yes"]
    (prompt,) = game.prompts(s.state)
    assert "beating wings" in prompt.question
    # Neither result is anywhere an investigator can read before the answer.
    for seat in (JENNY, HARVEY, ""):
        shown = str(game.view(s.state, seat)) + "".join(str(game.redact(f, seat)) for f in s.events)
        assert "Talons" not in shown and "burns into" not in shown
    facts = s.play(JENNY, "answer no")
    # Its damage is damage the byakhee deals: only the keeper examines its token.
    assert kinds(facts) == ["ByakheeAnswered", "ByakheeTokenExamined", "InvestigatorDamaged"]
    assert facts[0].result == "Talons rake your back: suffer 1 damage."
    for seat in (JENNY, HARVEY, ""):
        shown = str(game.view(s.state, seat)) + "".join(str(game.redact(f, seat)) for f in s.events)
        assert "burns into" not in shown  # the other answer's result stays on the token
    assert game.to_act(s.state) == ("keeper",)


# ---- Other Rules > Escaping, Story 3 errata --------------------------------------------------
def _story3_carrier_in_hallway_2(carrying=True):
    s = begin(story="3", choice="C")
    reveal(s)
    if carrying:
        offstage(
            s,
            play.ExplorationCardTaken(
                rule="forbidden_alchemy_story.action.explore", seat=JENNY, room="greenhouse", card="dust"
            ),
            play.ExplorationCardTaken(
                rule="forbidden_alchemy_story.action.explore", seat=JENNY, room="greenhouse", card="yellow-matter"
            ),
        )
    put(s, JENNY, "hall2-s")
    fresh_turn(s)
    return s


def test_story_3_the_carrier_of_the_yellow_matter_escapes_from_hallway_2():
    s = _story3_carrier_in_hallway_2()
    assert "yellow-matter" in s.state.investigators[JENNY].items
    assert "escape" in legal(s, JENNY)
    facts = s.play(JENNY, "escape")
    assert kinds(facts) == ["InvestigatorEscaped", "GameWon", "EpilogueRead"]
    assert rules(facts)[:2] == ["forbidden_alchemy_story.escape.cross", "forbidden_alchemy_story.objective.escape-win"]
    assert facts[1].winner == "investigators"
    assert game.outcome(s.state).startswith("the investigators win")
    assert facts[2].text == "The matter is out of the house, and the house is quiet at last."
    assert game.to_act(s.state) == ()


def test_escaping_without_the_yellow_matter_wins_nothing_and_only_from_the_outer_edge():
    s = _story3_carrier_in_hallway_2(carrying=False)
    facts = s.play(JENNY, "escape")
    assert kinds(facts) == ["InvestigatorEscaped", "InvestigatorTurnBegan"]
    assert game.outcome(s.state) is None and s.state.investigators[JENNY].status == "escaped"
    s = _story3_carrier_in_hallway_2()
    put(s, JENNY, "hall2-n")
    assert "escape" not in legal(s, JENNY)
    s.expect_violation(JENNY, "escape", rule="forbidden_alchemy_story.escape.edge")
    s = begin(story="3", choice="C")  # not revealed yet: no escape
    put(s, JENNY, "hall2-s")
    s.expect_violation(JENNY, "escape", rule="forbidden_alchemy_story.escape.objective")


# ---- Story 1 errata: Alchemy Puzzle #10B -----------------------------------------------------
def _story1_with_clue():
    s = begin(story="1", choice="B")
    reveal(s)
    offstage(
        s,
        play.ExplorationCardTaken(
            rule="forbidden_alchemy_story.action.explore", seat=JENNY, room="laboratory", card="clue-1"
        ),
    )
    fresh_turn(s)
    return s


def test_story_1_an_investigator_with_clue_1_attempts_puzzle_10b_and_passing_wins():
    s = begin(story="1", choice="B")
    reveal(s)
    assert "puzzle" not in legal(s, JENNY)
    s.expect_violation(JENNY, "puzzle", rule="forbidden_alchemy_story.puzzle.clue")
    s = _story1_with_clue()
    assert "puzzle" in legal(s, JENNY)
    facts = s.play(JENNY, "puzzle")
    assert kinds(facts)[:4] == [
        "PuzzleAttemptBegun",
        "SetupTilePlaced",
        "InvestigatorAttempting",
        "PuzzlePiecesShuffled",
    ]
    assert facts[0].rule == "forbidden_alchemy_story.objective.puzzle-attempt" and facts[1].tile == "10B"
    assert game.to_act(s.state) == (JENNY,)
    assert "stop" in legal(s, JENNY) and "end" not in legal(s, JENNY)
    # The puzzle game's own rules decide the puzzle: stop and test; a 1 passes.
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(1,)))
    assert "AlchemyTestPassed" in kinds(facts)
    assert kinds(facts)[-3:] == ["PuzzleAttemptEnded", "GameWon", "EpilogueRead"]
    assert facts[-2].rule == "forbidden_alchemy_story.objective.puzzle-win" and facts[-2].winner == "investigators"
    assert facts[-1].text.startswith("The reagent turns clear")


def test_a_failed_attempt_keeps_the_pile_for_the_next_attempt():
    s = _story1_with_clue()
    s.play(JENNY, "puzzle")
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    assert "AlchemyTestFailed" in kinds(facts) and "SideEffectDrawn" in kinds(facts)
    assert kinds(facts)[-1] == "PuzzleAttemptEnded"
    assert game.outcome(s.state) is None and s.state.attempter is None
    pile = s.state.alchemy.pile
    assert len(pile) == 12  # every piece back in the one pile, pieces used at the bottom
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    s.play(JENNY, "end")
    offstage(
        s,
        play.ExplorationCardTaken(
            rule="forbidden_alchemy_story.action.explore", seat=HARVEY, room="laboratory", card="bone-saw"
        ),
    )
    fresh_turn(s)
    # Harvey has no Clue 1; Jenny's next attempt (next round) shuffles the pile as it stands.
    s.expect_violation(HARVEY, "puzzle", rule="forbidden_alchemy_story.puzzle.clue")
    assert s.state.investigators[JENNY].side_effects  # the Side Effect stays with her
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    facts = s.play(JENNY, "puzzle", dice=LoadedDice(orders=[tuple(reversed(pile))]))
    assert facts[3].pile == tuple(reversed(pile))


# ---- Epilogues -------------------------------------------------------------------------------
def _play_to_the_last_event(choice: str):
    s = begin(players=1, story="3", choice=choice)
    for _ in range(len(s.state.event_texts)):  # Story 3 has eight Event cards
        s.play(JENNY, "end")
        facts = s.play("keeper", "end")
    return s, facts


def test_the_epilogue_follows_the_choice_and_the_winner_and_none_when_all_lose():
    s, facts = _play_to_the_last_event("B")
    assert kinds(facts)[-2:] == ["GameWon", "EpilogueRead"]
    assert (facts[-1].choice, facts[-1].winner) == ("B", "keeper")
    assert facts[-1].text == "By morning the greenhouse has swallowed the house."
    assert game.outcome(s.state).startswith("the keeper wins")
    s, facts = _play_to_the_last_event("A")
    assert kinds(facts)[-2:] == ["AllPlayersLost", "NoEpilogue"]
    assert facts[-1].rule == "forbidden_alchemy_story.epilogue.none" and s.state.epilogue is None


def test_event_ii_reveals_the_objective_and_the_keepers_secret_choice():
    s = begin(players=1)
    s.play(JENNY, "end")
    facts = s.play("keeper", "end")
    assert "ObjectiveRevealed" not in kinds(facts)
    s.play(JENNY, "end")
    facts = s.play("keeper", "end")
    assert kinds(facts)[:4] == [
        "KeeperTurnEnded",
        "EventCardResolved",
        "ObjectiveRevealed",
        "SecretRevealed",
    ]
    assert game.view(s.state, JENNY)["choice"] == "B"


# ---- Errata > General: the "Wrong Turn" Mythos card --------------------------------------------
def test_wrong_turn_moves_to_another_hallway_space_with_no_exploration_card():
    s = _keeper_turn(begin())
    assert s.state.mythos_hand == ("wrong-turn", "creaking-floor")
    # Hallway 1 still holds its Bandages: only Hallway 2's spaces qualify.
    moves = [c for c in legal(s, "keeper") if c.startswith(f"mythos wrong-turn {JENNY}")]
    assert moves == [
        f"mythos wrong-turn {JENNY}",
        f"mythos wrong-turn {JENNY} hall2-n",
        f"mythos wrong-turn {JENNY} hall2-s",
    ]
    s.expect_violation("keeper", f"mythos wrong-turn {JENNY} hall1-w", rule="forbidden_alchemy_story.errata.wrong-turn")
    # Jenny's Luck 3: a 7 fails, and the keeper moves her to hall2-s.
    facts = s.play("keeper", f"mythos wrong-turn {JENNY} hall2-s", dice=LoadedDice(values=(7,)))
    assert kinds(facts) == [
        "MythosPlayed",
        "TestMade",
        "InvestigatorMovedByKeeper",
        "MythosDiscarded",
    ]
    assert rules(facts)[1:3] == ["forbidden_alchemy_story.mythos.test.fail", "forbidden_alchemy_story.errata.wrong-turn"]
    assert s.state.investigators[JENNY].space == "hall2-s" and s.state.threat == 1
    # A pass leaves her where she is.
    s = _keeper_turn(begin())
    facts = s.play("keeper", f"mythos wrong-turn {JENNY} hall2-s", dice=LoadedDice(values=(3,)))
    assert kinds(facts) == ["MythosPlayed", "TestMade", "MythosDiscarded"]
    assert s.state.investigators[JENNY].space == "foyer"
    assert game.redact(next(e for e in s.events if isinstance(e, ev.MythosCardsDealt)), JENNY) == {
        "cards": {"hidden": 2}
    }


# ---- Story 1 errata, Event Card IV: West -----------------------------------------------------
def _rounds(s: Scenario, n: int, seats=(JENNY, HARVEY)) -> list:
    for _ in range(n):
        for seat in seats:
            s.play(seat, "end")
        facts = s.play("keeper", "end")
    return facts


def test_event_iv_brings_west_for_objectives_1a_and_1c_only():
    s = begin(players=2, choice="A")
    facts = _rounds(s, 4)
    west = next(f for f in facts if isinstance(f, ev.NamedMonsterPlaced))
    assert (west.monster, west.name, west.space, west.bonus_health, west.moves, west.rule) == (
        "maniac-1",
        "West",
        "library",
        6,
        3,
        "forbidden_alchemy_story.errata.west",
    )  # +3 health per investigator
    assert game.view(s.state, "keeper")["monsters"]["maniac-1"]["bottom"]["health"] == 4 + 6
    assert game.view(s.state, JENNY)["monsters"]["maniac-1"]["name"] == "West"
    s = begin(players=2, choice="B")
    facts = _rounds(s, 4)
    assert not [f for f in facts if isinstance(f, ev.NamedMonsterPlaced)]


def test_west_moves_up_to_three_spaces_with_creature_of_night():
    s = begin(players=2, choice="C")
    _rounds(s, 4)
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    assert "action creature-of-night maniac-1 hall1-e hall1-w foyer" in legal(s, "keeper")
    assert "action creature-of-night crawling-one-1 lab-a hall1-w" not in legal(s, "keeper")
    s.expect_violation(
        "keeper",
        "action creature-of-night crawling-one-1 lab-a hall1-w",
        rule="forbidden_alchemy_story.keeper.creature-of-night",
    )
    # West walks into the Foyer: both investigators check for horror (maniac: horror 1).
    facts = s.play(
        "keeper",
        "action creature-of-night maniac-1 hall1-e hall1-w foyer",
        dice=LoadedDice(values=(2, 2)),
    )
    moved = [f for f in facts if isinstance(f, play.MonsterMoved)]
    assert [(f.to, f.rule) for f in moved] == [
        (x, "forbidden_alchemy_story.errata.west-moves") for x in ("hall1-e", "hall1-w", "foyer")
    ]
    assert [f.seat for f in facts if isinstance(f, play.HorrorCheckMade)] == [JENNY, HARVEY]


# ---- the keeper's turn: threat, Trauma cards and threat effects ------------------------------
def test_threat_by_investigators_and_a_trauma_cards_threat_effect_once_per_turn():
    s = begin(players=3)
    for seat in ("investigator-1", "investigator-2", "investigator-3"):
        s.play(seat, "end")
    assert s.state.threat == 3  # one threat token per investigator
    assert s.state.hand == ("trauma-1", "trauma-2", "trauma-3")
    assert "trauma trauma-2 investigator-1" not in legal(s, "keeper")  # no horror suffered yet
    offstage(s, play.InvestigatorHorrified(rule="forbidden_alchemy_story.horror.fail", seat=JENNY, amount=1))
    facts = s.play("keeper", f"trauma trauma-2 {JENNY}")
    assert kinds(facts) == ["TraumaPlayed", "InvestigatorHorrified"]
    assert s.state.trauma_in_play == {"trauma-2": JENNY} and s.state.threat == 2
    s.expect_violation("keeper", f"trauma trauma-1 {JENNY}", rule="forbidden_alchemy_story.trauma.kind")  # no damage
    facts = s.play("keeper", "threat trauma-2")
    assert kinds(facts) == ["ThreatEffectUsed", "InvestigatorHorrified"]
    assert facts[0].rule == "forbidden_alchemy_story.threat.spend"
    s.expect_violation("keeper", "threat trauma-2", rule="forbidden_alchemy_story.threat.once")


def test_a_side_effect_card_in_play_with_a_threat_cost_is_the_keepers_to_trigger():
    from engine.games.forbidden_alchemy import events as puzzle_events
    from engine.games.forbidden_alchemy_story.content import load

    s = _story1_with_clue()
    lingering = next(c.to_data() for c in load().puzzle.side_effects if c.id == "se-10")
    offstage(
        s,
        puzzle_events.SideEffectDeckShuffled(
            rule="forbidden_alchemy_story.puzzle.setup.side-effect-deck", deck=(lingering,)
        ),
    )
    s.play(JENNY, "puzzle")
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    assert [f.card for f in facts if type(f).__name__ == "SideEffectKept"] == ["se-10"]
    assert facts[-3].rule == "forbidden_alchemy_story.puzzle.side-effect.stays"
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    assert "threat se-10" in legal(s, "keeper")  # Lingering Vapour: threat 1
    facts = s.play("keeper", "threat se-10")
    assert kinds(facts) == ["ThreatEffectUsed", "InvestigatorHorrified"]
    assert (facts[0].seat, facts[0].cost, facts[1].rule) == (JENNY, 1, "forbidden_alchemy_story.threat.effect")
    assert "threat se-10" not in legal(s, "keeper")


def test_the_keepers_hand_is_hidden_from_investigators():
    s = begin()
    assert "hand" not in game.view(s.state, JENNY)["keeper"]
    assert game.view(s.state, "keeper")["keeper"]["hand"] == ["trauma-1", "trauma-2", "trauma-3"]
    dealt = next(e for e in s.events if isinstance(e, ev.TraumaCardsDealt))
    assert game.redact(dealt, JENNY) == {"cards": {"hidden": 3}}
    rng = random.Random(1)
    for seat in (JENNY, "", "keeper"):
        assert game.view(game.scramble_hidden(s.state, seat, rng), seat) == game.view(s.state, seat)


def test_every_fact_of_a_story_carries_a_rule_of_the_table():
    s = begin()
    for fact in s.events:
        assert fact.rule in game.RULES, fact.rule
    for ref in game.RULES:
        if ref.id.startswith(R) and ref.section.startswith("Ours"):
            assert "stand-in" in ref.section or ref.section.startswith("Ours")


# ---- Ours (stand-in base game): turns, monsters, harm --------------------------------------------
def test_an_investigator_turn_is_two_moves_and_one_action():
    s = begin()
    s.expect_violation(HARVEY, "move hall1-w", rule="forbidden_alchemy_story.turn.order")
    s.play(JENNY, "move hall1-w")
    s.play(JENNY, "run")
    assert s.state.moves == 2  # running spent the action on one more space
    s.expect_violation(JENNY, "run", rule="forbidden_alchemy_story.turn.one-action")
    s.play(JENNY, "move hall1-e")
    s.play(JENNY, "move hall2-n")
    s.expect_violation(JENNY, "move hall2-s", rule="forbidden_alchemy_story.move.points")
    assert legal(s, JENNY) == ["end"]
    s.expect_violation(JENNY, "move foyer", rule="forbidden_alchemy_story.move.points")
    s.play(JENNY, "end")
    assert game.to_act(s.state) == (HARVEY,)
    s.expect_violation(HARVEY, "move library", rule="forbidden_alchemy_story.move.adjacent")
    s.expect_violation(HARVEY, "hide", rule="forbidden_alchemy_story.hiding.place")  # the Foyer has no hiding place
    s.expect_violation(HARVEY, "explore", rule="forbidden_alchemy_story.explore.empty")


def test_a_monster_attack_draws_a_combat_card_and_deals_its_tokens_damage():
    s = begin()
    place(s, "maniac-1", "foyer")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    # humanoid-1 tops the deck: its monster attack tests Dexterity; Harvey's 3, a 4 fails.
    # The maniac's token (maniac-a) deals 2.
    facts = s.play("keeper", f"monster-attack maniac-1 {HARVEY}", dice=LoadedDice(values=(4,)))
    assert kinds(facts) == [
        "MonsterAttacked",
        "MonsterCombatCardDrawn",
        "TestMade",
        "MonsterTokenExamined",
        "InvestigatorDamaged",
        "CombatCardDiscarded",
    ]
    assert rules(facts) == [
        "forbidden_alchemy_story.monster.attack",
        "forbidden_alchemy_story.monster.card",
        "forbidden_alchemy_story.monster.evade.fail",
        "forbidden_alchemy_story.monster.examine",
        "forbidden_alchemy_story.monster.damage",
        "forbidden_alchemy_story.combat.discard",
    ]
    assert facts[1].card == "humanoid-1" and facts[2].what == "dexterity"
    assert facts[4].amount == 2
    assert game.view(s.state, JENNY)["monsters"]["maniac-1"]["bottom"] == {"health": 4, "damage": 2}
    s.expect_violation("keeper", f"monster-attack maniac-1 {JENNY}", rule="forbidden_alchemy_story.monster.once")
    assert f"monster-attack maniac-1 {JENNY}" not in legal(s, "keeper")


def test_a_monster_attack_discards_combat_cards_without_a_monster_attack():
    s = begin()
    place(s, "maniac-1", "foyer")
    deck(s, "humanoid", "humanoid-2", "humanoid-3", "humanoid-1")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    # humanoid-2 has no monster attack; humanoid-3 tests Strength (Harvey's 2): a 2 passes.
    facts = s.play("keeper", f"monster-attack maniac-1 {HARVEY}", dice=LoadedDice(values=(2,)))
    drawn = [f for f in facts if isinstance(f, play.MonsterCombatCardDrawn)]
    assert [(f.card, f.resolved, f.rule) for f in drawn] == [
        ("humanoid-2", False, "forbidden_alchemy_story.monster.card-no-match"),
        ("humanoid-3", True, "forbidden_alchemy_story.monster.card"),
    ]
    test = next(f for f in facts if isinstance(f, play.TestMade))
    assert (test.what, test.number, test.passed) == ("strength", 2, True)
    assert "InvestigatorDamaged" not in kinds(facts)
    assert sorted(s.state.decks["humanoid"].discards) == ["humanoid-2", "humanoid-3"]


def test_take_sample_and_dark_summons():
    s = begin()
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    assert s.state.threat == 2
    s.expect_violation(
        "keeper", "action dark-summons maniac-1 hall1-w", rule="forbidden_alchemy_story.keeper.threat-cost"
    )
    offstage(s, ev.KeeperTurnBegan(rule="forbidden_alchemy_story.keeper.threat", gained=4))  # 6 threat
    s.expect_violation("keeper", f"action take-sample {JENNY}", rule="forbidden_alchemy_story.keeper.sample-target")
    s.expect_violation(
        "keeper", "action dark-summons maniac-1 foyer", rule="forbidden_alchemy_story.keeper.summon-space"
    )
    s.expect_violation(
        "keeper", "action dark-summons crawling-one-1 hall1-w", rule="forbidden_alchemy_story.keeper.summon-monster"
    )
    facts = s.play("keeper", "action dark-summons maniac-1 hall1-w")
    assert kinds(facts) == ["KeeperActionPlayed", "MonsterPlaced"]  # no investigator in that room
    assert s.state.threat == 3
    s.expect_violation(
        "keeper", "action dark-summons byakhee-1 hall1-e", rule="forbidden_alchemy_story.keeper.action-once"
    )
    place(s, "maniac-1", "foyer")
    facts = s.play("keeper", f"action take-sample {JENNY}")
    assert kinds(facts) == ["KeeperActionPlayed", "InvestigatorDamaged"]
    assert facts[1].rule == "forbidden_alchemy_story.keeper.take-sample" and s.state.threat == 1


def test_a_monster_whose_damage_reaches_its_health_is_killed():
    s = begin()
    place(s, "byakhee-1", "foyer")
    offstage(s, play.MonsterWounded(rule="forbidden_alchemy_story.combat.wound", monster="byakhee-1", amount=2))
    deck(s, "beast", "beast-1")
    facts = s.play(JENNY, "attack byakhee-1 revolver", dice=LoadedDice(values=(1,)))
    # byakhee-a: health 4; 2 + 2 = 4.
    assert "MonsterKilled" in kinds(facts)
    assert next(f for f in facts if isinstance(f, play.MonsterKilled)).rule == "forbidden_alchemy_story.monster.killed"
    assert s.state.monsters["byakhee-1"].space is None and s.state.monsters["byakhee-1"].dead
    assert "attack byakhee-1 revolver" not in legal(s, JENNY)


def test_an_investigator_out_of_health_is_eliminated_and_the_last_one_loses_the_story():
    s = begin(players=2)
    place(s, "maniac-1", "foyer")
    offstage(s, play.InvestigatorDamaged(rule="forbidden_alchemy_story.combat.damage", seat=HARVEY, amount=4))
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    facts = s.play("keeper", f"monster-attack maniac-1 {HARVEY}", dice=LoadedDice(values=(9,)))
    assert kinds(facts)[-2:] == ["InvestigatorEliminated", "CombatCardDiscarded"]
    assert facts[-2].rule == "forbidden_alchemy_story.health.eliminated"
    assert s.state.turns.seats == (JENNY, "keeper")
    s.play("keeper", "end")
    assert game.to_act(s.state) == (JENNY,)
    offstage(s, play.InvestigatorHorrified(rule="forbidden_alchemy_story.horror.fail", seat=JENNY, amount=5))
    s.play(JENNY, "end")
    facts = s.play("keeper", "trauma trauma-2 investigator-1")  # Night Terrors: 1 horror
    assert kinds(facts) == [
        "TraumaPlayed",
        "InvestigatorHorrified",
        "ItemsDropped",
        "InvestigatorEliminated",
        "ObjectiveRevealed",
        "SecretRevealed",
        "GameWon",
        "EpilogueRead",
    ]
    assert (facts[2].rule, facts[2].room, facts[2].items) == (
        "forbidden_alchemy_story.items.dropped",
        "foyer",
        ("revolver",),
    )
    assert facts[3].rule == "forbidden_alchemy_story.sanity.eliminated"
    assert facts[4].rule == "forbidden_alchemy_story.objective.end"  # the hidden objective is shown at the end
    assert (facts[6].winner, facts[6].rule) == ("keeper", "forbidden_alchemy_story.end.no-investigators")
    assert game.to_act(s.state) == ()


# ---- refusals: each names the rule it breaks ------------------------------------------------------
def _keeper_turn(s: Scenario) -> Scenario:
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    return s


def _with(*facts):
    def prepare(s: Scenario) -> Scenario:
        offstage(s, *facts)
        return s

    return prepare


def _pending_question(s: Scenario) -> Scenario:
    offstage(
        s,
        ev.MonsterPlaced(rule="forbidden_alchemy_story.setup.monster-placed", monster="byakhee-1", space="foyer"),
        play.ByakheeQuestionAsked(
            rule="forbidden_alchemy_story.byakhee.question", monster="byakhee-1", seat=JENNY, question="?"
        ),
    )
    return s


REFUSALS = [
    # (prepare the position, seat, command, rule broken)
    (lambda s: s, "keeper", "choose A", "forbidden_alchemy_story.choice.once"),
    (lambda s: s, "keeper", "end", "forbidden_alchemy_story.keeper.turn"),
    (lambda s: s, JENNY, "monster-attack crawling-one-1 investigator-1", "forbidden_alchemy_story.turn.commands"),
    (_keeper_turn, "keeper", "move foyer", "forbidden_alchemy_story.keeper.commands"),
    (lambda s: s, JENNY, "attack crawling-one-1 shotgun", "forbidden_alchemy_story.attack.weapon"),
    (lambda s: s, JENNY, "attack byakhee-1 revolver", "forbidden_alchemy_story.attack.monster"),
    (lambda s: s, JENNY, "attack crawling-one-1 none", "forbidden_alchemy_story.attack.reach"),
    (lambda s: s, JENNY, "attack crawling-one-1 revolver", "forbidden_alchemy_story.attack.line-of-sight"),
    (lambda s: s, JENNY, "use revolver", "forbidden_alchemy_story.item.use"),
    (lambda s: s, JENNY, "puzzle", "forbidden_alchemy_story.puzzle.objective"),
    (lambda s: s, JENNY, "swap 1 2", "forbidden_alchemy_story.puzzle.actions.phase"),
    (lambda s: s, JENNY, "test strength", "forbidden_alchemy_story.tests.either-or"),
    (lambda s: s, JENNY, "pick investigator-2", "forbidden_alchemy_story.tests.multiple.other"),
    (lambda s: s, JENNY, "answer yes", "forbidden_alchemy_story.byakhee.answer"),
    (_pending_question, JENNY, "answer maybe", "forbidden_alchemy_story.byakhee.answer"),
    (_pending_question, JENNY, "end", "forbidden_alchemy_story.turn.pending"),
    (_keeper_turn, "keeper", "action crawl", "forbidden_alchemy_story.keeper.action-unknown"),
    (_keeper_turn, "keeper", "action take-sample", "forbidden_alchemy_story.keeper.action-targets"),
    (_keeper_turn, "keeper", "action take-sample keeper", "forbidden_alchemy_story.keeper.target"),
    (_keeper_turn, "keeper", "action creature-of-night byakhee-1 foyer", "forbidden_alchemy_story.keeper.monster"),
    (
        _keeper_turn,
        "keeper",
        "action creature-of-night crawling-one-1 foyer",
        "forbidden_alchemy_story.keeper.monster-move",
    ),
    (_keeper_turn, "keeper", "action screech crawling-one-1 investigator-1", "forbidden_alchemy_story.byakhee.special"),
    (_keeper_turn, "keeper", "monster-attack crawling-one-1 investigator-1", "forbidden_alchemy_story.monster.reach"),
    (_keeper_turn, "keeper", "trauma trauma-6 investigator-1", "forbidden_alchemy_story.trauma.in-hand"),
    (_keeper_turn, "keeper", "threat trauma-1", "forbidden_alchemy_story.threat.card"),
    (
        lambda s: _with(play.InvestigatorHid(rule="forbidden_alchemy_story.hiding.hide", seat=JENNY))(
            _with(
                play.InvestigatorMoved(rule="forbidden_alchemy_story.move.step", seat=JENNY, origin="foyer", to="library")
            )(s)
        ),
        JENNY,
        "hide",
        "forbidden_alchemy_story.turn.one-action",
    ),
]


def test_refusals_name_the_rule_they_break():
    for prepare, seat, command, rule in REFUSALS:
        s = prepare(begin())
        s.expect_violation(seat, command, rule=rule)
        assert rule in game.RULES


def test_hiding_ends_with_a_move_or_an_attack_and_cannot_be_repeated():
    s = begin()
    put(s, JENNY, "library")
    s.play(JENNY, "hide")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    s.expect_violation(JENNY, "hide", rule="forbidden_alchemy_story.hiding.already")
    facts = s.play(JENNY, "move hall1-e")
    assert kinds(facts) == ["HidingEnded", "InvestigatorMoved"]
    assert facts[0].rule == "forbidden_alchemy_story.hiding.move-ends"
    s = begin()
    put(s, JENNY, "library")
    s.play(JENNY, "hide")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    deck(s, "eldritch", "eldritch-4")
    facts = s.play(JENNY, "attack crawling-one-1 revolver", dice=LoadedDice(values=(9,)))
    assert facts[0].rule == "forbidden_alchemy_story.hiding.attack-ends"


def test_a_trauma_card_without_a_threat_effect_is_discarded_once_played():
    s = _keeper_turn(begin())
    offstage(s, play.InvestigatorDamaged(rule="forbidden_alchemy_story.combat.damage", seat=JENNY, amount=1))
    facts = s.play("keeper", f"trauma trauma-1 {JENNY}")
    assert kinds(facts) == ["TraumaPlayed", "InvestigatorDamaged", "TraumaDiscarded"]
    assert facts[2].rule == "forbidden_alchemy_story.trauma.discard" and s.state.trauma.discards == ("trauma-1",)


def test_darrell_simmins_keen_eye_sees_a_byakhees_bottom_no_other_investigator_does():
    darrell, jenny = "investigator-1", "investigator-2"  # the seats, in the characters order
    s = begin(characters="darrell-simmins,jenny-barnes")
    place(s, "byakhee-2", "foyer")
    deck(s, "beast", "beast-1")
    facts = s.play(darrell, "attack byakhee-2 revolver", dice=LoadedDice(values=(2,)))
    looked = next(f for f in facts if isinstance(f, play.KeenEyeLooked))
    assert (looked.seat, looked.health, looked.rule) == (darrell, 5, "forbidden_alchemy_story.byakhee.keen-eye")
    assert game.redact(looked, darrell)["health"] == 5
    assert game.redact(looked, jenny)["health"] == "hidden"
    assert game.view(s.state, darrell)["monsters"]["byakhee-2"]["bottom"]["health"] == 5
    assert "bottom" not in game.view(s.state, jenny)["monsters"]["byakhee-2"]
    rng = random.Random(3)
    for seat in (darrell, jenny, ""):
        scrambled = game.scramble_hidden(s.state, seat, rng)
        assert game.view(scrambled, seat) == game.view(s.state, seat)


def test_a_skill_point_spent_in_the_puzzle_is_gone_from_the_story():
    s = _story1_with_clue()
    assert s.state.investigators[JENNY].skill_points == 1
    s.play(JENNY, "puzzle")
    assert s.state.alchemy.actions == 4  # Jenny's Intellect
    facts = s.play(JENNY, "skill")
    assert facts[0].rule == "forbidden_alchemy_story.puzzle.skill.luck"
    assert s.state.alchemy.actions == 4 + 3 and s.state.investigators[JENNY].skill_points == 0
    assert "skill" not in legal(s, JENNY)
