"""The board picture's numbers and texts, worked out in Python so the template only prints.

`boards/forbidden_alchemy_story.html` calls `game.board_graph(board)` for the
arguments of viewer/boards.py's cached `graph_layout`, then
`game.board_picture(board, geo, changed, targets)`.  What never moves (the
rooms' boxes, the links, the escape edges, the spaces' centres) is worked out
once per layout; what moves (figures, labels, the panel, what changed) once
per render, in plain loops, which costs a fraction of the same loops in Jinja.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.kit.picture import changed_ids as _ids

ROOM = ("#f6e7c1", "#d6e9f8", "#e2f0d9", "#f3d9e6", "#e8e0f5", "#fde2c8", "#d9f0ee", "#eeeeee")
SEAT = {
    "investigator-1": "#c53030",
    "investigator-2": "#2b6cb0",
    "investigator-3": "#b7791f",
    "investigator-4": "#2f855a",
}
SPREAD = {1: (0,), 2: (-10, 10), 3: (-20, 0, 20), 4: (-30, -10, 10, 30)}
SPREAD_MANY = (-36, -18, 0, 18, 36)
PY = 448  # where the panel under the map begins
LINE = 52  # characters of a wrapped line in the panel's right column


# ---- what never moves -------------------------------------------------------------------------
def board_graph(board: dict[str, Any]) -> tuple:
    """The arguments of `graph_layout`: every space and layout point, the links, the box."""
    return _graph(
        tuple(tuple(x) for x in board["links"]),
        tuple(board["spaces"]),
        tuple((k, tuple(v)) for k, v in board["layout"].items()),
    )


@lru_cache(maxsize=16)
def _graph(links: tuple, spaces: tuple, layout: tuple) -> tuple:
    nodes = sorted(set(spaces) | {k for k, _ in layout})
    return nodes, [(a, b) for a, b, _ in links], 640, 436, 26, dict(layout)


def _rooms_static(geo, rooms: tuple) -> tuple:
    """Each room's box: (id, points, name corner, footer corner)."""
    found = []
    for room in rooms:
        a, b = f"room:{room}:a", f"room:{room}:b"
        if a not in geo.nodes:
            continue
        p, q = geo[a], geo[b]
        pts = f"{p.cx},{p.cy} {q.cx},{p.cy} {q.cx},{q.cy} {p.cx},{q.cy}"
        found.append((room, pts, (p.cx, p.cy), (p.cx, q.cy)))
    return tuple(found)


@lru_cache(maxsize=16)
def _static(geo, rooms: tuple, links: tuple, edges: tuple) -> dict[str, Any]:
    """Rooms, links and escape edges for one layout (`geo` is cached by viewer/boards.py)."""
    drawn = []
    for a, c, kind in links:
        p, q = geo[a], geo[c]
        drawn.append(
            {
                "cls": "link " + kind,
                "x1": p.cx,
                "y1": p.cy,
                "x2": q.cx,
                "y2": q.cy,
                "stroke": {"impassable": "#4a5568", "door": "#8b5a2b"}.get(kind, "#a0a4ab"),
                "width": {"door": 7, "impassable": 3}.get(kind, 2),
                "dashed": kind == "impassable",
                "title": f"{a} - {c}: "
                + (
                    "impassable border (line of sight passes; flyers cross)"
                    if kind == "impassable"
                    else kind
                ),
            }
        )
    exits = []
    for name, x in edges:
        if "exit:" + x in geo.nodes:
            p, q = geo[x], geo["exit:" + x]
            exits.append(
                {
                    "title": f"{name}: outer edge touching no other room (escape)",
                    "x1": p.cx,
                    "y1": p.cy,
                    "x2": q.cx,
                    "y2": q.cy,
                }
            )
    return {"rooms": _rooms_static(geo, rooms), "links": drawn, "exits": exits}


# ---- what moves -------------------------------------------------------------------------------
def board_picture(board: dict[str, Any], geo, changed=(), targets=None) -> dict[str, Any]:
    targets = targets or {}
    rooms = board["rooms"]
    edges = tuple((r["name"], x) for r in rooms.values() for x in r["edge"])
    static = _static(geo, tuple(rooms), tuple(tuple(x) for x in board["links"]), edges)
    hot = {k: _ids(changed, k) for k in ("spaces", "investigators", "monsters", "rooms")}
    return {
        "rooms": _rooms(board, static["rooms"], hot["rooms"]),
        "links": static["links"],
        "exits": static["exits"],
        "spaces": _spaces(board, geo, hot["spaces"], targets),
        "figures": _figures(board, geo, hot),
        "halos": _halos(board, geo, static["rooms"], hot),
        "panel": _panel(board, hot["investigators"]),
    }


def _rooms(board, boxes, hot) -> list[dict[str, Any]]:
    found = []
    seeds = board.get("seeds") or {}
    for i, (room, pts, name_at, foot_at) in enumerate(boxes):
        r = board["rooms"][room]
        left = r["exploration_left"]
        foot = [
            f"{left} card{'s' if left != 1 else ''}" if left else "",
            "hide" if r["hiding"] else "",
            "dark" if r.get("dark") else "",
            "rift" if r.get("rift") else "",
            f"locked: {r['lock']}" if r.get("lock") else "",
            "seeds" if seeds.get("room") == room else "",
        ]
        title = (
            f"{r['name']}{' (Hallway)' if r['hallway'] else ''}: {left} face-down Exploration "
            f"card(s){'; a place to hide' if r['hiding'] else ''}{'; on Fire' if r['fire'] else ''}"
            f"{'; Dark' if r.get('dark') else ''}"
        )
        found.append(
            {
                "id": room,
                "cls": "room"
                + (" fire" if r["fire"] else "")
                + (" changed" if room in hot else ""),
                "hot": room in hot,
                "title": title,
                "pts": pts,
                "fill": ROOM[i % len(ROOM)],
                "stroke": "#c53030" if r["fire"] else "#8b6f4e",
                "width": 4 if r["fire"] else 2,
                "name_at": name_at,
                "name": r["name"] + (" 🔥" if r["fire"] else ""),
                "foot_at": foot_at,
                "foot": " · ".join(x for x in foot if x),
            }
        )
    return found


def _spaces(board, geo, hot, targets) -> list[dict[str, Any]]:
    found = []
    altar = board["altar"]
    for space, sp in board["spaces"].items():
        r = board["rooms"][sp["room"]]
        c = geo[space]
        options = targets.get(space) or []
        clicks = "".join(
            (" — click: " if n == 0 else "; ") + label for n, (label, _) in enumerate(options)
        )
        title = (
            f"{r['name']} ({space}){', on Fire' if r['fire'] else ''}"
            f"{', altar' if space == altar else ''}"
            f"{', room edge (escape)' if space in r['edge'] else ''}"
            f"{', hiding place' if r['hiding'] else ''}; {r['exploration_left']} "
            f"Exploration card(s) in the room{clicks}"
        )
        found.append(
            {
                "id": space,
                "cls": "space" + (" changed" if space in hot else ""),
                "hot": space in hot,
                "title": title,
                "targets": options,
                "cx": c.cx,
                "cy": c.cy,
                "stroke": "#dd6b20" if options else "#5a4632",
                "width": 3 if options else 1.5,
                "label": "altar" if space == altar else space,
            }
        )
    return found


def _figures(board, geo, hot) -> list[dict[str, Any]]:
    found = []
    for space, sp in board["spaces"].items():
        c = geo[space]
        spread = SPREAD.get(len(sp["investigators"]), SPREAD_MANY)
        for n, seat in enumerate(sp["investigators"]):
            inv = board["investigators"][seat]
            found.append(
                {
                    "cx": c.cx,
                    "cy": c.cy,
                    "x": -30,
                    "y": spread[n % len(spread)],
                    "label": inv["name"][:1],
                    "id": seat,
                    "fill": SEAT.get(seat, "#4a5568"),
                    "hot": seat in hot["investigators"],
                    "title": f"{inv['name']}: health {inv['health_left']}/{inv['health']}, "
                    f"sanity {inv['sanity_left']}/{inv['sanity']}"
                    + (", hiding" if inv["hidden"] else ""),
                    "hidden": inv["hidden"],
                }
            )
        spread = SPREAD.get(len(sp["monsters"]), SPREAD_MANY)
        for n, m in enumerate(sp["monsters"]):
            mon = board["monsters"][m]
            bottom = mon.get("bottom")
            found.append(
                {
                    "cx": c.cx,
                    "cy": c.cy,
                    "x": 30,
                    "y": spread[n % len(spread)],
                    "label": mon["name"][:1],
                    "id": m,
                    "fill": "#553c9a" if mon["flying"] else "#742a2a",
                    "hot": m in hot["monsters"],
                    "title": f"{mon['name']}{' (flying)' if mon['flying'] else ''}: "
                    f"{mon['wounds']} damage"
                    + (
                        f", token: health {bottom['health']}, damage {bottom['damage']}"
                        if bottom
                        else ""
                    ),
                    "hidden": False,
                }
            )
    return found


def _halos(board, geo, boxes, hot) -> dict[str, list]:
    return {
        "spaces": [(geo[x].cx, geo[x].cy) for x in sorted(hot["spaces"]) if x in board["spaces"]],
        "rooms": [pts for room, pts, _, _ in boxes if room in hot["rooms"]],
    }


def _wrap(text: str, limit: int = 200) -> list[str]:
    return [text[k : k + LINE] for k in range(0, min(len(text), limit), LINE)]


def _panel(board, hot_inv) -> dict[str, Any]:
    keeper = board["keeper"]
    if board["result"]:
        status = "the story is over"
    elif board["phase"] == "choose":
        status = "the keeper makes the #1 story choice"
    else:
        status = f"round {board['round']}: {board['current']}"
        if board["phase"] == "investigators":
            status += f" ({board['moves']} move(s) left{', action used' if board['acted'] else ''})"
    period = board["time_period"]
    time_line = ""
    if period["marker"]:
        time_line = f"time period: {period['cards'][period['marker']]}"
        if board.get("seeds"):
            seeds = board["seeds"]
            time_line += (
                f" · Seeds planted in the {board['rooms'][seeds['room']]['name']} "
                f"({period['cards'][seeds['period']]})"
            )
        if board.get("placing"):
            time_line += (
                f" · the keeper places {board['monsters'][board['placing']['monster']]['name']}"
            )
    rows = []
    for n, (seat, inv) in enumerate(board["investigators"].items()):
        extra = [
            f" · {inv['trait']}" if inv.get("trait") else "",
            f" · side effects {len(inv['side_effects'])}" if inv["side_effects"] else "",
            f" · trauma {len(inv['trauma'])}" if inv["trauma"] else "",
            f" · hands {inv['crawling_hands']}" if inv.get("crawling_hands") else "",
            f" · mutations {inv['mutations']}" if inv.get("mutations") else "",
            " · stunned" if inv.get("stunned") else "",
        ]
        rows.append(
            {
                "seat": seat,
                "y": PY + 116 + n * 28,
                "fill": SEAT.get(seat, "#1a202c"),
                "hot": seat in hot_inv,
                "line": f"{inv['name']}: health {inv['health_left']}/{inv['health']}, "
                f"sanity {inv['sanity_left']}/{inv['sanity']}"
                + (", hiding" if inv["hidden"] else "")
                + (f", {inv['status']}" if inv["status"] != "active" else ""),
                "items": (", ".join(inv["items"])[:50] if inv["items"] else "no items")
                + "".join(extra),
            }
        )
    attack = board["attack"]
    objective = board["objective"]
    return {
        "status": status,
        "threat": f"threat {keeper['threat']} · keeper's hand "
        f"{keeper['hand_size'] + keeper['mythos_hand_size']} · Event cards "
        f"{board['events_resolved']}/{len(board['events'])}",
        "time": time_line,
        "event": board["events"][board["events_resolved"] - 1][:62]
        if board["events_resolved"]
        else "",
        "hand": ", ".join(keeper["hand"] + keeper["mythos_hand"]) if "hand" in keeper else None,
        "rows": rows,
        "y0": PY + 120 + len(rows) * 28,
        "attack": (
            f"{attack['seat']} attacks {attack['monster']} ({attack['weapon']})",
            f"Combat card {attack['card']}: {attack['attack_type']}"
            if attack["card"]
            else "drawing Combat cards",
        )
        if attack
        else None,
        "question": (
            f"{board['question']['monster']} asks {board['question']['seat']}:",
            board["question"]["question"][:60],
        )
        if board["question"]
        else None,
        "result": (board["result"][:50], board["result"][50:100]) if board["result"] else None,
        "objective": (
            f"Objective {board['choice']}"
            + (" (keeper only)" if not board["objective_revealed"] else ""),
            _wrap(objective["investigators"]),
        )
        if objective
        else None,
        "epilogue": _wrap(board["epilogue"]) if board["epilogue"] else None,
    }
