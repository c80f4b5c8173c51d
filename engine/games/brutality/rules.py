"""The rules of Brutality: whose move it is, decide, and the legal commands.

Every check is a small guard raising `RuleViolation(rule id, plain words)`
with an id of `rulebook.py`; every fact carries the rule that produced it.
Effects resolve through `effects.Resolution`, one fact at a time.
"""

from __future__ import annotations

from itertools import combinations

from engine.core.commands import Command
from engine.core.context import Context
from engine.core.errors import RuleViolation
from engine.core.events import Event, evolved

from . import artifacts, movement, phases, relics, windows
from . import events as ev
from . import setup as setup_rules
from .board import (
    board_grid,
    graves,
    has_tile,
    neighbour_names,
    occupants,
    parse,
)
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
from .effects import Resolution, answer_displace, displace_choices, meet_knight
from .guards import own_hero, require_on_board
from .jumps import answer_jump
from .movement import can_spend, step_refusal, unbury_spot
from .phases import begin_turn
from .state import (
    ACTIONS,
    CHOOSE_ARTIFACTS,
    CHOOSE_HEROES,
    COOLDOWN,
    DRAFT,
    OVER,
    PLACE_HAZARDS,
    PLACE_HEROES,
    SETUP_PHASES,
    Battle,
    Hero,
    other,
)
from .targeting import check_target, effect_steps, targets
from .vocabulary import implemented


# ---- whose turn, and the end ---------------------------------------------------------------------
def to_act(state: Battle) -> tuple[str, ...]:
    if state.phase in SETUP_PHASES:
        return (setup_rules.chooser(state),)
    if state.phase != ACTIONS:
        return ()
    if state.question:
        return (state.question[0],)
    if state.responder:
        return (state.responder,)
    if state.closing is not None:
        return (state.window,)
    # The enemy may react in the active team's turn ("Effect Timing": Any Turn and
    # Enemy Turn cards); listed on public facts only (`windows`), never on its hand.
    enemy = other(state.active)
    return (state.active, enemy) if windows.offered(state, enemy) else (state.active,)


def outcome(state: Battle) -> str | None:
    if state.winner is None:
        return None
    if state.winner == "draw":
        return "draw: the last heroes of both teams died together"
    return f"{state.winner} wins: both enemy heroes are dead"


# ---- deciding ------------------------------------------------------------------------------------
def decide(state: Battle, seat: str, command: Command, ctx: Context) -> list[Event]:
    if state.phase == OVER:
        raise RuleViolation("core.game-over", "the game is over")
    if state.responder and not state.question:
        _require_response(state, seat, command)
    match command:
        case OpenStack():
            _require_phase(state, DRAFT)
            return setup_rules.open_stack(state, seat, command)
        case Draft():
            _require_phase(state, DRAFT)
            return setup_rules.draft(state, seat, command, ctx.dice)
        case Pick():
            _require_phase(state, CHOOSE_HEROES)
            return setup_rules.pick(state, seat, command)
        case Place():
            _require_phase(state, PLACE_HEROES)
            return setup_rules.place(state, seat, command)
        case Equip():
            _require_phase(state, CHOOSE_ARTIFACTS)
            return setup_rules.equip(state, seat, command)
        case PlaceHazard():
            _require_phase(state, PLACE_HAZARDS)
            return _last_hazard(state, seat, command, ctx)
        case Answer(choice):
            return _answer(state, seat, choice, ctx)
        case Pass():
            return _pass(state, seat, ctx)
        case UseArtifact():
            _require_actions_phase(state)
            return _use_artifact(state, seat, command, ctx)
        case PlayRelic(card, target):
            res = Resolution(state, ctx.dice)
            steps = relics.play(res, seat, card, target)
            _declare(res, seat, "relic", card, target, steps)
            return res.facts
        case Move() | TurnAround() | Unbleed() | Unhang() | Unbury() | UseAbility() | MoveKnight() \
                | EndActions():
            _require_turn(state, seat)
            return _TURN_COMMANDS[type(command)](state, seat, command, ctx)
    raise RuleViolation("core.notation", f"brutality has no command {command.verb!r}")


def _last_hazard(state: Battle, seat: str, cmd: PlaceHazard, ctx: Context) -> list[Event]:
    """Placing the second hazard ends the setup: the starting team's first turn begins."""
    res = Resolution(state)
    for fact in setup_rules.place_hazard(state, seat, cmd):
        res.add(fact)
    if setup_rules.setup_done(res.state):
        begin_turn(res, res.state.start_team, 1, ctx.dice)
    return res.facts


# ---- the effect stack ("Simultaneous Effects") -------------------------------------------------------
def _responses(state: Battle, team: str) -> list[Command]:
    """What `team` could play now in answer to a declared effect: its cards."""
    asked = evolved(state, responder=team)
    return artifacts.commands(asked, team) + _relic_commands(asked, team)


def _declare(res: Resolution, team: str, source: str, what: str, target: tuple[str, ...],
             steps) -> None:
    """A declared effect waits on the stack while the other team is offered the
    chance to answer ("Simultaneous Effects"), and the stack resolves last
    declared first once a team passes.  The offer is decided on public facts
    only (`windows.offered`): the wait is seen by both teams, so it must not
    tell whether the hidden hand holds a usable card.  A team skipped at once
    could not have answered.  Our reading: the targets and directions of an
    effect are fixed when it is declared."""
    responder = other(team)
    asked = windows.offered(evolved(res.state, responder=responder), responder)
    if not res.state.stack and not asked:
        res.run(steps)
        return
    res.add(ev.EffectDeclared(rule="brutality.stack.declare", team=team, source=source, what=what,
                              target=tuple(target), steps=tuple(steps),
                              awaiting=responder if asked else ""))
    if not asked:
        res.run([("resolve",)] * len(res.state.stack))


def _require_response(state: Battle, seat: str, command: Command) -> None:
    if seat != state.responder or not isinstance(command, (PlayRelic, UseArtifact, Pass)):
        raise RuleViolation("brutality.stack.window", f"waiting for {state.responder} to respond "
                            "to the declared effect (a card) or pass")


def _pass(state: Battle, seat: str, ctx: Context) -> list[Event]:
    if not state.responder and state.closing is not None and seat == state.window:
        return phases.pass_end_window(state, seat, ctx)
    if seat != state.responder:
        raise RuleViolation("brutality.stack.pass", "there is nothing for you to respond to")
    res = Resolution(state, ctx.dice)
    res.add(ev.ResponsePassed(rule="brutality.stack.pass", team=seat))
    res.run([("resolve",)] * len(state.stack))
    return res.facts


# ---- guards ------------------------------------------------------------------------------------------
def _require_phase(state: Battle, phase: str) -> None:
    if state.phase != phase:
        raise RuleViolation("brutality.setup.order", f"that choice is not made now (now: {state.phase})")


def _require_actions_phase(state: Battle) -> None:
    if state.phase != ACTIONS:
        raise RuleViolation("brutality.turn.phases", "the teams are still setting up")
    if state.question:
        team, kind, hero, _ = state.question
        raise RuleViolation("core.prompt", f"waiting for {team} to answer a question about {hero}")


def _require_turn(state: Battle, seat: str) -> None:
    _require_actions_phase(state)
    if seat != state.active:
        raise RuleViolation("brutality.turn.active", f"it is {state.active}'s turn")
    if state.closing is not None:
        raise RuleViolation("brutality.timing.end", "the team has ended its actions: only \"End "
                            "of...\" cards until phase 4")


# ---- Ghost Knights ---------------------------------------------------------------------------------
KNIGHT_SPACES = 2  # "Ghost Knights: Knight Movement"


def _knight_refusal(state: Battle, seat: str, source: str, to: str) -> RuleViolation | None:
    knight = state.hazards.get(source)
    if knight is None or knight.kind != "ghost-knight" or knight.team != seat:
        return RuleViolation("brutality.hazard.ghost-knight.move", f"no Ghost Knight of {seat} on {source}")
    if knight.moved >= KNIGHT_SPACES:
        return RuleViolation("brutality.hazard.ghost-knight.move", "that knight has moved two spaces")
    a, b = parse(state, source), parse(state, to)
    if b is None or max(abs(a.col - b.col), abs(a.row - b.row)) != 1:
        return RuleViolation("brutality.hazard.ghost-knight.move", "a knight moves one space at a time")
    if has_tile(state, to):
        return RuleViolation("brutality.hazard.no-stacking", f"{to} already has a hazard tile")
    return None


def _move_knight(state: Battle, seat: str, cmd: MoveKnight, ctx: Context) -> list[Event]:
    refusal = _knight_refusal(state, seat, cmd.source, cmd.to)
    if refusal:
        raise refusal
    res = Resolution(state)
    res.add(ev.KnightMoved(rule="brutality.hazard.ghost-knight.move", source=cmd.source, to=cmd.to))
    hero_id = occupants(state).get(cmd.to)
    if hero_id:
        meet_knight(res, cmd.to, hero_id)
    res.run(())
    return res.facts


def _knight_commands(state: Battle, seat: str) -> list[Command]:
    """The same checks as `_knight_refusal`, on memoised neighbours (the fast path)."""
    found: list[Command] = []
    w, h = state.board["width"], state.board["height"]
    tiles = set(state.hazards) | set(graves(state))  # gravestones are hazard tiles too
    for sq, hazard in state.hazards.items():
        if hazard.kind == "ghost-knight" and hazard.team == seat and hazard.moved < KNIGHT_SPACES:
            found += [MoveKnight(sq, nxt) for nxt in neighbour_names(sq, w, h)
                      if nxt not in tiles]
    return found


# ---- abilities and artifacts ---------------------------------------------------------------------
def _use_ability(state: Battle, seat: str, cmd: UseAbility, ctx: Context) -> list[Event]:
    h = own_hero(state, seat, cmd.hero)
    ability = state.sheets[h.id]["abilities"].get(cmd.ability)
    if ability is None:
        raise RuleViolation("brutality.ability.use", f"{h.id} has no ability {cmd.ability!r}")
    if not implemented(ability["effects"]):
        raise RuleViolation("brutality.ability.use", f"{cmd.ability} is not implemented yet")
    require_on_board(h, "ability")
    if h.hung:
        raise RuleViolation("brutality.status.noose.no-ability", f"{h.id} is hung")
    acted = state.acted.get(h.id, ())
    if cmd.ability in acted:
        raise RuleViolation("brutality.ability.once", f"{h.id} already used {cmd.ability} this turn")
    if len(acted) >= 2:
        raise RuleViolation("brutality.actions.two", f"{h.id} has taken both actions this turn")
    word = check_target(state, h, ability, cmd.target, ability=True)
    res = Resolution(state, ctx.dice)
    res.add(ev.AbilityUsed(rule="brutality.ability.use", hero=h.id, ability=cmd.ability, target=word))
    _declare(res, seat, "ability", f"{h.id} {cmd.ability}", cmd.target,
             effect_steps(state, h, ability, word))
    return res.facts


def _use_artifact(state: Battle, seat: str, cmd: UseArtifact, ctx: Context) -> list[Event]:
    h = state.heroes.get(cmd.hero)
    if h is None or h.team != seat:
        raise RuleViolation("brutality.artifact.own", f"{cmd.hero!r} is not a hero of team {seat}")
    refusal = artifacts.refusal(state, seat, h)
    if refusal:
        raise refusal
    card = state.artifact_cards[h.artifact]
    word = check_target(state, h, card, cmd.target)
    res = Resolution(state, ctx.dice)
    res.add(ev.ArtifactUsed(rule="brutality.artifact.use", hero=h.id, artifact=h.artifact, target=word))
    res.add(ev.ArtifactFlippedDown(rule="brutality.artifact.cooldown", hero=h.id, artifact=h.artifact,
                                   cooldown=COOLDOWN))
    _declare(res, seat, "artifact", f"{h.id} {h.artifact}", cmd.target,
             effect_steps(state, h, card, word))
    return res.facts


# ---- answering a question --------------------------------------------------------------------------
def _answer(state: Battle, seat: str, choice: str, ctx: Context) -> list[Event]:
    if state.phase != ACTIONS or not state.question:
        raise RuleViolation("brutality.prompt.answer", "no question is waiting for an answer")
    team, kind, hero, choices = state.question
    if seat != team:
        raise RuleViolation("brutality.prompt.answer", f"the question is {team}'s to answer")
    if choice not in choices:
        raise RuleViolation("brutality.prompt.answer", f"choose one of: {', '.join(choices)}")
    rest = state.rest
    res = Resolution(state, ctx.dice)
    res.add(ev.QuestionAnswered(rule="brutality.prompt.answer", team=team, choice=choice))
    if kind == "displace":
        steps = answer_displace(res, hero, team, choice, state.asked_rule)
    else:
        steps = answer_jump(res, kind, hero, team, choice)
    res.run(steps + tuple(rest))
    return res.facts


_TURN_COMMANDS = {
    Move: movement.move, TurnAround: movement.turn_around, Unbleed: movement.unbleed,
    Unhang: movement.unhang, Unbury: movement.unbury, UseAbility: _use_ability,
    MoveKnight: _move_knight, EndActions: phases.end_actions,
}


# ---- legal commands --------------------------------------------------------------------------------
def legal_commands(state: Battle, seat: str) -> list[Command]:
    if state.phase in SETUP_PHASES:
        found = setup_rules.setup_commands(state, seat)
    elif state.phase != ACTIONS:
        found = []
    elif state.question:
        team, _, _, choices = state.question
        found = [Answer(c) for c in choices] if seat == team else []
    elif state.responder:
        found = [*_responses(state, seat), Pass()] if seat == state.responder else []
    elif state.closing is not None:
        found = [*_relic_commands(state, seat), Pass()] if seat == state.window else []
    elif seat == state.active:
        found = _turn_commands(state, seat)
    else:
        found = artifacts.commands(state, seat) + _relic_commands(state, seat)
    return sorted(found, key=lambda c: c.notation())


def _turn_commands(state: Battle, seat: str) -> list[Command]:
    found: list[Command] = []
    for h in state.alive(seat):
        if can_spend(state, h):
            found += _movement_commands(state, h)
        acted = state.acted.get(h.id, ())
        if h.on_board and not h.hung and len(acted) < 2:
            for ability_id, ability in state.sheets[h.id]["abilities"].items():
                if ability_id in acted or not implemented(ability["effects"]):
                    continue
                found += [UseAbility(h.id, ability_id, (w,) if w else ())
                          for w, why in targets(state, h, ability, True).items() if not why]
    found += artifacts.commands(state, seat)
    found += _relic_commands(state, seat)
    found += _knight_commands(state, seat)
    hand = sorted(state.hands.get(seat, ()))
    found += [EndActions(tuple(cards)) for n in range(len(hand) + 1)
              for cards in sorted(set(combinations(hand, n)))]
    return found


def _movement_commands(state: Battle, h: Hero) -> list[Command]:
    found: list[Command] = []
    if h.on_board:
        found.append(TurnAround(h.id))
        if not h.hung:
            here = parse(state, h.square)
            for sq in board_grid(state).neighbours(here, diagonal=True):
                if step_refusal(state, h, str(sq)) is None:
                    found.append(Move(h.id, str(sq)))
    if h.bleed:
        found.append(Unbleed(h.id))
    if h.hung:
        found.append(Unhang(h.id))
    if h.buried:
        spot = unbury_spot(state, h)
        if spot:
            taken = occupants(state)
            inside = {taken[s] for s in spot[1] if s in taken}
            if all(displace_choices(state, state.heroes[o], spot[1]) for o in inside):
                found.append(Unbury(h.id))
    return found


def _relic_commands(state: Battle, seat: str) -> list[Command]:
    found: list[Command] = []
    for card in sorted(set(state.hands.get(seat, ()))):
        if relics.refusal(state, seat, card) is None:
            found += [PlayRelic(card, target) for target in relics.targets(state, seat, card)]
    return found
