"""Brutality's picture (docs/boards.md): the board of squares with its hazards
and heroes, and beside it the cards a player points at.

`viewer/templates/boards/brutality.html` places what `draw(board)` works out
here; `board` is the game's `view(state, seat)`, so a team's relic cards are
drawn only where the view holds them (the team's own seats; both teams once
the game is over).  Two parts:

- the **map** (SVG): column letters along the top and row numbers down the
  left (the notation's), the squares coloured by what lies on them, each
  hazard named in a corner (a hero's Ghost Knights and Corpse Parts in the
  team's colour, with the turns left of a timed one), the starting corners
  while the teams set up, Hell Fire called, gravestones, the forced moves of
  the latest action as orange arrows, and the heroes: a token in the team's
  colour (a bar across both spaces of a two-space hero) with a nose on the
  side they face, Health on the right, bleed (B) and the noose (N) on the
  left; what the effects waiting on the stack will strike, framed in orange;
  under the map a line of who acts, the effect stack, a line per team
  and the key of the hazards on the board.
- the **tray** (HTML, wraps in a narrow column, holds no <svg>): the
  question's "stay" where a Catapult jump may be declined, what the setup
  offers (the relic stacks and the open stack's cards of the draft, the
  heroes to pick, the artifact cards, the hazard tiles), the team's relic
  cards with their names and text, and a sheet per hero: Health, state,
  abilities, artifact.

Every element a command may be made of is named by its notation token
(`data-token`, viewer/pointing.py): a square by its name (`C3`: the square,
which takes the clicks, and a spot over it that lights up), a hero by its id
(`demon-king`: the squares it stands on or lies buried in, which answer a
click as the hero first and then as the space, its token and its sheet), an
ability by its id (`hellbrand`, on its hero's sheet), an
artifact card by its id (`war-horn`, offered at setup), a hazard tile by its
kind (`catapult`), a relic stack by its type (`curse`), a relic card by its
id (`hell-fire-2`), and `stay`.

What never moves (the squares' shapes, the coordinates, the spots' places) is
worked out once per board size; the rest once per view, in plain loops, and
written out as markup here rather than by the template (issue #24: a step's
hundreds of `{{ }}`, an escape and a lookup each, were most of its drawing);
a layer that shows what changed is a function the template hands the changed ids.  Every number comes
back as a string ready to print.

Speed (issue #24): most of a step's picture is the step before's.  The squares
and their spots are kept written by the view's ground and who stands or lies
where, a hero's token and sheet by everything they show (`lru_cache` on the
values read from the view, so that a key holds all the markup depends on and
nothing of another seat's view can come back for it), each drawn unchanged and
changed at once; a step looks them up and picks.  The sheets are written here
rather than by a loop of the template.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial
from typing import Any

from markupsafe import Markup

from engine.games.brutality import content
from engine.games.brutality.board import SETUP_HAZARDS
from engine.kit.picture import num
from viewer.boards import square_board
from viewer.pictures import text as _t

SIZE = 56             # a square's side
MAP_X, MAP_Y = 18, 16  # the map sits in translate(18,16): room for the coordinates
LINE = 16             # a line of text under the map

TEAM = {"north": "#2b6cb0", "south": "#c53030"}
PALE = {"north": "#ebf4ff", "south": "#fff5f5"}
DARK = "#1a202c"
GROUND = {"open": "#e9dfc4", "icicle-spikes": "#bfe3f2", "spiked-pillar": "#7a6a5a",
          "pike-trap": "#b7794a", "relentless-fire": "#f08a4b", "catapult": "#c2b45a",
          "ruined-wall": "#a3a3a3", "corpse-parts": "#8fa35a", "ghost-knight": "#d6def7"}
# The word each hazard is labelled with on its square (commands.HAZARD_LABELS reads it back).
LABEL = {"icicle-spikes": "icicles", "spiked-pillar": "pillar", "pike-trap": "pikes",
         "relentless-fire": "fire", "catapult": "catapult", "ruined-wall": "wall",
         "corpse-parts": "corpse", "ghost-knight": "knight"}
NAME = {"icicle-spikes": "Icicle Spikes", "spiked-pillar": "Spiked Pillar",
        "pike-trap": "Pike Trap", "relentless-fire": "Relentless Fire", "catapult": "Catapult",
        "ruined-wall": "Ruined Wall", "corpse-parts": "Corpse Parts",
        "ghost-knight": "Ghost Knight"}
RULE = {"icicle-spikes": "blocks moves and sight, 1 damage when it stops you",
        "spiked-pillar": "blocks moves and sight, 1 damage when it stops you",
        "pike-trap": "1 damage on entering (stops a knockback) and at turn end",
        "relentless-fire": "1 damage on entering and at turn end",
        "catapult": "jump up to 2 spaces",
        "ruined-wall": "blocks moves and sight, can be jumped",
        "corpse-parts": "1 damage on entering and at turn end",
        "ghost-knight": "1 damage to an enemy meeting it"}
TEAM_HAZARDS = ("ghost-knight", "corpse-parts")  # a hero's: drawn in the team's colour
TIMING = {"your": "your turn", "enemy": "enemy turn", "any": "any turn",
          "start-your": "start of your turn", "start-enemy": "start of the enemy turn",
          "end-your": "end of your turn", "end-enemy": "end of the enemy turn"}
RELIC_TYPE = {"blessing": "Saint's Blessing", "curse": "Saint's Curse", "op": "OP",
              "utility": "Utility"}
SETUP = ("draft", "choose-heroes", "place-heroes", "choose-artifacts", "place-hazards")
QUESTION = {"displace": "where {} goes", "jump-move": "whether {} jumps from the Catapult",
            "jump-knock": "where {} jumps", "land": "where {} lands"}


# ---- the contract: draw, place_points, ceiling ------------------------------------------
def draw(board: dict[str, Any]) -> dict[str, Any]:
    """Everything the template places for this view, positioned, labelled, named."""
    size = board.get("board") or {}
    width, height = size.get("width", 8), size.get("height", 6)
    fixed = _fixed(width, height)
    heroes = board.get("heroes") or {}
    names = {h: _short(x["name"]) for h, x in heroes.items()}
    lines = _lines(board, names)
    kinds = sorted({hz["kind"] for hz in board.get("hazards", {}).values()})
    key_y = fixed["below"] + LINE * len(lines)
    squares, spots = _squares(width, height, *_on_squares(board))
    tray = _tray(board)
    return {
        **fixed,
        "square_layer": partial(_square_layer, squares),
        "spot_layer": spots,
        "starts": _starts_svg(_starts(board, fixed["geo"])),
        "labels": _labels_svg(_hazard_labels(board, fixed["geo"])),
        "fire": _fire_svg(_hell_fire(board, fixed["geo"])),
        "declared": _declared_svg(_declared(board, fixed["geo"], names)),
        "graves": _graves_svg(_graves(board, fixed["geo"])),
        "pushes": _pushes_svg(_pushes(board, fixed["geo"])),
        "heroes": partial(_heroes_svg, _tokens(board, width, height)),
        "highlights": partial(_highlights_svg, fixed["geo"]),
        "lines": _lines_svg([{"y": num(fixed["below"] + LINE * i), **line} for i, line in enumerate(lines)]),
        "key": _key_svg([{"y": num(key_y + 15 * i), "box_y": num(key_y + 15 * i - 9), "fill": GROUND[k],
                          "text": f"{LABEL[k]}: {NAME[k]}, {RULE[k]}"} for i, k in enumerate(kinds)]),
        "height": num(key_y + 15 * len(kinds)),
        "tray": tray,
        "offer_cards": _offer_html(tray["offer"]),
        "sheets": partial(_sheets_html, tray["sheets"]),
        "aria": f"Brutality, turn {board.get('turn', 0)}",
    }


def place_points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each square's centre in the picture's coordinates (the map is in translate(18,16))."""
    size = board.get("board") or {}
    geo = square_board(size.get("width", 8), size.get("height", 6), SIZE)
    return {c.id: (c.x + MAP_X, c.y + MAP_Y) for c in geo.cells.values()}


@cache
def _largest_board() -> tuple[int, int]:
    boards = content.boards().values()
    return max(b["width"] for b in boards), max(b["height"] for b in boards)


def ceiling(board: dict[str, Any]) -> str | None:
    """A view is drawn if its board is no larger than the content's largest
    and its lists no longer than a game holds (viewer/bounds.py)."""
    width, height = _largest_board()
    size = board.get("board") or {}
    for what, found, top in (("the board's width", size.get("width", 8), width),
                             ("the board's height", size.get("height", 6), height),
                             ("the number of heroes", len(board.get("heroes") or ()), 4),
                             ("the number of forced moves", len(board.get("pushes") or ()),
                              4 * width * height)):
        if isinstance(found, bool) or not isinstance(found, int) or not 0 <= found <= top:
            return f"{what} is {str(found)[:20]}, beyond the game's content (at most {top})"
    return None


# ---- what never moves ----------------------------------------------------------------------
@lru_cache(maxsize=8)
def _fixed(width: int, height: int) -> dict[str, Any]:
    """The squares, the coordinates along the edges and the spots, for a board size."""
    geo = square_board(width, height, SIZE)
    cells = geo.cells.values()
    columns = [{"x": num(c.x + MAP_X), "text": c.id[:-len(str(c.row + 1))]} for c in cells if c.row == 0]
    rows = [{"y": num(c.y + MAP_Y + 4), "text": str(c.row + 1)} for c in cells if c.col == 0]
    return {
        "geo": geo,
        "coordinates": Markup("".join(f'<text x="{c["x"]}" y="12">{_t(c["text"])}</text>' for c in columns)
                              + "".join(f'<text x="8" y="{r["y"]}">{r["text"]}</text>' for r in rows)),
        "view_width": num(float(geo.width) + 20),
        "spots": {c.id: (num(c.x - SIZE / 2 + 3), num(c.y - SIZE / 2 + 3)) for c in cells},
        "spot_side": num(SIZE - 6),
        "below": float(geo.height) + MAP_Y + 16,
    }


def _short(name: str) -> str:
    """A hero's name as the lines under the map say it: "Rangoth", "The God Killer"."""
    return name.split(",")[0]


# ---- the map ---------------------------------------------------------------------------------
def _on_squares(board: dict[str, Any]) -> tuple[tuple, tuple, tuple]:
    """The view's squares as the key their layers are kept by: (each square with what
    lies on it, the hero or the buried heroes each square answers as, how the "Chosen:"
    line names it).  A square is what a click on the map lands on (the shapes over it
    let clicks through): where a hero stands or lies buried it answers as that hero
    first, then as itself."""
    heroes = board.get("heroes", {})
    on, label = {}, {}
    for hid, h in heroes.items():
        for sq in h.get("spaces") or ():
            on[sq], label[sq] = hid, f"{_short(h['name'])} ({sq})"
    for sq, buried in board.get("graves", {}).items():
        if sq not in on:
            on[sq] = " ".join(buried)
            label[sq] = f"{', '.join(_short(heroes[h]['name']) for h in buried if h in heroes)}'s " \
                        f"grave ({sq})"
    grounds = tuple((sq, cell.get("ground", "open")) for sq, cell in (board.get("squares") or {}).items())
    return grounds, tuple(on.items()), tuple(label.items())


@lru_cache(maxsize=256)
def _squares(width: int, height: int, grounds: tuple, on: tuple, label: tuple) -> tuple[tuple, Markup]:
    """Every square, coloured by what lies on it, as (id, markup, markup changed); and the
    spots over them, drawn over each square and named alike, which are what lights up (a
    square's own glow is half hidden under its neighbours; they never show what changed).
    Written once per board, ground and who stands where (issue #24: most steps move no one)."""
    fixed = _fixed(width, height)
    geo, spots, side = fixed["geo"], fixed["spots"], fixed["spot_side"]
    on, label = dict(on), dict(label)
    found, lit = [], []
    for sq, ground in grounds:
        if sq not in geo.cells:
            continue
        token = f"{on[sq]} {sq}" if sq in on else sq
        attrs = _square_attrs(sq, token, geo[sq].points, label.get(sq), ground)
        fill = GROUND.get(ground, GROUND["open"])
        found.append((sq, f'<polygon {attrs}" fill="{fill}"/>', f'<polygon {attrs}{_HOT_CLASS}" fill="{fill}"/>'))
        lit.append(_spot(token, spots[sq][0], spots[sq][1], side))
    return tuple(found), Markup("".join(lit))


# A square's markup depends on a handful of strings that mostly stay the same
# from one step to the next: each is written once (issue #24: Markup.format
# was most of a step's picture).
@lru_cache(maxsize=4096)
def _square_attrs(sq: str, token: str, points: str, label: str | None, ground: str) -> Markup:
    attrs = Markup('id="square-{}" data-id="{}" data-token="{}" points="{}" ').format(sq, sq, token, points)
    if label is not None:  # how the "Chosen:" line says it
        attrs += Markup('data-label="{}" ').format(label)
    return attrs + Markup('class="square {}').format(ground)


@lru_cache(maxsize=4096)
def _spot(token: str, x: str, y: str, side: str) -> str:
    return str(Markup('<rect class="bt-spot" data-token="{}" x="{}" y="{}" width="{}" height="{}" rx="5"/>')
               .format(token, x, y, side, side))


def _starts(board: dict[str, Any], geo) -> list[dict[str, str]]:
    """The starting corners, outlined in the team's colour while the teams set up."""
    if board.get("phase") not in SETUP:
        return []
    return [{"x": num(geo[sq].x - SIZE / 2 + 2), "y": num(geo[sq].y - SIZE / 2 + 2),
             "side": num(SIZE - 4), "stroke": TEAM[team],
             "title": f"a starting corner of {team}'s edge"}
            for team, corners in (board["board"].get("starts") or {}).items()
            for sq in corners if sq in geo.cells]


def _hazard_labels(board: dict[str, Any], geo) -> list[dict[str, Any]]:
    squares, heroes = board.get("squares", {}), board.get("heroes", {})
    found = []
    for sq, hz in board.get("hazards", {}).items():
        if hz["kind"] == "icicle-spikes" or sq not in geo.cells:
            continue  # the icicles are the Ice Pit's rim: the key names them
        c = geo[sq]
        here = squares.get(sq, {}).get("hero")
        low = bool(here) and heroes.get(here, {}).get("facing") == "N"  # the nose is up there
        owned = hz["team"] and hz["kind"] in TEAM_HAZARDS
        title = f"{NAME[hz['kind']]}: {RULE[hz['kind']]}"
        title += f" ({hz['team']})" if owned else ""
        title += f", {hz['tokens']} turn(s) left" if hz["tokens"] else ""
        found.append({"x": num(c.x - 25), "y": num(c.y + 25 if low else c.y - 18),
                      "text": LABEL[hz["kind"]] + (f" {hz['tokens']}" if hz["tokens"] else ""),
                      "fill": TEAM[hz["team"]] if owned else DARK, "bold": bool(owned),
                      "title": title})
    return found


def _hell_fire(board: dict[str, Any], geo) -> list[dict[str, str]]:
    """Hell Fire called and waiting to burst out: a dashed frame over its four squares."""
    found = []
    for fire in board.get("hell_fire", ()):
        squares = [geo[sq] for sq in fire["squares"] if sq in geo.cells]
        if not squares:
            continue
        xs, ys = [c.x for c in squares], [c.y for c in squares]
        found.append({"x": num(min(xs) - SIZE / 2 + 4), "y": num(min(ys) - SIZE / 2 + 4),
                      "w": num(max(xs) - min(xs) + SIZE - 8), "h": num(max(ys) - min(ys) + SIZE - 8),
                      "stroke": TEAM.get(fire["team"], DARK),
                      "title": f"Hell Fire called by {fire['team']} on {', '.join(fire['squares'])}"
                               f" ({fire['turns']} turn(s))"})
    return found


def _declared(board: dict[str, Any], geo, names: dict[str, str]) -> list[dict[str, str]]:
    """What the effects waiting on the stack will strike, so that the team asked
    whether to answer sees it: each space their steps name, and each hero's spaces."""
    heroes = board.get("heroes", {})
    found, seen = [], set()
    for effect in board.get("stack") or ():
        said = f"{effect['team']}'s {_effect(board, effect)}"
        for step in effect.get("steps") or ():
            for word in step if isinstance(step, list) else ():
                if not isinstance(word, str):
                    continue
                spaces = heroes[word].get("spaces") or [] if word in heroes else [word]
                for sq in spaces:
                    if sq in geo.cells and sq not in seen:
                        seen.add(sq)
                        c = geo[sq]
                        found.append({"x": num(c.x - SIZE / 2 + 6), "y": num(c.y - SIZE / 2 + 6),
                                      "side": num(SIZE - 12),
                                      "title": f"{said} strikes {names.get(word, word)}"})
    return found


def _graves(board: dict[str, Any], geo) -> list[dict[str, str]]:
    heroes = board.get("heroes", {})
    found = []
    for sq, buried in board.get("graves", {}).items():
        if sq not in geo.cells:
            continue
        c = geo[sq]
        found.append({"x": num(c.x - 27), "y": num(c.y + 9), "tx": num(c.x - 16),
                      "ty": num(c.y + 22), "token": " ".join([*buried, sq]),
                      "label": "".join(heroes[h]["label"] for h in buried if h in heroes),
                      "title": f"gravestone of {', '.join(heroes[h]['name'] for h in buried if h in heroes)}"
                               " (buried alive)"})
    return found


def _pushes(board: dict[str, Any], geo) -> list[dict[str, str]]:
    """The forced moves of the latest action: from the middle of the spaces left to
    the middle of the spaces reached."""
    found = []
    for p in board.get("pushes", ()):
        if not all(sq in geo.cells for sq in (*p["from_spaces"], *p["to_spaces"])):
            continue
        a, a2 = geo[p["from_spaces"][0]], geo[p["from_spaces"][-1]]
        z, z2 = geo[p["to_spaces"][0]], geo[p["to_spaces"][-1]]
        found.append({"x1": num((a.x + a2.x) / 2), "y1": a.cy, "x2": num((z.x + z2.x) / 2),
                      "y2": z.cy, "title": f"{p['hero']}: {p['source']}-{p['to']}"})
    return found


def _tokens(board: dict[str, Any], width: int, height: int) -> tuple:
    """A token per hero on the board, as (id, markup, markup changed)."""
    return tuple((hid, *_token(width, height, hid, tuple(h.get("spaces") or ()), h["label"], h["facing"], h["team"],
                               h["name"], h["health"], h["max_health"], h["bleed"], h["hung"]))
                 for hid, h in board.get("heroes", {}).items())


# A token is written once per everything it shows (issue #24: most heroes stand
# still from one step to the next); a hero off the board has none ("", "").
@lru_cache(maxsize=1024, typed=True)
def _token(width: int, height: int, hid: str, spaces: tuple, label: str, facing: str, team: str, name: str,
           health, max_health, bleed, hung) -> tuple[str, str]:
    """A hero's token, named as the hero and its first space (it lights up with them;
    a click goes through it to the square below, which answers as the hero first,
    then as the space)."""
    geo = _fixed(width, height)["geo"]
    spaces = [sq for sq in spaces if sq in geo.cells]
    if not spaces:
        return "", ""
    first, last = geo[spaces[0]], geo[spaces[-1]]
    mid, y = (first.x + last.x) / 2, first.y
    up = facing == "N"
    marks = " ".join(filter(None, (f"B{bleed}" if bleed else "", "N" if hung else "")))
    title = f"{name} ({team}): {health}/{max_health} Health"
    title += f", bleed {bleed}" if bleed else ""
    title += ", hung" if hung else ""
    title += f", faces {'north (up)' if up else 'south (down)'}"
    nose = (y - 11, y - 21) if up else (y + 11, y + 21)
    h = {
        "id": hid, "token": " ".join([hid, *spaces]), "label": label, "fill": TEAM.get(team, DARK),
        "title": title, "cx": num(mid), "cy": num(y),
        "bar": {"x": num(first.x - 22), "y": num(y - 15), "w": num(last.x - first.x + 44)}
        if len(spaces) > 1 else None,
        "nose": f"M{num(mid - 7)},{num(nose[0])} L{num(mid)},{num(nose[1])} "
                f"L{num(mid + 7)},{num(nose[0])} z",
        "health": str(health), "health_x": num(mid + 15), "text_y": num(y + 4),
        "marks": marks, "marks_x": num(mid - 15), "hung": hung,
    }
    return _hero_svg(h, False), _hero_svg(h, True)


# ---- the lines under the map -------------------------------------------------------------------
def _lines(board: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    """Who acts and what waits, then a line per team."""
    out = [{"text": _headline(board, names), "bold": True, "fill": DARK}]
    stack = board.get("stack") or []
    if stack:
        said = "; ".join(f"{s['team']}'s {_effect(board, s)}" for s in stack)
        who = board.get("responder")
        out.append({"text": f"On the stack (last resolves first): {said}"
                            + (f" - {who} may answer or pass" if who else ""),
                    "bold": False, "fill": "#9c4221"})
    sizes = board.get("hand_sizes") or {}
    for team in ("north", "south"):
        heroes = [(hid, h) for hid, h in board.get("heroes", {}).items() if h["team"] == team]
        parts = [f"{names[hid]} " + ("dead" if h["dead"] else f"{h['health']}/{h['max_health']}"
                                     + (" buried" if h["buried"] else ""))
                 for hid, h in heroes]
        edge = "top" if team == "north" else "bottom"
        out.append({"text": f"{team} ({edge} edge, {sizes.get(team, 0)} relic card(s))"
                            + (": " + ", ".join(parts) if parts else ""),
                    "bold": False, "fill": TEAM[team]})
    return out


def _headline(board: dict[str, Any], names: dict[str, str]) -> str:
    size = board.get("board") or {}
    text = f"{size.get('name', '')}, turn {board.get('turn', 0)}"
    if board.get("winner"):
        return text + (" - a draw" if board["winner"] == "draw" else f" - {board['winner']} wins")
    phase = board.get("phase")
    if phase in SETUP:
        text = f"{size.get('name', '')}, setup: {phase.replace('-', ' ')}"
    q = board.get("question")
    if q:
        return text + f" - {q['team']} chooses " + QUESTION.get(q["kind"], "for {}").format(
            names.get(q["hero"], q["hero"]))
    if board.get("closing") and board.get("window"):
        return text + f" - {board['active']}'s actions are over: {board['window']} may play " \
                      "End of... cards"
    if board.get("active"):
        return text + f" - {board['active']} to act"
    return text


def _effect(board: dict[str, Any], s: dict[str, Any]) -> str:
    """An effect on the stack by the names on its cards: "Hell Fire", "Rangoth's Hellbrand"."""
    c = board.get("content") or {}
    if s["source"] == "relic":
        relic = c.get("relics", {}).get(s["what"].rsplit("-", 1)[0])
        return relic["name"] if relic else s["what"]
    hero, _, what = s["what"].partition(" ")
    who = _short(board.get("heroes", {}).get(hero, {}).get("name", hero))
    if s["source"] == "ability":
        ability = c.get("heroes", {}).get(hero, {}).get("abilities", {}).get(what)
        return f"{who}'s {ability['name'] if ability else what}"
    artifact = c.get("artifacts", {}).get(what)
    return f"{who}'s {artifact['name'] if artifact else what}"


# ---- the tray: what the seat may point at besides the map ----------------------------------------
def _tray(board: dict[str, Any]) -> dict[str, Any]:
    c = board.get("content") or {}
    setting_up = board.get("phase") in SETUP  # no relic card is drawn before the first turn
    return {"stay": _stay(board), "offer": _offer(board, c),
            "hands": [] if setting_up else _hands(board, c), "sheets": _sheets(board, c)}


def _stay(board: dict[str, Any]) -> dict[str, str] | None:
    """A Catapult jump may be declined: the one answer that is not a place."""
    q = board.get("question")
    if not q or "stay" not in q.get("choices", ()):
        return None
    name = _short(board.get("heroes", {}).get(q["hero"], {}).get("name", q["hero"]))
    return {"label": f"{name} stays", "text": f"{name} stays on the Catapult (no jump)"}


def _item(token: str, name: str, label: str, sub: str = "", text: str = "", **more) -> dict[str, Any]:
    """A card of the tray, every field the template reads filled in."""
    return {"token": token, "name": name, "label": label, "sub": sub, "text": text, "lines": [],
            "back": False, "type": "", "id": "", "swatch": "", **more}


def _offer(board: dict[str, Any], c: dict[str, Any]) -> dict[str, Any] | None:
    """What the setup step now in play offers, everyone may see it."""
    phase = board.get("phase")
    if phase == "draft":
        return _draft(board, c)
    if phase == "choose-heroes":
        taken = set(board.get("heroes") or ())
        return {"title": "Heroes to choose", "kind": "heroes",
                "items": [_hero_card(hid, sheet) for hid, sheet in
                          sorted(c.get("heroes", {}).items()) if hid not in taken]}
    if phase == "choose-artifacts":
        taken = {h["artifact"] for h in board.get("heroes", {}).values() if h["artifact"]}
        return {"title": "Artifact cards", "kind": "artifacts",
                "items": [_item(aid, a["name"], a["name"], TIMING.get(a["timing"], ""), a["text"])
                          for aid, a in sorted(c.get("artifacts", {}).items()) if aid not in taken]}
    if phase == "place-hazards":
        return {"title": "Hazard tiles", "kind": "hazards",
                "items": [_item(k, NAME[k], NAME[k], "", RULE[k], swatch=GROUND[k])
                          for k in SETUP_HAZARDS]}
    return None


def _hero_card(hid: str, sheet: dict[str, Any]) -> dict[str, Any]:
    abilities = [f"{a['name']}: {a['text']}" for a in sheet["abilities"].values()]
    size = "two spaces" if sheet["size"] == 2 else "one space"
    arrows = "8 arrows" if sheet["compass"] == 8 else "4 arrows"
    return _item(hid, sheet["name"], _short(sheet["name"]),
                 f"{sheet['type']}, {sheet['health']} Health, {size}, compass {arrows}",
                 lines=abilities)


def _draft(board: dict[str, Any], c: dict[str, Any]) -> dict[str, Any]:
    d = board.get("draft") or {}
    relics = c.get("relics", {})
    items = [_item(t, RELIC_TYPE.get(t, t), f"the {t} stack", f"{n} card(s), face down", back=True)
             for t, n in sorted((d.get("stack_sizes") or {}).items()) if t != d.get("open")]
    items += [_relic_card(card, relics) for card in d.get("open_stack", ())]
    drafted = "; ".join(f"{t} {len(cards)}" for t, cards in sorted((d.get("drafted") or {}).items()))
    title = f"Draft: the {d['open']} stack is open" if d.get("open") else "Draft: open a stack"
    return {"title": title + (f" (drafted: {drafted})" if drafted else ""), "kind": "draft",
            "items": items}


def _relic_of(card: str, relics: dict[str, Any]) -> tuple[str, str, str, str]:
    """What a relic card's kind says: (name, type, timing, text)."""
    kind = card.rsplit("-", 1)[0]
    r = relics.get(kind) or {"name": kind, "type": "", "timing": "", "text": ""}
    return r["name"], r["type"], r["timing"], r["text"]


def _relic_card(card: str, relics: dict[str, Any]) -> dict[str, Any]:
    name, kind, timing, words = _relic_of(card, relics)
    return _item(card, name, f"{name} ({card})", _relic_sub(kind, timing), words, id=card, type=kind)


def _relic_sub(kind: str, timing: str) -> str:
    """A relic card's type and timing as its card prints them."""
    return f"{RELIC_TYPE.get(kind, kind)} · {TIMING.get(timing, timing)}"


def _hands(board: dict[str, Any], c: dict[str, Any]) -> list[dict[str, Any]]:
    """The relic hands the view holds: a team's own (its seats' view), or both once over."""
    relics = c.get("relics", {})
    return [{"team": team, "title": f"{team.capitalize()}'s relic cards",
             "sub": f"{len(cards)} of 3, hidden from the other team",
             "cards": Markup("".join(_card_html(card, *_relic_of(card, relics)) for card in cards))}
            for team, cards in sorted((board.get("hands") or {}).items())]


def _sheets(board: dict[str, Any], c: dict[str, Any]) -> tuple:
    """A sheet per hero in play, as (id, markup, markup changed): what it has, what it
    did, what it may use."""
    sheets = c.get("heroes", {})
    artifacts = c.get("artifacts", {})
    wards = board.get("wards") or {}
    active = board.get("active")
    four = (board.get("options") or {}).get("players") == 4
    order: dict[str, list[str]] = {}  # with four players, a team's first chosen hero is its player 1's
    for hid, h in board.get("heroes", {}).items():
        order.setdefault(h["team"], []).append(hid)
    return tuple((hid, *_sheet(hid, h, sheets.get(hid, {"abilities": {}}), artifacts, wards, active, four, order))
                 for hid, h in sorted(board.get("heroes", {}).items(), key=lambda kv: kv[1]["team"]))


def _sheet(hid: str, h: dict[str, Any], sheet: dict[str, Any], artifacts: dict[str, Any], wards,
           active: str | None, four: bool, order: dict[str, list[str]]) -> tuple[str, str]:
    """One hero's sheet in its box: (markup, markup changed)."""
    acted = h.get("actions") or []
    state = []  # "dead" is said in the sheet's corner
    state += ["buried"] if h["buried"] and not h["dead"] else []
    state += [f"bleed {h['bleed']}"] if h["bleed"] else []
    state += ["hung"] if h["hung"] else []
    state += ["warded"] if hid in wards else []
    state += ["not placed yet"] if not h["spaces"] and not h["dead"] and not h["buried"] else []
    if h["team"] == active and acted:
        state.append("did " + ", ".join("Move" if a == "move" else
                                        sheet["abilities"].get(a, {}).get("name", a)
                                        for a in acted))
        if "move" in acted:
            state.append(f"{h['movement']} to move")
    art = artifacts.get(h["artifact"] or "")
    return _sheet_box(
        hid, h["team"], h["name"], h["label"],
        f"{h['team']}-{order[h['team']].index(hid) + 1}" if four else "",
        f"{h['health']}/{h['max_health']}", bool(h["dead"]), ", ".join(state),
        "0" if h["dead"] or not h["max_health"] else num(100 * max(0, h["health"]) / h["max_health"]),
        tuple((aid, a["name"], a["text"], aid in acted) for aid, a in sheet["abilities"].items()),
        None if not art else (art["name"], "ready" if not h["cooldown"] else f"cooling down ({h['cooldown']})",
                              TIMING.get(art["timing"], ""), art["text"], not h["cooldown"]))


# ---- written out (issue #24) -------------------------------------------------------------------
# The layers as markup, written here in plain loops rather than by the template: a
# template's `{{ }}` costs an escape and a lookup each, and a step holds hundreds.
# Every value is escaped as the template escaped it; the output is the same, byte for byte.
def _square_layer(squares: tuple, hot: set[str]) -> Markup:
    """The squares, those that changed marked (`hot`: the template's changed squares)."""
    return Markup("".join(q[2] if q[0] in hot else q[1] for q in squares))


_HOT_CLASS = ' changed" style="outline:none'


def _starts_svg(starts: list[dict[str, str]]) -> Markup:
    return Markup("".join(
        f'<rect x="{s["x"]}" y="{s["y"]}" width="{s["side"]}" height="{s["side"]}" stroke="{s["stroke"]}">'
        f'<title>{_t(s["title"])}</title></rect>' for s in starts))


def _labels_svg(labels: list[dict[str, Any]]) -> Markup:
    return Markup("".join(
        f'<text x="{x["x"]}" y="{x["y"]}" fill="{x["fill"]}"{_BOLD if x["bold"] else ""}>{_t(x["text"])}'
        f'<title>{_t(x["title"])}</title></text>' for x in labels))


_BOLD = ' font-weight="bold"'


def _fire_svg(fires: list[dict[str, str]]) -> Markup:
    return Markup("".join(
        f'<rect x="{f["x"]}" y="{f["y"]}" width="{f["w"]}" height="{f["h"]}" rx="6" stroke="{f["stroke"]}">'
        f'<title>{_t(f["title"])}</title></rect>' for f in fires))


def _declared_svg(declared: list[dict[str, str]]) -> Markup:
    return Markup("".join(
        f'<rect x="{d["x"]}" y="{d["y"]}" width="{d["side"]}" height="{d["side"]}" rx="8">'
        f'<title>{_t(d["title"])}</title></rect>' for d in declared))


def _graves_svg(graves: list[dict[str, str]]) -> Markup:
    return Markup("".join(
        f'\n<g data-token="{_t(g["token"])}"><rect x="{g["x"]}" y="{g["y"]}" width="22" height="18" rx="7" '
        f'fill="#718096" stroke="#1a202c"/><text x="{g["tx"]}" y="{g["ty"]}" text-anchor="middle" font-size="11" '
        f'font-weight="bold" fill="#ffffff">{_t(g["label"])}</text><title>{_t(g["title"])}</title></g>'
        for g in graves))


def _pushes_svg(pushes: list[dict[str, str]]) -> Markup:
    return Markup("".join(
        f'<line x1="{p["x1"]}" y1="{p["y1"]}" x2="{p["x2"]}" y2="{p["y2"]}"><title>{_t(p["title"])}</title></line>'
        for p in pushes))


def _heroes_svg(heroes: tuple, hot: set[str]) -> Markup:
    """The heroes' tokens, those that changed ringed in orange (`hot`: changed heroes)."""
    return Markup("".join(h[2] if h[0] in hot else h[1] for h in heroes))


def _hero_svg(h: dict[str, Any], hot: bool) -> str:
    fill, cx, cy = _t(h["fill"]), h["cx"], h["cy"]
    out = [f'\n<g id="token-{_t(h["id"])}" data-id="{_t(h["id"])}" data-token="{_t(h["token"])}" '
           f'class="token{" changed" if hot else ""}"{_OUTLINE if hot else ""}><title>{_t(h["title"])}</title>']
    if h["bar"]:
        bar = h["bar"]
        out.append(f'<rect x="{bar["x"]}" y="{bar["y"]}" width="{bar["w"]}" height="30" rx="12" fill="{fill}" '
                   f'fill-opacity="0.3" stroke="{fill}"/>')
    out.append(f'\n<path d="{_t(h["nose"])}" fill="{fill}" stroke="#ffffff" stroke-width="1"/>'
               f'\n<circle cx="{cx}" cy="{cy}" r="13" fill="{fill}" stroke="{"#dd6b20" if hot else "#ffffff"}" '
               f'stroke-width="{3 if hot else 1}"/>'
               f'\n<text x="{cx}" y="{cy}" dy="4" text-anchor="middle" font-size="12" fill="#ffffff">'
               f'{_t(h["label"])}</text>'
               f'\n<text x="{h["health_x"]}" y="{h["text_y"]}" font-size="11" font-weight="bold" fill="#1a202c">'
               f'{_t(h["health"])}</text>')
    if h["marks"]:
        out.append(f'<text x="{h["marks_x"]}" y="{h["text_y"]}" text-anchor="end" font-size="10" '
                   f'font-weight="bold" fill="#9b2c2c">{_t(h["marks"])}</text>')
    if h["hung"]:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="16" fill="none" stroke="#9b2c2c" stroke-width="2" '
                   f'stroke-dasharray="4 2"/>')
    out.append("\n</g>")
    return "".join(out)


_OUTLINE = ' style="outline:none"'


def _highlights_svg(geo, hot: set[str]) -> Markup:
    """The orange outline of every square that changed (boards/_macros.html's
    `highlights`, without a macro call a square)."""
    return Markup("".join(f'\n<polygon class="halo" points="{geo[sq].points}" fill="none" stroke="#dd6b20" '
                          f'stroke-width="3" stroke-linejoin="round"/>' for sq in sorted(hot) if sq in geo))


def _lines_svg(lines: list[dict[str, Any]]) -> Markup:
    return Markup("".join(
        f'<text x="6" y="{x["y"]}" fill="{x["fill"]}"{_BOLD if x["bold"] else ""}>{_t(x["text"])}</text>'
        for x in lines))


def _key_svg(key: list[dict[str, str]]) -> Markup:
    return Markup("".join(
        f'<rect x="6" y="{k["box_y"]}" width="11" height="11" fill="{k["fill"]}" stroke="#5a4e3c"/>'
        f'<text x="21" y="{k["y"]}">{_t(k["text"])}</text>' for k in key))


def _offer_html(offer: dict[str, Any] | None) -> Markup:
    """The setup's offer, its cards as the tray prints them."""
    if not offer:
        return Markup("")
    wide = " bt-wide" if offer["kind"] == "heroes" else ""
    out = []
    for i in offer["items"]:
        cls = wide + (" bt-back" if i["back"] else "") + (f" bt-relic bt-{_t(i['type'])}" if i["type"] else "")
        swatch = f'<span class="bt-swatch" style="background:{_t(i["swatch"])}"></span>' if i["swatch"] else ""
        out.append(f'\n<div class="bt-card{cls}" data-token="{_t(i["token"])}" data-label="{_t(i["label"])}">'
                   f'\n<b>{swatch}{_t(i["name"])}</b>'
                   + (f'<small>{_t(i["sub"])}</small>' if i["sub"] else "")
                   + (f'<span>{_t(i["text"])}</span>' if i["text"] else "")
                   + "".join(f"<span>{_t(line)}</span>" for line in i["lines"])
                   + (f'<code>{_t(i["id"])}</code>' if i["id"] else "") + "</div>")
    return Markup("".join(out))


# A card in hand is written once (issue #24): the same cards stay in a hand for many steps.
@lru_cache(maxsize=512)
def _card_html(card: str, name: str, kind: str, timing: str, words: str) -> str:
    """A relic card in a team's hand (its kind's name, type, timing and text)."""
    return (f'\n<div class="bt-card bt-relic bt-{_t(kind)}" data-token="{_t(card)}" '
            f'data-label="{_t(f"{name} ({card})")}"><b>{_t(name)}</b><small>{_t(_relic_sub(kind, timing))}</small>'
            f'<span>{_t(words)}</span><code>{_t(card)}</code></div>')


def _sheets_html(sheets: tuple, hot: set[str]) -> Markup:
    """The heroes' sheets, those that changed outlined (`hot`: changed heroes)."""
    return Markup("".join(x[2] if x[0] in hot else x[1] for x in sheets))


# A sheet is written once per everything it shows (issue #24: the template's loop
# over the sheets, a dozen `{{ }}` each, was a third of its placing on every step).
@lru_cache(maxsize=1024)
def _sheet_box(hid: str, team: str, name: str, label: str, player: str, health: str, dead: bool, state: str,
               pct: str, abilities: tuple, art: tuple | None) -> tuple[str, str]:
    """A hero's sheet in its box, (unchanged, changed): its abilities as (token, name,
    text, used), its artifact as (name, state, timing, text, ready)."""
    inner = (_sheet_head(label, name, player, "dead" if dead else health, pct)
             + (f'<span class="bt-state">{_t(state)}</span>' if state else "")
             + "".join(_ability_html(*a) for a in abilities)
             + (_artifact_html(*art) if art else ""))
    box = f'\n<div class="bt-sheet bt-{_t(team)}{" bt-dead" if dead else ""}'
    named = f'" id="sheet-{_t(hid)}" data-id="{_t(hid)}" data-token="{_t(hid)}" data-label="{_t(name)}">'
    return box + named + inner + "\n</div>", box + " changed" + named + inner + "\n</div>"


# The pieces of a sheet are the content's words, the same on most steps: each
# written once (keyed by what it shows).
@lru_cache(maxsize=1024)
def _sheet_head(label: str, name: str, player: str, health: str, pct: str) -> str:
    return (f'\n<header><span class="bt-badge">{_t(label)}</span><b>{_t(name)}</b>'
            + (f'<small>{_t(player)}</small>' if player else "")
            + f'<span>{_t(health)}</span></header>'
            f'\n<div class="bt-bar"><i style="width:{_t(pct)}%"></i></div>')


@lru_cache(maxsize=1024)
def _ability_html(token: str, name: str, text: str, used: bool) -> str:
    return (f'\n<div class="bt-ability{" bt-used" if used else ""}" data-token="{_t(token)}" '
            f'data-label="{_t(name)}"><b>{_t(name)}</b> {_t(text)}</div>')


@lru_cache(maxsize=1024)
def _artifact_html(name: str, state: str, timing: str, text: str, ready: bool) -> str:
    return (f'\n<div class="bt-artifact{"" if ready else " bt-cool"}" title="{_t(timing)}">'
            f'<b>{_t(name)}</b> ({_t(state)}, {_t(timing)}) {_t(text)}</div>')
