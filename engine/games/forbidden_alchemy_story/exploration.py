"""Exploring a room and the Alchemy puzzles of a story.

Exploring takes the room's top Exploration card: an item, or nothing; an
Obstacle card (ours) is met by its test; a card that asks for an Alchemy
puzzle ("Alchemy Puzzles", the expansion's cards) stays on the room while the
puzzle is attempted at once.  The objective's puzzle (Story 1's errata) is
attempted by an investigator holding its clue.  Either way the puzzle is set
up and played by the puzzle game's own rules (`forbidden_alchemy`), its
facts citing its rules under this game's ids (`rulebook.in_story`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.games.forbidden_alchemy import events as pev
from engine.games.forbidden_alchemy import rules as puzzle_rules
from engine.games.forbidden_alchemy.content import Investigator as Attempter
from engine.games.forbidden_alchemy.setup import dealt, laid_out
from engine.games.forbidden_alchemy.state import OVER as PUZZLE_OVER
from engine.games.forbidden_alchemy.state import SEAT as PUZZLE_SEAT

from . import board, content, side_effects
from . import play_events as play
from .pieces import Story
from .resolve import Resolution, done, end_story, harm, require_action, roll_test, tested
from .rulebook import in_story


# ---- exploring -------------------------------------------------------------------------------
def check_explore(s: Story, seat: str) -> None:
    require_action(s, seat)
    room = board.room(s, s.investigators[seat].space)
    if not s.exploration.get(room):
        raise RuleViolation(
            "forbidden_alchemy_story.explore.empty",
            f"nothing is left to explore in the {s.rooms[room]['name']}",
        )


def explore(s: Story, seat: str, dice) -> list[Event]:
    check_explore(s, seat)
    room = board.room(s, s.investigators[seat].space)
    res = Resolution(s)
    _take_top_card(res, seat, room, dice, "forbidden_alchemy_story.action.explore")
    return done(res)


def _take_top_card(res: Resolution, seat: str, room: str, dice, rule: str) -> None:
    """The room's top Exploration card: an item or nothing is taken; a card asking
    for an Alchemy puzzle stays on the room and the puzzle is attempted at once."""
    s = res.state
    card = s.exploration[room][0]
    if s.items[card].obstacle:
        _obstacle(res, seat, room, card, dice)
        return
    puzzle = s.items[card].puzzle
    if not puzzle:
        res.add(play.ExplorationCardTaken(rule=rule, seat=seat, room=room, card=card))
        return
    res.add(
        play.AlchemyCardRevealed(
            rule="forbidden_alchemy_story.puzzle.exploration",
            seat=seat,
            room=room,
            card=card,
            tile=puzzle[0],
        )
    )
    _set_up_puzzle(res, seat, puzzle[0], dice, "forbidden_alchemy_story.puzzle.exploration")


def _obstacle(res: Resolution, seat: str, room: str, card: str, dice) -> None:
    """Ours: an Obstacle card on top of a room is cleared by its test; cleared, it is
    discarded and exploring goes on with the card beneath; not, it stays on top."""
    attribute = res.state.items[card].obstacle[0]
    inv = res.state.investigators[seat]
    number = tested(res, seat, attribute, inv.attributes[attribute])
    if not roll_test(
        res,
        dice,
        seat,
        attribute,
        number,
        (
            "forbidden_alchemy_story.obstacle.test.pass",
            "forbidden_alchemy_story.obstacle.test.fail",
        ),
    ):
        res.add(
            play.ObstacleHeld(
                rule="forbidden_alchemy_story.obstacle.held", seat=seat, room=room, card=card
            )
        )
        return
    res.add(
        play.ObstacleCleared(
            rule="forbidden_alchemy_story.obstacle.cleared", seat=seat, room=room, card=card
        )
    )
    if res.state.exploration.get(room):
        _take_top_card(res, seat, room, dice, "forbidden_alchemy_story.obstacle.continue")


# ---- the Alchemy puzzle of the objective -----------------------------------------------------
def check_begin_puzzle(s: Story, seat: str) -> None:
    require_action(s, seat)
    win = s.revealed_win()
    if win.get("kind") != "puzzle":
        raise RuleViolation(
            "forbidden_alchemy_story.puzzle.objective",
            "the revealed objective has no Alchemy puzzle",
        )
    if win["clue"] not in s.investigators[seat].items:
        raise RuleViolation(
            "forbidden_alchemy_story.puzzle.clue",
            f"only an investigator with {s.items[win['clue']].name} may attempt it",
        )


def begin_puzzle(s: Story, seat: str, dice) -> list[Event]:
    """Story 1's errata: an investigator with the clue spends an action on the
    objective's Alchemy puzzle, set up as the puzzle game sets it up, from the
    pile of pieces as it now stands."""
    check_begin_puzzle(s, seat)
    res = Resolution(s)
    tile = s.revealed_win()["tile"]
    _set_up_puzzle(res, seat, tile, dice, "forbidden_alchemy_story.objective.puzzle-attempt")
    return res.facts


def _set_up_puzzle(res: Resolution, seat: str, tile_id: str, dice, rule: str) -> None:
    """The puzzle game's setup, from the pile of pieces as it now stands."""
    s = res.state
    inv = s.investigators[seat]
    tile = content.load().puzzle.tiles[tile_id]
    who = Attempter(
        inv.id, inv.name, inv.attributes["intellect"], inv.attributes["luck"], inv.skill_points
    )
    pile = dice.shuffled(s.alchemy.pile)
    facts = [
        *laid_out(tile, who, len(s.investigators), pile),
        *dealt(tile, who, pile),
    ]
    res.add(play.PuzzleAttemptBegun(rule=rule, seat=seat, tile=tile.id))
    res.add(*[replace(fact, rule=in_story(fact.rule)) for fact in facts])


def check_puzzle_step(s: Story, seat: str) -> None:
    if s.attempter != seat:
        raise RuleViolation(
            "forbidden_alchemy_story.puzzle.actions.phase",
            f"{seat} is not attempting an Alchemy puzzle",
        )


def puzzle_step(s: Story, seat: str, command, ctx) -> list[Event]:
    """A puzzle action, decided by the puzzle game's own rules; when the test
    is made, the attempt ends and a pass wins the story."""
    check_puzzle_step(s, seat)
    try:
        facts = puzzle_rules.decide(s.alchemy, PUZZLE_SEAT, command, ctx)
    except RuleViolation as refused:
        raise RuleViolation(in_story(refused.rule), refused.reason) from None
    res = Resolution(s)
    source = s.puzzle_card
    for fact in facts:
        if (
            isinstance(fact, pev.PuzzlePiecesReturned)
            and source
            and not res.state.alchemy.completed
        ):
            # "Attempting an Alchemy Puzzle" (the example, step 4) and "Completing": after the
            # Side Effect card, the card that began the puzzle adds its own failure effects;
            # only then do the pieces go back under the pile.
            _card_puzzle_failed(res, seat, source[1])
        res.add(replace(fact, rule=in_story(fact.rule)))
        # The card acts as it is drawn, before it is kept or discarded; a
        # multi-investigator card drawn by a lone investigator is set aside unread.
        if isinstance(fact, pev.SideEffectDrawn) and not (
            fact.multi_investigator and len(s.investigators) == 1
        ):
            side_effects.take_effect(res, seat, fact.card)
    if res.state.alchemy.phase == PUZZLE_OVER:
        completed = bool(res.state.alchemy.completed)
        res.add(
            play.PuzzleAttemptEnded(
                rule="forbidden_alchemy_story.puzzle.end", seat=seat, completed=completed
            )
        )
        if source:
            _card_puzzle_done(res, seat, source, completed, ctx.dice)
        elif completed:
            end_story(
                res,
                "investigators",
                f"{s.investigators[seat].name} completed Alchemy Puzzle #{s.alchemy.tile}",
                "forbidden_alchemy_story.objective.puzzle-win",
            )
    side_effects.settle(res)
    return done(res)


def _card_puzzle_done(res: Resolution, seat: str, source, completed: bool, dice) -> None:
    """The puzzle an Exploration card asked for: completed, the card is discarded
    and exploring goes on with the card beneath; failed, the card stays on the
    room (its own failure effects were applied before the pieces went back)."""
    room, card = source
    if completed:
        res.add(
            play.AlchemyCardCleared(
                rule="forbidden_alchemy_story.puzzle.card-pass", seat=seat, room=room, card=card
            )
        )
        if res.state.exploration.get(room):
            _take_top_card(res, seat, room, dice, "forbidden_alchemy_story.puzzle.card-continue")


def _card_puzzle_failed(res: Resolution, seat: str, card: str) -> None:
    """The failure effects the card that began the puzzle lists, after the Side Effect card."""
    for effect, amount in res.state.items[card].puzzle[1]:
        harm(res, seat, effect, amount, "forbidden_alchemy_story.puzzle.card-fail")
