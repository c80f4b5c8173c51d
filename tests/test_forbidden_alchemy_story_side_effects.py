"""Rule tests for the Side Effect cards' effects in `forbidden_alchemy_story`
("Side Effect Cards": a card's text takes effect at once; a card not discarded
stays in play).  The effects are our stand-ins for the stand-in texts
(`fixtures/forbidden_alchemy_story/side-effect-threats.toml`); each card is
drawn here the way the game draws it: by failing an Alchemy test.
"""

from __future__ import annotations

from engine.kit.testing import LoadedDice
from tests.test_forbidden_alchemy_story import (
    HARVEY,
    JENNY,
    ev,
    fresh_turn,
    game,
    kinds,
    legal,
    offstage,
    place,
    play,
    put,
)
from tests.test_forbidden_alchemy_story_audit import (
    PIECES,
    _at_the_retort,
    _pile,
    _side_effect_on_top,
)

NOW, LASTING = "forbidden_alchemy_story.side-effect.immediate", "forbidden_alchemy_story.side-effect.lasting"


def draw(card: str, players: int = 2, harvey_at: str = "lab-b"):
    """Jenny fails the Sealed Retort's test with `card` on top of the Side Effect deck."""
    s = _at_the_retort(players=players)
    if players > 1:
        put(s, HARVEY, harvey_at)
        offstage(s, ev.InvestigatorTurnBegan(rule="forbidden_alchemy_story.turn.investigator", seat=JENNY, moves=2))
    _side_effect_on_top(s, card)
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    return s, [f for f in facts if f.rule == NOW]


def test_every_side_effect_card_has_an_effect():
    s = _at_the_retort()
    cards = {c[0] for c in s.state.alchemy.deck}
    effects = set(s.state.side_effect_now) | set(s.state.side_effect_lasting)
    assert cards - effects == {"se-04"}  # Glowing Skin acts by its threat effect
    assert "se-04" in s.state.side_effect_threats


def test_side_effect_cards_burnt_fingers_discards_a_common_item():
    s = _at_the_retort()
    offstage(
        s,
        play.ExplorationCardTaken(
            rule="forbidden_alchemy_story.action.explore", seat=JENNY, room="hallway-1", card="bandages"
        ),
    )
    fresh_turn(s)
    _side_effect_on_top(s, "se-05")
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    facts = [f for f in s.play(JENNY, "stop", dice=LoadedDice(values=(10,))) if f.rule == NOW]
    assert kinds(facts) == ["ItemDiscarded"] and facts[0].item == "bandages"
    assert s.state.investigators[JENNY].items == ("revolver",)  # the revolver is no Common Item


def test_side_effect_cards_whispering_vials_passes_an_item_in_the_room():
    s, facts = draw("se-06")
    assert [(type(f).__name__, f.seat, f.to, f.item) for f in facts] == [
        ("ItemPassed", JENNY, HARVEY, "revolver")
    ]
    assert "revolver" in s.state.investigators[HARVEY].items
    s, facts = draw("se-06", harvey_at="foyer")  # nobody else in the Laboratory
    assert facts == []


def test_side_effect_cards_transmuted_blood_lowers_maximum_health():
    s, facts = draw("se-07")
    assert kinds(facts) == ["MaxHealthChanged"] and facts[0].amount == -1
    jenny = s.state.investigators[JENNY]
    assert jenny.health == 5 and "se-07" in jenny.side_effects


def test_side_effect_cards_sudden_clarity_gains_a_skill_point():
    s, facts = draw("se-08")
    assert kinds(facts) == ["SkillPointGained"]
    assert s.state.investigators[JENNY].skill_points == 2


def test_side_effect_cards_bound_together_harms_the_drawer_and_another():
    s, facts = draw("se-09", harvey_at="foyer")  # another: anywhere in the house
    assert [(f.seat, f.amount) for f in facts] == [(JENNY, 1), (HARVEY, 1)]


def test_side_effect_cards_mirror_image_stuns_another_who_loses_his_next_action():
    s, facts = draw("se-11")
    assert [(type(f).__name__, f.seat) for f in facts] == [("InvestigatorStunned", HARVEY)]
    s.play(JENNY, "end")
    assert s.state.current == HARVEY and s.state.acted  # the action is gone
    assert not s.state.investigators[HARVEY].stunned
    turn = s.events[-1]
    assert type(turn).__name__ == "StunEnded" and turn.rule == "forbidden_alchemy_story.side-effect.stun"
    s.expect_violation(HARVEY, "run", rule="forbidden_alchemy_story.turn.one-action")


def test_side_effect_cards_trembling_hands_modifies_dexterity_tests_before_the_roll():
    s, facts = draw("se-01")
    assert facts == [] and "se-01" in s.state.investigators[JENNY].side_effects
    place(s, "crawling-one-1", "lab-a")
    s.play(JENNY, "end")
    s.play(HARVEY, "end")
    attack = s.play("keeper", f"monster-attack crawling-one-1 {JENNY}", dice=LoadedDice([5]))
    modified = next(f for f in attack if isinstance(f, play.TestModified))
    assert (modified.rule, modified.condition, modified.amount) == (LASTING, "se-01", -1)
    test = next(f for f in attack if isinstance(f, play.TestMade))
    assert (test.number, test.roll, test.passed) == (4, 5, False)  # Dexterity 5, less 1


def test_side_effect_cards_lingering_vapour_horrifies_as_each_turn_begins():
    s, _ = draw("se-10", players=1)
    s.play(JENNY, "end")
    facts = s.play("keeper", "end")
    began = kinds(facts).index("InvestigatorTurnBegan")
    assert kinds(facts)[began + 1] == "InvestigatorHorrified" and facts[began + 1].rule == LASTING


def test_side_effect_cards_leaden_limbs_allows_one_space_a_turn():
    s, _ = draw("se-12", players=1)
    s.play(JENNY, "end")
    facts = s.play("keeper", "end")
    began = next(f for f in facts if isinstance(f, ev.InvestigatorTurnBegan))
    assert began.moves == 1 and began.rule == LASTING
    s.play(JENNY, "move hall1-w")
    s.expect_violation(JENNY, "move hall1-e", rule="forbidden_alchemy_story.move.points")


def _draw_among_three(card: str, jenny_damage: int = 0):
    """Three investigators: Jenny fails the Sealed Retort's test with `card` on top."""
    s = _at_the_retort(players=3)
    put(s, HARVEY, "lab-b")
    offstage(
        s,
        play.InvestigatorHid(rule="forbidden_alchemy_story.hiding.hide", seat=HARVEY),
        ev.InvestigatorTurnBegan(rule="forbidden_alchemy_story.turn.investigator", seat=JENNY, moves=2),
    )
    if jenny_damage:
        offstage(
            s, play.InvestigatorDamaged(rule="forbidden_alchemy_story.combat.damage", seat=JENNY, amount=jenny_damage)
        )
    _side_effect_on_top(s, card)
    s.play(JENNY, "explore", dice=LoadedDice(orders=[_pile(s, PIECES)]))
    facts = s.play(JENNY, "stop", dice=LoadedDice(values=(10,)))
    return s, facts


def test_side_effect_cards_choose_asks_the_drawer_whom_the_card_acts_on():
    s, facts = _draw_among_three("se-11")  # Mirror Image: another investigator is stunned
    asked = next(f for f in facts if isinstance(f, play.SideEffectTargetAsked))
    assert asked.choices == (HARVEY, "investigator-3") and asked.rule == "forbidden_alchemy_story.side-effect.choose"
    assert game.to_act(s.state) == (JENNY,)
    assert legal(s, JENNY) == [f"pick {HARVEY}", "pick investigator-3"]
    (prompt,) = game.prompts(s.state)
    assert prompt.rule == "forbidden_alchemy_story.side-effect.choose"
    assert prompt.question == "Whom does your Side Effect card Mirror Image (se-11) act on?"
    s.expect_violation(JENNY, "end", rule="forbidden_alchemy_story.turn.pending")
    s.expect_violation(JENNY, "pick keeper", rule="forbidden_alchemy_story.side-effect.choose")
    facts = s.play(JENNY, f"pick {HARVEY}")  # hiding, and still his to choose
    assert kinds(facts) == ["SideEffectTargetChosen", "InvestigatorStunned"]
    assert facts[0].rule == "forbidden_alchemy_story.hiding.chosen" and s.state.investigators[HARVEY].stunned
    assert "end" in legal(s, JENNY)


def test_side_effect_cards_choose_falls_to_the_first_when_the_drawer_leaves():
    # Jenny has 1 health left: the Sealed Retort's own failure damage eliminates her.
    s, facts = _draw_among_three("se-11", jenny_damage=5)
    assert s.state.investigators[JENNY].status == "eliminated"
    chosen = next(f for f in facts if isinstance(f, play.SideEffectTargetChosen))
    assert chosen.target == HARVEY and s.state.choosing == ()
    # Stunned, Harvey's turn (the next) begins without its action.
    assert kinds(facts)[-3:] == ["InvestigatorStunned", "InvestigatorTurnBegan", "StunEnded"]
    assert s.state.current == HARVEY and s.state.acted
