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

What never moves (the lanes, the lines, the spots of every space) is worked
out once per map; the rest once per view, in plain loops.  Every number comes
back as a string ready to print.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from markupsafe import Markup

from engine.games.promised_day import content
from engine.kit.picture import num
from viewer.boards import graph_layout

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
    """Everything the template places for this view, positioned, labelled, named."""
    geo = _geo(board)
    static = _static(geo, tuple((n, tuple(a["spaces"])) for n, a in board["areas"].items()),
                     tuple((sp, m[1]) for sp, m in board["map"].items()))
    rows = len(board["characters"])
    height = ROWS_Y + ROW_PITCH * rows + 6
    return {
        "height": str(height), "frame_height": str(height - 2),
        "lanes": static["lanes"], "lines": static["lines"],
        "header": _header(board),
        "track": _track(board),
        "spaces": _spaces(board, static["centres"]),
        "characters": _tokens(board, static["centres"]),
        "areas": _areas(board),
        "homunculus": _homunculus(board),
        "boss_tiles": _boss_tiles(board),
        "rows": _rows(board),
        "tray": _tray(board),
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


# ---- what never moves -------------------------------------------------------------------
def _geo(board: dict[str, Any]):
    """The spaces placed where the content file draws them (graph_layout is cached)."""
    return _graph(tuple(board["lines"]),
                  tuple((sp, (x, y)) for sp, (_, _, x, y) in board["map"].items()))


@lru_cache(maxsize=16)
def _graph(lines: tuple[str, ...], at: tuple[tuple[str, tuple[float, float]], ...]):
    edges = [tuple(line.split("-", 1)) for line in lines]
    return graph_layout([sp for sp, _ in at], edges, WIDTH, CITY_HEIGHT, 56, dict(at))


@lru_cache(maxsize=16)
def _static(geo, areas: tuple[tuple[str, tuple[str, ...]], ...],
            spots: tuple[tuple[str, int], ...]) -> dict[str, Any]:
    """Lanes, lines and spot centres for one layout."""
    lanes = [{"n": n, "fill": LANE.get(n, "#e2e8f0"), "title": f"Area {n}",
              "points": " ".join(f"{geo[sp].cx},{geo[sp].cy}" for sp in spaces)}
             for n, spaces in areas]
    lines = " ".join(f"M{link.x1} {link.y1}L{link.x2} {link.y2}" for link in geo.links)
    centres = {}
    for sp, n in spots:
        c = geo[sp]
        centres[sp] = {"cx": c.cx, "cy": c.cy, "label_y": num(c.y - 10), "token_y": num(c.y + 25),
                       "spot_y": num(c.y + 8), "text_y": num(c.y + 12),
                       "spots": [num(c.x - (n - 1) * 10.5 + i * 21) for i in range(n)],
                       "x": c.x, "y": c.y}
    return {"lanes": lanes, "lines": lines, "centres": centres}


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


def _track(board: dict[str, Any]) -> list[dict[str, str]]:
    filled = board["damage_track"]
    return [{"x": str(372 + i * 24), "fill": "#742a2a" if i < filled else "#ffffff"}
            for i in range(7)]


# ---- Central City -----------------------------------------------------------------------------
def _spaces(board: dict[str, Any], centres: dict) -> list[dict[str, Any]]:
    """Each space with its spots: soldiers first, then bosses, then the empty ones."""
    bosses, characters = board["bosses"], board["characters"]
    found = []
    for sp, (area, spots, *_) in board["map"].items():
        s = board["spaces"].get(sp, EMPTY)
        c = centres[sp]
        title = (f"Space {sp} (Area {area}): {spots} spot(s), {s['soldiers']} soldier(s)"
                 + "".join(f", {bosses[b]['name']} (life {bosses[b]['life']})"
                           for b in s["bosses"])
                 + "".join(f", {characters[ch]['name']}" for ch in s["characters"]))
        tokens = []
        for i, x in enumerate(c["spots"]):
            if i < s["soldiers"]:
                tokens.append({"kind": "soldier", "x": x})
            elif i < s["soldiers"] + len(s["bosses"]):
                b = s["bosses"][i - s["soldiers"]]
                boss = bosses[b]
                tokens.append({"kind": "boss", "id": b, "x": x, "name": boss["name"],
                               "title": f"{boss['name']}: life {boss['life']}",
                               "label": f"{_short(boss['name'])[:1]}{boss['life']}"})
            else:
                tokens.append({"kind": "spot", "x": x})
        found.append({"id": sp, "ink": INK.get(str(area), "#2d3748"), "title": title,
                      "label": f"space {sp}", **{k: c[k] for k in
                                                 ("cx", "cy", "label_y", "spot_y", "text_y")},
                      "tokens": tokens})
    return found


def _short(name: str) -> str:
    """A boss's or a character's everyday name: Kimblee, Edward."""
    return name.split(" ")[-1] if name.startswith("Solf") else name.split(" ")[0]


def _tokens(board: dict[str, Any], centres: dict) -> list[dict[str, Any]]:
    """The characters inside their spaces, under the spots, side by side (on a rim they
    would stand between two spaces of a lane)."""
    found = []
    for cid, ch in board["characters"].items():
        if not ch["space"]:
            continue
        here = board["spaces"].get(ch["space"], EMPTY)["characters"]
        c = centres[ch["space"]]
        x = num(c["x"] - (len(here) - 1) * 8.5 + here.index(cid) * 17)
        found.append({"id": cid, "space": ch["space"], "x": x, "y": c["token_y"],
                      "label": cid[:2].capitalize(), "name": ch["name"],
                      "fill": SEAT.get(ch["seat"], "#4a5568"),
                      "current": cid == board["current"],
                      "title": f"{ch['name']} ({ch['seat']}): life {ch['life']}/{ch['max_life']}, "
                               f"{ch['hand_size']} card(s) in hand"})
    return found


# ---- the Areas: tiles and Transmutation Circle spaces ------------------------------------------
def _areas(board: dict[str, Any]) -> list[dict[str, Any]]:
    words = content.texts()["tiles"]
    colours = board.get("card_colours") or list(CARD)[:4]
    found = []
    for i, (n, area) in enumerate(board["areas"].items()):
        x = 8 + i * 126
        circle = area["circle"]
        cards = [{"x": str(x + 6 + (j % 7) * 15), "y": str(AREA_Y + 66 + (j // 7) * 21),
                  "fill": CARD.get(face[0], "#a0aec0"), "wild": face[0] == "any",
                  "title": _card_title(card, face)}
                 for j, (card, face) in enumerate(list(circle.items())[:CIRCLE_SHOWN])]
        counts = [{"x": str(x + 6 + k * 28), "text_x": str(x + 18 + k * 28),
                   "fill": CARD.get(colour, "#a0aec0"), "colour": colour,
                   "count": str(sum(1 for face in circle.values() if face[0] == colour))}
                  for k, colour in enumerate(colours)]
        wild = sum(1 for face in circle.values() if face[0] == "any")
        tile, shown = area["tile"], None
        if tile:
            up = tile["face_up"]
            shown = {"cls": "face-up" if up else "face-down",
                     "title": f"Transmutation Circle tile of Area {n}: {words[tile['kind']]}"
                              + ("" if up else " (completed: face down)"),
                     "text": SHORT_KIND[tile["kind"]] if up else "completed",
                     "fill": "#fffdf7" if up else "#2d3748",
                     "ink": "#1a202c" if up else "#e2e8f0"}
        more = len(circle) - CIRCLE_SHOWN
        found.append({"n": n, "label": f"Area {n}", "x": str(x), "text_x": str(x + 6),
                      "mid_x": str(x + 60), "end_x": str(x + 114),
                      "fill": COLUMN.get(n, "#edf2f7"), "ink": INK.get(n, "#2d3748"),
                      "tile": shown, "counts": counts, "cards": cards,
                      "counts_svg": Markup("".join(_count_svg(c["x"], c["text_x"], c["fill"], c["colour"], c["count"])
                                                   for c in counts)),
                      "cards_svg": Markup("".join(_card_svg(c["x"], c["y"], c["fill"], c["wild"], c["title"])
                                                  for c in cards)),
                      "count": f"{len(circle)} card(s)" + (f", {wild} wild" if wild else "")
                               + (f" ({more} more)" if more > 0 else "")})
    return found


# A Transmutation Circle's cards and colour counts, each element written once
# (issue #24: these loops were most of the template's placing on every step).
@lru_cache(maxsize=4096)
def _card_svg(x: str, y: str, fill: str, wild: bool, title: str) -> str:
    return str(Markup('\n<rect x="{}" y="{}" width="13" height="18" rx="2" fill="{}" stroke="#1a202c" '
                      'stroke-width="0.6"{}><title>{}</title></rect>')
               .format(x, y, fill, Markup(' stroke-dasharray="2 1"') if wild else "", title))


@lru_cache(maxsize=1024)
def _count_svg(x: str, text_x: str, fill: str, colour: str, count: str) -> str:
    return str(Markup('\n<rect x="{}" y="628" width="10" height="10" rx="2" fill="{}" stroke="#1a202c" '
                      'stroke-width="0.5"><title>{} {} card(s) in the Transmutation Circle space</title></rect>'
                      '<text x="{}" y="637">{}</text>').format(x, fill, count, colour, text_x, count))


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
    return {"lines": [{"y": str(ROUND_Y + 32 + 15 * i), "text": t, "bold": i == 0 and bool(h)}
                      for i, t in enumerate(lines)],
            "bonus_y": str(ROUND_Y + 124), "bonus_text_y": str(ROUND_Y + 138),
            "bonus_head": f"Transmutation Bonus, face up (deck {bonus['deck_size']}):",
            "bonus": offer, "squeeze": len(offer) > 58}  # three long names: fit the box


def _boss_tiles(board: dict[str, Any]) -> list[dict[str, Any]]:
    """The five Boss tiles beside the board: on the board (life), defeated, or not there."""
    abilities = content.texts()["abilities"]
    on_board, defeated = board["bosses"], set(board["defeated_bosses"])
    found = []
    for i, (b, tile) in enumerate(board["boss_tiles"].items()):
        y = ROUND_Y + 22 + i * 24
        if b in on_board:
            state = f"on {on_board[b]['space']}, life {on_board[b]['life']}/{tile['life']}"
        elif b in defeated:
            state = "defeated"
        else:
            state = f"not on the board (its space: {tile['space']})"
        found.append({"id": b, "name": tile["name"], "state": state, "token": b in on_board,
                      "defeated": b in defeated, "y": str(y), "name_y": str(y + 11),
                      "text_y": str(y + 21),
                      "ability": abilities.get(tile["ability"], tile["ability"])})
    return found


# ---- the characters ------------------------------------------------------------------------------
def _rows(board: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per character: life boxes, hand, deck and discards, Companion cards."""
    specials = content.texts()["specials"]
    bonus_names = _bonus_names(board)
    found = []
    for i, (cid, ch) in enumerate(board["characters"].items()):
        y = ROWS_Y + i * ROW_PITCH
        top, life = ch["max_life"], ch["life"] or 0
        special = SPECIAL.get(ch["special"], ch["special"])
        effect = specials.get(ch["effect"] or ch["special"], "")
        companions = [{"id": b, "label": bonus_names.get(b, b), "x": str(HAND_X + k * 110),
                       "text_x": str(HAND_X + 53 + k * 110)}
                      for k, b in enumerate(ch["companions"])]
        # The hand, where the view holds it, small (the tray above the map holds the cards
        # to point at): the picture alone, a file of its own, shows it too.
        hand = list((ch.get("hand") or {}).items())
        pitch = min(20, HAND_WIDTH // max(len(hand), 1))
        cards = [{"x": str(HAND_X + j * pitch), "mid": num(HAND_X + j * pitch + 8.5),
                  "fill": CARD.get(face[0], "#a0aec0"), "label": str(face[1]) if face[1] else "",
                  "title": _card_title(card, face)} for j, (card, face) in enumerate(hand)]
        found.append({
            "id": cid, "name": ch["name"], "y": str(y), "mid_y": str(y + 22),
            "label_y": str(y + 26), "name_y": str(y + 15), "sub_y": str(y + 28),
            "special_y": str(y + 40), "bar_y": str(y + 12), "life_y": str(y + 16),
            "counts_y": str(y + 32), "box_y": str(y + 4), "box_text_y": str(y + 16),
            "card_y": str(y + 25), "card_text_y": str(y + 38),
            "seat_fill": SEAT.get(ch["seat"], "#4a5568"), "stroke": SEAT.get(ch["seat"], "#4a5568"),
            "label": cid[:2].capitalize(), "current": cid == board["current"],
            "sub": f"{ch['seat']} · {'on ' + ch['space'] if ch['space'] else 'not placed'}"
                   f" · move {ch['move']}",
            "special": f"{special}: {effect}" if effect else special,
            "life": f"life {ch['life']}/{top}", "life_x": str(246 + top * 9),
            # the life boxes: a dashed bar, 7 wide and 2 apart (the track, then the life left)
            "track_end": str(240 + top * 9), "life_end": str(240 + max(life, 0) * 9),
            "counts": f"hand {ch['hand_size']} · deck {ch['deck_size']}"
                      f" · discards {len(ch['discards'])}",
            "companions": companions, "hand": cards,
        })
    return found


def _bonus_names(board: dict[str, Any]) -> dict[str, str]:
    names = {b: name for b, name, _, _ in content.load().bonus}
    names.update({b["id"]: b["name"] for b in board["bonus"]["offer"]})
    return names


# ---- the tray: hands, Companion cards, the Transmutation Bonus offer ------------------------------
def _tray(board: dict[str, Any]) -> dict[str, Any]:
    bonus_text = content.texts()["bonus"]
    by_id = {b: (name, effect) for b, name, effect, _ in content.load().bonus}
    hands = []
    for cid, ch in board["characters"].items():
        if "hand" not in ch:
            continue  # another seat's hand: its size is on the character's row
        cards = [_hand_card(card, face) for card, face in ch["hand"].items()]
        companions = [_bonus_card(b, *by_id.get(b, (b, "")), bonus_text, "Companion")
                      for b in ch["companions"]]
        hands.append({"id": cid, "title": f"{ch['name']}'s hand",
                      "sub": f"{len(cards)} card(s), deck {ch['deck_size']}",
                      "cards": cards, "companions": companions})
    offer = [_bonus_card(b["id"], b["name"], b["effect"], bonus_text, "")
             for b in board["bonus"]["offer"]]
    choosing = bool(board["question"]) and board["question"][0] == "bonus"
    nobody = choosing and any(b["effect"] == "draw-and-heal" for b in board["bonus"]["offer"])
    return {"hands": hands, "offer": offer, "deck": f"deck {board['bonus']['deck_size']}",
            "choosing": choosing, "nobody": nobody}


ICONS = {"sun": "sun", "moon": "moon", "star": "star"}


def _hand_card(card: str, face: list) -> dict[str, str]:
    colour, damage, reach, icon = face
    if colour == "any":
        return {"id": card, "colour": "any", "damage": "", "range": "", "icon": "",
                "label": _card_title(card, face), "title": _card_title(card, face)}
    return {"id": card, "colour": colour, "damage": str(damage), "range": f"range {reach}",
            "icon": ICONS.get(icon, icon), "label": _card_title(card, face),
            "title": _card_title(card, face)}


def _bonus_card(b: str, name: str, effect: str, words: dict[str, str], tag: str) -> dict[str, str]:
    return {"id": b, "name": name, "text": words.get(effect, effect.replace("-", " ")),
            "tag": tag, "label": name}


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
