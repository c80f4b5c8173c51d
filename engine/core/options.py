"""A game's setup options: as typed (`K=V`), and as stored.

Options are typed as text (`players=3 mode=boss`) and stored as the game
makes them (`{"players": 3, "mode": "boss"}`).  A stored header's options
are checked by asking the game again: some way of typing them must give
back exactly what is stored.
"""

from __future__ import annotations

from typing import Any

from .errors import BadInput, BoardlogError
from .events import same_json


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`K=V` pairs from the command line into a dict (BadInput names the pair)."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadInput(f"option {pair!r} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def options_fit(game: Any, options: dict[str, Any]) -> str | None:
    """None if the header's options are what the game itself makes of them
    (`game.options` given them back as text), else why not."""
    opts = dict(options)
    players = opts.pop("players", None)
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        return f"option players={players!r} is not a whole number"
    candidates = [_texts(v) for v in opts.values()]
    last: Exception | None = None
    for combo in _product(candidates, limit=256):
        raw = dict(zip(opts, combo, strict=True))
        try:
            if same_json(game.options(players, raw), options):
                return None
        except (BoardlogError, ValueError, TypeError, KeyError, AttributeError) as e:
            last = e
    why = f" ({last})" if isinstance(last, BoardlogError) else ""
    return f"options {options} are not what {game.ID} makes of them{why}"


def _texts(value: Any) -> list[str]:
    """How an option's stored value may have been written on the command line."""
    if isinstance(value, bool):
        return ["yes", "no", "true", "false", "on", "off"][0 if value else 1::2]
    if isinstance(value, list):
        return [",".join(str(v) for v in value)]
    if isinstance(value, int):
        return [str(value)] + (["off"] if value == 0 else ["on"])
    return [str(value)]


def _product(lists: list[list[str]], limit: int):
    combos: list[tuple[str, ...]] = [()]
    for options in lists:
        combos = [c + (o,) for c in combos for o in options][:limit]
    return combos
