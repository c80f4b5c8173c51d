"""What a seat may see, a text picture, and one-line descriptions of facts.

Hidden: each player's hands (unit cards and shop cards) from the other
seats and spectators, but Anna's Cheer, whose holder everyone knows; the
order of the unit deck, Anna's Shop deck and the boss deck, and the
face-down shop cards (only their cost shows).  The setup facts' card lists
(the box's content) name no card to a seat while the game runs: a seat
meets each card where it is shown.  `None` sees everything.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

from engine.core.events import evolved

from . import board as b
from . import content
from . import events as ev
from .board import hp_left, stats, tags
from .content import BOARD
from .state import Table

CHEER = content.cheer()["id"]  # Anna's Cheer: the one shop card whose holder everyone knows


@cache
def short(name: str) -> str:
    """A token's label: the initials of a name of several words ("Axe King" -> "AK"), the
    first two letters of a one-word name ("Archer" -> "Ar")."""
    words = name.split()
    return "".join(w[0] for w in words).upper() if len(words) > 1 else name[:2]


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
    return [card for card in shop_hand if card == CHEER]


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
    shop = list(state.shop_deck.cards) + [c for s in others for c in state.player(s).shop_hand if c != CHEER]
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


# ---- the board's click targets, turns, text -----------------------------------------------------
SQUARE_VERBS = ("move", "deploy", "hasty", "bump", "vein-tile", "vein-move")


def board_targets(commands) -> dict[str, list[tuple[str, str]]]:
    """Click targets: the square a unit moves or is deployed to (or a DV Map Tile goes to),
    the unit a command is about, and what an attack strikes (an enemy unit, a minion, or a
    boss corner by its colour).  A unit then a square, or an attacker then its target, make
    the command the two share."""
    targets: dict[str, list[tuple[str, str]]] = {}
    for command in commands:
        notation = command.notation()
        square = getattr(command, "square", None)
        if square is not None and command.verb in SQUARE_VERBS:
            targets.setdefault(square, []).append((notation, notation))
        unit = getattr(command, "unit", None)
        if isinstance(unit, str) and command.verb not in ("order", "react"):
            targets.setdefault(unit, []).append((notation, notation))
        if command.verb == "attack":
            targets.setdefault(command.target, []).append((notation, notation))
    return targets


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


def describe(e) -> str:
    match e:
        case ev.GameConfigured():
            return f"players {', '.join(e.seats)}; the game ends by {e.end}"
        case ev.MapLaidOut():
            return f"{e.name} laid out"
        case ev.UnitCardsListed():
            return f"{len(e.cards)} unit cards in the game"
        case ev.UnitDeckShuffled():
            return f"unit deck of {len(e.order)} cards shuffled"
        case ev.CardsDealt():
            return f"{len(e.cards)} unit cards dealt to {e.seat}"
        case ev.CheerGiven():
            return f"{e.seat} receives {e.name}"
        case ev.VictoryPointDeckSorted():
            return f"VP deck sorted: {', '.join(map(str, e.cards))}"
        case ev.DragonVeinTilesGiven():
            return "each player takes a DV Map Tile"
        case ev.ShopCardsListed():
            return f"{len(e.cards)} cards in Anna's Shop deck"
        case ev.ShopDeckShuffled():
            return "Anna's Shop deck shuffled"
        case ev.ShopCardDealt():
            return f"a shop card costing {e.cost} dealt face down to slot {e.slot}"
        case ev.MulliganTaken():
            return (f"{e.seat} keeps the hand" if not e.discarded
                    else f"{e.seat} mulligans {', '.join(e.discarded)}")
        case ev.TurnStarted():
            return f"turn {e.turn}: {e.seat}"
        case ev.CoinsGained():
            return f"{e.seat} gains {e.coins} Anna Coin(s)"
        case ev.CoinsSpent():
            return f"{e.seat} pays {e.coins} Anna Coin(s)"
        case ev.UnitsReadied():
            return f"{e.seat} readies {', '.join(e.units) or 'no units'}"
        case ev.TurnEnded():
            return f"{e.seat} ends the turn"
        case ev.GameEnded():
            return f"game over: {e.result}"
        case ev.CardsDrawn():
            return f"{e.seat} draws {len(e.cards)} card(s)"
        case ev.DiscardsReshuffled():
            return f"discard pile of {len(e.order)} shuffled into the unit deck"
        case ev.CardDiscarded():
            return f"{e.seat} discards {e.card}"
        case ev.ShopCardBought():
            return f"{e.seat} buys the shop card in slot {e.slot} for {e.cost}"
        case ev.UnitDeployed():
            return (f"{e.seat} deploys {e.card} to the {e.slot} slot on {e.square}"
                    + (" with [Haste]" if e.haste else ""))
        case ev.GrayUnitShifted():
            return f"{e.unit} shifts to the {e.slot} slot"
        case ev.UnitActivated():
            return f"{e.unit} activated"
        case ev.UnitMoved():
            return f"{e.unit} moves {e.origin} -> {e.to}"
        case ev.ActivationEnded():
            return f"{e.unit} done"
        case ev.CombatStarted():
            return f"{e.attacker} attacks {e.defender} at range {e.distance}"
        case ev.Struck():
            extra = f" ({', '.join(e.modifiers)})" if e.modifiers else ""
            return (f"{e.blow}: {e.unit} hits {e.target} for {e.damage} "
                    f"(ATK {e.atk} - DEF {e.defence}){extra}, {e.hp} HP left")
        case ev.BlowSkipped():
            return f"no {e.blow} by {e.unit}: {e.reason}"
        case ev.ShapestoneDiscarded():
            return f"{e.unit} discards its Shapestone"
        case ev.UnitDefeated():
            return f"{e.unit} ({e.owner}) is defeated"
        case ev.VictoryPointTokensGained():
            return f"{e.seat} gains {e.tokens} VP token(s)"
        case ev.DragonVeinGained():
            return f"{e.seat} gains {e.dv} DV"
        case ev.DragonVeinSpent():
            return f"{e.seat} spends {e.dv} DV"
        case ev.CastleCaptured():
            return f"{e.unit} captures the castle on {e.square}: {e.seat} takes the {e.vp} VP card"
        case ev.UnitRetired():
            return f"{e.unit} retires"
        case ev.DragonVeinTilePlaced():
            return f"{e.seat}'s DV Map Tile on {e.square}, {e.side} up"
        case ev.UnitBumped():
            return f"{e.unit} BUMPed {e.origin} -> {e.to}"
        case ev.HitPointsRestored():
            return f"{e.target} restores {e.restored} HP ({e.hp} HP)"
        case ev.UnitPlaced():
            return f"{e.unit} placed {e.origin} -> {e.to}"
        case ev.DamageDealt():
            return f"{e.target} takes {e.damage} damage ({e.hp} HP left)"
        case ev.SpecialUsed():
            return f"{e.unit} uses its special {e.skill}"
        case ev.AttackDeclared():
            return f"{e.attacker} attacks {e.defender}: {e.seat} may react"
        case ev.CombatBonusGranted():
            gains = ", ".join(f"{n:+d} {stat.upper()}" for stat, n in e.bonuses)
            return f"{e.unit} gets {gains} for this combat ({e.source})"
        case ev.ReactionsDeclined():
            return f"{e.seat} reacts no further"
        case ev.CombatEnded():
            return f"combat of {e.attacker} and {e.defender} over"
        case ev.ShopCardUsed():
            return f"{e.seat} plays {e.name}"
        case ev.BossChosen():
            return f"the boss is {e.board['name']} with {e.lives} lives"
        case ev.BossTilePlaced():
            return f"the boss tile is placed on {e.square}"
        case ev.BossDeckShuffled():
            return f"boss deck of {len(e.order)} cards shuffled"
        case ev.BossCardDrawn():
            return f"current boss card: {e.card}"
        case ev.BossTurnStarted():
            return f"turn {e.turn}: the boss ({e.asker} answers its questions)"
        case ev.BossRolled():
            return f"the boss rolls {e.value}: target {e.target}"
        case ev.BossMoved():
            return f"the boss moves {e.origin} -> {e.to}"
        case ev.BossAttacksQueued():
            return f"units in the way: the boss attacks {', '.join(e.units)}"
        case ev.BossEffectQueued():
            return f"the boss card hits {', '.join(e.units)}: the players choose the order"
        case ev.BossEffectOrdered():
            return f"the boss card's effect hits {e.unit} next"
        case ev.BossAttackChosen():
            return f"the boss attacks {e.unit} with its {e.colour} corner at range {e.distance}"
        case ev.BossStruck():
            return (f"{e.blow}: {e.unit or 'an effect'} hits the boss's {e.colour} bar for {e.damage}, "
                    f"{e.hp} left")
        case ev.BossLifeLost():
            return f"the boss loses a life: {e.lives} left"
        case ev.BossRestored():
            return "the boss restores " + ", ".join(f"{n} {c}" for c, n in e.restored.items())
        case ev.UnitsExhausted():
            return f"exhausted: {', '.join(e.units)}"
        case ev.BossCardFlipped():
            return f"boss card {e.name} flipped: {e.effect['do']}"
        case ev.BossDeckReshuffled():
            return f"boss deck rebuilt from {len(e.order)} cards"
        case ev.BossRotated():
            return "the boss turns clockwise: " + ", ".join(f"{d} {c}" for d, c in e.corners.items())
        case ev.BossTurnEnded():
            return "the boss's turn ends"
        case ev.UnitRemoved():
            return f"{e.unit} removed"
        case ev.SummonRolled():
            return f"summoning {e.what}: X {e.x}, Y {e.y} -> {e.square}"
        case ev.SummonPlaced():
            return f"the boss summons {e.summon} ({e.kind}) on {e.square}"
        case ev.SummonLost():
            return f"no {e.what} summoned: {e.reason}"
        case ev.MinionDefeated():
            return f"{e.summon} is defeated"
        case ev.SummonsCleared():
            return f"the boss moves over {', '.join(e.summons)}: back to the supply"
        case ev.AllyInvited():
            return f"{e.seat} may now move and act with {e.unit}"
        case ev.AllyActionEnded():
            return f"{e.seat} is done with {e.unit}"
        case ev.BuffGranted():
            gains = ", ".join(f"{n:+d} {stat.upper()}" for stat, n in e.bonuses)
            return f"{e.unit} gets {gains} until {e.seat}'s next turn ({e.source})"
        case ev.BuffsExpired():
            return f"{e.seat}'s turn: bonuses on {', '.join(e.units)} end"
        case ev.BossPlanDelayed():
            return f"{e.unit} delays the boss's plan: it completes after boss turn {e.plan_turns}"
        case ev.PickpocketRolled():
            return f"{e.unit} picks a pocket: rolled {e.value}"
        case ev.AttachmentPlaced():
            return f"{e.seat} attaches {e.name} to {e.unit}" + (
                f" (replacing {e.replaced})" if e.replaced else "")
    return type(e).__name__
