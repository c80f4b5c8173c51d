"""The Promised Day played in Chromium by pointing only (issue #21): a whole
game on the hot-seat page, every command made by clicking spaces, bosses,
cards, Areas and Transmutation Bonus cards; and each seat's hand on its own
page only.

The game: two players (Edward and Alphonse), hard (three Bosses at set-up),
seed 1, the greedy bot naming each command.  It is short (35 commands, lost
on the damage track in round 4) and makes every kind of move the two
alchemists have: the "3 + 2" tile turned over, starting spaces, basic
movement, attacks, Alchemy, Move, Replenish, a Reverse Transmutation Circle
and the Transmutation Bonus chosen after it, and an Event card's discard.
"""

from __future__ import annotations

import random
import re

from engine.core.game import find_game
from tests.e2e.pointing import play_by_pointing, summary

game = find_game("promised_day")
SETUP = {"players": 2, "options": {"characters": "ed,al", "difficulty": "hard"}}
SEED = 1


def test_a_whole_game_by_pointing(site, page):
    gid = site.store.create("promised_day", seed=SEED, **SETUP)
    rng = random.Random(SEED)
    verbs: list[str] = []

    def greedy(state, seat, legal):
        command = game.BOTS["greedy"](state, seat, legal, rng)
        verbs.append(command.verb)
        return command

    figures = play_by_pointing(page, site, gid, greedy)  # no chips allowed: every token is drawn
    assert game.outcome(site.store.live(gid).session.state) is not None
    assert {"flip", "start", "walk", "attack", "alchemy", "move", "replenish", "complete", "bonus",
            "discard"} <= set(verbs), sorted(set(verbs))
    print(summary("promised_day", figures))
    assert figures["controls"] <= 25


def test_a_hand_reaches_only_its_own_seat(site, page):
    gid = site.store.create("promised_day", seed=SEED, **SETUP)
    state = site.store.live(gid).session.state
    hands = {c: set(state.hands[c].cards) for c in state.characters}  # ed: red, al: blue

    page.goto(site.play(gid, "red"))
    shown = set(page.locator("#tray .pd-card").evaluate_all("els => els.map(e => e.dataset.token)"))
    assert shown == hands["ed"]
    card = page.locator("#hand-ed .pd-card").first.inner_text()
    assert "damage" in card and "range" in card  # a card, not an id
    assert not hands["al"] & _card_ids(page.content())

    page.goto(site.play(gid, "blue"))
    assert set(page.locator("#tray .pd-card").evaluate_all("els => els.map(e => e.dataset.token)")) \
        == hands["al"]
    assert not hands["ed"] & _card_ids(page.content())

    page.goto(f"{site.url}/games/{gid}")  # a spectator, the replay of a running game
    assert page.locator("#tray .pd-card").count() == 0
    assert not (hands["ed"] | hands["al"]) & _card_ids(page.content())


def _card_ids(html: str) -> set[str]:
    return set(re.findall(r"\b(?:ed|al)-\d\d\b", html))
