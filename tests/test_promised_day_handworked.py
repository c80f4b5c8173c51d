"""The Promised Day: cases worked out by hand from the rulebook, section by section.

Each expected fact below was derived from the rulebook text
(`../shared/rulebooks/promised-day.txt`) and the stand-in board of
`fixtures/promised_day/board.toml`, before the engine was asked.  The board:
Areas 1-5, Spaces `Na` (innermost) to `Nc` (outermost); spots per space
1a 3, 1b 2, 1c 2 / 2a 2, 2b 2, 2c 3 / 3a 3, 3b 2, 3c 1 / 4a 2, 4b 3, 4c 2 /
5a 3, 5b 1, 5c 2.  Lines join each Area's chain, the innermost ring
(1a-2a-3a-4a-5a-1a), the outermost ring (1c-...-5c-1c) and the middle
spaces 1b-2b, 3b-4b and 5b-1b.  Distances used below: from 1a, 3b is 3
lines away (1a-2a-3a-3b) and 3c is 4; from 1a the spaces at range 1 are
1b, 2a and 5a.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.core.context import SYSTEM
from engine.core.errors import ImportRejected
from engine.core.interchange import export_lines, import_file
from engine.core.store import open_store
from engine.games.promised_day import events as ev
from engine.kit.testing import LoadedDice, Scenario
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
)


def setup_loaded(players: int, characters: str, difficulty: str = "easy"):
    """Set-up with dice that keep every deck in its content order (no shuffle)."""
    facts = game.setup(game.options(players, {"characters": characters,
                                              "difficulty": difficulty}), LoadedDice())
    rules_known(facts)
    return Scenario(game, facts), facts


def flipped_cards(facts) -> list[str]:
    return [f.card for f in facts if isinstance(f, ev.SoldierCardFlipped)]


def rule_of(facts, kind) -> list[str]:
    return [f.rule for f in facts if type(f).__name__ == kind]


# ---- 3. Set Up ------------------------------------------------------------------------------
def test_3_set_up_two_players_place_four_or_more_starting_soldiers():
    # Section 7 (1-2 players) with section 5 step 4: cards are flipped until at least four
    # tokens stand.  Unshuffled soldier deck: "1 in Area 1" (1a), "2 in Area 1" (1a has
    # three spots: full), "1 in Area 2" (2a): four tokens after three cards, then stop.
    s, facts = setup_loaded(2, "ed,al")
    assert [f.card for f in facts if isinstance(f, ev.SoldierCardFlipped)] == [
        "soldiers-01", "soldiers-02", "soldiers-03"]
    assert s.state.soldiers == {"1a": 3, "2a": 1} and s.state.stock == 36
    assert s.state.damage_track == 0
    # easy difficulty: one Boss card revealed (the first of the sorted pile: Envy), on its
    # space with full life; its card is not among the Round Board's Homunculus cards
    assert {b: (x.space, x.life) for b, x in s.state.bosses.items()} == {"envy": ("3b", 4)}
    assert [c[1] for c in s.state.homunculus.cards] == [
        "kimblee", "pride", "sloth", "wrath", "event-gather", "event-ambush"]
    assert [c[0] for c in s.state.homunculus.cards] == [2, 3, 4, 5, 6, 7]
    # each character: four cards from the top of its own sixteen, life on the top number
    assert {c: h.cards for c, h in s.state.hands.items()} == {
        "ed": ("ed-01", "ed-02", "ed-03", "ed-04"), "al": ("al-01", "al-02", "al-03", "al-04")}
    assert {c: len(d) for c, d in s.state.decks.items()} == {"ed": 12, "al": 12}
    assert s.state.life == {"ed": 8, "al": 10}
    # three bonus cards face up, the other seven face down
    assert s.state.bonus_offer == ("maria-ross", "jean-havoc", "lan-fan")
    assert len(s.state.bonus) == 7


def test_3_set_up_three_players_place_nine_or_more_starting_soldiers():
    # Nine or more with three players: cards 1-6 give 1 + 2 + 1 + 2 + 1 + 2 = 9 tokens;
    # "2 in Area 2" finds 2a (two spots) holding one already, so one goes to 2b.
    s, facts = setup_loaded(3, "ed,al,mustang")
    assert len([f for f in facts if isinstance(f, ev.SoldierCardFlipped)]) == 6
    assert s.state.soldiers == {"1a": 3, "2a": 2, "2b": 1, "3a": 3}
    assert s.state.stock == 31 and s.state.actions_per_turn == 3


def test_3_set_up_hawkeye_and_greed_keep_their_companion_cards_out_of_the_bonus_deck():
    # Hawkeye and Greed take their two Companion cards each before the bonus deck is
    # shuffled: six cards remain, three face up, three face down.
    s, _ = setup_loaded(4, "ed,al,hawkeye,greed")
    assert s.state.companions["hawkeye"] == ("jean-havoc", "black-hayate")
    assert s.state.companions["greed"] == ("lan-fan", "fu")
    assert s.state.bonus_offer == ("maria-ross", "armstrong", "winry")
    assert s.state.bonus.cards == ("hohenheim", "curtis", "may-chang")
    assert s.state.actions_per_turn == 2


def test_3_set_up_solo_two_characters_on_different_spaces_then_round_one_at_once():
    # Solo: one seat plays two characters, each on its own space; with one player a
    # '3 + 2' tile is turned face down first; round 1 has no Homunculus turn.
    s, _ = setup_loaded(1, "scar,mustang")
    assert set(s.state.seat_of.values()) == {"red"} and s.state.actions_per_turn == 4
    s.expect_violation("red", "start 1a", P + "small.flip-tile")
    s.expect_violation("red", "flip 3", P + "small.flip-tile")  # Area 3 holds 4-same-colour
    s.play("red", "flip 2")
    assert [a for a, t in s.state.tiles.items() if not t[2]] == [2]
    s.expect_violation("red", "flip 1", P + "small.flip-tile")  # only one is turned over
    s.play("red", "start 4c")
    s.expect_violation("red", "start 4c", P + "setup.start-space")  # scar stands there
    s.expect_violation("red", "start 0z", P + "move.space")
    facts = s.play("red", "start 4b")
    assert s.state.position == {"scar": "4c", "mustang": "4b"}
    assert kinds(facts) == ["CharacterPlaced", "RoundBegan", "TurnBegan"]
    assert s.state.round == 1 and s.state.current == "scar" and s.state.actions_left == 4


# ---- 4. / 6. Game End Conditions --------------------------------------------------------------
def test_4_game_end_six_tokens_on_the_damage_track_is_not_yet_a_defeat():
    # Kimblee puts one token from the Stock on the track: 5 -> 6 is no defeat.
    s = homunculus_turn("", bosses={"kimblee": ("5b", 3)}, track=5)
    s.play(SYSTEM, "abilities")
    assert s.state.damage_track == 6 and s.state.result is None
    assert game.system_command(s.state, None).notation() == "reveal"


def test_4_game_end_the_seventh_token_on_the_track_ends_the_game_mid_step():
    # Wrath (Area 1) and Kimblee (Area 5): Kimblee's token is the 7th; the game ends there.
    s = homunculus_turn("", bosses={"kimblee": ("5b", 3)}, track=6)
    facts = s.play(SYSTEM, "abilities")
    assert kinds(facts)[-2:] == ["SoldierMoved", "GameLost"]
    assert facts[-1].rule == P + "end.damage-track"
    assert game.to_act(s.state) == () and game.outcome(s.state).startswith("defeat")
    s.expect_violation(SYSTEM, "reveal", "core.game-over")


def test_4_game_end_pride_at_one_life_is_a_defeat_at_two_it_is_not():
    # Pride hurts every character in Areas 3-5: Ed (Area 3) at life 2 survives with 1,
    # Al (Area 5) at life 1 reaches 0: defeat at once.
    s = homunculus_turn("", at={"ed": "3a", "al": "1a"}, bosses={"pride": ("4b", 5)},
                        life={"ed": 2, "al": 1})
    s.play(SYSTEM, "abilities")
    assert s.state.life == {"ed": 1, "al": 1} and s.state.result is None
    s = homunculus_turn("", at={"ed": "3a", "al": "5c"}, bosses={"pride": ("4b", 5)},
                        life={"ed": 2, "al": 1})
    facts = s.play(SYSTEM, "abilities")
    assert [(f.character, f.life) for f in facts if isinstance(f, ev.CharacterDamaged)] == [
        ("ed", 1), ("al", 0)]
    assert facts[-1].rule == P + "end.life"


def test_4_game_end_the_stock_running_out_stops_envy_half_way():
    # One token left in the Stock: Envy's first token empties it, which is a defeat at
    # once (our reading: an empty Stock, not a wanted token); the second never comes.
    s = homunculus_turn("", bosses={"envy": ("3b", 4)}, stock=1)
    facts = s.play(SYSTEM, "abilities")
    assert moves(facts) == [("stock", "3a")] and facts[-1].rule == P + "end.stock"


def test_4_game_end_the_sixth_round_ends_normally_the_seventh_is_a_defeat():
    s = scenario(round=6, turn="al", actions=1)  # the Event cards lie above rounds 2-7
    facts = s.play("blue", "replenish")
    assert "GameLost" not in kinds(facts) and s.state.round == 7
    assert kinds(facts)[-1] == "HomunculusTurnBegan"
    s = scenario(round=7, turn="al", actions=1)
    facts = s.play("blue", "end")
    assert kinds(facts) == ["TurnEnded", "RoundEnded", "GameLost"]
    assert facts[-1].rule == P + "end.rounds"


def test_6_end_of_game_victory_in_the_seventh_round_comes_before_its_end():
    # The last tile flips during round 7 with actions left: the players win at once.
    circle = ("ed-01", "ed-05", "ed-09", "ed-13")  # four red cards
    s = scenario(round=7, at={"ed": "3a", "al": "1a"}, circles={3: circle},
                 flipped=(1, 2, 4, 5))
    facts = s.play("red", "complete")
    assert kinds(facts) == ["ActionTaken", "TileFlipped", "GameWon"]
    assert facts[-1].rule == P + "end.victory" and s.state.result.startswith("victory")


# ---- 5. Game Play: rounds and the Start Player ------------------------------------------------
def test_5_game_play_start_player_marker_passes_left_each_round_with_three_players():
    # Round 1 from Ed (first seat); round 2 from Al, the next seat clockwise; round 3 from
    # Mustang.  Each round after the first opens with the Homunculus turn.
    # Rounds 2 and 3: Events that ask nothing (Fear, a discard, finds every hand empty)
    cards = {"face_down": {"2": "event-gather", "3": "event-fear"}}
    s = scenario(characters=("ed", "al", "mustang"), players=3, turn="ed", homunculus=cards,
                 soldier_cards=EXAMPLE_SOLDIER_CARDS)
    seats = {"ed": "red", "al": "blue", "mustang": "yellow"}
    starts = []
    for _ in range(2):
        for c in s.state.order[s.state.order.index(s.state.current):]:
            if not s.state.moved:
                s.play(seats[c], f"walk {s.state.position[c]}")
            facts = s.play(seats[c], "end")
        starts.append([f.character for f in facts if isinstance(f, ev.StartPlayerPassed)])
        assert kinds(facts)[-1] == "HomunculusTurnBegan" and game.to_act(s.state) == (SYSTEM,)
        for step in ("abilities", "reveal", "march", "appearance", "check"):
            s.play(SYSTEM, step)
    assert starts == [["al"], ["mustang"]]
    assert s.state.order == ("mustang", "ed", "al") and s.state.round == 3
    assert s.state.current == "mustang" and s.state.actions_left == 3


def test_5_game_play_three_players_have_three_actions_each():
    s = scenario(characters=("ed", "al", "mustang"), players=3)
    for left in (2, 1):
        s.play("red", "replenish")
        assert s.state.actions_left == left and s.state.current == "ed"
    facts = s.play("red", "replenish")
    assert kinds(facts)[-2:] == ["TurnEnded", "TurnBegan"] and facts[-2].rule == P + "turn.actions"
    assert s.state.current == "al" and s.state.actions_left == 3 and not s.state.moved


# ---- 5. Homunculus Turn -------------------------------------------------------------------------
def test_5_homunculus_turn_boss_card_on_a_one_spot_space_pushes_its_soldier_out():
    # Kimblee's space 5b has one spot, held by a soldier: that soldier marches to 5c
    # (free) and Kimblee takes the spot; his ability waits for the next Homunculus turn.
    card = "kimblee"
    s = homunculus_turn("abilities", card, soldiers={"5b": 1})
    facts = s.play(SYSTEM, "reveal")
    assert moves(facts) == [("5b", "5c")]
    assert facts[-2].rule == P + "homunculus.boss-pushes-soldier"
    assert s.state.bosses["kimblee"].space == "5b" and s.state.bosses["kimblee"].life == 3
    assert s.state.damage_track == 0 and "BossAbilityActivated" not in kinds(facts)


def test_5_homunculus_turn_march_skips_a_space_a_boss_fills():
    # Area 5: three soldiers in 5a, Kimblee alone fills 5b (one spot), 5c is empty (two
    # spots).  Each soldier of 5a goes one space out, 5b is full so 5c instead; the third
    # finds 5c full too and leaves the board onto the damage track.
    card = "event-shadows"  # Areas 4 and 5 march; Area 4 is empty
    s = homunculus_turn("reveal", card, soldiers={"5a": 3}, bosses={"kimblee": ("5b", 3)})
    facts = s.play(SYSTEM, "march")
    assert moves(facts) == [("5a", "5c"), ("5a", "5c"), ("5a", "damage-track")]
    assert facts[-1].rule == P + "march.off-board" and s.state.damage_track == 1


def test_5_homunculus_turn_march_of_an_area_the_card_does_not_name_leaves_it_alone():
    card = "event-fear"
    s = homunculus_turn("reveal", card, soldiers={"1c": 2, "3c": 1})
    facts = s.play(SYSTEM, "march")
    assert moves(facts) == [("3c", "damage-track")] and s.state.soldiers == {"1c": 2}


def test_5_homunculus_turn_appearance_round_three_has_no_plus_two():
    # "+2" starts in round 4: in round 3 a "3 or more" card stops after "2 in Area 1" and
    # "1 in Area 2, 2 in Area 5" (five tokens, at least three).
    s = homunculus_turn("march", "event-fear", round=3, soldier_cards=EXAMPLE_SOLDIER_CARDS)
    facts = s.play(SYSTEM, "appearance")
    assert flipped_cards(facts) == list(EXAMPLE_SOLDIER_CARDS[:2])
    # two placed already: exactly 2 of "2 or more" (Pride's card, Pride on the board) after
    # one card
    s = homunculus_turn("march", "pride", round=3, bosses={"pride": ("4b", 5)},
                        soldier_cards=EXAMPLE_SOLDIER_CARDS)
    facts = s.play(SYSTEM, "appearance")
    assert flipped_cards(facts) == list(EXAMPLE_SOLDIER_CARDS[:1])
    assert moves(facts) == [("stock", "1a"), ("stock", "1a")]


def test_5_homunculus_turn_appearance_round_seven_adds_two():
    # Round 7 still has "+2": "4 or more" (Shadows) becomes 6: "2 in Area 1", "1 in Area
    # 2, 2 in Area 5" (5 so far), "3 in Area 1" (8), stop.
    s = homunculus_turn("march", "event-shadows", round=7, soldier_cards=EXAMPLE_SOLDIER_CARDS)
    facts = s.play(SYSTEM, "appearance")
    assert flipped_cards(facts) == list(EXAMPLE_SOLDIER_CARDS[:3])


def test_5_damage_check_a_boss_alone_hurts_and_a_neighbouring_space_does_not():
    s = homunculus_turn("appearance", characters=("ed", "al", "mustang"), players=3,
                        at={"ed": "3b", "al": "3a", "mustang": "1a"},
                        bosses={"envy": ("3b", 4)}, soldiers={"1b": 2})
    facts = s.play(SYSTEM, "check")
    assert [(f.character, f.life) for f in facts if isinstance(f, ev.CharacterDamaged)] == [
        ("ed", 7)]
    assert {f.rule for f in facts if isinstance(f, ev.CharacterDamaged)} == {P + "check.damage"}


def test_5_homunculus_turn_gather_then_the_damage_check_hits_the_innermost_space():
    # The Event moves Ed from 2c to 2a (Al, already innermost in 4a, stays); "3 or more"
    # soldiers then appear: "1 in Area 2" and "2 in Area 2" fill 2a (two spots) and put
    # one on 2b, and the Damage Check wounds Ed there.
    s = homunculus_turn("abilities", "event-gather", at={"ed": "2c", "al": "4a"},
                        soldier_cards=("soldiers-03", "soldiers-04"))
    facts = s.play(SYSTEM, "reveal")
    assert [(f.character, f.source, f.target) for f in facts
            if isinstance(f, ev.CharacterMoved)] == [("ed", "2c", "2a")]
    s.play(SYSTEM, "march")
    assert moves(s.play(SYSTEM, "appearance")) == [("stock", "2a"), ("stock", "2a"),
                                                   ("stock", "2b")]
    facts = s.play(SYSTEM, "check")
    assert [f.character for f in facts if isinstance(f, ev.CharacterDamaged)] == ["ed"]


# ---- 5. Player Turns: movement ----------------------------------------------------------------
def test_5_basic_movement_exactly_the_move_of_the_summary():
    # Greed (red, the first seat) moves 3: 3b (three lines from 1a) yes, 3c (four) no.
    s = scenario(characters=("greed", "al"), turn="greed", moved=False)
    s.expect_violation("red", "walk 3c", P + "move.basic")
    facts = s.play("red", "walk 3b")
    assert facts[0].distance == 3 and s.state.position["greed"] == "3b"
    # Al moves 1: 1b, 2a and 5a from 1a, never 1c
    s = scenario(turn="al", moved=False)
    assert {c for c in legal(s.state, "blue") if c.startswith("walk")} == {
        "walk 1a", "walk 1b", "walk 2a", "walk 5a"}
    s.expect_violation("blue", "walk 1c", P + "move.basic")


def test_5_player_turns_the_move_action_may_be_taken_again():
    # The same action may be performed several times: two Moves of two take Ed four lines.
    s = scenario(at={"ed": "1a", "al": "1a"})
    s.play("red", "move 3a")
    s.play("red", "move 3c")
    assert s.state.position["ed"] == "3c" and s.state.actions_left == 2


# ---- 5. Player Turns: Attack -------------------------------------------------------------------
def test_5_attack_range_counts_lines_up_to_the_cards_range():
    # ed-09: 2 damage, range 2.  From 1a, 3a is at range 2, 3b at range 3.
    s = scenario(hands={"ed": ("ed-09",)}, soldiers={"3a": 1, "3b": 1})
    s.expect_violation("red", "attack ed-09 3b", P + "attack.range")
    s.expect_violation("red", "attack ed-09 3a 3b", P + "attack.range")
    # the other point of damage has no target in range: the attack may still be made
    assert {c for c in legal(s.state, "red") if c.startswith("attack")} == {"attack ed-09 3a"}
    facts = s.play("red", "attack ed-09 3a")
    assert moves(facts) == [("3a", "stock")] and s.state.soldiers == {"3b": 1}
    assert s.state.circles[1] == ("ed-09",)  # Ed's Area, not the target's


def test_5_attack_damage_shared_between_a_boss_and_soldiers_in_two_spaces():
    # ed-02: 2 damage, range 1.  One to the soldier in 2a, one to Wrath on Ed's own space.
    s = scenario(hands={"ed": ("ed-02",)}, soldiers={"2a": 1},
                 bosses={"wrath": ("1a", 4)})
    s.expect_violation("red", "attack ed-02 2a 2a", P + "attack.target")  # one soldier only
    s.expect_violation("red", "attack ed-02 wrath wrath 2a", P + "attack.damage")  # 3 > 2
    facts = s.play("red", "attack ed-02 2a wrath")
    assert kinds(facts) == ["ActionTaken", "CardPlayed", "SoldierMoved", "BossDamaged"]
    assert s.state.bosses["wrath"].life == 3 and s.state.stock == 40


def test_5_attack_a_boss_reduced_exactly_to_zero_is_defeated():
    s = scenario(hands={"ed": ("ed-04",)}, bosses={"wrath": ("1a", 2)})
    facts = s.play("red", "attack ed-04 wrath wrath")  # 2 damage, Wrath has 2 life
    assert [(f.boss, f.life) for f in facts if isinstance(f, ev.BossDamaged)] == [("wrath", 0)]
    assert kinds(facts)[-1] == "BossDefeated" and facts[-1].rule == P + "attack.boss-defeated"
    assert s.state.bosses == {} and s.state.defeated == ("wrath",)


def test_5_attack_only_the_character_whose_turn_it_is_plays_a_card_from_its_own_hand():
    s = scenario(hands={"ed": ("ed-01",), "al": ("al-01",)})
    s.expect_violation("red", "attack al-01", P + "attack.card-in-hand")
    s.expect_violation("blue", "attack al-01", P + "turn.order")


# ---- 5. Player Turns: Replenish ----------------------------------------------------------------
def test_5_replenish_the_last_card_of_the_deck_then_no_more():
    s = scenario(hands={"ed": tuple(c.id for c in C.characters["ed"].cards[:15])})
    assert "replenish" in legal(s.state, "red")
    s.play("red", "replenish")
    assert len(s.state.hands["ed"]) == 16 and not s.state.decks["ed"].cards
    assert "replenish" not in legal(s.state, "red")
    s.expect_violation("red", "replenish", P + "action.replenish-empty")


# ---- 5. Player Turns: Alchemy / Alkahestry -----------------------------------------------------
def test_5_alchemy_ed_three_here_and_one_in_each_neighbouring_space_across_areas():
    # Ed at 1a: 3 damage there (a soldier and two to Wrath), 1 in each of 1b, 2a and 5a
    # (range 1, two of them in other Areas); 1c at range 2 is untouched.
    soldiers = {"1a": 1, "1b": 2, "2a": 1, "5a": 1, "1c": 1}
    s = scenario(hands={"ed": ("ed-03", "ed-04")}, soldiers=soldiers,
                 bosses={"wrath": ("1a", 4)})
    s.expect_violation("red", "alchemy ed-03 ed-04 1a 1b 1b 2a 5a wrath wrath",
                       P + "attack.damage")
    s.expect_violation("red", "alchemy ed-03 ed-04 1a 1b 1c 2a 5a wrath", P + "attack.range")
    s.play("red", "alchemy ed-04 ed-03 1a 1b 2a 5a wrath wrath")
    assert s.state.soldiers == {"1b": 1, "1c": 1} and s.state.bosses["wrath"].life == 2
    assert s.state.circles[1] == ("ed-03", "ed-04") and s.state.actions_left == 3


def test_5_alchemy_mustang_hits_his_own_area_only_not_a_linked_space_of_another():
    # Mustang at 2b: 2 there, 1 in each of 2a and 2c; 1b is linked to 2b but is Area 1.
    s = scenario(characters=("mustang", "ed"), turn="mustang",
                 at={"mustang": "2b", "ed": "1a"},
                 hands={"mustang": ("mustang-01", "mustang-02")},
                 soldiers={"2a": 1, "2b": 2, "2c": 2, "1b": 1})
    s.expect_violation("red", "alchemy mustang-01 mustang-02 1b 2a 2b 2b",
                       P + "attack.range")
    s.play("red", "alchemy mustang-01 mustang-02 2a 2b 2b 2c")
    assert s.state.soldiers == {"2c": 1, "1b": 1}


def test_5_alchemy_scar_four_damage_in_his_own_space_to_a_boss_and_a_soldier():
    s = scenario(characters=("scar", "ed"), turn="scar",
                 at={"scar": "3b", "ed": "1a"},
                 hands={"scar": ("scar-05", "scar-06")},
                 soldiers={"3b": 1, "3a": 1}, bosses={"envy": ("3b", 4)})
    s.expect_violation("red", "alchemy scar-05 scar-06 3b envy envy", P + "attack.all-damage")
    s.expect_violation("red", "alchemy scar-05 scar-06 3a envy envy envy", P + "attack.range")
    s.play("red", "alchemy scar-05 scar-06 3b envy envy envy")
    assert s.state.bosses["envy"].life == 1 and s.state.soldiers == {"3a": 1}


def test_5_alchemy_tip_one_card_of_a_pair_may_attack_alone():
    # Tips: paired cards may be used separately for normal Attacks; a single card of a pair
    # is no Alchemy.
    s = scenario(hands={"ed": ("ed-01", "ed-02")}, soldiers={"1a": 1})
    s.expect_violation("red", "alchemy ed-01 ed-01 1a", P + "alchemy.paired")
    s.play("red", "attack ed-01 1a")
    assert s.state.hands["ed"].cards == ("ed-02",) and "alchemy" not in " ".join(legal(s.state, "red"))


# ---- 5. The Reverse Transmutation Circle --------------------------------------------------------
def test_5_reverse_circle_extra_cards_do_not_matter_and_only_ones_own_area_counts():
    # Area 4 "4 different colours": six cards of four colours meet it.  Ed in Area 1 (its
    # circle empty) cannot complete Area 4's circle from there.
    circle = ("ed-01", "ed-05", "ed-02", "ed-06", "ed-03", "ed-04")
    s = scenario(at={"ed": "1a", "al": "4a"}, circles={4: circle})
    s.expect_violation("red", "complete", P + "circle.three-and-two")
    s.play("red", "move 4a")  # 1a-5a-4a
    facts = s.play("red", "complete")
    assert facts[1].rule == P + "circle.four-colours" and s.state.tiles[4][2] is False
    assert s.state.circles[4] == circle  # the cards stay where they lie


def test_5_reverse_circle_as_the_last_action_waits_for_the_bonus_before_the_turn_ends():
    circle = ("ed-01", "ed-05", "ed-09", "ed-02", "ed-06")  # 3 red + 2 blue
    s = scenario(at={"ed": "1a", "al": "1a"}, circles={1: circle}, actions=1,
                 soldiers={"3c": 1}, track=2,
                 bonus=("maria-ross", "jean-havoc", "hohenheim", "winry"))
    facts = s.play("red", "complete")
    assert kinds(facts) == ["ActionTaken", "TileFlipped", "QuestionAsked"]
    assert s.state.current == "ed" and s.state.actions_left == 0
    s.expect_violation("red", "end", P + "bonus.choose")
    s.expect_violation("blue", "bonus hohenheim", P + "turn.order")
    facts = s.play("red", "bonus hohenheim")  # a face-up card of the offer (third)
    assert moves(facts) == [("damage-track", "stock"), ("damage-track", "stock")]
    assert kinds(facts)[-3:] == ["BonusRevealed", "TurnEnded", "TurnBegan"]
    assert s.state.bonus_offer == ("maria-ross", "jean-havoc", "winry")
    assert s.state.current == "al" and s.state.damage_track == 0


def test_5_reverse_circle_black_hayate_completes_four_of_the_same_colour():
    # Three red cards and Black Hayate (any colour) meet "4 cards of the same colour".
    reds = ("ed-01", "ed-05", "ed-09")
    s = scenario(at={"ed": "3a", "al": "1a"}, circles={3: reds})
    s.expect_violation("red", "complete", P + "circle.four-same-colour")
    s = scenario(at={"ed": "3a", "al": "1a"}, circles={3: (*reds, "black-hayate")})
    assert "complete" in legal(s.state, "red")
    s.play("red", "complete")
    assert s.state.tiles[3][2] is False


def test_5_reverse_circle_three_and_two_needs_two_of_a_second_colour():
    # 3 + 2 needs two cards of a second colour: four red and one blue are not enough,
    # four red and two blue are (the fourth red card is a card not needed).
    s = scenario(circles={1: ("ed-01", "ed-05", "ed-09", "ed-13", "ed-02")})
    s.expect_violation("red", "complete", P + "circle.three-and-two")
    s = scenario(circles={1: ("ed-01", "ed-05", "ed-09", "ed-13", "ed-02", "ed-06")})
    s.play("red", "complete")
    assert s.state.tiles[1][2] is False


# ---- 5. Companion (Hawkeye, Greed & Ling Yao) ---------------------------------------------------
def test_5_companion_each_card_once_then_the_action_is_gone():
    # Greed uses Fu (2 damage to one boss) then Lan Fan (move Al anywhere); nothing left.
    s = scenario(characters=("greed", "al"), turn="greed",
                 at={"greed": "1a", "al": "1a"}, bosses={"pride": ("4b", 5)})
    s.play("red", "companion fu pride pride")
    assert s.state.bosses["pride"].life == 3 and s.state.bonus.discards == ("fu",)
    s.expect_violation("red", "companion fu pride pride", P + "companion.card")
    s.expect_violation("red", "companion lan-fan al 1a", P + "bonus.relocate")  # stays
    facts = s.play("red", "companion lan-fan al 3c")
    assert [(f.character, f.target) for f in facts if isinstance(f, ev.CharacterMoved)] == [
        ("al", "3c")]
    assert s.state.companions["greed"] == () and s.state.actions_left == 2
    assert not any(c.startswith("companion") for c in legal(s.state, "red"))
    # the companion cards are discarded, never offered on the Round Board
    assert s.state.bonus.discards == ("lan-fan", "fu")  # most recent first
    assert "fu" not in s.state.bonus_offer + s.state.bonus.cards


# ---- 7. Transmutation Bonus Card Effects --------------------------------------------------------
def _completed(card, **kw):
    """Ed has just completed Area 5's seven-card circle; `card` is face up."""
    circle = ("ed-01", "ed-02", "ed-03", "ed-04", "ed-05", "ed-06", "ed-07")
    s = scenario(at={"ed": "5a", "al": "2a"}, circles={5: circle},
                 bonus=(card, *(b for b in ("hohenheim", "winry", "curtis") if b != card)),
                 **kw)
    s.play("red", "complete")
    return s


def test_7_bonus_maria_ross_one_life_each_to_two_characters():
    s = _completed("maria-ross", life={"ed": 6, "al": 9})
    assert legal(s.state, "red") >= {"bonus maria-ross ed ed", "bonus maria-ross al ed"}
    assert "bonus maria-ross al al" not in legal(s.state, "red")  # Al misses only one
    s.play("red", "bonus maria-ross al ed")
    assert s.state.life == {"ed": 7, "al": 10}


def test_7_bonus_jean_havoc_another_seats_character_draws_and_only_it_sees_the_cards():
    s = _completed("jean-havoc")
    facts = s.play("red", "bonus jean-havoc al al")
    drawn = next(f for f in facts if isinstance(f, ev.CardsDrawn))
    assert drawn.character == "al" and len(drawn.cards) == 2
    assert game.redact(drawn, "red")["cards"] == {"hidden": 2}
    assert game.redact(drawn, "blue")["cards"] == list(drawn.cards)
    assert "hand" not in game.view(s.state, "red")["characters"]["al"]
    rng = random.Random(5)
    assert game.view(game.scramble_hidden(s.state, "red", rng), "red") == game.view(s.state, "red")


def test_7_bonus_armstrong_one_soldier_from_every_area_that_has_any():
    s = _completed("armstrong", soldiers={"1a": 1, "1c": 2, "4b": 1})
    assert {c for c in legal(s.state, "red") if "armstrong" in c} == {
        "bonus armstrong 1a 4b", "bonus armstrong 1c 4b"}
    s.expect_violation("red", "bonus armstrong 1a", P + "bonus.one-per-area")
    s.play("red", "bonus armstrong 1c 4b")
    assert s.state.soldiers == {"1a": 1, "1c": 1}


def test_7_bonus_curtis_three_soldiers_from_one_area_only():
    s = _completed("curtis", soldiers={"4a": 1, "4b": 1, "4c": 1, "3a": 1})
    s.expect_violation("red", "bonus curtis 3a 4a 4b", P + "bonus.three-in-area")
    s.play("red", "bonus curtis 4a 4b 4c")
    assert s.state.soldiers == {"3a": 1} and s.state.stock == 39


def test_7_bonus_van_hohenheim_with_an_empty_track_returns_nothing():
    s = _completed("hohenheim")
    facts = s.play("red", "bonus hohenheim")
    assert moves(facts) == [] and s.state.damage_track == 0 and s.state.stock == 40


def test_7_bonus_winry_one_draws_another_heals():
    s = _completed("winry", life={"ed": 5})
    s.expect_violation("red", "bonus winry al al", P + "bonus.draw-and-heal")  # Al is unhurt
    facts = s.play("red", "bonus winry al ed")
    assert kinds(facts)[2:4] == ["CardsDrawn", "CharacterHealed"]
    assert len(s.state.hands["al"]) == 1 and s.state.life["ed"] == 6


def test_7_bonus_fu_one_damage_each_to_two_bosses_can_defeat_one():
    s = _completed("fu", bosses={"kimblee": ("5b", 1), "envy": ("3b", 4)})
    s.play("red", "bonus fu envy kimblee")
    assert s.state.defeated == ("kimblee",) and s.state.bosses["envy"].life == 3


# ---- 7. Boss Abilities ---------------------------------------------------------------------------
def test_7_boss_abilities_wrath_hurts_outermost_spaces_of_every_area_only():
    s = homunculus_turn("", characters=("ed", "al", "mustang"), players=3,
                        at={"ed": "4c", "al": "4b", "mustang": "1c"},
                        bosses={"wrath": ("1b", 4)})
    facts = s.play(SYSTEM, "abilities")
    assert [f.character for f in facts if isinstance(f, ev.CharacterDamaged)] == [
        "ed", "mustang"]


def test_7_boss_abilities_a_boss_arriving_this_turn_acts_from_the_next_one():
    # Round 2: Pride arrives by its card (no ability).  Round 3: abilities step uses it.
    s = homunculus_turn("", "pride", at={"ed": "4a", "al": "1a"})
    facts = s.play(SYSTEM, "abilities")
    assert "BossAbilityActivated" not in kinds(facts)
    facts = s.play(SYSTEM, "reveal")
    assert "BossAbilityActivated" not in kinds(facts) and s.state.life["ed"] == 8
    later = homunculus_turn("", round=3, at={"ed": "4a", "al": "1a"},
                            bosses={"pride": ("4b", 5)})
    facts = later.play(SYSTEM, "abilities")
    assert [f.character for f in facts if isinstance(f, ev.CharacterDamaged)] == ["ed"]


# ---- 7. Event Card Effects -----------------------------------------------------------------------
def test_7_event_wound_two_on_one_character_at_two_life_is_a_defeat():
    card = "event-onslaught"
    s = homunculus_turn("abilities", card, life={"ed": 2})
    s.play(SYSTEM, "reveal")
    assert s.state.pending == ("wound", 2) and game.to_act(s.state) == ("red", "blue")
    s.play("red", "wound ed")
    assert s.state.life["ed"] == 1 and s.state.pending == ("wound", 1)
    facts = s.play("red", "wound ed")
    assert facts[-1].rule == P + "end.life" and s.state.result.startswith("defeat")


def test_7_event_wound_two_shared_between_two_seats_then_the_turn_goes_on():
    card = "event-onslaught"
    s = homunculus_turn("abilities", card)
    s.play(SYSTEM, "reveal")
    s.play("blue", "wound al")
    s.expect_violation("blue", "wound ed", P + "event.wound-own")
    s.play("red", "wound ed")
    assert s.state.life == {"ed": 7, "al": 9} and s.state.pending is None
    assert game.system_command(s.state, None).notation() == "march"


def test_7_event_discard_two_from_one_seat_holding_both_cards():
    card = "event-ambush"
    s = homunculus_turn("abilities", card, hands={"ed": ("ed-01", "ed-02")})
    s.play(SYSTEM, "reveal")
    assert game.to_act(s.state) == ("red",)  # Al holds nothing: only Ed's seat answers
    s.expect_violation("blue", "discard ed-01", P + "event.discard-own")
    (prompt,) = game.prompts(s.state)
    assert prompt.seat == "red" and set(prompt.choices) == {"discard ed-01", "discard ed-02"}
    s.play("red", "discard ed-01")
    s.play("red", "discard ed-02")
    assert not s.state.hands["ed"] and s.state.decks["ed"].discards == ("ed-02", "ed-01")  # latest first
    assert s.state.circles == {1: (), 2: (), 3: (), 4: (), 5: ()}  # discards are no circle


# ---- 7. Rule Changes When Playing with 1 or 2 Players --------------------------------------------
def test_7_two_players_flip_a_three_and_two_tile_then_four_tiles_remain():
    s, _ = setup_loaded(2, "ed,al")
    assert legal(s.state, "red") == {"flip 1", "flip 2"}
    s.expect_violation("blue", "flip 1", P + "small.flip-tile")  # the first seat answers
    s.play("red", "flip 1")
    assert sum(1 for t in s.state.tiles.values() if t[2]) == 4


# ---- Tips, refusals and hidden hands ---------------------------------------------------------
def test_7_tips_alchemy_in_an_area_whose_tile_is_face_down_still_adds_to_its_circle():
    s = scenario(characters=("scar", "ed"), turn="scar",
                 at={"scar": "2a", "ed": "1a"}, flipped=(2,),
                 hands={"scar": ("scar-01", "scar-02")}, soldiers={"2a": 2})
    s.play("red", "alchemy scar-01 scar-02 2a 2a")
    assert s.state.circles[2] == ("scar-01", "scar-02") and s.state.soldiers == {}
    s.expect_violation("red", "complete", P + "circle.done")


def test_5_player_turns_refusals_name_their_rule_and_change_nothing():
    # Outside its turn a seat may do nothing; the Homunculus steps are the system's; a
    # space off the board, a card not held, a pair that is not a pair: each refused.
    s = scenario(hands={"ed": ("ed-01", "ed-03"), "al": ("al-01",)},
                 moved=False)
    for seat, text, rule in (
        ("blue", "walk 1a", P + "turn.order"),
        ("red", "attack ed-01", P + "turn.basic-movement-first"),
        ("red", "march", "core.system"),
        (SYSTEM, "walk 1a", "core.system"),
        ("red", "walk 9z", P + "move.space"),
        ("red", "bonus maria-ross", P + "bonus.choose"),
        ("red", "flip 1", P + "turn.phase"),
        ("red", "wound ed", P + "event.no-question"),
    ):
        s.expect_violation(seat, text, rule)
    s.play("red", "walk 1a")
    for seat, text, rule in (
        ("red", "attack al-01", P + "attack.card-in-hand"),
        ("red", "alchemy ed-01 ed-03", P + "alchemy.paired"),
        ("red", "companion fu", P + "companion.who"),
        ("red", "attack ed-01 wrath", P + "attack.target"),
        ("red", "walk 1b", P + "move.basic-once"),
    ):
        s.expect_violation(seat, text, rule)
    assert s.state.actions_left == 4 and s.state.hands["ed"].cards == ("ed-01", "ed-03")


def test_3_set_up_hands_are_secret_between_seats_and_open_in_a_solo_game():
    duo = scenario(hands={"ed": ("ed-01",), "al": ("al-02",)})
    for seat, own, other in (("red", "ed", "al"), ("blue", "al", "ed")):
        shown = game.view(duo.state, seat)["characters"]
        assert "hand" in shown[own] and "hand" not in shown[other]
        assert shown[other]["hand_size"] == 1
    solo = scenario(players=1, hands={"ed": ("ed-01",), "al": ("al-02",)})
    shown = game.view(solo.state, "red")["characters"]
    assert list(shown["ed"]["hand"]) == ["ed-01"] and list(shown["al"]["hand"]) == ["al-02"]
    # the Companion cards lie open beside the summary: every seat sees them
    comp = scenario(characters=("hawkeye", "al"), turn="hawkeye")
    assert game.view(comp.state, "")["characters"]["hawkeye"]["companions"] == [
        "jean-havoc", "black-hayate"]


def test_7_bonus_readings_fewer_targets_than_the_card_names():
    # Our readings (rule table): the Curtises take all of a chosen Area holding fewer than
    # three; Winry's heal is "none" when nobody is hurt; May Chang with one soldier on the
    # board removes that one.
    s = _completed("curtis", soldiers={"2b": 1, "4b": 3})
    assert {c for c in legal(s.state, "red") if "curtis" in c} == {
        "bonus curtis 2b", "bonus curtis 4b 4b 4b"}
    s.play("red", "bonus curtis 2b")
    assert s.state.soldiers == {"4b": 3}
    s = _completed("winry")
    assert {c for c in legal(s.state, "red") if "winry" in c} == {
        "bonus winry al none", "bonus winry ed none"}
    s = _completed("may-chang", soldiers={"3c": 1})
    s.expect_violation("red", "bonus may-chang 3c 3c", P + "bonus.remove-two")
    s.play("red", "bonus may-chang 3c")
    assert s.state.soldiers == {}


def test_5_appearance_example_as_printed():
    # The printed example, on our spots: Area 1's innermost space has two free spots and
    # Area 1 then one spot left (1b full, 1c one of two); Area 2's innermost space is full.
    # "6 or more" (Shadows' 4 and 2 in round 4): "2 in Area 1" fills 1a; "1 in Area 2, 2 in Area 5" puts one on the second
    # innermost space of Area 2 and two on Area 5's innermost; five placed, so a third card:
    # "3 in Area 1" has one spot (1c), two tokens go to the damage track; eight placed, done.
    s = homunculus_turn("march", "event-shadows", round=4, soldiers={"1a": 1, "1b": 2, "1c": 1, "2a": 2},
                        soldier_cards=EXAMPLE_SOLDIER_CARDS)
    facts = s.play(SYSTEM, "appearance")
    assert flipped_cards(facts) == list(EXAMPLE_SOLDIER_CARDS[:3])
    assert moves(facts) == [("stock", "1a"), ("stock", "1a"), ("stock", "2b"), ("stock", "5a"),
                            ("stock", "5a"), ("stock", "1c"), ("stock", "damage-track"),
                            ("stock", "damage-track")]
    assert rule_of(facts, "SoldierMoved")[-2:] == [P + "appearance.off-board"] * 2
    assert s.state.damage_track == 2 and s.state.stock == 40 - 6 - 8


# ---- A fact means what it says (issue #22): a draw takes the card it names --------------------
def _facts_naming_the_second_card(state):
    """A draw, a bonus reveal, a soldier card flip and a Homunculus reveal, each naming
    the card just under the one the rules would take."""
    rule = P + "setup.numbers"
    flipped = state.soldier_cards.cards[1]
    card = next(c for c in state.homunculus.cards if c[0] == 3)  # above round 3, not 2
    return [
        ev.CardsDrawn(rule=rule, character="ed", seat="red", cards=(state.decks["ed"].cards[1],)),
        ev.BonusRevealed(rule=rule, card=state.bonus.cards[1]),
        ev.SoldierCardFlipped(rule=rule, card=flipped[0], place=flipped[1]),
        ev.HomunculusCardRevealed(rule=rule, round=2, card=card[1], kind=card[2], what=card[3],
                                  march=card[4], soldiers=card[5]),
    ]


def test_5_replenish_a_fact_that_draws_one_card_while_naming_another_does_not_fit():
    # Set-up with unshuffled decks: Ed's deck has ed-05 on top, then ed-06.  A fact that
    # says Ed drew ed-06 cannot leave ed-05 in his hand: it does not fit the game.
    s, _ = setup_loaded(2, "ed,al")
    assert s.state.decks["ed"].cards[:2] == ("ed-05", "ed-06")
    drawn = ev.CardsDrawn(rule=P + "action.replenish", character="ed", seat="red", cards=("ed-05",))
    assert game.evolve(s.state, drawn).hands["ed"].cards[-1] == "ed-05"
    for fact in _facts_naming_the_second_card(s.state):
        with pytest.raises(ValueError, match="the fact"):
            game.evolve(s.state, fact)


def test_5_homunculus_turn_a_tampered_record_is_refused_where_its_fact_does_not_fit():
    # The same through an import: Ed's first card of the set-up hand changed in the file.
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("promised_day", seed=5, players=2)
    lines = b"".join(export_lines(store, gid)).decode().splitlines()
    n = next(i for i, line in enumerate(lines) if '"CardsDrawn"' in line)
    record = json.loads(lines[n])
    deck = next(json.loads(line)["data"]["cards"] for line in lines
                if '"CharacterDeckShuffled"' in line and '"ed"' in line)
    record["data"]["cards"][0] = deck[4][0]  # the fifth card, still in the deck
    lines[n] = json.dumps(record)
    with pytest.raises(ImportRejected, match="does not fit the game"):
        import_file(open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}), "x.jsonl",
                    "\n".join(lines).encode())


# ---- 7. Boss Abilities: Envy, our reading ------------------------------------------------------
def test_7_boss_abilities_envy_places_as_in_an_appearance_by_our_reading_and_says_so():
    # "Place two Mannequin Soldier tokens in Area 3": the rulebook does not say where in the
    # Area.  Our reading places them as an Appearance does (3a has three spots, one free:
    # the first token there, the second on 3b, where Envy holds one of two spots), and
    # every token cites that reading, which the rule table labels as ours.
    s = homunculus_turn("", bosses={"envy": ("3b", 4)}, soldiers={"3a": 2})
    facts = s.play(SYSTEM, "abilities")
    assert moves(facts) == [("stock", "3a"), ("stock", "3b")]
    assert rule_of(facts, "SoldierMoved") == [P + "boss.envy-as-appearance"] * 2
    assert rule_of(facts, "BossAbilityActivated") == [P + "boss.two-soldiers-area-3"]
    assert "our reading" in game.RULES[P + "boss.envy-as-appearance"].explanation
    # full Area 3: both tokens leave for the damage track, citing the same reading
    s = homunculus_turn("", bosses={"envy": ("3b", 4)}, soldiers={"3a": 3, "3b": 1, "3c": 1})
    facts = s.play(SYSTEM, "abilities")
    assert moves(facts) == [("stock", "damage-track")] * 2
    assert rule_of(facts, "SoldierMoved") == [P + "boss.envy-as-appearance"] * 2
