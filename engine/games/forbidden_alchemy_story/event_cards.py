"""The end of the keeper's turn: the next Event card (our stand-in timeline),
the named monsters it brings (Story 1's errata: West), the objective turned
face up with the keeper's secret choice, and what that reveal calls for
(Story 2's errata: The Pet placed by the keeper; Story 3's: Objective 1C's
test, which eliminates those who pass it); the last Event card ends the story.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event, SecretRevealed

from . import board
from . import events as ev
from .combat import horror_checks
from .keeper import require_keeper_turn
from .pieces import Story
from .resolve import Resolution, done, eliminate, end_story, roll_test, tested


# ---- the end of the keeper's turn ------------------------------------------------------------
def _named_monster_arrives(res: Resolution, dice, named: dict) -> None:
    """Story 1 errata, Event Card IV (1A, 1C): West, a named maniac, comes into the Library."""
    s = res.state
    monster = s.monsters[named["monster"]]
    if monster.dead:  # our reading: a figure already killed does not come back as West
        return
    # A figure already on the map is taken up and placed in the named monster's space.
    res.add(
        ev.NamedMonsterPlaced(
            rule="forbidden_alchemy_story.errata.west",
            monster=monster.id,
            name=named["name"],
            space=named["space"],
            bonus_health=named["health_per_investigator"] * len(s.investigators),
            moves=named["moves"],
        )
    )
    horror_checks(res, dice, board.room(res.state, named["space"]))


def _subject_tests(res: Resolution, dice) -> None:
    """Story 3 errata, Objective 1C: the card's test eliminates an investigator who
    PASSES it (not one who fails).  Ours: on reveal, each investigator in the
    card's room makes it."""
    test = (res.state.objective or {}).get("reveal_test")
    if not test:
        return
    for seat in board.investigators_in_room(res.state, test["room"]):
        if res.over:
            return
        res.add(
            ev.SubjectTestMade(
                rule="forbidden_alchemy_story.errata.subject-test", seat=seat, test=test["test"]
            )
        )
        number = tested(
            res, seat, test["test"], res.state.investigators[seat].attributes[test["test"]]
        )
        if roll_test(
            res,
            dice,
            seat,
            test["test"],
            number,
            (
                "forbidden_alchemy_story.errata.subject-test.pass",
                "forbidden_alchemy_story.errata.subject-test.fail",
            ),
        ):
            eliminate(
                res,
                seat,
                "passed Objective 1C's test",
                "forbidden_alchemy_story.errata.subject-test.pass",
            )


def _pet_awaited(res: Resolution) -> None:
    """Story 2 errata, Objective 1C: once the card is face up the keeper places The Pet
    (which rooms he may choose is fixed now: those holding an investigator)."""
    pet = (res.state.objective or {}).get("place_on_reveal")
    if not pet or res.over or res.state.monsters[pet["monster"]].dead:
        return
    rooms = tuple(sorted({board.room(res.state, i.space) for i in res.state.active()} - {None}))
    res.add(
        ev.NamedMonsterAwaited(
            rule="forbidden_alchemy_story.errata.pet",
            monster=pet["monster"],
            name=pet["name"],
            rooms=rooms,
        )
    )


def placing_spaces(s: Story) -> list[str]:
    """Where the awaited named monster may go: any space of the rooms named when it was awaited."""
    return sorted(x for room in s.placing[1:] for x in s.rooms[room]["spaces"])


def check_placing(s: Story) -> None:
    """A revealed objective's named monster waits for the keeper to place it."""
    if not s.placing:
        raise RuleViolation(
            "forbidden_alchemy_story.errata.pet", "no named monster waits to be placed"
        )


def check_place(s: Story, space: str) -> None:
    check_placing(s)
    if space not in placing_spaces(s):
        raise RuleViolation(
            "forbidden_alchemy_story.errata.pet-room",
            f"{space!r} is not in a room holding an investigator",
        )


def place_named(s: Story, space: str, dice) -> list[Event]:
    """The keeper places the awaited named monster (Story 2 errata: The Pet, a named
    shoggoth with more health for each investigator, barred from locked rooms)."""
    check_place(s, space)
    pet = s.objective["place_on_reveal"]
    res = Resolution(s)
    res.add(
        ev.NamedMonsterPlaced(
            rule="forbidden_alchemy_story.errata.pet",
            monster=pet["monster"],
            name=pet["name"],
            space=space,
            bonus_health=pet["health_per_investigator"] * len(s.investigators),
            moves=1,
            barred_by_locks=pet.get("barred_by_locks", False),
        )
    )
    horror_checks(res, dice, board.room(res.state, space))
    return done(res)


def check_end_turn(s: Story) -> None:
    require_keeper_turn(s)


def end_turn(s: Story, dice) -> list[Event]:
    """The keeper's turn ends with the next Event card (our stand-in timeline)."""
    check_end_turn(s)
    res = Resolution(s)
    res.add(ev.KeeperTurnEnded(rule="forbidden_alchemy_story.keeper.end"))
    number = s.events_resolved + 1
    res.add(
        ev.EventCardResolved(
            rule="forbidden_alchemy_story.event.resolve",
            number=number,
            text=s.event_texts[number - 1],
        )
    )
    for named in s.named:
        if named["event"] == number and s.choice in named["choices"]:
            _named_monster_arrives(res, dice, named)
    if number == s.reveal_at and not s.revealed:
        res.add(
            ev.ObjectiveRevealed(
                rule="forbidden_alchemy_story.objective.reveal",
                choice=s.choice,
                objective=s.objective,
            ),
            SecretRevealed(rule="core.secret.revealed", steps=(s.choice_step,)),
        )
        _subject_tests(res, dice)
        _pet_awaited(res)
    if number == len(s.event_texts):
        winner = s.objective["last_event"]
        reason = "the last Event card was resolved"
        end_story(
            res,
            "nobody" if winner == "nobody" else "keeper",
            reason,
            "forbidden_alchemy_story.objective.last-event",
        )
    return done(res)
