"""Random play of `forbidden_alchemy_story` through a real (memory) store:
replay equals live, `verify` finds the record identical, every fact cites a
rule of the table, views hide what they must, and no investigator or
spectator ever reads a byakhee's token bottom or the keeper's secrets in
any record the API serves (the timeline and live stream use the same)."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.context import SYSTEM
from engine.core.game import find_game, register
from engine.core.interchange import verify
from engine.core.store import open_store

register("forbidden_alchemy_story", "engine.games.forbidden_alchemy_story")
game = find_game("forbidden_alchemy_story")
from viewer.api import record_out  # noqa: E402

KIND = "forbidden_alchemy_story"
MAX_COMMANDS = 400


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def byakhee_results(state) -> set[str]:
    return {t[k] for t in state.tokens.values() if "question" in t for k in ("yes", "no")}


def check_secrets(store, gid, seats) -> None:
    """What investigators and spectators can read holds no keeper secret."""
    live = store.live(gid)
    state = live.session.state
    rows = store.rows(gid)
    answered = {r.data["data"]["result"] for r in rows if r.data.get("type") == "ByakheeAnswered"}
    unanswered = byakhee_results(state) - answered
    for seat in [s for s in seats if s != "keeper"] + [""]:
        shown = [record_out(game, r, seat) for r in rows]
        text = json.dumps(shown) + json.dumps(game.view(state, seat))
        text += " ".join(
            game.describe(game.EVENTS[r.data["type"]].from_data(r.data["data"], r.rule))
            for r in rows
            if r.kind == "Happened"
        )
        assert not any(result in text for result in unanswered), seat
        for out in shown:
            if out.get("type") == "MonsterTokensSlotted":
                assert all(set(t) == {"kind"} for t in out["data"]["tokens"].values())
            if out.get("type") == "ByakheeTokenExamined":
                assert out["data"]["health"] == "hidden"
            if out.get("type") in ("StoryChoiceMade", "KeeperGuideRead", "TraumaCardsDealt"):
                assert "trauma-" not in json.dumps(out["data"]) and "win" not in json.dumps(
                    out["data"]
                )
        for shown_monster in game.view(state, seat)["monsters"].values():
            if shown_monster["kind"] == "byakhee":
                assert "bottom" not in shown_monster
        if game.outcome(state) is None:
            assert "hand" not in game.view(state, seat)["keeper"]


def test_the_game_can_play_the_keeper_itself():
    store = memory()
    gid = store.create(KIND, seed=11, players=2, options={"keeper": "system"})
    live = store.live(gid)
    assert live.header.seats == ("investigator-1", "investigator-2")
    state = live.session.state
    # The system made the #1 story choice at once, in secret, and handed over.
    assert state.choice in ("A", "B", "C") and game.to_act(state) == ("investigator-1",)
    choose = next(r for r in store.rows(gid) if r.kind == "CommandIssued")
    assert (choose.data["seat"], choose.data["text"]) == ("system", "choose random")
    assert game.view(state, "investigator-1")["choice"] is None
    store.issue(gid, "investigator-1", "end")
    store.issue(gid, "investigator-2", "end")
    # The keeper's whole turn was played by the system; the investigators are up again.
    state = store.live(gid).session.state
    assert game.to_act(state) == ("investigator-1",) and state.events_resolved == 1
    rows = store.rows(gid)
    assert verify(store.live(gid).header, rows[1:]) is None


@pytest.mark.parametrize(
    "seed,players,story,bot",
    [
        (1, 1, "1", "random"),
        (2, 2, "3", "random"),
        (3, 3, "1", "greedy"),
        (4, 4, "3", "greedy"),
        (5, 2, "3", "greedy"),
        (6, 1, "3", "random"),
        (7, 3, "3", "random-vs-system"),
        (8, 1, "1", "greedy-vs-system"),
    ],
)
def test_random_play_replays_verifies_and_keeps_the_keepers_secrets(seed, players, story, bot):
    store = memory()
    keeper = "system" if bot.endswith("-vs-system") else "player"
    bot = bot.removesuffix("-vs-system")
    gid = store.create(KIND, seed=seed, players=players, options={"story": story, "keeper": keeper})
    seats = store.live(gid).header.seats
    assert len(seats) == players + (keeper == "player")
    rng = random.Random(seed)
    for n in range(MAX_COMMANDS):
        state = store.live(gid).session.state
        for seat in (*seats, None, ""):
            shown = game.view(state, seat)
            json.dumps(shown)
            assert game.view(game.scramble_hidden(state, seat, rng), seat) == shown, seat
        if game.outcome(state) is not None:
            break
        if n % 25 == 0:
            check_secrets(store, gid, seats)
        seat = [s for s in game.to_act(state) if s != SYSTEM][0]
        legal = game.legal_commands(state, seat)
        assert legal, f"{seat} must act but has no legal command"
        for prompt in game.prompts(state):
            assert prompt.seat == seat and set(prompt.choices) == {c.notation() for c in legal}
        command = game.BOTS[bot](state, seat, legal, rng)
        store.issue(gid, seat, command.notation())
    check_secrets(store, gid, seats)
    live = store.live(gid)
    assert game.outcome(live.session.state) is not None, "the story did not end"
    assert store.load(gid).session == live.session
    rows = store.rows(gid)
    assert verify(live.header, rows[1:]) is None
    for r in rows:
        assert r.rule in game.RULES, r.rule


@pytest.mark.parametrize("seed,players,story", [(4, 3, "3"), (9, 2, "1")])
def test_every_step_between_facts_answers_every_question(seed, players, story):
    """The replay reads the state after each fact, also between two facts of one
    command (an investigator's turn ended, the keeper's not yet begun)."""
    from engine.core import session as fold

    store = memory()
    gid = store.create(KIND, seed=seed, players=players, options={"story": story})
    rng = random.Random(seed)
    for _ in range(MAX_COMMANDS):
        state = store.live(gid).session.state
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_commands(state, seat)
        store.issue(gid, seat, game.BOTS["greedy"](state, seat, legal, rng).notation())
    seats = store.live(gid).header.seats
    session = None
    for r in store.rows(gid):
        session = fold.fold_record(game, session, r.kind, r.version, r.data)
        state = session.state
        for seat in (*seats, "", None):
            json.dumps(game.view(state, seat))
        for seat in game.to_act(state):
            assert {c.notation() for c in game.legal_commands(state, seat)} >= {
                c for p in game.prompts(state) for c in p.choices
            }
        game.render(state)
