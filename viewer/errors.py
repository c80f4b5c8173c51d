"""How engine errors become HTTP statuses: one table for the pages and the API."""

from __future__ import annotations

from engine.core.errors import BadInput, BoardlogError, ConflictError, GameNotFound, StepOutOfRange

# Most specific first.  Anything else the engine raises is a failure of the
# store or the machine, not the client's to fix: 500.
STATUS_OF: list[tuple[type[BoardlogError], int]] = [
    (GameNotFound, 404), (StepOutOfRange, 404), (BadInput, 422), (ConflictError, 409),
]


def status_of(error: BoardlogError) -> int:
    return next((code for cls, code in STATUS_OF if isinstance(error, cls)), 500)
