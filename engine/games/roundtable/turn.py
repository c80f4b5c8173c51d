"""III. Turn Actions: whose turn it is, what starts and ends a turn, the one
unit action of an activated unit, and what a turn action costs; with Boss
Mode's changes (its turn order, which actions exist) and our end of the
1 vs 1 game ("Not in the rulebook").

The guards here are the ones every turn action asks first (`check_turn`,
`check_mode`, `check_activation`, the costs); the topic modules ask them
before their own.
"""

from __future__ import annotations

from functools import cache

from engine.core.commands import Command
from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import boss
from . import events as ev
from .board import square_name
from .state import BOSS, PLAY, Table, Unit


# ---- whose turn, which actions ---------------------------------------------------------------
def check_turn(state: Table, seat: str) -> None:
    if state.phase != PLAY:
        raise RuleViolation("roundtable.setup.mulligan",
                            "setup is not over: each player keeps or mulligans first")
    if seat != state.active:
        raise RuleViolation("core.turn", f"it is {state.active}'s turn")


# Boss Mode changes which actions exist ("Boss Mode Basics", "On Player Turns").
ONLY_1V1 = {"capture": "roundtable.boss.no-capture", "retire": "roundtable.boss.no-capture",
            "shift": "roundtable.boss.no-shop", "buy": "roundtable.boss.no-shop",
            "use": "roundtable.boss.no-shop", "vein-tile": "roundtable.boss.dv-uses",
            "bump": "roundtable.boss.dv-uses"}
ONLY_BOSS = ("vein-move", "vein-remove", "boss-action")


def check_mode(state: Table, command: Command) -> None:
    if state.mode == "boss" and command.verb in ONLY_1V1:
        raise RuleViolation(ONLY_1V1[command.verb], f"there is no {command.verb} in Boss Mode")
    if state.mode != "boss" and command.verb == "boss-action":
        raise RuleViolation("roundtable.boss.action", "boss actions belong to Boss Mode")
    if state.mode != "boss" and command.verb in ONLY_BOSS:
        raise RuleViolation("roundtable.dv.tile", f"{command.verb} is a Boss Mode way to spend DV")


# ---- activating a unit: move, then one unit action --------------------------------------------
def check_no_activation(state: Table) -> None:
    if state.activating is not None:
        raise RuleViolation("roundtable.turn.complete-action",
                            f"{state.activating} is mid-activation: finish its unit action (or wait) first")


def own_unit(state: Table, seat: str, unit: str) -> Unit:
    u = state.units.get(unit)
    if u is None or u.owner != seat:
        raise RuleViolation("roundtable.activate.own", f"{unit} is not one of your units on the map")
    return u


def ready_unit(state: Table, seat: str, unit: str) -> Unit:
    u = own_unit(state, seat, unit)
    if u.exhausted:
        raise RuleViolation("roundtable.activate.ready", f"{unit} is exhausted")
    return u


def check_activation(state: Table, seat: str, unit: str) -> None:
    """A unit action is taken by the unit being activated, or activates a Ready unit."""
    if state.activating != unit:
        check_no_activation(state)
        ready_unit(state, seat, unit)


def activation(state: Table, unit: str) -> list[Event]:
    """Nothing if `unit` is the one being activated; else activating it now (no move)."""
    if state.activating == unit:
        return []
    return [ev.UnitActivated(rule="roundtable.activate.ready", unit=unit)]


def done(unit: str) -> ev.ActivationEnded:
    return ev.ActivationEnded(rule="roundtable.activate.one-action", unit=unit)


# ---- squares and costs -----------------------------------------------------------------------
def check_square(square: str) -> None:
    refusal = square_refusal(square)
    if refusal is not None:
        raise RuleViolation(*refusal)


@cache
def square_refusal(square: str) -> tuple[str, str] | None:
    """Why `square` is no square of the map as written (None: it is one)."""
    try:
        named = square_name(square)
    except ValueError as e:
        return "roundtable.map.square", str(e)
    if named != square:
        return "roundtable.map.square", f"write the square as {named}, not {square!r}"
    return None


def check_coins(state: Table, seat: str, n: int, what: str) -> None:
    if state.player(seat).coins < n:
        raise RuleViolation("roundtable.coins.not-enough",
                            f"{what} costs {n} Anna Coin(s); you have {state.player(seat).coins}")


def check_dv(state: Table, seat: str, n: int, what: str) -> None:
    if state.player(seat).dv < n:
        raise RuleViolation("roundtable.dv.not-enough", f"{what} costs {n} DV; you have {state.player(seat).dv}")


# ---- the start and end of a turn -------------------------------------------------------------
def start_turn(state: Table, seat: str, number: int) -> list[Event]:
    """"Start of Turn": a coin (Boss Mode: a DV), the seat's units Ready, and its bonuses
    "until your next turn" lapse."""
    exhausted = tuple(sorted(u.card for u in state.units.values() if u.owner == seat and u.exhausted))
    if state.mode == "boss":
        facts: list[Event] = [ev.TurnStarted(rule="roundtable.boss.turn-order", seat=seat, turn=number),
                              ev.DragonVeinGained(rule="roundtable.boss.start-dv", seat=seat, dv=1)]
    else:
        facts = [ev.TurnStarted(rule="roundtable.turn.order", seat=seat, turn=number),
                 ev.CoinsGained(rule="roundtable.turn.start-coin", seat=seat, coins=1)]
    facts.append(ev.UnitsReadied(rule="roundtable.turn.start-ready", seat=seat, units=exhausted))
    lapsed = tuple(sorted({b.unit for b in state.buffs if b.seat == seat}))
    if lapsed:
        facts.append(ev.BuffsExpired(rule="roundtable.effect.until-next-turn", seat=seat, units=lapsed))
    return facts


def end_turn(state: Table, seat: str) -> list[Event]:
    """The seat ends its turn: the next player's starts, or the boss's; in 1 vs 1 the round
    limit may end the game (end.rounds)."""
    facts: list[Event] = [ev.TurnEnded(rule="roundtable.turn.end", seat=seat)]
    if state.mode == "boss":
        upcoming = boss.next_after(state)
        if upcoming == BOSS:
            return facts + boss.start_turn(state)
        return facts + start_turn(state, upcoming, state.turn + 1)
    if state.rounds and state.turn >= 2 * state.rounds:
        return facts + [game_ended(state, "roundtable.end.rounds")]
    return facts + start_turn(state, state.opponent(seat), state.turn + 1)


def game_ended(state: Table, rule: str) -> ev.GameEnded:
    """Our end of the 1 vs 1 game: most VP (cards and tokens) wins; then more VP tokens;
    else a draw."""
    scores = {s: state.player(s).vp for s in state.seats}

    def standing(seat: str) -> tuple[int, int]:
        return scores[seat], state.player(seat).vp_tokens

    top, other = sorted(state.seats, key=standing, reverse=True)
    if standing(top) == standing(other):
        result = f"draw, {scores[top]} VP each"
    else:
        result = f"{top} wins, {scores[top]} VP to {scores[other]}"
    return ev.GameEnded(rule=rule, result=result, scores=scores)
