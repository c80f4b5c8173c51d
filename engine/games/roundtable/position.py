"""The position format of Anna's Roundtable (docs/positions/roundtable.md).

`position(state)` writes a state as plain JSON data: the options (which
name the map, the mode and the boss), whose turn it is and the phase, the
mulligans still to take, each player's hand, coins, DV, VP and DV Map Tile
and what it did this turn, every unit on the map, the unit deck and
discard pile, the VP deck, Anna's Shop, an attack waiting for reactions,
and Boss Mode's boss (tile, bars, lives, deck, the turn under way,
summons).  Card texts, unit stats, maps and boss boards are content: a
position names them by their ids in `fixtures/roundtable/`.

`from_position(data)` reads one back.  A test writes only what it cares
about (`{"units": {"axe-fighter": {"owner": "p1", "square": "C3"}}}`): every
other field takes the default the doc states.  An impossible position (two
units on one square, a card in two places, a unit where it could never
stand) is refused with `BadPosition(rule, reason)` naming a rule of the
game's table: the shape of the data here, what no game reaches in
`position_checks.py`.
"""

from __future__ import annotations

from typing import Any

from engine.core.dice import Dice
from engine.core.errors import BadOptions
from engine.core.events import evolved
from engine.core.position import BadPosition
from engine.kit.deck import Deck
from engine.kit.turns import Schedule

from . import boss as boss_turns
from . import content, position_checks
from .board import hp_left, minion_hp, square_name, summon_kinds
from .deploy import slots_for
from .dragon_vein import SIDES
from .position_checks import slot_of
from .setup import options, setup
from .state import (
    BOSS,
    HAND_SIZE,
    MULLIGAN,
    OVER,
    PLAY,
    Buff,
    Player,
    Summon,
    Table,
    Unit,
    evolve,
    initial_state,
)

FIELD = "roundtable.position.field"
SECTIONS = ("options", "turn", "mulligan", "players", "units", "deck", "discards", "vp_deck",
            "shop", "attack", "boss")
TURN_FIELDS = ("phase", "number", "active", "activating", "guest", "result")
PLAYER_FIELDS = ("hand", "shop_hand", "coins", "dv", "vp_cards", "vp_tokens", "dv_tile",
                 "this_turn")
THIS_TURN = ("deployed", "hasted", "captured", "discards", "losses")
UNIT_FIELDS = ("owner", "square", "slot", "hp", "exhausted", "shapestone", "special", "haste",
               "attachment", "combat_bonus", "until_next_turn")
SHOP_FIELDS = ("row", "deck", "discards")
ATTACK_FIELDS = ("attacker", "defender", "asked")
BOSS_FIELDS = ("square", "rotation", "hp", "lives", "card", "deck", "discards", "turns",
               "plan_delay", "step", "queue", "target", "asker", "summons", "news")
BOSS_STEPS = ("", "start", "card", "attack", "effect", "rotate")
PHASES = (MULLIGAN, PLAY, OVER)


# ---- writing ------------------------------------------------------------------------------
def position(state: Table) -> dict[str, Any]:
    """The position of `state` (its own sections; the core adds the envelope)."""
    s = state
    out: dict[str, Any] = {"options": _options_of(s), "turn": _turn_out(s)}
    if s.phase == MULLIGAN:
        out["mulligan"] = [seat for seat in s.seats if s.player(seat).mulliganed]
    out["players"] = {seat: _player_out(s, seat) for seat in s.seats}
    out["units"] = {u.card: _unit_out(s, u) for u in sorted(s.units.values(), key=lambda u: u.card)}
    out["deck"] = list(s.deck.cards)
    out["discards"] = list(s.discards)
    if s.mode == "boss":
        out["boss"] = _boss_out(s)
    else:
        out["vp_deck"] = list(s.vp_deck)
        out["shop"] = {"row": list(s.shop), "deck": list(s.shop_deck.cards), "discards": list(s.shop_discards)}
    if s.pending is not None:
        out["attack"] = dict(zip(ATTACK_FIELDS, s.pending, strict=True))
    return out


def _options_of(s: Table) -> dict[str, Any]:
    """The options as `setup.options` stores them; a first game is one whose VP cards
    leave out the two 8-point cards."""
    if s.mode == "boss":
        return {"mode": "boss", "boss": s.boss_id, "map": "boss", "players": len(s.seats)}
    vp = len(s.vp_deck) + sum(len(p.vp_cards) for p in s.players.values())
    return {"mode": "1v1", "map": s.map, "first_game": vp == len(content.vp_cards(True)),
            "end": s.end, "rounds": s.rounds, "players": 2, "bump": s.bump}


def _turn_out(s: Table) -> dict[str, Any]:
    if s.phase == MULLIGAN:
        return {"phase": MULLIGAN}
    out: dict[str, Any] = {"phase": s.phase, "number": s.turn, "active": s.active}
    if s.activating is not None:
        out["activating"] = s.activating
    if s.guest is not None:
        out["guest"] = {"seat": s.guest[0], "unit": s.guest[1]}
    if s.result is not None:
        out["result"] = s.result
    return out


def _player_out(s: Table, seat: str) -> dict[str, Any]:
    p = s.player(seat)
    out: dict[str, Any] = {"hand": list(p.hand)}
    fields = {"shop_hand": list(p.shop_hand), "coins": p.coins, "dv": p.dv,
              "vp_cards": list(p.vp_cards), "vp_tokens": p.vp_tokens}
    out.update({k: v for k, v in fields.items() if v})
    if p.dv_tile:
        out["dv_tile"] = {"square": p.dv_tile, "side": p.dv_side}
    this_turn = {k: getattr(p, k) for k in THIS_TURN}
    if any(this_turn.values()):
        out["this_turn"] = {k: v for k, v in this_turn.items() if v}
    return out


def _unit_out(s: Table, u: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {"owner": u.owner, "square": u.square, "slot": u.slot,
                           "hp": hp_left(s, u), "exhausted": u.exhausted}
    printed = _printed(s, u.card)
    for name in ("shapestone", "special", "haste"):
        if getattr(u, name) != printed.get(name, False):
            out[name] = getattr(u, name)
    if u.attachment:
        out["attachment"] = u.attachment
    if s.bonus.get(u.card):
        out["combat_bonus"] = [list(b) for b in s.bonus[u.card]]
    buffs = [[b.stat, b.n, b.source, b.seat] for b in s.buffs if b.unit == u.card]
    if buffs:
        out["until_next_turn"] = buffs
    return out


def _printed(s: Table, card: str) -> dict[str, bool]:
    """What a unit arrives with when deployed: its Shapestone, its Special Ability token."""
    c = s.cards[card]
    return {"shapestone": "Shapeshifter" in c["tags"],
            "special": c["skill"]["type"] in ("special", "reaction")}


def _boss_out(s: Table) -> dict[str, Any]:
    return {"square": s.boss_square, "rotation": s.rotation,
            "hp": {c: s.bar_left(c) for c in s.boss["hp"]}, "lives": s.lives,
            "card": s.boss_card or None, "deck": list(s.boss_deck.cards), "discards": list(s.boss_discards),
            "turns": s.boss_turns, "plan_delay": s.plan_delay, "step": s.boss_step,
            "queue": list(s.boss_queue),
            "target": None if s.boss_target is None else dict(zip(("unit", "colour", "range"),
                                                                   s.boss_target, strict=True)),
            "asker": s.asker,
            "summons": {m.id: {"square": m.square, **({"hp": minion_hp(s, m)} if m.kind == "minion" else {})}
                        for m in sorted(s.summons.values(), key=lambda m: m.id)},
            **({"news": list(s.boss_news)} if s.boss_news else {})}


# ---- reading: typed values ----------------------------------------------------------------
def _obj(value: Any, where: str, known: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadPosition(FIELD, f"{where}: expected an object")
    unknown = sorted(str(k) for k in set(value) - set(known)) if known else []
    if unknown:
        raise BadPosition(FIELD, f"{where}: unknown field {unknown[0][:40]!r} (known: {', '.join(known)})")
    return value


def _int(value: Any, where: str, low: int = 0, high: int = 10_000) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadPosition(FIELD, f"{where}: expected a whole number from {low} to {high}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise BadPosition(FIELD, f"{where}: expected true or false")
    return value


def _str(value: Any, where: str, among: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str) or (among is not None and value not in among):
        wanted = f"one of {', '.join(repr(a) for a in among)}" if among is not None else "a string"
        raise BadPosition(FIELD, f"{where}: expected {wanted}")
    return value


def _strs(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadPosition(FIELD, f"{where}: expected a list of strings")
    return tuple(value)


def _square(value: Any, where: str) -> str:
    name = _str(value, where)
    try:
        ok = square_name(name) == name
    except ValueError:
        ok = False
    if not ok:
        raise BadPosition("roundtable.map.square", f"{where}: {name[:20]!r} is no square of the 6x6 map (A1-F6)")
    return name


def _cards(value: Any, where: str, known: dict[str, Any], what: str) -> tuple[str, ...]:
    found = _strs(value, where)
    for card in found:
        if card not in known:
            raise BadPosition("roundtable.position.card", f"{where}: no {what} {card[:40]!r}")
    return found


# ---- reading ------------------------------------------------------------------------------
def from_position(data: dict[str, Any]) -> Table:
    """The state a position describes; BadPosition if it cannot be."""
    data = _obj(data, "position", SECTIONS)
    s = _laid_out(_obj(data.get("options", {}), "options"))
    s = _turn(s, _obj(data.get("turn", {}), "turn", TURN_FIELDS), data.get("mulligan"))
    s = _players(s, _obj(data.get("players", {}), "players"))
    s = _units(s, _obj(data.get("units", {}), "units"))
    s = _unit_cards(s, data)
    if s.mode == "boss":
        for section in ("vp_deck", "shop"):
            if section in data:
                raise BadPosition("roundtable.position.mode", f"{section}: Boss Mode has none")
        s = _boss(s, _obj(data.get("boss", {}), "boss", BOSS_FIELDS))
    else:
        if "boss" in data:
            raise BadPosition("roundtable.position.mode", "boss: only in Boss Mode (option mode=boss)")
        s = _vp_deck(s, data)
        s = _shop(s, _obj(data.get("shop", {}), "shop", SHOP_FIELDS))
    s = _attack(s, data.get("attack"))
    position_checks.check(s)
    return s


def _laid_out(raw: dict[str, Any]) -> Table:
    """The options (filled with their defaults) and what setup lays out for them: the map,
    the cards, the boss.  Setup's shuffles and deals are replaced by the position's own."""
    players = raw.get("players")
    if players is not None and type(players) is not int:
        raise BadPosition("roundtable.position.options", "options.players: a whole number (2, 3 or 4)")
    texts = {}
    for key, value in raw.items():
        if key != "players":
            if type(value) is bool:
                value = "yes" if value else "no"
            texts[key] = str(value) if type(value) is int else _str(value, f"options.{key}")
    try:
        opts = options(players, texts)
    except BadOptions as e:
        raise BadPosition("roundtable.position.options", f"options: {e}") from None
    s = initial_state()
    for fact in setup(opts, Dice(0, 0)):
        s = evolve(s, fact)
    return s


def _turn(s: Table, raw: dict[str, Any], mulligan: Any) -> Table:
    """The phase and whose turn it is; the number defaults to the first turn `active` takes."""
    phase = _str(raw.get("phase", PLAY), "turn.phase", PHASES)
    if phase == MULLIGAN:
        done = _strs(mulligan if mulligan is not None else [], "mulligan")
        for seat in done:
            _str(seat, "mulligan", s.seats)
        players = {seat: Player(mulliganed=seat in done) for seat in s.seats}
        if "number" in raw or "active" in raw:
            raise BadPosition("roundtable.setup.mulligan", "turn: no turn has started during the mulligans")
        return _scheduled(evolved(s, phase=MULLIGAN, players=players), 0)
    if mulligan is not None:
        raise BadPosition("roundtable.setup.mulligan-once", "mulligan: the mulligans are over once play starts")
    slots = (*s.seats, BOSS) if s.mode == "boss" else s.seats
    active = _str(raw.get("active", s.seats[0]), "turn.active", slots)
    number = _int(raw.get("number", _first_turn(s, active)), "turn.number", 1)
    result = raw.get("result")
    if (phase == OVER) != (result is not None):
        raise BadPosition("roundtable.position.turn", "turn: a game over says its result, and only then")
    players = {seat: Player(mulliganed=True) for seat in s.seats}
    s = evolved(s, phase=phase, players=players, active=active,
                result=None if result is None else _str(result, "turn.result"))
    s = _scheduled(s, number)
    if "activating" in raw and raw["activating"] is not None:
        s = evolved(s, activating=_str(raw["activating"], "turn.activating"))
    if raw.get("guest") is not None:
        guest = _obj(raw["guest"], "turn.guest", ("seat", "unit"))
        s = evolved(s, guest=(_str(guest.get("seat"), "turn.guest.seat", s.seats),
                               _str(guest.get("unit"), "turn.guest.unit")))
    return s


def _first_turn(s: Table, active: str) -> int:
    if s.mode != "boss":
        return s.seats.index(active) + 1
    return s.schedule.slots.index(active) + 1


def _scheduled(s: Table, number: int) -> Table:
    """Boss Mode's schedule stands at the slot of turn `number` (turn 1: the first slot)."""
    if s.schedule is None:
        return evolved(s, turn=number)
    n = len(s.schedule.slots)
    step = max(number - 1, 0)
    return evolved(s, turn=number, schedule=Schedule(s.schedule.slots, index=step % n, round=step // n + 1))


def _players(s: Table, section: dict[str, Any]) -> Table:
    players = dict(s.players)
    for seat, raw in section.items():
        if seat not in s.seats:
            raise BadPosition(FIELD, f"players: no seat {str(seat)[:20]!r} (seats: {', '.join(s.seats)})")
        where = f"players.{seat}"
        raw = _obj(raw, where, PLAYER_FIELDS)
        p = players[seat]
        hand = _cards(raw.get("hand", []), f"{where}.hand", s.cards, "unit card")
        if len(hand) > HAND_SIZE:
            raise BadPosition("roundtable.position.hand", f"{where}.hand: a hand holds {HAND_SIZE} unit cards at most")
        this_turn = _obj(raw.get("this_turn", {}), f"{where}.this_turn", THIS_TURN)
        p = evolved(p, hand=hand,
                    shop_hand=_cards(raw.get("shop_hand", []), f"{where}.shop_hand", s.shop_cards, "shop card"),
                    coins=_int(raw.get("coins", 0), f"{where}.coins"),
                    dv=_int(raw.get("dv", 0), f"{where}.dv"),
                    vp_cards=_vp(raw.get("vp_cards", []), f"{where}.vp_cards"),
                    vp_tokens=_int(raw.get("vp_tokens", 0), f"{where}.vp_tokens"),
                    deployed=_bool(this_turn.get("deployed", False), f"{where}.this_turn.deployed"),
                    hasted=_bool(this_turn.get("hasted", False), f"{where}.this_turn.hasted"),
                    captured=_bool(this_turn.get("captured", False), f"{where}.this_turn.captured"),
                    discards=_int(this_turn.get("discards", 0), f"{where}.this_turn.discards"),
                    losses=_int(this_turn.get("losses", 0), f"{where}.this_turn.losses"))
        if raw.get("dv_tile") is not None:
            tile = _obj(raw["dv_tile"], f"{where}.dv_tile", ("square", "side"))
            p = evolved(p, dv_tile=_square(tile.get("square"), f"{where}.dv_tile.square"),
                        dv_side=_str(tile.get("side", "plains"), f"{where}.dv_tile.side", SIDES))
        players[seat] = p
    s = evolved(s, players=players)
    if s.mode == "boss":
        for seat, p in players.items():
            if p.shop_hand or p.coins or p.vp_cards or p.vp_tokens:
                raise BadPosition("roundtable.boss.no-shop", f"players.{seat}: Boss Mode has no shop cards, "
                                                             "Anna Coins or VP")
            if p.dv_tile:
                raise BadPosition("roundtable.boss.dv-uses", f"players.{seat}.dv_tile: no DV Map Tile in Boss Mode")
    return s


def _vp(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise BadPosition(FIELD, f"{where}: expected a list of VP card values")
    return tuple(value)


def _units(s: Table, section: dict[str, Any]) -> Table:
    units: dict[str, Unit] = {}
    bonus: dict[str, tuple] = {}
    buffs: list[Buff] = []
    for card, raw in section.items():
        where = f"units.{str(card)[:30]}"
        if card not in s.cards:
            raise BadPosition("roundtable.position.card", f"{where}: no unit card {str(card)[:40]!r}")
        raw = _obj(raw, where, UNIT_FIELDS)
        owner = _str(raw.get("owner"), f"{where}.owner", s.seats)
        printed = _printed(s, card)
        most = s.cards[card]["hp"]
        hp = _int(raw.get("hp", most), f"{where}.hp", 0, most)
        if hp == 0:
            raise BadPosition("roundtable.death.discard", f"{where}.hp: a unit at 0 HP is defeated and off the map")
        slot = raw.get("slot")
        slot = _default_slot(s, units, owner, card) if slot is None else _str(slot, f"{where}.slot")
        attachment = raw.get("attachment")
        if attachment is not None:
            attachment = _cards([attachment], f"{where}.attachment", s.shop_cards, "shop card")[0]
        units[card] = Unit(card=card, owner=owner, slot=slot, square=_square(raw.get("square"), f"{where}.square"),
                           damage=most - hp, exhausted=_bool(raw.get("exhausted", False), f"{where}.exhausted"),
                           shapestone=_bool(raw.get("shapestone", printed["shapestone"]), f"{where}.shapestone"),
                           special=_bool(raw.get("special", printed["special"]), f"{where}.special"),
                           haste=_bool(raw.get("haste", False), f"{where}.haste"), attachment=attachment)
        if raw.get("combat_bonus"):
            bonus[card] = tuple((_str(stat, f"{where}.combat_bonus"), _int(n, f"{where}.combat_bonus", -99, 99),
                                 _str(source, f"{where}.combat_bonus"))
                                for stat, n, source in _rows(raw["combat_bonus"], f"{where}.combat_bonus", 3))
        for stat, n, source, seat in _rows(raw.get("until_next_turn", []), f"{where}.until_next_turn", 4):
            buffs.append(Buff(unit=card, stat=_str(stat, f"{where}.until_next_turn", content.STATS),
                              n=_int(n, f"{where}.until_next_turn", -99, 99),
                              source=_str(source, f"{where}.until_next_turn"),
                              seat=_str(seat, f"{where}.until_next_turn", s.seats)))
    return evolved(s, units=units, bonus=bonus, buffs=tuple(buffs))


def _rows(value: Any, where: str, size: int) -> list[list[Any]]:
    if not isinstance(value, list) or not all(isinstance(r, list) and len(r) == size for r in value):
        raise BadPosition(FIELD, f"{where}: expected a list of [{size} values] rows")
    return value


def _default_slot(s: Table, placed: dict[str, Unit], owner: str, card: str) -> str:
    """The first slot the card may take that the owner's units written before leave free."""
    taken = {u.slot for u in placed.values() if u.owner == owner}
    free = [slot for slot in slots_for(s, card) if slot not in taken]
    return free[0] if free else slots_for(s, card)[0]


def _unit_cards(s: Table, data: dict[str, Any]) -> Table:
    """The unit deck (top first) and discard pile (oldest first); the deck defaults to every
    unit card named nowhere else, in card-id order."""
    discards = _cards(data.get("discards", []), "discards", s.cards, "unit card")
    named = [c for p in s.players.values() for c in p.hand] + list(s.units) + list(discards)
    if "deck" in data:
        deck = _cards(data["deck"], "deck", s.cards, "unit card")
    else:
        deck = tuple(c for c in sorted(s.cards) if c not in named)
    _once([*named, *deck], "unit card")
    return evolved(s, deck=_deck(s.deck, deck, discards))


def _deck(deck: Deck, cards: tuple[str, ...], discards: tuple[str, ...]) -> Deck:
    """A deck with these cards (top first) and discards (written oldest first)."""
    return Deck(cards, discards=tuple(reversed(discards)), name=deck.name)


def _once(cards: list[str], what: str) -> None:
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise BadPosition("roundtable.position.card-twice", f"the {what} {card} is in two places")
        seen.add(card)


def _vp_deck(s: Table, data: dict[str, Any]) -> Table:
    """The VP deck, smallest on top; it defaults to the game's VP cards the players do not
    hold.  Deck and holdings together are exactly the game's VP cards."""
    held = sorted(v for p in s.players.values() for v in p.vp_cards)
    game_cards = list(s.vp_deck)
    if "vp_deck" in data:
        deck = _vp(data["vp_deck"], "vp_deck")
    else:
        rest = list(game_cards)
        for v in held:
            if v in rest:
                rest.remove(v)
        deck = tuple(rest)
    if sorted([*held, *deck]) != sorted(game_cards):
        raise BadPosition("roundtable.position.vp-cards", f"vp_deck and the players' VP cards: the game has "
                                                          f"exactly {sorted(game_cards)}")
    if list(deck) != sorted(deck):
        raise BadPosition("roundtable.setup.vp-deck", "vp_deck: the VP deck lies smallest card on top")
    return evolved(s, vp_deck=tuple(deck))


def _shop(s: Table, raw: dict[str, Any]) -> Table:
    """Anna's Shop: three face-down slots, the shop deck (top first, hidden) and its discards.
    By default the deck holds every shop card named nowhere else, in card-id order, and
    the slots are dealt from its top."""
    cheer = content.cheer()["id"]
    discards = _cards(raw.get("discards", []), "shop.discards", s.shop_cards, "shop card")
    named = [c for p in s.players.values() for c in p.shop_hand] + list(discards) + [
        u.attachment for u in s.units.values() if u.attachment]
    row = raw.get("row")
    if row is not None:
        if not isinstance(row, list) or len(row) != 3:
            raise BadPosition(FIELD, "shop.row: three slots, each a shop card or null")
        row = tuple(None if c is None else _cards([c], "shop.row", s.shop_cards, "shop card")[0] for c in row)
        named += [c for c in row if c is not None]
    if "deck" in raw:
        deck = _cards(raw["deck"], "shop.deck", s.shop_cards, "shop card")
    else:
        deck = tuple(c for c in sorted(s.shop_cards) if c not in named and c != cheer)
    if row is None:
        row = tuple(deck[:3]) + (None,) * (3 - len(deck[:3]))
        deck = deck[3:]
    if cheer in deck or cheer in row:
        raise BadPosition("roundtable.setup.cheer", "shop: Anna's Cheer is never in Anna's Shop")
    held = [c for p in s.players.values() for c in p.shop_hand]
    attached = [u.attachment for u in s.units.values() if u.attachment]
    _once([*held, *attached, *discards, *(c for c in row if c), *deck], "shop card")
    return evolved(s, shop=row, shop_deck=_deck(s.shop_deck, deck, discards))


def _boss(s: Table, raw: dict[str, Any]) -> Table:
    """The boss: its tile, bars, lives, deck and the turn it is taking (defaults: as set up,
    in the middle, the deck in card-id order)."""
    board, cards = s.boss, s.boss["cards"]
    square = _square(raw.get("square", boss_turns.CENTRE), "boss.square")
    if square[0] == "F" or square[1:] == "6":
        raise BadPosition("roundtable.boss.tile", f"boss.square: the 2x2 tile cannot lie with its NW corner on {square}")
    hp = _obj(raw.get("hp", {}), "boss.hp", tuple(board["hp"]))
    damage = {c: most - _int(hp.get(c, most), f"boss.hp.{c}", 0, most) for c, most in board["hp"].items()}
    discards = _cards(raw.get("discards", []), "boss.discards", cards, "boss card")
    if "card" in raw:
        card = "" if raw["card"] is None else _cards([raw["card"]], "boss.card", cards, "boss card")[0]
    else:
        card = next((c for c in sorted(cards) if c not in discards), "")
    if "deck" in raw:
        deck = _cards(raw["deck"], "boss.deck", cards, "boss card")
    else:
        deck = tuple(c for c in sorted(cards) if c not in discards and c != card)
    _once([*deck, *discards, *([card] if card else [])], "boss card")
    playing = s.active == BOSS and s.phase == PLAY
    step = _str(raw.get("step", "start" if playing else ""), "boss.step", BOSS_STEPS)
    target = raw.get("target")
    if target is not None:
        target = _obj(target, "boss.target", ("unit", "colour", "range"))
        target = (_str(target.get("unit"), "boss.target.unit"), _str(target.get("colour"), "boss.target.colour",
                                                                   tuple(board["hp"])),
                  _int(target.get("range"), "boss.target.range", 1, 2))
    return evolved(s, boss_square=square, rotation=_int(raw.get("rotation", 0), "boss.rotation"),
                   boss_damage=damage, lives=_int(raw.get("lives", s.lives), "boss.lives", 0, 99),
                   boss_card=card, boss_deck=_deck(s.boss_deck, deck, discards),
                   boss_turns=_int(raw.get("turns", _boss_turns_before(s)), "boss.turns"),
                   plan_delay=_int(raw.get("plan_delay", 0), "boss.plan_delay"), boss_step=step,
                   boss_queue=_cards(raw.get("queue", []), "boss.queue", s.cards, "unit card"),
                   boss_target=target, asker=_str(raw.get("asker", _last_asker(s)), "boss.asker", ("", *s.seats)),
                   summons=_summons(s, _obj(raw.get("summons", {}), "boss.summons")),
                   boss_news=_news(raw.get("news", [])))


MAX_NEWS, MAX_NEWS_LINE = 200, 400  # a boss turn tells a few dozen facts, each in a line


def _news(value: Any) -> tuple[str, ...]:
    """What the latest boss turn did, as the players read it (one line a fact): text only,
    kept as given."""
    news = _strs(value, "boss.news")
    if len(news) > MAX_NEWS or any(len(line) > MAX_NEWS_LINE for line in news):
        raise BadPosition(FIELD, f"boss.news: at most {MAX_NEWS} lines of at most {MAX_NEWS_LINE} characters")
    return news


def _boss_turns_before(s: Table) -> int:
    """The boss turns completed before turn `s.turn` (its own, if under way, not yet)."""
    return sum(1 for n in range(1, s.turn) if slot_of(s, n) == BOSS)


def _last_asker(s: Table) -> str:
    """Who answers the questions of the latest boss turn: the player whose turn came before."""
    for n in range(s.turn, 1, -1):
        if slot_of(s, n) == BOSS:
            return slot_of(s, n - 1)
    return ""


def _summons(s: Table, section: dict[str, Any]) -> dict[str, Summon]:
    """Minions and tokens by id (`risen-1`: the piece's type and number)."""
    kinds = summon_kinds(s)
    found = {}
    for summon_id, raw in section.items():
        where = f"boss.summons.{str(summon_id)[:30]}"
        what, _, number = str(summon_id).rpartition("-")
        if what not in kinds or not number.isdigit():
            raise BadPosition("roundtable.position.card", f"{where}: no piece of the boss named so "
                                                          f"(type-number, types: {', '.join(sorted(kinds))})")
        if not 1 <= int(number) <= kinds[what]["supply"]:
            raise BadPosition("roundtable.boss.summon-supply", f"{where}: the boss has {kinds[what]['supply']} "
                                                               f"{kinds[what]['name']} pieces")
        raw = _obj(raw, where, ("square", "hp") if kinds[what]["kind"] == "minion" else ("square",))
        m = Summon(id=summon_id, type=what, kind=kinds[what]["kind"], square=_square(raw.get("square"), f"{where}.square"))
        if m.kind == "minion":
            most = kinds[what]["hp"]
            hp = _int(raw.get("hp", most), f"{where}.hp", 1, most)
            m = Summon(id=m.id, type=what, kind=m.kind, square=m.square, damage=most - hp)
        found[summon_id] = m
    return found


def _attack(s: Table, raw: Any) -> Table:
    """An attack waiting for the defender's reactions: who attacks (a unit, or in a boss
    turn `boss:<colour>`), the defender, and the seat asked (the defender's player)."""
    if raw is None:
        return s
    raw = _obj(raw, "attack", ATTACK_FIELDS)
    attacker, defender = _str(raw.get("attacker"), "attack.attacker"), _str(raw.get("defender"), "attack.defender")
    if defender not in s.units:
        raise BadPosition("roundtable.position.pending", f"attack.defender: {defender[:30]} is not on the map")
    asked = _str(raw.get("asked", s.units[defender].owner), "attack.asked", s.seats)
    if asked != s.units[defender].owner:
        raise BadPosition("roundtable.reaction.window", "attack.asked: the defender's player is asked")
    if s.mode == "boss":
        target = s.boss_target
        if target is None or attacker != f"boss:{target[1]}" or target[0] != defender:
            raise BadPosition("roundtable.position.pending", "attack: in Boss Mode only the boss attacks a unit; "
                                                             "boss.target names the unit, corner and range")
    elif attacker not in s.units or s.units[attacker].owner == asked or s.units[attacker].owner != s.active:
        raise BadPosition("roundtable.position.pending", "attack.attacker: a unit of the player whose turn it is")
    return evolved(s, pending=(attacker, defender, asked))
