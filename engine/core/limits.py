"""Limits on what comes in, checked at the edges (the viewer's forms, the
JSON API and the CLI) before anything reaches the store.  The HTTP side
(body sizes, pydantic types) is in viewer/limits.py.

- numbers: whole numbers in ASCII digits, within the bounds below;
- text: valid UTF-8 (no lone surrogates: a JSON "\\ud800" or a command-line
  argument that was not UTF-8), option values short and without non-ASCII digits;
- request bodies: at most `MAX_BODY_BYTES`, an import upload at most
  `MAX_IMPORT_BYTES`, refused with 413 before they are read whole
  (`BodyLimit`, an ASGI middleware: by Content-Length, else while streaming);
- error messages never echo more than `EXCERPT_CHARS` of what was sent.

Every refusal is a `BadInput` (422 over HTTP, exit status 2 in the CLI)
whose message starts with the field it is about.
"""

from __future__ import annotations

import re

from .errors import BadInput

MAX_INT = 2**63 - 1          # seeds, steps, versions: what the stores hold (a signed 64-bit integer)
MAX_PLAYERS = 64
MAX_OPTION_CHARS = 100       # an option's key or value
EXCERPT_CHARS = 80
MAX_MESSAGE_CHARS = 400      # an error message as a whole

_SURROGATE = re.compile("[\ud800-\udfff]")
_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """`value` as text safe to show back: at most `limit` characters (then
    "…"), lone surrogates and control characters escaped."""
    text = value if isinstance(value, str) else str(value)
    cut = len(text) > limit
    text = text[:limit]
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return text + ("…" if cut else "")


# A quoted value (kept quoted), else any long run without spaces.
_N = str(EXCERPT_CHARS)
_LONG = re.compile(r"""(['"])([^'"\n]{N})[^'"\n]*\1|(\S{N})\S+""".replace("N", _N))


def _cut(m: re.Match) -> str:
    return f"{m[1]}{m[2]}…{m[1]}" if m[1] else f"{m[3]}…"


def shorten(message: str) -> str:
    """A whole error message made safe to show: any quoted value or word
    cut to `EXCERPT_CHARS` (then "…"), the whole to `MAX_MESSAGE_CHARS`."""
    message = _LONG.sub(_cut, message)
    return excerpt(message, MAX_MESSAGE_CHARS)


def check_text(field: str, value: str | None) -> str | None:
    """Refuse text that is not valid UTF-8 (a lone surrogate), naming the field."""
    if value is not None and _SURROGATE.search(value):
        raise BadInput(f"{field}: not valid UTF-8 text (it holds a lone surrogate, "
                       f"e.g. from a \\ud800 escape or undecodable bytes)")
    return value


def parse_int(field: str, value: str | None, lo: int = 0, hi: int = MAX_INT) -> int | None:
    """A whole number typed as text (a form field, a CLI argument): ASCII
    digits only, within lo..hi; None for empty text."""
    value = (value or "").strip()
    if not value:
        return None
    if not _ASCII_INT.fullmatch(value):
        raise BadInput(f"{field}: {excerpt(value)!r} is not a whole number (digits 0-9)")
    return check_int(field, int(value), lo, hi)


def check_int(field: str, value: int | None, lo: int = 0, hi: int = MAX_INT) -> int | None:
    if value is not None and not lo <= value <= hi:
        raise BadInput(f"{field}: {excerpt(value, 30)} is outside {lo}..{hi}")
    return value


def check_options(options: dict[str, str]) -> dict[str, str]:
    """Setup options: short printable keys and values, valid UTF-8, digits only ASCII."""
    for key, value in options.items():
        check_text("options", key)
        check_text(f"options.{excerpt(key, 30)}", value)
        for part, label in ((key, "option name"), (value, "value")):
            if len(part) > MAX_OPTION_CHARS:
                raise BadInput(f"options.{excerpt(key, 30)}: the {label} is longer than "
                               f"{MAX_OPTION_CHARS} characters ({excerpt(part, 30)!r})")
            if any(c.isdigit() and not c.isascii() for c in part) or not part.isprintable():
                raise BadInput(f"options.{excerpt(key, 30)}: the {label} {excerpt(part, 30)!r} may only "
                               f"use printable characters, and digits 0-9")
    return options
