"""The Promised Day's picture (docs/boards.md): Central City, the Round Board,
the characters, and the cards a seat holds.

`viewer/templates/boards/promised_day.html` places what `draw(board)` works
out here; `board` is the game's `view(state, seat)`, so a hand is drawn only
where the view holds it (the seat's own characters; both in a solo game;
every hand once the game is over).  Laid out top to bottom, so that it stays
legible in a narrow column:

- the **tray** (HTML, above the map, so that it wraps on a phone): the hands
  the view holds, as cards with their colour, damage, range and paired icon,
  the Companion cards beside such a character's summary, and the
  Transmutation Bonus cards face up on the Round Board with their effects;
- a header: the round, who acts now, the damage track and the Stock;
- Central City: each Area a coloured lane from the centre outward through its
  spaces; each space a circle with its spots (soldier, boss, empty), the
  characters on its rim;
- one column per Area: its Transmutation Circle tile, the cards of each colour
  in its Transmutation Circle space, and those cards;
- the Round Board's Homunculus card and the five Boss tiles;
- one row per character: life, hand and deck, Alchemy, Companion cards.

Every element a command may be made of is named by its notation token
(`data-token`, viewer/pointing.py): a space by its id (`1a`), a boss by its id
(`kimblee`, on its space and on its tile), a character by its id (`ed`, on its
space and on its row), an Area by its number (`3`: its column, for the tile
turned over at set-up and for Black Hayate), a card of a hand by its id
(`al-04`), a bonus or Companion card by its id (`curtis`), and "nobody" (`none`)
where Winry Rockbell's draw or life may go to no one.

What never moves (the lanes, the lines, the spots of every space) is written
once per map; the rest once per view, in plain loops, as SVG and HTML ready to
print (a template placing hundreds of small shapes attribute by attribute was
most of a step's drawing, issue #24).

Speed (issue #24): most of a step's picture is the step before's.  An occupied
space, a character's token and row, an Area's column, a Boss tile and a card of
a hand are each kept written by everything they show (`lru_cache` on the values
read from the view, a space's and a token's still parts by the map's own object),
so that a key holds all the markup depends on and nothing of another seat's view
can come back for it: a hand is keyed by its cards, which only its seat's view
holds.  A step looks them up and joins them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import Any

from markupsafe import Markup

from engine.games.promised_day import content
from engine.kit.picture import num
from viewer.boards import graph_layout
from viewer.pictures import text

WIDTH = 640
CITY_Y, CITY_HEIGHT = 48, 520       # Central City is drawn in translate(0 48)
AREA_Y, AREA_HEIGHT = 578, 120      # the Areas' columns
ROUND_Y, ROUND_HEIGHT = 708, 146    # the Homunculus card and the Boss tiles
ROWS_Y, ROW_PITCH = 864, 52         # one row per character
HAND_X, HAND_WIDTH = 412, 216       # a row's right part: Companion cards, the hand's cards

SEAT = {"red": "#c53030", "blue": "#2b6cb0", "yellow": "#b7791f", "green": "#2f855a"}
CARD = {"red": "#e53e3e", "blue": "#3182ce", "yellow": "#ecc94b", "green": "#38a169",
        "any": "#a0aec0"}
LANE = {"1": "#fbd38d", "2": "#9ae6b4", "3": "#90cdf4", "4": "#d6bcfa", "5": "#feb2b2"}
# The Areas' columns: their lane's colour, pale and opaque (a lit column's glow must not
# show through it)
COLUMN = {"1": "#f9e3bf", "2": "#d4ecd6", "3": "#cfe2ec", "4": "#e8ddf2", "5": "#f9d9d2"}
INK = {"1": "#9c4221", "2": "#276749", "3": "#2c5282", "4": "#553c9a", "5": "#9b2c2c"}
SHORT_KIND = {"three-and-two": "3 + 2 colours", "four-same-colour": "4 of one colour",
              "four-colours": "4 colours", "seven-cards": "7 cards"}
SPECIAL = {"alchemy": "Alchemy", "alkahestry": "Alkahestry", "companion": "Companion"}
EMPTY = {"soldiers": 0, "bosses": [], "characters": []}  # a space the view leaves out
CIRCLE_SHOWN = 14  # cards drawn in an Area's column (two rows); the count says the rest


# ---- the contract: draw, place_points, ceiling ------------------------------------------
def draw(board: dict[str, Any]) -> dict[str, Any]:
    """Everything the template places for this view, positioned, labelled, named.

    The many small elements come back written (Markup), since a template prints one
    string far faster than it places a shape attribute by attribute (issue #24: the
    loops were most of a step's drawing).  Those that outline what changed are
    functions of the step's changed ids, which the template passes:
    `picture.spaces(hot_spaces, hot_bosses)`."""
    geo = _geo(board)
    still = _still(geo, tuple((n, tuple(a["spaces"])) for n, a in board["areas"].items()),
                   tuple((sp, m[0], m[1]) for sp, m in board["map"].items()))
    rows = len(board["characters"])
    height = ROWS_Y + ROW_PITCH * rows + 6
    return {
        "height": str(height), "frame_height": str(height - 2),
        "city": still.city,
        "header": _header(board),
        "track": partial(_track, board["damage_track"]),
        "spaces": partial(_spaces, board, still.spaces),
        "characters": partial(_tokens, board, still.spaces),
        "halos": partial(_halos, still.spaces),
        "areas": partial(_areas, board),
        "homunculus": _homunculus(board),
        "boss_tiles": partial(_boss_tiles, board),
        "rows": partial(_rows, board),
        "hands": partial(_hands, board),
        "offer": _offer(board),
    }


def place_points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each space's centre in the picture's coordinates (the city is 48 lower)."""
    return {k: (n.x, n.y + CITY_Y) for k, n in _geo(board).nodes.items()}


@cache
def _spaces_in_content() -> int:
    return sum(len(spaces) for _, spaces in content.load().areas)


def ceiling(board: dict[str, Any]) -> str | None:
    """A view is drawn if its map is no larger than the content's (viewer/bounds.py)."""
    most = _spaces_in_content()
    for what, found, top in (("the number of spaces", len(board.get("map") or ()), most),
                             ("the number of lines", len(board.get("lines") or ()), most * most),
                             ("the number of characters", len(board.get("characters") or ()), 4),
                             ("the number of Areas", len(board.get("areas") or ()), 5)):
        if found > top:
            return f"{what} is {found}, beyond the game's content (at most {top})"
    return None


# ---- small writing helpers ----------------------------------------------------------------
DASHED = ' stroke-dasharray="2 1"'  # a wild card in a circle
BOLD = ' font-weight="bold"'
STRUCK = ' text-decoration="line-through"'  # a defeated boss
CHANGED = ' style="outline:none"'  # an SVG shape that changed: the page's HTML outline is not for it


def _class(name: str, hot: bool) -> str:
    """A class attribute, with `changed` (and no HTML outline) where the element changed."""
    return f'class="{name} changed"{CHANGED}' if hot else f'class="{name}"'


def _named(token: str, label: str) -> str:
    """The id, notation token and label of an element a player may point at."""
    return f'data-id="{token}" data-token="{token}" data-label="{text(label)}"'


# ---- what never moves -------------------------------------------------------------------
def _geo(board: dict[str, Any]):
    """The spaces placed where the content file draws them (graph_layout is cached)."""
    return _graph(tuple(board["lines"]),
                  tuple((sp, (x, y)) for sp, (_, _, x, y) in board["map"].items()))


@lru_cache(maxsize=16)
def _graph(lines: tuple[str, ...], at: tuple[tuple[str, tuple[float, float]], ...]):
    edges = [tuple(line.split("-", 1)) for line in lines]
    return graph_layout([sp for sp, _ in at], edges, WIDTH, CITY_HEIGHT, 56, dict(at))


@dataclass(frozen=True, eq=False)
class _Space:
    """A space's still parts, written once per map: its shape and label, the soldier or
    empty spot that each of its spots may show, where its characters stand.  Made once
    per map (`_still`), so it is hashed and compared as itself, not field by field: it
    is in the key of what is drawn on the space, looked up on every step."""
    id: str
    area: str
    spots: int
    head: str          # '\n<g id="space-1a" ... data-label="space 1a" ' (then its class)
    shape: str         # the circle and the space's name
    soldier: tuple[str, ...]
    empty: tuple[str, ...]
    spot_x: tuple[str, ...]
    spot_y: str
    text_y: str
    halo: str
    vacant: str        # the whole space with nobody on it, unchanged (most spaces, most steps)
    x: float
    token_y: str


@dataclass(frozen=True)
class _Still:
    city: Markup                # the lanes and the lines
    spaces: dict[str, _Space]


@lru_cache(maxsize=16)
def _still(geo, areas: tuple[tuple[str, tuple[str, ...]], ...],
           spots: tuple[tuple[str, Any, int], ...]) -> _Still:
    """Lanes, lines and the spaces' shapes for one layout."""
    lanes = "".join(f'\n<polyline class="lane" points="{" ".join(f"{geo[sp].cx},{geo[sp].cy}" for sp in spaces)}" '
                    f'stroke="{LANE.get(n, "#e2e8f0")}" stroke-width="84"><title>Area {text(n)}</title></polyline>'
                    for n, spaces in areas)
    lines = " ".join(f"M{link.x1} {link.y1}L{link.x2} {link.y2}" for link in geo.links)
    city = ('<g class="areas" stroke-linecap="round" stroke-linejoin="round" fill="none" opacity="0.6">'
            f'{lanes}\n</g>\n<path class="lines" d="{lines}" stroke="#8a8f98" stroke-width="3" fill="none"/>')
    return _Still(Markup(city), {sp: _space(geo[sp], sp, str(area), n) for sp, area, n in spots})


def _space(c, sp: str, area: str, n: int) -> _Space:
    ink, safe = INK.get(area, "#2d3748"), text(sp)
    spot_y = num(c.y + 8)
    xs = tuple(num(c.x - (n - 1) * 10.5 + i * 21) for i in range(n))
    head = f'\n<g id="space-{safe}" {_named(safe, f"space {sp}")} '
    shape = (f'<circle cx="{c.cx}" cy="{c.cy}" r="34" fill="#fffdf7" stroke="{ink}" stroke-width="2.5"/>\n'
             f'<text x="{c.cx}" y="{num(c.y - 10)}" text-anchor="middle" font-size="13" '
             f'font-weight="bold" fill="{ink}">{safe}</text>')
    empty = tuple(f'\n<circle class="spot" cx="{x}" cy="{spot_y}" r="8" fill="#ffffff" '
                  f'stroke="#a0aec0"/>' for x in xs)
    title = text(_space_title(sp, area, n, 0, (), ()))
    return _Space(
        id=sp, area=area, spots=n, x=c.x, spot_x=xs, spot_y=spot_y, text_y=num(c.y + 12),
        token_y=num(c.y + 25), head=head, shape=shape, empty=empty,
        vacant=f'{head}{_class("space", False)}>\n<title>{title}</title>\n{shape}{"".join(empty)}\n</g>',
        soldier=tuple(f'\n<circle class="soldier" cx="{x}" cy="{spot_y}" r="8.5" fill="#742a2a" '
                      f'stroke="#ffffff" stroke-width="1"/>' for x in xs),
        halo=f'\n<circle class="halo" cx="{c.cx}" cy="{c.cy}" r="38" fill="none" stroke="#dd6b20" '
             f'stroke-width="4"/>')


# ---- the header -----------------------------------------------------------------------------
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
        status = _question(question)
    elif board["phase"] == "homunculus":
        step = board["homunculus_step"]
        status = "Homunculus turn" + (f": {step}" if step else "")
    elif board["current"]:
        ch = board["characters"][board["current"]]
        status = (f"{ch['name']}: {'basic movement, then ' if not board['moved'] else ''}"
                  f"{board['actions_left']} action(s) left")
    elif board["phase"] == "start" and _flip_due(board):
        status = "set-up: turn one of the two '3 + 2' tiles face down (click its Area)"
    elif board["phase"] == "start":
        status = "set-up: each character chooses a starting space"
    else:
        status = "set-up: dealing"
    alert = board["result"] or question
    return {"title": title, "status": status, "status_fill": "#c05621" if alert else "#2d3748",
            "stock": f"Stock {board['stock']}",
            "deck": f"soldier deck {board['soldier_deck_size']}",
            "track_title": f"{board['damage_track']} of 7 soldiers on the damage track "
                           "(the seventh loses the game)"}


def _question(question: list) -> str:
    kind, left = question
    return {"discard": f"Event: {left} more card(s) to discard between you",
            "wound": f"Event: {left} more damage to share among the characters",
            "bonus": "choose a face-up Transmutation Bonus card"}.get(kind, f"{kind}: {left} left")


def _flip_due(board: dict[str, Any]) -> bool:
    """With 1-2 players one "3 + 2" tile is turned face down before anyone starts."""
    seats = {ch["seat"] for ch in board["characters"].values()}
    up = [a for a in board["areas"].values()
          if a["tile"] and a["tile"]["kind"] == "three-and-two" and a["tile"]["face_up"]]
    placed = any(ch["space"] for ch in board["characters"].values())
    return len(seats) <= 2 and len(up) == 2 and not placed


@lru_cache(maxsize=64)
def _track(filled: int, hot: bool) -> Markup:
    """The damage track's seven boxes, the soldiers on it filled."""
    stroke, width = ("#dd6b20", "2.5") if hot else ("#4a5568", "1")
    return Markup("".join(f'\n<rect x="{372 + i * 24}" y="25" width="20" height="20" rx="3" '
                          f'fill="{"#742a2a" if i < filled else "#ffffff"}" stroke="{stroke}" '
                          f'stroke-width="{width}"/>' for i in range(7)))



# ---- Central City -----------------------------------------------------------------------------
def _spaces(board: dict[str, Any], still: dict[str, _Space], hot: frozenset,
            hot_bosses: frozenset) -> Markup:
    """Each space with its spots: soldiers first, then bosses, then the empty ones."""
    bosses, characters, occupied = board["bosses"], board["characters"], board["spaces"]
    out = []
    for sp in board["map"]:
        c, s = still[sp], occupied.get(sp)
        if s is None and sp not in hot:
            out.append(c.vacant)
            continue
        s = s or EMPTY
        out.append(_space_svg(c, s["soldiers"],
                              tuple((b, bosses[b]["name"], bosses[b]["life"], b in hot_bosses) for b in s["bosses"]),
                              tuple(characters[ch]["name"] for ch in s["characters"]), sp in hot))
    return Markup("".join(out))


# An occupied space is written once per what it holds (issue #24: most stay as they
# were from one step to the next).  `c` is the space's still parts, one per map.
@lru_cache(maxsize=2048, typed=True)
def _space_svg(c: _Space, soldiers: int, bosses: tuple, names: tuple, hot: bool) -> str:
    title = _space_title(c.id, c.area, c.spots, soldiers, tuple((name, life) for _, name, life, _ in bosses), names)
    out = [c.head, _class("space", hot), ">\n<title>", text(title), "</title>\n", c.shape]
    shown = min(soldiers, c.spots)
    out += c.soldier[:shown]
    for i, (b, name, life, boss_hot) in enumerate(bosses[:c.spots - shown], shown):
        out.append(_boss_token(b, name, life, c.spot_x[i], c, boss_hot))
    out += c.empty[shown + len(bosses):]
    out.append("\n</g>")
    return "".join(out)


def _space_title(sp: str, area: str, spots: int, soldiers: int, bosses: tuple, names: tuple) -> str:
    """What a space holds, in words (its tooltip, and what a screen reader says): its
    bosses as (name, life), its characters' names."""
    return (f"Space {sp} (Area {area}): {spots} spot(s), {soldiers} soldier(s)"
            + "".join(f", {name} (life {life})" for name, life in bosses)
            + "".join(f", {name}" for name in names))


def _boss_token(b: str, name: str, life, x: str, c: _Space, hot: bool) -> str:
    safe = text(b)
    stroke, width = ("#dd6b20", "3") if hot else ("#ffffff", "1")
    return (f'\n<g id="token-{safe}" {_named(safe, name)} {_class("boss", hot)}>'
            f'<title>{text(name)}: life {life}</title>'
            f'<circle cx="{x}" cy="{c.spot_y}" r="10.5" fill="#553c9a" stroke="{stroke}" stroke-width="{width}"/>'
            f'<text x="{x}" y="{c.text_y}" text-anchor="middle" font-size="10" font-weight="bold" '
            f'fill="#ffffff">{text(_short(name)[:1])}{life}</text></g>')


def _short(name: str) -> str:
    """A boss's or a character's everyday name: Kimblee, Edward."""
    return name.split(" ")[-1] if name.startswith("Solf") else name.split(" ")[0]


def _tokens(board: dict[str, Any], still: dict[str, _Space], hot: frozenset) -> Markup:
    """The characters inside their spaces, under the spots, side by side (on a rim they
    would stand between two spaces of a lane)."""
    out = []
    for cid, ch in board["characters"].items():
        if not ch["space"]:
            continue
        here = board["spaces"].get(ch["space"], EMPTY)["characters"]
        out.append(_token(still[ch["space"]], cid, ch["name"], ch["seat"], ch["space"], ch["life"], ch["max_life"],
                          ch["hand_size"], len(here), here.index(cid), cid == board["current"], cid in hot))
    return Markup("".join(out))


# A character's token is written once per what it shows (issue #24); `c` is its space's
# still parts, `n` the characters there and `k` its place among them.
@lru_cache(maxsize=1024, typed=True)
def _token(c: _Space, cid: str, name: str, seat: str, space: str, life, max_life, hand_size, n: int, k: int,
           current: bool, hot: bool) -> str:
    safe = text(cid)
    x, y = num(c.x - (n - 1) * 8.5 + k * 17), c.token_y
    title = f"{name} ({seat}): life {life}/{max_life}, {hand_size} card(s) in hand"
    ring = f'<circle cx="{x}" cy="{y}" r="10.5" fill="none" stroke="#1a202c" stroke-width="2"/>' if current else ""
    stroke, width = ("#dd6b20", "2.5") if hot else ("#ffffff", "1")
    return (f'\n<g id="token-{safe}" data-id="{safe}" data-token="{safe} {text(space)}" '
            f'data-label="{text(name)}" {_class("token", hot)}><title>{text(title)}</title>'
            f'{ring}\n<circle cx="{x}" cy="{y}" r="8" fill="{SEAT.get(seat, "#4a5568")}" '
            f'stroke="{stroke}" stroke-width="{width}"/><text x="{x}" y="{y}" dy="3" text-anchor="middle" '
            f'font-size="8.5" font-weight="bold" fill="#ffffff">{text(cid[:2].capitalize())}</text></g>')


def _halos(still: dict[str, _Space], hot: frozenset) -> Markup:
    """An orange ring around each space that changed, over everything in the city."""
    return Markup("".join(c.halo for sp, c in still.items() if sp in hot))


# ---- the Areas: tiles and Transmutation Circle spaces ------------------------------------------
def _areas(board: dict[str, Any], hot: frozenset) -> Markup:
    """One column per Area: its tile, its circle's cards counted by colour, and those cards."""
    colours = tuple(board.get("card_colours") or list(CARD)[:4])
    return Markup("".join(_area(i, n, tuple((card, *face) for card, face in area["circle"].items()),
                                (area["tile"]["kind"], area["tile"]["face_up"]) if area["tile"] else None,
                                colours, n in hot)
                          for i, (n, area) in enumerate(board["areas"].items())))


# An Area's column is written once per what it shows (issue #24): the cards of its
# circle as (card, colour, damage, range, icon), its tile as (kind, face up).
@lru_cache(maxsize=1024, typed=True)
def _area(i: int, n: str, circle: tuple, tile: tuple | None, colours: tuple, hot: bool) -> str:
    x = 8 + i * 126
    safe, ink = text(n), INK.get(n, "#2d3748")
    faces = [face[1] for face in circle]
    counts = "".join(_count_svg(str(x + 6 + k * 28), str(x + 18 + k * 28), CARD.get(colour, "#a0aec0"),
                                colour, str(faces.count(colour)))
                     for k, colour in enumerate(colours))
    cards = "".join(_card_svg(x + 6 + (j % 7) * 15, AREA_Y + 66 + (j // 7) * 21, *face)
                    for j, face in enumerate(circle[:CIRCLE_SHOWN]))
    wild, more = faces.count("any"), len(circle) - CIRCLE_SHOWN
    count = (f"{len(circle)} card(s)" + (f", {wild} wild" if wild else "")
             + (f" ({more} more)" if more > 0 else ""))
    stroke, width = ("#dd6b20", "3") if hot else (ink, "1")
    return (f'\n<g id="area-{safe}" {_named(safe, f"Area {n}")} {_class("area", hot)}>\n'
            f'<rect x="{x}" y="578" width="120" height="120" rx="6" fill="{COLUMN.get(n, "#edf2f7")}" '
            f'stroke="{stroke}" stroke-width="{width}"/>\n'
            f'<text x="{x + 6}" y="593" font-size="13" font-weight="bold" fill="{ink}">Area {safe}</text>'
            f'{_tile(x, n, *tile) if tile else ""}'
            f'\n<g class="colours" font-size="10">{counts}\n</g>{cards}\n'
            f'<text x="{x + 114}" y="694" text-anchor="end" font-size="10" fill="#4a5568">{count}</text>\n</g>')


def _tile(x: int, n: str, kind: str, up: bool) -> str:
    """An Area's Transmutation Circle tile: its condition face up, "completed" face down."""
    title = (f"Transmutation Circle tile of Area {n}: {content.texts()['tiles'][kind]}"
             + ("" if up else " (completed: face down)"))
    fill, ink = ("#fffdf7", "#1a202c") if up else ("#2d3748", "#e2e8f0")
    return (f'\n<g class="tile {"face-up" if up else "face-down"}"><title>{text(title)}</title>\n'
            f'<rect x="{x + 6}" y="599" width="108" height="24" rx="4" fill="{fill}" stroke="#2d3748"/>\n'
            f'<text x="{x + 60}" y="615" text-anchor="middle" font-size="11" font-weight="bold" '
            f'fill="{ink}">{SHORT_KIND[kind] if up else "completed"}</text>\n</g>')


# A Transmutation Circle's cards and colour counts, each element written once
# (issue #24: these loops were most of the template's placing on every step).
@lru_cache(maxsize=4096)
def _card_svg(x: int, y: int, card: str, *face) -> str:
    return (f'\n<rect x="{x}" y="{y}" width="13" height="18" rx="2" fill="{CARD.get(face[0], "#a0aec0")}" '
            f'stroke="#1a202c" stroke-width="0.6"{DASHED if face[0] == "any" else ""}>'
            f'<title>{text(_card_title(card, face))}</title></rect>')


@lru_cache(maxsize=1024)
def _count_svg(x: str, text_x: str, fill: str, colour: str, count: str) -> str:
    return (f'\n<rect x="{x}" y="628" width="10" height="10" rx="2" fill="{fill}" stroke="#1a202c" '
            f'stroke-width="0.5"><title>{count} {text(colour)} card(s) in the Transmutation Circle space'
            f'</title></rect><text x="{text_x}" y="637">{count}</text>')


def _card_title(card: str, face: list) -> str:
    colour, damage, reach, icon = face
    if colour == "any":
        return f"{card}: a card of any colour"
    return (f"{card}: {colour}, {damage} damage, range {reach}"
            + (f", paired icon {icon}" if icon else ""))


# ---- the Round Board -----------------------------------------------------------------------------
def _homunculus(board: dict[str, Any]) -> dict[str, Any]:
    h = board["homunculus"]["revealed"]
    texts = content.texts()
    if h:
        if h["kind"] == "boss":
            name = board["boss_tiles"].get(h["what"], {}).get("name", h["what"])
            head, effect = f"Round {h['round']}: Boss card", f"{name} arrives"
        else:
            head = f"Round {h['round']}: Event card"
            effect = texts["events"].get(h["what"], h["what"].replace("-", " "))
        march = ", ".join(map(str, h["march"])) or "none"
        lines = [head, *_wrap(effect, 58),
                 f"March: Area{'s' if len(h['march']) > 1 else ''} {march}",
                 f"Appearance: {h['soldiers']} or more soldiers"
                 + (" (+2 this round)" if board["plus_two"] else "")]
    else:
        lines = ["none revealed this round"]
    rounds = ", ".join(map(str, board["homunculus"]["face_down_rounds"])) or "none"
    lines.append(f"face down above round(s) {rounds}")
    # The face-up bonus cards again, by name, for the picture alone (a board's file): the
    # tray above the map, with their effects, is HTML.
    bonus = board["bonus"]
    offer = ", ".join(b["name"] for b in bonus["offer"]) or "none"
    return {"lines": Markup("".join(f'\n<text x="16" y="{ROUND_Y + 32 + 15 * i}"'
                                    f'{BOLD if i == 0 and h else ""}>{text(t)}</text>'
                                    for i, t in enumerate(lines))),
            "bonus_y": str(ROUND_Y + 124), "bonus_text_y": str(ROUND_Y + 138),
            "bonus_head": f"Transmutation Bonus, face up (deck {bonus['deck_size']}):",
            "bonus": offer, "squeeze": len(offer) > 58}  # three long names: fit the box


def _boss_tiles(board: dict[str, Any], hot: frozenset) -> Markup:
    """The five Boss tiles beside the board: on the board (life), defeated, or not there."""
    on_board, defeated = board["bosses"], board["defeated_bosses"]
    return Markup("".join(
        _boss_tile(i, b, tile["name"], tile["life"], tile["space"], tile["ability"],
                   (on_board[b]["space"], on_board[b]["life"]) if b in on_board else None, b in defeated, b in hot)
        for i, (b, tile) in enumerate(board["boss_tiles"].items())))


# A Boss tile is written once per what it says (issue #24).
@lru_cache(maxsize=512, typed=True)
def _boss_tile(i: int, b: str, name: str, life, space, ability: str, where: tuple | None, gone: bool,
               hot: bool) -> str:
    """One Boss tile; `where`: (space, life) while the boss is on the board."""
    y, safe, name = ROUND_Y + 22 + i * 24, text(b), text(name)
    if where:
        state = f"on {where[0]}, life {where[1]}/{life}"
    elif gone:
        state = "defeated"
    else:
        state = f"not on the board (its space: {space})"
    abilities = content.texts()["abilities"]
    return (f'\n<g id="boss-tile-{safe}" class="boss-tile{" defeated" if gone else ""}"'
            + (f' data-token="{safe}" data-label="{name}">' if where else ">")
            + f'\n<rect x="328" y="{y}" width="300" height="23" rx="3" '
              f'fill="{"#e9d8fd" if where else "#faf5ff"}" stroke="none"/>\n'
              f'<text x="332" y="{y + 11}" font-weight="bold" fill="{"#a0aec0" if gone else "#553c9a"}"'
              f'{STRUCK if gone else ""}>{name}<tspan font-weight="normal" '
              f'fill="{"#c05621" if hot else "#1a202c"}"> · {text(state)}</tspan></text>\n'
              f'<text x="332" y="{y + 21}" font-size="9.5" fill="#4a5568">'
              f'{text(abilities.get(ability, ability))}</text>\n</g>')


# ---- the characters ------------------------------------------------------------------------------
def _rows(board: dict[str, Any], hot: frozenset) -> Markup:
    """One row per character: life boxes, hand, deck and discards, Companion cards."""
    bonus_names = _bonus_names(board)
    return Markup("".join(_row(ROWS_Y + i * ROW_PITCH, cid, *_row_shown(ch, bonus_names), cid == board["current"],
                               cid in hot)
                          for i, (cid, ch) in enumerate(board["characters"].items())))


def _row_shown(ch: dict[str, Any], bonus_names: dict[str, str]) -> tuple:
    """What a character's row shows, as the key it is kept by (`_row`): its Companion
    cards as (id, name), its hand as (card, colour, damage, range, icon) where the view
    holds it (the seat's own), else empty."""
    return (ch["name"], ch["seat"], ch["space"], ch["move"], ch["life"], ch["max_life"], ch["special"], ch["effect"],
            ch["hand_size"], ch["deck_size"], len(ch["discards"]),
            tuple((b, bonus_names.get(b, b)) for b in ch["companions"]),
            tuple((card, *face) for card, face in (ch.get("hand") or {}).items()))


# A character's row is written once per what it shows (issue #24).
@lru_cache(maxsize=1024, typed=True)
def _row(y: int, cid: str, name: str, seat_name: str, space, move, life_now, top, special_id, effect_id,
         hand_size, deck_size, discards: int, companions: tuple, hand: tuple, current: bool, hot: bool) -> str:
    life = life_now or 0
    special = SPECIAL.get(special_id, special_id)
    effect = content.texts()["specials"].get(effect_id or special_id, "")
    seat = SEAT.get(seat_name, "#4a5568")
    safe, name = text(cid), text(name)
    fill, stroke, width = ("#feebc8", "#dd6b20", "3") if hot else ("#ffffff", seat, "1.5")
    sub = (f"{seat_name} · {'on ' + space if space else 'not placed'}"
           f" · move {move}")
    life_text, life_end = f"life {life_now}/{top}", 240 + max(life, 0) * 9
    # the life boxes: a dashed bar, 7 wide and 2 apart (the track, then the life left)
    left = (f'<line class="life-left" x1="240" y1="{y + 12}" x2="{life_end}" y2="{y + 12}" stroke="#e53e3e" '
            f'stroke-width="10" stroke-dasharray="7 2"/>' if life_end != 240 else "")
    return (
        f'\n<g id="character-{safe}" data-id="{safe}" data-token="{safe}" data-label="{name}" '
        f'{_class("summary", hot)}>\n'
        f'<rect x="8" y="{y}" width="624" height="48" rx="5" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width}"/>\n'
        f'<circle cx="24" cy="{y + 22}" r="10" fill="{seat}"{CURRENT if current else ""}/>\n'
        f'<text x="24" y="{y + 26}" text-anchor="middle" font-size="10" fill="#ffffff">'
        f'{text(cid[:2].capitalize())}</text>\n'
        f'<text x="40" y="{y + 15}" font-weight="bold">{name}</text>\n'
        f'<text x="40" y="{y + 28}" font-size="10" fill="#4a5568">{text(sub)}</text>\n'
        f'<text x="40" y="{y + 40}" font-size="9.5" fill="#4a5568">'
        f'{text(f"{special}: {effect}" if effect else special)}</text>\n'
        f'<g class="life"><title>{life_text}</title>\n'
        f'<line x1="240" y1="{y + 12}" x2="{240 + top * 9}" y2="{y + 12}" stroke="#e2e8f0" stroke-width="10" '
        f'stroke-dasharray="7 2"/>{left}\n'
        f'<text x="{246 + top * 9}" y="{y + 16}" font-size="11">{life_text}</text>\n</g>\n'
        f'<text x="240" y="{y + 32}" font-size="10" fill="#4a5568">hand {hand_size} · '
        f'deck {deck_size} · discards {discards}</text>'
        + "".join(_companion(y, k, b, label) for k, (b, label) in enumerate(companions))
        + _small_hand(y, hand)
        + "\n</g>")


CURRENT = ' stroke="#1a202c" stroke-width="2.5"'  # the ring of the character who acts now


def _companion(y: int, k: int, b: str, label: str) -> str:
    safe, label = text(b), text(label)
    return (f'\n<g class="companion" data-token="{safe}" data-label="{label}"><title>Companion card beside '
            f'the summary: {label}</title>\n'
            f'<rect x="{HAND_X + k * 110}" y="{y + 4}" width="106" height="17" rx="3" fill="#f0fff4" '
            f'stroke="#2f855a"/>\n'
            f'<text x="{HAND_X + 53 + k * 110}" y="{y + 16}" text-anchor="middle" font-size="10">{label}</text>\n</g>')


def _small_hand(y: int, hand: tuple) -> str:
    """The hand, where the view holds it, small (the tray above the map holds the cards to
    point at): the picture alone, a file of its own, shows it too.  Each card as (card,
    colour, damage, range, icon)."""
    pitch = min(20, HAND_WIDTH // max(len(hand), 1))
    return "".join(
        f'\n<g class="card"><title>{text(_card_title(card, face))}</title><rect x="{HAND_X + j * pitch}" '
        f'y="{y + 25}" width="17" height="19" rx="2" fill="{CARD.get(face[0], "#a0aec0")}" stroke="#1a202c" '
        f'stroke-width="0.6"/><text x="{num(HAND_X + j * pitch + 8.5)}" y="{y + 38}" text-anchor="middle" '
        f'font-size="10" font-weight="bold" fill="#1a202c">{face[1] or ""}</text></g>'
        for j, (card, *face) in enumerate(hand))


def _bonus_names(board: dict[str, Any]) -> dict[str, str]:
    return {**_content_bonus_names(), **{b["id"]: b["name"] for b in board["bonus"]["offer"]}}


@cache
def _content_bonus_names() -> dict[str, str]:
    """The bonus cards' names as the content prints them, once (not once a step)."""
    return {b: name for b, name, _, _ in content.load().bonus}


# ---- the tray: hands, Companion cards, the Transmutation Bonus offer ------------------------------
def _hands(board: dict[str, Any], changed) -> Markup:
    """The hands the view holds, as cards to point at, each with its Companion cards."""
    bonus_text = content.texts()["bonus"]
    by_id = {b: (name, effect) for b, name, effect, _ in content.load().bonus}
    out = []
    for cid, ch in board["characters"].items():
        if "hand" not in ch:
            continue  # another seat's hand: its size is on the character's row
        path = f"characters.{cid}.hand"
        title = text(f"{ch['name']}'s hand")
        cards = "".join(_hand_card(card, tuple(face), f"{path}.{card}" in changed)
                        for card, face in ch["hand"].items()) or "<p>no card in hand</p>"
        companions = "".join(_bonus_card(b, *by_id.get(b, (b, "")), bonus_text, COMPANION)
                             for b in ch["companions"])
        out.append(f'\n<section class="pd-hand{" changed" if path in changed else ""}" id="hand-{text(cid)}" '
                   f'aria-label="{title}">\n<h3>{title} <small>{len(ch["hand"])} card(s), deck '
                   f'{ch["deck_size"]}</small></h3>\n<div class="pd-cards">{cards}{companions}\n</div>\n</section>')
    return Markup("".join(out))


def _offer(board: dict[str, Any]) -> dict[str, Any]:
    """The Transmutation Bonus cards face up, and "nobody" where Winry's may go to no one."""
    bonus_text = content.texts()["bonus"]
    offer = board["bonus"]["offer"]
    choosing = bool(board["question"]) and board["question"][0] == "bonus"
    nobody = choosing and any(b["effect"] == "draw-and-heal" for b in offer)
    cards = ("".join(_bonus_card(b["id"], b["name"], b["effect"], bonus_text) for b in offer)
             or "<p>none face up</p>")
    return {"cards": Markup(cards + (NOBODY if nobody else "")),
            "deck": f"deck {board['bonus']['deck_size']}", "choosing": choosing}


NOBODY = '<div class="pd-nobody" data-token="none" data-label="nobody">nobody</div>'
COMPANION = ("pd-bonus pd-companion", "<small>Companion card</small>")
ICONS = {"sun": "sun", "moon": "moon", "star": "star"}


@lru_cache(maxsize=1024, typed=True)
def _hand_card(card: str, face: tuple, new: bool) -> str:
    """A card of a hand, named by its id: colour, damage, range and paired icon."""
    colour, damage, reach, icon = face
    safe, title = text(card), text(_card_title(card, face))
    if colour == "any":
        body = "<b></b>"
    else:
        icon = ICONS.get(icon, icon)
        body = (f"<b>{damage}</b><span>damage</span><span>range {reach}</span>"
                + (f'<span class="pd-icon pd-{text(icon)}">{text(icon)}</span>' if icon else ""))
    return (f'\n<div class="pd-card pd-{text(colour)}{" pd-new" if new else ""}" data-token="{safe}" '
            f'data-label="{title}" title="{title}">\n<span class="pd-colour">{text(colour)}</span>{body}'
            f'<span class="pd-id">{safe}</span></div>')


def _bonus_card(b: str, name: str, effect: str, words: dict[str, str], kind=("pd-bonus", "")) -> str:
    safe, name = text(b), text(name)
    return (f'\n<div class="{kind[0]}" data-token="{safe}" data-label="{name}">{kind[1]}<b>{name}</b>'
            f'<span>{text(words.get(effect, effect.replace("-", " ")))}</span></div>')


def _wrap(text: str, width: int) -> list[str]:
    """Words into lines of at most `width` characters (SVG text does not wrap)."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line] if line else lines
