"""`legal_commands`: every command a seat may give now, and `prompts`, the
questions waiting for an answer (their choices are legal commands).

Candidates are built from the position (each unit's targets, each card in
hand, ...) and kept only if `rules.check` passes them: the very guards
`decide` asks before it builds a fact, so what is offered is exactly what
the rules allow.  In a player's own turn, who may act is asked once (on
ending the turn) and each candidate then its own guards
(`rules.check_turn_action`, the rest of `check`).  Candidates are pruned
only by guards `check` itself asks (a unit with no special left offers no
special).  Three kinds come in groups that one `check` settles: a unit's
moves (the squares come from `movement.reachable`, the move's own guard),
a card's deploys to a slot (on the squares `deploy.square_refusal` lets
through) and the DV Map Tile's placements (`dragon_vein.tile_refusal`):
each group's other guards are the turn's, the unit's or the card's, the
same for every square, so `check` is asked on the group's first command
only.
The answer is memoised per state (`board.memo`): a play page, its prompts
and a bot ask the same position several times.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from engine.core.commands import Command
from engine.core.errors import RuleViolation
from engine.core.prompts import Prompt

from . import actions, assists, attacks, deploy, dragon_vein, shop
from .board import allied, memo, orthogonal_neighbours
from .combat import reactors
from .commands import (
    Assist,
    Attack,
    BossAction,
    Bump,
    Buy,
    Capture,
    Deploy,
    Discard,
    EndTurn,
    HastyDeploy,
    Move,
    Mulligan,
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
from .content import SLOTS
from .movement import reachable
from .rules import boss_choices, check, check_turn_action, to_act
from .state import BOSS, MULLIGAN, PLAY, Table, Unit
from .turn import check_dv


def legal_commands(state: Table, seat: str) -> list[Command]:
    """The commands `seat` may give now, sorted by notation (memoised per state)."""
    found = memo(state).setdefault("legal", {})
    if seat not in found:
        found[seat] = tuple(_legal_commands(state, seat))
    return list(found[seat])


def _legal_commands(state: Table, seat: str) -> list[Command]:
    if seat not in to_act(state):
        return []
    if state.phase == PLAY and state.active == BOSS and state.pending is None:
        return boss_choices(state) if seat == state.asker else []  # the system seat's steps are its own
    if state.activating is not None and state.activating not in state.units:
        return []  # between the facts of a command whose unit fell: no position to act from
    # Who may act now is the same for every turn action: once ending the turn passes
    # `check`, each candidate is asked its own guards (`check_turn_action`).
    judge = check_turn_action if passes(state, seat, EndTurn()) else check
    found = []
    for command in dict.fromkeys(candidates(state, seat)):
        try:
            judge(state, seat, command)
        except RuleViolation:
            continue
        found.append(command)
    for group in groups(state, seat):
        if group and guard_passes(judge, state, seat, group[0]):
            found += group
    return sorted(found, key=_notation)


def passes(state: Table, seat: str, command: Command) -> bool:
    """Whether `decide` would accept `command` of `seat` now (its guards, no facts)."""
    try:
        check(state, seat, command)
    except RuleViolation:
        return False
    return True


def guard_passes(guard, *args) -> bool:
    """Whether one guard of the rules lets these through (to prune candidates)."""
    try:
        guard(*args)
    except RuleViolation:
        return False
    return True


@lru_cache(maxsize=8192)
def _notation(command: Command) -> str:
    return command.notation()


# ---- candidates, each asked of `check` -----------------------------------------------------------
def candidates(state: Table, seat: str):
    """Every command worth asking `check` about now, but for the groups (`groups`)."""
    if state.phase == MULLIGAN:
        hand = state.player(seat).hand
        yield from (Mulligan(tuple(c)) for n in range(len(hand) + 1) for c in combinations(hand, n))
    elif state.pending is not None:
        yield from (React(u.card) for u in reactors(state, state.units[state.pending[1]]))
        yield Pass()
        yield from (Use(card, ()) for card in state.player(seat).shop_hand)
    elif state.guest is not None:
        unit = state.units[state.guest[1]]
        yield Pass() if state.activating is None else Wait(unit.card)
        yield from _unit_actions(state, unit)
    elif state.activating is not None:
        yield from _unit_actions(state, state.units[state.activating])
        yield Wait(state.activating)
    else:
        yield from _turn(state, seat)


def _turn(state: Table, seat: str):
    """A player's own turn with no unit mid-activation."""
    p = state.player(seat)
    yield EndTurn()
    own = [u for u in state.units.values() if u.owner == seat]
    for unit in own:
        if not unit.exhausted:
            yield from _unit_actions(state, unit)
    yield from (Discard(card) for card in p.hand)
    if state.mode == "boss":
        for unit in own:
            yield from (VeinMove(unit.card, square) for square in dragon_vein.straight_squares(unit.square))
            yield VeinRemove(unit.card)
        return
    for unit in own:
        if guard_passes(shop.check_gray, state, unit):
            yield from (Shift(unit.card, slot) for slot in SLOTS)
    yield from (Buy(slot) for slot in range(1, len(state.shop) + 1))
    for card in p.shop_hand:
        yield Use(card, ())
        yield from (Use(card, (u.card,)) for u in state.units.values())
    if guard_passes(check_dv, state, seat, dragon_vein.COST_BUMP, "a BUMP"):
        for unit in state.units.values():
            yield from (Bump(unit.card, square) for square in dragon_vein.bump_squares(unit.square, state.bump))


def _unit_actions(state: Table, unit: Unit):
    """What a Ready (or activated) unit may do as its unit action."""
    special = guard_passes(actions.check_special_ready, state, unit)
    if state.mode == "boss":
        targets = [*state.boss["hp"], *(m.id for m in state.summons.values() if m.kind == "minion")]
        yield from (Attack(unit.card, target) for target in targets)
        if special:
            yield from (Special(unit.card, (target,)) for target in targets)
        if guard_passes(actions.check_boss_action_reach, state, unit):
            yield BossAction(unit.card, ())
            yield from (BossAction(unit.card, (colour,)) for colour in state.boss["hp"])
    else:
        yield from (Attack(unit.card, other.card) for other in state.units.values() if other.owner != unit.owner)
        yield Capture(unit.card)
        yield Retire(unit.card)
    if special:
        yield Special(unit.card, ())
        yield from (Special(unit.card, (other.card,)) for other in state.units.values())
    if guard_passes(assists.check_has_assist, state, unit):
        yield from _assists(state, unit)
    yield Work(unit.card)


def _assists(state: Table, unit: Unit):
    squares = assists.takes_square(state, unit)
    for ally in state.units.values():
        if ally.card == unit.card or not allied(state, unit, ally):
            continue
        if squares:
            yield from (Assist(unit.card, ally.card, (square,))
                        for square in (*orthogonal_neighbours(unit.square), ally.square))
        else:
            yield Assist(unit.card, ally.card, ())


# ---- groups that one `check` settles -------------------------------------------------------------
def groups(state: Table, seat: str) -> list[list[Command]]:
    """Moves (by unit), deploys (by card, slot and kind) and DV Map Tile placements: in
    each group only the square differs, and every square passed the square's own guards."""
    if state.pending is not None or state.phase != PLAY:
        return []
    if state.guest is not None:
        unit = state.units[state.guest[1]]
        return [_moves(state, unit)] if state.activating is None else []
    if state.activating is not None:
        return []
    found = [_moves(state, u) for u in state.units.values() if u.owner == seat and not u.exhausted]
    found += _deploys(state, seat)
    if state.mode != "boss":
        found.append(_tiles(state, seat))
    return found


def _moves(state: Table, unit: Unit) -> list[Command]:
    return [Move(unit.card, square) for square in reachable(state, unit, state.cards[unit.card]["mov"])]


def _deploys(state: Table, seat: str) -> list[list[Command]]:
    free = [sq for sq in state.zones[seat] if deploy.square_refusal(state, seat, sq) is None]
    if not free:
        return []
    kinds = [cls for cls in (Deploy, HastyDeploy)
             if guard_passes(deploy.check_deploys_left, state, seat, cls is HastyDeploy)]
    return [[cls(card, slot, square) for square in free]
            for card in dict.fromkeys(state.player(seat).hand)
            for slot in deploy.slots_for(state, card) for cls in kinds]


def _tiles(state: Table, seat: str) -> list[Command]:
    if not guard_passes(check_dv, state, seat, dragon_vein.COST_TILE, "a DV Map Tile"):
        return []
    return [VeinTile(square, side) for square in state.terrain for side in dragon_vein.SIDES
            if dragon_vein.tile_refusal(state, seat, square, side) is None]


# ---- prompts -------------------------------------------------------------------------------------
def prompts(state: Table) -> tuple[Prompt, ...]:
    """While an attack waits for reactions, its defender's player is asked; in a boss
    turn, the players choose the boss's next attack when there is a choice, and the
    order in which its card's effect hits several units; a player whose unit an ally
    readied is asked to act with it.  Each asked as a question in the game's words."""
    if state.result is None and state.active == BOSS and state.pending is None:
        choices = boss_choices(state)
        boss = state.boss.get("name", "the boss")
        waiting = ", ".join(_name(state, u) for u in state.boss_queue)
        if len(choices) > 1 and state.boss_step == "attack":
            which = (f"{boss} attacks {waiting} next: with which corner, and at which range?"
                     if len(state.boss_queue) == 1 else
                     f"{boss} attacks next: which of {waiting} does it attack, with which corner, "
                     "and at which range?")
            return (Prompt(state.asker, which,
                           "roundtable.boss.attack-choice", tuple(c.notation() for c in choices)),)
        if len(choices) > 1:
            card = state.boss["cards"][state.boss_discards[-1]]["name"] if state.boss_discards else "the boss card"
            return (Prompt(state.asker, f"{card} hits {waiting}: which unit does it hit next?",
                           "roundtable.boss.card-order", tuple(c.notation() for c in choices)),)
    if state.pending is None and state.guest is not None:
        seat, unit = state.guest
        return (Prompt(seat, f"An ally readied your {_name(state, unit)}: will you move and act with it "
                             "now, or pass?",
                       "roundtable.boss.dancer", tuple(c.notation() for c in legal_commands(state, seat))),)
    if state.pending is None:
        return ()
    attacker, defender, seat = state.pending
    attack = f"{_name(state, attacker)} attacks {_name(state, defender)}"
    # Prompts are shown to every seat: the shop cards the asked player could play
    # stay out of the choices (legal_commands lists them for that seat alone).
    choices = tuple(c.notation() for c in legal_commands(state, seat) if not isinstance(c, Use))
    others = tuple(Prompt(other, f"{attack}: will your unit next to it react, or pass?",
                          "roundtable.reaction.ally-attacked",
                          tuple(c.notation() for c in legal_commands(state, other)))
                   for other in attacks.other_reacting_seats(state))
    return (Prompt(seat, f"{attack}: will you react (a reaction special or a shop card), or pass?",
                   "roundtable.reaction.window", choices), *others)


def _name(state: Table, piece: str) -> str:
    """A unit, minion or boss corner (`boss:red`) as the page names it."""
    if piece.startswith("boss:"):
        return f"{state.boss.get('name', 'the boss')}'s {piece[5:]} corner"
    if piece in state.cards:
        return state.cards[piece]["name"]
    if piece in state.summons:
        return f"{state.boss['summons'][state.summons[piece].type]['name']} {piece.rsplit('-', 1)[-1]}"
    return piece
