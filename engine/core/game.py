"""The shape of a game (the decider of DESIGN.md) and the game registry.

A game is a module that provides the names in `GameModule`.  The engine
core knows nothing else about a game.  Games never touch storage: they
turn (state, command, dice) into events and fold events into state.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol

from .commands import Command, CommandSet
from .dice import Dice
from .errors import UnknownGameKind
from .events import Event
from .rules import RuleBook

# A bot picks one command for `seat` from the legal ones.
Bot = Callable[[Any, str, Sequence[Command], Any], Command]


class GameModule(Protocol):
    """What every package under `engine.games` provides (module level)."""

    ID: str
    TITLE: str
    RULES_VERSION: str
    PLAYER_COUNTS: tuple[int, ...]  # what --players may say
    RULES: RuleBook            # every rule id an event or violation may carry
    EVENTS: dict[str, type[Event]]
    COMMANDS: CommandSet
    BOTS: dict[str, Bot]       # "random" at least

    def options(self, players: int | None, raw: dict[str, str]) -> dict[str, Any]:
        """Validate and complete setup options (BadOptions names the key)."""

    def seats(self, options: dict[str, Any]) -> tuple[str, ...]: ...

    def initial_state(self) -> Any: ...

    def setup(self, options: dict[str, Any], dice: Dice) -> list[Event]: ...

    def decide(self, state: Any, seat: str, command: Command, dice: Dice) -> list[Event]: ...

    def evolve(self, state: Any, event: Event) -> Any: ...

    def legal_commands(self, state: Any, seat: str) -> list[Command]: ...

    def to_act(self, state: Any) -> tuple[str, ...]:
        """Seats the game is waiting for (empty when over)."""

    def outcome(self, state: Any) -> str | None:
        """None while the game runs; a short result once it is over."""

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """What `seat` may see (None: everything), as plain JSON data."""

    def scramble_hidden(self, state: Any, seat: str | None, rng: Any) -> Any:
        """A state that differs from `state` only in what `seat` cannot see."""

    def redact(self, event: Event, seat: str | None) -> dict[str, Any]:
        """The event's data as `seat` may see it (None: everything)."""

    def turn(self, state: Any) -> int:
        """The number of the turn in progress (for stepping and grouping by turn)."""

    def board_targets(self, commands: Sequence[Command]) -> dict[Any, list[tuple[str, str]]]:
        """Board places a click can start each legal command from:
        {target: [(label, notation), ...]} (empty: the board is not clickable)."""

    def render(self, state: Any) -> str:
        """A text picture of the state for `boardlog show`."""

    def describe(self, event: Event) -> str:
        """One line in plain words for a timeline.  Timelines are public while
        a game runs, so it says only what every seat may see."""


REQUIRED = [name for name in GameModule.__annotations__] + [
    name for name, value in vars(GameModule).items() if callable(value) and not name.startswith("_")
]

# The registry: game id -> module path.  Adding a game is one line here.
_GAMES = {
    "forbidden_alchemy": "engine.games.forbidden_alchemy",
}
_loaded: dict[str, ModuleType] = {}


def game_ids() -> list[str]:
    return sorted(_GAMES)


def find_game(kind: str) -> GameModule:
    """The game module for `kind`, or UnknownGameKind naming the known ids."""
    if kind not in _GAMES:
        raise UnknownGameKind(f"unknown game {kind!r}; known games: {', '.join(game_ids())}")
    module = _loaded.get(kind)
    if module is None:
        module = importlib.import_module(_GAMES[kind])
        missing = [name for name in REQUIRED if not hasattr(module, name)]
        if missing:
            raise TypeError(f"game {kind} does not provide {missing}")
        _loaded[kind] = module
    return module  # type: ignore[return-value]
