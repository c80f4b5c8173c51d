"""The position format of the story game (docs/positions/forbidden_alchemy_story.md).

`position(state)` writes a story as plain JSON data: the options, the phase,
the round and whose turn it is, the keeper's #1 story choice and whether the
objective is face up, the Event cards read, the face-down Exploration cards
room by room, every investigator (where, health, sanity, items, Side Effect
cards, tokens, hiding, stunned, in the house or not), every monster (where,
damage, its token's bottom, its corpse), the keeper's threat and hands, the
decks in their order, the rooms on Fire or Dark, the Time Period marker and
the Seeds, the Alchemy pile and Side Effect deck, and the question a
resolution waits on.  The map, the cards' faces, the stories' objectives and
the investigators' printed numbers are content, not position.

`from_position(data)` reads one back: setup laid out with nothing shuffled,
the #1 story choice made (A unless told), then each section the position
writes.  What a test leaves out keeps that default.  An impossible position
is refused with `BadPosition(rule, reason)` naming a rule of the game's table.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadOptions
from engine.core.events import evolved
from engine.core.position import BadPosition
from engine.kit.deck import Deck
from engine.kit.turns import TurnOrder

from . import content
from . import events as ev
from .pieces import (
    ACTIVE,
    CHOOSE,
    ELIMINATED,
    ESCAPED,
    INVESTIGATORS,
    KEEPER,
    KEEPER_SEAT,
    OVER,
    Story,
    with_investigator,
    with_monster,
)
from .position_pending import pending, result
from .position_read import (
    SHAPE,
    boolean,
    choose,
    fields,
    known,
    obj,
    once,
    optional_str,
    puzzle_pieces,
    string,
    strings,
    whole,
)
from .resolve import MOVES
from .setup import options, setup
from .state import evolve

PHASES = (CHOOSE, INVESTIGATORS, KEEPER, OVER)
SECTIONS = {
    "options", "phase", "round", "turn", "choice", "revealed", "events_resolved",
    "exploration", "investigators", "monsters", "keeper", "decks", "trauma_in_play",
    "time", "status_effects", "alchemy", "attempt", "attack", "question", "choosing",
    "placing", "result",
}
TOKENS = ("crawling-hand", "mutation")


# ---- writing ------------------------------------------------------------------------------
def position(s: Story) -> dict[str, Any]:
    """The position of `s` (its own sections; the core adds the envelope)."""
    out: dict[str, Any] = {
        "options": _options_of(s),
        "phase": s.phase,
        "events_resolved": s.events_resolved,
        "revealed": s.revealed,
    }
    if s.phase != CHOOSE:
        out["choice"] = s.choice
        out["round"] = s.turns.round
        out["turn"] = {"seat": s.current, "begun": s.begun, "moves": s.moves, "moved": s.moved,
                       "acted": s.acted, "misted": s.misted}
    out["exploration"] = {room: list(cards) for room, cards in s.exploration.items()}
    out["investigators"] = {seat: _investigator_of(i) for seat, i in s.investigators.items()}
    out["monsters"] = {m.id: _monster_of(s, m) for m in s.monsters.values()}
    out["keeper"] = {"threat": s.threat, "hand": list(s.hand), "mythos_hand": list(s.mythos_hand),
                     "used": sorted(s.used)}
    out["decks"] = {"combat": {name: _deck_of(deck) for name, deck in s.decks.items()},
                    "trauma": _deck_of(s.trauma), "mythos": _deck_of(s.mythos)}
    out["trauma_in_play"] = dict(s.trauma_in_play)
    out["time"] = {"period": s.period,
                   "seeds": {"room": s.seeds[0], "period": s.seeds[1]} if s.seeds else None}
    out["status_effects"] = {"fire": sorted(s.fire), "dark": sorted(s.dark)}
    a = s.alchemy
    out["alchemy"] = {"pile": [p for p, _ in a.pile], "side_effects": {
        "deck": [c[0] for c in a.deck], "discards": list(a.side_discards),
        "in_play": [c[0] for c in a.in_play]}}
    out.update(_pending_of(s))
    return out


def _options_of(s: Story) -> dict[str, Any]:
    seats = sorted(s.investigators)
    return {"players": len(seats), "story": s.story,
            "characters": [s.investigators[x].id for x in seats], "keeper": s.keeper_by,
            "traits": [_trait_id(s.investigators[x].trait) for x in seats]}


def _trait_id(name: str) -> str:
    return next(t for t, face in content.load().traits.items() if face["name"] == name)


def _investigator_of(i) -> dict[str, Any]:
    return {"space": i.space, "status": i.status, "health": i.health, "damage": i.damage,
            "horror": i.horror, "skill_points": i.skill_points, "items": list(i.items),
            "side_effects": list(i.side_effects), "hidden": i.hidden, "stunned": i.stunned,
            "crawling_hands": i.tokens.count("crawling-hand"),
            "mutations": i.tokens.count("mutation"), "peeked": sorted(i.peeked)}


def _monster_of(s: Story, m) -> dict[str, Any]:
    return {"space": m.space, "token": s.tokens[m.id]["id"], "wounds": m.wounds,
            "examined": m.examined, "dead": m.dead, "escaped": m.escaped, "corpse": m.corpse,
            "mutations": m.mutations, "name": m.name, "bonus_health": m.bonus_health,
            "moves": m.moves, "barred_by_locks": m.barred_by_locks}


def _deck_of(deck: Deck) -> dict[str, list]:
    return {"cards": list(deck.cards), "discards": list(reversed(deck.discards))}


def _pending_of(s: Story) -> dict[str, Any]:
    """The question a resolution waits on, if any, and the end of a story over."""
    out: dict[str, Any] = {}
    if s.attempter:
        a = s.alchemy
        out["attempt"] = {"seat": s.attempter, "tile": a.tile,
                          "card": list(s.puzzle_card) if s.puzzle_card else None,
                          "placed": [slot[0] if slot else None for slot in a.placed],
                          "discards": [p for p, _ in a.discards], "actions": a.actions,
                          "luck_added": a.luck_added}
    if s.attack is not None:
        t = s.attack
        out["attack"] = {"seat": t.seat, "monster": t.monster, "weapon": t.weapon,
                         "card": t.card, "type": t.attack.get("type", ""),
                         "results": list(t.results), "attribute": t.attribute, "tester": t.tester}
    if s.question is not None:
        out["question"] = {"seat": s.question.seat, "monster": s.question.monster}
    if s.choosing:
        out["choosing"] = {"seat": s.choosing[0], "card": s.choosing[1],
                           "choices": list(s.choosing[2:])}
    if s.placing:
        out["placing"] = {"monster": s.placing[0], "rooms": list(s.placing[1:])}
    if s.phase == OVER:
        reason = (s.result or "").split(": ", 1)[-1]
        out["result"] = {"winner": s.winner, "reason": reason, "epilogue": s.epilogue}
    return out


# ---- reading ------------------------------------------------------------------------------
def from_position(data: dict[str, Any]) -> Story:
    """The state a position describes (BadPosition if it is impossible)."""
    data = fields(obj(data, "position"), SECTIONS, "position")
    c = content.load()
    s = _set_up(_options(data.get("options")))
    phase = choose(data.get("phase", INVESTIGATORS), PHASES, "phase",
                   "forbidden_alchemy_story.position.phase")
    if phase != CHOOSE:
        s = _chosen(s, data.get("choice", sorted(s.objectives)[0]))
    elif "choice" in data or "turn" in data or "round" in data:
        raise BadPosition("forbidden_alchemy_story.position.phase",
                          "before the #1 story choice there is no choice, round or turn yet")
    s = _story(s, data)
    s = _investigators(s, obj(data.get("investigators", {}), "investigators"), c)
    s = _monsters(s, obj(data.get("monsters", {}), "monsters"), c)
    s = _keeper(s, obj(data.get("keeper", {}), "keeper"))
    s = _decks(s, obj(data.get("decks", {}), "decks"), data, phase == OVER)
    s = _alchemy(s, obj(data.get("alchemy", {}), "alchemy"), c)
    s = _turn(s, phase, data)
    s = pending(s, data, c)
    s = result(s, phase, data.get("result"))
    _check(s)
    return evolved(s, supply={t: content.load().supply[t] - _in_play(s, t) for t in TOKENS})


def _options(raw: Any) -> dict[str, Any]:
    raw = fields(obj({} if raw is None else raw, "options"),
                 {"players", "story", "characters", "keeper", "traits"}, "options")
    text: dict[str, str] = {}
    for key in ("characters", "traits"):
        if key in raw:
            text[key] = ",".join(strings(raw[key], f"options.{key}"))
    for key in ("story", "keeper"):
        if key in raw:
            text[key] = string(raw[key], f"options.{key}")
    players = whole(raw["players"], "options.players", 1, 4) if "players" in raw else None
    if players is None and "characters" in text:
        players = len(text["characters"].split(","))
    try:
        return options(players, text)
    except BadOptions as e:
        raise BadPosition(SHAPE, f"options: {e}") from None


def _set_up(opts: dict[str, Any]) -> Story:
    """What setup lays out when nothing is shuffled: every section's default."""
    s = Story()
    for fact in setup(opts, _InOrder()):
        s = evolve(s, fact)
    return s


class _InOrder:
    """Dice that shuffle nothing (setup's defaults: content order)."""

    def shuffled(self, items):
        return tuple(items)


def _chosen(s: Story, choice: Any) -> Story:
    """The keeper's #1 story choice made, its objective's Exploration cards dealt."""
    choice = choose(choice, tuple(sorted(s.objectives)), "choice",
                    "forbidden_alchemy_story.choice.known")
    objective = s.objectives[choice]
    s = evolve(s, ev.StoryChoiceMade(rule="forbidden_alchemy_story.choice.make", step=0,
                                     choice=choice, objective=objective))
    return evolve(s, ev.ExplorationCardsPlaced(rule="forbidden_alchemy_story.choice.exploration",
                                               rooms=objective["exploration"]))


def _story(s: Story, data: dict[str, Any]) -> Story:
    """The Event cards read, the objective face up or not, the Exploration cards, the
    Time Period marker and the Seeds, the rooms on Fire and in Darkness."""
    events = whole(data.get("events_resolved", 0), "events_resolved", 0, len(s.event_texts))
    revealed = boolean(data.get("revealed", False), "revealed")
    if revealed and s.objective is None:
        raise BadPosition("forbidden_alchemy_story.position.phase",
                          "no objective is face up before the #1 story choice")
    exploration = dict(s.exploration)
    if "exploration" in data:
        exploration = {}
        for room, cards in obj(data["exploration"], "exploration").items():
            known(room, s.rooms, "forbidden_alchemy_story.position.space", "room")
            for card in strings(cards, f"exploration.{room}"):
                known(card, s.items, "forbidden_alchemy_story.position.card", "Exploration card")
            exploration[room] = tuple(cards)
    time = fields(obj(data.get("time", {}), "time"), {"period", "seeds"}, "time")
    period = choose(time.get("period", s.period), tuple(p for p, _ in s.periods), "time.period",
                    "forbidden_alchemy_story.position.shape")
    seeds: tuple[str, ...] = ()
    if time.get("seeds") is not None:
        raw = fields(obj(time["seeds"], "time.seeds"), {"room", "period"}, "time.seeds")
        seeds = (known(string(raw.get("room"), "time.seeds.room"), s.rooms,
                       "forbidden_alchemy_story.position.space", "room"),
                 choose(raw.get("period"), tuple(p for p, _ in s.periods), "time.seeds.period",
                        "forbidden_alchemy_story.position.shape"))
    effects = fields(obj(data.get("status_effects", {}), "status_effects"), {"fire", "dark"},
                     "status_effects")
    rooms = {k: frozenset(known(r, s.rooms, "forbidden_alchemy_story.position.space", "room")
                          for r in strings(effects.get(k, []), f"status_effects.{k}"))
             for k in ("fire", "dark")}
    return evolved(s, events_resolved=events, revealed=revealed, exploration=exploration,
                   period=period, seeds=seeds, fire=rooms["fire"], dark=rooms["dark"])


INVESTIGATOR_FIELDS = {"space", "status", "health", "damage", "horror", "skill_points", "items",
                       "side_effects", "hidden", "stunned", "crawling_hands", "mutations",
                       "peeked"}


def _investigators(s: Story, raw: dict[str, Any], c: content.Content) -> Story:
    for seat, fields_ in raw.items():
        known(seat, s.investigators, "forbidden_alchemy_story.position.seat", "investigator seat")
        s = with_investigator(s, seat, **_investigator(s, seat, fields_, c))
    return s


def _investigator(s: Story, seat: str, raw: Any, c: content.Content) -> dict[str, Any]:
    i = s.investigators[seat]
    raw = fields(obj(raw, f"investigators.{seat}"), INVESTIGATOR_FIELDS, f"investigators.{seat}")
    at = f"investigators.{seat}"
    status = choose(raw.get("status", i.status), (ACTIVE, ELIMINATED, ESCAPED), f"{at}.status",
                    SHAPE)
    space = optional_str(raw.get("space", i.space if status == ACTIVE else None), f"{at}.space")
    if (space is None) != (status != ACTIVE) or space is not None and space not in s.room_of:
        raise BadPosition("forbidden_alchemy_story.position.space",
                          f"{seat}: an investigator in the house stands in a space of the map, "
                          f"one who left it in none (status {status}, space {space!r})")
    items = strings(raw.get("items", list(i.items)), f"{at}.items")
    for item in items:
        known(item, s.items, "forbidden_alchemy_story.position.card", "item")
    effects = strings(raw.get("side_effects", []), f"{at}.side_effects")
    for card in effects:
        known(card, {x.id for x in c.puzzle.side_effects}, "forbidden_alchemy_story.position.card",
              "Side Effect card")
    peeked = frozenset(strings(raw.get("peeked", []), f"{at}.peeked"))
    for monster in peeked:
        known(monster, s.monsters, "forbidden_alchemy_story.position.monster", "monster")
    hands = whole(raw.get("crawling_hands", 0), f"{at}.crawling_hands", 0, 99)
    mutations = whole(raw.get("mutations", 0), f"{at}.mutations", 0, 99)
    return {"status": status, "space": space, "items": items, "side_effects": effects,
            "health": whole(raw.get("health", i.health), f"{at}.health", 1, 99),
            "damage": whole(raw.get("damage", 0), f"{at}.damage", 0, 99),
            "horror": whole(raw.get("horror", 0), f"{at}.horror", 0, 99),
            "skill_points": whole(raw.get("skill_points", i.skill_points), f"{at}.skill_points",
                                  0, 99),
            "hidden": boolean(raw.get("hidden", False), f"{at}.hidden"),
            "stunned": boolean(raw.get("stunned", False), f"{at}.stunned"),
            "tokens": ("crawling-hand",) * hands + ("mutation",) * mutations, "peeked": peeked}


MONSTER_FIELDS = {"space", "token", "wounds", "examined", "dead", "escaped", "corpse",
                  "mutations", "name", "bonus_health", "moves", "barred_by_locks"}


def _monsters(s: Story, raw: dict[str, Any], c: content.Content) -> Story:
    tokens = dict(s.tokens)
    by_id = {t["id"]: t for t in c.tokens}
    for monster, fields_ in raw.items():
        known(monster, s.monsters, "forbidden_alchemy_story.position.monster", "monster")
        at = f"monsters.{monster}"
        f = fields(obj(fields_, at), MONSTER_FIELDS, at)
        m = s.monsters[monster]
        if "token" in f:
            token = by_id.get(string(f["token"], f"{at}.token"))
            if token is None or token["kind"] != m.kind:
                raise BadPosition("forbidden_alchemy_story.position.token",
                                  f"{monster}: {f['token']!r} is no {m.kind} token")
            tokens[monster] = token
        space = optional_str(f.get("space", m.space), f"{at}.space")
        corpse = optional_str(f.get("corpse"), f"{at}.corpse")
        for where in (space, corpse):
            if where is not None and where not in s.room_of:
                raise BadPosition("forbidden_alchemy_story.position.space",
                                  f"{monster}: {where!r} is no space of this story's map")
        s = with_monster(
            s, monster, space=space, corpse=corpse,
            wounds=whole(f.get("wounds", 0), f"{at}.wounds", 0, 99),
            examined=boolean(f.get("examined", False), f"{at}.examined"),
            dead=boolean(f.get("dead", False), f"{at}.dead"),
            escaped=boolean(f.get("escaped", False), f"{at}.escaped"),
            mutations=whole(f.get("mutations", 0), f"{at}.mutations", 0, 99),
            name=string(f.get("name", ""), f"{at}.name"),
            bonus_health=whole(f.get("bonus_health", 0), f"{at}.bonus_health", 0, 99),
            moves=whole(f.get("moves", 1), f"{at}.moves", 1, 3),
            barred_by_locks=boolean(f.get("barred_by_locks", False), f"{at}.barred_by_locks"))
    once({m: [t["id"]] for m, t in tokens.items()}, "forbidden_alchemy_story.position.token",
         "token")
    return evolved(s, tokens=tokens)


def _keeper(s: Story, raw: dict[str, Any]) -> Story:
    raw = fields(raw, {"threat", "hand", "mythos_hand", "used"}, "keeper")
    hand = strings(raw.get("hand", list(s.hand)), "keeper.hand")
    mythos = strings(raw.get("mythos_hand", list(s.mythos_hand)), "keeper.mythos_hand")
    for card in hand:
        known(card, s.trauma_cards, "forbidden_alchemy_story.position.card", "Trauma card")
    for card in mythos:
        known(card, s.mythos_cards, "forbidden_alchemy_story.position.card", "Mythos card")
    return evolved(s, threat=whole(raw.get("threat", 0), "keeper.threat", 0, 999), hand=hand,
                   mythos_hand=mythos, used=frozenset(strings(raw.get("used", []), "keeper.used")))


def _decks(s: Story, raw: dict[str, Any], data: dict[str, Any], over: bool) -> Story:
    """Each deck in its order; a deck left out holds its cards named nowhere else.  A story
    over may have ended in the middle of a resolution, a card still drawn."""
    raw = fields(raw, {"combat", "trauma", "mythos"}, "decks")
    in_play = {str(card): string(seat, f"trauma_in_play.{card}") for card, seat in
               obj(data.get("trauma_in_play", {}), "trauma_in_play").items()}
    for card, seat in in_play.items():
        known(card, s.trauma_cards, "forbidden_alchemy_story.position.card", "Trauma card")
        known(seat, s.investigators, "forbidden_alchemy_story.position.seat", "investigator seat")
    attack = data.get("attack") if isinstance(data.get("attack"), dict) else {}
    held = {"trauma": [*s.hand, *in_play], "mythos": list(s.mythos_hand)}
    combat = obj(raw.get("combat", {}), "decks.combat")
    decks = {}
    for name, deck in s.decks.items():
        taken = [attack.get("card")] if attack.get("card") in deck.cards else []
        decks[name] = _deck(deck, combat.get(name), taken, f"decks.combat.{name}", over)
    for name in combat:
        known(name, s.decks, "forbidden_alchemy_story.position.card", "Combat deck")
    trauma = _deck(Deck(tuple(s.trauma_cards), name=s.trauma.name), raw.get("trauma"),
                   held["trauma"], "decks.trauma", over)
    mythos = _deck(Deck(tuple(s.mythos_cards), name=s.mythos.name), raw.get("mythos"),
                   held["mythos"], "decks.mythos", over)
    return evolved(s, decks=decks, trauma=trauma, mythos=mythos, trauma_in_play=in_play)


def _deck(full: Deck, raw: Any, held: list, where: str, over: bool) -> Deck:
    """A deck's draw pile (top first) and discards (oldest first); every card of it lies
    in one place: there, or held (a hand, in play, with the attack)."""
    every = list(full.cards) + list(full.discards)
    raw = fields(obj({} if raw is None else raw, where), {"cards", "discards"}, where)
    discards = list(strings(raw.get("discards", []), f"{where}.discards"))
    cards = list(strings(raw["cards"], f"{where}.cards")) if "cards" in raw else [
        card for card in every if card not in held and card not in discards]
    for card in cards + discards:
        known(card, every, "forbidden_alchemy_story.position.card", f"card of {full.name}")
    once({"the draw pile": cards, "the discards": discards, "a hand or play": held},
         "forbidden_alchemy_story.position.card", full.name)
    missing = [card for card in every if card not in cards + discards + held]
    if missing and not over:
        raise BadPosition("forbidden_alchemy_story.position.card",
                          f"every card of the {full.name} lies somewhere: {missing[0]} is nowhere")
    return Deck(tuple(cards), tuple(reversed(discards)), name=full.name)


def _alchemy(s: Story, raw: dict[str, Any], c: content.Content) -> Story:
    """The Alchemy pile (top first) and the Side Effect deck, its discards and the cards in
    play; an attempt under way (`attempt`) adds the pieces along the edges."""
    raw = fields(raw, {"pile", "side_effects"}, "alchemy")
    faces = {card.id: card.to_data() for card in c.puzzle.side_effects}
    effects = fields(obj(raw.get("side_effects", {}), "alchemy.side_effects"),
                     {"deck", "discards", "in_play"}, "alchemy.side_effects")
    kept = [card for i in s.investigators.values() for card in i.side_effects]
    in_play = list(strings(effects.get("in_play", kept), "alchemy.side_effects.in_play"))
    if sorted(in_play) != sorted(kept):
        raise BadPosition("forbidden_alchemy_story.position.card",
                          "the Side Effect cards in play are those the investigators keep: "
                          f"{', '.join(sorted(kept)) or 'none'}")
    discards = list(strings(effects.get("discards", []), "alchemy.side_effects.discards"))
    deck = list(strings(effects["deck"], "alchemy.side_effects.deck")) if "deck" in effects else [
        card for card in faces if card not in in_play + discards]
    _every(faces, {"the deck": deck, "the discards": discards, "play": in_play},
           "Side Effect card")
    pile = raw.get("pile")
    return evolved(s, alchemy=evolved(
        s.alchemy, deck=tuple(faces[x] for x in deck), side_discards=tuple(discards),
        in_play=tuple(faces[x] for x in in_play),
        pile=s.alchemy.pile if pile is None else puzzle_pieces(strings(pile, "alchemy.pile"), c)))


def _every(known_: dict, places: dict[str, list], what: str) -> None:
    """Each card in one place, every card somewhere."""
    rule = "forbidden_alchemy_story.position.card"
    for cards in places.values():
        for card in cards:
            known(card, known_, rule, what)
    once(places, rule, what)
    missing = [card for card in known_ if not any(card in v for v in places.values())]
    if missing:
        raise BadPosition(rule, f"every {what} lies somewhere: {missing[0]} is nowhere")


def _turn(s: Story, phase: str, data: dict[str, Any]) -> Story:
    """The round and the turn: whose it is, whether it has begun, what is left of it.
    The turn order is every investigator still in the house, then the keeper."""
    if phase == CHOOSE:
        return evolved(s, phase=CHOOSE)
    rule = "forbidden_alchemy_story.position.phase"
    order = tuple(sorted(i.seat for i in s.active())) + (KEEPER_SEAT,)
    first = order[0] if phase != KEEPER else KEEPER_SEAT
    raw = fields(obj(data.get("turn", {}), "turn"),
                 {"seat", "begun", "moves", "moved", "acted", "misted"}, "turn")
    seat = choose(raw.get("seat", first), order, "turn.seat", rule)
    # The seat whose turn has begun may have left the house since, as the story ended.
    begun = choose(raw.get("begun", seat), ("", KEEPER_SEAT, *sorted(s.investigators)),
                   "turn.begun", rule)
    if phase == INVESTIGATORS and (seat != begun or seat == KEEPER_SEAT):
        raise BadPosition(rule, "in the investigators' phase the turn of one of them has begun")
    if phase == KEEPER and begun != KEEPER_SEAT:
        raise BadPosition(rule, "in the keeper's phase the keeper's turn has begun")
    misted = string(raw.get("misted", ""), "turn.misted")
    if misted and misted not in s.investigators:
        raise BadPosition("forbidden_alchemy_story.position.seat", f"turn.misted: {misted!r}")
    turns = TurnOrder(order, order.index(seat), whole(data.get("round", 1), "round", 1, 999))
    default_moves = MOVES if phase == INVESTIGATORS else 0
    return evolved(s, phase=phase, turns=turns, begun=begun, misted=misted,
                   moves=whole(raw.get("moves", default_moves), "turn.moves", 0, 9),
                   moved=whole(raw.get("moved", 0), "turn.moved", 0, 9),
                   acted=boolean(raw.get("acted", False), "turn.acted"))


def _check(s: Story) -> None:
    """What the sections cannot say alone: nobody in the house past his health or sanity,
    no monster past its, no more tokens in play than the supply has."""
    for i in s.active():
        if i.health_left <= 0 or i.sanity_left <= 0:
            raise BadPosition("forbidden_alchemy_story.position.health",
                              f"{i.seat} is out of health or sanity: he would have left the house")
    for m in s.monsters.values():
        if m.space is not None and (m.dead or m.escaped):
            raise BadPosition("forbidden_alchemy_story.position.monster",
                              f"{m.id} is dead or escaped, and on the map")
        if m.corpse is not None and not m.dead:
            raise BadPosition("forbidden_alchemy_story.position.monster",
                              f"{m.id} has a corpse but is not dead")
        if m.space is not None and m.wounds >= s.tokens[m.id]["health"] + m.bonus_health:
            raise BadPosition("forbidden_alchemy_story.position.health",
                              f"{m.id} has suffered its health: it would be dead")
    supply = content.load().supply
    for token in TOKENS:
        if _in_play(s, token) > supply[token]:
            raise BadPosition("forbidden_alchemy_story.tokens.supply",
                              f"{_in_play(s, token)} {token} tokens in play: the expansion has "
                              f"{supply[token]}")


def _in_play(s: Story, token: str) -> int:
    used = sum(i.tokens.count(token) for i in s.investigators.values())
    return used + (sum(m.mutations for m in s.monsters.values()) if token == "mutation" else 0)
