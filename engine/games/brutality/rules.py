"""The rules of Brutality: whose move it is, `decide`, the questions waiting
for an answer, and the end.

`decide` is a `match` over the commands: each goes to the guards and
resolutions of its rulebook section (`choices`, `movement`, `abilities`,
`relics`, `stack`, `phases`), every check a guard raising
`RuleViolation(rule id, plain words)`, every fact carrying its rule.  A
seat plays for its team: the rules below the edge work by team.
"""

from __future__ import annotations

from engine.core.commands import Command
from engine.core.context import Context
from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.core.prompts import Prompt

from . import choices, movement, phases, relics, stack
from . import events as ev
from .abilities import use_ability, use_artifact
from .commands import (
    Answer,
    Draft,
    EndActions,
    Equip,
    Move,
    MoveKnight,
    OpenStack,
    Pass,
    Pick,
    Place,
    PlaceHazard,
    PlayRelic,
    TurnAround,
    Unbleed,
    Unbury,
    Unhang,
    UseAbility,
    UseArtifact,
)
from .jumps import answer_jump, jump_refusal
from .knockback import answer_displace
from .resolution import Resolution
from .state import ACTIONS, OVER, SETUP_PHASES, Battle, other, team_of
from .turn import Refusal, actions_refusal, seat_refusal, turn_refusal


# ---- whose turn, and the end ---------------------------------------------------------------------
def to_act(state: Battle) -> tuple[str, ...]:
    """The seats that may act now: the team asked or whose turn it is first."""
    return tuple(seat for team in _teams_to_act(state) for seat in state.team_seats(team))


def _teams_to_act(state: Battle) -> tuple[str, ...]:
    if state.phase in SETUP_PHASES:
        return (choices.chooser(state),)
    if state.phase != ACTIONS:
        return ()
    if state.question:
        return (state.question[0],)
    if state.responder:
        return (state.responder,)
    if state.closing is not None:
        return (state.window,)
    # The enemy may react in the active team's turn ("Effect Timing": Any Turn and
    # Enemy Turn cards); listed on public facts only (`stack.offered`), never on its hand.
    enemy = other(state.active)
    return (state.active, enemy) if stack.offered(state, enemy) else (state.active,)


def outcome(state: Battle) -> str | None:
    if state.winner is None:
        return None
    if state.winner == "draw":
        return "draw: the last heroes of both teams died together"
    return f"{state.winner} wins: both enemy heroes are dead"


def turn(state: Battle) -> int:
    return state.turn


# The questions in the game's words, about the hero by the name the page shows.
QUESTIONS = {"displace": "Where does {} go? There is no room that way: choose an open space "
                         "next to them.",
             "jump-move": "{} stands on a Catapult: jump to a space up to two away, or stay?",
             "jump-knock": "{} was knocked onto a Catapult: where do they jump?",
             "land": "{} jumped onto a hero in a corner: where do they land?"}


def prompts(state: Battle) -> tuple[Prompt, ...]:
    """The question a resolution waits on, if any, put to each seat of the asked team."""
    if not state.question:
        return ()
    team, kind, hero, answers = state.question
    name = state.sheets.get(hero, {}).get("name", hero)
    return tuple(Prompt(seat, QUESTIONS[kind].format(name), "brutality.prompt.answer",
                        tuple(f"answer {c}" for c in answers))
                 for seat in state.team_seats(team))


# ---- deciding ------------------------------------------------------------------------------------
def decide(state: Battle, seat: str, command: Command, ctx: Context) -> list[Event]:
    """The facts `command` of `seat` causes, or the rule it breaks."""
    _raise(seat_refusal(state, seat, command))
    if state.phase == OVER:
        raise RuleViolation("core.game-over", "the game is over")
    team = team_of(seat)
    _raise(stack.response_refusal(state, team, command))
    match command:
        case OpenStack() | Draft() | Pick() | Place() | Equip() | PlaceHazard():
            return choices.choose(state, team, command, ctx)
        case Answer(choice):
            return _answer(state, team, choice, ctx)
        case Pass():
            if stack.window_open(state, team):
                return phases.pass_end_window(state, team, ctx)
            _raise(stack.pass_refusal(state, team))
            return stack.pass_response(state, team, ctx.dice)
        case UseArtifact():
            _raise(actions_refusal(state))
            return use_artifact(state, team, command, ctx)
        case PlayRelic(card, target):
            res = Resolution(state, ctx.dice)
            steps = relics.play(res, team, card, target)
            stack.declare(res, team, "relic", card, target, steps)
            return res.facts
        case Move() | TurnAround() | Unbleed() | Unhang() | Unbury():
            _raise(turn_refusal(state, team))
            return movement.spend(state, team, command, ctx)
        case UseAbility():
            _raise(turn_refusal(state, team))
            return use_ability(state, team, command, ctx)
        case MoveKnight():
            _raise(turn_refusal(state, team))
            return movement.move_knight(state, team, command, ctx)
        case EndActions():
            _raise(turn_refusal(state, team))
            return phases.end_actions(state, team, command, ctx)
    raise RuleViolation("core.notation", f"brutality has no command {command.verb!r}")


def _raise(refusal: Refusal | None) -> None:
    if refusal:
        raise refusal.error()


# ---- answering a question --------------------------------------------------------------------------
def answer_refusal(state: Battle, team: str, choice: str) -> Refusal | None:
    """Only the asked team answers, with one of the offered answers."""
    if state.phase != ACTIONS or not state.question:
        return Refusal("brutality.prompt.answer", "no question is waiting for an answer")
    asked, kind, hero, answers = state.question
    if team != asked:
        return Refusal("brutality.prompt.answer", f"the question is {asked}'s to answer")
    if choice in answers:
        return None
    if kind.startswith("jump-") and choice != "stay":  # say why the jump cannot go there
        why = jump_refusal(state, state.heroes[hero], choice, kind.removeprefix("jump-"))
        if why:
            return why
    return Refusal("brutality.prompt.answer", f"choose one of: {', '.join(answers)}")


def _answer(state: Battle, team: str, choice: str, ctx: Context) -> list[Event]:
    _raise(answer_refusal(state, team, choice))
    _, kind, hero, _ = state.question
    rest = state.rest
    res = Resolution(state, ctx.dice)
    res.add(ev.QuestionAnswered(rule="brutality.prompt.answer", team=team, choice=choice))
    if kind == "displace":
        steps = answer_displace(res, hero, team, choice, state.asked_rule)
    else:
        steps = answer_jump(res, kind, hero, team, choice)
    res.run(steps + tuple(rest))
    return res.facts
