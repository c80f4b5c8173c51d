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

Speed (issue #24): most of a step's picture is the step before's.  Each
element's markup (a room with its name, a space, a figure, an investigator's
row of the panel, a line of text, a card, the Keeper Action cards) is kept by
everything it shows (`lru_cache` on the values read from the view, so a key
holds all that the markup depends on and nothing of another seat's view can
come back for it), drawn changed and unchanged at once; a step looks them up
and picks.  A key holds the view's values as they are (its numbers are ints;
a flag read only for its truth may be False or None: two entries, the same
markup); a panel line's key is typed, its size printed as given (10, 9.5).
The text is escaped as a plain string (`viewer.pictures.text`, markupsafe's
entities), each layer made Markup once.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial
from typing import Any

from markupsafe import Markup

from engine.games.forbidden_alchemy_story import content
from engine.kit.picture import num
from viewer.boards import graph_layout
from viewer.pictures import forbidden_alchemy as puzzle_picture
from viewer.pictures import text as _t

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
    geo, boxes, links = _still_of(board)
    left, left_end = _panel_left(board)
    right, right_end = _panel_right(board)
    puzzle, shift = _puzzle(board)
    height = max(left_end, right_end, PANEL_Y + 40) + 16 + shift
    rooms, spaces = _rooms(board, boxes), _spaces(board, geo)
    return {
        "width": str(WIDTH), "height": num(height), "frame": str(WIDTH - 2),
        "frame_height": num(height - 2), "puzzle": puzzle, "shift": num(shift),
        "aria": f"Forbidden Alchemy, {board['story_name']}, round {board['round']}",
        "hot": _hot,  # the changed ids of the four collections, in one pass (issue #24)
        # the layers written out (issue #24); those that show what changed take the changed ids
        "room_layer": partial(_layer, rooms),
        "links": links,
        "room_names": Markup("".join(r[3] for r in rooms)),
        "space_layer": partial(_layer, spaces),
        "figure_layer": partial(_figures_svg, _figures(board, geo)),
        "highlights": partial(_highlights_svg, spaces, rooms),
        "legend": _legend_svg(),
        "rule_y": str(PANEL_Y), "divider": {"y1": str(PANEL_Y + 8), "y2": num(height - shift - 10)},
        "panel": partial(_panel_svg, left, right),
        "tray": _tray_html(board),
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


def _still_of(board: dict[str, Any]):
    """The map's geometry, each room's box and the links' markup, from one key
    made once a view (the map's links, rooms with their names, spaces and edges,
    and layout)."""
    return _still(tuple(map(tuple, board["links"])),
                  tuple((r, x["name"], tuple(x["spaces"]), tuple(x["edge"])) for r, x in board["rooms"].items()),
                  tuple((k, tuple(v)) for k, v in board["layout"].items()))


@lru_cache(maxsize=16)
def _still(links: tuple, rooms: tuple, layout: tuple) -> tuple[Any, tuple, Markup]:
    """Rooms, links and escape edges for one layout: (geometry, each room's box
    as (id, points, name corner, footer corner), the links and escape edges)."""
    geo = _graph(links, tuple((r, spaces, edge) for r, _, spaces, edge in rooms), layout)
    boxes = []
    for room, _, _, _ in rooms:
        a, b = f"room:{room}:a", f"room:{room}:b"
        if a not in geo.nodes:
            continue
        p, q = geo[a], geo[b]
        pts = f"{p.cx},{p.cy} {q.cx},{p.cy} {q.cx},{q.cy} {p.cx},{q.cy}"
        boxes.append((room, pts, (p.cx, p.cy), (p.cx, q.cy)))
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
    for _, name, _, edge in rooms:
        for x in edge:
            if "exit:" + x in geo.nodes:
                p, q = geo[x], geo["exit:" + x]
                exits.append({"title": f"{name}: outer edge touching no other room (escape)",
                              "x1": p.cx, "y1": p.cy, "x2": q.cx, "y2": q.cy, "label_y": num(q.y + 12),
                              "hit": f"{num(q.x - 34)}", "hit_y": num(p.y + 20),
                              "hit_h": num(q.y - p.y - 6)})
    return geo, tuple(boxes), _links_svg(drawn, exits)


# ---- the map --------------------------------------------------------------------------------
_COLLECTIONS = ("spaces", "rooms", "investigators", "monsters")


def _hot(changed) -> tuple[frozenset[str], ...]:
    """The ids of the spaces, rooms, investigators and monsters with a changed path
    (engine.kit.picture.changed_ids of each, in one pass over the paths instead of four)."""
    found: dict[str, set[str]] = {c: set() for c in _COLLECTIONS}
    for path in changed:
        collection, dot, rest = path.partition(".")
        ids = found.get(collection) if dot else None
        if ids is not None:
            ids.add(rest.split(".", 1)[0])
    return tuple(frozenset(found[c]) for c in _COLLECTIONS)


# Each element as (id, markup unchanged, markup changed, ...): a layer picks one of the two.
def _layer(items: tuple, hot: frozenset[str]) -> Markup:
    return Markup("".join(x[2] if x[0] in hot else x[1] for x in items))


def _rooms(board: dict[str, Any], boxes: tuple) -> tuple:
    """Each room as (id, markup, markup changed, its name and footer, its box's points)."""
    found = []
    seeded = (board.get("seeds") or {}).get("room")
    face_down = board.get("exploration") or {}
    names = board["cards"]["items"]
    rooms = board["rooms"]
    for i, (room, pts, name_at, foot_at) in enumerate(boxes):
        r = rooms[room]
        down = face_down.get(room)
        # the keeper laid them out: he knows them, top first (his view holds them)
        top = tuple(names.get(c, {}).get("name", c) for c in down) if down else None
        found.append((room, *_room(ROOM[i % len(ROOM)], room, pts, name_at, foot_at, room in r["spaces"],
                                   r["name"], r["hallway"], r["hiding"], r["fire"], r.get("dark"), r.get("rift"),
                                   r.get("lock"), r["exploration_left"], seeded == room, top), pts))
    return tuple(found)


@lru_cache(maxsize=512)
def _room(fill: str, room: str, pts: str, name_at: tuple, foot_at: tuple, by_space: bool, name: str,
          hallway: bool, hiding: bool, fire: bool, dark: bool, rift: bool, lock, left: int, seeds: bool,
          top: tuple | None) -> tuple[str, str, str]:
    """A room's box (unchanged, changed) and its name and footer."""
    title = (f"{name}{' (Hallway)' if hallway else ''}: {left} face-down Exploration "
             f"card(s){'; a place to hide' if hiding else ''}{'; on Fire' if fire else ''}"
             f"{'; Dark' if dark else ''}")
    if top:
        title += " (top first: " + ", ".join(top) + ")"
    # a room is pointed at for Fire and Darkness; a room of one space named like
    # it is pointed at by that space (one element lit, not the box around it)
    token = "" if by_space else room
    named = f' data-token="{_t(token)}" data-label="{_t(name)}"' if token else ""
    cls = "room" + (" fire" if fire else "") + (" dark" if dark else "")
    head = f'\n<g id="room-{_t(room)}" data-id="room-{_t(room)}"{named} class="{_t(cls)}'
    body = (f'\n<title>{_t(title)}</title>\n<polygon points="{pts}" fill="{"#4a5568" if dark else fill}" '
            f'fill-opacity="{"0.35" if dark else "0.55"}" stroke="{"#c53030" if fire else "#8b6f4e"}" '
            f'stroke-width="{4 if fire else 2}" stroke-linejoin="round"/>\n</g>')
    foot = " · ".join(x for x in (
        f"{left} card{'s' if left != 1 else ''}" if left else "",
        "hide" if hiding else "",
        "dark" if dark else "",
        "rift" if rift else "",
        f"locked: {lock}" if lock else "",
        "seeds" if seeds else "",
    ) if x)
    label = (f'\n<text x="{name_at[0]}" y="{name_at[1]}" dx="5" dy="13" font-weight="bold">'
             f'{_t(name + (" (on Fire)" if fire else ""))}</text>')
    if foot:
        label += f'<text x="{foot_at[0]}" y="{foot_at[1]}" dx="5" dy="-5" font-size="9">{_t(foot)}</text>'
    return head + '">' + body, head + ' changed"' + _OUTLINE + ">" + body, label


def _spaces(board: dict[str, Any], geo) -> tuple:
    """Each space as (id, markup, markup changed, cx, cy)."""
    found = []
    altar = board["altar"]
    rooms = board["rooms"]
    nodes = geo.nodes
    for space, sp in board["spaces"].items():
        c = nodes.get(space)
        if c is None:
            continue
        r = rooms[sp["room"]]
        found.append((space, *_space(space, r["name"], r["fire"], space == altar, space in r["edge"], r["hiding"],
                                     r["exploration_left"], c.cx, c.cy), c.cx, c.cy))
    return tuple(found)


@lru_cache(maxsize=1024)
def _space(space: str, room: str, fire: bool, altar: bool, edge: bool, hiding: bool, left: int,
           cx: str, cy: str) -> tuple[str, str]:
    title = (f"{room} ({space}){', on Fire' if fire else ''}"
             f"{', altar' if altar else ''}"
             f"{', room edge (escape)' if edge else ''}"
             f"{', hiding place' if hiding else ''}; {left} "
             f"Exploration card(s) in the room")
    label, text = f"{space} ({room})", "altar" if altar else space
    return (_space_svg(space, space, label, title, cx, cy, text, False),
            _space_svg(space, space, label, title, cx, cy, text, True))


def _figures(board: dict[str, Any], geo) -> tuple:
    """Investigators left of their space, monsters right of it, corpses under it:
    each as (id, an investigator?, markup, markup changed)."""
    found = []
    nodes = geo.nodes
    investigators, monsters = board["investigators"], board["monsters"]
    for space, sp in board["spaces"].items():
        c = nodes.get(space)
        if c is None:
            continue
        here = sp["investigators"]
        spread = SPREAD.get(len(here), SPREAD_MANY)
        for n, seat in enumerate(here):
            inv = investigators[seat]
            found.append((seat, True, *_investigator_figure(
                c.cx, c.cy, spread[n % len(spread)], seat, space, inv["name"], inv["health_left"], inv["health"],
                inv["sanity_left"], inv["sanity"], inv["hidden"])))
        here = sp["monsters"]
        spread = SPREAD.get(len(here), SPREAD_MANY)
        for n, m in enumerate(here):
            found.append((m, False, *_monster_figure(c.cx, c.cy, spread[n % len(spread)], space,
                                                     _face_of(monsters[m], m))))
    corpses = {}
    for m, mon in monsters.items():
        if mon.get("corpse") and mon["corpse"] in nodes:
            corpses.setdefault(mon["corpse"], []).append(m)
    for space, ms in corpses.items():
        c = nodes[space]
        for n, m in enumerate(sorted(ms)):
            mon = monsters[m]
            found.append((m, False, *_corpse_figure(c.cx, c.cy, -12 + n * 16, space, m, mon["name"],
                                                    mon.get("mutations"))))
    return tuple(found)


@lru_cache(maxsize=512)
def _investigator_figure(cx: str, cy: str, y: int, seat: str, space: str, name: str, health_left: int,
                         health: int, sanity_left: int, sanity: int, hidden: bool) -> tuple[str, str]:
    title = (f"{name} ({seat}): health {health_left}/{health}, sanity {sanity_left}/{sanity}"
             + (", hiding" if hidden else ""))
    return _placed(cx, cy, -30, y, 9, seat, space, name, title, SEAT.get(seat, "#4a5568"), name[:1], hidden)


@lru_cache(maxsize=512)
def _monster_figure(cx: str, cy: str, y: int, space: str, face: tuple) -> tuple[str, str]:
    m, name, title, fill, label = _face(*face)
    return _placed(cx, cy, 30, y, 9, m, space, name, title, fill, label, False)


@lru_cache(maxsize=256)
def _corpse_figure(cx: str, cy: str, x: int, space: str, m: str, name: str, mutations) -> tuple[str, str]:
    named = f"the corpse of {name} ({m})"
    title = named + (f", {mutations} Mutation token(s)" if mutations else "")
    return _placed(cx, cy, x, 29, 7, m, space, named, title, "#718096", "†", False)


def _face_of(mon: dict[str, Any], m: str) -> tuple:
    """What a monster's face shows, as a key: (id, name, flying, wounds, the bottom
    of its token where the view shows it, Mutation tokens)."""
    bottom = mon.get("bottom")
    return (m, mon["name"], mon["flying"], mon["wounds"],
            (bottom["health"], bottom["damage"], bottom.get("question")) if bottom else None, mon.get("mutations"))


@lru_cache(maxsize=512)
def _face(m: str, name: str, flying: bool, wounds: int, bottom: tuple | None, mutations) -> tuple[str, ...]:
    """A monster's (id, name, title, fill, letter)."""
    title = f"{name} ({m}){' (flying)' if flying else ''}: {wounds} damage"
    if bottom:
        health, damage, question = bottom
        title += f", token: health {health}, damage {damage}"
        if question:
            title += f"; asks: {question}"
    if mutations:
        title += f", {mutations} Mutation token(s)"
    return m, f"{name} ({m})", title, "#553c9a" if flying else "#742a2a", name[:1]


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
@lru_cache(maxsize=1024)
def _wrap(text: str, size: float, width: float = COLUMN, limit: int = 6) -> tuple[str, ...]:
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
    return tuple(lines)


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
    """Lines of text and small controls down one column of the panel (each line
    written out as it is placed)."""

    __slots__ = ("x", "y", "items")

    def __init__(self, x: int, y: float):
        self.x, self.y, self.items = x, y, []

    def text(self, text: str, size: float = 11, gap: float = 4, bold: bool = False, italic: bool = False,
             fill: str = "#1a202c", cls: str = "") -> None:
        self.y += size + gap
        self.items.append(_line(self.x, self.y, size, text, bold, italic, fill, cls))

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
            off_map.append((m, *_off_map_figure(num(LEFT + 10 + n * 26), num(y), _face_of(board["monsters"][m], m))))
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
    # the column's lines come first in the markup, then the Time Period cards, the rows, the monsters
    return {"head": "\n" + "".join(col.items) + "\n" + _chips_svg(periods), "rows": tuple(rows),
            "off_map": tuple(off_map)}, col.y


def _investigator_row(board: dict[str, Any], seat: str, inv: dict[str, Any], col: _Column) -> tuple[str, str, str]:
    """One investigator (named by his seat: a keeper's card or a test names him): his
    state, items, and the cards in play on him (the keeper's threat effects are
    spent on those), as (seat, markup, markup changed)."""
    names = board["cards"]["items"]
    items = ", ".join(names.get(i, {}).get("name", i) for i in inv["items"]) or "no items"
    in_play = []
    for card in inv["trauma"]:
        face = board["trauma_in_play"].get(card, {})
        in_play.append((card, face.get("title", card), f"Trauma: {face.get('title', card)}: {face.get('text', '')}"))
    for card in inv["side_effects"]:
        face = board["side_effects_in_play"].get(card, {})
        threat = board["side_effect_threats"].get(card, "")
        in_play.append((card, face.get("title", card),
                        f"Side Effect: {face.get('title', card)}: {face.get('text', '')} {threat}".strip()))
    off, on, col.y = _row(seat, inv["name"], inv["health_left"], inv["health"], inv["sanity_left"], inv["sanity"],
                          inv["hidden"], inv["status"], items, inv.get("trait"), inv.get("crawling_hands"),
                          inv.get("mutations"), inv.get("stunned"), tuple(in_play), col.y)
    return seat, off, on


@lru_cache(maxsize=256)
def _row(seat: str, name: str, health_left: int, health: int, sanity_left: int, sanity: int, hidden: bool,
         status: str, items: str, trait, hands, mutations, stunned: bool, in_play: tuple,
         y: float) -> tuple[str, str, float]:
    """An investigator's row from `y` down: (markup, markup changed, where it ends)."""
    top = y + 4
    row = _Column(LEFT + 14, y)
    status = "" if status == "active" else f", {status}"
    row.text(f"{name}: health {health_left}/{health}, "
             f"sanity {sanity_left}/{sanity}{', hiding' if hidden else ''}{status}", 11, gap=6)
    dot_y = row.y - 4
    extra = [f"Trait: {trait}" if trait else "",
             f"{hands} Crawling Hand(s)" if hands else "",
             f"{mutations} Mutation(s)" if mutations else "",
             "stunned" if stunned else ""]
    row.wrapped(" · ".join(x for x in [items, *extra] if x), 9, limit=2, fill="#4a5568")
    chips = _chips(list(in_play), LEFT + 14, row.y + 4) if in_play else []
    if chips:
        row.y = float(chips[-1]["y"]) + 15
    end = row.y + 6
    seat_, label = _t(seat), _t(f"{name} ({seat})")
    body = (f'\n<circle cx="{LEFT + 5}" cy="{num(dot_y)}" r="5" fill="{_t(SEAT.get(seat, "#1a202c"))}"/>\n'
            + "".join(row.items) + "\n" + _chips_svg(chips) + "\n</g>")
    band = f'<rect x="{LEFT - 4}" y="{num(top - 2)}" width="{COLUMN + 6}" height="{num(end - top - 1)}" rx="5" '
    return (f'\n<g id="row-{seat_}" class="row" data-token="{seat_}" data-label="{label}"><title>{label}</title>\n'
            f'{band}fill="#ffffff" fill-opacity="0.7" stroke="#e2e8f0"/>{body}',
            f'\n<g id="row-{seat_}" class="row changed" data-token="{seat_}" data-label="{label}"{_OUTLINE}>'
            f'<title>{label}</title>\n{band}fill="#feebc8" fill-opacity="0.7" stroke="{ORANGE}"/>{body}', end)


@lru_cache(maxsize=256)
def _off_map_figure(x: str, y: str, face: tuple) -> tuple[str, str]:
    m, name, title, fill, label = _face(*face)
    return ("\n" + _token_svg(m, "", name, title, x, y, 9, fill, label, False),
            "\n" + _token_svg(m, "", name, title, x, y, 9, fill, label, True))


def _panel_right(board: dict[str, Any]) -> tuple[str, float]:
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
    return "\n" + "".join(col.items), col.y


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
    return ({"lines": Markup("".join(head.items)), "x": str((WIDTH - puzzle_picture.WIDTH) // 2), "y": num(top),
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
def _tray_html(board: dict[str, Any]) -> Markup:
    """The tray's sections as HTML (it shows nothing of what changed: one string)."""
    you = board["you"]
    keeper = board["keeper"]
    faces = board["cards"]
    sections = []
    if "hand" in keeper:  # the keeper's page, or a finished game shown whole
        mine = you == "keeper"
        if board.get("objective_cards") and board["phase"] == "choose":
            cards = []
            for c, o in board["objective_cards"].items():
                ours, theirs = _terms(board, o)
                cards.append(_card("objective", c, f"objective {c}", f"Objective {c}", "#1 story choice",
                                   f"Objective {c}", ours, theirs))
            sections.append(_section("objectives", "Objective cards: make the #1 story choice (secret)",
                                     cards=cards))
        trauma, mythos = faces["trauma"], faces["mythos"]
        hand = [_trauma_card(c, *_face_fields(trauma.get(c, {}), c)) for c in keeper["hand"]]
        hand += [_mythos_card(c, *_face_fields(mythos.get(c, {}), c)) for c in keeper["mythos_hand"]]
        sections.append(_section("keeper-hand", "Your hand" if mine else "The keeper's hand",
                                 f"threat {keeper['threat']}; only the keeper sees these cards",
                                 cards=hand, empty="no card in hand"))
        threats = _threat_effects(board)
        if threats:
            sections.append(_section("threat-effects", "Threat effects in play", "once in each keeper turn",
                                     cards=threats))
        # open while the keeper plays them; folded away the rest of the round
        sections.append(_keeper_actions(board, open_=mine and board["phase"] == "keeper"))
        face_down = board.get("exploration") or {}
        rows = [(board["rooms"][r]["name"], ", ".join(faces["items"].get(c, {}).get("name", c) for c in cards))
                for r, cards in face_down.items() if cards and r in board["rooms"]]
        if rows:
            sections.append(_section("exploration", "Exploration cards, face down", "top first", fold=True,
                                     rows=rows))
    elif you in board["investigators"]:
        sections += _own(board, you)
        sections.append(_keeper_actions(board, open_=False))
    else:
        sections.append(_keeper_actions(board, open_=False))
    return Markup("".join(sections))


def _face_fields(f: dict[str, Any], c: str) -> tuple:
    """A Trauma or Mythos card's (title, kind, cost, text), as its face gives them."""
    return f.get("title", c), f.get("kind", ""), f.get("cost", "?"), f.get("text", "")


@lru_cache(maxsize=256)
def _trauma_card(c: str, title: str, kind: str, cost, text: str) -> str:
    return _card("trauma", c, f"{title} ({c})",
                 f"{title} ({c}): play it on an investigator who has suffered "
                 f"{'horror' if kind == 'insanity' else 'damage'}",
                 f"Trauma, {kind} · cost {cost}", title, text, "")


@lru_cache(maxsize=256)
def _mythos_card(c: str, title: str, kind: str, cost, text: str) -> str:
    return _card("mythos", c, f"{title} ({c})", f"{title} ({c})", f"Mythos · cost {cost}", title, text, "")


def _threat_effects(board: dict[str, Any]) -> list[str]:
    found = []
    for card, x in board["trauma_in_play"].items():
        if "Threat" in x["text"]:
            who = board["investigators"].get(x["seat"], {}).get("name", x["seat"])
            found.append(_card("trauma", card, f"{x['title']} ({card})", f"{x['title']} ({card})",
                               f"Trauma on {who}", x["title"], x["text"], ""))
    for inv in board["investigators"].values():
        for card in inv["side_effects"]:
            if card in board["side_effect_threats"]:
                face = board["side_effects_in_play"].get(card, {})
                title = face.get("title", card)
                found.append(_card("side-effect", card, f"{title} ({card})", f"{title} ({card})",
                                   f"Side Effect on {inv['name']}", title, board["side_effect_threats"][card], ""))
    return found


def _keeper_actions(board: dict[str, Any], open_: bool) -> str:
    keeper = board["keeper"]
    return _actions(tuple((a, x["name"], x["cost"], x["text"]) for a, x in keeper["actions"].items()),
                    tuple(keeper["used"]), not open_)


@lru_cache(maxsize=64)
def _actions(actions: tuple, used: tuple, fold: bool) -> str:
    """The Keeper Action cards, face up: the same on most steps of a game."""
    cards = [_card("action compact", a, name, f"{name} ({a})",
                   f"Keeper Action · threat {cost}" + (" · used this turn" if a in used else ""), name, text, "")
             for a, name, cost, text in actions]
    return _section("keeper-actions", "Keeper Action cards", "face up", fold=fold, cards=cards)


def _own(board: dict[str, Any], seat: str) -> list[str]:
    """An investigator's own page: who he is, his attributes (an either/or test names
    one), his cards with their texts, and a byakhee's question put to him."""
    inv = board["investigators"][seat]
    faces = board["cards"]["items"]
    sections = []
    question = board["question"]
    if question and question["seat"] == seat:
        sections.append(_section("answer", f"{question['monster']} asks you", question["question"],
                                 choices=(("yes", "yes", "Yes"), ("no", "no", "No"))))
    attributes = [(a, a, f"{a.capitalize()} {inv['attributes'].get(a, '?')}")
                  for a in ATTRIBUTES if a in inv["attributes"]]
    sections.append(_section("you", f"You: {inv['name']}",
                             f"health {inv['health_left']}/{inv['health']}, sanity {inv['sanity_left']}/"
                             f"{inv['sanity']}, skill points {inv['skill_points']}"
                             + (", hiding" if inv["hidden"] else ""),
                             choices=attributes))
    cards = []
    for i in inv["items"]:
        face = faces.get(i, {})
        name = face.get("name", i)
        cards.append(_card("item", i, name, f"{name} ({i})", "Weapon" if face.get("weapon") else "Item", name,
                           face.get("text", ""), ""))
    cards.append(_card("bare", "none", "no weapon", "attack with no weapon", "No weapon", "Bare hands",
                       "Attack a monster in your space with no weapon.", ""))
    for card in inv["side_effects"]:
        face = board["side_effects_in_play"].get(card, {})
        title = face.get("title", card)
        cards.append(_card("side-effect", card, title, f"{title} ({card})", "Side Effect", title,
                           face.get("text", ""), ""))
    for card in inv["trauma"]:
        face = board["trauma_in_play"].get(card, {})
        title = face.get("title", card)
        cards.append(_card("trauma", card, title, f"{title} ({card})", "Trauma", title, face.get("text", ""), ""))
    if inv.get("ability") in ABILITIES:
        cards.append(_card("trait", "", "", inv["ability"], "Ability", "Ability", ABILITIES[inv["ability"]], ""))
    sections.append(_section("your-cards", "Your cards", cards=cards))
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
    out = [f'\n<line class="{_t(x["cls"])}" x1="{x["x1"]}" y1="{x["y1"]}" x2="{x["x2"]}" y2="{x["y2"]}" '
           f'stroke="{x["stroke"]}" stroke-width="{x["width"]}"{_DASHED if x["dashed"] else ""}>'
           f'<title>{_t(x["title"])}</title></line>' for x in links]
    out += [f'\n<g class="escape-edge" data-token="escape" data-label="across the outer edge"><title>{_t(x["title"])}'
            f'</title>\n<line x1="{x["x1"]}" y1="{x["y1"]}" x2="{x["x2"]}" y2="{x["y2"]}" stroke="#2f855a" '
            f'stroke-width="4" stroke-dasharray="5 4"/>\n<rect x="{x["hit"]}" y="{x["hit_y"]}" width="68" '
            f'height="{x["hit_h"]}" fill="#ffffff" fill-opacity="0.01"/>\n<text x="{x["x2"]}" y="{x["label_y"]}" '
            f'text-anchor="middle" font-size="10" fill="#2f855a">escape edge</text></g>' for x in exits]
    return Markup("".join(out))


def _space_svg(space: str, token: str, label: str, title: str, cx: str, cy: str, text: str, on: bool) -> str:
    return (f'\n<g id="space-{_t(space)}" data-id="{_t(space)}" data-token="{_t(token)}" data-label="{_t(label)}" '
            f'class="space{" changed" if on else ""}"{_OUTLINE if on else ""}>\n<title>{_t(title)}</title>'
            f'\n<circle cx="{cx}" cy="{cy}" r="20" fill="#fffdf7" stroke="#5a4632" stroke-width="1.5"/>'
            f'\n<text x="{cx}" y="{cy}" dy="3" text-anchor="middle" font-size="8" fill="#5a4632">{_t(text)}</text>'
            f'\n</g>')


def _token_svg(fid: str, also: str, name: str, title: str, x, y, r, fill: str, label: str, on: bool) -> str:
    """A figure: named by its id, then the space it stands on."""
    also = f" {_t(also)}" if also else ""
    x, y, r = _t(x), _t(y), _t(r)
    return (f'<g id="token-{_t(fid)}" data-id="{_t(fid)}" data-token="{_t(fid)}{also}" '
            f'data-label="{_t(name)}" class="token{" changed" if on else ""}"{_OUTLINE if on else ""}>'
            f'<title>{_t(title)}</title>\n<circle cx="{x}" cy="{y}" r="{r}" fill="{_t(fill)}" '
            f'stroke="{ORANGE if on else "#ffffff"}" stroke-width="{3 if on else 1}"/>\n<text x="{x}" y="{y}" dy="3" '
            f'text-anchor="middle" font-size="{r}" fill="#ffffff">{_t(label)}</text></g>')


def _placed(cx: str, cy: str, x: int, y: int, r: int, fid: str, also: str, name: str, title: str, fill: str,
            label: str, hidden: bool) -> tuple[str, str]:
    """A figure where it stands on the map (a hiding investigator faded and ringed):
    (markup, markup changed)."""
    head = f'\n<g transform="translate({cx},{cy})" opacity="{"0.6" if hidden else "1"}">\n'
    tail = (f'<circle cx="{x}" cy="{y}" r="12.5" fill="none" stroke="#2d3748" '
            f'stroke-dasharray="3 2" pointer-events="none"/>' if hidden else "") + "\n</g>"
    return (head + _token_svg(fid, also, name, title, x, y, r, fill, label, False) + tail,
            head + _token_svg(fid, also, name, title, x, y, r, fill, label, True) + tail)


def _figures_svg(figures: tuple, hot_investigators: frozenset[str], hot_monsters: frozenset[str]) -> Markup:
    return Markup("".join(on if f in (hot_investigators if investigator else hot_monsters) else off
                          for f, investigator, off, on in figures))


def _highlights_svg(spaces: tuple, rooms: tuple, hot_spaces: frozenset[str], hot_rooms: frozenset[str]) -> Markup:
    """The orange outline of the spaces and rooms that changed (boards/_macros.html's highlight)."""
    out = [f'\n<circle class="halo" cx="{sp[3]}" cy="{sp[4]}" r="23" fill="none" stroke="{ORANGE}" '
           f'stroke-width="3"/>' for sp in spaces if sp[0] in hot_spaces]
    out += [f'\n<polygon class="halo" points="{r[4]}" fill="none" stroke="{ORANGE}" stroke-width="3" '
            f'stroke-linejoin="round"/>' for r in rooms if r[0] in hot_rooms]
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
        out.append(f'\n<text x="{x["tx"]}" y="{text_y}">{_t(x["text"])}</text>')
    return Markup("".join(out))


# A line of the panel: the same words at the same height on most steps, each written once.
@lru_cache(maxsize=2048, typed=True)
def _line(x: int, y: float, size: float, text: str, bold: bool, italic: bool, fill: str, cls: str) -> str:
    return (f'\n<text{_cls(cls)} x="{x}" y="{num(y)}" font-size="{size}" fill="{_t(fill)}"'
            f'{_BOLD if bold else ""}{_ITALIC if italic else ""}>{_t(text)}</text>')


def _cls(name: str) -> str:
    return f' class="{_t(name)}"' if name else ""


def _chips_svg(items: list[dict[str, Any]]) -> str:
    out = []
    for c in items:
        on = c.get("on")
        out.append(f'\n<g class="chip" data-token="{_t(c["token"])}" data-label="{_t(c["text"])}"><title>'
                   f'{_t(c["title"])}</title>\n<rect x="{c["x"]}" y="{c["y"]}" width="{c["w"]}" height="{c["h"]}" '
                   f'rx="7" fill="{"#fefcbf" if on else "#ffffff"}" stroke="{"#b7791f" if on else "#a0aec0"}"/>'
                   f'\n<text x="{c["tx"]}" y="{c["ty"]}" font-size="{c["size"]}" fill="#1a202c">{_t(c["text"])}'
                   f'</text></g>')
    return "".join(out)


def _panel_svg(left: dict[str, Any], right: str, hot_investigators: frozenset[str],
               hot_monsters: frozenset[str]) -> Markup:
    """The panel under the map: the story's lines, the Time Period cards, a row per
    investigator (those that changed outlined), the monsters off the map, the objective."""
    out = [left["head"]]
    out += [on if seat in hot_investigators else off for seat, off, on in left["rows"]]
    out += [on if m in hot_monsters else off for m, off, on in left["off_map"]]
    out.append(right)
    return Markup("".join(out))


def _section(sid: str, title: str, sub: str = "", fold: bool = False, choices=(), cards: list[str] | None = None,
             empty: str = "", rows=()) -> str:
    """A section of the tray: its heading, the choices (token, label, text), the
    cards (written out), the rows (room, cards)."""
    sid, title, sub = _t(sid), _t(title), _t(sub)
    if fold:
        out = [f'\n<details class="fa-section" id="tray-{sid}"><summary>{title} <small>{sub}</small></summary>']
    else:
        out = [f'\n<section class="fa-section" id="tray-{sid}" aria-label="{title}">'
               f'\n<h3>{title} <small>{sub}</small></h3>']
    if choices:
        out.append('\n<div class="fa-choices">' + "".join(
            f'<span class="fa-choice" data-token="{_t(token)}" data-label="{_t(label)}">{_t(text)}'
            f'</span>' for token, label, text in choices) + "\n</div>")
    if cards is not None:
        out.append('\n<div class="fa-cards">' + ("".join(cards) or f"<p>{_t(empty)}</p>") + "\n</div>")
    if rows:
        out.append('\n<ul class="fa-rows">' + "".join(f'<li><b>{_t(room)}</b>: {_t(names)}</li>'
                                                       for room, names in rows) + "</ul>")
    out.append("</details>" if fold else "</section>")
    return "".join(out)


@lru_cache(maxsize=1024)
def _card(kind: str, token: str, label: str, title: str, head: str, name: str, text: str, small: str) -> str:
    named = f' data-token="{_t(token)}" data-label="{_t(label)}"' if token else ""
    return (f'\n<div class="fa-card fa-{_t(kind.replace(" ", " fa-"))}"{named} title="{_t(title)}">'
            f'<small>{_t(head)}</small><b>{_t(name)}</b><span>{_t(text)}</span>'
            + (f'<em>{_t(small)}</em>' if small else "") + "</div>")
