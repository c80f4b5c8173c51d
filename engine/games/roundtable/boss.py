"""VIII. Boss Mode: setup, the turn order with the boss, attacking the boss, and
the boss's turns (the engine's system seat).

The boss tile covers 2x2 squares; each corner shows a colour, which turns
with the tile (`board.corner_colours`).  A boss turn is four system steps,
each its own command group so it can be audited: start effects and the
movement roll (then the move, or the attacks queued), one step per attack
(asked of the players when they have a choice), the card flip (then, when its
effect hits several units, one step per unit in the players' order), the rotation.
Each step has its guard (`check_step`, `check_order`, `check_hit`: what
`decide` and `legal_commands` both ask) and its facts.  Damage on the
boss's HP bars and its lives are `damage.py`'s.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core.context import SYSTEM
from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution
from engine.kit.squaregrid import Direction

from . import events as ev
from . import summons
from .board import (
    corner_of,
    corners_at,
    distance,
    distance_to_boss,
    hp_left,
    orthogonal_neighbours,
    tags,
)
from .combat import EFFECTIVE, EFFECTIVE_BONUS, combat_stats, in_range, reactors, triangle
from .damage import defeat, life_lost
from .state import BOSS, Table, Unit, evolve

CENTRE = "C3"  # the tile's NW corner when it sits in the middle of the 6x6 map


def schedule(seats: tuple[str, ...]) -> tuple[str, ...]:
    """"Boss Mode Basics": the boss after every player, or after every two with four."""
    if len(seats) == 4:
        return (seats[0], seats[1], BOSS, seats[2], seats[3], BOSS)
    return tuple(slot for seat in seats for slot in (seat, BOSS))


def setup_facts(opts: dict[str, Any], seats: tuple[str, ...], board: dict[str, Any], dice) -> list[Event]:
    """Boss Mode "Setup", steps 1-3 (the players' boards are their seats)."""
    lives = board["lives"][str(len(seats))]
    order = tuple(dice.shuffled(sorted(board["cards"])))
    return [
        ev.BossChosen(rule="roundtable.boss.setup", boss=opts["boss"], board=board, lives=lives,
                      schedule=schedule(seats)),
        ev.BossTilePlaced(rule="roundtable.boss.setup", square=CENTRE),
        ev.BossDeckShuffled(rule="roundtable.boss.setup", order=order),
        ev.BossCardDrawn(rule="roundtable.boss.card", card=order[0]),
    ]


def card(state: Table) -> dict[str, Any]:
    """The current boss card: its stats, movement targets and effect."""
    return state.boss["cards"][state.boss_card]


def next_after(state: Table) -> str:
    """Who takes the turn after the current one: a seat, or `BOSS`."""
    return state.schedule.advance().current


# ---- combats between a unit and a boss corner ------------------------------------------------
class _Bout:
    """One combat between a unit and the boss's `colour` corner: the running HP of
    the unit and of the bars, and the facts so far.  Stats are fixed at the start."""

    def __init__(self, state: Table, unit: Unit, colour: str, role: str):
        self.state, self.unit, self.colour = state, unit, colour
        self.card = card(state)
        self.own, self.mods = combat_stats(state, unit, role)
        self.unit_hp = hp_left(state, unit)
        self.bars = {k: state.bar_left(k) for k in state.boss["hp"]}
        self.facts: list[Event] = []
        self.life_lost = False

    def unit_strikes(self, blow: str, rule: str) -> None:
        atk, notes = _unit_atk(self.state, self.unit, self.own["atk"], self.mods, self.colour)
        damage = min(max(0, atk - self.card["def"]), self.bars[self.colour])
        self.bars[self.colour] -= damage
        self.facts.append(ev.BossStruck(rule=rule, unit=self.unit.card, colour=self.colour,
                                        blow=blow, atk=atk, defence=self.card["def"], damage=damage,
                                        hp=self.bars[self.colour], modifiers=notes))
        if not any(self.bars.values()):
            self.facts.extend(life_lost(self.state))
            self.life_lost = True

    def boss_strikes(self, blow: str, rule: str) -> None:
        atk, defence, notes = _boss_atk(self.state, self.unit, self.colour, self.own["def"],
                                        self.mods)
        damage = min(max(0, atk - defence), self.unit_hp)
        self.unit_hp -= damage
        self.facts.append(ev.Struck(rule=rule, unit=BOSS, target=self.unit.card, blow=blow,
                                    atk=atk, defence=defence, damage=damage, hp=self.unit_hp,
                                    modifiers=notes))
        if self.unit_hp == 0:
            self.facts.extend(defeat(self.state, self.unit, BOSS))

    def skip(self, unit: str, blow: str, rule: str, reason: str) -> None:
        self.facts.append(ev.BlowSkipped(rule=rule, unit=unit, blow=blow, reason=reason))

    def follow_up(self, unit_reaches: bool, boss_reaches: bool) -> None:
        """"Steps to Combat" (3): the faster side strikes again if its range reaches."""
        if not self.unit_hp or self.life_lost:
            return
        unit_spd, boss_spd = self.own["spd"], self.card["spd"]
        if unit_spd == boss_spd:
            self.skip(BOSS, "follow-up", "roundtable.combat.follow-up-equal", f"equal speed ({unit_spd})")
        elif unit_spd > boss_spd and unit_reaches:
            self.unit_strikes("follow-up", "roundtable.boss.follow-up")
        elif unit_spd < boss_spd and boss_reaches:
            self.boss_strikes("follow-up", "roundtable.boss.follow-up")
        else:
            self.skip(BOSS, "follow-up", "roundtable.combat.follow-up-range",
                      "the faster side is out of range")

    def finish(self, attacker: str, defender: str) -> list[Event]:
        if self.unit.shapestone and self.unit_hp:
            self.facts.append(ev.ShapestoneDiscarded(rule="roundtable.combat.shapestone",
                                                     unit=self.unit.card))
        return self.facts + [ev.CombatEnded(rule="roundtable.combat.end", attacker=attacker,
                                            defender=defender)]


# ---- players attacking the boss ("Attacking Bosses") ----------------------------------------
def check_attack(state: Table, unit: Unit, colour: str) -> None:
    """A unit may attack a corner of the boss within its range."""
    if colour not in state.boss["hp"]:
        raise RuleViolation("roundtable.boss.corner", f"the boss has no {colour} corner")
    corner = corner_of(state, colour)
    dist = distance(unit.square, corner)
    if not in_range(state, unit, dist):
        raise RuleViolation("roundtable.boss.corner-range",
                            f"the {colour} corner ({corner}) is {dist} away")


def attack(state: Table, unit: Unit, colour: str) -> list[Event]:
    """A unit attacks the boss corner showing `colour` (`check_attack` passed); the boss
    counters from that corner."""
    dist = distance(unit.square, corner_of(state, colour))
    bout = _Bout(state, unit, colour, "attacking")
    bout.facts.append(ev.CombatStarted(rule="roundtable.boss.attack", attacker=unit.card,
                                       defender=f"boss:{colour}", distance=dist))
    lo, hi = bout.card["rng"]
    boss_reaches = lo <= dist <= hi
    bout.unit_strikes("attack", "roundtable.boss.attack")
    if bout.life_lost:
        bout.skip(BOSS, "counter", "roundtable.boss.no-counter", "the boss lost a life")
    elif not boss_reaches:
        bout.skip(BOSS, "counter", "roundtable.boss.no-counter", f"out of the boss card's range ({dist})")
    else:
        bout.boss_strikes("counter", "roundtable.boss.counter")
    bout.follow_up(unit_reaches=True, boss_reaches=boss_reaches)
    return bout.finish(attacker=unit.card, defender=f"boss:{colour}")


def _unit_atk(state: Table, unit: Unit, atk: int, mods, colour: str) -> tuple[int, tuple[str, ...]]:
    notes = [f"{source} {n:+d} ATK" for stat, n, source in mods if stat == "atk"]
    edge = triangle(state.cards[unit.card]["colour"], colour)
    if edge:
        atk += edge
        notes.append(f"weapon triangle {edge:+d}")
    for tag in sorted(tags(state, unit)):
        if EFFECTIVE.get(tag) in card(state)["tags"]:
            atk += EFFECTIVE_BONUS
            notes.append(f"[{tag}] +{EFFECTIVE_BONUS}")
    return atk, tuple(notes)


def _boss_atk(state: Table, unit: Unit, colour: str, defence: int, mods) -> tuple[int, int, tuple]:
    """The boss's ATK against `unit`: the card's, the corner's colour for the triangle, and an
    effectiveness tag on the card against the unit's tags ("Skill Effects in Combat": the
    card's tags are the boss's, as a minion's printed tags are its own)."""
    atk = card(state)["atk"]
    notes = [f"{source} {n:+d} DEF" for stat, n, source in mods if stat == "def"]
    edge = triangle(colour, state.cards[unit.card]["colour"])
    if edge:
        notes.insert(0, f"weapon triangle {edge:+d}")
    unit_tags = tags(state, unit)
    for tag in sorted(card(state)["tags"]):
        if EFFECTIVE.get(tag) in unit_tags:
            edge += EFFECTIVE_BONUS
            notes.append(f"[{tag}] +{EFFECTIVE_BONUS}")
    return atk + edge, defence, tuple(notes)


# ---- the boss's turn ("On Boss Turns") --------------------------------------------------------
def start_turn(state: Table) -> list[Event]:
    return [ev.BossTurnStarted(rule="roundtable.boss.turn-order", turn=state.turn + 1, asker=state.active)]


STEPS = ("start", "card", "rotate")  # the steps the system seat takes by itself


def check_step(state: Table) -> None:
    """A step of the boss turn is due that asks the players nothing."""
    if state.boss_step not in STEPS:
        raise RuleViolation("core.system", f"no boss step is due (step {state.boss_step!r})")


def step(state: Table, dice) -> list[Event]:
    """The system seat's next step of the boss turn (`check_step` passed)."""
    if state.boss_step == "start":
        return _start_and_roll(state, dice)
    if state.boss_step == "card":
        return _flip(state, dice)
    return _rotate(state)


def _start_and_roll(state: Table, dice) -> list[Event]:
    res = Resolution(state, evolve, dice)
    for effect in state.boss["start"]:
        res.add(*_boss_effect(res.state, effect, "roundtable.boss.start", dice))
    state = res.state
    roll = dice.d6()
    target = card(state)["move"][roll - 1]
    res.add(ev.BossRolled(rule="roundtable.boss.roll", value=roll, target=target))
    area = set(corners_at(target).values())
    there = tuple(sorted(u.card for u in state.units.values() if u.square in area))
    if there:
        return res.facts + [ev.BossAttacksQueued(rule="roundtable.boss.blocked", units=there)]
    return res.facts + summons.clear_under(state, area) + [
        ev.BossMoved(rule="roundtable.boss.move", origin=state.boss_square, to=target)]


def attack_choices(state: Table) -> list[tuple[str, str, int]]:
    """(unit, corner colour, range) the boss may attack with next ("Step 2B"): any queued
    unit (players choose the order), the corner that beats the unit's colour unless
    that bar is empty (then any corner with HP left, the players' choice; also for Gray
    units, which no colour beats - our reading), and either range of a 1-2 card."""
    lo, hi = card(state)["rng"]
    found = []
    for unit_id in state.boss_queue:
        colour = state.cards[unit_id]["colour"]
        best = [c for c in state.boss["hp"] if triangle(c, colour) == 1 and state.bar_left(c) > 0]
        corners = best or sorted(c for c in state.boss["hp"] if state.bar_left(c) > 0)
        found += list(product([unit_id], corners, range(lo, hi + 1)))
    return found


def check_order(state: Table, seat: str, unit_id: str, colour: str, dist: int) -> None:
    """The players' choice of the boss's next attack is one it may make; the system seat
    takes it only when there is no other."""
    choices = attack_choices(state)
    if (unit_id, colour, dist) not in choices:
        raise RuleViolation("roundtable.boss.attack-choice",
                            f"the boss cannot attack {unit_id} with {colour} at range {dist} now")
    if seat == SYSTEM and len(choices) > 1:
        raise RuleViolation("core.prompt", "the players choose the boss's next attack")


def boss_attack(state: Table, unit_id: str, colour: str, dist: int) -> list[Event]:
    """The boss attacks a unit in its destination (`check_order` passed): it hits
    wherever the unit is."""
    unit = state.units[unit_id]
    chosen = ev.BossAttackChosen(rule="roundtable.boss.attack-choice", unit=unit_id, colour=colour,
                                 distance=dist)
    if reactors(state, unit):
        # The attacked unit's player may use a reaction special first.
        return [chosen, ev.AttackDeclared(rule="roundtable.reaction.window", attacker=f"boss:{colour}",
                                          defender=unit_id, seat=unit.owner)]
    return [chosen, *strike_unit(state, unit_id, colour, dist)]


def strike_unit(state: Table, unit_id: str, colour: str, dist: int) -> list[Event]:
    """The blows of the boss's attack on a unit: the boss, the unit's counter if its range
    covers `dist`, the faster side's follow-up; then the combat ends."""
    unit = state.units[unit_id]
    bout = _Bout(state, unit, colour, "defending")
    bout.boss_strikes("attack", "roundtable.boss.strike")
    if not bout.unit_hp:
        bout.skip(unit_id, "counter", "roundtable.combat.counter-defeated",
                  "defeated before it could counter")
    elif in_range(state, unit, dist):
        bout.unit_strikes("counter", "roundtable.combat.counter")
    else:
        bout.skip(unit_id, "counter", "roundtable.combat.counter-range",
                  f"the boss attacks from range {dist}")
    bout.follow_up(unit_reaches=in_range(state, unit, dist), boss_reaches=True)
    return bout.finish(attacker=f"boss:{colour}", defender=unit_id)


def _flip(state: Table, dice) -> list[Event]:
    """"Step 3": flip the current card, execute it, the next card becomes current.  An
    effect hitting several player units one after the other waits for the players to
    choose their order (`effect_order`)."""
    c = card(state)
    res = Resolution(state, evolve, dice)
    res.add(ev.BossCardFlipped(rule="roundtable.boss.card", card=state.boss_card, name=c["name"],
                               effect=c["effect"]))
    hit = _hit_in_turn(res.state, c["effect"])
    if len(hit) > 1:
        return res.facts + [ev.BossEffectQueued(rule="roundtable.boss.card-order", units=hit)]
    res.add(*_boss_effect(res.state, c["effect"], "roundtable.boss.card-effect", dice))
    res.add(*_draw_next(res.state, dice))
    return res.facts


def _draw_next(state: Table, dice) -> list[Event]:
    """The next card of the boss deck becomes current; an empty deck is rebuilt first from
    every discarded boss card (the flipped one included)."""
    deck = state.boss_deck.cards
    facts: list[Event] = []
    if not deck:
        order = tuple(dice.shuffled(state.boss_discards))
        facts.append(ev.BossDeckReshuffled(rule="roundtable.boss.reshuffle", order=order))
        deck = order
    return facts + [ev.BossCardDrawn(rule="roundtable.boss.card", card=deck[0])]


# Card effects that hit player units one after the other, so the players pick the order
# ("Step 3"); the other primitives hit no unit or all at once (exhausting).
ORDERED = ("damage-all", "minions-strike")


def _hit_in_turn(state: Table, effect: dict[str, Any]) -> tuple[str, ...]:
    """The player units an ORDERED effect hits, in id order."""
    if effect["do"] == "damage-all":
        return tuple(sorted(state.units))
    if effect["do"] == "minions-strike":
        return tuple(sorted(u.card for u in state.units.values() if _minions_next_to(state, u)))
    return ()


def _minions_next_to(state: Table, unit: Unit) -> list:
    return [m for m in sorted(state.summons.values(), key=lambda m: m.id)
            if m.kind == "minion" and unit.square in orthogonal_neighbours(m.square)]


def effect_choices(state: Table) -> tuple[str, ...]:
    """The units the players may let take the card's effect next (still on the map)."""
    return tuple(u for u in state.boss_queue if u in state.units)


def check_hit(state: Table, seat: str, unit_id: str) -> None:
    """The players' choice of the unit the card's effect hits next is one still waiting;
    the system seat takes it only when there is no other."""
    choices = effect_choices(state)
    if unit_id not in choices:
        raise RuleViolation("roundtable.boss.card-order",
                            f"{unit_id} is not waiting for the boss card's effect "
                            f"(waiting: {', '.join(choices) or 'none'})")
    if seat == SYSTEM and len(choices) > 1:
        raise RuleViolation("core.prompt", "the players choose the order of the boss card's effect")


def effect_order(state: Table, unit_id: str, dice) -> list[Event]:
    """"Step 3": the unit the players chose (`check_hit` passed) takes the flipped card's
    effect; after the last one, the next boss card becomes current."""
    effect = state.boss["cards"][state.boss_discards[-1]]["effect"]
    res = Resolution(state, evolve, dice)
    res.add(ev.BossEffectOrdered(rule="roundtable.boss.card-order", unit=unit_id),
            *_effect_on(state, effect, state.units[unit_id], "roundtable.boss.card-effect"))
    if not effect_choices(res.state):
        res.add(*_draw_next(res.state, dice))
    return res.facts


def _boss_effect(state: Table, effect: dict[str, Any], rule: str, dice) -> list[Event]:
    """The boss effect primitives (fixtures/roundtable/bosses.toml)."""
    kind = effect["do"]
    if kind == "summon":
        return summons.summon(state, effect["what"], dice, rule)
    if kind in ORDERED:
        # At most one unit is hit here (the card step asks the players' order for more).
        facts: list[Event] = []
        for unit_id in _hit_in_turn(state, effect):
            facts += _effect_on(state, effect, state.units[unit_id], rule)
        return facts
    if kind == "restore":
        restored = {c: min(effect["amount"], d) for c, d in state.boss_damage.items() if d}
        return [ev.BossRestored(rule=rule, restored=restored)] if restored else []
    if kind == "exhaust-near":
        near = [u.card for u in state.units.values()
                if not u.exhausted and distance_to_boss(state, u.square) <= effect["range"]]
        return [ev.UnitsExhausted(rule=rule, units=tuple(sorted(near)))] if near else []
    return []


def _effect_on(state: Table, effect: dict[str, Any], unit: Unit, rule: str) -> list[Event]:
    """An ORDERED effect on one unit: damage-all deals `amount` from the boss; minions-strike
    (stand-in) has every minion next to the unit deal it `amount`, minions in id order."""
    strikers = [BOSS] if effect["do"] == "damage-all" else [m.id for m in _minions_next_to(state, unit)]
    facts: list[Event] = []
    left = hp_left(state, unit)
    for striker in strikers:
        if not left:
            break
        damage = min(effect["amount"], left)
        left -= damage
        facts.append(ev.DamageDealt(rule=rule, unit=striker, target=unit.card, damage=damage, hp=left))
        if not left:
            facts += defeat(state, unit, striker)
    return facts


def _rotate(state: Table) -> list[Event]:
    """"Step 4": a quarter turn clockwise, every boss turn; then the next player."""
    turned = state.rotation + 1
    corners = {d: state.boss["corners"][_rotated(d, -turned)] for d in ("NW", "NE", "SE", "SW")}
    facts: list[Event] = [ev.BossRotated(rule="roundtable.boss.rotate", rotation=turned, corners=corners),
                          ev.BossTurnEnded(rule="roundtable.boss.turn-order", turn=state.turn)]
    if state.boss_turns + 1 >= state.plan_turns:
        return facts + [ev.GameEnded(rule="roundtable.boss.lose", scores={},
                                     result=f"{state.boss['name']} completes its plan: the players lose")]
    return facts


def _rotated(direction: str, quarter_turns: int) -> str:
    return Direction[direction].rotate(2 * quarter_turns).name
