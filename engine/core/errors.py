"""Errors a user can meet, each named for its cause.

`BadInput` errors are the user's to fix (the CLI exits with status 2);
every other `BoardlogError` is a failure of the store or the machine
(status 1).  None of them leaves anything written behind.
"""

from __future__ import annotations


class BoardlogError(Exception):
    """Base of every error boardlog reports to a user in one line."""

    exit_status = 1


class BadInput(BoardlogError):
    """The request itself is wrong: fixing it is up to the user."""

    exit_status = 2


class RuleViolation(BadInput):
    """A command breaks a rule: `rule` is a rule id, `reason` plain words."""

    def __init__(self, rule: str, reason: str):
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason


class UnknownGameKind(BadInput):
    """No registered game has this id."""


class GameNotFound(BadInput):
    """No stored game has this id (or the prefix is ambiguous)."""


class BadOptions(BadInput):
    """A setup option is unknown or its value does not fit."""


class StepOutOfRange(BadInput):
    """A step outside 0..last was asked for."""


class StoreUnavailable(BoardlogError):
    """The database cannot be opened or reached."""


class RuleSearchUnavailable(StoreUnavailable):
    """Rule search keeps its index in SQL tables beside the events: an
    in-memory store has none (the viewer and `boardlog stats` then say so)."""


class GameStuck(BoardlogError):
    """A game's rules hand over to the system seat and then loop or stall:
    a fault in the game, not in the request."""


class ConflictError(BoardlogError):
    """Another writer stored a command first; nothing of ours was stored."""


class ImportRejected(BadInput):
    """An export file failed validation; `FILE:LINE: reason`."""

    def __init__(self, file: str, line: int, reason: str):
        super().__init__(f"{file}:{line}: {reason}")
        self.file = file
        self.line = line
        self.reason = reason


class GameUnreadable(BoardlogError):
    """A stored game whose records do not fit the schema (written by an
    older, looser import): it is reported on its own, while every other game
    still lists and replays."""


class LazyLogger:
    """`logging.getLogger(name)`, with logging imported when a message is
    first logged: a read that has nothing to report never imports it
    (~3-5 ms of a command's start-up: issue #24)."""

    def __init__(self, name: str):
        self.name = name

    def __getattr__(self, attr: str):
        import logging

        return getattr(logging.getLogger(self.name), attr)
