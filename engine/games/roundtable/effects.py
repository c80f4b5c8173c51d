"""The effect primitives that skills and shop cards are written with.

Content names an effect as a small table, `{ do = "heal", amount = 3, range = 1 }`;
this module is the one place that knows what each primitive does.

    stat         passive bonus to atk/spd/def `when` a condition holds
                 (always, attacking, defending, ally-adjacent, on-castle)
    combat-stat  bonus to atk/spd/def for the combat at hand (reactions)
    heal         restore `amount` HP to an ally within `range` (any own unit for a card)
    damage       deal `amount` damage to an enemy within `range`; `non_lethal` never
                 deals the last point
    gain         gain `coins` Anna Coins and/or `dv` Dragon Vein
    ready        Ready an exhausted ally within `range` (in Boss Mode another player's unit
                 too: its player then moves and acts with it at once)
    damage-area  deal `amount` damage to every enemy unit within `range` (the boss once, on
                 the HP bar named as target)
    buff         an ally within `range` gets atk/spd/def bonuses until your next turn
    push         push an enemy unit within `range` one square straight away from this unit
    rally        every unit you control gets atk/spd/def bonuses until your next turn

Passive `stat` conditions: always, attacking, defending, ally-adjacent, on-castle, and
outnumbered (the enemy has more units deployed than you; always so against a boss).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import events as ev
from .content import BOARD
from .movement import distance, entry_refusal, orthogonal_neighbours
from .state import Table, Unit, evolve

R = "roundtable."
STATS = ("atk", "spd", "def")
WHEN = ("always", "attacking", "defending", "ally-adjacent", "on-castle", "outnumbered")
TARGETS = {"heal": "ally", "ready": "ally", "damage": "enemy", "gain": None, "stat": None,
           "combat-stat": None, "damage-area": None, "buff": "ally", "push": "enemy",
           "rally": None}


def check(effect: dict[str, Any], where: str) -> None:
    """Content must use the primitives as this module reads them."""
    kind = effect.get("do")
    if kind not in TARGETS:
        raise ValueError(f"{where}: unknown effect primitive {kind!r}")
    if kind in ("stat", "combat-stat", "buff", "rally") and not any(s in effect for s in STATS):
        raise ValueError(f"{where}: a {kind} effect names atk, spd or def")
    if kind == "stat" and effect.get("when") not in WHEN:
        raise ValueError(f"{where}: a stat effect says when: one of {', '.join(WHEN)}")


TRIGGERS = ("attacked", "ally-attacked")


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
        elif skill["trigger"] == "ally-attacked" and unit.square in near and (
                state.mode == "boss" or unit.owner == defender.owner):
            found.append(unit)
    return found


def target_kind(effect: dict[str, Any]) -> str | None:
    return TARGETS[effect["do"]]


def bonuses(effect: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple((s, effect[s]) for s in STATS if effect.get(s))


def holds(state: Table, unit: Unit, when: str, role: str) -> bool:
    """Whether a passive's condition holds for `unit` in a combat as `role`."""
    if when == "always":
        return True
    if when in ("attacking", "defending"):
        return role == when
    if when == "on-castle":
        return state.terrain_at(unit.square) == "castle"
    if when == "outnumbered":
        # "Clarifications": the boss always has more units deployed than you.
        if state.mode == "boss":
            return True
        own = sum(1 for u in state.units.values() if u.owner == unit.owner)
        return len(state.units) - own > own
    if when == "ally-adjacent":
        near = orthogonal_neighbours(unit.square)
        # In Boss Mode every player's unit is an ally ("Clarifications").
        return any((state.mode == "boss" or u.owner == unit.owner) and u.square in near
                   for u in state.units.values())
    raise ValueError(f"unknown condition {when!r}")


def apply(state: Table, seat: str, source: Unit | None, effect: dict[str, Any],
          target: str | None, rule: str) -> list[Event]:
    """The facts of an effect used by `seat` (from `source`, a unit, or a card)."""
    kind = effect["do"]
    wanted = target_kind(effect)
    if kind == "damage-area":
        return _damage_area(state, seat, source, effect, target, rule)
    if kind == "push" and state.mode == "boss":
        return _push_in_boss_mode(state, source, effect, target, rule)
    if (target is None) != (wanted is None):
        wants = f"needs an {wanted} unit as target" if wanted else "takes no target"
        raise RuleViolation(R + "effect.target", f"this effect {wants}")
    if kind == "gain" and state.mode == "boss":
        # Boss Mode has no coins: a coin effect gains a single DV for the whole effect.
        dv = effect.get("dv", 0) + (1 if effect.get("coins") else 0)
        return [ev.DragonVeinGained(rule=R + "boss.coins-as-dv", seat=seat, dv=dv)]
    if kind == "gain":
        facts: list[Event] = []
        if effect.get("coins"):
            facts.append(ev.CoinsGained(rule=rule, seat=seat, coins=effect["coins"]))
        if effect.get("dv"):
            facts.append(ev.DragonVeinGained(rule=rule, seat=seat, dv=effect["dv"]))
        return facts
    if kind == "rally":
        # "All units you control": never another player's units, even in Boss Mode.
        return [ev.BuffGranted(rule=R + "effect.rally", unit=u.card, source=_name(state, source, rule),
                               bonuses=bonuses(effect), seat=seat)
                for u in sorted(state.units.values(), key=lambda u: u.card) if u.owner == seat]
    if kind == "damage" and state.mode == "boss":
        from . import summons  # both import combat, which imports this module
        from .boss import damage_bar

        if target in state.summons:  # a minion; never a token ("Clarifications")
            return summons.damage(state, source, summons.minion(state, target), effect, rule)
        return damage_bar(state, source, target, effect, rule)
    unit = _target(state, seat, source, effect, target)
    if kind == "heal":
        restored = min(effect["amount"], unit.damage)
        hp = state.cards[unit.card]["hp"] - unit.damage + restored
        return [ev.HitPointsRestored(rule=rule, unit=source.card if source else "", target=unit.card,
                                     restored=restored, hp=hp)]
    if kind == "ready":
        if not unit.exhausted:
            raise RuleViolation(R + "effect.target", f"{unit.card} is not exhausted")
        facts = [ev.UnitsReadied(rule=rule, seat=unit.owner, units=(unit.card,))]
        if unit.owner != seat:  # Boss Mode: another player's unit, who acts with it now
            facts.append(ev.AllyInvited(rule=R + "boss.dancer", seat=unit.owner, unit=unit.card))
        return facts
    if kind == "damage":
        return _damage(state, seat, source, effect, unit, rule)
    if kind == "buff":
        return [ev.BuffGranted(rule=R + "effect.until-next-turn", unit=unit.card,
                               source=_name(state, source, rule), bonuses=bonuses(effect), seat=seat)]
    if kind == "push":
        return [_push(state, source, unit.card, unit.square, effect, rule,
                      lambda to: entry_refusal(state, unit, to) or (
                          (R + "effect.push", f"{to} is occupied") if _taken(state, to) else None))]
    raise RuleViolation(R + "effect.target", f"a {kind} effect is not used by itself")


def _target(state: Table, seat: str, source: Unit | None, effect, target: str) -> Unit:
    unit = state.units.get(target)
    wanted = target_kind(effect)
    if unit is None or not _fits(state, seat, unit, wanted, effect) or (
            source is not None and unit.card == source.card):
        raise RuleViolation(R + "effect.target", f"{target} is not an {wanted} unit this effect can target")
    if source is not None and "range" in effect and distance(source.square, unit.square) > effect["range"]:
        raise RuleViolation(R + "effect.target", f"{target} is beyond range {effect['range']}")
    return unit


def _fits(state: Table, seat: str, unit: Unit, wanted: str, effect) -> bool:
    """Ally or enemy as the effect wants.  In Boss Mode every player's unit is an ally
    ("Clarifications"); a Ready effect reaches another player's unit only in your own
    turn (the Dancer clarification), not while you act with a unit an ally readied."""
    if state.mode == "boss":
        return wanted == "ally" and (effect["do"] != "ready" or unit.owner == seat or (
            seat == state.active and state.guest is None))
    return (unit.owner == seat) == (wanted == "ally")


def _name(state: Table, source: Unit | None, rule: str) -> str:
    return state.cards[source.card]["skill"]["name"] if source is not None else rule


def _taken(state: Table, square: str) -> bool:
    return bool(state.unit_at(square) or square in state.boss_squares().values()
                or (state.summons and state.summon_at(square)))


def _push(state: Table, source: Unit | None, piece: str, square: str, effect, rule: str,
          refusal) -> ev.UnitPlaced:
    """One square straight away from `source` (the effect's unit); `refusal(to)` says why
    the piece may not go there."""
    if source is None or distance(source.square, square) > effect.get("range", 1):
        raise RuleViolation(R + "effect.target", f"{piece} is beyond range {effect.get('range', 1)}")
    here, there = BOARD.parse(source.square), BOARD.parse(square)
    direction = BOARD.direction_between(here, there)
    step = None if direction is None or direction.is_diagonal else BOARD.step(there, direction)
    if step is None:
        raise RuleViolation(R + "effect.push", f"{piece} cannot be pushed straight away (in line, on the map)")
    why = refusal(str(step))
    if why:
        raise RuleViolation(*why)
    return ev.UnitPlaced(rule=rule, unit=piece, origin=square, to=str(step))


def _push_in_boss_mode(state: Table, source: Unit | None, effect, target: str | None, rule: str):
    """Moving an enemy in Boss Mode: a minion, never the boss tile nor a token."""
    from . import summons

    if target in state.boss.get("hp", {}):
        raise RuleViolation(R + "boss.move-enemy", "an effect that moves an enemy cannot target the boss tile")
    if target not in state.summons:
        raise RuleViolation(R + "effect.target", f"{target} is not an enemy unit this effect can target")
    m = summons.minion(state, target)
    return [_push(state, source, m.id, m.square, effect, rule,
                  lambda to: (R + "effect.push", f"{to} is taken by {summons.taken(state, to)}")
                  if summons.taken(state, to) else None)]


def _damage_area(state: Table, seat: str, source: Unit | None, effect, target: str | None, rule: str):
    """Every enemy unit within range takes the damage, one after the other (in id order: the
    order changes nothing here).  In Boss Mode the boss counts once however many of its
    squares are in range, on the HP bar the player names; minions too, tokens never."""
    from . import summons
    from .boss import damage_bar

    if source is None:
        raise RuleViolation(R + "effect.target", "an area effect spreads from a unit")
    reach = effect["range"]
    facts: list[Event] = []
    after = state
    if state.mode == "boss":
        boss_near = min(distance(source.square, sq) for sq in state.boss_squares().values()) <= reach
        if boss_near and target not in state.boss["hp"]:
            raise RuleViolation(R + "boss.area-once", "the boss is in the area: name the HP bar it takes the damage on")
        if not boss_near and target is not None:
            raise RuleViolation(R + "effect.target", "the boss is not in the area")
        if boss_near:
            facts += damage_bar(state, source, target, {"amount": effect["amount"]}, R + "boss.area-once")
        for m in sorted(state.summons.values(), key=lambda m: m.id):
            if m.kind == "minion" and distance(source.square, m.square) <= reach:
                facts += summons.damage(state, source, m, effect, rule)
        return facts
    if target is not None:
        raise RuleViolation(R + "effect.target", "this effect takes no target")
    for unit in sorted(state.units.values(), key=lambda u: u.card):
        if unit.owner != seat and distance(source.square, unit.square) <= reach:
            hurt = _damage(after, seat, source, effect, after.units[unit.card], rule)
            for fact in hurt:
                after = evolve(after, fact)
            facts += hurt
    return facts


def _damage(state: Table, seat: str, source: Unit | None, effect, unit: Unit, rule: str):
    from .combat import defeat  # combat imports this module for passives

    left = state.cards[unit.card]["hp"] - unit.damage
    damage = min(effect["amount"], left - 1 if effect.get("non_lethal") else left)
    facts: list[Event] = [ev.DamageDealt(rule=rule, unit=source.card if source else "",
                                         target=unit.card, damage=max(0, damage),
                                         hp=left - max(0, damage))]
    if left - damage == 0:
        facts += defeat(state, unit, seat)
    return facts
