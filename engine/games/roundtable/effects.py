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
    ready        Ready an exhausted ally within `range`
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import events as ev
from .movement import distance, orthogonal_neighbours
from .state import Table, Unit

R = "roundtable."
STATS = ("atk", "spd", "def")
WHEN = ("always", "attacking", "defending", "ally-adjacent", "on-castle")
TARGETS = {"heal": "ally", "ready": "ally", "damage": "enemy", "gain": None, "stat": None,
           "combat-stat": None}


def check(effect: dict[str, Any], where: str) -> None:
    """Content must use the primitives as this module reads them."""
    kind = effect.get("do")
    if kind not in TARGETS:
        raise ValueError(f"{where}: unknown effect primitive {kind!r}")
    if kind in ("stat", "combat-stat") and not any(s in effect for s in STATS):
        raise ValueError(f"{where}: a {kind} effect names atk, spd or def")
    if kind == "stat" and effect.get("when") not in WHEN:
        raise ValueError(f"{where}: a stat effect says when: one of {', '.join(WHEN)}")


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
    if when == "ally-adjacent":
        near = orthogonal_neighbours(unit.square)
        return any(u.owner == unit.owner and u.square in near for u in state.units.values())
    raise ValueError(f"unknown condition {when!r}")


def apply(state: Table, seat: str, source: Unit | None, effect: dict[str, Any],
          target: str | None, rule: str) -> list[Event]:
    """The facts of an effect used by `seat` (from `source`, a unit, or a card)."""
    kind = effect["do"]
    wanted = target_kind(effect)
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
    if kind == "damage" and state.mode == "boss":
        from .boss import damage_bar  # boss imports combat, which imports this module

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
        return [ev.UnitsReadied(rule=rule, seat=unit.owner, units=(unit.card,))]
    if kind == "damage":
        return _damage(state, seat, source, effect, unit, rule)
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
    ("Clarifications"), but a Ready effect stays with your own units (our reading: the
    ally's out-of-turn activation it would open is not implemented)."""
    if state.mode == "boss":
        return wanted == "ally" and (effect["do"] != "ready" or unit.owner == seat)
    return (unit.owner == seat) == (wanted == "ally")


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
