"""Every rule id that an event or a RuleViolation can carry is in the
game's rule table, with a section and an explanation."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from engine.core.game import find_game, game_ids

ROOT = pathlib.Path(__file__).resolve().parents[1]


def rule_ids_in_source(kind: str) -> set[str]:
    """String literals that name rules, in the game package and the engine core.
    `R + "x.y"` in a game is its id prefix plus "x.y"."""
    ids: set[str] = set()
    files = [*(ROOT / "engine" / "games" / kind).glob("*.py"), *(ROOT / "engine" / "core").glob("*.py")]
    for path in files:
        if path.name in ("rules.py",) and path.parent.name == "core":
            continue  # the core table itself
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) \
                    and isinstance(node.left, ast.Name) and node.left.id == "R" \
                    and isinstance(node.right, ast.Constant):
                ids.add(f"{kind}.{node.right.value}")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(rf"(core|{kind})\.[a-z0-9.-]+", node.value):
                ids.add(node.value)
    return ids


@pytest.mark.parametrize("kind", game_ids())
def test_every_rule_id_in_the_code_is_in_the_table(kind):
    game = find_game(kind)
    used = rule_ids_in_source(kind)
    assert len(used) > 10  # the scan does find them
    missing = sorted(i for i in used if i not in game.RULES and not i.endswith("."))
    assert missing == []


@pytest.mark.parametrize("kind", game_ids())
def test_every_table_entry_has_a_section_and_an_explanation(kind):
    for ref in find_game(kind).RULES:
        assert ref.section.strip() and len(ref.explanation) > 20, ref.id
        assert ref.id.startswith(("core.", f"{kind}.")), ref.id


@pytest.mark.parametrize("kind", game_ids())
def test_the_registry_knows_each_games_title(kind):
    """`boardlog kinds` lists titles without loading the games."""
    from engine.core.game import TITLES

    assert TITLES[kind] == find_game(kind).TITLE
