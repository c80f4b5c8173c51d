"""Reads the stand-in content in `fixtures/roundtable/` through the kit and
checks it, with the vocabulary the content is written in (the effect
primitives of skills and shop cards, their targets and conditions).

Rules never hard-code a card or a map: setup copies what a game uses into
its facts (`MapLaidOut`, `UnitCardsListed`, ...), so a recorded game
replays even if the files change.  This module is the bottom of the
package: it imports nothing of the game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.kit.content import load, text_grid
from engine.kit.squaregrid import Square, SquareGrid

SIZE = 6
BOARD = SquareGrid(SIZE, SIZE)
COLOURS = ("red", "green", "blue", "gray")
SLOTS = ("red", "green", "blue")  # the 1 vs 1 player board (our reading, see rulebook.py)
RANGES = {"1": (1, 1), "2": (2, 2), "1-2": (1, 2)}
TERRAIN = {".": "plains", "C": "castle", "F": "forest", "W": "water", "M": "mountain",
           "1": "plains", "2": "plains", "3": "plains", "4": "plains", "*": "plains", "$": "plains"}
CORNERS = ("NW", "NE", "SE", "SW")  # clockwise from the top-left
KNOWN_TAGS = frozenset({"Grab", "Reposition", "Shove", "Physic", "Armored", "Cavalry", "Flying",
                        "Haste", "Shapeshifter", "Eff vs Armor", "Eff vs Cavalry",
                        "Eff vs Flying", "Pickpocket"})

# ---- the effect primitives skills and shop cards are written with ---------------------------
# An effect is a small table, `{ do = "heal", amount = 3, range = 1 }`; `effects.py` is the
# one place that says what each primitive does.  Here: which target each primitive takes
# (an ally unit, an enemy unit, or none), the stats and passive conditions it may name, and
# the triggers of reactions.
STATS = ("atk", "spd", "def")
WHEN = ("always", "attacking", "defending", "ally-adjacent", "on-castle", "outnumbered")
TARGETS = {"heal": "ally", "ready": "ally", "damage": "enemy", "gain": None, "stat": None,
           "combat-stat": None, "damage-area": None, "buff": "ally", "push": "enemy",
           "rally": None}
TRIGGERS = ("attacked", "ally-attacked")


@cache
def short(name: str) -> str:
    """A piece's label on the map: the initials of a name of several words ("Axe King" ->
    "AK"), the first two letters of a one-word name ("Archer" -> "Ar")."""
    words = name.split()
    return "".join(w[0] for w in words).upper() if len(words) > 1 else name[:2]


def check_effect(effect: dict[str, Any], where: str) -> None:
    """Content must use the primitives as `effects.py` reads them."""
    kind = effect.get("do")
    if kind not in TARGETS:
        raise ValueError(f"{where}: unknown effect primitive {kind!r}")
    if kind in ("stat", "combat-stat", "buff", "rally") and not any(s in effect for s in STATS):
        raise ValueError(f"{where}: a {kind} effect names atk, spd or def")
    if kind == "stat" and effect.get("when") not in WHEN:
        raise ValueError(f"{where}: a stat effect says when: one of {', '.join(WHEN)}")


def target_kind(effect: dict[str, Any]) -> str | None:
    """"ally", "enemy" or None: the target an effect's primitive takes."""
    return TARGETS[effect["do"]]


def bonuses(effect: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    """The (stat, n) bonuses an effect names, in ATK, SPD, DEF order."""
    return tuple((s, effect[s]) for s in STATS if effect.get(s))


@cache
def units() -> dict[str, dict[str, Any]]:
    """Unit cards by id, as plain data: the form `UnitCardsListed` records."""
    raw = load("roundtable", "units")["units"]
    cards = {}
    for card_id, c in raw.items():
        if c["colour"] not in COLOURS or c["rng"] not in RANGES:
            raise ValueError(f"unit {card_id}: bad colour or range")
        unknown = set(c["tags"]) - KNOWN_TAGS
        if unknown:
            raise ValueError(f"unit {card_id}: unknown tags {sorted(unknown)}")
        if ("Shapeshifter" in c["tags"]) != ("ss" in c):
            raise ValueError(f"unit {card_id}: shapeshifted stats go with the [Shapeshifter] tag")
        skill = c["skill"]
        if skill["type"] not in ("passive", "assist", "special", "reaction"):
            raise ValueError(f"unit {card_id}: unknown skill type {skill['type']!r}")
        if skill["type"] == "assist" and set(c["tags"]) & {"Grab", "Reposition", "Shove", "Physic"}:
            raise ValueError(f"unit {card_id}: one assist per unit (a tag or a skill)")
        if (skill["type"] == "reaction") != ("trigger" in skill):
            raise ValueError(f"unit {card_id}: a reaction special names its trigger")
        if skill.get("trigger", "attacked") not in TRIGGERS:
            raise ValueError(f"unit {card_id}: unknown reaction trigger {skill['trigger']!r}")
        check_effect(skill["effect"], f"unit {card_id}")
        cards[card_id] = {
            "name": c["name"], "legendary": c["legendary"], "colour": c["colour"],
            "hp": c["hp"], "atk": c["atk"], "spd": c["spd"], "def": c["def"],
            "rng": list(RANGES[c["rng"]]), "mov": c["mov"], "tags": list(c["tags"]),
            "ss": dict(c["ss"]) if "ss" in c else None,
            "skill": dict(skill),
        }
    return cards


@cache
def maps() -> dict[str, dict[str, Any]]:
    """Maps by id: name, terrain by square, deployment zones by player (1, 2),
    and the Pixel Art map's special Work squares."""
    found = {}
    for map_id, m in load("roundtable", "maps")["maps"].items():
        cells = text_grid(m["grid"], alphabet=TERRAIN)
        if len(cells) != SIZE * SIZE:
            raise ValueError(f"map {map_id}: must be {SIZE}x{SIZE}")
        square = {pos: str(Square(*pos)) for pos in cells}
        found[map_id] = {
            "name": m["name"],
            "terrain": {square[p]: TERRAIN[ch] for p, ch in cells.items()},
            "boss": m.get("boss", False),
            "zones": {n: sorted(square[p] for p, ch in cells.items() if ch == n) for n in "1234"},
            "work_dv": sorted(square[p] for p, ch in cells.items() if ch == "*"),
            "work_coin": sorted(square[p] for p, ch in cells.items() if ch == "$"),
        }
    return found


@cache
def cards() -> dict[str, Any]:
    """The card file: VP cards, Anna's Shop and Anna's Cheer."""
    return load("roundtable", "cards")


def vp_cards(first_game: bool = False) -> tuple[int, ...]:
    """The VP cards' values, smallest first (the deck's order, I. Game Setup step 3); a
    first game leaves out the two largest, the 8-point cards at the bottom."""
    values = tuple(sorted(cards()["vp_cards"]))
    return values[:-2] if first_game else values


def shop_cards() -> dict[str, dict[str, Any]]:
    """Every copy in Anna's Shop deck by id (`vulnerary-2`): name, kind, cost, effect."""
    deck = {}
    for card_id, c in cards()["shop"].items():
        if c["kind"] not in ("item", "reaction", "attachment"):
            raise ValueError(f"shop card {card_id}: unknown kind {c['kind']!r}")
        if (c["kind"] == "reaction") != ("trigger" in c):
            raise ValueError(f"shop card {card_id}: a reaction card names its trigger")
        check_effect(c["effect"], f"shop card {card_id}")
        for n in range(1, c["copies"] + 1):
            deck[f"{card_id}-{n}"] = {"name": c["name"], "kind": c["kind"], "cost": c["cost"],
                                      "effect": dict(c["effect"]),
                                      "trigger": c.get("trigger")}
    return deck


def cheer() -> dict[str, Any]:
    """Anna's Cheer, as a shop card entry (it never goes into the shop deck)."""
    c = cards()["cheer"]
    check_effect(c["effect"], "Anna's Cheer")
    return {"id": c["id"], "name": c["name"], "kind": c["kind"], "cost": 0,
            "effect": dict(c["effect"]), "trigger": None}


def _faces(move: dict[str, str], where: str) -> tuple[str, ...]:
    """Movement targets by die face 1..6 from ranges such as {"1-3": "C2"}."""
    faces: dict[int, str] = {}
    for span, square in move.items():
        lo, _, hi = span.partition("-")
        for face in range(int(lo), int(hi or lo) + 1):
            faces[face] = square
    if sorted(faces) != [1, 2, 3, 4, 5, 6]:
        raise ValueError(f"{where}: movement targets must cover die faces 1-6 once each")
    for square in faces.values():
        sq = Square.parse(square)
        if not (sq.col < SIZE - 1 and sq.row < SIZE - 1):
            raise ValueError(f"{where}: the 2x2 boss tile cannot sit with its NW corner on {square}")
    return tuple(faces[f] for f in range(1, 7))


BOSS_EFFECTS = {"damage-all", "restore", "exhaust-near", "summon", "minions-strike", "none"}
REFERENCE_RULES = ("nearest", "reroll")
BOSS_ACTIONS = ("delay", "damage")


def _summons(boss_id: str, b: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The minions and tokens a boss can summon, by type id: kind, name, supply and,
    for a minion, its stats."""
    found: dict[str, dict[str, Any]] = {}
    for type_id, m in b.get("minions", {}).items():
        if m["colour"] not in COLOURS or m["rng"] not in RANGES or set(m["tags"]) - KNOWN_TAGS:
            raise ValueError(f"boss {boss_id}: minion {type_id} has a bad colour, range or tag")
        found[type_id] = {"kind": "minion", "name": m["name"], "supply": m["supply"],
                          "colour": m["colour"], "hp": m["hp"], "atk": m["atk"], "spd": m["spd"],
                          "def": m["def"], "rng": list(RANGES[m["rng"]]), "tags": list(m["tags"])}
    for type_id, t in b.get("tokens", {}).items():
        if type_id in found:
            raise ValueError(f"boss {boss_id}: {type_id} is both a minion and a token")
        found[type_id] = {"kind": "token", "name": t["name"], "supply": t["supply"]}
    return found


@cache
def bosses() -> dict[str, dict[str, Any]]:
    """Boss boards with their cards, as plain data: the form `BossChosen` records."""
    found = {}
    for boss_id, b in load("roundtable", "bosses")["bosses"].items():
        if sorted(b["corners"]) != sorted(CORNERS) or sorted(b["corners"].values()) != sorted(COLOURS):
            raise ValueError(f"boss {boss_id}: four corners, one of each colour")
        cards = {}
        summons = _summons(boss_id, b)
        reference = dict(b.get("reference", {"text": "", "rule": "reroll", "rerolls": 0}))
        if reference["rule"] not in REFERENCE_RULES:
            raise ValueError(f"boss {boss_id}: reference card rule is one of {REFERENCE_RULES}")
        action = dict(b["action"]) if "action" in b else None
        if action is not None and action["do"] not in BOSS_ACTIONS:
            raise ValueError(f"boss {boss_id}: boss action is one of {BOSS_ACTIONS}")
        for effect in b["start"]:
            if effect["do"] in ("damage-all", "minions-strike"):
                # Only a card's effect waits for the players to order the units it hits.
                raise ValueError(f"boss {boss_id}: a start-of-turn effect cannot hit units one by one "
                                 f"({effect['do']}); put it on a boss card")
        for c in b["cards"]:
            for effect in [c["effect"], *b["start"]]:
                if effect["do"] not in BOSS_EFFECTS:
                    raise ValueError(f"boss {boss_id}: unknown boss effect {effect['do']!r}")
                if effect["do"] == "summon" and effect["what"] not in summons:
                    raise ValueError(f"boss {boss_id}: summons an unknown piece {effect['what']!r}")
            cards[c["id"]] = {"name": c["name"], "atk": c["atk"], "spd": c["spd"], "def": c["def"],
                              "rng": list(RANGES[c["rng"]]), "tags": list(c["tags"]),
                              "move": list(_faces(c["move"], f"boss card {c['id']}")),
                              "effect": dict(c["effect"])}
        found[boss_id] = {"name": b["name"], "corners": dict(b["corners"]), "hp": dict(b["hp"]),
                          "lives": {str(k): v for k, v in b["lives"].items()},
                          "plan_turns": b["plan_turns"], "start": [dict(e) for e in b["start"]],
                          "cards": cards, "summons": summons, "reference": reference,
                          "action": action}
    return found
