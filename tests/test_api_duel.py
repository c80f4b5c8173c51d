"""The JSON API with the test-only `duel`: out-of-turn reactions, the
system seat, prompts, and secret commands redacted per seat."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from engine.core.game import register
from engine.core.store import open_store
from viewer.api import router

register("duel", "tests.games.duel")
TOKEN = "X-Seat-Token"


def make():
    app = FastAPI()
    app.state.store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.include_router(router)
    client = TestClient(app)
    out = client.post("/api/games", json={"kind": "duel", "seed": 4}).json()
    tokens = {seat: link.rsplit("/", 1)[1] for seat, link in out["seats"].items()}
    tokens["*"] = out["hotseat"].rsplit("/", 1)[1]
    return client, out["id"], tokens


def act(client, gid, token, text, **extra):
    return client.post(f"/api/games/{gid}/commands", json={"text": text, **extra}, headers={TOKEN: token})


def test_secret_stances_reach_only_their_seat_until_revealed():
    client, gid, tokens = make()
    assert act(client, gid, tokens["red"], "stance attack").status_code == 201
    blue_sees = client.get(f"/api/games/{gid}/events?seat=blue", headers={TOKEN: tokens["blue"]}).json()
    red_sees = client.get(f"/api/games/{gid}/events?seat=red", headers={TOKEN: tokens["red"]}).json()
    assert "attack" not in str(blue_sees)
    assert "(secret command)" in str(blue_sees)
    assert "stance attack" in str(red_sees)
    assert act(client, gid, tokens["blue"], "stance guard").status_code == 201
    blue_sees = client.get(f"/api/games/{gid}/events?seat=blue", headers={TOKEN: tokens["blue"]}).json()
    assert "stance attack" in str(blue_sees)  # revealed together


def test_a_reaction_out_of_turn_and_the_system_seat():
    client, gid, tokens = make()
    act(client, gid, tokens["red"], "stance attack")
    act(client, gid, tokens["blue"], "stance guard")
    assert act(client, gid, tokens["red"], "strike").status_code == 201
    game = client.get(f"/api/games/{gid}").json()
    assert game["to_act"] == ["red"]
    assert game["prompts"][0]["seat"] == "red" and "choices" not in game["prompts"][0]  # public
    red_legal = client.get(f"/api/games/{gid}/legal", headers={TOKEN: tokens["red"]}).json()
    assert "aim body" in red_legal["prompts"][0]["choices"]
    assert client.get(f"/api/games/{gid}/legal", headers={TOKEN: tokens["blue"]}).json()["commands"] == []
    assert act(client, gid, tokens["red"], "aim body").status_code == 201
    assert client.get(f"/api/games/{gid}").json()["to_act"] == ["red", "blue"]
    legal = client.get(f"/api/games/{gid}/legal", headers={TOKEN: tokens["blue"]}).json()
    assert legal["commands"] == ["parry"] and legal["may_act"] == ["red", "blue"]
    # The hot seat picks blue among the seats that may act, out of turn.
    r = act(client, gid, tokens["*"], "parry", seat="blue")
    assert r.status_code == 201 and r.json()["records"][0]["seat"] == "blue"
    # Nobody acts for the system, not even the hot seat.
    r = act(client, gid, tokens["*"], "storm", seat="system")
    assert r.status_code == 422
    r = act(client, gid, tokens["blue"], "storm")
    assert r.status_code == 422 and r.json()["rule"] == "core.system"
