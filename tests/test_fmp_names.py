"""Names a player may type (issue #21, "names accepted as shown"): ids and
hexes in any case, one's own units without their colour, the notation's
words in any case; a word that names nothing is refused with the names that
would have been accepted."""

from __future__ import annotations

from engine.core.game import find_game, register
from engine.games.fmp import names
from tests.test_fmp import position

register("fmp", "engine.games.fmp")
game = find_game("fmp")


def test_units_hexes_and_words_in_any_case_and_own_units_without_their_colour():
    sc = position({"red-tank-1": "N10", "red-crab-1": "M10"}, ore=("L11",))
    command, unknown = names.canonical(sc.state, "red", game.COMMANDS.parse("move Tank-1 n11"))
    assert command.notation() == "move red-tank-1 N11" and unknown == []
    command, _ = names.canonical(sc.state, "red", game.COMMANDS.parse("load RED-CRAB-1 l11"))
    assert command.notation() == "load red-crab-1 L11"
    command, _ = names.canonical(sc.state, "blue", game.COMMANDS.parse("unload Blue blue-tank-1 AD13"))
    assert command.notation() == "unload blue blue-tank-1 AD13"
    facts = sc.play("red", "move TANK-1 n11")
    assert facts[0].unit == "red-tank-1" and facts[0].path == ("N11",)


def test_a_word_that_names_nothing_is_refused_with_the_names_accepted():
    sc = position({"red-tank-1": "N10"})
    reason = sc.expect_violation("red", "move tonk-1 N11", "fmp.unit.unknown").reason
    assert "'tonk-1' names nothing" in reason and "red-tank-1" in reason and "tank-1" in reason
    # Another player's unit keeps its colour: "tank-1" is red's own for red.
    command, _ = names.canonical(sc.state, "blue", game.COMMANDS.parse("move tank-1 AC12"))
    assert command.unit == "blue-tank-1"
