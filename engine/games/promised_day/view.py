"""What a seat may see, redaction, a text picture, and one-line descriptions.

Hidden: every deck's order (character decks, soldier cards, bonus cards),
the face-down Homunculus cards, and each hand from the other seats (a solo
player's one seat sees both hands).  Discards, the Transmutation Circle
spaces and everything on the board are public.

The view is kept small, because the viewer compares two of them at every
step and lists what changed: the static board is one value per space
(`map`), only occupied spaces are listed, and a card is one value
[colour, damage, range, icon] keyed by its id.  The board picture's
positions, labels and words are worked out from it on the viewer's side
(viewer/pictures/promised_day.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core.events import evolved
from engine.kit.deck import Deck

from . import events as ev
from .content import COLOURS
from .state import Game

if TYPE_CHECKING:
    import random  # for annotations alone: a read never scrambles (issue #24)


def _sees_hand(state: Game, seat: str | None, character: str) -> bool:
    return seat is None or state.seat_of.get(character) == seat


NO_DECK = Deck()  # a character chosen, its deck not yet shuffled (a step inside set-up)
WILD_CARD = ("any", 0, 0, "")  # Black Hayate, a bonus card in a circle: any colour


def _cards(state: Game, cards) -> dict[str, list]:
    """Cards by id, each [colour, damage, range, paired icon]: keyed by id so that a card
    leaving a hand changes one entry (not every later position), and one value per card
    so that "what changed" lists a card once, not field by field."""
    return {card: list(state.cards.get(card, WILD_CARD)) for card in cards}


def view(state: Game, seat: str | None) -> dict[str, Any]:
    s = state
    here, bosses_at = _by_space(s.position), _by_space({b: boss.space for b, boss in s.bosses.items()})
    board: dict[str, Any] = {
        "phase": s.phase, "round": s.round, "round_limit": s.round_limit,
        "plus_two": s.round >= s.plus_two_from, "start_player": s.start, "current": s.current,
        "moved": s.moved, "actions_left": s.actions_left, "homunculus_step": s.step,
        "question": list(s.pending) if s.pending else None, "result": s.result,
        "areas": {str(n): {"spaces": list(spaces),
                           "tile": {"id": s.tiles[n][0], "kind": s.tiles[n][1],
                                    "face_up": s.tiles[n][2]} if n in s.tiles else None,
                           "circle": _cards(s, s.circles.get(n, ()))}
                  for n, spaces in s.areas.items()},
        # The occupied spaces only (an empty one has nothing but its place on the map).
        "spaces": {sp: {"soldiers": s.soldiers_in(sp), "bosses": bosses_at.get(sp, []),
                        "characters": here.get(sp, [])} for sp in s.spots
                   if sp in here or sp in bosses_at or s.soldiers_in(sp) > 0},
        # The board never changes: each space [area, spots, x, y] (x, y: where the content
        # file draws it) and the lines "1a-1b", one value each.
        "map": {sp: [s.area_of[sp], s.spots[sp], *s.positions.get(sp, (0.0, 0.0))]
                for sp in s.spots},
        "lines": [f"{a}-{b}" for a, b in s.lines],
        "characters": {},
        "bosses": {b: {"name": boss.name, "space": boss.space, "life": boss.life,
                       "ability": boss.ability} for b, boss in s.bosses.items()},
        "defeated_bosses": list(s.defeated),
        # The five Boss tiles lie open beside the board from the set-up (their names and
        # abilities are on the table for everyone); which of the bosses not on the board
        # will still come is in the face-down Homunculus cards, and not said here.
        "boss_tiles": {b: {"name": name, "space": space, "life": life, "ability": ability}
                       for b, (name, space, life, ability) in s.boss_info.items()},
        # The colours of the Character cards in play: the tiles' conditions count them.
        "card_colours": sorted({face[0] for face in s.cards.values()}, key=_colour_order),
        "damage_track": s.damage_track, "stock": s.stock,
        "soldier_deck_size": len(s.soldier_cards),
        "soldier_cards_flipped": [{"id": c, "place": [list(p) for p in place]}
                                  for c, place in reversed(s.soldier_cards.discards)],
        "homunculus": {"face_down_rounds": sorted(c[0] for c in s.homunculus.cards),
                       "revealed": _homunculus(s.revealed) if s.revealed else None},
        "bonus": {"offer": [{"id": b, "name": s.bonus_names[b][0], "effect": s.bonus_names[b][1]}
                            for b in s.bonus_offer],
                  "deck_size": len(s.bonus), "discards": list(reversed(s.bonus.discards))},
    }
    for c in s.characters:
        name, move, top, special, effect = s.summary[c]
        deck = s.decks.get(c, NO_DECK)
        # Setup deals decks and hands after choosing characters: every step
        # in between is a state a replay may show.
        shown = {"seat": s.seat_of[c], "name": name, "move": move, "life": s.life.get(c),
                 "max_life": top, "special": special, "effect": effect,
                 "space": s.position.get(c), "hand_size": len(s.hands.get(c, ())),
                 "deck_size": len(deck),
                 "discards": _cards(s, reversed(deck.discards)),
                 "companions": list(s.companions.get(c, ()))}
        if _sees_hand(s, seat, c):
            shown["hand"] = _cards(s, s.hands[c].cards if c in s.hands else ())
        board["characters"][c] = shown
    if seat is None:  # the omniscient view adds every hidden order
        board["hidden"] = {
            "decks": {c: list(d.cards) for c, d in s.decks.items()},
            "soldier_deck": [c for c, _ in s.soldier_cards.cards],
            "homunculus": {str(c[0]): c[1] for c in s.homunculus.cards},  # round: card
            "bonus_deck": list(s.bonus.cards),
        }
    return board


def _by_space(where: dict[str, str]) -> dict[str, list[str]]:
    """The pieces on each space, sorted (one pass, not one search of every piece per space)."""
    found: dict[str, list[str]] = {}
    for piece, space in sorted(where.items()):
        found.setdefault(space, []).append(piece)
    return found


def _colour_order(colour: str) -> tuple[int, str]:
    return (COLOURS.index(colour) if colour in COLOURS else len(COLOURS), colour)


def _homunculus(card: tuple) -> dict[str, Any]:
    rnd, cid, kind, what, march, soldiers = card
    return {"round": rnd, "id": cid, "kind": kind, "what": what, "march": list(march),
            "soldiers": soldiers}


# ---- hidden information -------------------------------------------------------------------
HIDDEN_ALWAYS = {"CharacterDeckShuffled": "cards", "SoldierDeckShuffled": "cards",
                 "BonusDeckShuffled": "cards", "HomunculusCardsDealt": "cards"}


def redact(event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    if seat is None:
        return data
    field = HIDDEN_ALWAYS.get(event.type)
    if field:
        data[field] = {"hidden": len(data[field])}
    elif isinstance(event, ev.CardsDrawn) and event.seat != seat:
        data["cards"] = {"hidden": len(data["cards"])}
    return data


def scramble_hidden(state: Game, seat: str | None, rng: random.Random) -> Game:
    """Reorder every deck, re-deal the other seats' hands from their own cards, and
    move the face-down Homunculus cards between rounds."""
    if seat is None:
        return state
    s = state
    decks, hands = dict(s.decks), dict(s.hands)
    for c in s.decks:
        deck, hand = s.decks[c], s.hands[c]
        if _sees_hand(s, seat, c):
            decks[c] = replace(deck, cards=_shuffled(rng, deck.cards))
        else:
            pool = _shuffled(rng, hand.cards + deck.cards)
            hands[c] = replace(hand, cards=pool[:len(hand)])
            decks[c] = replace(deck, cards=pool[len(hand):])
    face_down = s.homunculus.cards
    faces = _shuffled(rng, [c[1:] for c in face_down])
    homunculus = tuple((c[0], *face) for c, face in zip(face_down, faces, strict=True))
    return evolved(s, decks=decks, hands=hands,
                   homunculus=replace(s.homunculus, cards=homunculus),
                   soldier_cards=replace(s.soldier_cards, cards=_shuffled(rng, s.soldier_cards.cards)),
                   bonus=replace(s.bonus, cards=_shuffled(rng, s.bonus.cards)))


def _shuffled(rng: random.Random, items) -> tuple:
    items = list(items)
    rng.shuffle(items)
    return tuple(items)


# ---- timelines, the text picture ----------------------------------------------------------
def describe(e) -> str:
    match e:
        case ev.GameConfigured():
            return (f"{e.players} player(s), {e.actions} actions per character, "
                    f"{e.difficulty} difficulty")
        case ev.BoardLaid():
            return f"Central City: {len(e.areas)} Areas"
        case ev.TilesPlaced():
            return "tiles: " + ", ".join(f"Area {a} {kind}" for a, _, kind in e.tiles)
        case ev.CharacterChosen():
            return f"{e.seat} plays {e.name} (move {e.move}, life {e.life})"
        case ev.CharacterDeckShuffled():
            return f"{e.character}'s deck of {len(e.cards)} cards shuffled"
        case ev.CardsDrawn():
            return f"{e.character} draws {len(e.cards)} card(s)"
        case ev.CompanionCardsTaken():
            return f"{e.character} takes the Companion cards " + ", ".join(c[1] for c in e.cards)
        case ev.BonusDeckShuffled():
            return f"{len(e.cards)} Transmutation Bonus cards shuffled"
        case ev.BonusRevealed():
            return f"Transmutation Bonus {e.card} turned face up"
        case ev.HomunculusCardsDealt():
            return f"{len(e.cards)} Homunculus cards face down on the Round Board"
        case ev.SoldierDeckShuffled():
            return f"{len(e.cards)} Mannequin Soldier cards shuffled"
        case ev.BossesListed():
            return f"{len(e.bosses)} Boss tiles beside the board"
        case ev.BossArrived():
            return f"{e.name} arrives on {e.space} (life {e.life})"
        case ev.SoldierCardFlipped():
            return "soldier card: " + ", ".join(f"{n} in Area {a}" for n, a in e.place)
        case ev.SoldierMoved():
            return f"a soldier moves {e.source} -> {e.target}"
        case ev.CharacterPlaced():
            return f"{e.character} starts on {e.space}"
        case ev.CharacterMoved():
            return f"{e.character} moves {e.source} -> {e.target}"
        case ev.CharacterDamaged():
            return f"{e.character} takes {e.damage} damage (life {e.life})"
        case ev.CharacterHealed():
            return f"{e.character} recovers {e.healed} life (life {e.life})"
        case ev.BossDamaged():
            return f"{e.boss} takes {e.damage} damage (life {e.life})"
        case ev.BossDefeated():
            return f"{e.boss} is defeated"
        case ev.RoundBegan():
            return f"round {e.round}: " + ", ".join(e.order)
        case ev.HomunculusTurnBegan():
            return f"the Homunculus turn of round {e.round}"
        case ev.HomunculusStepBegan():
            return f"Homunculus: {e.step}"
        case ev.BossAbilityActivated():
            return f"{e.boss} uses {e.ability}"
        case ev.HomunculusCardRevealed():
            return (f"Homunculus card {e.card} ({e.kind} {e.what}): march "
                    f"{', '.join(map(str, e.march))}, {e.soldiers} or more soldiers")
        case ev.AreaMarched():
            return f"Area {e.area} marches"
        case ev.QuestionAsked() | ev.QuestionAnswered():
            return f"{e.kind}: {e.left} left to decide"
        case ev.TurnBegan():
            return f"{e.character}'s turn ({e.actions} actions)"
        case ev.ActionsBegan():
            return f"{e.character}'s actions"
        case ev.ActionTaken():
            return f"{e.character}: {e.action} ({e.left} left)"
        case ev.CardPlayed():
            return f"{e.character} plays {e.card} into Area {e.area}'s circle"
        case ev.CardDiscarded():
            return f"{e.character} discards {e.card}"
        case ev.TileFlipped():
            return f"Area {e.area}'s tile {e.tile} is face down"
        case ev.BonusChosen():
            return f"{e.by} resolves {e.card}"
        case ev.BonusDiscarded():
            return f"{e.card} discarded"
        case ev.BonusPlacedInCircle():
            return f"{e.card} joins Area {e.area}'s circle"
        case ev.TurnEnded():
            return f"{e.character}'s turn ends"
        case ev.StartPlayerPassed():
            return f"Start Player marker to {e.character}"
        case ev.RoundEnded():
            return f"round {e.round} ends"
        case ev.GameWon():
            return f"victory: {e.reason}"
        case ev.GameLost():
            return f"defeat: {e.reason}"
    return type(e).__name__


def render(state: Game) -> str:
    s = state
    if not s.areas:
        return "(no game set up yet)"
    lines = [f"The Promised Day - round {s.round}/{s.round_limit} ({s.phase})   "
             f"damage track {s.damage_track}/{s.track_size}   stock {s.stock}"]
    for n, spaces in s.areas.items():
        tile, kind, face_up = s.tiles[n]
        cards = " ".join(colour[0] for colour, *_ in _cards(s, s.circles[n]).values()) or "-"
        lines.append(f"Area {n} [{kind} {'UP' if face_up else 'done'}] circle: {cards}")
        for sp in spaces:
            who = [c for c in s.characters if s.position.get(c) == sp]
            lines.append(f"  {sp} ({s.spots[sp]} spots): soldiers {s.soldiers_in(sp)}"
                         + "".join(f", {b} ({s.bosses[b].life})" for b in s.bosses_in(sp))
                         + (f"  <{', '.join(who)}>" if who else ""))
    for c in s.characters:
        lines.append(f"{c} ({s.seat_of[c]}): life {s.life[c]}/{s.summary[c][2]} "
                     f"hand {len(s.hands[c])} deck {len(s.decks.get(c, NO_DECK))}")
    lines.append("bonus offer: " + ", ".join(s.bonus_offer))
    if s.result:
        lines.append(s.result)
    return "\n".join(lines)
