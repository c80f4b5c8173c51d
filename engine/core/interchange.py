"""Export to `.jsonl`, import with full validation, and `verify`.

File format (one JSON object a line):
  line 1      the header: {"format": "boardlog-game", "format_version": 1,
              "game": id, "kind", "rules_version", "seed", "options",
              "seats", "parent", "fork_step", "created"}
  lines 2..   one record a line, in stream order: {"step", "kind", ...payload}
              where kind is CommandIssued, Happened, CommandUndone or CommandRedone
  last lines  annotations, one a line: {"annotation": {"note", "step", "author",
              "text", "created", "edited"}}

Import checks every line before it writes anything: a bad file is refused
with `FILE:LINE: reason` and the store is left as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson

from . import session as fold
from .commands import Command
from .context import SYSTEM, Context, as_utc
from .dice import Dice
from .errors import BadInput, BoardlogError, ImportRejected, RuleViolation
from .events import Event, thaw
from .game import GameModule, find_game
from .session import Header
from .store import Record, Store, check_note

FORMAT = "boardlog-game"
ANNOTATION_FIELDS = ("note", "step", "author", "text", "created", "edited")
FORMAT_VERSION = 1
BODY_KINDS = (fold.COMMAND, fold.FACT, fold.UNDONE, fold.REDONE)
_FIELDS = {
    fold.COMMAND: {"seat", "text", "command", "commit", "rule", "cause"},
    fold.FACT: {"type", "data", "rule", "cause"},
    fold.UNDONE: {"seat", "rule", "cause"},
    fold.REDONE: {"seat", "rule", "cause"},
}


# ---- export ---------------------------------------------------------------------------------
def export_lines(store: Store, game_id: UUID) -> Iterator[bytes]:
    rows = store.rows(game_id)
    header = Header.from_data(rows[0].data)
    yield _line({"format": FORMAT, "format_version": FORMAT_VERSION, "game": str(game_id),
                 **header.to_data(), "created": rows[0].timestamp})
    for r in rows[1:]:
        payload = r.payload()
        payload["timestamp"] = r.timestamp
        yield _line({"step": r.version, "kind": r.kind, **payload})
    for note in store.notes(game_id):
        yield _line({"annotation": {k: note.get(k) for k in ANNOTATION_FIELDS}})


def _line(obj: dict[str, Any]) -> bytes:
    return orjson.dumps(obj) + b"\n"


# ---- reading and validating a file ----------------------------------------------------------
@dataclass
class GameFile:
    game_id: UUID
    header: Header
    records: list[Record]
    created: str
    annotations: list[dict[str, Any]] = field(default_factory=list)


def read_file(path: str, text: bytes | None = None) -> GameFile:
    """Parse and validate an export; ImportRejected names the first bad line."""
    if text is None:
        try:
            with open(path, "rb") as f:
                text = f.read()
        except OSError as e:
            raise ImportRejected(path, 0, f"cannot read file: {e.strerror}") from None
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ImportRejected(path, 1, "empty file: expected a boardlog header line")
    header_obj = _parse(path, 1, lines[0])
    game_id, header, created, game = _check_header(path, header_obj)
    records: list[Record] = []
    annotations: list[dict[str, Any]] = []
    session = fold.start(game)
    for number, raw in enumerate(lines[1:], 2):
        if not raw.strip():
            continue
        obj = _parse(path, number, raw)
        if "annotation" in obj:
            annotations.append(_check_annotation(path, number, obj["annotation"], len(records) + 1))
            continue
        if annotations:
            raise ImportRejected(path, number, "a record after the annotations: annotations come last")
        record = _check_record(path, number, obj, len(records) + 2, game)
        try:
            session = fold.fold_record(game, session, record.kind, record.version, record.data)
        except (fold.FoldError, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            raise ImportRejected(path, number, f"{record.kind} does not fit the game at step {record.version}: {e}") from None
        records.append(record)
    return GameFile(game_id, header, records, created, annotations)


def _check_annotation(path: str, number: int, note: Any, last: int) -> dict[str, Any]:
    if not isinstance(note, dict) or not {"note", "step", "author", "text"} <= set(note):
        raise ImportRejected(path, number, "an annotation needs note, step, author and text")
    if not isinstance(note["step"], int) or not 1 <= note["step"] <= last:
        raise ImportRejected(path, number, f"annotation step {note['step']!r} is outside 1..{last}")
    try:
        check_note(note["author"], note["text"])
    except BadInput as e:
        raise ImportRejected(path, number, f"annotation {e}") from None
    return note


def _parse(path: str, number: int, raw: bytes) -> dict[str, Any]:
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise ImportRejected(path, number, f"broken JSON: {e}") from None
    if not isinstance(obj, dict):
        raise ImportRejected(path, number, "each line must be a JSON object")
    return obj


def _check_header(path: str, obj: dict[str, Any]) -> tuple[UUID, Header, str, GameModule]:
    if obj.get("format") != FORMAT:
        raise ImportRejected(path, 1, f"not a boardlog game export (format {obj.get('format')!r})")
    if obj.get("format_version") != FORMAT_VERSION:
        raise ImportRejected(path, 1, f"format version {obj.get('format_version')!r} is not supported (expected {FORMAT_VERSION})")
    missing = sorted({"game", "kind", "rules_version", "seed", "options", "seats"} - set(obj))
    if missing:
        raise ImportRejected(path, 1, f"header lacks {', '.join(missing)}")
    try:
        game = find_game(obj["kind"])
    except BoardlogError as e:
        raise ImportRejected(path, 1, str(e)) from None
    try:
        game_id = UUID(str(obj["game"]))
    except ValueError:
        raise ImportRejected(path, 1, f"game id {obj['game']!r} is not a UUID") from None
    if not isinstance(obj["seed"], int) or not isinstance(obj["options"], dict):
        raise ImportRejected(path, 1, "seed must be an integer and options an object")
    header = Header.from_data(obj)
    if header.seats != tuple(game.seats(header.options)):
        raise ImportRejected(path, 1, f"seats {list(header.seats)} do not match {game.ID}'s seats")
    return game_id, header, str(obj.get("created", "")), game


def _check_record(path: str, number: int, obj: dict[str, Any], expected_step: int,
                  game: GameModule) -> Record:
    kind, step = obj.get("kind"), obj.get("step")
    if step != expected_step:
        raise ImportRejected(path, number, f"sequence gap: expected step {expected_step}, found {step!r}")
    if kind not in BODY_KINDS:
        raise ImportRejected(path, number, f"unknown record kind {kind!r}")
    data = {k: v for k, v in obj.items() if k not in ("step", "kind")}
    fields = set(data) - {"timestamp"}
    if kind == fold.FACT and "v" in fields:  # an event recorded above version 1
        fields.discard("v")
        if not isinstance(data["v"], int) or isinstance(data["v"], bool) or data["v"] < 2:
            raise ImportRejected(path, number, f"event version {data['v']!r} must be a whole number above 1")
    if fields != _FIELDS[kind]:
        raise ImportRejected(path, number, f"{kind} fields do not fit: expected {sorted(_FIELDS[kind])}, found {sorted(fields)}")
    if data["rule"] not in game.RULES:
        raise ImportRejected(path, number, f"unknown rule id {data['rule']!r} for {game.ID}")
    if not isinstance(data["cause"], int) or not 1 <= data["cause"] <= step:
        raise ImportRejected(path, number, f"cause {data['cause']!r} does not name an earlier step")
    if kind == fold.FACT and data["type"] not in game.EVENTS:
        raise ImportRejected(path, number, f"unknown event type {data['type']!r} for {game.ID}")
    if kind == fold.COMMAND:
        try:
            game.COMMANDS.parse(data["text"])
        except RuleViolation as e:
            raise ImportRejected(path, number, f"command {data['text']!r} is not valid notation: {e.reason}") from None
    return Record(step, kind, data)


def import_file(store: Store, path: str, text: bytes | None = None) -> UUID:
    """Validate the whole file, then store the game in one batch."""
    gf = read_file(path, text)
    if store.exists(gf.game_id):
        raise ImportRejected(path, 1, f"game {gf.game_id} is already in {store.location()}")
    store.write_game(gf.game_id, gf.header, gf.records, created=gf.created)
    for note in gf.annotations:
        store.add_note(gf.game_id, note["step"], note["author"], note["text"],
                       note=str(note["note"]), when=note.get("created"))
    return gf.game_id


# ---- verify: re-decide every command under the current rules -------------------------------
@dataclass(frozen=True)
class Divergence:
    step: int
    expected: Any
    found: Any

    def __str__(self) -> str:
        return f"diverges at step {self.step}: expected {self.expected}, found {self.found}"


def verify(header: Header, records: Iterable[Record]) -> Divergence | None:
    """Compare each recorded fact with what the rules decide now; None if identical."""
    game = find_game(header.kind)
    session = fold.start(game)
    expected = _fact_list(game.setup(header.options, Dice(header.seed, 1)))
    for r in records:
        if r.kind == fold.FACT:
            found = {"type": r.data["type"], "data": _current_data(game, r), "rule": r.data["rule"]}
            if not expected:
                return Divergence(r.version, "no further fact from this command", found)
            if expected[0] != found:
                return Divergence(r.version, expected[0], found)
            expected.pop(0)
        else:
            if expected:
                return Divergence(r.version, expected[0], f"{r.kind} (the command's facts ended early)")
            if r.kind == fold.COMMAND:
                outcome = _redecide(game, header, session, r)
                if isinstance(outcome, Divergence):
                    return outcome
                expected = outcome
        session = fold.fold_record(game, session, r.kind, r.version, r.data)
    if expected:
        return Divergence(session.version + 1, expected[0], "end of the record")
    return None


def _redecide(game: GameModule, header: Header, session: fold.Session, r: Record):
    command: Command = game.COMMANDS.parse(r.data["text"])
    # The dice and the time are the record's own: the same answer as then.
    ctx = Context(Dice(header.seed, r.version), as_utc(datetime.fromisoformat(r.timestamp)), r.version)
    seat = r.data["seat"]
    try:
        facts = game.decide(session.state, seat, command, ctx)
    except RuleViolation as e:
        return Divergence(r.version, f"the rules now reject {r.data['text']!r}: {e}", "the command was accepted")
    commit = seat == SYSTEM or ctx.dice.used or any(type(f).reveals for f in facts)
    if commit != r.data["commit"]:
        return Divergence(r.version, f"commit point = {commit}", f"commit point = {r.data['commit']}")
    return _fact_list(facts)


def _current_data(game: GameModule, r: Record) -> Any:
    """A recorded fact's data in today's shape (upcast), as plain JSON."""
    if r.data.get("v", 1) == game.EVENTS[r.data["type"]].version:
        return r.data["data"]
    return thaw(fold.decode_fact(game, r.data).to_data())


def _fact_list(facts: list[Event]) -> list[dict[str, Any]]:
    return [{"type": f.type, "data": thaw(f.to_data()), "rule": f.rule} for f in facts]
