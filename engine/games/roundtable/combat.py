"""VI. Combat Rules: the steps of a combat between two units, the stats each
brings (the weapon triangle, effectiveness, passives and the bonuses of
reactions), and which reaction specials may answer an attack.

Stats are fixed when combat starts (a Shapestone's stats hold for the whole
combat and the token goes afterwards).  Each blow is one `Struck` fact so a
combat can be audited one step at a time.  A unit that falls dies as
`damage.defeat` says.
"""

from __future__ import annotations

from engine.core.events import Event

from . import events as ev
from .board import allied, distance, hp_left, orthogonal_neighbours, stats, tags, terrain_at
from .content import STATS, bonuses
from .damage import defeat
from .state import Table, Unit

BEATS = {"red": "green", "green": "blue", "blue": "red"}  # "Weapon Triangle"
# "Skill Effects in Combat": an effectiveness tag adds ATK against units with the named tag.
EFFECTIVE = {"Eff vs Armor": "Armored", "Eff vs Cavalry": "Cavalry", "Eff vs Flying": "Flying"}
EFFECTIVE_BONUS = 2


def triangle(attacker_colour: str, defender_colour: str) -> int:
    """+1 with advantage, -1 with disadvantage, 0 for same colour or Gray."""
    if BEATS.get(attacker_colour) == defender_colour:
        return 1
    if BEATS.get(defender_colour) == attacker_colour:
        return -1
    return 0


def holds(state: Table, unit: Unit, when: str, role: str) -> bool:
    """Whether a passive's condition holds for `unit` in a combat as `role`."""
    if when == "always":
        return True
    if when in ("attacking", "defending"):
        return role == when
    if when == "on-castle":
        return terrain_at(state, unit.square) == "castle"
    if when == "outnumbered":
        # "Clarifications": the boss always has more units deployed than you.
        if state.mode == "boss":
            return True
        own = sum(1 for u in state.units.values() if u.owner == unit.owner)
        return len(state.units) - own > own
    if when == "ally-adjacent":
        near = orthogonal_neighbours(unit.square)
        # In Boss Mode every player's unit is an ally ("Clarifications").
        return any(allied(state, u, unit) and u.square in near for u in state.units.values())
    raise ValueError(f"unknown condition {when!r}")


def combat_stats(state: Table, unit: Unit, role: str) -> tuple[dict[str, int], list[tuple]]:
    """ATK/SPD/DEF for a combat in `role` (attacking/defending), and the modifiers
    that applied as (stat, n, source): the passive skill and the attachment when
    their condition holds (each once: passives do not stack), and reaction bonuses."""
    base = stats(state, unit)
    mods: list[tuple] = []
    skill = state.cards[unit.card]["skill"]
    passives = [(skill["name"], skill["effect"])] if skill["type"] == "passive" else []
    if unit.attachment:
        card = state.shop_cards[unit.attachment]
        passives.append((card["name"], card["effect"]))
    for name, effect in passives:
        if effect["do"] == "stat" and holds(state, unit, effect["when"], role):
            mods += [(stat, n, name) for stat, n in bonuses(effect)]
    mods += list(state.bonus.get(unit.card, ()))
    mods += [(b.stat, b.n, b.source) for b in state.buffs if b.unit == unit.card]
    return {s: base[s] + sum(n for stat, n, _ in mods if stat == s) for s in STATS}, mods


def _notes(mods: list[tuple], stat: str) -> list[str]:
    return [f"{source} {n:+d} {stat.upper()}" for s, n, source in mods if s == stat]


def attack_value(state: Table, striker: Unit, target: Unit, atk: int) -> tuple[int, tuple[str, ...]]:
    """The striker's ATK (`atk` with its own modifiers) against `target`, with the
    weapon triangle and effectiveness."""
    notes = []
    edge = triangle(state.cards[striker.card]["colour"], state.cards[target.card]["colour"])
    if edge:
        atk += edge
        notes.append(f"weapon triangle {edge:+d}")
    target_tags = tags(state, target)
    for tag in sorted(tags(state, striker)):
        if EFFECTIVE.get(tag) in target_tags:
            atk += EFFECTIVE_BONUS
            notes.append(f"[{tag}] +{EFFECTIVE_BONUS}")
    return atk, tuple(notes)


def in_range(state: Table, unit: Unit, dist: int) -> bool:
    s = stats(state, unit)
    return s["lo"] <= dist <= s["hi"]


def resolve(state: Table, attacker: str, defender: str) -> list[Event]:
    """"Steps to Combat": attack, counter attack, follow-up, then Shapestones go."""
    a, d = state.units[attacker], state.units[defender]
    dist = distance(a.square, d.square)
    sa, ma = combat_stats(state, a, "attacking")
    sd, md = combat_stats(state, d, "defending")
    fixed = {attacker: (sa, ma), defender: (sd, md)}
    hp = {attacker: hp_left(state, a), defender: hp_left(state, d)}
    facts: list[Event] = [ev.CombatStarted(rule="roundtable.combat.attack", attacker=attacker,
                                           defender=defender, distance=dist)]

    def strike(striker: Unit, target: Unit, blow: str, rule: str) -> None:
        (own, own_mods), (their, their_mods) = fixed[striker.card], fixed[target.card]
        atk, edge = attack_value(state, striker, target, own["atk"])
        notes = tuple(_notes(own_mods, "atk")) + edge + tuple(_notes(their_mods, "def"))
        defence = their["def"]
        damage = min(max(0, atk - defence), hp[target.card])
        hp[target.card] -= damage
        facts.append(ev.Struck(rule=rule, unit=striker.card, target=target.card, blow=blow,
                               atk=atk, defence=defence, damage=damage, hp=hp[target.card],
                               modifiers=notes))
        if hp[target.card] == 0:
            facts.extend(defeat(state, target, striker.owner))

    strike(a, d, "attack", "roundtable.combat.attack")
    if hp[defender] == 0:
        facts.append(ev.BlowSkipped(rule="roundtable.combat.counter-defeated", unit=defender,
                                    blow="counter", reason="defeated before it could counter"))
    elif not in_range(state, d, dist):
        facts.append(ev.BlowSkipped(rule="roundtable.combat.counter-range", unit=defender,
                                    blow="counter", reason=f"attacker out of range ({dist})"))
    else:
        strike(d, a, "counter", "roundtable.combat.counter")
    if hp[attacker] and hp[defender]:
        facts += _follow_up(state, a, d, dist, sa["spd"], sd["spd"], strike)
    for unit in (a, d):
        if unit.shapestone and hp[unit.card]:
            facts.append(ev.ShapestoneDiscarded(rule="roundtable.combat.shapestone", unit=unit.card))
    return facts + [ev.CombatEnded(rule="roundtable.combat.end", attacker=attacker, defender=defender)]


def _follow_up(state: Table, a: Unit, d: Unit, dist: int, speed_a: int, speed_d: int,
               strike) -> list[Event]:
    if speed_a == speed_d:
        return [ev.BlowSkipped(rule="roundtable.combat.follow-up-equal", unit=a.card, blow="follow-up",
                               reason=f"equal speed ({speed_a})")]
    faster, slower = (a, d) if speed_a > speed_d else (d, a)
    if not in_range(state, faster, dist):
        return [ev.BlowSkipped(rule="roundtable.combat.follow-up-range", unit=faster.card,
                               blow="follow-up", reason=f"opponent out of range ({dist})")]
    strike(faster, slower, "follow-up", "roundtable.combat.follow-up")
    return []


def reactors(state: Table, defender: Unit) -> list[Unit]:
    """The units whose reaction special may answer an attack on `defender` now, with their
    Special Ability token: the defender's own (trigger "attacked"), and those of its allies
    next to it (trigger "ally-attacked", stand-in): in 1 vs 1 the same player's units, in
    Boss Mode every player's ("Clarifications": ally units include all players' units)."""
    found = []
    near = orthogonal_neighbours(defender.square)
    for unit in state.units.values():
        skill = state.cards[unit.card]["skill"]
        if skill["type"] != "reaction" or not unit.special:
            continue
        if unit.card == defender.card and skill["trigger"] == "attacked":
            found.append(unit)
        elif skill["trigger"] == "ally-attacked" and unit.square in near and allied(state, unit, defender):
            found.append(unit)
    return found
