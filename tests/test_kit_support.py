"""The kit's content loader and test helpers, its doctests, and its independence."""

from __future__ import annotations

import ast
import dataclasses
import doctest
import importlib
import inspect
import json
import os
from pathlib import Path

import pytest

from engine.core.dice import Dice
from engine.kit import content
from engine.kit.content import ContentError, fixtures_dir, load, text_grid
from engine.kit.testing import FIXED_NOW, LoadedDice, Scenario, TestContext

KIT = Path(__file__).resolve().parents[1] / "engine" / "kit"
MODULES = sorted(p.stem for p in KIT.glob("*.py") if p.stem != "__init__")


# ---- the kit stands alone ----------------------------------------------------------------------
@pytest.mark.parametrize("name", MODULES)
def test_the_kit_imports_nothing_from_the_project(name):
    tree = ast.parse((KIT / f"{name}.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            assert not node.module.startswith(("engine", "projections", "viewer")), node.module
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith(("engine", "projections", "viewer")) for a in node.names)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"engine.kit.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


# ---- content -----------------------------------------------------------------------------------
@pytest.fixture
def fixtures(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDLOG_FIXTURES", str(tmp_path))
    (tmp_path / "game").mkdir()
    return tmp_path / "game"


def test_fixtures_live_in_the_repository_unless_configured(monkeypatch, tmp_path):
    monkeypatch.delenv("BOARDLOG_FIXTURES", raising=False)
    assert fixtures_dir() == KIT.parents[1] / "fixtures"
    monkeypatch.setenv("BOARDLOG_FIXTURES", str(tmp_path))
    assert fixtures_dir() == tmp_path


def test_the_forbidden_alchemy_files_load_with_their_source_header(monkeypatch):
    monkeypatch.delenv("BOARDLOG_FIXTURES", raising=False)
    puzzle = load("forbidden_alchemy", "puzzle.toml")
    assert len(puzzle["pieces"]) == 12
    assert load("forbidden_alchemy", "side-effects")["cards"]  # the suffix may be left out
    said = content.source("forbidden_alchemy", "puzzle")
    assert said.startswith("stand-in content written for this project.")
    assert said.endswith("can replace this file with the real content.")


def test_a_source_key_serves_toml_and_json(fixtures):
    (fixtures / "map.toml").write_text('source = "stand-in content written for this project"\n'
                                       'rows = ["..", ".."]\n')
    (fixtures / "cards.json").write_text(json.dumps({"source": "the rulebook, page 3", "n": 1}))
    assert load("game", "map")["rows"] == ["..", ".."]
    assert load("game", "cards.json") == {"source": "the rulebook, page 3", "n": 1}
    assert content.source("game", "cards") == "the rulebook, page 3"


def test_content_without_a_source_is_refused(fixtures):
    (fixtures / "a.json").write_text('{"n": 1}')
    (fixtures / "b.toml").write_text("# made up\nn = 1\n")
    (fixtures / "c.json").write_text('["not", "a", "table"]')
    for name in ("a.json", "b.toml"):
        with pytest.raises(ContentError, match="does not say where its content came from"):
            load("game", name)
    with pytest.raises(ContentError, match="must hold a table"):
        load("game", "c.json")


def test_a_missing_or_broken_file_is_named(fixtures):
    with pytest.raises(ContentError, match=r"game/nothing.toml not found \(BOARDLOG_FIXTURES="):
        load("game", "nothing")
    (fixtures / "bad.toml").write_text("source = \n")
    with pytest.raises(ContentError, match="cannot read content file .*bad.toml"):
        load("game", "bad.toml")
    with pytest.raises(ContentError, match="stay inside the fixtures folder"):
        load("game", "../game/x.toml")


def test_loads_are_copies_and_follow_changes_to_the_file(fixtures):
    path = fixtures / "m.toml"
    path.write_text('source = "x"\nn = [1]\n')
    load("game", "m")["n"].append(2)
    assert load("game", "m")["n"] == [1]
    path.write_text('source = "x"\nn = [1, 2, 3]\n')
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1))
    assert load("game", "m")["n"] == [1, 2, 3]


def test_text_grid_reads_one_character_per_cell():
    grid = text_grid("""
        # a corner of the map
        ~~..

        ~.MM
    """, alphabet="~.M")
    assert grid[(0, 0)] == "~" and grid[(3, 1)] == "M" and len(grid) == 8


def test_text_grid_errors_give_the_line():
    with pytest.raises(ValueError, match="line 3: 3 cells where the grid has 4"):
        text_grid("~~..\n# note\n~.M\n")
    with pytest.raises(ValueError, match=r"line 2, column 3: unknown character 'x' \(allowed: \.~\)"):
        text_grid("~~..\n~.x.\n", alphabet="~.")
    with pytest.raises(ValueError, match="no rows"):
        text_grid("# only a comment\n")
    with pytest.raises(ValueError, match="comment prefix '#' is also a cell character"):
        text_grid("#.\n", alphabet="#.")
    assert text_grid("#.\n", alphabet="#.", comment=None) == {(0, 0): "#", (1, 0): "."}


# ---- loaded dice -------------------------------------------------------------------------------
def test_loaded_dice_offer_everything_the_real_dice_do():
    public = {name for name, _ in inspect.getmembers(Dice, inspect.isfunction)
              if not name.startswith("_")}
    assert public <= set(dir(LoadedDice)) and hasattr(LoadedDice(), "used")


def test_loaded_dice_roll_what_the_test_loaded():
    dice = LoadedDice(values=(4, 6, 8, 20, 2))
    assert not dice.used
    assert (dice.d6(), dice.roll(6), dice.d8(), dice.d20()) == (4, 6, 8, 20)
    assert dice.used and dice.left == (2,)
    assert dice.choice(["x", "y", "z"]) == "y" and dice.left == ()
    with pytest.raises(AssertionError, match="loaded dice ran out after 5 rolls"):
        dice.d10()
    with pytest.raises(ValueError, match="loaded value 7 .roll 1. does not fit a d6"):
        LoadedDice(values=(7,)).d6()


def test_loaded_dice_deal_in_the_order_given():
    assert LoadedDice().shuffled(["a", "b"]) == ("a", "b")
    dice = LoadedDice(orders=[("b", "a")])
    assert dice.shuffled(["a", "b"]) == ("b", "a")
    with pytest.raises(AssertionError, match="ran out of shuffle orders after 1"):
        dice.shuffled(["a", "b"])
    with pytest.raises(ValueError, match="is not a rearrangement"):
        LoadedDice(orders=[("a", "a")]).shuffled(["a", "b"])


# ---- scenarios ---------------------------------------------------------------------------------
class Broken(Exception):
    def __init__(self, rule):
        super().__init__(rule)
        self.rule = rule


class Counter:
    """A toy game: `add N` adds N to a total; `roll` adds a d6; at most 10."""

    @dataclasses.dataclass(frozen=True)
    class Added:
        amount: int

    class COMMANDS:
        @staticmethod
        def parse(text):
            verb, *args = text.split()
            if verb not in ("add", "roll"):
                raise Broken("toy.notation")
            return (verb, *map(int, args))

    @staticmethod
    def initial_state():
        return 0

    @staticmethod
    def evolve(state, event):
        return state + event.amount

    @staticmethod
    def decide(state, seat, command, ctx):
        assert isinstance(ctx, TestContext) and ctx.now == FIXED_NOW
        amount = ctx.dice.d6() if command[0] == "roll" else command[1]
        if state + amount > 10:
            raise Broken("toy.limit")
        return [Counter.Added(amount)]


def test_a_scenario_starts_from_described_events_and_plays_commands():
    s = Scenario.from_events(Counter, [Counter.Added(3), Counter.Added(4)])
    assert s.state == 7
    assert s.play("p1", "roll", dice=LoadedDice(values=(2,))) == [Counter.Added(2)]
    assert s.state == 9 and s.events[-1] == Counter.Added(2)
    assert Scenario(Counter, state=5).play("p1", "add 1") == [Counter.Added(1)]


def test_a_scenario_expects_violations_by_rule():
    s = Scenario(Counter, [Counter.Added(9)])
    error = s.expect_violation("p1", "add 2", "toy.limit")
    assert error.rule == "toy.limit" and s.state == 9
    s.expect_violation("p1", "jump", "toy.notation")
    with pytest.raises(AssertionError, match="broke 'toy.limit', not 'toy.other'"):
        s.expect_violation("p1", "add 2", "toy.other")
    with pytest.raises(AssertionError, match="was accepted"):
        s.expect_violation("p1", "add 1", "toy.limit")
    with pytest.raises(AssertionError, match="loaded dice ran out after 0 rolls"):
        s.play("p1", "roll")  # dice the test did not load never roll
