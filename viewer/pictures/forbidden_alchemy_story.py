"""The story game's picture (docs/boards.md): the mansion, its figures, the
panel of the story and the investigators, and the cards a seat holds.

`viewer/templates/boards/forbidden_alchemy_story.html` places what
`draw(board)` works out here; `board` is the game's `view(state, seat)`, so
the keeper's hand, the objective cards and the face-down Exploration cards
are drawn only where the view holds them (the keeper's page, and a finished
game's replay), and an investigator's own cards only on that investigator's
page (`board["you"]`).  Laid out top to bottom:

- the **tray** (HTML above the map, so that it wraps on a phone): the seat's
  cards with their texts: the keeper's Trauma and Mythos cards, the threat
  effects in play, the Keeper Action cards, the objective cards of the #1
  story choice, the face-down Exploration cards; an investigator's
  attributes, items, spells, Side Effect, Trauma and Trait cards, and the
  answers to a byakhee's question;
- the **map**: a floor plan, each room a box around its spaces, doors thick,
  open boundaries thin, impassable borders dashed, an escape edge a stub
  leaving its space; investigators left of their space, monsters right of it,
  corpses below;
- a one-line **legend**;
- the **panel**: the story, whose turn, threat and Event cards, the Time
  Period cards, each investigator with the cards in play on him, the monsters
  off the map, the attack or question being resolved; beside it the
  objective, the result and the epilogue.

While an investigator attempts an Alchemy puzzle, the puzzle's own picture is
drawn full size above the map, which moves down by as much.

Every element a command may be made of is named by its notation token
(`data-token`, viewer/pointing.py): a space by its id, a room by its id (Fire,
Darkness), a figure by its id (an investigator by his seat, a monster or a
corpse by the monster's id), the escape edge by `escape`, a card by its id
(Keeper Action, Trauma, Mythos, Side Effect, item), `none` (an attack without
a weapon), an attribute by its name (an either/or test), `yes` and `no` (a
byakhee's question), a Time Period card by its id, an objective by its letter,
and the puzzle's edges by their numbers.

What never moves (the rooms' boxes, the links, the escape edges, the spaces'
centres) is worked out once per map; the rest once per view, in plain loops,
and written out as markup here rather than by the template (issue #24); a
layer that shows what changed is a function the template hands the changed ids.
Every number comes back as a string ready to print.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _e

from engine.games.forbidden_alchemy_story import content
from engine.kit.picture import num
from viewer.boards import graph_layout
from viewer.pictures import forbidden_alchemy as puzzle_picture

WIDTH = 640
MAP_HEIGHT, MAP_MARGIN = 436, 26
ROOM_PAD = 0.72     # grid units around a room's spaces
EXIT_REACH = 0.95   # how far past its space an escape edge is drawn
LEGEND_Y = 450
PANEL_Y = 466       # the panel's rule; its first line is below
LEFT, RIGHT = 16, 336  # the panel's two columns
COLUMN = 300        # a column's width
CHAR = 0.56         # a character's width in em, roughly (sans-serif)

ROOM = ("#f6e7c1", "#d6e9f8", "#e2f0d9", "#f3d9e6", "#e8e0f5", "#fde2c8", "#d9f0ee", "#eeeeee")
SEAT = {
    "investigator-1": "#c53030",
    "investigator-2": "#2b6cb0",
    "investigator-3": "#b7791f",
    "investigator-4": "#2f855a",
}
SPREAD = {1: (0,), 2: (-10, 10), 3: (-20, 0, 20), 4: (-30, -10, 10, 30)}
SPREAD_MANY = (-36, -18, 0, 18, 36)
LINK_STROKE = {"impassable": "#4a5568", "door": "#8b5a2b"}
LINK_WIDTH = {"door": 7, "impassable": 3}
ATTRIBUTES = ("strength", "marksmanship", "dexterity", "intellect", "luck", "will")
ABILITIES = {  # ours, as the rules play them (combat.py, Keen Eye)
    "keen-eye": "Keen Eye: when a byakhee deals you damage, or you deal it damage, "
    "you look at the bottom of its token.",
}


# ---- the contract: draw, place_points, ceiling ------------------------------------------
def draw(board: dict[str, Any]) -> dict[str, Any]:
    """Everything the template places for this view, positioned, labelled, named."""
    geo = _geo(board)
    rooms = board["rooms"]
    static = _static(geo, tuple(rooms), tuple(tuple(x) for x in board["links"]),
                     tuple((r["name"], x) for r in rooms.values() for x in r["edge"]))
    left, left_end = _panel_left(board)
    right, right_end = _panel_right(board)
    puzzle, shift = _puzzle(board)
    height = max(left_end, right_end, PANEL_Y + 40) + 16 + shift
    rooms, spaces = tuple(_rooms(board, static["rooms"])), tuple(_spaces(board, geo))
    return {
        "width": str(WIDTH), "height": num(height), "frame": str(WIDTH - 2),
        "frame_height": num(height - 2), "puzzle": puzzle, "shift": num(shift),
        "aria": f"Forbidden Alchemy, {board['story_name']}, round {board['round']}",
        # the layers written out (issue #24); those that show what changed take the changed ids
        "room_layer": partial(_rooms_svg, rooms),
        "links": static["links_svg"],
        "room_names": _room_names_svg(rooms),
        "space_layer": partial(_spaces_svg, spaces),
        "figure_layer": partial(_figures_svg, tuple(_figures(board, geo))),
        "highlights": partial(_highlights_svg, spaces, rooms),
        "legend": _legend_svg(),
        "rule_y": str(PANEL_Y), "divider": {"y1": str(PANEL_Y + 8), "y2": num(height - shift - 10)},
        "panel": partial(_panel_svg, left, right),
        "tray": _tray_html(_tray(board)),
    }


def place_points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each space's centre in the picture's coordinates (the map lower while a puzzle
    is attempted above it)."""
    geo = _geo(board)
    shift = _puzzle(board)[1] if board.get("puzzle") else 0.0
    return {k: (geo[k].x, geo[k].y + shift) for k in board.get("spaces", {}) if k in geo.nodes}


@cache
def _ceilings() -> tuple[int, int]:
    # Every space of every room in the content, and two corners and an exit a room,
    # twice over: a story may open rooms of its own.
    c = content.load()
    spaces = sum(len(room.get("spaces", ())) + 3 for room in c.map.get("rooms", ()))
    return 2 * spaces, 8


def ceiling(board: dict[str, Any]) -> str | None:
    """A view is drawn if its map is no larger than the content's (viewer/bounds.py)."""
    most, seats = _ceilings()
    for what, found, top in (("the number of spaces", len(board.get("spaces") or ()), most),
                             ("the number of layout points", len(board.get("layout") or ()), most),
                             ("the number of links", len(board.get("links") or ()), most * most),
                             ("the number of rooms", len(board.get("rooms") or ()), most),
                             ("the number of investigators", len(board.get("investigators") or ()),
                              seats)):
        if found > top:
            return f"{what} is {found}, beyond the game's content (at most {top})"
    return None


# ---- what never moves -----------------------------------------------------------------------
def _geo(board: dict[str, Any]):
    """The spaces where the map's layout puts them, each room's two corners and each
    escape edge's end around them, scaled into the map's box (graph_layout is cached)."""
    return _graph(tuple(tuple(x) for x in board["links"]),
                  tuple((r, tuple(x["spaces"]), tuple(x["edge"])) for r, x in board["rooms"].items()),
                  tuple((k, tuple(v)) for k, v in board["layout"].items()))


@lru_cache(maxsize=16)
def _graph(links: tuple, rooms: tuple, layout: tuple):
    where = dict(layout)
    points: dict[str, tuple[float, float]] = {}
    for room, spaces, edge in rooms:
        placed = [where[x] for x in spaces if x in where]
        if not placed:
            continue
        xs, ys = [p[0] for p in placed], [p[1] for p in placed]
        points[f"room:{room}:a"] = (min(xs) - ROOM_PAD, min(ys) - ROOM_PAD)
        points[f"room:{room}:b"] = (max(xs) + ROOM_PAD, max(ys) + ROOM_PAD)
        for x in spaces:
            if x in where:
                points[x] = where[x]
                if x in edge:
                    points[f"exit:{x}"] = (where[x][0], where[x][1] + EXIT_REACH)
    edges = [(a, b) for a, b, _ in links if a in points and b in points]
    return graph_layout(sorted(points), edges, WIDTH, MAP_HEIGHT, MAP_MARGIN, points)


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
    """Rooms, links and escape edges for one layout."""
    drawn = []
    for a, c, kind in links:
        if a not in geo.nodes or c not in geo.nodes:
            continue
        p, q = geo[a], geo[c]
        what = ("impassable border: flyers cross it, and an attack's view is not blocked"
                if kind == "impassable" else kind)
        drawn.append({"cls": "link " + kind, "x1": p.cx, "y1": p.cy, "x2": q.cx, "y2": q.cy,
                      "stroke": LINK_STROKE.get(kind, "#a0a4ab"), "width": LINK_WIDTH.get(kind, 2),
                      "dashed": kind == "impassable", "title": f"{a} - {c}: {what}"})
    exits = []
    for name, x in edges:
        if "exit:" + x in geo.nodes:
            p, q = geo[x], geo["exit:" + x]
            exits.append({"title": f"{name}: outer edge touching no other room (escape)",
                          "x1": p.cx, "y1": p.cy, "x2": q.cx, "y2": q.cy, "label_y": num(q.y + 12),
                          "hit": f"{num(q.x - 34)}", "hit_y": num(p.y + 20),
                          "hit_h": num(q.y - p.y - 6)})
    return {"rooms": _rooms_static(geo, rooms), "links_svg": _links_svg(drawn, exits)}


# ---- the map --------------------------------------------------------------------------------
def _rooms(board: dict[str, Any], boxes) -> list[dict[str, Any]]:
    found = []
    seeds = board.get("seeds") or {}
    face_down = board.get("exploration") or {}
    names = board["cards"]["items"]
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
        title = (f"{r['name']}{' (Hallway)' if r['hallway'] else ''}: {left} face-down Exploration "
                 f"card(s){'; a place to hide' if r['hiding'] else ''}{'; on Fire' if r['fire'] else ''}"
                 f"{'; Dark' if r.get('dark') else ''}")
        if face_down.get(room):  # the keeper laid them out: he knows them, top first
            title += " (top first: " + ", ".join(names.get(c, {}).get("name", c) for c in face_down[room]) + ")"
        found.append({
            # a room is pointed at for Fire and Darkness; a room of one space named like
            # it is pointed at by that space (one element lit, not the box around it)
            "id": room, "token": "" if room in r["spaces"] else room, "label": r["name"],
            "cls": "room" + (" fire" if r["fire"] else "") + (" dark" if r.get("dark") else ""),
            "title": title, "pts": pts, "fill": "#4a5568" if r.get("dark") else ROOM[i % len(ROOM)],
            "opacity": "0.35" if r.get("dark") else "0.55",
            "stroke": "#c53030" if r["fire"] else "#8b6f4e", "width": 4 if r["fire"] else 2,
            "name_at": name_at, "name": r["name"] + (" (on Fire)" if r["fire"] else ""),
            "foot_at": foot_at, "foot": " · ".join(x for x in foot if x),
        })
    return found


def _spaces(board: dict[str, Any], geo) -> list[dict[str, Any]]:
    found = []
    altar = board["altar"]
    for space, sp in board["spaces"].items():
        if space not in geo.nodes:
            continue
        r = board["rooms"][sp["room"]]
        c = geo[space]
        title = (f"{r['name']} ({space}){', on Fire' if r['fire'] else ''}"
                 f"{', altar' if space == altar else ''}"
                 f"{', room edge (escape)' if space in r['edge'] else ''}"
                 f"{', hiding place' if r['hiding'] else ''}; {r['exploration_left']} "
                 f"Exploration card(s) in the room")
        found.append({"id": space, "token": space, "label": f"{space} ({r['name']})", "title": title,
                      "cx": c.cx, "cy": c.cy, "text": "altar" if space == altar else space})
    return found


def _figures(board: dict[str, Any], geo) -> list[dict[str, Any]]:
    """Investigators left of their space, monsters right of it, corpses under it."""
    found = []
    for space, sp in board["spaces"].items():
        if space not in geo.nodes:
            continue
        c = geo[space]
        spread = SPREAD.get(len(sp["investigators"]), SPREAD_MANY)
        for n, seat in enumerate(sp["investigators"]):
            inv = board["investigators"][seat]
            found.append({
                "cx": c.cx, "cy": c.cy, "x": -30, "y": spread[n % len(spread)], "r": 9,
                "label": inv["name"][:1], "id": seat, "also": space, "kind": "investigators", "name": inv["name"],
                "fill": SEAT.get(seat, "#4a5568"), "hidden": inv["hidden"],
                "title": f"{inv['name']} ({seat}): health {inv['health_left']}/{inv['health']}, "
                         f"sanity {inv['sanity_left']}/{inv['sanity']}" + (", hiding" if inv["hidden"] else ""),
            })
        spread = SPREAD.get(len(sp["monsters"]), SPREAD_MANY)
        for n, m in enumerate(sp["monsters"]):
            found.append({"cx": c.cx, "cy": c.cy, "x": 30, "y": spread[n % len(spread)], "r": 9,
                          "also": space, "kind": "monsters", "hidden": False,
                          **_monster_face(board, m)})
    corpses = {}
    for m, mon in board["monsters"].items():
        if mon.get("corpse") and mon["corpse"] in geo.nodes:
            corpses.setdefault(mon["corpse"], []).append(m)
    for space, ms in corpses.items():
        c = geo[space]
        for n, m in enumerate(sorted(ms)):
            mon = board["monsters"][m]
            found.append({"cx": c.cx, "cy": c.cy, "x": -12 + n * 16, "y": 29, "r": 7, "label": "†",
                          "id": m, "also": space, "kind": "monsters", "hidden": False, "fill": "#718096",
                          "name": f"the corpse of {mon['name']} ({m})",
                          "title": f"the corpse of {mon['name']} ({m})"
                                   + (f", {mon['mutations']} Mutation token(s)" if mon.get("mutations") else "")})
    return found


def _monster_face(board: dict[str, Any], m: str) -> dict[str, Any]:
    mon = board["monsters"][m]
    bottom = mon.get("bottom")
    title = f"{mon['name']} ({m}){' (flying)' if mon['flying'] else ''}: {mon['wounds']} damage"
    if bottom:
        title += f", token: health {bottom['health']}, damage {bottom['damage']}"
        if bottom.get("question"):
            title += f"; asks: {bottom['question']}"
    if mon.get("mutations"):
        title += f", {mon['mutations']} Mutation token(s)"
    return {"id": m, "label": mon["name"][:1], "fill": "#553c9a" if mon["flying"] else "#742a2a",
            "title": title, "name": f"{mon['name']} ({m})"}


def _legend() -> list[dict[str, Any]]:
    """The legend's items, each placed after the one before (9px text)."""
    items = [("line", "door", LINK_STROKE["door"], 7, False), ("line", "open", "#a0a4ab", 2, False),
             ("line", "impassable border", LINK_STROKE["impassable"], 3, True),
             ("line", "escape edge", "#2f855a", 4, True),
             ("dot", "monster", "#742a2a", 0, False), ("dot", "flying monster", "#553c9a", 0, False),
             ("ring", "hiding", "#2d3748", 0, True)]
    found, x = [], 18.0
    for kind, text, colour, width, dashed in items:
        mark = 20 if kind == "line" else 12
        found.append({"kind": kind, "x1": num(x), "x2": num(x + 20), "cx": num(x + 6),
                      "tx": num(x + mark + 4), "stroke": colour, "width": width, "dashed": dashed,
                      "text": text})
        x += mark + 4 + len(text) * 9 * CHAR + 14
    return found


# ---- the panel ------------------------------------------------------------------------------
def _wrap(text: str, size: float, width: float = COLUMN, limit: int = 6) -> list[str]:
    """`text` in lines that fit `width` at `size` px (by word; at most `limit` lines)."""
    per = max(8, int(width / (size * CHAR)))
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = lines[-1][: per - 1] + "…"
    return lines


def _status(board: dict[str, Any]) -> str:
    if board["result"]:
        return "The story is over."
    if board["phase"] == "choose":
        return "The keeper makes the #1 story choice."
    current = board["current"]
    if board["phase"] == "keeper" or current == "keeper":
        who = "the keeper's turn"
    else:
        who = f"{board['investigators'].get(current, {}).get('name', current)}'s turn"
    status = f"Round {board['round']}: {who}"
    if board["phase"] == "investigators" and current in board["investigators"]:
        moves = board["moves"]
        status += (f" ({moves} move{'s' if moves != 1 else ''} left, "
                   f"{'action used' if board['acted'] else 'action not yet taken'})")
    return status


class _Column:
    """Lines of text and small controls down one column of the panel."""

    def __init__(self, x: int, y: float):
        self.x, self.y, self.items = x, y, []

    def text(self, text: str, size: float = 11, gap: float = 4, **style) -> None:
        self.y += size + gap
        self.items.append({"kind": "text", "x": str(self.x), "y": num(self.y), "size": str(size),
                           "text": text, "bold": style.get("bold", False),
                           "italic": style.get("italic", False), "fill": style.get("fill", "#1a202c"),
                           "cls": style.get("cls", "")})

    def wrapped(self, text: str, size: float = 10, limit: int = 6, **style) -> None:
        for n, line in enumerate(_wrap(text, size, COLUMN, limit)):
            self.text(line, size, 4 if n == 0 else 2, **style)

    def space(self, gap: float) -> None:
        self.y += gap


def _chips(items: list[tuple[str, str, str]], x: float, y: float, size: float = 9) -> list[dict[str, str]]:
    """Small labelled controls in a row (token, text, title), wrapping in the column."""
    found, at = [], x
    for token, text, title in items:
        w = len(text) * size * 0.62 + 12
        if at + w > x + COLUMN and at > x:
            at, y = x, y + size + 9
        found.append({"token": token, "text": text, "title": title, "x": num(at), "y": num(y),
                      "w": num(w), "h": num(size + 6), "tx": num(at + 5), "ty": num(y + size + 1),
                      "size": str(size)})
        at += w + 5
    return found


def _panel_left(board: dict[str, Any]) -> tuple[dict[str, Any], float]:
    col = _Column(LEFT, PANEL_Y + 6)
    col.text(f"Story {board['story']}: {board['story_name']}", 15, bold=True)
    col.wrapped(_status(board), 11, limit=2)
    keeper = board["keeper"]
    col.text(f"Threat {keeper['threat']} · keeper's hand {keeper['hand_size'] + keeper['mythos_hand_size']}"
             f" · Event cards read {board['events_resolved']} of {len(board['events'])}", 11)
    periods = []
    period = board["time_period"]
    # the Time Period cards matter where a rift lets investigators travel (Story 2)
    if period["marker"] and (board.get("seeds") or any(r.get("rift") for r in board["rooms"].values())):
        col.text("Time Period cards (the marker is on the one outlined):", 10, fill="#4a5568",
                 cls="time-period")
        seeds = board.get("seeds") or {}
        periods = _chips([(p, name + (" ◆" if p == period["marker"] else ""),
                           f"{name}{' (the marker)' if p == period['marker'] else ''}"
                           + (f"; the Seeds were planted in it ({board['rooms'][seeds['room']]['name']})"
                              if seeds.get("period") == p else ""))
                          for p, name in period["cards"].items()], LEFT, col.y + 4)
        for chip in periods:
            chip["on"] = chip["token"] == period["marker"]
        col.y = float(periods[-1]["y"]) + 15 if periods else col.y
        if seeds:
            col.text(f"Seeds planted in the {board['rooms'][seeds['room']]['name']} "
                     f"({period['cards'].get(seeds['period'], seeds['period'])})", 10, fill="#4a5568",
                     cls="time-period")
    if board.get("placing"):
        placing = board["placing"]
        col.text(f"The keeper places {board['monsters'][placing['monster']]['name']} in a room "
                 "holding an investigator.", 10, fill="#9c4221")
    if board["events_resolved"]:
        col.wrapped("Last Event card: " + (board["events"][board["events_resolved"] - 1] or ""), 9.5,
                    limit=3, italic=True)
    col.space(6)
    rows = []
    for seat, inv in board["investigators"].items():
        rows.append(_investigator_row(board, seat, inv, col))
    waiting = [m for m, mon in board["monsters"].items()
               if mon["space"] is None and not mon["dead"] and not mon["escaped"] and not mon.get("corpse")]
    off_map = []
    if waiting:
        col.text("Monsters off the map:", 10, gap=8, fill="#4a5568")
        y = col.y + 12
        for n, m in enumerate(waiting):
            off_map.append({"x": num(LEFT + 10 + n * 26), "y": num(y), "r": 9, "also": "",
                            **_monster_face(board, m)})
        col.y = y + 10
    attack = board["attack"]
    if attack:
        who = board["investigators"].get(attack["seat"], {}).get("name", attack["seat"])
        monster = board["monsters"].get(attack["monster"], {}).get("name", "")
        weapon = "no weapon" if attack["weapon"] == "no weapon" else f"a {attack['weapon']}"
        col.text(f"{who} attacks {monster} ({attack['monster']}) with {weapon}", 11, gap=8, bold=True)
        if attack["card"]:
            col.wrapped(f"Combat card {attack['card']} ({attack['attack_type']}): {attack['text']}", 10, 3)
        else:
            col.text("Drawing Combat cards…", 10)
        if attack["results"]:
            col.text("Tests so far: " + ", ".join("passed" if r else "failed" for r in attack["results"]), 10)
    question = board["question"]
    if question:
        who = board["investigators"].get(question["seat"], {}).get("name", question["seat"])
        col.text(f"{question['monster']} asks {who}:", 11, gap=8, bold=True)
        col.wrapped(question["question"], 10, 3)
    return {"lines": col.items, "periods": periods, "rows": rows, "off_map": off_map}, col.y


def _investigator_row(board: dict[str, Any], seat: str, inv: dict[str, Any], col: _Column) -> dict[str, Any]:
    """One investigator (named by his seat: a keeper's card or a test names him): his
    state, items, and the cards in play on him (the keeper's threat effects are
    spent on those)."""
    top = col.y + 4
    row = _Column(LEFT + 14, col.y)
    status = "" if inv["status"] == "active" else f", {inv['status']}"
    row.text(f"{inv['name']}: health {inv['health_left']}/{inv['health']}, "
             f"sanity {inv['sanity_left']}/{inv['sanity']}{', hiding' if inv['hidden'] else ''}{status}",
             11, gap=6)
    dot_y = row.y - 4
    names = board["cards"]["items"]
    items = ", ".join(names.get(i, {}).get("name", i) for i in inv["items"]) or "no items"
    extra = [f"Trait: {inv['trait']}" if inv.get("trait") else "",
             f"{inv['crawling_hands']} Crawling Hand(s)" if inv.get("crawling_hands") else "",
             f"{inv['mutations']} Mutation(s)" if inv.get("mutations") else "",
             "stunned" if inv.get("stunned") else ""]
    row.wrapped(" · ".join(x for x in [items, *extra] if x), 9, limit=2, fill="#4a5568")
    in_play = []
    for card in inv["trauma"]:
        face = board["trauma_in_play"].get(card, {})
        in_play.append((card, face.get("title", card), f"Trauma: {face.get('title', card)}: {face.get('text', '')}"))
    for card in inv["side_effects"]:
        face = board["side_effects_in_play"].get(card, {})
        threat = board["side_effect_threats"].get(card, "")
        in_play.append((card, face.get("title", card),
                        f"Side Effect: {face.get('title', card)}: {face.get('text', '')} {threat}".strip()))
    chips = _chips(in_play, LEFT + 14, row.y + 4) if in_play else []
    if chips:
        row.y = float(chips[-1]["y"]) + 15
    col.y = row.y + 6
    return {"seat": seat, "label": f"{inv['name']} ({seat})", "fill": SEAT.get(seat, "#1a202c"),
            "lines": row.items, "dot_x": str(LEFT + 5), "dot_y": num(dot_y), "band_x": str(LEFT - 4),
            "band_y": num(top - 2), "band_w": str(COLUMN + 6), "band_h": num(col.y - top - 1),
            "chips": chips, "title": f"{inv['name']} ({seat})"}


def _panel_right(board: dict[str, Any]) -> tuple[dict[str, Any], float]:
    col = _Column(RIGHT, PANEL_Y + 6)
    if board["result"]:
        col.wrapped(board["result"], 11, 3, bold=True)
    objective = board["objective"]
    if objective:
        if board["objective_revealed"]:
            col.text(f"Objective {board['choice']}", 11, gap=10, bold=True)
            col.wrapped(objective.get("investigators", ""), 9.5, 5)
            if objective.get("keeper"):
                col.wrapped(objective["keeper"], 9.5, 3, fill="#553c9a")
        else:  # the keeper's, face down: what it does (its words are read when revealed)
            col.text(f"Objective {board['choice']} (face down: the keeper's only)", 11, gap=10, bold=True)
            ours, keeper = _terms(board, objective)
            col.wrapped(ours, 9.5, 4)
            col.wrapped(keeper, 9.5, 4, fill="#553c9a")
    if board["epilogue"]:
        col.text("Epilogue", 11, gap=10, bold=True)
        col.wrapped(board["epilogue"], 9.5, 5, italic=True)
    return {"lines": col.items}, col.y


def _puzzle(board: dict[str, Any]) -> tuple[dict[str, Any] | None, float]:
    """While an investigator attempts an Alchemy puzzle, it is what the page is about:
    the puzzle's own picture, full size, above the map (which moves down by as much)."""
    if not board["puzzle"]:
        return None, 0.0
    who = board["investigators"].get(board["attempter"], {}).get("name", board["attempter"])
    head = _Column(LEFT, 4)
    head.text(f"{who} attempts an Alchemy puzzle" + (f", from {board['puzzle_card']}" if board["puzzle_card"]
                                                      else ""), 13, bold=True)
    pic = puzzle_picture.draw(board["puzzle"])
    height = float(pic.get("height", 60))
    top = head.y + 6
    return ({"lines": Markup(_lines_svg(head.items)), "x": str((WIDTH - puzzle_picture.WIDTH) // 2), "y": num(top),
             "width": str(puzzle_picture.WIDTH), "height": num(height), "picture": pic,
             "rule_y": num(top + height + 8)}, top + height + 16)


def _terms(board: dict[str, Any], o: dict[str, Any]) -> tuple[str, str]:
    """What an objective does, in words (the view gives it in the rules' terms): how
    the investigators win, and what the keeper gets."""
    items = board["cards"]["items"]
    rooms = board["rooms"]
    periods = board["time_period"]["cards"]

    def item(i: str) -> str:
        return items.get(i, {}).get("name", i)

    def room(r: str) -> str:
        return rooms.get(r, {}).get("name", r)

    win = o.get("win", {})
    kind = win.get("kind")
    if kind == "puzzle":
        ours = f"Investigators win: one holding {item(win['clue'])} completes Alchemy Puzzle #{win['tile']}."
    elif kind == "escape":
        ours = f"Investigators win: one carrying {item(win['carrying'])} escapes from {room(win['room'])}."
    elif kind == "seeds":
        ours = (f"Investigators win: the Seeds, planted in the {room(win['room'])} in "
                f"{periods.get(win['planted'], win['planted'])}, have grown by "
                f"{periods.get(win['grown'], win['grown'])}.")
    else:
        ours = "Investigators win as the card says."
    theirs = []
    if o.get("keeper_win", {}).get("kind") == "monster-escape":
        k = o["keeper_win"]
        theirs.append(f"The keeper wins when a {k['monster']} escapes from {room(k['room'])}.")
    theirs.append("When the last Event card is resolved, "
                  + ("the keeper wins." if o.get("keeper_wins_last_event") else "every player loses."))
    if o.get("place_on_reveal"):
        theirs.append(f"Revealed: the keeper places {o['place_on_reveal']} as a named monster.")
    if o.get("reveal_test"):
        t = o["reveal_test"]
        theirs.append(f"Revealed: each investigator in the {room(t['room'])} tests {t['test'].capitalize()}; "
                      "one who passes is eliminated.")
    return ours, " ".join(theirs)


# ---- the tray: the seat's own cards (HTML) ----------------------------------------------
def _tray(board: dict[str, Any]) -> dict[str, Any]:
    you = board["you"]
    keeper = board["keeper"]
    faces = board["cards"]
    sections = []
    if "hand" in keeper:  # the keeper's page, or a finished game shown whole
        mine = you == "keeper"
        if board.get("objective_cards") and board["phase"] == "choose":
            sections.append({
                "id": "objectives", "title": "Objective cards: make the #1 story choice (secret)",
                "cards": [{"token": c, "label": f"objective {c}", "kind": "objective", "name": f"Objective {c}",
                           "head": "#1 story choice", "text": _terms(board, o)[0], "small": _terms(board, o)[1],
                           "title": f"Objective {c}"}
                          for c, o in board["objective_cards"].items()]})
        hand = [_trauma_card(faces["trauma"], c) for c in keeper["hand"]]
        hand += [_mythos_card(faces["mythos"], c) for c in keeper["mythos_hand"]]
        sections.append({"id": "keeper-hand", "title": "Your hand" if mine else "The keeper's hand",
                         "sub": f"threat {keeper['threat']}; only the keeper sees these cards",
                         "cards": hand, "empty": "no card in hand"})
        threats = _threat_effects(board)
        if threats:
            sections.append({"id": "threat-effects", "title": "Threat effects in play",
                             "sub": "once in each keeper turn", "cards": threats})
        # open while the keeper plays them; folded away the rest of the round
        sections.append(_keeper_actions(board, open_=mine and board["phase"] == "keeper"))
        face_down = board.get("exploration") or {}
        rows = [{"room": board["rooms"][r]["name"],
                 "cards": ", ".join(faces["items"].get(c, {}).get("name", c) for c in cards)}
                for r, cards in face_down.items() if cards and r in board["rooms"]]
        if rows:
            sections.append({"id": "exploration", "title": "Exploration cards, face down",
                             "sub": "top first", "rows": rows, "fold": True})
    elif you in board["investigators"]:
        sections += _own(board, you)
        sections.append(_keeper_actions(board, open_=False))
    else:
        sections.append(_keeper_actions(board, open_=False))
    for sec in sections:  # every key present: the template reads them under StrictUndefined
        for key, empty in (("sub", ""), ("cards", None), ("choices", ()), ("rows", ()), ("fold", False),
                           ("empty", "")):
            sec.setdefault(key, empty)
        for card in sec["cards"] or ():
            for key in ("small", "head", "token", "label"):
                card.setdefault(key, "")
    return {"sections": sections}


def _trauma_card(faces: dict[str, Any], c: str) -> dict[str, Any]:
    f = faces.get(c, {})
    title = f.get("title", c)
    return {"token": c, "label": f"{title} ({c})", "kind": "trauma", "name": title,
            "head": f"Trauma, {f.get('kind', '')} · cost {f.get('cost', '?')}", "text": f.get("text", ""),
            "title": f"{title} ({c}): play it on an investigator who has suffered "
                     f"{'horror' if f.get('kind') == 'insanity' else 'damage'}"}


def _mythos_card(faces: dict[str, Any], c: str) -> dict[str, Any]:
    f = faces.get(c, {})
    title = f.get("title", c)
    return {"token": c, "label": f"{title} ({c})", "kind": "mythos", "name": title,
            "head": f"Mythos · cost {f.get('cost', '?')}", "text": f.get("text", ""), "title": f"{title} ({c})"}


def _threat_effects(board: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for card, x in board["trauma_in_play"].items():
        if "Threat" in x["text"]:
            who = board["investigators"].get(x["seat"], {}).get("name", x["seat"])
            found.append({"token": card, "label": f"{x['title']} ({card})", "kind": "trauma", "name": x["title"],
                          "head": f"Trauma on {who}", "text": x["text"], "title": f"{x['title']} ({card})"})
    for inv in board["investigators"].values():
        for card in inv["side_effects"]:
            if card in board["side_effect_threats"]:
                face = board["side_effects_in_play"].get(card, {})
                title = face.get("title", card)
                found.append({"token": card, "label": f"{title} ({card})", "kind": "side-effect", "name": title,
                              "head": f"Side Effect on {inv['name']}", "text": board["side_effect_threats"][card],
                              "title": f"{title} ({card})"})
    return found


def _keeper_actions(board: dict[str, Any], open_: bool) -> dict[str, Any]:
    used = set(board["keeper"]["used"])
    cards = [{"token": a, "label": x["name"], "kind": "action compact", "name": x["name"],
              "head": f"Keeper Action · threat {x['cost']}" + (" · used this turn" if a in used else ""),
              "text": x["text"], "title": f"{x['name']} ({a})"}
             for a, x in board["keeper"]["actions"].items()]
    return {"id": "keeper-actions", "title": "Keeper Action cards", "sub": "face up", "cards": cards,
            "fold": not open_}


def _own(board: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """An investigator's own page: who he is, his attributes (an either/or test names
    one), his cards with their texts, and a byakhee's question put to him."""
    inv = board["investigators"][seat]
    faces = board["cards"]["items"]
    sections = []
    question = board["question"]
    if question and question["seat"] == seat:
        sections.append({"id": "answer", "title": f"{question['monster']} asks you", "sub": question["question"],
                         "choices": [{"token": "yes", "label": "yes", "text": "Yes"},
                                     {"token": "no", "label": "no", "text": "No"}]})
    attributes = [{"token": a, "label": a, "text": f"{a.capitalize()} {inv['attributes'].get(a, '?')}"}
                  for a in ATTRIBUTES if a in inv["attributes"]]
    sections.append({"id": "you", "title": f"You: {inv['name']}",
                     "sub": f"health {inv['health_left']}/{inv['health']}, sanity {inv['sanity_left']}/"
                            f"{inv['sanity']}, skill points {inv['skill_points']}"
                            + (", hiding" if inv["hidden"] else ""),
                     "choices": attributes})
    cards = [{"token": i, "label": faces.get(i, {}).get("name", i), "kind": "item",
              "name": faces.get(i, {}).get("name", i),
              "head": "Weapon" if faces.get(i, {}).get("weapon") else "Item",
              "text": faces.get(i, {}).get("text", ""), "title": f"{faces.get(i, {}).get('name', i)} ({i})"}
             for i in inv["items"]]
    cards.append({"token": "none", "label": "no weapon", "kind": "bare", "name": "Bare hands",
                  "head": "No weapon", "text": "Attack a monster in your space with no weapon.",
                  "title": "attack with no weapon"})
    for card in inv["side_effects"]:
        face = board["side_effects_in_play"].get(card, {})
        cards.append({"token": card, "label": face.get("title", card), "kind": "side-effect",
                      "name": face.get("title", card), "head": "Side Effect", "text": face.get("text", ""),
                      "title": f"{face.get('title', card)} ({card})"})
    for card in inv["trauma"]:
        face = board["trauma_in_play"].get(card, {})
        cards.append({"token": card, "label": face.get("title", card), "kind": "trauma",
                      "name": face.get("title", card), "head": "Trauma", "text": face.get("text", ""),
                      "title": f"{face.get('title', card)} ({card})"})
    if inv.get("ability") in ABILITIES:
        cards.append({"token": "", "kind": "trait", "name": "Ability", "head": "Ability",
                      "text": ABILITIES[inv["ability"]], "title": inv["ability"], "label": ""})
    sections.append({"id": "your-cards", "title": "Your cards", "cards": cards})
    return sections


# ---- written out (issue #24) ------------------------------------------------------------------
# The layers as markup, written here in plain loops rather than by the template (a
# template's `{{ }}` costs an escape and a lookup, a macro call far more, and a step
# holds hundreds): every value escaped as the template escaped it, the same bytes.
# A layer that shows what changed is a function of the changed ids the template has.
_OUTLINE = ' style="outline:none"'
_DASHED = ' stroke-dasharray="8 6"'
_BOLD, _ITALIC = ' font-weight="bold"', ' font-style="italic"'
ORANGE = "#dd6b20"


def _links_svg(links: list[dict[str, Any]], exits: list[dict[str, Any]]) -> Markup:
    """The links between spaces and the escape edges: the same for a whole map."""
    out = [f'\n<line class="{_e(x["cls"])}" x1="{x["x1"]}" y1="{x["y1"]}" x2="{x["x2"]}" y2="{x["y2"]}" '
           f'stroke="{x["stroke"]}" stroke-width="{x["width"]}"{_DASHED if x["dashed"] else ""}>'
           f'<title>{_e(x["title"])}</title></line>' for x in links]
    out += [f'\n<g class="escape-edge" data-token="escape" data-label="across the outer edge"><title>{_e(x["title"])}'
            f'</title>\n<line x1="{x["x1"]}" y1="{x["y1"]}" x2="{x["x2"]}" y2="{x["y2"]}" stroke="#2f855a" '
            f'stroke-width="4" stroke-dasharray="5 4"/>\n<rect x="{x["hit"]}" y="{x["hit_y"]}" width="68" '
            f'height="{x["hit_h"]}" fill="#ffffff" fill-opacity="0.01"/>\n<text x="{x["x2"]}" y="{x["label_y"]}" '
            f'text-anchor="middle" font-size="10" fill="#2f855a">escape edge</text></g>' for x in exits]
    return Markup("".join(out))


def _rooms_svg(rooms: tuple, hot: set[str]) -> Markup:
    out = []
    for r in rooms:
        on = r["id"] in hot
        named = f' data-token="{_e(r["token"])}" data-label="{_e(r["label"])}"' if r["token"] else ""
        out.append(f'\n<g id="room-{_e(r["id"])}" data-id="room-{_e(r["id"])}"{named} '
                   f'class="{_e(r["cls"])}{" changed" if on else ""}"{_OUTLINE if on else ""}>'
                   f'\n<title>{_e(r["title"])}</title>\n<polygon points="{r["pts"]}" fill="{r["fill"]}" '
                   f'fill-opacity="{r["opacity"]}" stroke="{r["stroke"]}" stroke-width="{r["width"]}" '
                   f'stroke-linejoin="round"/>\n</g>')
    return Markup("".join(out))


def _room_names_svg(rooms: tuple) -> Markup:
    out = []
    for r in rooms:
        out.append(f'\n<text x="{r["name_at"][0]}" y="{r["name_at"][1]}" dx="5" dy="13" font-weight="bold">'
                   f'{_e(r["name"])}</text>')
        if r["foot"]:
            out.append(f'<text x="{r["foot_at"][0]}" y="{r["foot_at"][1]}" dx="5" dy="-5" font-size="9">'
                       f'{_e(r["foot"])}</text>')
    return Markup("".join(out))


def _spaces_svg(spaces: tuple, hot: set[str]) -> Markup:
    return Markup("".join(_space_svg(sp["id"], sp["token"], sp["label"], sp["title"], sp["cx"], sp["cy"], sp["text"],
                                     sp["id"] in hot) for sp in spaces))


# A space, a card: the same words on most steps, each written once.
@lru_cache(maxsize=1024)
def _space_svg(space: str, token: str, label: str, title: str, cx: str, cy: str, text: str, on: bool) -> str:
    return (f'\n<g id="space-{_e(space)}" data-id="{_e(space)}" data-token="{_e(token)}" data-label="{_e(label)}" '
            f'class="space{" changed" if on else ""}"{_OUTLINE if on else ""}>\n<title>{_e(title)}</title>'
            f'\n<circle cx="{cx}" cy="{cy}" r="20" fill="#fffdf7" stroke="#5a4632" stroke-width="1.5"/>'
            f'\n<text x="{cx}" y="{cy}" dy="3" text-anchor="middle" font-size="8" fill="#5a4632">{_e(text)}</text>'
            f'\n</g>')


def _figure_svg(f: dict[str, Any], on: bool) -> str:
    """A figure: named by its id, then the space it stands on."""
    also = f" {_e(f['also'])}" if f["also"] else ""
    x, y, r = _e(f["x"]), _e(f["y"]), _e(f["r"])
    return (f'<g id="token-{_e(f["id"])}" data-id="{_e(f["id"])}" data-token="{_e(f["id"])}{also}" '
            f'data-label="{_e(f["name"])}" class="token{" changed" if on else ""}"{_OUTLINE if on else ""}>'
            f'<title>{_e(f["title"])}</title>\n<circle cx="{x}" cy="{y}" r="{r}" fill="{_e(f["fill"])}" '
            f'stroke="{ORANGE if on else "#ffffff"}" stroke-width="{3 if on else 1}"/>\n<text x="{x}" y="{y}" dy="3" '
            f'text-anchor="middle" font-size="{r}" fill="#ffffff">{_e(f["label"])}</text></g>')


def _figures_svg(figures: tuple, hot_investigators: set[str], hot_monsters: set[str]) -> Markup:
    out = []
    for f in figures:
        on = f["id"] in (hot_investigators if f["kind"] == "investigators" else hot_monsters)
        out.append(f'\n<g transform="translate({f["cx"]},{f["cy"]})" opacity="{"0.6" if f["hidden"] else "1"}">\n'
                   + _figure_svg(f, on))
        if f["hidden"]:
            out.append(f'<circle cx="{f["x"]}" cy="{f["y"]}" r="12.5" fill="none" stroke="#2d3748" '
                       f'stroke-dasharray="3 2" pointer-events="none"/>')
        out.append("\n</g>")
    return Markup("".join(out))


def _highlights_svg(spaces: tuple, rooms: tuple, hot_spaces: set[str], hot_rooms: set[str]) -> Markup:
    """The orange outline of the spaces and rooms that changed (boards/_macros.html's highlight)."""
    out = [f'\n<circle class="halo" cx="{sp["cx"]}" cy="{sp["cy"]}" r="23" fill="none" stroke="{ORANGE}" '
           f'stroke-width="3"/>' for sp in spaces if sp["id"] in hot_spaces]
    out += [f'\n<polygon class="halo" points="{r["pts"]}" fill="none" stroke="{ORANGE}" stroke-width="3" '
            f'stroke-linejoin="round"/>' for r in rooms if r["id"] in hot_rooms]
    return Markup("".join(out))


@cache
def _legend_svg() -> Markup:
    y, text_y = str(LEGEND_Y), str(LEGEND_Y + 3)
    out = []
    for x in _legend():
        if x["kind"] == "line":
            dash = ' stroke-dasharray="5 3"' if x["dashed"] else ""
            out.append(f'\n<line x1="{x["x1"]}" y1="{y}" x2="{x["x2"]}" y2="{y}" stroke="{x["stroke"]}" '
                       f'stroke-width="{x["width"]}"{dash}/>')
        elif x["kind"] == "dot":
            out.append(f'\n<circle cx="{x["cx"]}" cy="{y}" r="6" fill="{x["stroke"]}"/>')
        else:
            out.append(f'\n<circle cx="{x["cx"]}" cy="{y}" r="6" fill="none" stroke="{x["stroke"]}" '
                       f'stroke-dasharray="3 2"/>')
        out.append(f'\n<text x="{x["tx"]}" y="{text_y}">{_e(x["text"])}</text>')
    return Markup("".join(out))


def _lines_svg(items: list[dict[str, Any]]) -> str:
    return "".join(
        f'\n<text{_cls(t["cls"])} x="{t["x"]}" y="{t["y"]}" font-size="{t["size"]}" fill="{_e(t["fill"])}"'
        f'{_BOLD if t["bold"] else ""}{_ITALIC if t["italic"] else ""}>{_e(t["text"])}</text>' for t in items)


def _cls(name: str) -> str:
    return f' class="{_e(name)}"' if name else ""


def _chips_svg(items: list[dict[str, Any]]) -> str:
    out = []
    for c in items:
        on = c.get("on")
        out.append(f'\n<g class="chip" data-token="{_e(c["token"])}" data-label="{_e(c["text"])}"><title>'
                   f'{_e(c["title"])}</title>\n<rect x="{c["x"]}" y="{c["y"]}" width="{c["w"]}" height="{c["h"]}" '
                   f'rx="7" fill="{"#fefcbf" if on else "#ffffff"}" stroke="{"#b7791f" if on else "#a0aec0"}"/>'
                   f'\n<text x="{c["tx"]}" y="{c["ty"]}" font-size="{c["size"]}" fill="#1a202c">{_e(c["text"])}'
                   f'</text></g>')
    return "".join(out)


def _panel_svg(left: dict[str, Any], right: dict[str, Any], hot_investigators: set[str],
               hot_monsters: set[str]) -> Markup:
    """The panel under the map: the story's lines, the Time Period cards, a row per
    investigator (those that changed outlined), the monsters off the map, the objective."""
    out = ["\n", _lines_svg(left["lines"]), "\n", _chips_svg(left["periods"])]
    for row in left["rows"]:
        on = row["seat"] in hot_investigators
        out.append(f'\n<g id="row-{_e(row["seat"])}" class="row{" changed" if on else ""}" '
                   f'data-token="{_e(row["seat"])}" data-label="{_e(row["label"])}"{_OUTLINE if on else ""}>'
                   f'<title>{_e(row["title"])}</title>\n<rect x="{row["band_x"]}" y="{row["band_y"]}" '
                   f'width="{row["band_w"]}" height="{row["band_h"]}" rx="5" fill="{"#feebc8" if on else "#ffffff"}" '
                   f'fill-opacity="0.7" stroke="{ORANGE if on else "#e2e8f0"}"/>\n<circle cx="{row["dot_x"]}" '
                   f'cy="{row["dot_y"]}" r="5" fill="{_e(row["fill"])}"/>\n')
        out += [_lines_svg(row["lines"]), "\n", _chips_svg(row["chips"]), "\n</g>"]
    out += ["\n" + _figure_svg(m, m["id"] in hot_monsters) for m in left["off_map"]]
    out += ["\n", _lines_svg(right["lines"])]
    return Markup("".join(out))


def _tray_html(tray: dict[str, Any]) -> Markup:
    """The tray's sections as HTML (it shows nothing of what changed: one string)."""
    out = []
    for sec in tray["sections"]:
        sid, title, sub = _e(sec["id"]), _e(sec["title"]), _e(sec["sub"])
        if sec["fold"]:
            out.append(f'\n<details class="fa-section" id="tray-{sid}"><summary>{title} <small>{sub}</small></summary>')
        else:
            out.append(f'\n<section class="fa-section" id="tray-{sid}" aria-label="{title}">'
                       f'\n<h3>{title} <small>{sub}</small></h3>')
        if sec["choices"]:
            out.append('\n<div class="fa-choices">' + "".join(
                f'<span class="fa-choice" data-token="{_e(c["token"])}" data-label="{_e(c["label"])}">{_e(c["text"])}'
                f'</span>' for c in sec["choices"]) + "\n</div>")
        if sec["cards"] is not None:
            cards = "".join(_card_html(c) for c in sec["cards"])
            out.append('\n<div class="fa-cards">' + (cards or f"<p>{_e(sec['empty'])}</p>") + "\n</div>")
        if sec["rows"]:
            out.append('\n<ul class="fa-rows">' + "".join(f'<li><b>{_e(r["room"])}</b>: {_e(r["cards"])}</li>'
                                                           for r in sec["rows"]) + "</ul>")
        out.append("</details>" if sec["fold"] else "</section>")
    return Markup("".join(out))


def _card_html(c: dict[str, Any]) -> str:
    return _card(c["kind"], c["token"], c["label"], c["title"], c["head"], c["name"], c["text"], c["small"])


@lru_cache(maxsize=1024)
def _card(kind: str, token: str, label: str, title: str, head: str, name: str, text: str, small: str) -> str:
    named = f' data-token="{_e(token)}" data-label="{_e(label)}"' if token else ""
    return (f'\n<div class="fa-card fa-{_e(kind.replace(" ", " fa-"))}"{named} title="{_e(title)}">'
            f'<small>{_e(head)}</small><b>{_e(name)}</b><span>{_e(text)}</span>'
            + (f'<em>{_e(small)}</em>' if small else "") + "</div>")
