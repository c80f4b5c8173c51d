"""The rules of Anna's Roundtable: `decide`, who may act (`to_act`), the boss's
automated steps (`system_command`) and the end (`outcome`).

`decide` is `check` then `resolve`: `check` asks every guard of a command
(each a small function of its topic module, raising `RuleViolation` with
its rule id) and `resolve` builds the facts of a command that passed them,
every fact carrying the rule that produced it.  `legal_commands` asks the
same `check`.  The topics: `turn.py` (whose turn, activation, costs),
`cards.py` (mulligan, drawing, discards), `deploy.py`, `actions.py` (move
and the unit actions), `attacks.py` (attacks and reactions), `shop.py`,
`dragon_vein.py`, `boss.py` (the boss's turns).
"""

from __future__ import annotations

from engine.core.commands import Command
from engine.core.context import SYSTEM, Context
from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import actions, attacks, boss, cards, deploy, dragon_vein, names, shop, turn
from . import events as ev
from .commands import (
    Assist,
    Attack,
    BossAction,
    BossStep,
    Bump,
    Buy,
    Capture,
    Deploy,
    Discard,
    EndTurn,
    HastyDeploy,
    Hit,
    Move,
    Mulligan,
    Order,
    Pass,
    React,
    Retire,
    Shift,
    Special,
    Use,
    VeinMove,
    VeinRemove,
    VeinTile,
    Wait,
    Work,
)
from .state import BOSS, MULLIGAN, PLAY, Table, evolve


# ---- whose turn, and the end -------------------------------------------------------------------
def to_act(state: Table) -> tuple[str, ...]:
    if state.result is not None:
        return ()
    if state.phase == MULLIGAN:
        waiting = cards.mulligan_turn(state)
        return (waiting,) if waiting else ()
    if state.pending is not None:
        return (state.pending[2], *attacks.other_reacting_seats(state))
    if state.guest is not None:
        return (state.guest[0],)
    if state.phase == PLAY and state.active == BOSS:
        return (state.asker,) if len(boss_choices(state)) > 1 else (SYSTEM,)
    if state.phase == PLAY:
        return (state.active,)
    return ()


def boss_choices(state: Table) -> list[Command]:
    """What the players may choose at this step of a boss turn: its next attack ("Step 2B"),
    or the next unit its card's effect hits ("Step 3"); nothing at the other steps."""
    if state.boss_step == "attack":
        return [Order(*c) for c in boss.attack_choices(state)]
    if state.boss_step == "effect":
        return [Hit(u) for u in boss.effect_choices(state)]
    return []


def system_command(state: Table, now) -> Command | None:
    """The boss's turns: one step at a time; a choice only when the players have none."""
    if state.result is not None or state.phase != PLAY or state.active != BOSS or state.pending:
        return None
    if state.boss_step in ("attack", "effect"):
        choices = boss_choices(state)
        return choices[0] if len(choices) == 1 else None
    return BossStep()


def outcome(state: Table) -> str | None:
    return state.result


# ---- deciding ------------------------------------------------------------------------------------
def decide(state: Table, seat: str, command: Command, ctx: Context) -> list[Event]:
    """The facts `command` of `seat` causes, or the rule it breaks.  Its names are first
    spelled as the rules spell them (`names.canonical`: ids and squares in any case, a
    piece's initials as the map shows them); a refusal of a word that names nothing says
    which names would have been accepted."""
    command, unknown = names.canonical(state, seat, command)
    try:
        check(state, seat, command)
    except RuleViolation as e:
        if unknown:
            raise RuleViolation(e.rule, f"{e.reason} ({names.refusal_hint(state, seat, unknown)})") from None
        raise
    return resolve(state, seat, command, ctx.dice)


GUEST_ACTIONS = (Move, Attack, Special, Assist, Work, Wait, BossAction)


def check(state: Table, seat: str, command: Command) -> None:
    """Every guard `decide` asks of `command` before it builds a fact (legal_commands asks
    the same): who may act now, then the command's own guards."""
    if state.result is not None:
        raise RuleViolation("core.game-over", f"the game is over: {state.result}")
    kind = type(command)
    if kind is Mulligan:
        return cards.check_mulligan(state, seat, command.cards)
    if state.pending is not None:
        return attacks.check_reaction(state, seat, command)
    if state.phase == PLAY and state.active == BOSS:
        return _check_boss_turn(state, seat, command)
    if state.guest is not None:
        return _check_guest(state, seat, command)
    if kind in (BossStep, Order, Hit) or seat == SYSTEM:
        raise RuleViolation("core.system", "no boss turn is under way")
    if kind in (React, Pass):
        raise RuleViolation("roundtable.reaction.condition", "no attack is waiting for reactions")
    turn.check_turn(state, seat)
    return check_turn_action(state, seat, command)


def _check_boss_turn(state: Table, seat: str, command: Command) -> None:
    match command:
        case BossStep() if seat == SYSTEM:
            return boss.check_step(state)
        case Order(unit, colour, rng) if seat in (SYSTEM, state.asker) and state.boss_step == "attack":
            return boss.check_order(state, seat, unit, colour, rng)
        case Hit(unit) if seat in (SYSTEM, state.asker) and state.boss_step == "effect":
            return boss.check_hit(state, seat, unit)
    raise RuleViolation("core.turn", "it is the boss's turn")


def _check_guest(state: Table, seat: str, command: Command) -> None:
    """"Clarifications" (Dancers): another player readied `seat`'s unit in their turn; `seat`
    moves and acts with that unit at once (or passes), then the turn goes on."""
    owner, unit = state.guest
    if seat != owner:
        raise RuleViolation("roundtable.boss.dancer", f"{owner} may first move and act with {unit}")
    if isinstance(command, Pass) and state.activating is None:
        return None
    if not isinstance(command, GUEST_ACTIONS) or command.unit != unit:
        raise RuleViolation("roundtable.boss.dancer", f"only {unit} may act now (or pass)")
    return check_turn_action(state, seat, command)


# The guards of each turn action, by command: first the unit actions (which may activate
# their unit), then the actions taken with no unit mid-activation.
UNIT_ACTIONS = {
    Attack: lambda s, seat, c: attacks.check_attack(s, seat, c.unit, c.target),
    BossAction: lambda s, seat, c: actions.check_boss_action(s, seat, c.unit, c.target),
    Capture: lambda s, seat, c: actions.check_capture(s, seat, c.unit),
    Work: lambda s, seat, c: turn.check_activation(s, seat, c.unit),
    Retire: lambda s, seat, c: actions.check_retire(s, seat, c.unit),
    Assist: lambda s, seat, c: actions.check_assist(s, seat, c.unit, c.target, c.where),
    Special: lambda s, seat, c: actions.check_special(s, seat, c.unit, c.target),
    Wait: lambda s, seat, c: actions.check_wait(s, c.unit),
}
TURN_ACTIONS = {
    Deploy: lambda s, seat, c: deploy.check_deploy(s, seat, c.card, c.slot, c.square, haste=False),
    HastyDeploy: lambda s, seat, c: deploy.check_deploy(s, seat, c.card, c.slot, c.square, haste=True),
    Move: lambda s, seat, c: actions.check_move(s, seat, c.unit, c.square),
    Discard: lambda s, seat, c: cards.check_discard(s, seat, c.card),
    Shift: lambda s, seat, c: shop.check_shift(s, seat, c.unit, c.slot),
    Buy: lambda s, seat, c: shop.check_buy(s, seat, c.slot),
    Use: lambda s, seat, c: shop.check_use(s, seat, c.card, c.target),
    VeinTile: lambda s, seat, c: dragon_vein.check_vein_tile(s, seat, c.square, c.side),
    Bump: lambda s, seat, c: dragon_vein.check_bump(s, seat, c.unit, c.square),
    VeinMove: lambda s, seat, c: dragon_vein.check_vein_move(s, seat, c.unit, c.square),
    VeinRemove: lambda s, seat, c: dragon_vein.check_vein_remove(s, seat, c.unit),
    EndTurn: lambda s, seat, c: None,
}


def check_turn_action(state: Table, seat: str, command: Command) -> None:
    """The guards of an action in a player's turn, once the seat may act: the action
    exists in this mode, then a unit action (which may activate its unit), or, with no
    unit mid-activation, any other turn action."""
    turn.check_mode(state, command)
    guard = UNIT_ACTIONS.get(type(command))
    if guard is not None:
        return guard(state, seat, command)
    turn.check_no_activation(state)
    guard = TURN_ACTIONS.get(type(command))
    if guard is None:
        raise RuleViolation("core.notation", f"roundtable has no command {command.verb!r}")
    return guard(state, seat, command)


# ---- the facts of a command that passed `check` --------------------------------------------------
def resolve(state: Table, seat: str, command: Command, dice) -> list[Event]:
    if isinstance(command, Mulligan):
        return cards.mulligan(state, seat, command.cards, dice)
    if state.pending is not None:
        return attacks.reaction(state, seat, command, dice)
    if state.phase == PLAY and state.active == BOSS:
        return _boss_turn(state, command, dice)
    if state.guest is not None:
        return _guest(state, seat, command, dice)
    return _turn_action(state, seat, command, dice)


def _boss_turn(state: Table, command: Command, dice) -> list[Event]:
    match command:
        case BossStep() if state.boss_step == "rotate":  # the boss turn ends: the next player's starts
            res = Resolution(state, evolve, dice)
            res.add(*boss.step(state, dice))
            if res.state.result is None:
                res.add(*turn.start_turn(res.state, boss.next_after(res.state), state.turn + 1))
            return res.facts
        case BossStep():
            return boss.step(state, dice)
        case Order(unit, colour, rng):
            return boss.boss_attack(state, unit, colour, rng)
        case Hit(unit):
            return boss.effect_order(state, unit, dice)
    raise AssertionError(f"no boss step for {command!r}")  # `check` let it through


def _guest(state: Table, seat: str, command: Command, dice) -> list[Event]:
    owner, unit = state.guest
    done = ev.AllyActionEnded(rule="roundtable.boss.dancer", seat=owner, unit=unit)
    if isinstance(command, Pass):
        return [done]
    facts = _turn_action(state, seat, command, dice)
    if any(isinstance(f, ev.ActivationEnded) for f in facts):
        facts.append(done)
    return facts


def _turn_action(state: Table, seat: str, command: Command, dice) -> list[Event]:
    match command:
        case Attack(unit, target):
            return attacks.attack(state, seat, unit, target, dice)
        case BossAction(unit, target):
            return actions.boss_action(state, unit, target)
        case Capture(unit):
            return actions.capture(state, seat, unit)
        case Work(unit):
            return actions.work(state, seat, unit)
        case Retire(unit):
            return actions.retire(state, seat, unit)
        case Assist(unit, target, where):
            return actions.assist(state, unit, target, where)
        case Special(unit, target):
            return actions.special(state, seat, unit, target)
        case Wait(unit):
            return [turn.done(unit)]
        case Deploy(card, slot, square):
            return deploy.deploy(state, seat, card, slot, square, dice, haste=False)
        case HastyDeploy(card, slot, square):
            return deploy.deploy(state, seat, card, slot, square, dice, haste=True)
        case Move(unit, square):
            return actions.move(state, unit, square)
        case Discard(card):
            return cards.discard(state, seat, card, dice)
        case Shift(unit, slot):
            return shop.shift(state, seat, unit, slot)
        case Buy(slot):
            return shop.buy(state, seat, slot)
        case Use(card, target):
            return shop.use(state, seat, card, target)
        case VeinTile(square, side):
            return dragon_vein.vein_tile(state, seat, square, side)
        case Bump(unit, square):
            return dragon_vein.bump(state, seat, unit, square)
        case VeinMove(unit, square):
            return dragon_vein.vein_move(state, seat, unit, square)
        case VeinRemove(unit):
            return dragon_vein.vein_remove(state, seat, unit)
        case EndTurn():
            return turn.end_turn(state, seat)
    raise AssertionError(f"no turn action for {command!r}")  # `check` let it through
