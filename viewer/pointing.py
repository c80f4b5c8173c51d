"""Play by pointing (issue #21): what the play page needs to let a seat act
by clicking its board and its cards.

One mechanism for every game.  The seat's legal commands (the engine's
`legal_commands`, the only judge) go to the page as notation tokens: the
verb and its arguments (`move red-tank-1 AE20` -> `move`, [`red-tank-1`,
`AE20`]).  The board picture names its elements by the same tokens
(`data-token="red-tank-1"`, `data-token="AE20"`, a card's id), and
`static/point.js` narrows the commands by what was clicked:

- a command stays possible while the tokens clicked are among its
  arguments (as a multiset: a card clicked twice counts twice, and cards
  chosen in any order make the same choice);
- what may come next lights up: the remaining arguments of the possible
  commands (before any click, the first argument of each);
- a command whose arguments are exactly the tokens clicked is complete:
  alone, it is sent; with others that share the clicks (move or unload,
  attack or special) a small menu asks which verb;
- a token with no element on the page is offered as a chip beside the
  board, only once it may come next; commands without arguments (end,
  pass, done) are buttons of their own.

Typing the notation stays, for experts (the same text box, with the legal
commands as suggestions).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.core.commands import Command

MAX_HELP_CHARS = 140


def choices(game: Any, legal: Sequence[Command]) -> dict[str, Any]:
    """The play page's data for `legal` (the acting seat's commands):
    {"commands": [[notation, verb, [arg tokens]]...], "verbs": {verb: one
    line saying what it does}, "bare": [verbs that take no argument]}."""
    commands, verbs = [], {}
    for command in legal:
        words = command.notation().split()
        commands.append([" ".join(words), words[0], words[1:]])
        if words[0] not in verbs:
            verbs[words[0]] = verb_help(game.COMMANDS.by_verb[words[0]])
    bare = sorted({verb for _, verb, args in commands if not args})
    return {"commands": commands, "verbs": verbs, "bare": bare,
            "pointed": any(args for _, _, args in commands)}


@cache
def verb_help(cls: type[Command]) -> str:
    """A verb explained in one line: its class's own docstring, first sentence
    (what a game writes for each of its commands), in plain words."""
    doc = cls.__dict__.get("__doc__") or ""
    # A class without a docstring of its own gets the dataclass's signature.
    if not doc.strip() or doc.startswith(cls.__name__ + "("):
        return ""
    doc = inspect.cleandoc(doc)
    first = " ".join(doc.split("\n\n")[0].split())
    end = first.find(". ")
    sentence = first if end < 0 else first[:end + 1]
    sentence = sentence.replace("`", "")
    return sentence if len(sentence) <= MAX_HELP_CHARS else sentence[:MAX_HELP_CHARS - 1] + "…"


def clicks_to_reach(command: Sequence[str]) -> int:
    """How many clicks pointing takes for a command (notation words): one per
    argument, or one button for a command without any (the bench's figure;
    a menu between verbs adds one more, counted by the browser test)."""
    return max(1, len(command) - 1)
