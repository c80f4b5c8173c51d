"""Names a player may type for what a command names (issue #21, "names
accepted as shown"): a unit card, shop card or minion by its id in any case
(`Axe-Fighter`, `RISEN-1`); a unit on the map or a unit card in the player's
own hand by the initials the map shows (`AF`, `Ar`), where they name one
piece only; a minion by its label on the map (`Ri1`); a square by its column
and row in any case (`b1`); the notation's words (slot and corner colours, a
DV Map Tile's side) in any case.

`canonical` spells each argument the way the rules name it before `decide`
judges the command, so a name changes nothing but its spelling (what
`legal_commands` lists is already spelled so).  A word that names nothing
is left as typed: the rule that refuses it is the rule's own, and
`refusal_hint` adds the names that would have been accepted.
"""

from __future__ import annotations

import dataclasses

from engine.core.commands import Command

from .content import COLOURS, SIZE, short
from .state import Table

# The notation's own words: slot and corner colours, Boss Mode's unit slots, a DV Map Tile's sides.
WORDS = frozenset({*COLOURS, "1", "2", "plains", "ruins"})
MAX_LISTED = 16  # names listed in a refusal
LAST = f"{chr(64 + SIZE)}{SIZE}"  # the map's last square


def canonical(state: Table, seat: str, command: Command) -> tuple[Command, list[str]]:
    """`command` with every argument spelled as the rules spell it, and the words that
    name nothing (left as typed)."""
    unknown: list[str] = []
    changes = {}
    for f in dataclasses.fields(command):
        value = getattr(command, f.name)
        if isinstance(value, tuple):
            named = tuple(_name(state, seat, w, unknown) if isinstance(w, str) else w for w in value)
        elif isinstance(value, str):
            named = _name(state, seat, value, unknown)
        else:
            continue
        if named != value:
            changes[f.name] = named
    return (dataclasses.replace(command, **changes) if changes else command), unknown


def _ids(state: Table) -> set[str]:
    return {*state.cards, *state.shop_cards, *state.summons, *state.terrain, *WORDS,
            *(card for p in state.players.values() for card in p.shop_hand)}


def _labels(state: Table, seat: str) -> dict[str, set[str]]:
    """The labels the seat sees on its pieces and cards, lower-cased: each unit's initials
    on the map, each of its own unit cards' initials, each minion's label (`Ri1`)."""
    found: dict[str, set[str]] = {}
    hand = state.player(seat).hand if seat in state.players else ()
    for card in (*state.units, *hand):
        found.setdefault(short(state.cards[card]["name"]).lower(), set()).add(card)
    for m in state.summons.values():
        label = short(state.boss["summons"][m.type]["name"]) + m.id.rsplit("-", 1)[-1]
        found.setdefault(label.lower(), set()).add(m.id)
    return found


def _name(state: Table, seat: str, word: str, unknown: list[str]) -> str:
    ids = _ids(state)
    if word in ids:
        return word
    low = word.lower()
    if low in ids:
        return low
    if word.upper() in ids and word.upper() in state.terrain:
        return word.upper()
    named = _labels(state, seat).get(low, set())
    if len(named) == 1:
        return next(iter(named))
    if not named and not _number(word):
        unknown.append(word)
    return word


def _number(word: str) -> bool:
    return word.isdigit()


def refusal_hint(state: Table, seat: str, unknown: list[str]) -> str:
    """What a refusal adds when a word named nothing: how names are written, and the
    pieces the seat may name (the units on the map, its own hand)."""
    hand = state.player(seat).hand if seat in state.players else ()
    pieces = sorted({*state.units, *hand, *state.summons})
    listed = ", ".join(pieces[:MAX_LISTED]) + (", ..." if len(pieces) > MAX_LISTED else "")
    return (f"{', '.join(repr(w) for w in unknown)} names nothing here: a unit, card or minion by "
            f"its id ({listed or 'none in play'}) or by its initials on the map (AF), a shop card by "
            f"its id, a square by its column and row (A1 to {LAST}), a slot "
            f"or a boss corner by its colour")
