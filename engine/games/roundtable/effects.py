"""The effect primitives that skills and shop cards are written with
(II. Card Breakdown (6); content names them, `content.TARGETS`).

    stat         passive bonus to atk/spd/def `when` a condition holds
                 (always, attacking, defending, ally-adjacent, on-castle, outnumbered)
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

`stat` and `combat-stat` are read by combat (`combat.combat_stats`, reactions);
the others are used here: `check` holds the guards of an effect on a target
(what `decide` and `legal_commands` both ask), `apply` the facts of one that
passed them.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import events as ev
from . import summons
from .board import distance, distance_to_boss, hp_left, on_boss_tile, summon_at, unit_at
from .content import BOARD, bonuses, target_kind
from .damage import check_bar, check_minion, damage_bar, damage_minion, damage_unit
from .movement import entry_refusal
from .state import Summon, Table, Unit, evolve

ALLY_EFFECTS = ("heal", "ready", "buff")


# ---- the guards ------------------------------------------------------------------------------
def check(state: Table, seat: str, source: Unit | None, effect: dict[str, Any], target: str | None) -> None:
    """Whether `seat` may use `effect` from `source` (a unit, or None for a card) on `target`
    (a unit, a minion or an HP bar's colour; None: no target)."""
    kind = effect["do"]
    if kind == "damage-area":
        return _check_area(state, source, effect, target)
    if kind == "push" and state.mode == "boss":
        return _check_push_minion(state, source, effect, target)
    wanted = target_kind(effect)
    if (target is None) != (wanted is None):
        wants = f"needs an {wanted} unit as target" if wanted else "takes no target"
        raise RuleViolation("roundtable.effect.target", f"this effect {wants}")
    if kind in ("gain", "rally"):
        return None
    if kind == "damage" and state.mode == "boss":
        if target in state.summons:  # a minion; never a token ("Clarifications")
            return check_minion(state, source, summons.minion(state, target), effect)
        return check_bar(state, source, target, effect)
    unit = _target(state, seat, source, effect, target)
    if kind == "ready" and not unit.exhausted:
        raise RuleViolation("roundtable.effect.target", f"{unit.card} is not exhausted")
    if kind == "push":
        _pushed_to(state, source, unit, effect)
    elif kind not in (*ALLY_EFFECTS, "damage"):
        raise RuleViolation("roundtable.effect.target", f"a {kind} effect is not used by itself")
    return None


def _target(state: Table, seat: str, source: Unit | None, effect, target: str | None) -> Unit:
    unit = state.units.get(target) if target is not None else None
    wanted = target_kind(effect)
    if unit is None or not _fits(state, seat, unit, wanted, effect) or (
            source is not None and unit.card == source.card):
        raise RuleViolation("roundtable.effect.target", f"{target} is not an {wanted} unit this effect can target")
    if source is not None and "range" in effect and distance(source.square, unit.square) > effect["range"]:
        raise RuleViolation("roundtable.effect.target", f"{target} is beyond range {effect['range']}")
    return unit


def _fits(state: Table, seat: str, unit: Unit, wanted: str, effect) -> bool:
    """Ally or enemy as the effect wants.  In Boss Mode every player's unit is an ally
    ("Clarifications"); a Ready effect reaches another player's unit only in your own
    turn (the Dancer clarification), not while you act with a unit an ally readied."""
    if state.mode == "boss":
        return wanted == "ally" and (effect["do"] != "ready" or unit.owner == seat or (
            seat == state.active and state.guest is None))
    return (unit.owner == seat) == (wanted == "ally")


def _check_area(state: Table, source: Unit | None, effect, target: str | None) -> None:
    """An area spreads from a unit.  In Boss Mode the boss counts once however many of its
    squares are in the area ("Clarifications"): the player names the HP bar it takes the
    damage on, and only then."""
    if source is None:
        raise RuleViolation("roundtable.effect.target", "an area effect spreads from a unit")
    if state.mode != "boss":
        if target is not None:
            raise RuleViolation("roundtable.effect.target", "this effect takes no target")
        return
    boss_near = _boss_in_area(state, source, effect)
    if boss_near and target not in state.boss["hp"]:
        raise RuleViolation("roundtable.boss.area-once", "the boss is in the area: name the HP bar it takes the damage on")
    if not boss_near and target is not None:
        raise RuleViolation("roundtable.effect.target", "the boss is not in the area")


def _boss_in_area(state: Table, source: Unit, effect) -> bool:
    return distance_to_boss(state, source.square) <= effect["range"]


def _check_push_minion(state: Table, source: Unit | None, effect, target: str | None) -> None:
    """Moving an enemy in Boss Mode: a minion, never the boss tile nor a token."""
    if target in state.boss.get("hp", {}):
        raise RuleViolation("roundtable.boss.move-enemy", "an effect that moves an enemy cannot target the boss tile")
    if target not in state.summons:
        raise RuleViolation("roundtable.effect.target", f"{target} is not an enemy unit this effect can target")
    _pushed_to(state, source, summons.minion(state, target), effect)


def _pushed_to(state: Table, source: Unit | None, piece: Unit | Summon, effect) -> str:
    """The square one step straight away from `source` (the effect's unit) that `piece`
    is pushed to, if it may go there."""
    name = piece.card if isinstance(piece, Unit) else piece.id
    if source is None or distance(source.square, piece.square) > effect.get("range", 1):
        raise RuleViolation("roundtable.effect.target", f"{name} is beyond range {effect.get('range', 1)}")
    here, there = BOARD.parse(source.square), BOARD.parse(piece.square)
    direction = BOARD.direction_between(here, there)
    step = None if direction is None or direction.is_diagonal else BOARD.step(there, direction)
    if step is None:
        raise RuleViolation("roundtable.effect.push", f"{name} cannot be pushed straight away (in line, on the map)")
    to = str(step)
    if isinstance(piece, Unit):
        refusal = entry_refusal(state, piece, to) or (
            ("roundtable.effect.push", f"{to} is occupied") if _taken(state, to) else None)
    else:
        held = summons.taken(state, to)
        refusal = ("roundtable.effect.push", f"{to} is taken by {held}") if held else None
    if refusal:
        raise RuleViolation(*refusal)
    return to


def _taken(state: Table, square: str) -> bool:
    return bool(unit_at(state, square) or on_boss_tile(state, square) or summon_at(state, square))


# ---- the facts ---------------------------------------------------------------------------------
def apply(state: Table, seat: str, source: Unit | None, effect: dict[str, Any],
          target: str | None, rule: str) -> list[Event]:
    """The facts of an effect used by `seat` (from `source`, a unit, or a card) that
    passed `check`."""
    kind = effect["do"]
    if kind == "damage-area":
        return _damage_area(state, seat, source, effect, target, rule)
    if kind == "push" and state.mode == "boss":
        m = state.summons[target]
        return [ev.UnitPlaced(rule=rule, unit=m.id, origin=m.square, to=_pushed_to(state, source, m, effect))]
    if kind == "gain":
        return _gain(state, seat, effect, rule)
    if kind == "rally":
        # "All units you control": never another player's units, even in Boss Mode.
        return [ev.BuffGranted(rule="roundtable.effect.rally", unit=u.card, source=_name(state, source, rule),
                               bonuses=bonuses(effect), seat=seat)
                for u in sorted(state.units.values(), key=lambda u: u.card) if u.owner == seat]
    if kind == "damage" and state.mode == "boss":
        if target in state.summons:
            return damage_minion(state, source, state.summons[target], effect, rule)
        return damage_bar(state, source, target, effect, rule)
    unit = state.units[target]
    if kind == "heal":
        restored = min(effect["amount"], unit.damage)
        return [ev.HitPointsRestored(rule=rule, unit=source.card if source else "", target=unit.card,
                                     restored=restored, hp=hp_left(state, unit) + restored)]
    if kind == "ready":
        facts: list[Event] = [ev.UnitsReadied(rule=rule, seat=unit.owner, units=(unit.card,))]
        if unit.owner != seat:  # Boss Mode: another player's unit, who acts with it now
            facts.append(ev.AllyInvited(rule="roundtable.boss.dancer", seat=unit.owner, unit=unit.card))
        return facts
    if kind == "damage":
        return damage_unit(state, seat, source, effect, unit, rule)
    if kind == "buff":
        return [ev.BuffGranted(rule="roundtable.effect.until-next-turn", unit=unit.card,
                               source=_name(state, source, rule), bonuses=bonuses(effect), seat=seat)]
    return [ev.UnitPlaced(rule=rule, unit=unit.card, origin=unit.square,
                          to=_pushed_to(state, source, unit, effect))]  # push


def _gain(state: Table, seat: str, effect, rule: str) -> list[Event]:
    if state.mode == "boss":
        # Boss Mode has no coins: a coin effect gains a single DV for the whole effect.
        dv = effect.get("dv", 0) + (1 if effect.get("coins") else 0)
        return [ev.DragonVeinGained(rule="roundtable.boss.coins-as-dv", seat=seat, dv=dv)]
    facts: list[Event] = []
    if effect.get("coins"):
        facts.append(ev.CoinsGained(rule=rule, seat=seat, coins=effect["coins"]))
    if effect.get("dv"):
        facts.append(ev.DragonVeinGained(rule=rule, seat=seat, dv=effect["dv"]))
    return facts


def _name(state: Table, source: Unit | None, rule: str) -> str:
    return state.cards[source.card]["skill"]["name"] if source is not None else rule


def _damage_area(state: Table, seat: str, source: Unit, effect, target: str | None, rule: str):
    """Every enemy unit within range takes the damage, one after the other (in id order: the
    order changes nothing here).  In Boss Mode the boss counts once, on the HP bar the
    player named (non-lethal damage as on one target: `damage.damage_bar`); minions too,
    tokens never."""
    reach = effect["range"]
    if state.mode == "boss":
        facts: list[Event] = []
        if target is not None:  # `check` let a bar be named only with the boss in the area
            facts += damage_bar(state, source, target, effect, "roundtable.boss.area-once")
        for m in sorted(state.summons.values(), key=lambda m: m.id):
            if m.kind == "minion" and distance(source.square, m.square) <= reach:
                facts += damage_minion(state, source, m, effect, rule)
        return facts
    res = Resolution(state, evolve)
    for unit in sorted(state.units.values(), key=lambda u: u.card):
        if unit.owner != seat and distance(source.square, unit.square) <= reach:
            res.add(*damage_unit(res.state, seat, source, effect, res.state.units[unit.card], rule))
    return res.facts


def one_target(target: tuple[str, ...]) -> str | None:
    """The one target a command names for an effect (or none)."""
    if len(target) > 1:
        raise RuleViolation("roundtable.effect.target", "name at most one target")
    return target[0] if target else None
