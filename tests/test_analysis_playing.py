"""What the games' own bots and offers give the search (issue #23): the
greedy bots decide from what their seat may see, and Full Metal Planète's
evaluation (engine/games/fmp/playing.py) reads only the table and counts
the mission's goal; The Promised Day's (engine/games/promised_day/playing.py)
reads only the table too, its weights fitted by analysis/fit.py.
"""

from __future__ import annotations

import random

import pytest

from analysis.policy import offered, rollout_bot
from analysis.search import search_bot
from analysis.simulate import acting
from analysis.train import start
from engine.core.game import find_game
from engine.games.fmp import playing
from engine.games.fmp.state import ORE
from engine.games.forbidden_alchemy_story.bots import cautious_bot

STORY = "forbidden_alchemy_story"


def greedy_positions(kind: str, seed: int, commands: int):
    """(state, seat, legal) at each decision of a game of greedy bots."""
    game = find_game(kind)
    sim, state = start(game, seed, game.options(None, {}))
    bot, rng = game.BOTS["greedy"], random.Random(seed)
    for _ in range(commands):
        if game.outcome(state) is not None:
            return
        seat, legal = acting(game, state)
        yield state, seat, legal
        state = sim.play(state, seat, bot(state, seat, legal, rng))


# ---- the greedy bots play from what their seat may see --------------------------------------
@pytest.mark.parametrize("kind, seeds, commands", [("fmp", (1001,), 160), (STORY, range(1000, 1008), 200)])
def test_greedy_chooses_alike_whatever_the_hidden_parts(kind, seeds, commands):
    check_plays_from_what_it_sees(kind, find_game(kind).BOTS["greedy"], seeds, commands)


def test_the_story_games_rollout_bot_never_attacks_and_plays_from_what_it_sees():
    game = find_game(STORY)
    bot = rollout_bot(game)
    assert bot is cautious_bot
    check_plays_from_what_it_sees(STORY, bot, range(1000, 1006), 200)
    # Where the greedy investigator fought (seed 1001: four attacks), the cautious one does not.
    fights = [(state, seat, legal) for state, seat, legal in greedy_positions(STORY, 1001, 200)
              if seat != "keeper" and any(c.verb == "attack" for c in legal)]
    assert fights
    assert all(bot(*fight, random.Random(0)).verb != "attack" for fight in fights)


def check_plays_from_what_it_sees(kind, bot, seeds, commands):
    """At every decision of a greedy game, the same choice (same seed of
    its own) on the true state and on a guess dealt by `scramble_hidden`
    (the tides ahead, the keeper's hand and secrets, the decks, the
    face-down Exploration cards): a bot that read any of them would
    sometimes choose otherwise."""
    game = find_game(kind)
    checked = 0
    positions = (p for seed in seeds for p in greedy_positions(kind, seed, commands))
    for n, (state, seat, legal) in enumerate(positions):
        guess = game.scramble_hidden(state, seat, random.Random(n))
        mine = bot(state, seat, legal, random.Random(n))
        assert bot(guess, seat, legal, random.Random(n)) == mine, (n, seat, mine.notation())
        checked += 1
    assert checked > 50


# ---- Full Metal Planète's evaluation ----------------------------------------------------------
def test_the_search_finds_what_a_game_offers_in_its_playing_module():
    fmp = find_game("fmp")
    assert offered(fmp, "EVALUATE") is playing.evaluate
    assert search_bot("fmp").evaluate.own is playing.evaluate
    assert offered(find_game("roundtable"), "EVALUATE") is None


def test_the_evaluation_reads_only_the_table():
    game = find_game("fmp")
    for n, (state, seat, _) in enumerate(greedy_positions("fmp", 1001, 120)):
        if n % 20:
            continue
        guess = game.scramble_hidden(state, seat, random.Random(n))
        assert guess.future != state.future or not state.future
        for judged in state.seats:
            assert playing.evaluate(guess, judged) == playing.evaluate(state, judged)


def test_ore_aboard_is_worth_more_than_ore_on_its_way_and_that_more_than_none():
    """A crab with ore, then the same ore stowed: the value rises each time;
    the chances of the two sides add up to one."""
    state = next(s for n, (s, _, _) in enumerate(greedy_positions("fmp", 1001, 400))
                 if s.phase == "play" and n > 60)
    seat = state.seats[0]
    colour = next(c for c, f in state.freighters.items() if f.controller == seat)
    crab = next(u for u in state.units.values() if u.colour == colour and u.kind == "crab" and u.at)
    empty = _with(state, crab, cargo=())
    loaded = _with(state, crab, cargo=(ORE,))
    f = state.freighters[colour]
    home = _with(empty, crab, at="", inside=colour, cargo=())
    home = _replace(home, freighters={**home.freighters, colour: _replace(f, ore=f.ore + 1)})
    assert playing.value(empty, seat) < playing.value(loaded, seat) < playing.value(home, seat) + 1
    other = next(s for s in state.seats if s != seat)
    assert playing.evaluate(loaded, seat) + playing.evaluate(loaded, other) == pytest.approx(1.0)


def _with(state, unit, **changes):
    return _replace(state, units={**state.units, unit.id: _replace(unit, **changes)})


def _replace(obj, **changes):
    from dataclasses import replace

    return replace(obj, **changes)


# ---- The Promised Day's evaluation -------------------------------------------------------------
PROMISED_DAY = "promised_day"


def test_the_promised_day_evaluation_is_offered_and_reads_only_the_table():
    """On scrambled twins (every deck reordered, the other seat's hand
    re-dealt, the face-down Homunculus cards moved between rounds) the
    chance is the same, and the same for every seat (the team wins or
    loses together)."""
    from engine.games.promised_day import playing as pd

    game = find_game(PROMISED_DAY)
    assert offered(game, "EVALUATE") is pd.evaluate
    checked = differed = 0
    for seed in (1000, 1003):
        for n, (state, seat, _) in enumerate(greedy_positions(PROMISED_DAY, seed, 60)):
            if n % 6:
                continue
            guess = game.scramble_hidden(state, seat, random.Random(n))
            assert pd.features(guess) == pd.features(state)
            assert {pd.evaluate(guess, s) for s in ("red", "blue")} == {pd.evaluate(state, seat)}
            checked += 1
            differed += guess.hands != state.hands
    assert checked >= 10 and differed >= checked // 2


def test_the_promised_day_chance_rises_with_a_tile_flipped_and_falls_with_the_damage_track():
    from dataclasses import replace

    from engine.games.promised_day import playing as pd

    state = next(s for n, (s, _, _) in enumerate(greedy_positions(PROMISED_DAY, 1000, 40)) if n >= 20)
    chance = pd.evaluate(state, "red")
    area = next(a for a, (_, _, up) in state.tiles.items() if up)
    tile, kind, _ = state.tiles[area]
    flipped = replace(state, tiles={**state.tiles, area: (tile, kind, False)})
    damaged = replace(state, damage_track=state.damage_track + 2)
    assert pd.evaluate(damaged, "red") < chance < pd.evaluate(flipped, "red")
    assert 0.0 < chance < 1.0


def test_the_fit_finds_the_measure_that_predicts_the_result():
    """Games won where "tiles" was high and lost where it was low, whatever
    the noise: its weight comes out positive and the noise's near 0."""
    from analysis.fit import fit, log_loss

    rng = random.Random(3)
    games = []
    for _ in range(60):
        won = float(rng.random() < 0.5)
        rows = [{"tiles": won + rng.gauss(0, 0.7), "noise": rng.gauss(0, 1)} for _ in range(5)]
        games.append((rows, won))
    weights, constant = fit(games, ridge=1.0)
    assert weights["tiles"] > 1.0 > abs(weights["noise"]) * 5
    assert log_loss(weights, constant, games) < 0.6
