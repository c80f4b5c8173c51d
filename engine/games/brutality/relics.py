"""Playing relic cards ("Relic Cards", "Effect Timing").

A team plays any number of its relic cards without taking actions, when
the card's timing word allows: in its own action phase ("your"), in the
enemy's ("enemy"), in either ("any"), or at the start of a team's action
phase ("start-your", "start-enemy": our reading, before that team's first
action of the turn).  A "next time" card stays in play until it triggers.

Steps (see effects.py):

    ("ward", hero, card)            ("haste", hero, spaces)     ("ground", hero)
    ("revive", hero, health)        ("remove-hazard", square)
    ("hell-fire", team, turns, square...)  ("steal", team)
"""

from __future__ import annotations

from functools import cache

from engine.core.errors import RuleViolation
from engine.kit.resolution import Resolution
from engine.kit.squaregrid import Direction

from . import events as ev
from .board import (
    board_grid,
    centre,
    footprint,
    footprint_at,
    forward,
    grid,
    has_tile,
    in_sight,
    open_for,
    parse,
    to_square,
)
from .content import relic_of
from .state import ACTIONS, Battle, other
from .turn import Refusal


def started(state: Battle) -> bool:
    """Has the active team's action phase got going (a first action taken)?"""
    return bool(state.acted) or any(hz.moved for hz in state.hazards.values())


def refusal(state: Battle, seat: str, card: str) -> Refusal | None:
    """Why `seat` cannot play `card` now (None: it can)."""
    if state.phase != ACTIONS or state.question:
        return Refusal("brutality.timing.phase", "relics are played in an action phase, "
                       "not while a question waits")
    if card not in state.hand(seat):
        return Refusal("brutality.relic.hand", f"{card!r} is not in your team's hand "
                       f"({', '.join(state.hand(seat)) or 'it is empty'})")
    timing = state.relic_cards[relic_of(card)]["timing"]
    own = seat == state.active
    if timing.endswith("your") and not own:
        return Refusal("brutality.timing.your", "that card is played in your own turn")
    if timing.endswith("enemy") and own:
        return Refusal("brutality.timing.enemy", "that card is played in the enemy turn")
    if timing.startswith("start-") and started(state):
        return Refusal("brutality.timing.start", "that card is played at the start of the "
                       "action phase, before its first action")
    closing = state.closing is not None and state.responder != seat
    if timing.startswith("end-") and not (closing and state.window == seat):
        return Refusal("brutality.timing.end", "that card is played at the end of the action "
                       "phase, once the team has ended its actions")
    if closing and not timing.startswith("end-"):
        return Refusal("brutality.timing.end", "the actions are over: only \"End of...\" cards "
                       "now (or an answer to a declared effect)")
    return None


def targets(state: Battle, seat: str, card: str) -> list[tuple[str, ...]]:
    """Every target the card may be played on, as the command's target words."""
    relic = state.relic_cards[relic_of(card)]
    kind = relic["target"]
    heroes = state.heroes.values()
    if kind == "friend":
        # "Relic Cards": a "next time" card stays in play until it triggers; a hero
        # already under a ward cannot take a second one (our reading: both would be
        # spent on the same next damage, and a card in play is never silently lost).
        warded = state.wards if "ward" in relic["effects"] else {}
        return [(h.id,) for h in heroes if h.team == seat and h.on_board and h.id not in warded]
    if kind == "dead-friend":
        return [(h.id,) for h in heroes if h.team == seat and h.dead and _revival_spot(state, h)]
    if kind == "enemy":
        return [(h.id,) for h in heroes if h.team != seat and h.on_board]
    if kind == "enemy-seen":
        return [(h.id,) for h in heroes if h.team != seat and h.on_board and _seen(state, seat, h)]
    if kind == "hazard":
        return [(sq,) for sq, hz in sorted(state.hazards.items()) if hz.kind != "icicle-spikes"]
    if kind == "space":
        return [(str(sq),) for sq in board_grid(state)]
    if kind == "line-4":
        return _lines_of_four(state)
    if kind == "none":
        return [()] if state.hand(other(seat)) else []
    raise ValueError(f"unknown relic target {kind!r}")


def _seen(state: Battle, seat: str, enemy) -> bool:
    """Is the enemy in sight of a friendly hero (centre to centre, any of their spaces)?"""
    them = footprint(state, enemy)
    return any(in_sight(state, a, b, footprint(state, f) + them)  # nobody hides themselves
               for f in state.heroes.values() if f.team == seat
               for a in footprint(state, f) for b in them)


def _lines_of_four(state: Battle) -> list[tuple[str, ...]]:
    """Four spaces in a row or column, none with a hazard: (first, last)."""
    return [(run[0], run[-1]) for run in runs_of_four(state.board["width"], state.board["height"])
            if not any(has_tile(state, sq) for sq in run)]


@cache
def runs_of_four(width: int, height: int) -> tuple[tuple[str, ...], ...]:
    """Every line of four spaces along a row or down a column of a board."""
    g = grid(width, height)
    found = []
    for sq in g:
        for d in (Direction.E, Direction.S):
            run = [sq, *g.ray(sq, d, 3)]
            if len(run) == 4:
                found.append(tuple(str(s) for s in run))
    return tuple(found)


def _revival_spot(state: Battle, h) -> str | None:
    """Our reading: a revived hero stands on an empty starting corner of their
    team's edge, else on the empty space nearest to those corners.  Empty as in
    "Setup" and the summons: no hero and no hazard tile (a revived hero is
    placed, so it must not be dropped onto a fire or a knight)."""
    corners = [parse(state, c) for c in state.board["starts"][h.team]]
    spots = sorted(board_grid(state), key=lambda sq: (
        min(max(abs(sq.col - c.col), abs(sq.row - c.row)) for c in corners), sq.row, sq.col))
    for sq in spots:
        cover = footprint_at(state, h, sq)
        if cover and open_for(state, h, cover) and not any(has_tile(state, s) for s in cover):
            return str(sq)
    return None


def play(res: Resolution, seat: str, card: str, target: tuple[str, ...]) -> list[tuple]:
    """Pay for the card (it leaves the hand) and give its effects as steps."""
    state = res.state
    why = refusal(state, seat, card)
    if why:
        raise why.error()
    relic = state.relic_cards[relic_of(card)]
    if target not in targets(state, seat, card):
        raise RuleViolation("brutality.relic.target", f"{relic['name']} cannot be played on "
                            f"{' '.join(target) or 'nothing'}")
    kept = relic["lasts"] == "next-time"
    res.add(ev.RelicPlayed(rule="brutality.relic.play", team=seat, card=card, target=target,
                           kept=kept))
    steps: list[tuple] = []
    for effect in relic["effects"]:
        steps += _steps(res, seat, card, effect, target)
    return steps


def _steps(res: Resolution, seat: str, card: str, effect: str, target: tuple) -> list:
    name, *args = effect.split()
    n = int(args[0]) if args else 0
    word = target[0] if target else ""
    simple = {
        "damage": ("damage", word, n, "brutality.effect.damage"),
        "heal": ("heal", word, n, "brutality.effect.heal"),
        "bleed": ("bleed", word, n, "brutality.status.bleed"),
        "hang": ("hang", word, "brutality.status.noose"),
        "cleanse": ("cleanse", word, "brutality.effect.cleanse"),
        "ward": ("ward", word, card),
        "haste": ("haste", word, n),
        "ground": ("ground", word),
        "revive": ("revive", word, n),
        "remove-hazard": ("remove-hazard", word),
    }
    if name in simple:
        return [simple[name]]
    if name == "blast":
        return _blast(res.state, seat, word, n)
    if name == "hell-fire":
        first, last = (parse(res.state, t) for t in target)
        d = board_grid(res.state).direction_between(first, last)
        squares = [str(first), *(str(s) for s in board_grid(res.state).ray(first, d, 3))]
        return [("hell-fire", seat, n, *squares)]
    if name == "steal":
        return [("steal", seat)]
    raise ValueError(f"relic effect {name!r} has no resolution")


def _blast(state: Battle, seat: str, square: str, amount: int) -> list:
    """Meteor: damage to every hero within one space, then each around the space
    knocked 1 away from it, in reading order of their spaces (our reading of
    effects that hit several heroes at once)."""
    centre_sq = to_square(square)
    hit = sorted((h for h in state.heroes.values() if h.on_board and any(
        max(abs(s.col - centre_sq.col), abs(s.row - centre_sq.row)) <= 1
        for s in map(to_square, footprint(state, h)))), key=lambda h: (
        to_square(h.square).row, to_square(h.square).col))
    steps = [("damage", h.id, amount, "brutality.relic.blast") for h in hit]
    for h in hit:
        if square not in footprint(state, h):
            d = _away_from_space(state, square, h)
            steps.append(("knockback", h.id, d.name, 1, seat, "direct"))
    return steps


def _away_from_space(state: Battle, square: str, h) -> Direction:
    sq = to_square(square)
    (tx, ty) = centre(state, h)
    dx, dy = tx - sq.col, ty - sq.row
    if abs(dx) > abs(dy):
        dy = 0
    elif abs(dy) > abs(dx):
        dx = 0
    return Direction.from_step((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)) or Direction.N


# ---- steps -----------------------------------------------------------------------------------
def ward(res: Resolution, hero_id: str, card: str):
    res.add(ev.WardRaised(rule="brutality.relic.next-time", hero=hero_id, card=card))
    return ()


def haste(res: Resolution, hero_id: str, spaces: int):
    res.add(ev.MovementGranted(rule="brutality.relic.haste", hero=hero_id, spaces=spaces))
    return ()


def ground(res: Resolution, hero_id: str):
    res.add(ev.HeroGrounded(rule="brutality.relic.ground", hero=hero_id))
    return ()


def revive(res: Resolution, hero_id: str, health: int):
    h = res.state.heroes[hero_id]
    spot = _revival_spot(res.state, h)
    if h.dead and spot:
        res.add(ev.HeroRevived(rule="brutality.death.revive", hero=hero_id, square=spot,
                               facing=forward(h.team), health=health))
    return ()


def remove_hazard(res: Resolution, square: str):
    hazard = res.state.hazards.get(square)
    if hazard:
        res.add(ev.HazardRemoved(rule="brutality.relic.remove-hazard", kind=hazard.kind, square=square,
                                 why="a relic removed it"))
    return ()


def hell_fire(res: Resolution, team: str, turns: int, *squares: str):
    res.add(ev.HellFireCalled(rule="brutality.relic.hell-fire", team=team, squares=squares, turns=turns))
    return ()


def steal(res: Resolution, team: str):
    """The thief's card: a random card of the enemy hand, drawn when it resolves."""
    hand = sorted(res.state.hand(other(team)))
    if hand:
        res.add(ev.RelicStolen(rule="brutality.relic.steal", team=team, victim=other(team),
                               card=res.dice.choice(hand)))
    return ()


def light_hell_fire(res: Resolution, ending: str) -> None:
    """At the end of a team's turn, the Hell Fire its opponent called bursts out
    on those of its spaces still free of hazards."""
    for team, squares, turns in res.state.hell_fire:
        if team == ending:
            continue
        res.add(ev.HellFireLit(rule="brutality.relic.hell-fire", team=team, squares=squares))
        for sq in squares:
            if not has_tile(res.state, sq):  # a space holding a hazard (a grave too) is skipped
                res.add(ev.HazardPlaced(rule="brutality.relic.hell-fire", kind="relentless-fire",
                                        square=sq, team=team, owner="", tokens=turns))


STEPS = {"ward": ward, "haste": haste, "ground": ground, "revive": revive,
         "remove-hazard": remove_hazard, "hell-fire": hell_fire, "steal": steal}
