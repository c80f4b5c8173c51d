"""`boardlog`: the command line.

Errors print one line on stderr: exit status 2 for bad input (a rule, an
option, an unknown game, a bad file), 1 for anything else.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING
from uuid import UUID

from engine.core.context import SYSTEM
from engine.core.errors import BadInput, BoardlogError, RuleSearchUnavailable
from engine.core.game import find_game, game_ids, title_of
from engine.core.limits import MAX_INT, MAX_PLAYERS, check_options, check_text, parse_int, shorten
from engine.core.options import parse_options
from engine.core.selfplay import selfplay_one

if TYPE_CHECKING:
    from engine.core.readonly import ReadStore
    from engine.core.store import Store

PATH_ARGS = ("db", "file", "output", "target")  # file names: any bytes the system allows


def _whole(lo: int, hi: int):
    """An argparse type: a whole number in ASCII digits within lo..hi (a bad
    one is a usage error: one line naming the argument, exit status 2)."""
    def convert(text: str) -> int:
        try:
            return parse_int("value", text, lo, hi)
        except BadInput as e:
            raise argparse.ArgumentTypeError(str(e).removeprefix("value: ")) from None
    convert.__name__ = "whole number"
    return convert


def _check_text_args(args) -> None:
    """Every text argument must be valid UTF-8 (an undecodable byte reaches
    Python as a lone surrogate): refused naming the argument."""
    for name, value in vars(args).items():
        if name in PATH_ARGS:
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str):
                check_text(name, item)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(only=argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        _check_text_args(args)
        return args.run(args) or 0
    except BoardlogError as e:
        print(f"boardlog: {shorten(str(e))}", file=sys.stderr)
        return e.exit_status
    except KeyboardInterrupt:
        print("boardlog: interrupted", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `boardlog show ... | head`: the reader left; not an error
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0
    except Exception as e:  # a failure of the store or the machine, not the user's
        print(f"boardlog: {type(e).__name__}: {shorten(str(e))}", file=sys.stderr)
        return 1


def _columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` finds it ($COLUMNS,
    else standard output's terminal, else 80), without importing shutil
    (with the archive modules it imports, ~4 ms of every command's start)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    """argparse's own help layout; only the width is found without shutil
    (argparse makes a formatter for every argument added, help or not)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # argparse's usage errors are bad input: status 2, one line
        self.exit(2, f"boardlog: {message} (see 'boardlog {self.prog.split()[-1]} --help')\n")


class _Unused:
    """Stands for the parser of a command not asked for: takes its arguments, keeps nothing."""

    def add_argument(self, *args, **kwargs) -> None:
        pass

    def add_mutually_exclusive_group(self, *args, **kwargs) -> _Unused:
        return self


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser.  With `only` (the first word given), and
    when it names a command, the parser knows that command alone: building
    every command's parser is a few milliseconds of each command's start-up,
    and a command's parser says nothing of the others (issue #24)."""
    p = _Parser(prog="boardlog", description="Record, replay and audit board games.")
    sub = p.add_subparsers(title="commands", parser_class=_Parser)
    built = []

    def command(name, run, help):
        if only is not None and name != only:
            return _Unused()
        built.append(name)
        c = sub.add_parser(name, help=help, description=help)
        c.add_argument("--db", metavar="PATH", help="SQLite file (default: $BOARDLOG_DB or ./boardlog.db)")
        c.set_defaults(run=run)
        return c

    command("games", cmd_games, "list stored games: id, kind, status, steps, created")
    command("kinds", cmd_kinds, "list the games boardlog can play")
    for name, run, help in (("new", cmd_new, "start a game and print its id"),
                            ("selfplay", cmd_selfplay, "play complete games with bots and store them")):
        c = command(name, run, help)
        c.add_argument("kind", help=f"one of: {', '.join(game_ids())}")
        c.add_argument("--seed", type=_whole(0, MAX_INT), help="random seed (default: a fresh one)")
        c.add_argument("--players", type=_whole(1, MAX_PLAYERS), help="number of players")
        c.add_argument("--option", action="append", metavar="K=V", help="a setup option (repeatable)")
        if name == "selfplay":
            c.add_argument("--games", type=_whole(1, 1_000_000), default=1, help="how many games (default 1)")
            c.add_argument("--bot", help="bot name (default: the game's DEFAULT_BOT, mostly random; "
                                         "'search': the computer analysis's search, any game)")
            _budget_args(c, "--bot search: ")
        else:
            c.add_argument("--position", metavar="FILE", help="start from this position (docs/positions.md; "
                                                              "- reads standard input) instead of the setup")
    c = command("position", cmd_position, "print the position at a step (docs/positions.md), to start "
                                          "a game from with `boardlog new KIND --position FILE`")
    c.add_argument("game")
    c.add_argument("--step", type=_whole(1, MAX_INT), help="the step (default: the last)")
    c = command("show", cmd_show, "print the state at a step and the timeline around it")
    c.add_argument("game")
    at = c.add_mutually_exclusive_group()
    at.add_argument("--step", type=_whole(-MAX_INT, MAX_INT), help="step to show (default: the last)")
    at.add_argument("--command", type=_whole(-MAX_INT, MAX_INT), metavar="N",
                    help="show the state after the Nth command (0: after setup)")
    c.add_argument("--context", type=_whole(0, 100_000), default=6, help="timeline lines either side (default 6)")
    c.add_argument("--seat", help="read the timeline as this seat (default: a spectator while the "
                                  "game runs, everything once it is over)")
    c = command("compare", cmd_compare, "print what differs between two steps (of one game, or of a "
                                        "game and another of its kind, e.g. a fork and its parent)")
    c.add_argument("game")
    c.add_argument("step_a", metavar="STEP_A", type=_whole(-MAX_INT, MAX_INT))
    c.add_argument("step_b", metavar="STEP_B", type=_whole(-MAX_INT, MAX_INT))
    c.add_argument("--game-b", metavar="ID", help="STEP_B is a step of this game (default: GAME)")
    c.add_argument("--seat", help="compare as this seat sees them, once both games are over (default: "
                                  "everything; a spectator while either runs, as in the viewer)")
    c = command("play", cmd_play, "issue a command for a seat, e.g. boardlog play ID investigator 'swap 1 2', "
                                  "or many: boardlog play ID --commands FILE")
    c.add_argument("game")
    c.add_argument("seat", nargs="?")
    c.add_argument("text", nargs="*", help="the command in its notation")
    c.add_argument("--commands", metavar="FILE", help="play the commands of FILE in order, one "
                                                      "`seat: notation` a line (`seat: undo` and `seat: redo` "
                                                      "too; # starts a comment; - reads standard input), "
                                                      "stopping at the first refused")
    for name, run in (("undo", cmd_undo), ("redo", cmd_redo)):
        c = command(name, run, f"{name} the latest command of a seat")
        c.add_argument("game")
        c.add_argument("seat")
    c = command("legal", cmd_legal, "list the commands each seat may issue now")
    c.add_argument("game")
    c = command("rules", cmd_rules, "list a game's rule ids with their sections")
    c.add_argument("kind")
    c.add_argument("--used", action="store_true",
                   help="with how often each rule fired in the stored games (rule search index)")
    c = command("find", cmd_find, "list the times a rule fired in the stored games, newest first")
    c.add_argument("kind")
    c.add_argument("rule")
    c.add_argument("--page", type=_whole(1, 10**9), default=1, help="page of 50 (default 1)")
    command("reindex", cmd_reindex, "rebuild the rule search index from the stored events")
    c = command("stats", cmd_stats, "a game kind in figures: outcomes, game lengths, the rules most often fired")
    c.add_argument("kind")
    c = command("analyse", cmd_analyse, "computer analysis of a finished game: for each command, the "
                                        "acting seat's chance of winning before and after it, the command "
                                        "the search preferred, and a mark (?! ? ??) where the chance dropped")
    c.add_argument("game", nargs="?", help="the game (not with --worker)")
    _budget_args(c, "")
    c.add_argument("--seed", type=_whole(0, MAX_INT), default=0, help="the search's dice (default 0: the same "
                                                                       "analysis every time)")
    c.add_argument("--json", action="store_true", help="one JSON object: the analysis as data")
    how = c.add_mutually_exclusive_group()
    how.add_argument("--queue", action="store_true", help="queue it in the store for workers instead of "
                                                         "analysing it here (the viewer shows it once done)")
    how.add_argument("--worker", action="store_true", help="work the store's queue of analyses until Ctrl-C "
                                                          "(start as many as the machines allow)")
    c = command("export", cmd_export, "write a game as .jsonl")
    c.add_argument("game")
    c.add_argument("-o", "--output", metavar="FILE", help="file to write (default: stdout)")
    c.add_argument("--with-forks", action="store_true",
                   help="the game's whole variation tree: its root and every fork of it, in one file")
    c.add_argument("--without-analysis", action="store_true",
                   help="leave out the computer analysis (a finished game's is written after its lines)")
    c = command("import", cmd_import, "validate a .jsonl export and store it")
    c.add_argument("file")
    c = command("verify", cmd_verify, "re-decide every command and compare with the record")
    c.add_argument("target", metavar="ID|FILE")
    c = command("fork", cmd_fork, "start a new game from a game's history up to a step")
    c.add_argument("game")
    c.add_argument("--step", type=_whole(-MAX_INT, MAX_INT), required=True)
    c.add_argument("--name", help="name the fork (1-60 printable characters)")
    c = command("name-fork", cmd_name_fork, "name or rename a line of the variation tree (a fork)")
    c.add_argument("game")
    c.add_argument("name", help="1-60 printable characters; the latest name wins")
    c = command("seats", cmd_seats, "print each seat's secret play link (and the hot-seat link)")
    c.add_argument("game")
    c.add_argument("--base-url", default="http://127.0.0.1:8000", help="where the viewer is served")
    c = command("serve", cmd_serve, "serve the replay viewer and play pages")
    c.add_argument("--host", default="127.0.0.1")
    c.add_argument("--port", type=_whole(0, 65535), default=8000)
    c.add_argument("--demo", action="store_true", help="record demo games first if the store is empty")
    c.add_argument("--workers", type=_whole(1, 64), default=1,
                   help="server processes sharing the port and the store (default 1; use PostgreSQL for several)")
    c = command("demo", cmd_demo, "record one demo game of every game if the store has none")
    c = command("delete", cmd_delete, "delete a game for good, with its seat links, notes and summary")
    c.add_argument("game")
    c.add_argument("--yes", action="store_true", help="do not ask (needed when not on a terminal)")
    c = command("user", cmd_user, "accounts of a served viewer: user add NAME --role R, user list, "
                                  "user remove NAME")
    c.add_argument("action", choices=("add", "list", "remove"))
    c.add_argument("name", nargs="?", help="the account's name (add, remove)")
    c.add_argument("--role", choices=("operator", "reviewer"), help="add: operator (games and every "
                   "note) or reviewer (their own notes)")
    c.add_argument("--password-stdin", action="store_true",
                   help="add: read the password from the first line of stdin (else it is asked for)")
    c = command("bench", cmd_bench, "measure append, fold and step-read speed against the library's plain path")
    c.add_argument("--quick", action="store_true", help="a 10,000-event game instead of 100,000")
    c.add_argument("--events", type=_whole(1, 100_000_000), help="length of the synthetic game")
    c.add_argument("--games", default="all",
                   help="per-game figures for these games, comma-separated ('all', the default; 'none'); "
                        "with --load: how many games are played at once (default 2)")
    c.add_argument("--load", action="store_true",
                   help="the load test instead: server processes on one store (PostgreSQL when POSTGRES_* "
                        "are set), bot players through the JSON API, spectators stepping replays")
    c.add_argument("--servers", type=_whole(1, 32), default=2, help="--load: server processes (default 2)")
    c.add_argument("--players", type=_whole(1, 1000), default=4, help="--load: bot players (default 4)")
    c.add_argument("--spectators", type=_whole(0, 1000), default=4,
                   help="--load: spectators stepping replays (default 4)")
    c.add_argument("--seconds", type=_whole(1, 86_400), default=15,
                   help="--load: seconds of load per run (default 15; a 1-server baseline runs first)")
    c.add_argument("--kind", default="roundtable", help="--load: the game played (default roundtable)")
    c.add_argument("--pointing", action="store_true",
                   help="the browser part instead: games played by pointing in Chromium (clicks per "
                        "command, controls beside the board, server time of a move from the page); "
                        "--games picks them, --commands caps each")
    c.add_argument("--analysis", action="store_true",
                   help="the computer analysis' figures instead (python -m analysis.bench): where a "
                        "decision's time goes, positions judged per second with 1 and 2 workers, and "
                        "search against greedy (a few games a kind with --quick, --analysis-games "
                        "otherwise)")
    c.add_argument("--analysis-games", type=_whole(1, 10_000), default=30,
                   help="--analysis: games a kind for the strength figures (default 30)")
    c.add_argument("--commands", type=_whole(1, 100_000), default=40,
                   help="--pointing: commands per game at most (default 40)")
    if only is not None and not built:  # not a command: the whole parser says what is
        return _parser()
    return p


def _budget_args(c: argparse.ArgumentParser, what: str) -> None:
    c.add_argument("--simulations", type=_whole(1, 1_000_000), metavar="N",
                   help=f"{what}lines the search plays per decision (default 48)")
    c.add_argument("--seconds", type=_seconds, metavar="S",
                   help=f"{what}at most this many seconds per decision (default: no limit)")


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds, more than 0 (a decimal point allowed)."""
    value = float(text) if re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,9})?", text.strip()) else None
    if value is None or not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a number of seconds from 0 to 86400 (e.g. 0.5)")
    return value


_seconds.__name__ = "seconds"


def _budget(args):
    """The search's budget from --simulations and --seconds."""
    from analysis.search import Budget

    given = {k: v for k, v in (("simulations", args.simulations), ("seconds", args.seconds)) if v is not None}
    return Budget(**given)


def _store(args) -> Store:
    # Imported here, as every module a command alone needs: the store brings
    # the eventsourcing library, which a command such as `kinds` never uses
    # (a command answers in what its own imports cost: issue #24).
    from engine.core.store import open_store

    return open_store(args.db)


def _reader(args) -> Store | ReadStore:
    """The store of a command that only reads (show, legal, position,
    compare): on a SQLite file, the store opened for reading alone, which
    answers the same queries without the eventsourcing library
    (engine/core/readonly.py, issue #24); elsewhere the full store."""
    from engine.core.readonly import open_reader, sqlite_file

    path = sqlite_file(args.db)
    return _store(args) if path is None else open_reader(path)


# ---- commands -------------------------------------------------------------------------------
def cmd_kinds(args) -> None:
    for kind in game_ids():
        print(f"{kind:<20} {title_of(kind)}")


def cmd_games(args) -> None:
    store = _store(args)
    ids = store.catalogue.game_ids()
    if not ids:
        print(f"no games in {store.location()}; try: boardlog selfplay forbidden_alchemy")
        return
    print(f"{'id':<36}  {'kind':<18} {'status':<8} {'steps':>6}  created")
    for gid in ids:
        i = store.catalogue.summary(gid)
        origin = f"  (fork of {i.parent[:8]} at step {i.fork_step})" if i.parent else ""
        print(f"{i.id}  {i.kind:<18} {i.status:<8} {i.steps:>6}  {i.created}{origin}")


def cmd_new(args) -> None:
    store = _store(args)
    if args.position is not None:
        if args.players is not None or args.option:
            raise BadInput("--position: a game started from a position takes the position's options "
                           "(leave out --players and --option)")
        gid = store.create(args.kind, seed=args.seed, position=_read_text(args.position, "--position"))
    else:
        gid = store.create(args.kind, seed=args.seed, players=args.players,
                           options=check_options(parse_options(args.option)))
    print(gid)


def cmd_position(args) -> None:
    from engine.core import position as positions

    store = _reader(args)
    gid = store.catalogue.resolve(args.game)
    live = store.live(gid)
    step = args.step if args.step is not None else live.session.version
    state = store.session_at(gid, step).state
    sys.stdout.write(positions.text_of(positions.write(live.game, state)))


def _read_text(path: str, what: str, limit: int = 1 << 20) -> str:
    """A text file's content (`-`: standard input), or BadInput naming `what`."""
    try:
        if path == "-":
            return sys.stdin.read(limit + 1)[:limit + 1]
        with open(path, encoding="utf-8") as f:
            text = f.read(limit + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{what}: cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    if len(text) > limit:
        raise BadInput(f"{what}: {path} is larger than {limit // 1024} KB")
    return text


def cmd_selfplay(args) -> None:
    if args.games < 1:
        raise BadInput("--games must be at least 1")
    game = find_game(args.kind)
    args.bot = args.bot or game.DEFAULT_BOT
    if args.bot not in game.BOTS and args.bot != SEARCH_BOT:
        raise BadInput(f"unknown bot {args.bot!r} for {args.kind} (have: "
                       f"{', '.join(sorted([*game.BOTS, SEARCH_BOT]))})")
    if args.bot != SEARCH_BOT and (args.simulations is not None or args.seconds is not None):
        raise BadInput("--simulations and --seconds: the budget of --bot search, not of other bots")
    store = _store(args)
    options = check_options(parse_options(args.option))
    import random

    base = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    progress = _Progress(args.games) if args.games > 1 and sys.stdout.isatty() else None
    for n in range(args.games):
        gid, steps, outcome = _selfplay_game(store, args, game, options, (base + n) % (MAX_INT + 1))
        if progress:
            progress.clear()
        print(f"{gid}  steps {steps:>5}  {outcome}")
        if progress:
            progress.advance()
    if progress:
        progress.clear()


SEARCH_BOT = "search"  # the analysis's search (analysis/search.py), a bot of every game


def _selfplay_game(store: Store, args, game, options: dict, seed: int):
    """One selfplay game; the search bot is made for it, with its seats
    (which the options decide), and closed after it (it may hold processes)."""
    if args.bot != SEARCH_BOT:
        return selfplay_one(store, args.kind, seed, args.players, options, args.bot)
    from analysis.search import search_bot

    seats = game.seats(game.options(args.players, dict(options)))
    bot = search_bot(args.kind, seats, _budget(args))
    try:
        return selfplay_one(store, args.kind, seed, args.players, options, SEARCH_BOT, bots={SEARCH_BOT: bot})
    finally:
        bot.close()


class _Progress:
    """A one-line progress bar on stderr, redrawn in place."""

    def __init__(self, total: int):
        self.total, self.done = total, 0
        self.draw()

    def draw(self) -> None:
        width = 30
        filled = width * self.done // self.total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}")
        sys.stderr.flush()

    def advance(self) -> None:
        self.done += 1
        self.draw()

    def clear(self) -> None:
        sys.stderr.write("\r" + " " * 60 + "\r")
        sys.stderr.flush()


def cmd_show(args) -> None:
    from engine.core.visibility import SPECTATOR, has_secret_commands
    from projections.timeline import format_line, line

    store = _reader(args)
    gid = store.catalogue.resolve(args.game)
    live = store.live(gid)
    game, last = live.game, live.session.version
    step = last if args.step is None else args.step
    if args.command is not None:
        step = _step_after_command(store, gid, args.command)
    # The store's own read of one step (from the nearest checkpoint), as
    # the replay's step cache would fold it: one step read once needs no
    # cache, nor the replay module (issue #24).
    session = store.session_at(gid, step)
    outcome = game.outcome(session.state)
    print(f"game {gid} ({live.header.kind}) - step {step} of {last}, "
          f"command {session.commands}" + (f" - {outcome}" if outcome else ""))
    print(game.render(session.state))
    print()
    lo, hi = max(1, step - args.context), min(last, step + args.context)
    # Secret commands read as they would on the replay page: hidden from
    # other seats until revealed, all shown once the game is over.
    finished = game.outcome(live.session.state) is not None
    viewer = args.seat if args.seat is not None else (None if finished else SPECTATOR)
    if viewer is None or finished or not has_secret_commands(game):
        # Nothing to hide: the lines are the records' own, read alone (the
        # game's index reads every record, ~0.3 s at 100,000: issue #24).
        shown = [line(game, r) for r in store.rows(gid, gt=lo - 1, lte=hi)]
    else:  # which secret commands were revealed since: the game's index knows
        from projections.replay import Replay

        index = Replay(store).index(gid)
        shown = [index.shown_line(n, viewer, finished) for n in range(lo, hi + 1)]
    for ln in shown:
        print(format_line(ln, current=ln.step == step))


def _step_after_command(store: Store | ReadStore, gid: UUID, n: int) -> int:
    """The last step of the Nth command's group (0: the end of setup)."""
    from projections.replay import Replay

    index = Replay(store).index(gid)
    if not 0 <= n <= len(index.commands):
        raise BadInput(f"--command {n}: this game has commands 0..{len(index.commands)}")
    first = index.commands[n - 1] if n else 1
    return index.group(first)[1]


def cmd_compare(args) -> None:
    """The viewer's compare page as text: one line per changed path.  The
    comparison is the page's own, from projections/compare.py: not through
    viewer/, whose web framework costs more to import than the 200 ms a
    command has (issue #24)."""
    import json

    from projections.compare import compare_steps, view_name
    from projections.replay import Replay

    store = _reader(args)
    gid = store.catalogue.resolve(args.game)
    cmp = compare_steps(store, Replay(store), gid, args.step_a, args.step_b, args.game_b, args.seat,
                        fields=("STEP_A", "STEP_B", "--game-b"))
    if cmp.notice:
        print(f"boardlog: {shorten(cmp.notice)}", file=sys.stderr)
    other = f"game {cmp.b.gid} " if cmp.b.gid != cmp.a.gid else ""
    print(f"game {cmp.a.gid} ({cmp.game.ID}) step {cmp.a.step} against {other}step {cmp.b.step}, "
          f"seen as {view_name(cmp.seat)}: {len(cmp.changes)} changed")
    for path, before, after in cmp.changes:
        print(f"  {path}: {json.dumps(before, ensure_ascii=False, default=str)} -> "
              f"{json.dumps(after, ensure_ascii=False, default=str)}")


def cmd_play(args) -> None:
    store = _store(args)
    gid = store.catalogue.resolve(args.game)
    if args.commands is not None:
        if args.seat or args.text:
            raise BadInput("--commands: give the commands in the file, not on the command line as well")
        _play_script(store, gid, args.commands)
        return
    if not args.seat or not args.text:
        raise BadInput("play: give a seat and a command (or --commands FILE)")
    _print_records(store, gid, store.issue(gid, args.seat, " ".join(args.text)))


def _play_script(store: Store, gid: UUID, path: str) -> None:
    """Play a file of `seat: notation` lines in one process, each stored as
    it is played; the first refusal stops the run with its line and rule,
    everything before it stored (issue #22)."""
    script = _read_text(path, "--commands")
    for number, raw in enumerate(script.splitlines(), 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        seat, sep, notation = text.partition(":")
        seat, notation = seat.strip(), notation.strip()
        if not sep or not seat or not notation:
            raise BadInput(f"{path}:{number}: expected `seat: notation`, found {text[:60]!r}")
        try:
            if notation in ("undo", "redo") and notation not in store.live(gid).game.COMMANDS.by_verb:
                records = (store.undo if notation == "undo" else store.redo)(gid, seat)
            else:
                records = store.issue(gid, seat, notation)
        except BadInput as e:
            raise BadInput(f"{path}:{number}: {seat}: {notation}: {e}") from None
        _print_records(store, gid, records)
        if store.live(gid).game.outcome(store.live(gid).session.state) is not None:
            return


def cmd_undo(args) -> None:
    store = _store(args)
    gid = store.catalogue.resolve(args.game)
    _print_records(store, gid, store.undo(gid, args.seat))


def cmd_redo(args) -> None:
    store = _store(args)
    gid = store.catalogue.resolve(args.game)
    _print_records(store, gid, store.redo(gid, args.seat))


def _print_records(store: Store, gid: UUID, records) -> None:
    from projections.timeline import format_line, line

    game = store.live(gid).game
    for r in records:
        print(format_line(line(game, r)))
    outcome = game.outcome(store.live(gid).session.state)
    if outcome:
        print(f"game over: {outcome}")


def cmd_legal(args) -> None:
    store = _reader(args)
    live = store.live(store.catalogue.resolve(args.game))
    game, s = live.game, live.session
    if game.outcome(s.state):
        print(f"game over: {game.outcome(s.state)}")
        return
    for prompt in game.prompts(s.state):
        print(prompt)
    may_act = game.to_act(s.state)
    for seat in live.header.seats:
        commands = [c.notation() for c in game.legal_commands(s.state, seat)] if seat in may_act else []
        extra = [w for w, ok in (("undo", s.can_undo(seat)), ("redo", s.can_redo(seat))) if ok]
        print(f"{seat}: {', '.join(commands + extra) or '(waiting)'}")
    if SYSTEM in may_act:
        print(f"{SYSTEM}: acts by itself")


def cmd_rules(args) -> None:
    game = find_game(args.kind)
    if not args.used:
        for ref in game.RULES:
            print(f"{ref.id:<48} {ref.section}\n{'':<48} {ref.explanation}")
        return
    from projections.rule_index import RuleIndex

    counts = RuleIndex(_store(args)).counts(args.kind)
    for ref in game.RULES:
        c = counts.get(ref.id)
        used = f"fired {_count(c.fired, 'time')} in {_count(c.games, 'game')}" if c else "never fired"
        print(f"{ref.id:<48} {used:<36} {ref.section}")
    fired = sum(1 for ref in game.RULES if ref.id in counts)
    print(f"{fired} of {len(game.RULES)} rules fired in the stored games")


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def cmd_find(args) -> None:
    from projections.rule_index import LISTING_PAGE, RuleIndex

    game = find_game(args.kind)
    if args.rule not in game.RULES:
        raise BadInput(f"rule {args.rule!r} is not in the {args.kind} rule table (see: boardlog rules {args.kind})")
    found, total = RuleIndex(_store(args)).occurrences(args.kind, args.rule, args.page)
    pages = max(1, -(-total // LISTING_PAGE))
    print(f"{args.rule}: fired {_count(total, 'time')}; page {args.page} of {pages}, newest first")
    for o in found:
        print(f"  {str(o.game_id)[:8]}  step {o.step:>6}  {o.seat or '-':<12} {o.text}")


def cmd_stats(args) -> None:
    """The figures of the viewer's /kinds/KIND page, as text (projections/plots.py)."""
    from projections.plots import kind_stats, summary_lines
    from projections.rule_index import RuleIndex

    find_game(args.kind)  # an unknown kind: the usual one-line error
    store = _store(args)
    try:
        index = RuleIndex(store)
    except RuleSearchUnavailable:  # an in-memory store keeps no rule index
        index = None
    print("\n".join(summary_lines(kind_stats(store, args.kind, index))))


def cmd_reindex(args) -> None:
    from projections.rule_index import RuleIndex, print_progress

    started = time.perf_counter()
    indexed = RuleIndex(_store(args)).rebuild(print_progress())
    print(f"indexed {indexed:,} facts in {time.perf_counter() - started:.1f} s")


def cmd_export(args) -> None:
    from engine.core.interchange import export_games_lines, export_lines

    store = _store(args)
    gid = store.catalogue.resolve(args.game)
    if args.with_forks:
        from projections.tree import VariationTree

        chunks = export_games_lines(store, VariationTree(store).lines_of(gid))
    else:
        chunks = export_lines(store, gid)
    if not args.without_analysis:
        from analysis.exchange import with_analyses

        chunks = with_analyses(store, chunks)
    if args.output:
        with open(args.output, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        for chunk in chunks:
            sys.stdout.buffer.write(chunk)


def cmd_import(args) -> None:
    from analysis.exchange import import_with_analyses
    from engine.core.accounts import AccountBook

    store = _store(args)
    AccountBook(store).secret()  # the accounts stream exists: no import can take its well-known id
    imported = import_with_analyses(store, args.file)  # one game, or a game with its forks
    for gid in imported.games:
        print(gid)
    if imported.analysed:
        print(f"with the computer analysis of {_count(len(imported.analysed), 'game')}", file=sys.stderr)
    if imported.skipped:
        print(f"boardlog: {store.location()} keeps no analyses (in memory): the file's "
              f"{_count(imported.skipped, 'analysis')} left out", file=sys.stderr)


def cmd_analyse(args) -> int | None:
    if args.worker:
        if args.game or args.json or args.simulations is not None or args.seconds is not None:
            raise BadInput("--worker: works whatever the queue holds, each job with its own budget "
                           "(leave out GAME, --json, --simulations and --seconds)")
        return _analysis_worker(_store(args))
    if not args.game:
        raise BadInput("game: say which game to analyse (or --worker to work the queue)")
    from analysis.jobs import Analyses

    store = _store(args)
    gid = store.catalogue.resolve(args.game)
    budget = _budget(args)
    if args.queue:
        progress = Analyses(store).request(gid, budget, seed=args.seed)
        print(f"queued the analysis of {gid}: {_count(progress.total, 'command')} to judge; "
              f"`boardlog analyse --worker` works the queue (a server on SQLite runs one)")
        return None
    from analysis.review import analyse_game

    bar: _Progress | None = None  # drawn in place on a terminal, from the first command judged

    def advance(done: int, total: int) -> None:
        nonlocal bar
        if not sys.stderr.isatty():
            return
        bar = bar or _Progress(total)
        bar.done = done
        bar.draw()
    started = time.perf_counter()
    analysis = analyse_game(store, gid, budget, seed=args.seed, progress=advance)
    if bar:
        bar.clear()
    print(f"analysed {_count(len(analysis.judged), 'command')} of {gid} in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stderr)
    if args.json:
        import json

        sys.stdout.write(json.dumps(analysis.to_data(), ensure_ascii=False) + "\n")
        return None
    for line in analysis_lines(analysis):
        print(line)
    return None


MARK_NAMES = {"?!": ("inaccuracy", "inaccuracies"), "?": ("mistake", "mistakes"), "??": ("blunder", "blunders")}


def analysis_lines(analysis) -> list[str]:
    """One line per judged command: step, seat, the command played, the
    acting seat's chance with the preferred command -> with the one played,
    the preferred command, the mark."""
    width = max((len(j.played) for j in analysis.judged), default=0)
    out = []
    for j in analysis.judged:
        best = "(the same)" if j.best == j.played else j.best
        mark = f"  {j.mark} {MARK_NAMES[j.mark][0]}" if j.mark else ""
        chance = f"{j.before:.0%} -> {j.after:.0%}"
        out.append(f"{j.step:>6}  {j.seat:<14} {j.played:<{min(width, 40)}}  {chance:<12}  preferred: {best}{mark}")
    marks = [j.mark for j in analysis.judged if j.mark]
    out.append(f"{len(analysis.judged)} commands judged: " + ", ".join(
        f"{marks.count(m)} {names[marks.count(m) != 1]} ({m})" for m, names in MARK_NAMES.items()))
    return out


def _analysis_worker(store: Store) -> None:
    """`boardlog analyse --worker`: work the queue until Ctrl-C (or SIGTERM).
    The first asks the worker to finish the position in hand, so that
    nothing waits for a lease to run out; a second stops it at once."""
    import signal
    import threading

    from analysis.jobs import Analyses

    analyses = Analyses(store)
    stop = threading.Event()

    def finish(signum, frame):
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        print("boardlog: stopping once the position in hand is judged (Ctrl-C again: at once)",
              file=sys.stderr, flush=True)
    previous = {sig: signal.signal(sig, finish) for sig in (signal.SIGINT, signal.SIGTERM)}

    def report(judged) -> None:
        for gid, step, error in judged:
            said = f"failed: {error}" if error else "judged"
            print(f"{gid[:8]} step {step}: {said}", file=sys.stderr, flush=True)
    print(f"analysis worker on {store.location()} (Ctrl-C stops)", file=sys.stderr, flush=True)
    try:
        done = analyses.run_worker(stop, batch=1, report=report)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print(f"worker stopped: {_count(done, 'position')} judged", file=sys.stderr)


def cmd_verify(args) -> int:
    from engine.core.interchange import is_games_file, read_file, verify

    if os.path.exists(args.target):
        with open(args.target, "rb") as f:
            text = f.read()
        if is_games_file(text):
            return _verify_games(args.target, text)
        gf = read_file(args.target, text, decide=False)  # the divergence is what we report
        header, records, label = gf.header, gf.records, args.target
    else:
        store = _store(args)
        gid = store.catalogue.resolve(args.target)
        rows = store.rows(gid)
        header, records, label = store.header(gid), rows[1:], str(gid)
    divergence = verify(header, records)
    if divergence is None:
        print(f"{label}: identical")
        return 0
    print(f"{label}: {divergence}")
    return 1


def _verify_games(path: str, text: bytes) -> int:
    """Verify every game of a file that holds a game with its forks."""
    from engine.core.interchange import read_games, verify

    status = 0
    for gf in read_games(path, text, decide=False).games:
        divergence = verify(gf.header, gf.records)
        print(f"{path} {gf.game_id}: {divergence or 'identical'}")
        status = status or (divergence is not None)
    return int(status)


def cmd_name_fork(args) -> None:
    store = _store(args)
    gid = store.catalogue.resolve(args.game)
    store.catalogue.name_fork(gid, args.name)
    print(f"{gid}: {store.catalogue.fork_name(gid)}")


def cmd_fork(args) -> None:
    store = _store(args)
    new, step = store.catalogue.fork(store.catalogue.resolve(args.game), args.step, name=args.name)
    if step != args.step:
        print(f"step {args.step} is inside a command; forked after it, at step {step}", file=sys.stderr)
    print(new)


def cmd_seats(args) -> None:
    store = _store(args)
    gid = store.catalogue.resolve(args.game)
    for seat, token in store.seats.tokens(gid).items():
        label = "hot-seat (all seats)" if seat == "*" else seat
        print(f"{label:<22} {args.base_url.rstrip('/')}/games/{gid}/play/{token}")


# Open live streams (server-sent events) would hold a shutdown for up to a
# minute; pages reconnect by themselves, so waiting longer buys nothing.
SHUTDOWN_GRACE = 5  # seconds


def cmd_serve(args) -> None:
    import uvicorn

    from viewer.app import create_app
    from viewer.auth import is_loopback

    store = _store(args)
    # Served beyond this machine, the viewer asks for sign-in; every worker
    # reads the same setting from the environment.  BOARDLOG_AUTH=1 asks for
    # it on loopback too (a reverse proxy on the same machine serves others).
    auth = not is_loopback(args.host) or os.environ.get("BOARDLOG_AUTH", "") in ("1", "on", "yes")
    os.environ["BOARDLOG_AUTH"] = "1" if auth else "0"
    if auth:
        _say_who_may_sign_in(store)
    if args.demo:
        record_demos(store, f"http://{args.host}:{args.port}")
    print(f"boardlog viewer on http://{args.host}:{args.port}/  (store: {store.location()}; Ctrl+C stops)",
          flush=True)
    if args.workers > 1:
        # Each worker process builds its own app and store from the
        # environment: uvicorn needs an import string for that, not an app.
        if args.db:
            os.environ["BOARDLOG_DB"] = args.db
        uvicorn.run("viewer.app:create_app", factory=True, workers=args.workers, host=args.host,
                    port=args.port, log_level="warning", timeout_graceful_shutdown=SHUTDOWN_GRACE)
        return
    uvicorn.run(create_app(store, auth=auth), host=args.host, port=args.port, log_level="warning",
                timeout_graceful_shutdown=SHUTDOWN_GRACE)


def _say_who_may_sign_in(store: Store) -> None:
    from engine.core.accounts import AccountBook

    roles = [a.role for a in AccountBook(store).accounts()]
    print(f"sign-in required (not loopback): {roles.count('operator')} operator(s), "
          f"{roles.count('reviewer')} reviewer(s); seat links play without an account", flush=True)
    if "operator" not in roles:
        print("boardlog: no operator account yet: boardlog user add NAME --role operator", file=sys.stderr)


def record_demos(store: Store, base_url: str = "http://127.0.0.1:8000") -> None:
    """One finished demo game of every game, and one to play, only into an empty store."""
    if store.catalogue.game_ids():
        return
    for kind in game_ids():
        bots = find_game(kind).BOTS  # the best bot a game has plays the finished demo
        bot = next((b for b in ("greedy", "solver") if b in bots), "random")
        gid, steps, outcome = selfplay_one(store, kind, 1, None, {}, bot)
        print(f"recorded demo {kind}: {gid} ({steps} steps, {outcome})")
        running = store.create(kind, seed=2)  # for people to play: no one recorded
        print(f"started {kind} game {running} to play; seat links:")
        for seat, token in store.seats.tokens(running).items():
            label = "hot-seat" if seat == "*" else seat
            print(f"  {label:<14} {base_url}/games/{running}/play/{token}")


def cmd_demo(args) -> None:
    record_demos(_store(args))
    cmd_games(args)


def cmd_delete(args) -> None:
    from engine.core.errors import GameUnreadable

    store = _store(args)
    try:
        gid = store.catalogue.resolve(args.game)
    except GameUnreadable:  # a game that cannot be read is deleted by its full id
        gid = UUID(args.game.strip())
    info = store.catalogue.summary(gid)
    what = f"game {gid} ({info.kind}, {info.status}, {info.steps} steps)"
    if not args.yes:
        if not sys.stdin.isatty():
            raise BadInput("--yes: not on a terminal, so not asked; add --yes to delete " + what)
        if input(f"delete {what} with its seat links and notes, for good? [y/N] ").strip().lower() not in ("y", "yes"):
            print("nothing deleted")
            return
    store.catalogue.delete_game(gid)
    _delete_analysis(store, gid)
    print(f"deleted {what}")


def _delete_analysis(store: Store, gid: UUID) -> None:
    """A deleted game's analysis goes with it (the engine knows nothing of analyses)."""
    from analysis.exchange import analyses_of

    analyses = analyses_of(store)
    if analyses is not None:
        analyses.delete(gid)


def cmd_user(args) -> None:
    from engine.core.accounts import AccountBook

    book = AccountBook(_store(args))
    if args.action == "list":
        accounts = book.accounts()
        for a in accounts:
            print(f"{a.name:<40} {a.role}")
        if not accounts:
            print("no accounts; add one: boardlog user add NAME --role operator")
        return
    if not args.name:
        raise BadInput(f"name: say which account to {args.action} (boardlog user {args.action} NAME)")
    if args.action == "remove":
        book.remove(args.name)
        print(f"removed {args.name}; their sessions end now")
        return
    if not args.role:
        raise BadInput("--role: say operator or reviewer")
    account = book.add(args.name, args.role, _password(args))
    print(f"added {account.name} ({account.role})")


def _password(args) -> str:
    """The new account's password: one line of stdin, or asked twice on the
    terminal (never an argument: it would show in `ps` and the shell's history)."""
    import getpass

    if args.password_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        raise BadInput("password: not on a terminal, so not asked; use --password-stdin")
    first = getpass.getpass(f"password for {args.name}: ")
    if getpass.getpass("again: ") != first:
        raise BadInput("password: the two entries differ; nothing stored")
    return first


def cmd_bench(args) -> int | None:
    if args.load:
        return cmd_load(args)
    if args.analysis:
        from analysis.bench import main as analysis_bench

        kinds = [] if args.games == "all" else ["--kinds", *[k for k in args.games.split(",") if k]]
        for kind in kinds[1:]:
            find_game(kind)
        return analysis_bench([*(["--quick"] if args.quick else []), "--games", str(args.analysis_games),
                               *kinds])
    if args.pointing:
        from boardlog.bench.pointing import run_pointing_bench
        from engine.core.game import TITLES

        kinds = list(TITLES) if args.games == "all" else [k for k in args.games.split(",") if k]
        for kind in kinds:
            find_game(kind)  # an unknown game is a clear error before Chromium starts
        run_pointing_bench(kinds, args.commands)
        return None
    from boardlog.bench.engine import run_bench

    events = args.events or (10_000 if args.quick else 100_000)
    kinds = None if args.games == "all" else [k for k in args.games.split(",") if k and k != "none"]
    for kind in kinds or ():
        find_game(kind)  # an unknown game is a clear error before the long run
    run_bench(events)
    if kinds != []:
        from boardlog.bench.games import run_game_bench

        run_game_bench(kinds, quick=args.quick)
    from boardlog.bench.report import print_summary

    print_summary()  # one line per area: how many figures met their goal
    return None


def cmd_load(args) -> int:
    from boardlog.bench.load import passed, run_load

    games = 2 if args.games == "all" else parse_int("--games", args.games, 1, 1000) or 2
    report = run_load(servers=args.servers, players=args.players, games=games, spectators=args.spectators,
                      seconds=args.seconds, kind=args.kind)
    return 0 if passed(report) else 1


if __name__ == "__main__":
    sys.exit(main())
