"""Bots for self-play, for either side: `random` (any legal command) and
`greedy` (the most useful-looking command).  The greedy keeper's plan is also
what the game itself plays when the keeper is the system seat (option
keeper=system, `system_command`): deterministic, so that re-deciding a record
gives the same.  `cautious_bot`, greedy with investigators who never attack,
plays the lines of the search (playing.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.commands import Command
from engine.core.context import SYSTEM
from engine.games.forbidden_alchemy.bots import solver_bot

from . import board
from .commands import PUZZLE_COMMANDS, Choose
from .legal import keeper_commands
from .pieces import CHOOSE, Story
from .rules import RANDOM_CHOICE, to_act


def random_bot(state: Story, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    return rng.choice(list(legal))


# Verbs in the order a greedy investigator tries them (first found wins).
INVESTIGATOR_PREFERENCE = (
    "escape",
    "puzzle",
    "plant",
    "travel",
    "attack",
    "explore",
    "test",
    "pick",
    "answer",
)


# What the cautious investigator tries: never a fight he could walk away from
# (the house wins a war of attrition), the Exploration cards first.
CAUTIOUS_PREFERENCE = ("escape", "puzzle", "plant", "travel", "explore", "test", "pick", "answer")


def greedy_bot(state: Story, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    return _bot(state, seat, legal, rng, INVESTIGATOR_PREFERENCE)


def cautious_bot(state: Story, seat: str, legal: Sequence[Command], rng: random.Random) -> Command:
    """Greedy, but an investigator never attacks: he explores, or moves on
    towards the rooms left to explore.  The search's rollout bot
    (playing.py): over seeds 1000-1063 its investigators won 19 of 64 games
    against the greedy keeper, greedy ones 2."""
    return _bot(state, seat, legal, rng, CAUTIOUS_PREFERENCE)


def _bot(state: Story, seat: str, legal: Sequence[Command], rng: random.Random,
         preference: tuple[str, ...]) -> Command:
    legal = list(legal)
    if state.attempter == seat and legal and isinstance(legal[0], PUZZLE_COMMANDS):
        return solver_bot(state.alchemy, "investigator", legal, rng)
    if seat == "keeper":
        choices = [c for c in legal if c.verb == "choose"]
        return rng.choice(choices) if choices else keeper_plan(state, legal)
    me = state.investigators[seat]
    if me.damage or me.horror:
        preference = ("use", *preference)
    win = state.revealed_win()
    if win.get("carrying") not in me.items:  # escaping without the item wins nothing
        legal = [c for c in legal if c.verb != "escape"]
    wanted = _period_wanted(state, me)
    legal = [c for c in legal if c.verb != "travel" or c.period == wanted]
    if win.get("kind") == "seeds" and state.period != win["planted"]:
        legal = [c for c in legal if c.verb != "plant"]  # planted now, they would never grow
    for verb in preference:
        found = [c for c in legal if c.verb == verb]
        if found:
            return rng.choice(found)
    moves = {c.space: c for c in legal if c.verb == "move"}
    step = _toward(state, me.space, _goals(state, me), set(moves))
    if step is not None:
        return moves[step]
    return next((c for c in legal if c.verb == "end"), legal[0])


def _period_wanted(s: Story, me) -> str | None:
    """Story 2: the Time Period a greedy investigator travels to, if any: the planting
    period while he holds the Seeds, the growing one once they are planted there."""
    win = s.revealed_win()
    if win.get("kind") != "seeds":
        return None
    if win["card"] in me.items and s.period != win["planted"]:
        return win["planted"]
    if s.seeds == (win["room"], win["planted"]) and s.period != win["grown"]:
        return win["grown"]
    return None


def _goals(s: Story, me) -> set[str]:
    """Where a greedy investigator heads: the escape edge with the item to carry out,
    the rift to travel in time or the room to plant the Seeds in (Story 2), else any
    room with Exploration cards left (their number is public)."""
    win = s.revealed_win()
    if win.get("kind") == "escape" and win["carrying"] in me.items:
        return set(s.rooms[win["room"]]["edge"])
    if _period_wanted(s, me):
        return {x for r in s.rooms.values() if r.get("rift") for x in r["spaces"]}
    if win.get("kind") == "seeds" and win["card"] in me.items:
        return set(s.rooms[win["room"]]["spaces"])
    return {
        space for room, cards in s.exploration.items() if cards for space in s.rooms[room]["spaces"]
    }


def _toward(s: Story, start: str, goals: set[str], first_steps: set[str]) -> str | None:
    """The first step of a shortest walk from `start` to a goal (breadth first), if any."""
    if start in goals or not first_steps:
        return None
    seen, frontier = {start}, [(x, x) for x in sorted(first_steps)]
    while frontier:
        nxt = []
        for space, first in frontier:
            if space in goals:
                return first
            if space in seen:
                continue
            seen.add(space)
            nxt += [
                (x, first)
                for x, kind in sorted(board.links_from(s, space).items())
                if kind != "impassable" and x not in seen
            ]
        frontier = nxt
    return None


def system_command(s: Story, now) -> Command | None:
    """The keeper's move when the game plays the keeper (option keeper=system)."""
    if SYSTEM not in to_act(s):
        return None
    if s.phase == CHOOSE:
        return Choose(RANDOM_CHOICE)
    return keeper_plan(s, keeper_commands(s))


def keeper_plan(s: Story, legal: Sequence[Command]) -> Command:
    """Attack, harm, then bring monsters to the investigators, then end the turn.
    Every step uses up something (a monster's attack, a card once a turn, threat),
    so a keeper turn always ends."""
    ordered = sorted(legal, key=lambda c: c.notation())
    for wanted in (
        _is("choose"),
        _is("place"),
        _escaping,
        _is("monster-attack"),
        _action("screech"),
        _action("take-sample"),
        _is("trauma"),
        _is("mythos"),
        _is("threat"),
        _closing_in(s),
        _burning(s),
        _action("writhing-growths"),
        _mutating(s),
        _action("crawling-hands"),
        _harming(s),
        _darkening(s),
    ):
        found = [c for c in ordered if wanted(c)]
        if found:
            return found[0]
    return next(c for c in ordered if c.verb == "end")


def _escaping(c) -> bool:
    """A monster escaping wins the keeper's story (when his objective says so)."""
    return c.verb == "action" and c.targets[-1:] == ("escape",)


def _is(verb: str):
    return lambda c: c.verb == verb


def _action(card: str):
    return lambda c: c.verb == "action" and c.card == card


def _closing_in(s: Story):
    """A monster moved or summoned into a room where an investigator is."""
    rooms = {board.room(s, i.space) for i in s.active()}

    def wanted(c) -> bool:
        if c.verb != "action" or c.card not in ("creature-of-night", "dark-summons"):
            return False
        monster, *path = c.targets
        here = s.monsters[monster].space
        return board.room(s, path[-1]) in rooms and board.room(s, here) not in rooms

    return wanted


def _burning(s: Story):
    """Fire set where an investigator is."""
    rooms = {board.room(s, i.space) for i in s.active()}
    return lambda c: c.verb == "action" and c.card == "kindle" and c.targets[0] in rooms


def _mutating(s: Story):
    """A Mutation token where Writhing Growths can turn it against an investigator: on
    him, or on a monster or corpse in an investigator's space."""
    spaces = {i.space for i in s.active()}

    def wanted(c) -> bool:
        if c.verb != "action" or c.card != "mutation":
            return False
        (target,) = c.targets
        m = s.monsters.get(target)
        return m is None or (m.space or m.corpse) in spaces

    return wanted


def _harming(s: Story):
    """A Keeper Action that harms the investigator it names."""
    return lambda c: c.verb == "action" and s.actions[c.card].effect == "harm"


def _darkening(s: Story):
    """Darkness brought where an investigator is."""
    rooms = {board.room(s, i.space) for i in s.active()}
    return lambda c: c.verb == "action" and c.card == "lights-out" and c.targets[0] in rooms


BOTS = {"random": random_bot, "greedy": greedy_bot}
