"""Names a player may type for what a command names (issue #21, "names
accepted as shown"): a unit by its id in any case (`Red-Tank-1`), or one
of the player's own units without its colour (`tank-1`, as the Freighter's
list shows them); a Freighter by its colour; a hex by its column and row in
any case (`k12`); the words of the notation (`ore`, `fire`, `stay`, `a`,
`tank`...) in any case.

`canonical` spells each argument the way the rules name it before `decide`
judges the command, so a name changes nothing but its spelling.  A word
that names nothing is left as typed: the rule that refuses it is the
rule's own, and `refusal_hint` adds the names that would have been accepted.
"""

from __future__ import annotations

import dataclasses

from . import board as b
from .commands import Command
from .state import Planet

# The notation's own words (pods, kinds a Weather Hen lays, the turn-21
# choice, the assault's second word, ore as a cargo item).
WORDS = frozenset({"a", "b", "tank", "crab", "pontoon", "stay", "leave", "fire", "ore"})
MAX_LISTED = 24  # own units listed in a refusal


def canonical(state: Planet, seat: str, command: Command) -> tuple[Command, list[str]]:
    """`command` with every argument spelled as the rules spell it, and the
    words that name nothing (left as typed)."""
    unknown: list[str] = []
    changes = {}
    for f in dataclasses.fields(command):
        value = getattr(command, f.name)
        if isinstance(value, tuple):
            named = tuple(_name(state, seat, w, unknown) for w in value)
        elif isinstance(value, str):
            named = _name(state, seat, value, unknown)
        else:
            continue
        if named != value:
            changes[f.name] = named
    return (dataclasses.replace(command, **changes) if changes else command), unknown


def _name(state: Planet, seat: str, word: str, unknown: list[str]) -> str:
    if word in state.units or word in state.freighters:
        return word
    low = word.lower()
    if low in state.units or low in state.freighters or low in WORDS:
        return low
    own = f"{seat}-{low}"
    if own in state.units:
        return own
    try:
        return str(b.grid().parse(word))
    except ValueError:
        unknown.append(word)
        return word


def refusal_hint(state: Planet, seat: str, unknown: list[str]) -> str:
    """What a refusal adds when a word named nothing: how names are written,
    and the ids of the seat's own units."""
    mine = sorted(u.id for u in state.units.values() if state.controller(u) == seat and not u.abandoned)
    listed = ", ".join(mine[:MAX_LISTED]) + (", ..." if len(mine) > MAX_LISTED else "")
    return (f"{', '.join(repr(w) for w in unknown)} names nothing here: a unit by its id "
            f"({listed or 'you have none'}; your own also without the colour, as tank-1), a Freighter "
            f"by its colour, a hex by its column and row (K12)")
