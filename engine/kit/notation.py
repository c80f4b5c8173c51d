"""Cell names shared by the grids: column letters then a 1-based row number.

Columns are named like spreadsheet columns (A..Z, AA, AB, ...), so a
37-column map ends at AK.  Both grids use `cell_name`/`parse_cell`, so
"D5" reads the same way on a hex map and on a square board.

>>> column_letters(0), column_letters(25), column_letters(26), column_letters(36)
('A', 'Z', 'AA', 'AK')
>>> parse_cell("AK23")
(36, 22)
"""

from __future__ import annotations

import re

_CELL = re.compile(r"([A-Za-z]+)([1-9][0-9]*)")


def column_letters(col: int) -> str:
    """The letters of 0-based column `col` (bijective base 26: no zero digit)."""
    if col < 0:
        raise ValueError(f"column index must be 0 or more, not {col}")
    letters = ""
    n = col + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """The 0-based column named by `letters` (case does not matter)."""
    if not letters.isascii() or not letters.isalpha():
        raise ValueError(f"column letters must be A..Z, not {letters!r}")
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def cell_name(col: int, row: int) -> str:
    """'A1' for (0, 0): column letters, then the row counted from 1."""
    if row < 0:
        raise ValueError(f"row index must be 0 or more, not {row}")
    return f"{column_letters(col)}{row + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    """(col, row), both 0-based, from a name such as 'D5'; ValueError says why not."""
    match = _CELL.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise ValueError(
            f"{text!r} is not a cell name: expected column letters then a row number from 1, "
            "such as 'A1' or 'AK23'"
        )
    return column_index(match[1]), int(match[2]) - 1
