"""Frozen dataclasses that are cheap to declare: events and commands, and
(`frozen_dataclass`) the engine's own records and a game's state.

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

`frozen_dataclass` does the same for a class on its own (no shared base):
`@dataclass(frozen=True)`, with `slots` and `eq` as there, whose methods
are made from its field names rather than compiled from source.
"""

from __future__ import annotations

import copy
import dataclasses
import operator
import reprlib
from collections.abc import Callable
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
    positional, keyword, body, sets = [], [], [], []
    for f in fields:
        if not f.init:  # not a parameter: made by its factory, or (with slots) its default set
            if f.default_factory is not dataclasses.MISSING:
                names[f"_factory_{f.name}"] = f.default_factory
                sets.append(f"    _set(self, {f.name!r}, _factory_{f.name}())")
            elif f.default is not dataclasses.MISSING and "__slots__" in cls.__dict__:
                names[f"_default_{f.name}"] = f.default
                sets.append(f"    _set(self, {f.name!r}, _default_{f.name})")
            continue  # (without slots, the class attribute holds the default)
        sets.append(f"    _set(self, {f.name!r}, {f.name})")
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
    body += sets or ["    pass"]
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


def frozen_dataclass(cls: type | None = None, /, *, slots: bool = False, eq: bool = True) -> Any:
    """`@dataclasses.dataclass(frozen=True, slots=slots, eq=eq)`, cheap to
    declare (about a tenth of the time: issue #24).  The class is the
    dataclass's in all but how its methods are made: its fields, defaults,
    `__match_args__`, `__slots__` and `__dataclass_params__` are the
    dataclass's own (`dataclasses.fields`, `replace`, `asdict` alike);
    equality and hashing compare the tuple of the compared fields, the repr
    shows the shown ones, assigning or deleting a field is refused, and
    (with slots) an instance pickles as its fields' values in order, as the
    dataclass's own methods do all of it.  `__init__` is compiled when the
    class is first built.  No `InitVar` fields."""
    def wrap(cls: type) -> type:
        if any(dataclasses.is_dataclass(base) for base in cls.__mro__[1:]):
            raise TypeError(f"{cls.__qualname__}: frozen_dataclass makes no subclass of a dataclass "
                            f"(use dataclasses.dataclass)")
        undocumented = not cls.__doc__
        if undocumented:  # else the dataclass asks inspect for a signature it cannot see yet (slow)
            cls.__doc__ = "-"
        cls = dataclasses.dataclass(init=False, repr=False, eq=False, slots=slots)(cls)
        fields = dataclasses.fields(cls)
        if undocumented:
            cls.__doc__ = cls.__name__ + _signature(fields)
        if any(f not in fields and "InitVar" in str(f.type) for f in cls.__dict__["__dataclass_fields__"].values()):
            raise TypeError(f"{cls.__qualname__}: frozen_dataclass makes no InitVar parameter")
        params = copy.copy(cls.__dataclass_params__)  # what the dataclass says it was made with
        for name, value in (("init", True), ("repr", True), ("eq", eq), ("frozen", True)):
            object.__setattr__(params, name, value)
        cls.__dataclass_params__ = params
        names = tuple(f.name for f in fields)
        methods = {"__init__": _first_init, "__repr__": _repr(cls, [f.name for f in fields if f.repr]),
                   **_frozen(cls, names)}
        if eq:
            methods.update(_equality(cls, [f.name for f in fields if f.compare],
                                     [f.name for f in fields if (f.compare if f.hash is None else f.hash)]))
        if slots:
            methods.update(_state(cls, names))
        own = dict(cls.__dict__)
        if own.get("__hash__", 0) is None and "__eq__" in own:
            del own["__hash__"]  # Python's None beside a class's own __eq__: the dataclass adds its hash
        for name, method in methods.items():
            if name not in own:  # a class's own method stays, as with the dataclass
                setattr(cls, name, method)
        return cls
    return wrap if cls is None else wrap(cls)


def _signature(fields: tuple[dataclasses.Field, ...]) -> str:
    """The text of the signature of the dataclass's `__init__`, as
    `inspect.signature` writes it (its docstring, when it has none)."""
    import inspect  # (imported by dataclasses already)

    def param(f: dataclasses.Field) -> str:
        text = f"{f.name}: {inspect.formatannotation(f.type)}"
        if f.default is not dataclasses.MISSING:
            return f"{text} = {f.default!r}"
        return text if f.default_factory is dataclasses.MISSING else f"{text} = <factory>"
    positional = [param(f) for f in fields if f.init and not f.kw_only]
    keyword = [param(f) for f in fields if f.init and f.kw_only]
    return "(" + ", ".join(positional + (["*", *keyword] if keyword else [])) + ")"


def _named(cls: type, function: Any) -> Any:
    function.__qualname__ = f"{cls.__qualname__}.{function.__name__}"
    return function


def _values(names: list[str]) -> Callable[[Any], tuple]:
    """A function giving an instance's values of `names` as a tuple."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        name = names[0]
        return lambda self: (getattr(self, name),)
    return lambda self: ()


def _repr(cls: type, names: list[str]) -> Any:
    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"
    return _named(cls, __repr__)


def _equality(cls: type, compared: list[str], hashed: list[str]) -> dict[str, Any]:
    compared_values, hashed_values = _values(compared), _values(hashed)

    def __eq__(self, other: object) -> Any:
        if other.__class__ is self.__class__:
            return compared_values(self) == compared_values(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(hashed_values(self))
    return {"__eq__": _named(cls, __eq__), "__hash__": _named(cls, __hash__)}


def _frozen(cls: type, names: tuple[str, ...]) -> dict[str, Any]:
    def __setattr__(self, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return {"__setattr__": _named(cls, __setattr__), "__delattr__": _named(cls, __delattr__)}


def _state(cls: type, names: tuple[str, ...]) -> dict[str, Any]:
    """Pickling a frozen dataclass with slots: its fields' values in order."""
    def __getstate__(self) -> list:
        return [getattr(self, name) for name in names]

    def __setstate__(self, state: list) -> None:
        for name, value in zip(names, state, strict=False):
            _set(self, name, value)
    return {"__getstate__": _named(cls, __getstate__), "__setstate__": _named(cls, __setstate__)}
