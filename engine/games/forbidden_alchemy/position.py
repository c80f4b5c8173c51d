"""The position format of an Alchemy puzzle attempt (docs/positions/forbidden_alchemy.md).

`position(state)` writes the attempt as plain JSON data: the options (which
setup tile, which investigator, how many play the story), the phase, the
piece along each edge, the face-down pile in its order, the pieces discarded
by replacements, the puzzle actions and skill points left, the Side Effect
deck in its order with its discards and the cards in play, and, once made,
the test.  The tile's edges, the pieces' shapes, the investigator's
attributes and the cards' texts are content, not position.

`from_position(data)` reads one back: what a test leaves out is what setup
lays out when nothing is shuffled (pieces and cards in content order).  An
impossible position is refused with `BadPosition(rule, reason)` naming a
rule of the game's table (`forbidden_alchemy.position.*` and the rules they
guard).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadOptions
from engine.core.events import evolved
from engine.core.position import BadPosition
from engine.kit.rolls import d10_test, passed

from . import content
from .setup import options, setup
from .state import ACTIONS, OVER, Puzzle, evolve

SECTIONS = {"options", "phase", "placed", "pile", "discards", "actions", "skill_points",
            "luck_added", "side_effects", "test"}
SHAPE = "forbidden_alchemy.position.shape"


# ---- writing ------------------------------------------------------------------------------
def position(state: Puzzle) -> dict[str, Any]:
    """The position of `state` (its own sections; the core adds the envelope)."""
    out: dict[str, Any] = {
        "options": {"tile": state.tile, "investigator": state.investigator,
                    "investigators": state.investigators},
        "phase": state.phase,
        "placed": [slot[0] if slot else None for slot in state.placed],
        "pile": [piece for piece, _ in state.pile],
        "discards": [piece for piece, _ in state.discards],
        "actions": state.actions,
        "skill_points": state.skill_points,
        "luck_added": state.luck_added,
        "side_effects": {
            "deck": [card[0] for card in state.deck],
            "discards": list(state.side_discards),
            "in_play": [card[0] for card in state.in_play],
            "drawn": state.drawn[0] if state.drawn else None,
        },
    }
    if state.completed is not None:
        out["test"] = {"roll": state.roll, "correct": state.correct, "completed": state.completed}
    return out


# ---- reading ------------------------------------------------------------------------------
def from_position(data: dict[str, Any]) -> Puzzle:
    """The state a position describes (BadPosition if it is impossible)."""
    data = _fields(_obj(data, "position"), SECTIONS, "position")
    c = content.load()
    state = _set_up(_options(data.get("options")), c)
    phase = data.get("phase", ACTIONS)
    if phase not in (ACTIONS, OVER):
        raise BadPosition("forbidden_alchemy.position.phase",
                          f"phase {str(phase)[:20]!r}: an attempt is under way (actions) or over")
    state = _pieces(evolved(state, phase=phase), data, c)
    state = _investigator(state, data)
    state = _side_effects(state, _obj(data.get("side_effects", {}), "side_effects"), c)
    return _test(state, data.get("test"))


def _set_up(opts: dict[str, Any], c: content.Content) -> Puzzle:
    """What setup lays out when nothing is shuffled: the defaults of every section."""
    state = Puzzle()
    for fact in setup(opts, _InOrder()):
        state = evolve(state, fact)
    return state


class _InOrder:
    """Dice that shuffle nothing (setup's defaults: content order)."""

    def shuffled(self, items):
        return tuple(items)


def _options(raw: Any) -> dict[str, Any]:
    raw = _obj({} if raw is None else raw, "options")
    _fields(raw, {"tile", "investigator", "investigators"}, "options")
    text = {k: _str(raw[k], f"options.{k}") for k in ("tile", "investigator") if k in raw}
    if "investigators" in raw:
        text["investigators"] = str(_int(raw["investigators"], "options.investigators", 1, 4))
    try:
        return options(None, text)
    except BadOptions as e:
        raise BadPosition(SHAPE, f"options: {e}") from None


def _pieces(state: Puzzle, data: dict[str, Any], c: content.Content) -> Puzzle:
    """Each of the twelve pieces in one place: along an edge, in the pile, among the
    discards of replacements."""
    rule = "forbidden_alchemy.position.piece"
    shapes = dict(c.pieces)
    edges = len(state.edges)
    default = [slot[0] if slot else None for slot in state.placed]
    placed = data.get("placed", default if state.phase == ACTIONS else [None] * edges)
    if not isinstance(placed, list) or len(placed) != edges:
        raise BadPosition(SHAPE, f"placed: a list of {edges} pieces (or null), edge 1 first")
    placed = [None if p is None else _str(p, "placed") for p in placed]
    discards = list(_strs(data.get("discards", []), "discards"))
    named = [p for p in placed if p is not None] + discards
    pile = list(_strs(data["pile"], "pile")) if "pile" in data else [
        p for p, _ in c.pieces if p not in named]
    seen: set[str] = set()
    for piece in named + pile:
        if piece not in shapes:
            raise BadPosition(rule, f"there is no piece {piece!r} (pieces: {', '.join(shapes)})")
        if piece in seen:
            raise BadPosition(rule, f"{piece} lies in two places")
        seen.add(piece)
    if len(seen) != len(shapes):
        missing = ", ".join(p for p in shapes if p not in seen)
        raise BadPosition(rule, f"every piece lies somewhere: {missing} is nowhere")
    _edges(state.phase, placed, discards)
    return evolved(state, placed=tuple(None if p is None else (p, shapes[p]) for p in placed),
                   pile=tuple((p, shapes[p]) for p in pile),
                   discards=tuple((p, shapes[p]) for p in discards))


def _edges(phase: str, placed: list[str | None], discards: list[str]) -> None:
    rule = "forbidden_alchemy.position.edge"
    if phase == ACTIONS and None in placed:
        raise BadPosition(rule, f"edge {placed.index(None) + 1} holds no piece: during an "
                                "attempt every edge holds one")
    if phase == OVER and (any(placed) or discards):
        raise BadPosition(rule, "once the test is made every piece goes under the pile: none "
                                "lies along an edge or among the discards")


def _investigator(state: Puzzle, data: dict[str, Any]) -> Puzzle:
    """Luck added or not, the skill points and the puzzle actions left."""
    luck_added = _bool(data.get("luck_added", False), "luck_added")
    most = state.skill_points - luck_added
    points = _int(data.get("skill_points", most), "skill_points", 0, 99)
    if points > most:
        raise BadPosition("forbidden_alchemy.position.skill",
                          f"{state.name} has {state.skill_points} skill point(s)"
                          + (", one of them spent on Luck" if luck_added else "")
                          + f": {points} cannot be left")
    full = state.intellect + (state.luck if luck_added else 0)
    actions = _int(data.get("actions", full if state.phase == ACTIONS else 0), "actions", 0, 99)
    if actions > (full if state.phase == ACTIONS else 0):
        raise BadPosition("forbidden_alchemy.position.actions",
                          f"{actions} puzzle actions left: " + (
                              f"at most {full} (Intellect {state.intellect}"
                              + (f" and Luck {state.luck})" if luck_added else ")")
                              if state.phase == ACTIONS else "none once the test is made"))
    return evolved(state, luck_added=luck_added, skill_points=points, actions=actions)


def _side_effects(state: Puzzle, raw: dict[str, Any], c: content.Content) -> Puzzle:
    """The Side Effect deck (top first), its discards, the cards in play, the one drawn."""
    rule = "forbidden_alchemy.position.card"
    _fields(raw, {"deck", "discards", "in_play", "drawn"}, "side_effects")
    faces = {card.id: card.to_data() for card in c.side_effects}
    discards = list(_strs(raw.get("discards", []), "side_effects.discards"))
    in_play = list(_strs(raw.get("in_play", []), "side_effects.in_play"))
    drawn = raw.get("drawn")
    drawn = [] if drawn is None else [_str(drawn, "side_effects.drawn")]
    placed = discards + in_play + drawn
    deck = list(_strs(raw["deck"], "side_effects.deck")) if "deck" in raw else [
        card for card in faces if card not in placed]
    seen: set[str] = set()
    for card in deck + placed:
        if card not in faces:
            raise BadPosition(rule, f"there is no Side Effect card {card!r}")
        if card in seen:
            raise BadPosition(rule, f"Side Effect card {card} lies in two places")
        seen.add(card)
    if len(seen) != len(faces):
        missing = ", ".join(card for card in faces if card not in seen)
        raise BadPosition(rule, f"every Side Effect card lies somewhere: {missing} is nowhere")
    for card in in_play:
        _, title, _, multi, discard = faces[card]
        if multi and state.investigators == 1:
            raise BadPosition("forbidden_alchemy.side-effect.multi-investigator",
                              f"{title} ({card}) is never kept by a lone investigator")
        if discard:
            raise BadPosition("forbidden_alchemy.side-effect.discard",
                              f"{title} ({card}) says to discard it: it does not stay in play")
    return evolved(state, deck=tuple(faces[x] for x in deck), side_discards=tuple(discards),
                   in_play=tuple(faces[x] for x in in_play),
                   drawn=faces[drawn[0]] if drawn else None)


def _test(state: Puzzle, raw: Any) -> Puzzle:
    """The test of a finished attempt: its roll, the correct pieces it was made against,
    and whether it passed, as the d10 test of those decides."""
    rule = "forbidden_alchemy.position.test"
    if state.phase == ACTIONS:
        if raw is not None:
            raise BadPosition(rule, "an attempt under way has made no test yet")
        return state
    if raw is None:
        raise BadPosition(rule, "a finished attempt says its test: roll, correct, completed")
    raw = _fields(_obj(raw, "test"), {"roll", "correct", "completed"}, "test")
    roll = _int(raw.get("roll"), "test.roll", 1, 10)
    correct = _int(raw.get("correct"), "test.correct", 0, len(state.edges))
    completed = _bool(raw.get("completed"), "test.completed")
    if completed != passed(d10_test(roll, correct)):
        raise BadPosition(rule, f"a roll of {roll} against {correct} correct piece(s) "
                                + ("fails" if completed else "passes"))
    return evolved(state, roll=roll, correct=correct, completed=completed)


# ---- typed values -------------------------------------------------------------------------
def _obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadPosition(SHAPE, f"{where}: expected an object")
    return value


def _fields(obj: dict[str, Any], allowed: set[str], where: str) -> dict[str, Any]:
    """An object whose keys are all known (a misspelt field is refused, not ignored)."""
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise BadPosition(SHAPE, f"{where}: unknown field {unknown[0]!r} "
                                 f"(known: {', '.join(sorted(allowed))})")
    return obj


def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadPosition(SHAPE, f"{where}: expected a whole number from {low} to {high}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise BadPosition(SHAPE, f"{where}: expected true or false")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise BadPosition(SHAPE, f"{where}: expected a string")
    return value


def _strs(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadPosition(SHAPE, f"{where}: expected a list of strings")
    return tuple(value)
