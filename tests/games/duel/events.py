"""The facts of a duel."""

from __future__ import annotations

from engine.core.events import Event, SecretRevealed, event_registry, fact


@fact
class DuelistsReady(Event):
    """Setup: the seats, their starting life, the rounds, the turn timer (0: off)."""

    seats: tuple[str, ...]
    life: int
    rounds: int
    timer: int


@fact
class RoundStarted(Event):
    """A new round: stances are chosen again; `leader` takes the first turn."""

    round: int
    leader: str


@fact
class StanceChosen(Event):
    """`seat` chose its stance in secret: `redact` hides `stance` from the other seats
    and `describe` never names it (the state must know it, so the fact carries it)."""

    seat: str
    stance: str
    step: int  # where the stance command is recorded: what the reveal will name


@fact
class StancesRevealed(Event):
    """Both stances turned up together."""

    reveals = True
    red: str
    blue: str


@fact
class TurnStarted(Event):
    seat: str


@fact
class TurnTimerStarted(Event):
    """The turn of `seat` must end by `deadline` (ISO time), or the system ends it."""

    seat: str
    deadline: str


@fact
class StrikeDeclared(Event):
    """`seat` strikes `target` for `damage` (stances counted); it waits for the aim."""

    seat: str
    target: str
    damage: int


@fact
class Struck(Event):
    """The strike landed on `zone` ("head" or "body"): `target` loses `damage` life.
    Version 1 had no `zone` (every strike landed on the body)."""

    version = 2
    seat: str
    target: str
    damage: int
    zone: str


@fact
class Recoiled(Event):
    """A strike to the head costs its striker life too."""

    seat: str
    life: int


@fact
class Parried(Event):
    """The defender parried: it gets back `healed` of the damage just taken."""

    seat: str
    healed: int


@fact
class TurnTimedOut(Event):
    seat: str


@fact
class TurnEnded(Event):
    seat: str


@fact
class StormGathered(Event):
    """Both seats had their turn: the system's storm is due."""

    round: int


@fact
class DieRolled(Event):
    die: str
    value: int


@fact
class StormStruck(Event):
    """The storm hit both seats for `damage` life each."""

    damage: int


@fact
class DuelEnded(Event):
    """The duel is over: `winner` ("" for a draw), and why."""

    winner: str
    reason: str


EVENTS = event_registry(
    DuelistsReady, RoundStarted, StanceChosen, SecretRevealed, StancesRevealed, TurnStarted,
    TurnTimerStarted, StrikeDeclared, Struck, Recoiled, Parried, TurnTimedOut, TurnEnded,
    StormGathered, DieRolled, StormStruck, DuelEnded,
)

# Old event shapes, brought up to date on every read.
UPCASTERS = {("Struck", 1): lambda d: {**d, "zone": "body"}}
