"""The checks a position read back must pass (docs/positions/roundtable.md, "What is
refused"): what no game of Anna's Roundtable reaches.  Where the game has a guard of its
own for it (a deploy's slot, the squares a unit may enter), that guard is asked; each
refusal is a `BadPosition` naming a rule of the game's table.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import evolved
from engine.core.position import BadPosition

from .board import corners_at
from .deploy import check_slot
from .movement import entry_refusal
from .state import BOSS, MULLIGAN, OVER, PLAY, Table, Unit


def check(s: Table) -> None:
    """Refuse a state no game reaches."""
    _check_pieces(s)
    _check_turn(s)


def slot_of(s: Table, number: int) -> str:
    """Boss Mode: the seat (or the boss) whose turn turn `number` is."""
    return s.schedule.slots[(number - 1) % len(s.schedule.slots)]


def _check_pieces(s: Table) -> None:
    """Where units, summons and DV Map Tiles stand, and the slots units fill."""
    for seat in s.seats:
        _check_slots(s, seat, [u for u in s.units.values() if u.owner == seat])
    where: dict[str, str] = {}
    for piece, square in [*((u.card, u.square) for u in s.units.values()),
                          *((m.id, m.square) for m in s.summons.values())]:
        if square in where:
            raise BadPosition("roundtable.position.occupied", f"{where[square]} and {piece} both stand on {square}")
        where[square] = piece
        if square in corners_at(s.boss_square).values():
            raise BadPosition("roundtable.boss.tile", f"{piece} stands under the boss tile ({square})")
    for u in s.units.values():
        refusal = entry_refusal(s, u, u.square)
        if refusal is not None:
            raise BadPosition(refusal[0], f"units.{u.card}: {refusal[1]}")
    tiles: dict[str, str] = {}
    for seat, p in s.players.items():
        if p.dv_tile is None:
            continue
        if any(p.dv_tile in zone for zone in s.zones.values()):
            raise BadPosition("roundtable.dv.tile-deployment", f"players.{seat}.dv_tile: {p.dv_tile} is a deployment square")
        if p.dv_tile in tiles:
            raise BadPosition("roundtable.dv.tile-other", f"players.{seat}.dv_tile: {tiles[p.dv_tile]}'s tile lies there")
        tiles[p.dv_tile] = seat
    for card in s.bonus:
        if card not in s.units or s.pending is None:
            raise BadPosition("roundtable.position.pending", f"units.{card}.combat_bonus: only while an attack waits")


def _check_slots(s: Table, seat: str, own: list[Unit]) -> None:
    """Each unit could have been deployed to its slot beside the others (the deploy's own
    guard, asked of the position without that unit)."""
    for u in own:
        others = {card: other for card, other in s.units.items() if card != u.card}
        try:
            check_slot(evolved(s, units=others), seat, u.card, u.slot)
        except RuleViolation as e:
            raise BadPosition(e.rule, f"units.{u.card}: {e}") from None


def _check_turn(s: Table) -> None:
    """The turn, the unit mid-activation and the boss's step agree with one another."""
    if s.phase == MULLIGAN:
        if s.units:
            raise BadPosition("roundtable.setup.mulligan", "units: no unit is deployed before the mulligans are over")
        return
    if s.mode != "boss" and s.active != s.seats[(s.turn - 1) % 2]:
        raise BadPosition("roundtable.turn.order", f"turn: turn {s.turn} is {s.seats[(s.turn - 1) % 2]}'s")
    if s.mode == "boss" and slot_of(s, s.turn) != s.active:
        raise BadPosition("roundtable.boss.turn-order", f"turn: turn {s.turn} is {slot_of(s, s.turn)}'s")
    if s.activating is not None:
        u = s.units.get(s.activating)
        seat = s.guest[0] if s.guest else s.active
        if u is None or u.owner != seat or not u.exhausted:
            raise BadPosition("roundtable.position.pending", "turn.activating: an exhausted unit on the map of "
                                                             "the player acting now")
    if s.guest is not None:
        u = s.units.get(s.guest[1])
        if s.mode != "boss" or u is None or u.owner != s.guest[0] or u.owner == s.active:
            raise BadPosition("roundtable.boss.dancer", "turn.guest: another player's unit, readied in a Boss "
                                                        "Mode turn")
    if s.mode == "boss":
        if bool(s.boss_step) != (s.active == BOSS and s.phase == PLAY):
            raise BadPosition("roundtable.position.pending", "boss.step: a step only while the boss takes its turn")
        if s.boss_step == "attack" and not (s.boss_queue and set(s.boss_queue) <= set(s.units)):
            raise BadPosition("roundtable.position.pending", "boss.queue: the units the boss attacks, all on the map")
        if s.phase != OVER and (s.lives == 0 or not any(s.bar_left(c) for c in s.boss["hp"])):
            raise BadPosition("roundtable.boss.life", "boss: a boss with every bar empty has lost a life "
                                                      "(and with no life left, the game)")
