"""What every part of the rules shares: the resolution (the kit's, over a
story's state), the guards of an investigator's turn, tests, harm and
elimination, the end of the story and its epilogue, handing the turn over.

`Resolution.add` folds each fact at once, so a later step sees the state as
it now is; once the story is over, nothing more is added but its epilogue.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event, SecretRevealed
from engine.kit import resolution
from engine.kit.rolls import d10_test, passed

from . import events as ev
from . import play_events as play
from .pieces import ACTIVE, INVESTIGATORS, KEEPER_SEAT, OVER, Story
from .state import evolve

MOVES = 2  # movement points at the start of an investigator's turn (our stand-in)


class Resolution(resolution.Resolution):
    """The kit's resolution over a story: over once the story has ended."""

    def __init__(self, state: Story):
        super().__init__(state, evolve)

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def close(self, fact: Event) -> None:
        """The one fact that follows the end of the story: its epilogue."""
        self.facts.append(fact)
        self.state = self.evolve(self.state, fact)


# ---- the guards of an investigator's turn ----------------------------------------------------
def require_turn(s: Story, seat: str) -> None:
    if s.phase != INVESTIGATORS or s.current != seat:
        raise RuleViolation("forbidden_alchemy_story.turn.order", f"it is not {seat}'s turn")
    if s.attack is not None or s.question is not None or s.attempter or s.choosing:
        raise RuleViolation(
            "forbidden_alchemy_story.turn.pending", "a resolution waits for an answer first"
        )


def require_action(s: Story, seat: str) -> None:
    require_turn(s, seat)
    if s.acted:
        raise RuleViolation(
            "forbidden_alchemy_story.turn.one-action",
            f"{seat} has already taken an action this turn",
        )


def stop_hiding(res: Resolution, seat: str, rule: str) -> None:
    if res.state.investigators[seat].hidden:
        res.add(play.HidingEnded(rule=rule, seat=seat))


def done(res: Resolution) -> list[Event]:
    """The facts, once the turn in play (if it changed hands) has begun."""
    hand_over(res)
    return res.facts


# ---- tests -----------------------------------------------------------------------------------
def roll_test(
    res: Resolution, dice, seat: str, what: str, number: int, rules: tuple[str, str]
) -> bool:
    """Roll a d10 against `number` (the kit's `d10_test`: a 1 always passes and a
    10 always fails, the expansion's reminder under "New Combat Card Tests");
    `rules` are what a pass and a fail of this kind of test cite."""
    roll = dice.d10()
    outcome = d10_test(roll, number)
    cited = {
        "natural-1": "forbidden_alchemy_story.tests.natural-1",
        "natural-10": "forbidden_alchemy_story.tests.natural-10",
        "pass": rules[0],
        "fail": rules[1],
    }[outcome]
    res.add(
        play.TestMade(
            rule=cited, seat=seat, what=what, number=number, roll=roll, passed=passed(outcome)
        )
    )
    return passed(outcome)


# ---- harm and elimination --------------------------------------------------------------------
def harm(res: Resolution, seat: str, kind: str, amount: int, rule: str) -> None:
    """`seat` suffers `amount` damage or horror; out of health or sanity, it is eliminated."""
    inv = res.state.investigators.get(seat)
    if inv is None or inv.status != ACTIVE or amount <= 0:
        return
    fact = play.InvestigatorDamaged if kind == "damage" else play.InvestigatorHorrified
    res.add(fact(rule=rule, seat=seat, amount=amount))
    inv = res.state.investigators[seat]
    if inv.health_left <= 0:
        eliminate(res, seat, "no health left", "forbidden_alchemy_story.health.eliminated")
    elif inv.sanity_left <= 0:
        eliminate(res, seat, "no sanity left: insane", "forbidden_alchemy_story.sanity.eliminated")


def eliminate(res: Resolution, seat: str, reason: str, rule: str) -> None:
    """`seat` leaves the game; what he held drops in his room (ours), to be found again."""
    inv = res.state.investigators[seat]
    room = res.state.room_of.get(inv.space or "")
    if inv.items and room:
        res.add(
            play.ItemsDropped(
                rule="forbidden_alchemy_story.items.dropped", seat=seat, room=room, items=inv.items
            )
        )
    res.add(play.InvestigatorEliminated(rule=rule, seat=seat, reason=reason))
    if not res.state.active():
        end_story(
            res,
            "keeper",
            "no investigator is left in the house",
            "forbidden_alchemy_story.end.no-investigators",
        )


# ---- the end ---------------------------------------------------------------------------------
def end_story(res: Resolution, winner: str, reason: str, rule: str) -> None:
    """The story ends: the objective and the keeper's choice are shown to all,
    then the result, then the epilogue (none when all players lose)."""
    if res.over:
        return
    s = res.state
    if not s.revealed and s.objective is not None:
        res.add(
            ev.ObjectiveRevealed(
                rule="forbidden_alchemy_story.objective.end", choice=s.choice, objective=s.objective
            ),
            SecretRevealed(rule="core.secret.revealed", steps=(s.choice_step,)),
        )
    objective = s.objective or {}
    if winner == "nobody":
        res.add(ev.AllPlayersLost(rule=rule, reason=reason))
        res.close(ev.NoEpilogue(rule="forbidden_alchemy_story.epilogue.none"))
        return
    res.add(ev.GameWon(rule=rule, winner=winner, reason=reason))
    text = objective.get(f"epilogue_{winner}", "")
    res.close(
        ev.EpilogueRead(
            rule="forbidden_alchemy_story.epilogue.read", choice=s.choice, winner=winner, text=text
        )
    )


# ---- whose turn ------------------------------------------------------------------------------
def hand_over(res: Resolution) -> None:
    """Begin the turn of the seat now in play, if it has not begun yet (after
    an end of turn, or when the seat in play left the game)."""
    s = res.state
    if res.over or s.attack is not None or s.question is not None or s.attempter:
        return
    if s.placing or s.choosing:
        return
    if s.turns is None:
        seat = sorted(s.investigators)[0]
    elif s.current == s.begun:
        return
    else:
        seat = s.current
    if seat == KEEPER_SEAT:
        res.add(
            ev.KeeperTurnBegan(rule="forbidden_alchemy_story.keeper.threat", gained=len(s.active()))
        )
        return
    _investigator_turn_begins(res, seat)


def _investigator_turn_begins(res: Resolution, seat: str) -> None:
    """The turn begins with full movement, less what a Side Effect card in play allows;
    then the cards that act as a turn begins, then a stun takes the turn's action."""
    limits = [x[1] for _, x in lasting(res.state, seat, "moves")]
    moves = min([MOVES, *limits])
    rule = (
        "forbidden_alchemy_story.side-effect.lasting"
        if moves < MOVES
        else "forbidden_alchemy_story.turn.investigator"
    )
    hands = res.state.investigators[seat].tokens.count("crawling-hand")
    res.add(ev.InvestigatorTurnBegan(rule=rule, seat=seat, moves=max(moves - hands, 0)))
    if hands:
        res.add(
            play.CrawlingHandsDropped(
                rule="forbidden_alchemy_story.crawling-hands.drop", seat=seat, count=hands
            )
        )
    for _, (_, kind, amount) in lasting(res.state, seat, "turn-start"):
        harm(res, seat, kind, amount, "forbidden_alchemy_story.side-effect.lasting")
    inv = res.state.investigators[seat]
    if inv.status == ACTIVE and inv.stunned:
        res.add(play.StunEnded(rule="forbidden_alchemy_story.side-effect.stun", seat=seat))
    if res.state.current != res.state.begun:  # he left the house as his turn began
        hand_over(res)


def lasting(s: Story, seat: str, kind: str) -> list[tuple[str, tuple]]:
    """(card, effect) of each Side Effect card kept by `seat` whose lasting effect is `kind`."""
    inv = s.investigators[seat]
    return [
        (card, s.side_effect_lasting[card])
        for card in inv.side_effects
        if s.side_effect_lasting.get(card, ("",))[0] == kind
    ]


def tested(res: Resolution, seat: str, attribute: str, number: int) -> int:
    """`number` for a test of `attribute`, with the modifiers of the Side Effect cards
    `seat` keeps in play, each applied (and recorded) before the roll."""
    for card, (_, what, amount) in lasting(res.state, seat, "modifier"):
        if what == attribute:
            res.add(
                play.TestModified(
                    rule="forbidden_alchemy_story.side-effect.lasting",
                    seat=seat,
                    condition=card,
                    count=1,
                    amount=amount,
                )
            )
            number += amount
    return number
