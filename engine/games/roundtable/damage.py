"""Damage that is not a blow of combat, and what any damage ends: "Unit Death"
(VI. Combat Rules, with its Boss Mode change), a minion's defeat, a boss HP
bar emptied and the boss's lives ("Defeating a Boss").

Every effect that deals damage (a special, a shop item, an area effect, the
boss board's action) comes here, so non-lethal damage is capped in one
place: it never deals a unit's, a minion's or a boss HP bar's last point
(VIII. Boss Mode > Clarifications, rule `roundtable.boss.non-lethal`).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import events as ev
from .board import distance, distance_to_boss, hp_left, minion_hp
from .state import Summon, Table, Unit


def dealt(amount: int, left: int, non_lethal: bool) -> int:
    """The damage an effect of `amount` deals to something with `left` HP: never below
    0 HP, and never the last point when it is non-lethal."""
    return max(0, min(amount, left - 1 if non_lethal else left))


def defeat(state: Table, unit: Unit, victor: str) -> list[Event]:
    """"Unit Death": the card is discarded, the victor gains VP tokens, the owner DV.
    In Boss Mode nobody gains VP; the owner gains 1 DV unless the unit was Legendary."""
    legendary = state.cards[unit.card]["legendary"]
    facts: list[Event] = [ev.UnitDefeated(rule="roundtable.death.discard", unit=unit.card, owner=unit.owner)]
    if state.mode == "boss":
        if not legendary:
            facts.append(ev.DragonVeinGained(rule="roundtable.boss.death-dv", seat=unit.owner, dv=1))
        return facts
    second = state.player(unit.owner).losses > 0
    return facts + [
        ev.VictoryPointTokensGained(
            rule="roundtable.death.vp-legendary" if legendary else "roundtable.death.vp",
            seat=victor, tokens=2 if legendary else 1),
        ev.DragonVeinGained(rule="roundtable.death.dv-second" if second else "roundtable.death.dv",
                            seat=unit.owner, dv=2 if second else 1),
    ]


def damage_unit(state: Table, seat: str, source: Unit | None, effect: dict[str, Any], unit: Unit,
                rule: str) -> list[Event]:
    """An effect's damage on a unit (`seat`'s effect; a non-lethal one leaves it 1 HP)."""
    left = hp_left(state, unit)
    damage = dealt(effect["amount"], left, effect.get("non_lethal", False))
    facts: list[Event] = [ev.DamageDealt(rule=rule, unit=source.card if source else "",
                                         target=unit.card, damage=damage, hp=left - damage)]
    if left == damage:
        facts += defeat(state, unit, seat)
    return facts


# ---- Boss Mode: minions and the boss's HP bars ------------------------------------------------
def check_minion(state: Table, source: Unit | None, m: Summon, effect: dict[str, Any]) -> None:
    """An effect reaches a minion within its range."""
    if source is not None and "range" in effect and distance(source.square, m.square) > effect["range"]:
        raise RuleViolation("roundtable.effect.target", f"{m.id} is beyond range {effect['range']}")


def damage_minion(state: Table, source: Unit | None, m: Summon, effect: dict[str, Any],
                  rule: str) -> list[Event]:
    """An effect's direct damage on a minion (a non-lethal one leaves it 1 HP)."""
    left = minion_hp(state, m)
    damage = dealt(effect["amount"], left, effect.get("non_lethal", False))
    facts: list[Event] = [ev.DamageDealt(rule=rule, unit=source.card if source else "", target=m.id,
                                         damage=damage, hp=left - damage)]
    if damage == left:
        facts.append(ev.MinionDefeated(rule="roundtable.boss.minion-defeated", summon=m.id))
    return facts


def check_bar(state: Table, source: Unit | None, colour: str | None, effect: dict[str, Any]) -> None:
    """An effect's damage names one of the boss's HP bars, and reaches the tile."""
    if colour not in state.boss["hp"]:
        raise RuleViolation("roundtable.effect.target", f"the boss has no {colour} HP bar")
    if source is not None and "range" in effect and distance_to_boss(state, source.square) > effect["range"]:
        raise RuleViolation("roundtable.effect.target", f"the boss is beyond range {effect['range']}")


def damage_bar(state: Table, source: Unit | None, colour: str, effect: dict[str, Any],
               rule: str) -> list[Event]:
    """An effect's damage on one HP bar.  Non-lethal damage never deals the bar's last
    point: when that holds it back, the blow cites the clarification, whatever the path
    (one target, an area, the boss action)."""
    left = state.bar_left(colour)
    non_lethal = effect.get("non_lethal", False)
    damage = dealt(effect["amount"], left, non_lethal)
    held_back = non_lethal and 0 < left <= effect["amount"]
    facts: list[Event] = [ev.BossStruck(rule="roundtable.boss.non-lethal" if held_back else rule,
                                        unit=source.card if source else "", colour=colour,
                                        blow="effect", atk=0, defence=0, damage=damage,
                                        hp=left - damage, modifiers=())]
    if not any(state.bar_left(c) - (damage if c == colour else 0) for c in state.boss["hp"]):
        facts += life_lost(state)
    return facts


def life_lost(state: Table) -> list[Event]:
    """"Defeating a Boss": a life goes and the damage with it; the last life ends the game."""
    lives = state.lives - 1
    facts: list[Event] = [ev.BossLifeLost(rule="roundtable.boss.life", lives=lives)]
    if lives == 0:
        facts.append(ev.GameEnded(rule="roundtable.boss.win",
                                  result=f"the players defeat {state.boss['name']}", scores={}))
    return facts
