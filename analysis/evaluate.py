"""How good a position is for each seat: a chance of winning in [0, 1].

A finished game answers exactly (its outcome line, read as the statistics
page reads it: won 1, draw 0.5, lost 0).  A running one is estimated from
what the contract gives every seat to see: the game's public `scores`
(docs/GAMES.md), turned into a chance by a logistic model learned from the
game's own bots playing each other (`analysis.train`).  A game may offer its
own estimate instead, `EVALUATE(state, seat) -> float in [0, 1]` (in its
package or its `playing` module, analysis/policy.py), read before anything
here.

The model never reads hidden information: `scores` is public by contract,
and `turn` is on the table.  Its features are relative to the seat being
judged, so one model serves every seat of a kind:

- `SERIES|lead`: the sum of a series over the keys that belong to the
  seat or its side (a key that is the seat's name, or names it or its team
  as a word: Brutality's "skull-1 (north)", the story game's
  "investigator-2"), less the same over each rival side's keys (their mean);
- `SERIES|table`: keys that are nobody's (a damage track, a boss's lives);
- the same of the public view (`view_features`);
- each of them again times the game's progress (turn over a typical
  game's last turn), since a lead counts for more near the end;
- `seat=TEAM`: 1 for the seat's own side (a keeper's chances are not an
  investigator's), `turn`, and a constant.

Sides: seats whose names share a team prefix (`north-1`, `north-2`) play
together; in a game every seat of which won or lost together in all the
training games (a co-operative game) everyone is on the same side.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from .policy import offered

MODELS = Path(__file__).parent / "models"
RESULT_VALUE = {"won": 1.0, "draw": 0.5, "lost": 0.0}


def final_values(game: Any, state: Any, seats: Sequence[str]) -> dict[str, float]:
    """Each seat's result once the game is over (won 1, draw 0.5, lost 0),
    read from the outcome line by the one reader the statistics page uses."""
    # Imported here: the statistics page's module reads the store, which a
    # search worker never needs (and which may be mid-change while games play).
    from projections.plots import seat_results

    results = seat_results(SimpleNamespace(outcome=game.outcome(state), seats=tuple(seats)))
    return {seat: RESULT_VALUE[r] for seat, r in results.items()}


def team(seat: str) -> str:
    """The side a seat plays for: `north-1` and `north-2` are `north`."""
    return seat.split("-", 1)[0]


@lru_cache(maxsize=1 << 16)
def owners(key: str, seats: tuple[str, ...]) -> tuple[str, ...]:
    """The seats a score key belongs to: the seat it is named after, else
    every seat whose name or team it mentions as a word.  (Cached: the same
    ids and words come back in every position.)"""
    if key in seats:
        return (key,)
    words = set(re.findall(r"[\w-]+", key.lower())) | set(re.findall(r"\w+", key.lower()))
    return tuple(s for s in seats if s.lower() in words or team(s).lower() in words)


@dataclass(frozen=True)
class Sides:
    """Who plays with whom, for a set of seats."""

    seats: tuple[str, ...]
    coop: bool = False

    def allied(self, a: str, b: str) -> bool:
        return self.coop or a == b or team(a) == team(b)

    def groups(self) -> list[tuple[str, ...]]:
        """The sides, each a tuple of seats."""
        out: dict[str, list[str]] = {}
        for s in self.seats:
            out.setdefault("all" if self.coop else team(s), []).append(s)
        return [tuple(v) for v in out.values()]

    def share(self, chances: dict[str, float]) -> dict[str, float]:
        """One chance per side (its seats' mean), shared out so that the
        sides' chances add up to 1 when they play against each other: the
        model judges each seat on its own, and one side's win is the
        others' loss."""
        groups = self.groups()
        side = {g: sum(chances[s] for s in g) / len(g) for g in groups}
        total = sum(side.values())
        if len(groups) > 1 and total > 0:
            side = {g: v / total for g, v in side.items()}
        return {s: side[g] for g in groups for s in g}

    def side(self, whose: tuple[str, ...], seat: str) -> str:
        """`seat`'s view of something `whose` seats own: mine, rival or table."""
        if not whose:
            return "table"
        return "mine" if any(self.allied(seat, s) for s in whose) else "rival"


def raw_features(game: Any, state: Any, seat: str, sides: Sides) -> dict[str, float]:
    """The seat-relative features of a position, before any scaling."""
    return relative(public_sums(game, state, sides.seats), seat, sides)


def public_sums(game: Any, state: Any, seats: tuple[str, ...]) -> dict[tuple[str, tuple[str, ...]], float]:
    """What every seat may see, summed per feature and owner: the public
    scores, then the spectator's view.  {(name, owning seats): sum}; the
    seats are () for what is nobody's.  Made once per position, whichever
    seats are judged from it."""
    sums: dict[tuple[str, tuple[str, ...]], float] = {("turn", ()): float(game.turn(state))}
    for series, values in game.scores(state).items():
        for key, value in values.items():
            _add(sums, (series, owners(str(key), seats)), value)
    view_features(sums, game.view(state, SPECTATOR), seats)
    return sums


def relative(sums: dict[tuple[str, tuple[str, ...]], float], seat: str, sides: Sides) -> dict[str, float]:
    """The sums as `seat` sees them: each as its side's lead over its rivals
    (mine less the rivals' mean) or as the table's."""
    # The seat's side by name: asymmetric games (a keeper against the
    # investigators) and the first player's edge are learnt through it.
    out: dict[str, float] = {f"seat={team(seat)}": 1.0}
    rivals = max(1, len(sides.groups()) - 1)
    for (name, whose), value in sums.items():
        side = sides.side(whose, seat)
        if side == "table":
            _add(out, name if name == "turn" else f"{name}|table", value)
        else:
            # A lead, not two numbers: in a game of equals, one side's edge
            # is the other's deficit, and half the features learn twice as well.
            _add(out, f"{name}|lead", value if side == "mine" else -value / rivals)
    return out


# The seat name no game uses: a spectator's view, public by contract.
SPECTATOR = ""


def _add(out: dict, name: Any, value: float) -> None:
    out[name] = out.get(name, 0.0) + float(value)


def view_features(sums: dict, view: dict[str, Any], seats: tuple[str, ...]) -> None:
    """What the public view holds, summed per owner (`view.` names), with
    no knowledge of the game: the views are plain data keyed by stable ids
    (docs/GAMES.md), and an entry says whose it is by naming a seat or a
    team in one of its fields (`colour`, `owner`, `team`, `controller`).

    - a collection keyed by ids (`units`): its entries per owner, and the
      sums of their numbers and of the lengths of their lists (a unit's
      `cargo`, a hero's `health`);
    - a collection keyed by seats (`hand_sizes`, `players`, `fire_zones`):
      each seat's number, or the size of what it holds and the numbers and
      list sizes inside it;
    - a top-level word naming a seat (`active`): 1 for that seat;
    - a top-level number or list: as it is (nobody's).
    """
    for key, value in view.items():
        if isinstance(value, (bool, int, float)):
            _add(sums, (f"view.{key}", ()), value)
        elif isinstance(value, str):
            whose = owners(value, seats)
            if whose:
                _add(sums, (f"view.{key}", whose), 1.0)
        elif isinstance(value, list):
            _add(sums, (f"view.{key}#", ()), len(value))
        elif isinstance(value, dict):
            _collection(sums, f"view.{key}", value, seats)


def _collection(sums: dict, name: str, items: dict[str, Any], seats: tuple[str, ...]) -> None:
    for key, entry in items.items():
        whose = _whose(str(key), entry, seats)
        _add(sums, (f"{name}#", whose), 1.0)
        for suffix, number in _measures(entry):
            _add(sums, (f"{name}{suffix}", whose), number)


def _whose(key: str, entry: Any, seats: tuple[str, ...]) -> tuple[str, ...]:
    """Whose an entry is: the seats its key names, else those the first of
    its words that names any does, else nobody's."""
    whose = owners(key, seats)
    if whose or not isinstance(entry, dict):
        return whose
    for value in entry.values():
        if isinstance(value, str):
            whose = owners(value, seats)
            if whose:
                return whose
    return ()


# A field worth measuring is named by a word ("health", "vp_cards"), not by
# an id ("G7", "red-tank-1"): a feature per hex or per unit would be noise.
_WORD = re.compile(r"[a-z_]+")


def _measures(entry: Any) -> list[tuple[str, float]]:
    """(suffix, number) for what an entry holds: itself if a number, its
    size if a list or dict, and a dict's numbers and list sizes by field."""
    if isinstance(entry, (bool, int, float)):
        return [("", float(entry))]
    if isinstance(entry, list):
        return [(".size", float(len(entry)))]
    if not isinstance(entry, dict):
        return []
    out = [(".size", float(len(entry)))]
    for field_name, value in entry.items():
        if not _WORD.fullmatch(str(field_name)):
            continue
        if isinstance(value, (bool, int, float)):
            out.append((f".{field_name}", float(value)))
        elif isinstance(value, (list, dict)):
            out.append((f".{field_name}.size", float(len(value))))
    return out


@dataclass
class Model:
    """A logistic model over `raw_features`, scaled by the training data's
    means and spreads; `length`: a typical game's last turn (for progress).
    `weights` has one more entry than `names`: the constant's.  A feature
    the game no longer scores reads as 0; one it newly scores is ignored
    until the model is trained again."""

    kind: str
    names: list[str]
    weights: list[float]
    means: list[float]
    spreads: list[float]
    length: float
    coop: bool = False
    seats_per_turn: float = 0.0  # in the training games: players acting in one turn (a round: all)
    fitted_on: dict[str, Any] = field(default_factory=dict)

    def vector(self, raw: dict[str, float]) -> list[float]:
        """The scaled features in the order of `names`, then 1 for the constant."""
        progress = min(1.0, raw.get("turn", 0.0) / self.length) if self.length else 0.0
        out = []
        for name, mean, spread in zip(self.names, self.means, self.spreads, strict=True):
            base, _, late = name.partition("*")
            value = raw.get(base, 0.0) * (progress if late else 1.0)
            out.append((value - mean) / spread)
        out.append(1.0)
        return out

    def chance(self, raw: dict[str, float]) -> float:
        z = sum(w * x for w, x in zip(self.weights, self.vector(raw), strict=True))
        return _sigmoid(z)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "names": self.names, "weights": self.weights, "means": self.means,
                "spreads": self.spreads, "length": self.length, "coop": self.coop,
                "seats_per_turn": self.seats_per_turn, "fitted_on": self.fitted_on}


def _sigmoid(z: float) -> float:
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


@cache
def load_model(kind: str) -> Model | None:
    """The kind's learned model, if `analysis.train` wrote one."""
    path = MODELS / f"{kind}.json"
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    return Model(**data)


class Evaluator:
    """Every seat's chance from a position: exact once the game is over,
    else the game's own `EVALUATE`, else the learned model, else None (no
    estimate: the search then plays its lines to the end)."""

    def __init__(self, game: Any, seats: Sequence[str]):
        self.game = game
        self.seats = tuple(seats)
        self.model = load_model(game.ID)
        self.own = offered(game, "EVALUATE")
        self.sides = Sides(self.seats, bool(self.model and self.model.coop))

    @property
    def estimates(self) -> bool:
        """Whether an unfinished position can be judged (else lines run to the end)."""
        return self.own is not None or self.model is not None

    def __call__(self, state: Any) -> dict[str, float] | None:
        game = self.game
        if game.outcome(state) is not None:
            return final_values(game, state, self.seats)
        if self.own is not None:
            return {seat: float(self.own(state, seat)) for seat in self.seats}
        if self.model is None:
            return None
        sums = public_sums(game, state, self.seats)
        return self.sides.share({seat: self.model.chance(relative(sums, seat, self.sides))
                                 for seat in self.seats})
