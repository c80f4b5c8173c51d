"""The rules of the story game: `decide` as a `match` over the commands, each
calling the guards and resolutions of its section's module; who may act now,
how the story ended, and its round.

The keeper is the seat "keeper", or, with the option keeper=system, the
engine's system seat playing the greedy keeper of `bots.py`; every fact
carries a rule id of `rulebook.py`.
"""

from __future__ import annotations

from engine.core.context import SYSTEM, Context
from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import actions, combat, event_cards, exploration, keeper, keeper_cards, movement, names
from . import side_effects as effects
from .combat import waiting_for
from .commands import (
    PUZZLE_COMMANDS,
    Answer,
    Attack,
    AttemptPuzzle,
    Choose,
    ChooseAttribute,
    Command,
    End,
    Escape,
    Explore,
    Hide,
    KeeperAction,
    MonsterAttack,
    Move,
    Pick,
    Place,
    Plant,
    PlayMythos,
    PlayTrauma,
    Run,
    Travel,
    UseItem,
    UseThreatEffect,
)
from .pieces import CHOOSE, KEEPER_SEAT, OVER, Story

RANDOM_CHOICE = "random"  # the system keeper's story choice, drawn when decided


# ---- deciding --------------------------------------------------------------------------------
def decide(s: Story, seat: str, command: Command, ctx: Context) -> list[Event]:
    """The facts of `command`, its names spelled as the rules spell them
    (`names.canonical`); a refusal of a name that names nothing lists those that do."""
    command, unknown = names.canonical(s, seat, command)
    try:
        return _decide(s, seat, command, ctx)
    except RuleViolation as e:
        if unknown:
            raise RuleViolation(e.rule, f"{e.reason} ({unknown})") from None
        raise


def _decide(s: Story, seat: str, command: Command, ctx: Context) -> list[Event]:
    if s.phase == OVER:
        raise RuleViolation("core.game-over", f"the story is over: {s.result}")
    if seat == keeper_seat(s):
        return _keeper(s, command, ctx)
    if seat in (SYSTEM, KEEPER_SEAT):
        raise RuleViolation(
            "core.system" if seat == SYSTEM else "core.seat",
            f"{seat} does not play the keeper in this game",
        )
    if seat not in s.investigators:
        raise RuleViolation("core.seat", f"{seat!r} is not a seat of this game")
    return _investigator(s, seat, command, ctx)


def _keeper(s: Story, command: Command, ctx: Context) -> list[Event]:
    dice = ctx.dice
    match command:
        case Choose(choice):
            if choice == RANDOM_CHOICE and s.keeper_by == "system" and s.phase == CHOOSE:
                # The game plays the keeper: its secret choice is drawn, not foreseeable.
                choice = dice.choice(sorted(s.objectives))
            return keeper.choose(s, choice, ctx.step)
        case KeeperAction(card, targets):
            return keeper.keeper_action(s, card, targets, dice)
        case MonsterAttack(monster, target):
            return keeper.monster_attack(s, monster, target, dice)
        case PlayTrauma(card, target):
            return keeper_cards.play_trauma(s, card, target)
        case UseThreatEffect(card):
            return keeper_cards.threat_effect(s, card)
        case PlayMythos(card, targets):
            return keeper_cards.play_mythos(s, card, targets, dice)
        case Place(space):
            return event_cards.place_named(s, space, dice)
        case End():
            return event_cards.end_turn(s, dice)
    raise RuleViolation(
        "forbidden_alchemy_story.keeper.commands", f"the keeper has no command {command.verb!r}"
    )


def _investigator(s: Story, seat: str, command: Command, ctx: Context) -> list[Event]:
    dice = ctx.dice
    if isinstance(command, PUZZLE_COMMANDS):
        return exploration.puzzle_step(s, seat, command, ctx)
    match command:
        case Move(space):
            return movement.move(s, seat, space, dice)
        case Escape():
            return movement.escape(s, seat, dice)
        case Run():
            return actions.run(s, seat)
        case Explore():
            return exploration.explore(s, seat, dice)
        case Hide():
            return actions.hide(s, seat)
        case UseItem(item):
            return actions.use_item(s, seat, item)
        case Travel(period):
            return actions.travel(s, seat, period)
        case Plant():
            return actions.plant(s, seat)
        case Attack(monster, item):
            return actions.attack(s, seat, monster, item, dice)
        case AttemptPuzzle():
            return exploration.begin_puzzle(s, seat, dice)
        case ChooseAttribute(attribute):
            return combat.choose_attribute(s, seat, attribute, dice)
        case Pick(who) if s.choosing:
            return effects.pick_target(s, seat, who)
        case Pick(tester):
            return combat.pick_tester(s, seat, tester, dice)
        case Answer(answer):
            return combat.answer_byakhee(s, seat, answer)
        case End():
            return actions.end_turn(s, seat)
    raise RuleViolation(
        "forbidden_alchemy_story.turn.commands", f"investigators have no command {command.verb!r}"
    )


# ---- who may act, the end, the round ---------------------------------------------------------
def to_act(s: Story) -> tuple[str, ...]:
    if s.phase == OVER:
        return ()
    if s.phase == CHOOSE:
        return (keeper_seat(s),)
    if s.question is not None:
        return (s.question.seat,)
    if s.placing:
        return (keeper_seat(s),)
    if s.choosing:
        return (s.choosing[0],)
    asked = waiting_for(s)
    if asked is not None:
        return (asked.seat,)
    if s.attempter:
        return (s.attempter,)
    return (keeper_seat(s),) if s.current == KEEPER_SEAT else (s.current,)


def keeper_seat(s: Story) -> str:
    """Who plays the keeper: the keeper's seat, or the system seat when the game plays it."""
    return SYSTEM if s.keeper_by == "system" else KEEPER_SEAT


def outcome(s: Story) -> str | None:
    return s.result


def turn(s: Story) -> int:
    return s.turns.round if s.turns else 0
