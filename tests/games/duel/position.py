"""The duel's position (docs/positions.md): its whole state as JSON.

Sections, each optional when read (a fresh round 1 is the default):
`round`, `phase`, `leader`, `active`, `turns`, `life` ({seat: n}),
`stances` ({seat: attack|guard}, hidden until `revealed`), `stance_steps`,
`revealed`, `deadline`, `damage` (a strike waiting for its aim), `taken`
(damage a parry may heal), `winner`, `reason`.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import evolved
from engine.core.position import BadPosition

from .rules import LIFE, ROUNDS, SEATS, STANCES_ALLOWED, options
from .state import AIM, OVER, REACT, STANCES, STORM, TURN, Duel

PHASES = (STANCES, TURN, AIM, REACT, STORM, OVER)


def position(state: Duel) -> dict[str, Any]:
    return {
        "options": {"timer": state.timer},
        "round": state.round, "phase": state.phase, "leader": state.leader, "active": state.active,
        "turns": state.turns, "life": dict(state.life or {}), "stances": dict(state.stances or {}),
        "stance_steps": dict(state.stance_steps or {}), "revealed": state.revealed,
        "deadline": state.deadline, "damage": state.damage, "taken": state.taken,
        "winner": state.winner, "reason": state.reason,
    }


def from_position(data: dict[str, Any]) -> Duel:
    opts = options(None, {k: str(v) for k, v in data.get("options", {}).items()})
    life = _life(data.get("life", dict.fromkeys(SEATS, LIFE)))
    state = evolved(Duel(), seats=SEATS, life=life, rounds=ROUNDS, timer=opts["timer"],
                    round=_whole("round", data.get("round", 1), 1, ROUNDS),
                    phase=_one_of("phase", data.get("phase", STANCES), PHASES),
                    leader=_one_of("leader", data.get("leader", SEATS[0]), SEATS),
                    active=_one_of("active", data.get("active", ""), ("", *SEATS)),
                    turns=_whole("turns", data.get("turns", 0), 0, 2),
                    stances=_stances(data.get("stances", {})), stance_steps=_steps(data.get("stance_steps", {})),
                    revealed=bool(data.get("revealed", False)), deadline=data.get("deadline"),
                    damage=_whole("damage", data.get("damage", 0), 0, 4),
                    taken=_whole("taken", data.get("taken", 0), 0, 4),
                    winner=data.get("winner"), reason=str(data.get("reason", "")))
    if state.phase in (TURN, AIM, REACT) and not state.active:
        raise BadPosition("duel.turn", f"phase {state.phase}: some seat must be active")
    if state.phase == AIM and not state.damage:
        raise BadPosition("duel.strike.aim", "phase aim: a strike waits for its aim, so damage is 1 or more")
    if state.revealed and set(state.stances) != set(SEATS):
        raise BadPosition("duel.stance.reveal", "stances are revealed only once both seats have chosen")
    return state


def _life(life: Any) -> dict[str, int]:
    if not isinstance(life, dict) or set(life) != set(SEATS):
        raise BadPosition("duel.setup", f"life: one number for each of {', '.join(SEATS)}")
    return {s: _whole(f"life.{s}", v, 0, LIFE + ROUNDS) for s, v in life.items()}


def _stances(stances: Any) -> dict[str, str]:
    if not isinstance(stances, dict) or not set(stances) <= set(SEATS):
        raise BadPosition("duel.stance", f"stances: an object of seat -> {' or '.join(STANCES_ALLOWED)}")
    return {s: _one_of(f"stances.{s}", v, STANCES_ALLOWED) for s, v in stances.items()}


def _steps(steps: Any) -> dict[str, int]:
    if not isinstance(steps, dict) or not set(steps) <= set(SEATS):
        raise BadPosition("duel.stance", "stance_steps: an object of seat -> step")
    return {s: _whole(f"stance_steps.{s}", v, 1, 2**62) for s, v in steps.items()}


def _whole(name: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadPosition("duel.setup", f"{name}: a whole number from {lo} to {hi}, not {str(value)[:20]!r}")
    return value


def _one_of(name: str, value: Any, allowed: tuple) -> Any:
    if value not in allowed:
        raise BadPosition("duel.setup", f"{name}: one of {', '.join(map(repr, allowed))}, not {str(value)[:20]!r}")
    return value
