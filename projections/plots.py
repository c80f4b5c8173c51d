"""Plots: what a game scores over its turns (the replay's chart), and the
figures of a game kind (outcomes, lengths, the rules most often fired).

A game's chart samples `game.scores(state)` at the end of each turn (the
replay index knows where turns end) through the step cache.  At most
`MAX_POINTS` turns are sampled: every `stride`-th, the stride a power of
two, so that a growing game keeps the samples it has and only adds new
ones.  Samples are kept per game (the `max_games` read most recently): a
finished game's never change, and a running game only appends records, so
every turn end but the last stays true.  `scores` is public by contract,
so one chart serves every viewer.  A game of fewer than `MIN_TURNS` turns
(the solo puzzle) is charted per command instead; a game too long to chart
while a page waits is charted by a background thread (`Plots.look`).
"""

from __future__ import annotations

import bisect
import itertools
import logging
import re
import threading
import weakref
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from engine.core.catalogue import GameInfo
from engine.core.errors import BoardlogError
from engine.core.session import Header
from engine.core.store import Store

from .replay import GameIndex, Replay
from .rule_index import RuleIndex

_log = logging.getLogger(__name__)
MAX_POINTS = 200          # samples per chart, whatever the game's length
INLINE_RECORDS = 5_000    # a game this long is charted while its page waits; longer: in the background
FORWARD_GAP = 4096        # records folded on from one sample to the next rather than read afresh
MIN_TURNS = 4             # fewer turns: one point per command (a solo puzzle is one turn)
DEFAULT_GAMES = 64        # games whose samples stay in memory
WIDTH, HEIGHT = 480, 96   # one panel's plotting area, in SVG units
LEFT, TOP, BOTTOM = 34, 8, 18
SEAT_COLOURS = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#c9a100",
                "orange": "#ff7f0e", "purple": "#9467bd", "black": "#333333", "brown": "#8c564b"}
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


@dataclass(frozen=True)
class Line:
    label: str
    colour: str
    points: str           # SVG polyline points
    last: float           # the value at the last sample (for the legend)


@dataclass(frozen=True)
class Panel:
    name: str
    top: float            # the panel's maximum (the y axis goes 0..top)
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Chart:
    """A game's chart, laid out: one panel per series, x = turn position."""

    panels: tuple[Panel, ...]
    unit: str                              # "turn", or "command" for a game of few turns
    segments: int                          # turns in the game (x runs over 0..segments-1)
    ticks: tuple[tuple[float, int], ...]   # (x, turn number) under the axis
    samples: int
    starts: tuple[int, ...] = ()           # first step at each position
    labels: tuple[int, ...] = ()           # the turn (or command) number at each position
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = TOP
    bottom: int = BOTTOM

    def x_of(self, segment: int) -> float:
        return round(LEFT + WIDTH * segment / max(1, self.segments - 1), 1)

    def position_of(self, step: int) -> tuple[int, int]:
        """The position of the turn (or command) holding `step`, where the
        marker goes, and its number (a step past a chart still being
        brought up to date: its last position)."""
        i = max(0, bisect.bisect_right(self.starts, step) - 1)
        return i, self.labels[i]

    @property
    def panel_height(self) -> int:
        return TOP + HEIGHT + BOTTOM


@dataclass
class _Memo:
    index: weakref.ref            # the GameIndex the samples were read with
    points: dict[int, dict[str, dict[str, float]]] = field(default_factory=dict)  # step -> scores
    chart: tuple[int, Chart | None] | None = None     # (version, laid-out chart)


class Plots:
    """Per-game charts over a `Replay`'s index and step cache.

    A chart needs every turn's start (a fold of the whole game, once) and a
    session per sample: for a game of `inline_records` or fewer records not
    yet charted, that is done while the page waits; a longer one is charted
    by a background thread, and its pages say so until it is ready (or show
    the last chart drawn while it catches up), so no step page waits seconds."""

    def __init__(self, replay: Replay, max_games: int = DEFAULT_GAMES, max_points: int = MAX_POINTS,
                 inline_records: int = INLINE_RECORDS):
        self.replay, self.max_games, self.max_points = replay, max_games, max_points
        self.inline_records = inline_records
        self._memo: OrderedDict[UUID, _Memo] = OrderedDict()
        self._lru = threading.Lock()
        self._lock = threading.Lock()
        self._drawing: dict[UUID, threading.Thread] = {}
        self._drawings = itertools.count(1)  # each background drawing's number (`drawing`)

    def chart(self, game_id: UUID) -> Chart | None:
        """The game's chart, drawn now if need be (None: the game scores nothing)."""
        idx = self.replay.index(game_id)
        memo = self._memo_of(game_id, idx)
        if memo.chart is not None and memo.chart[0] == idx.version:
            return memo.chart[1]
        with self._lock:      # requests come from a thread pool: one sampling at a time
            if memo.chart is not None and memo.chart[0] == idx.version:
                return memo.chart[1]     # drawn by another thread meanwhile
            return self._sample(game_id, idx, memo)

    def look(self, game_id: UUID) -> tuple[Chart | None, bool]:
        """The chart a page shows now, and whether a fresher one is being
        drawn in the background (then the chart may be None or older)."""
        idx = self.replay.index(game_id)
        memo = self._memo_of(game_id, idx)
        drawn = memo.chart[0] if memo.chart is not None else 0
        if drawn == idx.version:
            return memo.chart[1], False
        if idx.version - drawn <= self.inline_records:   # a short game, or a few records more
            return self.chart(game_id), False
        self._draw_later(game_id)
        return (memo.chart[1] if memo.chart is not None else None), True

    def drawing(self, game_id: UUID) -> int | None:
        """The number of the game's chart drawing under way in the background
        (None: none).  Meanwhile its pages are provisional, and the same: each
        shows the chart drawn before it, if any (only that drawing replaces it)."""
        with self._lru:
            thread = self._drawing.get(game_id)
        return None if thread is None else thread.number

    def wait(self, game_id: UUID) -> None:
        """Until the background drawing of this game (if any) is done."""
        with self._lru:
            thread = self._drawing.get(game_id)
        if thread is not None:
            thread.join()

    def _draw_later(self, game_id: UUID) -> None:
        with self._lru:
            if game_id in self._drawing:
                return
            thread = self._drawing[game_id] = threading.Thread(
                target=self._draw, args=(game_id,), name=f"chart-{game_id}", daemon=True)
            thread.number = next(self._drawings)
        thread.start()

    def _draw(self, game_id: UUID) -> None:
        try:
            self.chart(game_id)
        except BoardlogError as e:    # deleted meanwhile, say: its next page says why
            _log.info("chart of %s not drawn: %s", game_id, e)
        finally:
            with self._lru:
                self._drawing.pop(game_id, None)

    def _sample(self, game_id: UUID, idx: GameIndex, memo: _Memo) -> Chart | None:
        game = self.replay.store.live(game_id).game
        # Whichever axis the game's turns make, the turn fold (a pass over the game)
        # records the samples' scores on its way: those by turn (every turn end), and
        # those by command, asked for here (the chart of a game of too few turns
        # folded the game a second time for them: issue #24).  Not the last, the
        # game's latest step, read as it is (a growing game's moves on every time).
        idx.keep_scores_at(s for _, s in sample_steps(idx, self.max_points, _by_command(idx))
                           if s != idx.version)
        axis = axis_of(idx)
        steps = sample_steps(idx, self.max_points, axis)
        session = None
        for _, step in steps:
            # Every turn end but the game's last step is final: kept; the last is read afresh.
            if step in memo.points and step != idx.version:
                continue
            known = idx.turn_end_scores(step)
            if known is not None:  # the turn fold passed it: no fold here at all
                memo.points[step] = known
                continue
            session = self._session(game_id, game, session, step)
            memo.points[step] = game.scores(session.state)
        kept = {s for _, s in steps}
        for step in [s for s in memo.points if s not in kept]:
            del memo.points[step]          # thinned out by a longer stride
        chart = layout(axis, [(p, memo.points[s]) for p, s in steps])
        memo.chart = (idx.version, chart)
        return chart

    def _session(self, game_id: UUID, game: Any, last: Any, step: int) -> Any:
        """The session at `step`: folded on from the last sample when it is
        close (a first chart is thus one pass over the game, not a fold
        from a checkpoint per sample), else read through the step cache."""
        head = self.replay.store.live(game_id).session
        if head.version == step:  # the game's latest: folded already, as every page reads it
            return head
        if last is not None and 0 < step - last.version <= FORWARD_GAP:
            session = self.replay.store.reader.fold(game, game_id, last, gt=last.version, lte=step)
            if session is not None and session.version == step:
                return session
        return self.replay.session(game_id, step)

    def _memo_of(self, game_id: UUID, idx: GameIndex) -> _Memo:
        with self._lru:
            memo = self._memo.get(game_id)
            # A game deleted and imported again gets a new index: start afresh.
            if memo is None or memo.index() is not idx:
                memo = self._memo[game_id] = _Memo(weakref.ref(idx))
                while len(self._memo) > self.max_games:
                    self._memo.popitem(last=False)
            self._memo.move_to_end(game_id)
            return memo


@dataclass(frozen=True)
class Axis:
    unit: str                 # "turn" or "command"
    starts: list[int]         # first step at each position
    labels: list[int]         # the number shown at each position
    ends: list[int]           # last step at each position


def axis_of(idx: GameIndex) -> Axis:
    """What the x axis counts: turns, or commands (0: setup) when the game
    has too few turns for a line to say anything."""
    starts = idx.turn_starts     # the whole game's turns (folded once by the index)
    if len(starts) >= MIN_TURNS:
        return Axis("turn", starts, idx.turn_numbers, idx.turn_ends())
    return _by_command(idx)


def _by_command(idx: GameIndex) -> Axis:
    """The axis by command (0: setup), which needs no fold."""
    return Axis("command", idx.starts, list(range(len(idx.starts))), idx.group_ends())


def sample_steps(idx: GameIndex, max_points: int = MAX_POINTS, axis: Axis | None = None) -> list[tuple[int, int]]:
    """(position, last step there) for the sampled turns: every stride-th
    turn (or command) and the last one."""
    ends = (axis or axis_of(idx)).ends
    stride = 1
    while len(ends) > stride * (max_points - 1):
        stride *= 2
    picked = list(range(0, len(ends), stride))
    if picked and picked[-1] != len(ends) - 1:
        picked.append(len(ends) - 1)
    return [(i, ends[i]) for i in picked]


def layout(axis: Axis, samples: list[tuple[int, dict[str, dict[str, float]]]]) -> Chart | None:
    """Polylines per series and label, scaled into panels of one width."""
    names = _ordered(name for _, scores in samples for name in scores)
    if not names:
        return None
    segments = len(axis.starts)
    chart = Chart((), axis.unit, segments, _ticks(axis, segments), len(samples))
    panels = []
    for name in names:
        labels = _ordered(label for _, scores in samples for label in scores.get(name, {}))
        values = [v for _, s in samples for v in s.get(name, {}).values()]
        top = _nice(max(values, default=0))
        lines = []
        for label, colour in zip(labels, colours(labels), strict=True):
            pts = [(chart.x_of(p), s[name][label]) for p, s in samples if label in s.get(name, {})]
            points = " ".join(f"{x},{round(TOP + HEIGHT * (1 - v / top), 1)}" for x, v in pts)
            lines.append(Line(label, colour, points, pts[-1][1] if pts else 0))
        panels.append(Panel(name, top, tuple(lines)))
    return Chart(tuple(panels), axis.unit, segments, chart.ticks, len(samples),
                 tuple(axis.starts), tuple(axis.labels))


def colours(labels: list[str]) -> list[str]:
    """A line colour per label: a seat named after a colour (FMP's red
    Freighter, a red team) is drawn in it; the others take the palette's
    colours left over, in order."""
    named = [SEAT_COLOURS.get(label.split()[0].lower()) if label else None for label in labels]
    spare = iter([c for c in PALETTE if c not in named] or PALETTE)
    return [c or next(spare, PALETTE[i % len(PALETTE)]) for i, c in enumerate(named)]


def _ordered(items) -> list[str]:
    return list(dict.fromkeys(items))


def _nice(value: float) -> float:
    """A round top for the y axis, at least 1 (a flat zero line stays visible)."""
    if value <= 1:
        return 1
    for scale in (1, 10, 100, 1000, 10000):
        for step in (1, 2, 5, 10):
            if step * scale >= value:
                return step * scale
    return value


def _ticks(axis: Axis, segments: int, count: int = 6) -> tuple[tuple[float, int], ...]:
    """About `count` turn numbers along the x axis, the first and last included."""
    if segments == 0:
        return ()
    every = max(1, -(-(segments - 1) // (count - 1)))
    picked = sorted({*range(0, segments, every), segments - 1})
    width = max(1, segments - 1)
    return tuple((round(LEFT + WIDTH * i / width, 1), axis.labels[i]) for i in picked)


# ---- figures of a game kind --------------------------------------------------------------------
@dataclass(frozen=True)
class KindStats:
    kind: str
    games: int
    finished: int
    running: int
    by_seat: dict[str, Counter]        # seat -> {"won": n, "lost": n, "draw": n}
    by_options: dict[str, Counter]     # setup (players and options) -> outcome word counts
    lengths: dict[str, list[int]]      # "steps" / "commands" -> one value per finished game
    rules: list[tuple[str, int, int]] | None   # (rule, fired, games), most fired first; None: no index
    histograms: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)  # (lo, hi, n)
    by_bot: dict[str, Counter] = field(default_factory=dict)   # who played ("bot:greedy") -> per seat played
    unrecorded: int = 0                # finished games whose header records no players


def kind_stats(store: Store, kind: str, index: RuleIndex | None, top_rules: int = 15) -> KindStats:
    """Outcomes, lengths and the rules most often fired, over the stored games of `kind`."""
    infos = [i for i in store.catalogue.summaries(kind) if i.status in ("finished", "running")]
    finished = [i for i in infos if i.status == "finished"]
    by_seat: dict[str, Counter] = {}
    by_options: dict[str, Counter] = {}
    by_bot: dict[str, Counter] = {}
    unrecorded = 0
    for info in finished:
        header = store.header(info.id)
        results = seat_results(info)
        for seat, result in results.items():
            by_seat.setdefault(seat, Counter())[result] += 1
        by_options.setdefault(_setup_of(header), Counter())[_verdict(info)] += 1
        if header.players is None:
            unrecorded += 1
        for who, result in _results_by_player(results, header.players or {}):
            by_bot.setdefault(who, Counter())[result] += 1
    lengths = {"steps": [i.steps for i in finished], "commands": [i.commands for i in finished]}
    rules = None
    if index is not None:
        counts = sorted(index.counts(kind).values(), key=lambda c: (-c.fired, c.rule))
        rules = [(c.rule, c.fired, c.games) for c in counts[:top_rules]]
    return KindStats(kind, len(infos), len(finished), len(infos) - len(finished), by_seat, by_options,
                     lengths, rules, {k: histogram(v) for k, v in lengths.items()}, by_bot, unrecorded)


def _results_by_player(results: dict[str, str], players: dict[str, str]) -> list[tuple[str, str]]:
    """(who, result) for each seat the header says who played: one count per
    seat, so a bot that played both sides of a game is counted on both."""
    return [(players[seat], result) for seat, result in results.items() if seat in players]


def seat_results(info: GameInfo) -> dict[str, str]:
    """Each seat's result read from the outcome line: "won" for a seat the
    line names as winner, by itself or by its team ("red wins", "north
    wins" for north-1 and north-2, "the investigators win"), "draw" for a
    tie or draw, else "lost".  A line naming no seat (co-op games) counts
    as the table's: "won" for a victory, "lost" for a defeat."""
    text = (info.outcome or "").lower()
    if re.search(r"\b(draw|tie)\b", text):
        return dict.fromkeys(info.seats, "draw")
    head = re.split(r"[:(,]", text, maxsplit=1)[0]
    if re.search(r"\bwins?\b", head):
        named = [s for s in info.seats if _named(s, head)]
        if named:
            return {s: "won" if s in named else "lost" for s in info.seats}
    lost = text.startswith("defeat") or re.search(r"\b(lose|loses|lost|failed)\b", text)
    won = not lost and re.search(r"\b(win|wins|won|victory|completed|defeat)\b", head)
    return dict.fromkeys(info.seats, "won" if won else "lost")


def _named(seat: str, line: str) -> bool:
    """Whether `line` names the seat, or its team (the seat's name before a
    "-": north-1 plays for north), in the singular or the plural."""
    return any(re.search(rf"\b{re.escape(name)}s?\b", line)
               for name in {seat.lower(), seat.lower().split("-")[0]})


def _verdict(info: GameInfo) -> str:
    """A short outcome for grouping: the line up to its first colon or bracket."""
    head = re.split(r"[:(]", info.outcome or "", maxsplit=1)[0].strip()
    return head[:60] or "?"


def _setup_of(header: Header) -> str:
    """The game's players and options, for "outcomes by setup"."""
    options = " ".join(f"{k}={v}" for k, v in sorted(header.options.items())
                       if isinstance(v, (str, int, float, bool)))
    return f"{len(header.seats)} seats" + (f", {options}" if options else "")


def histogram(values: list[int], bins: int = 10) -> list[tuple[int, int, int]]:
    """(low, high, count) over `bins` equal ranges of whole numbers."""
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    counts = Counter((v - lo) // width for v in values)
    return [(lo + b * width, lo + (b + 1) * width - 1, counts.get(b, 0))
            for b in range(max(counts) + 1)]


def summary_lines(stats: KindStats) -> list[str]:
    """The figures in plain text (`boardlog stats KIND`)."""
    out = [f"{stats.kind}: {stats.games} games stored, {stats.finished} finished, {stats.running} running"]
    if stats.by_seat:
        out.append("outcomes by seat (finished games):")
        out += [f"  {seat:<16} " + ", ".join(f"{w} {c[w]}" for w in ("won", "lost", "draw") if c[w])
                for seat, c in sorted(stats.by_seat.items())]
        out.append("outcomes by setup:")
        for setup, c in sorted(stats.by_options.items()):
            out.append(f"  {setup}: " + "; ".join(f"{v} x{n}" for v, n in c.most_common()))
        out += _by_bot_lines(stats)
    for name, values in stats.lengths.items():
        if values:
            out.append(f"game length in {name}: min {min(values)}, median {_median(values)}, "
                       f"max {max(values)}")
            out += [f"  {lo:>7}-{hi:<7} {'#' * min(n, 60)} {n}" for lo, hi, n in stats.histograms[name]]
    if stats.rules is None:
        out.append("rules most often fired: unavailable (rule search needs a SQLite or PostgreSQL store)")
    elif not stats.rules:
        out.append("rules most often fired: none yet")
    else:
        out.append("rules most often fired:")
        out += [f"  {rule:<40} {fired:>9,} times in {games:,} games" for rule, fired, games in stats.rules]
    return out


def _by_bot_lines(stats: KindStats) -> list[str]:
    """The "outcomes by bot" lines: one count per seat played, then the games that record no one."""
    out = ["outcomes by bot (per seat played, finished games that record who played):"]
    out += [f"  {who:<16} " + ", ".join(f"{w} {c[w]}" for w in ("won", "lost", "draw") if c[w])
            for who, c in sorted(stats.by_bot.items())]
    if not stats.by_bot:
        out.append("  none recorded")
    if stats.unrecorded:
        out.append(f"  {stats.unrecorded} finished game{' records' if stats.unrecorded == 1 else 's record'} "
                   f"no players (people, or recorded before games said who played)")
    return out


def _median(values: list[int]) -> float | int:
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def bars(hist: list[tuple[int, int, int]], width: int = 300, height: int = 80) -> list[dict[str, Any]]:
    """A histogram's bars laid out for SVG: x, y, w, h and its range."""
    if not hist:
        return []
    most = max(n for _, _, n in hist) or 1
    w = width / len(hist)
    return [{"x": round(i * w, 1), "w": round(w - 2, 1), "h": round(height * n / most, 1),
             "y": round(height - height * n / most, 1), "lo": lo, "hi": hi, "n": n}
            for i, (lo, hi, n) in enumerate(hist)]
