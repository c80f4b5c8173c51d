"""The Homunculus turn (section 5): five steps, each a command of the system
seat, so the audit shows each step and each token it moved.

    abilities   1. every boss on the board uses its ability, by ascending Area
    reveal      2. the Homunculus card of the round: an Event, or a Boss arriving
    march       3. the soldiers of the card's Areas march outward
    appearance  4. new soldiers from the centre, "N or more" (+2 in the "+2" rounds)
    check       5. one damage to each character sharing a space with an enemy

An Event card that leaves a choice to the players ("discuss and decide",
section 7, "Event Card Effects") asks them a question; the seats answer it
with `discard` and `wound`, and the turn goes on once it is settled.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation

from . import events as ev
from .board import listed
from .bosses import activate_abilities, boss_arrives
from .characters import wound
from .end import Resolution
from .soldiers import march_area, soldiers_appear
from .state import PLAYERS, Game


def next_step(state: Game) -> str | None:
    """The step the system seat resolves now, or None (a question is open)."""
    if state.pending is not None:
        return None
    i = STEPS.index(state.step) + 1 if state.step else 0
    return STEPS[i] if i < len(STEPS) else None


def check_step(state: Game, step: str) -> None:
    """The steps come in their order, one at a time."""
    expected = next_step(state)
    if step != expected:
        raise RuleViolation("promised_day.homunculus.order",
                            f"the Homunculus turn resolves {expected or 'nothing'} now, not {step}")


def resolve_step(state: Game, step: str, dice) -> list:
    check_step(state, step)
    resolve, rule = _STEPS[step]
    res = Resolution(state, dice)
    res.add(ev.HomunculusStepBegan(rule=rule, step=step))
    resolve(res)
    if step == STEPS[-1] and not res.over:
        res.add(ev.TurnBegan(rule="promised_day.turn.order", character=res.state.order[0],
                             actions=res.state.actions_per_turn))
    return res.facts


# ---- 2. the Homunculus card ---------------------------------------------------------------
def _reveal(res: Resolution) -> None:
    s = res.state
    rnd, card, kind, what, march, soldiers = next(c for c in s.homunculus.cards if c[0] == s.round)
    res.add(ev.HomunculusCardRevealed(rule="promised_day.homunculus.reveal", round=rnd, card=card,
                                      kind=kind, what=what, march=march, soldiers=soldiers))
    if kind == "boss":
        boss_arrives(res, what)
    else:
        _EVENTS[what](res)


def _gather(res: Resolution) -> None:
    s = res.state
    for c in s.characters:
        here = s.position[c]
        spaces = s.areas[s.area_of[here]]
        if here != spaces[0]:
            res.add(ev.CharacterMoved(rule="promised_day.event.gather-innermost", character=c,
                                      source=here, target=spaces[0], distance=spaces.index(here)))


def _ask(kind: str, most: int, rule: str):
    """An Event card that leaves `most` discards or damage to the players' choice."""
    def ask(res: Resolution) -> None:
        s = res.state
        left = min(most, sum(len(h) for h in s.hands.values())) if kind == "discard" else most
        if left:
            res.add(ev.QuestionAsked(rule=rule, kind=kind, left=left))
    return ask


_EVENTS = {"gather-innermost": _gather,
           "discard-two": _ask("discard", 2, "promised_day.event.discard-two"),
           "discard-one": _ask("discard", 1, "promised_day.event.discard-one"),
           "wound-two": _ask("wound", 2, "promised_day.event.wound-two")}


# ---- 3. march, 4. appearance, 5. damage check ---------------------------------------------
def _march(res: Resolution) -> None:
    # Several Areas on one card march in ascending order (our reading; the example
    # does Area 1, then Area 5).
    for area in sorted(res.state.revealed[4]):
        if res.over:
            return
        march_area(res, area, "promised_day.march.area")


def appearance_number(state: Game) -> int:
    extra = 2 if state.round >= state.plus_two_from else 0
    return state.revealed[5] + extra


def _appearance(res: Resolution) -> None:
    soldiers_appear(res, appearance_number(res.state), "promised_day.appearance.flip")


def _check(res: Resolution) -> None:
    s = res.state
    for c in s.characters:
        if s.has_enemy(s.position[c]):
            wound(res, c, 1, "promised_day.check.damage")


# Each step, what it does and the rule it cites, in the order of the turn.
_STEPS = {"abilities": (activate_abilities, "promised_day.homunculus.abilities"),
          "reveal": (_reveal, "promised_day.homunculus.reveal"),
          "march": (_march, "promised_day.homunculus.march"),
          "appearance": (_appearance, "promised_day.homunculus.appearance"),
          "check": (_check, "promised_day.homunculus.check")}
STEPS = tuple(_STEPS)


# ---- the answers to an Event card's question ----------------------------------------------
def check_question(state: Game, kind: str) -> None:
    if state.pending is None or state.pending[0] != kind or state.phase == PLAYERS:
        raise RuleViolation("promised_day.event.no-question", f"no Event card asks for a {kind} now")


def check_discard(state: Game, seat: str, card: str) -> str:
    """The character of `seat` whose hand holds `card`."""
    check_question(state, "discard")
    owner = next((c for c in state.characters if card in state.hands[c]), None)
    if owner is None or state.seat_of[owner] != seat:
        raise RuleViolation("promised_day.event.discard-own",
                            f"{card} is not in a hand of {seat}'s (yours: "
                            f"{listed({k for c in state.characters if state.seat_of[c] == seat for k in state.hands[c].cards})})")
    return owner


def discard(state: Game, seat: str, card: str) -> list:
    owner = check_discard(state, seat, card)
    res = Resolution(state)
    res.add(ev.CardDiscarded(rule="promised_day.event.discard", character=owner, card=card))
    left = min(state.pending[1] - 1, sum(len(h) for h in res.state.hands.values()))
    res.add(ev.QuestionAnswered(rule="promised_day.event.discard", kind="discard", left=left))
    return res.facts


def check_wound(state: Game, seat: str, character: str) -> None:
    check_question(state, "wound")
    if state.seat_of.get(character) != seat:
        raise RuleViolation("promised_day.event.wound-own",
                            f"{seat} does not play {character!r} ({seat} plays: "
                            f"{listed(c for c in state.characters if state.seat_of[c] == seat)})")


def wound_answer(state: Game, seat: str, character: str) -> list:
    check_wound(state, seat, character)
    res = Resolution(state)
    wound(res, character, 1, "promised_day.event.wound")
    res.add(ev.QuestionAnswered(rule="promised_day.event.wound", kind="wound",
                                left=state.pending[1] - 1))
    return res.facts
