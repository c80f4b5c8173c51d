"""Moving through the mansion: a step through an open boundary or a door,
never across a dashed impassable border ("Impassable Borders") nor into a
room whose Lock card bars the way; leaving a space with monsters means
evading them (ours), or slipping away hidden under Mists of Releh
("Hiding"); and escaping across a room's white outer edge ("Escaping").
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board
from . import play_events as play
from .combat import examine, horror_checks
from .pieces import Story
from .resolve import (
    Resolution,
    done,
    end_story,
    harm,
    require_turn,
    roll_test,
    stop_hiding,
    tested,
)


# ---- guards ----------------------------------------------------------------------------------
def require_move_point(s: Story) -> None:
    if s.moves < 1:
        raise RuleViolation("forbidden_alchemy_story.move.points", "no movement left this turn")


def check_move(s: Story, seat: str, space: str) -> None:
    require_turn(s, seat)
    require_move_point(s)
    here = s.investigators[seat].space
    kind = board.link(s, here, space)
    if kind is None:
        raise RuleViolation(
            "forbidden_alchemy_story.move.adjacent", f"{space} is not next to {here}"
        )
    if kind == "impassable":
        raise RuleViolation(
            "forbidden_alchemy_story.border.impassable",
            f"a dashed impassable border lies between {here} and {space}",
        )
    if board.locked_out(s, s.investigators[seat], space):
        locked = board.room(s, space)
        raise RuleViolation(
            "forbidden_alchemy_story.lock.key",
            f"a Lock card bars the {s.rooms[locked]['name']}: it opens to "
            f"{s.items[s.locks[locked]].name} only",
        )


def check_escape(s: Story, seat: str) -> None:
    require_turn(s, seat)
    require_move_point(s)
    win = s.revealed_win()
    if win.get("kind") != "escape":
        raise RuleViolation(
            "forbidden_alchemy_story.escape.objective",
            "the revealed objective does not call for an escape",
        )
    here = s.investigators[seat].space
    room = board.room(s, here)
    if room != win["room"] or here not in s.rooms[room]["edge"]:
        raise RuleViolation(
            "forbidden_alchemy_story.escape.edge",
            f"{here} has no outer edge of the {s.rooms[win['room']]['name']} to cross",
        )


# ---- moving ----------------------------------------------------------------------------------
def move(s: Story, seat: str, space: str, dice) -> list[Event]:
    check_move(s, seat, space)
    here = s.investigators[seat].space
    res = Resolution(s)
    misted = _misted(s, seat)
    if not _leaves(res, seat, here, dice):
        return done(res)
    if not misted:
        stop_hiding(res, seat, "forbidden_alchemy_story.hiding.move-ends")
    rule = (
        "forbidden_alchemy_story.hiding.mists-move"
        if misted
        else "forbidden_alchemy_story.move.step"
    )
    res.add(play.InvestigatorMoved(rule=rule, seat=seat, origin=here, to=space))
    room = board.room(s, space)
    if room != board.room(s, here):
        horror_checks(res, dice, room, [seat])
    return done(res)


def _misted(s: Story, seat: str) -> bool:
    """Mists of Releh hides the investigator on the move this turn."""
    return s.misted == seat and s.investigators[seat].hidden


def _leaves(res: Resolution, seat: str, here: str, dice) -> bool:
    """Does he get out of `here` (a move, or an escape across the outer edge)?
    Under Mists of Releh he slips away; else he must evade its monsters."""
    return _misted(res.state, seat) or _evaded(res, seat, here, dice)


def _evaded(res: Resolution, seat: str, here: str, dice) -> bool:
    """Ours (the base game's evade): leaving a space with monsters, the investigator tests
    Dexterity against each, less its horror rating; a failure ends his movement and he
    suffers that monster's damage.  Under Mists of Releh he slips away unseen."""
    for monster in sorted(board.monsters_in_space(res.state, here)):
        s = res.state
        inv = s.investigators[seat]
        number = tested(res, seat, "dexterity", inv.attributes["dexterity"])
        number -= s.kinds[s.monsters[monster].kind].horror
        if not roll_test(
            res,
            dice,
            seat,
            "dexterity",
            number,
            ("forbidden_alchemy_story.move.evade.pass", "forbidden_alchemy_story.move.evade.fail"),
        ):
            res.add(
                play.EvadeFailed(
                    rule="forbidden_alchemy_story.move.evade.fail", seat=seat, monster=monster
                )
            )
            examine(res, monster, seat)
            harm(
                res,
                seat,
                "damage",
                s.tokens[monster]["damage"],
                "forbidden_alchemy_story.move.evade.damage",
            )
            return False
    return not res.over


# ---- escaping --------------------------------------------------------------------------------
def escape(s: Story, seat: str, dice) -> list[Event]:
    """Across the white outer edge of the room the objective says to escape from.

    "Other Rules > Escaping": the edge is crossed *instead of* a door, so escaping is a
    move like any other: leaving a space with a monster, the investigator must evade it
    first (`move.evade`, ours), and not evading he stays in the house, his movement over."""
    check_escape(s, seat)
    win = s.revealed_win()
    here = s.investigators[seat].space
    room = board.room(s, here)
    res = Resolution(s)
    if not _leaves(res, seat, here, dice):
        return done(res)
    res.add(
        play.InvestigatorEscaped(
            rule="forbidden_alchemy_story.escape.cross", seat=seat, space=here, room=room
        )
    )
    if win["carrying"] in s.investigators[seat].items:
        name = s.items[win["carrying"]].name
        end_story(
            res,
            "investigators",
            f"{s.investigators[seat].name} escaped from the "
            f"{s.rooms[room]['name']} carrying the {name}",
            "forbidden_alchemy_story.objective.escape-win",
        )
    elif not res.state.active():
        end_story(
            res,
            "keeper",
            "no investigator is left in the house",
            "forbidden_alchemy_story.end.no-investigators",
        )
    return done(res)
