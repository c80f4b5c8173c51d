"""I. Game Setup: the options a game is set up with, its seats, and the setup
facts (steps 1-7; VIII. Boss Mode > Setup for a boss).  The mulligans follow
as commands (`cards.py`).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadOptions
from engine.core.events import Event

from . import boss, content
from . import events as ev
from .dragon_vein import BUMPS
from .state import HAND_SIZE

SEATS = ("p1", "p2", "p3", "p4")  # p1 takes the first turn (the rulebook lets the table pick)
ENDS = ("vp-deck", "rounds")


def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`mode` (1v1, or boss with 2-4 players: the default for 3 or 4 or with `boss`), `boss`, `map`,
    `first_game` (yes/no), `end` (vp-deck/rounds), `rounds` (0: no limit), `bump`
    (orthogonal/any)."""
    known = {"map", "first_game", "end", "rounds", "mode", "boss", "bump"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for roundtable (known: {', '.join(sorted(known))})")
    mode = raw.get("mode", "boss" if players in (3, 4) or "boss" in raw else "1v1")
    if mode not in ("1v1", "boss"):
        raise BadOptions(f"option mode={mode!r}: 1v1 or boss")
    if mode == "boss":
        return _boss_options(players, raw)
    if players not in (None, 2):
        raise BadOptions(f"--players: the 1 vs 1 game is for 2 players, not {players}")
    if raw.get("map") == "boss" or "boss" in raw:
        raise BadOptions("the boss and the Boss Mode map belong to mode=boss")
    chosen = raw.get("map", "default")
    if chosen not in content.maps():
        raise BadOptions(f"option map={chosen!r}: unknown (have: {', '.join(sorted(content.maps()))})")
    first = raw.get("first_game", "no")
    if first not in ("yes", "no"):
        raise BadOptions(f"option first_game={first!r}: yes or no")
    end = raw.get("end", "vp-deck")
    if end not in ENDS:
        raise BadOptions(f"option end={end!r}: one of {', '.join(ENDS)}")
    rounds = raw.get("rounds", "20")
    if not rounds.isdigit() or (end == "rounds" and int(rounds) == 0):
        raise BadOptions(f"option rounds={rounds!r}: a whole number (0: no limit; not 0 with end=rounds)")
    bump = raw.get("bump", "orthogonal")
    if bump not in BUMPS:
        raise BadOptions(f"option bump={bump!r}: one of {', '.join(BUMPS)}")
    return {"mode": mode, "map": chosen, "first_game": first == "yes", "end": end,
            "rounds": int(rounds), "players": 2, "bump": bump}


def _boss_options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    count = 2 if players is None else players
    if count not in (2, 3, 4):
        raise BadOptions(f"--players: Boss Mode is for 2 to 4 players, not {count}")
    extra = sorted(set(raw) & {"first_game", "end", "rounds", "bump"})
    if extra or raw.get("map", "boss") != "boss":
        raise BadOptions(f"option {(extra or ['map'])[0]!r} is for the 1 vs 1 game; Boss Mode plays on its flat map")
    chosen = raw.get("boss", "grima")
    if chosen not in content.bosses():
        raise BadOptions(f"option boss={chosen!r}: unknown (have: {', '.join(sorted(content.bosses()))})")
    return {"mode": "boss", "boss": chosen, "map": "boss", "players": count}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return SEATS[:opts.get("players", 2)]


def setup(opts: dict[str, Any], dice) -> list[Event]:
    """I. Game Setup, steps 1-7 (VIII. Boss Mode > Setup for a boss); the mulligans
    follow as commands."""
    if opts["mode"] == "boss":
        return _boss_setup(opts, dice)
    duel = SEATS[:2]
    board = content.maps()[opts["map"]]
    cards = content.units()
    deck = tuple(dice.shuffled(sorted(cards)))
    vp = content.vp_cards(opts["first_game"])
    shop_cards = content.shop_cards()
    shop_deck = tuple(dice.shuffled(sorted(shop_cards)))
    cheer = content.cheer()
    facts: list[Event] = [
        ev.GameConfigured(rule="roundtable.setup.players", seats=duel, mode="1v1", end=opts["end"],
                          rounds=opts["rounds"], bump=opts.get("bump", "orthogonal")),
        ev.MapLaidOut(rule="roundtable.setup.map", map=opts["map"], name=board["name"],
                      terrain=board["terrain"],
                      zones={seat: tuple(board["zones"][n]) for seat, n in zip(duel, "12", strict=True)},
                      work_dv=tuple(board["work_dv"]), work_coin=tuple(board["work_coin"])),
        ev.UnitCardsListed(rule="roundtable.setup.unit-deck", cards=cards),
        ev.UnitDeckShuffled(rule="roundtable.setup.unit-deck", order=deck),
    ]
    for i, seat in enumerate(duel):
        facts.append(ev.CardsDealt(rule="roundtable.setup.deal", seat=seat,
                                   cards=deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]))
    facts += [
        ev.CheerGiven(rule="roundtable.setup.cheer", seat=duel[1], card=cheer["id"], name=cheer["name"],
                      kind=cheer["kind"]),
        ev.VictoryPointDeckSorted(rule="roundtable.setup.first-game" if opts["first_game"]
                                  else "roundtable.setup.vp-deck", cards=vp),
        ev.DragonVeinTilesGiven(rule="roundtable.setup.dv-tile", seats=duel),
        ev.ShopCardsListed(rule="roundtable.setup.shop", cards={**shop_cards, cheer["id"]: cheer}),
        ev.ShopDeckShuffled(rule="roundtable.setup.shop", order=shop_deck),
    ]
    facts += [ev.ShopCardDealt(rule="roundtable.setup.shop", slot=i + 1, card=card,
                               cost=shop_cards[card]["cost"]) for i, card in enumerate(shop_deck[:3])]
    return facts


def _boss_setup(opts: dict[str, Any], dice) -> list[Event]:
    """Boss Mode: no shop, coins, VP cards or DV Map Tiles; the hands as in 1 vs 1 (our
    reading: the rulebook's Boss Mode setup leaves them as they are)."""
    players = seats(opts)
    board = content.maps()["boss"]
    cards = content.units()
    deck = tuple(dice.shuffled(sorted(cards)))
    facts: list[Event] = [
        ev.GameConfigured(rule="roundtable.boss.setup", seats=players, mode="boss", end="boss", rounds=0),
        ev.MapLaidOut(rule="roundtable.boss.setup", map="boss", name=board["name"], terrain=board["terrain"],
                      zones={seat: tuple(board["zones"][str(i)]) for i, seat in enumerate(players, 1)},
                      work_dv=(), work_coin=()),
        ev.UnitCardsListed(rule="roundtable.setup.unit-deck", cards=cards),
        ev.UnitDeckShuffled(rule="roundtable.setup.unit-deck", order=deck),
    ]
    for i, seat in enumerate(players):
        facts.append(ev.CardsDealt(rule="roundtable.setup.deal", seat=seat,
                                   cards=deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]))
    return facts + boss.setup_facts(opts, players, content.bosses()[opts["boss"]], dice)
