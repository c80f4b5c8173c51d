"""Options, seats and the set-up (section 3, "Set Up"; section 7, "Rule
Changes When Playing with 1 or 2 Players"): the setup facts in the
rulebook's order, then the two set-up commands the players give, turning a
"3 + 2" tile face down (1-2 players) and choosing their starting spaces.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadOptions, RuleViolation

from . import content
from . import events as ev
from .actions import require_space
from .bosses import boss_arrives
from .characters import draw
from .end import Resolution
from .soldiers import soldiers_appear
from .state import START, Game
from .turns import require_phase

SEATS = ("red", "blue", "yellow", "green")  # the Character Life marker colours
ACTIONS = {1: 4, 2: 4, 3: 3, 4: 2}          # actions per character, by number of players
DEFAULT_CHARACTERS = ("ed", "al", "mustang", "scar")
DIFFICULTIES = ("easy", "normal", "hard")
EMPTY_STOCK = ("at-once", "when-needed")  # when an empty Stock is a defeat (a reading; option)
HAND = 4


def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`characters` (comma-separated ids: two in a solo game, one per player
    otherwise), `difficulty` (easy, normal, hard: bosses at set-up) and
    `empty_stock` (at-once, when-needed: when an empty Stock is a defeat)."""
    c = content.load()
    known = {"characters", "difficulty", "empty_stock"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for promised_day "
                         f"(known: {', '.join(sorted(known))})")
    players = 2 if players is None else players
    if players not in ACTIONS:
        raise BadOptions(f"--players {players}: The Promised Day is for 1-4 players")
    need = 2 if players <= 2 else players
    chosen = tuple(raw["characters"].split(",")) if "characters" in raw \
        else DEFAULT_CHARACTERS[:need]
    if len(chosen) != need or len(set(chosen)) != need:
        raise BadOptions(f"option characters: {need} different characters for {players} player(s)")
    for ch in chosen:
        if ch not in c.characters:
            raise BadOptions(f"option characters: unknown {ch!r} "
                             f"(have: {', '.join(sorted(c.characters))})")
    difficulty = raw.get("difficulty", "easy")
    if difficulty not in DIFFICULTIES:
        raise BadOptions(f"option difficulty={difficulty!r}: one of {', '.join(DIFFICULTIES)}")
    empty_stock = raw.get("empty_stock", "at-once")
    if empty_stock not in EMPTY_STOCK:
        raise BadOptions(f"option empty_stock={empty_stock!r}: one of {', '.join(EMPTY_STOCK)}")
    return {"players": players, "characters": list(chosen), "difficulty": difficulty,
            "empty_stock": empty_stock}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return SEATS[:opts["players"]]


def seat_of_character(opts: dict[str, Any], i: int) -> str:
    """The seat that plays the `i`-th chosen character (a solo player plays both)."""
    return SEATS[0] if opts["players"] == 1 else SEATS[i]


def setup(opts: dict[str, Any], dice) -> list:
    """Section 3, in the rulebook's order, then the starting soldiers."""
    c = content.load()
    players = opts["players"]
    res = Resolution(Game(), dice)
    res.add(ev.GameConfigured(rule="promised_day.setup.numbers", players=players,
                              actions=ACTIONS[players], rounds=c.rounds,
                              plus_two_from=c.plus_two_from, damage_track=c.damage_track,
                              stock=c.soldier_tokens, difficulty=opts["difficulty"],
                              empty_stock=opts.get("empty_stock", "at-once")),
            ev.BoardLaid(rule="promised_day.setup.board", areas=c.areas, lines=c.lines,
                         positions=c.positions))
    tiles = dice.shuffled(c.tiles)
    res.add(ev.TilesPlaced(rule="promised_day.setup.tiles", tiles=tuple(
        (area, tile, kind) for (area, _), (tile, kind) in zip(c.areas, tiles, strict=True))))
    for i, cid in enumerate(opts["characters"]):
        ch = c.characters[cid]
        res.add(ev.CharacterChosen(rule="promised_day.setup.character", character=cid,
                                   seat=seat_of_character(opts, i), name=ch.name, move=ch.move,
                                   life=ch.life, special=ch.special, effect=ch.effect))
        if ch.special == "companion":
            res.add(ev.CompanionCardsTaken(rule="promised_day.setup.companion", character=cid,
                                           cards=tuple(b[:3] for b in c.bonus if b[3] == cid)))
    bonus = [b[:3] for b in c.bonus if b[3] not in opts["characters"]]
    res.add(ev.BonusDeckShuffled(rule="promised_day.setup.bonus", cards=tuple(dice.shuffled(bonus))))
    for _ in range(3):
        res.add(ev.BonusRevealed(rule="promised_day.setup.bonus", card=res.state.bonus.cards[0]))
    _setup_bosses(res, c, opts["difficulty"], dice)
    res.add(ev.SoldierDeckShuffled(rule="promised_day.setup.soldier-deck",
                                   cards=tuple(dice.shuffled(c.soldier_cards))))
    soldiers_appear(res, 4 if players <= 2 else 9, "promised_day.setup.soldiers")
    for cid in opts["characters"]:
        cards = dice.shuffled([card.to_data() for card in c.characters[cid].cards])
        res.add(ev.CharacterDeckShuffled(rule="promised_day.setup.deck", character=cid,
                                         cards=tuple(cards)))
        draw(res, cid, HAND, "promised_day.setup.hand")
    return res.facts


def _setup_bosses(res: Resolution, c, difficulty: str, dice) -> None:
    """Bosses by difficulty arrive at once; the other Boss cards are shuffled with the
    Event cards and one goes face down above each round from the 2nd (our reading:
    the rulebook does not say which Homunculus cards go on the Round Board)."""
    res.add(ev.BossesListed(rule="promised_day.setup.bosses", bosses=tuple(
        (b.id, b.name, b.space, b.life, b.ability) for b in c.bosses.values())))
    bosses = dice.shuffled(sorted(c.bosses))
    n = c.difficulty[difficulty]
    for boss in bosses[:n]:
        boss_arrives(res, boss, "promised_day.setup.bosses")
    cards = [(b, "boss", b, c.bosses[b].march, c.bosses[b].soldiers) for b in bosses[n:]]
    cards += [(e, "event", effect, march, soldiers) for e, effect, march, soldiers in c.events]
    order = dice.shuffled(cards)
    res.add(ev.HomunculusCardsDealt(rule="promised_day.setup.round-board", cards=tuple(
        (rnd, *card) for rnd, card in zip(range(2, c.rounds + 1), order, strict=False))))


# ---- the 1-2 player tile, and the starting spaces -----------------------------------------
def flippable(state: Game) -> list[int]:
    """The Areas whose tile is a face-up "3 + 2"."""
    return [a for a, (_, kind, up) in sorted(state.tiles.items()) if kind == "three-and-two" and up]


def flip_due(state: Game) -> bool:
    """With 1 or 2 players one "3 + 2" tile starts face down, chosen by the players
    (the first seat answers for them) before anyone picks a starting space."""
    return state.players <= 2 and len(flippable(state)) == 2 and not state.position


def check_flip(state: Game, seat: str, area: int) -> None:
    require_phase(state, START, "turning a tile over at set-up")
    if not flip_due(state):
        raise RuleViolation("promised_day.small.flip-tile", "no tile is to be turned over now")
    if seat != state.seat_of[state.characters[0]]:
        raise RuleViolation("promised_day.small.flip-tile", "the first seat turns the tile over")
    if area not in flippable(state):
        raise RuleViolation("promised_day.small.flip-tile", f"Area {area} has no face-up '3 + 2' tile")


def flip(state: Game, seat: str, area: int) -> list:
    check_flip(state, seat, area)
    return [ev.TileFlipped(rule="promised_day.small.flip-tile", area=area, tile=state.tiles[area][0])]


def next_to_place(state: Game, seat: str | None = None) -> str | None:
    """The first character (of `seat`, if given) without a starting space."""
    return next((c for c in state.characters if c not in state.position
                 and (seat is None or state.seat_of[c] == seat)), None)


def check_start(state: Game, seat: str, space: str) -> str:
    """The character of `seat` that starts on `space`."""
    require_phase(state, START, "choosing a starting space")
    if flip_due(state):
        raise RuleViolation("promised_day.small.flip-tile", "first turn one of the '3 + 2' tiles over")
    character = next_to_place(state, seat)
    if character is None:
        raise RuleViolation("promised_day.setup.start-space", f"{seat} has no character left to place")
    require_space(state, space)
    if space in state.position.values():
        raise RuleViolation("promised_day.setup.start-space",
                            f"another character already starts on {space}")
    return character


def start(state: Game, seat: str, space: str) -> list:
    character = check_start(state, seat, space)
    res = Resolution(state)
    res.add(ev.CharacterPlaced(rule="promised_day.setup.start-space", character=character,
                               space=space))
    if next_to_place(res.state) is None:  # round 1 has no Homunculus turn
        res.add(ev.RoundBegan(rule="promised_day.round.first", round=1, order=res.state.characters),
                ev.TurnBegan(rule="promised_day.turn.order", character=res.state.characters[0],
                             actions=res.state.actions_per_turn))
    return res.facts
