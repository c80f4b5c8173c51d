"""The read models of the replay viewer: an index of a game's steps
(command groups, turns, undone commands), the audit of one step, and
what changed between two views.

The index is built by one pass over the stream and then only extended:
records are never rewritten, so what was indexed stays true.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from engine.core import session as fold
from engine.core.game import GameModule
from engine.core.session import Session
from engine.core.store import Record, Store
from engine.core.visibility import SECRET_TEXT, is_secret, revealed_by, shown_payload

from .steps import DEFAULT_GAMES, DEFAULT_INTERVAL, StepCache
from .timeline import Line, line

SPECTATOR = ""  # a seat name no game uses: sees only what every seat sees


@dataclass
class GameIndex:
    """Where each command group starts, where turns begin, what is undone."""

    version: int = 0
    starts: list[int] = field(default_factory=list)      # first step of every group
    commands: list[int] = field(default_factory=list)    # steps of CommandIssued records
    turn_starts: list[int] = field(default_factory=list)  # first step of each turn
    turn_numbers: list[int] = field(default_factory=list)
    undone: dict[int, bool] = field(default_factory=dict)  # command step -> undone now?
    lines: list[Line] = field(default_factory=list)      # one per record (index = step - 1)
    # Secret commands (step -> seat) and the steps revealed so far: the
    # lines above are the whole truth; `shown_line` hides what a viewer may not read.
    secret: dict[int, str] = field(default_factory=dict)
    revealed: set[int] = field(default_factory=set)
    session: Session | None = None
    _ends: dict[str, tuple[int, list[int]]] = field(default_factory=dict, repr=False)

    def _cached(self, name: str, starts: list[int]) -> list[int]:
        """Last step of each group (or turn); rebuilt only when the game grew."""
        version, ends = self._ends.get(name, (-1, []))
        if version != self.version:
            ends = [s - 1 for s in starts[1:]] + [self.version]
            self._ends[name] = (self.version, ends)
        return ends

    def group(self, step: int) -> tuple[int, int]:
        """(first, last) step of the command group holding `step`."""
        i = bisect.bisect_right(self.starts, step) - 1
        last = self.starts[i + 1] - 1 if i + 1 < len(self.starts) else self.version
        return self.starts[i], last

    def group_ends(self) -> list[int]:
        return self._cached("groups", self.starts)

    def turn_ends(self) -> list[int]:
        return self._cached("turns", self.turn_starts)

    def shown_line(self, step: int, viewer: str | None, finished: bool) -> Line:
        """The timeline line of `step` as `viewer` may read it."""
        ln = self.lines[step - 1]
        owner = self.secret.get(step)
        if owner is None or viewer is None or finished or owner == viewer or step in self.revealed:
            return ln
        return Line(ln.step, ln.kind, ln.seat, f"{owner}: {SECRET_TEXT}", ln.rule, ln.cause)

    def turn_of(self, step: int) -> int:
        i = bisect.bisect_right(self.turn_starts, step) - 1
        return self.turn_numbers[i] if i >= 0 else 0

    def neighbours(self, step: int, by: str) -> tuple[int, int]:
        """The previous and next step when stepping by event, command or turn."""
        if by == "event":
            return max(1, step - 1), min(self.version, step + 1)
        ends = self.turn_ends() if by == "turn" else self.group_ends()
        i = bisect.bisect_left(ends, step)
        prev = ends[i - 1] if i > 0 else 1
        j = bisect.bisect_right(ends, step)
        nxt = ends[j] if j < len(ends) else self.version
        return prev, nxt


class Replay:
    """Caches per game: the step index and the step cache.

    Both keep only the `max_games` games read most recently (least recently
    used first out), so a server with thousands of recorded games stays
    within a memory budget; a game dropped is rebuilt by its next read."""

    def __init__(self, store: Store, interval: int | None = None, max_games: int = DEFAULT_GAMES,
                 checkpoint_games: int | None = None):
        self.store = store
        self.steps = StepCache(store, interval or DEFAULT_INTERVAL,
                               max_games=checkpoint_games or max_games)
        self.max_games = max_games
        self._index: OrderedDict[UUID, GameIndex] = OrderedDict()
        self._lock = threading.Lock()  # requests come from a thread pool: one extends at a time
        self._lru = threading.Lock()   # guards _index's order (held only for dict operations)

    def index(self, game_id: UUID) -> GameIndex:
        live = self.store.live(game_id)
        with self._lru:
            idx = self._index.get(game_id)
            if idx is None:
                idx = self._index[game_id] = GameIndex()
                while len(self._index) > self.max_games:
                    self._index.popitem(last=False)
            else:
                self._index.move_to_end(game_id)
        if idx.version < live.session.version:
            with self._lock:
                if idx.version < live.session.version:
                    self._extend(idx, live.game, game_id)
        return idx

    def games(self) -> list[UUID]:
        """The games whose index is kept, least recently used first."""
        with self._lru:
            return list(self._index)

    def _extend(self, idx: GameIndex, game: GameModule, game_id: UUID) -> None:
        session = idx.session
        for r in self.store.rows(game_id, gt=idx.version):
            if r.kind != fold.FACT:
                idx.starts.append(r.version)
            if r.kind == fold.COMMAND:
                idx.commands.append(r.version)
                if is_secret(game, r.data):
                    idx.secret[r.version] = r.data["seat"]
                turn = game.turn(session.state)
                if not idx.turn_numbers or idx.turn_numbers[-1] != turn:
                    idx.turn_starts.append(r.version)
                    idx.turn_numbers.append(turn)
            elif r.kind in (fold.UNDONE, fold.REDONE):
                idx.undone[r.cause] = r.kind == fold.UNDONE
            elif r.kind == fold.FACT:
                idx.revealed.update(revealed_by(r.data))
            elif r.kind == fold.STARTED:
                idx.turn_starts.append(1)
                idx.turn_numbers.append(0)
            session = fold.fold_record(game, session, r.kind, r.version, r.data)
            idx.lines.append(line(game, r))
        idx.session, idx.version = session, session.version

    def session(self, game_id: UUID, step: int) -> Session:
        return self.steps.session(game_id, step)


# ---- the audit of one step --------------------------------------------------------------------
@dataclass
class AuditFact:
    step: int
    type: str
    text: str
    rule: str
    section: str
    explanation: str
    data: dict[str, Any]
    chance: bool      # a die or a draw: an outcome nobody chose


@dataclass
class Audit:
    first: int
    last: int
    kind: str            # the group's first record kind
    seat: str | None
    command: str | None
    commit: bool
    rule: str
    section: str
    explanation: str
    facts: list[AuditFact]
    changes: list[tuple[str, Any, Any]]     # the first MAX_CHANGES_SHOWN, by path
    changes_total: int = 0


# A set-up step changes the whole board (thousands of leaves on FMP's map):
# printing every one made that step's page the slowest of the game and no
# easier to read.  The rest are a click away in the JSON view.
MAX_CHANGES_SHOWN = 120


def audit(replay: Replay, game_id: UUID, step: int, seat: str | None) -> Audit:
    """Which command, which dice and draws, which rules, and what changed."""
    store = replay.store
    game = store.live(game_id).game
    idx = replay.index(game_id)
    first, last = idx.group(step)
    records = store.rows(game_id, gt=first - 1, lte=last)
    head = records[0]
    finished = game.outcome(store.live(game_id).session.state) is not None
    command = head.data
    if head.kind == fold.COMMAND:
        command = shown_payload(game, head.data, head.version, seat, idx.revealed, finished)
    facts = [_audit_fact(game, r, seat) for r in records if r.kind == fold.FACT]
    before = game.view(replay.session(game_id, first - 1).state, seat) if first > 1 else {}
    after = game.view(replay.session(game_id, last).state, seat)
    changes = diff(before, after)
    ref = game.RULES.get(head.rule)
    return Audit(
        first=first, last=last, kind=head.kind, seat=head.data.get("seat"),
        command=command.get("text"), commit=bool(head.data.get("commit")),
        rule=head.rule, section=ref.section if ref else "?",
        explanation=ref.explanation if ref else "(rule id not in the table)",
        facts=facts, changes=changes[:MAX_CHANGES_SHOWN], changes_total=len(changes),
    )


def _audit_fact(game: GameModule, r: Record, seat: str | None) -> AuditFact:
    event = fold.decode_fact(game, r.data)
    ref = game.RULES.get(r.rule)
    return AuditFact(
        step=r.version, type=event.type, text=game.describe(event), rule=r.rule,
        section=ref.section if ref else "?",
        explanation=ref.explanation if ref else "(rule id not in the table)",
        data=game.redact(event, seat), chance=type(event).reveals or event.type == "DieRolled",
    )


# ---- what changed -----------------------------------------------------------------------------
def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Nested JSON data as {path: leaf}; list positions count from 1, as people do."""
    out: dict[str, Any] = {}
    if isinstance(value, dict):
        for k, v in value.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
    elif _numbered(value):
        for i, v in enumerate(value, 1):
            out.update(flatten(v, f"{prefix}.{i}"))
    else:
        out[prefix] = value
    return out


def _numbered(value: Any) -> bool:
    """A list that `flatten` descends into (non-empty, every item a dict or list)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, (dict, list)) for v in value)


def diff(before: Any, after: Any) -> list[tuple[str, Any, Any]]:
    """(path, before, after) for every leaf that differs, sorted by path.

    The same answer as comparing `flatten(before)` with `flatten(after)`,
    but it descends only into the parts that differ: sub-trees are compared
    with `==` first (C speed), so a step that moves one unit on an 851-hex
    board looks at a handful of paths, not all of them."""
    out: list[tuple[str, Any, Any]] = []
    _diff(before, after, "", out)
    out.sort(key=lambda t: t[0])
    return out


_MISSING = object()


def _diff(a: Any, b: Any, prefix: str, out: list) -> None:
    if a is b or (a is not _MISSING and b is not _MISSING and a == b):
        return
    if isinstance(a, dict) and isinstance(b, dict) and _plain_keys(a) and _plain_keys(b):
        for k, v in a.items():
            _diff(v, b.get(k, _MISSING), f"{prefix}.{k}" if prefix else k, out)
        for k, v in b.items():
            if k not in a:
                _diff(_MISSING, v, f"{prefix}.{k}" if prefix else k, out)
    elif _numbered(a) and _numbered(b):
        for i in range(max(len(a), len(b))):
            _diff(a[i] if i < len(a) else _MISSING, b[i] if i < len(b) else _MISSING,
                  f"{prefix}.{i + 1}", out)
    elif not _container(a) and not _container(b):
        if (None if a is _MISSING else a) != (None if b is _MISSING else b):
            out.append((prefix, None if a is _MISSING else a, None if b is _MISSING else b))
    else:  # one side gone, or a different shape: compare the flattened leaves
        fa = {} if a is _MISSING else flatten(a, prefix)
        fb = {} if b is _MISSING else flatten(b, prefix)
        out.extend((p, fa.get(p), fb.get(p)) for p in set(fa) | set(fb) if fa.get(p) != fb.get(p))


def _container(value: Any) -> bool:
    return isinstance(value, dict) or _numbered(value)


def _plain_keys(d: dict) -> bool:
    """String keys only (else two keys may name one path, e.g. 1 and "1")."""
    return all(type(k) is str for k in d)


def changed_paths(before: Any, after: Any) -> set[str]:
    """Every path, and every prefix of a path, that changed (for highlighting)."""
    paths: set[str] = set()
    for path, _, _ in diff(before, after):
        parts = path.split(".")
        paths.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return paths


def timeline_window(idx: GameIndex, step: int, noted: list[int], radius: int = 40,
                    viewer: str | None = SPECTATOR, finished: bool = False) -> dict:
    """Command groups around `step`, with turn headers, undone and noted marks.

    A window keeps a page of a 100,000-step game small; the links at its
    ends move it."""
    ends = idx.group_ends()
    here = bisect.bisect_left(ends, step)
    lo, hi = max(0, here - radius), min(len(idx.starts), here + radius + 1)
    # `noted`: the steps that have notes, ascending; one bisect per entry.
    entries, last_turn = [], None
    for i in range(lo, hi):
        first, last = idx.starts[i], ends[i]
        ln = idx.shown_line(first, viewer, finished)
        turn = idx.turn_of(first)
        entries.append({
            "first": first, "last": last, "text": ln.text, "seat": ln.seat, "kind": ln.kind,
            "turn_header": turn if turn != last_turn else None,
            "undone": idx.undone.get(first, False),
            "noted": bisect.bisect_right(noted, last) > bisect.bisect_left(noted, first),
        })
        last_turn = turn
    return {"entries": entries, "before": ends[lo - 1] if lo > 0 else None,
            "after": ends[hi] if hi < len(ends) else None}
