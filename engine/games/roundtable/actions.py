"""V. Unit Actions: an activated unit moves (IV. General Movement Rules), then
takes one unit action: capture, work, retire, its assist, its special, or
in Boss Mode the boss board's own action (attacks are `attacks.py`'s); a
unit that moved may wait instead.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import assists, effects
from . import events as ev
from .board import distance, distance_to_boss, dv_tiles, unit_at
from .damage import check_bar, damage_bar
from .movement import entry_refusal, reachable
from .state import Table, Unit, evolve
from .turn import (
    activation,
    check_activation,
    check_coins,
    check_square,
    done,
    game_ended,
    ready_unit,
)

COST_RETIRE = 3


# ---- moving ----------------------------------------------------------------------------------
def check_move(state: Table, seat: str, unit: str, square: str) -> None:
    """A Ready unit of yours moves to a square it can reach with its MOV."""
    u = ready_unit(state, seat, unit)
    check_square(square)
    if square not in reachable(state, u, state.cards[unit]["mov"]):
        _refuse_move(state, u, square)


def _refuse_move(state: Table, u: Unit, square: str) -> None:
    """Why `u` cannot end a move on `square`, in plain words."""
    if square == u.square:
        raise RuleViolation("roundtable.move.stay", "to act without moving, give the unit action directly")
    if unit_at(state, square):
        raise RuleViolation("roundtable.move.no-end-on-unit", f"{square} is occupied")
    refusal = entry_refusal(state, u, square)
    if refusal:
        raise RuleViolation(*refusal)
    if distance(u.square, square) > state.cards[u.card]["mov"]:
        raise RuleViolation("roundtable.move.mov", f"{square} is beyond MOV {state.cards[u.card]['mov']}")
    raise RuleViolation("roundtable.move.blocked", f"no path to {square}: enemy units or terrain are in the way")


def move(state: Table, unit: str, square: str) -> list[Event]:
    return [ev.UnitActivated(rule="roundtable.activate.ready", unit=unit),
            ev.UnitMoved(rule="roundtable.move.mov", unit=unit, origin=state.units[unit].square, to=square)]


def check_wait(state: Table, unit: str) -> None:
    if state.activating != unit:
        raise RuleViolation("roundtable.activate.wait", f"{unit} is not a unit that has just moved")


# ---- capture, work, retire -------------------------------------------------------------------
def check_capture(state: Table, seat: str, unit: str) -> None:
    check_activation(state, seat, unit)
    square = state.units[unit].square
    if state.terrain[square] != "castle":
        raise RuleViolation("roundtable.capture.castle", f"{square} is not a castle tile")
    if square in dv_tiles(state):
        raise RuleViolation("roundtable.capture.dv-tile", f"a DV Map Tile covers the castle on {square}")
    if state.player(seat).captured:
        raise RuleViolation("roundtable.capture.once", "you have already captured this turn")
    if not state.vp_deck:
        raise RuleViolation("roundtable.capture.vp-deck", "the VP card deck is empty")


def capture(state: Table, seat: str, unit: str) -> list[Event]:
    """The top VP card for the capturer, a DV for the opponent; taking the last VP card
    ends the game (end.vp-deck)."""
    res = Resolution(state, evolve)
    res.add(*activation(state, unit),
            ev.CastleCaptured(rule="roundtable.capture.vp", unit=unit, seat=seat,
                              square=state.units[unit].square, vp=state.vp_deck[0]),
            ev.DragonVeinGained(rule="roundtable.capture.dv", seat=state.opponent(seat), dv=1),
            done(unit))
    if state.end == "vp-deck" and len(state.vp_deck) == 1:
        return res.facts + [game_ended(res.state, "roundtable.end.vp-deck")]
    return res.facts


def work(state: Table, seat: str, unit: str) -> list[Event]:
    facts = activation(state, unit)
    square = state.units[unit].square
    if state.mode == "boss":
        return facts + [ev.DragonVeinGained(rule="roundtable.boss.work", seat=seat, dv=1), done(unit)]
    # A DV Map Tile's Plains side leaves the square no special properties ("DV Map Tiles"),
    # so a special Work square it covers pays as any other.
    special = square not in dv_tiles(state)
    covered = not special and (square in state.work_dv or square in state.work_coin)
    if special and square in state.work_dv:
        facts.append(ev.DragonVeinGained(rule="roundtable.work.pixel-dv", seat=seat, dv=1))
    else:
        facts.append(ev.CoinsGained(rule="roundtable.work.dv-tile" if covered else "roundtable.work.coin",
                                    seat=seat, coins=1))
    if special and square in state.work_coin:
        facts.append(ev.CoinsGained(rule="roundtable.work.pixel-coin", seat=seat, coins=1))
    return facts + [done(unit)]


def check_retire(state: Table, seat: str, unit: str) -> None:
    check_activation(state, seat, unit)
    check_coins(state, seat, COST_RETIRE, "retiring a unit")


def retire(state: Table, seat: str, unit: str) -> list[Event]:
    return activation(state, unit) + [
        ev.CoinsSpent(rule="roundtable.retire.cost", seat=seat, coins=COST_RETIRE),
        ev.UnitRetired(rule="roundtable.retire.discard", unit=unit),
        ev.DragonVeinGained(rule="roundtable.retire.dv", seat=seat, dv=1),
        done(unit),
    ]


# ---- assists and specials --------------------------------------------------------------------
def check_assist(state: Table, seat: str, unit: str, target: str, where: tuple[str, ...]) -> None:
    check_activation(state, seat, unit)
    for square in where:
        check_square(square)
    assists.check(state, state.units[unit], target, where)


def assist(state: Table, unit: str, target: str, where: tuple[str, ...]) -> list[Event]:
    return (activation(state, unit) + assists.resolve(state, state.units[unit], target, where)
            + [done(unit)])


def check_special(state: Table, seat: str, unit: str, target: tuple[str, ...]) -> None:
    """A unit whose skill is a (non-reaction) Special, with its token, on the target its
    effect takes."""
    check_activation(state, seat, unit)
    check_special_ready(state, state.units[unit])
    effects.check(state, seat, state.units[unit], state.cards[unit]["skill"]["effect"],
                  effects.one_target(target))


def check_special_ready(state: Table, u: Unit) -> None:
    """The unit's skill is a Special it may still use (its token unspent)."""
    if state.cards[u.card]["skill"]["type"] != "special":
        raise RuleViolation("roundtable.special.none", f"{u.card} has no Special Ability to use as its action")
    if not u.special:
        raise RuleViolation("roundtable.special.token", f"{u.card} has used its Special Ability token")


def special(state: Table, seat: str, unit: str, target: tuple[str, ...]) -> list[Event]:
    skill = state.cards[unit]["skill"]
    res = Resolution(state, evolve)
    res.add(*activation(state, unit), ev.SpecialUsed(rule="roundtable.special.token", unit=unit, skill=skill["name"]))
    return res.facts + effects.apply(res.state, seat, state.units[unit], skill["effect"],
                                     effects.one_target(target), "roundtable.special.effect") + [done(unit)]


# ---- Boss Mode: the boss board's own action --------------------------------------------------
def _action_damage(action: dict) -> dict:
    """The boss action's damage as an effect (it names no range: its own reach is checked)."""
    return {"amount": action["amount"], "non_lethal": action.get("non_lethal", False)}


def check_boss_action(state: Table, seat: str, unit: str, target: tuple[str, ...]) -> None:
    """"On Player Turns" (Boss Specific Action): what the boss board offers (stand-in data)."""
    check_activation(state, seat, unit)
    u = state.units[unit]
    check_boss_action_reach(state, u)
    action = state.boss["action"]
    if action["do"] == "delay":
        if target:
            raise RuleViolation("roundtable.boss.action", f"{action['name']} takes no target")
        if state.plan_delay + action["turns"] > action.get("most", action["turns"]):
            raise RuleViolation("roundtable.boss.action", f"the plan is already pushed back {state.plan_delay} "
                                f"turn(s), the most {action['name']} allows")
        return
    check_bar(state, u, effects.one_target(target) or "", _action_damage(action))


def check_boss_action_reach(state: Table, u: Unit) -> None:
    """The boss has an action, and the unit is within its reach of the boss tile."""
    action = state.boss.get("action")
    if action is None:
        raise RuleViolation("roundtable.boss.action", "this boss has no boss action")
    reach = distance_to_boss(state, u.square)
    if reach > action["range"]:
        raise RuleViolation("roundtable.boss.action", f"{action['name']} needs a unit within {action['range']} "
                            f"of the boss tile ({u.card} is {reach} away)")


def boss_action(state: Table, unit: str, target: tuple[str, ...]) -> list[Event]:
    action = state.boss["action"]
    facts = activation(state, unit)
    if action["do"] == "delay":
        facts.append(ev.BossPlanDelayed(rule="roundtable.boss.action", unit=unit, turns=action["turns"],
                                        plan_turns=state.plan_turns + action["turns"]))
    else:
        facts += damage_bar(state, state.units[unit], target[0], _action_damage(action), "roundtable.boss.action")
    return facts + [done(unit)]
