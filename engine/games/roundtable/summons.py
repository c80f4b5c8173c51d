"""VIII. Boss Mode, summons: the boss's minions and tokens.

A summon's square comes from two dice ("On Boss Turns", Step 1): X counts
columns from the left edge, Y rows up from the bottom edge (p1's side), so
(1, 1) is A6 and (2, 3) is B4.  A square that is taken (a unit, the boss
tile, another summon, a player's deployment square) sends the summon to the
boss's reference card (`reference` on the boss board, stand-in data).

Minions are boss units: players attack them (`attack UNIT MINION`), effects
aimed at enemy units may target them, and they fight back with their own
stats.  Tokens fill their square but are no units: nothing targets them.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution
from engine.kit.squaregrid import Square

from . import events as ev
from .board import (
    distance,
    hp_left,
    minion_hp,
    on_boss_tile,
    summon_at,
    summon_info,
    summon_kinds,
    tags,
    unit_at,
    zone_owner,
)
from .combat import EFFECTIVE, EFFECTIVE_BONUS, combat_stats, in_range, triangle
from .content import SIZE
from .damage import defeat
from .state import BOSS, Summon, Table, Unit, evolve


def square_of(x: int, y: int) -> str:
    """The square the dice name: x columns from the left, y rows from the bottom."""
    return str(Square(x - 1, SIZE - y))


def taken(state: Table, square: str) -> str | None:
    """What keeps a summon off `square` (None: it is free)."""
    if unit_at(state, square):
        return "a unit"
    if on_boss_tile(state, square):
        return "the boss tile"
    if summon_at(state, square):
        return "another summon"
    if zone_owner(state, square):
        return "a deployment square"
    return None


def summon(state: Table, what: str, dice, rule: str) -> list[Event]:
    """The boss summons a piece of type `what`: roll, then place it (or the reference card)."""
    piece = summon_kinds(state)[what]
    ids = [f"{what}-{n}" for n in range(1, piece["supply"] + 1)]
    free_ids = [i for i in ids if i not in state.summons]
    if not free_ids:
        return [ev.SummonLost(rule="roundtable.boss.summon-supply", what=what,
                              reason=f"all {piece['supply']} {piece['name']} pieces are on the map")]
    reference = state.boss["reference"]
    tries = 1 + (reference.get("rerolls", 0) if reference["rule"] == "reroll" else 0)
    facts: list[Event] = []
    for attempt in range(tries):
        x, y = dice.d6(), dice.d6()
        square = square_of(x, y)
        facts.append(ev.SummonRolled(rule="roundtable.boss.summon" if attempt == 0 else "roundtable.boss.reference",
                                     what=what, x=x, y=y, square=square))
        if taken(state, square) is None:
            return facts + [_placed(free_ids[0], what, piece, square, "roundtable.boss.summon")]
    if reference["rule"] == "reroll":
        return facts + [ev.SummonLost(rule="roundtable.boss.reference", what=what,
                                      reason=f"every rolled square was taken ({tries} rolls)")]
    return facts + _nearest(state, square, free_ids[0], what, piece, reference)


def _placed(summon_id: str, what: str, piece, square: str, rule: str) -> ev.SummonPlaced:
    return ev.SummonPlaced(rule=rule, summon=summon_id, what=what, kind=piece["kind"], square=square)


def _nearest(state: Table, rolled: str, summon_id: str, what: str, piece, reference) -> list[Event]:
    """The "nearest" reference rule: a player unit on the rolled square takes the card's
    damage first; then the piece goes on the nearest free square (orthogonal distance,
    then top-most, then left-most)."""
    res = Resolution(state, evolve)
    unit = unit_at(state, rolled)
    if unit is not None and reference.get("damage"):
        left = hp_left(state, unit)
        damage = min(reference["damage"], left)
        res.add(ev.DamageDealt(rule="roundtable.boss.reference", unit=BOSS, target=unit.card,
                               damage=damage, hp=left - damage))
        if damage == left:
            res.add(*defeat(state, unit, BOSS))
    free = [sq for sq in res.state.terrain if taken(res.state, sq) is None]
    if not free:
        return res.facts + [ev.SummonLost(rule="roundtable.boss.reference", what=what, reason="no free square")]
    best = min(free, key=lambda sq: (distance(rolled, sq), Square.parse(sq).row, Square.parse(sq).col))
    return res.facts + [_placed(summon_id, what, piece, best, "roundtable.boss.reference")]


def clear_under(state: Table, squares: set[str]) -> list[Event]:
    """Summons on the squares the boss tile moves onto go back to the supply (our reading)."""
    under = tuple(sorted(m.id for m in state.summons.values() if m.square in squares))
    return [ev.SummonsCleared(rule="roundtable.boss.summon-cleared", summons=under)] if under else []


# ---- fighting a minion -----------------------------------------------------------------------
def minion(state: Table, target: str) -> Summon:
    """An enemy target that is a summon must be a minion: tokens are no units."""
    found = state.summons[target]
    if found.kind != "minion":
        raise RuleViolation("roundtable.boss.enemy-tokens", f"{target} is a token, not a unit: it cannot be targeted")
    return found


def check_attack(state: Table, unit: Unit, target: str) -> None:
    """A unit may attack a minion (not a token) within its range."""
    m = minion(state, target)
    dist = distance(unit.square, m.square)
    if not in_range(state, unit, dist):
        raise RuleViolation("roundtable.attack.range", f"{target} is {dist} away")


def attack(state: Table, unit: Unit, target: str) -> list[Event]:
    """A unit attacks a minion (`check_attack` passed): the combat steps, the minion with its
    printed stats."""
    m = state.summons[target]
    stats = summon_info(state, m)
    dist = distance(unit.square, m.square)
    own, mods = combat_stats(state, unit, "attacking")
    hp = {unit.card: hp_left(state, unit), m.id: minion_hp(state, m)}
    facts: list[Event] = [ev.CombatStarted(rule="roundtable.boss.minion-attack", attacker=unit.card,
                                           defender=m.id, distance=dist)]
    lo, hi = stats["rng"]
    minion_reaches = lo <= dist <= hi

    def unit_strikes(blow: str, rule: str) -> None:
        atk = own["atk"]
        notes = [f"{source} {n:+d} ATK" for stat, n, source in mods if stat == "atk"]
        edge = triangle(state.cards[unit.card]["colour"], stats["colour"])
        if edge:
            atk += edge
            notes.append(f"weapon triangle {edge:+d}")
        for tag in sorted(tags(state, unit)):
            if EFFECTIVE.get(tag) in stats["tags"]:
                atk += EFFECTIVE_BONUS
                notes.append(f"[{tag}] +{EFFECTIVE_BONUS}")
        damage = min(max(0, atk - stats["def"]), hp[m.id])
        hp[m.id] -= damage
        facts.append(ev.Struck(rule=rule, unit=unit.card, target=m.id, blow=blow, atk=atk,
                               defence=stats["def"], damage=damage, hp=hp[m.id], modifiers=tuple(notes)))
        if hp[m.id] == 0:
            facts.append(ev.MinionDefeated(rule="roundtable.boss.minion-defeated", summon=m.id))

    def minion_strikes(blow: str, rule: str) -> None:
        atk = stats["atk"]
        notes = [f"{source} {n:+d} DEF" for stat, n, source in mods if stat == "def"]
        edge = triangle(stats["colour"], state.cards[unit.card]["colour"])
        if edge:
            atk += edge
            notes.insert(0, f"weapon triangle {edge:+d}")
        for tag in stats["tags"]:
            if EFFECTIVE.get(tag) in tags(state, unit):
                atk += EFFECTIVE_BONUS
                notes.append(f"[{tag}] +{EFFECTIVE_BONUS}")
        damage = min(max(0, atk - own["def"]), hp[unit.card])
        hp[unit.card] -= damage
        facts.append(ev.Struck(rule=rule, unit=m.id, target=unit.card, blow=blow, atk=atk,
                               defence=own["def"], damage=damage, hp=hp[unit.card],
                               modifiers=tuple(notes)))
        if hp[unit.card] == 0:
            facts.extend(defeat(state, unit, m.id))

    unit_strikes("attack", "roundtable.boss.minion-attack")
    if not hp[m.id]:
        facts.append(ev.BlowSkipped(rule="roundtable.combat.counter-defeated", unit=m.id, blow="counter",
                                    reason="defeated before it could counter"))
    elif not minion_reaches:
        facts.append(ev.BlowSkipped(rule="roundtable.combat.counter-range", unit=m.id, blow="counter",
                                    reason=f"attacker out of range ({dist})"))
    else:
        minion_strikes("counter", "roundtable.combat.counter")
    if hp[m.id] and hp[unit.card]:
        if own["spd"] == stats["spd"]:
            facts.append(ev.BlowSkipped(rule="roundtable.combat.follow-up-equal", unit=unit.card,
                                        blow="follow-up", reason=f"equal speed ({own['spd']})"))
        elif own["spd"] > stats["spd"]:
            unit_strikes("follow-up", "roundtable.combat.follow-up")
        elif minion_reaches:
            minion_strikes("follow-up", "roundtable.combat.follow-up")
        else:
            facts.append(ev.BlowSkipped(rule="roundtable.combat.follow-up-range", unit=m.id,
                                        blow="follow-up", reason=f"opponent out of range ({dist})"))
    if unit.shapestone and hp[unit.card]:
        facts.append(ev.ShapestoneDiscarded(rule="roundtable.combat.shapestone", unit=unit.card))
    return facts + [ev.CombatEnded(rule="roundtable.combat.end", attacker=unit.card, defender=m.id)]
