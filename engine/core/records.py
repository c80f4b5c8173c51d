"""What a stored game is made of, as the rest of boardlog reads it: decoded
records (`Record`), a game's header with its latest session (`Live`), and
the stored topic of each record kind."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import orjson

from . import session as fold
from .frozen import frozen_dataclass
from .game import GameModule, find_game
from .session import Header, Session

# The stored topics of the record classes of engine/core/log.py, written
# out: reading a game needs them, not the classes, whose building (the
# library makes each a dataclass) cost every command ~50-70 ms at start-up
# here (issue #24).  engine/core/log.py checks at import that each is its
# class's own topic.
LOG_TOPIC = "engine.core.log:GameLog"
STARTED_TOPIC = f"{LOG_TOPIC}.Started"
TOPIC_KIND = {f"{LOG_TOPIC}.{kind}": kind for kind in (fold.STARTED, fold.COMMAND, fold.FACT, fold.UNDONE,
                                                        fold.REDONE)}
SEAT_KEYS_TOPIC = "engine.core.log:SeatKeys.Issued"
NOTES_TOPIC = "engine.core.log:Notes"
NOTE_KINDS = {f"{NOTES_TOPIC}.{kind}": kind for kind in ("Opened", "NoteAdded", "NoteEdited", "NoteDeleted")}
SUMMARY_TOPIC = "engine.core.log:FinalSummary.Recorded"
NAME_TOPICS = frozenset({"engine.core.log:ForkName.Opened", "engine.core.log:ForkName.ForkNamed"})
DELETION_TOPIC = "engine.core.log:Deletion.Recorded"
_BOOKKEEPING = ("timestamp", "originator_topic")


@frozen_dataclass(slots=True)
class Record:
    """One stored record, decoded: stream position, kind and payload."""

    version: int
    kind: str
    data: dict[str, Any]

    @property
    def rule(self) -> str:
        return self.data["rule"]

    @property
    def cause(self) -> int:
        return self.data["cause"]

    @property
    def timestamp(self) -> str:
        stamp = self.data.get("timestamp")
        return stamp["_data_"] if isinstance(stamp, dict) else str(stamp or "")

    def payload(self) -> dict[str, Any]:
        """The record without the library's bookkeeping (timestamp, topic)."""
        return {k: v for k, v in self.data.items() if k not in _BOOKKEEPING}


@frozen_dataclass(slots=True)
class Live:
    """A game's header and its latest session."""

    id: UUID
    header: Header
    session: Session

    @property
    def game(self) -> GameModule:
        return find_game(self.header.kind)


def record_of(event: Any) -> Record:
    """A record as a read would return it, from an event about to be stored."""
    kind = type(event).__name__
    data = {k: v for k, v in vars(event).items() if k not in ("originator_id", "originator_version")}
    # Round-trip through JSON so that a live record is exactly what a read returns.
    data = orjson.loads(orjson.dumps(data, default=str))
    return Record(event.originator_version, kind, data)
