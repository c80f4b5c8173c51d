"""Per-game defaults for people and for bots (docs/GAMES.md: PLAY_OPTIONS, DEFAULT_BOT)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from engine.core.store import open_store
from viewer.app import create_app


def _created_options(client, store, **form) -> dict:
    before = set(store.catalogue.game_ids())
    r = client.post("/games", data=form)
    assert r.status_code == 200 and r.history[0].status_code == 303, r.text
    (gid,) = set(store.catalogue.game_ids()) - before
    return store.header(gid).options


def test_an_fmp_game_started_in_the_viewer_has_the_three_minute_turn():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    client = TestClient(create_app(store))
    assert _created_options(client, store, kind="fmp", players="2")["timer"] == 180  # seconds
    assert _created_options(client, store, kind="fmp", players="2", options="timer=off")["timer"] == 0
    # Bots, tests and the CLI create games without it.
    assert store.header(store.create("fmp", seed=1, players=2)).options["timer"] == 0
    # A game without play defaults is created as asked.
    assert "timer" not in _created_options(client, store, kind="brutality", players="2")


def test_selfplay_uses_the_games_default_bot(tmp_path, capsys):
    from boardlog.cli import main

    db = str(tmp_path / "bots.db")
    calls = []
    import boardlog.cli as cli

    real = cli.selfplay_one

    def spy(store, kind, seed, players, options, bot_name="random"):
        calls.append(bot_name)
        return real(store, kind, seed, players, options, bot_name)
    cli.selfplay_one = spy
    try:
        assert main(["selfplay", "fmp", "--seed", "2", "--players", "2", "--db", db]) in (0, None)
        assert main(["selfplay", "brutality", "--seed", "2", "--db", db]) in (0, None)
    finally:
        cli.selfplay_one = real
    assert calls == ["greedy", "random"]
