"""The Homunculus turn (section 5): five steps, each a command of the system
seat, so the audit shows each step and each token it moved.

    abilities   1. every boss on the board uses its ability, by ascending Area
    reveal      2. the Homunculus card of the round: an Event, or a Boss arriving
    march       3. the soldiers of the card's Areas march outward
    appearance  4. new soldiers from the centre, "N or more" (+2 in the "+2" rounds)
    check       5. one damage to each character sharing a space with an enemy

An Event card that leaves a choice to the players ("discuss and decide")
asks them a question; the turn goes on once it is settled.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation

from . import events as ev
from .resolve import (
    R,
    Resolution,
    from_stock,
    march_area,
    march_one,
    place_soldiers,
    soldiers_appear,
    wound,
)
from .state import DAMAGE_TRACK, Game

STEPS = ("abilities", "reveal", "march", "appearance", "check")


def next_step(state: Game) -> str | None:
    """The step the system seat resolves now, or None (a question is open)."""
    if state.pending is not None:
        return None
    i = STEPS.index(state.step) + 1 if state.step else 0
    return STEPS[i] if i < len(STEPS) else None


def resolve_step(state: Game, step: str, dice) -> list:
    expected = next_step(state)
    if step != expected:
        raise RuleViolation(R + "homunculus.order",
                            f"the Homunculus turn resolves {expected or 'nothing'} now, not {step}")
    res = Resolution(state)
    res.add(ev.HomunculusStepBegan(rule=R + f"homunculus.{step}", step=step))
    _STEP[step](res, dice)
    if step == STEPS[-1] and not res.over:
        res.add(ev.TurnBegan(rule=R + "turn.order", character=res.state.order[0],
                             actions=res.state.actions_per_turn))
    return res.facts


# ---- 1. boss abilities --------------------------------------------------------------------
def _abilities(res: Resolution, dice) -> None:
    s = res.state
    for boss in sorted(s.bosses, key=lambda b: (s.area_of[s.bosses[b].space], b)):
        if res.over or boss not in res.state.bosses:
            return
        ability = res.state.bosses[boss].ability
        res.add(ev.BossAbilityActivated(rule=R + f"boss.{ability}", boss=boss, ability=ability))
        _ABILITY[ability](res)


def _wound_outermost(res: Resolution) -> None:
    s = res.state
    outermost = {spaces[-1] for spaces in s.areas.values()}
    for c in s.characters:
        if s.position.get(c) in outermost:
            wound(res, c, 1, R + "boss.wound-outermost")


def _march_1_2_3(res: Resolution) -> None:
    for area in (1, 2, 3):
        march_area(res, area, R + "boss.march-1-2-3")


def _two_soldiers_area_3(res: Resolution) -> None:
    place_soldiers(res, 3, 2, R + "boss.two-soldiers-area-3")


def _wound_areas_3_4_5(res: Resolution) -> None:
    s = res.state
    for c in s.characters:
        if s.area_of.get(s.position.get(c, ""), 0) in (3, 4, 5):
            wound(res, c, 1, R + "boss.wound-areas-3-4-5")


def _soldier_to_track(res: Resolution) -> None:
    from_stock(res, DAMAGE_TRACK, R + "boss.soldier-to-damage-track")


_ABILITY = {
    "wound-outermost": _wound_outermost, "march-1-2-3": _march_1_2_3,
    "two-soldiers-area-3": _two_soldiers_area_3, "wound-areas-3-4-5": _wound_areas_3_4_5,
    "soldier-to-damage-track": _soldier_to_track,
}


# ---- 2. the Homunculus card ---------------------------------------------------------------
def _reveal(res: Resolution, dice) -> None:
    s = res.state
    rnd, card, kind, what, march, soldiers = next(c for c in s.homunculus if c[0] == s.round)
    res.add(ev.HomunculusCardRevealed(rule=R + "homunculus.reveal", round=rnd, card=card,
                                      kind=kind, what=what, march=march, soldiers=soldiers))
    if kind == "boss":
        boss_arrives(res, what)
    else:
        _EVENT[what](res)


def boss_arrives(res: Resolution, boss: str, rule: str = R + "homunculus.boss-arrives") -> None:
    """The boss takes a spot in its own space.  When that space has no free spot and
    soldiers stand there, one of them first marches out (skipping full spaces, off the
    board onto the damage track) and the boss takes its spot.  A space full of bosses
    alone (our reading) sends it to the next space outward with room, pushing a
    soldier there if it must."""
    s = res.state
    name, home, life, ability = s.boss_info[boss]
    space = home
    if s.free_spots(home) <= 0 and not s.soldiers_in(home):
        spaces = s.areas[s.area_of[home]]
        farther = spaces[spaces.index(home) + 1:]
        space = next((sp for sp in farther if s.free_spots(sp) > 0),
                     next((sp for sp in farther if s.soldiers_in(sp)), home))
        rule = R + "homunculus.boss-space-full"
    if s.free_spots(space) <= 0 and s.soldiers_in(space):
        march_one(res, space, R + "homunculus.boss-pushes-soldier")
    res.add(ev.BossArrived(rule=rule, boss=boss, name=name, space=space, life=life,
                           ability=ability))


def _gather(res: Resolution) -> None:
    s = res.state
    for c in s.characters:
        here = s.position[c]
        spaces = s.areas[s.area_of[here]]
        if here != spaces[0]:
            res.add(ev.CharacterMoved(rule=R + "event.gather-innermost", character=c, source=here,
                                      target=spaces[0], distance=spaces.index(here)))


def _ask(kind: str, most: int):
    def ask(res: Resolution) -> None:
        s = res.state
        left = min(most, sum(len(h) for h in s.hands.values())) if kind == "discard" else most
        if left:
            res.add(ev.QuestionAsked(rule=R + f"event.{kind}-{'one' if most == 1 else 'two'}",
                                     kind=kind, left=left))
    return ask


_EVENT = {"gather-innermost": _gather, "discard-two": _ask("discard", 2),
          "discard-one": _ask("discard", 1), "wound-two": _ask("wound", 2)}


# ---- 3. march, 4. appearance, 5. damage check ---------------------------------------------
def _march(res: Resolution, dice) -> None:
    # Several Areas on one card march in ascending order (our reading; the example
    # does Area 1, then Area 5).
    for area in sorted(res.state.revealed[4]):
        if res.over:
            return
        march_area(res, area, R + "march.area")


def appearance_number(state: Game) -> int:
    extra = 2 if state.round >= state.plus_two_from else 0
    return state.revealed[5] + extra


def _appearance(res: Resolution, dice) -> None:
    soldiers_appear(res, dice, appearance_number(res.state), R + "appearance.flip")


def _check(res: Resolution, dice) -> None:
    s = res.state
    for c in s.characters:
        if s.has_enemy(s.position[c]):
            wound(res, c, 1, R + "check.damage")


_STEP = {"abilities": _abilities, "reveal": _reveal, "march": _march,
         "appearance": _appearance, "check": _check}
