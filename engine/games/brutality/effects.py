"""The effect vocabulary and the resolution of effects, one fact at a time.

Hero sheets and artifact cards name their effects with a few words
("damage 2", "knockback 1", "bleed 1", "hang", ...), checked by
`vocabulary.check_effect`.  Resolving turns them into queued steps, small tuples of
plain words and numbers, so that a resolution interrupted by a question
("where does the pushed hero go?") can be written into a fact and picked
up again when the answer comes:

    ("damage", hero, amount, rule)           ("heal", hero, amount, rule)
    ("bleed", hero, amount, rule)            ("hang", hero, rule)
    ("cleanse", hero, rule)
    ("knockback", hero, direction, spaces, knocker team, mode)
    ("displace", hero, team, rule, exclude...)  ask `team` where `hero` goes
    ("bury-path", hero, direction, spaces)   ("unbury", hero, square)
    ("summon", kind, square, team, owner)    ("knock-tile", square, direction, spaces)
    ("resolve",)                             the top of the effect stack resolves
(jumps.py and relics.py add their own.)

`Resolution` folds each fact into a working state as it is added, so every
step sees the board as the previous one left it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.kit.squaregrid import Direction, Square

from . import events as ev
from .board import (
    HAZARD_RULE,
    HAZARDS,
    blocker_name,
    blocking,
    board_grid,
    footprint,
    footprint_at,
    graves,
    has_tile,
    is_corner,
    is_tank,
    occupants,
    open_for,
    to_square,
)
from .state import TEAMS, evolve, other


class Resolution:
    """Facts added so far and the state they lead to."""

    def __init__(self, state, dice=None):
        self.state = state
        self.dice = dice  # the command's dice, for the few steps that draw (a theft)
        self.facts: list[Any] = []

    def add(self, fact) -> None:
        self.facts.append(fact)
        self.state = evolve(self.state, fact)

    def hero(self, hero_id: str):
        return self.state.heroes[hero_id]

    def run(self, queue) -> None:
        """Resolve queued steps in order until none is left or a question waits."""
        queue = tuple(queue)
        while queue:
            step, queue = queue[0], queue[1:]
            more = STEPS[step[0]](self, *step[1:])
            if isinstance(more, Ask):  # wait for the answer; the rest resolves afterwards
                self.add(ev.QuestionAsked(rule=more.rule, team=more.team, kind=more.kind,
                                          hero=more.hero, choices=more.choices, rest=queue))
                return
            queue = tuple(more) + queue
        self.check_victory()

    def check_victory(self) -> None:
        """Checked once a resolution is complete ("How to Win")."""
        s = self.state
        if s.winner or s.phase not in ("actions",):
            return
        beaten = [t for t in TEAMS if not s.alive(t)]
        if len(beaten) == 2:
            self.add(ev.GameDrawn(rule="brutality.victory.draw",
                                  why="the last heroes of both teams died together"))
        elif beaten:
            self.add(ev.GameWon(rule="brutality.victory.win", team=other(beaten[0])))


@dataclass(frozen=True)
class Ask:
    """A step's question: `team` chooses among `choices` before resolution goes on."""

    team: str
    kind: str
    hero: str
    choices: tuple[str, ...]
    rule: str



# ---- damage, healing, status -----------------------------------------------------------------
def damage(res: Resolution, hero_id: str, amount: int, rule: str):
    h = res.hero(hero_id)
    if h.dead or amount <= 0:
        return ()
    ward = res.state.wards.get(hero_id)
    if ward:  # a "next time" card over the hero triggers now
        res.add(ev.DamagePrevented(rule="brutality.relic.next-time", hero=hero_id, card=ward,
                                   amount=amount))
        return ()
    health = max(0, h.health - amount)
    res.add(ev.DamageTaken(rule=rule, hero=hero_id, amount=h.health - health, health=health))
    if health == 0:
        res.add(ev.HeroDied(rule="brutality.death.die", hero=hero_id))
        for sq, hazard in sorted(res.state.hazards.items()):
            if hazard.kind == "ghost-knight" and hazard.owner == hero_id:
                res.add(ev.HazardRemoved(rule="brutality.hazard.ghost-knight.conjurer", kind=hazard.kind,
                                         square=sq, why=f"{hero_id} died"))
    return ()


def heal(res: Resolution, hero_id: str, amount: int, rule: str):
    h = res.hero(hero_id)
    top = res.state.sheets[hero_id]["health"]
    health = min(top, h.health + amount)
    if not h.dead and health > h.health:
        res.add(ev.HeroHealed(rule=rule, hero=hero_id, amount=health - h.health, health=health))
    return ()


def bleed(res: Resolution, hero_id: str, amount: int, rule: str):
    h = res.hero(hero_id)
    if not h.dead:
        res.add(ev.BleedTaken(rule=rule, hero=hero_id, amount=amount, bleed=h.bleed + amount))
    return ()


def hang(res: Resolution, hero_id: str, rule: str):
    h = res.hero(hero_id)
    # "Hanging Noose": one noose at most, and never on a buried hero.
    if h.on_board and not h.hung:
        res.add(ev.HeroHung(rule=rule, hero=hero_id))
    return ()


def cleanse(res: Resolution, hero_id: str, rule: str):
    h = res.hero(hero_id)
    if h.bleed:
        res.add(ev.BleedRemoved(rule=rule, hero=hero_id, bleed=0, spent=0))
    if h.hung:
        res.add(ev.NooseRemoved(rule=rule, hero=hero_id, spent=0))
    return ()


# ---- entering hazards ------------------------------------------------------------------------
def arrive(res: Resolution, hero_id: str, before: tuple[str, ...], how: str,
           knocker: str = "") -> tuple[bool, tuple]:
    """What the hazards on the spaces a hero newly covers do at once (each
    space of a large hero).  `how` the hero came: "move" (a Move step of their
    own), "knock" (knocked back by `knocker`'s team) or "other".  Gives
    whether a knockback stops there (a Pike Trap) and the steps that follow
    (a Catapult's jump)."""
    stop, steps = False, ()
    for sq in footprint(res.state, res.hero(hero_id)):
        hazard = res.state.hazards.get(sq)
        if sq in before or hazard is None or res.hero(hero_id).dead:
            continue
        if hazard.kind == "ghost-knight":
            meet_knight(res, sq, hero_id)
            continue
        rules = HAZARDS[hazard.kind]
        if rules["enter"]:
            damage(res, hero_id, rules["enter"], HAZARD_RULE[hazard.kind])
        if how == "knock" and rules["stops"]:
            stop = True
        if hazard.kind == "catapult" and not steps:
            steps = _launch(res, hero_id, how, knocker)
    return stop or bool(steps), steps


def _launch(res: Resolution, hero_id: str, how: str, knocker: str) -> tuple:
    """"Catapult": moving yourself in, you may jump; knocked in by an enemy,
    you must jump where the enemy chooses.  Our reading: a friend's knockback,
    a displacement by your own team or an ability's travel launch nothing."""
    team = res.hero(hero_id).team
    if how == "move":
        return (("catapult", hero_id, team, "move"),)
    if how == "knock" and knocker and knocker != team:
        return (("catapult", hero_id, knocker, "knock"),)
    return ()


def meet_knight(res: Resolution, square: str, hero_id: str) -> None:
    """"Ghost Knights": an enemy and a knight in one space: 1 damage, the knight
    leaves the board; a friend shares the space unharmed."""
    knight = res.state.hazards[square]
    if res.hero(hero_id).team == knight.team:
        return
    damage(res, hero_id, 1, "brutality.hazard.ghost-knight")
    res.add(ev.HazardRemoved(rule="brutality.hazard.ghost-knight", kind="ghost-knight", square=square,
                             why=f"it struck {hero_id}"))


def summon(res: Resolution, kind: str, square: str, team: str, owner: str):
    res.add(ev.HazardPlaced(rule="brutality.effect.summon", kind=kind, square=square, team=team,
                            owner=owner, tokens=HAZARDS[kind]["turns"]))
    return ()


def knock_tile(res: Resolution, square: str, direction: str, spaces: int):
    """"Corpse Parts: Forced Movement": the tile is knocked back one space at a
    time.  Our reading: it stops before the edge, a blocking space, another
    hazard (hazards never stack) or a hero."""
    hazard = res.state.hazards.get(square)
    if hazard is None or spaces <= 0:
        return ()
    nxt = _step(res.state, to_square(square), Direction[direction])
    why = ("the board edge" if nxt is None else
           "another hazard" if has_tile(res.state, str(nxt)) else
           "a hero" if str(nxt) in occupants(res.state) else "")
    if why:
        res.add(ev.HazardStopped(rule="brutality.hazard.corpse-parts.knockback", kind=hazard.kind,
                                 square=square, why=why))
        return ()
    res.add(ev.HazardKnockedBack(rule="brutality.hazard.corpse-parts.knockback", kind=hazard.kind,
                                 source=square, to=str(nxt), direction=direction))
    return (("knock-tile", str(nxt), direction, spaces - 1),)


# ---- knockback ---------------------------------------------------------------------------------
def knockback(res: Resolution, hero_id: str, direction: str, spaces: int, knocker: str,
              mode: str):
    """One space of knockback ("Knockback"); `mode` is direct, chain, or their
    retry after the heroes in the way were pushed first."""
    h = res.hero(hero_id)
    if not h.on_board or spaces <= 0:
        return ()
    if h.hung:
        res.add(ev.NooseRemoved(rule="brutality.status.noose.knockback", hero=hero_id, spent=0))
    d = Direction[direction]
    chained = mode.endswith("chain")
    before = footprint(res.state, h)
    here = to_square(h.square)
    nxt = _step(res.state, here, d)
    target = None if nxt is None else footprint_at(res.state, h, nxt)
    if target is None:
        if is_corner(res.state, h.square) or any(is_corner(res.state, sq) for sq in before):
            return _stopped(res, h, "a corner space: the hero remains", "brutality.knockback.corner")
        if chained:
            return _no_room(res, h, knocker)
        return _stopped(res, h, "the board edge", "brutality.knockback.edge")
    new = [sq for sq in target if sq not in before]
    for sq in new:
        kind = blocking(res.state, sq)
        if kind:
            if chained:
                return _no_room(res, h, knocker)
            _stopped(res, h, f"{blocker_name(kind)} movement", "brutality.knockback.blocked")
            bump = HAZARDS[kind]["bump"]
            return damage(res, hero_id, bump, HAZARD_RULE[kind]) if bump else ()
    taken = occupants(res.state)
    others = sorted({taken[sq] for sq in new if sq in taken})
    if others:
        tanks = [o for o in others if is_tank(res.state, res.hero(o))]
        if tanks and res.state.options.get("tank_in_chain", "blocks") == "blocks":
            if chained:
                return _no_room(res, h, knocker)
            return _stopped(res, h, "a tank blocks movement", "brutality.knockback.tank")
        if mode.startswith("retry"):
            if chained:
                return _no_room(res, h, knocker)
            return _stopped(res, h, "the hero in the way could not be moved", "brutality.knockback.chain")
        pushes = tuple(("knockback", o, direction, 1, knocker, "chain") for o in others)
        return pushes + (("knockback", hero_id, direction, spaces, knocker, "retry-" + mode),)
    res.add(ev.KnockedBack(rule=("brutality.knockback.chain" if chained else "brutality.knockback.move"),
                           hero=hero_id, source=h.square, to=str(nxt), direction=direction))
    stop, steps = arrive(res, hero_id, before, "knock", knocker)
    if stop:
        return steps  # a Pike Trap stops the hero; a Catapult launches them instead
    if spaces > 1:
        return (("knockback", hero_id, direction, spaces - 1, knocker, mode.removeprefix("retry-")),)
    return ()


def _step(state, square: Square, d: Direction) -> Square | None:
    return board_grid(state).step(square, d)


def _stopped(res: Resolution, h, why: str, rule: str):
    res.add(ev.KnockbackStopped(rule=rule, hero=h.id, square=h.square, why=why))
    return ()


def _no_room(res: Resolution, h, knocker: str):
    """"Knockback of Multiple Heroes": no open space in the push's direction for
    a hero pushed along; the knocker chooses another adjacent space."""
    choices = displace_choices(res.state, h)
    if not choices:
        return _stopped(res, h, "no open space around it", "brutality.knockback.no-room")
    return Ask(knocker, "displace", h.id, choices, "brutality.knockback.no-room")


def displace_choices(state, h, exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Open spaces adjacent to a hero (diagonals too) where it could stand."""
    here = set(footprint(state, h))
    found = []
    for d in Direction:
        nxt = board_grid(state).step(to_square(h.square), d)
        spot = None if nxt is None else footprint_at(state, h, nxt)
        if spot and open_for(state, h, spot) and not (set(spot) & set(exclude)) \
                and set(spot) != here:
            found.append(str(nxt))
    return tuple(sorted(found))


def displace(res: Resolution, hero_id: str, team: str, rule: str, *exclude: str):
    """Ask `team` where a hero goes (an adjacent open space), as a step."""
    h = res.hero(hero_id)
    if not h.on_board:
        return ()
    choices = displace_choices(res.state, h, exclude)
    if not choices:
        return _stopped(res, h, "no open space around it", "brutality.knockback.no-room")
    return Ask(team, "displace", hero_id, choices, rule)


def answer_displace(res: Resolution, hero_id: str, team: str, square: str,
                    rule: str = "") -> tuple:
    h = res.hero(hero_id)
    before = footprint(res.state, h)
    if h.hung and rule != "brutality.jump.blocked":  # stepping aside for a jumper is no knockback
        res.add(ev.NooseRemoved(rule="brutality.status.noose.knockback", hero=hero_id, spent=0))
    res.add(ev.HeroDisplaced(rule="brutality.prompt.answer", hero=hero_id, source=h.square, to=square,
                             team=team))
    return arrive(res, hero_id, before, "knock", team)[1]


# ---- burial ------------------------------------------------------------------------------------
def bury_path(res: Resolution, hero_id: str, direction: str, spaces: int):
    """"Buried Alive" (as printed): the Grave Keeper travels in a straight line,
    burying each enemy whose space he enters (1 damage each); a blocking
    hazard or a friend stops him in the space before (our reading)."""
    gk = res.hero(hero_id)
    if not gk.on_board:
        return ()
    if spaces <= 0:
        stand = [b for b in graves(res.state).get(gk.square, ())
                 if res.hero(b).team != gk.team]
        for buried in stand:
            damage(res, buried, 1, "brutality.ability.buried-alive.stand")
        return ()
    nxt = _step(res.state, to_square(gk.square), Direction[direction])
    kind = None if nxt is None else blocking(res.state, str(nxt))
    if nxt is None or kind:
        # A Spiked Pillar (or the icicles) that blocks his travel hurts him.
        bump = HAZARDS[kind]["bump"] if kind else 0
        if bump:
            damage(res, hero_id, bump, HAZARD_RULE[kind])
        return (("bury-path", hero_id, direction, 0),)
    there = occupants(res.state).get(str(nxt))
    if there is not None and res.hero(there).team == gk.team:
        return (("bury-path", hero_id, direction, 0),)
    if there is not None:
        bury(res, there, str(nxt))
    before = footprint(res.state, gk)
    res.add(ev.HeroTravelled(rule="brutality.ability.buried-alive", hero=hero_id, source=gk.square,
                             to=str(nxt)))
    arrive(res, hero_id, before, "other")
    return (("bury-path", hero_id, direction, spaces - 1),)


def bury(res: Resolution, hero_id: str, square: str) -> None:
    h = res.hero(hero_id)
    res.add(ev.HeroBuried(rule="brutality.bury.take", hero=hero_id, square=square))
    if h.hung:
        res.add(ev.NooseRemoved(rule="brutality.bury.noose", hero=hero_id, spent=0))
    damage(res, hero_id, 1, "brutality.ability.buried-alive")


def unbury(res: Resolution, hero_id: str, square: str):
    h = res.hero(hero_id)
    if h.buried and not h.dead:
        res.add(ev.HeroUnburied(rule="brutality.bury.unbury", hero=hero_id, square=square))
        arrive(res, hero_id, (), "other")
    return ()


def resolve_top(res: Resolution):
    """"Simultaneous Effects": the last declared effect on the stack resolves first."""
    team, source, what, steps = res.state.stack[-1]
    res.add(ev.EffectResolved(rule="brutality.stack.resolve", team=team, source=source, what=what))
    return tuple(steps)


STEPS = {
    "damage": damage, "heal": heal, "bleed": bleed, "hang": hang, "cleanse": cleanse,
    "knockback": knockback, "displace": displace, "bury-path": bury_path, "unbury": unbury,
    "summon": summon, "knock-tile": knock_tile, "resolve": resolve_top,
}
