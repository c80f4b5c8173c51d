"""Acting on a play page the way a player does: by pointing (no typing)."""

from __future__ import annotations

import statistics
from collections import Counter

# The clicking itself is the bench's (boardlog bench --pointing), so its figures
# are those of the path these tests check.
from boardlog.bench.pointing import MAX_CONTROLS, clicks_for, point, reach, wait_for_version

__all__ = ["MAX_CONTROLS", "check_position", "menu_expected", "offered_clicks", "play_by_pointing", "point",
           "summary"]


def menu_expected(command: str, legal: list[str]) -> bool:
    """Whether pointing at `command` ends in the verb menu (static/point.js):
    another legal command takes the same clicks, or takes them and more."""
    args = sorted(command.split()[1:])
    if not args:
        return False  # its own button
    same = longer = 0
    for other in legal:
        words = other.split()[1:]
        if sorted(words) == args:
            same += 1
        elif not Counter(args) - Counter(words) and len(words) > len(args):
            longer += 1
    return not (same == 1 and not longer)


def offered_clicks(page) -> dict:
    """What the page offers to click now: lit elements of the board and the
    hand, chips, menu entries, argument-less commands."""
    return page.evaluate("""() => ({
        lit: [...document.querySelectorAll('#play-area .pick-next')].map(e => e.getAttribute('data-token')),
        chips: [...document.querySelectorAll('#point-chips button')].map(b => b.textContent),
        menu: [...document.querySelectorAll('#point-menu button')].map(b => b.title),
        bare: [...document.querySelectorAll('#bare button.command')].map(b => b.dataset.command),
    })""")


def check_position(page) -> dict:
    """At this position of the play page: at most MAX_CONTROLS controls beside
    the board, and every legal command of the seat reachable by pointing,
    each argument an element of the picture (a chip only as the fallback the
    game's picture should not need).  Returns the page's reach report."""
    report = reach(page)
    assert report["controls"] <= MAX_CONTROLS, f"{report['controls']} controls beside the board"
    return report


def play_by_pointing(page, site, gid, choose, max_commands: int = 5000,
                     allow_chips: frozenset = frozenset(), stop=None) -> dict:
    """Play game `gid` to its end (or until `stop(state)` holds) on its
    hot-seat page by pointing only: at
    each position `choose(state, seat, legal)` (a bot) names the command, and
    it is made by clicking what the page offers (point()); every position is
    checked (check_position), and the verb menu must appear exactly where
    several commands share the clicks (menu_expected).  Returns figures:
    commands, clicks per command, commands that took the menu, the most
    controls seen."""
    store = site.store
    game = store.live(gid).game
    page.goto(site.play(gid, "*"))
    figures = {"commands": 0, "clicks": [], "menus": 0, "controls": 0}
    for _ in range(max_commands):
        live = store.live(gid)
        if game.outcome(live.session.state) is not None or (stop and stop(live.session.state)):
            break
        version = live.session.version
        wait_for_version(page, version)
        seat = page.locator("#seat").inner_text().split()[-1]
        report = check_position(page)
        unexpected = [t for t in report["off_page"] if t not in allow_chips]
        assert not unexpected, f"step {version}: {seat}'s commands need tokens no element names: {unexpected[:8]}"
        figures["controls"] = max(figures["controls"], report["controls"])
        legal = game.legal_commands(live.session.state, seat)
        command = choose(live.session.state, seat, legal).notation()
        before = store.head_version(gid)
        menu = point(page, command)
        assert bool(menu) == menu_expected(command, [c.notation() for c in legal]), \
            f"step {version}: {command!r} {'took' if menu else 'did not take'} the verb menu"
        figures["clicks"].append(clicks_for(command, menu))
        figures["menus"] += menu
        wait_for_version(page, version, changed=True)
        sent = [r for r in store.rows(gid, before) if r.kind == "CommandIssued" and r.data["seat"] != "system"]
        assert sent and sent[0].data["text"] == command, (command, [r.data["text"] for r in sent])
        figures["commands"] += 1
    else:
        raise AssertionError(f"the game did not end within {max_commands} commands")
    return figures


def joined(*parts: dict) -> dict:
    """The figures of a game played by pointing in parts (its middle played
    through the store, to keep the browser tests short)."""
    return {"commands": sum(p["commands"] for p in parts), "clicks": [c for p in parts for c in p["clicks"]],
            "menus": sum(p["menus"] for p in parts), "controls": max(p["controls"] for p in parts)}


def summary(name: str, figures: dict) -> str:
    """The line a whole-game test prints: its clicks and controls."""
    clicks = figures["clicks"]
    return (f"\n{name} by pointing: {figures['commands']} commands, clicks per command median "
            f"{statistics.median(clicks)}, worst {max(clicks)} ({figures['menus']} with a menu); "
            f"at most {figures['controls']} controls beside the board")
