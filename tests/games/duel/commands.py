"""Commands of a duel, with their text notation.

    stance attack | stance guard   the round's secret stance (shown to its own seat only)
    strike                         the active seat strikes the other
    aim head | aim body            the answer to "choose where the strike lands"
    parry                          the defender, out of turn, in the reaction window
    end                            the active seat ends its turn
    timeout, storm                 the system seat's (a passed deadline, the round's storm)
"""

from __future__ import annotations

from engine.core.commands import Command, CommandSet, command


@command
class Stance(Command):
    verb = "stance"
    secret = True
    stance: str


@command
class Strike(Command):
    verb = "strike"


@command
class Aim(Command):
    verb = "aim"
    zone: str


@command
class Parry(Command):
    verb = "parry"


@command
class End(Command):
    verb = "end"


@command
class Timeout(Command):
    verb = "timeout"


@command
class Storm(Command):
    verb = "storm"


COMMANDS = CommandSet(Stance, Strike, Aim, Parry, End, Timeout, Storm)
