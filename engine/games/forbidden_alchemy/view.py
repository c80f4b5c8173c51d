"""What a seat may see, a text picture, and one-line descriptions of facts.

Hidden: the order of the face-down pile and of the Side Effect deck.  The
pile's make-up can be worked out from the pieces in sight, so only its
size is shown; nothing else about a puzzle is secret from its player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import evolved

from . import events as ev
from .state import Puzzle

if TYPE_CHECKING:
    import random  # for annotations alone: a read never scrambles (issue #24)

GLYPH = {"blue-circle": "O", "red-diamond": "<>", "yellow-triangle": "/\\"}


def view(state: Puzzle, seat: str | None) -> dict[str, Any]:
    board = {
        "phase": state.phase,
        "tile": state.tile,
        "edges": [
            {"edge": i, "shape": shape, "piece": slot[0] if slot else None,
             "piece_shape": slot[1] if slot else None, "correct": bool(slot) and slot[1] == shape}
            for i, (shape, slot) in enumerate(zip(state.edges, state.placed, strict=True), 1)
        ],
        "adjacent": sorted(sorted(pair) for pair in state.adjacent),
        "correct": state.correct_pieces(),
        "discards": [list(d) for d in state.discards],
        "investigator": {"id": state.investigator, "name": state.name, "intellect": state.intellect,
                         "luck": state.luck, "skill_points": state.skill_points},
        "investigators": state.investigators,
        "actions": state.actions,
        "luck_added": state.luck_added,
        "pile_size": len(state.pile),
        "side_effect_deck_size": len(state.deck),
        "side_effect_discards": list(state.side_discards),
        "side_effects_in_play": [{"card": c[0], "title": c[1], "text": c[2]} for c in state.in_play],
        "roll": state.roll,
        "completed": state.completed,
    }
    if seat is None:  # the omniscient view adds the hidden orders
        board["pile"] = [list(p) for p in state.pile]
        board["side_effect_deck"] = [c[0] for c in state.deck]
    return board


# Facts whose fields hold an order no seat may see: only their size is shown.
HIDDEN_ORDERS = {"PuzzlePiecesShuffled": "pile", "SideEffectDeckShuffled": "deck"}


def redact(event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    field = HIDDEN_ORDERS.get(event.type)
    if seat is not None and field:
        data[field] = {"hidden": len(data[field])}
    return data


def scramble_hidden(state: Puzzle, seat: str | None, rng: random.Random) -> Puzzle:
    """Reorder what no seat can see; the omniscient view sees everything."""
    if seat is None:
        return state
    pile, deck = list(state.pile), list(state.deck)
    rng.shuffle(pile)
    rng.shuffle(deck)
    return evolved(state, pile=tuple(pile), deck=tuple(deck))


def render(state: Puzzle) -> str:
    if not state.tile:
        return "(no puzzle set up yet)"
    lines = [f"Alchemy puzzle, setup tile {state.tile} - {state.name} "
             f"(Intellect {state.intellect}, Luck {state.luck}, skill points {state.skill_points})"]
    for i, (shape, slot) in enumerate(zip(state.edges, state.placed, strict=True), 1):
        piece = f"{slot[0]:<11} {GLYPH[slot[1]]:<2}" if slot else "(empty)"
        mark = "correct" if slot and slot[1] == shape else ""
        lines.append(f"  edge {i}: tile {GLYPH[shape]:<2} | piece {piece} {mark}")
    lines.append(f"  correct pieces: {state.correct_pieces()}   puzzle actions left: {state.actions}"
                 f"   pile: {len(state.pile)} face down")
    if state.in_play:
        lines.append("  side effects in play: " + ", ".join(c[1] for c in state.in_play))
    if state.completed is not None:
        lines.append(f"  test: rolled {state.roll} against {state.correct}: "
                     + ("completed" if state.completed else "failed"))
    return "\n".join(lines)


def describe(e) -> str:
    match e:
        case ev.SetupTilePlaced():
            return f"setup tile {e.tile} placed ({len(e.edges)} edges)"
        case ev.InvestigatorAttempting():
            return f"{e.name} attempts the puzzle (Intellect {e.intellect}, Luck {e.luck})"
        case ev.PuzzlePiecesShuffled():
            return f"{len(e.pile)} puzzle pieces shuffled face down"
        case ev.SideEffectDeckShuffled():
            return f"Side Effect deck of {len(e.deck)} cards shuffled"
        case ev.PuzzlePieceDealt():
            return f"{e.piece} ({e.shape}) dealt to edge {e.edge}"
        case ev.PuzzleActionsGranted():
            return f"{e.actions} puzzle actions"
        case ev.SkillPointSpent():
            return f"skill point spent: +{e.luck} puzzle actions (Luck)"
        case ev.PiecesSwapped():
            return f"pieces on edges {e.first} and {e.second} swapped"
        case ev.PuzzlePieceDiscarded():
            return f"{e.piece} discarded from edge {e.edge}"
        case ev.PuzzlePieceDrawn():
            return f"{e.piece} ({e.shape}) drawn onto edge {e.edge}"
        case ev.PuzzleActionsStopped():
            return f"stopped with {e.unused} action(s) unused"
        case ev.DieRolled():
            return f"{e.die} rolled: {e.value}"
        case ev.AlchemyTestPassed():
            return f"test passed ({e.roll} against {e.correct} correct): puzzle completed"
        case ev.AlchemyTestFailed():
            return f"test failed ({e.roll} against {e.correct} correct)"
        case ev.SideEffectDrawn():
            return f"Side Effect drawn: {e.title}"
        case ev.SideEffectDiscarded():
            return f"Side Effect {e.card} discarded"
        case ev.SideEffectKept():
            return f"Side Effect {e.card} stays in play"
        case ev.PuzzlePiecesReturned():
            return f"{len(e.pieces)} pieces returned face down under the pile"
    return type(e).__name__
