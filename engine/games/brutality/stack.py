"""The effect stack and the windows to answer ("Simultaneous Effects",
"Effect Timing").

A declared ability, artifact or relic waits on the stack (the core's
`EffectStack`, kept in the state) while the other team may answer with a
card or an artifact of its own; once a team passes, the stack resolves last
declared first.

Who is offered a chance to answer, here and in the "End of..." windows,
rests on public facts only.  A team's relic hand is hidden from the other
team, and the waiting is seen by both: so as at a real table, the team is
asked whenever it might have an answer by what everyone can see (it holds a
card: the size of a hand is public; or one of its face-up artifacts could
be used now) and says "pass" when it has nothing.  A team with no card and
no usable artifact is skipped, which gives nothing away.
"""

from __future__ import annotations

from engine.core.commands import Command
from engine.core.events import evolved

from . import artifacts
from . import events as ev
from .commands import Pass, PlayRelic, UseArtifact
from .resolution import Resolution
from .state import Battle, other
from .turn import Refusal


def offered(state: Battle, team: str) -> bool:
    """Does `team` get the chance to answer now?  Public facts only.

    `state` is the position as the team would be asked in it (with
    `responder` or `window` set to the team where that matters): an artifact
    answers a declared effect but is no "End of..." card."""
    return bool(state.hand(team)) or bool(artifacts.uses(state, team))


def declare(res: Resolution, team: str, source: str, what: str, target: tuple[str, ...],
            steps) -> None:
    """A declared effect waits on the stack while the other team is offered the
    chance to answer, and the stack resolves last declared first once a team
    passes.  A team skipped at once could not have answered, so the effect
    resolves at once.  Our reading: the targets and directions of an effect
    are fixed when it is declared."""
    responder = other(team)
    asked = offered(evolved(res.state, responder=responder), responder)
    if not res.state.stack and not asked:
        res.run(steps)
        return
    res.add(ev.EffectDeclared(rule="brutality.stack.declare", team=team, source=source,
                              what=what, target=tuple(target), steps=tuple(steps),
                              awaiting=responder if asked else ""))
    if not asked:
        res.run([("resolve",)] * len(res.state.stack))


def response_refusal(state: Battle, team: str, command: Command) -> Refusal | None:
    """While a declared effect waits, only the team offered the answer acts, and
    only with a card, an artifact or a pass."""
    if not state.responder or state.question:
        return None
    if team != state.responder or not isinstance(command, (PlayRelic, UseArtifact, Pass)):
        return Refusal("brutality.stack.window", f"waiting for {state.responder} to "
                       "respond to the declared effect (a card) or pass")
    return None


def pass_refusal(state: Battle, team: str) -> Refusal | None:
    """Passing is open to the team offered an answer, or whose "End of..."
    window is open."""
    if team == state.responder or window_open(state, team):
        return None
    return Refusal("brutality.stack.pass", "there is nothing for you to respond to")


def window_open(state: Battle, team: str) -> bool:
    """Is `team`'s "End of..." window open (and no declared effect waiting)?"""
    return not state.responder and state.closing is not None and team == state.window


def pass_response(state: Battle, team: str, dice) -> list:
    """The team offered the answer declines: the whole stack resolves."""
    res = Resolution(state, dice)
    res.add(ev.ResponsePassed(rule="brutality.stack.pass", team=team))
    res.run([("resolve",)] * len(state.stack))
    return res.facts
