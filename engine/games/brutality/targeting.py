"""Who or what an ability, artifact or card may aim at, and the effects it
sends down the resolution, as steps (see effects.py).
"""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .board import (
    HAZARDS,
    away_from,
    board_grid,
    footprint,
    has_tile,
    in_sight,
    occupants,
    parse,
    reach,
)
from .state import Battle, Hero


def targets(state: Battle, h: Hero, action: dict, ability: bool = False) -> dict[str, str]:
    """{target word: reason it is refused, or "" when it may be chosen} for an
    ability (`ability`) or artifact of `h`: hero ids, spaces, or "" for none.
    An enemy's ability may aim at a buried hero, at the gravestone's space
    ("Gravestones: Persistent Effect")."""
    kind = action["target"]
    if kind == "self":
        return {"": ""}
    if not h.on_board:
        return {}
    area = reach(state, h, action["range"])
    found: dict[str, str] = {}
    if kind in ("enemy", "friend"):
        for other_hero in state.heroes.values():
            friendly = other_hero.team == h.team
            if other_hero.id == h.id or friendly != (kind == "friend") or other_hero.dead:
                continue
            if other_hero.buried and (not ability or friendly):
                continue  # only an enemy's ability reaches into a grave
            cover = (other_hero.square,) if other_hero.buried else footprint(state, other_hero)
            spots = [s for s in cover if s in area]
            if spots and other_hero.buried and "hang" in action["effects"]:
                found[other_hero.id] = "buried"  # a buried hero cannot be hung
            elif spots:
                own = footprint(state, h) + cover  # a tank never hides itself
                seen = any(_seen_from(state, h, s, own) for s in spots)
                found[other_hero.id] = "" if seen else "sight"
    elif kind == "empty":
        taken = occupants(state)
        for s in area:
            if s in taken:
                continue
            if has_tile(state, s):  # hazards never stack (a gravestone is a hazard)
                found[s] = "tile"
            else:
                found[s] = "" if _seen_from(state, h, s) else "sight"
    elif kind == "line":
        found.update({s: "" for s in _lines(state, h, area)})
    elif kind == "tile":
        for s in area:
            hazard = state.hazards.get(s)
            if hazard and HAZARDS[hazard.kind].get("knockable"):
                found[s] = "" if _seen_from(state, h, s) else "sight"
    return found


def _seen_from(state: Battle, h: Hero, target: str, ignore: tuple[str, ...] = ()) -> bool:
    """"Line of Sight" is traced from the centre of the user's space: a two-space
    user has two, and a clear line from either will do (its own other half never
    blocks it)."""
    own = footprint(state, h)
    return any(in_sight(state, origin, target, own + ignore) for origin in own)


def _lines(state: Battle, h: Hero, area: dict[str, str]) -> dict[str, int]:
    """The far end of each straight line of the range from the hero, with its length."""
    here = parse(state, h.square)
    ends: dict[object, tuple[int, str]] = {}
    for s in area:
        sq = parse(state, s)
        d = board_grid(state).direction_between(here, sq)
        n = max(abs(sq.col - here.col), abs(sq.row - here.row))
        if d is None or any(str(board_grid(state).step(here, d, i)) not in area
                            for i in range(1, n)):
            continue
        if d not in ends or ends[d][0] < n:
            ends[d] = (n, s)
    return {s: n for n, s in ends.values()}


def _target_word(cmd_target: tuple[str, ...], kind: str) -> str:
    if kind == "self":
        if cmd_target:
            raise RuleViolation("brutality.effect.target", "this takes no target")
        return ""
    if len(cmd_target) != 1:
        raise RuleViolation("brutality.effect.target", "name one target (a hero or a space)")
    return cmd_target[0]


def check_target(state: Battle, h: Hero, action: dict, cmd_target: tuple[str, ...],
                 ability: bool = False) -> str:
    word = _target_word(cmd_target, action["target"])
    allowed = targets(state, h, action, ability)
    if word not in allowed:
        raise RuleViolation("brutality.effect.range", f"{word or 'that'} is not a target in range")
    if allowed[word] == "buried":
        raise RuleViolation("brutality.bury.targeted", f"{word} is buried and cannot be hung")
    if allowed[word] == "tile":
        raise RuleViolation("brutality.hazard.no-stacking", f"{word} already holds a hazard tile")
    if allowed[word] == "sight":
        raise RuleViolation("brutality.sight.blocked", f"{h.id} has no line of sight to {word}")
    return word


def effect_steps(state: Battle, user: Hero, action: dict, word: str) -> list[tuple]:
    """The queued steps of an ability or artifact on its target."""
    kind = action["target"]
    target = user.id if kind in ("self", "empty", "line") else word
    steps: list[tuple] = []
    for effect in action["effects"]:
        name, *args = effect.split()
        n = int(args[0]) if args and args[0].isdigit() else 0
        if name == "summon":
            steps.append(("summon", args[0], word, user.team, user.id))
        elif kind == "tile" and name == "knockback":
            steps.append(("knock-tile", word, away_from(state, user, word).name, n))
        elif name in ("knockback", "pull"):
            d = away_from(state, user, state.heroes[target])
            d = d if name == "knockback" else d.opposite
            steps.append(("knockback", target, d.name, n, user.team, "direct"))
        elif name == "bury-path":
            here, end = parse(state, user.square), parse(state, word)
            d = board_grid(state).direction_between(here, end)
            steps.append(("bury-path", user.id, d.name,
                          max(abs(end.col - here.col), abs(end.row - here.row))))
        else:
            steps.append(_SIMPLE[name](target, n))
    return steps


_SIMPLE = {
    "damage": lambda t, n: ("damage", t, n, "brutality.effect.damage"),
    "heal": lambda t, n: ("heal", t, n, "brutality.effect.heal"),
    "bleed": lambda t, n: ("bleed", t, n, "brutality.status.bleed"),
    "hang": lambda t, n: ("hang", t, "brutality.status.noose"),
    "cleanse": lambda t, n: ("cleanse", t, "brutality.effect.cleanse"),
}
