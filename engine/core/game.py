"""The shape of a game (the decider of DESIGN.md) and the game registry.

A game is a module that provides the names in `GameModule` (docs/GAMES.md
explains the contract in full).  The engine core knows nothing else about a
game.  Games never touch storage: they turn (state, seat, command, context)
into events and fold events into state.  A few names are optional and get
a default here (`OPTIONAL`): prompts, the system seat's command, upcasters.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, Protocol

from .commands import Command, CommandSet
from .context import Context
from .dice import Dice
from .errors import UnknownGameKind
from .events import Event, Upcasters
from .prompts import Prompt
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

    def decide(self, state: Any, seat: str, command: Command, ctx: Context) -> list[Event]:
        """The facts `command` by `seat` causes, or RuleViolation.  `ctx.dice`
        and `ctx.now` come from the record (see context.py)."""

    def evolve(self, state: Any, event: Event) -> Any: ...

    def legal_commands(self, state: Any, seat: str) -> list[Command]: ...

    def to_act(self, state: Any) -> tuple[str, ...]:
        """Seats that may act now, in the order the game waits for them: the
        player whose turn it is first, then any seat that may react out of
        turn; `SYSTEM` when an automated turn is due.  Empty when over.
        `legal_commands` per seat is the truth; `decide` the final word."""

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

    def render(self, state: Any) -> str:
        """A text picture of the state for `boardlog show`."""

    def describe(self, event: Event) -> str:
        """One line in plain words for a timeline.  Timelines are public while
        a game runs, so it says only what every seat may see."""


REQUIRED = [name for name in GameModule.__annotations__] + [
    name for name, value in vars(GameModule).items() if callable(value) and not name.startswith("_")
]


# ---- optional names, with their defaults ---------------------------------------------------
def _no_prompts(state: Any) -> tuple[Prompt, ...]:
    """Questions waiting for an answer (mid-resolution); none by default."""
    return ()


def _no_system_command(state: Any, now: Any) -> Command | None:
    """The command the system seat issues now, if any.  Called after every
    stored command and when anyone polls, with the time of that moment, so
    an automated turn runs at once and a passed deadline is enforced."""
    return None


def _no_clock(state: Any, now: Any) -> dict[str, str] | None:
    """The deadline running now, for the play page's countdown: {"seat": who
    must act, "deadline": ISO time, "then": what happens when it passes, in a
    few words}; None when no deadline runs (the default)."""
    return None


def _no_side(seat: str, other: str) -> bool:
    """Do two seats play as one side and share what they hold (Brutality's
    teams of two)?  A secret command of one is shown to the other.  No."""
    return False


def _no_scores(state: Any) -> dict[str, dict[str, float]]:
    """What the game scores now, for the replay's chart: {series: {seat or
    label: value}}, public information only.  None by default: no chart."""
    return {}


OPTIONAL: dict[str, Any] = {
    "prompts": _no_prompts,
    "system_command": _no_system_command,
    "scores": _no_scores,
    "clock": _no_clock,
    "same_side": _no_side,
    "UPCASTERS": {},  # (event type, from version) -> data upcaster
    "DEFAULT_BOT": "random",  # what `boardlog selfplay` plays without --bot
    "PLAY_OPTIONS": {},  # setup options the viewer's "Start a game" form adds unless given
}
Upcasters = Upcasters  # re-exported for games

# The registry: game id -> module path.  Adding a game is one line here.
_GAMES = {
    "brutality": "engine.games.brutality",
    "fmp": "engine.games.fmp",
    "forbidden_alchemy": "engine.games.forbidden_alchemy",
    "forbidden_alchemy_story": "engine.games.forbidden_alchemy_story",
    "promised_day": "engine.games.promised_day",
    "roundtable": "engine.games.roundtable",
}
# Games registered without being listed for users: test-only games, and a
# game in the making, tried through the CLI or the viewer with
# BOARDLOG_EXTRA_GAMES="kind=package.module,..." (the package on PYTHONPATH).
_EXTRA: dict[str, str] = dict(
    pair.split("=", 1) for pair in os.environ.get("BOARDLOG_EXTRA_GAMES", "").split(",") if "=" in pair
)
_loaded: dict[str, ModuleType] = {}


def register(kind: str, module_path: str) -> None:
    """Make a game playable without listing it for users (test-only games)."""
    _EXTRA[kind] = module_path


def game_ids() -> list[str]:
    return sorted(_GAMES)


# Each game's title, so that listing the games loads none of them (a new
# process answers `boardlog kinds` at once); tests/test_rule_table.py checks
# that each is its module's TITLE.
TITLES = {
    "brutality": "Brutality",
    "fmp": "Full Metal Planète",
    "forbidden_alchemy": "Mansions of Madness: Forbidden Alchemy - Alchemy puzzle",
    "forbidden_alchemy_story": "Mansions of Madness: Forbidden Alchemy - the story game",
    "promised_day": "Fullmetal Alchemist: Brotherhood - The Promised Day",
    "roundtable": "Anna's Roundtable",
}


def title_of(kind: str) -> str:
    """A registered game's title, without loading it."""
    return TITLES.get(kind) or find_game(kind).TITLE


def find_game(kind: str) -> GameModule:
    """The game module for `kind`, or UnknownGameKind naming the known ids."""
    path = _GAMES.get(kind) or _EXTRA.get(kind)
    if path is None:
        raise UnknownGameKind(f"unknown game {kind!r}; known games: {', '.join(game_ids())}")
    module = _loaded.get(kind)
    if module is None:
        module = importlib.import_module(path)
        # dir(), not hasattr(): a name a game loads on first use (`lazy_names`)
        # is checked as provided without loading its module now.
        provided = set(dir(module))
        missing = [name for name in REQUIRED if name not in provided]
        if missing:
            raise TypeError(f"game {kind} does not provide {missing}")
        for name, default in OPTIONAL.items():
            if name not in provided:
                setattr(module, name, default)
        # No seat may be named SYSTEM: checked where a game's seats are made
        # (Store.create) and for every game by tests/test_conformance.py, not
        # here, where it loaded every game's setup for a mere read (issue #24).
        _loaded[kind] = module
    return module  # type: ignore[return-value]


# ---- a game's names, each loaded with its module on first use ---------------------------------
def lazy_names(package: str, modules: dict[str, Iterable[str]]) -> None:
    """Make `package` (a game's `__init__`, calling this with its own
    `__name__`) provide each name of `modules` (submodule -> names) by
    importing that submodule the first time the name is asked for.

    A command then imports only what it uses: `boardlog show` folds and
    draws a game without its bots, its position format or its legal-move
    generator (issue #24: a command line that answers at once).  Asking for
    a name, `from package import name` and `dir(package)` behave as with
    eager imports.
    """
    module = sys.modules[package]
    table = {name: sub for sub, names in modules.items() for name in names}
    module.__dict__["_lazy_names"] = table
    module.__class__ = _LazyGamePackage


class _LazyGamePackage(ModuleType):
    """A game package whose names are loaded on first use (`lazy_names`)."""

    def __getattr__(self, name: str) -> Any:  # only for names not loaded yet
        sub = self.__dict__.get("_lazy_names", {}).get(name)
        if sub is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{self.__name__}.{sub}"), name)
        self.__dict__[name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        # Importing a submodule binds it on its package under its own name.
        # Where that name is also one of the game's names (`position`,
        # `view`, `setup`, `turn` ...), the name stays the function, as the
        # eager `from .view import view` left it: the submodule is not bound.
        if (isinstance(value, ModuleType) and name in self.__dict__.get("_lazy_names", {})
                and value.__name__ == f"{self.__name__}.{name}"):
            return
        super().__setattr__(name, value)

    def __dir__(self) -> list[str]:
        return sorted({*self.__dict__, *self.__dict__.get("_lazy_names", {})})
