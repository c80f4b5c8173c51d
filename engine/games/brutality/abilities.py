"""Action: Use an Ability, and using an artifact ("Artifact Cards"): paid at
once (an action, or the card flipped face down), then declared on the
effect stack with its target fixed.
"""

from __future__ import annotations

from engine.core.context import Context
from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import artifacts
from . import events as ev
from .commands import UseAbility, UseArtifact
from .content import implemented
from .resolution import Resolution
from .stack import declare
from .state import COOLDOWN, Battle, Hero
from .targeting import check_target, effect_steps
from .turn import Refusal, not_yours, on_board_refusal, own_hero


def ability_refusal(state: Battle, h: Hero, ability_id: str) -> Refusal | None:
    """Why the team's own living hero `h` cannot use that ability now, whatever
    its target (`targeting.targets` judges those)."""
    ability = state.sheets[h.id]["abilities"].get(ability_id)
    if ability is None:
        named = ", ".join(f"{a} ({x['name']})" for a, x in state.sheets[h.id]["abilities"].items())
        return Refusal("brutality.ability.use", f"{h.id} has no ability {ability_id!r} "
                       f"(theirs: {named})")
    if not implemented(ability["effects"]):
        return Refusal("brutality.ability.use", f"{ability_id} is not implemented yet")
    refusal = on_board_refusal(h, "ability")
    if refusal:
        return refusal
    if h.hung:
        return Refusal("brutality.status.noose.no-ability", f"{h.id} is hung")
    acted = state.acted.get(h.id, ())
    if ability_id in acted:
        return Refusal("brutality.ability.once", f"{h.id} already used {ability_id} this turn")
    if len(acted) >= 2:
        return Refusal("brutality.actions.two", f"{h.id} has taken both actions this turn")
    return None


def use_ability(state: Battle, seat: str, cmd: UseAbility, ctx: Context) -> list[Event]:
    h = own_hero(state, seat, cmd.hero)
    refusal = ability_refusal(state, h, cmd.ability)
    if refusal:
        raise refusal.error()
    ability = state.sheets[h.id]["abilities"][cmd.ability]
    word = check_target(state, h, ability, cmd.target, ability=True)
    res = Resolution(state, ctx.dice)
    res.add(ev.AbilityUsed(rule="brutality.ability.use", hero=h.id, ability=cmd.ability,
                           target=word))
    declare(res, seat, "ability", f"{h.id} {cmd.ability}", cmd.target,
            effect_steps(state, h, ability, word))
    return res.facts


def use_artifact(state: Battle, seat: str, cmd: UseArtifact, ctx: Context) -> list[Event]:
    h = state.heroes.get(cmd.hero)
    if h is None or h.team != seat:
        raise RuleViolation("brutality.artifact.own", not_yours(state, seat, cmd.hero))
    refusal = artifacts.refusal(state, seat, h)
    if refusal:
        raise refusal.error()
    card = state.artifact_cards[h.artifact]
    word = check_target(state, h, card, cmd.target)
    res = Resolution(state, ctx.dice)
    res.add(ev.ArtifactUsed(rule="brutality.artifact.use", hero=h.id, artifact=h.artifact,
                            target=word))
    res.add(ev.ArtifactFlippedDown(rule="brutality.artifact.cooldown", hero=h.id,
                                   artifact=h.artifact, cooldown=COOLDOWN))
    declare(res, seat, "artifact", f"{h.id} {h.artifact}", cmd.target,
            effect_steps(state, h, card, word))
    return res.facts
