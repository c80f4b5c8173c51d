"""Commands of Full Metal Planète, with their text notation.

    land K12 a                  turn 1: land the Freighter, bubble on K12 (pods a or b)
    deploy red-tank-1 J14       turn 2: put a unit on a hex of the own landing zone
    deploy red-barge-1 J15 J16  ... a barge names its two hexes
    done                        turn 2: deployment finished
    move red-tank-1 J14 J15     move along a path of adjacent hexes (1 AP a hex)
    load red-crab-1 red-tank-2  take a unit aboard (1 AP); `load red-crab-1 K9` takes the ore on K9
    unload red-crab-1 ore K9    put ore (or a unit id) on an adjacent hex (1 AP)
    build red-weatherhen-1 tank K9     the Weather Hen lays a unit made from its ore (1 AP)
    fire red-tank-1 red-tank-2 K9      two destroyers fire at a hex (2 AP)
    capture red-tank-1 red-tank-2 blue-crab-1   two destroyers in contact capture a unit (1 AP)
    neutralise red-tank-1 red-tank-2 blue-crab-1   turn over an enemy unit held in their fire (0 AP)
    assault red-tank-2 O12 fire red-tank-1 Q12   the second unit enters a fire zone and fires at once
    rebuild blue AF13           a turret back on a pod of a Freighter just captured (2 AP)
    secure                      after taking a Freighter: its units stuck in enemy fire are neutralised
    end                         end the turn (unspent points are saved in blocks of 5)
    choose red stay             turn 21, secret: a Freighter stays until turn 25 (or `leave`)
    liftoff red                 turn 25: take off (1 AP + 1 per destroyed turret)
    tide                        the system seat's tide phase
    timeout                     the system seat ends a turn whose three minutes are over
    clock                       the system seat starts the three minutes of a landing or the deployment
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.commands import Command, CommandSet


@dataclass(frozen=True)
class Land(Command):
    """Land this player's Freighter with its bubble on `centre`; `pods` "a"
    puts the pods N, SE and SW of it, "b" NE, S and NW."""

    verb = "land"
    centre: str
    pods: str


@dataclass(frozen=True)
class Deploy(Command):
    """Put a unit from the Freighter on the map (turn 2)."""

    verb = "deploy"
    unit: str
    hexes: tuple[str, ...]


@dataclass(frozen=True)
class Done(Command):
    """This player has finished deploying (turn 2)."""

    verb = "done"


@dataclass(frozen=True)
class Move(Command):
    """Move a unit hex by hex; from inside the Freighter the path starts next to a pod; a barge
    may name one of its own hexes first to pivot around it (`move red-barge-1 G11 F10`)."""

    verb = "move"
    unit: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class Load(Command):
    """A transporter takes a unit (its id) or the ore on an adjacent hex aboard."""

    verb = "load"
    transporter: str
    item: str


@dataclass(frozen=True)
class Unload(Command):
    """A transporter puts `item` (a unit id or "ore") on an adjacent hex."""

    verb = "unload"
    transporter: str
    item: str
    to: str


@dataclass(frozen=True)
class Build(Command):
    """A Weather Hen lays a tank, crab or pontoon made from the ore it carries."""

    verb = "build"
    hen: str
    kind: str
    to: str


@dataclass(frozen=True)
class _TwoDestroyers(Command):
    """A command two destroyers carry out together against `target`."""

    first: str
    second: str
    target: str

    def __post_init__(self):
        # The two act at once: one spelling per pair, whichever is named first.
        if self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)


@dataclass(frozen=True)
class Fire(_TwoDestroyers):
    """Two destroyers fire together at a hex."""

    verb = "fire"


@dataclass(frozen=True)
class Capture(_TwoDestroyers):
    """Two destroyers in contact with an enemy unit capture it."""

    verb = "capture"


@dataclass(frozen=True)
class Neutralise(_TwoDestroyers):
    """Two destroyers turn over an enemy unit held in their fire."""

    verb = "neutralise"


@dataclass(frozen=True)
class Assault(Command):
    """The Theory of the Second Unit: move into a fire zone and fire at once
    (`assault red-tank-2 O12 fire red-tank-1 Q12`)."""

    verb = "assault"
    unit: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class RebuildTurret(Command):
    """Put a turret back on a pod of a Freighter just captured."""

    verb = "rebuild"
    freighter: str
    pod: str


@dataclass(frozen=True)
class Secure(Command):
    """After taking a Freighter: the captured units that cannot leave enemy
    fire are neutralised, and the turn goes on."""

    verb = "secure"


@dataclass(frozen=True)
class EndTurn(Command):
    """End this player's turn."""

    verb = "end"


@dataclass(frozen=True)
class ChooseDeparture(Command):
    """Turn 21: the closed hand over the map, "stay" (a unit) or "leave" (an ore)."""

    verb = "choose"
    secret = True
    freighter: str
    choice: str


@dataclass(frozen=True)
class LiftOff(Command):
    """Turn 25: a Freighter takes off, ending its player's part in the mission."""

    verb = "liftoff"
    freighter: str


@dataclass(frozen=True)
class TidePhase(Command):
    """The system seat turns the next tide card and starts the turn."""

    verb = "tide"


@dataclass(frozen=True)
class TimeUp(Command):
    """The system seat ends a turn whose deadline has passed."""

    verb = "timeout"


@dataclass(frozen=True)
class StartClock(Command):
    """The system seat starts the three minutes of a landing or of the deployment."""

    verb = "clock"


COMMANDS = CommandSet(Land, Deploy, Done, Move, Load, Unload, Build, Fire, Capture, Neutralise, Assault, RebuildTurret, Secure, EndTurn,
                      ChooseDeparture, LiftOff, TidePhase, TimeUp, StartClock)
