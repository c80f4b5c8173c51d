"""Anna's Roundtable played in Chromium by pointing only (issue #21).

1 vs 1: a whole game on the default map with a limit of five rounds, seed 28,
a curious bot naming each command (a verb it has not made yet when it can,
else the greedy bot's choice), so that one short game makes most kinds of
command (every kind but retire): the mulligan by clicking the two cards to
put back, deploys and [Haste] deploys (the card in hand, the unit slot on the
player's board, the square; a menu between the two verbs), a Gray unit's
shift, moves, attacks, a reaction special and passing, captures, work,
assists, specials, discards, buying a face-down shop card (its slot),
playing a shop card, the DV Map Tile (a square, then the side on the
player's board), a BUMP, ending the turn.  Every argument is clicked on the map, the hand or
the player's board: no chip.

Boss Mode: three players started from a position late in the boss's plan
(two boss turns left), their units around the tile, so that the boss's
questions come up and are answered on the board (the unit, the corner, the
range of its next attack; the unit its card's effect hits next), and the
boss's turns run as system steps between the players' (the hot seat
follows whoever may act).

And each seat's hand on its own page only.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from engine.core.game import find_game
from tests.e2e.pointing import play_by_pointing, summary

game = find_game("roundtable")
DUEL = {"players": 2, "options": {"end": "rounds", "rounds": "5"}}
SEED = 28  # with DUEL and the curious bot: 58 commands, every kind of a 1 vs 1 player's
EVERY_KIND = {"deploy", "hasty", "move", "attack", "capture", "work", "assist", "special", "react", "pass",
              "use", "discard", "shift", "buy", "vein-tile", "bump", "end"}


def _curious(rng, made: Counter, first_mulligan: list[str]):
    """A bot for the browser: a kind of command not made yet (but ending the turn or
    retiring a unit) when there is one, else the greedy bot's."""
    def choose(state, seat, legal):
        if legal[0].verb == "mulligan" and first_mulligan:
            command = next(c for c in legal if sorted(c.cards) == sorted(first_mulligan))
            first_mulligan.clear()
        else:
            fresh = [c for c in legal if not made[c.verb] and c.verb not in ("end", "retire", "mulligan")]
            command = rng.choice(fresh) if fresh else game.BOTS["greedy"](state, seat, legal, rng)
        made[command.verb] += 1
        return command
    return choose


def test_a_whole_1v1_game_by_pointing(site, page):
    gid = site.store.create("roundtable", seed=SEED, **DUEL)
    state = site.store.live(gid).session.state
    put_back = list(state.player("p1").hand[:2])
    rng, made = random.Random(SEED), Counter()
    figures = play_by_pointing(page, site, gid, _curious(rng, made, list(put_back)))  # no chips allowed: every token is drawn
    final = site.store.live(gid).session.state
    assert game.outcome(final) is not None
    mulligan = next(r for r in site.store.rows(gid, 0) if r.kind == "CommandIssued" and r.data["seat"] == "p1")
    assert sorted(mulligan.data["text"].split()[1:]) == sorted(put_back)  # the parts, clicked
    assert EVERY_KIND <= set(made), sorted(EVERY_KIND - set(made))
    print(summary(f"roundtable 1 vs 1 ({', '.join(sorted(made))})", figures))
    assert figures["controls"] <= 25


# ---- Boss Mode, late in the boss's plan ---------------------------------------------------------
BOSS_POSITION = {
    "format": "boardlog-position", "game": "roundtable", "version": game.POSITION_VERSION,
    "options": {"mode": "boss", "boss": "grima", "map": "boss", "players": 3},
    "turn": {"phase": "play", "number": 19, "active": "p1"},
    "players": {"p1": {"hand": ["healer", "dancer"], "dv": 2},
                "p2": {"hand": ["wind-mage", "red-mage", "sword-hero"], "dv": 3},
                "p3": {"hand": ["pegasus-knight", "great-knight"], "dv": 2}},
    "units": {
        "axe-fighter": {"owner": "p1", "square": "B3", "slot": "1", "exhausted": False},
        "lance-knight": {"owner": "p1", "square": "C2", "slot": "2", "exhausted": False},
        "archer": {"owner": "p2", "square": "E3", "slot": "1", "exhausted": False},
        "thief": {"owner": "p3", "square": "D5", "slot": "1", "exhausted": False},
    },
    "boss": {"turns": 9, "card": "grima-expiration", "deck": ["grima-wings", "grima-scales", "grima-gaze"]},
}


BOSS_SEED = 6  # with BOSS_POSITION and the curious bot: 25 commands, both questions asked
BOSS_KINDS = {"deploy", "hasty", "move", "attack", "special", "boss-action", "vein-move", "vein-remove",
              "work", "wait", "discard", "order", "hit", "end"}


def test_boss_mode_by_pointing_with_the_boss_questions_answered_on_the_board(site, page):
    gid = site.store.create("roundtable", position=json.dumps(BOSS_POSITION), seed=BOSS_SEED)
    rng, made = random.Random(BOSS_SEED), Counter()
    figures = play_by_pointing(page, site, gid, _curious(rng, made, []))
    final = site.store.live(gid).session.state
    assert game.outcome(final) is not None
    assert BOSS_KINDS <= set(made), sorted(BOSS_KINDS - set(made))
    system = [r.data["text"] for r in site.store.rows(gid, 0)
              if r.kind == "CommandIssued" and r.data["seat"] == "system"]
    assert "boss" in system  # the boss's turns ran as system steps between the players'
    print(summary(f"roundtable Boss Mode ({', '.join(sorted(made))})", figures))


# ---- a hand reaches its own seat only -------------------------------------------------------------
def _tokens(page, selector: str) -> set[str]:
    return set(page.locator(selector).evaluate_all("els => els.map(e => e.dataset.token)"))


def _named(ids: set[str], html: str) -> set[str]:
    """The ids the page names anywhere (text, attributes, the pointing data), whole."""
    return {i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", html)}


HANDS = {"format": "boardlog-position", "game": "roundtable", "version": game.POSITION_VERSION,
         "options": {"mode": "1v1", "map": "default", "first_game": False, "end": "vp-deck", "rounds": 20,
                     "players": 2, "bump": "orthogonal"},
         "players": {"p1": {"hand": ["thief", "healer", "wind-mage"], "shop_hand": ["vulnerary-1"]},
                     "p2": {"hand": ["archer", "dancer"], "shop_hand": ["gold-bar-2", "annas-cheer"]}}}


def test_a_hand_reaches_only_its_seat(site, page):
    gid = site.store.create("roundtable", position=json.dumps(HANDS), seed=SEED)
    hands = {seat: set(p["hand"]) | set(p["shop_hand"]) for seat, p in HANDS["players"].items()}
    cheer = "annas-cheer"  # given face up at setup: everyone knows p2 holds it
    for seat, other in (("p1", "p2"), ("p2", "p1")):
        page.goto(site.play(gid, seat))
        assert _tokens(page, f"#hand-{seat} .rt-card") == hands[seat]
        text = page.locator(f"#hand-{seat}").inner_text()
        assert "HP" in text and "ATK" in text and "Special" in text  # cards with their text, not ids
        assert ("Restore 3 HP" in text) == (seat == "p1")  # p1's Vulnerary, its text
        assert not page.locator(f"#hand-{other}").count()
        assert _named(hands[seat], page.content()) == hands[seat]  # the check sees a hand where it is
        assert not _named(hands[other] - {cheer}, page.content())
    page.goto(f"{site.url}/games/{gid}")  # a spectator, the replay of a running game
    assert page.locator(".rt-hand").count() == 0
    assert not _named((hands["p1"] | hands["p2"]) - {cheer}, page.content())
    assert "Anna's Cheer" in page.locator("#player-p2").inner_text()  # what everyone knows
