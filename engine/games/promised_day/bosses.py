"""The bosses (section 5, "2. Reveal Homunculus Card" for a Boss card and
"1. Activate Boss Ability"; section 7, "Boss Abilities"): a boss arriving on
its space, its life, and its ability in each Homunculus turn after that.
"""

from __future__ import annotations

from . import events as ev
from .characters import wound
from .end import Resolution
from .soldiers import from_stock, march_area, march_one, place_soldiers
from .state import DAMAGE_TRACK


def boss_arrives(res: Resolution, boss: str, rule: str = "promised_day.homunculus.boss-arrives") -> None:
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
        rule = "promised_day.homunculus.boss-space-full"
    if s.free_spots(space) <= 0 and s.soldiers_in(space):
        march_one(res, space, "promised_day.homunculus.boss-pushes-soldier")
    res.add(ev.BossArrived(rule=rule, boss=boss, name=name, space=space, life=life,
                           ability=ability))


def damage_boss(res: Resolution, boss: str, damage: int, rule: str) -> None:
    """The boss loses life; at 0 it leaves the board and its tile is turned over."""
    life = res.state.bosses[boss].life - damage
    res.add(ev.BossDamaged(rule=rule, boss=boss, damage=damage, life=max(0, life)))
    if life <= 0:
        res.add(ev.BossDefeated(rule="promised_day.attack.boss-defeated", boss=boss))


# ---- 1. Activate Boss Ability -------------------------------------------------------------
def activate_abilities(res: Resolution) -> None:
    """Every boss on the board, by ascending Area, uses its ability."""
    s = res.state
    for boss in sorted(s.bosses, key=lambda b: (s.area_of[s.bosses[b].space], b)):
        if res.over or boss not in res.state.bosses:
            return
        ability = res.state.bosses[boss].ability
        use, rule = ABILITIES[ability]
        res.add(ev.BossAbilityActivated(rule=rule, boss=boss, ability=ability))
        use(res)


def _wound_outermost(res: Resolution) -> None:
    s = res.state
    outermost = {spaces[-1] for spaces in s.areas.values()}
    for c in s.characters:
        if s.position.get(c) in outermost:
            wound(res, c, 1, "promised_day.boss.wound-outermost")


def _march_1_2_3(res: Resolution) -> None:
    for area in (1, 2, 3):
        march_area(res, area, "promised_day.boss.march-1-2-3")


def _two_soldiers_area_3(res: Resolution) -> None:
    # Our reading (the rule table says why): Envy's tokens are placed as in an Appearance,
    # and every one of them cites that reading, on the board or off it.
    place_soldiers(res, 3, 2, "promised_day.boss.envy-as-appearance",
                   off_board="promised_day.boss.envy-as-appearance")


def _wound_areas_3_4_5(res: Resolution) -> None:
    s = res.state
    for c in s.characters:
        if s.area_of.get(s.position.get(c, ""), 0) in (3, 4, 5):
            wound(res, c, 1, "promised_day.boss.wound-areas-3-4-5")


def _soldier_to_track(res: Resolution) -> None:
    from_stock(res, DAMAGE_TRACK, "promised_day.boss.soldier-to-damage-track")


# Each ability (content names it) with the rule its activation cites.
ABILITIES = {
    "wound-outermost": (_wound_outermost, "promised_day.boss.wound-outermost"),
    "march-1-2-3": (_march_1_2_3, "promised_day.boss.march-1-2-3"),
    "two-soldiers-area-3": (_two_soldiers_area_3, "promised_day.boss.two-soldiers-area-3"),
    "wound-areas-3-4-5": (_wound_areas_3_4_5, "promised_day.boss.wound-areas-3-4-5"),
    "soldier-to-damage-track": (_soldier_to_track, "promised_day.boss.soldier-to-damage-track"),
}
