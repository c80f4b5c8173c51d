"""What a seat may see, redaction, one-line descriptions, a text picture, bots.

Hidden: the other seat's stance until both are revealed (the state holds
it from the moment it is chosen).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.events import SecretRevealed, evolved

from . import events as ev
from .commands import Command
from .state import AIM, Duel

HIDDEN = "(hidden)"


def _stance_shown(state: Duel, owner: str, viewer: str | None) -> bool:
    return viewer is None or viewer == owner or state.revealed


def view(state: Duel, seat: str | None) -> dict[str, Any]:
    stances = state.stances or {}
    return {
        "round": state.round, "rounds": state.rounds, "phase": state.phase,
        "leader": state.leader, "active": state.active,
        "timer": state.timer, "deadline": state.deadline,
        "seats": {s: {"life": state.life[s], "chosen": s in stances,
                      "stance": stances.get(s) if _stance_shown(state, s, seat) else None}
                  for s in state.seats},
        "strike": {"seat": state.active, "damage": state.damage} if state.phase == AIM else None,
        "winner": state.winner, "reason": state.reason,
    }


def scramble_hidden(state: Duel, seat: str | None, rng: random.Random) -> Duel:
    """Another stance for every seat whose stance `seat` may not see."""
    if not state.stances or seat is None or state.revealed:
        return state
    stances = {s: v if s == seat else rng.choice(("attack", "guard"))
               for s, v in state.stances.items()}
    return evolved(state, stances=stances)


def redact(event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    if isinstance(event, ev.StanceChosen) and seat is not None and seat != event.seat:
        data["stance"] = HIDDEN
    return data


def describe(e) -> str:
    """Public: never names a stance before `StancesRevealed` does."""
    match e:
        case ev.DuelistsReady():
            timer = f", {e.timer} s a turn" if e.timer else ""
            return f"{' and '.join(e.seats)} face off with {e.life} life ({e.rounds} rounds{timer})"
        case ev.RoundStarted():
            return f"round {e.round}: {e.leader} leads"
        case ev.StanceChosen():
            return f"{e.seat} chose a stance"
        case SecretRevealed():
            return f"the secret commands of steps {', '.join(map(str, e.steps))} are revealed"
        case ev.StancesRevealed():
            return f"stances revealed: red {e.red}, blue {e.blue}"
        case ev.TurnStarted():
            return f"{e.seat}'s turn"
        case ev.TurnTimerStarted():
            return f"{e.seat} must end the turn by {e.deadline}"
        case ev.StrikeDeclared():
            return f"{e.seat} strikes {e.target} for {e.damage}"
        case ev.Struck():
            return f"{e.target} is struck on the {e.zone} for {e.damage}"
        case ev.Recoiled():
            return f"{e.seat} loses {e.life} life for striking at the head"
        case ev.Parried():
            return f"{e.seat} parries and heals {e.healed}"
        case ev.TurnTimedOut():
            return f"{e.seat}'s time is up"
        case ev.TurnEnded():
            return f"{e.seat} ends the turn"
        case ev.StormGathered():
            return f"a storm gathers over round {e.round}"
        case ev.DieRolled():
            return f"{e.die} rolled: {e.value}"
        case ev.StormStruck():
            return f"the storm strikes both for {e.damage}"
        case ev.DuelEnded():
            return f"{e.winner} wins ({e.reason})" if e.winner else f"draw ({e.reason})"
    return type(e).__name__


def render(state: Duel) -> str:
    if not state.seats:
        return "(no duel set up yet)"
    lines = [f"duel, round {state.round} of {state.rounds} - {state.phase}"
             + (f", {state.active} to play" if state.active else "")]
    for s in state.seats:
        stance = (state.stances or {}).get(s)
        shown = stance if state.revealed else ("chosen" if stance else "-")
        lines.append(f"  {s:<5} life {state.life[s]:>2}   stance {shown}")
    if state.deadline:
        lines.append(f"  turn ends by {state.deadline}")
    return "\n".join(lines)


def random_bot(state: Duel, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    return rng.choice(list(legal))


BOTS = {"random": random_bot}
