"""What an Alchemy puzzle scores, step by step (the replay's chart): the
pieces placed correctly (what the final d10 is tested against) and the
puzzle actions left.  Placed pieces lie face up; the pile is what is hidden."""

from __future__ import annotations

from .state import Puzzle


def scores(state: Puzzle) -> dict[str, dict[str, float]]:
    if not state.edges:
        return {}
    # After the test every piece goes back under the pile: keep the count tested against.
    correct = state.correct if state.correct is not None else state.correct_pieces()
    return {"puzzle": {"correct pieces": float(correct),
                       "actions left": float(state.actions)}}
