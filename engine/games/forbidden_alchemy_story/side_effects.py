"""What a Side Effect card does the moment it is drawn ("Side Effect Cards":
its text takes effect at once).  The effects are data (our stand-in content,
`side-effect-threats.toml`); the lasting ones (kept in play) are applied where
they bite: `resolve.tested` and the start of a turn.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board
from . import play_events as play
from .pieces import Story
from .resolve import Resolution, done, eliminate, harm

CHOSEN = ("another", "self-and-another", "another-in-room")  # the drawer chooses the other


def take_effect(res: Resolution, seat: str, card: str) -> None:
    """The card acts on whom it names; where the drawer chooses another investigator
    among several, he is asked (`pick_target`), and the card acts on the one he picks."""
    now = res.state.side_effect_now.get(card)
    if now is None:
        return
    effect, amount = now["effect"]
    others = _others(res.state, seat, now["who"])
    if now["who"] == "self-and-another":
        EFFECTS[effect](res, seat, seat, amount)
    if now["who"] in CHOSEN and len(others) > 1:
        res.add(
            play.SideEffectTargetAsked(
                rule="forbidden_alchemy_story.side-effect.choose",
                seat=seat,
                card=card,
                choices=others,
            )
        )
        return
    for target in (*([seat] if now["who"] == "self" else ()), *others[: _how_many(now)]):
        if res.over:
            return
        EFFECTS[effect](res, seat, target, amount)


def _how_many(now) -> int:
    """Every other one in the room, or the one chosen."""
    return 99 if now["who"] == "others-in-room" else 1


def _others(s, seat: str, who: str) -> tuple[str, ...]:
    """The other investigators the card may act on: those in the drawer's room (hiding
    ones too), or anyone still in the house."""
    others = tuple(sorted(i.seat for i in s.active() if i.seat != seat))
    if who in ("others-in-room", "another-in-room"):
        here = board.room(s, s.investigators[seat].space)
        return tuple(x for x in others if board.room(s, s.investigators[x].space) == here)
    return () if who == "self" else others


def check_pick_target(s: Story, seat: str, target: str) -> None:
    if not s.choosing or s.choosing[0] != seat:
        raise RuleViolation(
            "forbidden_alchemy_story.side-effect.choose",
            f"no Side Effect card waits for {seat} to choose",
        )
    if target not in s.choosing[2:]:
        raise RuleViolation(
            "forbidden_alchemy_story.side-effect.choose",
            f"choose one of {', '.join(s.choosing[2:])}",
        )


def pick_target(s: Story, seat: str, target: str) -> list[Event]:
    """The drawer's answer: the card acts on the investigator he picked."""
    check_pick_target(s, seat, target)
    card = s.choosing[1]
    res = Resolution(s)
    rule = (
        "forbidden_alchemy_story.hiding.chosen"
        if s.investigators[target].hidden
        else "forbidden_alchemy_story.side-effect.choose"
    )
    res.add(play.SideEffectTargetChosen(rule=rule, seat=seat, card=card, target=target))
    effect, amount = s.side_effect_now[card]["effect"]
    EFFECTS[effect](res, seat, target, amount)
    return done(res)


def settle(res: Resolution) -> None:
    """A choice asked of a drawer who then left the house (his card's own failure
    effects may eliminate him) falls to the first investigator offered (our reading)."""
    s = res.state
    if s.choosing and s.investigators[s.choosing[0]].status != "active" and not res.over:
        seat, card, first = s.choosing[0], s.choosing[1], s.choosing[2]
        res.add(
            play.SideEffectTargetChosen(
                rule="forbidden_alchemy_story.side-effect.choose",
                seat=seat,
                card=card,
                target=first,
            )
        )
        effect, amount = s.side_effect_now[card]["effect"]
        EFFECTS[effect](res, seat, first, amount)


def _harm(kind: str):
    def apply(res: Resolution, seat: str, target: str, amount: int) -> None:
        harm(res, target, kind, amount, "forbidden_alchemy_story.side-effect.immediate")

    return apply


def _skill_point(res: Resolution, seat: str, target: str, amount: int) -> None:
    res.add(
        play.SkillPointGained(
            rule="forbidden_alchemy_story.side-effect.immediate", seat=target, amount=amount
        )
    )


def _max_health(res: Resolution, seat: str, target: str, amount: int) -> None:
    res.add(
        play.MaxHealthChanged(
            rule="forbidden_alchemy_story.side-effect.immediate", seat=target, amount=amount
        )
    )
    if res.state.investigators[target].health_left <= 0:
        eliminate(res, target, "no health left", "forbidden_alchemy_story.health.eliminated")


def _discard_item(res: Resolution, seat: str, target: str, amount: int) -> None:
    """Ours: a Common Item is one that gives back health or sanity; the first held goes."""
    s = res.state
    common = [i for i in s.investigators[target].items if s.items[i].use[:1] in COMMON]
    if common:
        res.add(
            play.ItemDiscarded(
                rule="forbidden_alchemy_story.side-effect.immediate", seat=target, item=common[0]
            )
        )


COMMON = (("recover-health",), ("recover-sanity",))


def _give_item(res: Resolution, seat: str, target: str, amount: int) -> None:
    """The drawer's first item passes to `target` (nothing when he holds none)."""
    items = res.state.investigators[seat].items
    if items and target != seat:
        res.add(
            play.ItemPassed(
                rule="forbidden_alchemy_story.side-effect.immediate",
                seat=seat,
                to=target,
                item=items[0],
            )
        )


def _stun(res: Resolution, seat: str, target: str, amount: int) -> None:
    if not res.state.investigators[target].stunned:
        res.add(
            play.InvestigatorStunned(
                rule="forbidden_alchemy_story.side-effect.immediate", seat=target
            )
        )


EFFECTS = {
    "damage": _harm("damage"),
    "horror": _harm("horror"),
    "skill-point": _skill_point,
    "max-health": _max_health,
    "discard-item": _discard_item,
    "give-item": _give_item,
    "stun": _stun,
}
