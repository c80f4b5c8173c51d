"""What a Full Metal Planète game scores, turn by turn (the replay's chart).

"Mission end": a Freighter that takes off scores 2 points per ore and 1
per unit aboard.  Before take-off the chart shows what it would score if it
left now, so the line rises as ore is loaded; a Freighter left on the planet scores
nothing.  Everything read here is on
the board for every seat (the hidden parts are the tides and the turn-21
choices).
"""

from __future__ import annotations

from .board import load_of
from .state import Planet


def scores(state: Planet) -> dict[str, dict[str, float]]:
    """{"ore aboard": {seat: n}, "points": {seat: n}}, summed over the
    Freighters each seat controls."""
    ore = dict.fromkeys(state.seats, 0.0)
    points = dict.fromkeys(state.seats, 0.0)
    for colour, f in state.freighters.items():
        if f.controller not in ore:
            continue
        if f.status == "departed":   # its load is fixed and scored
            n, p = f.ore, f.score
        elif f.status == "stranded":  # stays on the planet forever: scores nothing
            n, p = load_of(state, colour)[0], 0
        else:
            n, units = load_of(state, colour)
            p = 2 * n + units
        ore[f.controller] += n
        points[f.controller] += p
    return {"ore aboard": ore, "points": points} if state.seats else {}
