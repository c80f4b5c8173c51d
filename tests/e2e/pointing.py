"""Acting on a play page the way a player does: by pointing (no typing)."""

from __future__ import annotations


# ---- acting by pointing (viewer/pointing.py, static/point.js) ---------------------------------
def point(page, command: str) -> None:
    """Play `command` on a play page by pointing only: a command without
    arguments is its own button; otherwise each argument is clicked on the
    board or the hand where an element names it, else as a chip beside the
    board, and a verb is picked from the menu when several share the clicks.
    Nothing is typed."""
    verb, *args = command.split()
    if not args:
        page.locator(f'#bare button.command[data-command="{verb}"]').click()
        return
    for token in args:
        on_board = page.locator(f'#play-area [data-token~="{token}"].pick-next')
        if on_board.count():
            on_board.first.click()
        else:
            page.locator("#point-chips button.chip", has_text=token).first.click()
    menu = page.locator(f'#point-menu button.verb[title="{command}"]')
    if menu.count():
        menu.click()
