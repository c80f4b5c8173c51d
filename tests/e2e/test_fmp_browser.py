"""Full Metal Planète played in Chromium by pointing only (issue #21): a whole
mission on the hot-seat page, every command made by clicking hexes (or the
band of a hex a piece stands on), units on the map, in a Freighter or in a
cargo, Freighters, and the notation's words (pods, fire, kinds, stay or
leave); and what a seat's Weather Hens and its turn-21 hand show it on its
own page only.

The mission: two players, seed SEED, no timer, played by `keen`: the greedy
bot's choices, made short (a few units deployed, three actions a turn, an
attack whenever there is one, red leaving at turn 21 and blue staying to
lift off at turn 25), so that one mission shows every kind of move in a
couple of minutes.
"""

from __future__ import annotations

import random
import re
from collections import Counter

from engine.core.context import SYSTEM
from engine.core.game import find_game
from tests.e2e.pointing import joined, play_by_pointing, summary

game = find_game("fmp")
SEED = 1
ATTACKS = ("assault", "capture", "neutralise", "fire", "rebuild", "secure", "build", "unload", "load")
DEPLOYED, ACTIONS = 4, 3  # units a seat deploys, actions a turn (then it ends its turn)


class Keen:
    """The greedy bot, hastened: what it plays given the position, so that
    the same seed plays the same mission in the browser and without it."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.done: Counter = Counter()  # (seat, turn) -> actions so far
        self.verbs: list[str] = []

    def __call__(self, state, seat, legal):
        command = self._choose(state, seat, legal)
        self.done[seat, state.turn] += 1
        self.verbs.append(command.verb)
        return command

    def _choose(self, state, seat, legal):
        by_verb: dict[str, list] = {}
        for c in legal:
            by_verb.setdefault(c.verb, []).append(c)
        if "choose" in by_verb:  # turn 21: red leaves, blue stays to lift off at turn 25
            return next(c for c in by_verb["choose"] if c.choice == ("leave" if seat == "red" else "stay"))
        for verb in ("liftoff", "secure"):
            if verb in by_verb:
                return by_verb[verb][0]
        if "done" in by_verb and self.done[seat, state.turn] >= DEPLOYED:
            return by_verb["done"][0]
        if "end" in by_verb and self.done[seat, state.turn] >= ACTIONS:
            return by_verb["end"][0]
        for verb in ATTACKS:
            if verb in by_verb and not (verb in ("load", "unload") and self.rng.random() < 0.5):
                return self.rng.choice(by_verb[verb])
        return game.BOTS["greedy"](state, seat, legal, self.rng)


def test_a_whole_mission_by_pointing(site, page):
    """The opening (landing to the first shots, turns 1-3) and the ending
    (building, the turn-21 choice, lift-offs) are pointed; the middle game,
    the same kinds of moves again, is played through the store with the
    same bot, so that the test takes a minute, not three."""
    gid = site.store.create("fmp", seed=SEED, players=2)
    keen = Keen(SEED)
    # No chips allowed: every token is drawn.
    opening = play_by_pointing(page, site, gid, keen, stop=lambda s: s.turn >= 4)
    _play(site.store, gid, lambda s: s.turn >= 20, keen)
    figures = joined(opening, play_by_pointing(page, site, gid, keen))
    state = site.store.live(gid).session.state
    assert game.outcome(state) is not None
    assert {f.status for f in state.freighters.values()} == {"departed"}
    made = set(keen.verbs)
    assert {"land", "deploy", "done", "move", "load", "unload", "fire", "build", "end", "choose", "liftoff"} <= made, made
    print(summary(f"fmp ({dict(Counter(keen.verbs))})", figures))
    assert figures["controls"] <= 25


def _play(store, gid, until, keen=None) -> None:
    """Play `keen` through the store (no page) until `until(state)`."""
    keen = keen or Keen(SEED)
    for _ in range(2000):
        state = store.live(gid).session.state
        if until(state):
            return
        seat = next(s for s in game.to_act(state) if s != SYSTEM)
        store.issue(gid, seat, keen(state, seat, game.legal_commands(state, seat)).notation())
    raise AssertionError("the position was not reached")


def test_what_a_seats_weather_hens_and_hand_show_reach_only_that_seat(site, page):
    store = site.store
    gid = store.create("fmp", seed=SEED, players=2)
    _play(store, gid, lambda s: s.forecasts.get("red") and s.forecasts.get("blue"))
    state = store.live(gid).session.state
    for seat in ("red", "blue"):
        page.goto(site.play(gid, seat))
        assert page.locator("#forecast").inner_text() == ", ".join(state.forecasts[seat])
    page.goto(f"{site.url}/games/{gid}")  # a spectator, the replay of a running game
    assert page.locator("#forecast").count() == 0

    _play(store, gid, lambda s: s.phase == "departure" and "red" in s.choices)
    assert store.live(gid).session.state.choices["red"] == "leave"
    page.goto(site.play(gid, "red"))
    assert "turn 21: leave" in page.locator("#freighter-red").inner_text()
    for other in (site.play(gid, "blue"), f"{site.url}/games/{gid}"):
        page.goto(other)
        text = page.locator("#freighter-red").inner_text()
        assert "turn 21: chosen" in text and not re.search(r"\bleave\b", text)
