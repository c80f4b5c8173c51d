"""Issue #12 item 6: roles on a served store.  Bound to loopback the viewer
is open as before; served to others (`create_app(auth=True)`) it asks for
sign-in: an operator manages games and every note, a reviewer writes notes
under their own name and changes only those; seat links play without an
account.  Plus the headers every response carries, the cross-site check,
and (item 4) the notes' `expected_version` through the API and the forms."""

from __future__ import annotations

import io
import re
import sys
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from boardlog import cli
from engine.core.accounts import AccountBook
from engine.core.store import open_store
from viewer.app import create_app
from viewer.auth import COOKIE, is_loopback

KIND, SEAT = "forbidden_alchemy", "investigator"
SITE = {"Origin": "http://testserver"}  # what a browser sends with a form of this site
PASSWORDS = {"olga": "operator-pass", "rita": "reviewer-pass", "remy": "reviewer2-pass"}


@pytest.fixture
def served():
    """A store with an operator (olga), two reviewers (rita, remy), a game
    with a note by remy, and the viewer as served to others."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    book = AccountBook(store)
    book.add("olga", "operator", PASSWORDS["olga"])
    book.add("rita", "reviewer", PASSWORDS["rita"])
    book.add("remy", "reviewer", PASSWORDS["remy"])
    gid = store.create(KIND, seed=3)
    note = store.notes.add(gid, 2, "remy", "remy's note")
    yield store, gid, note, create_app(store, auth=True)
    store.close()


def signed_in(app, name: str) -> TestClient:
    client = TestClient(app)
    r = client.post(
        "/signin",
        data={"name": name, "password": PASSWORDS[name], "next": "/"},
        headers=SITE,
        follow_redirects=False,
    )
    assert r.status_code == 303 and r.headers["location"] == "/", r.text
    return client


def notes(store, gid) -> dict[str, dict]:
    return {n["note"]: n for n in store.notes.of(gid)}


# ---- open on loopback, sign-in off it -----------------------------------------------------------
def test_loopback_hosts_are_told_apart():
    assert all(map(is_loopback, ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "192.168.1.5", "example.org", ""]))


def test_serve_turns_sign_in_on_off_loopback(monkeypatch, tmp_path, capsys):
    import uvicorn

    apps = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: apps.append(app))
    monkeypatch.setenv("BOARDLOG_AUTH", "0")  # serve sets it for its workers: restored after
    db = str(tmp_path / "s.db")
    assert cli.main(["serve", "--db", db]) == 0
    assert cli.main(["serve", "--db", db, "--host", "0.0.0.0"]) == 0
    assert [a.state.auth for a in apps] == [False, True]
    assert "no operator account yet" in capsys.readouterr().err


def test_an_open_viewer_needs_no_account(served):
    store, gid, note, _ = served
    client = TestClient(create_app(store))  # as on loopback
    assert client.get("/").status_code == 200
    r = client.post(
        f"/games/{gid}/notes",
        data={"step": 2, "author": "anyone", "text": "hi"},
        follow_redirects=False,
    )
    assert r.status_code == 303 and "anyone" in {n["author"] for n in store.notes.of(gid)}
    assert 'id="signin-link"' not in client.get("/").text


@pytest.mark.parametrize(
    "method, path, status",
    [
        ("get", "/", 303),
        ("get", "/games/{gid}", 303),
        ("get", "/games/{gid}/export", 303),
        ("post", "/games", 401),
        ("post", "/games/{gid}/notes", 401),
        ("post", "/games/{gid}/fork", 401),
        ("get", "/api/games", 401),
        ("get", "/api/games/{gid}/notes", 401),
        ("post", "/api/games", 401),
        ("get", "/api/games/{gid}/state", 401),
        ("get", "/no/such/page", 303),
    ],
)
def test_sign_in_is_required_off_loopback(served, method, path, status):
    store, gid, _, app = served
    client = TestClient(app)
    r = getattr(client, method)(path.format(gid=gid), follow_redirects=False)
    assert r.status_code == status, r.text
    if status == 303:
        assert r.headers["location"].startswith("/signin?next=/")
    elif path.startswith("/api/"):
        assert (
            r.headers["www-authenticate"].startswith("Bearer")
            and "sign-in needed" in r.json()["detail"]
        )
    assert len(store.catalogue.game_ids()) == 1 and len(store.notes.of(gid)) == 1


def test_the_sign_in_page_and_the_documents_are_public(served):
    client = TestClient(served[3])
    page = client.get("/signin?next=/games")
    assert page.status_code == 200 and 'value="/games"' in page.text
    assert 'value="/"' in client.get("/signin?next=//evil.example/").text  # never another site
    assert client.get("/openapi.json").status_code == 200
    assert client.get("/static/boardlog.css").status_code == 200


def test_a_wrong_password_is_refused(served):
    client = TestClient(served[3])
    for name, password in (("olga", "wrong-password"), ("nobody", "whatever-it-is"), ("olga", "")):
        r = client.post(
            "/signin",
            data={"name": name, "password": password},
            headers=SITE,
            follow_redirects=False,
        )
        assert r.status_code == 401 and "not recognised" in r.text and COOKIE not in r.cookies
    assert client.get("/", follow_redirects=False).status_code == 303
    r = client.post("/api/signin", json={"name": "olga", "password": "wrong-password"})
    assert r.status_code == 401 and r.json()["detail"] == "name or password: not recognised"


def test_the_session_cookie_is_http_only_and_same_site(served):
    client = TestClient(served[3])
    r = client.post(
        "/signin",
        data={"name": "rita", "password": PASSWORDS["rita"]},
        headers=SITE,
        follow_redirects=False,
    )
    cookie = r.headers["set-cookie"].lower()
    assert cookie.startswith(f"{COOKIE}=") and "httponly" in cookie and "samesite=lax" in cookie
    assert PASSWORDS["rita"] not in r.headers["set-cookie"]
    page = client.get("/").text
    assert 'id="account"' in page and "rita (reviewer)" in page
    client.post("/signout", headers=SITE)
    assert client.get("/", follow_redirects=False).status_code == 303


def test_removing_an_account_ends_its_sessions(served):
    store, _, _, app = served
    client = signed_in(app, "rita")
    assert client.get("/").status_code == 200
    AccountBook(store).remove("rita")
    assert client.get("/", follow_redirects=False).status_code == 303


# ---- what each role may do ----------------------------------------------------------------------
def test_a_reviewer_writes_notes_under_their_own_name_only(served):
    store, gid, _, app = served
    client = signed_in(app, "rita")
    r = client.post(
        f"/games/{gid}/notes",
        data={"step": 3, "author": "olga", "text": "mine"},
        headers=SITE,
        follow_redirects=False,
    )
    assert r.status_code == 303
    mine = next(n for n in store.notes.of(gid) if n["text"] == "mine")
    assert mine["author"] == "rita"  # the account, not the form's field
    r = client.post(
        f"/api/games/{gid}/notes",
        json={"step": 3, "author": "olga", "text": "via api"},
        headers=SITE,
    )
    assert r.status_code == 201 and r.json()["author"] == "rita"
    r = client.post(
        f"/games/{gid}/notes/{mine['note']}/edit",
        data={"step": 3, "text": "mine, edited"},
        headers=SITE,
        follow_redirects=False,
    )
    assert r.status_code == 303 and notes(store, gid)[mine["note"]]["text"] == "mine, edited"
    r = client.post(
        f"/games/{gid}/notes/{mine['note']}/delete",
        data={"step": 3},
        headers=SITE,
        follow_redirects=False,
    )
    assert r.status_code == 303 and mine["note"] not in notes(store, gid)


def test_a_reviewer_cannot_change_others_notes_or_manage_games(served):
    store, gid, note, app = served
    client = signed_in(app, "rita")
    page = client.get(f"/games/{gid}?step=2").text
    assert f'data-note="{note}"' in page and f"/notes/{note}/edit" not in page  # no edit form
    assert 'id="fork"' not in page and 'id="delete-game"' not in page
    assert 'id="new-game"' not in client.get("/").text
    refused = [
        client.post(f"/games/{gid}/notes/{note}/edit", data={"step": 2, "text": "x"}, headers=SITE),
        client.post(f"/games/{gid}/notes/{note}/delete", data={"step": 2}, headers=SITE),
        client.put(f"/api/games/{gid}/notes/{note}", json={"text": "x"}, headers=SITE),
        client.delete(f"/api/games/{gid}/notes/{note}", headers=SITE),
        client.post("/games", data={"kind": KIND}, headers=SITE),
        client.post("/api/games", json={"kind": KIND}, headers=SITE),
        client.post(f"/games/{gid}/fork", data={"step": 2}, headers=SITE),
        client.post(f"/api/games/{gid}/fork", json={"step": 2}, headers=SITE),
        client.post("/import", files={"file": ("g.jsonl", b"{}")}, headers=SITE),
        client.get(f"/games/{gid}/delete"),
        client.post(f"/games/{gid}/delete", data={"confirm": str(gid)}, headers=SITE),
        client.delete(f"/api/games/{gid}", params={"confirm": str(gid)}, headers=SITE),
    ]
    assert [r.status_code for r in refused] == [403] * len(refused), [r.text[:200] for r in refused]
    assert "remy" in refused[0].text or "operator" in refused[0].text
    assert notes(store, gid)[note]["text"] == "remy's note" and store.catalogue.game_ids() == [gid]


def test_an_operator_manages_games_and_moderates_notes(served):
    store, gid, note, app = served
    client = signed_in(app, "olga")
    assert 'id="new-game"' in client.get("/").text
    assert 'id="delete-game"' in client.get(f"/games/{gid}").text
    r = client.post(
        f"/games/{gid}/notes/{note}/edit",
        data={"step": 2, "text": "moderated"},
        headers=SITE,
        follow_redirects=False,
    )
    assert r.status_code == 303
    edited = notes(store, gid)[note]
    assert (edited["text"], edited["author"], edited["editor"]) == ("moderated", "remy", "olga")
    assert client.post("/games", data={"kind": KIND, "seed": "1"}, headers=SITE,
                       follow_redirects=False).status_code == 303
    r = client.post(f"/games/{gid}/fork", data={"step": 5}, headers=SITE, follow_redirects=False)
    assert r.status_code == 303 and len(store.catalogue.game_ids()) == 3
    r = client.post(
        f"/games/{gid}/notes/{note}/delete", data={"step": 2}, headers=SITE, follow_redirects=False
    )
    assert r.status_code == 303 and note not in notes(store, gid)


def test_api_clients_sign_in_for_a_bearer_token(served):
    store, gid, _, app = served
    client = TestClient(app)
    r = client.post("/api/signin", json={"name": "rita", "password": PASSWORDS["rita"]})
    assert r.status_code == 200 and r.json()["role"] == "reviewer"
    bearer = {"Authorization": f"Bearer {r.json()['token']}"}
    assert client.get("/api/games", headers=bearer).status_code == 200
    r = client.post(
        f"/api/games/{gid}/notes", json={"step": 2, "text": "from a script"}, headers=bearer
    )
    assert (
        r.status_code == 201 and r.json()["author"] == "rita"
    )  # no Origin needed: no cookie rides
    assert client.post("/api/games", json={"kind": KIND}, headers=bearer).status_code == 403
    assert (
        client.get("/api/games", headers={"Authorization": "Bearer forged.token"}).status_code
        == 401
    )


# ---- seat links need no account -----------------------------------------------------------------
def test_seat_links_play_without_an_account(served):
    store, gid, _, app = served
    client = TestClient(app)
    token = store.seats.tokens(gid)[SEAT]
    assert client.get(f"/games/{gid}/play/{token}").status_code == 200
    r = client.post(
        f"/games/{gid}/play/{token}",
        data={"action": "command", "text": "swap 1 2"},
        follow_redirects=False,
    )
    assert r.status_code == 303 and store.live(gid).session.commands == 1
    assert client.get(f"/games/{gid}/play/{token}/live", params={"v": 0}).status_code == 200
    seat = {"X-Seat-Token": token}
    assert client.post(f"/api/games/{gid}/undo", headers=seat).status_code == 201
    assert client.get(f"/api/games/{gid}/legal", headers=seat).status_code == 200
    assert (
        client.get(f"/api/games/{gid}/state", params={"seat": SEAT}, headers=seat).status_code
        == 200
    )
    assert client.get(f"/api/games/{gid}", headers=seat).status_code == 200
    # A token opens its own game only, and never the notes or the games list.
    assert client.get(f"/api/games/{gid}/notes", headers=seat).status_code == 401
    assert client.get("/api/games", headers=seat).status_code == 401
    assert client.get(f"/games/{gid}/play/not-a-token").status_code == 404


# ---- cross-site requests ------------------------------------------------------------------------
def test_cross_site_forms_are_refused(served):
    store, gid, note, app = served
    client = signed_in(app, "olga")
    for headers in (
        {"Origin": "http://evil.example"},
        {"Referer": "http://evil.example/page"},
        {"Origin": "null"},
        {},
    ):
        r = client.post(f"/games/{gid}/notes/{note}/delete", data={"step": 2}, headers=headers)
        assert r.status_code == 403 and "cross-site" in r.text, headers
        r = client.post("/games", data={"kind": KIND}, headers=headers)
        assert r.status_code == 403
    assert note in notes(store, gid) and store.catalogue.game_ids() == [gid]
    # The same form from this site's own page (Referer, no Origin) goes through.
    r = client.post(
        f"/games/{gid}/notes/{note}/delete",
        data={"step": 2},
        headers={"Referer": f"http://testserver/games/{gid}"},
        follow_redirects=False,
    )
    assert r.status_code == 303 and note not in notes(store, gid)


def test_an_open_viewer_refuses_another_sites_forms_too(served):
    store, gid, note, _ = served
    client = TestClient(create_app(store))
    r = client.post(
        f"/games/{gid}/notes/{note}/delete",
        data={"step": 2, "author": "x"},
        headers={"Origin": "http://evil.example"},
    )
    assert r.status_code == 403 and note in notes(store, gid)


# ---- headers -----------------------------------------------------------------------------------
@pytest.mark.parametrize("auth", [False, True])
def test_every_response_carries_the_security_headers(served, auth):
    store, gid, _, _ = served
    client = (
        signed_in(create_app(store, auth=True), "olga") if auth else TestClient(create_app(store))
    )
    token = store.seats.tokens(gid)[SEAT]
    for path in (
        "/",
        f"/games/{gid}",
        f"/games/{gid}/play/{token}",
        "/api/games",
        f"/games/{gid}/delete",
        "/static/boardlog.css",
        "/no/such/page",
        "/signin",
    ):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp, path
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "same-origin"  # seat keys never leave in a Referer
        assert r.headers["x-content-type-options"] == "nosniff"
        if r.headers["content-type"].startswith("text/html"):
            # Scripts only from files: nothing inline the policy would block.
            assert not re.search(r"<script(?![^>]*\bsrc=)", r.text), path
            assert not re.search(r"\son[a-z]+=", r.text), path


# ---- item 4: notes name the version they change ----------------------------------------------
def test_api_note_edit_and_delete_take_expected_version(served):
    store, gid, note, _ = served
    client = TestClient(create_app(store))
    url = f"/api/games/{gid}/notes"
    version = int(client.get(url).headers["x-notes-version"])
    r = client.put(
        f"{url}/{note}", json={"author": "ann", "text": "x", "expected_version": version - 1}
    )
    assert r.status_code == 409 and f"not {version - 1}" in r.json()["detail"]
    r = client.put(
        f"{url}/{note}", json={"author": "ann", "text": "y", "expected_version": version}
    )
    assert r.status_code == 200 and r.json()["text"] == "y"
    assert int(r.headers["x-notes-version"]) == version + 1
    r = client.delete(f"{url}/{note}", params={"author": "ann", "expected_version": version})
    assert r.status_code == 409 and note in notes(store, gid)  # stale: the edit came first
    r = client.delete(f"{url}/{note}", params={"author": "ann", "expected_version": version + 1})
    assert r.status_code == 204 and note not in notes(store, gid)
    spec = client.get("/openapi.json").json()
    assert "expected_version" in spec["components"]["schemas"]["NoteEdit"]["properties"]
    delete = spec["paths"]["/api/games/{game}/notes/{note}"]["delete"]
    assert (
        "expected_version" in {p["name"] for p in delete["parameters"]}
        and "409" in delete["responses"]
    )


def test_note_forms_pass_the_notes_version(served):
    store, gid, note, _ = served
    client = TestClient(create_app(store))
    version = store.notes.version(gid)
    page = client.get(f"/games/{gid}?step=2").text
    assert page.count(f'name="expected_version" value="{version}"') == 2  # edit and delete
    store.notes.add(gid, 3, "bob", "meanwhile")
    r = client.post(
        f"/games/{gid}/notes/{note}/edit",
        data={"step": 2, "author": "ann", "text": "late", "expected_version": version},
    )
    assert r.status_code == 409 and 'id="note-error"' in r.text
    assert notes(store, gid)[note]["text"] == "remy's note"


# ---- the CLI -----------------------------------------------------------------------------------
def test_cli_user_add_list_remove(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "u.db")

    def run(*args, stdin: str = "") -> int:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            return cli.main([*args, "--db", db])
        except SystemExit as e:  # argparse's usage errors
            return e.code

    assert (
        run(
            "user", "add", "olga", "--role", "operator", "--password-stdin", stdin="operator-pass\n"
        )
        == 0
    )
    assert (
        run(
            "user", "add", "rita", "--role", "reviewer", "--password-stdin", stdin="reviewer-pass\n"
        )
        == 0
    )
    assert (
        run("user", "add", "rita", "--role", "reviewer", "--password-stdin", stdin="another-pass\n")
        == 2
    )
    assert (
        run(
            "user",
            "add",
            "bad name",
            "--role",
            "reviewer",
            "--password-stdin",
            stdin="long-enough\n",
        )
        == 2
    )
    assert run("user", "add", "sam", "--role", "reviewer", "--password-stdin", stdin="short\n") == 2
    assert run("user", "add", "sam", "--role", "reviewer") == 2  # not a terminal: never asked
    assert (
        run("user", "add", "sam", "--role", "king", "--password-stdin", stdin="long-enough\n") == 2
    )
    out = capsys.readouterr()
    assert "added olga (operator)" in out.out and "already an account 'rita'" in out.err
    assert "operator-pass" not in out.out + out.err
    assert run("user", "list") == 0
    listed = capsys.readouterr().out
    assert re.search(r"olga\s+operator", listed) and re.search(r"rita\s+reviewer", listed)
    assert "scrypt" not in listed and "pass" not in listed
    assert run("user", "remove", "rita") == 0 and run("user", "remove", "rita") == 2
    store = open_store(db)
    assert [a.name for a in AccountBook(store).accounts()] == ["olga"]
    stored = AccountBook(store).get("olga").password
    assert stored.startswith("scrypt$") and "operator-pass" not in stored
    assert "operator-pass" not in repr(AccountBook(store).get("olga"))
    assert AccountBook(store).verify("olga", "operator-pass") is not None
    assert not store.catalogue.game_ids()  # accounts are not games
    assert UUID(str(store.create(KIND, seed=1)))


def test_no_import_can_take_the_accounts_stream(tmp_path, capsys):
    from engine.core.accounts import ACCOUNTS_ID
    from engine.core.interchange import export_lines

    db = str(tmp_path / "i.db")
    store = open_store(db)
    gid = store.create(KIND, seed=1)
    squatter = b"".join(export_lines(store, gid)).decode().replace(str(gid), str(ACCOUNTS_ID))
    store.close()
    (tmp_path / "squat.jsonl").write_text(squatter)
    assert cli.main(["import", str(tmp_path / "squat.jsonl"), "--db", db]) == 2
    assert "already in" in capsys.readouterr().err
    store = open_store(db)
    assert store.catalogue.game_ids() == [gid] and AccountBook(store).accounts() == []
