"""The two Forbidden Alchemy games played in Chromium by pointing only (issue #21).

The Alchemy puzzle: one attempt on the hot-seat page, each swap two clicks on
two touching pieces, each replacement a click on a piece and "replace" in the
menu (the same click may begin a swap), Luck and the test as buttons.

The story game: two investigators (Jenny Barnes, Harvey Walters) and the keeper,
Story 1, seed 2, the greedy bot naming each command.  It is short (63 commands:
the keeper wins when the last Event card is resolved) and makes every kind of
command the two sides have but the rare ones: the #1 story choice, moves,
exploring, an Alchemy puzzle turned up by an Exploration card (swaps,
replacements, Luck, the test), using an item, attacks with and without a weapon
and their either/or test, Trauma and Mythos cards, a threat effect, Keeper
Action cards (a monster moved along the map, a Mutation token), monster attacks.
Every argument is clicked on the map (spaces, figures), in the panel
(investigators) or in the tray of cards (the keeper's hand, Keeper Action
cards, items, attributes): no chip.

And each seat's own cards on its own page only.
"""

from __future__ import annotations

import random
import re

from engine.core.game import find_game
from tests.e2e.pointing import play_by_pointing, summary

puzzle = find_game("forbidden_alchemy")
story = find_game("forbidden_alchemy_story")
STORY = {"players": 2}
SEED = 2


def test_a_whole_puzzle_by_pointing(site, page):
    gid = site.store.create("forbidden_alchemy", seed=3)
    rng = random.Random(3)
    verbs: list[str] = []

    def solver(state, seat, legal):
        command = puzzle.BOTS["solver"](state, seat, legal, rng)
        verbs.append(command.verb)
        return command

    figures = play_by_pointing(page, site, gid, solver)  # no chips: every edge is a piece
    assert puzzle.outcome(site.store.live(gid).session.state) is not None
    assert {"skill", "swap", "replace", "stop"} <= set(verbs), verbs
    print(summary("forbidden_alchemy", figures))
    assert figures["controls"] <= 25


def test_a_whole_story_by_pointing(site, page):
    gid = site.store.create("forbidden_alchemy_story", seed=SEED, **STORY)
    rng = random.Random(SEED)
    verbs: list[str] = []

    def greedy(state, seat, legal):
        command = story.BOTS["greedy"](state, seat, legal, rng)
        verbs.append(command.verb)
        return command

    figures = play_by_pointing(page, site, gid, greedy)  # no chips allowed: every token is drawn
    assert story.outcome(site.store.live(gid).session.state) is not None
    assert {"choose", "move", "explore", "end", "skill", "swap", "replace", "stop", "use", "attack",
            "test", "trauma", "mythos", "threat", "action", "monster-attack"} <= set(verbs), sorted(set(verbs))
    print(summary("forbidden_alchemy_story", figures))
    assert figures["controls"] <= 25


def _tokens(page, selector: str) -> set[str]:
    return set(page.locator(selector).evaluate_all("els => els.map(e => e.dataset.token)"))


def test_the_keepers_hand_and_an_investigators_cards_reach_only_their_seat(site, page):
    gid = site.store.create("forbidden_alchemy_story", seed=SEED, **STORY)
    site.store.issue(gid, "keeper", "choose A")
    state = site.store.live(gid).session.state
    hand = set(state.hand) | set(state.mythos_hand)
    items = {seat: set(i.items) for seat, i in state.investigators.items()}
    assert hand and all(items.values())

    page.goto(site.play(gid, "keeper"))
    assert _tokens(page, "#tray-keeper-hand .fa-card") == hand
    card = page.locator("#tray-keeper-hand .fa-card").first.inner_text()
    assert "cost" in card and ("Suffer" in card or "Test" in card)  # a card with its text, not an id
    assert not _tokens(page, "#tray .fa-item")

    for seat, other in (("investigator-1", "investigator-2"), ("investigator-2", "investigator-1")):
        page.goto(site.play(gid, seat))
        assert _tokens(page, "#tray .fa-item") == items[seat]
        assert "Weapon" in page.locator("#tray-your-cards").inner_text()
        assert not _tokens(page, "#tray .fa-item") & items[other]
        assert not hand & _words(page.content())
        assert not page.locator("#tray-keeper-hand").count()

    page.goto(f"{site.url}/games/{gid}")  # a spectator, the replay of a running game
    assert page.locator("#tray .fa-item, #tray-keeper-hand").count() == 0
    assert not hand & _words(page.content())


def _words(html: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", html))
