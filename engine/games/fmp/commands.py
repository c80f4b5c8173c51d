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

from engine.core.commands import Command, CommandSet, command


@command
class Land(Command):
    """Land your Freighter: its central bubble on a hex of a free landing zone, its pods pointing ▲ or ▼.

    `pods` "a" (▲) puts the pods N, SE and SW of the bubble, "b" (▼) NE, S
    and NW (`land K12 a`)."""

    verb = "land"
    centre: str
    pods: str


@command
class Deploy(Command):
    """Put a unit from your Freighter on a hex of your landing zone (a barge on two touching hexes).

    Turn 2 only; units of the sea touch the zone's coast (`deploy red-tank-1
    J14`, `deploy red-barge-1 J15 J16`)."""

    verb = "deploy"
    unit: str
    hexes: tuple[str, ...]


@command
class Done(Command):
    """Say you have finished deploying: whatever is still aboard stays in your Freighter."""

    verb = "done"


@command
class Move(Command):
    """Move a unit one hex for 1 action point: out of your Freighter beside a pod, or into it through a pod.

    The path is hex by hex; a barge may name its own back hex first to swing
    its front round it (`move red-barge-1 G11 F10`); leaving the Freighter a
    barge names its two hexes."""

    verb = "move"
    unit: str
    path: tuple[str, ...]


@command
class Load(Command):
    """A transporter or your Freighter takes aboard a unit, or the ore of a touching hex, for 1 action point.

    Inside the Freighter, stowing a unit on a transporter is free
    (`load red-crab-1 red-tank-2`, `load red-crab-1 K9`, `load red K9`)."""

    verb = "load"
    transporter: str
    item: str


@command
class Unload(Command):
    """A transporter or your Freighter puts a unit or an ore it carries on a touching hex, for 1 action point.

    `item` is a unit id or "ore" (`unload red-crab-1 ore K9`, `unload red
    red-tank-1 K11`)."""

    verb = "unload"
    transporter: str
    item: str
    to: str


@command
class Build(Command):
    """A Weather Hen turns the ore it carries into a tank, crab or pontoon laid on a touching hex (1 action point).

    `build red-weatherhen-1 tank K9`; at most two a turn."""

    verb = "build"
    hen: str
    kind: str
    to: str


@command
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


@command
class Fire(_TwoDestroyers):
    """Two of your destroyers fire together at a hex in range of both and destroy what is there (2 action points)."""

    verb = "fire"


@command
class Capture(_TwoDestroyers):
    """Two of your destroyers touching an enemy unit take it over (1 action point)."""

    verb = "capture"


@command
class Neutralise(_TwoDestroyers):
    """Two of your destroyers turn over an enemy unit held in their fire: it does nothing until freed (no action point)."""

    verb = "neutralise"


@command
class Assault(Command):
    """The second unit's assault: a destroyer moves one hex into enemy fire and shoots at once with a partner.

    The Theory of the Second Unit: the move, then `fire`, the partner and
    the target hex (`assault red-tank-2 O12 fire red-tank-1 Q12`); a second
    shot may follow."""

    verb = "assault"
    unit: str
    words: tuple[str, ...]


@command
class RebuildTurret(Command):
    """Put a turret back on a pod of the Freighter you have just taken (2 action points)."""

    verb = "rebuild"
    freighter: str
    pod: str


@command
class Secure(Command):
    """After taking a Freighter: its units that cannot get out of enemy fire are neutralised, and your turn goes on."""

    verb = "secure"


@command
class EndTurn(Command):
    """End your turn; unspent action points are saved in blocks of 5, at most 10."""

    verb = "end"


@command
class ChooseDeparture(Command):
    """Turn 21, in secret: your Freighter stays until turn 25, or leaves now with what it holds.

    The closed hand over the map: "stay" (a unit) or "leave" (an ore)."""

    verb = "choose"
    secret = True
    freighter: str
    choice: str


@command
class LiftOff(Command):
    """Turn 25: your Freighter takes off with what it holds, ending your part in the mission.

    1 action point, and 1 more for each of its turrets destroyed."""

    verb = "liftoff"
    freighter: str


@command
class TidePhase(Command):
    """The tide phase: the next tide card is turned and the turn begins (the system seat's)."""

    verb = "tide"


@command
class TimeUp(Command):
    """A turn whose three minutes are over ends (the system seat's)."""

    verb = "timeout"


@command
class StartClock(Command):
    """The three minutes of a landing or of the deployment start (the system seat's)."""

    verb = "clock"


COMMANDS = CommandSet(Land, Deploy, Done, Move, Load, Unload, Build, Fire, Capture, Neutralise, Assault, RebuildTurret, Secure, EndTurn,
                      ChooseDeparture, LiftOff, TidePhase, TimeUp, StartClock)
