"""Questions about the map: links, movement, line of sight, rooms.

The links are static once the mansion is built, so the adjacency is
computed once per map and memoised; what a state's guards ask of it again
and again (where investigators stand, the Hallways left empty) is kept with
that state (the kit's `StateMemo`).
"""

from __future__ import annotations

from functools import lru_cache

from engine.kit.memo import StateMemo

from .pieces import Story

MEMO = StateMemo()


@lru_cache(maxsize=8)
def _adjacency(links: tuple[tuple[str, str, str], ...]) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for a, b, kind in links:
        found.setdefault(a, {})[b] = kind
        found.setdefault(b, {})[a] = kind
    return found


def links_from(s: Story, space: str) -> dict[str, str]:
    """{neighbouring space: link kind} ("open", "door" or "impassable")."""
    return _adjacency(s.links).get(space, {})


def link(s: Story, a: str, b: str) -> str | None:
    return links_from(s, a).get(b)


def line_of_sight(s: Story, a: str, b: str) -> bool:
    """Our stand-in: a space sees itself and every space linked to it; an
    impassable border does not block the view ("Impassable Borders")."""
    return a == b or link(s, a, b) is not None


def room(s: Story, space: str | None) -> str | None:
    return s.room_of.get(space) if space else None


def investigators_in_room(s: Story, room_id: str) -> list[str]:
    return [i.seat for i in s.active() if room(s, i.space) == room_id]


def monsters_in_room(s: Story, room_id: str) -> list[str]:
    return [m.id for m in s.on_map() if room(s, m.space) == room_id]


def monsters_in_space(s: Story, space: str) -> list[str]:
    return [m.id for m in s.on_map() if m.space == space]


def locked_out(s: Story, inv, space: str) -> bool:
    """Would stepping into `space` take `inv` into a room whose Lock card he holds no key for?
    (Our stand-in for the base game's Lock cards.)"""
    there = room(s, space)
    key = s.locks.get(there)
    return key is not None and there != room(s, inv.space) and key not in inv.items


def barred(s: Story, monster, space: str) -> bool:
    """Would stepping into `space` take a monster barred by locks (The Pet) into a room
    with a Lock card?"""
    there = room(s, space)
    return monster.barred_by_locks and there in s.locks and there != room(s, monster.space)


def growths(s: Story, seat: str) -> int:
    """The Mutation tokens that can grow on `seat`: those on him and those on the
    monsters and corpses in his space (ours: Writhing Growths)."""
    inv = s.investigators[seat]
    near = sum(m.mutations for m in s.monsters.values() if inv.space in (m.space, m.corpse))
    return inv.tokens.count("mutation") + near


@MEMO.memoised("occupied")
def occupied(s: Story) -> frozenset[str]:
    """The spaces where investigators in the house stand."""
    return frozenset(i.space for i in s.active())


@MEMO.memoised("empty-hallways")
def empty_hallway_spaces(s: Story) -> tuple[str, ...]:
    """The spaces of the Hallways whose room holds no Exploration card (our Obstacle
    cards lie among them) and no Lock card."""
    return tuple(
        sorted(
            x
            for room, r in s.rooms.items()
            if r["hallway"] and not s.exploration.get(room) and room not in s.locks
            for x in r["spaces"]
        )
    )
