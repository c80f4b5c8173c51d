"""Ceilings on what a page draws from game data (issue #25, item 2).

Import decides every fact again, so a stored game's facts are the rules'
own.  These ceilings are the second wall, for a record that got in some
other way (an older, looser import; a hand-edited database): a picture is
drawn only if the view it is drawn from is no larger than the game's
content allows, so that no page of any stored game costs more than a
normal game's.  A view over its ceiling is shown as a short notice naming
what is too large, never drawn.

Two kinds of ceiling:
- **amplifiers**: a number that the picture turns into many shapes (a
  board's width and height, the spaces of a graph, the edges of a tile) is
  bounded by the largest the game's content holds;
- **everything else**: the view's size as JSON, at most `MAX_VIEW_BYTES`
  (the largest view in the recorded games is about 17 KB).
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from viewer.pictures import picture_of

MAX_VIEW_BYTES = 256 * 1024


_checked = threading.local()  # the last view checked in this thread: (game, board, its JSON, verdict)


def undrawable(game, board: dict[str, Any]) -> str | None:
    """Why the picture of `board` (a view of `game`) is not drawn, or None.
    A page asks twice of the same view (which template draws it, where its
    note shapes go): the second answer is the first's (issue #24: FMP's
    ceiling costs a quarter of a millisecond) when the view is the same
    object with the same content (its JSON, made anyway to weigh it: a
    view changed in place is checked again)."""
    try:
        data = orjson.dumps(board, default=str)
    except (TypeError, orjson.JSONEncodeError):
        return "the view at this step is not plain data"
    last = getattr(_checked, "last", None)
    if last is not None and last[0] is game and last[1] is board and last[2] == data:
        return last[3]
    verdict = _undrawable(game, board, len(data))
    # (An outsized view is refused at once the next time too: not held.)
    _checked.last = (game, board, data, verdict) if len(data) <= MAX_VIEW_BYTES else None
    return verdict


def _undrawable(game, board: dict[str, Any], size: int) -> str | None:
    if size > MAX_VIEW_BYTES:
        return f"the view at this step is {size // 1024} KB, more than any game of {game.ID} draws " \
               f"({MAX_VIEW_BYTES // 1024} KB at most)"
    own = picture_of(game.ID)
    check = getattr(own, "ceiling", None)
    try:
        return check(board) if check else None
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        return f"the view at this step does not have the shape of a {game.ID} view ({type(e).__name__})"


def _over(what: str, found: Any, ceiling: int) -> str | None:
    if isinstance(found, bool) or not isinstance(found, int) or not 0 <= found <= ceiling:
        return f"{what} is {str(found)[:20]}, beyond the game's content (at most {ceiling})"
    return None


# ---- which template draws a board ---------------------------------------------------------------
TEMPLATES = Path(__file__).resolve().parent / "templates"


@cache
def _own_template(kind: str) -> str:
    name = f"boards/{kind}.html"
    return name if (TEMPLATES / name).exists() else "boards/_generic.html"


def board_template(game, board: dict[str, Any]) -> str:
    """The template that draws `board`: the game's own picture (or the generic
    table), or the notice of `boards/_undrawable.html` when over its ceiling."""
    if undrawable(game, board) is not None:
        return "boards/_undrawable.html"
    return _own_template(game.ID)


def register(env) -> None:
    """The Jinja globals the pages include their boards with."""
    env.globals.update(board_template=board_template, undrawable=undrawable)
