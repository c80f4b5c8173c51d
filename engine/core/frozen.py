"""Frozen dataclasses that are cheap to declare: events and commands.

`dataclasses.dataclass(frozen=True)` compiles six methods from source for
every class it makes (__init__, __repr__, __eq__, __hash__, __setattr__,
__delattr__): about a millisecond a class.  A game declares a hundred or so
events and commands, all created before a command-line read can fold
anything, so that alone was a third of `boardlog show` (issue #24).

Here a class is made a dataclass without those methods (its fields are
known to `dataclasses.fields`, `replace` and `asdict` as before), and the
base class (`Event`, `Command`) carries them once, written by hand:
equality, hashing and the repr read the instance's fields in field order,
and assignment is refused.  Only `__init__` is still compiled, and only for
a class that is actually built, the first time it is: folding a recorded
game rebuilds events without `__init__`, and a read never builds a command.
"""

from __future__ import annotations

import dataclasses
import operator
from typing import Any

_set = object.__setattr__  # instances are frozen: their fields are set past __setattr__


def declare(cls: type, kw_only: bool) -> type:
    """`cls` made a dataclass whose methods are its base's, its `__init__`
    compiled when first called."""
    cls = dataclasses.dataclass(init=False, repr=False, eq=False, kw_only=kw_only)(cls)
    # Each class its own starter, so that a subclass never inherits the
    # __init__ compiled for its parent's fields.
    cls.__init__ = _first_init
    cls.__hash__ = Frozen.__hash__
    return cls


def _first_init(self, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    cls.__init__ = _compiled_init(cls)
    cls.__init__(self, *args, **kwargs)


def _compiled_init(cls: type) -> Any:
    """The __init__ a frozen dataclass would have, as one small function:
    the same parameters (defaults, keyword-only), the same errors, the
    fields set at once, then `__post_init__` if the class has one."""
    fields = dataclasses.fields(cls)
    names: dict[str, Any] = {"_set": _set, "_MISSING": dataclasses.MISSING}
    positional, keyword, body = [], [], []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            names[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        elif f.default_factory is not dataclasses.MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            param = f"{f.name}=_MISSING"
            body.append(f"    if {f.name} is _MISSING:\n        {f.name} = _factory_{f.name}()")
        else:
            param = f.name
        (keyword if f.kw_only is True else positional).append(param)
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    body += [f"    _set(self, {f.name!r}, {f.name})" for f in fields] or ["    pass"]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    exec(f"def __init__({signature}):\n" + "\n".join(body), names)  # noqa: S102 - field names only
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


class Frozen:
    """What every frozen dataclass here shares (the base of `Event` and `Command`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={self.__dict__[name]!r}" for name in _names(type(self)))
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        # The field tuple, as a dataclass hashes it (an event rebuilt from its
        # record has its fields in the record's order, so not the dict's
        # order); the class's own function from its first hash on.
        cls = type(self)
        cls.__hash__ = _hash_of(cls)
        return cls.__hash__(self)

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _names(cls: type) -> tuple[str, ...]:
    """The class's field names in order, kept on the class."""
    names = cls.__dict__.get("_frozen_names")
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        type.__setattr__(cls, "_frozen_names", names)
    return names



def _hash_of(cls: type) -> Any:
    names = _names(cls)
    if len(names) > 1:
        key = operator.itemgetter(*names)
        return lambda self: hash(key(self.__dict__))
    if names:
        return lambda self, name=names[0]: hash((self.__dict__[name],))
    return lambda self: hash(())
