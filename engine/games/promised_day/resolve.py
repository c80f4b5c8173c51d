"""Facts built one at a time against a working state, and the token moves
the rules share (placing, marching, damage).

`Resolution.add` folds each fact at once, so a later step sees the board as
it is now, and checks the game end conditions after every fact: a defeat
or the victory ends the resolution at the instant it happens ("Game End
Conditions": the game ends as soon as one is met).
"""

from __future__ import annotations

from engine.core.events import Event

from . import events as ev
from .state import DAMAGE_TRACK, OVER, STOCK, Game, evolve

R = "promised_day."


class Resolution:
    def __init__(self, state: Game):
        self.state = state
        self.facts: list[Event] = []

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def add(self, *facts: Event) -> None:
        for fact in facts:
            if self.over:
                return
            self.facts.append(fact)
            self.state = evolve(self.state, fact)
            self._check_end()

    def _check_end(self) -> None:
        s = self.state
        if s.phase == OVER or not s.tiles:
            return
        if s.damage_track >= s.track_size:
            self.add(ev.GameLost(rule=R + "end.damage-track",
                                 reason=f"{s.damage_track} Mannequin Soldiers on the damage track"))
        elif any(life <= 0 for life in s.life.values()):
            who = next(c for c in s.characters if s.life[c] <= 0)
            self.add(ev.GameLost(rule=R + "end.life", reason=f"{s.summary[who][0]} has no life left"))
        elif s.stock <= 0 and s.empty_stock == "at-once":
            self.add(ev.GameLost(rule=R + "end.stock",
                                 reason="no Mannequin Soldier tokens left in the Stock"))
        elif all(not face_up for _, _, face_up in s.tiles.values()):
            self.add(ev.GameWon(rule=R + "end.victory",
                                reason="all five Transmutation Circle tiles are face down"))


# ---- soldiers -----------------------------------------------------------------------------
def from_stock(res: Resolution, target: str, rule: str) -> bool:
    """One token from the Stock to `target`.  With the option empty_stock=when-needed
    an empty Stock is a defeat only now, when a token is wanted and none is left."""
    if res.state.stock <= 0:
        res.add(ev.GameLost(rule=R + "end.stock-needed",
                            reason="a Mannequin Soldier token was needed and the Stock is empty"))
        return False
    res.add(ev.SoldierMoved(rule=rule, source=STOCK, target=target))
    return True


def place_soldiers(res: Resolution, area: int, n: int, rule: str) -> int:
    """`n` tokens from the Stock into `area`, each on the innermost space with a free
    spot, else onto the damage track; returns how many were placed (the track counts)."""
    placed = 0
    for _ in range(n):
        if res.over:
            break
        s = res.state
        target = next((sp for sp in s.areas[area] if s.free_spots(sp) > 0), DAMAGE_TRACK)
        if not from_stock(res, target,
                          rule if target != DAMAGE_TRACK else R + "appearance.off-board"):
            break
        placed += 1
    return placed


def march_one(res: Resolution, space: str, rule: str) -> None:
    """One token of `space` one space outward, skipping full spaces; past the
    outermost space it goes onto the damage track ("March")."""
    s = res.state
    spaces = s.areas[s.area_of[space]]
    farther = spaces[spaces.index(space) + 1:]
    target = next((sp for sp in farther if s.free_spots(sp) > 0), DAMAGE_TRACK)
    res.add(ev.SoldierMoved(rule=rule if target != DAMAGE_TRACK else R + "march.off-board",
                            source=space, target=target))


def march_area(res: Resolution, area: int, rule: str) -> None:
    """Every token of `area` marches once, those in the outermost space first."""
    res.add(ev.AreaMarched(rule=rule, area=area))
    for space in reversed(res.state.areas[area]):
        for _ in range(res.state.soldiers_in(space)):
            if res.over:
                return
            march_one(res, space, R + "march.outward")


def flip_soldier_card(res: Resolution, dice, rule: str) -> tuple[tuple[int, int], ...]:
    """The top Mannequin Soldier card; an empty deck is first reshuffled from its
    discards (our reading: the rulebook does not say)."""
    s = res.state
    if not s.soldier_deck:
        order = tuple(dice.shuffled(s.soldier_discards))
        res.add(ev.SoldierDeckShuffled(rule=R + "appearance.reshuffle", cards=order))
    card, place = res.state.soldier_deck[0]
    res.add(ev.SoldierCardFlipped(rule=rule, card=card, place=place))
    return place


def soldiers_appear(res: Resolution, dice, at_least: int, rule: str) -> None:
    """Flip soldier cards and place their tokens until `at_least` were placed."""
    placed = 0
    while placed < at_least and not res.over:
        for n, area in flip_soldier_card(res, dice, rule):
            placed += place_soldiers(res, area, n, R + "appearance.innermost")


def remove_soldier(res: Resolution, space: str, rule: str) -> None:
    res.add(ev.SoldierMoved(rule=rule, source=space, target=STOCK))


# ---- damage and healing -------------------------------------------------------------------
def wound(res: Resolution, character: str, damage: int, rule: str) -> None:
    life = res.state.life[character]
    res.add(ev.CharacterDamaged(rule=rule, character=character, damage=damage,
                                life=max(0, life - damage)))


def heal(res: Resolution, character: str, amount: int, rule: str) -> None:
    """Life never goes above the top of the track (our reading: the marker starts
    on its highest number and has nowhere further to go)."""
    s = res.state
    top = s.summary[character][2]
    healed = min(amount, top - s.life[character])
    if healed > 0:
        res.add(ev.CharacterHealed(rule=rule, character=character, healed=healed,
                                   life=s.life[character] + healed))


def damage_boss(res: Resolution, boss: str, damage: int, rule: str) -> None:
    life = res.state.bosses[boss].life - damage
    res.add(ev.BossDamaged(rule=rule, boss=boss, damage=damage, life=max(0, life)))
    if life <= 0:
        res.add(ev.BossDefeated(rule=R + "attack.boss-defeated", boss=boss))


def deal(res: Resolution, targets: tuple[str, ...], rule: str) -> None:
    """One point per target word: a space loses a soldier, a boss a point of life."""
    for word in sorted(set(targets), key=targets.index):
        count = targets.count(word)
        if word in res.state.bosses:
            damage_boss(res, word, count, rule)
        else:
            for _ in range(count):
                remove_soldier(res, word, rule)


def draw(res: Resolution, character: str, n: int, rule: str) -> None:
    cards = res.state.decks[character][:n]
    if cards:
        res.add(ev.CardsDrawn(rule=rule, character=character,
                              seat=res.state.seat_of[character], cards=cards))
