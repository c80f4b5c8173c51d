"""The engine core's small pieces: dice, events, commands, rule tables."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field, fields, replace

import pytest

from engine.core.commands import Command, CommandSet, command
from engine.core.dice import Dice
from engine.core.errors import RuleViolation
from engine.core.events import Event, evolved, fact, freeze, thaw
from engine.core.rules import CORE_RULES, RuleBook, RuleRef


def test_dice_repeat_for_the_same_seed_and_step_only():
    def draws(seed, step):
        dice = Dice(seed, step)
        return dice.d10(), dice.shuffled(range(10)), dice.roll(6)

    assert draws(7, 12) == draws(7, 12)
    assert Dice(7, 12).shuffled(range(20)) != Dice(7, 13).shuffled(range(20))
    assert Dice(7, 12).shuffled(range(20)) != Dice(8, 12).shuffled(range(20))
    assert all(1 <= Dice(1, n).d10() <= 10 for n in range(200))
    assert {Dice(1, n).d10() for n in range(200)} == set(range(1, 11))


def test_dice_say_whether_they_were_used():
    dice = Dice(1, 1)
    assert not dice.used
    dice.roll(6)
    assert dice.used


@fact
class Moved(Event):
    unit: str
    path: tuple[str, ...]


def test_events_round_trip_through_json_shapes():
    e = Moved(rule="x.move", unit="tank-2", path=("D4", "D5"))
    data = e.to_data()
    assert data == {"unit": "tank-2", "path": ["D4", "D5"]}
    back = Moved.from_data(data, "x.move")
    assert back == e and back.path == ("D4", "D5") and back.type == "Moved"
    with pytest.raises(ValueError, match="missing \\['path'\\]"):
        Moved.from_data({"unit": "a"}, "x.move")
    with pytest.raises(ValueError, match="unexpected \\['speed'\\]"):
        Moved.from_data({"unit": "a", "path": [], "speed": 3}, "x.move")


@fact
class Landed(Event):
    unit: str
    cargo: dict = field(default_factory=dict)
    at: str = "A1"


@dataclass(frozen=True, kw_only=True)
class _LandedByTheLibrary:
    """The same fields as a dataclass the library writes whole: `fact` must behave as it does."""
    rule: str
    unit: str
    cargo: dict = field(default_factory=dict)
    at: str = "A1"


def test_an_event_class_behaves_as_a_frozen_keyword_only_dataclass():
    e = Landed(rule="x.land", unit="tank-2")
    twin = _LandedByTheLibrary(rule="x.land", unit="tank-2")
    assert repr(e) == repr(twin).replace("_LandedByTheLibrary", "Landed")
    assert e.cargo == {} and e.cargo is not Landed(rule="x.land", unit="t").cargo  # a fresh default each
    assert e == Landed(rule="x.land", unit="tank-2", cargo={}, at="A1") != Landed(rule="x.land", unit="b")
    assert e != Moved(rule="x.land", unit="tank-2", path=()) and e != twin
    assert hash(Moved(rule="r", unit="a", path=("B2",))) == hash(Moved(rule="r", unit="a", path=("B2",)))
    assert [f.name for f in fields(e)] == ["rule", "unit", "cargo", "at"]
    assert replace(e, at="C3") == Landed(rule="x.land", unit="tank-2", at="C3")
    with pytest.raises(FrozenInstanceError):
        e.unit = "b"
    with pytest.raises(FrozenInstanceError):
        del e.unit
    for wrong in ({"rule": "r"}, {"rule": "r", "unit": "a", "speed": 3}):
        with pytest.raises(TypeError) as ours:
            Landed(**wrong)
        with pytest.raises(TypeError) as theirs:
            _LandedByTheLibrary(**wrong)
        assert str(ours.value).split("() ")[1] == str(theirs.value).split("() ")[1]
    with pytest.raises(TypeError):
        Landed("x.land", "tank-2")  # keyword-only, as before


def test_freeze_and_thaw():
    assert freeze([1, [2, 3], {"a": [4]}]) == (1, (2, 3), {"a": (4,)})
    assert thaw((1, (2, 3), {"a": (4,)})) == [1, [2, 3], {"a": [4]}]


def test_evolved_copies_and_refuses_unknown_fields():
    e = Moved(rule="r", unit="a", path=())
    f = evolved(e, unit="b")
    assert (e.unit, f.unit, f.path, f.rule) == ("a", "b", (), "r")
    with pytest.raises(TypeError, match="no field"):
        evolved(e, speed=2)


@command
class Go(Command):
    verb = "go"
    to: str
    steps: int


def test_commands_have_a_notation_that_parses_back():
    commands = CommandSet(Go)
    assert commands.parse("go north 3") == Go("north", 3)
    assert Go("north", 3).notation() == "go north 3"
    assert commands.from_data(Go("north", 3).to_data()) == Go("north", 3)
    for text, words in [("", "empty"), ("fly", "unknown command 'fly'"), ("go north", "takes 2"),
                        ("go north x", "whole number")]:
        with pytest.raises(RuleViolation) as e:
            commands.parse(text)
        assert e.value.rule == "core.notation" and words in e.value.reason


def test_rule_tables_refuse_a_duplicate_id():
    with pytest.raises(ValueError, match="listed twice"):
        RuleBook(RuleRef("a.b", "S", "x"), RuleRef("a.b", "S", "y"))
    assert "core.undo" in CORE_RULES and CORE_RULES["core.undo"].section.startswith("boardlog")


# ---- notation with lists, effect stack, upcasting ------------------------------------------
@command
class Move(Command):
    verb = "move"
    unit: str
    path: tuple[str, ...]


@command
class Pick(Command):
    verb = "pick"
    cards: tuple[int, ...]


def test_a_last_list_field_takes_the_remaining_words():
    commands = CommandSet(Move, Pick)
    move = commands.parse("move tank-2 D4 D5 E5")
    assert move == Move("tank-2", ("D4", "D5", "E5"))
    assert move.notation() == "move tank-2 D4 D5 E5"
    assert commands.from_data(move.to_data()) == move
    assert commands.parse("pick 3 1").cards == (3, 1)
    with pytest.raises(RuleViolation, match="whole number"):
        commands.parse("pick 3 x")
    with pytest.raises(RuleViolation, match="move takes 1\\+ argument"):
        commands.parse("move")
    with pytest.raises(RuleViolation, match="whole number"):
        commands.parse("pick ²")  # a Unicode digit is no number here


@command
class _Shout(Command):
    verb = "shout"
    word: str
    times: int = 1

    def __post_init__(self):
        object.__setattr__(self, "word", self.word.upper())


@command
class _Whisper(_Shout):
    verb = "whisper"
    to: tuple[str, ...] = ()


@dataclass(frozen=True)
class _ShoutByTheLibrary:
    word: str
    times: int = 1


def test_a_command_class_behaves_as_a_frozen_dataclass():
    shout = _Shout("go")
    assert shout == _Shout(word="go", times=1) == _Shout("GO", 1) and shout.word == "GO"
    assert hash(shout) == hash(_Shout(times=1, word="go")) and len({shout, _Shout("go")}) == 1
    assert repr(shout) == "_Shout(word='GO', times=1)" == repr(_ShoutByTheLibrary("GO")).replace("ByTheLibrary", "")
    assert shout != _Whisper("go") and _Whisper("go", 2, ("ann",)).to == ("ann",)  # its own __init__
    assert _Shout("go") == _Shout("go")  # the parent's __init__ is still its own after the child's first
    assert replace(shout, times=3) == _Shout("go", 3)
    with pytest.raises(FrozenInstanceError):
        shout.times = 2
    for args, kwargs in (((), {}), (("a", 1, 2), {}), (("a",), {"word": "b"}), (("a",), {"loud": True})):
        with pytest.raises(TypeError) as ours:
            _Shout(*args, **kwargs)
        with pytest.raises(TypeError) as theirs:
            _ShoutByTheLibrary(*args, **kwargs)
        assert str(ours.value).split("() ")[1] == str(theirs.value).split("() ")[1]


def test_only_the_last_field_may_take_many_words():
    @command
    class Bad(Command):
        verb = "bad"
        path: tuple[str, ...]
        unit: str

    with pytest.raises(TypeError, match="last field"):
        CommandSet(Bad)


def test_the_effect_stack_resolves_the_last_declared_first():
    from engine.core.prompts import EffectStack

    stack = EffectStack().push("knockback").push("bleed").push("damage")
    assert list(stack) == ["damage", "bleed", "knockback"]
    top, rest = stack.pop()
    assert top == "damage" and rest.peek() == "bleed" and len(stack) == 3  # a value: unchanged
    with pytest.raises(IndexError, match="empty"):
        EffectStack().pop()


@fact
class Travelled(Event):
    unit: str
    path: tuple[str, ...]
    version = 3


def test_old_event_shapes_are_upcast_step_by_step():
    from engine.core.events import upcast

    upcasters = {
        ("Travelled", 1): lambda d: {"unit": d["unit"], "to": d["to"]},          # v2 renamed nothing
        ("Travelled", 2): lambda d: {"unit": d["unit"], "path": [d["to"]]},     # v3: a path
    }
    data = upcast(Travelled, 1, {"unit": "tank-2", "to": "D4"}, upcasters)
    assert Travelled.from_data(data, "x.y") == Travelled(rule="x.y", unit="tank-2", path=("D4",))
    with pytest.raises(ValueError, match="no upcaster for Travelled from version 2"):
        upcast(Travelled, 2, {"unit": "u", "to": "D4"}, {})
    with pytest.raises(ValueError, match="newer than this program"):
        upcast(Travelled, 4, {}, upcasters)


def test_a_fold_table_applies_its_folds_and_refuses_an_unknown_event():
    from engine.core.events import Folds

    folds = Folds("test")

    @folds(Travelled)
    def travelled(state, e):
        return state + e.path

    assert folds.evolve((), Travelled(rule="x.y", unit="u", path=("D4",))) == ("D4",)
    with pytest.raises(TypeError, match="test cannot fold Moved"):
        folds.evolve((), Moved(rule="x.y", unit="u", path=("D4",)))
