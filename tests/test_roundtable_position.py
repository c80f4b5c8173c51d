"""The position format of `roundtable` (docs/positions/roundtable.md): round trips
from played games, the defaults a short position takes, a rulebook case set up
from a position, and every refusal with the rule it names."""

from __future__ import annotations

import random

import pytest

from engine.core import position as positions
from engine.core.context import SYSTEM, Context
from engine.core.dice import Dice
from engine.core.game import find_game, register
from engine.core.position import BadPosition
from engine.core.store import open_store
from engine.games.roundtable import events as ev
from engine.kit.testing import Scenario

register("roundtable", "engine.games.roundtable")
game = find_game("roundtable")
BOSS = {"mode": "boss"}


def played(players: int, options: dict, seed: int, steps: int):
    """Every state a seat acts in, over a game of random and greedy bots."""
    state = game.initial_state()
    for fact in game.setup(game.options(players, options), Dice(seed, 1)):
        state = game.evolve(state, fact)
    rng = random.Random(seed)
    for step in range(steps):
        if game.outcome(state) is not None:
            yield state
            return
        seat = game.to_act(state)[0]
        if seat == SYSTEM:
            command = game.system_command(state, None)
        else:
            yield state
            bot = game.BOTS["random" if rng.random() < 0.5 else "greedy"]
            command = bot(state, seat, game.legal_commands(state, seat), rng)
        for fact in game.decide(state, seat, command, Context(Dice(seed, step + 2), None)):
            state = game.evolve(state, fact)


def read_back(state):
    text = positions.text_of(positions.write(game, state))
    return positions.state_of(game, positions.parse(game, text))


# ---- round trips --------------------------------------------------------------------------------
@pytest.mark.parametrize("players, options, seed", [
    (2, {}, 3), (2, {"first_game": "yes", "bump": "any"}, 4), (2, BOSS, 5), (3, {}, 6),
    (4, {"boss": "medeus"}, 7),
])
def test_a_position_reads_back_as_the_same_game(players, options, seed):
    for i, state in enumerate(played(players, options, seed, 400)):
        if i % 4:
            continue
        again = read_back(state)
        assert positions.write(game, again) == positions.write(game, state)
        for seat in (*state.seats, SYSTEM):
            assert game.legal_commands(again, seat) == game.legal_commands(state, seat)
        assert (game.to_act(again), game.prompts(again)) == (game.to_act(state), game.prompts(state))
        for seat in (*state.seats, None, ""):
            assert game.view(again, seat) == game.view(state, seat)


def test_a_game_started_from_a_position_offers_what_the_step_offers():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    state = list(played(2, {}, 11, 60))[-1]
    gid = store.create("roundtable", position=positions.text_of(positions.write(game, state)))
    there = store.live(gid).session.state
    seat = game.to_act(state)[0]
    assert game.legal_commands(there, seat) == game.legal_commands(state, seat)


# ---- what a short position leaves to its defaults -----------------------------------------------
def test_a_short_position_is_p1_s_first_turn_with_everything_else_as_set_up():
    s = Scenario.from_position(game, {"units": {"thief": {"owner": "p1", "square": "C3"}}}).state
    assert (s.phase, s.turn, s.active, s.result) == ("play", 1, "p1", None)
    thief = s.units["thief"]
    assert (thief.slot, thief.damage, thief.exhausted, thief.special) == ("red", 0, False, True)
    assert "thief" not in s.deck and len(s.deck) == 23 and list(s.deck.cards) == sorted(s.deck.cards)
    assert s.shop == ("dragon-shield-1", "dragon-shield-2", "gold-bar-1") and s.vp_deck[:2] == (1, 2)
    assert all(p.hand == () and p.coins == 0 and p.mulliganed for p in s.players.values())


def test_a_short_boss_mode_position_has_the_boss_as_set_up():
    s = Scenario.from_position(game, {"options": {"mode": "boss", "players": 3},
                                      "turn": {"active": "boss"}}).state
    assert (s.turn, s.boss_step, s.asker, s.boss_turns) == (2, "start", "p1", 0)
    assert s.boss_square == "C3" and s.lives == 2 and s.boss_card == sorted(s.boss["cards"])[0]
    assert game.to_act(s) == (SYSTEM,)


def test_the_turn_number_follows_the_seat_whose_turn_it_is():
    assert Scenario.from_position(game, {"turn": {"active": "p2"}}).state.turn == 2
    four = {"options": {"mode": "boss", "players": 4}, "turn": {"active": "p3"}}
    assert Scenario.from_position(game, four).state.turn == 4  # p1, p2, boss, p3


# ---- a rulebook case in a few lines -------------------------------------------------------------
def test_steps_to_combat_set_up_from_a_position():
    # VI. Combat Rules > Steps to Combat.  Red Cavalier (red, ATK 5, SPD 4, Charge: +2 SPD when
    # attacking) attacks Axe Fighter (green, ATK 5, SPD 3, DEF 2, 8 HP).  Red beats green:
    # 5 + 1 - 2 = 4, 4 HP left; the counter, at a disadvantage: 5 - 1 - 2 = 2 on the
    # Cavalier (7 -> 5); SPD 6 against 3, the Cavalier follows up: 4 more, the Axe Fighter falls.
    sc = Scenario.from_position(game, {"units": {"red-cavalier": {"owner": "p1", "square": "C4"},
                                                 "axe-fighter": {"owner": "p2", "square": "C3"}}})
    facts = sc.play("p1", "attack red-cavalier axe-fighter")
    blows = [(e.blow, e.damage, e.hp) for e in facts if isinstance(e, ev.Struck)]
    assert blows == [("attack", 4, 4), ("counter", 2, 5), ("follow-up", 4, 0)]
    assert "axe-fighter" not in sc.state.units and sc.state.player("p1").vp_tokens == 1


# ---- refusals -------------------------------------------------------------------------------------
def unit(owner: str, square: str, **fields) -> dict:
    return {"owner": owner, "square": square, **fields}


FULL_VP = [1, 2, 3, 4, 5, 6, 7, 8, 8]
REFUSED = [
    ({"tactics": {}}, "roundtable.position.field"),
    ({"turn": {"phase": "lunch"}}, "roundtable.position.field"),
    ({"units": {"thief": ["p1", "C3"]}}, "roundtable.position.field"),
    ({"units": {"thief": unit("p1", "C3", hp="five")}}, "roundtable.position.field"),
    ({"players": {"p9": {}}}, "roundtable.position.field"),
    ({"options": {"map": "moon"}}, "roundtable.position.options"),
    ({"options": {"players": "two"}}, "roundtable.position.options"),
    ({"units": {"dragon-king": unit("p1", "C3")}}, "roundtable.position.card"),
    ({"players": {"p1": {"shop_hand": ["a-sword"]}}}, "roundtable.position.card"),
    ({"units": {"thief": unit("p1", "C3"), "archer": unit("p2", "C3")}}, "roundtable.position.occupied"),
    ({"players": {"p1": {"hand": ["thief"]}}, "units": {"thief": unit("p1", "C3")}},
     "roundtable.position.card-twice"),
    ({"discards": ["thief"], "deck": ["thief"]}, "roundtable.position.card-twice"),
    ({"players": {"p1": {"shop_hand": ["vulnerary-1"]}}, "shop": {"row": ["vulnerary-1", None, None]}},
     "roundtable.position.card-twice"),
    ({"players": {"p1": {"hand": ["archer", "thief", "dancer", "healer", "red-mage", "wind-mage",
                                 "sword-hero"]}}}, "roundtable.position.hand"),
    ({"vp_deck": [1, 2]}, "roundtable.position.vp-cards"),
    ({"vp_deck": [2, 1, 3, 4, 5, 6, 7, 8, 8]}, "roundtable.setup.vp-deck"),
    ({"units": {"thief": unit("p1", "G7")}}, "roundtable.map.square"),
    ({"units": {"thief": unit("p1", "C3", hp=0)}}, "roundtable.death.discard"),
    ({"units": {"sword-hero": unit("p1", "C3", slot="blue")}}, "roundtable.deploy.slot-colour"),
    ({"units": {"sword-hero": unit("p1", "C3", slot="1")}}, "roundtable.deploy.slots"),
    ({"units": {"sword-hero": unit("p1", "C3"), "red-mage": unit("p1", "C2")}}, "roundtable.deploy.slot-free"),
    ({"units": {"thief": unit("p1", "C3"), "archer": unit("p1", "C2")}}, "roundtable.deploy.one-gray"),
    ({"units": {"sword-lord": unit("p1", "C3"), "axe-king": unit("p1", "C2")}},
     "roundtable.deploy.one-legendary"),
    ({"units": {"red-cavalier": unit("p1", "B4")}}, "roundtable.terrain.forest"),
    ({"units": {"thief": unit("p1", "C1")}}, "roundtable.terrain.deployment"),
    ({"players": {"p1": {"dv_tile": {"square": "C6", "side": "ruins"}}}}, "roundtable.dv.tile-deployment"),
    ({"players": {"p1": {"dv_tile": {"square": "C3"}}, "p2": {"dv_tile": {"square": "C3"}}}},
     "roundtable.dv.tile-other"),
    ({"players": {"p1": {"dv_tile": {"square": "C3", "side": "ruins"}}}, "units": {"thief": unit("p1", "C3")}},
     "roundtable.terrain.ruins"),
    ({"turn": {"active": "p2", "number": 3}}, "roundtable.turn.order"),
    ({"turn": {"phase": "over"}}, "roundtable.position.turn"),
    ({"turn": {"phase": "mulligan"}, "units": {"thief": unit("p1", "C3")}}, "roundtable.setup.mulligan"),
    ({"mulligan": ["p1"]}, "roundtable.setup.mulligan-once"),
    ({"turn": {"activating": "thief"}, "units": {"thief": unit("p1", "C3")}}, "roundtable.position.pending"),
    ({"attack": {"attacker": "thief", "defender": "archer"}, "units": {"thief": unit("p1", "C3")}},
     "roundtable.position.pending"),
    ({"attack": {"attacker": "thief", "defender": "archer", "asked": "p1"},
      "units": {"thief": unit("p1", "C3"), "archer": unit("p2", "C2")}}, "roundtable.reaction.window"),
    ({"units": {"thief": unit("p1", "C3", combat_bonus=[["def", 2, "Pavise"]])}}, "roundtable.position.pending"),
    ({"turn": {"guest": {"seat": "p2", "unit": "archer"}}, "units": {"archer": unit("p2", "C2")}},
     "roundtable.boss.dancer"),
    ({"shop": {"row": ["annas-cheer", None, None]}}, "roundtable.setup.cheer"),
    ({"boss": {}}, "roundtable.position.mode"),
    ({"options": BOSS, "shop": {}}, "roundtable.position.mode"),
    ({"options": BOSS, "players": {"p1": {"coins": 2}}}, "roundtable.boss.no-shop"),
    ({"options": BOSS, "players": {"p1": {"dv_tile": {"square": "A3"}}}}, "roundtable.boss.dv-uses"),
    ({"options": BOSS, "units": {"thief": unit("p1", "D4", slot="1")}}, "roundtable.boss.tile"),
    ({"options": BOSS, "units": {"thief": unit("p1", "A3", slot="1"), "archer": unit("p1", "A4", slot="2")}},
     "roundtable.boss.deploy-colour"),
    ({"options": BOSS, "boss": {"square": "F6"}}, "roundtable.boss.tile"),
    ({"options": BOSS, "boss": {"summons": {"risen-9": {"square": "A3"}}}}, "roundtable.boss.summon-supply"),
    ({"options": BOSS, "boss": {"summons": {"wyvern-1": {"square": "A3"}}}}, "roundtable.position.card"),
    ({"options": BOSS, "boss": {"summons": {"risen-1": {"square": "A3"}}}, "units": {"thief": unit("p1", "A3")}},
     "roundtable.position.occupied"),
    ({"options": BOSS, "boss": {"hp": {"red": 0, "green": 0, "blue": 0, "gray": 0}}}, "roundtable.boss.life"),
    ({"options": BOSS, "boss": {"card": "grima-gaze", "deck": ["grima-gaze"]}}, "roundtable.position.card-twice"),
    ({"options": BOSS, "turn": {"active": "boss", "number": 1}}, "roundtable.boss.turn-order"),
    ({"options": BOSS, "boss": {"step": "card"}}, "roundtable.position.pending"),
    ({"options": BOSS, "boss": {"news": ["the boss rolls 2", 3]}}, "roundtable.position.field"),
    ({"options": BOSS, "boss": {"news": ["x" * 401]}}, "roundtable.position.field"),
]


@pytest.mark.parametrize("data, rule", REFUSED, ids=[rule for _, rule in REFUSED])
def test_an_impossible_position_is_refused_with_its_rule(data, rule):
    with pytest.raises(BadPosition) as refused:
        game.from_position(data)
    assert refused.value.rule == rule, refused.value
    assert rule in game.RULES


def test_the_whole_vp_deck_and_a_full_game_position_are_accepted():
    assert game.from_position({"vp_deck": FULL_VP}).vp_deck == tuple(FULL_VP)
    assert game.from_position({"options": {"first_game": True}}).vp_deck == tuple(FULL_VP[:-2])
