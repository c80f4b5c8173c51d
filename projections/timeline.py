"""The timeline of a game: one line per record, in plain words, with its rule id."""

from __future__ import annotations

from engine.core import session as fold
from engine.core.frozen import frozen_dataclass
from engine.core.game import GameModule
from engine.core.records import Record
from engine.core.visibility import fact_line, shown_payload


@frozen_dataclass  # @dataclass(frozen=True), declared at a tenth of the cost (issue #24)
class Line:
    step: int
    kind: str
    seat: str | None
    text: str
    rule: str
    cause: int


def line(game: GameModule, r: Record, viewer: str | None = None,
         revealed: frozenset[int] = frozenset(), finished: bool = False) -> Line:
    """The record in plain words as `viewer` may read it (see
    engine/core/visibility.py: secret commands stay hidden from the others
    until revealed; `describe` of facts is public by contract)."""
    d = r.data
    if r.kind == fold.FACT:
        text = fact_line(game, fold.decode_fact(game, d))
        seat = None
    elif r.kind == fold.COMMAND:
        d = shown_payload(game, d, r.version, viewer, revealed, finished)
        text, seat = f"{d['seat']}: {d['text']}" + (" (commit point)" if d["commit"] else ""), d["seat"]
    elif r.kind == fold.UNDONE:
        text, seat = f"{d['seat']} undid the command of step {d['cause']}", d["seat"]
    elif r.kind == fold.REDONE:
        text, seat = f"{d['seat']} redid the command of step {d['cause']}", d["seat"]
    else:
        # No seed here: with the seed anyone could re-deal every shuffle.
        options = ", ".join(f"{k}={v}" for k, v in d["options"].items())
        text, seat = f"{d['kind']} set up ({options})", None
    return Line(r.version, r.kind, seat, text, d.get("rule", ""), d.get("cause", r.version))


def format_line(ln: Line, current: bool = False) -> str:
    indent = "    " if ln.kind == fold.FACT else "  "
    marker = ">" if current else " "
    return f"{marker}{ln.step:>7} {indent}{ln.text:<60} [{ln.rule}]"
