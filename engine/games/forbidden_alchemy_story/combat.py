"""Attacks, Combat cards and the tests they ask for; monster tokens; horror checks.

An investigator's attack: the keeper draws Combat cards from the monster's
deck until one lists an attack type that answers the weapon ("Combat Cards
with Multiple Attack Types", "New Weapon Type"), then the card's tests are
made in the order written ("New Combat Card Tests").  A test that needs an
answer (which attribute, which investigator) stops the resolution with the
question kept in `state.attack`; the answer resumes it.  A byakhee's special
attack asks a question too ("Secrecy and Byakhees"), answered here.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.core.frozen import frozen_dataclass

from . import board
from . import play_events as play
from .content import matches
from .pieces import Story
from .resolve import Resolution, done, harm, roll_test, tested


# ---- drawing Combat cards --------------------------------------------------------------------
def draw_combat_card(res: Resolution, dice, deck_name: str, weapon: str) -> None:
    """Draw until a card answers `weapon`; cards that do not are discarded."""
    for _ in range(2 * len(res.state.cards) + 2):
        deck = res.state.decks[deck_name]
        if not deck.cards:
            order = dice.shuffled(deck.discards)
            res.add(
                play.CombatDeckReshuffled(
                    rule="forbidden_alchemy_story.combat.reshuffle", deck=deck_name, order=order
                )
            )
            deck = res.state.decks[deck_name]
        top = deck.cards[0]
        attacks = res.state.cards[top]["attacks"]
        # The type that names the weapon exactly, else the first that answers it (our reading
        # for a card whose two types both answer, as "sharp" and "melee" for a sword).
        types = [a["type"] for a in attacks]
        chosen = weapon if weapon in types else next((x for x in types if matches(weapon, x)), "")
        if chosen:
            if weapon == "sharp and blunt melee weapon":
                rule = "forbidden_alchemy_story.weapon.sharp-and-blunt"
            elif len(attacks) == 2:
                rule = "forbidden_alchemy_story.combat.two-types"
            else:
                rule = "forbidden_alchemy_story.combat.match"
            res.add(play.CombatCardDrawn(rule=rule, deck=deck_name, card=top, attack=chosen))
            return
        rule = (
            "forbidden_alchemy_story.combat.keep-drawing"
            if len(attacks) == 2
            else "forbidden_alchemy_story.combat.no-match"
        )
        res.add(
            play.CombatCardDrawn(rule=rule, deck=deck_name, card=top, attack=""),
            play.CombatCardDiscarded(rule=rule, deck=deck_name, card=top),
        )
    # content.load checks that every deck answers every weapon: this cannot happen.
    raise AssertionError(f"no card of the {deck_name} deck answers a {weapon}")


def draw_monster_card(res: Resolution, dice, deck_name: str, monster: str) -> str:
    """Draw until a card has a monster attack (ours); the others are discarded."""
    for _ in range(2 * len(res.state.cards) + 2):
        deck = res.state.decks[deck_name]
        if not deck.cards:
            order = dice.shuffled(deck.discards)
            res.add(
                play.CombatDeckReshuffled(
                    rule="forbidden_alchemy_story.combat.reshuffle", deck=deck_name, order=order
                )
            )
            deck = res.state.decks[deck_name]
        top = deck.cards[0]
        if res.state.cards[top].get("monster"):
            res.add(
                play.MonsterCombatCardDrawn(
                    rule="forbidden_alchemy_story.monster.card",
                    deck=deck_name,
                    card=top,
                    monster=monster,
                    resolved=True,
                )
            )
            return top
        rule = "forbidden_alchemy_story.monster.card-no-match"
        res.add(
            play.MonsterCombatCardDrawn(
                rule=rule, deck=deck_name, card=top, monster=monster, resolved=False
            ),
            play.CombatCardDiscarded(rule=rule, deck=deck_name, card=top),
        )
    raise AssertionError(f"no card of the {deck_name} deck has a monster attack")


# ---- the tests on the card -------------------------------------------------------------------
@frozen_dataclass
class Asked:
    """A question an attack waits on: `seat` must choose among `choices`."""

    seat: str
    kind: str  # "attribute" (either/or) or "tester" (who else makes the test)
    choices: tuple[str, ...]


def waiting_for(s) -> Asked | None:
    """The question the attack in progress waits on, if any."""
    a = s.attack
    if a is None or not a.attack:
        return None
    tests = a.attack["tests"]
    i = len(a.results)
    if i >= len(tests):
        return None
    test = tests[i]
    if test.get("who") == "other" and not a.tester:
        others = _others_in_room(s, a.seat)
        if len(others) > 1:
            return Asked(a.seat, "tester", tuple(others))
    if "either" in test and not a.attribute:
        return Asked(a.tester or a.seat, "attribute", tuple(test["either"]))
    return None


def _others_in_room(s, seat: str) -> list[str]:
    """Investigators in the attacker's room, hidden ones too ("Hiding")."""
    here = board.room(s, s.investigators[seat].space)
    return sorted(x for x in board.investigators_in_room(s, here) if x != seat)


def continue_attack(res: Resolution, dice) -> None:
    """Make the card's tests in order until one needs an answer, then finish."""
    while not res.over and res.state.attack is not None:
        s = res.state
        a = s.attack
        tests = a.attack["tests"]
        if len(a.results) == len(tests):
            _finish_attack(res)
            return
        test = tests[len(a.results)]
        if test.get("who") == "other" and not a.tester:
            others = _others_in_room(s, a.seat)
            if not others:
                # Nobody else in the room can make it: our reading, it counts as failed.
                res.add(
                    play.TestMade(
                        rule="forbidden_alchemy_story.tests.multiple.nobody",
                        seat="",
                        what=test["test"],
                        number=0,
                        roll=0,
                        passed=False,
                    )
                )
                continue
            if len(others) > 1:
                return
            res.add(
                play.TesterChosen(
                    rule="forbidden_alchemy_story.tests.multiple.other",
                    seat=a.seat,
                    tester=others[0],
                )
            )
            continue
        if waiting_for(s) is not None:
            return
        _make_test(res, dice, test)


def _make_test(res: Resolution, dice, test: dict) -> None:
    s = res.state
    a = s.attack
    seat = a.tester or a.seat
    inv = s.investigators[seat]
    if "remaining" in test:
        what = f"remaining {test['remaining']}"
        number = inv.sanity_left if test["remaining"] == "sanity" else inv.health_left
        rules = (
            "forbidden_alchemy_story.tests.non-attribute.pass",
            "forbidden_alchemy_story.tests.non-attribute.fail",
        )
    elif "either" in test:
        what = a.attribute
        rules = (
            "forbidden_alchemy_story.tests.either-or.pass",
            "forbidden_alchemy_story.tests.either-or.fail",
        )
        number = tested(res, seat, what, inv.attributes[what])
    else:
        what = test["test"]
        rules = (
            "forbidden_alchemy_story.tests.attribute.pass",
            "forbidden_alchemy_story.tests.attribute.fail",
        )
        number = tested(res, seat, what, inv.attributes[what])
    if "per" in test:
        count = {"horror": inv.horror, "damage": inv.damage, "side-effect": len(inv.side_effects)}[
            test["per"]
        ]
        amount = test["by"] * count
        res.add(
            play.TestModified(
                rule="forbidden_alchemy_story.tests.conditional-modifier",
                seat=seat,
                condition=test["per"],
                count=count,
                amount=amount,
            )
        )
        number += amount
    roll_test(res, dice, seat, what, number, rules)


RESULTS_OF_TWO = {2: "both", 1: "one", 0: "neither"}
# The rule a card's result cites when it harms the attacker.
HARM_RULES = {
    "damage": "forbidden_alchemy_story.combat.damage",
    "horror": "forbidden_alchemy_story.combat.horror",
}


def _finish_attack(res: Resolution) -> None:
    a = res.state.attack
    if len(a.results) == 2:
        key = RESULTS_OF_TWO[sum(a.results)]
        res.add(
            play.TestsTallied(
                rule="forbidden_alchemy_story.tests.multiple", passed=sum(a.results), result=key
            )
        )
    else:
        key = "pass" if a.results[0] else "fail"
    for effect, amount in a.attack[key]:
        if effect == "wound":
            wound(res, a.monster, amount, "forbidden_alchemy_story.combat.wound", a.seat)
        else:
            harm(res, a.seat, effect, amount, HARM_RULES[effect])
    deck = res.state.kinds[res.state.monsters[a.monster].kind].deck
    res.add(
        play.CombatCardDiscarded(
            rule="forbidden_alchemy_story.combat.discard", deck=deck, card=a.card
        ),
        play.AttackEnded(rule="forbidden_alchemy_story.attack.end", seat=a.seat),
    )


# ---- monster tokens --------------------------------------------------------------------------
def is_byakhee(s, monster: str) -> bool:
    return s.monsters[monster].kind == "byakhee"


def examine(res: Resolution, monster: str, seat: str) -> None:
    """Look at the token's bottom when the monster deals damage to `seat` or is
    dealt damage by `seat`: everyone for most monsters (our stand-in for the
    base game), only the keeper for a byakhee ("Secrecy and Byakhees") — and
    Darrell Simmins, whose Keen Eye lets him look too."""
    s = res.state
    token = s.tokens[monster]
    if is_byakhee(s, monster):
        res.add(
            play.ByakheeTokenExamined(
                rule="forbidden_alchemy_story.byakhee.keeper-examines",
                monster=monster,
                health=token["health"],
                damage=token["damage"],
            )
        )
        if s.investigators[seat].ability == "keen-eye":
            res.add(
                play.KeenEyeLooked(
                    rule="forbidden_alchemy_story.byakhee.keen-eye",
                    seat=seat,
                    monster=monster,
                    health=token["health"],
                    damage=token["damage"],
                )
            )
    elif not s.monsters[monster].examined:
        res.add(
            play.MonsterTokenExamined(
                rule="forbidden_alchemy_story.monster.examine",
                monster=monster,
                health=token["health"],
                damage=token["damage"],
            )
        )


def wound(res: Resolution, monster: str, amount: int, rule: str, seat: str) -> None:
    """`seat`'s attack deals `amount` damage to the monster."""
    if res.state.monsters[monster].space is None:
        return
    res.add(play.MonsterWounded(rule=rule, monster=monster, amount=amount))
    examine(res, monster, seat)
    m = res.state.monsters[monster]
    if m.wounds >= res.state.tokens[monster]["health"] + m.bonus_health:
        res.add(play.MonsterKilled(rule="forbidden_alchemy_story.monster.killed", monster=monster))


# ---- horror checks ---------------------------------------------------------------------------
def horror_checks(res: Resolution, dice, room_id: str, seats: list[str] | None = None) -> None:
    """Each investigator in the room (hidden ones too: "Hiding") checks against
    the most horrifying monster there: Will minus its horror rating (ours)."""
    s = res.state
    monsters = board.monsters_in_room(s, room_id)
    if not monsters:
        return
    worst = max(monsters, key=lambda m: (s.kinds[s.monsters[m].kind].horror, m))
    horror = s.kinds[s.monsters[worst].kind].horror
    for seat in seats if seats is not None else board.investigators_in_room(s, room_id):
        if res.over or res.state.investigators[seat].status != "active":
            continue
        hidden = res.state.investigators[seat].hidden
        rule = (
            "forbidden_alchemy_story.hiding.horror-check"
            if hidden
            else "forbidden_alchemy_story.horror.check"
        )
        res.add(play.HorrorCheckMade(rule=rule, seat=seat, monster=worst, horror=horror))
        will = tested(res, seat, "will", res.state.investigators[seat].attributes["will"])
        if not roll_test(
            res,
            dice,
            seat,
            "will",
            will - horror,
            (
                "forbidden_alchemy_story.horror.test.pass",
                "forbidden_alchemy_story.horror.test.fail",
            ),
        ):
            harm(res, seat, "horror", horror, "forbidden_alchemy_story.horror.fail")


# ---- answers to the questions an attack or a byakhee asks -------------------------------------
def check_choose_attribute(s: Story, seat: str, attribute: str) -> None:
    asked = waiting_for(s)
    if asked is None or (asked.seat, asked.kind) != (seat, "attribute"):
        raise RuleViolation(
            "forbidden_alchemy_story.tests.either-or", f"{seat} is not asked to choose an attribute"
        )
    if attribute not in asked.choices:
        raise RuleViolation(
            "forbidden_alchemy_story.tests.either-or",
            f"the card offers {' or '.join(asked.choices)}",
        )


def choose_attribute(s: Story, seat: str, attribute: str, dice) -> list[Event]:
    check_choose_attribute(s, seat, attribute)
    res = Resolution(s)
    res.add(
        play.AttributeChosen(
            rule="forbidden_alchemy_story.tests.either-or", seat=seat, attribute=attribute
        )
    )
    continue_attack(res, dice)
    return done(res)


def check_pick_tester(s: Story, seat: str, tester: str) -> None:
    asked = waiting_for(s)
    if asked is None or (asked.seat, asked.kind) != (seat, "tester"):
        raise RuleViolation(
            "forbidden_alchemy_story.tests.multiple.other",
            f"{seat} is not asked to choose an investigator",
        )
    if tester not in asked.choices:
        raise RuleViolation(
            "forbidden_alchemy_story.tests.multiple.other",
            f"choose another investigator in your room: {', '.join(asked.choices)}",
        )


def pick_tester(s: Story, seat: str, tester: str, dice) -> list[Event]:
    check_pick_tester(s, seat, tester)
    res = Resolution(s)
    rule = (
        "forbidden_alchemy_story.hiding.chosen"
        if s.investigators[tester].hidden
        else "forbidden_alchemy_story.tests.multiple.other"
    )
    res.add(play.TesterChosen(rule=rule, seat=seat, tester=tester))
    continue_attack(res, dice)
    return done(res)


def check_answer(s: Story, seat: str, answer: str) -> None:
    if s.question is None or s.question.seat != seat:
        raise RuleViolation(
            "forbidden_alchemy_story.byakhee.answer", f"no byakhee question waits for {seat}"
        )
    if answer not in ANSWERS:
        raise RuleViolation("forbidden_alchemy_story.byakhee.answer", "answer yes or no")


ANSWERS = ("no", "yes")


def answer_byakhee(s: Story, seat: str, answer: str) -> list[Event]:
    check_answer(s, seat, answer)
    monster = s.question.monster
    token = s.tokens[monster]
    res = Resolution(s)
    # Only the result of the answer given is read out; the other stays on the token.
    res.add(
        play.ByakheeAnswered(
            rule="forbidden_alchemy_story.byakhee.answer",
            monster=monster,
            seat=seat,
            answer=answer,
            result=token[answer],
        )
    )
    effect, amount = token[answer + "_effect"]
    if effect == "damage" and amount > 0:
        # The byakhee deals damage ("Secrecy and Byakhees"): only the keeper examines its
        # token, and Darrell Simmins's Keen Eye looks too, as for any damage it deals.
        examine(res, monster, seat)
    harm(res, seat, effect, amount, "forbidden_alchemy_story.byakhee.result")
    return done(res)
