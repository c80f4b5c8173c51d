"""The board picture's numbers, worked out in Python so the template only prints.

`boards/promised_day.html` calls `game.board_picture(board, geo, changed)`:
`board` is this game's `view` (plain data), `geo` the cached `graph_layout`
of the spaces (viewer/boards.py, its arguments from `board_graph(board)`), `changed` the step's changed paths.  What
never moves (the Areas' lanes, the lines, the spots of every space) is worked
out once per layout; what moves (tokens, life, cards, what changed) once per
render, in plain loops, which costs a fraction of the same loops in Jinja.
Every number comes back as a string ready to print.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.kit.picture import changed_ids as _ids
from engine.kit.picture import num

SEAT = {"red": "#c53030", "blue": "#2b6cb0", "yellow": "#b7791f", "green": "#2f855a"}
CARD = {"red": "#e53e3e", "blue": "#3182ce", "yellow": "#ecc94b", "green": "#38a169",
        "any": "#a0aec0"}
LANE = {"1": "#fbd38d", "2": "#9ae6b4", "3": "#90cdf4", "4": "#d6bcfa", "5": "#feb2b2"}
INK = {"1": "#9c4221", "2": "#276749", "3": "#2c5282", "4": "#553c9a", "5": "#9b2c2c"}
KIND = {"three-and-two": "3 + 2 of two colours", "four-same-colour": "4 of one colour",
        "four-colours": "4 colours", "seven-cards": "7 cards"}
ORANGE, SOLDIER, BOSS = "#dd6b20", "#742a2a", "#553c9a"
EMPTY = {"soldiers": 0, "bosses": [], "characters": []}  # a space the view leaves out
AREA_ROW, SUMMARY_ROW, SUMMARY_PITCH = 578, 762, 36  # the template's rows (the city at 48)


# ---- what never moves -------------------------------------------------------------------
def board_graph(board: dict[str, Any]) -> tuple:
    """The arguments of viewer/boards.py's `graph_layout` for this board: the spaces, the
    lines between them, the picture's box and margin, the content file's positions."""
    return _graph(tuple(board["lines"]), tuple((sp, (x, y))
                                               for sp, (_, _, x, y) in board["map"].items()))


@lru_cache(maxsize=16)
def _graph(lines: tuple[str, ...], at: tuple[tuple[str, tuple[float, float]], ...]) -> tuple:
    edges = [tuple(line.split("-", 1)) for line in lines]
    return [sp for sp, _ in at], edges, 640, 520, 56, dict(at)


@lru_cache(maxsize=16)
def _static(geo, areas: tuple[tuple[str, tuple[str, ...]], ...],
            spots: tuple[tuple[str, int], ...]) -> dict[str, Any]:
    """Lanes, lines and spot centres for one layout (`geo` is cached by viewer/boards.py,
    so it is the same object on every step of a game)."""
    lanes = [{"n": n, "fill": LANE.get(n, "#e2e8f0"), "title": f"Area {n}",
              "points": " ".join(f"{geo[sp].cx},{geo[sp].cy}" for sp in spaces)}
             for n, spaces in areas]
    lines = " ".join(f"M{link.x1} {link.y1}L{link.x2} {link.y2}" for link in geo.links)
    centres = {}
    for sp, n in spots:
        c = geo[sp]
        centres[sp] = {"cx": c.cx, "cy": c.cy, "label_y": num(c.y - 10), "token_y": num(c.y - 34),
                       "spot_y": num(c.y + 8), "label_text_y": num(c.y + 12),
                       "spots": [num(c.x - (n - 1) * 10.5 + i * 21) for i in range(n)],
                       "x": c.x, "y": c.y}
    return {"lanes": lanes, "lines": lines, "centres": centres}


# ---- the picture of one step ------------------------------------------------------------
def board_picture(board: dict[str, Any], geo, changed=()) -> dict[str, Any]:
    """Everything the template draws, positioned, labelled and classed."""
    hot = {name: _ids(changed, name) for name in ("spaces", "characters", "areas", "bosses")}
    areas = tuple((n, tuple(a["spaces"])) for n, a in board["areas"].items())
    spots = tuple((sp, m[1]) for sp, m in board["map"].items())
    static = _static(geo, areas, spots)
    height = SUMMARY_ROW + SUMMARY_PITCH * len(board["characters"]) + 8
    return {
        "height": height, "frame_height": height - 2,
        "lanes": static["lanes"], "lines": static["lines"],
        "header": _header(board),
        "track": _track(board, "damage_track" in changed),
        "spaces": _spaces(board, static["centres"], hot),
        "characters": _tokens(board, static["centres"], hot["characters"]),
        "halos": [static["centres"][sp] for sp in sorted(hot["spaces"])
                  if sp in static["centres"]],
        "areas": _areas(board, hot["areas"]),
        "homunculus": _homunculus(board),
        "bosses": _boss_list(board, hot["bosses"]),
        "summaries": _summaries(board, hot["characters"]),
    }


def _header(board: dict[str, Any]) -> dict[str, str]:
    if board["round"]:
        title = f"Round {board['round']} / {board['round_limit']}" + (" +2" if board["plus_two"]
                                                                     else "")
    else:
        title = "Set-up"
    question = board["question"]
    if board["result"]:
        status = board["result"]
    elif question:
        status = f"waiting: {question[0]} ({question[1]} left)"
    elif board["phase"] == "homunculus":
        step = board["homunculus_step"]
        status = "Homunculus turn" + (f": {step}" if step else "")
    elif board["current"]:
        ch = board["characters"][board["current"]]
        status = (f"{ch['name']}: {'' if board['moved'] else 'basic movement, then '}"
                  f"{board['actions_left']} action(s) left")
    else:
        status = "set-up: " + ("choose the starting spaces" if board["phase"] == "start"
                               else "dealing")
    alert = board["result"] or question
    return {"title": title, "status": status, "status_fill": "#c05621" if alert else "#2d3748"}


def _track(board: dict[str, Any], hot: bool) -> list[dict[str, str]]:
    filled = board["damage_track"]
    stroke, width = (ORANGE, "2.5") if hot else ("#4a5568", "1")
    return [{"x": str(372 + i * 24), "fill": SOLDIER if i < filled else "#ffffff",
             "stroke": stroke, "width": width} for i in range(7)]


def _spaces(board: dict[str, Any], centres: dict, hot: dict) -> list[dict[str, Any]]:
    """Each space with its spots: soldiers first, then bosses, then the empty ones."""
    bosses, characters = board["bosses"], board["characters"]
    found = []
    occupied = board["spaces"]
    for sp in board["map"]:
        s = occupied.get(sp, EMPTY)
        c = centres[sp]
        area, spots = board["map"][sp][:2]
        ink = INK.get(str(area), "#2d3748")
        title = (f"Space {sp} (Area {area}): {spots} spot(s), {s['soldiers']} soldier(s)"
                 + "".join(f", {bosses[b]['name']} ({bosses[b]['life']} life)"
                           for b in s["bosses"])
                 + "".join(f", {characters[ch]['name']}" for ch in s["characters"]))
        tokens, xs = [], c["spots"]
        for i, x in enumerate(xs):
            if i < s["soldiers"]:
                tokens.append({"kind": "soldier", "x": x})
            elif i < s["soldiers"] + len(s["bosses"]):
                tokens.append(_boss_token(s["bosses"][i - s["soldiers"]], bosses, x,
                                          hot["bosses"]))
            else:
                tokens.append({"kind": "spot", "x": x})
        found.append({"id": sp, "hot": sp in hot["spaces"], "ink": ink, "title": title,
                      "cx": c["cx"], "cy": c["cy"], "label_y": c["label_y"],
                      "spot_y": c["spot_y"], "text_y": c["label_text_y"], "tokens": tokens})
    return found


def _boss_token(boss: str, bosses: dict, x: str, hot: frozenset[str]) -> dict[str, Any]:
    b = bosses[boss]
    changed = boss in hot
    return {"kind": "boss", "id": boss, "x": x, "hot": changed,
            "title": f"{b['name']}: {b['life']} life",
            "label": f"{b['name'].split(' ')[-1][:1]}{b['life']}",
            "stroke": ORANGE if changed else "#ffffff", "width": "3" if changed else "1"}


def _tokens(board: dict[str, Any], centres: dict, hot: frozenset[str]) -> list[dict[str, Any]]:
    """The characters on the rims of their spaces, side by side."""
    found = []
    for cid, ch in board["characters"].items():
        if not ch["space"]:
            continue
        here = board["spaces"].get(ch["space"], EMPTY)["characters"]
        c = centres[ch["space"]]
        x = num(c["x"] - (len(here) - 1) * 12 + here.index(cid) * 24)
        found.append({"id": cid, "x": x, "y": c["token_y"], "label": cid[:2].capitalize(),
                      "fill": SEAT.get(ch["seat"], "#4a5568"), "hot": cid in hot,
                      "current": cid == board["current"],
                      "title": f"{ch['name']}: life {ch['life']}/{ch['max_life']}, "
                               f"{ch['hand_size']} card(s) in hand"})
    return found


def _areas(board: dict[str, Any], hot: frozenset[str]) -> list[dict[str, Any]]:
    """One column per Area: its tile and the cards in its Transmutation Circle space."""
    found = []
    for i, (n, area) in enumerate(board["areas"].items()):
        x = 8 + i * 126
        cards = [{"x": str(x + 6 + (j % 7) * 15), "y": str(AREA_ROW + 52 + (j // 7) * 20),
                  "fill": CARD.get(colour, "#a0aec0"), "wild": colour == "any",
                  "title": f"{card} ({colour})"}
                 for j, (card, (colour, *_)) in enumerate(area["circle"].items())]
        tile = area["tile"]
        shown = None
        if tile:
            up = tile["face_up"]
            shown = {"cls": "face-up" if up else "face-down",
                     "title": f"Transmutation Circle tile {tile['id']}: {KIND[tile['kind']]}, "
                              + ("face up" if up else "face down: complete"),
                     "text": KIND[tile["kind"]] if up else "✓ done",
                     "fill": "#fffdf7" if up else "#2d3748", "ink": "#1a202c" if up else "#e2e8f0",
                     "size": "11" if up else "12"}
        found.append({"n": n, "hot": n in hot, "x": str(x), "text_x": str(x + 6),
                      "tile_x": str(x + 6), "mid_x": str(x + 60), "end_x": str(x + 114),
                      "lane": LANE.get(n, "#e2e8f0"), "ink": INK.get(n, "#2d3748"),
                      "tile": shown, "cards": cards, "count": len(area["circle"])})
    return found


def _homunculus(board: dict[str, Any]) -> dict[str, str]:
    h = board["homunculus"]["revealed"]
    if h:
        text = (f"{h['what'].replace('-', ' ')} ({h['kind']}): march "
                f"{', '.join(map(str, h['march'])) or 'none'}, {h['soldiers']}+ soldiers")
    else:
        text = "none revealed this round"
    rounds = ", ".join(map(str, board["homunculus"]["face_down_rounds"])) or "none"
    bonus = board["bonus"]
    return {"text": text, "face_down": f"face down above rounds {rounds}",
            "bonus": " · ".join(b["name"] for b in bonus["offer"]) or "none face up",
            "bonus_deck": str(bonus["deck_size"])}


def _boss_list(board: dict[str, Any], hot: frozenset[str]) -> list[dict[str, Any]]:
    return [{"text": f"{b['name'].split(' ')[-1]} ♥{b['life']} ({b['space']})", "hot": bid in hot}
            for bid, b in board["bosses"].items()]


def _summaries(board: dict[str, Any], hot: frozenset[str]) -> list[dict[str, Any]]:
    """One row per character: life boxes, hand and deck, the hand's cards if shown."""
    found = []
    for i, (cid, ch) in enumerate(board["characters"].items()):
        y = SUMMARY_ROW + i * SUMMARY_PITCH
        top, life = ch["max_life"], ch["life"] or 0
        row = {"id": cid, "hot": cid in hot, "y": str(y), "mid_y": str(y + 16),
               "label_y": str(y + 20), "name_y": str(y + 14), "sub_y": str(y + 27),
               "life_y": str(y + 15), "cards_y": str(y + 28),
               "hand_y": str(y + 4), "damage_y": str(y + 15), "icon_y": str(y + 25),
               "fill": "#feebc8" if cid in hot else "#ffffff",
               "stroke": ORANGE if cid in hot else SEAT.get(ch["seat"], "#4a5568"),
               "width": "3" if cid in hot else "1.5", "seat_fill": SEAT.get(ch["seat"], "#4a5568"),
               "label": cid[:2].capitalize(), "current": cid == board["current"],
               "sub": f"{ch['seat']} · {ch['space'] or '—'} · move {ch['move']}",
               "life": f"{ch['life']}/{top}", "life_title": f"life {ch['life']} of {top}",
               "life_x": str(200 + top * 9),
               # the life boxes: two dashed bars (7 wide, 2 apart), the track and the life
               "track_end": str(196 + top * 9), "life_end": str(196 + max(life, 0) * 9),
               "bar_y": str(y + 11),
               "counts": f"hand {ch['hand_size']} · deck {ch['deck_size']}"
                         + (f" · companions: {', '.join(ch['companions'])}"
                            if ch["companions"] else ""),
               "hand": None}
        if "hand" in ch:
            pitch = min(27, 276 // max(len(ch["hand"]), 1))
            row["hand"] = [_hand_card(card, face, 356 + j * pitch)
                           for j, (card, face) in enumerate(ch["hand"].items())]
        found.append(row)
    return found


def _hand_card(card: str, face: list, x: int) -> dict[str, str]:
    colour, damage, reach, icon = face
    return {"x": str(x), "mid": num(x + 12.5), "fill": CARD.get(colour, "#a0aec0"),
            "label": f"{damage}/{reach}", "icon": icon,
            "title": f"{card}: {colour}, {damage} damage, range {reach}"
                     + (f", icon {icon}" if icon else "")}
