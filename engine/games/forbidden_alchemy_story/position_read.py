"""Reading a position's JSON values with their types checked: a value of the
wrong type, or one the game does not know, is refused with `BadPosition`
naming a rule, never a KeyError (docs/positions/forbidden_alchemy_story.md)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.core.position import BadPosition

from . import content

SHAPE = "forbidden_alchemy_story.position.shape"


def obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadPosition(SHAPE, f"{where}: expected an object")
    return value


def fields(value: dict[str, Any], allowed: set[str], where: str) -> dict[str, Any]:
    """An object whose keys are all known (a misspelt field is refused, not ignored)."""
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise BadPosition(SHAPE, f"{where}: unknown field {unknown[0]!r} "
                                 f"(known: {', '.join(sorted(allowed))})")
    return value


def whole(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadPosition(SHAPE, f"{where}: expected a whole number from {low} to {high}")
    return value


def boolean(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise BadPosition(SHAPE, f"{where}: expected true or false")
    return value


def string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise BadPosition(SHAPE, f"{where}: expected a string")
    return value


def optional_str(value: Any, where: str) -> str | None:
    return None if value is None else string(value, where)


def strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise BadPosition(SHAPE, f"{where}: expected a list of strings")
    return tuple(value)


def choose(value: Any, allowed: tuple, where: str, rule: str) -> Any:
    """One of `allowed` (refused with `rule` otherwise)."""
    if not isinstance(value, str) or value not in allowed:
        raise BadPosition(rule, f"{where}: one of {', '.join(map(str, allowed))}, "
                                f"not {str(value)[:30]!r}")
    return value


def known(value: str, among: Collection, rule: str, what: str) -> str:
    if not isinstance(value, str) or value not in among:
        raise BadPosition(rule, f"there is no {what} {str(value)[:30]!r} in this story")
    return value


def once(places: dict[str, Any], rule: str, what: str) -> None:
    """Each card (or token) in one place only."""
    seen: dict[str, str] = {}
    for where, cards in places.items():
        for card in cards:
            if card in seen:
                raise BadPosition(rule, f"{what} {card} lies both in {seen[card]} and in {where}")
            seen[card] = where


def puzzle_pieces(names: tuple[str, ...], c: content.Content) -> tuple[tuple[str, str], ...]:
    """Alchemy pieces named by id, with their shapes (content)."""
    shapes = dict(c.puzzle.pieces)
    for piece in names:
        known(piece, shapes, "forbidden_alchemy_story.position.puzzle", "puzzle piece")
    return tuple((p, shapes[p]) for p in names)
