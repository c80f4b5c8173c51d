"""Reads the stand-in content of `fixtures/brutality/` through the kit.

Rules never hard-code a hero sheet, a board or a card: setup copies what a
game uses into its facts (`BoardLaidOut`, `HeroSheetsListed`, ...), so a
recorded game replays even if the files change.  Everything here is plain
data (dicts, lists, strings, numbers): the very form the facts record.
Cards name their effects in a small vocabulary of words ("damage 2",
"knockback 1", "hang"), checked here so that a bad file fails on loading.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.kit.content import load, text_grid
from engine.kit.squaregrid import Square

TYPES = ("tank", "damage", "utility")
TARGETS = ("enemy", "friend", "self", "empty", "line", "tile")
TIMINGS = ("your", "enemy", "any")
RELIC_TYPES = ("blessing", "curse", "op", "utility")
RELIC_TIMINGS = ("your", "enemy", "any", "start-your", "start-enemy", "end-your", "end-enemy")
RELIC_TARGETS = ("friend", "dead-friend", "enemy", "enemy-seen", "hazard", "space", "line-4",
                 "none")
BOARD_CELLS = {".": "open", "n": "open", "s": "open", "I": "icicles"}

# The effect vocabulary that hero sheets, artifacts and relics are written in:
# word -> the number of whole-number arguments it takes (None: one hazard kind).
VOCABULARY = {"damage": 1, "knockback": 1, "pull": 1, "bleed": 1, "heal": 1, "hang": 0,
              "cleanse": 0, "summon": None, "bury-path": 0,
              # relic cards only
              "revive": 1, "ward": 0, "haste": 1, "ground": 0, "remove-hazard": 0, "blast": 1,
              "hell-fire": 1, "steal": 0}
# What the rules can resolve today: an ability or artifact using any other
# word would not be offered.
IMPLEMENTED = frozenset({"damage", "knockback", "pull", "bleed", "heal", "hang", "cleanse",
                         "bury-path", "summon"})


def check_effect(text: str, where: str) -> None:
    """Content check: `text` must be a word of the vocabulary with its arguments."""
    word, *args = text.split()
    wanted = VOCABULARY.get(word, -1)
    if wanted == -1:
        raise ValueError(f"{where}: unknown effect {word!r} (known: {', '.join(VOCABULARY)})")
    if wanted is None:
        if len(args) != 1:
            raise ValueError(f"{where}: {word} takes one hazard kind")
    elif len(args) != wanted or not all(a.isdigit() for a in args):
        raise ValueError(f"{where}: {word} takes {wanted} whole number(s)")


def implemented(effects) -> bool:
    """Can the rules resolve every one of these effects?"""
    return all(e.split()[0] in IMPLEMENTED for e in effects)


@cache
def boards() -> dict[str, dict[str, Any]]:
    """Boards by id: name, width, height, icicle spaces, starting corners by team."""
    found = {}
    for board_id, b in load("brutality", "boards")["boards"].items():
        cells = text_grid(b["grid"], alphabet=BOARD_CELLS)
        width = 1 + max(c for c, _ in cells)
        height = 1 + max(r for _, r in cells)
        found[board_id] = {
            "name": b["name"], "width": width, "height": height,
            "icicles": sorted(str(Square(*p)) for p, ch in cells.items() if ch == "I"),
            "starts": {team: sorted(str(Square(*p)) for p, ch in cells.items() if ch == mark)
                       for team, mark in (("north", "n"), ("south", "s"))},
        }
        if any(len(v) != 2 for v in found[board_id]["starts"].values()):
            raise ValueError(f"board {board_id}: each team needs two starting corners")
    return found


def range_offsets(grid: str, where: str) -> list[list[int]]:
    """The [dx, dy] offsets of the x spaces of a range grid from the hero's
    first (leftmost) H, drawn facing forward (up the page)."""
    cells = text_grid(grid, alphabet=".xH")
    heroes = sorted((r, c) for (c, r), ch in cells.items() if ch == "H")
    if not heroes or len({r for r, _ in heroes}) != 1:
        raise ValueError(f"{where}: a range grid needs the hero (H, or HH) on one row")
    row, col = heroes[0]
    return sorted([c - col, r - row] for (c, r), ch in cells.items() if ch == "x")


def _action(data: dict[str, Any], where: str) -> dict[str, Any]:
    """An ability or artifact: target kind, range offsets, effects (checked)."""
    if data["target"] not in TARGETS:
        raise ValueError(f"{where}: unknown target {data['target']!r}")
    for effect in data["effects"]:
        check_effect(effect, where)
    offsets = [] if data["target"] == "self" else range_offsets(data["range"], where)
    return {"name": data["name"], "text": data["text"], "target": data["target"],
            "range": offsets, "effects": list(data["effects"])}


@cache
def heroes() -> dict[str, dict[str, Any]]:
    """Hero sheets by id, as `HeroSheetsListed` records them."""
    found = {}
    for hero_id, h in load("brutality", "heroes")["heroes"].items():
        where = f"hero {hero_id}"
        if h["type"] not in TYPES or h["compass"] not in (4, 8) or h["size"] not in (1, 2):
            raise ValueError(f"{where}: type, compass (4/8) or size (1/2) does not fit")
        abilities = {}
        for a in h["abilities"]:
            abilities[a["id"]] = _action(a, f"{where}, ability {a['id']}")
        found[hero_id] = {"name": h["name"], "type": h["type"], "health": h["health"],
                          "compass": h["compass"], "size": h["size"],
                          "traits": list(h["traits"]), "abilities": abilities}
    return found


@cache
def artifacts() -> dict[str, dict[str, Any]]:
    """Artifact cards by id: name, timing word, target, range, effects."""
    found = {}
    for art_id, a in load("brutality", "artifacts")["artifacts"].items():
        if a["timing"] not in TIMINGS:
            raise ValueError(f"artifact {art_id}: unknown timing {a['timing']!r}")
        found[art_id] = {**_action(a, f"artifact {art_id}"), "timing": a["timing"]}
    if len(found) != 11:  # "Components": 11 Artifact cards
        raise ValueError(f"there must be 11 artifact cards, found {len(found)}")
    return found


@cache
def relics() -> dict[str, dict[str, Any]]:
    """Relic cards by id: name, type, timing word, copies, text, target, effects."""
    found = {}
    for relic_id, r in load("brutality", "relics")["relics"].items():
        where = f"relic {relic_id}"
        if r["type"] not in RELIC_TYPES or r["timing"] not in RELIC_TIMINGS \
                or r["target"] not in RELIC_TARGETS or r.get("lasts", "") not in ("", "next-time"):
            raise ValueError(f"{where}: unknown type, timing, target or lasts")
        for effect in r["effects"]:
            check_effect(effect, where)
        found[relic_id] = {"name": r["name"], "type": r["type"], "timing": r["timing"],
                           "lasts": r.get("lasts", ""), "copies": r["copies"], "text": r["text"],
                           "target": r["target"], "effects": list(r["effects"])}
    if sum(r["copies"] for r in found.values()) != 56:  # "Components": 56 Relic cards
        raise ValueError("the relic deck must hold 56 cards")
    return found


def relic_cards(catalog: dict[str, dict[str, Any]]) -> list[str]:
    """Every physical relic card, named `<relic>-<copy>` (`hell-fire-2`)."""
    return [f"{rid}-{n}" for rid in sorted(catalog) for n in range(1, catalog[rid]["copies"] + 1)]


def relic_of(card: str) -> str:
    """The relic a physical card is a copy of: `hell-fire-2` -> `hell-fire`."""
    return card.rsplit("-", 1)[0]
