"""Anna's Roundtable's picture (docs/boards.md): the 6x6 map, and beside it
what a player points at and reads.

`viewer/templates/boards/roundtable.html` places what `draw(board)` works out
here; `board` is the game's `view(state, seat)`, so a player's hand and shop
cards are drawn only where the view holds them (the seat's own page; every
hand once the game is over).  Two parts:

- the **map** (SVG): column letters and row numbers (the notation's), each
  square coloured by its terrain as it stands (a DV Map Tile's side
  included) and named unless plains, deployment zones framed in their
  player's colour, DV Map Tiles dashed, the Pixel Art map's Work squares;
  units as discs in their card's colour ringed in their player's, faded
  while exhausted, with their initials and HP; in Boss Mode the boss tile's
  four corners (colour, HP bar), minions (squares) and tokens (diamonds).
- the **tray** (HTML, wraps in a narrow column, holds no <svg>): what is
  happening (whose turn, the attack waiting for reactions, the boss's step
  and what it did in its latest turn), the question's choices that are not
  places (a range), the seat's hand and shop cards as cards with their
  names and text, one small board per player (unit slots, coins, DV, the
  DV Map Tile, VP, cards held), Anna's Shop and the VP deck, or the boss's
  board and current card.

Every element a command may be made of is named by its notation token
(`data-token`, viewer/pointing.py): a square by its name (`B1`: the square
and a spot over it that lights up), a unit by its card id (`axe-fighter`,
which also answers as its square), a card in hand by its id (a unit card,
`axe-fighter`; a shop card, `vulnerary-2`), a unit slot of the player to
play by its name (`red`, or `1` / `2` in Boss Mode), a face-down shop card
by its slot (`1`..`3`), a DV Map Tile's side (`plains`, `ruins`), a boss
corner by the colour it shows (`red`), a minion by its id (`risen-1`) and,
while the players choose the boss's next attack, its range (`1`, `2`).

The map's geometry is square_board's, and what never changes (coordinates,
spots, the key) is written once; the rest once per view, in plain loops, as SVG
and HTML ready to print (a template placing each shape attribute by attribute
was most of a step's drawing, issue #24).  What outlines a change is a function
of the step's changed ids, which the template passes (`picture.units(hot_units)`).

Speed (issue #24): most of a step's picture is the step before's.  A unit, a
player's board and a hand are each kept written by everything they show
(`lru_cache` on the values read from the view, so that a key holds all the
markup depends on, and nothing of another seat's view can come back for it: a
hand is keyed by its cards, which only its seat's view holds); the squares'
layers by the squares' view as a whole (they change only with a DV Map Tile),
the spots by the squares pieces stand on.  A step looks them up and joins them.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache, partial
from typing import Any

from markupsafe import Markup

from engine.games.roundtable import content
from engine.kit.picture import num
from viewer.boards import square_board
from viewer.pictures import text

SIZE = 60        # a square's side
COLUMNS = "ABCDEF"
TERRAIN = {"plains": "#ece4c8", "castle": "#c8a878", "forest": "#7fae6b", "water": "#8fbde0",
           "mountain": "#9c948c", "ruins": "#4a4341"}
COLOUR = {"red": "#c53030", "green": "#2f855a", "blue": "#2b6cb0", "gray": "#718096"}
SEAT = {"p1": "#1a202c", "p2": "#805ad5", "p3": "#d53f8c", "p4": "#00a3c4"}
SLOTS_1V1, SLOTS_BOSS = ("red", "green", "blue"), ("1", "2")
SHOP_SLOTS = ("1", "2", "3")
BOSS = "boss"  # the view's `active` while the boss takes its turn
DV_TILE_COST = 1  # placing or moving the DV Map Tile (the side controls show from then)


# ---- the contract: draw, place_points ----------------------------------------------------
def draw(board: dict[str, Any]) -> dict[str, Any]:
    """Everything the template places for this view, positioned, labelled, named."""
    fixed = _fixed()
    geo, terrain = fixed["geo"], _terrain(board, fixed["points"])
    _, marks, zones = _terrain_layers(terrain)
    boss = board.get("boss")
    return {
        **fixed,
        "cells": partial(_cells, terrain),
        "halos": partial(_halos, fixed["points"]),
        "spot_layer": _spot_layer(_taken(board)),
        "marks": marks,
        "zones": zones,
        "units": partial(_units, board, geo),
        "corners": partial(_corners, boss, geo) if boss else _nothing,
        "summons": partial(_summons, boss, geo) if boss else _nothing,
        "status": Markup("".join(f"<p>{text(line)}</p>" for line in _status(board))),
        "question": _question(board),
        "hands": partial(_hands, board),
        "players": partial(_players, board),
        "shop": None if boss or board.get("mode") == "boss" else _shop(board),
        "boss": _boss(board, boss) if boss else None,
        "aria": f"Anna's Roundtable, turn {board.get('turn', 0)}",
    }


def _nothing(*hot) -> str:
    """No boss: no tile, no summoned pieces."""
    return ""


def place_points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each square's centre in the picture's coordinates (the map is not moved: the
    coordinates around it lie at negative positions of the viewBox)."""
    return {c.id: (c.x, c.y) for c in square_board(6, 6, SIZE).cells.values()}


# ---- small writing helpers ----------------------------------------------------------------
CHANGED_CLASS = ' changed" style="outline:none'  # ends the class attribute, opens the style one
CHANGED = ' style="outline:none"'  # an SVG shape that changed: the page's HTML outline is not for it


def _halo_circle(x: str, y: str, r: int, width: int) -> str:
    """The orange ring of what changed (boards/_macros.html `highlight`)."""
    return f'<circle class="halo" cx="{x}" cy="{y}" r="{r}" fill="none" stroke="#dd6b20" stroke-width="{width}"/>'


# ---- what never moves ----------------------------------------------------------------------
@cache
def _fixed() -> dict[str, Any]:
    """The squares, the coordinates along two edges, the spots that light up."""
    geo = square_board(6, 6, SIZE)
    cells = geo.cells.values()
    width, height = float(geo.width), float(geo.height)
    coordinates = ("".join(f'<text x="{c.cx}" y="-4">{COLUMNS[c.col]}</text>' for c in cells if c.row == 0)
                   + "".join(f'<text x="-8" y="{num(c.y + 4)}">{c.row + 1}</text>' for c in cells if c.col == 0))
    key = ", ".join(f'<span class="rt-swatch" style="background:{fill}"></span>{name}' for name, fill in TERRAIN.items())
    return {
        "geo": geo, "points": {c.id: c.points for c in cells},
        "viewbox": f"-16 -16 {num(width + 16)} {num(height + 16)}",
        "coordinates": Markup(coordinates), "key": Markup(key),
        "spot_list": [{"id": c.id, "x": num(c.x - SIZE / 2 + 2.5), "y": num(c.y - SIZE / 2 + 2.5),
                       "side": num(SIZE - 5)} for c in cells],
    }


# ---- the map ---------------------------------------------------------------------------------
def _terrain(board: dict[str, Any], points: dict[str, str]) -> tuple:
    """The view's squares that are on the map (all of them, unless a view is odd), each as
    (square, its view's items: terrain printed and now, deployment zone, DV Map Tile,
    Work bonus).  The key the map's layers are kept by: they change only when a DV Map
    Tile is placed or turned."""
    return tuple((sq, tuple(s.items())) for sq, s in (board.get("squares") or {}).items() if sq in points)


@lru_cache(maxsize=64)
def _terrain_layers(terrain: tuple) -> tuple[str, Markup, Markup]:
    """The squares with none outlined, the marks and the deployment zones (issue #24:
    one look-up a step instead of one a square and layer)."""
    points = _fixed()["points"]
    squares = [(sq, dict(items)) for sq, items in terrain]
    return ("".join(_square(sq, points[sq], s.get("now", "plains"), False) for sq, s in squares),
            Markup("".join(_mark(sq, s.get("now"), s.get("terrain"), s.get("dv_tile"), s.get("work"))
                           for sq, s in squares)),
            Markup("".join(_zone(sq, points[sq], s["zone"]) for sq, s in squares if s.get("zone"))))


def _cells(terrain: tuple, hot: frozenset) -> Markup:
    """Every square in its terrain's colour.  A square is pointed at through the spot over
    it, or the piece standing on it (`_taken`)."""
    if not hot:
        return Markup(_terrain_layers(terrain)[0])
    points = _fixed()["points"]
    return Markup("".join(_square(sq, points[sq], dict(items).get("now", "plains"), sq in hot)
                          for sq, items in terrain))


# Written once per square, terrain and outline (issue #24: the squares were most of a
# step's picture).
@lru_cache(maxsize=4096)
def _square(sq: str, points: str, now: str, hot: bool) -> str:
    return (f'<polygon id="square-{text(sq)}" data-id="{text(sq)}" points="{points}" '
            f'class="square {text(now)}{CHANGED_CLASS if hot else ""}" '
            f'fill="{TERRAIN.get(now, TERRAIN["plains"])}"/>')


def _halos(points: dict[str, str], hot: frozenset) -> Markup:
    """The squares that changed outlined, over everything (boards/_macros.html `highlights`)."""
    return Markup("".join(f'\n<polygon class="halo" points="{points[sq]}" fill="none" stroke="#dd6b20" '
                          f'stroke-width="3" stroke-linejoin="round"/>' for sq in sorted(hot) if sq in points))


@lru_cache(maxsize=4096)
def _spot(sq: str, x: str, y: str, side: str) -> str:
    return str(Markup('<rect class="rt-spot" data-token="{}" data-label="{}" x="{}" y="{}" width="{}" height="{}" '
                      'rx="4"/>').format(sq, sq, x, y, side, side))


@lru_cache(maxsize=256)
def _spot_layer(taken: frozenset) -> Markup:
    """The spots as one string (they never show what changed), but where a piece stands."""
    return Markup("".join(_spot(s["id"], s["x"], s["y"], s["side"]) for s in _fixed()["spot_list"]
                          if s["id"] not in taken))


def _taken(board: dict[str, Any]) -> frozenset:
    """The squares a piece stands on.  A spot over each square lights up when the square
    may be chosen, named by the square; where a unit or a summoned piece stands, the piece
    answers for its square instead (its element names both), so that a click on it is
    never hidden by a spot."""
    boss = board.get("boss") or {}
    taken = {u.get("square") for u in (board.get("units") or {}).values()}
    taken |= {m.get("square") for m in (boss.get("summons") or {}).values()}
    taken |= {c.get("square") for c in (boss.get("corners") or {}).values()}
    return frozenset(taken)


@lru_cache(maxsize=4096)
def _mark(sq: str, now: str | None, printed: str | None, tile: str | None, work: str | None) -> str:
    """What a square says beyond its colour: its terrain (the printed one in brackets
    where a DV Map Tile covers it), the tile's owner (dashed), a Pixel Art Work bonus.
    Written once per square and state."""
    if now == "plains" and printed == "plains" and not tile and not work:
        return ""
    c = _fixed()["geo"][sq]
    y, right = num(c.y - SIZE / 2 + 11), num(c.x + SIZE / 2 - 4)
    white = WHITE if now == "ruins" else ""
    label = now if now != "plains" else (f"({printed})" if printed != "plains" else "")
    out = []
    if tile:
        title = text(f"{tile}'s DV Map Tile, {now} side up")
        out.append(f'<polygon points="{c.points}" fill="none" stroke="{SEAT.get(tile, "#1a202c")}" stroke-width="3" '
                   f'stroke-dasharray="6 4"><title>{title}</title></polygon>')
    if label:
        out.append(f'<text x="{num(c.x - SIZE / 2 + 4)}" y="{y}"{white}>{text(label)}</text>')
    if tile:
        out.append(f'<text x="{right}" y="{y}" text-anchor="end" font-weight="bold"{white}>DV {text(tile)}</text>')
    elif work:
        out.append(f'<text x="{right}" y="{y}" text-anchor="end" font-weight="bold">{"*" if work == "dv" else "$"}'
                   f'<title>{WORK_DV if work == "dv" else WORK_COIN}</title></text>')
    return "".join(out)


WORK_DV, WORK_COIN = "Work here: 1 DV instead of a coin", "Work here: 1 extra Anna Coin"
WHITE = ' fill="#ffffff"'  # words on a dark square (ruins)


@lru_cache(maxsize=1024)
def _zone(sq: str, points: str, zone: str) -> str:
    """A square of a player's deployment zone, framed in the player's colour."""
    return (f'<polygon points="{points}" stroke="{SEAT.get(zone, "#1a202c")}" stroke-opacity="0.9">'
            f'<title>{text(zone)}&#39;s deployment zone</title></polygon>')


def _units(board: dict[str, Any], geo, hot: frozenset) -> Markup:
    """The units as discs in their card's colour ringed in their player's, faded while
    exhausted, their initials and HP (and tokens) under them."""
    pending = board.get("pending") or {}
    attacker, defender = pending.get("attacker"), pending.get("defender")
    return Markup("".join(_unit(uid, *_unit_shown(uid, u),
                                "attacking" if uid == attacker else
                                "attacked: its player may react" if uid == defender else "", uid in hot)
                          for uid, u in (board.get("units") or {}).items() if u.get("square") in geo.cells))


def _unit_shown(uid: str, u: dict[str, Any]) -> tuple:
    """Everything a unit's markup shows, as the key it is kept by (`_unit`): the
    view's values as they are, its lists as tuples, a flag read for its truth as a bool."""
    g = u.get
    return (u["square"], g("name"), g("name", uid), g("short", uid[:2]), g("owner"), g("colour"), g("slot"),
            g("hp"), g("hp_max"), g("atk"), g("spd"), g("def"), tuple(g("rng") or ()), g("mov"),
            bool(g("exhausted")), g("skill"), g("skill_type"), tuple(g("tags") or ()), bool(g("special")),
            bool(g("shapestone")), g("attachment"), bool(g("until_next_turn")), bool(g("haste")))


# A unit is written once per everything it shows (issue #24: the units were a
# quarter of a step's picture, and most of them stand still from one step to the next).
@lru_cache(maxsize=2048, typed=True)
def _unit(uid: str, square: str, name, label, short, owner, colour, slot, hp, hp_max, atk, spd, def_,
          rng: tuple, mov, exhausted: bool, skill, skill_type, tags: tuple, special: bool, shapestone: bool, attachment,
          until_next_turn: bool, haste: bool, role: str, hot: bool) -> str:
    c = _fixed()["geo"][square]
    marks = "".join(mark for on, mark in ((special, " S"), (shapestone, " *"), (attachment, " +"),
                                          (until_next_turn, " ^"), (haste, " H")) if on)
    safe, x, y = text(uid), c.cx, c.cy
    hp_text = text(f"{hp}/{hp_max}{marks}")
    ring = (f'<circle cx="{x}" cy="{y}" r="28" fill="none" stroke="#c53030" stroke-width="2" '
            f'stroke-dasharray="5 3"><title>{role}</title></circle>' if role else "")
    title = _unit_title(name, owner, colour, slot, hp, hp_max, atk, spd, def_, rng, mov, exhausted, skill,
                        skill_type, tags, special, shapestone, attachment)
    return (
        f'\n<g id="token-{safe}" data-id="{safe}" data-token="{safe} {text(square)}" '
        f'data-label="{text(label)}" class="token{" changed" if hot else ""}"'
        f'{CHANGED if hot else ""}>\n'
        f'<title>{text(title)}</title>\n'
        f'<g opacity="{"0.5" if exhausted else "1"}">\n'
        f'<circle cx="{x}" cy="{y}" r="21" fill="none" stroke="{SEAT.get(owner, "#1a202c")}" stroke-width="5"/>\n'
        f'<circle cx="{x}" cy="{y}" r="17" fill="{COLOUR.get(colour, "#718096")}" stroke="#ffffff" '
        f'stroke-width="1"/>\n'
        f'<text x="{x}" y="{num(c.y + 5)}" text-anchor="middle" font-size="{"11" if len(short) > 2 else "14"}" '
        f'font-weight="bold" fill="#ffffff">{text(short)}</text>\n</g>{ring}\n'
        f'<text x="{x}" y="{num(c.y + 29)}" {UNDER}>{hp_text}</text>'
        f'{_halo_circle(x, y, 26, 4) if hot else ""}\n</g>')


# The words under a piece: dark, with a white edge, readable on any square
UNDER = ('text-anchor="middle" font-size="9" font-weight="bold" fill="#1a202c" stroke="#ffffff" '
         'stroke-width="2.5" paint-order="stroke"')


def _unit_title(name, owner, colour, slot, hp, hp_max, atk, spd, def_, rng: tuple, mov, exhausted: bool,
                skill, skill_type, tags: tuple, special: bool, shapestone: bool, attachment) -> str:
    rng_text = "-".join(str(r) for r in dict.fromkeys(rng))
    extras = [f"{skill} ({skill_type})"] if skill else []
    extras += [f"[{t}]" for t in tags]
    if special:
        extras.append("Special Ability token")
    if shapestone:
        extras.append("Shapestone")
    if attachment:
        extras.append(f"attachment {_shop_name(attachment)}")
    return (f"{name} ({owner}, {colour}, slot {slot}): "
            f"{hp}/{hp_max} HP, ATK {atk} SPD {spd} "
            f"DEF {def_} RNG {rng_text} MOV {mov}, "
            f"{'exhausted' if exhausted else 'ready'}"
            + (f"; {', '.join(extras)}" if extras else ""))


def _corners(boss: dict[str, Any], geo, hot: frozenset) -> str:
    """The boss tile: each corner in the colour it shows now, with that HP bar; a corner
    is pointed at by its colour (`attack lance-queen red`).  The tile is outlined when
    it moved or turned (`hot`: the changed ids under `boss`)."""
    corners = [(d, corner) for d, corner in (boss.get("corners") or {}).items()
               if corner.get("square") in geo.cells]
    if not corners:
        return ""
    moved = "square" in hot or "corners" in hot or "rotation" in hot
    name = text(boss.get("name"))
    return Markup(f'\n<g id="token-boss" data-id="boss" class="boss{" changed" if moved else ""}"'
                  f'{CHANGED if moved else ""}>'
                  + "".join(_corner(d, corner, boss, name, geo[corner["square"]], moved) for d, corner in corners)
                  + "\n</g>")


def _corner(direction: str, corner: dict[str, Any], boss: dict[str, Any], name: str, c, moved: bool) -> str:
    colour = corner.get("colour")
    bar = (boss.get("bars") or {}).get(colour, {})
    hp, safe = f"{bar.get('hp')}/{bar.get('max')}", text(colour)
    title = text(f"{boss.get('name')}, {direction} corner: {colour}, {hp} HP")
    halo = (f'<polygon class="halo" points="{c.points}" fill="none" stroke="#dd6b20" stroke-width="3" '
            f'stroke-linejoin="round"/>' if moved else "")
    return (f'\n<g class="corner" data-token="{safe}" data-label="{name}: {safe} corner"><title>{title}</title>\n'
            f'<polygon points="{c.points}" fill="{COLOUR.get(colour, "#718096")}" '
            f'fill-opacity="{"0.35" if bar.get("hp") == 0 else "0.9"}" stroke="#1a202c" stroke-width="2"/>\n'
            f'<g text-anchor="middle" fill="#ffffff" pointer-events="none">\n'
            f'<text x="{c.cx}" y="{num(c.y - 12)}" font-size="10">{text(direction)} {safe}</text>\n'
            f'<text x="{c.cx}" y="{num(c.y + 8)}" font-size="15" font-weight="bold">{text(hp)}</text>\n'
            f'<text x="{c.cx}" y="{num(c.y + 24)}" font-size="8">{name}</text>\n</g>{halo}\n</g>')


def _summons(boss: dict[str, Any], geo, hot: frozenset) -> str:
    """The boss's minions (squares, with HP) and tokens (diamonds)."""
    found = [_summon(sid, m, boss, geo[m["square"]], sid in hot)
             for sid, m in (boss.get("summons") or {}).items() if m.get("square") in geo.cells]
    return Markup('\n<g class="summons">' + "".join(found) + "\n</g>") if found else ""


def _summon(sid: str, m: dict[str, Any], boss: dict[str, Any], c, hot: bool) -> str:
    minion, safe, number = m.get("kind") == "minion", text(sid), sid.rsplit("-", 1)[-1]
    label, name = text(f"{m.get('short', '')}{number}"), text(f"{m.get('name')} {number}")
    if minion:
        title = (f"{boss.get('name')}'s {m.get('name')} (minion, {m.get('colour')}, "
                 f"{m.get('hp')}/{m.get('hp_max')} HP, ATK {m.get('atk')} SPD {m.get('spd')} DEF {m.get('def')})")
        hp = text(f"{m.get('hp')}/{m.get('hp_max')}")
        body = (f'\n<rect x="{num(c.x - 18)}" y="{num(c.y - 18)}" width="36" height="36" rx="4" '
                f'fill="{COLOUR.get(m.get("colour"), "#2d3748")}" stroke="#1a202c" stroke-width="3"/>\n'
                f'<text x="{c.cx}" y="{num(c.y + 4)}" text-anchor="middle" font-size="12" font-weight="bold" '
                f'fill="#ffffff">{label}</text>\n'
                f'<text x="{c.cx}" y="{num(c.y + 28)}" {UNDER}>{hp}</text>')
    else:
        title = f"{boss.get('name')}'s {m.get('name')} (a token: it fills the square, it is no unit)"
        body = (f'\n<polygon points="{num(c.x)},{num(c.y - 17)} {num(c.x + 17)},{num(c.y)} {num(c.x)},'
                f'{num(c.y + 17)} {num(c.x - 17)},{num(c.y)}" fill="#2d3748" fill-opacity="0.85"/>\n'
                f'<text x="{c.cx}" y="{num(c.y + 4)}" text-anchor="middle" font-size="10" '
                f'fill="#ffffff">{label}</text>')
    token = f"{safe} {text(m['square'])}" if minion else text(m["square"])
    return (f'\n<g id="summon-{safe}" data-id="{safe}" data-token="{token}" data-label="{name}"'
            f'{HOT_GROUP if hot else ""}>\n<title>{text(title)}</title>{body}'
            f'{_halo_circle(c.cx, c.cy, 25, 3) if hot else ""}\n</g>')


HOT_GROUP = f' class="changed"{CHANGED}'


# ---- what is happening ------------------------------------------------------------------------
def _names(board: dict[str, Any]) -> dict[str, str]:
    return {uid: u.get("name", uid) for uid, u in (board.get("units") or {}).items()}


def _status(board: dict[str, Any]) -> list[str]:
    """Lines saying what the game waits for, in the game's words."""
    names = _names(board)
    if board.get("result"):
        return [f"Game over: {board['result']}."]
    phase, active = board.get("phase"), board.get("active")
    if phase == "mulligan":
        waiting = [s for s, p in (board.get("players") or {}).items() if not p.get("mulliganed")]
        return ["Before the first turn each player keeps their six cards, or puts some back "
                "(mulligan) and draws as many again.",
                f"Still choosing: {', '.join(waiting) or 'nobody'}."]
    if phase != "play":
        return ["The game is being set up."]
    lines = []
    boss = board.get("boss")
    if active == BOSS and boss:
        lines.append(f"Turn {board.get('turn')}: {boss.get('name')}'s turn"
                     f" (boss turn {boss.get('turns', 0) + 1} of {boss.get('plan_turns')});"
                     f" {boss.get('asker')} answers its questions.")
    else:
        lines.append(f"Turn {board.get('turn')} (round {board.get('round')}): {active} to play.")
    if board.get("activating"):
        unit = names.get(board["activating"], board["activating"])
        lines.append(f"{unit} has moved: it may still act, or wait.")
    pending = board.get("pending")
    if pending:
        attacker = pending.get("attacker", "")
        who = (f"{boss.get('name')}'s {attacker.split(':', 1)[1]} corner" if boss and attacker.startswith("boss:")
               else names.get(attacker, attacker))
        lines.append(f"{who} attacks {names.get(pending.get('defender'), pending.get('defender'))}: "
                     f"{pending.get('asked')} may react (a reaction special or shop card) or pass.")
    guest = board.get("guest")
    if guest:
        lines.append(f"An ally readied {names.get(guest.get('unit'), guest.get('unit'))}: "
                     f"{guest.get('seat')} may move and act with it now.")
    return lines


def _question(board: dict[str, Any]) -> dict[str, Any] | None:
    """A boss question's choices that are not places: the range of its next attack (the
    units and corners are on the map)."""
    boss = board.get("boss")
    if not boss or board.get("active") != BOSS or boss.get("step") != "attack" or not boss.get("queue"):
        return None
    names = _names(board)
    waiting = ", ".join(names.get(u, u) for u in boss["queue"])
    return {"text": f"{boss.get('name')} attacks next ({waiting} in its way): click the unit, the "
                    f"corner it attacks with, then the range.",
            "ranges": [{"token": r, "text": f"at range {r}"} for r in ("1", "2")]}


# ---- cards -----------------------------------------------------------------------------------
STATS = ("atk", "spd", "def")
WHEN = {"always": "", "attacking": " when attacking", "defending": " when attacked",
        "ally-adjacent": " with an ally next to it", "on-castle": " on a castle",
        "outnumbered": " when outnumbered"}


def _bonus(effect: dict[str, Any]) -> str:
    return ", ".join(f"{effect[s]:+d} {s.upper()}" for s in STATS if effect.get(s))


def effect_text(effect: dict[str, Any], card: bool = False) -> str:
    """A skill's or shop card's effect in a few words (the stand-in content's primitives,
    engine/games/roundtable/effects.py)."""
    kind, n, reach = effect.get("do"), effect.get("amount"), effect.get("range")
    within = f" within {reach}" if reach else ""
    match kind:
        case "stat":
            return f"{_bonus(effect)}{WHEN.get(effect.get('when'), '')}"
        case "combat-stat":
            return f"{_bonus(effect)} for this combat"
        case "heal":
            return f"restore {n} HP to " + ("one of your units" if card else f"an ally{within}")
        case "damage":
            return f"{n} damage to an enemy{within}" + (", never its last HP" if effect.get("non_lethal") else "")
        case "gain":
            gains = [f"{effect['coins']} Anna Coins"] if effect.get("coins") else []
            gains += [f"{effect['dv']} DV"] if effect.get("dv") else []
            return "gain " + " and ".join(gains)
        case "ready":
            return f"Ready an exhausted ally{within}"
        case "damage-area":
            return f"{n} damage to every enemy{within}"
        case "buff":
            return f"an ally{within} gets {_bonus(effect)} until your next turn"
        case "push":
            return f"push an enemy{within} one square away"
        case "rally":
            return f"every unit you control gets {_bonus(effect)} until your next turn"
    return str(kind)


SKILL = {"passive": "Passive", "assist": "Assist", "special": "Special",
         "reaction": "Reaction special"}
TRIGGER = {"attacked": "when it is attacked", "ally-attacked": "when a unit of yours next to it is attacked"}


@cache
def _unit_card(card_id: str) -> dict[str, Any]:
    """A unit card of the stand-in content as the hand shows it."""
    c = content.units().get(card_id)
    if c is None:
        return {"id": card_id, "name": card_id, "colour": "gray", "lines": [], "title": card_id}
    skill = c["skill"]
    kind = SKILL[skill["type"]] + (f", {TRIGGER[skill['trigger']]}" if skill.get("trigger") else "")
    rng = "-".join(str(r) for r in dict.fromkeys(c["rng"]))
    stats = f"HP {c['hp']} · ATK {c['atk']} · SPD {c['spd']} · DEF {c['def']} · RNG {rng} · MOV {c['mov']}"
    lines = [stats]
    if c["tags"]:
        lines.append(" ".join(f"[{t}]" for t in c["tags"]))
    if c.get("ss"):
        lines.append("shapeshifted: " + " · ".join(f"{s.upper()} {c['ss'][s]}" for s in STATS if s in c["ss"]))
    skill_text = f"{skill['name']} ({kind}): {effect_text(skill['effect'])}"
    return {"id": card_id, "name": c["name"], "colour": c["colour"],
            "sub": f"{c['colour']}{' · legendary' if c['legendary'] else ''}",
            "lines": lines, "skill": skill_text,
            "title": f"{c['name']}: {c['colour']} unit card; {stats}; {skill_text}"}


@cache
def _shop_entry(card_id: str) -> dict[str, Any] | None:
    cheer = content.cheer()
    if card_id == cheer["id"]:
        return cheer
    return content.shop_cards().get(card_id)


def _shop_name(card_id: str) -> str:
    entry = _shop_entry(card_id)
    return entry["name"] if entry else card_id


KIND = {"item": "Item: use it in your turn", "attachment": "Attachment: put it beneath one of your units",
        "reaction": "Reaction: play it while your unit is attacked"}


@cache
def _shop_card(card_id: str) -> dict[str, Any]:
    c = _shop_entry(card_id)
    if c is None:
        return {"id": card_id, "name": card_id, "kind": "", "text": "", "title": card_id}
    text = effect_text(c["effect"], card=True)
    if c["kind"] == "attachment":
        text += " (while attached)"
    sub = c["kind"] + (f" · cost {c['cost']}" if c.get("cost") else "")
    return {"id": card_id, "name": c["name"], "kind": c["kind"], "sub": sub,
            "how": KIND.get(c["kind"], c["kind"]), "text": text[:1].upper() + text[1:] + ".",
            "title": f"{c['name']} ({c['kind']}): {text}"}


def _hands(board: dict[str, Any], changed) -> Markup:
    """The hands the view holds (the seat's own; every hand once the game is over)."""
    found = []
    for seat, p in (board.get("players") or {}).items():
        if p.get("hand") is None:
            continue  # another seat's hand: its size is on that player's board
        choosing = board.get("phase") == "mulligan" and not p.get("mulliganed")
        found.append(_hand(seat, tuple(p["hand"]), tuple(p.get("shop_hand") or ()), choosing,
                           f"players.{seat}.hand" in changed))
    return Markup("".join(found))


# A hand is written once per its cards (issue #24); the key is the seat's own view of it.
@lru_cache(maxsize=512)
def _hand(seat: str, units: tuple, shop: tuple, choosing: bool, new: bool) -> str:
    title = text(f"{seat}'s hand")
    count = (f"{len(units)} unit card{_s(len(units))}"
             + (f", {len(shop)} shop card{_s(len(shop))}" if shop else ""))
    return (f'\n<section class="rt-hand" id="hand-{text(seat)}" aria-label="{title}">\n'
            f'<h3>{title} <small>{count}</small></h3>{MULLIGAN if choosing else ""}\n<div class="rt-cards">'
            + ("".join(_unit_card_html(c, new) for c in units) or "<p>no unit card in hand</p>")
            + "".join(_shop_card_html(c) for c in shop) + "\n</div>\n</section>")


MULLIGAN = ('<p class="rt-hint">Mulligan: click the cards to put back, then choose mulligan in the menu '
            '(the mulligan button alone keeps all six).</p>')


def _s(n: int) -> str:
    return "" if n == 1 else "s"


# A card of the stand-in content is written once (its words never change)
@lru_cache(maxsize=512)
def _unit_card_html(card_id: str, new: bool) -> str:
    c = _unit_card(card_id)
    safe, name = text(card_id), text(c["name"])
    return (f'\n<div class="rt-card rt-{text(c["colour"])}{" rt-new" if new else ""}" data-token="{safe}" '
            f'data-label="{name}" title="{text(c["title"])}">\n<b>{name}</b><small>{text(c.get("sub", ""))}</small>'
            + "".join(f"<span>{text(line)}</span>" for line in c["lines"])
            + f'<span>{text(c.get("skill", ""))}</span></div>')


@lru_cache(maxsize=512)
def _shop_card_html(card_id: str) -> str:
    c = _shop_card(card_id)
    safe, name = text(card_id), text(c["name"])
    return (f'\n<div class="rt-card rt-shopcard" data-token="{safe}" data-label="{name}" title="{text(c["title"])}">'
            f'\n<b>{name}</b><small>{text(c.get("sub", ""))}</small><span>{text(c.get("how", ""))}.</span>'
            f'<span><i>{text(c["text"])}</i></span></div>')


# ---- the players' boards -------------------------------------------------------------------
def _players(board: dict[str, Any], hot: frozenset) -> Markup:
    """One small board per player: its unit slots (named by their tokens on the board of
    the player to play), coins, DV, the DV Map Tile (its two sides to point at), VP and
    the cards held; a board that changed is outlined."""
    boss_mode = board.get("mode") == "boss"
    slots = SLOTS_BOSS if boss_mode else SLOTS_1V1
    active, playing = board.get("active"), board.get("phase") == "play"
    # The names of each player's units by slot, in one pass over the units (not one a slot)
    held: dict[tuple, list[str]] = {}
    for uid, u in (board.get("units") or {}).items():
        held.setdefault((u.get("owner"), u.get("slot")), []).append(u.get("name", uid))
    return Markup("".join(
        _player(seat, seat == active and playing, boss_mode,
                tuple(tuple(held.get((seat, slot), ())) for slot in slots), *_player_shown(p), seat in hot)
        for seat, p in (board.get("players") or {}).items()))


def _player_shown(p: dict[str, Any]) -> tuple:
    """What a player's board shows of the player's view, as the key it is kept by
    (`_player`): public counts only, never a hand's cards."""
    g = p.get
    return (tuple(g("shop_hand_known") or ()), g("hand_size", 0), g("shop_hand_size", 0), g("coins", 0),
            g("dv", 0), g("vp", 0), tuple(g("vp_cards") or ()), g("vp_tokens", 0), g("dv_tile"), g("dv_side"))


# A player's board is written once per everything it shows (issue #24).
@lru_cache(maxsize=1024, typed=True)
def _player(seat: str, acting: bool, boss_mode: bool, units: tuple, known: tuple, hand_size, shop_hand_size,
            coins, dv, vp, vp_cards: tuple, vp_tokens, dv_tile, dv_side, hot: bool) -> str:
    slots = "".join(_slot(slot, acting, boss_mode, ", ".join(names) or "empty")
                    for slot, names in zip(SLOTS_BOSS if boss_mode else SLOTS_1V1, units, strict=True))
    cards = [f"{hand_size} unit card{'s' if hand_size != 1 else ''}"]
    if not boss_mode:
        cards.append(f"{shop_hand_size} shop card{'s' if shop_hand_size != 1 else ''}"
                     + (f" ({', '.join(_shop_name(c) for c in known)})" if known else ""))
    facts = [f"DV {dv}"]
    tile = ""
    if not boss_mode:
        facts = [f"{coins} Anna Coin{'s' if coins != 1 else ''}", *facts,
                 f"VP {vp} (" + ("+".join(map(str, vp_cards)) or "no cards")
                 + f"; {vp_tokens} token{'s' if vp_tokens != 1 else ''})"]
        where = f"on {dv_tile}, {dv_side} side up" if dv_tile else "not placed"
        sides = ("plains", "ruins") if acting and dv >= DV_TILE_COST else ()
        tile = (f'<span>{text(f"DV Map Tile {where}")}'
                + "".join(f' <span class="rt-control" data-token="{text(side)}" '
                          f'data-label="{text(side)} side">{text(side)} side</span>' for side in sides)
                + "</span>")
    safe = text(seat)
    return (f'\n<section class="rt-player{" rt-acting" if acting else ""}{" changed" if hot else ""}" '
            f'id="player-{safe}" data-id="{safe}" style="border-left-color:{SEAT.get(seat, "#1a202c")}">\n'
            f'<header>{text(seat + (" · to play" if acting else ""))}</header>\n<div class="rt-slots">{slots}</div>\n'
            f'<span>{text(" · ".join(facts))}</span>\n<span>holds {text(" · ".join(cards))}</span>{tile}\n</section>')


def _slot(slot: str, acting: bool, boss_mode: bool, unit: str) -> str:
    """A unit slot, named by its token on the board of the player to play."""
    label = f"unit slot {slot}" if boss_mode else f"{slot} slot"
    named = f' data-token="{text(slot)}" data-label="{text(label)}"' if acting else ""
    return (f'<span class="rt-slot" style="border-left-color:{COLOUR.get(slot, "#a0aec0")}"{named}>'
            f'{text(slot)}: {text(unit)}</span>')


def _shop(board: dict[str, Any]) -> dict[str, Any]:
    """Anna's Shop: three face-down cards, each pointed at by its slot (`buy 2`)."""
    slots = []
    for slot in SHOP_SLOTS:
        card = (board.get("shop") or {}).get(slot)
        slots.append({"token": slot if card else "", "slot": slot,
                      "text": f"cost {card['cost']}" if card else "empty",
                      "label": f"shop card {slot}" + (f" (cost {card['cost']})" if card else "")})
    vp = board.get("vp_deck") or []
    slots = Markup("".join(f'<div class="rt-facedown{"" if s["token"] else " rt-empty"}"'
                           + (f' data-token="{text(s["token"])}"' if s["token"] else "")
                           + f' data-label="{text(s["label"])}"><b>{text(s["slot"])}</b><span>{text(s["text"])}</span></div>'
                           for s in slots))
    return {"slots": slots,
            "deck": f"{board.get('shop_deck_size', 0)} in the deck, {len(board.get('shop_discards') or ())} used",
            "vp": "VP deck: " + (", ".join(map(str, vp)) if vp else "empty") + " (the top first)"}


# ---- the boss -------------------------------------------------------------------------------
BOSS_EFFECT = {"damage-all": "{amount} damage to every player unit, one by one in the players' order",
               "restore": "restores {amount} HP to each HP bar",
               "exhaust-near": "exhausts every Ready unit within {range} of the tile",
               "summon": "summons a {what}",
               "minions-strike": "each minion deals {amount} damage to every player unit next to it",
               "none": "nothing"}


def boss_effect_text(effect: dict[str, Any]) -> str:
    words = BOSS_EFFECT.get(effect.get("do"), str(effect.get("do")))
    fields = {**effect, "what": str(effect.get("what", "")).replace("-", " ")}
    try:
        return words.format(**fields)
    except (KeyError, IndexError):
        return words


def _moves(move: list[str]) -> str:
    """The die faces of a boss card's movement targets: "1-3 C2, 4-6 C4"."""
    spans: list[tuple[int, int, str]] = []
    for face, square in enumerate(move, 1):
        if spans and spans[-1][2] == square:
            spans[-1] = (spans[-1][0], face, square)
        else:
            spans.append((face, face, square))
    return ", ".join(f"{a}-{b} {sq}" if a != b else f"{a} {sq}" for a, b, sq in spans)


ID = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\w-])")


def _told(line: str, board: dict[str, Any]) -> str:
    """A line of the boss's news with the pieces it names by id called by their names (a
    unit card's, as the content prints it; a minion's or token's as the map labels it)."""
    summons = (board.get("boss") or {}).get("summons") or {}
    units = content.units()

    def name(match: re.Match) -> str:
        word = match.group(0)
        if word in units:
            return units[word]["name"]
        if word in summons:
            return f"{summons[word].get('name')} {word.rsplit('-', 1)[-1]}"
        return word
    return ID.sub(name, line)


def _boss(board: dict[str, Any], boss: dict[str, Any]) -> dict[str, Any]:
    lives = boss.get("lives", 0)
    bars = Markup("".join(f'<span class="rt-bar" style="background:{COLOUR.get(c, "#718096")}">'
                          f'{text(c)} {text(b.get("hp"))}/{text(b.get("max"))}</span>'
                          for c, b in (boss.get("bars") or {}).items()))
    card = boss.get("card")
    shown = None
    if card:
        rng = "-".join(str(r) for r in dict.fromkeys(card.get("rng") or ()))
        tags = " ".join(f"[{t}]" for t in card.get("tags") or ())
        shown = {"name": card.get("name"),
                 "stats": f"ATK {card.get('atk')} · SPD {card.get('spd')} · DEF {card.get('def')} · RNG {rng}"
                          + (f" · {tags}" if tags else ""),
                 "move": "moves by the die: " + _moves(card.get("move") or []),
                 "effect": "when flipped: " + boss_effect_text(card.get("effect") or {})}
    action = boss.get("action") or {}
    action_text = ""
    if action:
        what = (f"delays its plan by {action.get('turns')} boss turn (at most {action.get('most')})"
                if action.get("do") == "delay" else
                f"deals {action.get('amount')} damage to one HP bar" + (", never its last point"
                                                                        if action.get("non_lethal") else ""))
        action_text = (f"{action.get('name')}: a unit within {action.get('range')} of the tile "
                       f"may spend its action on it: it {what}.")
    step = {"start": "its start effects and the roll", "card": "its card",
            "attack": "its attacks", "effect": "its card's effect", "rotate": "the turn of its tile"}
    names = _names(board)
    queue = [names.get(u, u) for u in boss.get("queue") or ()]
    news = Markup("".join(f"<li>{text(_told(line, board))}</li>" for line in boss.get("news") or ()))
    under_way = board.get("active") == BOSS
    return {
        "name": boss.get("name"),
        "lives": f"{lives} {'life' if lives == 1 else 'lives'} left",
        "plan": f"boss turn {boss.get('turns', 0)} of {boss.get('plan_turns')} done: "
                f"the players lose when its plan is complete",
        "bars": bars, "card": shown, "action": action_text,
        "reference": boss.get("reference") or "",
        "deck": f"{boss.get('deck_size', 0)} card(s) in its deck, {len(boss.get('discards') or ())} flipped",
        "now": (f"Now: {step.get(boss.get('step'), boss.get('step'))}"
                + (f"; waiting: {', '.join(queue)}" if queue else "") + ".")
        if board.get("active") == BOSS and boss.get("step") else "",
        "news": news,
        "news_title": (f"{boss.get('name')}'s turn so far" if under_way else
                       f"{boss.get('name')}'s latest turn (boss turn {boss.get('turns', 0)})") if news else "",
    }
