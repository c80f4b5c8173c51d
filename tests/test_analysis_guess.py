"""The search never reads what its seat cannot see: a test game where
peeking would pay, and the search's choices in two states that differ only
in the hidden card.

This module is itself a tiny game (registered as `guess` for these tests
only): the hider is dealt a card, left or right, face down; the seeker
guesses it and wins if right.  Nothing the seeker may see tells the card,
so a search that plays fair guesses each side as often whatever the card,
and one that read the hidden card would always be right.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import pytest

from analysis.search import Budget, search_bot
from engine.core.commands import Command, CommandSet, command
from engine.core.errors import RuleViolation
from engine.core.events import Event, event_registry, fact
from engine.core.game import find_game, register
from engine.core.rules import CORE_RULES, RuleBook, table

# ---- the game ---------------------------------------------------------------------------------
ID = "guess"
TITLE = "Guess the card (test game)"
RULES_VERSION = "1"
PLAYER_COUNTS = (2,)
SIDES = ("left", "right")
RULES = CORE_RULES + RuleBook(*table("guess (test game)", {
    "guess.deal": "The hider is dealt left or right, face down.",
    "guess.guess": "The seeker names a side: right, the seeker wins; wrong, the hider wins.",
}))


@fact
class Dealt(Event):
    """The hider's card (seen by the hider alone)."""

    card: str


@fact
class Guessed(Event):
    """The seeker named a side, and the card was turned up."""

    reveals = True
    side: str
    card: str


EVENTS = event_registry(Dealt, Guessed)


@command
class Guess(Command):
    verb = "guess"
    side: str


COMMANDS = CommandSet(Guess)


@dataclass(frozen=True)
class Table:
    card: str = ""
    guessed: str = ""


def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    return {"players": 2}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return ("seeker", "hider")


def initial_state() -> Table:
    return Table()


def setup(opts: dict[str, Any], dice) -> list[Event]:
    return [Dealt(rule="guess.deal", card=dice.choice(SIDES))]


def decide(state: Table, seat: str, command: Command, ctx) -> list[Event]:
    if seat != "seeker" or state.guessed or not isinstance(command, Guess) or command.side not in SIDES:
        raise RuleViolation("guess.guess", "the seeker names left or right, once")
    return [Guessed(rule="guess.guess", side=command.side, card=state.card)]


def evolve(state: Table, event: Event) -> Table:
    if isinstance(event, Dealt):
        return replace(state, card=event.card)
    if isinstance(event, Guessed):
        return replace(state, guessed=event.side)
    raise ValueError(f"unknown event {event!r}")


def legal_commands(state: Table, seat: str) -> list[Command]:
    return [Guess(side) for side in SIDES] if seat == "seeker" and not state.guessed else []


def to_act(state: Table) -> tuple[str, ...]:
    return () if state.guessed else ("seeker",)


def outcome(state: Table) -> str | None:
    if not state.guessed:
        return None
    return "seeker wins" if state.guessed == state.card else "hider wins"


def view(state: Table, seat: str | None) -> dict[str, Any]:
    shown = seat in (None, "hider") or bool(state.guessed)
    return {"card": state.card if shown else "?", "guessed": state.guessed}


def scramble_hidden(state: Table, seat: str | None, rng: random.Random) -> Table:
    """For the seeker, a card drawn afresh: what it cannot see, guessed."""
    if seat in (None, "hider") or state.guessed:
        return state
    return replace(state, card=rng.choice(SIDES))


def redact(event: Event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    if isinstance(event, Dealt) and seat not in (None, "hider"):
        data["card"] = "?"
    return data


def turn(state: Table) -> int:
    return 1


def board_targets(commands) -> dict:
    return {}


def render(state: Table) -> str:
    return str(view(state, None))


def describe(event: Event) -> str:
    return "the hider is dealt a card" if isinstance(event, Dealt) else f"guessed {event.side}"


def random_bot(state: Table, seat: str, legal, rng: random.Random) -> Command:
    return rng.choice(list(legal))


BOTS = {"random": random_bot}


# ---- the tests --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def guess():
    register(ID, __name__)
    return find_game(ID)


def choices(bot, state: Table, runs: int = 40) -> Counter:
    legal = legal_commands(state, "seeker")
    return Counter(bot(state, "seeker", legal, random.Random(n)).notation() for n in range(runs))


def test_fair_search_guesses_alike_whatever_the_hidden_card(guess):
    left, right = Table(card="left"), Table(card="right")
    assert view(left, "seeker") == view(right, "seeker")
    bot = search_bot(ID, seats({}), Budget(simulations=8))
    on_left, on_right = choices(bot, left), choices(bot, right)
    assert on_left == on_right
    assert set(on_left) == {"guess left", "guess right"}  # a real choice, not always one side


def test_a_search_that_peeked_would_always_be_right(guess, monkeypatch):
    """The control: hand the search the true card through `scramble_hidden`
    and it guesses it every time, so the test above can tell."""
    monkeypatch.setattr(guess, "scramble_hidden", lambda state, seat, rng: state)
    bot = search_bot(ID, seats({}), Budget(simulations=8))
    assert choices(bot, Table(card="left")) == Counter({"guess left": 40})
    assert choices(bot, Table(card="right")) == Counter({"guess right": 40})
