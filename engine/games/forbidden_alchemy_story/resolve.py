"""Facts built one at a time against a working state, and the pieces of
resolution every part of the rules shares: tests, harm, elimination, the
end of the story and its epilogue, handing the turn over.

`Resolution.add` folds each fact at once, so a later step sees the state
as it now is; once the story is over, nothing more is added.
"""

from __future__ import annotations

from engine.core.events import Event, SecretRevealed

from . import events as ev
from .state import ACTIVE, KEEPER_SEAT, OVER, Story, evolve

R = "forbidden_alchemy_story."
MOVES = 2  # movement points at the start of an investigator's turn (our stand-in)


class Resolution:
    def __init__(self, state: Story):
        self.state = state
        self.facts: list[Event] = []

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def add(self, *facts: Event) -> None:
        for fact in facts:
            if self.over:
                return
            self._apply(fact)

    def _apply(self, fact: Event) -> None:
        self.facts.append(fact)
        self.state = evolve(self.state, fact)


# ---- tests -----------------------------------------------------------------------------------
def roll_test(res: Resolution, dice, seat: str, what: str, number: int, rule: str) -> bool:
    """Roll a d10 against `number`: at or under passes.  A 1 always passes and
    a 10 always fails, whatever the number (the expansion's reminder under
    "New Combat Card Tests"); `rule` names the kind of test for the rest."""
    roll = dice.d10()
    if roll == 1:
        passed, cited = True, R + "tests.natural-1"
    elif roll == 10:
        passed, cited = False, R + "tests.natural-10"
    else:
        passed = roll <= number
        cited = rule + (".pass" if passed else ".fail")
    res.add(ev.TestMade(rule=cited, seat=seat, what=what, number=number, roll=roll, passed=passed))
    return passed


# ---- harm and elimination --------------------------------------------------------------------
def harm(res: Resolution, seat: str, kind: str, amount: int, rule: str) -> None:
    """`seat` suffers `amount` damage or horror; out of health or sanity, it is eliminated."""
    inv = res.state.investigators.get(seat)
    if inv is None or inv.status != ACTIVE or amount <= 0:
        return
    fact = ev.InvestigatorDamaged if kind == "damage" else ev.InvestigatorHorrified
    res.add(fact(rule=rule, seat=seat, amount=amount))
    inv = res.state.investigators[seat]
    if inv.health_left <= 0:
        eliminate(res, seat, "no health left", R + "health.eliminated")
    elif inv.sanity_left <= 0:
        eliminate(res, seat, "no sanity left", R + "sanity.eliminated")


def eliminate(res: Resolution, seat: str, reason: str, rule: str) -> None:
    res.add(ev.InvestigatorEliminated(rule=rule, seat=seat, reason=reason))
    if not res.state.active():
        end_story(res, "keeper", "no investigator is left in the house", R + "end.no-investigators")


# ---- the end ---------------------------------------------------------------------------------
def end_story(res: Resolution, winner: str, reason: str, rule: str) -> None:
    """The story ends: the objective and the keeper's choice are shown to all,
    then the result, then the epilogue (none when all players lose)."""
    if res.over:
        return
    s = res.state
    if not s.revealed and s.objective is not None:
        res.add(
            ev.ObjectiveRevealed(rule=R + "objective.end", choice=s.choice, objective=s.objective),
            SecretRevealed(rule="core.secret.revealed", steps=(s.choice_step,)),
        )
    objective = s.objective or {}
    if winner == "nobody":
        res.add(ev.AllPlayersLost(rule=rule, reason=reason))
        res._apply(ev.NoEpilogue(rule=R + "epilogue.none"))
        return
    res.add(ev.GameWon(rule=rule, winner=winner, reason=reason))
    text = objective.get(f"epilogue_{winner}", "")
    res._apply(ev.EpilogueRead(rule=R + "epilogue.read", choice=s.choice, winner=winner, text=text))


# ---- whose turn ------------------------------------------------------------------------------
def hand_over(res: Resolution) -> None:
    """Begin the turn of the seat now in play, if it has not begun yet (after
    an end of turn, or when the seat in play left the game)."""
    s = res.state
    if res.over or s.attack is not None or s.question is not None or s.attempter:
        return
    if s.turns is None:
        seat = sorted(s.investigators)[0]
    elif s.current == s.begun:
        return
    else:
        seat = s.current
    if seat == KEEPER_SEAT:
        res.add(ev.KeeperTurnBegan(rule=R + "keeper.threat", gained=len(s.active())))
    else:
        res.add(ev.InvestigatorTurnBegan(rule=R + "turn.investigator", seat=seat, moves=MOVES))
