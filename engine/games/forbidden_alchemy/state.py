"""The state of one Alchemy puzzle attempt and `evolve`, the fold of its facts.

`evolve` holds no rules: every event already says what happened.
"""

from __future__ import annotations

from engine.core.events import Folds, evolved
from engine.core.frozen import frozen_dataclass

from . import events as ev

# Phases of an attempt.
SETUP, ACTIONS, OVER = "setup", "actions", "over"
SEAT = "investigator"  # the one seat: the investigator attempting the puzzle


@frozen_dataclass
class Puzzle:
    phase: str = SETUP
    tile: str = ""
    edges: tuple[str, ...] = ()                 # the setup tile's shapes, top edge first
    adjacent: frozenset[frozenset[int]] = frozenset()
    placed: tuple[tuple[str, str] | None, ...] = ()  # (piece, shape) along each edge
    pile: tuple[tuple[str, str], ...] = ()      # face down, top first (hidden)
    discards: tuple[tuple[str, str], ...] = ()  # pieces discarded by replacements
    investigator: str = ""
    name: str = ""
    intellect: int = 0
    luck: int = 0
    skill_points: int = 0
    investigators: int = 1
    actions: int = 0
    luck_added: bool = False
    deck: tuple[tuple, ...] = ()                # Side Effect cards, top first (hidden)
    side_discards: tuple[str, ...] = ()
    in_play: tuple[tuple, ...] = ()             # Side Effect cards that stay in play
    drawn: tuple | None = None                  # the Side Effect card being resolved
    roll: int | None = None
    correct: int | None = None
    completed: bool | None = None

    def correct_pieces(self) -> int:
        """Pieces whose shape matches the edge they touch ("Completing an Alchemy Puzzle")."""
        return sum(1 for edge, slot in zip(self.edges, self.placed, strict=True)
                   if slot is not None and slot[1] == edge)


def initial_state() -> Puzzle:
    return Puzzle()


_folds = Folds("forbidden_alchemy")


def evolve(state: Puzzle, event) -> Puzzle:
    """Apply one fact (no rules, no dice): the fold registered for its class."""
    return _folds.evolve(state, event)


@_folds(ev.SetupTilePlaced)
def _(state: Puzzle, e: ev.SetupTilePlaced) -> Puzzle:
    return evolved(state, tile=e.tile, edges=e.edges, placed=(None,) * len(e.edges),
                   adjacent=frozenset(frozenset(pair) for pair in e.adjacent))


@_folds(ev.InvestigatorAttempting)
def _(state: Puzzle, e: ev.InvestigatorAttempting) -> Puzzle:
    return evolved(state, investigator=e.investigator, name=e.name, intellect=e.intellect,
                   luck=e.luck, skill_points=e.skill_points, investigators=e.investigators)


@_folds(ev.PuzzlePiecesShuffled)
def _(state: Puzzle, e: ev.PuzzlePiecesShuffled) -> Puzzle:
    return evolved(state, pile=e.pile)


@_folds(ev.SideEffectDeckShuffled)
def _(state: Puzzle, e: ev.SideEffectDeckShuffled) -> Puzzle:
    return evolved(state, deck=e.deck)


@_folds(ev.PuzzlePieceDealt)
def _(state: Puzzle, e: ev.PuzzlePieceDealt) -> Puzzle:
    return _fill(state, e.edge, (e.piece, e.shape))


@_folds(ev.PuzzleActionsGranted)
def _(state: Puzzle, e: ev.PuzzleActionsGranted) -> Puzzle:
    return evolved(state, phase=ACTIONS, actions=e.actions)


@_folds(ev.SkillPointSpent)
def _(state: Puzzle, e: ev.SkillPointSpent) -> Puzzle:
    return evolved(state, actions=state.actions + e.luck, luck_added=True,
                   skill_points=state.skill_points - 1)


@_folds(ev.PiecesSwapped)
def _(state: Puzzle, e: ev.PiecesSwapped) -> Puzzle:
    placed = list(state.placed)
    a, b = e.first - 1, e.second - 1
    placed[a], placed[b] = placed[b], placed[a]
    return evolved(state, placed=tuple(placed), actions=state.actions - 1)


@_folds(ev.PuzzlePieceDiscarded)
def _(state: Puzzle, e: ev.PuzzlePieceDiscarded) -> Puzzle:
    slot = state.placed[e.edge - 1]
    placed = state.placed[: e.edge - 1] + (None,) + state.placed[e.edge:]
    return evolved(state, placed=placed, discards=state.discards + (slot,), actions=state.actions - 2)


@_folds(ev.PuzzlePieceDrawn)
def _(state: Puzzle, e: ev.PuzzlePieceDrawn) -> Puzzle:
    return _fill(state, e.edge, (e.piece, e.shape))


@_folds(ev.PuzzleActionsStopped)
def _(state: Puzzle, e: ev.PuzzleActionsStopped) -> Puzzle:
    return evolved(state, actions=0)


@_folds(ev.DieRolled)
def _(state: Puzzle, e: ev.DieRolled) -> Puzzle:
    return evolved(state, roll=e.value)


@_folds(ev.AlchemyTestPassed)
def _(state: Puzzle, e: ev.AlchemyTestPassed) -> Puzzle:
    return evolved(state, correct=e.correct, completed=True)


@_folds(ev.AlchemyTestFailed)
def _(state: Puzzle, e: ev.AlchemyTestFailed) -> Puzzle:
    return evolved(state, correct=e.correct, completed=False)


@_folds(ev.SideEffectDrawn)
def _(state: Puzzle, e: ev.SideEffectDrawn) -> Puzzle:
    card = (e.card, e.title, e.text, e.multi_investigator, e.discard_immediately)
    return evolved(state, deck=_taken(state.deck, card, "the Side Effect deck"), drawn=card)


@_folds(ev.SideEffectDiscarded)
def _(state: Puzzle, e: ev.SideEffectDiscarded) -> Puzzle:
    _check_drawn(state, e.card)
    return evolved(state, side_discards=state.side_discards + (e.card,), drawn=None)


@_folds(ev.SideEffectKept)
def _(state: Puzzle, e: ev.SideEffectKept) -> Puzzle:
    _check_drawn(state, e.card)
    return evolved(state, in_play=state.in_play + (state.drawn,), drawn=None)


def _check_drawn(state: Puzzle, card: str) -> None:
    """A drawn card is kept or discarded: the fact must name the card drawn."""
    if state.drawn is None or state.drawn[0] != card:
        drawn = state.drawn[0] if state.drawn else "none"
        raise ValueError(f"the fact names Side Effect card {card!r}, but the card drawn is {drawn}")


@_folds(ev.PuzzlePiecesReturned)
def _(state: Puzzle, e: ev.PuzzlePiecesReturned) -> Puzzle:
    return evolved(state, phase=OVER, placed=(None,) * len(state.edges), discards=(),
                   pile=state.pile + e.pieces)


def _fill(state: Puzzle, edge: int, slot: tuple[str, str]) -> Puzzle:
    """Place along `edge` the piece the fact names, taken from the pile."""
    placed = state.placed[: edge - 1] + (slot,) + state.placed[edge:]
    return evolved(state, placed=placed, pile=_taken(state.pile, slot, "the pile of pieces"))


def _taken(cards: tuple, card, where: str) -> tuple:
    """`cards` without the one a fact says was taken from them, wherever it lies
    (a fact means what it says); a fact naming one that is not there is refused."""
    if card not in cards:
        raise ValueError(f"{card!r} is not in {where}: the fact names a card that is not there")
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]
