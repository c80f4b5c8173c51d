"""The content of The Promised Day, read from `fixtures/promised_day/` (stand-in data).

The rulebook prints neither the board graph nor the card lists; the files
hold them, and the rules ask this module.  Setup copies what a game uses
into its facts, so a recorded game replays even if the files change.
"""

from __future__ import annotations

from functools import cache

from engine.core.frozen import frozen_dataclass
from engine.kit import content as kit

ID = "promised_day"
COLOURS = ("red", "blue", "yellow", "green")
TILE_KINDS = ("three-and-two", "four-same-colour", "four-colours", "seven-cards")
EVENT_EFFECTS = ("gather-innermost", "discard-two", "discard-one", "wound-two")
BOSS_ABILITIES = ("wound-outermost", "march-1-2-3", "two-soldiers-area-3", "wound-areas-3-4-5",
                  "soldier-to-damage-track")
SPECIAL_EFFECTS = ("ed-alchemy", "al-alchemy", "mustang-alchemy", "scar-alkahestry", "")
BONUS_EFFECTS = ("heal-two", "draw-two", "relocate", "boss-damage", "one-per-area",
                 "draw-and-heal", "clear-track-two", "three-in-area", "remove-two", "wild-card")


@frozen_dataclass
class Card:
    """A Character card: colour, damage, range and paired icon ("" for none)."""

    id: str
    colour: str
    damage: int
    range: int
    icon: str

    def to_data(self) -> tuple:
        return (self.id, self.colour, self.damage, self.range, self.icon)


@frozen_dataclass
class Character:
    id: str
    name: str
    move: int
    life: int
    special: str          # "alchemy", "alkahestry" or "companion"
    effect: str           # the Alchemy/Alkahestry primitive ("" for companions)
    cards: tuple[Card, ...]


@frozen_dataclass
class Boss:
    id: str
    name: str
    area: int
    space: str
    life: int
    ability: str
    march: tuple[int, ...]
    soldiers: int


@frozen_dataclass
class Content:
    areas: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]  # (number, ((space, spots), ...))
    lines: tuple[tuple[str, str], ...]
    positions: tuple[tuple[str, float, float], ...]             # where the picture draws each
    rounds: int
    plus_two_from: int
    damage_track: int
    soldier_tokens: int
    tiles: tuple[tuple[str, str], ...]                         # (tile id, kind)
    characters: dict[str, Character]
    events: tuple[tuple[str, str, tuple[int, ...], int], ...]  # (id, effect, march, soldiers)
    bosses: dict[str, Boss]
    difficulty: dict[str, int]
    soldier_cards: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]  # (id, ((n, area), ...))
    bonus: tuple[tuple[str, str, str, str], ...]   # (id, name, effect, companion character or "")


@cache
def load() -> Content:
    board = kit.load(ID, "board")
    homunculus = kit.load(ID, "homunculus")
    c = Content(
        areas=tuple((a["number"], tuple((s["id"], s["spots"]) for s in a["spaces"]))
                    for a in board["areas"]),
        lines=tuple(tuple(pair) for pair in board["lines"]),
        positions=tuple((s["id"], s["x"], s["y"]) for a in board["areas"] for s in a["spaces"]),
        rounds=board["round_board"]["rounds"],
        plus_two_from=board["round_board"]["plus_two_from"],
        damage_track=board["round_board"]["damage_track"],
        soldier_tokens=board["round_board"]["soldier_tokens"],
        tiles=tuple((t["id"], t["kind"]) for t in kit.load(ID, "tiles")["tiles"]),
        characters={ch["id"]: Character(
            ch["id"], ch["name"], ch["move"], ch["life"], ch["special"], ch["effect"],
            tuple(Card(**card) for card in ch["cards"]))
            for ch in kit.load(ID, "characters")["characters"]},
        events=tuple((e["id"], e["effect"], tuple(e["march"]), e["soldiers"])
                     for e in homunculus["events"]),
        bosses={b["id"]: Boss(b["id"], b["name"], b["area"], b["space"], b["life"], b["ability"],
                              tuple(b["march"]), b["soldiers"]) for b in homunculus["bosses"]},
        difficulty=dict(homunculus["difficulty"]),
        soldier_cards=tuple((s["id"], tuple(tuple(p) for p in s["place"]))
                            for s in kit.load(ID, "soldiers")["cards"]),
        bonus=tuple((b["id"], b["name"], b["effect"], b["companion"])
                    for b in kit.load(ID, "bonus")["cards"]),
    )
    _check(c)
    return c


@cache
def texts() -> dict[str, dict[str, str]]:
    """A few words for each tile condition, Alchemy, bonus effect, Boss ability and Event
    effect, by the id the rest of the content names it with: what the board picture
    writes on the tiles and cards (`texts.toml`).  Every id the rules know has its line."""
    found = {part: dict(kit.load(ID, "texts")[part])
             for part in ("tiles", "specials", "bonus", "abilities", "events")}
    wanted = {"tiles": TILE_KINDS, "specials": (*SPECIAL_EFFECTS[:-1], "companion"),
              "bonus": BONUS_EFFECTS, "abilities": BOSS_ABILITIES, "events": EVENT_EFFECTS}
    for part, ids in wanted.items():
        missing = sorted(set(ids) - set(found[part]))
        if missing:
            raise ValueError(f"texts.toml [{part}]: no words for {', '.join(missing)}")
    return found


def _check(c: Content) -> None:
    """Content must fit the rules it feeds ("Components", section 2); say which entry does not."""
    spaces = {s for _, area in c.areas for s, _ in area}
    for _, area in c.areas:
        for space, spots in area:
            if not 1 <= spots <= 3:
                raise ValueError(f"space {space}: 1-3 spots, not {spots}")
    for a, b in c.lines:
        if a not in spaces or b not in spaces:
            raise ValueError(f"line {a}-{b} names an unknown space")
    if sorted(kind for _, kind in c.tiles) != sorted(TILE_KINDS + ("three-and-two",)):
        raise ValueError("the five tiles must be two 'three-and-two' and one of each other kind")
    if len(c.characters) != 6:
        raise ValueError(f"there must be 6 characters, found {len(c.characters)}")
    for ch in c.characters.values():
        if len(ch.cards) != 16 or any(card.colour not in COLOURS for card in ch.cards):
            raise ValueError(f"{ch.id}: 16 cards of the colours {COLOURS}")
        if ch.effect not in SPECIAL_EFFECTS:
            raise ValueError(f"{ch.id}: unknown special effect {ch.effect!r}")
    if len(c.events) != 6 or any(e[1] not in EVENT_EFFECTS for e in c.events):
        raise ValueError("there must be 6 Event cards with known effects")
    if len(c.bosses) != 5 or any(b.ability not in BOSS_ABILITIES or b.space not in spaces
                                 for b in c.bosses.values()):
        raise ValueError("there must be 5 bosses with known abilities and spaces")
    if len(c.soldier_cards) != 30:
        raise ValueError(f"there must be 30 Mannequin Soldier cards, found {len(c.soldier_cards)}")
    if len(c.bonus) != 10 or any(b[2] not in BONUS_EFFECTS for b in c.bonus):
        raise ValueError("there must be 10 Transmutation Bonus cards with known effects")
    for ch in c.characters.values():  # each Companion character has its own two cards
        owned = [b[0] for b in c.bonus if b[3] == ch.id]
        if (ch.special == "companion") != (len(owned) == 2) or (owned and len(owned) != 2):
            raise ValueError(f"{ch.id}: a Companion character owns exactly two bonus cards, "
                             f"found {owned}")
    if any(b[3] and b[3] not in c.characters for b in c.bonus):
        raise ValueError("a bonus card's Companion icon names an unknown character")
