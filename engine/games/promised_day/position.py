"""The position format of The Promised Day (docs/positions/promised_day.md).

`position(state)` writes a state as plain JSON data: the characters (where,
life, hand, deck order, discards, Companion cards left), the soldiers on
each space, the damage track and the Stock, the tiles and the cards in
each Transmutation Circle space, the bosses, the soldier cards, the
Homunculus cards above their rounds, the bonus cards, the round, the phase,
whose turn it is and the question waiting for an answer.  The board, the
cards' faces and the characters' summaries are content, not position.

`from_position(data)` reads one back.  A test writes only the sections it
cares about; every other one takes the default the doc states.  An
impossible position (a card in two places, more tokens on a space than it
has spots, a turn that would already be over) is refused with
`BadPosition(rule, reason)` naming a rule of the game's table.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadOptions
from engine.core.events import evolved
from engine.core.position import BadPosition
from engine.kit.deck import Deck, Hand

from . import content
from . import events as ev
from .end import ended_by
from .homunculus import STEPS
from .setup import ACTIONS, options, seat_of_character
from .state import (
    BONUS_DECK,
    HOMUNCULUS,
    HOMUNCULUS_CARDS,
    OVER,
    PLAYERS,
    SOLDIER_DECK,
    START,
    Boss,
    Game,
    evolve,
)

SHAPE = "promised_day.position.section"
PHASES = (START, HOMUNCULUS, PLAYERS, OVER)
QUESTION_OF = {"discard-one": "discard", "discard-two": "discard", "wound-two": "wound"}


# ---- writing ------------------------------------------------------------------------------
def position(state: Game) -> dict[str, Any]:
    """The position of `state` (its own sections; the core adds the envelope)."""
    s = state
    out: dict[str, Any] = {
        "options": {"players": s.players, "characters": list(s.characters),
                    "difficulty": s.difficulty, "empty_stock": s.empty_stock},
        "phase": s.phase, "round": s.round}
    if s.phase != START:
        out["start_player"] = s.start
    if s.phase in (PLAYERS, OVER):
        out["turn"] = {"character": s.current or None, "moved": s.moved,
                       "actions_left": s.actions_left}
    if s.phase in (HOMUNCULUS, OVER):
        out["homunculus_step"] = s.step
    if s.pending is not None:
        out["question"] = {"kind": s.pending[0], "left": s.pending[1]}
    if s.result is not None:
        out["result"] = s.result
    out["characters"] = {c: {"space": s.position.get(c), "life": s.life[c],
                             "hand": list(s.hands[c].cards), "deck": list(s.decks[c].cards),
                             "discards": list(reversed(s.decks[c].discards)),
                             "companions": list(s.companions[c])} for c in s.characters}
    out.update({
        "soldiers": dict(sorted(s.soldiers.items())), "damage_track": s.damage_track,
        "stock": s.stock,
        "bosses": {b: {"space": boss.space, "life": boss.life} for b, boss in sorted(s.bosses.items())},
        "defeated": list(s.defeated),
        "tiles": {str(a): {"tile": tile, "face_up": up} for a, (tile, _, up) in sorted(s.tiles.items())},
        "circles": {str(a): list(cards) for a, cards in sorted(s.circles.items())},
        "soldier_cards": {"deck": [c for c, _ in s.soldier_cards.cards],
                          "flipped": [c for c, _ in reversed(s.soldier_cards.discards)]},
        "homunculus": {"face_down": {str(c[0]): c[1] for c in s.homunculus.cards},
                       "revealed": {str(c[0]): c[1] for c in sorted(s.homunculus.discards)}},
        "bonus": {"deck": list(s.bonus.cards), "offer": list(s.bonus_offer),
                  "discards": list(reversed(s.bonus.discards))},
    })
    return out


# ---- reading: typed values ----------------------------------------------------------------
def _obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadPosition(SHAPE, f"{where}: expected an object")
    return value


def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadPosition(SHAPE, f"{where}: expected a whole number from {low} to {high}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise BadPosition(SHAPE, f"{where}: expected true or false")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise BadPosition(SHAPE, f"{where}: expected a string")
    return value


def _strs(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadPosition(SHAPE, f"{where}: expected a list of strings")
    return tuple(value)


def _known(value: str, known, rule: str, what: str) -> str:
    if value not in known:
        raise BadPosition(rule, f"{what} {value!r} is not in this game")
    return value


def _once(places: dict[str, list[str]], rule: str) -> None:
    """Each card in one place only."""
    seen: dict[str, str] = {}
    for where, cards in places.items():
        for card in cards:
            if card in seen:
                raise BadPosition(rule, f"{card} is both in {seen[card]} and in {where}")
            seen[card] = where


# ---- reading: the sections ----------------------------------------------------------------
SECTIONS = {"options", "phase", "round", "start_player", "turn", "homunculus_step", "question",
            "result", "characters", "soldiers", "damage_track", "stock", "bosses", "defeated",
            "tiles", "circles", "soldier_cards", "homunculus", "bonus"}


def _fields(obj: dict[str, Any], allowed: set[str], where: str) -> dict[str, Any]:
    """An object whose keys are all known (a misspelt field is refused, not ignored)."""
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise BadPosition(SHAPE, f"{where}: unknown field {unknown[0]!r} "
                                 f"(known: {', '.join(sorted(allowed))})")
    return obj


def from_position(data: dict[str, Any]) -> Game:
    """The state a position describes (BadPosition if it is impossible)."""
    data = _fields(_obj(data, "position"), SECTIONS, "position")
    c = content.load()
    state = _phase(_configured(_options(data.get("options")), c), data)
    circles = _circles(state, data.get("circles", {}))
    characters = _obj(data.get("characters", {}), "characters")
    for key in characters:
        _known(key, state.characters, "promised_day.position.character", "character")
    bonus, offer, companions = _bonus(state, _obj(data.get("bonus", {}), "bonus"), characters,
                                      circles, c)
    state = evolved(state, circles=circles, bonus=bonus, bonus_offer=offer, companions=companions)
    state = _characters(state, characters, c)
    state = _tokens(state, data, c)
    state = evolved(state, tiles=_tiles(state, data.get("tiles", {}), c),
                    soldier_cards=_soldier_cards(data.get("soldier_cards", {}), c))
    state = _homunculus(state, data.get("homunculus"), c)
    state = _turn(state, data)
    _check_whole(state)
    return state


def _options(raw: Any) -> dict[str, Any]:
    """The setup options as `options` checks them (defaults for what is left out)."""
    raw = _obj({} if raw is None else raw, "options")
    text: dict[str, str] = {}
    if "characters" in raw:
        text["characters"] = ",".join(_strs(raw["characters"], "options.characters"))
    for key in ("difficulty", "empty_stock"):
        if key in raw:
            text[key] = _str(raw[key], f"options.{key}")
    unknown = sorted(set(raw) - {"players", "characters", "difficulty", "empty_stock"})
    try:
        if unknown:
            raise BadOptions(f"unknown option {unknown[0]!r}")
        return options(_int(raw.get("players", 2), "options.players", 1, 4), text)
    except BadOptions as e:
        raise BadPosition("promised_day.position.options", f"options: {e}") from None


def _configured(opts: dict[str, Any], c: content.Content) -> Game:
    """The numbers, the board and the characters' summaries: what set-up records first,
    folded from the same facts."""
    state = evolve(Game(), ev.GameConfigured(
        rule="promised_day.setup.numbers", players=opts["players"], actions=ACTIONS[opts["players"]],
        rounds=c.rounds, plus_two_from=c.plus_two_from, damage_track=c.damage_track,
        stock=c.soldier_tokens, difficulty=opts["difficulty"], empty_stock=opts["empty_stock"]))
    state = evolve(state, ev.BoardLaid(rule="promised_day.setup.board", areas=c.areas,
                                       lines=c.lines, positions=c.positions))
    for i, cid in enumerate(opts["characters"]):
        ch = c.characters[cid]
        state = evolve(state, ev.CharacterChosen(
            rule="promised_day.setup.character", character=cid, seat=seat_of_character(opts, i),
            name=ch.name, move=ch.move, life=ch.life, special=ch.special, effect=ch.effect))
    state = evolve(state, ev.BossesListed(rule="promised_day.setup.bosses", bosses=tuple(
        (b.id, b.name, b.space, b.life, b.ability) for b in c.bosses.values())))
    cards = {card.id: card.to_data()[1:] for cid in state.characters
             for card in c.characters[cid].cards}
    return evolved(state, cards=cards, bonus_names={b[0]: (b[1], b[2]) for b in c.bonus})


def _phase(state: Game, data: dict[str, Any]) -> Game:
    """The phase, the round and the Homunculus step under way."""
    rule = "promised_day.position.phase"
    phase = _str(data.get("phase", PLAYERS), "phase")
    if phase not in PHASES:
        raise BadPosition(rule, f"phase {phase!r}: one of {', '.join(PHASES)}")
    rnd = _int(data.get("round", {START: 0, HOMUNCULUS: 2}.get(phase, 1)), "round", 0,
               state.round_limit)
    if (phase == START) != (rnd == 0):
        raise BadPosition(rule, f"round {rnd} in the phase {phase!r}: round 0 is the set-up, "
                                "and the set-up is round 0")
    if phase == HOMUNCULUS and rnd < 2:
        raise BadPosition("promised_day.round.first", "round 1 has no Homunculus turn")
    step = _str(data.get("homunculus_step", ""), "homunculus_step")
    steps = {HOMUNCULUS: ("", *STEPS[:-1]), OVER: ("", *STEPS)}.get(phase, ("",))
    if step not in steps:
        raise BadPosition(rule, f"homunculus_step {step!r} in the phase {phase!r}: one of "
                                f"{', '.join(repr(s) for s in steps)} (the last step hands over "
                                "to the players at once)")
    return evolved(state, phase=phase, round=rnd, step=step)


def _area(state: Game, key: str, where: str) -> int:
    if not (key.isdigit() and int(key) in state.areas):
        raise BadPosition("promised_day.position.space", f"{where}: there is no Area {key!r}")
    return int(key)


def _circles(state: Game, raw: Any) -> dict[int, tuple[str, ...]]:
    """The cards in each Area's Transmutation Circle space: the characters' cards, and
    Black Hayate (a bonus card that joins a circle as any colour)."""
    circles = {area: () for area in state.areas}
    for key, cards in _obj(raw, "circles").items():
        area = _area(state, key, "circles")
        circles[area] = _strs(cards, f"circles.{key}")
        for card in circles[area]:
            effect = state.bonus_names.get(card, ("", ""))[1]
            if card not in state.cards and effect != "wild-card":
                raise BadPosition("promised_day.position.card",
                                  f"{card} cannot lie in a circle: it is neither a card of this "
                                  "game's characters nor Black Hayate")
    return circles


def _bonus(state: Game, raw: dict[str, Any], characters: dict[str, Any],
           circles: dict[int, tuple[str, ...]], c: content.Content
           ) -> tuple[Deck, tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The bonus deck (top first), the face-up offer, the discards, and the Companion
    cards still beside each summary.  Unnamed cards: the offer takes the first three
    left, the deck the rest under the cards it names."""
    _fields(raw, {"deck", "offer", "discards"}, "bonus")
    owner = {b[0]: b[3] for b in c.bonus}
    top = _strs(raw.get("deck", []), "bonus.deck")
    discards = _strs(raw.get("discards", []), "bonus.discards")
    offer = _strs(raw["offer"], "bonus.offer") if "offer" in raw else None
    in_circles = tuple(card for cards in circles.values() for card in cards if card in owner)
    companions = {}
    for cid in state.characters:
        entry = _obj(characters.get(cid, {}), f"characters.{cid}")
        if "companions" in entry:
            companions[cid] = _strs(entry["companions"], f"characters.{cid}.companions")
        else:
            companions[cid] = tuple(b for b, o in owner.items() if o == cid
                                    and b not in discards and b not in in_circles)
        for card in companions[cid]:
            if owner.get(card) != cid:
                raise BadPosition("promised_day.companion.card",
                                  f"{card} is not one of {cid}'s own Companion cards")
    for card in top + discards + (offer or ()):
        _known(card, owner, "promised_day.position.card", "bonus card")
    for card in top + (offer or ()):
        if owner[card] in state.characters:
            raise BadPosition("promised_day.setup.companion",
                              f"{card} stays beside {owner[card]}'s summary: it is never in the "
                              "bonus deck nor on the Round Board")
    places = {"the bonus deck": list(top), "the Round Board": list(offer or ()),
              "the bonus discards": list(discards), "a circle": list(in_circles)}
    places.update({f"beside {cid}'s summary": list(cards) for cid, cards in companions.items()})
    _once(places, "promised_day.position.card")
    placed = {card for cards in places.values() for card in cards}
    rest = [b for b, o in owner.items() if b not in placed and o not in state.characters]
    if offer is None:
        offer, rest = tuple(rest[:3]), rest[3:]
    missing = [b for b, o in owner.items() if b not in placed and o in state.characters]
    if missing:
        raise BadPosition("promised_day.position.card",
                          f"{missing[0]} is nowhere: beside {owner[missing[0]]}'s summary, in the "
                          "bonus discards or in a circle")
    deck = top + tuple(rest)
    if len(offer) > 3:
        raise BadPosition("promised_day.setup.bonus", f"{len(offer)} bonus cards face up: three at most")
    if len(offer) < 3 and deck:
        raise BadPosition("promised_day.bonus.reveal-new",
                          f"{len(offer)} bonus cards face up while the deck holds {len(deck)}")
    return Deck(deck, tuple(reversed(discards)), name=BONUS_DECK), offer, companions


def _characters(state: Game, raw: dict[str, Any], c: content.Content) -> Game:
    """Each character's space, life, hand, deck (top first; its cards named nowhere
    follow in content order) and discards (oldest first)."""
    in_circle = {card for cards in state.circles.values() for card in cards}
    home = state.areas[min(state.areas)][0]  # unnamed: the innermost space of Area 1
    hands, decks, life, where = {}, {}, {}, {}
    for cid in state.characters:
        at = f"characters.{cid}"
        entry = _fields(_obj(raw.get(cid, {}), at),
                        {"space", "life", "hand", "deck", "discards", "companions"}, at)
        top = state.summary[cid][2]
        life[cid] = _int(entry.get("life", top), f"{at}.life", 0, 99)
        if life[cid] > top:
            raise BadPosition("promised_day.position.life",
                              f"{cid} has {life[cid]} life: its track tops at {top}")
        space = entry.get("space", None if state.phase == START else home)
        if space is not None:
            where[cid] = _known(_str(space, f"{at}.space"), state.spots,
                                "promised_day.position.space", "space")
        own = [card.id for card in c.characters[cid].cards]
        hand, deck, discards = (_strs(entry.get(k, []), f"{at}.{k}") for k in ("hand", "deck", "discards"))
        for card in hand + deck + discards:
            if card not in own:
                raise BadPosition("promised_day.position.card", f"{card} is not one of {cid}'s cards")
        _once({f"{cid}'s hand": list(hand), f"{cid}'s deck": list(deck),
               f"{cid}'s discards": list(discards),
               "a circle": [card for card in own if card in in_circle]}, "promised_day.position.card")
        named = set(hand + deck + discards) | in_circle
        hands[cid] = Hand(hand)
        decks[cid] = Deck(deck + tuple(card for card in own if card not in named),
                          tuple(reversed(discards)), name=f"deck of {cid}")
    return evolved(state, hands=hands, decks=decks, life=life, position=where)


def _tokens(state: Game, data: dict[str, Any], c: content.Content) -> Game:
    """Soldiers on the spaces, the damage track, the Stock, and the bosses."""
    soldiers = {}
    for space, n in _obj(data.get("soldiers", {}), "soldiers").items():
        _known(space, state.spots, "promised_day.position.space", "space")
        if _int(n, f"soldiers.{space}", 0, c.soldier_tokens):
            soldiers[space] = n
    track = _int(data.get("damage_track", 0), "damage_track", 0, state.track_size)
    stock = data.get("stock", c.soldier_tokens - sum(soldiers.values()) - track)
    # Fewer tokens in all than the game has is allowed: a position may test the Stock's rules
    # without filling the board (stand-in Central City has fewer spots than tokens).
    if type(stock) is not int or stock < 0 or sum(soldiers.values()) + track + stock > c.soldier_tokens:
        raise BadPosition("promised_day.position.tokens",
                          f"{sum(soldiers.values())} soldiers on the board, {track} on the damage "
                          f"track and {stock} in the Stock: the game has {c.soldier_tokens} tokens")
    bosses = {}
    for b, entry in _obj(data.get("bosses", {}), "bosses").items():
        _known(b, state.boss_info, "promised_day.position.boss", "boss")
        entry = _fields(_obj(entry, f"bosses.{b}"), {"space", "life"}, f"bosses.{b}")
        name, home, top, ability = state.boss_info[b]
        space = _known(_str(entry.get("space", home), f"bosses.{b}.space"), state.spots,
                       "promised_day.position.space", "space")
        life = _int(entry.get("life", top), f"bosses.{b}.life", 0, 99)
        if not 1 <= life <= top:
            raise BadPosition("promised_day.position.boss",
                              f"{b} has {life} life: a boss on the board has 1 to {top}")
        bosses[b] = Boss(name, space, life, ability)
    defeated = _strs(data.get("defeated", []), "defeated")
    for b in defeated:
        _known(b, state.boss_info, "promised_day.position.boss", "boss")
        if b in bosses or defeated.count(b) > 1:
            raise BadPosition("promised_day.position.boss", f"{b} is defeated only once, and "
                                                            "then off the board")
    state = evolved(state, soldiers=soldiers, damage_track=track, stock=stock, bosses=bosses,
                    defeated=defeated)
    for space in state.spots:
        if state.free_spots(space) < 0:
            raise BadPosition("promised_day.position.spots",
                              f"{space} has {state.spots[space]} spots, not room for "
                              f"{state.soldiers_in(space)} soldiers and "
                              f"{len(state.bosses_in(space))} bosses")
    return state


def _tiles(state: Game, raw: Any, c: content.Content) -> dict[int, tuple[str, str, bool]]:
    """Which tile lies beside each Area (unnamed: the content's order) and its face."""
    kinds = dict(c.tiles)
    layout = {area: (tile, True) for area, (tile, _) in zip(sorted(state.areas), c.tiles, strict=True)}
    for key, entry in _obj(raw, "tiles").items():
        area = _area(state, key, "tiles")
        entry = _fields(_obj(entry, f"tiles.{key}"), {"tile", "face_up"}, f"tiles.{key}")
        tile = _known(_str(entry.get("tile", layout[area][0]), f"tiles.{key}.tile"), kinds,
                      "promised_day.position.tile", "tile")
        layout[area] = (tile, _bool(entry.get("face_up", layout[area][1]), f"tiles.{key}.face_up"))
    if sorted(tile for tile, _ in layout.values()) != sorted(kinds):
        raise BadPosition("promised_day.position.tile",
                          "each of the five Transmutation Circle tiles lies beside one Area")
    return {area: (tile, kinds[tile], up) for area, (tile, up) in sorted(layout.items())}


def _soldier_cards(raw: Any, c: content.Content) -> Deck:
    """The soldier deck (top first; cards named nowhere follow in content order) and
    the flipped cards (oldest first)."""
    raw = _fields(_obj(raw, "soldier_cards"), {"deck", "flipped"}, "soldier_cards")
    places = dict(c.soldier_cards)
    top = _strs(raw.get("deck", []), "soldier_cards.deck")
    flipped = _strs(raw.get("flipped", []), "soldier_cards.flipped")
    for card in top + flipped:
        _known(card, places, "promised_day.position.card", "soldier card")
    _once({"the soldier deck": list(top), "the flipped soldier cards": list(flipped)},
          "promised_day.position.card")
    deck = top + tuple(card for card, _ in c.soldier_cards if card not in top + flipped)
    return Deck(tuple((card, places[card]) for card in deck),
                tuple((card, places[card]) for card in reversed(flipped)), name=SOLDIER_DECK)


def _revealed_now(state: Game) -> bool:
    """Has the card above the current round been turned face up?"""
    if state.round < 2:
        return False
    if state.phase == HOMUNCULUS:
        return state.step not in ("", "abilities")
    return state.phase != OVER or state.step != "abilities"


def _homunculus(state: Game, raw: Any, c: content.Content) -> Game:
    """The Homunculus cards face down above their rounds and those revealed.  A round
    named in neither takes the first Event card named nowhere (content order): face
    down if its card is still to come, else revealed."""
    rule = "promised_day.position.homunculus"
    faces = {e[0]: ("event", e[1], e[2], e[3]) for e in c.events}
    faces.update({b: ("boss", b, boss.march, boss.soldiers) for b, boss in c.bosses.items()})
    now = _revealed_now(state)
    raw = _fields(_obj({} if raw is None else raw, "homunculus"), {"face_down", "revealed"},
                  "homunculus")
    face_down, revealed = ({_round(state, key, f"homunculus.{part}"):
                            _known(_str(card, f"homunculus.{part}.{key}"), faces, rule, "card")
                            for key, card in _obj(raw.get(part, {}), f"homunculus.{part}").items()}
                           for part in ("face_down", "revealed"))
    _once({"a face-down round": list(face_down.values()), "a revealed round": list(revealed.values())}, rule)
    for r in set(face_down) & set(revealed):
        raise BadPosition(rule, f"round {r} has two Homunculus cards")
    # Six Events for six rounds: a round left unnamed always finds one.
    spare = iter([e[0] for e in c.events if e[0] not in {*face_down.values(), *revealed.values()}])
    for r in range(2, state.round_limit + 1):
        if r not in face_down and r not in revealed:
            to_come = r > state.round or (r == state.round and not now)
            (face_down if to_come else revealed)[r] = next(spare)
    if any(r < state.round or (r == state.round and now) for r in face_down) and state.phase != OVER:
        raise BadPosition(rule, f"a card above round {min(face_down)} is still face down in round "
                                f"{state.round}")
    if any(r > state.round or (r == state.round and not now) for r in revealed) and state.phase != OVER:
        raise BadPosition(rule, f"the card above round {max(revealed)} is revealed before its turn")
    for card in face_down.values():
        if card in state.bosses or card in state.defeated:
            raise BadPosition("promised_day.position.boss", f"{card} stands on the board (or was "
                                                            "defeated) while its card is face down")
    for card in revealed.values():
        if faces[card][0] == "boss" and card not in state.bosses and card not in state.defeated:
            raise BadPosition("promised_day.position.boss",
                              f"{card}'s card is revealed but the boss never arrived")

    def entry(r: int, card: str) -> tuple:
        return (r, card, *faces[card])
    deck = Deck(tuple(entry(r, card) for r, card in sorted(face_down.items())),
                tuple(entry(r, card) for r, card in sorted(revealed.items(), reverse=True)),
                name=HOMUNCULUS_CARDS)
    this_round = entry(state.round, revealed[state.round]) if now and state.round in revealed else None
    return evolved(state, homunculus=deck, revealed=this_round)


def _round(state: Game, key: str, where: str) -> int:
    if not (key.isdigit() and 2 <= int(key) <= state.round_limit):
        raise BadPosition("promised_day.position.homunculus",
                          f"{where}: round {key!r}: the cards lie above rounds 2 to {state.round_limit}")
    return int(key)


def _turn(state: Game, data: dict[str, Any]) -> Game:
    """The Start Player, whose turn it is, and the question waiting for an answer."""
    rule = "promised_day.position.phase"
    phase, chars = state.phase, state.characters
    changes: dict[str, Any] = {"current": "", "moved": phase == HOMUNCULUS, "actions_left": 0}
    if phase == START:
        for key in ("start_player", "turn", "result"):
            if key in data:
                raise BadPosition(rule, f"{key}: nobody has a turn during the set-up")
    else:
        start = _known(_str(data.get("start_player", chars[0]), "start_player"), chars,
                       "promised_day.position.character", "character")
        i = chars.index(start)
        changes.update(start=start, order=chars[i:] + chars[:i])
    if phase == PLAYERS or (phase == OVER and "turn" in data):
        turn = _fields(_obj(data.get("turn", {}), "turn"), {"character", "moved", "actions_left"}, "turn")
        current = turn.get("character", changes["order"][0] if phase == PLAYERS else None)
        if current is not None or phase == PLAYERS:
            current = _known(_str(current, "turn.character"), chars,
                             "promised_day.position.character", "character")
        changes.update(current=current or "", moved=_bool(turn.get("moved", phase == PLAYERS), "turn.moved"),
                       actions_left=_int(turn.get("actions_left", state.actions_per_turn if phase == PLAYERS
                                                  else 0), "turn.actions_left", 0, state.actions_per_turn))
    elif "turn" in data:
        raise BadPosition(rule, f"turn: nobody's turn in the phase {phase!r}")
    result = data.get("result")
    if (phase == OVER) != (result is not None):
        raise BadPosition(rule, "result: the outcome of a game over, and only of one")
    changes["result"] = None if result is None else _str(result, "result")
    question = data.get("question")
    if question is not None:
        q = _fields(_obj(question, "question"), {"kind", "left"}, "question")
        changes["pending"] = (_str(q.get("kind"), "question.kind"), _int(q.get("left", 1), "question.left", 1, 99))
    return evolved(state, **changes)


def _check_whole(state: Game) -> None:
    """What only the whole position can say: the characters on the board, a turn that
    would already be over, a question nobody could have asked, a game that has ended."""
    s = state
    placed = [s.position[c] for c in s.characters if c in s.position]
    if s.phase == START:
        if len(placed) == len(s.characters):
            raise BadPosition("promised_day.position.phase",
                              "every character has its starting space: round 1 would have begun")
        if len(set(placed)) < len(placed):
            raise BadPosition("promised_day.setup.start-space", "two characters start on one space")
    elif len(placed) < len(s.characters):
        lost = next(c for c in s.characters if c not in s.position)
        raise BadPosition("promised_day.position.character", f"{lost} stands on no space")
    if s.phase == PLAYERS and not s.moved and s.actions_left != s.actions_per_turn:
        raise BadPosition("promised_day.turn.basic-movement-first",
                          "actions spent before the basic movement")
    if s.phase == PLAYERS and s.actions_left == 0 and (s.pending or ("",))[0] != "bonus":
        raise BadPosition("promised_day.turn.actions", "no action left: the turn would be over")
    if s.pending is not None:
        _check_question(s)
    ended = ended_by(s)
    if ended is not None and s.phase != OVER:
        raise BadPosition(ended.rule, f"the game would be over: {ended.reason}")


def _check_question(s: Game) -> None:
    kind, left = s.pending
    if kind == "bonus":
        if s.phase != PLAYERS or not s.moved or left != 1 or not s.bonus_offer:
            raise BadPosition("promised_day.bonus.choose",
                              "a bonus is chosen by the character who just completed a circle, "
                              "from a face-up card")
        return
    what = s.revealed[3] if s.revealed and s.revealed[2] == "event" else ""
    if s.phase != HOMUNCULUS or s.step != "reveal" or QUESTION_OF.get(what) != kind:
        raise BadPosition("promised_day.event.no-question",
                          f"no Event card revealed this turn asks for a {kind}")
    most = {"discard-one": 1}.get(what, 2)
    if kind == "discard":
        most = min(most, sum(len(h) for h in s.hands.values()))
    if left > most:
        raise BadPosition("promised_day.event.no-question", f"{left} {kind}s left: at most {most}")
