"""A game's export with its computer analysis, and an import that takes the
analysis back (issue #23: "its own record kind, optional on import").

The analysis lines (`{"analysis": ...}`, then `{"analysed": ...}` a
command, analysis/jobs.py) come last in a game's part of the file, after
its annotations.  The engine's interchange (engine/core/interchange.py)
knows nothing of them and must not: the core never imports this package.
So the CLI and the viewer call these two functions, which wrap the
engine's: on export, each finished game's analysis is written after its
own lines; on import, the analysis lines are taken out of the file and
checked against the commands of the game beside them before anything is
stored, the rest goes to the engine's import unchanged (an analysis line
becomes an empty line there, so every line number the engine reports is
still the file's), and the analyses are stored once the games are.

A file without analysis lines imports exactly as before.  A bad analysis
line is refused as `FILE:LINE: reason`, naming its field, and nothing is
stored: not the game either.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import orjson

from engine.core.context import SYSTEM
from engine.core.errors import BoardlogError, ImportRejected
from engine.core.interchange import import_any

from .jobs import Analyses, AnalysisUnavailable, parse_lines
from .review import COMMAND, GameRunning, Position

RECORD_KINDS = ("analysis", "analysed")
GAME_HEADER = b'{"format":"boardlog-game"'  # how the engine's export starts a game's header line


def analyses_of(store: Any) -> Analyses | None:
    """The store's analyses, or None where it keeps none (in memory)."""
    try:
        return Analyses(store)
    except AnalysisUnavailable:
        return None


# ---- export -----------------------------------------------------------------------------------
def with_analyses(store: Any, chunks: Iterable[bytes], analyses: Analyses | None = None) -> Iterator[bytes]:
    """The lines of an engine export (one game, or a game with its forks),
    each finished game's finished analysis after its own lines.  A game
    still running has none to give: its chances would show its hidden parts."""
    analyses = analyses or analyses_of(store)
    current = None
    for chunk in chunks:
        if analyses is not None and chunk.startswith(GAME_HEADER):
            if current is not None:
                yield from _finished_analysis(store, analyses, current)
            current = UUID(orjson.loads(chunk)["game"])
        yield chunk
    if current is not None:
        yield from _finished_analysis(store, analyses, current)


def _finished_analysis(store: Any, analyses: Analyses, game_id: UUID) -> Iterator[bytes]:
    # The cheap question first: most games have no analysis, and asking
    # whether a game is over folds it.
    if analyses.progress(game_id).status != "done":
        return
    live = store.live(game_id)
    if live.game.outcome(live.session.state) is None:
        return
    yield from analyses.export_lines(game_id)


# ---- import -----------------------------------------------------------------------------------
@dataclass
class _Part:
    """One game's part of a file: its header line, its commands, its analysis lines."""

    game_id: str
    header: dict[str, Any]
    commands: list[Position] = field(default_factory=list)
    lines: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass
class Imported:
    games: list[UUID]       # as the engine's import gives them (a tree: its root first)
    analysed: list[UUID]    # those whose analysis came with them and is stored
    skipped: int = 0        # analyses the file held that this store cannot keep (in memory)


def import_with_analyses(store: Any, path: str, text: bytes | None = None) -> Imported:
    """Import a `.jsonl` export as `import_any` does, and the analyses it carries."""
    text = _read(path, text)
    engine_text, parts = split(path, text)
    wanted = [(part, _checked(path, part)) for part in parts if part.lines]
    ids = import_any(store, path, engine_text)
    analyses = analyses_of(store) if wanted else None
    if analyses is None:
        return Imported(ids, [], len(wanted))
    stored = []
    try:
        for part, _ in wanted:
            gid = UUID(part.game_id)
            try:
                analyses.import_lines(gid, part.lines, path)
            except GameRunning:
                raise ImportRejected(path, part.lines[0][0], "analysis: the game is still running, and a running "
                                                             "game's analysis would show its hidden parts") from None
            stored.append(gid)
    except BoardlogError:
        # All or nothing: the games just written go again, with what was stored of their analyses.
        for gid in reversed(ids):
            analyses.delete(gid)
            store.catalogue.delete_game(gid)
        raise
    return Imported(ids, stored)


def _read(path: str, text: bytes | None) -> bytes:
    if text is not None:
        return text
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise ImportRejected(path, 0, f"cannot read file: {e.strerror}") from None


def split(path: str, text: bytes) -> tuple[bytes, list[_Part]]:
    """The file as the engine reads it (each analysis line emptied, so that
    line numbers stay the file's), and each game's part of it.  A line that
    does not parse is left to the engine, which names it."""
    lines = text.split(b"\n")
    parts: list[_Part] = []
    for index, raw in enumerate(lines):
        number = index + 1
        obj = _object(raw) if _maybe_ours(raw) else None
        if obj is not None and obj.get("format") == "boardlog-game" and isinstance(obj.get("game"), str):
            parts.append(_Part(obj["game"], obj))
        elif obj is not None and parts and obj.get("kind") == COMMAND and obj.get("seat") != SYSTEM:
            if parts[-1].lines:
                raise ImportRejected(path, number, "a record after the analysis: the analysis comes last")
            parts[-1].commands.append(Position(obj.get("step"), obj.get("seat"), obj.get("text")))
        elif obj is not None and parts and set(obj) & set(RECORD_KINDS):
            if len(obj) != 1:
                raise ImportRejected(path, number, f"an analysis line holds one record ({' or '.join(RECORD_KINDS)}),"
                                                   f" found {', '.join(sorted(obj))[:80]}")
            parts[-1].lines.append((number, obj))
            lines[index] = b""
        elif raw.strip() and parts and parts[-1].lines and not raw.lstrip().startswith(GAME_HEADER[:10]):
            raise ImportRejected(path, number, "a line after the analysis: the analysis comes last in a game's part")
    return b"\n".join(lines), parts


def _maybe_ours(raw: bytes) -> bool:
    """Whether a line may be a game's header, a command or an analysis
    line (the only ones read here): most lines are facts, left unparsed."""
    return (b'"analys' in raw or b'"CommandIssued"' in raw or raw.startswith(GAME_HEADER)
            or b'"format"' in raw)


def _object(raw: bytes) -> dict[str, Any] | None:
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    return obj if isinstance(obj, dict) else None


def _checked(path: str, part: _Part):
    """The part's analysis checked against the part's own commands, before
    anything is stored (the stored game is checked again once written)."""
    seats = part.header.get("seats")
    seats = tuple(seats) if isinstance(seats, list) and all(isinstance(s, str) for s in seats) else ()
    return parse_lines(part.lines, part.commands, part.game_id, str(part.header.get("kind")), seats, path)
