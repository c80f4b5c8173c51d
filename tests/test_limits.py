"""Issue #12, item 3 at the viewer's edges: every bad input is a clear 4xx
naming the field, bodies have stated limits (413 before they are read
whole), and nothing sent is echoed back at length."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from engine.core.store import open_store
from viewer.app import create_app
from viewer.limits import MAX_BODY_BYTES, MAX_IMPORT_BYTES, MAX_INT, excerpt, shorten

KIND, SEAT, TOKEN = "forbidden_alchemy", "investigator", "X-Seat-Token"
JSON = {"content-type": "application/json"}


@pytest.fixture
def client():
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield TestClient(create_app(store))
    store.close()


def new_game(client) -> tuple[str, str]:
    out = client.post("/api/games", json={"kind": KIND, "seed": 7}).json()
    return out["id"], out["seats"][SEAT].rsplit("/", 1)[1]


def games(client) -> int:
    return len(client.get("/api/games").json())


# ---- numbers ----------------------------------------------------------------------------------
def test_events_since_is_bounded_to_64_bits(client):
    gid, token = new_game(client)
    r = client.get(f"/api/games/{gid}/events", params={"since": 2**63, "seat": SEAT},
                   headers={TOKEN: token})
    assert r.status_code == 422 and "since" in r.json()["detail"]
    ok = client.get(f"/api/games/{gid}/events", params={"since": MAX_INT, "seat": SEAT},
                    headers={TOKEN: token})
    assert ok.status_code == 200 and ok.json()["records"] == []


@pytest.mark.parametrize("body, field", [
    ({"seed": 2**64}, "seed"), ({"seed": -1}, "seed"), ({"players": 10**6}, "players"),
    ({"options": {"investigators": "²"}}, "options"), ({"options": {"tile": "١١A"}}, "options"),
])
def test_api_create_bounds_numbers_and_wants_ascii_digits(client, body, field):
    r = client.post("/api/games", json={"kind": KIND, **body})
    assert r.status_code == 422 and field in r.json()["detail"], r.text
    assert games(client) == 0


@pytest.mark.parametrize("form, field", [
    ({"seed": "²"}, "seed"), ({"seed": "٣"}, "seed"), ({"seed": str(2**64)}, "seed"),
    ({"seed": "-5"}, "seed"), ({"players": "0"}, "players"), ({"players": "99999999999999999999"}, "players"),
    ({"options": "investigators=²"}, "investigators"),
])
def test_form_create_bounds_numbers_and_wants_ascii_digits(client, form, field):
    r = client.post("/games", data={"kind": KIND, **form})
    assert r.status_code == 422 and 'id="form-error"' in r.text and field in r.text
    assert games(client) == 0


def test_play_form_version_is_bounded(client):
    gid, token = new_game(client)
    r = client.post(f"/games/{gid}/play/{token}", data={"text": "swap 1 2", "version": str(2**64)})
    assert r.status_code == 422 and "version" in r.text


# ---- text -------------------------------------------------------------------------------------
@pytest.mark.parametrize("field", ["author", "text"])
def test_a_lone_surrogate_in_a_note_is_422_naming_the_field(client, field):
    gid, _ = new_game(client)
    body = {"step": 2, "author": "ann", "text": "hello"}
    raw = json.dumps(body).replace(f'"{body[field]}"', '"bad \\ud800 text"')
    r = client.post(f"/api/games/{gid}/notes", content=raw, headers=JSON)
    assert r.status_code == 422 and field in r.json()["detail"] and "UTF-8" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}/notes").json() == {"notes": []}
    assert client.get(f"/games/{gid}").status_code == 200


def test_a_lone_surrogate_in_a_command_is_422_naming_the_field(client):
    gid, token = new_game(client)
    r = client.post(f"/api/games/{gid}/commands", content='{"text": "swap \\udc80 2"}',
                    headers={**JSON, TOKEN: token})
    assert r.status_code == 422 and "text" in r.json()["detail"]
    r = client.post("/api/games", content='{"kind": "forbidden_\\ud83d"}', headers=JSON)
    assert r.status_code == 422 and "kind" in r.json()["detail"]


# ---- sizes ------------------------------------------------------------------------------------
def test_a_body_over_64kb_is_413_before_it_is_read(client):
    gid, token = new_game(client)
    big = json.dumps({"step": 2, "author": "ann", "text": "x" * MAX_BODY_BYTES})
    r = client.post(f"/api/games/{gid}/notes", content=big, headers=JSON)
    assert r.status_code == 413 and "64 KB" in r.json()["detail"]

    def chunks():  # no Content-Length: refused while it streams
        yield b'{"step": 2, "author": "ann", "text": "'
        for _ in range(100):
            yield b"x" * 4096
        yield b'"}'
    r = client.post(f"/api/games/{gid}/notes", content=chunks(), headers=JSON)
    assert r.status_code == 413
    assert client.get(f"/api/games/{gid}/notes").json() == {"notes": []}
    r = client.post("/games", data={"kind": KIND, "options": "tile=" + "1" * MAX_BODY_BYTES})
    assert r.status_code == 413 and "<html" in r.text


def test_an_import_over_10mb_is_413_and_stores_nothing(client):
    blob = b"{}\n" * (MAX_IMPORT_BYTES // 3 + 10)
    r = client.post("/import", files={"file": ("big.jsonl", blob, "application/x-ndjson")})
    assert r.status_code == 413 and "10 MB" in r.text
    assert games(client) == 0


# ---- echoes -----------------------------------------------------------------------------------
def test_errors_echo_only_a_short_excerpt(client):
    long = "Z" * 50_000
    r = client.post("/api/games", json={"kind": KIND, "options": {"tile": long}})
    assert r.status_code == 422 and len(r.text) < 1000 and "…" in r.json()["detail"]
    r = client.post("/games", data={"kind": KIND, "options": f"tile={long}"})
    assert r.status_code == 422 and long[:200] not in r.text and "…" in r.text
    r = client.post("/games", data={"kind": long})
    assert r.status_code == 422 and long[:200] not in r.text
    r = client.get("/nowhere/" + long[:5000])
    assert r.status_code == 404 and long[:200] not in r.text
    r = client.get(f"/api/games/{long[:5000]}")
    assert r.status_code == 404 and len(r.text) < 1000


def test_excerpt_cuts_and_escapes():
    assert excerpt("a" * 100) == "a" * 80 + "…"
    assert shorten(f"kind: unknown game {'b' * 500!r}; known: x") == f"kind: unknown game '{'b' * 80}…'; known: x"
    assert excerpt("x\ud800\ny") == "x\\ud800\\ny"


def test_an_unknown_seat_is_not_reflected_into_the_replay_page(client):
    gid, token = new_game(client)
    client.post(f"/api/games/{gid}/commands", json={"text": "stop"}, headers={TOKEN: token})
    marker = "qqxq<evil>seat"
    page = client.get(f"/games/{gid}", params={"seat": marker})
    assert page.status_code == 200
    assert "qqxq" not in page.text and "evil" not in page.text
    assert "not a seat of this game" in page.text
    known = client.get(f"/games/{gid}", params={"seat": SEAT}).text
    assert f"seat={SEAT}" in known and "not a seat" not in known
    r = client.post(f"/games/{gid}/notes", data={"step": 2, "author": "a", "text": "t", "seat": marker},
                    follow_redirects=False)
    assert r.status_code == 303 and "qqxq" not in r.headers["location"]


# ---- /live --------------------------------------------------------------------------------------
def test_live_is_an_empty_204_or_a_json_version(client):
    gid, token = new_game(client)
    head = client.get(f"/api/games/{gid}").json()["version"]
    same = client.get(f"/games/{gid}/play/{token}/live", params={"v": head})
    assert same.status_code == 204 and same.content == b""
    moved = client.get(f"/games/{gid}/play/{token}/live", params={"v": head - 1})
    assert moved.status_code == 200 and moved.json() == {"version": head}
    assert moved.headers["HX-Refresh"] == "true"
    assert client.get(f"/games/{gid}/play/{token}/live", params={"v": 2**64}).status_code == 422


# ---- the OpenAPI document ---------------------------------------------------------------------
def test_openapi_documents_every_error_with_its_real_body(client):
    spec = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in spec["components"]["schemas"]
    error = spec["components"]["schemas"]["ErrorOut"]
    assert error["properties"]["detail"]["type"] == "string"
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            codes = set(op["responses"])
            assert {"413"} <= codes, (method, path)
            if path.startswith("/api/"):
                assert {"404", "422"} <= codes, (method, path)
                for code in codes - {"200", "201", "204"}:
                    ref = op["responses"][code]["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/ErrorOut"), (method, path, code)
    live = spec["paths"]["/games/{ref}/play/{token}/live"]["get"]["responses"]
    assert "204" in live and "application/json" in live["200"]["content"]
    assert re.search(r"64 KB", json.dumps(spec))
