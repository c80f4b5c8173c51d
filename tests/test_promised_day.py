"""Rule tests for `promised_day`: The Promised Day, the co-op game of Central City.

Rulebook: `../shared/rulebooks/promised-day.txt`, sections 3 (Set Up), 4/6
(Game End), 5 (Game Play: the Homunculus turn and the player turns) and 7
(Effects).  Scenarios start from a described position in the game's own
position format (`position(...)` below, docs/positions/promised_day.md), so
each test knows where every token stands and which card lies on top of
which deck.  The board is the stand-in Central City of
`fixtures/promised_day/board.toml`:
Areas 1-5, Spaces `1a` (innermost) to `1c` (outermost), and so on.
"""

from __future__ import annotations

import pytest

from engine.core.context import SYSTEM
from engine.core.dice import Dice
from engine.core.errors import BadOptions
from engine.core.game import find_game, register
from engine.games.promised_day import content
from engine.games.promised_day import events as ev
from engine.kit.testing import LoadedDice, Scenario

register("promised_day", "engine.games.promised_day")
game = find_game("promised_day")


def legal(state, seat) -> set[str]:
    return {c.notation() for c in game.legal_commands(state, seat)}


P = "promised_day."
C = content.load()
TILES = ((1, "three-two-1", "three-and-two"), (2, "three-two-2", "three-and-two"),
         (3, "four-alike", "four-same-colour"), (4, "four-colours", "four-colours"),
         (5, "seven", "seven-cards"))
OFFER = ("maria-ross", "jean-havoc", "may-chang", "hohenheim", "winry")
# Soldier cards of the printed Appearance example: "2 in Area 1", "1 in Area 2, 2 in Area 5",
# "3 in Area 1", then "1 in Area 4".
EXAMPLE_SOLDIER_CARDS = ("soldiers-02", "soldiers-15", "soldiers-11", "soldiers-07")


def position(characters=("ed", "al"), players=2, at=None, hands=None, soldiers=None, bosses=None,
             track=0, stock=None, soldier_cards=(), homunculus=None, bonus=OFFER,
             bonus_discards=(), circles=None, flipped=(), life=None, round=1, turn="ed",
             moved=True, actions=None, empty_stock="at-once", phase="players", step=""):
    """A described position (docs/positions/promised_day.md) in the words of a test: the
    characters (seats red, blue, ... in this order; a solo player's both red) on `at`
    (else 1a) with `hands` and `life`; soldiers {space: n}; bosses {boss: (space, life)};
    `soldier_cards` on top of the soldier deck; `homunculus` cards {"face_down" or
    "revealed": {round: card}} (else the Event cards in content order); `bonus` the
    face-up three then the top of the bonus deck (less a chosen companion's own cards);
    `circles` {area: cards}; `flipped` tiles face down.  The rest takes the defaults."""
    data = {
        "options": {"players": players, "characters": list(characters), "empty_stock": empty_stock},
        "phase": phase, "round": round, "homunculus_step": step,
        "characters": {c: {"space": (at or {}).get(c, "1a"), "hand": list((hands or {}).get(c, ())),
                           **({"life": life[c]} if life and c in life else {})}
                       for c in characters},
        "soldiers": dict(soldiers or {}), "damage_track": track,
        "bosses": {b: {"space": space, "life": hp} for b, (space, hp) in (bosses or {}).items()},
        "tiles": {str(a): {"face_up": False} for a in flipped},
        "circles": {str(a): list(cards) for a, cards in (circles or {}).items()},
        "soldier_cards": {"deck": list(soldier_cards)},
    }
    if phase != "homunculus":
        del data["homunculus_step"]
    if phase == "players":
        left = {1: 4, 2: 4, 3: 3, 4: 2}[players] if actions is None else actions
        data["turn"] = {"character": turn, "moved": moved, "actions_left": left}
    if stock is not None:
        data["stock"] = stock
    if homunculus is not None:
        data["homunculus"] = homunculus
    owned = {b[0] for b in C.bonus if b[3] in characters}
    cards = [b for b in bonus if b not in owned]
    data["bonus"] = {"offer": cards[:3], "deck": cards[3:], "discards": list(bonus_discards)}
    return data


def scenario(**kw) -> Scenario:
    """A Scenario from `position(**kw)`."""
    return Scenario.from_position(game, position(**kw))


def homunculus_turn(step: str, card: str | None = None, **kw) -> Scenario:
    """A position in the Homunculus turn of `round` (2 unless told) with `step` just
    resolved; `card` lies above the round, face up once the reveal step is past."""
    kw.setdefault("round", 2)
    if card:
        part = "revealed" if step in ("reveal", "march", "appearance") else "face_down"
        kw["homunculus"] = {part: {str(kw["round"]): card}}
    return scenario(phase="homunculus", step=step, turn=None, **kw)


def moves(facts) -> list[tuple[str, str]]:
    return [(f.source, f.target) for f in facts if isinstance(f, ev.SoldierMoved)]


def kinds(facts) -> list[str]:
    return [type(f).__name__ for f in facts]


def rules_known(facts) -> None:
    for f in facts:
        assert f.rule in game.RULES, f.rule


# ---- 3. Set Up ----------------------------------------------------------------------------
def test_options_defaults_and_refusals():
    assert game.options(None, {}) == {"players": 2, "characters": ["ed", "al"],
                                      "difficulty": "easy", "empty_stock": "at-once"}
    assert game.seats(game.options(1, {})) == ("red",)
    assert game.seats(game.options(4, {})) == ("red", "blue", "yellow", "green")
    for players, raw in ((1, {"characters": "ed"}), (3, {"characters": "ed,al,al"}),
                         (3, {"characters": "ed,scar,ling"}), (2, {"difficulty": "mild"}),
                         (2, {"colour": "red"}), (5, {}), (2, {"empty_stock": "never"})):
        with pytest.raises(BadOptions):
            game.options(players, raw)


def setup_state(players, **raw):
    facts = game.setup(game.options(players, raw), Dice(7, 1))
    rules_known(facts)
    return Scenario(game, facts).state, facts


def test_solo_setup_two_characters_open_hands_and_a_three_two_tile_to_flip():
    state, facts = setup_state(1)
    assert state.characters == ("ed", "al") and set(state.seat_of.values()) == {"red"}
    assert all(len(h) == 4 for h in state.hands.values())
    assert state.actions_per_turn == 4
    # "4 or more" soldiers with 1-2 players, counted on the board and the damage track
    assert 4 <= sum(state.soldiers.values()) + state.damage_track <= 6
    assert len(state.bonus_offer) == 3 and len(state.bosses) == 1  # easy: one boss
    assert len(state.homunculus) == 6 and state.phase == "start"
    # the one seat sees both hands
    assert all("hand" in ch for ch in game.view(state, "red")["characters"].values())
    # the players choose which "3 + 2" tile starts face down, before the starting spaces
    three_two = sorted(a for a, t in state.tiles.items() if t[1] == "three-and-two")
    assert [c.notation() for c in game.legal_commands(state, "red")] == [
        f"flip {a}" for a in three_two]
    s = Scenario(game, state=state)
    s.expect_violation("red", "start 1a", P + "small.flip-tile")
    other = next(a for a in range(1, 6) if a not in three_two)
    s.expect_violation("red", f"flip {other}", P + "small.flip-tile")
    s.play("red", f"flip {three_two[1]}")
    assert [a for a, t in s.state.tiles.items() if not t[2]] == [three_two[1]]
    assert all(c.verb == "start" for c in game.legal_commands(s.state, "red"))


def test_four_players_nine_soldiers_two_actions_and_bosses_by_difficulty():
    state, _ = setup_state(4, characters="ed,al,hawkeye,scar", difficulty="hard")
    assert sum(state.soldiers.values()) + state.damage_track >= 9
    assert all(t[2] for t in state.tiles.values())  # no tile flipped with 3-4 players
    assert state.actions_per_turn == 2 and len(state.bosses) == 3
    assert state.companions["hawkeye"] == ("jean-havoc", "black-hayate")
    assert "black-hayate" not in state.bonus.cards + state.bonus_offer
    assert len(state.bonus.cards + state.bonus_offer) == 8
    # the Homunculus cards: the two Boss cards not revealed and four of the six Events
    kinds_dealt = sorted(c[2] for c in state.homunculus.cards)
    assert [c[0] for c in state.homunculus.cards] == [2, 3, 4, 5, 6, 7]
    assert kinds_dealt.count("boss") <= 2


def test_hawkeye_and_greed_play_together_each_with_their_own_companion_cards():
    # Each takes "the corresponding" two cards: both may be chosen in one game.
    state, facts = setup_state(3, characters="hawkeye,greed,ed")
    assert state.companions == {"hawkeye": ("jean-havoc", "black-hayate"),
                                "greed": ("lan-fan", "fu"), "ed": ()}
    taken = [f.rule for f in facts if isinstance(f, ev.CompanionCardsTaken)]
    assert taken == [P + "setup.companion"] * 2
    assert sorted(state.bonus.cards + state.bonus_offer) == sorted(
        b[0] for b in C.bonus if not b[3])


def test_starting_spaces_differ_and_round_one_has_no_homunculus_turn():
    state, _ = setup_state(2)
    s = Scenario(game, state=state)
    s.play("red", game.legal_commands(s.state, "red")[0].notation())  # flip a "3 + 2" tile
    assert game.to_act(s.state) == ("red", "blue")  # the players place in any order
    s.play("blue", "start 1a")
    assert game.to_act(s.state) == ("red",)
    s.expect_violation("red", "start 1a", P + "setup.start-space")  # 1a is Al's
    s.expect_violation("blue", "start 2a", P + "setup.start-space")  # Al stands already
    facts = s.play("red", "start 2a")
    assert kinds(facts) == ["CharacterPlaced", "RoundBegan", "TurnBegan"]
    assert s.state.round == 1 and s.state.phase == "players"
    assert game.to_act(s.state) == ("red",)


# ---- Movement (worked example) ------------------------------------------------------------
def test_movement_example_characters_and_enemies_do_not_block():
    # Ed (move 2) goes from 1c to 1a through 1b, where a boss and a soldier stand;
    # Al already stands on 1a.
    s = scenario(at={"ed": "1c", "al": "1a"}, soldiers={"1b": 1},
                 bosses={"wrath": ("1b", 4)}, moved=False)
    s.expect_violation("red", "replenish", P + "turn.basic-movement-first")
    s.expect_violation("red", "walk 2a", P + "move.basic")  # 3 spaces away
    facts = s.play("red", "walk 1a")
    assert kinds(facts) == ["CharacterMoved", "ActionsBegan"]
    assert s.state.position == {"ed": "1a", "al": "1a"} and facts[0].distance == 2
    s.expect_violation("red", "walk 1b", P + "move.basic-once")


def test_move_action_costs_an_action_and_like_basic_movement_may_stay():
    s = scenario(at={"ed": "1a", "al": "1a"})
    s.expect_violation("red", "move 3c", P + "action.move")   # 3 lines away, move 2
    s.play("red", "move 2b")                                   # 1a-2a-2b: two lines
    assert s.state.position["ed"] == "2b" and s.state.actions_left == 3
    facts = s.play("red", "move 2b")                           # "up to": no distance at all
    assert kinds(facts) == ["ActionTaken"] and s.state.actions_left == 2


# ---- 3. March (worked example) ------------------------------------------------------------
def test_march_example_outermost_first_full_spaces_skipped_off_board_to_the_track():
    # Area 1: two soldiers in 1b; a boss holds one of the two spots of 1c;
    # three soldiers in 1a.  The card marches Areas 1 and 5.
    s = homunculus_turn("reveal", "event-gather", soldiers={"1a": 3, "1b": 2, "5c": 1},
                        bosses={"wrath": ("1c", 4)})
    facts = s.play(SYSTEM, "march")
    rules_known(facts)
    assert moves(facts) == [
        ("1b", "1c"),            # one takes the free spot beside the boss
        ("1b", "damage-track"),  # the other finds 1c full and leaves the board
        ("1a", "1b"), ("1a", "1b"),  # the innermost three follow...
        ("1a", "damage-track"),  # ...the third finds 1b and 1c full
        ("5c", "damage-track"),  # then Area 5 (areas in ascending order)
    ]
    assert [f.area for f in facts if isinstance(f, ev.AreaMarched)] == [1, 5]
    assert s.state.damage_track == 3 and s.state.soldiers == {"1b": 2, "1c": 1}


# ---- 4. Appearance (worked example) -------------------------------------------------------
def flipped_cards(facts) -> list[str]:
    return [f.card for f in facts if isinstance(f, ev.SoldierCardFlipped)]


def test_appearance_example_six_or_more_with_overflow_to_the_damage_track():
    # "6 or more": the Shadows card's 4, plus 2 in the fourth round
    s = homunculus_turn("march", "event-shadows", round=4, soldiers={"1a": 3, "1b": 1, "2a": 2},
                        soldier_cards=EXAMPLE_SOLDIER_CARDS)
    facts = s.play(SYSTEM, "appearance")
    rules_known(facts)
    assert flipped_cards(facts) == list(EXAMPLE_SOLDIER_CARDS[:3])
    assert moves(facts) == [
        ("stock", "1b"), ("stock", "1c"),      # "2 in Area 1": innermost free spots first
        ("stock", "2b"),                       # 2a is full: the second innermost space
        ("stock", "5a"), ("stock", "5a"),
        ("stock", "1c"),                       # "3 in Area 1": one spot left...
        ("stock", "damage-track"), ("stock", "damage-track"),  # ...two damage the city
    ]
    assert s.state.damage_track == 2 and s.state.stock == 40 - 6 - 8


def test_appearance_adds_two_from_the_fourth_round():
    s = homunculus_turn("march", "event-fear", round=4, soldier_cards=EXAMPLE_SOLDIER_CARDS)
    facts = s.play(SYSTEM, "appearance")
    # 3 + 2 = 5: "2 in Area 1", then "1 in Area 2, 2 in Area 5" makes exactly 5
    assert flipped_cards(facts) == list(EXAMPLE_SOLDIER_CARDS[:2])


def test_an_empty_soldier_deck_is_reshuffled_from_its_flipped_cards():
    every_card = [card for card, _ in C.soldier_cards]
    position_ = position(phase="homunculus", round=2, step="march", turn=None)
    position_["soldier_cards"] = {"deck": [], "flipped": every_card}
    s = Scenario.from_position(game, position_)
    facts = s.play(SYSTEM, "appearance", dice=LoadedDice())  # the flipped order, unshuffled
    assert kinds(facts)[1:3] == ["SoldierDeckShuffled", "SoldierCardFlipped"]
    assert facts[1].rule == P + "appearance.reshuffle" and facts[2].card == every_card[0]


# ---- 5. Damage Check ----------------------------------------------------------------------
def test_damage_check_one_damage_per_character_in_a_space_with_enemies():
    s = homunculus_turn("appearance", characters=("ed", "al", "mustang"), players=3,
                        at={"ed": "1a", "al": "2a", "mustang": "3a"},
                        soldiers={"1a": 2, "3a": 1}, bosses={"wrath": ("1a", 4)})
    facts = s.play(SYSTEM, "check")
    assert [(f.character, f.damage) for f in facts if isinstance(f, ev.CharacterDamaged)] == [
        ("ed", 1), ("mustang", 1)]
    # the Homunculus turn is over: the Start Player's turn begins
    assert kinds(facts)[-1] == "TurnBegan" and game.to_act(s.state) == ("red",)


def test_the_homunculus_turn_runs_its_steps_in_order_as_the_system_seat():
    s = homunculus_turn("")
    assert game.to_act(s.state) == (SYSTEM,)
    assert game.system_command(s.state, None).notation() == "abilities"
    s.expect_violation(SYSTEM, "march", P + "homunculus.order")
    s.expect_violation("red", "abilities", "core.system")
    assert game.legal_commands(s.state, "red") == []


# ---- Boss abilities -----------------------------------------------------------------------
def test_boss_abilities_in_ascending_area_order():
    s = homunculus_turn("", characters=("ed", "al", "mustang"), players=3,
                        at={"ed": "1c", "al": "4a", "mustang": "2b"},
                        soldiers={"1a": 1, "2a": 1},
                        bosses={"kimblee": ("5b", 3), "envy": ("3b", 4), "wrath": ("1b", 4),
                                "pride": ("4b", 5), "sloth": ("2b", 5)})
    facts = s.play(SYSTEM, "abilities")
    rules_known(facts)
    assert [f.boss for f in facts if isinstance(f, ev.BossAbilityActivated)] == [
        "wrath", "sloth", "envy", "pride", "kimblee"]
    hurt = [(f.character, f.rule) for f in facts if isinstance(f, ev.CharacterDamaged)]
    assert hurt == [("ed", P + "boss.wound-outermost"), ("al", P + "boss.wound-areas-3-4-5")]
    assert moves(facts) == [
        ("1a", "1b"),            # Sloth marches Area 1 (Wrath holds only one spot of 1b)
        ("2a", "2b"),            # and Area 2 (Sloth itself holds one spot of 2b); Area 3 is empty
        ("stock", "3a"), ("stock", "3a"),   # Envy: two soldiers into Area 3, innermost first
        ("stock", "damage-track"),          # Kimblee
    ]
    assert [f.area for f in facts if isinstance(f, ev.AreaMarched)] == [1, 2, 3]


# ---- 2. The Homunculus card ---------------------------------------------------------------
def test_a_boss_card_pushes_a_soldier_out_by_march_rules_then_arrives():
    card = "envy"
    s = homunculus_turn("abilities", card, round=3, soldiers={"3b": 2, "3c": 1})
    facts = s.play(SYSTEM, "reveal")
    rules_known(facts)
    assert kinds(facts) == ["HomunculusStepBegan", "HomunculusCardRevealed", "SoldierMoved",
                            "BossArrived"]
    # 3c (one spot) is full too, so the pushed soldier leaves the board
    assert moves(facts) == [("3b", "damage-track")]
    assert facts[-1].space == "3b" and s.state.bosses["envy"].life == 4
    assert not any(isinstance(f, ev.BossAbilityActivated) for f in facts)


def test_a_boss_card_on_a_space_full_of_soldiers_pushes_one_to_the_next_free_space():
    # 3b (two spots) is full of soldiers, 3c has room: one soldier marches into 3c and
    # the boss takes its spot in 3b, its own space.
    card = "envy"
    s = homunculus_turn("abilities", card, round=3, soldiers={"3b": 2})
    facts = s.play(SYSTEM, "reveal")
    assert moves(facts) == [("3b", "3c")]
    assert facts[-1].space == "3b" and facts[-1].rule == P + "homunculus.boss-arrives"
    assert s.state.soldiers == {"3b": 1, "3c": 1}
    # with a free spot in its space, nothing moves
    s = homunculus_turn("abilities", card, round=3, soldiers={"3b": 1})
    facts = s.play(SYSTEM, "reveal")
    assert moves(facts) == [] and s.state.bosses["envy"].space == "3b"


def test_event_gather_moves_every_character_to_the_innermost_space_of_its_area():
    card = "event-gather"
    s = homunculus_turn("abilities", card, at={"ed": "2c", "al": "4a"})
    facts = s.play(SYSTEM, "reveal")
    assert [(f.character, f.target) for f in facts if isinstance(f, ev.CharacterMoved)] == [
        ("ed", "2a")]


def test_event_discard_two_is_a_question_any_seat_with_cards_answers():
    card = "event-ambush"
    s = homunculus_turn("abilities", card, hands={"ed": ("ed-01", "ed-02"), "al": ("al-03",)})
    s.play(SYSTEM, "reveal")
    assert s.state.pending == ("discard", 2) and game.system_command(s.state, None) is None
    assert game.to_act(s.state) == ("red", "blue")
    (prompt, _) = game.prompts(s.state)
    assert prompt.seat == "red" and "discuss and decide" in prompt.question
    assert prompt.choices == ("discard ed-01", "discard ed-02")
    s.expect_violation("red", "discard al-03", P + "event.discard-own")
    s.play("blue", "discard al-03")
    assert game.to_act(s.state) == ("red",)
    s.play("red", "discard ed-02")
    assert s.state.pending is None and s.state.decks["ed"].discards == ("ed-02",)
    assert game.system_command(s.state, None).notation() == "march"


def test_event_discards_as_many_as_possible_and_none_with_empty_hands():
    card = "event-ambush"
    s = homunculus_turn("abilities", card, hands={"al": ("al-03",)})
    s.play(SYSTEM, "reveal")
    assert s.state.pending == ("discard", 1)
    empty = homunculus_turn("abilities", "event-fear")
    facts = empty.play(SYSTEM, "reveal")
    assert "QuestionAsked" not in kinds(facts) and empty.state.pending is None


def test_event_wound_two_is_shared_as_the_players_decide():
    card = "event-rumble"
    s = homunculus_turn("abilities", card)
    s.play(SYSTEM, "reveal")
    s.expect_violation("red", "wound al", P + "event.wound-own")
    s.play("red", "wound ed")
    s.play("red", "wound ed")
    assert s.state.life["ed"] == C.characters["ed"].life - 2 and s.state.pending is None


# ---- Attack (worked example) --------------------------------------------------------------
def test_attack_example_one_soldier_at_range_one_and_one_damage_to_wrath():
    # Ed plays [range 1, damage 2]: a soldier in 1b (range 1), and Wrath (3 life) in 1a
    s = scenario(at={"ed": "1a", "al": "3a"}, hands={"ed": ("ed-02", "ed-07")},
                 soldiers={"1b": 1}, bosses={"wrath": ("1a", 3)})
    facts = s.play("red", "attack ed-02 wrath 1b")
    rules_known(facts)
    assert moves(facts) == [("1b", "stock")]
    assert s.state.bosses["wrath"].life == 2
    assert s.state.circles[1] == ("ed-02",) and s.state.actions_left == 3


def test_attack_range_capacity_and_all_damage_guards():
    s = scenario(at={"ed": "1a", "al": "3a"}, hands={"ed": ("ed-02", "ed-01")},
                 soldiers={"1b": 1, "1c": 2}, bosses={"wrath": ("1a", 3)})
    s.expect_violation("red", "attack ed-02 1c 1c", P + "attack.range")        # range 2
    s.expect_violation("red", "attack ed-02 1b 1b", P + "attack.target")       # one soldier
    s.expect_violation("red", "attack ed-02 1b", P + "attack.all-damage")      # 1 of 2 dealt
    s.expect_violation("red", "attack ed-02 lab 1b", P + "attack.target")
    s.expect_violation("red", "attack ed-09 1b wrath", P + "attack.card-in-hand")
    assert "attack ed-02 1b wrath" in {c.notation() for c in game.legal_commands(s.state, "red")}


def test_an_attack_with_no_target_may_still_be_played():
    s = scenario(hands={"ed": ("ed-05",)})
    facts = s.play("red", "attack ed-05")
    assert kinds(facts) == ["ActionTaken", "CardPlayed"]
    assert "attack ed-05" in {c.notation() for c in game.legal_commands(
        scenario(hands={"ed": ("ed-05",)}).state, "red")}


def test_a_boss_at_zero_life_leaves_the_board():
    s = scenario(hands={"ed": ("ed-05",)}, bosses={"wrath": ("1a", 2)})
    facts = s.play("red", "attack ed-05 wrath wrath")  # 3 damage, but Wrath has 2 life
    assert kinds(facts)[-2:] == ["BossDamaged", "BossDefeated"]
    assert "wrath" not in s.state.bosses and s.state.defeated == ("wrath",)


# ---- Alchemy (worked example) and each character's special --------------------------------
def test_alchemy_example_ed_three_here_and_one_in_each_space_at_range_one():
    s = scenario(at={"ed": "1a", "al": "3c"}, hands={"ed": ("ed-01", "ed-02")},
                 soldiers={"1a": 1, "1b": 1, "2a": 2}, bosses={"wrath": ("1a", 2)})
    facts = s.play("red", "alchemy ed-02 ed-01 1a wrath wrath 1b 2a")
    rules_known(facts)
    assert "wrath" not in s.state.bosses
    assert s.state.soldiers == {"2a": 1}  # one soldier per space at range 1
    assert s.state.circles[1] == ("ed-01", "ed-02")
    s2 = scenario(at={"ed": "1a", "al": "3c"}, hands={"ed": ("ed-01", "ed-02")},
                  soldiers={"1a": 1, "1b": 1, "2a": 2},
                  bosses={"wrath": ("1a", 2)})
    s2.expect_violation("red", "alchemy ed-01 ed-02 1a wrath wrath 1b 2a 2a",
                        P + "attack.damage")   # only one damage in each space at range 1
    s2.expect_violation("red", "alchemy ed-01 ed-02 1a wrath 1b 2a", P + "attack.all-damage")


def test_alchemy_needs_paired_icons_and_an_alchemist():
    s = scenario(hands={"ed": ("ed-01", "ed-03")})
    s.expect_violation("red", "alchemy ed-01 ed-03", P + "alchemy.paired")
    h = scenario(characters=("hawkeye", "al"), players=2, turn="hawkeye",
                 hands={"hawkeye": ("hawkeye-01", "hawkeye-02")})
    h.expect_violation("red", "alchemy hawkeye-01 hawkeye-02", P + "alchemy.who")


@pytest.mark.parametrize("who, pair, where, soldiers, targets, left", [
    # Al: 3 damage anywhere within range 3
    ("al", ("al-01", "al-02"), "1a", {"1c": 1, "4a": 1, "3b": 1, "3c": 1}, "1c 3b 4a",
     {"3c": 1}),  # 3c is 4 lines away
    # Mustang: 2 here, 1 in each other space of his Area
    ("mustang", ("mustang-01", "mustang-02"), "1b", {"1b": 2, "1a": 2, "1c": 1, "2b": 1},
     "1a 1b 1b 1c", {"1a": 1, "2b": 1}),
    # Scar: 4 damage in his own space
    ("scar", ("scar-01", "scar-02"), "2a", {"2a": 2, "2b": 1}, "2a 2a", {"2b": 1}),
])
def test_each_characters_alchemy_or_alkahestry(who, pair, where, soldiers, targets, left):
    s = scenario(characters=(who, "ed"), players=2, turn=who,
                 at={who: where, "ed": "5c"}, hands={who: pair},
                 soldiers=soldiers)
    s.play("red", f"alchemy {pair[0]} {pair[1]} {targets}")  # the first character's seat
    assert s.state.soldiers == left


# ---- Replenish, and the turn's end --------------------------------------------------------
def test_replenish_draws_and_an_empty_deck_cannot():
    s = scenario()
    facts = s.play("red", "replenish")
    assert kinds(facts) == ["ActionTaken", "CardsDrawn"] and len(s.state.hands["ed"]) == 1
    every_card = tuple(c.id for c in C.characters["ed"].cards)
    scenario(hands={"ed": every_card}).expect_violation("red", "replenish",
                                                         P + "action.replenish-empty")


def test_the_last_action_ends_the_turn_and_the_round_passes_the_start_player():
    s = scenario(actions=1)
    facts = s.play("red", "replenish")
    assert kinds(facts)[-2:] == ["TurnEnded", "TurnBegan"] and s.state.current == "al"
    s.play("blue", "walk 1a")
    facts = s.play("blue", "end")
    assert kinds(facts) == ["TurnEnded", "RoundEnded", "StartPlayerPassed", "RoundBegan",
                            "HomunculusTurnBegan"]
    assert s.state.order == ("al", "ed") and s.state.round == 2
    assert game.to_act(s.state) == (SYSTEM,)


# ---- The Reverse Transmutation Circle -----------------------------------------------------
# Cards by colour (ed's cards): red ed-01 ed-05 ed-09 ed-13, blue ed-02 ed-06 ed-10 ed-14,
# yellow ed-03 ed-07 ed-11 ed-15, green ed-04 ed-08 ed-12 ed-16.
@pytest.mark.parametrize("area, cards, met", [
    (1, ("ed-01", "ed-05", "ed-09", "ed-02", "ed-06"), True),             # 3 red + 2 blue
    (1, ("ed-01", "ed-05", "ed-02", "ed-06", "ed-03"), False),            # 2 + 2 + 1
    (1, ("ed-01", "ed-05", "ed-09", "ed-13", "ed-02"), False),            # 4 red + 1 blue
    (1, ("ed-01", "ed-05", "ed-02", "ed-06", "black-hayate"), True),      # the wild third
    (3, ("ed-01", "ed-05", "ed-09", "ed-13"), True),                      # 4 of one colour
    (3, ("ed-01", "ed-05", "ed-09", "ed-02", "ed-03", "ed-04"), False),   # only 3 alike
    (4, ("ed-01", "ed-02", "ed-03", "ed-04"), True),                      # 4 colours
    (4, ("ed-01", "ed-02", "ed-03", "ed-05", "ed-06"), False),            # 3 colours
    (4, ("ed-01", "ed-02", "ed-03", "black-hayate"), True),
    (5, ("ed-01", "ed-02", "ed-03", "ed-05", "ed-06", "ed-07", "ed-09"), True),  # 7 cards
    (5, ("ed-01", "ed-02", "ed-03", "ed-05", "ed-06", "ed-07"), False),           # 6 cards
])
def test_each_tile_condition_at_and_just_below_its_threshold(area, cards, met):
    s = scenario(at={"ed": f"{area}a", "al": "1a"}, circles={area: cards})
    kind = TILES[area - 1][2]
    assert ("complete" in {c.notation() for c in game.legal_commands(s.state, "red")}) == met
    if met:
        facts = s.play("red", "complete")
        assert [f.area for f in facts if isinstance(f, ev.TileFlipped)] == [area]
        assert facts[1].rule == P + f"circle.{kind}"
    else:
        s.expect_violation("red", "complete", P + f"circle.{kind}")


def test_reverse_circle_example_then_a_bonus_is_chosen_and_a_new_one_revealed():
    # Al (the first seat, red) in Area 4 ("4 cards of 4 different colours"), four colours in its circle
    s = scenario(characters=("al", "ed"), turn="al", at={"al": "4a", "ed": "1a"},
                 circles={4: ("al-01", "al-02", "al-03", "al-04")},
                 soldiers={"2a": 1, "3b": 2}, life={"ed": 3})
    facts = s.play("red", "complete")
    assert kinds(facts) == ["ActionTaken", "TileFlipped", "QuestionAsked"]
    assert s.state.tiles[4][2] is False and game.to_act(s.state) == ("red",)
    (prompt,) = game.prompts(s.state)
    assert "maria-ross ed ed" in " ".join(prompt.choices)
    s.expect_violation("red", "replenish", P + "bonus.choose")
    s.expect_violation("red", "bonus hohenheim", P + "bonus.choose")  # still in the deck
    facts = s.play("red", "bonus may-chang 2a 3b")
    assert kinds(facts) == ["QuestionAnswered", "BonusChosen", "SoldierMoved", "SoldierMoved",
                            "BonusDiscarded", "BonusRevealed"]
    assert s.state.soldiers == {"3b": 1} and s.state.bonus_offer == ("maria-ross", "jean-havoc",
                                                                     "hohenheim")


def test_companions_cannot_complete_a_circle():
    s = scenario(characters=("greed", "al"), turn="greed",
                 at={"greed": "5a", "al": "1a"},
                 circles={5: ("al-01", "al-02", "al-03", "al-04", "al-05", "al-06",
                                             "al-07")})
    s.expect_violation("red", "complete", P + "circle.who")


# ---- Transmutation Bonus effects ----------------------------------------------------------
@pytest.mark.parametrize("card, kw, command, check", [
    ("maria-ross", {"life": {"ed": 3, "al": 7}}, "bonus maria-ross al ed",
     lambda s: (s.life["ed"], s.life["al"]) == (4, 8)),
    ("maria-ross", {"life": {"ed": 7}}, "bonus maria-ross ed",   # never above starting life
     lambda s: s.life["ed"] == C.characters["ed"].life == 8),
    ("jean-havoc", {}, "bonus jean-havoc al al", lambda s: len(s.hands["al"]) == 2),
    ("lan-fan", {}, "bonus lan-fan al 5c", lambda s: s.position["al"] == "5c"),
    ("fu", {"bosses": {"wrath": ("1b", 4), "pride": ("4b", 5)}}, "bonus fu pride wrath",
     lambda s: (s.bosses["wrath"].life, s.bosses["pride"].life) == (3, 4)),
    ("armstrong", {"soldiers": {"1a": 2, "1b": 1, "3c": 1}}, "bonus armstrong 1b 3c",
     lambda s: s.soldiers == {"1a": 2}),
    ("winry", {"life": {"al": 5}}, "bonus winry ed al",
     lambda s: s.life["al"] == 6 and len(s.hands["ed"]) == 1),
    ("hohenheim", {"track": 3}, "bonus hohenheim", lambda s: (s.damage_track, s.stock) == (1, 39)),
    ("curtis", {"soldiers": {"2a": 2, "2c": 2, "1a": 1}}, "bonus curtis 2a 2c 2c",
     lambda s: s.soldiers == {"2a": 1, "1a": 1}),
    ("may-chang", {"soldiers": {"2a": 2, "5c": 1}}, "bonus may-chang 2a 5c",
     lambda s: s.soldiers == {"2a": 1}),
    ("black-hayate", {}, "bonus black-hayate 3",
     lambda s: s.circles[3] == ("black-hayate",) and "black-hayate" not in s.bonus.discards),
])
def test_each_transmutation_bonus_effect(card, kw, command, check):
    circle = ("ed-01", "ed-02", "ed-03", "ed-04", "ed-05", "ed-06", "ed-07")
    s = scenario(at={"ed": "5a", "al": "2a"}, circles={5: circle},
                 bonus=(card, *(b for b in ("hohenheim", "winry", "curtis") if b != card)),
                 **kw)
    s.play("red", "complete")
    assert command in {c.notation() for c in game.legal_commands(s.state, "red")}
    s.play("red", command)
    assert check(s.state)


def test_companion_uses_one_of_its_bonus_cards_as_an_action():
    s = scenario(characters=("greed", "al"), turn="greed",
                 at={"greed": "1a", "al": "1a"},
                 bosses={"wrath": ("1b", 4)})
    s.expect_violation("red", "companion maria-ross", P + "companion.card")
    facts = s.play("red", "companion fu wrath wrath")
    assert kinds(facts) == ["ActionTaken", "BonusChosen", "BossDamaged", "BonusDiscarded"]
    assert s.state.companions["greed"] == ("lan-fan",) and s.state.bonus.discards == ("fu",)
    assert s.state.actions_left == 3


def test_hawkeyes_black_hayate_joins_a_circle_as_any_colour():
    # Hawkeye's Companion action puts Black Hayate into any Area's circle, where it
    # completes a "4 colours" tile for Al with three colours there.
    s = scenario(characters=("hawkeye", "al"), turn="hawkeye",
                 at={"hawkeye": "1a", "al": "4a"},
                 circles={4: ("al-01", "al-02", "al-03")})
    facts = s.play("red", "companion black-hayate 4")
    assert kinds(facts) == ["ActionTaken", "BonusChosen", "BonusPlacedInCircle"]
    assert s.state.circles[4][-1] == "black-hayate" and s.state.companions["hawkeye"] == (
        "jean-havoc",)
    ed = scenario()
    ed.expect_violation("red", "companion fu wrath wrath", P + "companion.who")


# ---- Game end: each condition at the instant it occurs ------------------------------------
def test_the_seventh_token_on_the_damage_track_ends_the_game_mid_march():
    card = "event-gather"
    s = homunculus_turn("reveal", card, soldiers={"1c": 2, "5c": 2}, track=5)
    facts = s.play(SYSTEM, "march")
    assert kinds(facts)[-1] == "GameLost" and facts[-1].rule == P + "end.damage-track"
    assert "AreaMarched" not in kinds(facts)[3:]  # Area 5 never marches
    assert game.outcome(s.state).startswith("defeat") and game.to_act(s.state) == ()


def test_a_character_at_zero_life_is_a_defeat_at_once():
    s = homunculus_turn("appearance", at={"ed": "1a", "al": "1a"}, soldiers={"1a": 1},
                        life={"ed": 1, "al": 1})
    facts = s.play(SYSTEM, "check")
    assert kinds(facts) == ["HomunculusStepBegan", "CharacterDamaged", "GameLost"]
    assert facts[-1].rule == P + "end.life"


def test_an_empty_stock_is_a_defeat_the_moment_the_last_token_leaves_it():
    card = "event-shadows"
    s = homunculus_turn("march", card, stock=2, soldier_cards=EXAMPLE_SOLDIER_CARDS)
    facts = s.play(SYSTEM, "appearance")
    assert moves(facts) == [("stock", "1a"), ("stock", "1a")]
    assert facts[-1].rule == P + "end.stock"


def test_with_empty_stock_when_needed_the_defeat_waits_for_a_token_to_be_wanted():
    card = "event-shadows"
    s = homunculus_turn("march", card, stock=2, soldier_cards=EXAMPLE_SOLDIER_CARDS,
                        empty_stock="when-needed")
    facts = s.play(SYSTEM, "appearance")
    assert moves(facts) == [("stock", "1a"), ("stock", "1a")]  # the Stock is empty now...
    assert kinds(facts)[-2:] == ["SoldierCardFlipped", "GameLost"]  # ...and the next is wanted
    assert facts[-1].rule == P + "end.stock-needed"


def test_kimblee_puts_a_token_from_the_stock_on_the_damage_track():
    s = homunculus_turn("", bosses={"kimblee": ("5b", 3)}, stock=1, empty_stock="when-needed")
    facts = s.play(SYSTEM, "abilities")
    assert moves(facts) == [("stock", "damage-track")]
    assert s.state.stock == 0 and s.state.result is None  # not yet lost with when-needed


def test_the_end_of_the_seventh_round_is_a_defeat():
    s = scenario(round=7, turn="al", actions=1, characters=("ed", "al"))
    facts = s.play("blue", "replenish")
    assert kinds(facts)[-2:] == ["RoundEnded", "GameLost"] and facts[-1].rule == P + "end.rounds"


def test_victory_the_instant_the_fifth_tile_flips():
    circle = ("ed-01", "ed-02", "ed-03", "ed-04")
    s = scenario(at={"ed": "4a", "al": "1a"}, circles={4: circle},
                 flipped=(1, 2, 3, 5))
    facts = s.play("red", "complete")
    assert kinds(facts) == ["ActionTaken", "TileFlipped", "GameWon"]
    assert game.outcome(s.state).startswith("victory")


# ---- Hidden hands -------------------------------------------------------------------------
def test_each_seat_sees_its_own_hand_only_and_draws_are_redacted():
    import random
    s = scenario(hands={"ed": ("ed-01",), "al": ("al-01",)})
    red = game.view(s.state, "red")["characters"]
    assert list(red["ed"]["hand"]) == ["ed-01"] and "hand" not in red["al"]
    assert red["ed"]["hand"]["ed-01"] == list(s.state.cards["ed-01"])  # colour, damage, range, icon
    assert red["al"]["hand_size"] == 1
    assert "hand" not in game.view(s.state, "")["characters"]["ed"]  # a spectator
    (drawn,) = (f for f in scenario(turn="al").play("blue", "replenish")
                if isinstance(f, ev.CardsDrawn))
    assert game.redact(drawn, "red")["cards"] == {"hidden": 1}
    assert game.redact(drawn, "blue")["cards"] == ["al-01"]  # the top of Al's deck
    rng = random.Random(3)
    for seat in ("red", "blue", ""):
        assert game.view(game.scramble_hidden(s.state, seat, rng), seat) == game.view(s.state, seat)


# ---- Further rules of the audit ------------------------------------------------------------
def test_actions_per_character_follow_the_player_count():
    for players, actions in ((1, 4), (2, 4), (3, 3), (4, 2)):
        state, _ = setup_state(players)
        assert state.actions_per_turn == actions
        assert len(state.characters) == (2 if players <= 2 else players)


def test_envy_places_two_soldiers_in_area_3_and_overflow_damages_the_city():
    # Area 3 has one free spot left (3a, 3b and 3c hold 3 + 2 + 1 spots; Envy holds one)
    s = homunculus_turn("", bosses={"envy": ("3b", 4)}, soldiers={"3a": 3, "3b": 1})
    facts = s.play(SYSTEM, "abilities")
    assert moves(facts) == [("stock", "3c"), ("stock", "damage-track")]
    assert facts[-1].rule == P + "boss.envy-as-appearance" and s.state.damage_track == 1


def test_fu_can_defeat_a_boss_and_hohenheim_returns_what_the_track_holds():
    circle = ("ed-01", "ed-02", "ed-03", "ed-04", "ed-05", "ed-06", "ed-07")
    s = scenario(at={"ed": "5a", "al": "2a"}, circles={5: circle},
                 bosses={"kimblee": ("5b", 1), "wrath": ("1b", 4)},
                 bonus=("fu", "hohenheim", "winry", "curtis"))
    s.play("red", "complete")
    # Kimblee has one life: two damage to him alone cannot be dealt, one goes to Wrath
    assert "bonus fu kimblee kimblee" not in {c.notation() for c in
                                              game.legal_commands(s.state, "red")}
    facts = s.play("red", "bonus fu kimblee wrath")
    assert "BossDefeated" in kinds(facts) and s.state.defeated == ("kimblee",)
    one = scenario(at={"ed": "5a", "al": "2a"}, circles={5: circle}, track=1,
                   bonus=("hohenheim", "fu", "winry", "curtis"))
    one.play("red", "complete")
    one.play("red", "bonus hohenheim")
    assert (one.state.damage_track, one.state.stock) == (0, 40)


def test_in_a_solo_game_the_start_player_marker_passes_to_the_other_character():
    s = scenario(players=1, turn="al", actions=1)
    facts = s.play("red", "replenish")
    assert [f.character for f in facts if isinstance(f, ev.StartPlayerPassed)] == ["al"]
    assert s.state.order == ("al", "ed")


def test_legal_commands_on_a_busy_position_are_sorted_and_each_is_accepted():
    # Al (range-3 Alchemy) among soldiers and bosses: over a thousand ways to share damage
    hand = ("al-01", "al-02", "al-03", "al-04", "al-05", "al-06", "al-08", "al-12")
    soldiers = {"1a": 2, "1b": 1, "2a": 2, "2b": 1, "2c": 3, "3a": 2, "3b": 1, "4a": 2,
                "4b": 2, "5a": 3, "5c": 2}
    busy = position(characters=("al", "ed"), turn="al", at={"al": "3a", "ed": "1a"},
                     hands={"al": hand}, soldiers=soldiers,
                     bosses={"wrath": ("1b", 4), "envy": ("3b", 4), "pride": ("4b", 5)})
    s = Scenario.from_position(game, busy)
    legal = game.legal_commands(s.state, "red")
    notations = [c.notation() for c in legal]
    assert len(legal) > 1000 and notations == sorted(set(notations))
    assert all(game.COMMANDS.parse(n) == c for n, c in zip(notations, legal, strict=True))
    legal.clear()  # callers get their own list
    assert len(game.legal_commands(s.state, "red")) == len(notations)
    for notation in notations[::97]:  # a sample: each one is a legal command
        Scenario.from_position(game, busy).play("red", notation)
