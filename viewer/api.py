"""The JSON API of the viewer: create and list games, read them step by step,
play, undo and redo, annotate and fork.

Everything goes through `Store` (`request.app.state.store`); states at a
step come from a `StepCache` (`request.app.state.steps`).  Who may see and
do what is decided in exactly two helpers:

  `_check_visible`  reading: a seat's view of a running game needs that
                    seat's token; the omniscient view (hidden orders, the
                    seed) only exists once the game is over.
  `_acting_seat`    writing: the X-Seat-Token header names the seat; a
                    `seat` field may only repeat it.

On a viewer served to others, viewer/auth.py decides first who may call
what (sign-in, roles); here a note's author is the signed-in account, and a
reviewer may change only their own notes (`_may_change`).

Engine errors become HTTP errors in one place too (`_EngineErrors`), so a
handler just calls the store and lets a `BoardlogError` propagate.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Header, HTTPException, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core import session as fold
from engine.core.accounts import MAX_PASSWORD
from engine.core.errors import (
    BadInput,
    BoardlogError,
    GameUnreadable,
    RuleViolation,
)
from engine.core.game import GameModule
from engine.core.records import Live, Record
from engine.core.session import Header as GameHeader
from engine.core.store import Store
from engine.core.visibility import fact_shown, header_shown, shown_payload
from projections.steps import StepCache
from viewer.auth import accounts_of, issue_token, who_of
from viewer.drawings import GLYPH_FIELD, SHAPES_FIELD, Shape, api_marks
from viewer.errors import status_of
from viewer.limits import MAX_INT, MAX_PLAYERS, Text, check_options, shorten, validation_message
from viewer.shared import HOT_SEAT, delete_game, hot_seat_acts_for, may_act, replay_of, store_of

TOKEN_HEADER = "X-Seat-Token"


# ---- engine errors -> HTTP -------------------------------------------------------------------
def _error_response(error: BoardlogError) -> JSONResponse:
    """One table for every engine error: status, and a body naming the cause."""
    if isinstance(error, RuleViolation):
        return JSONResponse({"detail": shorten(error.reason), "rule": error.rule}, status_code=status_of(error))
    return JSONResponse({"detail": shorten(str(error))}, status_code=status_of(error))


class _EngineErrors(APIRoute):
    """A route that answers engine errors itself.

    Done in the route rather than with app-level exception handlers so that
    the router behaves the same in any app that includes it (the viewer,
    tests) without that app having to register anything.
    """

    def get_route_handler(self):
        handler = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            try:
                return await handler(request)
            except BoardlogError as error:
                return _error_response(error)
            except StarletteHTTPException as error:  # ours, and a body over its limit (413)
                return JSONResponse({"detail": shorten(str(error.detail))}, status_code=error.status_code,
                                    headers=error.headers)
            except RequestValidationError as error:
                # The same one-string body as every other error, in any app
                # that includes this router (not FastAPI's list of dicts).
                return JSONResponse({"detail": validation_message(error)}, status_code=422)

        return guarded


class ErrorOut(BaseModel):
    """Every error the API answers (4xx), whatever its cause."""
    detail: str = Field(description="what is wrong, in words, starting with the field it is about "
                                    "(input is quoted at most 80 characters long)")
    rule: str | None = Field(None, description="the rule id, when a game rule refused the request")


_WHY = {
    400: "The body could not be parsed",
    401: "Sign-in needed (a viewer served to others): send Authorization: Bearer TOKEN, "
         "from POST /api/signin; or a wrong name or password there",
    403: "No token, a bad one, or acting for another seat; or a view not allowed; or not "
         "the caller's to do (an operator's task, another reviewer's note, a cross-site request)",
    404: "No such game (or step, or note)",
    409: "Another writer stored first; nothing was stored",
    413: "The request body is larger than its limit (64 KB)",
    422: "A field is malformed or out of bounds, or a rule refused it "
         "(the message names the field; `rule` names the rule)",
}


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for these error statuses, all with the ErrorOut body."""
    return {code: {"model": ErrorOut, "description": _WHY[code]} for code in codes}


router = APIRouter(
    prefix="/api", tags=["api"], route_class=_EngineErrors,
    # Any operation: sign-in needed (a served viewer), an unknown game, a
    # body over the limit (the viewer's BodyLimit middleware), a malformed parameter.
    responses=_errors(401, 404, 413, 422),
)


# ---- request and response bodies -----------------------------------------------------------
Version = Field(None, ge=0, le=MAX_INT,
                description="the step the client saw last; 409 if another command came first")


class NewGame(BaseModel):
    kind: Text = Field(max_length=100, description="a game id, e.g. forbidden_alchemy")
    seed: int | None = Field(None, ge=0, le=MAX_INT, description="dice seed (random if left out)")
    players: int | None = Field(None, ge=1, le=MAX_PLAYERS,
                                description="number of players, where the game allows a choice")
    options: dict[str, str] = Field(default_factory=dict, max_length=50,
                                    description="the game's setup options (keys and values up to "
                                                "100 characters, digits 0-9)")


class CommandIn(BaseModel):
    text: Text = Field(max_length=200, description="the command in notation, e.g. 'swap 1 2'")
    expected_version: int | None = Version
    seat: Text | None = Field(None, max_length=100, description="optional: must be the token's own seat")


class SeatAction(BaseModel):
    expected_version: int | None = Version
    seat: Text | None = Field(None, max_length=100, description="optional: must be the token's own seat")


# Notes: lengths are the store's (one rule, one place: BadInput names the field);
# text that is not valid UTF-8 is refused here.
_NOTES_VERSION = ("the notes' version (the X-Notes-Version header of GET .../notes) the change was made from: 409 if "
                  "they changed since, nothing stored")
_AUTHOR = ("who writes (required on an open viewer; signed in, the account's name is the "
           "author and this is ignored)")
NotesVersion = Field(None, ge=0, le=MAX_INT, description=_NOTES_VERSION)


class NoteIn(BaseModel):
    step: int = Field(ge=-MAX_INT, le=MAX_INT)
    author: Text | None = Field(None, description=_AUTHOR)
    text: Text
    glyph: Text | None = GLYPH_FIELD
    shapes: list[Shape] | None = SHAPES_FIELD


class NoteEdit(BaseModel):
    author: Text | None = Field(None, description=_AUTHOR + "; recorded as the editor")
    text: Text
    expected_version: int | None = NotesVersion
    glyph: Text | None = GLYPH_FIELD
    shapes: list[Shape] | None = SHAPES_FIELD


class SignIn(BaseModel):
    name: Text = Field(max_length=40)
    password: Text = Field(max_length=MAX_PASSWORD)


class SessionOut(BaseModel):
    token: str = Field(description="send it as `Authorization: Bearer TOKEN`")
    name: str
    role: str = Field(description="operator or reviewer")
    expires: int = Field(description="when the token stops working (seconds since 1970, UTC)")


class ForkIn(BaseModel):
    step: int = Field(ge=-MAX_INT, le=MAX_INT)
    name: Text | None = Field(None, max_length=200, description="name the fork (1-60 printable "
                              "characters; the store says why another is refused)")


class GameOut(BaseModel):
    id: str
    kind: str
    status: str = Field(description="running or finished")
    outcome: str | None
    steps: int
    commands: int
    created: str
    seats: list[str]
    parent: str | None
    fork_step: int | None


class GameDetail(GameOut):
    to_act: list[str] = Field(description="the seats that may act now: the turn first, then any "
                                          "seat that may react out of turn; 'system' for an automated turn")
    prompts: list[dict[str, Any]] = Field(default=[], description="questions waiting for a seat's "
                                          "answer: seat, question, rule, choices")
    version: int = Field(description="the latest step; send it as expected_version")


SeatToken = Annotated[str | None, Header(alias=TOKEN_HEADER, description="a seat's secret token")]
Step = Annotated[int | None, Query(ge=-MAX_INT, le=MAX_INT, description="a step number (default: the latest)")]
SeatQuery = Annotated[str | None, Query(description="a seat (default: the omniscient view)")]


# ---- shared helpers --------------------------------------------------------------------------
_store = store_of
_replay = replay_of


def _steps(request: Request) -> StepCache:
    return replay_of(request).steps


def _session_at(request: Request, game_id: UUID, step: int | None) -> fold.Session:
    return _steps(request).session(game_id, step)


def _game_id(store: Store, ref: str) -> UUID:
    """A stored game's id from its full form or a unique prefix (404 otherwise)."""
    return store.catalogue.resolve(ref)


def _finished(live: Live) -> bool:
    return live.game.outcome(live.session.state) is not None


def _check_visible(store: Store, live: Live, seat: str | None, token: str | None) -> None:
    """May the bearer of `token` read the game as `seat` sees it (None: everything)?

    Once the game is over nothing is secret: anyone may read any view.
    While it runs the omniscient view would show hidden orders (and the
    seed that decides them), so nobody gets it; a seat's view needs that
    seat's token (the hot-seat token, shared by every seat at one screen,
    may read any seat's view).
    """
    if seat is not None and seat not in live.header.seats:
        raise BadInput(f"seat: {seat!r} is not a seat of this game (seats: {', '.join(live.header.seats)})")
    if _finished(live):
        return
    if seat is None:
        raise HTTPException(403, "the omniscient view is shown only once the game is over: "
                                 "ask for a seat's view (seat=...) with that seat's token")
    holder = store.seats.seat_of(live.id, token) if token else None
    if holder not in (seat, HOT_SEAT):
        raise HTTPException(403, f"reading {seat}'s view of a running game needs {seat}'s "
                                 f"token in the {TOKEN_HEADER} header")


def _acting_seat(store: Store, live: Live, token: str | None, claimed: str | None,
                 action: str = "command") -> str:
    """The seat the bearer of `token` acts for (403 if none, or if `claimed` differs).

    The hot-seat token acts for the seat `claimed` names (any seat that may
    act now), else for whoever the action falls to (viewer/shared.py).
    """
    if not token:
        raise HTTPException(403, f"acting needs a seat's token in the {TOKEN_HEADER} header")
    seat = store.seats.seat_of(live.id, token)
    if seat is None:
        raise HTTPException(403, "that token is not a seat of this game")
    if seat == HOT_SEAT:
        seat = hot_seat_acts_for(live, action, claimed, follow=False)
    if claimed is not None and claimed != seat:
        raise HTTPException(403, f"acting for another seat: the token acts for {seat}, not {claimed}")
    return seat


def record_out(game: GameModule, r: Record, seat: str | None,
                revealed: frozenset[int] | set[int] = frozenset(), finished: bool = False) -> dict[str, Any]:
    """A stored record as `seat` may see it (None: everything).  Secret
    commands follow engine/core/visibility.py, like every other view."""
    out: dict[str, Any] = {"step": r.version, "kind": r.kind, "rule": r.rule, "cause": r.cause,
                           "timestamp": r.timestamp}
    if r.kind == fold.FACT:
        out["type"] = r.data["type"]
        out["data"] = fact_shown(game, fold.decode_fact(game, r.data), seat)
    elif r.kind == fold.STARTED:
        # The dice are the seed plus the step: with the seed, a seat could
        # recompute every shuffle it is not allowed to see.
        out["header"] = header_shown(GameHeader.from_data(r.data).to_data(), seat)
    else:
        payload = r.payload()
        if r.kind == fold.COMMAND:
            payload = shown_payload(game, payload, r.version, seat, revealed, finished)
        out.update({k: v for k, v in payload.items() if k not in ("rule", "cause")})
    return out


def _written(game: GameModule, records: list[Record], seat: str) -> dict[str, Any]:
    # What a seat has just written it may see; a system turn that followed
    # is public (its own secrets are facts, which `redact` handles).
    return {"records": [record_out(game, r, seat) for r in records], "version": records[-1].version}


def _game_out(store: Store, game_id: UUID) -> dict[str, Any]:
    return _info_out(store.catalogue.info(game_id))


def _info_out(info) -> dict[str, Any]:
    data = dataclasses.asdict(info)
    return {**data, "id": str(data["id"]), "seats": list(data["seats"])}


def _note(store: Store, game_id: UUID, note: str) -> dict[str, Any]:
    """One note, or 404: a note id in the path names a resource."""
    for n in store.notes.of(game_id):
        if n["note"] == note:
            return n
    raise HTTPException(404, f"no note {note!r} on game {game_id}")


# ---- games -----------------------------------------------------------------------------------
@router.get("/games", summary="List games", response_model=list[GameOut])
def list_games(request: Request, kind: str | None = None,
               status: Literal["running", "finished"] | None = None) -> list[dict[str, Any]]:
    """Every stored game, oldest first; filter by game `kind` and/or `status`."""
    store = _store(request)
    return [_info_out(info) for info in store.catalogue.summaries(kind, status)]


@router.post("/games", status_code=201, summary="Start a game", responses=_errors(400, 403))
def create_game(request: Request, body: NewGame) -> dict[str, Any]:
    """Record a new game and return its id and each seat's secret play link.

    The links carry the seats' tokens: hand each one only to its player.
    `hotseat` is a link that plays every seat at one screen, when the store
    issued one."""
    store = _store(request)
    game_id = store.create(body.kind, seed=body.seed, players=body.players,
                           options=check_options(body.options))
    tokens = store.seats.tokens(game_id)
    link = f"/games/{game_id}/play/{{}}".format
    return {
        "id": str(game_id),
        "seats": {seat: link(token) for seat, token in tokens.items() if seat != HOT_SEAT},
        "hotseat": link(tokens[HOT_SEAT]) if HOT_SEAT in tokens else None,
    }


@router.get("/games/{game}", summary="One game", response_model=GameDetail)
def get_game(request: Request, game: str) -> dict[str, Any]:
    """The game's summary, the seats it waits for and its latest step (`version`).

    `game` may be a unique prefix (4+ characters) of the id."""
    store = _store(request)
    game_id = _game_id(store, game)
    store.tick(game_id)  # a deadline that passed is enforced whenever anyone looks
    live = store.live(game_id)
    state = live.session.state
    return {**_game_out(store, game_id), "to_act": list(live.game.to_act(state)),
            "prompts": [p.to_data(viewer="") for p in live.game.prompts(state)],
            "version": live.session.version}


@router.delete("/games/{game}", status_code=204, summary="Delete a game for good",
               responses=_errors(403))
def delete_game_(request: Request, game: str,
                 confirm: Annotated[str, Query(description="the game's full id, again: a prefix in "
                                                           "the path never deletes by accident")]) -> Response:
    """Remove the game with its seat links, notes and summary, in one
    transaction (an operator's, on a served viewer).  Its forks stay."""
    store = _store(request)
    try:
        game_id = _game_id(store, game)
    except GameUnreadable:  # a game that cannot be read is deleted by its full id
        game_id = UUID(game.strip())
    if confirm.strip().lower() != str(game_id):
        raise BadInput(f"confirm: must be the game's full id, {game_id}")
    delete_game(request, game_id)
    return Response(status_code=204)


@router.get("/games/{game}/events", summary="Records after a step", responses=_errors(403))
def get_events(request: Request, game: str, since: Annotated[int, Query(ge=0, le=MAX_INT)] = 0,
               seat: SeatQuery = None, x_seat_token: SeatToken = None) -> dict[str, Any]:
    """The records with step > `since`, each with its rule id and cause, and
    `version`, the step to pass as `since` next time.

    Facts are redacted for `seat` (hidden orders show only their size).
    Without `seat` (everything) only once the game is over; a seat's view of
    a running game needs that seat's token in `X-Seat-Token`."""
    store = _store(request)
    game_id = _game_id(store, game)
    live = store.live(game_id)
    _check_visible(store, live, seat, x_seat_token)
    head = live.session.version
    records = store.rows(game_id, gt=since, lte=head)
    revealed = _replay(request).index(game_id).revealed
    finished = _finished(live)
    return {"records": [record_out(live.game, r, seat, revealed, finished) for r in records],
            "version": head}


@router.get("/games/{game}/state", summary="The board at a step", responses=_errors(403))
def get_state(request: Request, game: str, step: Step = None, seat: SeatQuery = None,
              x_seat_token: SeatToken = None) -> dict[str, Any]:
    """What `seat` sees after `step` records (default: the latest), with the
    outcome and the seats to act at that step.  Same visibility as `/events`;
    a step outside 1..last is a 404 naming the range."""
    store = _store(request)
    game_id = _game_id(store, game)
    live = store.live(game_id)
    _check_visible(store, live, seat, x_seat_token)
    session = _session_at(request, game_id, step)
    game_ = live.game
    return {"step": session.version, "last": max(live.session.version, session.version),
            "view": game_.view(session.state, seat), "outcome": game_.outcome(session.state),
            "to_act": list(game_.to_act(session.state))}


# ---- playing ---------------------------------------------------------------------------------
_ACTING = _errors(400, 403, 409)


@router.post("/games/{game}/commands", status_code=201, summary="Issue a command", responses=_ACTING)
def post_command(request: Request, game: str, body: CommandIn,
                 x_seat_token: SeatToken = None) -> dict[str, Any]:
    """Decide and store a command for the token's seat; returns the stored
    records (redacted for that seat) and the new `version`."""
    store = _store(request)
    game_id = _game_id(store, game)
    live = store.live(game_id)
    seat = _acting_seat(store, live, x_seat_token, body.seat)
    records = store.issue(game_id, seat, body.text, expected_version=body.expected_version)
    return _written(live.game, records, seat)


@router.post("/games/{game}/undo", status_code=201, summary="Undo", responses=_ACTING)
def post_undo(request: Request, game: str, body: SeatAction | None = None,
              x_seat_token: SeatToken = None) -> dict[str, Any]:
    """Take back the seat's latest command (never across a commit point)."""
    return _undo_or_redo(request, game, body or SeatAction(), x_seat_token, "undo")


@router.post("/games/{game}/redo", status_code=201, summary="Redo", responses=_ACTING)
def post_redo(request: Request, game: str, body: SeatAction | None = None,
              x_seat_token: SeatToken = None) -> dict[str, Any]:
    """Re-apply the command the seat undid last."""
    return _undo_or_redo(request, game, body or SeatAction(), x_seat_token, "redo")


def _undo_or_redo(request: Request, game: str, body: SeatAction, token: str | None,
                  action: str) -> dict[str, Any]:
    store = _store(request)
    game_id = _game_id(store, game)
    live = store.live(game_id)
    seat = _acting_seat(store, live, token, body.seat, action)
    records = getattr(store, action)(game_id, seat, expected_version=body.expected_version)
    return _written(live.game, records, seat)


@router.get("/games/{game}/legal", summary="What the seat may do now",
            responses=_errors(403))
def get_legal(request: Request, game: str, seat: Annotated[str | None, Query()] = None,
              x_seat_token: SeatToken = None) -> dict[str, Any]:
    """The commands the token's seat may issue now (in notation), and
    whether it may undo or redo."""
    store = _store(request)
    game_id = _game_id(store, game)
    live = store.live(game_id)
    seat = _acting_seat(store, live, x_seat_token, seat)
    s = live.session
    acting = seat in may_act(live)
    commands = [c.notation() for c in live.game.legal_commands(s.state, seat)] if acting else []
    return {"seat": seat, "commands": commands, "may_act": list(may_act(live)),
            "prompts": [p.to_data(seat) for p in live.game.prompts(s.state) if p.seat == seat],
            "can_undo": s.can_undo(seat), "can_redo": s.can_redo(seat)}


# ---- notes -----------------------------------------------------------------------------------
_NOTE_ERRORS = _errors(400, 403, 409)


def _author(request: Request, given: str | None) -> str:
    """A note's author: the signed-in account, else what the client says."""
    return who_of(request).name or given or ""


def _may_change(request: Request, note: dict[str, Any]) -> None:
    if not who_of(request).may_change_note(note):
        raise HTTPException(403, f"note: written by {note['author']}; a reviewer edits and "
                                 "deletes only their own notes")


# The notes' version travels in a header, so that the bodies stay what they were.
NOTES_VERSION_HEADER = "X-Notes-Version"
_VERSION_HEADER = {NOTES_VERSION_HEADER: {
    "description": "the notes' version after this request: send it as `expected_version` to edit "
                   "or delete a note", "schema": {"type": "integer", "minimum": 0}}}


def _with_version(response: Response, store: Store, game_id: UUID) -> None:
    response.headers[NOTES_VERSION_HEADER] = str(store.notes.version(game_id))


@router.get("/games/{game}/notes", summary="Notes on a game",
            responses={200: {"description": "the notes", "headers": _VERSION_HEADER}})
def list_notes(request: Request, response: Response, game: str) -> dict[str, Any]:
    """Every note, by step then time of writing; the notes' version is in
    the `X-Notes-Version` header (send it as `expected_version` to edit or
    delete one)."""
    store = _store(request)
    game_id = _game_id(store, game)
    _with_version(response, store, game_id)
    return {"notes": store.notes.of(game_id)}


@router.post("/games/{game}/notes", status_code=201, summary="Add a note", responses={
    **_NOTE_ERRORS, 201: {"description": "the stored note", "headers": _VERSION_HEADER}})
def add_note(request: Request, response: Response, game: str, body: NoteIn) -> dict[str, Any]:
    """Annotate a step, optionally with a `glyph` and `shapes` (arrows and
    circles on places of the board at that step: a place that is not one is
    a 422 naming `shapes`); returns the stored note (its `note` is the id;
    `glyph` is null and `shapes` [] when it has none)."""
    store = _store(request)
    game_id = _game_id(store, game)
    note = store.notes.add(game_id, body.step, _author(request, body.author), body.text,
                          **api_marks(request, game_id, body.step, body.glyph, body.shapes))
    _with_version(response, store, game_id)
    return _note(store, game_id, note)


@router.put("/games/{game}/notes/{note}", summary="Edit a note", responses={
    **_NOTE_ERRORS, 200: {"description": "the note as edited", "headers": _VERSION_HEADER}})
def edit_note(request: Request, response: Response, game: str, note: str, body: NoteEdit) -> dict[str, Any]:
    """Replace a note's text, and its `glyph` and `shapes` when given (left
    out, they are kept); the author given (or signed in) is recorded as its
    editor.  With `expected_version`, a stale one is a 409."""
    store = _store(request)
    game_id = _game_id(store, game)
    _may_change(request, _note(store, game_id, note))
    store.notes.edit(game_id, note, _author(request, body.author), body.text,
                    expected_version=body.expected_version,
                    **api_marks(request, game_id, 1, body.glyph, body.shapes, note=note))
    _with_version(response, store, game_id)
    return _note(store, game_id, note)


@router.delete("/games/{game}/notes/{note}", status_code=204, summary="Delete a note",
               responses=_NOTE_ERRORS)
def delete_note(request: Request, game: str, note: str,
                author: Annotated[Text | None, Query(description="who deletes it (recorded; "
                                                     "required on an open viewer, ignored signed in)")] = None,
                expected_version: Annotated[int | None, Query(ge=0, le=MAX_INT,
                                                              description=_NOTES_VERSION)] = None) -> Response:
    """Delete a note.  With `expected_version`, a stale one is a 409."""
    store = _store(request)
    game_id = _game_id(store, game)
    _may_change(request, _note(store, game_id, note))
    store.notes.delete(game_id, note, _author(request, author), expected_version=expected_version)
    return Response(status_code=204)


# ---- signing in (a viewer served to others) --------------------------------------------------
@router.post("/signin", summary="Sign in: a bearer token", response_model=SessionOut,
             responses=_errors(400))
def sign_in(request: Request, body: SignIn) -> dict[str, Any]:
    """Check a name and password (accounts: `boardlog user add`); returns a
    token to send as `Authorization: Bearer TOKEN` until it expires."""
    book = accounts_of(request)
    account = book.verify(body.name, body.password)
    if account is None:
        raise HTTPException(401, "name or password: not recognised",
                            headers={"WWW-Authenticate": 'Bearer realm="boardlog"'})
    token, expires = issue_token(book, account)
    return {"token": token, "name": account.name, "role": account.role, "expires": expires}


# ---- forks -----------------------------------------------------------------------------------
@router.post("/games/{game}/fork", status_code=201, summary="Fork a game at a step",
             responses=_errors(400, 403))
def fork_game(request: Request, game: str, body: ForkIn) -> dict[str, Any]:
    """A new game whose history is this one's up to `step`, extended to the
    end of the command containing it; returns its id and the step it forked at."""
    store = _store(request)
    new_id, step = store.catalogue.fork(_game_id(store, game), body.step, name=body.name)
    return {"id": str(new_id), "step": step, "name": body.name and store.catalogue.fork_name(new_id)}

