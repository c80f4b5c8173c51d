"""Accounts of a served store: who may sign in to the viewer, with what role.

Only a viewer served beyond loopback asks anyone to sign in (viewer/auth.py).
Accounts live in the same store as the games, in one stream of their own
(`ACCOUNTS_ID`): `Opened` carries the secret that signs session cookies (so
every worker of a server, and every restart, shares it), then `Added` and
`Removed` per account.  A password is kept only as a salted scrypt hash
(standard library); it is never logged, printed or exported.

Roles:
  operator  creates, imports, forks and deletes games; edits or deletes any note
  reviewer  adds notes under the account's own name; edits and deletes only those
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import threading
from dataclasses import dataclass, field
from uuid import UUID, uuid5

import orjson
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from .errors import BadInput, ConflictError, GameUnreadable

# A fixed, well-known id: every process opening the store finds the same accounts.
ACCOUNTS_ID = uuid5(UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8"), "boardlog:accounts")
ROLES = ("operator", "reviewer")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")  # fits a note's author (40 characters)
MIN_PASSWORD, MAX_PASSWORD = 8, 1024
# scrypt at n=2^14, r=8: about 16 MB and some tens of milliseconds a try, by design.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1


class Accounts(Aggregate):
    """The accounts stream (see the module's docstring)."""

    class Opened(Aggregate.Created):
        secret: str

    class Added(Aggregate.Event):
        name: str
        role: str
        password: str  # "scrypt$n$r$p$salt$hash", never the password itself

    class Removed(Aggregate.Event):
        name: str

    def __init__(self, secret: str) -> None:
        self.secret = secret


_TOPICS = {get_topic(cls): cls.__name__ for cls in (Accounts.Opened, Accounts.Added, Accounts.Removed)}


@dataclass(frozen=True, slots=True)
class Account:
    name: str
    role: str
    password: str = field(repr=False)  # the hash: kept out of any repr, log or traceback

    @property
    def stamp(self) -> str:
        """A short fingerprint of this account's password hash: a session
        names it, so removing the account (or adding it again with a new
        password) ends the sessions it had."""
        return hashlib.sha256(self.password.encode()).hexdigest()[:16]


# ---- passwords --------------------------------------------------------------------------------
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32)


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def password_matches(stored: str, password: str) -> bool:
    try:
        _, n, r, p, salt, digest = stored.split("$")
        found = _scrypt(password, _unb64(salt), int(n), int(r), int(p))
    except (ValueError, UnicodeEncodeError):
        return False
    return hmac.compare_digest(found, _unb64(digest))


# An unknown name costs as much as a wrong password: timing does not tell which.
_DUMMY = hash_password(secrets.token_urlsafe(16))


def check_name(name: str) -> str:
    if not NAME.fullmatch(name or ""):
        raise BadInput("name: 1 to 40 characters among letters, digits, '.', '_' and '-', "
                       "starting with a letter or digit")
    return name


def check_role(role: str) -> str:
    if role not in ROLES:
        raise BadInput(f"role: {role!r} is not a role (roles: {', '.join(ROLES)})")
    return role


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password or "") <= MAX_PASSWORD:
        raise BadInput(f"password: {MIN_PASSWORD} to {MAX_PASSWORD} characters (got {len(password or '')})")
    try:
        password.encode()
    except UnicodeEncodeError:
        raise BadInput("password: not valid UTF-8 text") from None
    return password


# ---- the book of accounts ----------------------------------------------------------------------
class AccountBook:
    """The accounts of one store, folded once and caught up from new rows
    only (one head query per look-up, so that every worker of a server sees
    an account added or removed by the CLI at once)."""

    def __init__(self, store):
        self.store = store
        self._lock = threading.Lock()
        self._version, self._secret, self._accounts = 0, "", {}

    def _fold(self) -> tuple[str, dict[str, Account]]:
        with self._lock:
            if self.store.head_version(ACCOUNTS_ID) != self._version:
                for v, topic, raw in self.store.db.rows(ACCOUNTS_ID, self._version, None):
                    self._apply(_TOPICS.get(topic), orjson.loads(raw))
                    self._version = v
            return self._secret, self._accounts

    def _apply(self, kind: str | None, data: dict) -> None:
        if kind is None:
            raise GameUnreadable(f"the accounts stream {ACCOUNTS_ID} holds records of another kind "
                                 "(a game imported under its id?): delete that game first")
        if kind == "Opened":
            self._secret = data["secret"]
        elif kind == "Added":
            self._accounts = {**self._accounts, data["name"]: Account(data["name"], data["role"],
                                                                      data["password"])}
        elif kind == "Removed":
            self._accounts = {k: a for k, a in self._accounts.items() if k != data["name"]}

    def accounts(self) -> list[Account]:
        return sorted(self._fold()[1].values(), key=lambda a: a.name)

    def get(self, name: str) -> Account | None:
        return self._fold()[1].get(name)

    def secret(self) -> bytes:
        """The key that signs sessions: made (and stored) the first time it is needed."""
        secret, _ = self._fold()
        if not secret:
            try:
                self._append(lambda version: [])
            except ConflictError:
                pass  # another process opened the stream first: its secret it is
            secret, _ = self._fold()
        return secret.encode()

    def verify(self, name: str, password: str) -> Account | None:
        """The account if `password` is its own, else None (the same cost either way)."""
        account = self.get(name) if isinstance(name, str) else None
        ok = password_matches(account.password if account else _DUMMY, password or "")
        return account if account and ok else None

    def add(self, name: str, role: str, password: str) -> Account:
        name, role = check_name(name), check_role(role)
        stored = hash_password(check_password(password))

        def make(version: int) -> list:
            if self.get(name) is not None:
                raise BadInput(f"name: there is already an account {name!r} "
                               f"(`boardlog user remove {name}` first to replace it)")
            return [Accounts.Added(originator_id=ACCOUNTS_ID, originator_version=version,
                                   timestamp=Accounts.Event.create_timestamp(),
                                   name=name, role=role, password=stored)]
        self._append(make)
        return self.get(name)

    def remove(self, name: str) -> None:
        def make(version: int) -> list:
            if self.get(name) is None:
                raise BadInput(f"name: no account {name!r}")
            return [Accounts.Removed(originator_id=ACCOUNTS_ID, originator_version=version,
                                     timestamp=Accounts.Event.create_timestamp(), name=name)]
        self._append(make)

    def _append(self, make) -> None:
        """Append what `make(next_version)` returns, opening the stream (with
        a fresh secret) first if it has none; a clash with another writer is
        a conflict: nothing stored."""
        self._fold()
        events = []
        if self._version == 0:
            events.append(Accounts.Opened(originator_id=ACCOUNTS_ID, originator_version=1,
                                          timestamp=Accounts.Event.create_timestamp(),
                                          originator_topic=get_topic(Accounts),
                                          secret=secrets.token_urlsafe(32)))
        events += make(self._version + len(events) + 1)
        try:
            self.store.events.put(events)
        except IntegrityError:
            raise ConflictError("the accounts changed meanwhile; nothing was stored, try again") from None
