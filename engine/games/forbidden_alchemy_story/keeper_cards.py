"""The keeper's cards beyond his Keeper Actions: Trauma cards from his hand
("Trauma" cards, ours on our stand-in faces), the threat effects of the
cards in play that show a threat cost ("Other Rules > Threat Effects"), and
Mythos cards (the errata's Wrong Turn).  Each is a guard `decide` and
`legal_commands` both call, and the facts it causes.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board
from . import play_events as play
from .combat import horror_checks
from .keeper import require_keeper_turn, require_threat, target_in_house
from .pieces import ACTIVE, Story
from .resolve import Resolution, done, harm, roll_test, tested


# ---- Trauma cards and threat effects ---------------------------------------------------------
def check_play_trauma(s: Story, card: str, seat: str) -> None:
    check_trauma_card(s, card)
    face = s.trauma_cards[card]
    inv = s.investigators.get(seat)
    if inv is None or inv.status != ACTIVE:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.target", f"{seat} is not an investigator in the house"
        )
    suffered = inv.damage if face["kind"] == "physical" else inv.horror
    if suffered < 1:
        raise RuleViolation(
            "forbidden_alchemy_story.trauma.kind",
            f"a {face['kind']} trauma needs an investigator who has "
            f"suffered {'damage' if face['kind'] == 'physical' else 'horror'}",
        )


def check_trauma_card(s: Story, card: str) -> None:
    """In the keeper's turn, a Trauma card in his hand that he can afford."""
    require_keeper_turn(s)
    if card not in s.hand:
        raise RuleViolation(
            "forbidden_alchemy_story.trauma.in-hand", f"{card!r} is not in the keeper's hand"
        )
    require_threat(s, s.trauma_cards[card]["cost"])


def play_trauma(s: Story, card: str, seat: str) -> list[Event]:
    check_play_trauma(s, card, seat)
    face = s.trauma_cards[card]
    res = Resolution(s)
    res.add(
        play.TraumaPlayed(
            rule="forbidden_alchemy_story.trauma.play", card=card, seat=seat, cost=face["cost"]
        )
    )
    effect, amount = face["on_play"]
    harm(res, seat, effect, amount, "forbidden_alchemy_story.trauma.effect")
    if "threat_cost" not in face:
        res.add(play.TraumaDiscarded(rule="forbidden_alchemy_story.trauma.discard", card=card))
    return done(res)


def threat_cards(s: Story) -> dict[str, tuple[str, dict]]:
    """Trauma and Side Effect cards in play that show a threat cost: {card: (seat, face)}."""
    found = {
        card: (seat, s.trauma_cards[card])
        for card, seat in s.trauma_in_play.items()
        if "threat_cost" in s.trauma_cards[card]
    }
    for inv in s.investigators.values():
        for card in inv.side_effects:
            if card in s.side_effect_threats:
                found[card] = (inv.seat, {"title": card, **s.side_effect_threats[card]})
    return found


def check_threat_effect(s: Story, card: str) -> None:
    require_keeper_turn(s)
    seat, face = threat_cards(s).get(card, (None, {}))
    if seat is None:
        raise RuleViolation(
            "forbidden_alchemy_story.threat.card", f"no card {card!r} in play has a threat effect"
        )
    if "threat:" + card in s.used:
        raise RuleViolation(
            "forbidden_alchemy_story.threat.once",
            f"{face['title']}'s threat effect was used this turn",
        )
    require_threat(s, face["threat_cost"])
    if s.investigators[seat].status != ACTIVE:
        raise RuleViolation(
            "forbidden_alchemy_story.threat.card",
            f"{face['title']}'s investigator has left the game",
        )


def threat_effect(s: Story, card: str) -> list[Event]:
    check_threat_effect(s, card)
    seat, face = threat_cards(s)[card]
    res = Resolution(s)
    res.add(
        play.ThreatEffectUsed(
            rule="forbidden_alchemy_story.threat.spend",
            card=card,
            seat=seat,
            cost=face["threat_cost"],
        )
    )
    effect, amount = face["threat_effect"]
    harm(res, seat, effect, amount, "forbidden_alchemy_story.threat.effect")
    return done(res)


# ---- Mythos cards ----------------------------------------------------------------------------
def wrong_turn_spaces(s: Story, here: str) -> list[str]:
    """Errata to "Wrong Turn": any other space of a Hallway whose room holds no
    Exploration, Lock or Obstacle card (our Obstacle cards lie in the room's
    Exploration stack, so an empty stack means neither is there)."""
    return [x for x in board.empty_hallway_spaces(s) if x != here]


def check_play_mythos(s: Story, card: str, targets: tuple[str, ...]) -> None:
    check_mythos_card(s, card)
    check_mythos_targets(s, card, targets)


def check_mythos_card(s: Story, card: str) -> None:
    """In the keeper's turn, a Mythos card in his hand that he can afford."""
    require_keeper_turn(s)
    if card not in s.mythos_hand:
        raise RuleViolation(
            "forbidden_alchemy_story.mythos.in-hand", f"{card!r} is not in the keeper's hand"
        )
    require_threat(s, s.mythos_cards[card]["cost"])


def check_mythos_targets(s: Story, card: str, targets: tuple[str, ...]) -> None:
    """An investigator in the house, and a space only where the errata's Wrong Turn
    lets the keeper move him."""
    face = s.mythos_cards[card]
    if not 1 <= len(targets) <= 2:
        raise RuleViolation(
            "forbidden_alchemy_story.mythos.targets",
            f"{face['title']}: an investigator (and a space)",
        )
    seat, *space = targets
    target_in_house(s, seat)
    effect, amount = face["fail"]
    if space and (
        effect != "wrong-turn" or space[0] not in wrong_turn_spaces(s, s.investigators[seat].space)
    ):
        raise RuleViolation(
            "forbidden_alchemy_story.errata.wrong-turn",
            "only to another space of a Hallway with no Exploration card left",
        )


def play_mythos(s: Story, card: str, targets: tuple[str, ...], dice) -> list[Event]:
    check_play_mythos(s, card, targets)
    face = s.mythos_cards[card]
    seat, *space = targets
    effect, amount = face["fail"]
    inv = s.investigators[seat]
    res = Resolution(s)
    res.add(
        play.MythosPlayed(
            rule="forbidden_alchemy_story.mythos.play", card=card, seat=seat, cost=face["cost"]
        )
    )
    attribute = face["test"]
    number = tested(res, seat, attribute, inv.attributes[attribute])
    if not roll_test(
        res,
        dice,
        seat,
        attribute,
        number,
        ("forbidden_alchemy_story.mythos.test.pass", "forbidden_alchemy_story.mythos.test.fail"),
    ):
        if effect != "wrong-turn":
            harm(res, seat, effect, amount, "forbidden_alchemy_story.mythos.fail")
        elif space:
            res.add(
                play.InvestigatorMovedByKeeper(
                    rule="forbidden_alchemy_story.errata.wrong-turn",
                    seat=seat,
                    origin=inv.space,
                    to=space[0],
                )
            )
            room = board.room(s, space[0])
            if room != board.room(s, inv.space):
                horror_checks(res, dice, room, [seat])
    res.add(play.MythosDiscarded(rule="forbidden_alchemy_story.mythos.discard", card=card))
    return done(res)
