"""The base of every game's domain events.

A game event is a frozen dataclass: a fact in past tense carrying its
outcome, so that folding it needs no rules.  It serialises to plain JSON
data; lists come back as tuples, so a live event and its replayed copy are
equal (the engine applies the decoded copy even live, for that reason).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

import orjson

from .frozen import Frozen, declare

_NESTED = (list, dict)


def freeze(value: Any) -> Any:
    """Lists (from JSON) become tuples, recursively; dicts keep their keys."""
    # Leaves are kept as they are without a call of their own: a set-up's facts
    # carry whole decks, and a call per card was most of decoding them (issue #24).
    if type(value) is list:
        return tuple([freeze(v) if type(v) in _NESTED else v for v in value])
    if type(value) is dict:
        return {k: freeze(v) if type(v) in _NESTED else v for k, v in value.items()}
    return value


def thaw(value: Any) -> Any:
    """Tuples become lists, recursively: the plain JSON shape."""
    if isinstance(value, (tuple, list)):
        return [thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    return value


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON, types included: Python's own `==` takes `true` for `1`
    and `1.0` for `1`, which a record of play may not get away with."""
    return a == b and _canonical(a) == _canonical(b)


def _canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str)


def fact(cls: type) -> type:
    """Make `cls` (a subclass of `Event`) an event class: a frozen,
    keyword-only dataclass, cheap to declare (engine/core/frozen.py)."""
    return declare(cls, kw_only=True)


@dataclasses.dataclass(init=False, repr=False, eq=False, kw_only=True)
class Event(Frozen):
    """A fact.  `rule` names the rule that produced it (see rules.py).
    Subclasses are declared with `@fact`; instances are frozen."""

    rule: str
    # True when recording this fact shows a seat something it could not see
    # before (a drawn card, a revealed tile): such a command is a commit point.
    reveals: ClassVar[bool] = False
    # The shape of this event's data.  Raise it when the fields change and
    # register an upcaster from the old shape (see `upcast`); records store
    # it only when above 1, as the eventsourcing library does.
    version: ClassVar[int] = 1

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        names = cls.__dict__.get("_field_names")
        if names is None:
            names = tuple(f.name for f in dataclasses.fields(cls) if f.name != "rule")
            cls._field_names = names
            cls._field_set = frozenset(names)
        return names

    def to_data(self) -> dict[str, Any]:
        """The event's payload as plain JSON data (without its rule)."""
        return {name: thaw(getattr(self, name)) for name in self.field_names()}

    @classmethod
    def from_data(cls, data: dict[str, Any], rule: str) -> Event:
        """Rebuild the event; a missing or unexpected field raises ValueError."""
        expected = cls.__dict__.get("_field_set") or frozenset(cls.field_names())
        if data.keys() != expected:
            names = cls.field_names()
            missing = sorted(set(names) - set(data))
            extra = sorted(set(data) - set(names))
            raise ValueError(
                f"{cls.__name__} fields do not fit: missing {missing}, unexpected {extra}"
            )
        # Built without __init__ (frozen dataclasses set each field through
        # object.__setattr__): this runs once per folded event.
        fields = {k: freeze(v) if type(v) is list else v for k, v in data.items()}
        fields["rule"] = rule
        event = object.__new__(cls)
        _set(event, "__dict__", fields)
        return event

    @property
    def type(self) -> str:
        return type(self).__name__


_set = object.__setattr__  # frozen dataclasses refuse plain assignment


def evolved(value: Any, **changes: Any) -> Any:
    """A copy of a frozen dataclass with some fields changed.

    `dataclasses.replace` re-runs `__init__` over every field; states are
    folded once per event, so this merges the instance dicts instead.
    """
    if not type(value).__dataclass_fields__.keys() >= changes.keys():
        unknown = sorted(set(changes) - set(type(value).__dataclass_fields__))
        raise TypeError(f"{type(value).__name__} has no field(s) {unknown}")
    new = object.__new__(type(value))
    _set(new, "__dict__", value.__dict__ | changes)
    return new


@fact
class SecretRevealed(Event):
    """The secret commands recorded at `steps` are now shown to every seat
    (simultaneous choices revealed together).  A game that has secret
    commands lists this event in its registry and emits it."""

    steps: tuple[int, ...]
    reveals: ClassVar[bool] = True


# An upcaster turns the data of one event type from version v into v + 1.
Upcasters = dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]]


def upcast(cls: type[Event], version: int, data: dict[str, Any], upcasters: Upcasters) -> dict[str, Any]:
    """Bring recorded `data` of `cls` from `version` up to `cls.version`.

    Old streams are never rewritten: every read (fold, verify, import)
    upcasts on the way in.  A missing step is an error naming it.
    """
    if version > cls.version:
        raise ValueError(f"{cls.__name__} version {version} is newer than this program knows "
                         f"({cls.version}): upgrade boardlog")
    while version < cls.version:
        step = upcasters.get((cls.__name__, version))
        if step is None:
            raise ValueError(f"no upcaster for {cls.__name__} from version {version}")
        data = step(dict(data))
        version += 1
    return data


class Folds:
    """A game's `evolve` as a table from event class to fold function.

    Register folds with the instance as a decorator (`@folds(UnitMoved)`, or
    several classes at once); `folds.evolve` applies the fold of an event's
    class and refuses an event it has none for, loudly (never ignored).
    """

    def __init__(self, game: str):
        self.game = game
        self._table: dict[type, Callable[[Any, Any], Any]] = {}

    def __call__(self, *classes: type) -> Callable:
        def register(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
            for cls in classes:
                self._table[cls] = fn
            return fn
        return register

    def evolve(self, state: Any, event: Any) -> Any:
        fold = self._table.get(type(event))
        if fold is None:
            raise TypeError(f"{self.game} cannot fold {type(event).__name__}")
        return fold(state, event)


def event_registry(*classes: type[Event]) -> dict[str, type[Event]]:
    """Map event type names to classes; a name used twice is a mistake."""
    registry: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.__name__ in registry:
            raise ValueError(f"event type {cls.__name__} listed twice")
        registry[cls.__name__] = cls
    return registry
