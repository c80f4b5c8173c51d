"""The facts of an Alchemy puzzle attempt, named in the rulebook's words."""

from __future__ import annotations

from engine.core.events import Event, event_registry, fact


@fact
class SetupTilePlaced(Event):
    """The setup tile lies in front of the player; edges listed from the top, clockwise."""

    tile: str
    edges: tuple[str, ...]
    adjacent: tuple[tuple[int, int], ...]


@fact
class InvestigatorAttempting(Event):
    """Who attempts the puzzle, with the attributes that matter, and how many
    investigators play the story (for the multi-investigator icon)."""

    investigator: str
    name: str
    intellect: int
    luck: int
    skill_points: int
    investigators: int


@fact
class PuzzlePiecesShuffled(Event):
    """The pile of face-down pieces in its new order, top first: [piece, shape] pairs."""

    pile: tuple[tuple[str, str], ...]


@fact
class SideEffectDeckShuffled(Event):
    """The Side Effect deck in its new order, top first: [id, title, text, multi, discard]."""

    deck: tuple[tuple, ...]


@fact
class PuzzlePieceDealt(Event):
    """The top piece of the pile, placed face up along `edge` during setup."""

    reveals = True
    edge: int
    piece: str
    shape: str


@fact
class PuzzleActionsGranted(Event):
    """The investigator has this many puzzle actions (Intellect)."""

    actions: int


@fact
class SkillPointSpent(Event):
    """A skill point adds Luck to the puzzle actions."""

    luck: int


@fact
class PiecesSwapped(Event):
    """The pieces on two adjacent edges changed places (one action)."""

    first: int
    second: int


@fact
class PuzzlePieceDiscarded(Event):
    """The chosen piece left `edge` for the discards (first half of a replacement)."""

    edge: int
    piece: str


@fact
class PuzzlePieceDrawn(Event):
    """The top piece of the pile filled `edge` (second half of a replacement)."""

    reveals = True
    edge: int
    piece: str
    shape: str


@fact
class PuzzleActionsStopped(Event):
    """No more puzzle actions: `unused` of them were left."""

    unused: int


@fact
class DieRolled(Event):
    """A ten-sided die was rolled for the test."""

    die: str
    value: int


@fact
class AlchemyTestPassed(Event):
    """The roll did not exceed the correctly placed pieces: the puzzle is completed."""

    correct: int
    roll: int


@fact
class AlchemyTestFailed(Event):
    """The roll exceeded the correctly placed pieces: the puzzle is not completed."""

    correct: int
    roll: int


@fact
class SideEffectDrawn(Event):
    """The top Side Effect card, placed face up by the investigator."""

    reveals = True
    card: str
    title: str
    text: str
    multi_investigator: bool
    discard_immediately: bool


@fact
class SideEffectDiscarded(Event):
    """A drawn Side Effect card went to the discards."""

    card: str


@fact
class SideEffectKept(Event):
    """A drawn Side Effect card stays in play next to the investigator."""

    card: str


@fact
class PuzzlePiecesReturned(Event):
    """Every piece used went face down to the bottom of the pile, in this order."""

    pieces: tuple[tuple[str, str], ...]


EVENTS = event_registry(
    SetupTilePlaced, InvestigatorAttempting, PuzzlePiecesShuffled, SideEffectDeckShuffled,
    PuzzlePieceDealt, PuzzleActionsGranted, SkillPointSpent, PiecesSwapped,
    PuzzlePieceDiscarded, PuzzlePieceDrawn, PuzzleActionsStopped, DieRolled,
    AlchemyTestPassed, AlchemyTestFailed, SideEffectDrawn, SideEffectDiscarded,
    SideEffectKept, PuzzlePiecesReturned,
)
