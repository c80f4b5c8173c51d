"""The Promised Day's position format (docs/positions/promised_day.md): round
trips over whole games, the defaults a test relies on, every refusal with
the rule it names, and a rulebook case set up in a few lines."""

from __future__ import annotations

import copy
import random

import pytest

from engine.core import position as positions
from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.interchange import export_lines, import_file, verify
from engine.core.position import BadPosition
from engine.core.selfplay import selfplay_one
from engine.core.store import open_store
from engine.kit.testing import Scenario

register("promised_day", "engine.games.promised_day")
game = find_game("promised_day")
P = "promised_day."


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def waiting_steps(store, gid) -> list[int]:
    """The steps where a player is waited for (no command of the system seat is due)."""
    rows = store.rows(gid)
    ends = [r.version - 1 for r in rows[1:] if r.kind != "Happened" and r.data.get("seat") != SYSTEM]
    return [s for s in ends if s > 1] + [rows[-1].version]


# ---- round trips --------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed, options", [
    (1, 1, {}), (2, 2, {"difficulty": "hard"}), (3, 3, {"characters": "hawkeye,greed,scar"}),
    (4, 4, {"empty_stock": "when-needed"}),
])
def test_every_waiting_position_of_a_game_reads_back_as_itself(players, seed, options):
    store = memory()
    gid, _, _ = selfplay_one(store, "promised_day", seed, players, options, "random")
    seats = store.header(gid).seats
    for step in waiting_steps(store, gid)[::4]:
        state = store.session_at(gid, step).state
        written = game.position(state)
        again = game.from_position(copy.deepcopy(written))
        assert game.position(again) == written, step
        for seat in (*seats, SYSTEM):
            assert game.legal_commands(again, seat) == game.legal_commands(state, seat), step
        for seat in (*seats, None, ""):
            assert game.view(again, seat) == game.view(state, seat), (step, seat)
        assert game.to_act(again) == game.to_act(state) and game.prompts(again) == game.prompts(state)


def test_a_game_started_from_a_position_plays_exports_and_verifies():
    store = memory()
    gid, _, _ = selfplay_one(store, "promised_day", 7, 2, {}, "random")
    step = waiting_steps(store, gid)[len(waiting_steps(store, gid)) // 2]
    text = positions.text_of(positions.write(game, store.session_at(gid, step).state))
    new = store.create("promised_day", position=text)
    state = store.live(new).session.state
    seat = game.to_act(state)[0]
    store.issue(new, seat, random.Random(1).choice(game.legal_commands(state, seat)).notation())
    rows = store.rows(new)
    assert verify(store.header(new), rows[1:]) is None
    assert import_file(memory(), "position.jsonl", b"".join(export_lines(store, new))) == new


# ---- defaults -----------------------------------------------------------------------------
def test_an_empty_position_is_eds_first_turn_of_a_two_player_game():
    state = game.from_position({})
    assert state.characters == ("ed", "al") and state.seat_of == {"ed": "red", "al": "blue"}
    assert (state.phase, state.round, state.current, state.moved, state.actions_left) == (
        "players", 1, "ed", True, 4)
    assert state.position == {"ed": "1a", "al": "1a"} and state.life == {"ed": 8, "al": 10}
    assert not state.hands["ed"] and state.decks["ed"].cards[:2] == ("ed-01", "ed-02")
    assert state.stock == 40 and state.soldiers == {} and state.damage_track == 0
    assert [state.tiles[a][0] for a in range(1, 6)] == [
        "three-two-1", "three-two-2", "four-alike", "four-colours", "seven"]
    assert state.bonus_offer == ("maria-ross", "jean-havoc", "lan-fan") and len(state.bonus) == 7
    assert [c[1] for c in state.homunculus.cards] == [
        "event-gather", "event-ambush", "event-fear", "event-onslaught", "event-shadows",
        "event-rumble"]
    assert len(state.soldier_cards) == 30


def test_left_out_cards_follow_the_named_ones_and_companions_keep_their_own():
    state = game.from_position({
        "options": {"players": 3, "characters": ["hawkeye", "ed", "al"]},
        "characters": {"ed": {"hand": ["ed-07"], "deck": ["ed-16"]}},
        "circles": {"2": ["ed-01"]}, "soldier_cards": {"deck": ["soldiers-30"]},
        "bonus": {"discards": ["maria-ross"]}})
    assert state.decks["ed"].cards[:3] == ("ed-16", "ed-02", "ed-03")  # ed-01 lies in a circle
    assert state.companions["hawkeye"] == ("jean-havoc", "black-hayate")
    assert state.bonus_offer == ("lan-fan", "fu", "armstrong")  # not hers, not discarded
    assert state.soldier_cards.cards[0][0] == "soldiers-30" and state.seat_of["al"] == "yellow"


# ---- a rulebook case in a few lines -------------------------------------------------------
def test_the_march_example_set_up_from_a_position():
    # Section 5, "Example of March": two soldiers in 1b, a boss on one of 1c's two spots,
    # three soldiers in 1a; the card (Gather) marches Areas 1 and 5.
    s = Scenario.from_position(game, {
        "phase": "homunculus", "round": 2, "homunculus_step": "reveal",
        "homunculus": {"revealed": {"2": "event-gather"}},
        "soldiers": {"1a": 3, "1b": 2, "5c": 1}, "bosses": {"wrath": {"space": "1c"}}})
    facts = s.play(SYSTEM, "march")
    assert [(f.source, f.target) for f in facts if type(f).__name__ == "SoldierMoved"] == [
        ("1b", "1c"), ("1b", "damage-track"), ("1a", "1b"), ("1a", "1b"),
        ("1a", "damage-track"), ("5c", "damage-track")]


# ---- refusals -----------------------------------------------------------------------------
def every_card(character: str) -> list[str]:
    return [f"{character}-{n:02d}" for n in range(1, 17)]


REFUSALS = [
    # the shape of a position
    ({"round": "two"}, P + "position.section"),
    ({"charcters": {}}, P + "position.section"),
    ({"characters": {"ed": {"lfe": 3}}}, P + "position.section"),
    ({"characters": {"ed": {"hand": "ed-01"}}}, P + "position.section"),
    ({"options": {"players": 5}}, P + "position.section"),
    ({"options": {"characters": ["ed", "ling"]}}, P + "position.options"),
    ({"options": {"players": 3, "characters": ["ed", "al"]}}, P + "position.options"),
    # the phase, the round and the turn
    ({"phase": "dinner"}, P + "position.phase"),
    ({"phase": "players", "round": 0}, P + "position.phase"),
    ({"phase": "homunculus", "round": 1}, P + "round.first"),
    ({"phase": "homunculus", "homunculus_step": "check"}, P + "position.phase"),
    ({"phase": "homunculus", "turn": {"character": "ed"}}, P + "position.phase"),
    ({"phase": "start", "characters": {"ed": {"space": "1a"}, "al": {"space": "2a"}}},
     P + "position.phase"),
    ({"phase": "start", "characters": {"ed": {"space": "1a"}, "al": {"space": "1a"}},
      "options": {"players": 3, "characters": ["ed", "al", "scar"]}}, P + "setup.start-space"),
    ({"result": "victory: why not"}, P + "position.phase"),
    ({"phase": "over"}, P + "position.phase"),
    ({"turn": {"moved": False, "actions_left": 2}}, P + "turn.basic-movement-first"),
    ({"turn": {"actions_left": 0}}, P + "turn.actions"),
    ({"turn": {"actions_left": 5}}, P + "position.section"),
    # characters and spaces
    ({"characters": {"scar": {}}}, P + "position.character"),
    ({"start_player": "scar"}, P + "position.character"),
    ({"characters": {"ed": {"space": None}}}, P + "position.character"),
    ({"characters": {"ed": {"space": "9z"}}}, P + "position.space"),
    ({"characters": {"ed": {"life": 9}}}, P + "position.life"),
    ({"soldiers": {"9z": 1}}, P + "position.space"),
    ({"circles": {"9": []}}, P + "position.space"),
    # tokens and spots
    ({"soldiers": {"1a": 4}}, P + "position.spots"),
    ({"soldiers": {"1b": 1}, "bosses": {"wrath": {}, "sloth": {"space": "1b"}}},
     P + "position.spots"),
    ({"soldiers": {"1a": 3}, "stock": 38}, P + "position.tokens"),
    ({"stock": -1}, P + "position.tokens"),
    # cards in one place each
    ({"characters": {"ed": {"hand": ["ed-01"]}}, "circles": {"1": ["ed-01"]}}, P + "position.card"),
    ({"characters": {"ed": {"hand": ["al-01"]}}}, P + "position.card"),
    ({"characters": {"ed": {"hand": ["ed-01"], "discards": ["ed-01"]}}}, P + "position.card"),
    ({"circles": {"1": ["maria-ross"]}}, P + "position.card"),
    ({"circles": {"1": ["scar-01"]}}, P + "position.card"),
    ({"bonus": {"deck": ["fu"], "offer": ["fu", "winry", "curtis"]}}, P + "position.card"),
    ({"bonus": {"offer": ["unknown-card"]}}, P + "position.card"),
    ({"soldier_cards": {"deck": ["soldiers-01"], "flipped": ["soldiers-01"]}}, P + "position.card"),
    ({"soldier_cards": {"deck": ["soldiers-99"]}}, P + "position.card"),
    ({"options": {"characters": ["hawkeye", "al"]}, "characters": {"hawkeye": {"companions": []}}},
     P + "position.card"),
    ({"options": {"characters": ["hawkeye", "al"]}, "bonus": {"offer": ["jean-havoc"]}},
     P + "setup.companion"),
    ({"options": {"characters": ["greed", "al"]}, "characters": {"greed": {"companions": ["fu",
                                                                                        "winry"]}}},
     P + "companion.card"),
    ({"bonus": {"offer": ["maria-ross", "winry", "curtis", "fu"]}}, P + "setup.bonus"),
    ({"bonus": {"offer": ["maria-ross", "winry"]}}, P + "bonus.reveal-new"),
    # bosses, tiles, Homunculus cards
    ({"bosses": {"envy": {"life": 0}}}, P + "position.boss"),
    ({"bosses": {"envy": {"life": 5}}}, P + "position.boss"),
    ({"bosses": {"ling": {}}}, P + "position.boss"),
    ({"bosses": {"envy": {}}, "defeated": ["envy"]}, P + "position.boss"),
    ({"bosses": {"envy": {}}, "homunculus": {"face_down": {"2": "envy"}}}, P + "position.boss"),
    ({"round": 3, "homunculus": {"revealed": {"2": "envy", "3": "event-fear"}}}, P + "position.boss"),
    ({"tiles": {"1": {"tile": "seven"}}}, P + "position.tile"),
    ({"tiles": {"1": {"tile": "eight"}}}, P + "position.tile"),
    ({"homunculus": {"face_down": {"1": "event-fear"}}}, P + "position.homunculus"),
    ({"round": 3, "homunculus": {"face_down": {"2": "event-fear", "4": "event-gather"},
                                 "revealed": {"3": "event-rumble"}}}, P + "position.homunculus"),
    ({"round": 2, "homunculus": {"revealed": {"3": "event-fear"}}}, P + "position.homunculus"),
    ({"homunculus": {"face_down": {"2": "event-fear", "3": "event-fear"}}}, P + "position.homunculus"),
    # questions nobody could have asked
    ({"question": {"kind": "bonus"}, "phase": "homunculus"}, P + "bonus.choose"),
    ({"question": {"kind": "discard", "left": 1}}, P + "event.no-question"),
    ({"phase": "homunculus", "homunculus_step": "reveal", "question": {"kind": "discard", "left": 2},
      "homunculus": {"revealed": {"2": "event-fear"}},
      "characters": {"ed": {"hand": ["ed-01", "ed-02"]}}}, P + "event.no-question"),
    ({"phase": "homunculus", "homunculus_step": "reveal", "question": {"kind": "wound", "left": 1},
      "homunculus": {"revealed": {"2": "event-fear"}}}, P + "event.no-question"),
    # a game that would already be over
    ({"characters": {"ed": {"life": 0}}}, P + "end.life"),
    ({"damage_track": 7}, P + "end.damage-track"),
    ({"stock": 0}, P + "end.stock"),
    ({"tiles": {str(a): {"face_up": False} for a in range(1, 6)}}, P + "end.victory"),
]


@pytest.mark.parametrize("data, rule", REFUSALS)
def test_an_impossible_position_is_refused_with_the_rule_it_breaks(data, rule):
    with pytest.raises(BadPosition) as refused:
        game.from_position(data)
    assert refused.value.rule == rule, refused.value.reason
    assert rule in game.RULES


def test_the_same_cases_made_possible_are_accepted():
    # A sample of the refusals with the one thing that was wrong put right.
    for data in ({"soldiers": {"1a": 3}}, {"stock": 0, "options": {"empty_stock": "when-needed"}},
                 {"characters": {"ed": {"hand": ["ed-01"], "discards": ["ed-02"]}}},
                 {"round": 3, "homunculus": {"revealed": {"2": "envy", "3": "event-fear"}},
                  "defeated": ["envy"]},
                 {"phase": "homunculus", "homunculus_step": "reveal",
                  "question": {"kind": "discard", "left": 1},
                  "homunculus": {"revealed": {"2": "event-fear"}},
                  "characters": {"ed": {"hand": ["ed-01", "ed-02"]}}},
                 {"phase": "over", "result": "defeat: a test", "characters": {"ed": {"life": 0}}},
                 {"characters": {"ed": {"hand": every_card("ed")}}}):
        game.from_position(data)


def test_the_core_refuses_the_envelope_and_the_game_its_sections():
    written = positions.write(game, game.from_position({}))
    assert positions.parse(game, positions.text_of(written)) == written
    with pytest.raises(BadPosition, match="version"):
        positions.parse(game, {**written, "version": 2})
    with pytest.raises(BadPosition) as refused:
        positions.state_of(game, {**written, "soldiers": {"1a": 4}, "stock": 36})
    assert refused.value.rule == P + "position.spots"
