"""The Promised Day, section by section: the rules the audit found without a test.

Each test is named after the rulebook section it checks
(`../shared/rulebooks/promised-day.txt`); positions come from the helpers of
`tests/test_promised_day.py` (positions in the game's own format on the
stand-in board: spaces `1a` innermost to `1c` outermost, and so on).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.context import SYSTEM
from engine.games.promised_day import events as ev
from tests.test_promised_day import (
    EXAMPLE_SOLDIER_CARDS,
    C,
    P,
    game,
    homunculus_turn,
    kinds,
    legal,
    moves,
    rules_known,
    scenario,
    setup_state,
)


# ---- 3. Set Up ----------------------------------------------------------------------------
def test_3_set_up_tiles_characters_decks_hands_bonus_and_round_board():
    state, facts = setup_state(3, characters="ed,mustang,hawkeye", difficulty="normal")
    rules = Counter(f.rule for f in facts)
    for part in (
        "board",
        "tiles",
        "character",
        "deck",
        "hand",
        "bonus",
        "bosses",
        "round-board",
        "soldier-deck",
        "soldiers",
    ):
        assert rules[P + f"setup.{part}"], part
    # the five tiles, shuffled, one face up beside each Area
    assert sorted(state.tiles) == [1, 2, 3, 4, 5] and all(t[2] for t in state.tiles.values())
    assert sorted(t[1] for t in state.tiles.values()) == sorted(k for _, k in C.tiles)
    # each character: its summary, life on the top of its track, 16 cards: 4 in hand
    for c in state.characters:
        assert state.life[c] == C.characters[c].life == state.summary[c][2]
        assert len(state.hands[c]) == 4 and len(state.decks[c]) == 12
        assert sorted(state.hands[c].cards + state.decks[c].cards) == sorted(
            card.id for card in C.characters[c].cards
        )
    # three bonus cards face up, the rest face down (Hawkeye keeps her two)
    assert len(state.bonus_offer) == 3 and len(state.bonus) == 10 - 2 - 3
    # one Homunculus card above each round from the 2nd: the unrevealed bosses and events
    assert [c[0] for c in state.homunculus.cards] == list(range(2, 8))
    pool = {b for b in C.bosses if b not in state.bosses} | {e[0] for e in C.events}
    assert {c[1] for c in state.homunculus.cards} <= pool
    # the soldier deck: thirty cards, less those flipped for the starting soldiers
    flipped = [f for f in facts if isinstance(f, ev.SoldierCardFlipped)]
    assert len(state.soldier_cards) == 30 - len(flipped) and flipped
    assert state.stock == 40 - sum(state.soldiers.values()) - state.damage_track


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_3_set_up_bosses_by_difficulty_on_their_spaces_with_full_life(difficulty):
    state, facts = setup_state(2, difficulty=difficulty)
    assert len(state.bosses) == C.difficulty[difficulty]
    for b, boss in state.bosses.items():
        assert boss.space == C.bosses[b].space and boss.life == C.bosses[b].life
    # a revealed Boss card goes back to the box: it is not on the Round Board
    assert not set(state.bosses) & {c[1] for c in state.homunculus.cards}


def test_3_set_up_soldiers_nine_or_more_with_three_or_four_players():
    for seed_players in (3, 4):
        state, facts = setup_state(seed_players)
        placed = sum(state.soldiers.values()) + state.damage_track
        assert placed >= 9
        # "or more": the last card flipped is placed whole, no card more than needed
        last = [f for f in facts if isinstance(f, ev.SoldierCardFlipped)][-1]
        assert placed - sum(n for n, _ in last.place) < 9


# ---- 5. Game Play: rounds -----------------------------------------------------------------
def test_5_game_play_a_round_after_the_first_opens_with_the_homunculus_turn():
    s = scenario(actions=1, soldier_cards=EXAMPLE_SOLDIER_CARDS)  # Events above the rounds
    s.play("red", "replenish")
    s.play("blue", "walk 1a")
    facts = s.play("blue", "end")
    rules_known(facts)
    assert [f.rule for f in facts][-4:] == [
        P + "round.end",
        P + "round.start-player",
        P + "round.begin",
        P + "homunculus.turn",
    ]
    # the system seat resolves the five steps, then the new Start Player (Al) plays
    for step in ("abilities", "reveal", "march", "appearance", "check"):
        assert game.system_command(s.state, None).notation() == step
        s.play(SYSTEM, step)
    assert s.state.phase == "players" and s.state.current == "al"
    assert game.to_act(s.state) == ("blue",) and s.state.actions_left == 4


# ---- 5. Player Turns ----------------------------------------------------------------------
def test_5_player_turns_each_command_only_in_its_part_of_the_game():
    s = homunculus_turn("", hands={"ed": ("ed-01",)})
    s.expect_violation("red", "attack ed-01", P + "turn.phase")
    s.expect_violation("red", "walk 1a", P + "turn.phase")
    s.expect_violation("red", "discard ed-01", P + "event.no-question")
    players = scenario(hands={"ed": ("ed-01",)})
    players.expect_violation("red", "start 2a", P + "turn.phase")
    players.expect_violation("red", "discard ed-01", P + "event.no-question")
    players.expect_violation("red", "wound ed", P + "event.no-question")
    players.expect_violation("blue", "replenish", P + "turn.order")


def test_5_basic_movement_needs_a_space_of_the_board():
    s = scenario(moved=False)
    s.expect_violation("red", "walk 9z", P + "move.space")
    s.play("red", "walk 1a")
    s.expect_violation("red", "move 9z", P + "move.space")


def test_5_player_turns_a_turn_may_end_with_actions_left():
    s = scenario()
    facts = s.play("red", "end")
    assert kinds(facts) == ["TurnEnded", "TurnBegan"]
    assert facts[0].unused == 4 and facts[0].rule == P + "turn.end-early"
    assert s.state.current == "al"


def test_5_attack_a_card_played_in_an_area_whose_tile_is_done_still_joins_its_circle():
    # Tips: a face-down tile does not stop attacks there; the card still lies in the circle
    s = scenario(hands={"ed": ("ed-05",)}, soldiers={"1a": 1}, flipped=(1,))
    facts = s.play("red", "attack ed-05 1a")
    assert [f.rule for f in facts if isinstance(f, ev.CardPlayed)] == [P + "attack.card-to-circle"]
    assert s.state.circles[1] == ("ed-05",) and s.state.soldiers == {}


def test_5_alchemy_the_two_cards_stay_in_the_circle_of_the_characters_area():
    s = scenario(at={"ed": "3b", "al": "1a"}, hands={"ed": ("ed-01", "ed-02", "ed-03")},
                 soldiers={"3b": 1})
    s.expect_violation("red", "alchemy ed-01 ed-03 3b", P + "alchemy.paired")  # sun and moon
    facts = s.play("red", "alchemy ed-01 ed-02 3b")
    assert [f.rule for f in facts if isinstance(f, ev.CardPlayed)] == [
        P + "alchemy.cards-to-circle"
    ] * 2
    assert s.state.circles[3] == ("ed-01", "ed-02") and s.state.hands["ed"].cards == ("ed-03",)
    assert s.state.actions_left == 3  # one action for the pair


def test_5_reverse_transmutation_circle_a_face_down_tile_is_done():
    circle = ("ed-01", "ed-02", "ed-03", "ed-04")
    s = scenario(at={"ed": "4a", "al": "1a"}, circles={4: circle}, flipped=(4,))
    s.expect_violation("red", "complete", P + "circle.done")
    assert "complete" not in legal(s.state, "red")


# ---- 5. Homunculus Turn -------------------------------------------------------------------
def test_5_homunculus_turn_a_boss_card_marches_and_calls_soldiers_like_an_event():
    # The Boss card shows March areas and a soldier number too: steps 3 and 4 use them.
    card = "envy"
    s = homunculus_turn(
        "abilities", card, round=3, soldiers={"1a": 1}, soldier_cards=EXAMPLE_SOLDIER_CARDS
    )
    s.play(SYSTEM, "reveal")
    assert s.state.bosses["envy"].space == "3b"
    facts = s.play(SYSTEM, "march")
    assert moves(facts) == [("1a", "1b")] and facts[1].rule == P + "march.area"
    facts = s.play(SYSTEM, "appearance")  # Envy's card: "3 or more"
    assert [f.card for f in facts if isinstance(f, ev.SoldierCardFlipped)] == list(
        EXAMPLE_SOLDIER_CARDS[:2])


def test_5_homunculus_turn_march_moves_each_soldier_once():
    # 1a's soldiers reach 1b after 1b's soldiers left it: they do not march again
    card = "event-onslaught"  # Areas 1 and 3 march; Area 3 is empty
    s = homunculus_turn("reveal", card, soldiers={"1a": 2, "1b": 1})
    facts = s.play(SYSTEM, "march")
    assert moves(facts) == [("1b", "1c"), ("1a", "1b"), ("1a", "1b")]
    assert {f.rule for f in facts if isinstance(f, ev.SoldierMoved)} == {P + "march.outward"}
    assert s.state.soldiers == {"1b": 2, "1c": 1}


def test_5_homunculus_turn_a_boss_finding_its_space_full_of_bosses_stands_further_out():
    # Our reading (cannot happen on the stand-in board, one boss per Area): Wrath and Pride
    # fill 3b's two spots, so Envy arrives on 3c, the next space outward with room.
    card = "envy"
    s = homunculus_turn("abilities", card, round=3, bosses={"wrath": ("3b", 4), "pride": ("3b", 5)})
    facts = s.play(SYSTEM, "reveal")
    assert facts[-1].space == "3c" and facts[-1].rule == P + "homunculus.boss-space-full"


def test_7_boss_abilities_sloth_marches_areas_1_2_3_only():
    s = homunculus_turn(
        "", bosses={"sloth": ("2b", 5)}, soldiers={"1c": 1, "2a": 1, "3b": 1, "4a": 1, "5a": 1}
    )
    facts = s.play(SYSTEM, "abilities")
    assert [f.area for f in facts if isinstance(f, ev.AreaMarched)] == [1, 2, 3]
    assert moves(facts) == [("1c", "damage-track"), ("2a", "2b"), ("3b", "3c")]
    assert s.state.soldiers_in("4a") == 1 and s.state.soldiers_in("5a") == 1


def test_7_boss_abilities_pride_wounds_areas_3_4_5_and_wrath_the_outermost_spaces():
    s = homunculus_turn(
        "",
        characters=("ed", "al", "mustang", "scar"),
        players=4,
        at={"ed": "2c", "al": "3a", "mustang": "5c", "scar": "1b"},
        bosses={"pride": ("4b", 5), "wrath": ("1b", 4)},
    )
    facts = s.play(SYSTEM, "abilities")
    hurt = [
        (f.character, f.rule.rsplit(".", 1)[1]) for f in facts if isinstance(f, ev.CharacterDamaged)
    ]
    assert hurt == [
        ("ed", "wound-outermost"),
        ("mustang", "wound-outermost"),
        ("al", "wound-areas-3-4-5"),
        ("mustang", "wound-areas-3-4-5"),
    ]


def test_7_event_cards_discard_one_is_one_card_from_one_player():
    card = "event-fear"
    s = homunculus_turn("abilities", card, hands={"ed": ("ed-01",), "al": ("al-01", "al-02")})
    facts = s.play(SYSTEM, "reveal")
    assert facts[-1].rule == P + "event.discard-one" and s.state.pending == ("discard", 1)
    s.play("blue", "discard al-02")
    assert s.state.pending is None and s.state.hands["ed"].cards == ("ed-01",)
    assert s.state.decks["al"].discards == ("al-02",)


# ---- 7. Transmutation Bonus Card Effects --------------------------------------------------
def test_7_transmutation_bonus_an_empty_bonus_deck_reveals_no_new_card():
    circle = ("ed-01", "ed-02", "ed-03", "ed-04", "ed-05", "ed-06", "ed-07")
    others = ("maria-ross", "jean-havoc", "lan-fan", "fu", "armstrong", "may-chang", "black-hayate")
    s = scenario(at={"ed": "5a", "al": "2a"}, circles={5: circle},
                 bonus=("hohenheim", "winry", "curtis"), bonus_discards=others)  # the deck is empty
    s.play("red", "complete")
    facts = s.play("red", "bonus hohenheim")
    assert kinds(facts)[-1] == "BonusDiscarded" and facts[-1].rule == P + "bonus.discard"
    assert s.state.bonus_offer == ("winry", "curtis") and s.state.bonus.discards[0] == "hohenheim"


def test_7_transmutation_bonus_the_last_bonus_cannot_follow_the_winning_tile():
    # 4. Game End: the fifth tile ends the game before any bonus is chosen
    circle = ("ed-01", "ed-02", "ed-03", "ed-04", "ed-05", "ed-06", "ed-07")
    s = scenario(at={"ed": "5a", "al": "2a"}, circles={5: circle}, flipped=(1, 2, 3, 4))
    facts = s.play("red", "complete")
    assert "QuestionAsked" not in kinds(facts) and game.legal_commands(s.state, "red") == []


# ---- 7. Rule Changes When Playing with 1 or 2 Players -------------------------------------
def test_7_one_or_two_players_win_with_the_remaining_four_tiles():
    # one "3 + 2" tile began face down: the other four win the game
    circle = ("ed-01", "ed-02", "ed-03", "ed-04")
    s = scenario(at={"ed": "4a", "al": "1a"}, circles={4: circle}, flipped=(1, 3, 5))
    assert s.state.tiles[2][2] is True  # one tile still face up besides Area 4's
    s.play("red", "complete")
    assert s.state.result is None
    s2 = scenario(at={"ed": "4a", "al": "1a"}, circles={4: circle}, flipped=(1, 2, 3, 5))
    facts = s2.play("red", "complete")
    assert facts[-1].rule == P + "end.victory"
