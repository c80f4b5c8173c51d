"""Who may do what on a served viewer, and the headers every response carries.

Bound to loopback the viewer is open, as it always was: whoever can reach
127.0.0.1 owns the store (`OPEN` may do anything; a note's author is what
the form says).  Served to others (`create_app(auth=True)`, which
`boardlog serve --host` other than loopback turns on) every request is
checked here against one table, `_RULES`, before it reaches a route:

  public    sign-in, static files, the OpenAPI document, and playing: a seat
            link (or an X-Seat-Token) is its own credential, no account needed
  seat      reading one game through the API: an account, or a token of that game
  read      everything else: any account (reviewer or operator)
  manage    create, import, fork and delete games: an operator

What a route decides itself: a note's author is the signed-in account, and
a reviewer edits or deletes only notes written under its own name
(`may_change_note`).

A browser signs in at /signin and gets a session cookie (HttpOnly,
SameSite=Lax, Secure over https) signed with a secret kept in the store;
an API client gets the same token from POST /api/signin and sends it as
`Authorization: Bearer TOKEN`.  A state-changing request whose Origin (or,
without one, Referer) names another site is refused (403); one that rides
on the session cookie must name this site.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import re
import time
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, RedirectResponse, Response

from engine.core.accounts import Account, AccountBook
from engine.core.errors import BoardlogError
from viewer.limits import shorten

COOKIE = "boardlog_session"
SESSION_SECONDS = 12 * 3600
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
PUBLIC, SEAT, READ, MANAGE = "public", "seat", "read", "manage"


@dataclass(frozen=True, slots=True)
class Who:
    """The one making a request: an account, nobody, or anyone (open viewer)."""

    name: str | None
    role: str  # "open", "operator", "reviewer" or "anonymous"

    def may(self, what: str) -> bool:
        """`manage` (games) and `moderate` (anyone's notes) are the
        operator's; `read` and `note` any account's; all of it when open."""
        if self.role in ("open", "operator"):
            return True
        return self.role == "reviewer" and what in ("read", "note")

    def may_change_note(self, note: dict) -> bool:
        return self.may("moderate") or (self.name is not None and note.get("author") == self.name)


OPEN = Who(None, "open")
ANONYMOUS = Who(None, "anonymous")


def is_loopback(host: str) -> bool:
    """Is `host` (what --host binds) reachable from this machine only?"""
    host = host.strip().strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name other than localhost, or 0.0.0.0 / ::: served to others


def who_of(request: Request) -> Who:
    """Who makes this request (OPEN where no gate runs: an open viewer, or
    the API router in an app of its own)."""
    return getattr(request.state, "who", OPEN)


def accounts_of(request: Request) -> AccountBook:
    state = request.app.state
    if getattr(state, "accounts", None) is None:
        state.accounts = AccountBook(state.store)
    return state.accounts


# ---- session tokens: "name:stamp:expiry" and its HMAC, both base64url ----------------------
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def issue_token(book: AccountBook, account: Account, now: float | None = None) -> tuple[str, int]:
    """A signed session token for `account` and when it expires (epoch seconds)."""
    expires = int((now or time.time()) + SESSION_SECONDS)
    payload = f"{account.name}:{account.stamp}:{expires}".encode()
    return f"{_b64(payload)}.{_b64(_sign(book, payload))}", expires


def _sign(book: AccountBook, payload: bytes) -> bytes:
    return hmac.new(book.secret(), payload, hashlib.sha256).digest()


def account_of_token(book: AccountBook, token: str) -> Account | None:
    """The account a token names, if its signature holds, it has not
    expired and the account still exists with the same password."""
    try:
        body, sig = token.split(".")
        payload = _unb64(body)
        if not hmac.compare_digest(_sign(book, payload), _unb64(sig)):
            return None
        name, stamp, expires = payload.decode().split(":")
        if int(expires) < time.time():
            return None
    except (ValueError, UnicodeDecodeError):
        return None
    account = book.get(name)
    return account if account is not None and hmac.compare_digest(account.stamp, stamp) else None


def set_session(response: Response, request: Request, token: str) -> None:
    response.set_cookie(COOKIE, token, max_age=SESSION_SECONDS, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


def safe_next(target: str | None) -> str:
    """Where to go after signing in: a path on this site only (never //host)."""
    if (target and len(target) <= 2000 and target.startswith("/") and not target.startswith("//")
            and "\\" not in target):
        return target
    return "/"


# ---- the table -------------------------------------------------------------------------------
_ANY = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
_READING = {"GET", "HEAD"}
_RULES: list[tuple[set[str], re.Pattern, str]] = [(methods, re.compile(pattern), need) for methods, pattern, need in [
    (_READING, r"/static/.*|/favicon\.ico", PUBLIC),
    (_ANY, r"/signin|/signout|/api/signin", PUBLIC),
    (_READING, r"/docs(/.*)?|/redoc|/openapi\.json", PUBLIC),
    # Playing: the seat's secret token in the link (or header) is the credential.
    (_ANY, r"/games/[^/]+/play/[^/]+(/live)?", PUBLIC),
    ({"POST"}, r"/api/games/[^/]+/(commands|undo|redo)", PUBLIC),
    (_READING, r"/api/games/[^/]+/legal", PUBLIC),
    (_READING, r"/api/games/(?P<game>[^/]+)(/events|/state)?", SEAT),
    ({"POST"}, r"/games|/games/from-position|/import|/games/[^/]+/(fork|delete)|/api/games|/api/games/[^/]+/fork",
     MANAGE),
    ({"GET", "HEAD", "DELETE"}, r"/games/[^/]+/delete|/api/games/[^/]+", MANAGE),
    (_ANY, r".*", READ),
]]


def need_of(method: str, path: str) -> tuple[str, dict[str, str]]:
    """What a request needs (one of PUBLIC, SEAT, READ, MANAGE), and the path's named parts."""
    for methods, pattern, need in _RULES:
        match = pattern.fullmatch(path)
        if match and method in methods:
            return need, match.groupdict()
    return READ, {}


def _authenticate(request: Request, book: AccountBook) -> tuple[Who, str]:
    """Who the request's bearer token or session cookie names, and which carried it."""
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        account = account_of_token(book, header[7:].strip())
        return (Who(account.name, account.role) if account else ANONYMOUS), "bearer"
    cookie = request.cookies.get(COOKIE)
    if cookie:
        account = account_of_token(book, cookie)
        return (Who(account.name, account.role) if account else ANONYMOUS), "cookie"
    return ANONYMOUS, ""


def cross_site(request: Request, carried_by: str) -> str | None:
    """Why a state-changing request is refused as cross-site, or None.

    SameSite=Lax keeps the cookie off other sites' POSTs in today's
    browsers; this check does not rely on it: an Origin (or Referer) naming
    another host is refused, and a request riding on the session cookie
    must name this one.  (Behind a proxy, pass the Host header through.)"""
    if request.method not in UNSAFE:
        return None
    # The Origin if the browser sent one ("null" included: an opaque origin
    # is never this site), else the Referer.
    source = request.headers.get("origin") or request.headers.get("referer") or ""
    host = request.headers.get("host", "").lower()
    if source:
        netloc = "" if source == "null" else urlsplit(source).netloc.lower()
        if netloc != host:
            return (f"cross-site request refused: it comes from {shorten(source)}, "
                    f"not from this site ({shorten(host)})")
        return None
    if carried_by == "cookie":
        return "cross-site request refused: a signed-in form must say where it comes from (Origin)"
    return None


def _seat_token_fits(request: Request, game: str) -> bool:
    token = request.headers.get("x-seat-token")
    if not token:
        return False
    store = request.app.state.store
    try:
        return store.seats.seat_of(store.catalogue.resolve(game), token) is not None
    except BoardlogError:
        return False


def decide(request: Request, enabled: bool) -> tuple[int, str] | None:
    """Let the request through (None, with `request.state.who` set) or
    refuse it: (status, why)."""
    if not enabled:
        request.state.who = OPEN
        why = cross_site(request, "")
        return (403, why) if why else None
    book = accounts_of(request)
    who, carried_by = _authenticate(request, book)
    request.state.who = who
    why = cross_site(request, carried_by)
    if why:
        return 403, why
    need, parts = need_of(request.method, request.url.path)
    if need == PUBLIC or (need == SEAT and (who.name or _seat_token_fits(request, parts["game"]))):
        return None
    if who.name is None:
        return 401, ("sign-in needed: this viewer is served to others; sign in at /signin "
                     "(API: send Authorization: Bearer TOKEN, from POST /api/signin)")
    if need == MANAGE and not who.may("manage"):
        return 403, f"only an operator may do this (you are {who.name}, a {who.role})"
    return None


def refusal(request: Request, status: int, why: str, page) -> Response:
    """The refusal as the API's JSON body, a redirect to sign in (a page
    asked for without a session), or an error page."""
    api = request.url.path.startswith("/api/")
    if api:
        headers = {"WWW-Authenticate": 'Bearer realm="boardlog"'} if status == 401 else None
        return JSONResponse({"detail": why}, status_code=status, headers=headers)
    if status == 401 and request.method in _READING:
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse(f"/signin?next={quote(target, safe='/')}", status_code=303)
    return page(request, status, why)


# ---- headers on every response ----------------------------------------------------------------
# Scripts only from this site (htmx and boardlog.js are files under /static).
# Styles may be inline: the board pictures position pieces with style
# attributes and the timeline cursor is a swapped <style>; with images,
# fonts and connections limited to this site, inline CSS cannot send
# anything elsewhere.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
# FastAPI's /docs and /redoc pages load their scripts from a CDN and start
# them inline: they get a policy of their own (they show no stored data).
DOCS_CSP = ("default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
            "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
            "font-src https://fonts.gstatic.com; connect-src 'self'; worker-src blob:; "
            "base-uri 'none'; frame-ancestors 'none'")
HEADERS = {
    "X-Frame-Options": "DENY",
    # Play links carry a seat's secret: never in a Referer to another site.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}


def security_headers(path: str) -> dict[str, str]:
    return {"Content-Security-Policy": DOCS_CSP if path in ("/docs", "/redoc") else CSP, **HEADERS}


class Guard:
    """ASGI middleware, outermost: who may do what is decided before any
    route (or request body) is touched, and every response, refusals and
    413s included, gets the security headers.  (Plain ASGI rather than a
    `BaseHTTPMiddleware`: nothing is buffered, and an open viewer pays
    only for the headers.)"""

    def __init__(self, app, page):
        self.app, self.page = app, page

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)  # no `receive`: deciding never reads the body
        enabled = scope["app"].state.auth
        # Signed in or not takes the store (and a lock): off the event loop.
        refused = await run_in_threadpool(decide, request, True) if enabled else decide(request, False)
        extra = [(k.lower().encode(), v.encode()) for k, v in security_headers(scope["path"]).items()]

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        if refused:
            await refusal(request, *refused, self.page)(scope, receive, send_with_headers)
        else:
            await self.app(scope, receive, send_with_headers)


# ---- games made in this browser: their seat links stay reachable (issue #21) -------------------
MINE = "boardlog_mine"
MAX_MINE = 40           # the latest games made here; older ones are an operator's to look up
MINE_SECONDS = 365 * 24 * 3600


def made_here(request: Request) -> list[str]:
    """The ids (hex) of the games this browser created or forked, newest
    last, if the cookie's signature holds (anyone may forge a cookie; no one
    may forge this one without the store's secret)."""
    raw = request.cookies.get(MINE, "")
    ids, _, sig = raw.partition(".")
    if not ids or not sig:
        return []
    try:
        if not hmac.compare_digest(_sign(accounts_of(request), ids.encode()), _unb64(sig)):
            return []
    except (ValueError, BoardlogError):
        return []
    return [g for g in ids.split("-") if len(g) == 32]


def remember_made_here(response: Response, request: Request, game_id) -> None:
    """Add a game to this browser's own, in the signed cookie."""
    ids = [g for g in made_here(request) if g != game_id.hex][-(MAX_MINE - 1):] + [game_id.hex]
    value = "-".join(ids)
    token = f"{value}.{_b64(_sign(accounts_of(request), value.encode()))}"
    response.set_cookie(MINE, token, max_age=MINE_SECONDS, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


def may_see_seats(request: Request, game_id) -> bool:
    """The seat links of a game: its operators', and the browser that made it."""
    return who_of(request).may("manage") or game_id.hex in made_here(request)
