"""V. Unit Actions > Attacking: whom a unit may attack (an enemy unit; in Boss
Mode a boss corner or a minion), the reaction window before the blows
(II. Card Breakdown (6): reaction specials; General Turn Actions: reaction
cards), and [Pickpocket] after the attack.  The blows themselves are
`combat.py`'s, `boss.py`'s and `summons.py`'s.
"""

from __future__ import annotations

from engine.core.commands import Command
from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import boss, combat, summons
from . import events as ev
from .board import distance
from .commands import Pass, React, Use
from .content import bonuses
from .shop import shop_card
from .state import Table, Unit, evolve
from .turn import activation, check_activation, done

PICKPOCKET_ROLL = 4


# ---- declaring an attack ---------------------------------------------------------------------
def check_attack(state: Table, seat: str, unit: str, target: str) -> None:
    check_activation(state, seat, unit)
    if state.mode == "boss" and target in state.summons:
        return summons.check_attack(state, state.units[unit], target)
    if state.mode == "boss":
        return boss.check_attack(state, state.units[unit], target)
    defender = state.units.get(target)
    if defender is None or defender.owner == seat:
        raise RuleViolation("roundtable.attack.enemy", f"{target} is not an enemy unit on the map")
    attacker = state.units[unit]
    dist = distance(attacker.square, defender.square)
    if not combat.in_range(state, attacker, dist):
        raise RuleViolation("roundtable.attack.range", f"{target} is {dist} away; {unit}'s range is "
                            f"{'-'.join(map(str, sorted(set(state.cards[unit]['rng']))))}")
    return None


def attack(state: Table, seat: str, unit: str, target: str, dice) -> list[Event]:
    """The attack is fought out at once, or waits for the defender's reactions."""
    res = Resolution(state, evolve, dice)
    res.add(*activation(state, unit))
    if state.mode == "boss" and target in state.summons:
        facts = res.facts + summons.attack(res.state, state.units[unit], target)
        return facts + pickpocket(state, seat, unit, dice, facts) + [done(unit)]
    if state.mode == "boss":
        facts = res.facts + boss.attack(res.state, state.units[unit], target)
        return facts + pickpocket(state, seat, unit, dice, facts) + [done(unit)]
    defender = state.units[target]
    if may_react(res.state, defender):
        return res.facts + [ev.AttackDeclared(rule="roundtable.reaction.window", attacker=unit,
                                              defender=target, seat=defender.owner)]
    facts = res.facts + combat.resolve(res.state, unit, target)
    return facts + pickpocket(state, seat, unit, dice, facts) + [done(unit)]


def pickpocket(state: Table, seat: str, unit: str, dice, combat_facts: list[Event]) -> list[Event]:
    """[Pickpocket] (stand-in tag, see rulebook.py): after its attack, if it survived, a die
    roll of 4 or more pockets an extra Anna Coin; in Boss Mode a single DV, no roll
    ("Clarifications")."""
    if "Pickpocket" not in state.cards[unit]["tags"] or any(
            isinstance(f, ev.UnitDefeated) and f.unit == unit for f in combat_facts):
        return []
    if state.mode == "boss":
        return [ev.DragonVeinGained(rule="roundtable.boss.pickpocket", seat=seat, dv=1)]
    value = dice.d6()
    facts: list[Event] = [ev.PickpocketRolled(rule="roundtable.tag.pickpocket", unit=unit, value=value)]
    if value >= PICKPOCKET_ROLL:
        facts.append(ev.CoinsGained(rule="roundtable.tag.pickpocket", seat=seat, coins=1))
    return facts


# ---- the reaction window ---------------------------------------------------------------------
def may_react(state: Table, defender: Unit) -> bool:
    """The defender's player is asked whenever a reaction could be possible from
    what everyone sees: a reaction special with its token, or any shop card in hand
    (so asking does not betray which cards the hand holds)."""
    return bool(state.player(defender.owner).shop_hand) or bool(combat.reactors(state, defender))


def other_reacting_seats(state: Table) -> tuple[str, ...]:
    """Boss Mode: players other than the attacked unit's whose units may react to the
    attack (an "ally-attacked" reaction next to it: all players' units are allies)."""
    asked = state.pending[2]
    found = {u.owner for u in combat.reactors(state, state.units[state.pending[1]])}
    return tuple(sorted(found - {asked}))


def check_reaction(state: Table, seat: str, command: Command) -> None:
    """While an attack waits: the asked player reacts or passes; another player whose
    unit may react to it reacts."""
    _, defender, asked = state.pending
    if seat != asked and not (isinstance(command, React) and seat in other_reacting_seats(state)):
        raise RuleViolation("core.turn", f"the attack on {defender} waits for {asked}'s reactions")
    match command:
        case React(name):
            reacting = {u.card for u in combat.reactors(state, state.units[defender]) if u.owner == seat}
            if name not in reacting:
                raise RuleViolation("roundtable.reaction.condition",
                                    f"{name} has no reaction special usable now (the attacked unit's, "
                                    f"or an adjacent ally's that guards it)")
            return
        case Use(card, ()):
            info = shop_card(state, seat, card)
            if info["kind"] != "reaction" or info["trigger"] != "attacked":
                raise RuleViolation("roundtable.reaction.condition", f"{info['name']} cannot be played now")
            return
        case Pass():
            return
    raise RuleViolation("roundtable.reaction.window", f"the attack on {defender} waits for {asked}'s reactions")


def reaction(state: Table, seat: str, command: Command, dice) -> list[Event]:
    """A reaction's bonus for the combat to come; a pass lets the attack go ahead."""
    attacker, defender, _ = state.pending
    match command:
        case React(name):
            skill = state.cards[name]["skill"]
            rule = "roundtable.reaction.special" if name == defender else "roundtable.reaction.ally-attacked"
            return [ev.SpecialUsed(rule=rule, unit=name, skill=skill["name"]),
                    ev.CombatBonusGranted(rule=rule, unit=defender, source=skill["name"],
                                          bonuses=bonuses(skill["effect"]))]
        case Use(card, ()):
            info = state.shop_cards[card]
            return [ev.ShopCardUsed(rule="roundtable.reaction.card", seat=seat, card=card, name=info["name"]),
                    ev.CombatBonusGranted(rule="roundtable.reaction.card", unit=defender, source=info["name"],
                                          bonuses=bonuses(info["effect"]))]
    res = Resolution(state, evolve, dice)
    res.add(ev.ReactionsDeclined(rule="roundtable.reaction.pass", seat=seat))
    if state.boss_target is not None:  # the boss's attack in its turn
        _, colour, dist = state.boss_target
        return res.facts + boss.strike_unit(res.state, defender, colour, dist)
    facts = res.facts + combat.resolve(res.state, attacker, defender)
    return facts + pickpocket(state, state.active, attacker, dice, facts) + [done(attacker)]
