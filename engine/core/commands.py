"""Commands: small frozen dataclasses with a short text notation.

A command's notation is its verb followed by its fields in order, e.g.
`swap 2 3` or `move tank-2 D4 D5 E5`; `parse` reads it back, so the CLI,
logs and tests share one spelling (like a chess move's UCI text).

Field types: `int`, `str` (one word each), and as the last field a
`tuple[str, ...]` or `tuple[int, ...]` that takes every remaining word (a
path of hexes, a list of cards).  Coordinates are plain words in the
kit's notation (`D4`); the game checks them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from .errors import RuleViolation
from .frozen import Frozen, declare

_INT = (int, "int")
_INTS = ("tuple[int, ...]",)
_WORDS = ("tuple[str, ...]",)


def command(cls: type) -> type:
    """Make `cls` (a subclass of `Command`) a command class: a frozen
    dataclass, cheap to declare (engine/core/frozen.py)."""
    return declare(cls, kw_only=False)


@dataclasses.dataclass(init=False, repr=False, eq=False)
class Command(Frozen):
    """Base of every game command.  Subclasses set `verb`, and are declared
    with `@command`; instances are frozen."""

    verb: ClassVar[str] = ""
    # A secret command (a simultaneous choice) is shown only to its own seat
    # until a `SecretRevealed` fact names its step (engine/core/visibility.py).
    secret: ClassVar[bool] = False

    def notation(self) -> str:
        parts = [self.verb]
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            parts += [str(v) for v in value] if isinstance(value, tuple) else [str(value)]
        return " ".join(parts)

    def to_data(self) -> dict[str, Any]:
        data = {"verb": self.verb}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    def __str__(self) -> str:
        return self.notation()


class CommandSet:
    """The commands one game accepts, looked up by verb."""

    def __init__(self, *classes: type[Command]):
        self.by_verb = {cls.verb: cls for cls in classes}
        for cls in classes:
            fields = dataclasses.fields(cls)
            for f in fields[:-1]:
                if _variadic(f):
                    raise TypeError(f"{cls.__name__}.{f.name}: only the last field may take many words")

    def parse(self, text: str) -> Command:
        """Read a command from its notation, or explain what is wrong."""
        if not isinstance(text, str):
            raise RuleViolation("core.notation", f"a command must be text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise RuleViolation("core.notation", "empty command")
        cls = self.by_verb.get(words[0])
        if cls is None:
            known = ", ".join(sorted(self.by_verb))
            raise RuleViolation("core.notation", f"unknown command {words[0]!r} (known: {known})")
        fields = dataclasses.fields(cls)
        args = words[1:]
        variadic = bool(fields) and _variadic(fields[-1])
        fixed = fields[:-1] if variadic else fields
        if len(args) < len(fixed) or (not variadic and len(args) != len(fixed)):
            usage = " ".join([cls.verb, *(_usage(f) for f in fields)])
            raise RuleViolation("core.notation", f"{cls.verb} takes {len(fixed)}{'+' if variadic else ''} "
                                                 f"argument(s): {usage}")
        values = {f.name: _convert(cls.verb, f, arg) for f, arg in zip(fixed, args, strict=False)}
        if variadic:
            last = fields[-1]
            values[last.name] = tuple(_convert(cls.verb, last, arg) for arg in args[len(fixed):])
        return cls(**values)

    def from_data(self, data: dict[str, Any]) -> Command:
        """Rebuild a recorded command from its data form."""
        data = dict(data)
        cls = self.by_verb.get(data.pop("verb", None))
        if cls is None:
            raise ValueError(f"unknown command verb in {data!r}")
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})

    def is_secret(self, verb: str) -> bool:
        cls = self.by_verb.get(verb)
        return bool(cls and cls.secret)


def _variadic(field: dataclasses.Field) -> bool:
    return str(field.type) in _INTS + _WORDS


def _usage(field: dataclasses.Field) -> str:
    return f"{field.name.upper()}..." if _variadic(field) else field.name.upper()


def _convert(verb: str, field: dataclasses.Field, arg: str) -> Any:
    if field.type in _INT or str(field.type) in _INTS:
        # isdecimal() alone would take Unicode digits such as '²'.
        if not (arg.isascii() and arg.lstrip("-").isdigit()):
            raise RuleViolation("core.notation", f"{verb}: {field.name} must be a whole number, not {arg!r}")
        return int(arg)
    return arg
