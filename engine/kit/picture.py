"""Small helpers for games that compute their board picture in Python
(`picture.py` in a game package): the viewer's board templates then only
print what these produce (see docs/boards.md)."""

from __future__ import annotations


def num(x: float) -> str:
    """A coordinate in an SVG attribute: one decimal at most ("12", "12.5")."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def changed_ids(changed, collection: str) -> frozenset[str]:
    """The ids of `collection` with a changed path: {"D4", "E5"} for
    "hexes" when `changed` holds "hexes.D4", "hexes.D4.terrain", "hexes.E5".
    One pass in Python, so a picture tests `id in hot` per item instead of
    building "hexes." + id for each of them."""
    prefix = collection + "."
    n = len(prefix)
    return frozenset(p[n:].split(".", 1)[0] for p in changed if p.startswith(prefix))
