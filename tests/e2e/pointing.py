"""Acting on a play page the way a player does: by pointing (no typing)."""

from __future__ import annotations


# ---- acting by pointing (viewer/pointing.py, static/point.js) ---------------------------------
def point(page, command: str) -> int:
    """Play `command` on a play page by pointing only: a command without
    arguments is its own button; otherwise each argument is clicked on the
    board or the hand where an element names it, else as a chip beside the
    board, and a verb is picked from the menu when several share the clicks.
    Nothing is typed.  Returns the clicks the menu took (0 or 1)."""
    verb, *args = command.split()
    if not args:
        page.locator(f'#bare button.command[data-command="{verb}"]').click()
        return 0
    for token in args:
        # What the page lights for this token: an element of the picture, else a chip.
        on_board = page.locator(f'#play-area [data-token~="{token}"].pick-next')
        chip = page.locator("#point-chips").get_by_role("button", name=token, exact=True)
        if on_board.count():
            on_board.first.click()
        elif chip.count():
            chip.first.click()
        else:
            raise AssertionError(f"{command!r}: nothing offers {token!r} to click "
                                 f"(chosen so far: {page.evaluate('boardlogPoint.picks()')})")
    menu = page.locator(f'#point-menu button.verb[title="{command}"]')
    if menu.count():
        menu.click()
        return 1
    return 0


# ---- a whole game by pointing -------------------------------------------------------------------
MAX_CONTROLS = 25  # beside the board, at any position (issue #21)
CONTROLS = ".actions button:visible, .actions input:visible, .actions select:visible, " \
           ".actions summary:visible, .seat-pick a:visible"


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
    controls = page.locator(CONTROLS).count()
    assert controls <= MAX_CONTROLS, f"{controls} controls beside the board"
    data = page.evaluate("boardlogPoint.data()")
    reach = page.evaluate("boardlogPoint.reachable()") if data else []
    off_page = sorted({t for r in reach for t in r["chips"]})
    return {"controls": controls, "commands": len(reach), "off_page": off_page,
            "clicks": [r["clicks"] for r in reach]}


def play_by_pointing(page, site, gid, choose, max_commands: int = 5000,
                     allow_chips: frozenset = frozenset()) -> dict:
    """Play game `gid` to its end on its hot-seat page by pointing only: at
    each position `choose(state, seat, legal)` (a bot) names the command, and
    it is made by clicking what the page offers (point()); every position is
    checked (check_position).  Returns figures: commands, clicks per command,
    the most controls seen."""
    store = site.store
    game = store.live(gid).game
    page.goto(site.play(gid, "*"))
    figures = {"commands": 0, "clicks": [], "controls": 0}
    for _ in range(max_commands):
        live = store.live(gid)
        if game.outcome(live.session.state) is not None:
            break
        version = live.session.version
        page.wait_for_function(f"document.getElementById('version') && "
                               f"document.getElementById('version').textContent == '{version}'")
        seat = page.locator("#seat").inner_text().split()[-1]
        report = check_position(page)
        unexpected = [t for t in report["off_page"] if t not in allow_chips]
        assert not unexpected, f"step {version}: {seat}'s commands need tokens no element names: {unexpected[:8]}"
        figures["controls"] = max(figures["controls"], report["controls"])
        legal = game.legal_commands(live.session.state, seat)
        command = choose(live.session.state, seat, legal).notation()
        before = store.head_version(gid)
        menu = point(page, command)
        figures["clicks"].append(max(1, len(command.split()) - 1) + menu)
        page.wait_for_function(f"document.getElementById('version') && "
                               f"document.getElementById('version').textContent != '{version}'",
                               timeout=15_000)
        sent = [r for r in store.rows(gid, before) if r.kind == "CommandIssued" and r.data["seat"] != "system"]
        assert sent and sent[0].data["text"] == command, (command, [r.data["text"] for r in sent])
        figures["commands"] += 1
    else:
        raise AssertionError(f"the game did not end within {max_commands} commands")
    return figures
