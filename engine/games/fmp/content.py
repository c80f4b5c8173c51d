"""The map of the sector, read from `fixtures/fmp/map.toml` (stand-in data).

The printed map cannot be copied, so the project draws its own 37 x 23
sector as a text grid; this module turns it into terrain and landing zones
on the kit's hex grid.  Rules ask this module about the map and never
hard-code a hex.  Setup copies nothing of the map into the stream: the map
name is recorded, and a replaced map is a new content version.
"""

from __future__ import annotations

from functools import cache

from engine.core.frozen import frozen_dataclass
from engine.kit import content
from engine.kit.hexgrid import Hex, HexGrid

GAME = "fmp"
SEA, REEF, SWAMP, PLAIN, MOUNTAIN = "sea", "reef", "swamp", "plain", "mountain"
TERRAINS = (SEA, REEF, SWAMP, PLAIN, MOUNTAIN)
NO_ZONE = "-"


@frozen_dataclass(eq=False)  # compared and hashed by identity: one per map
class Sector:
    """The map: terrain of every hex, its landing zone, which zones are islands."""

    name: str
    grid: HexGrid
    terrain: dict[Hex, str]
    zone: dict[Hex, str]                  # only hexes inside a landing zone
    islands: frozenset[str]
    zone_hexes: dict[str, frozenset[Hex]]

    def kind(self, h: Hex) -> str:
        return self.terrain[h]

    @property
    def zones(self) -> tuple[str, ...]:
        return tuple(sorted(self.zone_hexes))

    def zones_adjacent(self, a: str, b: str) -> bool:
        """Two mainland zones touching along a dotted boundary; an island is
        never contiguous with any zone ("Turn 1: Arrival of the Freighters")."""
        return a != b and a not in self.islands and b not in self.islands and \
            frozenset((a, b)) in _touching(self)

    def coast(self, zone: str) -> frozenset[Hex]:
        """The zone's shoreline: its land hexes next to water and its water
        hexes next to land (sea and reef count as water)."""
        return _coast(self, zone)


@cache
def load() -> Sector:
    data = content.load(GAME, "map")
    legend = data["legend"]
    grid = HexGrid(int(data["columns"]), int(data["rows"]))
    raw = content.text_grid(data["terrain"]["grid"], alphabet=legend)
    zones = content.text_grid(data["zones"]["grid"])
    terrain = {Hex(c, r): legend[ch] for (c, r), ch in raw.items()}
    if len(terrain) != len(grid) or any(t not in TERRAINS for t in terrain.values()):
        raise ValueError(f"the map must give one of {TERRAINS} to each of the {len(grid)} hexes")
    zone = {Hex(c, r): ch for (c, r), ch in zones.items() if ch != NO_ZONE}
    by_zone: dict[str, set[Hex]] = {}
    for h, z in zone.items():
        by_zone.setdefault(z, set()).add(h)
    islands = frozenset(data["zones"]["islands"])
    if len(islands) != 2 or not islands <= set(by_zone):
        raise ValueError("the map must mark two islands among its landing zones")
    return Sector(data.get("name", "sector"), grid, terrain, zone, islands,
                  {z: frozenset(hs) for z, hs in by_zone.items()})


@cache
def _touching(sector: Sector) -> frozenset[frozenset[str]]:
    pairs = set()
    for h, z in sector.zone.items():
        for n in sector.grid.neighbours(h):
            other = sector.zone.get(n)
            if other is not None and other != z:
                pairs.add(frozenset((z, other)))
    return frozenset(pairs)


_WATER = (SEA, REEF)


@cache
def _coast(sector: Sector, zone: str) -> frozenset[Hex]:
    found = set()
    for h in sector.zone_hexes[zone]:
        wet = sector.terrain[h] in _WATER
        if any((sector.terrain[n] in _WATER) != wet for n in sector.grid.neighbours(h)):
            found.add(h)
    return frozenset(found)


def axial(h: Hex) -> tuple[int, int]:
    """Axial coordinates of an odd-q hex (the kit's layout), for the ore lattice."""
    return h.col, h.row - (h.col - (h.col & 1)) // 2
