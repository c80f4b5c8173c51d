"""Commands: small frozen dataclasses with a short text notation.

A command's notation is its verb followed by its fields in order, e.g.
`swap 2 3`; `parse` reads it back, so the CLI, logs and tests share one
spelling (like a chess move's UCI text).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from .errors import RuleViolation


@dataclasses.dataclass(frozen=True)
class Command:
    """Base of every game command.  Subclasses set `verb`."""

    verb: ClassVar[str] = ""

    def notation(self) -> str:
        parts = [self.verb, *(str(getattr(self, f.name)) for f in dataclasses.fields(self))]
        return " ".join(parts)

    def to_data(self) -> dict[str, Any]:
        return {"verb": self.verb, **dataclasses.asdict(self)}

    def __str__(self) -> str:
        return self.notation()


class CommandSet:
    """The commands one game accepts, looked up by verb."""

    def __init__(self, *classes: type[Command]):
        self.by_verb = {cls.verb: cls for cls in classes}

    def parse(self, text: str) -> Command:
        """Read a command from its notation, or explain what is wrong."""
        words = text.split()
        if not words:
            raise RuleViolation("core.notation", "empty command")
        cls = self.by_verb.get(words[0])
        if cls is None:
            known = ", ".join(sorted(self.by_verb))
            raise RuleViolation("core.notation", f"unknown command {words[0]!r} (known: {known})")
        fields = dataclasses.fields(cls)
        args = words[1:]
        if len(args) != len(fields):
            usage = " ".join([cls.verb, *(f.name.upper() for f in fields)])
            raise RuleViolation("core.notation", f"{cls.verb} takes {len(fields)} argument(s): {usage}")
        values = {}
        for field, arg in zip(fields, args, strict=True):
            values[field.name] = _convert(cls.verb, field, arg)
        return cls(**values)

    def from_data(self, data: dict[str, Any]) -> Command:
        """Rebuild a recorded command from its data form."""
        data = dict(data)
        cls = self.by_verb.get(data.pop("verb", None))
        if cls is None:
            raise ValueError(f"unknown command verb in {data!r}")
        return cls(**data)


def _convert(verb: str, field: dataclasses.Field, arg: str) -> Any:
    if field.type in (int, "int"):
        try:
            return int(arg)
        except ValueError:
            raise RuleViolation(
                "core.notation", f"{verb}: {field.name} must be a whole number, not {arg!r}"
            ) from None
    return arg
