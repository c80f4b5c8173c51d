"""`legal_commands`: every real choice a seat has now.

Candidates are built from the position (each unit's next hex, each load,
each pair of destroyers and target, ...) and kept only if `decide` accepts
them, so what is offered is exactly what the rules allow.  Moves are offered
one hex at a time: longer paths are the same steps in a row.

For speed (a busy 4-player position has hundreds of commands) quick sieves
drop candidates `decide` would refuse anyway, and most candidates are
checked with the very guards `decide` calls (`_Checked`), once per kind of
unit and hex where the verdict depends on no more (shots piece by piece:
each destroyer, pair and target hex once).  What is worked out for a
position is memoised with it (`board.memo`); a checked command and its
notation are built once per process (`_checked`).  `tests/test_fmp_audit.py`
checks the result against `decide` run on every candidate.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from functools import cache, lru_cache
from itertools import combinations
from typing import NamedTuple

from engine.core.context import SYSTEM, Context
from engine.core.dice import Dice
from engine.core.errors import RuleViolation

from . import board as b
from . import deployment, destroyers, movement, rules, transporters, units, weather_hen
from .commands import (
    Assault,
    Build,
    Capture,
    ChooseDeparture,
    Command,
    Deploy,
    Done,
    EndTurn,
    Fire,
    Land,
    LiftOff,
    Load,
    Move,
    Neutralise,
    RebuildTurret,
    Secure,
    Unload,
)
from .state import DEPARTURE, DEPLOYMENT, LANDING, PLAY, Planet

# Player commands never roll dice nor read the clock beyond the deadline
# check, which the system seat enforces before anyone acts.
_CTX = Context(Dice(0, 0), datetime(1970, 1, 1, tzinfo=UTC))


def legal_commands(state: Planet, seat: str) -> list[Command]:
    """Memoised with the position (`board.memo`): the engine, the bots and
    the pages ask about the same position several times."""
    memo = b.memo(state)
    found = memo.get(("legal", seat))
    if found is None:
        found = memo[("legal", seat)] = _legal(state, seat)
    return list(found)


def _legal(state: Planet, seat: str) -> list[Command]:
    if seat == SYSTEM or seat not in rules.to_act(state):
        return []
    if state.phase == LANDING:
        return sorted(_landings(state, seat), key=notation)
    elif state.phase == DEPLOYMENT:
        if not rules.deploying(state) or seat not in rules.deploying(state):
            return []
        found = _deployments(state, seat) + _stowing(state, seat) + [Done()]
    elif state.phase == DEPARTURE:
        found = [ChooseDeparture(c, choice) for c, f in sorted(state.freighters.items())
                 if f.controller == seat and f.status == "landed" and c not in state.choices
                 for choice in (rules.STAY, rules.LEAVE)]
    elif state.phase == PLAY:
        found = _actions(state, seat)
    else:
        found = []
    kept = _accepted(state, seat, found)
    return [kept[note] for note in sorted(kept)]


def notation(c: Command) -> str:
    """`c.notation()` without the dataclass machinery (the sort key of every list)."""
    words = [c.verb]
    for value in c.__dict__.values():
        if value.__class__ is tuple:
            words += value
        else:
            words.append(value if value.__class__ is str else str(value))
    return " ".join(words)


def _accepted(state: Planet, seat: str, candidates: list) -> dict[str, Command]:
    """The candidates `decide` accepts, by notation (which names a command
    exactly: the same command listed twice is kept once).  Commands whose
    verdict depends only on the kind of the unit (and on the same hexes)
    share one verdict: units of one kind leaving a Freighter or stowed in it
    (what a Freighter lays shares its verdicts in `_lays`)."""
    kept: dict[str, Command] = {}
    verdicts: dict[tuple, bool] = {}
    for command in candidates:
        if type(command) is _Checked:
            kept[command.note] = command.command
            continue
        note = notation(command)
        if note in kept:
            continue
        sig = _signature(state, command)
        ok = verdicts.get(sig) if sig is not None else None
        if ok is None:
            ok = _decided(state, seat, command)
            if sig is not None:
                verdicts[sig] = ok
        if ok:
            kept[note] = command
    return kept


def _signature(state: Planet, c: Command) -> tuple | None:
    """What the verdict on `c` depends on, when it is the same for every unit
    of a kind inside a Freighter (None: decide it on its own)."""
    if isinstance(c, Move):
        u = state.units.get(c.unit)
        if u is not None and u.inside:
            return ("exit", u.inside, _exit_class(state, u), c.path)
    elif isinstance(c, Load):
        t, x = state.units.get(c.transporter), state.units.get(c.item)
        if t is not None and x is not None and t.inside and x.inside == t.inside and not t.carrier:
            return ("stow", c.transporter, x.kind)
    return None


def _landings(state: Planet, seat: str) -> list[Command]:
    """Every landing site that passes `rules.landing_site` (static, cached) in
    a zone that `rules.zone_free` allows now."""
    found: list[Command] = []
    free: dict[str, bool] = {}
    for land, zone in _sites():
        if zone not in free:
            try:
                rules.zone_free(state, zone)
                free[zone] = True
            except RuleViolation:
                free[zone] = False
        if free[zone]:
            found.append(land)
    return found


@cache
def _sites() -> tuple[tuple[Land, str], ...]:
    sector = b.sector()
    found = []
    for h in sorted(sector.zone):
        for pods in ("a", "b"):
            placed = rules.freighter_hexes(b.grid(), str(h), pods)
            if placed is None:
                continue
            zone = rules.landing_site((placed[0], *placed[1]))
            if not isinstance(zone, RuleViolation):
                found.append((Land(str(h), pods), zone))
    return tuple(found)


def _deployments(state: Planet, seat: str) -> list[_Checked]:
    """Every deployment, decided hex by hex with the guards `deploy` uses
    (`deployment.deploy_problem`, the coast), once per kind of unit."""
    if state.freighters[seat].status != "landed":
        return []
    zone = rules.landing_zone(state, seat)
    cells = _zone_cells(zone)
    fits: dict[str, list[str]] = {}
    found: list[Command] = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.inside != seat or u.kind == "turret" or state.controller(u) != seat or u.carrier:
            continue
        if u.kind not in fits:
            fits[u.kind] = [h for h in cells if (h in _deploy_ground(zone, u.kind) or b.pontoon_at(state, h))
                            and deployment.deploy_problem(state, seat, u.kind, h) is None]
        ok = fits[u.kind]
        if u.cargo:  # a crab holding the Heap: `deploy` asks this guard too
            ok = [h for h in ok if _passes(units.check_heap_ground, state, u.kind, h, u.id)]
        if u.kind == "barge":
            free = set(ok)
            found += [_checked(Deploy, u.id, (a, c)) for a in ok for c in b.near(a) if c in free and a < c
                      and (deployment.on_coast(zone, a) or deployment.on_coast(zone, c))]
        elif u.kind in b.MARINE or u.kind == "pontoon":
            found += [_checked(Deploy, u.id, (h,)) for h in ok if deployment.on_coast(zone, h)]
        else:
            found += [_checked(Deploy, u.id, (h,)) for h in ok]
    return found


def _exit_class(state: Planet, u) -> str:
    """Units that leave a Freighter under the same checks: terrain units but
    the Heap (mountains) and tanks (mountain pairs) share one class."""
    if u.kind not in ("crab", "weatherhen", "heap"):
        return u.kind
    return "heap" if units.carries_heap(state, u) else "land"


@cache
def _deploy_ground(zone: str, kind: str) -> frozenset[str]:
    """The zone's hexes where a `kind` may stand at normal tide without a
    pontoon (the tide of turn 2): a static sieve before `deploy_problem`."""
    return frozenset(h for h in _zone_cells(zone) if kind == "pontoon" or b.can_use(kind, h, b.NORMAL))


@cache
def _zone_cells(zone: str) -> tuple[str, ...]:
    return tuple(sorted(str(h) for h in b.sector().zone_hexes[zone]))


def _stowing(state: Planet, seat: str) -> list[Command]:
    """Loading inside a Freighter the seat controls (free of cost)."""
    found: list[Command] = []
    for t in state.units.values():
        if t.inside and t.kind in transporters.CAPACITY and state.controller(t) == seat \
                and state.freighters[t.inside].status == "landed":
            found += [Load(t.id, x.id) for x in state.units.values()
                      if x.inside == t.inside and x.id != t.id and x.kind != "turret"]
            found += [Unload(t.id, item, state.freighters[t.inside].centre) for item in sorted(set(t.cargo))]
    return sorted(found, key=lambda c: c.notation())


def _freighter_cargo(state: Planet, seat: str) -> list[Command]:
    """The Freighter as a transporter: in from next to a pod, out onto such a hex."""
    found: list[Command] = []
    occ = b.occupants(state)
    for c, f in sorted(state.freighters.items()):
        if f.controller != seat or f.status != "landed":
            continue
        around = _near(f.pods)
        for h in around:
            if h in state.ore:
                found.append(Load(c, h))
            found += [Load(c, uid) for uid in occ.get(h, ()) if uid]
        drops = [h for h in around if _droppable(state, seat, h)]
        aboard = [u for u in sorted(state.units.values(), key=lambda u: u.id)
                  if u.inside == c and u.kind in ("pontoon", "tank", "heap", "crab", "weatherhen")]
        found += _lays(state, seat, c, aboard, drops)
    return found


def _lays(state: Planet, seat: str, colour: str, aboard: list, drops: list[str]) -> list[Command]:
    """The Freighter laying what it holds on the hexes next to its pods, with
    the guard `decide` uses (`transporters.check_lay`) asked for one unit of each
    class per hex (`_lay_classes`): the others of the class share its verdict.
    The rest of what `decide` checks holds here: the seat's turn in play, no
    evacuation (`_actions`), the seat's landed Freighter and what it holds
    (`_freighter_cargo`), hexes named as the map names them (`b.near`)."""
    f = state.freighters[colour]
    onto = {h: b.standing_at(state, h) is not None for h in drops}
    verdicts: dict[tuple[str, str], bool] = {}
    found: list[Command] = []
    for u in aboard:
        classes = _lay_classes(state, u)
        for h in drops:
            key = (classes[onto[h]], h)
            ok = verdicts.get(key)
            if ok is None:
                ok = verdicts[key] = _passes(transporters.check_lay, state, seat, f, u, h)
            if ok:
                found.append(_checked(Unload, colour, u.id, h))
    return found


def _lay_classes(state: Planet, u) -> tuple[str, str]:
    """Units a Freighter lays under the same checks, (on the ground, onto a
    transporter): onto a transporter its room counts (the kind); on the
    ground a tank (its mountain pairs) and a pontoon (its support) are
    checked as such, the others as they leave a Freighter (`_exit_class`)."""
    if u.kind in ("tank", "pontoon"):
        return u.kind, u.kind
    return _exit_class(state, u), u.kind


def _decided(state: Planet, seat: str, command: Command) -> bool:
    """Does `decide` accept the command?  (Its names are the rules' own:
    `rules.judge` is `decide` without the spelling of names.)"""
    try:
        rules.judge(state, seat, command, _CTX)
    except RuleViolation:
        return False
    return True


def _droppable(state: Planet, seat: str, h: str) -> bool:
    """A quick sieve for putting a unit down on `h` (laid, unloaded, or a step
    out of a Freighter): never on ore, a Freighter or a hex under unfavourable
    fire, nor on a unit but one of the seat's transporters.  `decide` has the
    final word on what passes."""
    if h in state.ore or h in b.freighter_hexes(state) or b.under_fire(state, h, seat):
        return False
    other = b.standing_at(state, h)
    return other is None or (other.kind in transporters.CAPACITY and state.controller(other) == seat)


def _actions(state: Planet, seat: str) -> list[Command]:
    if state.evacuation:  # a captured Freighter's units leave enemy fire first
        return [Secure()] + [c for uid in state.evacuation for c in _steps(state, state.units[uid])]
    found: list = [_checked(EndTurn)]  # a turn can always end (the evacuation aside, above)
    if state.ap <= 0:
        return found
    mine = [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if state.controller(u) == seat and not u.abandoned]
    for u in mine:
        found += _steps(state, u)
        if u.kind in transporters.CAPACITY and u.at and _handles(state, u):
            found += _loads(state, u) + _unloads(state, u)
        if u.kind == "crab" and u.carrier:  # on a barge: rearranging is free
            barge = state.units[u.carrier]
            found += [Load(u.id, x) for x in sorted(set(barge.cargo)) if x != u.id]
            found += [Unload(u.id, x, barge.at) for x in sorted(set(u.cargo)) if barge.at]
        if u.kind == "weatherhen" and u.at and u.cargo and _handles(state, u):
            found += _builds(state, seat, u)
    found += _fires(state, seat) + _captures(state, seat) + _assaults(state, seat)
    found += _neutralisations(state, seat) + _stowing(state, seat) + _freighter_cargo(state, seat)
    found += [RebuildTurret(c, pod) for c in sorted(state.taken) for pod in state.freighters[c].pods]
    if state.turn == rules.LAST_TURN:
        found += [LiftOff(c) for c, f in sorted(state.freighters.items())
                  if f.controller == seat and f.status == "landed"]
    return found


def _builds(state: Planet, seat: str, hen) -> list[Command]:
    """What a Weather Hen may build and where, with the guards of
    `weather_hen.build`: the Hen and the kind once (`check_builder`), then each
    hex around it (`check_build_at`); the seat's turn in play is `_actions`'."""
    found: list[Command] = []
    for kind in weather_hen.BUILDABLE:
        if _passes(weather_hen.check_builder, state, seat, hen.id, kind):
            found += [_checked(Build, hen.id, kind, h) for h in _near((hen.at,))
                      if _passes(weather_hen.check_build_at, state, seat, hen, kind, h)]
    return found


def _near(hexes) -> list[str]:
    return sorted({n for h in hexes if h for n in b.near(h)} - set(hexes))


def _steps(state: Planet, u) -> list[Command]:
    if u.kind not in movement.MOVABLE or u.carrier:
        return []
    if u.inside:
        f = state.freighters[u.inside]
        if f.status != "landed":
            return []
        exits = _exits(state, f)
        if u.kind == "barge":
            return _barge_exits(state, u, f, exits)
        return [_checked(Move, u.id, (h,)) for h in _ways_out(state, u, f, exits)]
    if b.is_stuck(state, u):  # the tide holds it: it does nothing
        return []
    seat, fh = state.controller(u), b.freighter_hexes(state)
    near = _open_near(state, seat, u, fh)
    if u.id in state.neutralised or u.id in state.holding or state.evacuation:
        return [Move(u.id, (h,)) for h in near]  # a retreat, a holder, an evacuation: decide judges
    found = [Move(u.id, (h,)) if h in fh else _checked(Move, u.id, (h,)) for h in near
             if h in fh or _steps_on(state, seat, u, h)]
    if u.kind == "barge":  # a hex touching both ends: it may also swing the front around the back
        found += [_checked(Move, u.id, (u.tail, h)) for h in near if h not in fh
                  and units.adjacent(u.tail, h) and units.adjacent(u.at, h) and _steps_on(state, seat, u, h)]
    return found


def _open_near(state: Planet, seat: str, u, fh: dict[str, str]) -> list[str]:
    """A quick sieve of the hexes around a unit on the map (`decide` has the
    final word on each): a Freighter's hex (a pod may be a way in), or a hex
    free of ore and of other units, out of unfavourable fire, whose ground
    could carry the unit at some tide (a pontoon: terrain units only).  The
    position's tables are read once here rather than once per hex: every
    unit asks about six to ten."""
    ore, standing, pontoons = state.ore, b.standing_table(state), b.pontoon_table(state)
    hot, kind, marine = b.fire_zone(state, seat), u.kind, u.kind in b.MARINE
    found = []
    for h in _near((u.at, u.tail)):
        if h in ore:
            continue
        if h in fh:
            found.append(h)
            continue
        other = standing.get(h)
        if (other is not None and other.id != u.id) or h in hot:
            continue
        if (not marine) if h in pontoons else b.sometimes_usable(kind, h):
            found.append(h)
    return found


def _steps_on(state: Planet, seat: str, u, h: str) -> bool:
    """One hex on the map for a free unit of `seat` (not neutralised, holding
    nothing, not entering a Freighter; or leaving one through a pod), with
    the checks of `movement.move`: the step (`check_step`, a voluntary
    stranding allowed) and a tank's mountain pairs; the point it costs is
    there (`_actions` asks only with points left)."""
    try:
        movement.check_step(state, seat, u, h, b.tide_now(state), last=True)
        if u.kind == "tank":
            units.check_mountain_pair(state, seat, u.id, h)
    except RuleViolation:
        return False
    return True


def _exits(state: Planet, f) -> list[str]:
    """The free hexes next to a Freighter's pods that a unit could step out
    onto (a sieve, memoised with the position: every unit aboard asks)."""
    memo = b.memo(state)
    found = memo.get(("exits", f.colour))
    if found is None:
        found = memo[("exits", f.colour)] = [
            h for h in _near(f.pods)
            if _droppable(state, f.controller, h) and b.standing_at(state, h) is None]
    return found


def _ways_out(state: Planet, u, f, exits: list[str]) -> list[str]:
    """The hexes next to a pod (`exits`) that `u` may step out of Freighter
    `f` onto: one-hex steps for its controller (`_steps_on`), listed once
    per `_exit_class` (memoised with the position: every unit aboard asks).
    `check_step` reads a unit aboard only for its kind and whether it
    carries the Heap; its mountain pairs count tanks on the map only."""
    memo = b.memo(state)
    key = ("out", f.colour, _exit_class(state, u))
    found = memo.get(key)
    if found is None:
        found = memo[key] = [h for h in exits if _steps_on(state, f.controller, u, h)]
    return found


def _barge_exits(state: Planet, u, f, exits: list[str]) -> list[Command]:
    """A barge leaves its Freighter onto two touching hexes, the first next to
    a pod, each passing the same step check as `movement._leave_freighter`
    (its commands are exact: `_accepted` keeps them as they are)."""
    tide, seat = b.tide_now(state), f.controller
    ok: dict[str, bool] = {}

    def fits(h: str) -> bool:
        if h not in ok:
            try:
                movement.check_step(state, seat, u, h, tide, last=False)
                ok[h] = True
            except RuleViolation:
                ok[h] = False
        return ok[h]

    pods = set(f.hexes)
    return [_checked(Move, u.id, (a, c)) for a in exits if a not in pods and fits(a)
            for c in b.near(a) if c != a and fits(c)]


class _Checked(NamedTuple):
    """A command already checked in full with the guards `decide` uses (kept
    by `_accepted` as it is), with its notation."""

    command: Command
    note: str


@lru_cache(maxsize=1 << 14)
def _checked(cls, *args) -> _Checked:
    """A checked command, built once per process: commands are values, and a
    busy position lists hundreds (300 for a Freighter full of tanks), most of
    them listed again at the next position; building each and writing out
    its notation was a third of the time of such a position."""
    c = cls(*args)
    return _Checked(c, notation(c))


def _loads(state: Planet, t) -> list[Command]:
    """Ore and units next to the transporter that it could take: a sieve
    (its kind may carry them, they are the seat's or a pontoon, not under
    unfavourable fire); `decide` has the final word."""
    seat, carries = state.controller(t), transporters.CARRIES[t.kind]
    found: list[Command] = []
    occ = b.occupants(state)
    for h in _near((t.at, t.tail)):
        if b.under_fire(state, h, seat):
            continue
        if h in state.ore:
            found.append(Load(t.id, h))
        for uid in occ.get(h, ()):
            x = state.units[uid]
            if x.kind in carries and (x.kind == "pontoon" or state.controller(x) == seat):
                found.append(Load(t.id, uid))
    return found


def _unloads(state: Planet, t) -> list[Command]:
    items = sorted(set(t.cargo))
    return [Unload(t.id, item, h) for item in items for h in _near((t.at, t.tail))]


def _handles(state: Planet, t) -> bool:
    """May this transporter on the map load or unload now?  The guard every
    load, unload and build asks first (`transporters.transporter`: operational,
    and a Weather Hen out of unfavourable fire), once per transporter."""
    return _passes(transporters.transporter, state, state.controller(t), t.id)


def _fires(state: Planet, seat: str) -> list[Command]:
    """Every shot, with the guards of `destroyers.fire` (`check_fire`; its
    consequences never refuse) asked piece by piece: the points once, each
    destroyer once (`check_shooter`), each pair once (`_pair`), each hex
    once (`check_target`); what is left is the range, `in_range`'s reach."""
    if not _passes(units.require_ap, state, 2, "firing"):
        return []
    ready = [d for d in b.destroyers(state, seat) if _passes(destroyers.check_shooter, state, seat, d)]
    if len(ready) < 2:
        return []
    seen = set()  # a sieve: something to destroy there (ore, a pontoon, another seat's unit)
    for u in state.units.values():
        if u.at and (u.kind == "pontoon" or state.controller(u) != seat):
            seen.add(u.at)
            if u.tail:
                seen.add(u.tail)
    reach = {d.id: b.reach(state, d) for d in ready}
    zone = frozenset().union(*reach.values())
    ore = state.ore
    targets = {h for h in zone if (h in seen or h in ore) and _passes(destroyers.check_target, state, seat, h)}
    aim = {d.id: reach[d.id] & targets for d in ready}  # most destroyers have nothing in range
    armed = [d for d in ready if aim[d.id]]
    found: list[Command] = []
    for d1, d2 in combinations(armed, 2):
        both = aim[d1.id] & aim[d2.id]
        if both and _passes(destroyers.pair, state, seat, d1.id, d2.id):
            found += [_checked(Fire, d1.id, d2.id, h) for h in both]
    return found


def _passes(guard, *args) -> bool:
    """Does this guard of `decide` let the command through?"""
    try:
        guard(*args)
    except RuleViolation:
        return False
    return True


def _assaults(state: Planet, seat: str) -> list[Command]:
    """The Theory of the Second Unit, one hex into a fire zone: one shot at
    each defender it can reach with each partner, or two shots at two
    defenders (with the first partner able to reach each)."""
    if state.ap < 3:
        return []
    # Each may fire once more: the guard of a shot, as the assault's own second unit asks it.
    ready = [d for d in b.destroyers(state, seat) if _passes(destroyers.check_shooter, state, seat, d, d.id)]
    enemies = [x for other in state.seats if other != seat for x in b.destroyers(state, other)]
    reach = {p.id: b.reach(state, p) for p in ready}
    hot = b.fire_zone(state, seat)
    found: list[Command] = []
    for d in ready:
        if d.kind == "turret":
            continue
        for h in _near((d.at,)):
            if h not in hot:
                continue
            mine = b.reach(state, replace(d, at=h, tail=""))
            targets = sorted({x.at for x in enemies if h in b.reach(state, x) and x.at in mine})
            partners = {t: [p.id for p in ready if p.id != d.id and t in reach[p.id]] for t in targets}
            found += [Assault(d.id, (h, "fire", p, t)) for t in targets for p in partners[t]]
            if state.shots.get(d.id, 0) == 0:
                found += [Assault(d.id, (h, "fire", partners[t1][0], t1, partners[t2][0], t2))
                          for t1, t2 in combinations(targets, 2) if partners[t1] and partners[t2]]
    return found


def _neutralisations(state: Planet, seat: str) -> list[Command]:
    """Pairs of the seat's destroyers that may fire (`destroyers.neutralise`
    checks it) reaching either hex of an enemy unit; `decide` has the final word."""
    ready = [(d, b.reach(state, d)) for d in b.destroyers(state, seat)
             if _passes(destroyers.may_shoot, state, seat, d)]
    if len(ready) < 2:
        return []
    covered = frozenset().union(*(zone for _, zone in ready))  # a sieve: most units stand beyond
    found: list[Command] = []
    for x in state.units.values():
        if not x.at or (x.at not in covered and x.tail not in covered) \
                or x.kind in ("pontoon", "turret") or x.id in state.neutralised or state.controller(x) == seat:
            continue
        near = [d for d, zone in ready if x.at in zone or (x.tail and x.tail in zone)]
        found += [Neutralise(d1.id, d2.id, x.id) for d1, d2 in combinations(near, 2)]
    return found


def _captures(state: Planet, seat: str) -> list[Command]:
    ready = b.destroyers(state, seat)
    found: list[Command] = []
    if len(ready) < 2:
        return []
    touched = {n for d in ready for n in b.near(d.at)}  # a sieve: most units touch none
    for x in state.units.values():
        if not x.at or (x.at not in touched and x.tail not in touched) \
                or x.kind in ("pontoon", "turret") or state.controller(x) == seat:
            continue
        around = {n for h in (x.at, x.tail) if h for n in b.near(h)}
        near = [d for d in ready if d.at in around]
        found += [Capture(d1.id, d2.id, x.id) for d1, d2 in combinations(near, 2)]
    return found
