"""Hand-worked cases for `forbidden_alchemy` (one Alchemy puzzle attempt), section by
section of the rulebook's "Alchemy Puzzles" and "Side Effect Cards".

Each case was worked out from the rulebook text first, then checked against the
engine.  Boards are prepared with the puzzle tests' helpers (`prepared`, `with_correct`):
stand-in tile 10A has, from the top edge clockwise, triangle, circle, diamond, circle,
triangle, diamond; Jenny Barnes has Intellect 4, Luck 3 and one skill point.
"""

from __future__ import annotations

import pytest

from engine.games.forbidden_alchemy import events as ev
from engine.kit.testing import LoadedDice
from tests.test_forbidden_alchemy import (
    CIR,
    DIA,
    TRI,
    C,
    P,
    act,
    card,
    cmd,
    game,
    kinds,
    prepared,
    refused,
    with_correct,
)


# ---- Alchemy Puzzles > Attempting an Alchemy Puzzle -----------------------------------------
def test_attempting_an_alchemy_puzzle_the_last_action_spent_leaves_only_the_test():
    # Attempting: actions are taken until stopped or all used; then the test must be made.
    # Four actions: two swaps and a replacement use them all; with her skill point still
    # unspent, nothing but the test is left (the attempt is over once every action is used).
    state = with_correct(0)
    _, state = act(state, cmd("swap 1 2"))
    _, state = act(state, cmd("swap 3 4"))
    _, state = act(state, cmd("replace 6"))
    assert state.actions == 0 and state.skill_points == 1
    assert game.legal_commands(state, "investigator") == [cmd("stop")]
    assert refused(state, cmd("skill")) == "forbidden_alchemy.actions.exhausted"
    assert refused(state, cmd("swap 1 2")) == "forbidden_alchemy.actions.not-enough"
    facts, state = act(state, cmd("stop"), LoadedDice(values=(10,)))
    assert facts[0].unused == 0


def test_attempting_an_alchemy_puzzle_a_replacement_with_exactly_two_actions_left():
    # Attempting: a replacement costs two actions.  After two swaps Jenny has exactly two:
    # the replacement is allowed and leaves none; with one left it is refused.
    state = with_correct(0)
    _, state = act(state, cmd("swap 1 2"))
    _, state = act(state, cmd("swap 2 3"))
    assert state.actions == 2
    facts, after = act(state, cmd("replace 1"))
    assert kinds(facts) == ["PuzzlePieceDiscarded", "PuzzlePieceDrawn"] and after.actions == 0
    _, state = act(state, cmd("swap 3 4"))
    assert refused(state, cmd("replace 1")) == "forbidden_alchemy.actions.not-enough"


# ---- Alchemy Puzzles > Other Alchemy Puzzle Rules -------------------------------------------
def test_other_alchemy_puzzle_rules_luck_added_midway_adds_to_what_is_left():
    # Other Rules: a skill point during the puzzle adds Luck (3) to the puzzle actions.
    # Spent after three of her four actions: 1 + 3 = 4 left; the point is gone.
    state = with_correct(0)
    for swap in ("swap 1 2", "swap 2 3", "swap 3 4"):
        _, state = act(state, cmd(swap))
    facts, state = act(state, cmd("skill"))
    assert (facts[0].luck, facts[0].rule) == (3, "forbidden_alchemy.skill.luck")
    assert state.actions == 4 and state.skill_points == 0


# ---- Alchemy Puzzles > Completing an Alchemy Puzzle -----------------------------------------
def test_completing_an_alchemy_puzzle_the_shape_must_match_the_edge_it_touches():
    # Completing: a piece is correct when its shape matches the edge it touches.  Circle
    # and diamond swapped between edges 2 and 3: neither is correct; one swap makes both.
    state = prepared([TRI, DIA, CIR, CIR, TRI, DIA])
    assert state.correct_pieces() == 4
    _, state = act(state, cmd("swap 2 3"))
    assert state.correct_pieces() == 6


def test_completing_an_alchemy_puzzle_the_natural_1_and_10_cite_the_expansions_reminder():
    # Completing: the test is rolled like an attribute test; the expansion recalls under
    # "New Combat Card Tests" that a 1 always passes and a 10 always fails.
    facts, _ = act(with_correct(0), cmd("stop"), LoadedDice(values=(1,)))
    assert facts[2].rule == "forbidden_alchemy.test.natural-1" and facts[2].correct == 0
    facts, _ = act(with_correct(6), cmd("stop"), LoadedDice(values=(10,)))
    assert facts[2].rule == "forbidden_alchemy.test.natural-10" and facts[2].correct == 6
    for rule in ("test.natural-1", "test.natural-10"):
        assert game.RULES[P + rule].section.startswith("Other Rules > New Combat Card Tests")


def test_completing_an_alchemy_puzzle_every_piece_goes_back_under_the_pile():
    # Completing: pass or fail, all pieces go face down to the bottom of the pile, the
    # one discarded by a replacement too; the pile keeps its own order on top.
    state = with_correct(3)
    _, state = act(state, cmd("replace 5"))
    below = state.pile
    used = tuple(state.placed) + state.discards
    facts, state = act(state, cmd("stop"), LoadedDice(values=(2,)))  # 2 <= 3: passed
    assert kinds(facts) == [
        "PuzzleActionsStopped", "DieRolled", "AlchemyTestPassed", "PuzzlePiecesReturned",
    ]
    assert facts[-1].pieces == used
    assert state.pile == below + used and len(state.pile) == 12


# ---- Side Effect Cards ----------------------------------------------------------------------
def test_side_effect_cards_alone_two_multi_investigator_cards_in_a_row_are_both_replaced():
    # Side Effect Cards: a card with the multi-investigator icon drawn by a lone
    # investigator is discarded and another drawn, as often as needed.
    deck = (card("se-03"), card("se-06"), card("se-02"), card("se-01"))
    state = with_correct(0, deck=deck)
    facts, state = act(state, cmd("stop"), LoadedDice(values=(9,)))
    drawn = [(type(f).__name__, getattr(f, "card", None), f.rule.removeprefix(P)) for f in facts[3:-1]]
    assert drawn == [
        ("SideEffectDrawn", "se-03", "test.side-effect"),
        ("SideEffectDiscarded", "se-03", "side-effect.multi-investigator"),
        ("SideEffectDrawn", "se-06", "side-effect.draw"),
        ("SideEffectDiscarded", "se-06", "side-effect.multi-investigator"),
        ("SideEffectDrawn", "se-02", "side-effect.draw"),
        ("SideEffectDiscarded", "se-02", "side-effect.discard"),  # Acrid Fumes: discard at once
    ]
    assert state.in_play == () and [c[0] for c in state.deck] == ["se-01"]


def test_side_effect_cards_with_two_investigators_the_multi_card_is_resolved():
    # Side Effect Cards: with two investigators in the story the icon changes nothing.
    deck = (card("se-09"), card("se-01"))
    state = with_correct(0, deck=deck, investigators=2)
    facts, state = act(state, cmd("stop"), LoadedDice(values=(9,)))
    assert [f.card for f in facts if type(f).__name__ == "SideEffectDrawn"] == ["se-09"]
    assert state.side_discards == ("se-09",)  # Bound Together: resolved, then discarded


# ---- A fact means what it says (issue #22): the piece or card it names -----------------------
def test_alchemy_puzzle_setup_a_dealt_piece_is_the_one_the_fact_names():
    # "Alchemy Puzzle Setup", step 3: the piece dealt is the one the fact records,
    # wherever the pile held it; one the pile does not hold is refused.
    state = prepared([])  # nothing dealt yet: the whole pile face down
    second = state.pile[1]
    state = game.evolve(state, ev.PuzzlePieceDealt(rule="forbidden_alchemy.setup.deal", edge=1,
                                                   piece=second[0], shape=second[1]))
    assert state.placed[0] == second and second not in state.pile and len(state.pile) == 11
    with pytest.raises(ValueError, match="not in the pile"):
        game.evolve(state, ev.PuzzlePieceDealt(rule="forbidden_alchemy.setup.deal", edge=2,
                                               piece=second[0], shape=second[1]))


def test_side_effect_cards_the_card_drawn_is_the_one_the_fact_names():
    # "Side Effect Cards": the card placed face up is the one the fact names, and it is
    # that card which stays in play; a card the deck does not hold is refused.
    state = with_correct(0, deck=(card("se-01"), card("se-10")))
    drawn = ev.SideEffectDrawn(rule="forbidden_alchemy.test.side-effect", card="se-10", title="Lingering Vapour",
                               text=card("se-10")[2], multi_investigator=False,
                               discard_immediately=False)
    state = game.evolve(state, drawn)
    assert state.drawn == card("se-10") and state.deck == (card("se-01"),)
    with pytest.raises(ValueError, match="the card drawn is se-10"):
        game.evolve(state, ev.SideEffectKept(rule="forbidden_alchemy.side-effect.stays", card="se-01"))
    state = game.evolve(state, ev.SideEffectKept(rule="forbidden_alchemy.side-effect.stays", card="se-10"))
    assert state.in_play == (card("se-10"),)
    with pytest.raises(ValueError, match="not in the Side Effect deck"):
        game.evolve(state, drawn)


def test_side_effect_cards_a_card_leaves_play_only_when_its_text_says_so():
    # "Side Effect Cards": a card stays in play unless its text tells the players to
    # discard it.  The flag the rules read (discard_immediately) must say what the text
    # says, on every card of the content (se-03, se-06, se-09 and se-11 once did not).
    for c in C.side_effects:
        assert c.discard_immediately == ("discard this card" in c.text.lower()), c.id
    kept = sorted(c.id for c in C.side_effects if not c.discard_immediately)
    assert kept == ["se-01", "se-04", "se-07", "se-10", "se-12"]
