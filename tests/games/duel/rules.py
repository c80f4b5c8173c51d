"""The rules of a duel: options, setup, decide, who acts, the system seat.

Each round: both seats choose a secret stance; the round's leader, then the
other seat, takes a turn (strike, aim, a reaction window); then the system's
storm.  Every check is a small guard raising `RuleViolation` with a rule id
of `RULES`; every fact carries the rule that produced it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from engine.core.context import SYSTEM, Context, as_utc
from engine.core.dice import Dice
from engine.core.errors import BadOptions, RuleViolation
from engine.core.events import Event, SecretRevealed
from engine.core.prompts import Prompt
from engine.core.rules import CORE_RULES, RuleBook, keyword_table

from . import events as ev
from .commands import Aim, Command, End, Parry, Stance, Storm, Strike, Timeout
from .state import AIM, OVER, REACT, STANCES, STORM, TURN, Duel

SEATS = ("red", "blue")
LIFE, ROUNDS = 10, 5
STANCES_ALLOWED = ("attack", "guard")
ZONES = ("body", "head")
R = "duel."

RULES = CORE_RULES + RuleBook(*keyword_table(
    "duel (test game)",
    duel__setup="Each seat starts with 10 life; the duel lasts at most 5 rounds.",
    duel__round="A round: secret stances, the leader's turn (red in odd rounds, blue in even), the other's turn, the storm.",
    duel__stance="Each seat chooses attack or guard in secret; only its own seat sees it until both are revealed.",
    duel__stance__phase="Stances are chosen at the start of a round, and only then.",
    duel__stance__once="A seat chooses one stance a round; to change it, it undoes its choice before the reveal.",
    duel__stance__reveal="Once both seats have chosen, both stances are revealed together (a commit point).",
    duel__turn="Only the seat whose turn it is may strike or end it.",
    duel__strike="A strike deals 2, 1 more if the striker's stance is attack, 1 less if the target's is guard.",
    duel__strike__aim="The striker chooses where the strike lands: the head or the body.",
    duel__strike__head="A strike to the head deals 1 more, and costs the striker 1 life.",
    duel__strike__body="A strike to the body deals its damage as it is.",
    duel__parry="After a strike, the defender may parry out of turn: it heals 1 of the damage just taken, and the turn ends.",
    duel__timer="With a turn timer, a turn not ended by its deadline is ended by the system (an unaimed strike lands on the body).",
    duel__storm="After both turns the system rolls a die for the storm.",
    duel__storm__strike="On a 5 or 6 the storm costs both seats 1 life.",
    duel__end__ko="A seat at 0 life loses; both at 0 is a draw.",
    duel__end__rounds="After the last round the seat with more life wins; equal life is a draw.",
))


# ---- options and setup ----------------------------------------------------------------------
def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`timer=N`: seconds per turn (0, the default: no deadline)."""
    if players not in (None, 2):
        raise BadOptions(f"--players: a duel has 2 players, not {players}")
    unknown = sorted(set(raw) - {"timer"})
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for duel (known: timer)")
    timer = raw.get("timer", "0")
    if not (str(timer).isascii() and str(timer).isdigit()):
        raise BadOptions(f"option timer={timer!r}: a whole number of seconds (0: off)")
    return {"timer": int(timer)}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return SEATS


def setup(opts: dict[str, Any], dice: Dice) -> list[Event]:
    return [ev.DuelistsReady(rule=R + "setup", seats=SEATS, life=LIFE, rounds=ROUNDS,
                             timer=opts["timer"]),
            ev.RoundStarted(rule=R + "round", round=1, leader=SEATS[0])]


# ---- who acts, prompts, the system seat, the end --------------------------------------------
def to_act(state: Duel) -> tuple[str, ...]:
    match state.phase:
        case "stances":
            return tuple(s for s in state.seats if s not in state.stances)
        case "turn" | "aim":
            return (state.active,)
        case "react":
            return (state.active, state.other(state.active)) if state.taken else (state.active,)
        case "storm":
            return (SYSTEM,)
    return ()


def prompts(state: Duel) -> tuple[Prompt, ...]:
    if state.phase != AIM:
        return ()
    return (Prompt(state.active, "choose where the strike lands", R + "strike.aim",
                   tuple(f"aim {z}" for z in ZONES)),)


def system_command(state: Duel, now: datetime) -> Command | None:
    if state.phase == STORM:
        return Storm()
    if _deadline_passed(state, now):
        return Timeout()
    return None


def outcome(state: Duel) -> str | None:
    if state.phase != OVER:
        return None
    return f"{state.winner} wins ({state.reason})" if state.winner else f"draw ({state.reason})"


def turn(state: Duel) -> int:
    """A round is one turn group (stances, both turns, the storm)."""
    return state.round


# ---- deciding ------------------------------------------------------------------------------
def decide(state: Duel, seat: str, command: Command, ctx: Context) -> list[Event]:
    if state.phase == OVER:
        raise RuleViolation("core.game-over", f"the duel is over: {outcome(state)}")
    match command:
        case Timeout():
            return _timeout(state, seat, as_utc(ctx.now))
        case Storm():
            return _storm(state, seat, ctx)
    if seat == SYSTEM:
        raise RuleViolation("core.system", f"the system seat does not {command.verb}")
    match command:
        case Stance(stance):
            return _stance(state, seat, stance, ctx)
        case Strike():
            return _strike(state, seat)
        case Aim(zone):
            return _aim(state, seat, zone)
        case Parry():
            return _parry(state, seat, ctx)
        case End():
            _require_turn(state, seat, TURN, REACT)
            return [ev.TurnEnded(rule=R + "turn", seat=seat), *_next_turn(state, ctx.now)]
    raise RuleViolation("core.notation", f"duel has no command {command.verb!r}")


def _stance(state: Duel, seat: str, stance: str, ctx: Context) -> list[Event]:
    if state.phase != STANCES:
        raise RuleViolation(R + "stance.phase", "stances are chosen at the start of a round only")
    if stance not in STANCES_ALLOWED:
        raise RuleViolation(R + "stance", f"a stance is attack or guard, not {stance!r}")
    if seat in state.stances:
        raise RuleViolation(R + "stance.once", f"{seat} has chosen its stance; undo to change it")
    facts: list[Event] = [ev.StanceChosen(rule=R + "stance", seat=seat, stance=stance, step=ctx.step)]
    other = state.other(seat)
    if other not in state.stances:
        return facts
    chosen = {**state.stances, seat: stance}
    steps = tuple(sorted((state.stance_steps[other], ctx.step)))
    return facts + [
        SecretRevealed(rule="core.secret.revealed", steps=steps),
        ev.StancesRevealed(rule=R + "stance.reveal", red=chosen["red"], blue=chosen["blue"]),
        *_start_turn(state, state.leader, ctx.now),
    ]


def _strike(state: Duel, seat: str) -> list[Event]:
    _require_turn(state, seat, TURN)
    target = state.other(seat)
    damage = 2 + (state.stances[seat] == "attack") - (state.stances[target] == "guard")
    return [ev.StrikeDeclared(rule=R + "strike", seat=seat, target=target, damage=damage)]


def _aim(state: Duel, seat: str, zone: str) -> list[Event]:
    if state.phase != AIM or seat != state.active:
        raise RuleViolation("core.prompt", f"{seat} has no strike to aim")
    if zone not in ZONES:
        raise RuleViolation(R + "strike.aim", f"a strike lands on the head or the body, not {zone!r}")
    target = state.other(seat)
    if zone == "body":
        return _struck(state, seat, state.damage, "body", R + "strike.body")
    facts = [ev.Struck(rule=R + "strike.head", seat=seat, target=target, damage=state.damage + 1,
                       zone="head"),
             ev.Recoiled(rule=R + "strike.head", seat=seat, life=1)]
    life = {seat: state.life[seat] - 1, target: state.life[target] - state.damage - 1}
    return facts + _ko(life)


def _struck(state: Duel, seat: str, damage: int, zone: str, rule: str) -> list[Event]:
    target = state.other(seat)
    facts: list[Event] = [ev.Struck(rule=rule, seat=seat, target=target, damage=damage, zone=zone)]
    return facts + _ko({**state.life, target: state.life[target] - damage})


def _parry(state: Duel, seat: str, ctx: Context) -> list[Event]:
    if state.phase != REACT or seat == state.active or not state.taken:
        raise RuleViolation(R + "parry", f"{seat} has no strike to parry now")
    return [ev.Parried(rule=R + "parry", seat=seat, healed=1),
            ev.TurnEnded(rule=R + "parry", seat=state.active), *_next_turn(state, ctx.now)]


def _timeout(state: Duel, seat: str, now: datetime) -> list[Event]:
    if seat != SYSTEM:
        raise RuleViolation("core.system", "only the system seat ends a turn for time")
    if not _deadline_passed(state, now):
        raise RuleViolation(R + "timer", "no turn deadline has passed")
    facts: list[Event] = [ev.TurnTimedOut(rule=R + "timer", seat=state.active)]
    if state.phase == AIM:
        facts += _struck(state, state.active, state.damage, "body", R + "timer")
        if isinstance(facts[-1], ev.DuelEnded):
            return facts
    return facts + [ev.TurnEnded(rule=R + "timer", seat=state.active), *_next_turn(state, now)]


def _storm(state: Duel, seat: str, ctx: Context) -> list[Event]:
    if seat != SYSTEM:
        raise RuleViolation("core.system", "the storm is the system seat's")
    if state.phase != STORM:
        raise RuleViolation(R + "storm", "the storm comes after both turns of a round")
    roll = ctx.dice.d6()
    facts: list[Event] = [ev.DieRolled(rule=R + "storm", die="d6", value=roll)]
    life = dict(state.life)
    if roll >= 5:
        facts.append(ev.StormStruck(rule=R + "storm.strike", damage=1))
        life = {s: v - 1 for s, v in life.items()}
    ended = _ko(life)
    if ended:
        return facts + ended
    if state.round == state.rounds:
        red, blue = life["red"], life["blue"]
        winner = "red" if red > blue else "blue" if blue > red else ""
        return facts + [ev.DuelEnded(rule=R + "end.rounds", winner=winner,
                                     reason=f"after {state.rounds} rounds, {red} to {blue}")]
    n = state.round + 1
    return facts + [ev.RoundStarted(rule=R + "round", round=n, leader=SEATS[(n - 1) % 2])]


# ---- helpers ---------------------------------------------------------------------------------
def _start_turn(state: Duel, seat: str, now: datetime) -> list[Event]:
    facts: list[Event] = [ev.TurnStarted(rule=R + "turn", seat=seat)]
    if state.timer:
        deadline = as_utc(now) + timedelta(seconds=state.timer)
        facts.append(ev.TurnTimerStarted(rule=R + "timer", seat=seat, deadline=deadline.isoformat()))
    return facts


def _next_turn(state: Duel, now: datetime) -> list[Event]:
    """After a turn ends: the other seat's turn, or the storm after both."""
    if state.turns < 2:
        return _start_turn(state, state.other(state.active), now)
    return [ev.StormGathered(rule=R + "storm", round=state.round)]


def _ko(life: dict[str, int]) -> list[Event]:
    down = [s for s in SEATS if life[s] <= 0]
    if not down:
        return []
    if len(down) == 2:
        return [ev.DuelEnded(rule=R + "end.ko", winner="", reason="both fell")]
    loser = down[0]
    winner = SEATS[1] if loser == SEATS[0] else SEATS[0]
    return [ev.DuelEnded(rule=R + "end.ko", winner=winner, reason=f"{loser} fell")]


def _deadline_passed(state: Duel, now: datetime) -> bool:
    return (state.deadline is not None and state.phase in (TURN, AIM, REACT)
            and as_utc(now) > datetime.fromisoformat(state.deadline))


def _require_turn(state: Duel, seat: str, *phases: str) -> None:
    if state.phase not in phases or seat != state.active:
        waiting = f"{state.active}'s turn" if state.active else f"the {state.phase} phase"
        raise RuleViolation(R + "turn", f"{seat} may not do that now ({waiting})")


# ---- legal commands -------------------------------------------------------------------------
def legal_commands(state: Duel, seat: str) -> list[Command]:
    match state.phase:
        case "stances" if seat in state.seats and seat not in state.stances:
            return [Stance(s) for s in STANCES_ALLOWED]
        case "turn" if seat == state.active:
            return [End(), Strike()]
        case "aim" if seat == state.active:
            return [Aim(z) for z in ZONES]
        case "react" if seat == state.active:
            return [End()]
        case "react" if seat == state.other(state.active) and state.taken:
            return [Parry()]
    return []
