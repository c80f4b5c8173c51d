"""The phases of a team's turn that follow by themselves ("Your Team's Turn"):
1 (advance cooldowns and timed effects), 2 (draw relics), 4 (discard relics)
and 5 (end-of-turn effects); and the end of the actions, with the "End of..."
windows between phases 3 and 4 ("Effect Timing").
"""

from __future__ import annotations

from engine.core.context import Context
from engine.core.events import Event, evolved

from . import events as ev
from . import relics
from .board import END_OF_TURN_RULE, HAZARDS, footprint
from .commands import EndActions
from .resolution import Resolution
from .stack import offered
from .state import Battle, other, relic_deck
from .turn import Refusal


def begin_turn(res: Resolution, team: str, number: int, dice) -> None:
    """Phases 1 (advance cooldowns) and 2 (draw relics) of `team`'s turn."""
    res.add(ev.TurnBegan(rule="brutality.turn.order", team=team, turn=number))
    for h in res.state.alive(team):  # a dead hero's cooldown waits ("Death and Revival")
        if h.cooldown == 1:
            res.add(ev.ArtifactFlippedUp(rule="brutality.cooldown.flip-up", hero=h.id,
                                         artifact=h.artifact))
        elif h.cooldown:
            res.add(ev.CooldownAdvanced(rule="brutality.cooldown.advance", hero=h.id,
                                        artifact=h.artifact, cooldown=h.cooldown - 1))
    for sq, hazard in sorted(res.state.hazards.items()):
        if hazard.tokens > 1:
            res.add(ev.HazardTokenRemoved(rule="brutality.persistent.tokens", square=sq,
                                          kind=hazard.kind, tokens=hazard.tokens - 1))
        elif hazard.tokens == 1:
            res.add(ev.HazardRemoved(rule="brutality.persistent.tokens", kind=hazard.kind, square=sq,
                                     why="its time ran out"))
    _draw_relics(res, team, dice)


def _draw_relics(res: Resolution, team: str, dice) -> None:
    s = res.state
    two = len(s.alive(team)) == 1
    room = s.held(team).room
    wanted = min(2 if two else 1, room)
    # A draw cut short by the hand of three cites the limit.
    rule = ("brutality.relic.hand-limit" if wanted < (2 if two else 1)
            else "brutality.relic.draw-two" if two else "brutality.relic.draw")
    if wanted <= 0:
        return
    pile = s.pile(team)
    deck = s.relic_decks.get(pile, relic_deck(pile, ()))
    first = deck.peek(wanted)
    if first:
        res.add(ev.RelicsDrawn(rule=rule, team=team, cards=first))
    missing = wanted - len(first)
    # The discards are shuffled as they were discarded, oldest first (the kit's
    # pile holds the most recent first): the order the dice are given.
    discards = tuple(reversed(res.state.relic_decks.get(pile, deck).discards))
    if missing and discards:
        order = tuple(dice.shuffled(discards))
        res.add(ev.RelicDeckReshuffled(rule="brutality.relic.reshuffle", pile=pile, order=order))
        res.add(ev.RelicsDrawn(rule=rule, team=team, cards=order[:missing]))


def end_of_turn_steps(state: Battle, team: str) -> list[tuple]:
    """Phase 5: the hazards under each hero (each space of a large one), burial,
    bleed and the noose, hero by hero in the order they were chosen."""
    steps: list[tuple] = []
    for h in state.alive(team):
        for sq in footprint(state, h):
            hazard = state.hazards.get(sq)
            if hazard and HAZARDS[hazard.kind]["end"]:
                steps.append(("damage", h.id, HAZARDS[hazard.kind]["end"],
                              END_OF_TURN_RULE[hazard.kind]))
        if h.buried:
            steps.append(("damage", h.id, 1, "brutality.bury.end"))
        # One fact per bleed tile: each point of damage can be audited on its own.
        steps += [("damage", h.id, 1, "brutality.status.bleed.end")] * h.bleed
        if h.hung:
            steps.append(("damage", h.id, 1, "brutality.status.noose.end"))
    return steps


def end_refusal(state: Battle, seat: str, cmd: EndActions) -> Refusal | None:
    """The cards named for phase 4 are in the team's hand, each once, listed in
    alphabetical order (so each choice has one spelling)."""
    hand = list(state.hand(seat))
    for card in cmd.discard:
        if card not in hand:
            return Refusal("brutality.relic.discard", f"{card!r} is not in your team's hand "
                           f"({', '.join(state.hand(seat)) or 'it is empty'})")
        hand.remove(card)
    if list(cmd.discard) != sorted(cmd.discard):
        return Refusal("brutality.relic.discard",
                       "list the discarded cards in alphabetical order")
    return None


def end_actions(state: Battle, seat: str, cmd: EndActions, ctx: Context) -> list[Event]:
    """The end of the actions: the "End of..." window of the first team offered
    one (the active team, then the other), else phases 4 and 5 and the other
    team's turn at once."""
    refusal = end_refusal(state, seat, cmd)
    if refusal:
        raise refusal.error()
    res = Resolution(state, ctx.dice)
    window = _next_window(state, cmd.discard, (seat, other(seat)))
    if window:
        res.add(ev.ActionsEnded(rule="brutality.timing.end", team=seat, discard=cmd.discard,
                                window=window))
        return res.facts
    _finish(res, seat, cmd.discard, ctx.dice)
    return res.facts


def pass_end_window(state: Battle, seat: str, ctx: Context) -> list[Event]:
    """A team is done with its "End of..." cards: the other team's chance, or phase 4."""
    res = Resolution(state, ctx.dice)
    later = (other(seat),) if seat == state.active else ()
    window = _next_window(state, state.closing, later)
    res.add(ev.EndWindowPassed(rule="brutality.timing.end", team=seat, window=window))
    if not window:
        # Our reading: cards named for phase 4 but played in the window are simply gone.
        left = tuple(c for c in state.closing if c in state.hand(state.active))
        _finish(res, state.active, left, ctx.dice)
    return res.facts


def _next_window(state: Battle, discard, teams) -> str:
    """The first of `teams` offered an "End of..." window (`stack.offered`:
    it holds a card, a public count).  Which cards it holds must not decide:
    the window is seen by both teams."""
    for team in teams:
        if offered(evolved(state, closing=tuple(discard), window=team), team):
            return team
    return ""


def _finish(res: Resolution, team: str, discard: tuple[str, ...], dice) -> None:
    """Phases 4 and 5, then the other team's turn."""
    if discard:
        res.add(ev.RelicsDiscarded(rule="brutality.relic.discard", team=team, cards=discard))
    # Hell Fire starts at the end of the opponent's turn: lit first in phase 5, it is
    # already a Relentless Fire when the end-of-turn damage is checked, so a hero of
    # the ending team still standing in the line burns (our reading).
    relics.light_hell_fire(res, team)
    res.run(end_of_turn_steps(res.state, team))
    if res.state.winner:
        return
    res.add(ev.TurnEnded(rule="brutality.turn.end", team=team))
    begin_turn(res, other(team), res.state.turn + 1, dice)
