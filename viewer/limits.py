"""The HTTP side of the limits on what comes in: request body sizes (413
before a body is read whole), a pydantic text type without lone
surrogates, and validation errors as one short line.  The checks shared
with the CLI are in engine/core/limits.py.
"""

from __future__ import annotations

import json
import re
from typing import Annotated

from pydantic import AfterValidator
from starlette.exceptions import HTTPException

from engine.core.limits import (  # noqa: F401  (re-exported for the viewer)
    EXCERPT_CHARS,
    MAX_INT,
    MAX_PLAYERS,
    check_int,
    check_options,
    check_text,
    excerpt,
    parse_int,
    shorten,
)

MAX_BODY_BYTES = 64 * 1024   # any request body but an import
MAX_IMPORT_BYTES = 10 * 1024 * 1024  # an uploaded .jsonl export (POST /import)
IMPORT_PATHS = ("/import",)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _valid_text(value: str) -> str:
    if _SURROGATE.search(value):
        raise ValueError("not valid UTF-8 text (it holds a lone surrogate)")
    return value


# A pydantic `str` that refuses lone surrogates (the 422 names the field).
Text = Annotated[str, AfterValidator(_valid_text)]


def validation_message(error) -> str:
    """A framework validation error (pydantic's list of problems) as one
    line naming each field, never quoting the input itself."""
    problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'request'}: {e['msg']}"
                         for e in error.errors())
    return shorten(f"malformed request: {problems}")


# ---- request body sizes -----------------------------------------------------------------------
class _TooLarge(HTTPException):
    """Raised while the body streams in: an HTTPException, so that the
    framework (which turns other errors met reading a body into a 400)
    answers it as the 413 it is, through the app's own error page."""

    def __init__(self, limit: int):
        super().__init__(413, too_large_message(limit))


def body_limit(path: str) -> int:
    return MAX_IMPORT_BYTES if path in IMPORT_PATHS else MAX_BODY_BYTES


def too_large_message(limit: int) -> str:
    size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"
    return f"request body: larger than {size}, the limit here; nothing was read or stored"


class BodyLimit:
    """ASGI middleware: a request body over its limit is answered 413 before
    it is read whole — at once when Content-Length says so, else as soon as
    the streamed body passes the limit."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope.get("path", "")
        limit = body_limit(path)
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                declared = -1
            if declared < 0:
                return await _refuse(scope, send, 400, "Content-Length: not a whole number of bytes")
            if declared > limit:
                return await _refuse(scope, send, 413, too_large_message(limit))
        seen = 0
        started = False

        async def counted_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge(limit)
            return message

        async def tracked_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except _TooLarge:
            if started:
                raise
            await _refuse(scope, send, 413, too_large_message(limit))


async def _refuse(scope, send, status: int, message: str) -> None:
    if scope.get("path", "").startswith("/api/"):
        body, kind = json.dumps({"detail": message}).encode(), b"application/json"
    else:
        from html import escape
        body = (f"<!doctype html><html><head><title>{status}</title></head><body>"
                f"<h1>{status}</h1><p>{escape(message)}</p><p><a href=\"/\">games</a></p>"
                f"</body></html>").encode()
        kind = b"text/html; charset=utf-8"
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
