"""A team's relic hand is hidden from the other team: what the game shows
(the events through `redact`, `view`, `to_act`, whether it waits) must not
depend on which cards that hand holds, only on how many (rules version 4).

Each test builds twin positions that differ only in the other team's cards,
the same number of them, and checks that the acting team sees the same
consequences.  Rulebook "Simultaneous Effects" and "Effect Timing";
`engine/games/brutality/stack.py`.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest
from test_brutality import P, duel, end_turn, game, hero, kinds, legal, rules_of, slam

from engine.core.context import SYSTEM, Context
from engine.core.dice import Dice
from engine.core.events import evolved
from engine.core.store import open_store
from engine.core.visibility import revealed_by
from engine.games.brutality import content
from engine.games.brutality import events as ev
from engine.games.brutality.content import relic_of
from engine.games.brutality.state import other
from viewer.api import record_out

NOW = datetime(2024, 1, 1, tzinfo=UTC)
CARDS = content.relic_cards(content.relics())


def seen(s, seat, text, viewer=None):
    """Play `text` for `seat`; what `viewer` (default: `seat` itself) is shown: the
    facts as redacted for it, who may act next, and its view of the position."""
    viewer = viewer or seat
    facts = s.play(seat, text)
    return ([game.redact(f, viewer) for f in facts], game.to_act(s.state),
            game.view(s.state, viewer))


# ---- the effect stack ("Simultaneous Effects") -------------------------------------------------
def test_a_declared_ability_waits_the_same_whether_the_card_held_could_answer_or_not():
    # South holds one card: Saint's Wrath (Any Turn, the assassin in sight: it could
    # answer) or Mending Light (Your Turn: it could not).  North sees the same either
    # way: the knife waits for south, and south is listed beside north before it.
    wrath = duel(hands={"south": ("wrath-1",)})
    mending = duel(hands={"south": ("mending-light-1",)})
    assert game.to_act(wrath.state) == game.to_act(mending.state) == ("north", "south")
    assert legal(wrath, "north") == legal(mending, "north")
    shown = seen(wrath, "north", "use assassin throwing-knife grave-keeper")
    assert shown == seen(mending, "north", "use assassin throwing-knife grave-keeper")
    facts, to_act, _ = shown
    assert facts[-1]["awaiting"] == "south" and to_act == ("south",)
    # Only south itself knows whether it has an answer; it may always pass.
    assert "relic wrath-1 assassin" in legal(wrath, "south")
    assert legal(mending, "south") == {"pass"}
    for s in (wrath, mending):
        events = s.play("south", "pass")
        assert rules_of(events) == ["stack.pass", "stack.resolve", "effect.damage"]
        assert hero(s, "grave-keeper").health == 8


def test_an_answer_to_an_answer_waits_on_the_same_public_facts():
    # South answers the knife with its Smoke Bomb; north then holds Saint's Wrath or
    # Second Wind (Start of your turn: no use now).  South sees the same either way:
    # north is offered the answer to the answer.
    shown = []
    for card in ("wrath-1", "second-wind-1"):
        s = duel(hands={"south": ("smoke-bomb-1",), "north": (card,)})
        s.play("north", "use assassin throwing-knife grave-keeper")
        shown.append(seen(s, "south", "relic smoke-bomb-1 grave-keeper"))
    assert shown[0] == shown[1] and shown[0][1] == ("north",)


def test_an_empty_hand_with_no_artifact_answer_is_not_waited_for():
    # South holds no card and no artifact: nothing it could do is hidden, so the knife
    # lands at once and south is not listed in north's turn.
    s = duel()
    assert game.to_act(s.state) == ("north",)
    events = s.play("north", "use assassin throwing-knife grave-keeper")
    assert rules_of(events) == ["ability.use", "effect.damage"]
    assert hero(s, "grave-keeper").health == 8 and game.to_act(s.state) == ("north",)


def test_a_usable_face_up_artifact_is_offered_the_answer_without_a_card():
    # Artifacts lie face up: the assassin's Spiked Shield (Enemy Turn) could answer
    # the God Killer's Skybreaker, and everyone can see it, so south is asked though its
    # hand is empty.  Face down (cooling), it could not: no wait.
    s = slam(artifacts={"assassin": "spiked-shield"})
    assert game.to_act(s.state) == ("north", "south")
    events = s.play("north", "use god-killer skybreaker assassin")
    assert rules_of(events) == ["ability.use", "stack.declare"] and events[-1].awaiting == "south"
    s = slam(artifacts={"assassin": "spiked-shield"})
    s.apply([ev.ArtifactFlippedDown(rule=P + "artifact.cooldown", hero="assassin",
                                    artifact="spiked-shield", cooldown=3)])
    assert game.to_act(s.state) == ("north",)
    events = s.play("north", "use god-killer skybreaker assassin")
    assert "stack.declare" not in rules_of(events)


# ---- the "End of..." windows ("Effect Timing") ------------------------------------------------
def test_the_end_of_window_opens_the_same_whether_the_card_is_an_end_of_card_or_not():
    # South holds Withering (End of the enemy's turn: playable once north ends) or
    # Mending Light.  North has no card, so its own window is skipped; south's opens
    # either way, and when south passes north sees the same turn change.
    shown = []
    for card in ("withering-1", "mending-light-1"):
        s = duel(hands={"south": (card,)})
        ended = seen(s, "north", "end")
        assert ended[0][-1]["window"] == "south" and ended[1] == ("south",)
        assert "pass" in legal(s, "south")
        shown.append((ended, seen(s, "south", "pass", viewer="north")))
        assert s.state.active == "south" and s.state.closing is None
    assert shown[0] == shown[1] and shown[0][1][0][0]["window"] == ""


def test_a_team_holding_any_card_is_offered_its_own_end_of_window():
    # North (the active team) holds Wrath, no End of your turn card: its window opens
    # all the same (south must not learn that it holds no Open Wounds), then south's
    # does not (south has no card): phases 4 and 5 follow north's pass.
    s = duel(hands={"north": ("wrath-1",)})
    events = s.play("north", "end")
    assert kinds(events) == ["ActionsEnded"] and events[0].window == "north"
    assert game.to_act(s.state) == ("north",)
    assert legal(s, "north") == {"pass"}
    events = s.play("north", "pass")
    assert kinds(events)[:2] == ["EndWindowPassed", "TurnEnded"] and events[0].window == ""


def test_with_no_card_on_either_side_the_turn_ends_at_once():
    s = duel()
    assert kinds(end_turn(s, "north"))[:2] == ["TurnEnded", "TurnBegan"]
    events = duel().play("north", "end")
    assert "ActionsEnded" not in kinds(events) and s.state.active == "south"


# ---- any position of a game ----------------------------------------------------------------------
def _twin(state, team, rng):
    """`state` with `team`'s hidden cards replaced by as many others, of other relics.
    The cards it named for phase 4 when it ended its actions are public: kept."""
    held = list(state.hand(team))
    named = [c for c in state.closing or () if c in held] if team == state.active else []
    for card in named:
        held.remove(card)
    taken = {relic_of(c) for c in held}
    pool = [c for c in CARDS if relic_of(c) not in taken
            and all(c not in state.hand(t) for t in state.hands)]
    hand = tuple(named) + tuple(rng.sample(pool, len(held)))
    return evolved(state, hands={**state.hands, team: evolved(state.held(team), cards=hand)})


def _shown(state, seat, command, seed):
    facts = game.decide(state, seat, command, Context(Dice(seed, 1), NOW))
    after = state
    for fact in facts:
        after = game.evolve(after, fact)
    return ([type(f).__name__ for f in facts], [game.redact(f, seat) for f in facts],
            game.to_act(after), game.view(after, seat), game.prompts(after))


@pytest.mark.parametrize(("seed", "players", "options"), [
    (1, 2, {"start": "random"}), (2, 4, {"start": "random"}),
    (3, 2, {"start": "random", "relics": "draft"})])
def test_no_command_shows_its_team_which_cards_the_other_team_holds(seed, players, options):
    # Random play; at every position, the seat to act tries some of its commands in the
    # position and in its twin where the other team holds other cards (as many): the
    # facts it is shown, who acts next, its view and its legal commands are the same.
    # A stolen card is the one exception: the thief rightly sees what it took.
    rng = random.Random(seed)
    state = game.initial_state()
    for fact in game.setup(game.options(players, options), Dice(seed, 0)):
        state = game.evolve(state, fact)
    compared = 0
    for step in range(300):
        if game.outcome(state) is not None:
            break
        seats = [s for s in game.to_act(state) if s != SYSTEM and game.legal_commands(state, s)]
        seat = rng.choice(seats)
        team = seat.split("-")[0]
        twin = _twin(state, other(team), rng)
        commands = game.legal_commands(state, seat)
        assert [c.notation() for c in game.legal_commands(twin, seat)] == \
            [c.notation() for c in commands]
        assert game.to_act(twin) == game.to_act(state)
        for command in rng.sample(commands, min(3, len(commands))):
            mine = _shown(state, seat, command, step)
            if "RelicStolen" not in mine[0]:
                assert _shown(twin, seat, command, step) == mine, (step, command.notation())
                compared += 1
        command = rng.choice(commands)
        for fact in game.decide(state, seat, command, Context(Dice(seed, step + 1), NOW)):
            state = game.evolve(state, fact)
    assert compared > 100


# ---- the cards named for phase 4 (issue #25, item 4) ---------------------------------------------
def test_the_cards_named_for_phase_four_stay_hidden_until_they_are_discarded():
    # North ends its actions naming Wrath for phase 4; holding cards, it has its own
    # "End of..." window first, so the discard waits.  Until then south and a spectator
    # read neither the card in the fact nor the command (the hand is hidden); once
    # discarded it lies face up for all.
    s = duel(hands={"north": ("meteor-1", "wrath-1")})
    events = s.play("north", "end wrath-1")
    assert kinds(events) == ["ActionsEnded"] and game.COMMANDS.is_secret("end")
    assert game.redact(events[0], "north")["discard"] == ["wrath-1"]
    for viewer in ("south", ""):
        assert "wrath-1" not in json.dumps(game.redact(events[0], viewer))
    discarded = [f for f in s.play("north", "pass") if isinstance(f, ev.RelicsDiscarded)]
    assert game.redact(discarded[0], "south")["cards"] == ["wrath-1"]


def test_a_store_shows_the_other_team_neither_the_end_command_nor_its_cards():
    # The same through the engine's one rule of what a seat reads of a record.
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = store.create("brutality", position={
        "format": "boardlog-position", "game": "brutality", "version": 1,
        "options": game.options(2, {}), "turn": 3,
        "heroes": {"assassin": {"team": "north", "at": "C2"},
                   "god-killer": {"team": "north", "at": "G1"},
                   "grave-keeper": {"team": "south", "at": "C5"},
                   "executioner": {"team": "south", "at": "H6"}},
        "relics": {"hands": {"north": ["meteor-1", "wrath-1"]}}})
    store.issue(gid, "north", "end wrath-1")
    rows = store.rows(gid)
    revealed = {step for r in rows if r.kind == "Happened" for step in revealed_by(r.data)}
    assert "wrath-1" in json.dumps([record_out(game, r, "north", revealed) for r in rows])
    for viewer in ("south", ""):  # as the JSON API gives each record
        assert "wrath-1" not in json.dumps([record_out(game, r, viewer, revealed) for r in rows])
