"""Reading a position's pending question (an Alchemy puzzle under way, an
attack's test, a byakhee's question, a Side Effect card's target, a named
monster to place) and the end of a story over (docs/positions/forbidden_alchemy_story.md).
One question waits at a time."""

from __future__ import annotations

from typing import Any

from engine.core.events import evolved
from engine.core.position import BadPosition
from engine.games.forbidden_alchemy.state import ACTIONS as PUZZLE_ACTIONS
from engine.games.forbidden_alchemy.state import Puzzle

from . import content
from . import events as ev
from .pieces import ACTIVE, OVER, Attack, Question, Story
from .position_read import (
    SHAPE,
    boolean,
    choose,
    fields,
    known,
    obj,
    once,
    optional_str,
    puzzle_pieces,
    string,
    strings,
    whole,
)
from .state import evolve


def pending(s: Story, data: dict[str, Any], c: content.Content) -> Story:
    """The question a resolution waits on: one at most."""
    names = [k for k in ("attempt", "attack", "question", "choosing", "placing")
             if data.get(k) is not None]
    if len(names) > 1:
        raise BadPosition("forbidden_alchemy_story.position.pending",
                          f"one question waits at a time, not {' and '.join(names)}")
    read = {"attempt": _attempt, "attack": _attack, "question": _question,
            "choosing": _choosing, "placing": _placing}
    return read[names[0]](s, data[names[0]], c) if names else s


def _active_seat(s: Story, seat: Any, where: str) -> str:
    seat = known(string(seat, where), s.investigators, "forbidden_alchemy_story.position.seat",
                 "investigator seat")
    if s.investigators[seat].status != ACTIVE:
        raise BadPosition("forbidden_alchemy_story.position.seat", f"{where}: {seat} left the house")
    return seat


def _attempt(s: Story, raw: Any, c: content.Content) -> Story:
    raw = fields(obj(raw, "attempt"),
                 {"seat", "tile", "card", "placed", "discards", "actions", "luck_added"}, "attempt")
    seat = _active_seat(s, raw.get("seat"), "attempt.seat")
    tile = c.puzzle.tiles.get(string(raw.get("tile"), "attempt.tile"))
    if tile is None:
        raise BadPosition(SHAPE, f"attempt.tile: one of {', '.join(c.puzzle.tiles)}")
    card: tuple[str, ...] = ()
    if raw.get("card") is not None:
        where = strings(raw["card"], "attempt.card")
        if len(where) != 2:
            raise BadPosition(SHAPE, "attempt.card: [room, card], the card that asked for it")
        room, item = where
        if item not in s.exploration.get(room, ()) or not s.items[item].puzzle:
            raise BadPosition("forbidden_alchemy_story.position.card",
                              f"attempt.card: no card asking for a puzzle on top of {room!r}")
        card = (room, item)
    placed = raw.get("placed")
    if not isinstance(placed, list) or len(placed) != len(tile.edges) or None in placed:
        raise BadPosition("forbidden_alchemy_story.position.puzzle",
                          f"attempt.placed: a piece along each of the {len(tile.edges)} edges")
    placed_pieces = puzzle_pieces(strings(placed, "attempt.placed"), c)
    discards = puzzle_pieces(strings(raw.get("discards", []), "attempt.discards"), c)
    names = [p for p, _ in placed_pieces + discards + s.alchemy.pile]
    once({"the attempt": names}, "forbidden_alchemy_story.position.puzzle", "puzzle piece")
    if len(names) != len(c.puzzle.pieces):
        raise BadPosition("forbidden_alchemy_story.position.puzzle",
                          "every puzzle piece lies along an edge, among the discards or in the pile")
    inv = s.investigators[seat]
    luck = boolean(raw.get("luck_added", False), "attempt.luck_added")
    most = inv.attributes["intellect"] + (inv.attributes["luck"] if luck else 0)
    puzzle = Puzzle(
        phase=PUZZLE_ACTIONS, tile=tile.id, edges=tile.edges,
        adjacent=frozenset(frozenset(pair) for pair in tile.adjacent), placed=placed_pieces,
        pile=s.alchemy.pile, discards=discards, investigator=inv.id, name=inv.name,
        intellect=inv.attributes["intellect"], luck=inv.attributes["luck"],
        skill_points=inv.skill_points, investigators=len(s.investigators),
        actions=whole(raw.get("actions", most), "attempt.actions", 0, most), luck_added=luck,
        deck=s.alchemy.deck, side_discards=s.alchemy.side_discards, in_play=s.alchemy.in_play)
    return evolved(s, attempter=seat, alchemy=puzzle, puzzle_card=card)


def _attack(s: Story, raw: Any, c: content.Content) -> Story:
    at = "attack"
    raw = fields(obj(raw, at), {"seat", "monster", "weapon", "card", "type", "results",
                                "attribute", "tester"}, at)
    seat = _active_seat(s, raw.get("seat"), f"{at}.seat")
    monster = known(string(raw.get("monster"), f"{at}.monster"), s.monsters,
                    "forbidden_alchemy_story.position.monster", "monster")
    card = known(string(raw.get("card"), f"{at}.card"), s.cards,
                 "forbidden_alchemy_story.position.card", "Combat card")
    kind = string(raw.get("type"), f"{at}.type")
    attack = next((a for a in s.cards[card]["attacks"] if a["type"] == kind), None)
    if attack is None:
        raise BadPosition("forbidden_alchemy_story.position.card",
                          f"{at}.type: {card} has no {kind!r} attack")
    results = raw.get("results", [])
    if not isinstance(results, list) or len(results) >= len(attack["tests"]):
        raise BadPosition("forbidden_alchemy_story.position.pending",
                          f"{at}.results: fewer tests made than the card asks for")
    tester = string(raw.get("tester", ""), f"{at}.tester")
    if tester:
        _active_seat(s, tester, f"{at}.tester")
    return evolved(s, attack=Attack(
        seat, monster, string(raw.get("weapon"), f"{at}.weapon"), card, attack,
        tuple(boolean(r, f"{at}.results") for r in results),
        string(raw.get("attribute", ""), f"{at}.attribute"), tester))


def _question(s: Story, raw: Any, c: content.Content) -> Story:
    raw = fields(obj(raw, "question"), {"seat", "monster"}, "question")
    seat = _active_seat(s, raw.get("seat"), "question.seat")
    monster = known(string(raw.get("monster"), "question.monster"), s.monsters,
                    "forbidden_alchemy_story.position.monster", "monster")
    text = s.tokens[monster].get("question")
    if text is None:
        raise BadPosition("forbidden_alchemy_story.position.pending",
                          f"question: {monster}'s token asks no question")
    return evolved(s, question=Question(seat, monster, text))


def _choosing(s: Story, raw: Any, c: content.Content) -> Story:
    raw = fields(obj(raw, "choosing"), {"seat", "card", "choices"}, "choosing")
    seat = _active_seat(s, raw.get("seat"), "choosing.seat")
    card = known(string(raw.get("card"), "choosing.card"), s.side_effect_now,
                 "forbidden_alchemy_story.position.card", "Side Effect card that acts when drawn")
    choices = strings(raw.get("choices"), "choosing.choices")
    for other in choices:
        _active_seat(s, other, "choosing.choices")
    return evolved(s, choosing=(seat, card, *choices))


def _placing(s: Story, raw: Any, c: content.Content) -> Story:
    raw = fields(obj(raw, "placing"), {"monster", "rooms"}, "placing")
    pet = (s.objective or {}).get("place_on_reveal")
    if not pet or raw.get("monster") != pet["monster"]:
        raise BadPosition("forbidden_alchemy_story.position.pending",
                          "placing: only a revealed objective's named monster waits to be placed")
    rooms = strings(raw.get("rooms"), "placing.rooms")
    for room in rooms:
        known(room, s.rooms, "forbidden_alchemy_story.position.space", "room")
    return evolved(s, placing=(pet["monster"], *rooms))


def result(s: Story, phase: str, raw: Any) -> Story:
    """A story over: who won and why, and the epilogue read (none when all lose)."""
    rule = "forbidden_alchemy_story.position.phase"
    if (phase == OVER) != (raw is not None):
        raise BadPosition(rule, "a story over says its result, and only a story over does")
    if raw is None:
        return s
    raw = fields(obj(raw, "result"), {"winner", "reason", "epilogue"}, "result")
    winner = choose(raw.get("winner"), ("investigators", "keeper", "nobody"), "result.winner", rule)
    reason = string(raw.get("reason", ""), "result.reason")
    epilogue = optional_str(raw.get("epilogue"), "result.epilogue")
    if winner == "nobody":
        s = evolve(s, ev.AllPlayersLost(rule="forbidden_alchemy_story.objective.last-event",
                                        reason=reason))
    else:
        s = evolve(s, ev.GameWon(rule="forbidden_alchemy_story.objective.last-event",
                                 winner=winner, reason=reason))
    return evolved(s, epilogue=epilogue)


