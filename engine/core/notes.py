"""Notes on a game's steps: text, a glyph, shapes drawn on the board.

Each game's notes are a stream of their own (its id derived from the
game's), so a game's record never changes when someone annotates it.
Notes commute: each game's notes are folded once, kept in a bounded cache
and caught up from new rows only, so adding or reading a note costs the
same with 10 or 10,000 of them; a version clash (two writers at once) is
retried, unless the writer named the version it changes.
"""

from __future__ import annotations

import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4, uuid5

import orjson

from .errors import BadInput, ConflictError, GameUnreadable, StepOutOfRange
from .records import NOTE_KINDS, NOTES_TOPIC

NOTES_CACHE = 256         # notes folds kept in memory (BOARDLOG_NOTES_CACHE)
NOTE_RETRIES = 25         # concurrent note adds commute: retry a version clash
MAX_NOTE_CHARS = 2000
MAX_AUTHOR_CHARS = 40

# A note's marks (issue #14): a Lichess-style glyph and shapes drawn on the board.
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
SHAPE_COLOURS = ("green", "red", "blue", "yellow")
MAX_SHAPES = 20
MAX_PLACE_CHARS = 40
_SHAPE_PLACES = {"arrow": ("from", "to"), "circle": ("at",)}


def _aggregate():
    """The notes' aggregate class (engine/core/log.py), built by the first
    write: reading notes never needs it (issue #24)."""
    from .log import Notes

    return Notes


def notes_id(game_id: UUID) -> UUID:
    return uuid5(game_id, "notes")


class NoteBook:
    """The notes of every game of one store."""

    def __init__(self, db, put: Callable[[list], None], last_step: Callable[[UUID], int],
                 limit: int = NOTES_CACHE):
        self.db = db
        self._put = put              # the store's writer: events in one transaction, IntegrityError on a clash
        self._last_step = last_step  # a game's latest step (GameNotFound if none)
        self._cache: OrderedDict[UUID, _NotesFold] = OrderedDict()
        self._lock = threading.Lock()
        self.limit = limit

    # ---- reading ----------------------------------------------------------------------------
    def of(self, game_id: UUID) -> list[dict[str, Any]]:
        """The game's notes, by step then time of writing."""
        return list(self._fold(game_id).ordered())

    def at(self, game_id: UUID, step: int) -> list[dict[str, Any]]:
        """The notes on one step, in writing order."""
        return list(self._fold(game_id).by_step().get(step, ()))

    def steps(self, game_id: UUID) -> list[int]:
        """The steps that have notes, ascending."""
        return list(self._fold(game_id).by_step())

    def version(self, game_id: UUID) -> int:
        """The version of the game's notes (0: none yet), for `expected_version`."""
        return self._fold(game_id).version

    def cached(self, game_id: UUID) -> bool:
        """Whether the game's notes are folded in this process."""
        return game_id in self._cache

    def forget(self, game_id: UUID) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    def _fold(self, game_id: UUID) -> _NotesFold:
        cached = self._cache.get(game_id)
        version = cached.version if cached else 0
        rows = self.db.rows(notes_id(game_id), version, None)
        if rows or cached is None:
            items = dict(cached.items) if cached else {}
            for v, topic, raw in rows:
                kind = NOTE_KINDS.get(topic)
                if kind is None:
                    raise GameUnreadable(f"the notes of game {game_id} were overwritten by another stream")
                _apply_note(items, kind, orjson.loads(raw))
                version = v
            cached = _NotesFold(version, items)
        with self._lock:
            self._cache[game_id] = cached
            self._cache.move_to_end(game_id)
            while len(self._cache) > self.limit:
                self._cache.popitem(last=False)
        return cached

    # ---- writing ----------------------------------------------------------------------------
    def add(self, game_id: UUID, step: int, author: str, text: str, note: str | None = None,
            when: str | None = None, glyph: str | None = None, shapes: list | None = None) -> str:
        last = self._last_step(game_id)
        if not 1 <= step <= last:
            raise StepOutOfRange(f"step: {step} is outside 1..{last}")
        author, text = check_note(author, text)
        glyph, shapes = check_marks(glyph, shapes)
        note = note or uuid4().hex[:12]
        # An imported note keeps the time it was first written.
        self._write(game_id, lambda notes, v: with_marks(note_event(
            _aggregate().NoteAdded, notes_id(game_id), v, when, note=note, step=step, author=author, text=text),
            glyph, shapes))
        return note

    def edit(self, game_id: UUID, note: str, author: str, text: str, expected_version: int | None = None,
             glyph: str | None = None, shapes: list | None = None) -> None:
        """Replace a note's text; a glyph or shapes given replace the note's
        ("" and [] clear them), None keeps them."""
        author, text = check_note(author, text)
        keep_glyph, keep_shapes = glyph is None, shapes is None
        glyph, shapes = check_marks(glyph, shapes)

        def make(notes, v):
            _require_note(game_id, notes, note)
            return with_marks(note_event(_aggregate().NoteEdited, notes_id(game_id), v, None,
                                         note=note, author=author, text=text),
                              None if keep_glyph else glyph or "", None if keep_shapes else shapes, always=True)
        self._write(game_id, make, expected_version)

    def delete(self, game_id: UUID, note: str, author: str, expected_version: int | None = None) -> None:
        author, _ = check_note(author, "-")

        def make(notes, v):
            _require_note(game_id, notes, note)
            return note_event(_aggregate().NoteDeleted, notes_id(game_id), v, None, note=note, author=author)
        self._write(game_id, make, expected_version)

    def _write(self, game_id: UUID, make, expected_version: int | None = None) -> None:
        """Append the event `make(notes_fold)` returns; on a version clash
        (another writer got there first) catch up and try again, unless the
        caller named the version it changes."""
        # Writes alone need the library (issue #24).
        from eventsourcing.persistence import IntegrityError

        for attempt in range(NOTE_RETRIES):
            notes = self._fold(game_id)
            if expected_version is not None and expected_version != notes.version:
                raise ConflictError(f"the notes are at version {notes.version}, not {expected_version}: "
                                    "they changed meanwhile; nothing was stored, reload and try again")
            events = []
            if notes.version == 0:
                events.append(opened(game_id))
            events.append(make(notes, notes.version + len(events) + 1))
            try:
                self._put(events)
                return
            except IntegrityError:
                if expected_version is not None:
                    break
                time.sleep(random.random() * min(0.05, 0.001 * 2**attempt))  # let the others through
        raise ConflictError("the notes changed meanwhile; nothing was stored, reload and try again")


class _NotesFold:
    """A game's notes folded up to `version` (its items never change once
    cached; a newer version is a new fold), sorted once when first read."""

    __slots__ = ("version", "items", "_ordered", "_by_step")

    def __init__(self, version: int, items: dict[str, dict[str, Any]]):
        self.version, self.items, self._ordered, self._by_step = version, items, None, None

    def ordered(self) -> tuple[dict[str, Any], ...]:
        if self._ordered is None:
            self._ordered = tuple(sorted(self.items.values(), key=lambda n: (n["step"], n["created"])))
        return self._ordered

    def by_step(self) -> dict[int, tuple[dict[str, Any], ...]]:
        """Step -> its notes in writing order, steps ascending (a replay page
        asks for one step's notes and the noted steps: not a scan per request)."""
        if self._by_step is None:
            grouped: dict[int, list[dict[str, Any]]] = {}
            for n in self.ordered():
                grouped.setdefault(n["step"], []).append(n)
            self._by_step = {step: tuple(ns) for step, ns in grouped.items()}
        return self._by_step


def imported(game_id: UUID, notes: list[dict[str, Any]]) -> list:
    """The events that store an export's notes with its game (one transaction)."""
    if not notes:
        return []
    nid = notes_id(game_id)
    events = [opened(game_id)]
    for i, n in enumerate(notes, 2):
        author, text = check_note(n["author"], n["text"])
        glyph, shapes = check_marks(n.get("glyph"), n.get("shapes"))
        events.append(with_marks(note_event(_aggregate().NoteAdded, nid, i, n.get("created"),
                                            note=str(n["note"]), step=n["step"], author=author,
                                            text=text), glyph, shapes))
    return events


def opened(game_id: UUID) -> Any:
    return note_event(_aggregate().Opened, notes_id(game_id), 1, None, game=str(game_id), originator_topic=NOTES_TOPIC)


def note_event(cls, nid: UUID, version: int, when: str | None, **fields):
    return cls(originator_id=nid, originator_version=version,
               timestamp=when_of(when) if when else _aggregate().Event.create_timestamp(), **fields)


def when_of(stamp: str | None) -> datetime:
    """A recorded timestamp back to a datetime (now, if there is none)."""
    if stamp:
        try:
            return datetime.fromisoformat(stamp)
        except ValueError:
            pass
    return _aggregate().Event.create_timestamp()


def _require_note(game_id: UUID, notes: _NotesFold, note: str) -> None:
    if note not in notes.items:
        raise BadInput(f"note: no note {note!r} on game {game_id}")


def _stamp(data: dict[str, Any]) -> str:
    stamp = data.get("timestamp")
    if isinstance(stamp, dict):  # the library's wrapped form
        stamp = stamp.get("_data_")
    return datetime.fromisoformat(stamp).isoformat()


def _apply_note(items: dict[str, dict[str, Any]], kind: str, data: dict[str, Any]) -> None:
    """One notes record onto `items` (the same as `Notes`' own apply methods)."""
    note = data.get("note")
    if kind == "NoteAdded":
        items[note] = {"note": note, "step": data["step"], "author": data["author"],
                       "text": data["text"], "created": _stamp(data), "edited": None,
                       "glyph": data.get("glyph") or None, "shapes": data.get("shapes") or []}
    elif kind == "NoteEdited" and note in items:
        # An edit without a glyph or shapes (every edit before issue #14) keeps them.
        marks = {k: data[k] or ([] if k == "shapes" else None) for k in ("glyph", "shapes") if k in data}
        items[note] = {**items[note], "text": data["text"], "edited": _stamp(data), "editor": data["author"],
                       **marks}
    elif kind == "NoteDeleted":
        items.pop(note, None)


def check_note(author: str, text: str) -> tuple[str, str]:
    """Notes are plain text with limits; the error names the field."""
    author, text = (author or "").strip(), (text or "").strip()
    if not author:
        raise BadInput("author: say who is writing the note")
    if len(author) > MAX_AUTHOR_CHARS:
        raise BadInput(f"author: at most {MAX_AUTHOR_CHARS} characters (got {len(author)})")
    if not text:
        raise BadInput("text: a note cannot be empty")
    if len(text) > MAX_NOTE_CHARS:
        raise BadInput(f"text: a note may have at most {MAX_NOTE_CHARS} characters (got {len(text)})")
    return author, text


def check_marks(glyph: Any, shapes: Any) -> tuple[str | None, list[dict[str, str]]]:
    """A note's glyph (one of GLYPHS, or none) and shapes, checked and in
    their stored form; the error names the field.  Places are only checked
    to be short strings here: whether they are places of the game's board is
    the viewer's to say (the store knows no board geometry)."""
    if glyph in (None, ""):
        glyph = None
    elif glyph not in GLYPHS:
        raise BadInput(f"glyph: {str(glyph)[:10]!r} is not one of {' '.join(GLYPHS)}")
    shapes = [] if shapes is None else shapes
    if not isinstance(shapes, list | tuple):
        raise BadInput("shapes: a list of shapes")
    if len(shapes) > MAX_SHAPES:
        raise BadInput(f"shapes: at most {MAX_SHAPES} shapes on a note (got {len(shapes)})")
    return glyph, [_check_shape(i, s) for i, s in enumerate(shapes, 1)]


def _check_shape(i: int, shape: Any) -> dict[str, str]:
    if not isinstance(shape, dict):
        raise BadInput(f"shapes: shape {i} is not an object")
    kind = shape.get("kind")
    if kind not in _SHAPE_PLACES:
        raise BadInput(f"shapes: shape {i} has kind {str(kind)[:10]!r}; arrow or circle")
    names = _SHAPE_PLACES[kind]
    extra = set(shape) - {"kind", "colour", *names}
    if extra:
        raise BadInput(f"shapes: shape {i} ({kind}) has unknown fields {', '.join(sorted(map(str, extra)))}")
    colour = shape.get("colour") or SHAPE_COLOURS[0]
    if colour not in SHAPE_COLOURS:
        raise BadInput(f"shapes: shape {i} has colour {str(colour)[:10]!r}; one of {', '.join(SHAPE_COLOURS)}")
    checked = {"kind": kind}
    for name in names:
        place = shape.get(name)
        if not isinstance(place, str) or not place.strip() or len(place) > MAX_PLACE_CHARS:
            raise BadInput(f"shapes: shape {i} ({kind}) needs `{name}`, a place of 1 to {MAX_PLACE_CHARS} characters")
        checked[name] = place.strip()
    if kind == "arrow" and checked["from"] == checked["to"]:
        checked = {"kind": "circle", "at": checked["from"]}  # an arrow to itself is a circle
    checked["colour"] = colour
    return checked


def with_marks(event, glyph: str | None, shapes: list | None, always: bool = False):
    """Set a note record's glyph and shapes after construction, and only when
    given (always) or not empty, so that a note without marks is stored in
    its old shape byte for byte (as `Happened.v` is)."""
    if always and glyph is not None or glyph:
        object.__setattr__(event, "glyph", glyph)
    if always and shapes is not None or shapes:
        object.__setattr__(event, "shapes", shapes)
    return event
