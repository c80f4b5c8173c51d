"""Second-pass rule tests for `forbidden_alchemy_story`: an Alchemy puzzle
turned up by an Exploration card ("Alchemy Puzzles", the rulebook's Jenny
Barnes example), and the Bone Saw / Sword Cane errata."""

from __future__ import annotations

from engine.games.forbidden_alchemy import events as pev
from engine.kit.testing import LoadedDice
from tests.test_forbidden_alchemy_story import (
    HARVEY,
    JENNY,
    begin,
    ev,
    game,
    kinds,
    legal,
    offstage,
    place,
    play,
    put,
)

PIECES = (
    "triangle-1",
    "circle-1",
    "diamond-1",
    "circle-2",
    "triangle-2",
    "diamond-2",
)


def _at_the_retort(players=1):
    """Story 1, choice A: the Sealed Retort (Alchemy Puzzle #10A) tops the Laboratory."""
    s = begin(players=players, story="1", choice="A")
    put(s, JENNY, "lab-a")
    assert s.state.exploration["laboratory"][0] == "sealed-retort"
    return s


def _pile(s, first: tuple[str, ...]) -> tuple:
    """The pile with `first` on top, the rest after in pile order."""
    rest = [p for p in s.state.alchemy.pile if p[0] not in first]
    by_id = dict(s.state.alchemy.pile)
    return tuple((p, by_id[p]) for p in first) + tuple(rest)


def test_exploring_turns_up_an_alchemy_puzzle_attempted_as_part_of_the_explore_action():
    s = _at_the_retort()
    pile = _pile(s, PIECES)
    facts = s.play(JENNY, "explore", dice=LoadedDice(orders=[pile]))
    assert kinds(facts)[:3] == ["AlchemyCardRevealed", "PuzzleAttemptBegun", "SetupTilePlaced"]
    assert facts[0].rule == "forbidden_alchemy_story.puzzle.exploration" and facts[0].tile == "10A"
    # Dealt one at a time, from the top edge clockwise.
    dealt = [f for f in facts if type(f).__name__ == "PuzzlePieceDealt"]
    assert [(f.edge, f.piece) for f in dealt] == list(enumerate(PIECES, 1))
    # Jenny's Intellect of 4 gives four puzzle actions; the action is spent on exploring.
    assert s.state.alchemy.actions == 4 and s.state.acted and s.state.attempter == JENNY
    assert "end" not in legal(s, JENNY) and "stop" in legal(s, JENNY)
    # The card stays on top of the room while the puzzle is attempted.
    assert s.state.exploration["laboratory"][0] == "sealed-retort"


def test_the_rulebook_example_swap_replace_stop_and_a_7_fails_side_effect_then_the_card():
    s = _at_the_retort()
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    s.play(JENNY, "swap 1 2")  # one action
    assert s.state.alchemy.actions == 3
    facts = s.play(JENNY, "replace 3")  # two actions: discard first, then draw
    assert kinds(facts)[:2] == ["PuzzlePieceDiscarded", "PuzzlePieceDrawn"]
    assert s.state.alchemy.actions == 1
    correct = s.state.alchemy.correct_pieces()
    assert correct < 7
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(7,)))
    names = kinds(facts)
    assert "AlchemyTestFailed" in names
    # The Side Effect card first, then the card's own failure (Sealed Retort: 1 damage).
    assert names.index("SideEffectDrawn") < names.index("InvestigatorDamaged")
    hurt = next(f for f in facts if isinstance(f, play.InvestigatorDamaged))
    assert (hurt.rule, hurt.amount) == ("forbidden_alchemy_story.puzzle.card-fail", 1)
    assert s.state.investigators[JENNY].damage == 1
    # Pieces are not left on the table; the card stays, to be attempted again.
    assert s.state.attempter is None and len(s.state.alchemy.pile) == 12
    assert s.state.exploration["laboratory"][0] == "sealed-retort"
    assert "explore" not in legal(s, JENNY) and "end" in legal(s, JENNY)


def test_completing_the_card_puzzle_discards_it_and_exploring_goes_on():
    s = _at_the_retort()
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    correct = s.state.alchemy.correct_pieces()
    assert correct >= 1
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(correct,)))
    names = kinds(facts)
    assert "AlchemyTestPassed" in names and "SideEffectDrawn" not in names
    assert names[-3:] == ["PuzzleAttemptEnded", "AlchemyCardCleared", "ExplorationCardTaken"]
    assert facts[-2].rule == "forbidden_alchemy_story.puzzle.card-pass"
    assert facts[-1].rule == "forbidden_alchemy_story.puzzle.card-continue" and facts[-1].card == "bone-saw"
    assert "bone-saw" in s.state.investigators[JENNY].items
    assert s.state.exploration["laboratory"] == ("dust",)
    assert game.outcome(s.state) is None  # a card's puzzle wins nothing by itself


def test_no_skill_point_on_the_card_puzzle_test_but_luck_may_be_added_during_it():
    s = _at_the_retort()
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    s.play(JENNY, "skill")
    assert s.state.alchemy.actions == 4 + 3
    s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    assert "skill" not in legal(s, JENNY)


def test_the_bone_saw_and_sword_cane_attack_only_a_monster_in_your_space():
    s = begin(players=2, characters="harvey-walters,jenny-barnes")
    place(s, "crawling-one-2", "foyer")
    put(s, "investigator-1", "hall1-w")
    assert not [c for c in legal(s, "investigator-1") if c.startswith("attack")]
    s.expect_violation(
        "investigator-1", "attack crawling-one-2 sword-cane", rule="forbidden_alchemy_story.errata.attack-in-space"
    )
    assert "forbidden_alchemy_story.errata.attack-in-space" in game.RULES
    offstage(
        s,
        play.InvestigatorMoved(
            rule="forbidden_alchemy_story.move.step", seat="investigator-1", origin="hall1-w", to="foyer"
        ),
    )
    assert "attack crawling-one-2 sword-cane" in legal(s, "investigator-1")


# ---- Side Effect cards take immediate effect ("Side Effect Cards") ---------------------------
def _side_effect_on_top(s, card: str) -> None:
    deck = s.state.alchemy.deck
    top = next(c for c in deck if c[0] == card)
    offstage(
        s,
        pev.SideEffectDeckShuffled(
            rule="forbidden_alchemy_story.puzzle.setup.side-effect-deck",
            deck=(top, *[c for c in deck if c[0] != card]),
        ),
    )


def test_a_side_effect_card_takes_effect_the_moment_it_is_drawn():
    s = _at_the_retort()
    _side_effect_on_top(s, "se-02")  # Acrid Fumes: suffer 1 damage, then discard
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    names = kinds(facts)
    at = names.index("SideEffectDrawn")
    assert names[at + 1 : at + 3] == ["InvestigatorDamaged", "SideEffectDiscarded"]
    now = [f for f in facts if f.rule == "forbidden_alchemy_story.side-effect.immediate"]
    assert [(f.seat, f.amount) for f in now] == [(JENNY, 1)]
    # then the Sealed Retort's own failure: one more damage
    assert s.state.investigators[JENNY].damage == 2


def test_a_multi_investigator_side_effect_is_redrawn_alone_and_hits_the_others_in_company():
    s = _at_the_retort(players=1)
    _side_effect_on_top(s, "se-03")  # Shared Delusion (multi-investigator)
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    assert not [f for f in facts if f.rule == "forbidden_alchemy_story.side-effect.immediate"]
    drawn = [f.card for f in facts if type(f).__name__ == "SideEffectDrawn"]
    assert drawn[0] == "se-03" and len(drawn) == 2  # alone: discarded, another drawn
    s = _at_the_retort(players=2)
    put(s, HARVEY, "lab-b")
    offstage(s, ev.InvestigatorTurnBegan(rule="forbidden_alchemy_story.turn.investigator", seat=JENNY, moves=2))
    _side_effect_on_top(s, "se-03")
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    now = [f for f in facts if f.rule == "forbidden_alchemy_story.side-effect.immediate"]
    assert [(f.seat, type(f).__name__) for f in now] == [(HARVEY, "InvestigatorHorrified")]


# ---- Errata, Story 3, Objective 1C: pass and fail swapped ------------------------------------
def _to_event_ii(dice_at_reveal):
    s = begin(players=2, story="3", choice="C")
    put(s, JENNY, "gh-mid")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.play("keeper", "end")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    return s, s.play("keeper", "end", dice=LoadedDice(values=dice_at_reveal))


def test_objective_1c_eliminates_the_investigator_who_passes_its_test():
    s, facts = _to_event_ii((3,))  # Will 4: 3 passes
    names = kinds(facts)
    assert "ObjectiveRevealed" in names and "SubjectTestMade" in names
    test = next(f for f in facts if isinstance(f, play.TestMade))
    assert test.passed and test.seat == JENNY
    gone = next(f for f in facts if isinstance(f, play.InvestigatorEliminated))
    assert gone.rule == "forbidden_alchemy_story.errata.subject-test.pass"
    assert s.state.investigators[JENNY].status == "eliminated"
    assert s.state.investigators[HARVEY].status == "active"  # not in the Greenhouse


def test_objective_1c_leaves_the_investigator_who_fails_its_test():
    s, facts = _to_event_ii((8,))
    test = next(f for f in facts if isinstance(f, play.TestMade))
    assert not test.passed and test.rule == "forbidden_alchemy_story.errata.subject-test.fail"
    assert s.state.investigators[JENNY].status == "active"


def test_objective_1a_and_1b_of_story_3_call_for_no_such_test():
    s = begin(players=1, story="3", choice="B")
    put(s, JENNY, "gh-mid")
    s.play(JENNY, "end")
    s.play("keeper", "end")
    s.play(JENNY, "end")
    facts = s.play("keeper", "end")
    assert "ObjectiveRevealed" in kinds(facts) and "SubjectTestMade" not in kinds(facts)


# ---- Errata > General: Studies on Hysteria discards an insanity trauma -----------------------
def test_studies_on_hysteria_discards_one_insanity_trauma_in_play_on_its_holder():
    mandy = JENNY  # investigator-1 plays Mandy Thompson here
    s = begin(players=1, characters="mandy-thompson")
    offstage(s, play.InvestigatorHorrified(rule="forbidden_alchemy_story.horror.fail", seat=mandy, amount=1))
    # No insanity trauma on her yet: the item cannot be used.
    assert "use studies-on-hysteria" not in legal(s, mandy)
    s.expect_violation(mandy, "use studies-on-hysteria", rule="forbidden_alchemy_story.errata.studies-on-hysteria")
    s.play(mandy, "end")
    s.play("keeper", f"trauma trauma-2 {mandy}")  # Night Terrors: insanity, stays in play
    assert s.state.trauma_cards["trauma-2"]["kind"] == "insanity"
    s.play("keeper", "end")
    assert "use studies-on-hysteria" in legal(s, mandy)
    facts = s.play(mandy, "use studies-on-hysteria")
    assert kinds(facts) == ["ItemUsed", "TraumaDiscarded"]
    assert facts[1].rule == "forbidden_alchemy_story.errata.studies-on-hysteria" and facts[1].card == "trauma-2"
    assert s.state.trauma_in_play == {} and s.state.acted
    assert "studies-on-hysteria" not in s.state.investigators[mandy].items


# ---- Other Rules > Escaping: a monster that must escape -------------------------------------
def _byakhee_on_the_edge(choice="A"):
    s = begin(players=2, story="3", choice=choice)
    offstage(
        s,
        play.MonsterMoved(
            rule="forbidden_alchemy_story.keeper.creature-of-night", monster="byakhee-1", origin="gh-door", to="hall2-s"
        ),
    )
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    return s


def test_a_monster_that_must_escape_crosses_the_outer_edge_and_the_keeper_wins():
    s = _byakhee_on_the_edge("A")
    assert "action creature-of-night byakhee-1 escape" in legal(s, "keeper")
    # The crawling one is not the kind the objective names; it may not escape.
    assert not [c for c in legal(s, "keeper") if c.endswith("crawling-one-1 escape")]
    facts = s.play("keeper", "action creature-of-night byakhee-1 escape")
    assert kinds(facts)[:2] == ["KeeperActionPlayed", "MonsterEscaped"]
    assert facts[1].rule == "forbidden_alchemy_story.escape.monster" and facts[1].room == "hallway-2"
    won = next(f for f in facts if isinstance(f, ev.GameWon))
    assert (won.winner, won.rule) == ("keeper", "forbidden_alchemy_story.objective.monster-escape-win")
    assert s.state.monsters["byakhee-1"].space is None and s.state.monsters["byakhee-1"].escaped


def test_a_monster_escapes_only_when_the_keepers_objective_says_so_and_only_at_the_edge():
    s = _byakhee_on_the_edge("B")
    assert not [c for c in legal(s, "keeper") if c.endswith(" escape")]
    s.expect_violation(
        "keeper", "action creature-of-night byakhee-1 escape", rule="forbidden_alchemy_story.escape.objective"
    )
    s = begin(players=2, story="3", choice="A")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    s.expect_violation(
        "keeper", "action creature-of-night byakhee-1 escape", rule="forbidden_alchemy_story.escape.edge"
    )


# ---- Combat Cards with Multiple Attack Types: both types answer ------------------------------
def test_a_two_type_card_whose_types_both_answer_resolves_the_exact_one():
    s = begin(players=2, characters="mandy-thompson,jenny-barnes")  # Mandy: kitchen knife
    place(s, "byakhee-1", "foyer")
    cards = dict(s.state.cards)
    melee = next(a for a in cards["beast-4"]["attacks"] if a["type"] == "melee weapon")
    sharp = next(a for a in cards["beast-1"]["attacks"] if a["type"] == "sharp melee weapon")
    cards["beast-x"] = {**cards["beast-1"], "id": "beast-x", "attacks": [melee, sharp]}
    offstage(s, ev.CombatCardsListed(rule="forbidden_alchemy_story.setup.combat", cards=cards))
    deck = ("beast-x",)
    offstage(s, ev.CombatDeckShuffled(rule="forbidden_alchemy_story.setup.combat", deck="beast", order=deck))
    facts = s.play(JENNY, "attack byakhee-1 kitchen-knife", dice=LoadedDice(values=(2,)))
    drawn = next(f for f in facts if isinstance(f, play.CombatCardDrawn))
    assert (drawn.card, drawn.attack, drawn.rule) == (
        "beast-x",
        "sharp melee weapon",
        "forbidden_alchemy_story.combat.two-types",
    )


# ---- Hiding: Mists of Releh ------------------------------------------------------------------
def test_mists_of_releh_lets_a_hiding_investigator_move_hidden_with_a_horror_check_as_usual():
    harvey = JENNY  # investigator-1 plays Harvey Walters here
    s = begin(players=1, characters="harvey-walters")
    put(s, harvey, "library")
    assert "use mists-of-releh" not in legal(s, harvey)
    s.expect_violation(harvey, "use mists-of-releh", rule="forbidden_alchemy_story.hiding.mists")
    s.play(harvey, "hide")
    s.play(harvey, "end")
    s.play("keeper", "end")
    place(s, "crawling-one-2", "hall1-w")
    assert "use mists-of-releh" in legal(s, harvey)
    facts = s.play(harvey, "use mists-of-releh")
    assert kinds(facts) == ["MistsOfRelehCast"] and s.state.acted
    assert "mists-of-releh" in s.state.investigators[harvey].items  # a spell is kept
    facts = s.play(harvey, "move hall1-e", dice=LoadedDice(values=(2,)))
    assert "HidingEnded" not in kinds(facts)
    assert facts[0].rule == "forbidden_alchemy_story.hiding.mists-move"
    check = next(f for f in facts if isinstance(f, play.HorrorCheckMade))
    assert check.rule == "forbidden_alchemy_story.hiding.horror-check" and check.seat == harvey
    assert s.state.investigators[harvey].hidden
    # The next turn, without the Mists, moving ends hiding again.
    s.play(harvey, "end")
    s.play("keeper", "end")
    facts = s.play(harvey, "move hall1-w", dice=LoadedDice(values=(2,)))
    assert kinds(facts)[0] == "HidingEnded" and facts[0].rule == "forbidden_alchemy_story.hiding.move-ends"


def test_a_guess_at_the_hidden_cards_keeps_the_puzzles_card_face_up_on_its_room():
    """scramble_hidden deals the face-down Exploration cards again, but the card
    that began the puzzle lies face up: every guess keeps it on its room, so the
    puzzle's end finds it there (the search plays its lines in such guesses)."""
    import random

    from engine.core.context import Context
    from engine.core.dice import Dice
    from engine.kit.testing import FIXED_NOW

    s = _at_the_retort()
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    assert s.state.puzzle_card == ("laboratory", "sealed-retort")
    for seed in range(30):
        guess = game.scramble_hidden(s.state, JENNY, random.Random(seed))
        assert guess.exploration["laboratory"][0] == "sealed-retort"
        assert sorted(map(len, guess.exploration.values())) == sorted(map(len, s.state.exploration.values()))
        facts = game.decide(guess, JENNY, game.COMMANDS.parse("stop"), Context(Dice(seed, 1), FIXED_NOW))
        for fact in facts:
            guess = game.evolve(guess, fact)
