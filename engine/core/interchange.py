"""Export to `.jsonl`, import with full validation, and `verify`.

File format (one JSON object a line):
  line 1      the header: {"format": "boardlog-game", "format_version": 1,
              "game": id, "kind", "rules_version", "seed", "options",
              "seats", "parent", "fork_step", "created"}, and "players"
              (seat -> who played it) only when the game records it
  lines 2..   one record a line, in stream order: {"step", "kind", ...payload}
              where kind is CommandIssued, Happened, CommandUndone or CommandRedone
  last lines  annotations, one a line: {"annotation": {"note", "step", "author",
              "text", "created", "edited"}}, with "glyph" and "shapes" when the
              note has them (issue #14; older files have neither)

Import checks every line before it writes anything: a bad file is refused
with `FILE:LINE: reason` and the store is left as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID, uuid5

import orjson

from . import position as positions
from . import session as fold
from .catalogue import DERIVED, check_fork_name
from .commands import Command
from .context import SYSTEM, Context, as_utc
from .dice import Dice
from .errors import BadInput, BoardlogError, ConflictError, ImportRejected, RuleViolation
from .events import Event, same_json, thaw
from .game import GameModule, find_game
from .notes import check_marks, check_note
from .options import options_fit
from .records import Record
from .session import RECORD_SCHEMAS, AnnotationSchema, Header, SchemaError, check_schema, header_of
from .store import Store

FORMAT = "boardlog-game"
ANNOTATION_FIELDS = ("note", "step", "author", "text", "created", "edited")
ANNOTATION_MARKS = ("glyph", "shapes")  # written only when set: a note without them exports as before
FORMAT_VERSION = 1
BODY_KINDS = (fold.COMMAND, fold.FACT, fold.UNDONE, fold.REDONE)
# The engine's own records always carry the engine's own rule.
ENGINE_RULES = {fold.COMMAND: "core.command", fold.UNDONE: "core.undo", fold.REDONE: "core.redo"}
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
    for note in store.notes.of(game_id):
        yield _line({"annotation": {**{k: note.get(k) for k in ANNOTATION_FIELDS},
                                    **{k: note[k] for k in ANNOTATION_MARKS if note.get(k)}}})


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


def _bytes_of(path: str, text: bytes | None) -> bytes:
    """`text`, or else the file at `path` (ImportRejected if it cannot be read)."""
    if text is not None:
        return text
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise ImportRejected(path, 0, f"cannot read file: {e.strerror}") from None


def read_file(path: str, text: bytes | None = None, decide: bool = True) -> GameFile:
    """Parse and validate an export; ImportRejected names the first bad line.
    With `decide` (every import), the commands are decided again and the
    file refused unless every fact is what the rules give; `boardlog verify`
    reads without it, to report the divergence itself."""
    text = _bytes_of(path, text)
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ImportRejected(path, 1, "empty file: expected a boardlog header line")
    header_obj = _parse(path, 1, lines[0])
    game_id, header, created, game = _check_header(path, header_obj)
    records: list[Record] = []
    annotations: list[dict[str, Any]] = []
    line_of: dict[int, int] = {}  # step -> its line in the file, for the refusals below
    session = fold.start(game)
    command_step = 1  # the setup facts' cause is the header
    last_time: datetime | None = None
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
        last_time = _in_order(path, number, last_time, record)
        reason = cause_mismatch(record, command_step)
        if reason:
            raise ImportRejected(path, number, reason)
        if record.kind == fold.COMMAND:
            command_step = record.version
        try:
            session = fold.fold_record(game, session, record.kind, record.version, record.data)
        except (fold.FoldError, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            raise ImportRejected(path, number, f"{record.kind} does not fit the game at step {record.version}: {e}") from None
        records.append(record)
        line_of[record.version] = number
    if decide:
        _decides_again(path, header, records, line_of, len(lines))
    return GameFile(game_id, header, records, created, annotations)


def _decides_again(path: str, header: Header, records: list[Record], line_of: dict[int, int],
                   end: int) -> None:
    """Refuse a file whose facts are not what the rules decide from its
    commands, with the record's own dice and time (issue #25): a fact is
    stored only if the engine would have stored it.  The refusal names the
    first line that differs (the line after the last record when the file
    ends before a command's facts do)."""
    divergence = verify(header, records)
    if divergence is None:
        return
    line = line_of.get(divergence.step, 1 if divergence.step <= 1 else end + 1)
    raise ImportRejected(path, line, f"step {divergence.step}: the record says {_brief(divergence.found)}, "
                                     f"the rules give {_brief(divergence.expected)}")


def _brief(value: Any, limit: int = 300) -> str:
    """A fact or a reason as one short line of text."""
    text = value if isinstance(value, str) else orjson.dumps(value, default=str).decode()
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _time_of(path: str, number: int, stamp: str) -> datetime:
    try:
        return as_utc(datetime.fromisoformat(stamp))
    except (TypeError, ValueError):
        raise ImportRejected(path, number, f"created {str(stamp)[:40]!r} is not an ISO date and time") from None


def _in_order(path: str, number: int, last: datetime | None, record: Record) -> datetime:
    """The time of the latest command, refused if this record is earlier:
    deadlines are decided from the commands' times, so they never run
    backwards, and a fact is never older than the command that caused it.
    (The commands of one write share its time while each fact is stamped as
    it is stored, so a fact may be a little later than the next command.)"""
    when = _time_of(path, number, record.timestamp)
    if last is not None and when < last:
        raise ImportRejected(path, number, f"timestamp: {record.timestamp} is earlier than the command "
                                           f"before it ({last.isoformat()}): time never runs backwards "
                                           f"in a game")
    return when if record.kind != fold.FACT else last or when


def _check_annotation(path: str, number: int, note: Any, last: int) -> dict[str, Any]:
    if not isinstance(note, dict) or not {"note", "step", "author", "text"} <= set(note):
        raise ImportRejected(path, number, "an annotation needs note, step, author and text")
    try:
        checked = check_schema(AnnotationSchema, note, "annotation")
    except SchemaError as e:
        raise ImportRejected(path, number, str(e)) from None
    if not 1 <= checked.step <= last:
        raise ImportRejected(path, number, f"annotation step {checked.step!r} is outside 1..{last}")
    try:
        check_note(checked.author, checked.text)
        check_marks(checked.glyph, checked.shapes)
    except BadInput as e:
        raise ImportRejected(path, number, f"annotation {e}") from None
    if not checked.note or len(checked.note) > 64:
        raise ImportRejected(path, number, "annotation note id must be 1 to 64 characters")
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
    try:  # the typed schema first: every field has its type before anything reads it
        header = header_of(obj)
    except SchemaError as e:
        raise ImportRejected(path, 1, str(e)) from None
    try:
        game = find_game(header.kind)
    except BoardlogError as e:
        raise ImportRejected(path, 1, str(e)) from None
    try:
        game_id = UUID(obj["game"])
    except ValueError:
        raise ImportRejected(path, 1, f"game: {obj['game'][:40]!r} is not a game id (a UUID)") from None
    if header.parent is not None:
        try:
            UUID(header.parent)
        except ValueError:
            raise ImportRejected(path, 1, f"parent {header.parent!r} is not a game id") from None
    reason = options_fit(game, header.options)
    if reason is not None:
        raise ImportRejected(path, 1, reason)
    if header.seats != tuple(game.seats(header.options)):
        raise ImportRejected(path, 1, f"seats {list(header.seats)} do not match {game.ID}'s seats")
    return game_id, header, str(obj.get("created") or ""), game


def _check_record(path: str, number: int, obj: dict[str, Any], expected_step: int,
                  game: GameModule) -> Record:
    kind, step = obj.get("kind"), obj.get("step")
    if step != expected_step:
        raise ImportRejected(path, number, f"sequence gap: expected step {expected_step}, found {step!r}")
    if kind not in BODY_KINDS:
        raise ImportRejected(path, number, f"unknown record kind {kind!r}")
    data = {k: v for k, v in obj.items() if k not in ("step", "kind")}
    fields = set(data) - {"timestamp"}
    if not isinstance(data.get("timestamp"), str):
        raise ImportRejected(path, number, "timestamp: expected an ISO date and time")
    try:
        datetime.fromisoformat(data["timestamp"])
    except ValueError:
        raise ImportRejected(path, number, f"timestamp {data['timestamp'][:40]!r} is not an ISO date and time") from None
    if kind == fold.FACT and "v" in fields:  # an event recorded above version 1
        fields.discard("v")
        if not isinstance(data["v"], int) or isinstance(data["v"], bool) or data["v"] < 2:
            raise ImportRejected(path, number, f"event version {data['v']!r} must be a whole number above 1")
    if fields != _FIELDS[kind]:
        raise ImportRejected(path, number, f"{kind} fields do not fit: expected {sorted(_FIELDS[kind])}, found {sorted(fields)}")
    try:
        check_schema(RECORD_SCHEMAS[kind], data, kind)
    except SchemaError as e:
        raise ImportRejected(path, number, str(e)) from None
    if data["rule"] not in game.RULES:
        raise ImportRejected(path, number, f"unknown rule id {data['rule']!r} for {game.ID}")
    if kind in ENGINE_RULES and data["rule"] != ENGINE_RULES[kind]:
        raise ImportRejected(path, number, f"a {kind} record carries rule {ENGINE_RULES[kind]}, not {data['rule']!r}")
    if not isinstance(data["cause"], int) or not 1 <= data["cause"] <= step:
        raise ImportRejected(path, number, f"cause {data['cause']!r} does not name an earlier step")
    if kind == fold.FACT and data["type"] not in game.EVENTS and data["type"] not in fold.CORE_EVENTS:
        raise ImportRejected(path, number, f"unknown event type {data['type']!r} for {game.ID}")
    if kind == fold.COMMAND:
        try:
            game.COMMANDS.parse(data["text"])
        except RuleViolation as e:
            raise ImportRejected(path, number, f"command {data['text']!r} is not valid notation: {e.reason}") from None
    return Record(step, kind, data)


def cause_mismatch(r: Record, command_step: int) -> str | None:
    """Why a record's `cause` is not the step it must name, or None: a
    command names itself, a fact its command, undo and redo an earlier step."""
    cause = r.data.get("cause")
    if r.kind == fold.COMMAND and cause != r.version:
        return f"cause {cause!r} of a command must be its own step {r.version}"
    if r.kind == fold.FACT and cause != command_step:
        return f"cause {cause!r} of a fact must be its command's step {command_step}"
    if r.kind in (fold.UNDONE, fold.REDONE) and not (isinstance(cause, int) and 1 < cause < r.version):
        return f"cause {cause!r} does not name an earlier command"
    return None


def import_file(store: Store, path: str, text: bytes | None = None) -> UUID:
    """Validate the whole file, then store the game, its seat keys and its
    notes in one transaction (all or nothing)."""
    gf = read_file(path, text)
    taken = store.catalogue.id_taken(gf.game_id)
    if taken:
        raise ImportRejected(path, 1, f"game id {gf.game_id} cannot be used: {taken}")
    try:
        store.catalogue.write_game(gf.game_id, gf.header, gf.records, created=gf.created, notes=gf.annotations)
    except ConflictError:  # another import of the same game won the race
        raise ImportRejected(path, 1, f"game {gf.game_id} is already in {store.location()}") from None
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
    """Compare everything each record says with what the rules decide now:
    the header's options and seats, each record's schema, rule id and cause,
    each command's seat, data and notation, re-decided with the record's
    own dice and time; None if identical."""
    game = find_game(header.kind)
    reason = options_fit(game, header.options)
    if reason is not None:
        return Divergence(1, "options the game itself makes", reason)
    if header.seats != tuple(game.seats(header.options)):
        return Divergence(1, f"seats {list(game.seats(header.options))}", f"seats {list(header.seats)}")
    session = fold.start(game)
    try:
        expected = _fact_list(positions.opening(game, header.options, header.seed, header.position))
    except BadInput as e:
        return Divergence(1, "a position the game can start from", str(e))
    command_step = 1
    for r in records:
        wrong = _record_wrong(game, header, session, r, command_step)
        if wrong is not None:
            return wrong
        if r.kind == fold.FACT:
            found = {"type": r.data["type"], "data": _current_data(game, r), "rule": r.data["rule"]}
            if not expected:
                return Divergence(r.version, "no further fact from this command", found)
            if not same_json(expected[0], found):
                return Divergence(r.version, expected[0], found)
            expected.pop(0)
        else:
            if expected:
                return Divergence(r.version, expected[0], f"{r.kind} (the command's facts ended early)")
            if r.kind == fold.COMMAND:
                command_step = r.version
                outcome = _redecide(game, header, session, r)
                if isinstance(outcome, Divergence):
                    return outcome
                expected = outcome
        try:
            session = fold.fold_record(game, session, r.kind, r.version, r.data)
        except (fold.FoldError, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            return Divergence(r.version, "a record that follows the ones before it", f"{r.kind}: {e}")
    if expected:
        return Divergence(session.version + 1, expected[0], "end of the record")
    return None


def _record_wrong(game: GameModule, header: Header, session: fold.Session, r: Record,
                  command_step: int) -> Divergence | None:
    """What the record says that cannot be: schema, step, rule id, cause, seat."""
    schema = RECORD_SCHEMAS.get(r.kind)
    if schema is None:
        return Divergence(r.version, "CommandIssued, Happened, CommandUndone or CommandRedone", r.kind)
    if r.version != session.version + 1:
        return Divergence(session.version + 1, f"step {session.version + 1}", f"step {r.version}")
    try:
        check_schema(schema, {**r.payload(), "timestamp": r.timestamp}, r.kind)
        datetime.fromisoformat(r.timestamp)
    except (SchemaError, ValueError) as e:
        return Divergence(r.version, "a record that fits the schema", str(e))
    if r.data["rule"] not in game.RULES:
        return Divergence(r.version, f"a rule id of {game.ID}", f"unknown rule id {r.data['rule']!r}")
    if r.kind in ENGINE_RULES and r.data["rule"] != ENGINE_RULES[r.kind]:
        return Divergence(r.version, f"rule {ENGINE_RULES[r.kind]}", f"rule {r.data['rule']!r}")
    reason = cause_mismatch(r, command_step)
    if reason is not None:
        return Divergence(r.version, "the cause the record must name", reason)
    if r.kind in (fold.UNDONE, fold.REDONE):
        stack = session.undo if r.kind == fold.UNDONE else session.redo
        if stack and stack[-1].seat != r.data["seat"]:
            return Divergence(r.version, f"{r.kind} by {stack[-1].seat}", f"{r.kind} by {r.data['seat']}")
    return None


def _redecide(game: GameModule, header: Header, session: fold.Session, r: Record):
    seat, text = r.data["seat"], r.data["text"]
    if seat != SYSTEM and seat not in header.seats:
        return Divergence(r.version, f"a seat of the game ({', '.join(header.seats)}) or {SYSTEM}", f"seat {seat!r}")
    try:
        command: Command = game.COMMANDS.parse(text)
    except RuleViolation as e:
        return Divergence(r.version, "a command in the game's notation", f"{text!r}: {e.reason}")
    # The dice and the time are the record's own: the same answer as then.
    now = as_utc(datetime.fromisoformat(r.timestamp))
    ctx = Context(Dice(header.seed, r.version), now, r.version)
    state = session.state
    if seat == SYSTEM:
        due = game.system_command(state, now)
        if due is None or due.notation() != command.notation():
            return Divergence(r.version, f"the system's own command ({due.notation() if due else 'none due'})",
                              f"system: {text!r}")
    else:
        outcome = game.outcome(state)
        if outcome is not None:
            return Divergence(r.version, f"no command (the game is over: {outcome})", f"{seat}: {text!r}")
        if seat not in game.to_act(state):
            return Divergence(r.version, f"a command of {', '.join(game.to_act(state)) or 'no one'}",
                              f"{seat}: {text!r}")
    try:
        facts = game.decide(state, seat, command, ctx)
    except RuleViolation as e:
        return Divergence(r.version, f"the rules now reject {text!r}: {e}", "the command was accepted")
    if not same_json(r.data["command"], thaw(command.to_data())):
        return Divergence(r.version, f"command data {thaw(command.to_data())} (from {text!r})",
                          f"command data {r.data['command']}")
    commit = seat == SYSTEM or ctx.dice.used or any(type(f).reveals for f in facts)
    if commit != r.data["commit"]:
        return Divergence(r.version, f"commit point = {commit}", f"commit point = {r.data['commit']}")
    return _fact_list(facts)


def _current_data(game: GameModule, r: Record) -> Any:
    """A recorded fact's data in today's shape (upcast), as plain JSON."""
    cls = game.EVENTS.get(r.data["type"]) or fold.CORE_EVENTS[r.data["type"]]
    if r.data.get("v", 1) == cls.version:
        return r.data["data"]
    return thaw(fold.decode_fact(game, r.data).to_data())


def _fact_list(facts: list[Event]) -> list[dict[str, Any]]:
    return [{"type": f.type, "data": thaw(f.to_data()), "rule": f.rule} for f in facts]


# ---- a game with its forks: one file, several games (issue #14) ------------------------------
# Line 1 is a container header: {"format": "boardlog-games", "format_version": 1,
# "root": id, "games": [ids, parents before their forks], "names": {id: name}};
# then each game exactly as a one-game export, starting with its own header line.
TREE_FORMAT = "boardlog-games"
MAX_TREE_GAMES = 10_000


def export_games_lines(store: Store, ids: list[UUID]) -> Iterator[bytes]:
    """`ids` (the root first, every parent before its forks) as one file."""
    names = {str(g): n for g in ids if (n := store.catalogue.fork_name(g))}
    yield _line({"format": TREE_FORMAT, "format_version": FORMAT_VERSION, "root": str(ids[0]),
                 "games": [str(g) for g in ids], "names": names})
    for gid in ids:
        yield from export_lines(store, gid)


def is_games_file(text: bytes) -> bool:
    """Does this file hold several games (a container header on line 1)?"""
    first = text.split(b"\n", 1)[0]
    try:
        obj = orjson.loads(first)
    except orjson.JSONDecodeError:
        return False
    return isinstance(obj, dict) and obj.get("format") == TREE_FORMAT


@dataclass
class GamesFile:
    root: UUID
    games: list[GameFile]
    names: dict[UUID, str]


def read_games(path: str, text: bytes, decide: bool = True) -> GamesFile:
    """Parse and validate a multi-game file: its container header, then
    each game as `read_file` does (errors name the line of this file)."""
    lines = text.split(b"\n")
    head = _parse(path, 1, lines[0])
    if head.get("format_version") != FORMAT_VERSION:
        raise ImportRejected(path, 1, f"format version {head.get('format_version')!r} is not supported "
                                      f"(expected {FORMAT_VERSION})")
    ids = _container_ids(path, head)
    names: dict[UUID, str] = {}
    raw_names = head.get("names") or {}
    if not isinstance(raw_names, dict):
        raise ImportRejected(path, 1, "names: expected an object of game id -> name")
    for key, name in raw_names.items():
        gid = _uuid_or_none(key)
        if gid not in ids:
            raise ImportRejected(path, 1, f"names: {str(key)[:40]!r} is not one of the file's games")
        try:
            names[gid] = check_fork_name(name if isinstance(name, str) else None)
        except BadInput as e:
            raise ImportRejected(path, 1, f"names.{gid}: {e}") from None
    games = [_read_section(path, lines, start, end, decide) for start, end in _sections(path, lines)]
    found = [g.game_id for g in games]
    if found != ids:
        raise ImportRejected(path, 1, f"games: the header lists {len(ids)} games, the file holds "
                                      f"{len(found)} (or in another order)")
    return GamesFile(ids[0], games, names)


def _container_ids(path: str, head: dict[str, Any]) -> list[UUID]:
    games = head.get("games")
    if not isinstance(games, list) or not 1 <= len(games) <= MAX_TREE_GAMES:
        raise ImportRejected(path, 1, f"games: expected a list of 1 to {MAX_TREE_GAMES} game ids")
    ids = [_uuid_or_none(g) for g in games]
    if None in ids:
        raise ImportRejected(path, 1, "games: every entry must be a game id (a UUID)")
    if len(set(ids)) != len(ids):
        raise ImportRejected(path, 1, "games: a game is listed twice")
    if _uuid_or_none(head.get("root")) != ids[0]:
        raise ImportRejected(path, 1, "root: must be the first of the games")
    return ids


def _uuid_or_none(value: Any) -> UUID | None:
    try:
        return UUID(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _sections(path: str, lines: list[bytes]) -> list[tuple[int, int]]:
    """(first, end) line indexes of each game: a game starts at its header line."""
    starts = []
    for i, raw in enumerate(lines[1:], 1):
        if b'"format"' in raw and _parse(path, i + 1, raw).get("format") == FORMAT:
            starts.append(i)
    if not starts or any(raw.strip() for raw in lines[1:starts[0]]):
        raise ImportRejected(path, 2, "expected a game's header line after the container header")
    return list(zip(starts, [*starts[1:], len(lines)], strict=True))


def _read_section(path: str, lines: list[bytes], start: int, end: int, decide: bool) -> GameFile:
    try:
        return read_file(path, b"\n".join(lines[start:end]), decide)
    except ImportRejected as e:  # its line numbers are the section's: make them the file's
        raise ImportRejected(path, e.line + start, e.reason) from None


def import_games(store: Store, path: str, text: bytes) -> list[UUID]:
    """Validate a multi-game file whole, then store every game, its seat
    keys, notes and name in one transaction: all of them or none.  A fork's
    parent must be an earlier game of the file or a stored game, and the
    history it shares with it must be the parent's."""
    gf = read_games(path, text)
    in_file = {g.game_id: g for g in gf.games}
    reserved = {uuid5(g, name): g for g in in_file for name in DERIVED}
    seen: set[UUID] = set()
    for game in gf.games:
        line = _section_line(path, text, game.game_id)
        taken = store.catalogue.id_taken(game.game_id)
        if taken:
            raise ImportRejected(path, line, f"game id {game.game_id} cannot be used: {taken}")
        if game.game_id in reserved:
            raise ImportRejected(path, line, f"game id {game.game_id} is reserved for game "
                                             f"{reserved[game.game_id]}'s own records")
        reason = _parent_wrong(store, game, in_file, seen)
        if reason:
            raise ImportRejected(path, line, reason)
        seen.add(game.game_id)
    try:
        return store.catalogue.write_games([{"game_id": g.game_id, "header": g.header, "records": g.records,
                                   "created": g.created, "notes": g.annotations,
                                   "name": gf.names.get(g.game_id)} for g in gf.games])
    except ConflictError:  # another import of one of these games won the race
        raise ImportRejected(path, 1, f"a game of this file is already in {store.location()}") from None


def _section_line(path: str, text: bytes, gid: UUID) -> int:
    """The line number of a game's header line (for error messages)."""
    needle = str(gid).encode()
    for number, raw in enumerate(text.split(b"\n")[1:], 2):
        if needle in raw and b'"format"' in raw:
            return number
    return 1


def _parent_wrong(store: Store, game: GameFile, in_file: dict[UUID, GameFile], seen: set[UUID]) -> str | None:
    """Why a game's parent link does not hold, or None."""
    parent = game.header.parent
    if parent is None:
        return None
    pid = UUID(parent)
    if pid in in_file:
        if pid not in seen:
            return f"parent {pid} must come before its fork in the file"
        parent_records = in_file[pid].records
    elif store.catalogue.exists(pid):
        parent_records = store.rows(pid)[1:]
    else:
        return f"parent {pid} is neither in this file nor in {store.location()}"
    step = game.header.fork_step or 0
    shared = step - 1  # records 2..fork_step: the history the fork copied
    mine = game.records[:shared]
    theirs = parent_records[:shared]
    if len(mine) < shared or len(theirs) < shared or any(
            (a.kind, a.payload()) != (b.kind, b.payload()) for a, b in zip(mine, theirs, strict=True)):
        return f"fork_step {step}: the history up to it is not parent {pid}'s"
    return None


def import_any(store: Store, path: str, text: bytes | None = None) -> list[UUID]:
    """Import a one-game export or a game with its forks; the ids stored."""
    text = _bytes_of(path, text)
    if is_games_file(text):
        return import_games(store, path, text)
    return [import_file(store, path, text)]
