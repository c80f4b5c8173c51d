"""The state of a mission and `evolve`, the fold of its facts.

`evolve` holds no rules: every event already says what happened.  Derived
facts (whether a unit is stuck at this tide, the fire zones) are computed
by `board.py` from the state, never stored.
"""

from __future__ import annotations

from dataclasses import field

from engine.core.events import Folds, SecretRevealed, evolved
from engine.core.frozen import frozen_dataclass

from . import events as ev

# Phases of a mission.
SETUP, LANDING, DEPLOYMENT, PLAY, DEPARTURE, OVER = (
    "setup", "landing", "deployment", "play", "departure", "over")
ORE = "ore"  # a piece of ore in a cargo list


@frozen_dataclass
class Unit:
    """One piece on (or off) the map.  Exactly one of `at` (a hex; a barge
    also has `tail`), `carrier` (the unit carrying it) and `inside` (the
    Freighter it is in) is set."""

    id: str
    kind: str
    colour: str                 # the Freighter whose colour marker it carries
    at: str = ""
    tail: str = ""
    carrier: str = ""
    inside: str = ""
    cargo: tuple[str, ...] = ()  # unit ids and ORE
    abandoned: bool = False     # left behind by a Freighter that took off


@frozen_dataclass
class Freighter:
    colour: str
    controller: str             # the seat whose orders its units obey
    centre: str = ""
    pods: tuple[str, ...] = ()
    ore: int = 0                # ore pieces inside (never taken out again)
    status: str = "orbit"       # orbit, landed, departed, stranded
    score: int = 0

    @property
    def hexes(self) -> tuple[str, ...]:
        return (self.centre, *self.pods) if self.centre else ()


@frozen_dataclass
class Planet:
    phase: str = SETUP
    turn: int = 0
    map: str = ""
    seats: tuple[str, ...] = ()
    order: tuple[str, ...] = ()          # landing order, then playing order from turn 3
    active: str = ""                     # the seat playing its turn ("" between turns)
    done: frozenset[str] = frozenset()   # seats finished with this turn
    tide: str = ""
    future: tuple[str, ...] = ()         # future-tides pile, top first (hidden)
    aside: tuple[str, ...] = ()          # cards set aside (hidden)
    forecasts: dict[str, tuple[str, ...]] = field(default_factory=dict)  # hidden but to the seat
    ore: frozenset[str] = frozenset()
    units: dict[str, Unit] = field(default_factory=dict)
    freighters: dict[str, Freighter] = field(default_factory=dict)
    reserve: dict[str, int] = field(default_factory=dict)
    ap: int = 0
    saved: dict[str, int] = field(default_factory=dict)
    shots: dict[str, int] = field(default_factory=dict)   # destroyer -> shots fired this turn
    builds: dict[str, tuple[str, ...]] = field(default_factory=dict)  # Weather Hen -> kinds laid this turn
    neutralised: dict[str, str] = field(default_factory=dict)  # unit -> seat whose fire holds it
    holding: dict[str, tuple[str, ...]] = field(default_factory=dict)  # destroyer -> units it holds this turn
    taken: frozenset[str] = frozenset()  # Freighters captured in the turn being played
    evacuation: tuple[str, ...] = ()     # captured units to move out of fire before anything else
    built: int = 0                       # units built so far (for their names)
    timer: int = 0
    deadline: str = ""
    choices: dict[str, str] = field(default_factory=dict)  # Freighter -> stay/leave (hidden)
    secret_steps: tuple[int, ...] = ()   # steps of the secret choices, for their reveal
    eliminated: frozenset[str] = frozenset()
    scores: tuple[tuple[str, int], ...] = ()
    winner: str | None = None

    def controller(self, unit: Unit) -> str:
        return self.freighters[unit.colour].controller


def initial_state() -> Planet:
    return Planet()


_folds = Folds("fmp")


def evolve(state: Planet, event) -> Planet:
    """Apply one fact (no rules, no dice): the fold registered for its class."""
    return _folds.evolve(state, event)


def _with_units(state: Planet, *changed: Unit, removed: tuple[str, ...] = ()) -> Planet:
    units = dict(state.units)
    for u in changed:
        units[u.id] = u
    for uid in removed:
        units.pop(uid, None)
    return evolved(state, units=units)


def _with_freighter(state: Planet, f: Freighter) -> Planet:
    return evolved(state, freighters={**state.freighters, f.colour: f})


def _spend(state: Planet, cost: int) -> Planet:
    return evolved(state, ap=state.ap - cost)


# ---- mission start ---------------------------------------------------------------------------
@_folds(ev.SectorSurveyed)
def _(s: Planet, e: ev.SectorSurveyed) -> Planet:
    return evolved(s, map=e.map)


@_folds(ev.FreighterAssigned)
def _(s: Planet, e: ev.FreighterAssigned) -> Planet:
    units = {uid: Unit(uid, kind, e.colour, inside=e.colour) for uid, kind in e.units}
    s = evolved(s, seats=s.seats + (e.seat,), units={**s.units, **units},
                saved={**s.saved, e.seat: 0})
    return _with_freighter(s, Freighter(e.colour, e.seat))


@_folds(ev.OreSpread)
def _(s: Planet, e: ev.OreSpread) -> Planet:
    return evolved(s, ore=frozenset(e.hexes))


@_folds(ev.ReserveStocked)
def _(s: Planet, e: ev.ReserveStocked) -> Planet:
    return evolved(s, reserve={"tank": e.tanks, "crab": e.crabs, "pontoon": e.pontoons})


@_folds(ev.TideCardsShuffled)
def _(s: Planet, e: ev.TideCardsShuffled) -> Planet:
    return evolved(s, future=e.future, aside=e.aside)


@_folds(ev.TurnTimerSet)
def _(s: Planet, e: ev.TurnTimerSet) -> Planet:
    return evolved(s, timer=e.seconds)


@_folds(ev.LandingOrderDrawn)
def _(s: Planet, e: ev.LandingOrderDrawn) -> Planet:
    return evolved(s, order=e.order)


# ---- turns -----------------------------------------------------------------------------------
_PHASE_OF_TURN = {1: LANDING, 2: DEPLOYMENT}


@_folds(ev.TurnBegan)
def _(s: Planet, e: ev.TurnBegan) -> Planet:
    # Turn 1: the Freighters land one by one; turn 2: every player deploys at once.
    active = s.order[0] if e.turn == 1 else ""
    return evolved(s, turn=e.turn, phase=_PHASE_OF_TURN.get(e.turn, PLAY), done=frozenset(),
                   active=active, deadline="")


@_folds(ev.TimerStarted)
def _(s: Planet, e: ev.TimerStarted) -> Planet:
    return evolved(s, deadline=e.deadline)


@_folds(ev.LandingMissed)
def _(s: Planet, e: ev.LandingMissed) -> Planet:
    return evolved(s, active=_next_in_order(s, e.seat), deadline="")


def _next_in_order(s: Planet, seat: str) -> str:
    later = s.order[s.order.index(seat) + 1:]
    return later[0] if later else ""


@_folds(ev.FreighterLanded)
def _(s: Planet, e: ev.FreighterLanded) -> Planet:
    f = s.freighters[e.colour]
    s = _with_freighter(s, evolved(f, centre=e.centre, pods=e.pods, status="landed"))
    turrets = [u for u in s.units.values() if u.inside == e.colour and u.kind == "turret"]
    placed = [evolved(u, inside="", at=pod) for u, pod in zip(sorted(turrets, key=lambda u: u.id),
                                                            e.pods, strict=True)]
    return evolved(_with_units(s, *placed), active=_next_in_order(s, f.controller), deadline="")


@_folds(ev.UnitDeployed)
def _(s: Planet, e: ev.UnitDeployed) -> Planet:
    return _with_units(s, evolved(s.units[e.unit], inside="", at=e.to, tail=e.tail))


@_folds(ev.DeploymentFinished)
def _(s: Planet, e: ev.DeploymentFinished) -> Planet:
    return evolved(s, done=s.done | {e.seat})


@_folds(ev.PlayOrderDrawn)
def _(s: Planet, e: ev.PlayOrderDrawn) -> Planet:
    return evolved(s, order=e.order)


@_folds(ev.TideChanged)
def _(s: Planet, e: ev.TideChanged) -> Planet:
    # The card turned is the top of the future-tides pile: a fact naming
    # another tide is refused rather than turning whatever card is there.
    if not s.future or s.future[0] != e.new:
        top = s.future[0] if s.future else "no card (the pile is empty)"
        raise ValueError(f"the fact turns a {e.new!r} tide card, but the top of the "
                         f"future-tides pile is {top!r}")
    return evolved(s, tide=e.new, future=s.future[1:], forecasts={})


@_folds(ev.TideCardsReshuffled)
def _(s: Planet, e: ev.TideCardsReshuffled) -> Planet:
    return evolved(s, future=e.future, aside=e.aside)


@_folds(ev.TideForecast)
def _(s: Planet, e: ev.TideForecast) -> Planet:
    return evolved(s, forecasts={**s.forecasts, e.seat: e.tides})


@_folds(ev.PlayerTurnBegan)
def _(s: Planet, e: ev.PlayerTurnBegan) -> Planet:
    # Every destroyer is restocked at the very start of the next player's turn.
    return evolved(s, phase=PLAY, active=e.seat, ap=e.credit + e.saved, deadline=e.deadline,
                   saved={**s.saved, e.seat: 0}, shots={}, builds={})


@_folds(ev.PlayerTurnEnded)
def _(s: Planet, e: ev.PlayerTurnEnded) -> Planet:
    return evolved(s, active="", ap=0, deadline="", done=s.done | {e.seat},
                   saved={**s.saved, e.seat: e.saved}, holding={}, taken=frozenset())


@_folds(ev.TimeRanOut)
def _(s: Planet, e: ev.TimeRanOut) -> Planet:
    return s  # the turn's end follows as its own fact


# ---- actions ---------------------------------------------------------------------------------
def _unit_gone(s: Planet, uid: str) -> tuple[str, ...]:
    """The unit and everything it carries, recursively."""
    u = s.units[uid]
    found = [uid]
    for item in u.cargo:
        if item != ORE:
            found += _unit_gone(s, item)
    return tuple(found)


@_folds(ev.UnitMoved)
def _(s: Planet, e: ev.UnitMoved) -> Planet:
    u = s.units[e.unit]
    if e.into:
        moved = evolved(u, at="", tail="", inside=e.into, colour=e.into)
        s = _recoloured(s, u, e.into)
    else:
        moved = evolved(u, at=e.path[-1], tail=e.tail, inside="")
    return _spend(_freed(_with_units(s, moved), e.unit), e.cost)


def _recoloured(s: Planet, u: Unit, colour: str) -> Planet:
    """Whatever a unit carries into a Freighter takes that Freighter's colour too."""
    inner = [uid for uid in _unit_gone(s, u.id)[1:] if s.units[uid].colour != colour]
    return _with_units(s, *(evolved(s.units[uid], colour=colour) for uid in inner)) if inner else s


def _freed(s: Planet, *uids: str) -> Planet:
    if s.evacuation and any(uid in s.evacuation for uid in uids):
        s = evolved(s, evacuation=tuple(x for x in s.evacuation if x not in uids))
    if not any(uid in s.neutralised for uid in uids):
        return s
    return evolved(s, neutralised={k: v for k, v in s.neutralised.items() if k not in uids})


@_folds(ev.CargoLoaded)
def _(s: Planet, e: ev.CargoLoaded) -> Planet:
    if e.transporter in s.freighters:  # into the Freighter: a unit takes its colour
        f = s.freighters[e.transporter]
        if e.item == ORE:
            s = evolved(_with_freighter(s, evolved(f, ore=f.ore + 1)), ore=s.ore - {e.origin})
            return _spend(s, e.cost)
        item = evolved(s.units[e.item], at="", tail="", inside=f.colour, colour=f.colour)
        s = _recoloured(s, s.units[e.item], f.colour)
        return _spend(_freed(_with_units(s, item), e.item), e.cost)
    t = s.units[e.transporter]
    t = evolved(t, cargo=t.cargo + (e.item,))
    if e.origin in s.units:  # a crab took it from the barge it sits on
        barge = s.units[e.origin]
        cargo = list(barge.cargo)
        cargo.remove(e.item)
        s = _with_units(s, evolved(barge, cargo=tuple(cargo)))
        if e.item == ORE:
            return _spend(_with_units(s, t), e.cost)
    elif e.item == ORE:
        return _spend(evolved(_with_units(s, t), ore=s.ore - {e.origin}), e.cost)
    item = evolved(s.units[e.item], at="", tail="", inside="", carrier=t.id)
    return _spend(_with_units(s, t, item), e.cost)


@_folds(ev.CargoUnloaded)
def _(s: Planet, e: ev.CargoUnloaded) -> Planet:
    if e.transporter in s.freighters:
        if e.onto:
            other = s.units[e.onto]
            item = evolved(s.units[e.item], inside="", carrier=e.onto)
            return _spend(_with_units(s, item, evolved(other, cargo=other.cargo + (e.item,))), e.cost)
        return _spend(_with_units(s, evolved(s.units[e.item], inside="", at=e.to)), e.cost)
    t = s.units[e.transporter]
    cargo = list(t.cargo)
    cargo.remove(e.item)
    t = evolved(t, cargo=tuple(cargo))
    if e.onto:  # aboard another transporter
        other = s.units[e.onto]
        s = _with_units(s, t, evolved(other, cargo=other.cargo + (e.item,)))
        if e.item == ORE:
            return _spend(s, e.cost)
        return _spend(_with_units(s, evolved(s.units[e.item], carrier=e.onto)), e.cost)
    if e.item == ORE:
        if e.into:
            f = s.freighters[e.into]
            return _spend(_with_freighter(_with_units(s, t), evolved(f, ore=f.ore + 1)), e.cost)
        return _spend(evolved(_with_units(s, t), ore=s.ore | {e.to}), e.cost)
    item = s.units[e.item]
    colour = e.into or item.colour  # a unit entering a Freighter takes its colour
    if e.into:
        s = _recoloured(s, item, e.into)
    item = evolved(item, carrier="", inside=e.into, at="" if e.into else e.to, colour=colour)
    return _spend(_with_units(s, t, item), e.cost)


@_folds(ev.UnitBuilt)
def _(s: Planet, e: ev.UnitBuilt) -> Planet:
    hen = s.units[e.hen]
    cargo = list(hen.cargo)
    cargo.remove(ORE)
    new = Unit(e.unit, e.kind, hen.colour, at=e.to)
    s = _with_units(s, evolved(hen, cargo=tuple(cargo)), new)
    return _spend(evolved(s, reserve={**s.reserve, e.kind: s.reserve[e.kind] - 1}, built=s.built + 1,
                          builds={**s.builds, e.hen: s.builds.get(e.hen, ()) + (e.kind,)}), e.cost)


@_folds(ev.PontoonsCollapsed)
def _(s: Planet, e: ev.PontoonsCollapsed) -> Planet:
    gone = tuple(x for uid in e.pontoons + e.units if uid in s.units for x in _unit_gone(s, uid))
    # What was lost no longer counts as neutralised (as when it is destroyed by fire).
    return evolved(_with_units(_freed(s, *gone), removed=gone), ore=s.ore - set(e.ore))


@_folds(ev.TargetDestroyed)
def _(s: Planet, e: ev.TargetDestroyed) -> Planet:
    gone = tuple(x for uid in e.units for x in _unit_gone(s, uid))
    s = _freed(s, *gone)
    shots = dict(s.shots)
    for d in e.shooters:
        shots[d] = shots.get(d, 0) + 1
    s = _with_units(s, removed=gone)
    return _spend(evolved(s, shots=shots, ore=s.ore - {e.target} if e.ore else s.ore), e.cost)


@_folds(ev.UnitCaptured)
def _(s: Planet, e: ev.UnitCaptured) -> Planet:
    changed = [evolved(s.units[uid], colour=e.colour, abandoned=False) for uid in (e.unit, *e.cargo)]
    return _spend(_freed(_with_units(s, *changed), e.unit), e.cost)


@_folds(ev.UnitNeutralised)
def _(s: Planet, e: ev.UnitNeutralised) -> Planet:
    return evolved(s, neutralised={**s.neutralised, e.unit: e.seat},
                   holding={**s.holding, **{d: s.holding.get(d, ()) + (e.unit,) for d in e.holders}},
                   evacuation=tuple(x for x in s.evacuation if x != e.unit))


@_folds(ev.UnitFreed)
def _(s: Planet, e: ev.UnitFreed) -> Planet:
    return _freed(s, e.unit)


@_folds(ev.FreighterCaptured)
def _(s: Planet, e: ev.FreighterCaptured) -> Planet:
    s = _with_freighter(s, evolved(s.freighters[e.freighter], controller=e.seat))
    s = evolved(s, taken=s.taken | {e.freighter}, evacuation=e.endangered)
    return evolved(s, ap=s.ap + e.bonus) if s.active == e.seat else s


@_folds(ev.TurretRebuilt)
def _(s: Planet, e: ev.TurretRebuilt) -> Planet:
    return _spend(_with_units(s, Unit(e.unit, "turret", e.freighter, at=e.pod)), e.cost)


@_folds(ev.PlayerEliminated)
def _(s: Planet, e: ev.PlayerEliminated) -> Planet:
    return evolved(s, eliminated=s.eliminated | {e.seat}, saved={**s.saved, e.seat: 0})


# ---- mission end -----------------------------------------------------------------------------
@_folds(ev.DeparturesCalled)
def _(s: Planet, e: ev.DeparturesCalled) -> Planet:
    return evolved(s, phase=DEPARTURE, active="", choices={}, secret_steps=())


@_folds(ev.DepartureChosen)
def _(s: Planet, e: ev.DepartureChosen) -> Planet:
    return evolved(s, choices={**s.choices, e.freighter: e.choice},
                   secret_steps=s.secret_steps + (e.step,))


@_folds(ev.DeparturesRevealed)
def _(s: Planet, e: ev.DeparturesRevealed) -> Planet:
    return evolved(s, phase=PLAY, choices={}, secret_steps=())


@_folds(SecretRevealed)
def _(s: Planet, e: SecretRevealed) -> Planet:
    return s


@_folds(ev.FreighterTookOff)
def _(s: Planet, e: ev.FreighterTookOff) -> Planet:
    f = s.freighters[e.freighter]
    s = _spend(s, e.cost) if s.active == e.seat else s
    # The turrets on its pods are part of it (each scored a point): they leave the map with it.
    turrets = [evolved(u, at="", inside=f.colour) for u in s.units.values()
               if u.kind == "turret" and u.at and u.at in f.pods]
    if turrets:
        s = _with_units(s, *turrets)
    return _with_freighter(s, evolved(f, status="departed", score=e.score, ore=e.ore))


@_folds(ev.UnitsAbandoned)
def _(s: Planet, e: ev.UnitsAbandoned) -> Planet:
    return _with_units(s, *(evolved(s.units[uid], abandoned=True) for uid in e.units))


@_folds(ev.FreighterStranded)
def _(s: Planet, e: ev.FreighterStranded) -> Planet:
    return _with_freighter(s, evolved(s.freighters[e.freighter], status="stranded"))


@_folds(ev.MissionEnded)
def _(s: Planet, e: ev.MissionEnded) -> Planet:
    return evolved(s, phase=OVER, active="", scores=e.scores, winner=e.winner)
