"""Effects, one fact at a time: damage, healing and status ("Status
Effects"), death ("Death and Revival"), and what a hazard does to a hero
who enters it ("Hazards").

Hero sheets and cards name their effects in a few words ("damage 2",
"bleed 1", "hang", ...; `content.VOCABULARY`).  Resolving turns them into
queued steps, small tuples of plain words and numbers, so that a resolution
interrupted by a question ("where does the pushed hero go?") can be written
into a fact and picked up again when the answer comes:

    ("damage", hero, amount, rule)           ("heal", hero, amount, rule)
    ("bleed", hero, amount, rule)            ("hang", hero, rule)
    ("cleanse", hero, rule)                  ("summon", kind, square, team, owner)

The steps of knockback, burial, jumps and relic cards are in their own
modules; `resolution.Resolution` runs them all.  A step is a function of the
resolution under way (the kit's `Resolution`: the facts so far folded into
a working state) and the step's words; it adds facts and gives the steps
that follow, or an `Ask` when a team must choose first.
"""

from __future__ import annotations

from engine.core.frozen import frozen_dataclass
from engine.kit.resolution import Resolution

from . import events as ev
from .board import HAZARD_RULE, HAZARDS, footprint


@frozen_dataclass
class Ask:
    """A step's question: `team` chooses among `choices` before resolution goes on."""

    team: str
    kind: str
    hero: str
    choices: tuple[str, ...]
    rule: str


def resolve_steps(res: Resolution, queue, steps: dict) -> tuple[Ask, tuple] | None:
    """Resolve queued steps in order, each through its function in `steps`,
    until none is left (None) or one asks a question: then the question and
    the steps left to resolve once it is answered."""
    queue = tuple(queue)
    while queue:
        step, queue = queue[0], queue[1:]
        more = steps[step[0]](res, *step[1:])
        if isinstance(more, Ask):
            return more, queue
        queue = tuple(more) + queue
    return None


# ---- damage, healing, status -----------------------------------------------------------------
def damage(res: Resolution, hero_id: str, amount: int, rule: str):
    h = res.state.heroes[hero_id]
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
                res.add(ev.HazardRemoved(rule="brutality.hazard.ghost-knight.conjurer",
                                         kind=hazard.kind, square=sq, why=f"{hero_id} died"))
    return ()


def heal(res: Resolution, hero_id: str, amount: int, rule: str):
    h = res.state.heroes[hero_id]
    top = res.state.sheets[hero_id]["health"]
    health = min(top, h.health + amount)
    if not h.dead and health > h.health:
        res.add(ev.HeroHealed(rule=rule, hero=hero_id, amount=health - h.health, health=health))
    return ()


def bleed(res: Resolution, hero_id: str, amount: int, rule: str):
    h = res.state.heroes[hero_id]
    if not h.dead:
        res.add(ev.BleedTaken(rule=rule, hero=hero_id, amount=amount, bleed=h.bleed + amount))
    return ()


def hang(res: Resolution, hero_id: str, rule: str):
    h = res.state.heroes[hero_id]
    # "Hanging Noose": one noose at most, and never on a buried hero.
    if h.on_board and not h.hung:
        res.add(ev.HeroHung(rule=rule, hero=hero_id))
    return ()


def cleanse(res: Resolution, hero_id: str, rule: str):
    h = res.state.heroes[hero_id]
    if h.bleed:
        res.add(ev.BleedRemoved(rule=rule, hero=hero_id, bleed=0, spent=0))
    if h.hung:
        res.add(ev.NooseRemoved(rule=rule, hero=hero_id, spent=0))
    return ()


# ---- hazards ---------------------------------------------------------------------------------
def arrive(res: Resolution, hero_id: str, before: tuple[str, ...], how: str,
           knocker: str = "") -> tuple[bool, tuple]:
    """What the hazards on the spaces a hero newly covers do at once (each
    space of a large hero).  `how` the hero came: "move" (a Move step of their
    own), "knock" (knocked back by `knocker`'s team) or "other".  Gives
    whether a knockback stops there (a Pike Trap) and the steps that follow
    (a Catapult's jump)."""
    stop, steps = False, ()
    for sq in footprint(res.state, res.state.heroes[hero_id]):
        hazard = res.state.hazards.get(sq)
        if sq in before or hazard is None or res.state.heroes[hero_id].dead:
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
    you must jump where the enemy chooses (the "catapult" step, `jumps.py`).
    Our reading: a friend's knockback, a displacement by your own team or an
    ability's travel launch nothing."""
    team = res.state.heroes[hero_id].team
    if how == "move":
        return (("catapult", hero_id, team, "move"),)
    if how == "knock" and knocker and knocker != team:
        return (("catapult", hero_id, knocker, "knock"),)
    return ()


def meet_knight(res: Resolution, square: str, hero_id: str) -> None:
    """"Ghost Knights": an enemy and a knight in one space: 1 damage, the knight
    leaves the board; a friend shares the space unharmed."""
    knight = res.state.hazards[square]
    if res.state.heroes[hero_id].team == knight.team:
        return
    damage(res, hero_id, 1, "brutality.hazard.ghost-knight")
    res.add(ev.HazardRemoved(rule="brutality.hazard.ghost-knight", kind="ghost-knight",
                             square=square, why=f"it struck {hero_id}"))


def summon(res: Resolution, kind: str, square: str, team: str, owner: str):
    res.add(ev.HazardPlaced(rule="brutality.effect.summon", kind=kind, square=square, team=team,
                            owner=owner, tokens=HAZARDS[kind]["turns"]))
    return ()


STEPS = {"damage": damage, "heal": heal, "bleed": bleed, "hang": hang, "cleanse": cleanse,
         "summon": summon}
