"""Options, seats and "Mission start": ore, reserve, tide cards, landing order."""

from __future__ import annotations

from typing import Any

from engine.core.dice import Dice
from engine.core.errors import BadOptions
from engine.core.events import Event

from . import content
from . import events as ev
from .board import HIGH, LOW, NORMAL
from .content import REEF, SEA

COLOURS = ("red", "blue", "green", "yellow")
TURN_SECONDS = 180  # "Time": three minutes a turn

# "Turn 1": what every Freighter carries at the start (gaps file, "Pieces and reserve").
ROSTER = (("barge", 1), ("crab", 1), ("weatherhen", 1), ("motorboat", 2), ("tank", 4),
          ("heap", 1), ("pontoon", 1), ("turret", 3))
# "Mission start > The reserve", by number of players.
RESERVE = {2: (16, 4, 4), 3: (12, 3, 3), 4: (16, 4, 4)}
TIDE_CARDS = (LOW,) * 5 + (NORMAL,) * 5 + (HIGH,) * 5
SET_ASIDE = 6


def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`players` (2..4, or --players) and `timer` ("off", the default for bots
    and tests, "on" for three minutes a turn, or a number of seconds)."""
    known = {"players", "timer"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for fmp (known: {', '.join(sorted(known))})")
    count = raw.get("players", str(players) if players is not None else "2")
    if not count.isdigit() or int(count) not in RESERVE:
        raise BadOptions(f"option players={count!r} (or --players): Full Metal Planète takes 2 to 4")
    timer = raw.get("timer", "off")
    if timer == "off":
        seconds = 0
    elif timer == "on":
        seconds = TURN_SECONDS
    elif timer.isdigit() and int(timer) > 0:
        seconds = int(timer)
    else:
        raise BadOptions(f"option timer={timer!r}: 'off', 'on' (three minutes) or a number of seconds")
    return {"players": int(count), "timer": seconds}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return COLOURS[: opts["players"]]


def roster(colour: str) -> tuple[tuple[str, str], ...]:
    return tuple((f"{colour}-{kind}-{n}", kind) for kind, count in ROSTER
                 for n in range(1, count + 1))


def ore_hexes(sector: content.Sector) -> tuple[str, ...]:
    """One hex in three (a lattice where no two ore touch and every hex touches
    one), less open sea, landing zones and reefs touching a zone's coast."""
    found = []
    for h, kind in sector.terrain.items():
        q, r = content.axial(h)
        if (q - r) % 3 or kind == SEA or h in sector.zone:
            continue
        if kind == REEF and any(n in sector.zone and sector.terrain[n] not in (SEA, REEF)
                                for n in sector.grid.neighbours(h)):
            continue
        found.append(h)
    return tuple(str(h) for h in sorted(found))


def setup(opts: dict[str, Any], dice: Dice) -> list[Event]:
    """"Mission start" then the draw for turn 1's landing order."""
    sector = content.load()
    players = seats(opts)
    tanks, crabs, pontoons = RESERVE[opts["players"]]
    cards = dice.shuffled(TIDE_CARDS)
    facts: list[Event] = [ev.SectorSurveyed(rule="fmp.setup.map", map=sector.name,
                                            columns=sector.grid.cols, rows=sector.grid.rows)]
    facts += [ev.FreighterAssigned(rule="fmp.setup.freighters", colour=seat, seat=seat,
                                   units=roster(seat)) for seat in players]
    facts += [
        ev.OreSpread(rule="fmp.setup.ore", hexes=ore_hexes(sector)),
        ev.ReserveStocked(rule="fmp.setup.reserve", tanks=tanks, crabs=crabs, pontoons=pontoons),
        ev.TideCardsShuffled(rule="fmp.setup.tides", aside=cards[:SET_ASIDE], future=cards[SET_ASIDE:]),
        ev.TurnTimerSet(rule="fmp.time.limit", seconds=opts["timer"]),
        ev.LandingOrderDrawn(rule="fmp.landing.order", order=dice.shuffled(players)),
        ev.TurnBegan(rule="fmp.turn.landing", turn=1),
    ]
    return facts

