"""Brutality played in Chromium by pointing only (issue #21): a whole game on
the hot-seat page, every command made by clicking squares, heroes, their
abilities, hazard tiles, artifact and relic cards and the relic stacks; and
a team's relic cards on its own seats' pages only.

The game: two players on the Gulthaen Ice Pit, seed 12, the greedy bot naming
each command: about a hundred commands, the heroes picked, placed and
equipped, both hazards, moves, abilities and artifacts, bleed and the noose
thrown off, relic cards played and discarded at the end of the actions,
passes, and questions answered on the board.  (The draft of Controlled Chaos,
turning round and climbing out of a grave are pointed at in
tests/test_brutality_picture.py, which finds every token of every command on
the page at every step of games that make them.)
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest

from boardlog.bench.pointing import wait_for_version
from engine.core.context import SYSTEM, Context
from engine.core.dice import Dice
from engine.core.game import find_game
from tests.e2e.pointing import joined, play_by_pointing, point, summary

game = find_game("brutality")
SETUP = {"players": 2, "options": {"board": "ice-pit"}}
SEED = 12


def test_a_whole_game_by_pointing(site, page):
    gid = site.store.create("brutality", seed=SEED, **SETUP)
    rng = random.Random(SEED)
    verbs: list[str] = []

    def greedy(state, seat, legal):
        command = game.BOTS["greedy"](state, seat, legal, rng)
        verbs.append(command.verb)
        return command

    # Turns 0-3 (the set-up, and every verb at least once by turn 3) and the
    # last turns are pointed; the middle, the same moves again, is played
    # through the store by the same bot, to keep the test short.
    opening = play_by_pointing(page, site, gid, greedy, stop=lambda s: game.turn(s) >= 4)
    store = site.store
    while game.turn(state := store.live(gid).session.state) < 10 and game.outcome(state) is None:
        seat = next(s for s in game.to_act(state) if s != SYSTEM)
        store.issue(gid, seat, greedy(state, seat, game.legal_commands(state, seat)).notation())
    figures = joined(opening, play_by_pointing(page, site, gid, greedy))  # no chips allowed
    assert game.outcome(site.store.live(gid).session.state) is not None
    assert {"pick", "place", "equip", "hazard", "move", "use", "artifact", "relic", "end", "pass",
            "answer", "unbleed", "unhang"} <= set(verbs), sorted(set(verbs))
    print(summary("brutality", figures))
    assert figures["controls"] <= 25


def test_relic_cards_reach_only_their_own_team(site, page):
    """Four players: both seats of a team see its relic cards, as cards with their
    names and text; the other team's seats and a spectator never see them."""
    gid = site.store.create("brutality", seed=4, players=4, options={"start": "random"})
    rng = random.Random(4)
    store = site.store
    for _ in range(200):  # play on until both teams hold relic cards
        state = store.live(gid).session.state
        if state.hand("north") and state.hand("south"):
            break
        seat = game.to_act(state)[0]
        store.issue(gid, seat, game.BOTS["greedy"](state, seat, game.legal_commands(state, seat),
                                                   rng).notation())
    state = store.live(gid).session.state
    hands = {t: set(state.hand(t)) for t in ("north", "south")}
    assert hands["north"] and hands["south"]

    for seat in ("north-1", "north-2", "south-1", "south-2"):
        team, enemy = seat[:5], "south" if seat.startswith("north") else "north"
        page.goto(site.play(gid, seat))
        shown = page.locator(f"#hand-{team} .bt-card").evaluate_all("els => els.map(e => e.dataset.token)")
        assert set(shown) == hands[team], seat
        card = page.locator(f"#hand-{team} .bt-card").first.inner_text()
        assert "turn" in card.lower() and len(card) > 30, card  # a name, a timing, a text: a card
        assert page.locator(f"#hand-{enemy}").count() == 0
        assert not hands[enemy] & _card_ids(page.content()), seat

    page.goto(f"{site.url}/games/{gid}")  # a spectator, the replay of a running game
    assert page.locator(".bt-hand").count() == 0
    assert not (hands["north"] | hands["south"]) & _card_ids(page.content())


def _card_ids(html: str) -> set[str]:
    return set(re.findall(r"\b[a-z]+(?:-[a-z]+)*-\d\b", html))


def test_the_hot_seat_follows_the_turn(site, page):
    """The command that ends a team's turn, pointed at on the hot seat: the page
    then shows the team whose turn it is, even though the other team holds a card."""
    gid = site.store.create("brutality", seed=12, players=2, options={"start": "random"})
    rng = random.Random(12)
    store = site.store
    for _ in range(300):
        state = store.live(gid).session.state
        seat = game.to_act(state)[0]
        command = game.BOTS["greedy"](state, seat, game.legal_commands(state, seat), rng)
        after = state
        for fact in game.decide(state, seat, command, Context(Dice(1, 1), datetime(2024, 1, 1, tzinfo=UTC))):
            after = game.evolve(after, fact)
        if after.active and after.active != state.active and after.hand(state.active) \
                and state.active in game.to_act(after):
            break  # this command ends the turn of a team that keeps a card
        store.issue(gid, seat, command.notation())
    else:
        pytest.fail("no turn ended with a card in hand")
    page.goto(site.play(gid, "*"))
    assert page.locator("#seat").inner_text().split()[-1] == state.active
    version = store.head_version(gid)
    point(page, command.notation())
    wait_for_version(page, version, changed=True)
    now = store.live(gid).session.state
    assert page.locator("#seat").inner_text().split()[-1] == game.to_act(now)[0] == now.active
