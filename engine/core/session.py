"""The fold of a recorded game: the game's state plus the engine's own
bookkeeping (version, command count, undo and redo stacks).

Everything here is immutable, so a `Session` at step N can be kept in a
cache or on an undo stack and shared with later sessions at no cost.
The undo stack holds the state before each undoable command; it is
cleared at every commit point, which keeps it (and any snapshot) small.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, NamedTuple

import msgspec
from msgspec import Meta

from . import position as positions
from .events import Event, upcast
from .frozen import frozen_dataclass
from .game import GameModule
from .limits import MAX_OPTION_CHARS
from .position import PositionSet

# Record kinds as they are stored (the aggregate event class names).
STARTED = "Started"
COMMAND = "CommandIssued"
FACT = "Happened"
UNDONE = "CommandUndone"
REDONE = "CommandRedone"
RECORD_KINDS = (STARTED, COMMAND, FACT, UNDONE, REDONE)
# Facts of the engine's own that any game's stream may hold.
CORE_EVENTS: dict[str, type[Event]] = {"PositionSet": PositionSet}


@frozen_dataclass(slots=True)
class Header:
    """What the first record of a game says: kind, seed, options, seats,
    origin, and (when recorded) who played each seat."""

    kind: str
    seed: int
    options: dict[str, Any]
    seats: tuple[str, ...]
    rules_version: str
    parent: str | None = None
    fork_step: int | None = None
    # Seat -> who played it ("bot:greedy"); None: not recorded (a person, or
    # a game recorded before headers said so).
    players: dict[str, str] | None = None
    # The position the game starts from (engine/core/position.py); None: its setup.
    position: dict[str, Any] | None = None
    # A fork's clock runs this many seconds behind the wall clock: it goes on
    # from the time of the step it was forked at, so a deadline running then
    # resumes with the time it had left (None: the wall clock).
    clock_shift: float | None = None

    def to_data(self) -> dict[str, Any]:
        data = {
            "kind": self.kind,
            "seed": self.seed,
            "options": self.options,
            "seats": list(self.seats),
            "rules_version": self.rules_version,
            "parent": self.parent,
            "fork_step": self.fork_step,
        }
        # Only when recorded: a header without players keeps its old shape
        # byte for byte (stored records, exports, checkpoint digests).
        if self.players is not None:
            data["players"] = dict(self.players)
        if self.position is not None:
            data["position"] = self.position
        if self.clock_shift is not None:
            data["clock_shift"] = self.clock_shift
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Header:
        """Through the typed schema (SchemaError names what does not fit)."""
        return header_of(data)


# ---- the one typed schema of every record, wherever it comes from -------------------------
# Import, `verify` and every read of a header decode through these; anything
# that does not fit is refused with the field that is wrong and why.
Int64 = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
Step = Annotated[int, Meta(ge=1, le=2**62)]
Scalar = str | int | float | bool | None
# Options are name -> scalar, or a list of scalars (a game's chosen characters).
OptionValue = str | int | float | bool | None | list[Scalar]


class HeaderSchema(msgspec.Struct, forbid_unknown_fields=True):
    """A game's header: the `Started` record and line 1 of an export."""

    kind: str
    seed: Int64
    options: dict[str, OptionValue]
    seats: list[str]
    rules_version: str
    parent: str | None = None
    fork_step: Step | None = None
    players: dict[str, str] | None = None   # seat -> who: checked by `check_players`
    position: dict[str, Any] | None = None  # checked by the game (engine/core/position.py)
    clock_shift: Annotated[float, Meta(ge=0, le=1e10)] | None = None  # a fork's clock, seconds behind
    # Stored with the record / written in an export:
    rule: str = "core.setup"
    cause: Step = 1
    timestamp: str | dict | None = None
    originator_topic: str = ""
    format: str = ""
    format_version: int = 0
    game: str = ""
    created: str | None = None


class CommandSchema(msgspec.Struct, forbid_unknown_fields=True):
    seat: str
    text: str
    command: dict[str, Any]
    commit: bool
    rule: str
    cause: Step
    timestamp: str | dict | None = None


class FactSchema(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    data: dict[str, Any]
    rule: str
    cause: Step
    v: Annotated[int, Meta(ge=2, le=2**31)] | None = None
    timestamp: str | dict | None = None


class MarkerSchema(msgspec.Struct, forbid_unknown_fields=True):
    """`CommandUndone` and `CommandRedone`."""

    seat: str
    rule: str
    cause: Step
    timestamp: str | dict | None = None


class AnnotationSchema(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    step: Step
    author: str
    text: str
    created: str | None = None
    edited: str | None = None
    editor: str | None = None
    glyph: str | None = None    # issue #14: absent from older files; checked by store.check_marks
    shapes: list | None = None


RECORD_SCHEMAS: dict[str, type[msgspec.Struct]] = {}  # filled below, once the kinds are named


class SchemaError(ValueError):
    """A record, header or annotation that does not fit its schema."""


def check_schema(schema: type[msgspec.Struct], data: Any, what: str) -> Any:
    """`data` (parsed JSON) as `schema`, or SchemaError naming the field and why."""
    if not isinstance(data, dict):
        raise SchemaError(f"{what} must be a JSON object, not {type(data).__name__}")
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as e:
        raise SchemaError(f"{what} does not fit: {_readable(str(e))}") from None


def _readable(message: str) -> str:
    # "Expected `bool`, got `str` - at `$.commit`" -> "commit: expected bool, got str"
    text, _, where = message.partition(" - at `$")
    where = where.rstrip("`").lstrip(".")
    text = text.replace("`", "")
    text = text[:1].lower() + text[1:]
    return f"{where}: {text}" if where else text


def header_of(data: Any) -> Header:
    """A `Header` from a stored `Started` record or an export's line 1."""
    h = check_schema(HeaderSchema, data, "header")
    players = check_players(h.players, h.seats)
    return Header(h.kind, h.seed, dict(h.options), tuple(h.seats), h.rules_version, h.parent, h.fork_step,
                  players, h.position, h.clock_shift)


def check_players(players: dict[str, str] | None, seats: Sequence[str]) -> dict[str, str] | None:
    """`players` as a header may hold it, or SchemaError naming the field:
    seats of this game, each played by short printable text (as an option's
    value: no control characters, no lone surrogates).  An empty record is
    refused: a header that records no one leaves the field out."""
    if players is None:
        return None
    if not players:
        raise SchemaError("header does not fit: players: empty; leave it out when no one is recorded")
    for seat, who in players.items():
        if seat not in seats:
            raise SchemaError(f"header does not fit: players: {seat[:30]!r} is not a seat of this game "
                              f"(seats: {', '.join(seats)})")
        if not 1 <= len(who) <= MAX_OPTION_CHARS:
            raise SchemaError(f"header does not fit: players.{seat}: {len(who)} characters, "
                              f"expected 1..{MAX_OPTION_CHARS}")
        if not who.isprintable():
            raise SchemaError(f"header does not fit: players.{seat}: {who[:30]!r} may only use "
                              f"printable characters")
    return dict(players)


class Entry(NamedTuple):
    """An undoable command: who issued it, the state before, and (once undone) after."""

    cause: int
    seat: str
    before: Any
    after: Any = None


class Session(NamedTuple):
    """A named tuple rather than a dataclass: one is built per folded record,
    and a tuple is the cheapest immutable value Python can build."""

    state: Any
    version: int
    commands: int = 0
    undo: tuple[Entry, ...] = ()
    redo: tuple[Entry, ...] = ()

    def can_undo(self, seat: str) -> bool:
        return bool(self.undo) and self.undo[-1].seat == seat

    def can_redo(self, seat: str) -> bool:
        return bool(self.redo) and self.redo[-1].seat == seat


class FoldError(ValueError):
    """A record that cannot follow the ones before it."""


def start(game: GameModule) -> Session:
    return Session(state=game.initial_state(), version=1)


# Sessions and entries are built with tuple.__new__: a NamedTuple's own
# __new__ is a Python function, and one session is built per folded record.
_new = tuple.__new__


# The folds below index the named tuples (s[0] is the state, s[2] the
# command count, s[3] the undo stack, s[4] the redo stack; an entry is
# (cause, seat, before, after)): attribute access on a named tuple costs a
# Python-level descriptor call per field.
def fold_command(s: Session, version: int, seat: str, commit: bool) -> Session:
    # A new command always clears the redo stack; a commit point also
    # closes the undo stack, since what it revealed cannot be unseen.
    undo = () if commit else s[3] + (_new(Entry, (version, seat, s[0], None)),)
    return _new(Session, (s[0], version, s[2] + 1, undo, ()))


def fold_fact(game: GameModule, s: Session, version: int, event: Event) -> Session:
    if type(event) is PositionSet:  # the opening of a game started from a position
        return _new(Session, (positions.state_of(game, event.position), version, s[2], s[3], s[4]))
    return _new(Session, (game.evolve(s[0], event), version, s[2], s[3], s[4]))


def fold_undone(s: Session, version: int, cause: int) -> Session:
    undo = s[3]
    if not undo or undo[-1][0] != cause:
        raise FoldError(f"undo of step {cause} does not match the undo stack")
    top = undo[-1]
    redone = _new(Entry, (top[0], top[1], top[2], s[0]))
    return _new(Session, (top[2], version, s[2], undo[:-1], s[4] + (redone,)))


def fold_redone(s: Session, version: int, cause: int) -> Session:
    redo = s[4]
    if not redo or redo[-1][0] != cause:
        raise FoldError(f"redo of step {cause} does not match the redo stack")
    top = redo[-1]
    again = _new(Entry, (top[0], top[1], top[2], None))
    return _new(Session, (top[3], version, s[2], s[3] + (again,), redo[:-1]))


def decode_fact(game: GameModule, data: dict[str, Any]) -> Event:
    """The game event inside a `Happened` record (ValueError if it does not
    fit), upcast from the version it was recorded at."""
    cls = game.EVENTS.get(data["type"]) or CORE_EVENTS.get(data["type"])
    if cls is None:
        raise FoldError(f"unknown event type {data['type']!r} for {game.ID}")
    payload = data["data"]
    version = data.get("v", 1)
    if version != cls.version:
        payload = upcast(cls, version, payload, game.UPCASTERS)
    return cls.from_data(payload, data["rule"])


def fold_record(game: GameModule, s: Session | None, kind: str, version: int, data: dict) -> Session:
    """Apply one stored record (decoded payload) to a session."""
    if kind == FACT:
        return fold_fact(game, s, version, decode_fact(game, data))
    if kind == COMMAND:
        return fold_command(s, version, data["seat"], data["commit"])
    if kind == UNDONE:
        return fold_undone(s, version, data["cause"])
    if kind == REDONE:
        return fold_redone(s, version, data["cause"])
    if kind == STARTED:
        if s is not None:
            raise FoldError("a game can start only once")
        return start(game)
    raise FoldError(f"unknown record kind {kind!r}")


RECORD_SCHEMAS.update({COMMAND: CommandSchema, FACT: FactSchema, UNDONE: MarkerSchema,
                       REDONE: MarkerSchema})


class _Row(msgspec.Struct):
    """The fields a fold needs from a stored record; msgspec skips the rest
    (timestamp, notation, command data) without building them."""

    type: str = ""
    data: dict = {}
    rule: str = ""
    seat: str = ""
    commit: bool = False
    cause: int = 0
    v: int = 1


_decode_row = msgspec.json.Decoder(_Row).decode


def fold_rows(game: GameModule, s: Session | None, rows, kinds: dict[str, str], loads,
              every: int = 0, keep=None, facts: dict | None = None) -> Session | None:
    """Fold raw stored rows `(version, topic, json)`; the hot loop of every read.

    The three common kinds are folded here from a typed decode (the same
    steps as `fold_fact`, `fold_command`, `fold_undone`); the rest go
    through `fold_record`.  With `every`, `keep(session)` receives each
    session at a multiple of it.  With `facts`, each fact's decoded event is
    put there by its version (a replay page's audit lists the facts its fold
    has just decoded: issue #24).
    """
    events, evolve = game.EVENTS, game.evolve
    for version, topic, raw in rows:
        kind = kinds[topic]
        if kind is FACT:
            row = _decode_row(raw)
            cls = events.get(row.type)
            if cls is None:  # an engine fact (a game's opening position), or a record that does not fit
                event = decode_fact(game, loads(raw))
                s = fold_fact(game, s, version, event)
                if facts is not None:
                    facts[version] = event
                if every and version % every == 0:
                    keep(s)
                continue
            data = row.data if row.v == cls.version else upcast(cls, row.v, row.data, game.UPCASTERS)
            event = cls.from_data(data, row.rule)
            s = _new(Session, (evolve(s[0], event), version, s[2], s[3], s[4]))
            if facts is not None:
                facts[version] = event
        elif kind is COMMAND:
            row = _decode_row(raw)
            s = fold_command(s, version, row.seat, row.commit)
        elif kind is UNDONE:
            s = fold_undone(s, version, _decode_row(raw).cause)
        else:
            s = fold_record(game, s, kind, version, loads(raw))
        if every and version % every == 0:
            keep(s)
    return s
