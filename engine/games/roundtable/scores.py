"""What an Anna's Roundtable game scores, turn by turn (the replay's chart):
each player's VP (VP cards taken plus VP tokens) and Anna Coins, and in
Boss Mode the boss's lives.  All of it is on the table for every seat
(hands and the shop are what is hidden)."""

from __future__ import annotations

from .state import Table


def scores(state: Table) -> dict[str, dict[str, float]]:
    if not state.players:
        return {}
    out = {"VP": {s: float(p.vp) for s, p in state.players.items()},
           "coins": {s: float(p.coins) for s, p in state.players.items()}}
    if state.mode == "boss":
        out["boss lives"] = {"boss": float(state.lives)}
    return out
