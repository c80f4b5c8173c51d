"""Rule tests for `forbidden_alchemy`: one Alchemy puzzle attempt.

Rulebook: Forbidden Alchemy, sections "Alchemy Puzzles" (setup, attempting,
completing, other rules) and "Side Effect Cards".

Most scenarios start from a prepared board: hand-made setup events folded
through `game.evolve` from `game.initial_state()`, so each test knows which
piece lies on which edge and what is on top of the pile and the deck.  The
dice are loaded (`LoadedDice`) so that every test roll is chosen by the test.
"""

from __future__ import annotations

import pytest

from engine.core.context import Context, utcnow
from engine.core.dice import Dice
from engine.core.errors import BadOptions, RuleViolation
from engine.core.game import find_game
from engine.games.forbidden_alchemy import content
from engine.games.forbidden_alchemy import events as ev
from engine.games.forbidden_alchemy.commands import Replace, SpendSkillPoint, Stop, Swap
from engine.kit.testing import LoadedDice

game = find_game("forbidden_alchemy")
SEAT = "investigator"
P = "forbidden_alchemy."  # rule id prefix
C = content.load()

TRI, CIR, DIA = "yellow-triangle", "blue-circle", "red-diamond"
# A shape that does not match, for building wrongly placed pieces.
WRONG = {TRI: CIR, CIR: DIA, DIA: TRI}


# ---- helpers -------------------------------------------------------------------------------
def cmd(text: str):
    return game.COMMANDS.parse(text)


def fold(state, events):
    for e in events:
        assert e.rule in game.RULES, f"{type(e).__name__} carries unknown rule {e.rule!r}"
        state = game.evolve(state, e)
    return state


def act(state, command, dice=None):
    """Decide `command` for the investigator; return the facts and the folded state."""
    facts = game.decide(state, SEAT, command, Context(dice or LoadedDice(), utcnow()))
    return facts, fold(state, facts)


def refused(state, command, dice=None) -> str:
    """`command` must raise RuleViolation; return its rule id (checked against RULES)."""
    with pytest.raises(RuleViolation) as info:
        game.decide(state, SEAT, command, Context(dice or LoadedDice(), utcnow()))
    assert info.value.rule in game.RULES, f"violation carries unknown rule {info.value.rule!r}"
    return info.value.rule


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def card(card_id: str) -> tuple:
    return next(tuple(c.to_data()) for c in C.side_effects if c.id == card_id)


def prepared(dealt_shapes, pile_top_shapes=(), *, tile="10A", who="jenny-barnes",
             investigators=1, deck=None, rest_of_pile=True):
    """A board just after setup: `dealt_shapes` lie on edges 1.. (top edge, then
    clockwise), `pile_top_shapes` are next on the pile, then the other pieces."""
    t, inv = C.tiles[tile], C.investigators[who]
    pool = list(C.pieces)

    def pick(shape):
        piece = next(p for p in pool if p[1] == shape)
        pool.remove(piece)
        return piece

    dealt = [pick(s) for s in dealt_shapes]
    top = [pick(s) for s in pile_top_shapes]
    pile = tuple(dealt + top + (pool if rest_of_pile else []))
    if deck is None:
        deck = tuple(tuple(c.to_data()) for c in C.side_effects)
    events = [
        ev.SetupTilePlaced(rule="forbidden_alchemy.setup.tile", tile=t.id, edges=t.edges, adjacent=t.adjacent),
        ev.InvestigatorAttempting(rule="forbidden_alchemy.setup.investigator", investigator=inv.id, name=inv.name,
                                  intellect=inv.intellect, luck=inv.luck,
                                  skill_points=inv.skill_points, investigators=investigators),
        ev.PuzzlePiecesShuffled(rule="forbidden_alchemy.setup.shuffle", pile=pile),
        ev.SideEffectDeckShuffled(rule="forbidden_alchemy.setup.side-effect-deck", deck=tuple(deck)),
        *[ev.PuzzlePieceDealt(rule="forbidden_alchemy.setup.deal", edge=i, piece=piece, shape=shape)
          for i, (piece, shape) in enumerate(dealt, 1)],
        ev.PuzzleActionsGranted(rule="forbidden_alchemy.actions.intellect", actions=inv.intellect),
    ]
    return fold(game.initial_state(), events)


def with_correct(k: int, **kw):
    """A 10A board whose first `k` edges hold matching pieces and the rest wrong ones."""
    edges = C.tiles["10A"].edges
    return prepared([s if i < k else WRONG[s] for i, s in enumerate(edges)], **kw)


# ---- Alchemy Puzzles > Attempting an Alchemy Puzzle Example ---------------------------------
def test_rulebook_example_jenny_barnes_fails_with_four_correct_and_a_seven():
    # Tile 10A (stand-in) edges from the top, clockwise: triangle, circle,
    # diamond, circle, triangle, diamond.
    assert C.tiles["10A"].edges == (TRI, CIR, DIA, CIR, TRI, DIA)
    # Dealt: edge 1 right; edges 2 and 3 hold each other's shape (one swap
    # fixes both); edge 4 wrong, with a circle on top of the pile to replace
    # it; edges 5 and 6 wrong and left alone.
    state = prepared([TRI, DIA, CIR, TRI, DIA, TRI], pile_top_shapes=[CIR])
    assert state.correct_pieces() == 1
    untouched_pile = state.pile[1:]  # the pieces below the circle

    # Step 1: Intellect 4 gives four puzzle actions.
    assert state.name == "Jenny Barnes" and state.intellect == 4
    assert state.actions == 4

    # Step 2: one action swaps two adjacent pieces (edges 2 and 3).
    dice = LoadedDice()
    facts, state = act(state, cmd("swap 2 3"), dice)
    assert kinds(facts) == ["PiecesSwapped"]
    assert facts[0].rule == "forbidden_alchemy.actions.swap"
    assert not dice.used  # a swap draws nothing at random
    assert state.actions == 3 and state.correct_pieces() == 3

    # Step 3: two actions replace a piece; the piece on edge 4 is chosen and
    # discarded first (3a), then the top piece of the pile replaces it (3b, 3c).
    edge4, pile_top = state.placed[3], state.pile[0]
    facts, state = act(state, cmd("replace 4"))
    assert kinds(facts) == ["PuzzlePieceDiscarded", "PuzzlePieceDrawn"]
    assert [f.rule for f in facts] == ["forbidden_alchemy.actions.replace-order", "forbidden_alchemy.actions.replace"]
    assert (facts[0].edge, facts[0].piece) == (4, edge4[0])
    assert (facts[1].edge, facts[1].piece, facts[1].shape) == (4, *pile_top)
    assert state.placed[3] == pile_top and state.discards == (edge4,)
    assert state.actions == 1

    # Step 4: she keeps her last action and tests 4 correct pieces (4a); the
    # die shows 7, more than 4, so the puzzle is not completed and she draws
    # a Side Effect card (4b).
    assert state.correct_pieces() == 4
    on_table = tuple(state.placed) + state.discards
    dice = LoadedDice(values=(7,))
    facts, state = act(state, cmd("stop"), dice)
    assert dice.used and dice.left == ()
    assert kinds(facts) == [
        "PuzzleActionsStopped", "DieRolled", "AlchemyTestFailed",
        "SideEffectDrawn", "SideEffectKept", "PuzzlePiecesReturned",
    ]
    assert [f.rule for f in facts] == [
        "forbidden_alchemy.actions.stop", "forbidden_alchemy.test.roll", "forbidden_alchemy.test.fail",
        "forbidden_alchemy.test.side-effect", "forbidden_alchemy.side-effect.stays", "forbidden_alchemy.cleanup.bottom",
    ]
    stopped, rolled, failed, drawn, _, returned = facts
    assert stopped.unused == 1
    assert (rolled.die, rolled.value) == ("d10", 7)
    assert (failed.correct, failed.roll) == (4, 7)
    assert drawn.card == "se-01"  # top of the prepared deck
    # Completing an Alchemy Puzzle: every piece used (placed and discarded)
    # goes face down under the pile; nothing stays on the table.
    assert sorted(returned.pieces) == sorted(on_table)

    assert state.phase == "over"
    assert game.to_act(state) == ()
    assert game.outcome(state) == "puzzle failed (rolled 7 against 4 correct)"
    assert state.placed == (None,) * 6 and state.discards == ()
    assert state.pile[: len(untouched_pile)] == untouched_pile
    assert sorted(state.pile[len(untouched_pile):]) == sorted(on_table)
    assert sorted(state.pile) == sorted(C.pieces)  # all 12 back in the pile
    assert [c[0] for c in state.in_play] == ["se-01"]


# ---- Alchemy Puzzles > Alchemy Puzzle Setup -------------------------------------------------
def test_setup_deals_the_top_of_the_shuffled_pile_from_the_top_edge_clockwise():
    # With a shuffle that keeps the content order, the first six pieces of
    # the content are the ones dealt, in that order, to edges 1..6.
    facts = game.setup(game.options(None, {}), LoadedDice())
    assert kinds(facts) == (
        ["SetupTilePlaced", "InvestigatorAttempting", "PuzzlePiecesShuffled",
         "SideEffectDeckShuffled"] + ["PuzzlePieceDealt"] * 6 + ["PuzzleActionsGranted"]
    )
    dealt = [f for f in facts if isinstance(f, ev.PuzzlePieceDealt)]
    assert [(f.edge, f.piece, f.shape) for f in dealt] == [
        (i, *piece) for i, piece in enumerate(C.pieces[:6], 1)
    ]
    assert all(f.rule in game.RULES for f in facts)


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_setup_with_seeded_dice_deals_one_piece_per_edge_and_grants_intellect(seed):
    opts = game.options(None, {"tile": "11A", "investigator": "harvey-walters"})
    facts = game.setup(opts, Dice(seed, 1))
    assert all(f.rule in game.RULES for f in facts)
    # Step 2: all twelve pieces are shuffled face down.
    shuffled = next(f for f in facts if isinstance(f, ev.PuzzlePiecesShuffled))
    assert sorted(shuffled.pile) == sorted(C.pieces)
    # Step 3: one piece per edge, drawn from the top, top edge first then clockwise.
    dealt = [f for f in facts if isinstance(f, ev.PuzzlePieceDealt)]
    assert [f.edge for f in dealt] == list(range(1, 9))
    assert [(f.piece, f.shape) for f in dealt] == list(shuffled.pile[:8])

    state = fold(game.initial_state(), facts)
    assert state.tile == "11A" and len(state.edges) == 8
    assert state.placed == tuple(shuffled.pile[:8])
    assert state.pile == tuple(shuffled.pile[8:])
    # Attempting: as many puzzle actions as Intellect (Harvey: 5).
    assert state.actions == C.investigators["harvey-walters"].intellect == 5
    assert game.to_act(state) == (SEAT,)
    assert game.outcome(state) is None
    # The same seed deals the same puzzle (replayable randomness).
    assert game.setup(opts, Dice(seed, 1)) == facts


@pytest.mark.parametrize("who, actions", [("jenny-barnes", 4), ("michael-mcglen", 2)])
def test_setup_grants_actions_equal_to_intellect(who, actions):
    facts = game.setup(game.options(None, {"investigator": who}), Dice(3, 1))
    granted = facts[-1]
    assert isinstance(granted, ev.PuzzleActionsGranted)
    assert granted.rule == "forbidden_alchemy.actions.intellect" and granted.actions == actions


def test_options_are_validated():
    with pytest.raises(BadOptions, match="tile"):
        game.options(None, {"tile": "nope"})
    with pytest.raises(BadOptions, match="investigator"):
        game.options(None, {"investigator": "nobody"})
    with pytest.raises(BadOptions, match="colour"):
        game.options(None, {"colour": "red"})
    with pytest.raises(BadOptions, match="investigators"):
        game.options(None, {"investigators": "5"})
    with pytest.raises(BadOptions, match="investigators"):
        game.options(0, {})
    assert game.options(3, {}) == {"tile": "10A", "investigator": "jenny-barnes", "investigators": 3}


# ---- Attempting an Alchemy Puzzle: what the actions allow ------------------------------------
def test_swap_only_of_adjacent_edges():
    state = with_correct(0)
    # Tile 10A is a ring of six edges: 1-2, 2-3, ... 6-1 touch; 1 and 3 do not.
    assert refused(state, cmd("swap 1 3")) == "forbidden_alchemy.actions.adjacent"
    assert refused(state, cmd("swap 2 5")) == "forbidden_alchemy.actions.adjacent"
    assert refused(state, cmd("swap 4 4")) == "forbidden_alchemy.actions.adjacent"
    # Edge 6 and edge 1 close the ring, in either order.
    before = state.placed
    facts, after = act(state, cmd("swap 6 1"))
    assert kinds(facts) == ["PiecesSwapped"] and facts[0].rule == "forbidden_alchemy.actions.swap"
    assert after.placed[0] == before[5] and after.placed[5] == before[0]
    assert after.placed[1:5] == before[1:5]
    assert after.actions == state.actions - 1


@pytest.mark.parametrize("text", ["swap 0 1", "swap 6 7", "swap 7 6", "replace 0", "replace 7", "replace -1"])
def test_edges_must_exist_on_the_tile(text):
    assert refused(with_correct(0), cmd(text)) == "forbidden_alchemy.actions.edge"


def test_a_replacement_needs_two_actions():
    # Michael McGlen (stand-in Intellect 2): a swap leaves one action, too few
    # to replace a piece; a second swap is still allowed.
    state = prepared([CIR, TRI, DIA, TRI, CIR, DIA], who="michael-mcglen")
    assert state.actions == 2
    _, state = act(state, cmd("swap 1 2"))
    assert state.actions == 1
    assert refused(state, cmd("replace 3")) == "forbidden_alchemy.actions.not-enough"
    assert Replace(3) not in game.legal_commands(state, SEAT)
    facts, state = act(state, cmd("swap 3 4"))
    assert kinds(facts) == ["PiecesSwapped"] and state.actions == 0


def test_no_replacement_from_an_empty_pile():
    # Prepared board: only the six dealt pieces are in this puzzle's pile.
    state = prepared([CIR, TRI, DIA, TRI, CIR, DIA], rest_of_pile=False)
    assert state.pile == () and state.actions == 4
    assert refused(state, cmd("replace 2")) == "forbidden_alchemy.actions.pile-empty"
    assert not any(isinstance(c, Replace) for c in game.legal_commands(state, SEAT))


def test_replacing_takes_the_top_of_the_pile_after_the_discard():
    state = prepared([CIR, TRI, DIA, TRI, CIR, DIA], pile_top_shapes=[TRI, DIA])
    top, second = state.pile[0], state.pile[1]
    facts, state = act(state, cmd("replace 1"))
    assert isinstance(facts[0], ev.PuzzlePieceDiscarded)  # chosen before the draw
    assert state.placed[0] == top and state.pile[0] == second
    assert state.actions == 2 and len(state.discards) == 1
    # The discarded piece does not go back to the pile during the attempt.
    assert state.discards[0] not in state.pile


# ---- Other Alchemy Puzzle Rules: skill points -----------------------------------------------
def test_skill_point_adds_luck_once():
    state = prepared([CIR, TRI, DIA, TRI, CIR, DIA], who="harvey-walters")  # Intellect 5, Luck 2, 2 points
    facts, state = act(state, cmd("skill"))
    assert kinds(facts) == ["SkillPointSpent"]
    assert facts[0].rule == "forbidden_alchemy.skill.luck" and facts[0].luck == 2
    assert state.actions == 7 and state.skill_points == 1
    # Harvey still has a skill point, but Luck was already added.
    assert refused(state, cmd("skill")) == "forbidden_alchemy.skill.once"
    assert SpendSkillPoint() not in game.legal_commands(state, SEAT)


def test_jenny_spends_her_only_skill_point_for_three_more_actions():
    state = prepared([CIR, TRI, DIA, TRI, CIR, DIA])
    _, state = act(state, cmd("skill"))
    assert state.actions == 4 + 3 and state.skill_points == 0 and state.luck_added


def test_no_skill_point_left():
    state = prepared([CIR, TRI, DIA, TRI, CIR, DIA], who="mandy-thompson")  # 0 skill points
    assert refused(state, cmd("skill")) == "forbidden_alchemy.skill.none-left"
    assert SpendSkillPoint() not in game.legal_commands(state, SEAT)


def test_with_no_actions_left_only_the_test_remains():
    state = prepared([CIR, TRI, DIA, TRI, CIR, DIA], who="michael-mcglen")
    _, state = act(state, cmd("swap 1 2"))
    _, state = act(state, cmd("swap 1 2"))
    assert state.actions == 0
    assert game.legal_commands(state, SEAT) == [Stop()]
    assert refused(state, cmd("swap 2 3")) == "forbidden_alchemy.actions.not-enough"
    assert refused(state, cmd("replace 1")) == "forbidden_alchemy.actions.not-enough"
    # Michael has a skill point, but it cannot be spent once the actions are gone.
    assert state.skill_points == 1
    assert refused(state, cmd("skill")) == "forbidden_alchemy.actions.exhausted"
    facts, state = act(state, cmd("stop"), LoadedDice(values=(4,)))
    assert facts[0].unused == 0 and state.phase == "over"


def test_nothing_is_accepted_after_the_test():
    # Completing: no skill point may be used on the test, nor anything else after it.
    _, state = act(with_correct(3), cmd("stop"), LoadedDice(values=(3,)))
    assert game.legal_commands(state, SEAT) == []
    for text in ["skill", "swap 1 2", "replace 1", "stop"]:
        assert refused(state, cmd(text), LoadedDice(values=(1,))) == "forbidden_alchemy.actions.phase"


# ---- Completing an Alchemy Puzzle: the test -------------------------------------------------
@pytest.mark.parametrize("correct, roll, passed, rule", [
    (4, 4, True, "test.pass"),        # equal passes
    (3, 2, True, "test.pass"),        # lower passes
    (6, 6, True, "test.pass"),        # all six right
    (4, 5, False, "test.fail"),       # higher fails
    (6, 9, False, "test.fail"),       # 9 is an ordinary roll: above six fails
    (0, 2, False, "test.fail"),
    (0, 1, True, "test.natural-1"),   # base game: a 1 always passes
    (2, 1, True, "test.natural-1"),
    (6, 10, False, "test.natural-10"),  # base game: a 10 always fails
])
def test_the_d10_test_against_correct_pieces(correct, roll, passed, rule):
    state = with_correct(correct)
    assert state.correct_pieces() == correct
    facts, state = act(state, cmd("stop"), LoadedDice(values=(roll,)))
    result = facts[2]
    assert isinstance(result, ev.AlchemyTestPassed if passed else ev.AlchemyTestFailed)
    assert result.rule == P + rule
    assert (result.correct, result.roll) == (correct, roll)
    assert state.completed is passed
    verdict = "completed" if passed else "failed"
    assert game.outcome(state) == f"puzzle {verdict} (rolled {roll} against {correct} correct)"


def test_passing_draws_no_side_effect_but_still_returns_the_pieces():
    state = with_correct(5)
    deck = state.deck
    facts, state = act(state, cmd("stop"), LoadedDice(values=(5,)))
    assert kinds(facts) == ["PuzzleActionsStopped", "DieRolled", "AlchemyTestPassed", "PuzzlePiecesReturned"]
    assert state.deck == deck and state.in_play == () and state.side_discards == ()
    assert len(facts[-1].pieces) == 6 and state.pile[-6:] == facts[-1].pieces


# ---- Side Effect Cards -----------------------------------------------------------------------
def test_solo_multi_investigator_cards_are_discarded_and_replaced():
    deck = [card("se-03"), card("se-06"), card("se-07"), card("se-01")]
    assert deck[0][3] and deck[1][3] and not deck[2][3]  # the icon
    state = with_correct(0, deck=deck)
    facts, state = act(state, cmd("stop"), LoadedDice(values=(8,)))
    side = [f for f in facts if type(f).__name__.startswith("SideEffect")]
    assert [(type(f).__name__, f.card, f.rule) for f in side] == [
        ("SideEffectDrawn", "se-03", "forbidden_alchemy.test.side-effect"),
        ("SideEffectDiscarded", "se-03", "forbidden_alchemy.side-effect.multi-investigator"),
        ("SideEffectDrawn", "se-06", "forbidden_alchemy.side-effect.draw"),
        ("SideEffectDiscarded", "se-06", "forbidden_alchemy.side-effect.multi-investigator"),
        ("SideEffectDrawn", "se-07", "forbidden_alchemy.side-effect.draw"),
        ("SideEffectKept", "se-07", "forbidden_alchemy.side-effect.stays"),
    ]
    assert state.side_discards == ("se-03", "se-06")
    assert state.in_play == (card("se-07"),)
    assert state.deck == (card("se-01"),) and state.drawn is None


@pytest.mark.parametrize("investigators", [2, 4])
def test_multi_investigator_cards_resolve_normally_with_more_investigators(investigators):
    # se-03 (icon, says to discard itself) is resolved and discarded by its own text.
    state = with_correct(0, deck=[card("se-03"), card("se-01")], investigators=investigators)
    facts, state = act(state, cmd("stop"), LoadedDice(values=(6,)))
    side = [f for f in facts if type(f).__name__.startswith("SideEffect")]
    assert [(type(f).__name__, f.card, f.rule) for f in side] == [
        ("SideEffectDrawn", "se-03", "forbidden_alchemy.test.side-effect"),
        ("SideEffectDiscarded", "se-03", "forbidden_alchemy.side-effect.discard"),
    ]
    assert state.deck == (card("se-01"),)
    # A prepared card with the icon that stays in play stays with 2+ investigators.
    lasting = ("se-x", "Stand-in lasting shared card", "stays", True, False)
    state = with_correct(0, deck=[lasting], investigators=investigators)
    facts, state = act(state, cmd("stop"), LoadedDice(values=(6,)))
    assert [(type(f).__name__, f.rule) for f in facts if type(f).__name__.startswith("SideEffect")] == [
        ("SideEffectDrawn", "forbidden_alchemy.test.side-effect"), ("SideEffectKept", "forbidden_alchemy.side-effect.stays"),
    ]
    assert state.in_play == (lasting,)


def test_a_card_that_says_so_is_discarded_at_once():
    state = with_correct(1, deck=[card("se-02"), card("se-04")])
    assert card("se-02")[4]  # discard_immediately
    facts, state = act(state, cmd("stop"), LoadedDice(values=(9,)))
    assert kinds(facts)[3:5] == ["SideEffectDrawn", "SideEffectDiscarded"]
    assert facts[4].rule == "forbidden_alchemy.side-effect.discard" and facts[4].card == "se-02"
    assert state.side_discards == ("se-02",) and state.in_play == ()
    assert state.deck == (card("se-04"),)


def test_other_cards_stay_in_play():
    state = with_correct(2, deck=[card("se-10"), card("se-02")])
    facts, state = act(state, cmd("stop"), LoadedDice(values=(10,)))
    assert kinds(facts)[3:5] == ["SideEffectDrawn", "SideEffectKept"]
    assert facts[4].rule == "forbidden_alchemy.side-effect.stays"
    assert state.in_play == (card("se-10"),) and state.side_discards == ()
    assert state.drawn is None and state.deck == (card("se-02"),)


# ---- legal_commands agrees with decide ---------------------------------------------------------
def _states():
    """A few attempt states: fresh, after Luck, one action left, none left,
    empty pile, no skill point."""
    fresh = with_correct(2)
    _, lucky = act(fresh, cmd("skill"))
    michael = prepared([CIR, TRI, DIA, TRI, CIR, DIA], who="michael-mcglen")
    _, one_left = act(michael, cmd("swap 1 2"))
    _, none_left = act(one_left, cmd("swap 2 3"))
    empty = prepared([CIR, TRI, DIA, TRI, CIR, DIA], rest_of_pile=False)
    mandy = prepared([CIR, TRI, DIA, TRI, CIR, DIA], who="mandy-thompson")
    eight = prepared([CIR] * 4 + [DIA] * 4, tile="11A")
    return {"fresh": fresh, "lucky": lucky, "one-left": one_left, "none-left": none_left,
            "empty-pile": empty, "mandy": mandy, "tile-11A": eight}


def _accepted(state, command) -> bool:
    try:
        facts = game.decide(state, SEAT, command, Context(LoadedDice(values=(5,)), utcnow()))
    except RuleViolation as e:
        assert e.rule in game.RULES
        return False
    assert all(f.rule in game.RULES for f in facts)
    return True


@pytest.mark.parametrize("name", list(_states()))
def test_every_legal_command_is_accepted(name):
    state = _states()[name]
    legal = game.legal_commands(state, SEAT)
    assert legal and legal[-1] == Stop()
    for command in legal:
        assert _accepted(state, command), f"{command} is listed as legal but refused"
    assert game.legal_commands(state, "keeper") == []


@pytest.mark.parametrize("name", list(_states()))
def test_every_accepted_replace_skill_and_stop_is_listed(name):
    state = _states()[name]
    legal = game.legal_commands(state, SEAT)
    n = len(state.edges)
    candidates = [Replace(e) for e in range(-1, n + 2)] + [SpendSkillPoint(), Stop()]
    missing = [str(c) for c in candidates if _accepted(state, c) and c not in legal]
    assert missing == []


@pytest.mark.parametrize("name", list(_states()))
def test_every_accepted_swap_over_all_edge_pairs_is_listed(name):
    state = _states()[name]
    legal = game.legal_commands(state, SEAT)
    n = len(state.edges)
    candidates = [Swap(a, b) for a in range(-1, n + 2) for b in range(-1, n + 2)]
    missing = [str(c) for c in candidates if _accepted(state, c) and c not in legal]
    assert missing == [], f"decide accepts swaps that legal_commands does not list: {missing}"


def test_every_rule_id_the_game_cites_is_in_the_rulebook_table():
    # Rule ids of setup facts and of every fact a full attempt can produce.
    facts = game.setup(game.options(2, {}), Dice(11, 1))
    assert all(f.rule in game.RULES for f in facts)
    for ref_id in ["test.correct", "cleanup.bottom", "side-effect.draw"]:
        assert P + ref_id in game.RULES
        assert game.RULES[P + ref_id].section  # each resolves to a rulebook section
