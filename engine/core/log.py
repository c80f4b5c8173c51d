"""`GameLog`: the one eventsourcing Aggregate that hosts any game.

Its stream is the whole record of a game: `Started` (the header), then for
every command a `CommandIssued` followed by the `Happened` facts it caused,
and `CommandUndone` / `CommandRedone` as facts of their own.  Every record
carries `rule` and `cause` (the stream position of the command it belongs
to).  Applying a record folds it into `self.session` with the same
functions the fast read path uses, so `repository.get(id, version=N)` and
the engine's own reader agree by construction.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from . import records
from . import session as fold
from .game import find_game


class GameLog(Aggregate):
    class Started(Aggregate.Created):
        kind: str
        seed: int
        options: dict
        seats: list
        rules_version: str
        parent: str | None
        fork_step: int | None
        rule: str
        cause: int
        # Last, with a default: records stored before it existed load without it.
        players: dict | None = None
        position: dict | None = None
        clock_shift: float | None = None

        def __post_init__(self) -> None:
            super().__post_init__()
            # The mapper stores `vars(event)`: without this, every new game's
            # header would gain `"players": null` and no longer match the old
            # shape byte for byte.  Read back, the class default (None) answers.
            for name in ("players", "position", "clock_shift"):
                if self.__dict__.get(name) is None:
                    self.__dict__.pop(name, None)

    class CommandIssued(Aggregate.Event):
        seat: str
        text: str
        command: dict
        commit: bool
        rule: str
        cause: int

        def apply(self, log: GameLog) -> None:
            log.session = fold.fold_command(log.session, self.originator_version, self.seat, self.commit)

    class Happened(Aggregate.Event):
        # A fact recorded at an event version above 1 also carries `v` (set
        # by the store after construction, so version-1 records keep their
        # old shape byte for byte).
        type: str
        data: dict
        rule: str
        cause: int

        def apply(self, log: GameLog) -> None:
            event = fold.decode_fact(log.game, {"type": self.type, "data": self.data, "rule": self.rule,
                                                "v": getattr(self, "v", 1)})
            log.session = fold.fold_fact(log.game, log.session, self.originator_version, event)

    class CommandUndone(Aggregate.Event):
        seat: str
        rule: str
        cause: int

        def apply(self, log: GameLog) -> None:
            log.session = fold.fold_undone(log.session, self.originator_version, self.cause)

    class CommandRedone(Aggregate.Event):
        seat: str
        rule: str
        cause: int

        def apply(self, log: GameLog) -> None:
            log.session = fold.fold_redone(log.session, self.originator_version, self.cause)

    def __init__(self, kind: str, seed: int, options: dict, seats: list, rules_version: str,
                 parent: str | None, fork_step: int | None, rule: str, cause: int,
                 players: dict | None = None, position: dict | None = None,
                 clock_shift: float | None = None) -> None:
        self.header = fold.Header(kind, seed, dict(options), tuple(seats), rules_version, parent, fork_step,
                                  dict(players) if players is not None else None, position, clock_shift)
        self.game = find_game(kind)
        self.session = fold.start(self.game)


# Stored topic -> record kind, and record kind -> event class.
RECORD_CLASSES: dict[str, Any] = {
    fold.STARTED: GameLog.Started,
    fold.COMMAND: GameLog.CommandIssued,
    fold.FACT: GameLog.Happened,
    fold.UNDONE: GameLog.CommandUndone,
    fold.REDONE: GameLog.CommandRedone,
}


class SeatKeys(Aggregate):
    """The secret play links of one game: a token per seat.

    Kept in an aggregate of its own (id derived from the game's) so that a
    game's stream, and so every export, never carries them.
    """

    class Issued(Aggregate.Created):
        game: str
        tokens: dict

    def __init__(self, game: str, tokens: dict) -> None:
        self.game = game
        self.tokens = dict(tokens)


class Notes(Aggregate):
    """Annotations on a game's steps: who wrote what on which step, and when.

    Apart from the game's stream so that a note never shifts a step number.
    """

    class Opened(Aggregate.Created):
        game: str

    class NoteAdded(Aggregate.Event):
        note: str
        step: int
        author: str
        text: str

        # `glyph` and `shapes` (issue #14) are set by the store after
        # construction and only when the note has them, so a note without
        # marks keeps the old record shape byte for byte.

        def apply(self, notes: Notes) -> None:
            notes.items[self.note] = {"note": self.note, "step": self.step, "author": self.author,
                                      "text": self.text, "created": self.timestamp.isoformat(),
                                      "edited": None, "glyph": getattr(self, "glyph", None) or None,
                                      "shapes": getattr(self, "shapes", None) or []}

    class NoteEdited(Aggregate.Event):
        note: str
        author: str
        text: str

        # With a `glyph` or `shapes` attribute the edit replaces them; without
        # (every edit before issue #14) it keeps them.

        def apply(self, notes: Notes) -> None:
            marks = {k: getattr(self, k) or ([] if k == "shapes" else None)
                     for k in ("glyph", "shapes") if hasattr(self, k)}
            notes.items[self.note] = {**notes.items[self.note], "text": self.text,
                                      "edited": self.timestamp.isoformat(), "editor": self.author, **marks}

    class NoteDeleted(Aggregate.Event):
        note: str
        author: str

        def apply(self, notes: Notes) -> None:
            notes.items.pop(self.note, None)

    def __init__(self, game: str) -> None:
        self.game = game
        self.items: dict[str, dict] = {}


class FinalSummary(Aggregate):
    """The row of a finished game on the games list, written once when the
    game ends (or the first time a list finds it ended), so that listing a
    store of many games folds none of the finished ones.  A finished game
    never changes: one record, never updated."""

    class Recorded(Aggregate.Created):
        game: str
        outcome: str
        steps: int
        commands: int

    def __init__(self, game: str, outcome: str, steps: int, commands: int) -> None:
        self.game, self.outcome, self.steps, self.commands = game, outcome, steps, commands


class ForkName(Aggregate):
    """The name of a line of the variation tree (a fork, or the main line):
    a stream of its own, id derived from the game's, so that naming never
    touches the game's record.  Each rename is a `ForkNamed`; the latest wins."""

    class Opened(Aggregate.Created):
        game: str

    class ForkNamed(Aggregate.Event):
        name: str

        def apply(self, named: ForkName) -> None:
            named.name = self.name

    def __init__(self, game: str) -> None:
        self.game = game
        self.name: str | None = None


class Deletion(Aggregate):
    """A tombstone: game `game` (a `kind` game) was deleted.  Written in the
    same transaction as the deletion and before it, so that (1) the
    notification log's highest id never goes down (SQLite would otherwise
    hand a deleted row's id to the next record, and a projection that
    remembers "read up to id N" would skip it) and (2) read models that
    follow the log (the rule index) learn of the deletion and drop the
    game, whichever process deleted it."""

    class Recorded(Aggregate.Created):
        game: str
        kind: str

    def __init__(self, game: str, kind: str) -> None:
        self.game, self.kind = game, kind


def _check_topics() -> None:
    """Reads know these classes by the topics engine/core/records.py writes
    out (so that a read never builds them): a class renamed or moved here
    without its topic there would leave its records unread.  Refuse at once."""
    kinds = {get_topic(cls): kind for kind, cls in RECORD_CLASSES.items()}
    others = {get_topic(cls) for cls in (GameLog, SeatKeys.Issued, Notes, Notes.Opened, Notes.NoteAdded,
                                         Notes.NoteEdited, Notes.NoteDeleted, FinalSummary.Recorded,
                                         ForkName.Opened, ForkName.ForkNamed, Deletion.Recorded)}
    written = {records.LOG_TOPIC, records.SEAT_KEYS_TOPIC, records.NOTES_TOPIC, *records.NOTE_KINDS,
               records.SUMMARY_TOPIC, *records.NAME_TOPICS, records.DELETION_TOPIC}
    if kinds != records.TOPIC_KIND or others != written:
        raise RuntimeError("engine/core/records.py's topics differ from engine/core/log.py's classes: "
                           f"{sorted((kinds.keys() | others) ^ (records.TOPIC_KIND.keys() | written))}")


_check_topics()
