"""The rules of a mission: whose turn it is, `decide`, and the system seat.

Every check is a small guard raising `RuleViolation` with a rule id of
`rulebook.py`; every fact carries the rule that produced it.  The actions
of a turn live in their rulebook sections' modules (`deployment`,
`movement`, `transporters`, `weather_hen`, `destroyers`, `assault`,
`freighter`); the landing, the tide phase, the turn sequence and the
mission's end here.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from functools import cache

from engine.core.context import SYSTEM, Context, as_utc
from engine.core.errors import RuleViolation
from engine.core.events import Event, SecretRevealed
from engine.core.prompts import Prompt
from engine.kit.deck import shuffled
from engine.kit.hexgrid import HexDirection, HexGrid
from engine.kit.resolution import Resolution

from . import assault, deployment, destroyers, freighter, movement, names, transporters, weather_hen
from . import board as b
from . import events as ev
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
    StartClock,
    TidePhase,
    TimeUp,
    Unload,
)
from .setup import SET_ASIDE, TIDE_CARDS
from .state import DEPARTURE, DEPLOYMENT, LANDING, OVER, PLAY, Planet, evolve

PODS = {"a": (HexDirection.N, HexDirection.SE, HexDirection.SW),
        "b": (HexDirection.NE, HexDirection.S, HexDirection.NW)}
DEPARTURE_TURN, LAST_TURN = 21, 25
STAY, LEAVE = "stay", "leave"


# ---- whose turn, and the end ---------------------------------------------------------------
def to_act(state: Planet) -> tuple[str, ...]:
    if state.phase == OVER:
        return ()
    if state.phase == DEPARTURE:
        return tuple(s for s in state.order if _undecided(state, s))
    if _clock_due(state):
        return (SYSTEM,)
    if state.phase == DEPLOYMENT:
        return deploying(state) or (SYSTEM,)
    if state.active:
        return (state.active,)
    return (SYSTEM,) if state.phase == PLAY else ()


def prompts(state: Planet) -> tuple[Prompt, ...]:
    """The questions a seat answers before the mission goes on: turn 21's
    secret hand, and what to do with a Freighter's units under enemy fire
    right after taking it."""
    if state.phase == DEPARTURE:
        return tuple(Prompt(seat=s, rule="fmp.departure.secret",
                            question="Turn 21, in secret: does your Freighter stay until turn 25, or leave now "
                                     "with what it holds?")
                     for s in to_act(state))
    if state.phase == PLAY and state.evacuation and state.active:
        return (Prompt(seat=state.active, rule="fmp.freighter.evacuate",
                       question=f"The Freighter is yours: where do its units under enemy fire "
                                f"({', '.join(state.evacuation)}) go? Each that can get out must; then "
                                f"secure it, and those left are neutralised."),)
    return ()


def deploying(state: Planet) -> tuple[str, ...]:
    """Turn 2: the players still deploying, all at once (landing order)."""
    return tuple(s for s in state.order if s not in state.done and state.freighters[s].status == "landed")


def _clock_due(state: Planet) -> bool:
    """With the timer on, a landing or the deployment waits for its three minutes to start."""
    if not state.timer or state.deadline:
        return False
    return (state.phase == LANDING and bool(state.active)) or \
        (state.phase == DEPLOYMENT and bool(deploying(state)))


def turn(state: Planet) -> int:
    return state.turn


def outcome(state: Planet) -> str | None:
    if state.phase != OVER:
        return None
    scores = ", ".join(f"{seat} {points}" for seat, points in state.scores)
    return f"{state.winner} wins ({scores})" if state.winner else f"a tie ({scores})"


def system_command(state: Planet, now: datetime) -> Command | None:
    """The tide phase between turns; the end of a turn whose time is up."""
    if state.phase == OVER:
        return None
    timed = state.active or (state.phase == DEPLOYMENT and deploying(state))
    if timed and state.deadline and as_utc(now) > _time(state.deadline):
        return TimeUp()
    if _clock_due(state):
        return StartClock()
    if state.phase == DEPLOYMENT and not deploying(state):
        return TidePhase()
    if not state.active and state.phase == PLAY:
        return TidePhase()
    return None


def clock(state: Planet, now: datetime) -> dict[str, str] | None:
    """The three minutes running now, for the play page's countdown: whose
    they are and what happens when they run out ("Time"); None without a
    deadline (the timer off, or a landing or deployment whose clock the
    system seat has not started yet)."""
    if not state.deadline or state.phase == OVER:
        return None
    if state.phase == DEPLOYMENT:
        seats = deploying(state)
        return {"seat": ", ".join(seats), "deadline": state.deadline,
                "then": "the deployment ends: what is not deployed stays aboard"} if seats else None
    if not state.active:
        return None
    then = "the Freighter stays in orbit" if state.phase == LANDING else "the turn ends"
    return {"seat": state.active, "deadline": state.deadline, "then": then}


def _time(iso: str) -> datetime:
    return as_utc(datetime.fromisoformat(iso))


# ---- deciding ------------------------------------------------------------------------------
def decide(state: Planet, seat: str, command: Command, ctx: Context) -> list[Event]:
    """The facts of `command`, its names spelled as the rules spell them
    (`names.canonical`); a refusal of a word that names nothing says which
    names would have been accepted."""
    command, unknown = names.canonical(state, seat, command)
    try:
        return judge(state, seat, command, ctx)
    except RuleViolation as e:
        if unknown:
            raise RuleViolation(e.rule, f"{e.reason} ({names.refusal_hint(state, seat, unknown)})") from None
        raise


def judge(state: Planet, seat: str, command: Command, ctx: Context) -> list[Event]:
    """`decide` for a command whose names are the rules' own (what
    `legal_commands` builds: it asks this directly)."""
    if state.phase == OVER:
        raise RuleViolation("core.game-over", "the mission is over")
    match command:
        case TidePhase() | TimeUp() | StartClock():
            _require_system(seat)
            if isinstance(command, TimeUp):
                return _time_up(state, ctx)
            if isinstance(command, StartClock):
                return _start_clock(state, ctx)
            if state.phase == DEPLOYMENT and deploying(state):
                raise RuleViolation("fmp.deploy.done", "players are still deploying: "
                                                      + ", ".join(deploying(state)))
            return _tide_phase(state, ctx)
        case ChooseDeparture(colour, choice):
            return _choose(state, seat, colour, choice, ctx)
        case Land(centre, pods):
            _require_phase(state, seat, LANDING)
            _require_time(state, ctx)
            return _land(state, seat, centre, pods)
        case Deploy(unit, hexes):
            _require_phase(state, seat, DEPLOYMENT)
            _require_time(state, ctx)
            return deployment.deploy(state, seat, unit, hexes)
        case Load(transporter, item) if state.phase == DEPLOYMENT:
            _require_phase(state, seat, DEPLOYMENT)
            _require_time(state, ctx)
            return deployment.stow_for_deployment(state, seat, transporter, item)
        case Done():
            _require_phase(state, seat, DEPLOYMENT)
            _require_time(state, ctx)
            return [ev.DeploymentFinished(rule="fmp.deploy.done", seat=seat)]
    _require_phase(state, seat, PLAY)
    _require_time(state, ctx)
    if state.evacuation and not isinstance(command, Secure):
        movement.require_evacuation(state, command.unit if isinstance(command, Move) else None)
    match command:
        case Secure():
            return movement.secure(state, seat)
        case Move(unit, path):
            return movement.move(state, seat, unit, path)
        case Load(transporter, item):
            return transporters.load(state, seat, transporter, item)
        case Unload(transporter, item, to):
            return transporters.unload(state, seat, transporter, item, to)
        case Build(hen, kind, to):
            return weather_hen.build(state, seat, hen, kind, to)
        case Fire(first, second, target):
            return destroyers.fire(state, seat, first, second, target)
        case Capture(first, second, target):
            return destroyers.capture(state, seat, first, second, target)
        case Neutralise(first, second, target):
            return destroyers.neutralise(state, seat, first, second, target)
        case Assault(unit, words):
            return assault.assault(state, seat, unit, words)
        case RebuildTurret(colour, pod):
            return freighter.rebuild_turret(state, seat, colour, pod)
        case EndTurn():
            return _end_turn(state, seat, ctx)
        case LiftOff(colour):
            return _lift_off(state, seat, colour, ctx)
    raise RuleViolation("core.notation", f"fmp has no command {command.verb!r}")


def _require_system(seat: str) -> None:
    if seat != SYSTEM:
        raise RuleViolation("core.system", "only the system seat runs the tide phase and the timer")


def _require_phase(state: Planet, seat: str, phase: str) -> None:
    if state.phase != phase:
        raise RuleViolation("fmp.turn.phase", f"that is not done now: the mission is in its {state.phase} phase")
    if phase == DEPLOYMENT:
        if seat not in deploying(state):
            raise RuleViolation("core.turn", f"{seat} is not deploying (done, or no Freighter landed)")
        return
    if seat != state.active:
        raise RuleViolation("core.turn", f"it is {state.active or 'nobody'}'s turn, not {seat}'s")


def _require_time(state: Planet, ctx: Context) -> None:
    if state.deadline and as_utc(ctx.now) > _time(state.deadline):
        whose = f"{state.active}'s turn" if state.active else "the deployment"
        raise RuleViolation("fmp.time.over", f"the three minutes of {whose} ran out "
                                             f"at {state.deadline}: no further action")


def _start_clock(state: Planet, ctx: Context) -> list[Event]:
    """Turn 1: each lander's three minutes; turn 2: three minutes for all."""
    if not _clock_due(state):
        raise RuleViolation("fmp.time.limit", "no landing or deployment waits for its clock")
    deadline = (as_utc(ctx.now) + timedelta(seconds=state.timer)).isoformat()
    rule = "fmp.time.landing" if state.phase == LANDING else "fmp.time.deployment"
    return [ev.TimerStarted(rule=rule, seat=state.active, deadline=deadline)]


# ---- turn 1: landing -----------------------------------------------------------------------
def freighter_hexes(grid: HexGrid, centre: str, pods: str) -> tuple[str, tuple[str, ...]] | None:
    """The bubble and pods of a Freighter set down on `centre`, or None off the map."""
    try:
        c = grid.parse(centre)
    except ValueError:
        return None
    around = [grid.neighbour(c, d) for d in PODS.get(pods, ())]
    if len(around) != 3 or None in around:
        return None
    return str(c), tuple(str(h) for h in around)


def _land(state: Planet, seat: str, centre: str, pods: str) -> list[Event]:
    sector = b.sector()
    if pods not in PODS:
        raise RuleViolation("fmp.landing.pods", f"pods {pods!r}: 'a' (N, SE, SW) or 'b' (NE, S, NW)")
    placed = freighter_hexes(sector.grid, centre, pods)
    if placed is None:
        raise RuleViolation("fmp.landing.edge", f"a Freighter on {centre} would not fit on the map")
    hexes = (placed[0], *placed[1])
    _check_landing(state, hexes)
    facts: list[Event] = [ev.FreighterLanded(rule="fmp.landing.land", colour=seat,
                                             centre=placed[0], pods=placed[1])]
    if seat == state.order[-1]:
        facts.append(ev.TurnBegan(rule="fmp.turn.deployment", turn=2))
    return facts


def _check_landing(state: Planet, hexes: tuple[str, ...]) -> None:
    found = landing_site(hexes)
    if isinstance(found, RuleViolation):
        raise found
    zone_free(state, found)


@cache
def landing_site(hexes: tuple[str, ...]) -> str | RuleViolation:
    """The landing zone of a Freighter on these four hexes, or why it cannot
    land there whoever else has landed (edge, terrain, one zone)."""
    sector, g = b.sector(), b.grid()
    cells = [b.hex_of(h) for h in hexes]
    if any(c.col in (0, g.cols - 1) or c.row in (0, g.rows - 1) for c in cells):
        return RuleViolation("fmp.landing.edge", "leave at least one hex of passage at the map's edge")
    bad = [h for h in hexes if b.terrain(h) not in ("plain", "swamp")]
    if bad:
        return RuleViolation("fmp.landing.terrain", f"a Freighter lands on plain or swamp only, not {bad[0]} "
                                                    f"({b.terrain(bad[0])})")
    zones = {sector.zone.get(c) for c in cells}
    if len(zones) != 1 or None in zones:
        return RuleViolation("fmp.landing.zone", "all four hexes must lie inside one landing zone")
    return zones.pop()


def zone_free(state: Planet, zone: str) -> None:
    """No Freighter landed in this zone or in a zone next to it."""
    sector = b.sector()
    for other in state.freighters.values():
        if other.status != "landed":
            continue
        theirs = sector.zone[b.hex_of(other.centre)]
        if theirs == zone or sector.zones_adjacent(zone, theirs):
            raise RuleViolation("fmp.landing.adjacent-zones",
                                f"zone {zone} is {'taken' if theirs == zone else 'next to'} zone {theirs} "
                                f"of the {other.colour} Freighter")


def landing_zone(state: Planet, colour: str) -> str:
    return b.sector().zone[b.hex_of(state.freighters[colour].centre)]


# ---- the tide phase (system) -----------------------------------------------------------------
def _tide_phase(state: Planet, ctx: Context) -> list[Event]:
    """Start the next turn: (turn 3) draw the first player, turn the tide card
    with its consequences, reshuffle when the pile is empty, show forecasts,
    then hand over to the first player (or to the turn-21 choice)."""
    turn = state.turn + 1
    res = Resolution(state, evolve)
    res.add(ev.TurnBegan(rule="fmp.turn.begin", turn=turn))
    if turn == 3:
        res.add(ev.PlayOrderDrawn(rule="fmp.turn.order", order=_play_order(state, ctx)))
    res.add(*_turn_tide(res.state, turn, ctx))
    res.add(*_forecasts(res.state))
    if turn == DEPARTURE_TURN:
        res.add(ev.DeparturesCalled(rule="fmp.departure.secret", freighters=_landed(res.state)))
    else:
        res.add(*_next_player(res.state, "", ctx))
    return res.facts


def _play_order(state: Planet, ctx: Context) -> tuple[str, ...]:
    """Clockwise around the map from the Freighters' positions, starting
    with the player drawn by lot."""
    g = b.grid()
    width, height = g.pixel_bounds(1.0)

    def angle(seat: str) -> float:
        x, y = g.center(b.hex_of(state.freighters[seat].centre), 1.0)
        return math.atan2(y - height / 2, x - width / 2)  # y grows downwards: clockwise

    ring = sorted((s for s in state.seats if state.freighters[s].status == "landed"), key=angle)
    first = ctx.dice.choice(ring)
    i = ring.index(first)
    return tuple(ring[i:] + ring[:i])


def _turn_tide(state: Planet, turn: int, ctx: Context) -> list[Event]:
    old, new = b.tide_now(state), state.future[0]
    before = {u.id for u in state.units.values() if b.is_stuck(state, u)}
    doomed = b.unsupported_pontoons(state, new)
    on_them = tuple(sorted(uid for p in doomed for uid in b.occupants(state).get(state.units[p].at, ())
                           if uid != p))
    ore = tuple(sorted(state.units[p].at for p in doomed if state.units[p].at in state.ore))
    gone = set(doomed) | set(on_them)
    turned = evolve(state, ev.TideChanged(rule="fmp.tide.change", turn=turn, old=old, new=new,
                                          neutralised=(), freed=(), pontoons_destroyed=(),
                                          units_destroyed=()))
    after = {u.id for u in turned.units.values() if b.is_stuck(turned, u)}
    facts: list[Event] = [ev.TideChanged(
        rule="fmp.tide.change", turn=turn, old=old, new=new,
        neutralised=tuple(sorted(after - before - gone)), freed=tuple(sorted(before - after - gone)),
        pontoons_destroyed=doomed, units_destroyed=on_them)]
    if doomed:
        facts.append(ev.PontoonsCollapsed(rule="fmp.tide.pontoons", pontoons=doomed, units=on_them,
                                          ore=ore))
    if len(state.future) == 1:  # the pile is now empty: "Turn 5", reshuffle at turns 11 and 19
        rest = list(TIDE_CARDS)
        rest.remove(new)
        order = shuffled(rest, ctx.dice)
        facts.append(ev.TideCardsReshuffled(rule="fmp.tide.reshuffle", aside=order[:SET_ASIDE],
                                            future=order[SET_ASIDE:]))
    return facts


def operational_hens(state: Planet, seat: str) -> int:
    """Weather Hens that can forecast: on the map, not stuck, not under
    unfavourable fire (inside the Freighter or carried they are not)."""
    return sum(1 for u in state.units.values()
               if u.kind == "weatherhen" and state.controller(u) == seat and b.is_operational(state, u)
               and not b.under_fire(state, u.at, seat))


def _forecasts(state: Planet) -> list[Event]:
    facts: list[Event] = []
    for seat in state.seats:
        hens = operational_hens(state, seat)
        if hens and state.future:
            facts.append(ev.TideForecast(rule="fmp.tide.forecast", seat=seat, hens=hens,
                                         tides=state.future[:hens]))
    return facts


def _landed(state: Planet) -> tuple[str, ...]:
    return tuple(c for c, f in sorted(state.freighters.items()) if f.status == "landed")


def _in_play(state: Planet, seat: str) -> bool:
    return any(f.status == "landed" and f.controller == seat for f in state.freighters.values())


def credit(state: Planet, seat: str) -> int:
    """"Turn 3": 5 points, "Turn 4": 10, then 15; +5 for each further Freighter held."""
    base = {3: 5, 4: 10}.get(state.turn, 15)
    held = sum(1 for f in state.freighters.values() if f.controller == seat and f.status == "landed")
    return base + 5 * max(0, held - 1)


def _next_player(state: Planet, after: str, ctx: Context) -> list[Event]:
    """The next player in the order after `after` ("" = the first) who still
    has a Freighter on the planet, or the end of the turn."""
    order = state.order
    start = order.index(after) + 1 if after else 0
    for seat in order[start:]:
        if _in_play(state, seat):
            deadline = ""
            if state.timer:
                deadline = (as_utc(ctx.now) + timedelta(seconds=state.timer)).isoformat()
            freed = [ev.UnitFreed(rule="fmp.neutralise.freed", unit=uid)
                     for uid, by in sorted(state.neutralised.items())
                     if state.controller(state.units[uid]) == seat and not destroyers.held(state, uid, by)]
            return [*freed, ev.PlayerTurnBegan(rule="fmp.turn.ap", seat=seat, credit=credit(state, seat),
                                               saved=state.saved.get(seat, 0), deadline=deadline)]
    if state.turn >= LAST_TURN or not _landed(state):
        return [_mission_ended(state)]
    return []




# ---- ending a turn ---------------------------------------------------------------------------
def _end_turn(state: Planet, seat: str, ctx: Context) -> list[Event]:
    res = Resolution(state, evolve)
    if state.turn == LAST_TURN:
        res.add(*(ev.FreighterStranded(rule="fmp.liftoff.stranded", freighter=c)
                  for c, f in sorted(state.freighters.items())
                  if f.controller == seat and f.status == "landed"))
    saved = min(10, state.ap // 5 * 5)
    res.add(ev.PlayerTurnEnded(rule="fmp.turn.bonus" if saved else "fmp.turn.end", seat=seat,
                               unspent=state.ap, saved=saved))
    res.add(*_next_player(res.state, seat, ctx))
    return res.facts


def _time_up(state: Planet, ctx: Context) -> list[Event]:
    timed = state.active or (state.phase == DEPLOYMENT and deploying(state))
    if not (timed and state.deadline and as_utc(ctx.now) > _time(state.deadline)):
        raise RuleViolation("fmp.time.limit", "no turn has run out of time")
    seat = state.active
    if state.phase == LANDING:
        return _landing_missed(state, seat)
    if state.phase == DEPLOYMENT:  # what is not deployed yet stays in the Freighters
        return [ev.TimeRanOut(rule="fmp.time.deployment", seat="", deadline=state.deadline),
                *(ev.DeploymentFinished(rule="fmp.time.deployment", seat=s) for s in deploying(state))]
    return [ev.TimeRanOut(rule="fmp.time.over", seat=seat, deadline=state.deadline),
            *_end_turn(state, seat, ctx)]


def _landing_missed(state: Planet, seat: str) -> list[Event]:
    """Our reading: a Freighter still in orbit when its three minutes run
    out stays there; without a Freighter on the planet its player is out."""
    res = Resolution(state, evolve)
    res.add(ev.TimeRanOut(rule="fmp.time.landing", seat=seat, deadline=state.deadline),
            ev.LandingMissed(rule="fmp.time.landing", colour=seat, seat=seat),
            ev.PlayerEliminated(rule="fmp.freighter.none-left", seat=seat))
    if seat == state.order[-1]:
        res.add(ev.TurnBegan(rule="fmp.turn.deployment", turn=2) if _landed(res.state)
                else _mission_ended(res.state))
    return res.facts


# ---- mission end -----------------------------------------------------------------------------
def _undecided(state: Planet, seat: str) -> bool:
    return any(f.controller == seat and f.status == "landed" and c not in state.choices
               for c, f in state.freighters.items())


def _choose(state: Planet, seat: str, freighter: str, choice: str, ctx: Context) -> list[Event]:
    if state.phase != DEPARTURE:
        raise RuleViolation("fmp.departure.secret", "the choice to stay or leave is made at the start of turn 21")
    f = state.freighters.get(freighter)
    if f is None or f.controller != seat or f.status != "landed":
        raise RuleViolation("fmp.departure.own", f"{seat} holds no hand for a Freighter {freighter!r}")
    if freighter in state.choices:
        raise RuleViolation("fmp.departure.once", f"the choice for the {freighter} Freighter is made")
    if choice not in (STAY, LEAVE):
        raise RuleViolation("fmp.departure.choice", f"choose '{STAY}' (a unit) or '{LEAVE}' (an ore)")
    step = ctx.step  # where this secret command is recorded: the reveal names it
    res = Resolution(state, evolve)
    res.add(ev.DepartureChosen(rule="fmp.departure.secret", seat=seat, freighter=freighter, choice=choice,
                               step=step))
    chosen = res.state
    if any(_undecided(chosen, s) for s in chosen.seats):
        return res.facts
    choices = tuple(sorted(chosen.choices.items()))
    res.add(ev.DeparturesRevealed(rule="fmp.departure.reveal", choices=choices),
            SecretRevealed(rule="core.secret.revealed", steps=tuple(sorted(chosen.secret_steps))))
    for colour, choice_made in choices:  # each Freighter leaves with what it held when the hands opened
        if choice_made == LEAVE:
            res.add(*_take_off(chosen, colour, cost=0, rule="fmp.departure.leave"))
    res.add(*_next_player(res.state, "", ctx))
    return res.facts


def _take_off(state: Planet, colour: str, cost: int, rule: str) -> list[Event]:
    f = state.freighters[colour]
    ore, aboard = b.load_of(state, colour)
    facts: list[Event] = [ev.FreighterTookOff(rule=rule, freighter=colour, seat=f.controller, ore=ore,
                                              units=aboard, score=2 * ore + aboard, cost=cost)]
    left = tuple(sorted(u.id for u in state.units.values()
                        if u.colour == colour and not u.inside and u.kind != "turret"))
    if left:
        facts.append(ev.UnitsAbandoned(rule="fmp.departure.abandoned", freighter=colour, units=left))
    return facts


def _lift_off(state: Planet, seat: str, freighter: str, ctx: Context) -> list[Event]:
    if state.turn != LAST_TURN:
        raise RuleViolation("fmp.liftoff.turn", "Freighters take off at turn 21 (by choice) or at turn 25")
    f = state.freighters.get(freighter)
    if f is None or f.controller != seat or f.status != "landed":
        raise RuleViolation("fmp.departure.own", f"{seat} has no Freighter {freighter!r} on the planet")
    cost = 1 + b.broken_turrets(state, freighter)
    if state.ap < cost:
        raise RuleViolation("fmp.liftoff.cost", f"taking off costs {cost} action points; {state.ap} left")
    res = Resolution(state, evolve)
    res.add(*_take_off(state, freighter, cost, "fmp.liftoff.cost"))
    if _in_play(res.state, seat):
        return res.facts
    after = res.state
    saved = min(10, after.ap // 5 * 5)
    res.add(ev.PlayerTurnEnded(rule="fmp.turn.end", seat=seat, unspent=after.ap, saved=saved))
    res.add(*_next_player(res.state, seat, ctx))
    return res.facts


def _mission_ended(state: Planet) -> Event:
    """"Mission end": the points of every Freighter that took off, by player;
    ties go to the most Freighters, then the most ore.  A player left without
    a Freighter has lost, whatever the others score."""
    totals = {seat: [0, 0, 0] for seat in state.seats}
    for f in state.freighters.values():
        if f.status == "departed":
            t = totals[f.controller]
            t[0] += f.score
            t[1] += 1
            t[2] += f.ore
    rank = {seat: (seat in state.eliminated, -t[0], -t[1], -t[2]) for seat, t in totals.items()}
    ranked = sorted(totals, key=lambda seat: (rank[seat], seat))
    first, second = ranked[0], ranked[1] if len(ranked) > 1 else None
    tied = second is not None and rank[first] == rank[second]
    close = second is not None and totals[first][0] == totals[second][0]
    return ev.MissionEnded(rule="fmp.score.tiebreak" if close else "fmp.score.points",
                           scores=tuple((seat, totals[seat][0]) for seat in ranked),
                           winner="" if tied else first)
