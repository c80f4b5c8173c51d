"""`frozen_dataclass` (engine/core/frozen.py): a class that behaves as
`@dataclass(frozen=True)` would make it, declared at a tenth of the cost
(issue #24).  Each case here is declared twice, by the library and by
`frozen_dataclass`, and every difference a caller could see is compared."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, field
from functools import partial
from typing import Any

import pytest

from engine.core.frozen import frozen_dataclass


def _twins(slots: bool = False, eq: bool = True) -> list[tuple[type, type]]:
    """Pairs (the library's, ours) of the same class bodies."""
    pairs = []
    for body in _BODIES:
        theirs = dataclasses.dataclass(frozen=True, slots=slots, eq=eq)(body())
        ours = frozen_dataclass(slots=slots, eq=eq)(body())
        for side, cls in (("Theirs", theirs), ("Ours", ours)):  # found by name, as pickle finds a class
            cls.__qualname__ = f"{cls.__name__}{side}{slots:d}{eq:d}"
            globals()[cls.__qualname__] = cls
        pairs.append((theirs, ours))
    return pairs


def _plain():
    class Plain:
        """Three fields, two with defaults."""

        a: int
        b: str = "x"
        c: tuple = ()
    return Plain


def _options():
    class Options:
        """Field options: a factory, not compared, not shown, hashed apart."""

        name: str
        items: list = field(default_factory=list)
        note: str = field(default="", compare=False)
        secret: str = field(default="s", repr=False)
        weight: int = field(default=0, hash=False)
        ranks: dict[str, Any] = field(default_factory=dict, hash=False)
    return Options


def _empty():
    class Empty:
        """No fields at all."""
    return Empty


def _post_init():
    class Checked:
        """Its __post_init__ runs after the fields are set."""

        n: int

        def __post_init__(self):
            if self.n < 0:
                raise ValueError("n must not be negative")
    return Checked


def _own_methods():
    class Own:
        """A repr of its own is kept."""

        v: int

        def __repr__(self) -> str:
            return f"<{self.v}>"
    return Own


def _not_in_init():
    class Derived:
        """Fields set by __init__ itself (a cache, a default), as the kit's grids have."""

        size: int
        cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)
        mark: str = field(default="m", init=False)
        after: int = 0

        def __post_init__(self):
            self.cache[self.size] = self.size * 2
    return Derived


def _undocumented():
    class Bare:
        a: int
        b: tuple[str, ...] = ("x",)
        c: dict[str, Any] = field(default_factory=dict)
        d: str = field(default="k", kw_only=True)
        e: Bare | None = None
    return Bare


_BODIES = [_plain, _options, _empty, _post_init, _own_methods, _not_in_init, _undocumented]
_ARGS = {"Plain": [(1,), (1, "y"), (2, "x", (1, 2))], "Options": [("a",), ("a", [1]), ("b", [], "n", "t", 3)],
         "Empty": [()], "Checked": [(1,), (0,)], "Own": [(1,), (2,)], "Derived": [(1,), (2, 3)],
         "Bare": [(1,), (2, ("y",), {})]}


def _outcome(function, *args) -> tuple:
    try:
        return ("value", function(*args))
    except Exception as e:  # noqa: BLE001 - the error is the outcome compared
        return ("error", type(e), str(e))


def _same_error(make_ours, make_theirs) -> None:
    """Both calls fail alike (the same error, the same words after the function's name), or both succeed."""
    ours, theirs = _outcome(make_ours), _outcome(make_theirs)
    assert ours[0] == theirs[0], (ours, theirs)
    if ours[0] == "error":
        assert ours[1] is theirs[1] and ours[2].split("() ")[-1] == theirs[2].split("() ")[-1]
    elif dataclasses.is_dataclass(ours[1]):
        assert dataclasses.astuple(ours[1]) == dataclasses.astuple(theirs[1])


@pytest.mark.parametrize("slots", [False, True])
@pytest.mark.parametrize("eq", [True, False])
def test_each_class_behaves_as_the_librarys_frozen_dataclass(slots, eq):
    for theirs, ours in _twins(slots, eq):
        name = ours.__name__
        for f, g in zip(dataclasses.fields(theirs), dataclasses.fields(ours), strict=True):
            assert (f.name, f.type, f.default, f.default_factory, f.repr, f.hash, f.compare, f.kw_only) == \
                (g.name, g.type, g.default, g.default_factory, g.repr, g.hash, g.compare, g.kw_only)
        assert ours.__match_args__ == theirs.__match_args__
        assert ours.__dict__.get("__slots__") == theirs.__dict__.get("__slots__")
        assert dataclasses.is_dataclass(ours) and ours.__doc__ == theirs.__doc__  # (Bare's: its signature)
        params = ("init", "repr", "eq", "order", "unsafe_hash", "frozen")
        assert [getattr(ours.__dataclass_params__, p) for p in params] == \
            [getattr(theirs.__dataclass_params__, p) for p in params]
        built = [(theirs(*args), ours(*args)) for args in _ARGS[name]]
        for t, o in built:
            assert repr(o) == repr(t).replace(theirs.__qualname__, ours.__qualname__)
            assert hasattr(o, "__dict__") == hasattr(t, "__dict__")
            if eq:
                assert _outcome(hash, o) == _outcome(hash, t)  # the same tuple hashed (or not hashable)
                given = [f for f in dataclasses.fields(t) if f.init]
                again = ours(*[getattr(t, f.name) for f in given if not f.kw_only],
                             **{f.name: getattr(t, f.name) for f in given if f.kw_only})
                assert o == again == copy.copy(o)
            else:
                assert o != copy.copy(o) and hash(o) == object.__hash__(o)
            assert o != t and (o == 1) is False
            assert dataclasses.asdict(o) == dataclasses.asdict(t)
            assert dataclasses.astuple(o) == dataclasses.astuple(t)
            for attr in (["a", "zz"] if name == "Plain" else ["zz"]):
                if slots and attr == "zz":
                    # Refused by both; the library's (3.11) with a TypeError from `super()`, its
                    # method bound to the class before slots made it anew.
                    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'zz'"):
                        o.zz = 1
                    with pytest.raises(FrozenInstanceError, match="cannot delete field 'zz'"):
                        del o.zz
                    continue
                _same_error(partial(setattr, o, attr, 1), partial(setattr, t, attr, 1))
                _same_error(partial(delattr, o, attr), partial(delattr, t, attr))
            back = pickle.loads(pickle.dumps(o, protocol=5))
            assert type(back) is ours and dataclasses.astuple(back) == dataclasses.astuple(o)
            if slots:  # the pickled state: the fields' values in order, as the library's
                assert o.__reduce_ex__(5)[2] == t.__reduce_ex__(5)[2]
            for twin in (copy.copy(o), copy.deepcopy(o)):
                assert dataclasses.astuple(twin) == dataclasses.astuple(o)
        if eq:  # equality as the library's: the compared fields alone, in order
            for (t1, o1) in built:
                for (t2, o2) in built:
                    assert (o1 == o2) == (t1 == t2) and (o1 != o2) == (t1 != t2)
        for wrong_args, wrong_kwargs in (((), {}), ((1, 2, 3, 4, 5, 6, 7, 8), {}), ((), {"nope": 1}),
                                         ((1,), {_first(theirs): 2})):
            _same_error(partial(ours, *wrong_args, **wrong_kwargs), partial(theirs, *wrong_args, **wrong_kwargs))
        if built:
            t, o = built[-1]
            changes = {_first(theirs): t.__getattribute__(_first(theirs))} if _first(theirs) else {}
            assert dataclasses.astuple(dataclasses.replace(o, **changes)) == \
                dataclasses.astuple(dataclasses.replace(t, **changes))


def _first(cls: type) -> str | None:
    fields = dataclasses.fields(cls)
    return fields[0].name if fields else None


def test_defaults_are_fresh_and_post_init_runs():
    for slots in (False, True):
        (_, plain), (_, options), _, (_, checked), (_, own), (theirs, derived), _ = _twins(slots)
        assert derived(2).cache == {2: 4} == theirs(2).cache and derived(2).cache is not derived(2).cache
        assert derived(2).mark == "m" and "mark" in dataclasses.asdict(derived(2))
        assert options("a").items is not options("a").items
        with pytest.raises(ValueError, match="negative"):
            checked(-1)
        assert repr(own(3)) == "<3>"
        assert options("a", note="one") == options("a", note="two")  # not compared
        assert "secret" not in repr(options("a"))
        assert hash(options("a", (), weight=1)) == hash(options("a", (), weight=2))  # not hashed, yet compared
        assert options("a", weight=1) != options("a", weight=2)


def test_a_recursive_repr_stops_as_the_librarys():
    theirs, ours = _twins()[0]
    t, o = theirs(1, "x", ([],)), ours(1, "x", ([],))
    t.c[0].append(t)
    o.c[0].append(o)
    assert repr(o) == repr(t).replace(theirs.__qualname__, ours.__qualname__)


def test_what_it_does_not_make_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Base:
        a: int

    with pytest.raises(TypeError, match="subclass"):
        @frozen_dataclass
        class Child(Base):
            b: int = 0
    with pytest.raises(TypeError, match="InitVar"):
        @frozen_dataclass
        class Pseudo:
            a: dataclasses.InitVar[int]
    # A subclass of one by the library, as of a library frozen dataclass.
    Parent = frozen_dataclass(_plain())

    @dataclasses.dataclass(frozen=True)
    class Kid(Parent):
        d: int = 4
    assert Kid(1).d == 4 and Kid(1) == Kid(1, "x", (), 4)


def test_the_engines_records_pickle_as_before():
    """Checkpoints hold pickled sessions: a class the engine declares with
    `frozen_dataclass(slots=True)` pickles as the dataclass it was."""
    from engine.core.prompts import EffectStack, Prompt

    stack = EffectStack().push("a").push(("b", 1))
    assert stack.__reduce_ex__(5)[2] == [("a", ("b", 1))]
    assert pickle.loads(pickle.dumps(stack)) == stack and hash(stack) == hash(EffectStack(("a", ("b", 1))))
    prompt = Prompt(*[f"v{i}" for i in range(len(dataclasses.fields(Prompt)))])
    assert pickle.loads(pickle.dumps(prompt)) == prompt
    with pytest.raises(FrozenInstanceError):
        stack.items = ()
