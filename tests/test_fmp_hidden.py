"""What a mission hides while it runs (issue #25, item 4): the order of the
future-tides pile and the six cards set aside, the tides each player's
Weather Hens showed it ("Weather Hen > Tide prediction": to that player
alone), and the turn-21 choices until the hands open.

The audit reads every fact of a recorded four-player game as each seat and
a spectator receive it, and checks that no fact carries a tide card the
reader has not seen, nor another player's turn-21 choice before the reveal.
"""

from __future__ import annotations

import pytest

from engine.core.game import find_game, register
from engine.core.interchange import import_file
from engine.core.session import decode_fact
from engine.core.store import open_store
from engine.core.visibility import SPECTATOR, fact_shown
from engine.games.fmp import events as ev

register("fmp", "engine.games.fmp")
game = find_game("fmp")
TIDES = {"low", "normal", "high"}


@pytest.fixture(scope="module")
def facts():
    """Every fact of the recorded four-player game, with its step."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    gid = import_file(store, "fixtures/games/fmp-2.jsonl")
    return [(r.version, decode_fact(game, r.data)) for r in store.rows(gid) if r.kind == "Happened"]


def tide_lists(data, path=()):
    """Every list of tide cards inside a fact's data, with where it lies."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from tide_lists(value, (*path, key))
    elif isinstance(data, list) and data and all(isinstance(x, str) and x in TIDES for x in data):
        yield path, data


@pytest.mark.parametrize("reader", ["red", "blue", "green", "yellow", SPECTATOR])
def test_no_fact_shows_a_reader_tide_cards_or_choices_it_has_not_seen(facts, reader):
    own_forecasts = 0
    for step, event in facts:
        data = fact_shown(game, event, reader)
        for path, cards in tide_lists(data):
            # Only the reader's own forecast lists tide cards: what its Weather Hens showed it.
            assert isinstance(event, ev.TideForecast) and event.seat == reader and path == ("tides",), \
                (step, type(event).__name__, path, cards)
            own_forecasts += 1
        if isinstance(event, ev.DepartureChosen) and event.seat != reader:
            assert data["choice"] == "(secret)", step
    # The audit does meet hidden cards: the shuffles, and each player's own forecasts.
    assert any(isinstance(e, ev.TideCardsReshuffled) for _, e in facts)
    assert (own_forecasts > 0) == (reader != SPECTATOR)


def test_the_finished_game_shows_every_card_to_its_omniscient_view(facts):
    shuffled = next(e for _, e in facts if isinstance(e, ev.TideCardsShuffled))
    assert len(fact_shown(game, shuffled, None)["future"]) == 9
