"""The effect vocabulary that hero sheets and artifact cards are written in.

Kept apart from `effects.py` (which resolves them) so that content checks
need nothing of the rules.
"""

from __future__ import annotations

# word -> number of whole-number arguments it takes
VOCABULARY = {"damage": 1, "knockback": 1, "pull": 1, "bleed": 1, "heal": 1, "hang": 0,
              "cleanse": 0, "summon": None, "bury-path": 0,
              # relic cards only
              "revive": 1, "ward": 0, "haste": 1, "ground": 0, "remove-hazard": 0, "blast": 1,
              "hell-fire": 1, "steal": 0}
# What the rules can resolve today: an ability or artifact using any other
# word would not be offered.
IMPLEMENTED = frozenset({"damage", "knockback", "pull", "bleed", "heal", "hang", "cleanse",
                         "bury-path", "summon"})


def check_effect(text: str, where: str) -> None:
    """Content check: `text` must be a word of the vocabulary with its arguments."""
    word, *args = text.split()
    wanted = VOCABULARY.get(word, -1)
    if wanted == -1:
        raise ValueError(f"{where}: unknown effect {word!r} (known: {', '.join(VOCABULARY)})")
    if wanted is None:
        if len(args) != 1:
            raise ValueError(f"{where}: {word} takes one hazard kind")
    elif len(args) != wanted or not all(a.isdigit() for a in args):
        raise ValueError(f"{where}: {word} takes {wanted} whole number(s)")


def implemented(effects) -> bool:
    return all(e.split()[0] in IMPLEMENTED for e in effects)
