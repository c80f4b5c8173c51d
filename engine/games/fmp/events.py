"""The facts of a Full Metal Planète mission, named in the rulebook's words.

Hexes are written in the kit's notation ("D5"); units are named
`<colour>-<kind>-<n>` ("red-tank-2"); a Freighter is named by its colour.
Hidden information lives only in `TideCardsShuffled` (the order of the
tide cards) and `TideForecast` (what one seat's Weather Hens showed it):
`view.redact` strips both for every other seat.
"""

from __future__ import annotations

from engine.core.events import Event, SecretRevealed, event_registry, fact


# ---- mission start ---------------------------------------------------------------------------
@fact
class SectorSurveyed(Event):
    """The map of the sector the mission plays on (content name and size)."""

    map: str
    columns: int
    rows: int


@fact
class FreighterAssigned(Event):
    """A player commands the Freighter of this colour, with its units aboard
    (`units`: [id, kind] pairs, turrets included)."""

    colour: str
    seat: str
    units: tuple[tuple[str, str], ...]


@fact
class OreSpread(Event):
    """Ore lies on these hexes: every third hex, less the open sea, the
    landing zones and the reefs along their coasts."""

    hexes: tuple[str, ...]


@fact
class ReserveStocked(Event):
    """What the Weather Hens may build from: kind -> pieces."""

    tanks: int
    crabs: int
    pontoons: int


@fact
class TideCardsShuffled(Event):
    """The tide cards, unseen: `future` (top first) is the future-tides pile,
    `aside` the cards set apart.  Hidden from every seat while the game runs."""

    future: tuple[str, ...]
    aside: tuple[str, ...]


@fact
class TurnTimerSet(Event):
    """How long each player's turn lasts, in seconds (0: no timer, the
    setup option `timer`)."""

    seconds: int


@fact
class LandingOrderDrawn(Event):
    """Lots drawn for the order in which the Freighters land (turn 1)."""

    order: tuple[str, ...]


# ---- turns -----------------------------------------------------------------------------------
@fact
class TurnBegan(Event):
    """Turn `turn` of the mission begins (the turn marker moves)."""

    turn: int


@fact
class FreighterLanded(Event):
    """A Freighter landed: its central bubble and its three pods."""

    colour: str
    centre: str
    pods: tuple[str, str, str]


@fact
class UnitDeployed(Event):
    """Turn 2: a unit left the Freighter for a hex of its landing zone
    (`tail`: the barge's second hex, else "")."""

    unit: str
    to: str
    tail: str


@fact
class DeploymentFinished(Event):
    """A player has deployed what they wanted to (turn 2)."""

    seat: str


@fact
class PlayOrderDrawn(Event):
    """Lots drawn for the first player at turn 3; the others follow clockwise
    around the map from the Freighters' positions."""

    order: tuple[str, ...]


@fact
class TideChanged(Event):
    """The tide of this turn, with its consequences: units the tide
    neutralised or freed, pontoons destroyed because their ground sank,
    and whatever stood on them."""

    turn: int
    old: str
    new: str
    neutralised: tuple[str, ...]
    freed: tuple[str, ...]
    pontoons_destroyed: tuple[str, ...]
    units_destroyed: tuple[str, ...]

    reveals = True


@fact
class TideCardsReshuffled(Event):
    """The future-tides pile ran out: every card but the current one was
    shuffled, six set aside unseen, the rest form the new pile (hidden)."""

    future: tuple[str, ...]
    aside: tuple[str, ...]


@fact
class TideForecast(Event):
    """What a player's operational Weather Hens let it see: the next
    `len(tides)` tides.  Only that seat may read `tides`."""

    seat: str
    hens: int
    tides: tuple[str, ...]

    reveals = True


@fact
class PlayerTurnBegan(Event):
    """A player's turn begins with this many action points (`credit` from the
    turn and Freighters, `saved` from the bonus); `deadline` is the ISO time
    the turn ends at when the three-minute timer is on, else ""."""

    seat: str
    credit: int
    saved: int
    deadline: str


@fact
class PlayerTurnEnded(Event):
    """A player's turn is over; `saved` points are kept for later turns."""

    seat: str
    unspent: int
    saved: int


@fact
class TimeRanOut(Event):
    """The three minutes of this player's turn have passed (`seat` "": the
    deployment of turn 2, which every player plays at once)."""

    seat: str
    deadline: str


@fact
class TimerStarted(Event):
    """With the timer on, the three minutes of turn 1 (for `seat`, the player
    landing now) or of turn 2 (`seat` "": every player deploys at once) run
    until `deadline`, an ISO time."""

    seat: str
    deadline: str


@fact
class LandingMissed(Event):
    """Turn 1's three minutes ran out before the `colour` Freighter landed:
    it stays in orbit and takes no part in the mission."""

    colour: str
    seat: str


# ---- actions ---------------------------------------------------------------------------------
@fact
class UnitMoved(Event):
    """A unit moved along `path` (each hex entered, in order), paying `cost`
    action points.  `tail`: where a barge's second hex ends ("" otherwise);
    `into`: the Freighter it entered at the end ("" if none), whose colour
    it takes; `stranded`:
    it stopped on a hex the tide makes unusable and is neutralised."""

    unit: str
    path: tuple[str, ...]
    tail: str
    into: str
    cost: int
    stranded: bool


@fact
class CargoLoaded(Event):
    """A transporter (or a Freighter, by its colour) took `item` (a unit id,
    or "ore" from hex `origin`) aboard; `origin` is "" inside the Freighter,
    or the barge a crab sits on when it takes from the barge's cargo."""

    transporter: str
    item: str
    origin: str
    cost: int


@fact
class CargoUnloaded(Event):
    """A transporter (or a Freighter, by its colour) put `item` (a unit id or
    "ore") on hex `to`; or into the Freighter `into` (through its pod `to`);
    or aboard the transporter `onto` standing on `to`."""

    transporter: str
    item: str
    to: str
    into: str
    onto: str
    cost: int


@fact
class UnitBuilt(Event):
    """A Weather Hen turned the ore it carried into a new unit from the
    reserve, laid on hex `to` (the ore goes back to the box); a `CargoLoaded`
    right after it puts the unit aboard a transporter standing on `to`."""

    hen: str
    kind: str
    unit: str
    to: str
    cost: int


@fact
class PontoonsCollapsed(Event):
    """Pontoons left without ground support were destroyed, with everything on them."""

    pontoons: tuple[str, ...]
    units: tuple[str, ...]
    ore: tuple[str, ...]


@fact
class TargetDestroyed(Event):
    """Two destroyers fired at `target` together: every unit (with its cargo)
    and the ore on it went to the cemetery."""

    shooters: tuple[str, str]
    target: str
    units: tuple[str, ...]
    ore: bool
    cost: int


@fact
class UnitCaptured(Event):
    """Two destroyers in contact took a unit: it and its cargo change colour."""

    captors: tuple[str, str]
    unit: str
    cargo: tuple[str, ...]
    colour: str
    cost: int


@fact
class UnitNeutralised(Event):
    """Two destroyers holding an enemy unit under their fire turned it over:
    it can do nothing until freed; they stay put for the rest of the turn."""

    unit: str
    seat: str
    holders: tuple[str, ...]  # none when a captured Freighter's unit could not get out of fire


@fact
class UnitFreed(Event):
    """A neutralised unit is free again: the fire that held it is gone."""

    unit: str


@fact
class FreighterCaptured(Event):
    """An enemy destroyer (`unit`) entered a Freighter with no turret left:
    the Freighter, and every unit of its colour, now obey `seat`, who gains
    `bonus` action points at once and on every later turn.  `endangered`:
    those units now under unfavourable fire, to be moved out before anything else."""

    freighter: str
    seat: str
    previous: str
    unit: str
    bonus: int
    endangered: tuple[str, ...]


@fact
class TurretRebuilt(Event):
    """The player who just took a Freighter put a turret back on a pod."""

    freighter: str
    pod: str
    unit: str
    cost: int


@fact
class PlayerEliminated(Event):
    """A player holds no Freighter any more and loses; saved points are lost."""

    seat: str


# ---- mission end -----------------------------------------------------------------------------
@fact
class DeparturesCalled(Event):
    """Turn 21 begins with a secret choice for each of these Freighters."""

    freighters: tuple[str, ...]


@fact
class DepartureChosen(Event):
    """A player decided, secretly, whether a Freighter stays until turn 25.
    `choice` is redacted for other seats (the reveal shows every choice);
    `step` is the step of the secret command (0 when the engine does not say)."""

    seat: str
    freighter: str
    choice: str
    step: int


@fact
class DeparturesRevealed(Event):
    """Every hand opens together: Freighter -> "stay" or "leave"."""

    choices: tuple[tuple[str, str], ...]


@fact
class FreighterTookOff(Event):
    """A Freighter left the planet with its load: `ore` pieces and `units`
    (turrets included: they leave the map with it), worth `score` points;
    `cost` action points paid."""

    freighter: str
    seat: str
    ore: int
    units: int
    score: int
    cost: int


@fact
class UnitsAbandoned(Event):
    """Units of a Freighter that left stay behind, neutralised for good."""

    freighter: str
    units: tuple[str, ...]


@fact
class FreighterStranded(Event):
    """A Freighter could not take off in time: it stays and scores nothing."""

    freighter: str


@fact
class MissionEnded(Event):
    """Scores by player and the winner after the tie-breaks ("" on a full tie)."""

    scores: tuple[tuple[str, int], ...]
    winner: str


EVENTS = event_registry(
    SectorSurveyed, FreighterAssigned, OreSpread, ReserveStocked, TideCardsShuffled, TurnTimerSet,
    LandingOrderDrawn, TurnBegan, FreighterLanded, UnitDeployed, DeploymentFinished,
    PlayOrderDrawn, TideChanged, TideCardsReshuffled, TideForecast, PlayerTurnBegan,
    PlayerTurnEnded, TimeRanOut, TimerStarted, LandingMissed, UnitMoved, CargoLoaded, CargoUnloaded, UnitBuilt, PontoonsCollapsed,
    TargetDestroyed, UnitCaptured, UnitNeutralised, UnitFreed, FreighterCaptured, TurretRebuilt, PlayerEliminated, DeparturesCalled, DepartureChosen, DeparturesRevealed, FreighterTookOff,
    UnitsAbandoned, FreighterStranded, MissionEnded, SecretRevealed,
)
