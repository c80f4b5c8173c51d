"""One picture per game, on the viewer's side (docs/boards.md).

`viewer/pictures/<id>.py` computes in Python what the game's template
`viewer/templates/boards/<id>.html` places: the geometry (once per map,
cached), the shapes of a step, the names of the elements a player points
at (`data-token`, the tokens of the game's notation), the places a note
may draw on, and the ceiling a view must stay under to be drawn.  A
picture module provides any of:

- `draw(board) -> dict`: what the template places for this view (`board`
  is the game's `view(state, seat)`, already what the seat may see); the
  template asks for it with `{% set picture = picture_for(game, board) %}`;
- `place_points(board) -> {place: (x, y)}`: where each place of the picture
  is, in its SVG's coordinates (note drawings: arrows and circles);
- `ceiling(board) -> str | None`: why this view is beyond the game's
  content and must not be drawn (viewer/bounds.py), or None;
- `warm()`: build what never changes (a map's geometry, its still layers)
  as the server starts, so that no reviewer's first page waits for it.

A game without a picture module is drawn by its template alone (or the
generic table) and has no places to draw on.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType


@cache
def picture_of(kind: str) -> ModuleType | None:
    """The picture module of a game kind, or None if it has none."""
    try:
        return importlib.import_module(f"viewer.pictures.{kind}")
    except ModuleNotFoundError as e:
        if e.name != f"viewer.pictures.{kind}":
            raise  # a picture module that is there but fails to import: say so
        return None


def text(value) -> str:
    """`value` as HTML text, with the entities markupsafe's `escape` writes,
    as a plain string: a picture writes hundreds of small pieces a step, and
    the Markup object around each escaped piece cost more than the escaping
    (issue #24).  The whole layer is made Markup once, by its writer."""
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("'", "&#39;").replace('"', "&#34;"))


def picture_for(game, board: dict) -> dict:
    """What a game's template places for `board` (its picture's `draw`), or {}."""
    draw = getattr(picture_of(game.ID), "draw", None)
    return draw(board) if draw else {}


def warm(kind: str) -> None:
    """Import a game's picture and build its still parts (`warm`), if it has them."""
    ready = getattr(picture_of(kind), "warm", None)
    if ready is not None:
        ready()


def register(env) -> None:
    env.globals["picture_for"] = picture_for
