"""Names a player may type for what a command names (issue #21, "names accepted
as shown"): an investigator by his seat (`investigator-2`), his character's id
(`harvey-walters`), first or last name (`Harvey`); a named monster by its name
(`West`); a card by its id or its title (`night-terrors`); every id in any case.

`canonical` spells each argument the way the rules name it before `decide`
judges the command, so a name changes nothing but its spelling.  A word that
names nothing of its kind is left as typed: the rule that refuses it is the
rule's own, and `decide` adds the names that would have been accepted.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .combat import ANSWERS
from .commands import Answer as AnswerCommand
from .commands import (
    Attack,
    Choose,
    ChooseAttribute,
    Command,
    KeeperAction,
    MonsterAttack,
    Move,
    Pick,
    Place,
    PlayMythos,
    PlayTrauma,
    Travel,
    UseItem,
    UseThreatEffect,
)
from .content import ATTRIBUTES
from .keeper import ESCAPE
from .pieces import Story

# What each field of a command names (a field not listed is left as typed).
KINDS: dict[type[Command], dict[str, str]] = {
    Choose: {"choice": "objective"},
    KeeperAction: {"card": "action", "targets": "target"},
    MonsterAttack: {"monster": "monster", "target": "investigator"},
    PlayTrauma: {"card": "card", "target": "investigator"},
    PlayMythos: {"card": "card", "targets": "target"},
    UseThreatEffect: {"card": "card"},
    Place: {"space": "space"},
    Move: {"space": "space"},
    Travel: {"period": "period"},
    UseItem: {"item": "item"},
    Attack: {"monster": "monster", "item": "weapon"},
    ChooseAttribute: {"attribute": "attribute"},
    Pick: {"seat": "investigator"},
    AnswerCommand: {"answer": "answer"},
}


def _slug(text: str) -> str:
    """A title as one word: "Night Terrors" -> "night-terrors"."""
    return "-".join("".join(c for c in w if c.isalnum()) for w in text.lower().split() if any(
        c.isalnum() for c in w))


def names(s: Story) -> dict[str, dict[str, str]]:
    """{kind: {a name in lower case: the id the rules use}} for this state."""
    found: dict[str, dict[str, str]] = {k: {} for k in (
        "objective", "action", "monster", "investigator", "card", "space", "room", "period",
        "item", "weapon", "attribute", "answer")}

    def add(kind: str, name: str, ident: str) -> None:
        key = name.lower()
        if key and found[kind].get(key, ident) != ident:
            found[kind][key] = ""  # two things share the name: it names neither
        elif key:
            found[kind][key] = ident

    for c in s.objectives:
        add("objective", c, c)
    for a, card in s.actions.items():
        add("action", a, a)
        add("action", _slug(card.name), a)
    for m in s.monsters.values():
        add("monster", m.id, m.id)
        if m.name:
            add("monster", _slug(m.name), m.id)
    for i in s.investigators.values():
        for name in (i.seat, i.id, *i.name.lower().split(), _slug(i.name)):
            add("investigator", name, i.seat)
    for cards in (s.trauma_cards, s.mythos_cards):
        for c, face in cards.items():
            add("card", c, c)
            add("card", _slug(face.get("title", "")), c)
    for c in (*s.side_effect_threats, *(x[0] for x in s.alchemy.in_play)):
        add("card", c, c)
    for x in s.room_of:
        add("space", x, x)
    for r in s.rooms:
        add("room", r, r)
    for p, _ in s.periods:
        add("period", p, p)
    for i in s.items:
        add("item", i, i)
        add("weapon", i, i)
    add("weapon", "none", "none")
    for a in ATTRIBUTES:
        add("attribute", a, a)
    for a in ANSWERS:
        add("answer", a, a)
    return found


def _resolve(table: dict[str, dict[str, str]], kind: str, word: str) -> str | None:
    if kind == "target":  # a Keeper Action's or a Mythos card's: any of these, or the edge
        if word.lower() == ESCAPE:
            return ESCAPE
        for k in ("monster", "investigator", "space", "room"):
            if table[k].get(word.lower()):
                return table[k][word.lower()]
        return None
    return table[kind].get(word.lower()) or None


def canonical(s: Story, seat: str, command: Command) -> tuple[Command, str]:
    """The command with each name spelled as the rules name it, and a note on the
    first word that names nothing of its kind ("" if every word does)."""
    kinds = KINDS.get(type(command))
    if not kinds:
        return command, ""
    table = names(s)
    changes: dict[str, Any] = {}
    unknown = ""
    for field, kind in kinds.items():
        value = getattr(command, field)
        words = value if isinstance(value, tuple) else (value,)
        spelled = []
        for word in words:
            found = _resolve(table, kind, word)
            if found is None and not unknown:
                unknown = _accepted(s, seat, table, kind, word)
            spelled.append(found or word)
        changes[field] = tuple(spelled) if isinstance(value, tuple) else spelled[0]
    return dataclasses.replace(command, **changes), unknown


LISTED = {"objective": "an objective", "action": "a Keeper Action card", "monster": "a monster",
          "investigator": "an investigator", "card": "a card", "space": "a space", "room": "a room",
          "period": "a Time Period card", "item": "an item", "weapon": "an item or none",
          "attribute": "an attribute", "answer": "an answer", "target": "a monster, an investigator, "
          "a space or a room"}


def _accepted(s: Story, seat: str, table: dict[str, dict[str, str]], kind: str, word: str) -> str:
    """What the player may type instead of `word` (what the seat holds, for its cards)."""
    me = s.investigators.get(seat)
    if kind == "investigator":
        shown = [f"{i.seat} ({i.name})" for i in s.investigators.values()]
    elif kind in ("item", "weapon") and me is not None:
        shown = sorted(set(me.items)) + (["none"] if kind == "weapon" else [])
    elif kind == "card" and me is None:
        shown = sorted({*s.hand, *s.mythos_hand, *s.trauma_in_play, *s.side_effect_threats})
    elif kind == "target":
        shown = sorted({v for k in ("monster", "investigator") for v in table[k].values() if v})
    else:
        shown = sorted({v for v in table[kind].values() if v})
    more = f", … ({len(shown)} in all)" if len(shown) > 12 else ""
    return f"{word!r} is not {LISTED[kind]}: {', '.join(shown[:12])}{more}"
