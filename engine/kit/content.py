"""Game content read from data files: `fixtures/<game id>/<name>` (TOML or JSON).

The rulebooks do not print card texts, maps or unit stats, so games read
them from data files that a player who owns the game can swap.  Each file
says where its content came from, and `load` refuses a file that does not:

- a top-level `source` string (`source = "stand-in content written for
  this project"`); or, in TOML,
- a header comment line starting `# SOURCE:`, as the Forbidden Alchemy
  files have.

`BOARDLOG_FIXTURES` names another fixtures folder (one sub-folder per game).

`text_grid` reads maps drawn as text, one character per cell.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ENV = "BOARDLOG_FIXTURES"
_SUFFIXES = (".toml", ".json")
_cache: dict[tuple[Path, int, int], tuple[dict[str, Any], str]] = {}


class ContentError(ValueError):
    """A content file is missing, unreadable or lacks what the kit requires."""


def fixtures_dir() -> Path:
    """`$BOARDLOG_FIXTURES` if set, else the repository's `fixtures/` folder."""
    configured = os.environ.get(ENV)
    return Path(configured) if configured else Path(__file__).resolve().parents[2] / "fixtures"


def path_of(game_id: str, name: str) -> Path:
    """The file `load(game_id, name)` reads; `name` may leave out `.toml`/`.json`."""
    for part in (game_id, name):
        if not part or Path(part).is_absolute() or ".." in Path(part).parts:
            raise ContentError(f"content names stay inside the fixtures folder, not {part!r}")
    base = fixtures_dir() / game_id / name
    if base.suffix in _SUFFIXES:
        return base
    for suffix in _SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.exists():
            return candidate
    return base.with_name(base.name + ".toml")  # for the "not found" message


def load(game_id: str, name: str) -> dict[str, Any]:
    """The parsed content of `fixtures/<game_id>/<name>` (a fresh copy each call:
    callers may not change what others get)."""
    return copy.deepcopy(_load(path_of(game_id, name))[0])


def source(game_id: str, name: str) -> str:
    """Where the content of that file came from, as the file says."""
    return _load(path_of(game_id, name))[1]


def _load(path: Path) -> tuple[dict[str, Any], str]:
    try:
        stat = path.stat()
    except FileNotFoundError:
        setting = os.environ.get(ENV)
        where = f"{ENV}={setting}" if setting else f"{ENV} is unset, so the repository's fixtures/"
        raise ContentError(f"content file {path} not found ({where})") from None
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key not in _cache:
        _cache[key] = _parse(path)
    return _cache[key]


def _parse(path: Path) -> tuple[dict[str, Any], str]:
    # Imported when a file is first read: a game that reads none in a process
    # (a command-line read, often) skips its start-up cost (~5 ms: issue #24).
    import tomllib

    try:
        raw = path.read_bytes()
        data = tomllib.loads(raw.decode()) if path.suffix == ".toml" else json.loads(raw)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise ContentError(f"cannot read content file {path}: {e}") from e
    if not isinstance(data, dict):
        raise ContentError(f"content file {path} must hold a table (an object) at the top")
    said = data.get("source")
    if said is None and path.suffix == ".toml":
        said = _header_source(raw.decode())
    if not isinstance(said, str) or not said.strip():
        raise ContentError(
            f"content file {path} does not say where its content came from: give it a top-level "
            'source = "..." (for instance "stand-in content written for this project")'
        )
    return data, said.strip()


def _header_source(text: str) -> str | None:
    """The paragraph after `# SOURCE:` in the file's opening comment block."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line.lstrip("#").strip()
        if lines:
            if not body:
                break
            lines.append(body)
        elif body.upper().startswith("SOURCE:"):
            lines.append(body[len("SOURCE:"):].strip())
    return " ".join(lines) if lines else None


def text_grid(
    text: str, alphabet: Iterable[str] | None = None, comment: str | None = "#"
) -> dict[tuple[int, int], str]:
    """{(col, row): character} from a map drawn as text, one character per cell.

    Blank lines, and lines starting with `comment`, are skipped; spaces
    around a line are ignored (so a grid may be indented), hence use a
    visible character such as '.' for an empty cell.  Every line must be as
    long as the first; with `alphabet`, every character must be in it.
    Errors give the line number within `text`.

    >>> text_grid('''
    ...   # the top-left corner of a map
    ...   ~~.
    ...   ~.M
    ... ''', alphabet="~.M")
    {(0, 0): '~', (1, 0): '~', (2, 0): '.', (0, 1): '~', (1, 1): '.', (2, 1): 'M'}
    """
    allowed = None if alphabet is None else frozenset(alphabet)
    if allowed is not None and comment is not None and comment in allowed:
        raise ValueError(f"comment prefix {comment!r} is also a cell character: pass comment=...")
    cells: dict[tuple[int, int], str] = {}
    width = None
    row = 0
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or (comment is not None and line.startswith(comment)):
            continue
        if width is None:
            width = len(line)
        elif len(line) != width:
            raise ValueError(f"line {number}: {len(line)} cells where the grid has {width}")
        for col, char in enumerate(line):
            if allowed is not None and char not in allowed:
                raise ValueError(
                    f"line {number}, column {col + 1}: unknown character {char!r} "
                    f"(allowed: {''.join(sorted(allowed))})"
                )
            cells[(col, row)] = char
        row += 1
    if width is None:
        raise ValueError("the grid has no rows")
    return cells
