"""Capturing the Freighter ("The Freighter > Capturing the Freighter"):
the first enemy destroyer to enter it once its turrets are gone takes it,
and only its new master rebuilds the turrets in that turn.  (Its units
evacuating enemy fire move: `movement.py`.)"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event, evolved

from . import board as b
from . import events as ev
from .state import Planet, Unit
from .units import hexes_of, mountain_pair, parse_hex, require_ap


def can_take(state: Planet, u: Unit, colour: str) -> bool:
    """"Capturing the Freighter": once its three turrets are destroyed, the
    first enemy destroyer to enter it takes it."""
    return u.kind in b.RANGE and u.kind != "turret" and not any(
        x.kind == "turret" and x.colour == colour and x.at for x in state.units.values())


def rebuild_turret(state: Planet, seat: str, colour: str, pod: str) -> list[Event]:
    """Only the player who has just captured a Freighter rebuilds its turrets
    (two points each, never on a pod under enemy fire); it may fire at once."""
    if colour not in state.taken or state.freighters[colour].controller != seat:
        raise RuleViolation("fmp.freighter.rebuild", f"{seat} has not just captured the {colour} Freighter")
    pod = parse_hex(pod)
    f = state.freighters[colour]
    if pod not in f.pods:
        raise RuleViolation("fmp.freighter.rebuild", f"{pod} is not a pod of the {colour} Freighter")
    if b.standing_at(state, pod) is not None:
        raise RuleViolation("fmp.freighter.rebuild", f"the pod {pod} has its turret")
    if b.under_fire(state, pod, seat):
        raise RuleViolation("fmp.freighter.rebuild", f"the pod {pod} is under enemy fire")
    require_ap(state, 2, "rebuilding a turret")
    n = 1 + sum(1 for u in state.units if u.startswith(f"{colour}-turret-"))
    return [ev.TurretRebuilt(rule="fmp.freighter.rebuild", freighter=colour, pod=pod,
                             unit=f"{colour}-turret-n{n}", cost=2)]


def take_freighter(state: Planet, seat: str, uid: str, colour: str, moved: Planet) -> list[Event]:
    loser = state.freighters[colour].controller
    taken = evolved(moved, freighters={**moved.freighters, colour: evolved(
        moved.freighters[colour], controller=seat)})
    pair = mountain_pair(taken, seat)
    if pair is not None:  # its tanks now obey the captor where they stand
        raise RuleViolation("fmp.move.mountain-tanks", f"taking the {colour} Freighter would leave {seat}'s "
                                                       f"{pair[0].id} and {pair[1].id} on touching mountains")
    endangered = tuple(sorted(
        u.id for u in taken.units.values()
        if u.colour == colour and u.at and u.kind not in ("turret", "pontoon")
        and any(b.under_fire(taken, h, seat) for h in hexes_of(u))))
    facts: list[Event] = [ev.FreighterCaptured(rule="fmp.freighter.capture", freighter=colour, seat=seat,
                                               previous=loser, unit=uid, bonus=5, endangered=endangered)]
    # Its units that the captor itself had neutralised now obey the captor: operational again.
    facts += [ev.UnitFreed(rule="fmp.freighter.capture", unit=x)
              for x, by in sorted(state.neutralised.items())
              if by == seat and x in state.units and state.units[x].colour == colour]
    if not any(f.controller == loser and f.status == "landed" and c != colour
               for c, f in state.freighters.items()):
        facts.append(ev.PlayerEliminated(rule="fmp.freighter.none-left", seat=loser))
    return facts
