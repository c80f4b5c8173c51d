"""The state of a duel and `evolve`, the fold of its facts (no rules here)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.events import Event, SecretRevealed, evolved

from . import events as ev

# Phases: stances (secret choices), turn (the active seat strikes or ends),
# aim (the prompt to the striker), react (parry or end), storm (the system's), over.
SETUP, STANCES, TURN, AIM, REACT, STORM, OVER = "setup", "stances", "turn", "aim", "react", "storm", "over"


@dataclass(frozen=True)
class Duel:
    phase: str = SETUP
    seats: tuple[str, ...] = ()
    life: dict[str, int] | None = None
    rounds: int = 0
    timer: int = 0                       # seconds per turn; 0: no deadline
    round: int = 0
    leader: str = ""                     # takes the round's first turn
    stances: dict[str, str] | None = None  # chosen this round (hidden until revealed)
    stance_steps: dict[str, int] | None = None  # where each stance command is recorded
    revealed: bool = False
    active: str = ""
    turns: int = 0                       # turns begun this round
    deadline: str | None = None          # ISO time the active turn must end by
    damage: int = 0                      # of the strike waiting for its aim
    taken: int = 0                       # damage the defender just took (for a parry)
    winner: str | None = None            # "" for a draw, once over
    reason: str = ""

    def other(self, seat: str) -> str:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]


def initial_state() -> Duel:
    return Duel()


def evolve(state: Duel, e: Event) -> Duel:
    match e:
        case ev.DuelistsReady():
            return evolved(state, seats=e.seats, life=dict.fromkeys(e.seats, e.life),
                           rounds=e.rounds, timer=e.timer)
        case ev.RoundStarted():
            return evolved(state, phase=STANCES, round=e.round, leader=e.leader, stances={}, stance_steps={},
                           revealed=False, turns=0, active="")
        case ev.StanceChosen():
            return evolved(state, stances={**state.stances, e.seat: e.stance},
                           stance_steps={**state.stance_steps, e.seat: e.step})
        case SecretRevealed():
            return state
        case ev.StancesRevealed():
            return evolved(state, revealed=True)
        case ev.TurnStarted():
            return evolved(state, phase=TURN, active=e.seat, turns=state.turns + 1, taken=0)
        case ev.TurnTimerStarted():
            return evolved(state, deadline=e.deadline)
        case ev.StrikeDeclared():
            return evolved(state, phase=AIM, damage=e.damage)
        case ev.Struck():
            life = {**state.life, e.target: state.life[e.target] - e.damage}
            return evolved(state, phase=REACT, life=life, damage=0, taken=e.damage)
        case ev.Recoiled():
            return evolved(state, life={**state.life, e.seat: state.life[e.seat] - e.life})
        case ev.Parried():
            return evolved(state, life={**state.life, e.seat: state.life[e.seat] + e.healed}, taken=0)
        case ev.TurnTimedOut():
            return state
        case ev.TurnEnded():
            return evolved(state, active="", deadline=None, damage=0, taken=0)
        case ev.StormGathered():
            return evolved(state, phase=STORM)
        case ev.DieRolled():
            return state
        case ev.StormStruck():
            return evolved(state, life={s: v - e.damage for s, v in state.life.items()})
        case ev.DuelEnded():
            return evolved(state, phase=OVER, winner=e.winner, reason=e.reason, active="",
                           deadline=None)
    raise TypeError(f"duel cannot fold {type(e).__name__}")
