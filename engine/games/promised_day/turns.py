"""Whose turn it is (section 5, "Player Turns"): the guards every player
command passes, an action spent, and the end of a turn and of a round (the
Start Player marker passing left, the next round opening with the
Homunculus turn, the seventh round's end).
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.kit.turns import TurnOrder

from . import events as ev
from .end import Resolution
from .state import PLAYERS, Game


def require_phase(state: Game, phase: str, what: str) -> None:
    if state.phase != phase:
        raise RuleViolation("promised_day.turn.phase", f"{what} is not possible now ({state.phase})")


def require_turn(state: Game, seat: str) -> str:
    """The character whose turn it is, if `seat` plays it."""
    require_phase(state, PLAYERS, "a player's action")
    if state.seat_of.get(state.current) != seat:
        raise RuleViolation("promised_day.turn.order", f"it is {state.current}'s turn, not {seat}'s")
    return state.current


def require_actions(state: Game, seat: str) -> str:
    """The character whose turn it is, once its basic movement is over and no bonus waits."""
    character = require_turn(state, seat)
    if state.pending is not None:
        raise RuleViolation("promised_day.bonus.choose", "choose and resolve a Transmutation Bonus first")
    if not state.moved:
        raise RuleViolation("promised_day.turn.basic-movement-first",
                            "basic movement comes before the actions (`walk` to stay put)")
    return character


def take_action(state: Game, character: str, action: str, rule: str) -> Resolution:
    """A resolution that starts by spending one of the character's actions."""
    res = Resolution(state)
    res.add(ev.ActionTaken(rule=rule, character=character, action=action,
                           left=state.actions_left - 1))
    return res


def after_action(res: Resolution) -> list:
    """The facts of an action, and the end of the turn when it was the last one."""
    s = res.state
    if not res.over and s.pending is None and s.actions_left == 0:
        end_turn(res, "promised_day.turn.actions")
    return res.facts


def end(state: Game, seat: str) -> list:
    """The turn ends with actions left."""
    require_actions(state, seat)
    res = Resolution(state)
    end_turn(res, "promised_day.turn.end-early")
    return res.facts


def end_turn(res: Resolution, rule: str) -> None:
    s = res.state
    res.add(ev.TurnEnded(rule=rule, character=s.current, unused=s.actions_left))
    i = s.order.index(s.current)
    if i + 1 < len(s.order):
        res.add(ev.TurnBegan(rule="promised_day.turn.order", character=s.order[i + 1],
                             actions=s.actions_per_turn))
        return
    res.add(ev.RoundEnded(rule="promised_day.round.end", round=s.round))
    if s.round >= s.round_limit:
        res.add(ev.GameLost(rule="promised_day.end.rounds",
                            reason=f"round {s.round} ended with a tile still face up"))
        return
    order = TurnOrder(s.characters).starting_from(s.start).advance()  # the marker moves left
    nxt = order.current
    res.add(ev.StartPlayerPassed(rule="promised_day.round.start-player", character=nxt),
            ev.RoundBegan(rule="promised_day.round.begin", round=s.round + 1,
                          order=order.starting_from(nxt).seats),
            ev.HomunculusTurnBegan(rule="promised_day.homunculus.turn", round=s.round + 1))
