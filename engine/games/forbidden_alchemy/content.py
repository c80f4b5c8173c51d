"""Loads the puzzle content from `fixtures/forbidden_alchemy/` (stand-in data).

Rules code never hard-codes a tile, a piece or a card: it asks this module,
and the setup events copy what they use into the stream, so a recorded
game replays even if the content files change later.
"""

from __future__ import annotations

from functools import cache

from engine.core.frozen import frozen_dataclass
from engine.kit import content as kit

SHAPES = ("blue-circle", "red-diamond", "yellow-triangle")


@frozen_dataclass
class Tile:
    id: str
    name: str
    edges: tuple[str, ...]
    adjacent: tuple[tuple[int, int], ...]


@frozen_dataclass
class Investigator:
    id: str
    name: str
    intellect: int
    luck: int
    skill_points: int


@frozen_dataclass
class SideEffect:
    id: str
    title: str
    text: str
    multi_investigator: bool
    discard_immediately: bool

    def to_data(self) -> tuple:
        return (self.id, self.title, self.text, self.multi_investigator, self.discard_immediately)


@frozen_dataclass
class Content:
    tiles: dict[str, Tile]
    pieces: tuple[tuple[str, str], ...]  # (piece id, shape)
    investigators: dict[str, Investigator]
    side_effects: tuple[SideEffect, ...]


@cache
def load() -> Content:
    # The kit's one loader: fixtures/ or $BOARDLOG_FIXTURES, each file with its source.
    puzzle = kit.load("forbidden_alchemy", "puzzle.toml")
    cards = kit.load("forbidden_alchemy", "side-effects.toml")
    content = Content(
        tiles={t["id"]: Tile(t["id"], t["name"], tuple(t["edges"]),
                             tuple(tuple(p) for p in t["adjacent"])) for t in puzzle["tiles"]},
        pieces=tuple((p["id"], p["shape"]) for p in puzzle["pieces"]),
        investigators={i["id"]: Investigator(**i) for i in puzzle["investigators"]},
        side_effects=tuple(SideEffect(**c) for c in cards["cards"]),
    )
    _check(content)
    return content


def _check(content: Content) -> None:
    """Content must fit the rules it feeds; say which entry does not."""
    if len(content.pieces) != 12:  # "Alchemy Puzzles": the expansion has 12 pieces
        raise ValueError(f"there must be 12 Alchemy puzzle pieces, found {len(content.pieces)}")
    for piece, shape in content.pieces:
        if shape not in SHAPES:
            raise ValueError(f"piece {piece}: unknown shape {shape!r}")
    for tile in content.tiles.values():
        n = len(tile.edges)
        if not 2 <= n < len(content.pieces) or any(s not in SHAPES for s in tile.edges):
            raise ValueError(f"tile {tile.id}: edges must be 2..11 known shapes")
        if any(not (1 <= a <= n and 1 <= b <= n and a != b) for a, b in tile.adjacent):
            raise ValueError(f"tile {tile.id}: adjacent pairs must name two different edges 1..{n}")
    if len(content.side_effects) != 12:  # "Components": 12 Side Effect cards
        raise ValueError(f"there must be 12 Side Effect cards, found {len(content.side_effects)}")
    if all(card.multi_investigator for card in content.side_effects):
        raise ValueError("at least one Side Effect card must lack the multi-investigator icon")
