"""The player turns (section 5, "Player Turns"): the starting spaces, basic
movement, the actions, the Transmutation Bonus cards, and the answers to
Event cards' questions.  Each rule is a small guard raising `RuleViolation`.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from engine.core.errors import RuleViolation
from engine.kit.turns import TurnOrder

from . import events as ev
from .board import (
    Bucket,
    allocations,
    capacities,
    distances,
    full_points,
    target_space,
    within,
)
from .resolve import R, Resolution, deal, draw, heal, wound
from .state import DAMAGE_TRACK, PLAYERS, START, STOCK, Game

WILD = "black-hayate"  # the bonus card that joins a Transmutation Circle space as any colour


# ---- guards -------------------------------------------------------------------------------
def require_phase(state: Game, phase: str, what: str) -> None:
    if state.phase != phase:
        raise RuleViolation(R + "turn.phase", f"{what} is not possible now ({state.phase})")


def require_turn(state: Game, seat: str) -> str:
    """The character whose turn it is, if `seat` plays it."""
    require_phase(state, PLAYERS, "a player's action")
    if state.seat_of.get(state.current) != seat:
        raise RuleViolation(R + "turn.order", f"it is {state.current}'s turn, not {seat}'s")
    return state.current


def require_actions(state: Game, seat: str) -> str:
    character = require_turn(state, seat)
    if state.pending is not None:
        raise RuleViolation(R + "bonus.choose", "choose and resolve a Transmutation Bonus first")
    if not state.moved:
        raise RuleViolation(R + "turn.basic-movement-first",
                            "basic movement comes before the actions (`walk` to stay put)")
    return character


def require_space(state: Game, space: str) -> None:
    if space not in state.spots:
        raise RuleViolation(R + "move.space", f"there is no space {space!r} on the board")


def require_reach(state: Game, character: str, space: str, rule: str) -> int:
    require_space(state, space)
    reach = state.summary[character][1]
    distance = distances(state, state.position[character]).get(space)
    if distance is None or distance > reach:
        raise RuleViolation(rule, f"{space} is beyond {character}'s move of {reach}")
    return distance


def require_in_hand(state: Game, character: str, card: str) -> None:
    if card not in state.hands[character]:
        raise RuleViolation(R + "attack.card-in-hand", f"{card} is not in {character}'s hand")


def check_targets(state: Game, targets: tuple[str, ...], buckets: list[Bucket]) -> None:
    """Targets must lie in the damaged spaces, take no more than they can, and use
    all the damage the targets allow."""
    counts = Counter(targets)
    for word, n in counts.items():
        space = target_space(state, word)
        if space is None:
            raise RuleViolation(R + "attack.target", f"{word!r} is neither a space nor a boss")
        if not any(space in spaces for _, spaces in buckets):
            raise RuleViolation(R + "attack.range", f"{word} is out of range")
        cap = state.bosses[word].life if word in state.bosses else state.soldiers_in(word)
        if n > cap:
            raise RuleViolation(R + "attack.target",
                                f"{word} can take {cap} damage, not {n}")
    for damage, spaces in buckets:
        used = sum(n for w, n in counts.items() if target_space(state, w) in spaces)
        must = full_points(capacities(state, spaces), damage)
        if used > damage:
            raise RuleViolation(R + "attack.damage", f"only {damage} damage there, not {used}")
        if used != must:
            raise RuleViolation(R + "attack.all-damage",
                                f"{must} damage must be dealt there, not {used}")


# ---- set-up: the 1-2 player tile, starting spaces ------------------------------------------
def flippable(state: Game) -> list[int]:
    return [a for a, (_, kind, up) in sorted(state.tiles.items()) if kind == "three-and-two" and up]


def flip_due(state: Game) -> bool:
    """With 1 or 2 players one "3 + 2" tile starts face down, chosen by the players
    (the first seat answers for them) before anyone picks a starting space."""
    return state.players <= 2 and len(flippable(state)) == 2 and not state.position


def flip(state: Game, seat: str, area: int) -> list:
    require_phase(state, START, "turning a tile over at set-up")
    if not flip_due(state):
        raise RuleViolation(R + "small.flip-tile", "no tile is to be turned over now")
    if seat != state.seat_of[state.characters[0]]:
        raise RuleViolation(R + "small.flip-tile", "the first seat turns the tile over")
    if area not in flippable(state):
        raise RuleViolation(R + "small.flip-tile", f"Area {area} has no face-up '3 + 2' tile")
    return [ev.TileFlipped(rule=R + "small.flip-tile", area=area, tile=state.tiles[area][0])]


def next_to_place(state: Game, seat: str | None = None) -> str | None:
    """The first character (of `seat`, if given) without a starting space."""
    return next((c for c in state.characters if c not in state.position
                 and (seat is None or state.seat_of[c] == seat)), None)


def start(state: Game, seat: str, space: str) -> list:
    require_phase(state, START, "choosing a starting space")
    if flip_due(state):
        raise RuleViolation(R + "small.flip-tile", "first turn one of the '3 + 2' tiles over")
    character = next_to_place(state, seat)
    if character is None:
        raise RuleViolation(R + "setup.start-space", f"{seat} has no character left to place")
    require_space(state, space)
    if space in state.position.values():
        raise RuleViolation(R + "setup.start-space", f"another character already starts on {space}")
    res = Resolution(state)
    res.add(ev.CharacterPlaced(rule=R + "setup.start-space", character=character, space=space))
    if next_to_place(res.state) is None:  # round 1 has no Homunculus turn
        res.add(ev.RoundBegan(rule=R + "round.first", round=1, order=res.state.characters),
                ev.TurnBegan(rule=R + "turn.order", character=res.state.characters[0],
                             actions=res.state.actions_per_turn))
    return res.facts


# ---- basic movement and actions -----------------------------------------------------------
def walk(state: Game, seat: str, space: str) -> list:
    character = require_turn(state, seat)
    if state.moved:
        raise RuleViolation(R + "move.basic-once", "basic movement is over for this turn")
    distance = require_reach(state, character, space, R + "move.basic")
    res = Resolution(state)
    if distance:
        res.add(ev.CharacterMoved(rule=R + "move.basic", character=character,
                                  source=state.position[character], target=space,
                                  distance=distance))
    res.add(ev.ActionsBegan(rule=R + "turn.actions", character=character))
    return res.facts


def _take_action(state: Game, character: str, action: str) -> Resolution:
    res = Resolution(state)
    res.add(ev.ActionTaken(rule=R + f"action.{action}", character=character, action=action,
                           left=state.actions_left - 1))
    return res


def attack(state: Game, seat: str, card: str, targets: tuple[str, ...]) -> list:
    character = require_actions(state, seat)
    require_in_hand(state, character, card)
    _, damage, reach, _ = state.cards[card]
    check_targets(state, targets, [(damage, within(state, state.position[character], reach))])
    res = _take_action(state, character, "attack")
    res.add(ev.CardPlayed(rule=R + "attack.card-to-circle", character=character, card=card,
                          area=state.area_of[state.position[character]]))
    deal(res, targets, R + "attack.damage")
    return after_action(res)


def special_buckets(state: Game, character: str) -> list[Bucket]:
    """Where a character's Alchemy/Alkahestry deals its damage (section 7)."""
    here = state.position[character]
    ring = sorted(s for s, d in distances(state, here).items() if d == 1)
    same_area = [s for s in state.areas[state.area_of[here]] if s != here]
    return {
        "ed-alchemy": lambda: [(3, frozenset({here}))] + [(1, frozenset({s})) for s in ring],
        "al-alchemy": lambda: [(3, within(state, here, 3))],
        "mustang-alchemy": lambda: [(2, frozenset({here}))] + [(1, frozenset({s}))
                                                                for s in same_area],
        "scar-alkahestry": lambda: [(4, frozenset({here}))],
    }[state.summary[character][4]]()


def paired(state: Game, first: str, second: str) -> bool:
    icon = state.cards[first][3]
    return first != second and bool(icon) and icon == state.cards[second][3]


def alchemy(state: Game, seat: str, first: str, second: str, targets: tuple[str, ...]) -> list:
    character = require_actions(state, seat)
    if not state.summary[character][4]:
        raise RuleViolation(R + "alchemy.who", f"{character} has no Alchemy or Alkahestry")
    require_in_hand(state, character, first)
    require_in_hand(state, character, second)
    if not paired(state, first, second):
        raise RuleViolation(R + "alchemy.paired", f"{first} and {second} do not have paired icons")
    check_targets(state, targets, special_buckets(state, character))
    res = _take_action(state, character, "alchemy")
    area = state.area_of[state.position[character]]
    for card in (first, second):
        res.add(ev.CardPlayed(rule=R + "alchemy.cards-to-circle", character=character, card=card,
                              area=area))
    deal(res, targets, R + f"alchemy.{state.summary[character][4]}")
    return after_action(res)


def replenish(state: Game, seat: str) -> list:
    character = require_actions(state, seat)
    if not state.decks[character]:
        raise RuleViolation(R + "action.replenish-empty", f"{character}'s deck is empty")
    res = _take_action(state, character, "replenish")
    draw(res, character, 1, R + "action.replenish")
    return after_action(res)


def move(state: Game, seat: str, space: str) -> list:
    character = require_actions(state, seat)
    distance = require_reach(state, character, space, R + "action.move")
    res = _take_action(state, character, "move")
    if distance:  # like basic movement, a Move may stay where it is
        res.add(ev.CharacterMoved(rule=R + "action.move", character=character,
                                  source=state.position[character], target=space,
                                  distance=distance))
    return after_action(res)


# ---- the Reverse Transmutation Circle -----------------------------------------------------
def circle_met(state: Game, kind: str, cards: tuple[str, ...]) -> bool:
    """The tile's condition, Black Hayate standing in for any one colour."""
    wild = sum(1 for c in cards if c == WILD)
    colours = Counter(state.cards[c][0] for c in cards if c != WILD)
    counts = sorted(colours.values(), reverse=True) + [0, 0]
    if kind == "three-and-two":  # best: the two most common colours (or wild fills them)
        return max(0, 3 - counts[0]) + max(0, 2 - counts[1]) <= wild
    if kind == "four-same-colour":
        return 4 - counts[0] <= wild
    if kind == "four-colours":
        return len(colours) + wild >= 4
    return len(cards) >= 7  # "seven-cards"


def complete(state: Game, seat: str) -> list:
    character = require_actions(state, seat)
    if state.summary[character][3] == "companion":
        raise RuleViolation(R + "circle.who", f"{character} cannot complete a Transmutation Circle")
    area = state.area_of[state.position[character]]
    tile, kind, face_up = state.tiles[area]
    if not face_up:
        raise RuleViolation(R + "circle.done", f"the circle of Area {area} is already complete")
    if not circle_met(state, kind, state.circles[area]):
        raise RuleViolation(R + f"circle.{kind}", f"the cards in Area {area} do not meet {kind}")
    res = _take_action(state, character, "complete")
    res.add(ev.TileFlipped(rule=R + f"circle.{kind}", area=area, tile=tile))
    if res.state.bonus_offer:
        res.add(ev.QuestionAsked(rule=R + "bonus.choose", kind="bonus", left=1))
    return after_action(res)


# ---- Transmutation Bonus effects (section 7) ----------------------------------------------
def _wounded(state: Game) -> dict[str, int]:
    return {c: state.summary[c][2] - state.life[c] for c in state.characters
            if state.life[c] < state.summary[c][2]}


def _with_deck(state: Game) -> dict[str, int]:
    return {c: len(state.decks[c]) for c in state.characters if state.decks[c]}


def _soldier_caps(state: Game, spaces) -> dict[str, int]:
    return capacities(state, frozenset(spaces), bosses=False)


def _multiset(caps: dict[str, int], most: int) -> list[tuple[str, ...]]:
    return allocations(caps, full_points(caps, most))


def bonus_options(state: Game, effect: str) -> list[tuple[str, ...]]:
    """Every way to resolve a bonus effect, as argument words."""
    s = state
    if effect == "heal-two":
        return _multiset(_wounded(s), 2)
    if effect == "draw-two":
        return _multiset(_with_deck(s), 2)
    if effect == "relocate":
        return [(c, sp) for c in s.characters for sp in sorted(s.spots) if sp != s.position[c]]
    if effect == "boss-damage":
        return _multiset({b: min(2, boss.life) for b, boss in s.bosses.items()}, 2)
    if effect == "one-per-area":
        per_area = [[sp for sp in spaces if s.soldiers_in(sp)] for spaces in s.areas.values()]
        return sorted({tuple(sorted(pick)) for pick in product(*[a for a in per_area if a])})
    if effect == "draw-and-heal":
        return [(d, h) for d in (sorted(_with_deck(s)) or ["none"])
                for h in (sorted(_wounded(s)) or ["none"])]
    if effect == "clear-track-two":
        return [()]
    if effect == "three-in-area":
        found = {choice for spaces in s.areas.values()
                 for choice in _multiset(_soldier_caps(s, spaces), 3)}
        return sorted(found - {()}) or [()]
    if effect == "remove-two":
        return _multiset(_soldier_caps(s, s.spots), 2)
    return [(str(area),) for area in sorted(s.areas)]  # "wild-card"


def _resolve_bonus(res: Resolution, card: str, args: tuple[str, ...]) -> None:
    effect = res.state.bonus_names[card][1]
    rule = R + f"bonus.{effect}"
    if effect in ("heal-two",):
        for c in sorted(set(args)):
            heal(res, c, args.count(c), rule)
    elif effect == "draw-two":
        for c in sorted(set(args)):
            draw(res, c, args.count(c), rule)
    elif effect == "relocate":
        c, space = args
        res.add(ev.CharacterMoved(rule=rule, character=c, source=res.state.position[c],
                                  target=space,
                                  distance=distances(res.state, res.state.position[c])[space]))
    elif effect in ("boss-damage", "one-per-area", "three-in-area", "remove-two"):
        deal(res, args, rule)
    elif effect == "draw-and-heal":
        drawer, healed = args
        if drawer != "none":
            draw(res, drawer, 1, rule)
        if healed != "none":
            heal(res, healed, 1, rule)
    elif effect == "clear-track-two":
        for _ in range(min(2, res.state.damage_track)):
            res.add(ev.SoldierMoved(rule=rule, source=DAMAGE_TRACK, target=STOCK))
    if effect == "wild-card":
        res.add(ev.BonusPlacedInCircle(rule=rule, card=card, area=int(args[0])))
    else:
        res.add(ev.BonusDiscarded(rule=R + "bonus.discard", card=card))


def _require_bonus_args(state: Game, card: str, args: tuple[str, ...]) -> None:
    """One spelling per choice: multisets of targets are written sorted."""
    choices = bonus_options(state, state.bonus_names[card][1])
    if args not in choices:
        raise RuleViolation(R + f"bonus.{state.bonus_names[card][1]}",
                            f"{card} cannot be resolved with {' '.join(args) or 'nothing'} "
                            f"(for instance: {' '.join(choices[0]) or 'nothing'})")


def bonus(state: Game, seat: str, card: str, args: tuple[str, ...]) -> list:
    character = require_turn(state, seat)
    if state.pending is None or state.pending[0] != "bonus":
        raise RuleViolation(R + "bonus.choose", "no Transmutation Bonus is to be chosen now")
    if card not in state.bonus_offer:
        raise RuleViolation(R + "bonus.choose", f"{card} is not face up on the Round Board")
    _require_bonus_args(state, card, args)
    res = Resolution(state)
    res.add(ev.QuestionAnswered(rule=R + "bonus.choose", kind="bonus", left=0),
            ev.BonusChosen(rule=R + "bonus.choose", card=card, by=character))
    _resolve_bonus(res, card, args)
    if res.state.bonus_deck:
        res.add(ev.BonusRevealed(rule=R + "bonus.reveal-new", card=res.state.bonus_deck[0]))
    return after_action(res)


def companion(state: Game, seat: str, card: str, args: tuple[str, ...]) -> list:
    character = require_actions(state, seat)
    if state.summary[character][3] != "companion":
        raise RuleViolation(R + "companion.who", f"{character} has no Companion action")
    if card not in state.companions[character]:
        raise RuleViolation(R + "companion.card", f"{card} is not beside {character}'s summary")
    _require_bonus_args(state, card, args)
    res = _take_action(state, character, "companion")
    res.add(ev.BonusChosen(rule=R + "action.companion", card=card, by=character))
    _resolve_bonus(res, card, args)
    return after_action(res)


# ---- the end of a turn and of a round -----------------------------------------------------
def end(state: Game, seat: str) -> list:
    require_actions(state, seat)
    res = Resolution(state)
    end_turn(res, R + "turn.end-early")
    return res.facts


def after_action(res: Resolution) -> list:
    s = res.state
    if not res.over and s.pending is None and s.actions_left == 0:
        end_turn(res, R + "turn.actions")
    return res.facts


def end_turn(res: Resolution, rule: str) -> None:
    s = res.state
    res.add(ev.TurnEnded(rule=rule, character=s.current, unused=s.actions_left))
    i = s.order.index(s.current)
    if i + 1 < len(s.order):
        res.add(ev.TurnBegan(rule=R + "turn.order", character=s.order[i + 1],
                             actions=s.actions_per_turn))
        return
    res.add(ev.RoundEnded(rule=R + "round.end", round=s.round))
    if s.round >= s.round_limit:
        res.add(ev.GameLost(rule=R + "end.rounds",
                            reason=f"round {s.round} ended with a tile still face up"))
        return
    order = TurnOrder(s.characters).starting_from(s.start).advance()  # the marker moves left
    nxt = order.current
    res.add(ev.StartPlayerPassed(rule=R + "round.start-player", character=nxt),
            ev.RoundBegan(rule=R + "round.begin", round=s.round + 1,
                          order=order.starting_from(nxt).seats),
            ev.HomunculusTurnBegan(rule=R + "homunculus.turn", round=s.round + 1))


# ---- answers to Event cards ---------------------------------------------------------------
def discard(state: Game, seat: str, card: str) -> list:
    _require_question(state, "discard")
    owner = next((c for c in state.characters if card in state.hands[c]), None)
    if owner is None or state.seat_of[owner] != seat:
        raise RuleViolation(R + "event.discard-own", f"{card} is not in a hand of {seat}'s")
    res = Resolution(state)
    res.add(ev.CardDiscarded(rule=R + "event.discard", character=owner, card=card))
    left = min(state.pending[1] - 1, sum(len(h) for h in res.state.hands.values()))
    res.add(ev.QuestionAnswered(rule=R + "event.discard", kind="discard", left=left))
    return res.facts


def wound_answer(state: Game, seat: str, character: str) -> list:
    _require_question(state, "wound")
    if state.seat_of.get(character) != seat:
        raise RuleViolation(R + "event.wound-own", f"{seat} does not play {character!r}")
    res = Resolution(state)
    wound(res, character, 1, R + "event.wound")
    res.add(ev.QuestionAnswered(rule=R + "event.wound", kind="wound", left=state.pending[1] - 1))
    return res.facts


def _require_question(state: Game, kind: str) -> None:
    if state.pending is None or state.pending[0] != kind or state.phase == PLAYERS:
        raise RuleViolation(R + "event.no-question", f"no Event card asks for a {kind} now")
