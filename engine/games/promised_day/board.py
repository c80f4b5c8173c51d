"""Distances on the Central City board and the sharing out of damage.

Both are derived from the state, never stored: distances are worked out
once per board and kept with each state that asks (the kit's `StateMemo`,
since legal commands ask one position about every space); the sharing out
of damage is memoised on what it depends on.
"""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache
from itertools import combinations, product

from engine.kit.memo import StateMemo

from .state import Game

MEMO = StateMemo()


@cache
def _neighbours(lines: tuple[tuple[str, str], ...]) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for a, b in lines:
        found.setdefault(a, set()).add(b)
        found.setdefault(b, set()).add(a)
    return {space: frozenset(n) for space, n in found.items()}


@cache
def _distances(lines: tuple[tuple[str, str], ...], start: str) -> dict[str, int]:
    neighbours = _neighbours(lines)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(neighbours.get(here, ())):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def distances(state: Game, start: str) -> dict[str, int]:
    """Spaces reachable from `start` along the lines, with their distance (start: 0)."""
    memo = MEMO.values(state)
    found = memo.get(start)
    if found is None:
        found = memo[start] = _distances(state.lines, start)
    return found


def within(state: Game, start: str, reach: int) -> frozenset[str]:
    """The spaces at a range of at most `reach` from `start` ("Attack and Range Rules")."""
    memo = MEMO.values(state)
    found = memo.get((start, reach))
    if found is None:
        found = memo[start, reach] = frozenset(
            s for s, d in distances(state, start).items() if d <= reach)
    return found


# ---- damage -------------------------------------------------------------------------------
# A bucket is (damage, spaces): up to `damage` points dealt to targets in those spaces.
Bucket = tuple[int, frozenset[str]]


def capacities(state: Game, spaces: frozenset[str], soldiers: bool = True,
               bosses: bool = True) -> dict[str, int]:
    """How much damage each target word can take: a space as many points as it
    has soldiers (one removes one), a boss as much as its life."""
    caps: dict[str, int] = {}
    for space in sorted(spaces):
        if soldiers and state.soldiers_in(space):
            caps[space] = state.soldiers_in(space)
        if bosses:
            for boss in state.bosses_in(space):
                caps[boss] = state.bosses[boss].life
    return caps


def allocations(caps: dict[str, int], points: int) -> list[tuple[str, ...]]:
    """Every sorted multiset of exactly `points` target words within `caps`."""
    return list(_allocations(tuple(sorted(caps.items())), points))


@lru_cache(maxsize=4096)
def _allocations(items: tuple[tuple[str, int], ...], points: int) -> tuple[tuple[str, ...], ...]:
    # Each word as many times as it can take points (at most `points`), in order: the
    # combinations of that pool are exactly the sorted multisets, some of them twice.
    pool = [word for word, cap in sorted(items) for _ in range(min(cap, points))]
    return tuple(sorted(dict.fromkeys(combinations(pool, points))))


def full_points(caps: dict[str, int], damage: int) -> int:
    """Damage must go as far as targets allow (our reading of "allocate freely")."""
    return min(damage, sum(caps.values()))


def bucket_choices(state: Game, buckets: list[Bucket], soldiers: bool = True,
                   bosses: bool = True) -> list[tuple[str, ...]]:
    """Every legal sharing out of the buckets' damage, as sorted target words.  Memoised
    on what it depends on: each bucket's damage and its targets' capacities."""
    return _bucket_choices(tuple(
        (damage, tuple(sorted(capacities(state, spaces, soldiers, bosses).items())))
        for damage, spaces in buckets))


@lru_cache(maxsize=4096)
def _bucket_choices(key: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
                    ) -> tuple[tuple[str, ...], ...]:
    per_bucket = [_allocations(items, min(damage, sum(n for _, n in items)))
                  for damage, items in key]
    if len(per_bucket) == 1:
        return per_bucket[0]
    return tuple(sorted({tuple(sorted(sum(parts, ()))) for parts in product(*per_bucket)}))


def target_space(state: Game, word: str) -> str | None:
    """The space a target word points at (a boss's own space), or None if it names nothing."""
    if word in state.bosses:
        return state.bosses[word].space
    return word if word in state.spots else None


def listed(words) -> str:
    """The names a refusal offers instead of the one it was given, sorted."""
    return ", ".join(sorted(words)) or "none"
