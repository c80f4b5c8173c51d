"""What a seat may see, a text picture, and one-line descriptions of facts.

Hidden: each player's hands (unit cards and shop cards) from the other
seats and spectators, but Anna's Cheer, whose holder everyone knows; the
order of the unit deck, Anna's Shop deck and the boss deck, and the
face-down shop cards (only their cost shows).  The setup facts' card lists
(the box's content) name no card to a seat while the game runs: a seat
meets each card where it is shown.  `None` sees everything.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.core.events import evolved

from . import board as b
from . import content
from .board import hp_left, stats, tags
from .content import BOARD, short
from .lines import describe as describe  # the timeline's words (lines.py)
from .state import Table

if TYPE_CHECKING:
    import random  # for annotations alone: a read never scrambles (issue #24)


@cache
def _cheer() -> str:
    """Anna's Cheer: the one shop card whose holder everyone knows.  Read
    from the card file when first asked, not when the view is imported: that
    file is TOML, whose parser a command drawing a board otherwise never
    loads (`boardlog show`, `legal`: issue #24)."""
    return content.cheer()["id"]


def _sees_hand(seat: str | None, owner: str) -> bool:
    return seat is None or seat == owner


def view(state: Table, seat: str | None) -> dict[str, Any]:
    dv_tiles = {p.dv_tile: s for s, p in state.players.items() if p.dv_tile}
    return {
        "phase": state.phase, "turn": state.turn, "round": state.round, "active": state.active,
        "activating": state.activating, "map": state.map, "result": state.result,
        "pending": None if state.pending is None else dict(
            zip(("attacker", "defender", "asked"), state.pending, strict=True)),
        "guest": None if state.guest is None else {"seat": state.guest[0], "unit": state.guest[1]},
        "squares": _squares(state, dv_tiles),
        "units": {u.card: _unit_view(state, u) for u in state.units.values()},
        "players": {s: _player_view(state, s, seat) for s in state.seats},
        "vp_deck": list(state.vp_deck),
        "deck_size": len(state.deck),
        "discards": list(state.discards),
        "shop": {str(i): (None if card is None else
                          {"cost": state.shop_cards[card]["cost"],
                           **({"card": card} if seat is None else {})})
                 for i, card in enumerate(state.shop, 1)},
        "shop_deck_size": len(state.shop_deck),
        "shop_discards": list(state.shop_discards),
        **({"deck": list(state.deck.cards), "shop_deck": list(state.shop_deck.cards)} if seat is None else {}),
        "mode": state.mode,
        **({"boss": _boss_view(state, seat)} if state.mode == "boss" and state.boss else {}),
    }


def _squares(state: Table, dv_tiles: dict[str, str]) -> dict[str, Any]:
    """Each square: printed terrain, terrain now (a DV Map Tile's side), deployment zone,
    DV Map Tile owner, Pixel Art Work bonus."""
    sides, zones = b.dv_tiles(state), b.zone_of(state)
    work_dv, work_coin = state.work_dv, state.work_coin
    return {sq: {"terrain": t, "now": sides.get(sq) or t, "zone": zones.get(sq),
                 "dv_tile": dv_tiles.get(sq),
                 "work": "dv" if sq in work_dv else "coin" if sq in work_coin else None}
            for sq, t in state.terrain.items()}


def _boss_view(state: Table, seat: str | None) -> dict[str, Any]:
    """The boss tile (corners by direction: square and colour now), its HP bars, lives,
    the current card (public) and the deck's size (its order is hidden)."""
    squares, colours = b.boss_squares(state), b.corner_colours(state)
    current = state.boss["cards"].get(state.boss_card)
    return {
        "name": state.boss["name"], "square": state.boss_square, "rotation": state.rotation,
        "corners": {d: {"square": squares[d], "colour": colours[d]} for d in squares},
        "bars": {c: {"hp": state.bar_left(c), "max": hp} for c, hp in state.boss["hp"].items()},
        "lives": state.lives, "turns": state.boss_turns, "plan_turns": state.plan_turns,
        "card": None if current is None else {"id": state.boss_card, **current},
        "deck_size": len(state.boss_deck), "discards": list(state.boss_discards),
        "step": state.boss_step, "queue": list(state.boss_queue), "asker": state.asker,
        # The card just flipped, while the players order the units its effect hits.
        "resolving": state.boss["cards"][state.boss_discards[-1]]["name"]
        if state.boss_step == "effect" and state.boss_discards else None,
        "summons": {m.id: _summon_view(state, m) for m in state.summons.values()},
        "reference": state.boss.get("reference", {}).get("text", ""),
        "action": state.boss.get("action"),
        "news": list(state.boss_news),
        **({"deck": list(state.boss_deck.cards)} if seat is None else {}),
    }


def _summon_view(state: Table, m) -> dict[str, Any]:
    piece = state.boss["summons"][m.type]
    shown = {"type": m.type, "kind": m.kind, "name": piece["name"], "short": short(piece["name"]),
             "square": m.square}
    if m.kind == "minion":
        shown |= {"colour": piece["colour"], "hp": piece["hp"] - m.damage, "hp_max": piece["hp"],
                  "atk": piece["atk"], "spd": piece["spd"], "def": piece["def"], "rng": piece["rng"],
                  "tags": piece["tags"]}
    return shown


def _unit_view(state: Table, u) -> dict[str, Any]:
    card = state.cards[u.card]
    s = stats(state, u)
    return {"name": card["name"], "short": short(card["name"]), "owner": u.owner, "slot": u.slot, "square": u.square,
            "colour": card["colour"], "legendary": card["legendary"], "hp": hp_left(state, u),
            "hp_max": card["hp"], "exhausted": u.exhausted, "shapestone": u.shapestone,
            "haste": u.haste, "tags": sorted(tags(state, u)), "atk": s["atk"], "spd": s["spd"],
            "def": s["def"], "rng": card["rng"], "mov": card["mov"], "special": u.special,
            "skill": card["skill"]["name"], "skill_type": card["skill"]["type"],
            "attachment": u.attachment,
            "combat_bonus": [[stat, n, source] for stat, n, source in state.bonus.get(u.card, ())],
            "until_next_turn": [[b.stat, b.n, b.source, b.seat] for b in state.buffs if b.unit == u.card]}


def _player_view(state: Table, owner: str, seat: str | None) -> dict[str, Any]:
    p = state.player(owner)
    shown = _sees_hand(seat, owner)
    return {"shop_hand_known": _known(p.shop_hand), "coins": p.coins, "dv": p.dv, "vp_cards": list(p.vp_cards), "vp_tokens": p.vp_tokens,
            "vp": p.vp, "dv_tile": p.dv_tile, "dv_side": p.dv_side if p.dv_tile else None,
            "hand": list(p.hand) if shown else None, "hand_size": len(p.hand),
            "shop_hand": list(p.shop_hand) if shown else None, "shop_hand_size": len(p.shop_hand),
            "mulliganed": p.mulliganed, "deployed": p.deployed, "hasted": p.hasted,
            "captured": p.captured, "discards": p.discards}


def _known(shop_hand: tuple[str, ...]) -> list[str]:
    """The shop cards everyone knows a player holds: Anna's Cheer, given face up at setup
    (I. Game Setup, step 2) and leaving the hand only by being played, face up."""
    return [card for card in shop_hand if card == _cheer()]


# ---- redaction ------------------------------------------------------------------------------------
ORDERS = {"UnitDeckShuffled": "order", "DiscardsReshuffled": "order", "ShopDeckShuffled": "order",
          "BossDeckShuffled": "order", "BossDeckReshuffled": "order"}
OWN_CARDS = {"CardsDealt": "cards", "CardsDrawn": "cards", "ShopCardBought": "card"}
# The cards of the game as content lists them (the box's: nothing secret), copied into the
# setup facts for replay.  While the game runs a seat meets each card where it is shown -
# its own hand, the map, a discard pile, the current boss card - and the facts name no card
# before then, so that a card id on a seat's surface always means the seat has seen that
# card (what the leak check of every game follows, issue #25).
CATALOGUES = {"UnitCardsListed": "cards", "ShopCardsListed": "cards"}


def redact(event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    if seat is None:
        return data
    if event.type in ORDERS:
        data["order"] = {"hidden": len(data["order"])}
    elif event.type in OWN_CARDS and seat != data["seat"]:
        field = OWN_CARDS[event.type]
        data[field] = {"hidden": len(data[field]) if isinstance(data[field], list) else 1}
    elif event.type == "ShopCardDealt":
        data["card"] = {"hidden": 1}
    elif event.type in CATALOGUES:
        data["cards"] = {"listed": len(data["cards"])}
    elif event.type == "BossChosen":
        data["board"] = {**data["board"], "cards": {"listed": len(data["board"]["cards"])}}
    return data


def scramble_hidden(state: Table, seat: str | None, rng: random.Random) -> Table:
    """Deal the cards `seat` cannot see anew: the unit deck with the other
    hands, the shop deck with the other shop hands (Anna's Cheer stays with
    whoever holds it: everyone knows), and face-down shop cards among
    themselves where their costs agree."""
    if seat is None:
        return state
    others = [s for s in state.seats if s != seat]
    units = list(state.deck.cards) + [c for s in others for c in state.player(s).hand]
    shop = list(state.shop_deck.cards) + [c for s in others for c in state.player(s).shop_hand if c != _cheer()]
    rng.shuffle(units)
    rng.shuffle(shop)
    boss_deck = list(state.boss_deck.cards)
    rng.shuffle(boss_deck)
    deck, units = tuple(units[:len(state.deck)]), units[len(state.deck):]
    shop_deck, shop = tuple(shop[:len(state.shop_deck)]), shop[len(state.shop_deck):]
    players = dict(state.players)
    for s in others:
        p = players[s]
        hand, units = tuple(units[:len(p.hand)]), units[len(p.hand):]
        hidden = len(p.shop_hand) - len(_known(p.shop_hand))
        shop_hand, shop = tuple(_known(p.shop_hand)) + tuple(shop[:hidden]), shop[hidden:]
        players[s] = evolved(p, hand=hand, shop_hand=shop_hand)
    return evolved(state, deck=replace(state.deck, cards=deck),
                   shop_deck=replace(state.shop_deck, cards=shop_deck), players=players,
                   shop=_scramble_shop(state, rng), boss_deck=replace(state.boss_deck, cards=tuple(boss_deck)))


def _scramble_shop(state: Table, rng: random.Random) -> tuple[str | None, ...]:
    shop = list(state.shop)
    by_cost: dict[int, list[int]] = {}
    for i, card in enumerate(shop):
        if card is not None:
            by_cost.setdefault(state.shop_cards[card]["cost"], []).append(i)
    for places in by_cost.values():
        cards = [shop[i] for i in places]
        rng.shuffle(cards)
        for i, card in zip(places, cards, strict=True):
            shop[i] = card
    return tuple(shop)


# ---- turns, text ---------------------------------------------------------------------------------
def turn(state: Table) -> int:
    return state.turn


TERRAIN_GLYPH = {"plains": ".", "castle": "C", "forest": "F", "water": "W", "mountain": "M",
                 "ruins": "#"}


def render(state: Table) -> str:
    if not state.terrain:
        return "(no game set up yet)"
    lines = [f"Anna's Roundtable, {state.map} map - turn {state.turn}"
             + (f", {state.active} to act" if state.active else "")]
    lines.append("    " + "".join(f"{chr(65 + c):<6}" for c in range(BOARD.width)))
    for row in range(BOARD.height):
        cells = []
        for col in range(BOARD.width):
            sq = f"{chr(65 + col)}{row + 1}"
            unit = b.unit_at(state, sq)
            glyph = TERRAIN_GLYPH[b.terrain_at(state, sq)]
            corner = next((d for d, s in b.boss_squares(state).items() if s == sq), None)
            if corner:
                glyph = f"B{b.corner_colours(state)[corner][:3]}"
            if b.zone_owner(state, sq):
                glyph = b.zone_owner(state, sq)[-1]
            summon = b.summon_at(state, sq)
            if summon is not None:
                glyph = summon.id[:5]
            text = glyph if unit is None else f"{unit.owner[-1]}{unit.card[:3]}{'z' if unit.exhausted else ''}"
            cells.append(f"{text:<6}")
        lines.append(f"{row + 1:<4}" + "".join(cells))
    for s in state.seats:
        p = state.player(s)
        lines.append(f"  {s}: {p.coins} coins, {p.dv} DV, VP {p.vp} (cards {list(p.vp_cards)}, "
                     f"tokens {p.vp_tokens}), hand {len(p.hand)}"
                     + (f", DV tile {p.dv_tile} {p.dv_side}" if p.dv_tile else ""))
    if state.boss_square:
        colours = b.corner_colours(state)
        lines.append(f"  {state.boss['name']} on {state.boss_square} (corners "
                     + ", ".join(f"{d} {c}" for d, c in colours.items()) + f"), {state.lives} lives, bars "
                     + ", ".join(f"{c} {state.bar_left(c)}/{hp}" for c, hp in state.boss["hp"].items())
                     + f", card {state.boss_card or '-'}, boss turns {state.boss_turns}/{state.plan_turns}")
    for u in sorted(state.units.values(), key=lambda u: (u.owner, u.card)):
        lines.append(f"  {u.owner} {u.card} on {u.square}: {hp_left(state, u)}/"
                     f"{state.cards[u.card]['hp']} HP" + (" exhausted" if u.exhausted else ""))
    lines.append(f"  VP deck: {list(state.vp_deck)}")
    if state.result:
        lines.append(f"  game over: {state.result}")
    return "\n".join(lines)
