"""The resolution of a command: facts one at a time, queued steps, the
questions that interrupt them, and the end of the game.

`Resolution` is the kit's (each fact folded into the working state as it is
added, so every step sees the board as the previous one left it), with the
queue of steps this game resolves effects in (`effects.py` lists them) and
"How to Win", checked once a resolution is complete.
"""

from __future__ import annotations

from engine.kit import resolution as kit

from . import burial, effects, jumps, knockback, relics
from . import events as ev
from .state import ACTIONS, TEAMS, Battle, evolve, other


def resolve_top(res: kit.Resolution):
    """"Simultaneous Effects": the last declared effect on the stack resolves first."""
    team, source, what, steps = res.state.stack.peek()
    res.add(ev.EffectResolved(rule="brutality.stack.resolve", team=team, source=source,
                              what=what))
    return tuple(steps)


# Every step by its first word (`("resolve",)` resolves the top of the effect stack).
STEPS = {**effects.STEPS, **knockback.STEPS, **burial.STEPS, **jumps.STEPS, **relics.STEPS,
         "resolve": resolve_top}


class Resolution(kit.Resolution):
    """The facts of one command and the battle they lead to."""

    def __init__(self, state: Battle, dice=None):
        super().__init__(state, evolve, dice)

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def run(self, queue) -> None:
        """Resolve queued steps in order until none is left, then check for a
        winner; or until a step asks a question, whose fact keeps the rest."""
        asked = effects.resolve_steps(self, queue, STEPS)
        if asked:
            question, rest = asked
            self.add(ev.QuestionAsked(rule=question.rule, team=question.team,
                                      kind=question.kind, hero=question.hero,
                                      choices=question.choices, rest=rest))
            return
        self.check_victory()

    def check_victory(self) -> None:
        """"How to Win": checked once a resolution is complete, so that the last
        heroes of both teams dying in one resolution is a draw."""
        s = self.state
        if s.winner or s.phase != ACTIONS:
            return
        beaten = [t for t in TEAMS if not s.alive(t)]
        if len(beaten) == 2:
            self.add(ev.GameDrawn(rule="brutality.victory.draw",
                                  why="the last heroes of both teams died together"))
        elif beaten:
            self.add(ev.GameWon(rule="brutality.victory.win", team=other(beaten[0])))
