"""Setting up an Alchemy puzzle attempt: the options, the seat, and the
setup facts ("Alchemy Puzzle Setup", steps 1-3).

The story game sets up its own attempts with `laid_out` and `dealt`, so a
puzzle is set up one way wherever it is played.
"""

from __future__ import annotations

from typing import Any

from engine.core.dice import Dice
from engine.core.errors import BadOptions
from engine.core.events import Event

from . import content
from . import events as ev
from .state import SEAT

MAX_INVESTIGATORS = 4  # base game: up to five players, one of whom is the keeper


def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`tile`, `investigator`, and `investigators` (how many play the story;
    `--players` sets it).  Only one investigator attempts the puzzle."""
    c = content.load()
    known = {"tile", "investigator", "investigators"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for forbidden_alchemy (known: {', '.join(sorted(known))})")
    tile = raw.get("tile", "10A")
    if tile not in c.tiles:
        raise BadOptions(f"option tile={tile!r}: no such setup tile (have: {', '.join(sorted(c.tiles))})")
    who = raw.get("investigator", "jenny-barnes")
    if who not in c.investigators:
        raise BadOptions(f"option investigator={who!r}: unknown (have: {', '.join(sorted(c.investigators))})")
    count = raw.get("investigators", str(players) if players is not None else "1")
    if not count.isdigit() or not 1 <= int(count) <= MAX_INVESTIGATORS:
        raise BadOptions(f"option investigators={count!r} (or --players): must be 1..{MAX_INVESTIGATORS}")
    return {"tile": tile, "investigator": who, "investigators": int(count)}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return (SEAT,)


def setup(opts: dict[str, Any], dice: Dice) -> list[Event]:
    """"Alchemy Puzzle Setup" steps 1-3 (the Side Effect deck shuffled beside
    the pile, "Using This Expansion"), then the actions granted by Intellect."""
    c = content.load()
    tile, who = c.tiles[opts["tile"]], c.investigators[opts["investigator"]]
    pile = dice.shuffled(c.pieces)
    deck = dice.shuffled([card.to_data() for card in c.side_effects])
    return [
        *laid_out(tile, who, opts["investigators"], pile),
        ev.SideEffectDeckShuffled(rule="forbidden_alchemy.setup.side-effect-deck", deck=tuple(deck)),
        *dealt(tile, who, pile),
    ]


def laid_out(tile: content.Tile, who: content.Investigator, investigators: int,
             pile: tuple[tuple[str, str], ...]) -> list[Event]:
    """Steps 1 and 2: the setup tile, who attempts it, the pile in its new order."""
    return [
        ev.SetupTilePlaced(rule="forbidden_alchemy.setup.tile", tile=tile.id, edges=tile.edges,
                           adjacent=tile.adjacent),
        ev.InvestigatorAttempting(rule="forbidden_alchemy.setup.investigator", investigator=who.id,
                                  name=who.name, intellect=who.intellect, luck=who.luck,
                                  skill_points=who.skill_points, investigators=investigators),
        ev.PuzzlePiecesShuffled(rule="forbidden_alchemy.setup.shuffle", pile=tuple(pile)),
    ]


def dealt(tile: content.Tile, who: content.Investigator, pile: tuple[tuple[str, str], ...]) -> list[Event]:
    """Step 3: a piece off the pile along each edge, top edge first; then the
    attempt's puzzle actions, as many as the investigator's Intellect."""
    facts: list[Event] = [
        ev.PuzzlePieceDealt(rule="forbidden_alchemy.setup.deal", edge=edge, piece=piece, shape=shape)
        for edge, (piece, shape) in enumerate(pile[: len(tile.edges)], 1)
    ]
    facts.append(ev.PuzzleActionsGranted(rule="forbidden_alchemy.actions.intellect", actions=who.intellect))
    return facts
