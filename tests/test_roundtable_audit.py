"""Rule tests for `roundtable` added by the audit against the rulebook: each is named
after its section and computes its case by hand in the comments (stand-in cards of
fixtures/roundtable/units.toml; the default map's squares used here are plains)."""

from __future__ import annotations

import pytest

from engine.core.context import SYSTEM
from engine.core.errors import BadOptions
from engine.core.events import evolved
from engine.games.roundtable import events as ev
from engine.kit.deck import Deck
from engine.kit.testing import LoadedDice
from tests.test_roundtable import R, blows, board, game, kinds, of
from tests.test_roundtable_boss import boss_game, boss_turn, with_summons


# ---- II. Card Breakdown (4): range counts cardinal steps ----------------------------------------
def test_card_breakdown_range_is_not_counted_diagonally():
    # D4 is one column and one row from C3: two orthogonal steps.  The Red Mage (RNG 2) reaches
    # it: 5+1 (red beats green) - 2 = 4 -> the Axe Fighter has 4; it cannot counter at 2; the
    # mage is faster (4 > 3) and reaches: 4 more -> defeated.
    sc = board(("p1", "red-mage", "C3"), ("p2", "axe-fighter", "D4"))
    facts = sc.play("p1", "attack red-mage axe-fighter")
    assert blows(facts) == [("attack", "red-mage", 4, 4), ("follow-up", "red-mage", 4, 0)]
    assert of(facts, ev.CombatStarted)[0].distance == 2
    sc = board(("p1", "sword-hero", "C3"), ("p2", "axe-fighter", "D4"))
    sc.expect_violation("p1", "attack sword-hero axe-fighter", R + "attack.range")


# ---- VI. Combat Rules > Attack Range: a 1-2 unit counters at both ranges ------------------------
def test_attack_range_a_1_2_unit_counters_at_range_2():
    # Red Mage (red ATK 5 DEF 1, HP 5) attacks Thunder Mage (blue ATK 5 SPD 3 DEF 1, RNG 1-2)
    # from two squares: 5-1 (blue beats red) - 1 = 3 -> 2 HP; counter 5+1-1 = 5 -> the Red
    # Mage falls, so no follow-up.
    sc = board(("p1", "red-mage", "C2"), ("p2", "thunder-mage", "C4"))
    facts = sc.play("p1", "attack red-mage thunder-mage")
    assert blows(facts) == [("attack", "red-mage", 3, 2), ("counter", "thunder-mage", 5, 0)]
    assert "red-mage" not in sc.state.units and sc.state.player("p2").vp_tokens == 1


def test_attack_range_a_1_2_unit_counters_at_range_1():
    # Sword Hero (red ATK 5 SPD 5 DEF 2, HP 7) next to the Thunder Mage: 5-1-1 = 3 -> 2;
    # counter 5+1-2 = 4 -> hero 3; the hero is faster (5 > 3): 3 more, of which the mage's
    # last 2 HP count -> it falls.
    sc = board(("p1", "sword-hero", "C3"), ("p2", "thunder-mage", "C4"))
    facts = sc.play("p1", "attack sword-hero thunder-mage")
    assert blows(facts) == [
        ("attack", "sword-hero", 3, 2),
        ("counter", "thunder-mage", 4, 3),
        ("follow-up", "sword-hero", 2, 0),
    ]


# ---- VI. Combat Rules > Steps to Combat: damage = ATK - DEF, never below 0 ----------------------
def test_steps_to_combat_damage_never_goes_below_zero():
    # Healer (gray ATK 2 SPD 3 DEF 1, HP 5) attacks Lance Knight (blue ATK 5 SPD 1 DEF 4, HP 9):
    # 2-4 -> 0; counter 5-1 = 4 -> healer 1; the healer is faster: 0 again.
    sc = board(("p1", "healer", "C3"), ("p2", "lance-knight", "C4"))
    facts = sc.play("p1", "attack healer lance-knight")
    assert blows(facts) == [
        ("attack", "healer", 0, 9),
        ("counter", "lance-knight", 4, 1),
        ("follow-up", "healer", 0, 9),
    ]


# ---- VI. Combat Rules > Unit Death: "this turn" starts again every turn ------------------------
def test_unit_death_the_second_loss_counts_within_one_turn_only():
    # p2 loses the Red Mage in p1's turn (1 DV), then the Thief in its own turn: a first loss
    # of that turn, so 1 DV again, not 2.  Thief ATK 3 - DEF 3 = 0; counter 7-1 = 6 >= 1 HP.
    sc = board(
        ("p1", "axe-king", "C3"),
        ("p2", "red-mage", "C4", {"damage": 4}),
        ("p2", "thief", "B3", {"damage": 4}),
    )
    sc.play("p1", "attack axe-king red-mage")
    assert sc.state.player("p2").dv == 1
    sc.play("p1", "end")
    facts = sc.play("p2", "attack thief axe-king")
    gained = of(facts, ev.DragonVeinGained)
    assert [(g.seat, g.dv, g.rule) for g in gained] == [("p2", 1, R + "death.dv")]
    assert sc.state.player("p2").dv == 2


# ---- III. Turn Actions > Dragon Vein Abilities: BUMP "in any direction" -------------------------
def test_dragon_vein_abilities_bump_is_orthogonal_unless_the_any_option():
    sc = board(("p1", "axe-fighter", "D3"), dv=2)
    sc.expect_violation("p1", "bump axe-fighter E2", R + "dv.bump-step")
    assert "bump axe-fighter E2" not in {c.notation() for c in game.legal_commands(sc.state, "p1")}
    sc = board(("p1", "axe-fighter", "D3"), ("p2", "blue-cavalier", "B2"), dv=4, bump="any")
    legal = {c.notation() for c in game.legal_commands(sc.state, "p1")}
    assert {"bump axe-fighter E2", "bump axe-fighter C4", "bump axe-fighter D2"} <= legal
    sc.expect_violation("p1", "bump blue-cavalier A1", R + "dv.bump-enter")  # forest vs [Cavalry]
    sc.expect_violation("p1", "bump axe-fighter B1", R + "dv.bump-step")  # two squares away
    facts = sc.play("p1", "bump axe-fighter E2")
    assert facts[-1].to == "E2" and sc.state.player("p1").dv == 2


def test_dragon_vein_abilities_bump_option_values():
    assert game.options(2, {})["bump"] == "orthogonal"
    with pytest.raises(BadOptions):
        game.options(2, {"bump": "diagonal"})
    with pytest.raises(BadOptions):  # no BUMP in Boss Mode
        game.options(2, {"mode": "boss", "bump": "any"})


# ---- VIII. Boss Mode > On Player Turns (Dragon Vein): one DV per loss ----------------------------
def test_on_player_turns_each_unit_lost_to_the_boss_gives_one_dv_never_two():
    # Expiration deals 1 to every player unit; both of p1's units have 1 HP left.  The players
    # order the hits; each loss gives p1 one DV (Boss Mode has no 2-DV second loss).
    sc = boss_game(
        ("p1", "axe-fighter", "A6", {"damage": 7}),
        ("p1", "sword-hero", "F1", {"damage": 6, "slot": "2"}),
    )
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    sc.play(SYSTEM, "boss")
    facts = sc.play("p1", "hit sword-hero") + sc.play(SYSTEM, "hit axe-fighter")
    assert [e.unit for e in of(facts, ev.UnitDefeated)] == ["sword-hero", "axe-fighter"]
    assert [(g.dv, g.rule) for g in of(facts, ev.DragonVeinGained)] == [
        (1, R + "boss.death-dv"),
        (1, R + "boss.death-dv"),
    ]
    assert sc.state.player("p1").dv == 2 and kinds(facts)[-1] == "BossCardDrawn"


# ---- VIII. Boss Mode > On Boss Turns: minions act only through boss effects ---------------------
def test_on_boss_turns_a_minion_never_acts_by_itself():
    # A Risen stands next to the Axe Fighter; the card's effect is blanked and the tile moves
    # away: the whole boss turn passes without the minion striking.
    sc = boss_game(("p1", "axe-fighter", "A2"), summons=True)
    with_summons(sc, ("risen-1", "A1"))
    sc._state = evolved(
        sc.state,
        boss=sc.state.boss
        | {
            "start": [],
            "cards": {
                c: info | {"effect": {"do": "none"}} for c, info in sc.state.boss["cards"].items()
            },
        },
    )
    boss_turn(sc)
    facts = sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts += sc.play(SYSTEM, "boss") + sc.play(SYSTEM, "boss")
    assert not of(facts, ev.DamageDealt) and not of(facts, ev.Struck)
    assert sc.state.units["axe-fighter"].damage == 0 and sc.state.summons["risen-1"].square == "A1"


# ---- IV. Tiles & Movement Rules > DV Map Tiles: the Plains side has no special properties --------
def test_dv_map_tiles_covering_a_special_work_square_takes_its_bonus_away():
    # Pixel Art stand-in map: E2 is the * square (a DV instead of the coin), B5 the ** square
    # (an extra coin).  p1's DV Map Tile, Plains up, lies on E2, p2's on B5: Work there gains
    # the ordinary coin only.
    sc = board(("p1", "axe-fighter", "E3"), ("p1", "thief", "B4"), map="pixel-art", dv=1)
    sc.play("p1", "vein-tile E2 plains")
    sc._state = evolved(
        sc.state,
        players={
            **sc.state.players,
            "p2": evolved(sc.state.player("p2"), dv_tile="B5", dv_side="plains"),
        },
    )
    sc.play("p1", "move axe-fighter E2")
    facts = sc.play("p1", "work axe-fighter")
    assert [(type(e).__name__, e.rule) for e in facts[:-1]] == [("CoinsGained", R + "work.dv-tile")]
    sc.play("p1", "move thief B5")
    facts = sc.play("p1", "work thief")
    assert [e.rule for e in facts[:-1]] == [R + "work.dv-tile"]
    assert sc.state.player("p1").coins == 2 and sc.state.player("p1").dv == 0


# ---- III. Turn Actions / V. Unit Actions / VII. Unit Tags: refusals name their rule -------------
@pytest.mark.parametrize(
    "command, rule",
    [
        ("discard lance-queen", "discard.in-hand"),  # p2's card, not in p1's hand
        ("vein-tile C3 lava", "dv.tile-side"),  # a DV Map Tile shows plains or ruins
        ("buy 4", "shop.slot"),  # the shop has three slots
        ("assist great-knight axe-fighter", "assist.adjacent"),  # [Shove] needs the ally next to it
        ("retire axe-fighter", "coins.not-enough"),  # retiring costs 3 coins; p1 has 2
        ("shift axe-fighter blue", "shift.gray"),  # only a Gray unit changes slots
        ("capture axe-fighter", "capture.castle"),  # C5 is no castle
        ("move great-knight C4", "move.no-end-on-unit"),  # the Thief stands there
    ],
)
def test_turn_actions_refusals_name_their_rule_and_change_nothing(command, rule):
    sc = board(
        ("p1", "great-knight", "C3"),
        ("p1", "axe-fighter", "C5"),
        ("p1", "thief", "C4"),
        coins=2,
        dv=1,
    )
    sc.expect_violation("p1", command, R + rule)


def test_v_unit_actions_one_action_ends_the_activation():
    # After its Work the Axe Fighter's activation is over: it cannot act again this turn.
    sc = board(("p1", "axe-fighter", "C5"))
    facts = sc.play("p1", "work axe-fighter")
    assert facts[-1].rule == R + "activate.one-action" and sc.state.activating is None
    sc.expect_violation("p1", "work axe-fighter", R + "activate.ready")


# ---- VIII. Boss Mode > On Boss Turns (Step 3): the deck is rebuilt after an ordered effect ------
def test_on_boss_turns_step_3_an_empty_deck_is_rebuilt_after_the_last_unit_is_hit():
    # Expiration (1 damage to every player unit) is the last card: the players order the two
    # hits, then every discarded boss card - Expiration included - makes the new deck.
    sc = boss_game(
        ("p1", "axe-fighter", "A6"),
        ("p2", "sword-hero", "F1"),
        boss_deck=Deck((), discards=("grima-wings", "grima-scales", "grima-gaze")),  # the newest on top
    )
    boss_turn(sc)
    sc.play(SYSTEM, "boss", dice=LoadedDice([1]))
    facts = sc.play(SYSTEM, "boss")
    assert kinds(facts) == ["BossCardFlipped", "BossEffectQueued"] and sc.state.boss_card == ""
    facts = sc.play("p1", "hit axe-fighter")
    assert "BossDeckReshuffled" not in kinds(facts)
    facts = sc.play(SYSTEM, "hit sword-hero")
    assert kinds(facts)[-2:] == ["BossDeckReshuffled", "BossCardDrawn"]
    assert sorted(facts[-2].order) == [
        "grima-expiration",
        "grima-gaze",
        "grima-scales",
        "grima-wings",
    ]
    assert facts[-2].rule == R + "boss.reshuffle" and sc.state.boss_step == "rotate"


# ---- legal_commands is memoised per state without sharing what callers may change -------------
def test_legal_commands_memo_returns_the_same_answer_and_a_fresh_list():
    sc = board(("p1", "axe-fighter", "C5"), ("p2", "sword-hero", "C4"), dv=2)
    first = game.legal_commands(sc.state, "p1")
    assert first and first == sorted(first, key=lambda c: c.notation())
    first.clear()
    again = game.legal_commands(sc.state, "p1")
    assert again and "attack axe-fighter sword-hero" in {c.notation() for c in again}
    sc.play("p1", "attack axe-fighter sword-hero")  # a new state: a new answer
    assert "attack axe-fighter sword-hero" not in {
        c.notation() for c in game.legal_commands(sc.state, "p1")
    }


# ---- VI. Combat Rules > Skill Effects in Combat: a boss card's effectiveness tag --------------------
def test_skill_effects_in_combat_a_boss_card_s_effectiveness_tag_counts():
    # Expiration given [Eff vs Flying] (ATK 7 DEF 2).  The Pegasus Knight (blue [Flying], ATK 4
    # DEF 2, HP 6) on E4 attacks the blue SE corner: 4-2 = 2.  Counter: 7 (blue vs blue) + 2
    # (effective) - 2 = 7 >= 6 -> the knight falls.
    sc = boss_game(("p1", "pegasus-knight", "E4"))
    cards = sc.state.boss["cards"]
    sc._state = evolved(
        sc.state,
        boss=sc.state.boss
        | {
            "cards": cards
            | {"grima-expiration": cards["grima-expiration"] | {"tags": ["Eff vs Flying"]}}
        },
    )
    facts = sc.play("p1", "attack pegasus-knight blue")
    assert of(facts, ev.BossStruck)[0].damage == 2
    (counter,) = of(facts, ev.Struck)
    assert (counter.atk, counter.damage, counter.hp) == (9, 6, 0)
    assert counter.modifiers == ("[Eff vs Flying] +2",)
    assert "pegasus-knight" not in sc.state.units
