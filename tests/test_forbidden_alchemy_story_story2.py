"""Rule tests for Story 2 of `forbidden_alchemy_story`: Lost in Time and Space.

Rulebook: "Errata > Story 2: Lost in Time and Space" (Objective 1C's The Pet,
the Map Setup's Guest Bedroom, the Seed Cards section), "Component Breakdown"
(the Seeds marker, the Time Period marker and cards).  What the rulebook
leaves out (planting the Seeds, travelling in time from the rift, the Lock
card's key, the win) is our stand-in, with rule ids under "Ours".
"""

from __future__ import annotations

from engine.core.context import SYSTEM
from engine.kit.testing import LoadedDice, Scenario
from tests.test_forbidden_alchemy_story import (
    HARVEY,
    JENNY,
    begin,
    ev,
    fresh_turn,
    game,
    kinds,
    legal,
    offstage,
    place,
    play,
    put,
    reveal,
    rules,
)


def take(s: Scenario, seat: str, room: str, card: str) -> None:
    offstage(s, play.ExplorationCardTaken(rule="forbidden_alchemy_story.action.explore", seat=seat, room=room, card=card))


def travel_to(s: Scenario, period: str) -> None:
    offstage(
        s, play.TimeTravelled(rule="forbidden_alchemy_story.time.travel", seat=JENNY, origin=s.state.period, to=period)
    )


# ---- Errata > Story 2: Map Setup; Seed Cards; Errata > Story 3: Seed Cards --------------------
def test_errata_story_2_map_setup_lays_the_guest_bedroom_for_stories_2_and_3():
    s = begin(story="2", choice="A")
    assert "guest-bedroom" in s.state.rooms and s.state.rooms["guest-bedroom"]["rift"]
    assert s.state.room_of["guest-a"] == "guest-bedroom"
    # No sealed door: every link is open, a door, or an impassable border.
    assert {kind for _, _, kind in s.state.links} <= {"open", "door", "impassable"}
    other = begin(story="1")
    assert "guest-bedroom" not in other.state.rooms
    assert not any("guest-a" in link for link in other.state.links)
    # Nor does Story 1 slot The Pet's shoggoth figure.
    assert "shoggoth-1" in s.state.monsters and "shoggoth-1" not in other.state.monsters
    # Story 3's Seed Cards deal to the Guest Bedroom: it is on that map, but no rift there.
    third = begin(story="3")
    assert third.state.room_of["guest-a"] == "guest-bedroom"
    assert not third.state.rooms["guest-bedroom"]["rift"]


def test_errata_story_2_seed_cards_deal_exploration_cards_to_the_guest_bedroom():
    # Seed Cards is the Keeper Guide's list of the cards dealt face down room by room
    # (not the Seeds Exploration card): for Story 2 it names the Guest Bedroom, not the
    # Observation Room.  Every deal of every choice puts cards there, and the deal cites
    # the errata.
    for choice in ("A", "B", "C"):
        s = begin(story="2", choice=choice)
        assert s.state.exploration["guest-bedroom"], choice
        assert "observation-room" not in s.state.exploration
        (placed,) = [f for f in s.events if isinstance(f, ev.ExplorationCardsPlaced)]
        assert placed.rule == "forbidden_alchemy_story.errata.seed-cards"


# ---- Component Breakdown > Seeds Marker; ours: planting --------------------------------------
def test_seeds_marker_is_planted_only_by_its_holder_in_the_objectives_room():
    s = begin(story="2", choice="A")
    put(s, JENNY, "gh-mid")
    s.expect_violation(JENNY, "plant", rule="forbidden_alchemy_story.seeds.objective")  # not revealed yet
    reveal(s)
    s.expect_violation(JENNY, "plant", rule="forbidden_alchemy_story.seeds.held")
    take(s, JENNY, "guest-bedroom", "seeds")
    put(s, JENNY, "path-b")
    assert "plant" not in legal(s, JENNY)
    s.expect_violation(JENNY, "plant", rule="forbidden_alchemy_story.seeds.room")
    put(s, JENNY, "gh-door")
    assert "plant" in legal(s, JENNY)
    facts = s.play(JENNY, "plant")
    assert kinds(facts) == ["SeedsPlanted"] and facts[0].rule == "forbidden_alchemy_story.seeds.plant"
    assert (facts[0].room, facts[0].period) == ("greenhouse", "present")
    assert s.state.seeds == ("greenhouse", "present") and s.state.acted
    assert "seeds" not in s.state.investigators[JENNY].items
    assert game.view(s.state, HARVEY)["seeds"] == {"room": "greenhouse", "period": "present"}


# ---- Component Breakdown > Time Period Cards; ours: the rift ---------------------------------
def test_time_period_cards_travel_moves_the_marker_from_the_rift_only():
    s = begin(story="2", choice="A")
    s.expect_violation(JENNY, "travel past", rule="forbidden_alchemy_story.time.rift")  # the Foyer
    put(s, JENNY, "guest-b")
    assert [c for c in legal(s, JENNY) if c.startswith("travel")] == [
        "travel future",
        "travel past",
    ]
    s.expect_violation(JENNY, "travel present", rule="forbidden_alchemy_story.time.period")
    s.expect_violation(JENNY, "travel tomorrow", rule="forbidden_alchemy_story.time.period")
    facts = s.play(JENNY, "travel past")
    assert kinds(facts) == ["TimeTravelled"] and facts[0].rule == "forbidden_alchemy_story.time.travel"
    assert s.state.period == "past" and s.state.acted
    assert game.view(s.state, "")["time_period"]["marker"] == "past"


# ---- ours: the Seeds win; Epilogues by the #1 story choice -----------------------------------
def _seeds_planted(choice: str, period: str) -> Scenario:
    s = begin(story="2", choice=choice)
    reveal(s)
    travel_to(s, period)
    take(s, HARVEY, "guest-bedroom", "seeds")
    offstage(
        s,
        play.SeedsPlanted(
            rule="forbidden_alchemy_story.seeds.plant",
            seat=HARVEY,
            card="seeds",
            room="greenhouse",
            period=period,
        ),
    )
    put(s, JENNY, "guest-a")
    return s


def test_objective_seeds_win_when_the_marker_reaches_the_growing_period():
    s = _seeds_planted("A", "past")
    facts = s.play(JENNY, "travel present")
    assert kinds(facts) == ["TimeTravelled", "GameWon", "EpilogueRead"]
    assert rules(facts)[1] == "forbidden_alchemy_story.objective.seeds-win" and facts[1].winner == "investigators"
    assert facts[2].choice == "A"
    assert facts[2].text.startswith("The old orchard grows")
    assert game.to_act(s.state) == ()


def test_objective_seeds_planted_in_the_wrong_period_never_grow():
    s = _seeds_planted("A", "future")
    facts = s.play(JENNY, "travel present")
    assert kinds(facts) == ["TimeTravelled"] and game.outcome(s.state) is None


def test_objective_seeds_choice_b_grows_in_the_future_with_its_own_epilogue():
    s = _seeds_planted("B", "present")
    facts = s.play(JENNY, "travel future")
    assert facts[1].winner == "investigators" and facts[2].choice == "B"
    assert facts[2].text.startswith("A single green tree")


def test_story_2_choice_b_all_lose_at_the_last_event_with_no_epilogue():
    s = begin(players=1, story="2", choice="B")
    for _ in range(len(s.state.event_texts)):  # ten Event cards
        s.play(JENNY, "end")
        facts = s.play("keeper", "end")
    assert kinds(facts)[-2:] == ["AllPlayersLost", "NoEpilogue"]


# ---- ours: Lock cards ------------------------------------------------------------------------
def test_lock_card_bars_an_investigator_without_its_key():
    s = begin(story="2", choice="A")
    assert s.state.locks == {"library": "brass-key"}
    assert game.view(s.state, JENNY)["locks"] == {"library": "Brass Key"}
    put(s, JENNY, "hall1-e")
    assert "move library" not in legal(s, JENNY)
    s.expect_violation(JENNY, "move library", rule="forbidden_alchemy_story.lock.key")
    take(s, JENNY, "back-path", "brass-key")
    fresh_turn(s)
    assert "move library" in legal(s, JENNY)
    facts = s.play(JENNY, "move library")
    assert facts[0].to == "library"


# ---- Errata > Story 2: Objective 1C, The Pet -------------------------------------------------
def _pet_revealed(players=2):
    s = begin(players=players, story="2", choice="C")
    put(s, JENNY, "hall1-e")
    for seat in ("investigator-1", "investigator-2")[:players]:
        if s.state.current == seat:
            s.play(seat, "end")
    s.play("keeper", "end")  # Event I
    for seat in ("investigator-1", "investigator-2")[:players]:
        s.play(seat, "end")
    facts = s.play("keeper", "end", dice=LoadedDice(values=[1, 1]))  # Event II: revealed
    return s, facts


def test_errata_pet_is_awaited_when_objective_1c_is_revealed():
    s, facts = _pet_revealed()
    assert kinds(facts)[-1] == "NamedMonsterAwaited" and facts[-1].rule == "forbidden_alchemy_story.errata.pet"
    assert facts[-1].rooms == ("foyer", "hallway-1")  # Harvey in the Foyer, Jenny in Hallway 1
    assert game.to_act(s.state) == ("keeper",)
    (prompt,) = game.prompts(s.state)
    assert prompt.rule == "forbidden_alchemy_story.errata.pet"
    assert legal(s, "keeper") == ["place foyer", "place hall1-e", "place hall1-w"]
    assert legal(s, JENNY) == []
    s.expect_violation("keeper", "end", rule="forbidden_alchemy_story.errata.pet")
    s.expect_violation("keeper", "place library", rule="forbidden_alchemy_story.errata.pet-room")


def test_errata_pet_is_a_named_shoggoth_with_five_more_health_per_investigator():
    s, _ = _pet_revealed()
    facts = s.play("keeper", "place hall1-e", dice=LoadedDice(values=[1]))
    placed = facts[0]
    assert isinstance(placed, ev.NamedMonsterPlaced) and placed.rule == "forbidden_alchemy_story.errata.pet"
    assert (placed.name, placed.bonus_health, placed.barred_by_locks) == ("The Pet", 10, True)
    assert s.state.monsters["shoggoth-1"].space == "hall1-e"
    # Jenny, in the room it enters, makes her horror check; then play goes on.
    assert "HorrorCheckMade" in kinds(facts) and kinds(facts)[-1] == "InvestigatorTurnBegan"
    assert game.view(s.state, "keeper")["monsters"]["shoggoth-1"]["bottom"]["health"] == 15
    assert game.view(s.state, JENNY)["monsters"]["shoggoth-1"]["name"] == "The Pet"


def test_errata_pet_lock_keeps_the_pet_out_of_a_locked_room():
    s, _ = _pet_revealed(players=1)
    s.play("keeper", "place hall1-e", dice=LoadedDice(values=[1]))
    s.play(JENNY, "end")
    assert not any(
        c.startswith("action creature-of-night shoggoth-1 library") for c in legal(s, "keeper")
    )
    s.expect_violation(
        "keeper", "action creature-of-night shoggoth-1 library", rule="forbidden_alchemy_story.errata.pet-lock"
    )
    # Another monster is not barred by the Lock card (ours).
    place(s, "crawling-one-2", "hall1-e")
    assert "action creature-of-night crawling-one-2 library" in legal(s, "keeper")


def test_errata_pet_is_not_placed_for_objectives_1a_and_1b():
    s = begin(players=1, story="2", choice="A")
    s.play(JENNY, "end")
    s.play("keeper", "end")
    s.play(JENNY, "end")
    facts = s.play("keeper", "end")
    assert "ObjectiveRevealed" in kinds(facts) and "NamedMonsterAwaited" not in kinds(facts)
    assert kinds(facts)[-1] == "InvestigatorTurnBegan"


def test_the_keeper_played_by_the_game_places_the_pet():
    s = Scenario.from_events(
        game,
        game.setup(game.options(1, {"story": "2", "keeper": "system"}), LoadedDice()),
    )
    s.play(SYSTEM, "choose random", dice=LoadedDice(values=[3]))  # the third: C
    assert s.state.choice == "C"
    offstage(
        s,
        ev.NamedMonsterAwaited(
            rule="forbidden_alchemy_story.errata.pet", monster="shoggoth-1", name="The Pet", rooms=("foyer",)
        ),
    )
    command = game.system_command(s.state, None)
    assert command is not None and command.notation() == "place foyer"
