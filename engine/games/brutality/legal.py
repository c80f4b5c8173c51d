"""The legal commands of a seat: candidates, each kept only if the guards
that `decide` raises from let it through (`choices.refusal`,
`movement.command_refusal`, `abilities.ability_refusal`, `targeting.targets`,
`artifacts.refusal`, `relics.refusal`, ...), never a restatement of them.
"""

from __future__ import annotations

from itertools import combinations

from engine.core.commands import Command
from engine.core.events import evolved

from . import artifacts, choices, movement, relics, stack
from .abilities import ability_refusal
from .board import neighbour_names
from .commands import (
    Answer,
    EndActions,
    Move,
    MoveKnight,
    Pass,
    PlayRelic,
    TurnAround,
    Unbleed,
    Unbury,
    Unhang,
    UseAbility,
)
from .phases import end_refusal
from .rules import answer_refusal
from .state import ACTIONS, SETUP_PHASES, Battle, Hero, team_of
from .targeting import targets
from .turn import seat_refusal, turn_refusal


def legal_commands(state: Battle, seat: str) -> list[Command]:
    """Everything `seat` may do now, in notation order."""
    team = team_of(seat)
    found = [c for c in _team_commands(state, team) if seat_refusal(state, seat, c) is None]
    return sorted(found, key=lambda c: c.notation())


def _team_commands(state: Battle, team: str) -> list[Command]:
    if state.phase in SETUP_PHASES:
        return choices.candidates(state, team)
    if state.phase != ACTIONS:
        return []
    if state.question:
        return [Answer(c) for c in state.question[3] if answer_refusal(state, team, c) is None]
    passing = [Pass()] if stack.pass_refusal(state, team) is None else []
    if state.responder:
        # What `team` could play now in answer to a declared effect, or pass.
        return [*_answers(state, team), *passing] if team == state.responder else []
    if state.closing is not None:
        return [*_relic_commands(state, team), *passing] if stack.window_open(state, team) else []
    if turn_refusal(state, team) is None:
        return _turn_commands(state, team)
    return artifacts.uses(state, team) + _relic_commands(state, team)


def _answers(state: Battle, team: str) -> list[Command]:
    asked = evolved(state, responder=team)
    return artifacts.uses(asked, team) + _relic_commands(asked, team)


def _turn_commands(state: Battle, team: str) -> list[Command]:
    found: list[Command] = []
    for h in state.alive(team):
        if movement.spend_refusal(state, h) is None:
            found += _spending(state, h)
        found += _abilities(state, h)
    found += artifacts.uses(state, team)
    found += _relic_commands(state, team)
    found += _knight_moves(state, team)
    hand = sorted(state.hand(team))
    ends = [EndActions(tuple(cards)) for n in range(len(hand) + 1)
            for cards in sorted(set(combinations(hand, n)))]
    found += [c for c in ends if end_refusal(state, team, c) is None]
    return found


def _spending(state: Battle, h: Hero) -> list[Command]:
    """What a hero may spend movement on: a step to a space around it (judged
    before the command is made: there are eight), turning, bleed, noose, grave."""
    around = () if h.square is None else neighbour_names(
        h.square, state.board["width"], state.board["height"])
    steps = [Move(h.id, sq) for sq in around if movement.move_refusal(state, h, sq) is None]
    others = [TurnAround(h.id), Unbleed(h.id), Unhang(h.id), Unbury(h.id)]
    return steps + [c for c in others if movement.command_refusal(state, h, c) is None]


def _abilities(state: Battle, h: Hero) -> list[Command]:
    found: list[Command] = []
    for ability_id, ability in state.sheets[h.id]["abilities"].items():
        if ability_refusal(state, h, ability_id) is None:
            found += [UseAbility(h.id, ability_id, (w,) if w else ())
                      for w, why in targets(state, h, ability, True).items() if not why]
    return found


def _knight_moves(state: Battle, team: str) -> list[Command]:
    w, h = state.board["width"], state.board["height"]
    return [MoveKnight(sq, to) for sq, hazard in state.hazards.items()
            if hazard.kind == "ghost-knight" and hazard.team == team  # the team's knights
            for to in neighbour_names(sq, w, h)
            if movement.knight_refusal(state, team, sq, to) is None]


def _relic_commands(state: Battle, team: str) -> list[Command]:
    found: list[Command] = []
    for card in sorted(set(state.hand(team))):
        if relics.refusal(state, team, card) is None:
            found += [PlayRelic(card, target) for target in relics.targets(state, team, card)]
    return found
