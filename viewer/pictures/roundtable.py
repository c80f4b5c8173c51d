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

The map's geometry is square_board's, computed once; the rest once per view,
in plain loops.  Every number comes back as a string ready to print.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from markupsafe import Markup

from engine.games.roundtable import content
from engine.kit.picture import num
from viewer.boards import square_board

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
    boss = board.get("boss")
    spots = _spots(board, fixed)
    return {
        **fixed,
        "cells": _cells(board, fixed["geo"]),
        "spots": spots,
        "spot_layer": _spot_layer(spots),
        "squares": _marks(board, fixed["geo"]),
        "zones": _zones(board, fixed["geo"]),
        "units": _units(board, fixed["geo"]),
        "corners": _corners(boss, fixed["geo"]) if boss else [],
        "summons": _summons(boss, fixed["geo"]) if boss else [],
        "status": _status(board),
        "question": _question(board),
        "hands": _hands(board),
        "players": _players(board),
        "shop": None if boss or board.get("mode") == "boss" else _shop(board),
        "boss": _boss(board, boss) if boss else None,
        "aria": f"Anna's Roundtable, turn {board.get('turn', 0)}",
    }


def place_points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each square's centre in the picture's coordinates (the map is not moved: the
    coordinates around it lie at negative positions of the viewBox)."""
    return {c.id: (c.x, c.y) for c in square_board(6, 6, SIZE).cells.values()}


# ---- what never moves ----------------------------------------------------------------------
@cache
def _fixed() -> dict[str, Any]:
    """The squares, the coordinates along two edges, the spots that light up."""
    geo = square_board(6, 6, SIZE)
    cells = geo.cells.values()
    width, height = float(geo.width), float(geo.height)
    return {
        "geo": geo, "terrain": TERRAIN,
        "viewbox": f"-16 -16 {num(width + 16)} {num(height + 16)}",
        "columns": [{"x": c.cx, "text": COLUMNS[c.col]} for c in cells if c.row == 0],
        "rows": [{"y": num(c.y + 4), "text": str(c.row + 1)} for c in cells if c.col == 0],
        "spot_list": [{"id": c.id, "x": num(c.x - SIZE / 2 + 2.5), "y": num(c.y - SIZE / 2 + 2.5),
                       "side": num(SIZE - 5)} for c in cells],
    }


# ---- the map ---------------------------------------------------------------------------------
def _cells(board: dict[str, Any], geo) -> list[dict[str, Any]]:
    """Every square in its terrain's colour.  A square is pointed at through the spot over
    it, or the piece standing on it (`_spots`)."""
    found = []
    for sq, s in (board.get("squares") or {}).items():
        if sq not in geo.cells:
            continue
        now = s.get("now", "plains")
        found.append({"id": sq, "fill": TERRAIN.get(now, TERRAIN["plains"]),
                      "attrs": _square_attrs(sq, geo[sq].points, now)})
    return found


# Written once per square and terrain (issue #24: Markup.format was most of a step's picture).
@lru_cache(maxsize=4096)
def _square_attrs(sq: str, points: str, now: str) -> Markup:
    return Markup('id="square-{}" data-id="{}" points="{}" class="square {}').format(sq, sq, points, now)


@lru_cache(maxsize=4096)
def _spot(sq: str, x: str, y: str, side: str) -> str:
    return str(Markup('<rect class="rt-spot" data-token="{}" data-label="{}" x="{}" y="{}" width="{}" height="{}" '
                      'rx="4"/>').format(sq, sq, x, y, side, side))


def _spot_layer(spots: list[dict[str, str]]) -> Markup:
    """The spots as one string (they never show what changed)."""
    return Markup("".join(_spot(s["id"], s["x"], s["y"], s["side"]) for s in spots))


def _spots(board: dict[str, Any], fixed: dict[str, Any]) -> list[dict[str, str]]:
    """A spot over each square that lights up when the square may be chosen, named by the
    square; where a unit or a summoned piece stands, the piece answers for its square
    instead (its element names both), so that a click on it is never hidden by a spot."""
    taken = {u.get("square") for u in (board.get("units") or {}).values()}
    taken |= {m.get("square") for m in ((board.get("boss") or {}).get("summons") or {}).values()}
    taken |= {c.get("square") for c in ((board.get("boss") or {}).get("corners") or {}).values()}
    return [s for s in fixed["spot_list"] if s["id"] not in taken]


def _marks(board: dict[str, Any], geo) -> list[dict[str, Any]]:
    """What a square says beyond its colour: its terrain (the printed one in brackets
    where a DV Map Tile covers it), the tile's owner, a Pixel Art Work bonus."""
    found = []
    for sq, s in (board.get("squares") or {}).items():
        if sq not in geo.cells:
            continue
        now, printed, tile, work = s.get("now"), s.get("terrain"), s.get("dv_tile"), s.get("work")
        if now == "plains" and printed == "plains" and not tile and not work:
            continue
        c = geo[sq]
        left, top, right = num(c.x - SIZE / 2 + 4), num(c.y - SIZE / 2 + 11), num(c.x + SIZE / 2 - 4)
        light = now == "ruins"
        found.append({
            "id": sq, "x": left, "y": top, "right": right, "light": light,
            "text": now if now != "plains" else (f"({printed})" if printed != "plains" else ""),
            "tile": tile and {"points": c.points, "stroke": SEAT.get(tile, "#1a202c"),
                              "text": f"DV {tile}", "title": f"{tile}'s DV Map Tile, {now} side up"},
            "work": work and {"text": "*" if work == "dv" else "$",
                              "title": "Work here: 1 DV instead of a coin" if work == "dv"
                              else "Work here: 1 extra Anna Coin"},
        })
    return found


def _zones(board: dict[str, Any], geo) -> list[dict[str, str]]:
    return [{"points": geo[sq].points, "stroke": SEAT.get(s["zone"], "#1a202c"),
             "title": f"{s['zone']}'s deployment zone"}
            for sq, s in (board.get("squares") or {}).items() if s.get("zone") and sq in geo.cells]


def _units(board: dict[str, Any], geo) -> list[dict[str, Any]]:
    pending = board.get("pending") or {}
    found = []
    for uid, u in (board.get("units") or {}).items():
        if u.get("square") not in geo.cells:
            continue
        c = geo[u["square"]]
        marks = "".join(mark for on, mark in ((u.get("special"), " S"), (u.get("shapestone"), " *"),
                                              (u.get("attachment"), " +"),
                                              (u.get("until_next_turn"), " ^"), (u.get("haste"), " H")) if on)
        role = ("attacking" if uid == pending.get("attacker") else
                "attacked: its player may react" if uid == pending.get("defender") else "")
        found.append({
            "id": uid, "square": u["square"], "x": c.cx, "y": c.cy,
            "fill": COLOUR.get(u.get("colour"), "#718096"), "ring": SEAT.get(u.get("owner"), "#1a202c"),
            "opacity": "0.5" if u.get("exhausted") else "1",
            "short": u.get("short", uid[:2]), "font": "11" if len(u.get("short", "")) > 2 else "14",
            "label_y": num(c.y + 5), "hp_y": num(c.y + 29),
            "hp": f"{u.get('hp')}/{u.get('hp_max')}{marks}",
            "name": u.get("name", uid), "role": role,
            "title": _unit_title(u),
        })
    return found


def _unit_title(u: dict[str, Any]) -> str:
    rng = "-".join(str(r) for r in dict.fromkeys(u.get("rng") or ()))
    extras = [f"{u.get('skill')} ({u.get('skill_type')})"] if u.get("skill") else []
    extras += [f"[{t}]" for t in u.get("tags") or ()]
    if u.get("special"):
        extras.append("Special Ability token")
    if u.get("shapestone"):
        extras.append("Shapestone")
    if u.get("attachment"):
        extras.append(f"attachment {_shop_name(u['attachment'])}")
    return (f"{u.get('name')} ({u.get('owner')}, {u.get('colour')}, slot {u.get('slot')}): "
            f"{u.get('hp')}/{u.get('hp_max')} HP, ATK {u.get('atk')} SPD {u.get('spd')} "
            f"DEF {u.get('def')} RNG {rng} MOV {u.get('mov')}, "
            f"{'exhausted' if u.get('exhausted') else 'ready'}"
            + (f"; {', '.join(extras)}" if extras else ""))


def _corners(boss: dict[str, Any], geo) -> list[dict[str, Any]]:
    """The boss tile: each corner in the colour it shows now, with that HP bar; a corner
    is pointed at by its colour (`attack lance-queen red`)."""
    found = []
    for direction, corner in (boss.get("corners") or {}).items():
        if corner.get("square") not in geo.cells:
            continue
        c, colour = geo[corner["square"]], corner.get("colour")
        bar = (boss.get("bars") or {}).get(colour, {})
        found.append({
            "direction": direction, "colour": colour, "points": c.points,
            "fill": COLOUR.get(colour, "#718096"), "opacity": "0.35" if bar.get("hp") == 0 else "0.9",
            "x": c.cx, "top": num(c.y - 12), "middle": num(c.y + 8), "bottom": num(c.y + 24),
            "hp": f"{bar.get('hp')}/{bar.get('max')}",
            "label": f"{boss.get('name')}: {colour} corner",
            "title": f"{boss.get('name')}, {direction} corner: {colour}, {bar.get('hp')}/{bar.get('max')} HP",
        })
    return found


def _summons(boss: dict[str, Any], geo) -> list[dict[str, Any]]:
    found = []
    for sid, m in (boss.get("summons") or {}).items():
        if m.get("square") not in geo.cells:
            continue
        c = geo[m["square"]]
        minion = m.get("kind") == "minion"
        found.append({
            "id": sid, "square": m["square"], "minion": minion, "x": c.cx, "y": c.cy,
            "fill": COLOUR.get(m.get("colour"), "#2d3748"),
            "rect_x": num(c.x - 18), "rect_y": num(c.y - 18),
            "diamond": f"{num(c.x)},{num(c.y - 17)} {num(c.x + 17)},{num(c.y)} "
                       f"{num(c.x)},{num(c.y + 17)} {num(c.x - 17)},{num(c.y)}",
            "label_y": num(c.y + 4), "hp_y": num(c.y + 28),
            "label": f"{m.get('short', '')}{sid.rsplit('-', 1)[-1]}",
            "hp": f"{m.get('hp')}/{m.get('hp_max')}" if minion else "",
            "name": f"{m.get('name')} {sid.rsplit('-', 1)[-1]}",
            "title": (f"{boss.get('name')}'s {m.get('name')} (minion, {m.get('colour')}, "
                      f"{m.get('hp')}/{m.get('hp_max')} HP, ATK {m.get('atk')} SPD {m.get('spd')} "
                      f"DEF {m.get('def')})") if minion else
                     f"{boss.get('name')}'s {m.get('name')} (a token: it fills the square, it is no unit)",
        })
    return found


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


def _hands(board: dict[str, Any]) -> list[dict[str, Any]]:
    """The hands the view holds (the seat's own; every hand once the game is over)."""
    found = []
    for seat, p in (board.get("players") or {}).items():
        if p.get("hand") is None:
            continue  # another seat's hand: its size is on that player's board
        choosing = board.get("phase") == "mulligan" and not p.get("mulliganed")
        found.append({"seat": seat, "stripe": SEAT.get(seat, "#1a202c"),
                      "title": f"{seat}'s hand",
                      "hint": "Mulligan: click the cards to put back, then choose mulligan in the menu "
                              "(the mulligan button alone keeps all six)." if choosing else "",
                      "units": [_unit_card(c) for c in p["hand"]],
                      "shop": [_shop_card(c) for c in p.get("shop_hand") or ()]})
    return found


# ---- the players' boards -------------------------------------------------------------------
def _players(board: dict[str, Any]) -> list[dict[str, Any]]:
    """One small board per player: its unit slots (named by their tokens on the board of
    the player to play), coins, DV, the DV Map Tile (its two sides to point at), VP and
    the cards held."""
    boss_mode = board.get("mode") == "boss"
    slots = SLOTS_BOSS if boss_mode else SLOTS_1V1
    active, playing = board.get("active"), board.get("phase") == "play"
    found = []
    for seat, p in (board.get("players") or {}).items():
        own = [(uid, u) for uid, u in (board.get("units") or {}).items() if u.get("owner") == seat]
        acting = seat == active and playing
        slot_boxes = []
        for slot in slots:
            held = [u.get("name", uid) for uid, u in own if u.get("slot") == slot]
            slot_boxes.append({
                "token": slot if acting else "", "label": f"unit slot {slot}" if boss_mode else f"{slot} slot",
                "name": slot, "fill": COLOUR.get(slot, "#a0aec0"),
                "unit": ", ".join(held) or "empty"})
        known = [_shop_name(c) for c in p.get("shop_hand_known") or ()]
        held = [f"{p.get('hand_size', 0)} unit card{'s' if p.get('hand_size') != 1 else ''}"]
        if not boss_mode:
            held.append(f"{p.get('shop_hand_size', 0)} shop card{'s' if p.get('shop_hand_size') != 1 else ''}"
                        + (f" ({', '.join(known)})" if known else ""))
        facts = [f"DV {p.get('dv', 0)}"]
        if not boss_mode:
            facts = [f"{p.get('coins', 0)} Anna Coin{'s' if p.get('coins') != 1 else ''}", *facts,
                     f"VP {p.get('vp', 0)} (" + ("+".join(map(str, p.get("vp_cards") or ())) or "no cards")
                     + f"; {p.get('vp_tokens', 0)} token{'s' if p.get('vp_tokens') != 1 else ''})"]
        tile = None
        if not boss_mode:
            where = (f"on {p['dv_tile']}, {p.get('dv_side')} side up" if p.get("dv_tile") else "not placed")
            sides = ([{"token": side, "text": f"{side} side"} for side in ("plains", "ruins")]
                     if acting and p.get("dv", 0) >= DV_TILE_COST else [])
            tile = {"text": f"DV Map Tile {where}", "sides": sides}
        found.append({"seat": seat, "stripe": SEAT.get(seat, "#1a202c"), "acting": acting,
                      "head": seat + (" · to play" if acting else ""),
                      "slots": slot_boxes, "facts": " · ".join(facts), "held": " · ".join(held),
                      "tile": tile})
    return found


def _shop(board: dict[str, Any]) -> dict[str, Any]:
    """Anna's Shop: three face-down cards, each pointed at by its slot (`buy 2`)."""
    slots = []
    for slot in SHOP_SLOTS:
        card = (board.get("shop") or {}).get(slot)
        slots.append({"token": slot if card else "", "slot": slot,
                      "text": f"cost {card['cost']}" if card else "empty",
                      "label": f"shop card {slot}" + (f" (cost {card['cost']})" if card else "")})
    vp = board.get("vp_deck") or []
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
    bars = [{"colour": c, "fill": COLOUR.get(c, "#718096"), "text": f"{b.get('hp')}/{b.get('max')}"}
            for c, b in (boss.get("bars") or {}).items()]
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
    news = [_told(line, board) for line in boss.get("news") or ()]
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
