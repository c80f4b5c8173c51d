"""Loads the story game's content from `fixtures/forbidden_alchemy_story/`.

All of it is stand-in content written for this project (each file says
so); the Alchemy puzzle tiles, pieces and Side Effect cards are the puzzle
game's own (`fixtures/forbidden_alchemy/`, read through that game's public
`content.load`).  Rules never read a card text: setup copies what a game
uses into its facts, so a recorded game replays even if these files change.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.frozen import frozen_dataclass
from engine.games.forbidden_alchemy import content as puzzle_content
from engine.kit import content as kit

GAME = "forbidden_alchemy_story"
ATTRIBUTES = ("strength", "marksmanship", "dexterity", "intellect", "luck", "will")
LINK_KINDS = ("open", "door", "impassable")
ATTACK_TYPES = ("firearm", "sharp melee weapon", "blunt melee weapon", "melee weapon", "no weapon")
WEAPONS = ("firearm", "sharp melee weapon", "blunt melee weapon", "sharp and blunt melee weapon")
EFFECTS = ("wound", "damage", "horror")
SIDE_EFFECT_WHO = ("self", "others-in-room", "another", "self-and-another", "another-in-room")
SIDE_EFFECT_NOW = (
    "damage",
    "horror",
    "skill-point",
    "max-health",
    "discard-item",
    "give-item",
    "stun",
)
SIDE_EFFECT_LASTING = ("modifier", "moves", "turn-start")
USES = (
    "recover-health",
    "recover-sanity",
    "discard-insanity-trauma",
    "mists-of-releh",
    "dynamite",
    "blood-pact",
)


@frozen_dataclass
class Content:
    map: dict[str, Any]
    investigators: dict[str, dict[str, Any]]
    items: dict[str, dict[str, Any]]
    traits: dict[str, dict[str, Any]]
    monsters: dict[str, dict[str, Any]]
    tokens: tuple[dict[str, Any], ...]
    combat: tuple[dict[str, Any], ...]
    actions: tuple[dict[str, Any], ...]
    trauma: tuple[dict[str, Any], ...]
    mythos: tuple[dict[str, Any], ...]
    mythos_hand: int
    side_effect_threats: dict[str, dict[str, Any]]
    side_effect_now: dict[str, dict[str, Any]]
    side_effect_lasting: dict[str, tuple]
    hand: int
    supply: dict[str, int]
    replacements: tuple[str, ...]
    periods: tuple[dict[str, Any], ...]
    start_period: str
    stories: dict[str, dict[str, Any]]
    puzzle: puzzle_content.Content


@cache
def load() -> Content:
    people = kit.load(GAME, "investigators")
    monsters = kit.load(GAME, "monsters")
    keeper = kit.load(GAME, "keeper")
    periods = kit.load(GAME, "time-periods")
    c = Content(
        map=kit.load(GAME, "map"),
        investigators={i["id"]: i for i in people["investigators"]},
        items={i["id"]: i for i in people["items"]},
        traits={t["id"]: t for t in people["traits"]},
        monsters={m["kind"]: m for m in monsters["monsters"]},
        tokens=tuple(monsters["tokens"]),
        combat=tuple(kit.load(GAME, "combat")["cards"]),
        actions=tuple(keeper["actions"]),
        trauma=tuple(keeper["trauma"]),
        mythos=tuple(keeper["mythos"]),
        mythos_hand=keeper["mythos_hand"],
        side_effect_threats={
            t["card"]: t for t in kit.load(GAME, "side-effect-threats")["threats"]
        },
        side_effect_now={
            x["card"]: {"who": x["who"], "effect": tuple(x["effect"])}
            for x in kit.load(GAME, "side-effect-threats").get("immediate", ())
        },
        side_effect_lasting={
            x["card"]: tuple(x["effect"])
            for x in kit.load(GAME, "side-effect-threats").get("lasting", ())
        },
        hand=keeper["hand"],
        supply={"crawling-hand": keeper["crawling_hands"], "mutation": keeper["mutations"]},
        replacements=tuple(kit.load(GAME, "replacements")["names"]),
        periods=tuple(periods["periods"]),
        start_period=periods["start"],
        stories={s["id"]: s for s in kit.load(GAME, "stories")["stories"]},
        puzzle=puzzle_content.load(),
    )
    _check(c)
    return c


def _check(c: Content) -> None:
    """Content must fit the rules it feeds; say which entry does not."""
    spaces = {s for room in c.map["rooms"] for s in room["spaces"]}
    for a, b, kind in c.map["links"]:
        if a not in spaces or b not in spaces or kind not in LINK_KINDS:
            raise ValueError(f"map link {a}-{b} ({kind}): unknown space or kind")
    for trait in c.traits.values():
        if trait.get("bonus", ATTRIBUTES[:1])[0] not in ATTRIBUTES or (
            "item" in trait and trait["item"] not in c.items
        ):
            raise ValueError(f"trait {trait['id']}: unknown attribute or item")
    for inv in c.investigators.values():
        if len(inv["traits"]) != 2 or any(t not in c.traits for t in inv["traits"]):
            raise ValueError(f"investigator {inv['id']}: two known Trait cards to choose from")
        for item in inv["items"]:
            if item not in c.items:
                raise ValueError(f"investigator {inv['id']}: unknown item {item!r}")
    for item in c.items.values():
        if item.get("weapon", "firearm") not in WEAPONS:
            raise ValueError(f"item {item['id']}: unknown weapon type {item['weapon']!r}")
        puzzle = item.get("puzzle")
        if puzzle and (
            puzzle["tile"] not in c.puzzle.tiles
            or any(e not in ("damage", "horror") for e, _ in puzzle.get("fail", ()))
        ):
            raise ValueError(f"item {item['id']}: unknown puzzle tile or fail effect")
        if "obstacle" in item and item["obstacle"]["test"] not in ATTRIBUTES:
            raise ValueError(f"item {item['id']}: its obstacle test is not an attribute")
        if item.get("use", USES[:1])[0] not in USES:
            raise ValueError(f"item {item['id']}: unknown use {item['use']!r}")
    decks = {m["class"] for m in c.monsters.values()}
    for card in c.combat:
        if card["deck"] not in decks:
            raise ValueError(f"combat card {card['id']}: no monster uses deck {card['deck']!r}")
        for attack in card["attacks"]:
            if attack["type"] not in ATTACK_TYPES:
                raise ValueError(
                    f"combat card {card['id']}: unknown attack type {attack['type']!r}"
                )
            keys = ("both", "one", "neither") if len(attack["tests"]) == 2 else ("pass", "fail")
            if len(attack["tests"]) not in (1, 2) or any(k not in attack for k in keys):
                raise ValueError(
                    f"combat card {card['id']}: {len(attack['tests'])} test(s) need {keys}"
                )
    for card in c.combat:
        monster = card.get("monster")
        if monster and (
            monster["test"] not in ATTRIBUTES
            or any(
                e not in ("damage", "horror") or not (a == "token" or isinstance(a, int))
                for e, a in (*monster["pass"], *monster["fail"])
            )
        ):
            raise ValueError(f"combat card {card['id']}: its monster attack is not understood")
    for deck in decks:
        if not any(card.get("monster") for card in c.combat if card["deck"] == deck):
            raise ValueError(f"combat deck {deck!r} has no card for a monster's attack")
        types = {a["type"] for card in c.combat if card["deck"] == deck for a in card["attacks"]}
        # Drawing goes on until a card matches; every weapon must find one in every deck.
        for weapon in (*WEAPONS, "no weapon"):
            if not any(matches(weapon, t) for t in types):
                raise ValueError(f"combat deck {deck!r} has no card for a {weapon}")
    side_effects = {card.id for card in c.puzzle.side_effects}
    for card, now in c.side_effect_now.items():
        if (
            card not in side_effects
            or now["who"] not in SIDE_EFFECT_WHO
            or now["effect"][0] not in SIDE_EFFECT_NOW
        ):
            raise ValueError(f"side-effect-threats: immediate effect of {card!r}")
    for card, lasting in c.side_effect_lasting.items():
        if card not in side_effects or lasting[0] not in SIDE_EFFECT_LASTING:
            raise ValueError(f"side-effect-threats: lasting effect of {card!r}")
        if lasting[0] == "modifier" and lasting[1] not in ATTRIBUTES:
            raise ValueError(f"side-effect-threats: {card!r} modifies no attribute")
    for card in c.side_effect_threats:
        if card not in side_effects:
            raise ValueError(f"side-effect-threats: no Side Effect card {card!r}")
    _check_replacements(c)
    periods = {p["id"] for p in c.periods}
    rooms = {room["id"] for room in c.map["rooms"]}
    for room in c.map["rooms"]:
        if set(room.get("rift", ())) - set(room.get("stories", c.stories)):
            raise ValueError(f"room {room['id']}: a rift only in stories whose map has the room")
    for story in c.stories.values():
        on_map = {room["id"] for room in rooms_of(c, story["id"])}
        for room, key in story.get("locks", {}).items():
            if room not in rooms or key not in c.items:
                raise ValueError(f"story {story['id']}: Lock card on {room!r} opened by {key!r}")
        for letter, choice in story["choices"].items():
            off_map = sorted(set(choice["exploration"]) - on_map)
            if off_map:
                # The Keeper Guide's Seed Cards deal to rooms on the story's map (errata).
                raise ValueError(f"story {story['id']}{letter}: cards dealt off its map: {off_map}")
            win = choice["win"]
            if win["kind"] == "puzzle" and win["tile"] not in c.puzzle.tiles:
                raise ValueError(f"story {story['id']}{letter}: unknown puzzle tile")
            if win["kind"] == "seeds" and (
                win["room"] not in rooms or {win["planted"], win["grown"]} - periods
            ):
                raise ValueError(f"story {story['id']}{letter}: unknown seeds room or period")
            pet = choice.get("place_on_reveal")
            if pet and pet["monster"].rsplit("-", 1)[0] not in c.monsters:
                raise ValueError(f"story {story['id']}{letter}: unknown monster {pet['monster']!r}")


def _check_replacements(c: Content) -> None:
    """Replacement Cards: a card the expansion reprints is used in its "R" version only,
    and only those cards carry the mark."""
    faces = [
        *[(a.get("name"), a) for a in c.actions],
        *[(m.get("title"), m) for m in c.mythos],
        *[(x.get("name"), x) for x in c.combat],
        *[(i["name"].split(" (")[0], i) for i in c.items.values()],
    ]
    for name, face in faces:
        if (name in c.replacements) != bool(face.get("replacement")):
            raise ValueError(
                f"card {name!r}: only the reprinted cards, and all of them, are 'R' versions"
            )


def rooms_of(c: Content, story: str) -> list[dict[str, Any]]:
    """The rooms on a story's map: every room, save those kept for other stories."""
    return [r for r in c.map["rooms"] if story in r.get("stories", (story,))]


def links_of(c: Content, story: str) -> list[list[str]]:
    """The links laid on a story's map: those with both spaces on it."""
    spaces = {x for r in rooms_of(c, story) for x in r["spaces"]}
    return [x for x in c.map["links"] if x[0] in spaces and x[1] in spaces]


def monsters_of(c: Content, story: str) -> dict[str, dict[str, Any]]:
    """The monster kinds a story uses: every kind, save those kept for other stories."""
    return {k: m for k, m in c.monsters.items() if story in m.get("stories", (story,))}


def matches(weapon: str, attack_type: str) -> bool:
    """Does a Combat card's attack type answer an attack with `weapon`?

    A sharp or blunt melee weapon also answers "melee weapon"; the sharp and
    blunt melee weapon answers all three ("Other Rules > New Weapon Type").

    >>> matches("sharp and blunt melee weapon", "blunt melee weapon")
    True
    >>> matches("firearm", "melee weapon")
    False
    """
    if weapon == attack_type:
        return True
    melee = ("sharp melee weapon", "blunt melee weapon", "melee weapon")
    if weapon == "sharp and blunt melee weapon":
        return attack_type in melee
    return weapon in melee[:2] and attack_type == "melee weapon"
