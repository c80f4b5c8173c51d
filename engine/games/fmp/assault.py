"""The Theory of the Second Unit ("Destroyers > Attacking a sector
defended by unfavourable fire"): a destroyer enters a fire zone, stops,
and fires at once with a partner; its shots must leave it out of that
fire, or it may not go in at all."""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import board as b
from .destroyers import fire
from .movement import move
from .state import Planet, evolve
from .units import own_unit, parse_hex


def assault(state: Planet, seat: str, uid: str, words: tuple[str, ...]) -> list[Event]:
    """`assault UNIT PATH... fire PARTNER TARGET [PARTNER TARGET]`: a destroyer
    moves in its own right into a hex under unfavourable fire, stops there and
    fires at once with a partner; its shots must leave it out of unfavourable
    fire before anything else happens.  All of it stands or falls together."""
    if "fire" not in words:
        raise RuleViolation("fmp.second-unit.fire", "an assault names its path, then 'fire', then "
                                                    "partner and target pairs")
    cut = words.index("fire")
    path, shots = words[:cut], words[cut + 1:]
    if not path or not shots or len(shots) % 2 or len(shots) > 4:
        raise RuleViolation("fmp.second-unit.fire", "after 'fire' come one or two partner-target pairs")
    u = own_unit(state, seat, uid)
    if u.kind not in b.RANGE or u.kind == "turret":
        raise RuleViolation("fmp.second-unit.destroyer", f"{uid} is not a destroyer that moves")
    end = parse_hex(path[-1])
    if not b.under_fire(state, end, seat):
        raise RuleViolation("fmp.second-unit.needless", f"{end} is not under unfavourable fire: "
                                                        "move, then fire")
    res = Resolution(state, evolve)
    res.add(*(replace(f, rule="fmp.second-unit.enter") for f in move(state, seat, uid, path, second_unit=True)))
    for partner, target in zip(shots[::2], shots[1::2], strict=True):
        res.add(*fire(res.state, seat, uid, partner, target, assaulting=uid))
    if b.under_fire(res.state, end, seat):
        raise RuleViolation("fmp.second-unit.clear", f"after its shots {uid} would still be under "
                                                     f"unfavourable fire on {end}")
    return res.facts
