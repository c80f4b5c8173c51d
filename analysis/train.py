"""Learning a kind's evaluation from its own bots: `python -m analysis.train KIND...`.

The game's rollout bot plays both sides of a few dozen games (now and then
a random legal command instead, so that the positions seen are not all
alike); positions sampled from each game are labelled with how it ended
for each seat, and a logistic model of the public scores (analysis/
evaluate.py) is fitted to them by Newton's method with a ridge penalty (the one that
predicts a fifth of the games, kept out of the fit, best), so
that it says "a 70 % chance" where such positions were won 70 % of the
time.  The model is written to analysis/models/KIND.json with the figures
it was fitted on.  Plain Python: the fit has a few dozen features.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from operator import mul
from typing import Any

from engine.core.dice import Dice
from engine.core.game import find_game

from .evaluate import MODELS, Model, Sides, final_values, raw_features
from .policy import rollout_bot
from .simulate import Sim, acting

EXPLORE = 0.1          # share of random commands in the training games
SAMPLES_PER_GAME = 12  # positions kept from each game (one game's positions are much alike)
MAX_COMMANDS = 3000    # a training game longer than this is dropped as stuck
RIDGES = (10.0, 100.0, 1000.0)  # penalties tried (standardised features); the held-out games pick one
MAX_ROWS = 4000       # positions x seats fitted on at most (a random sample beyond)


@dataclass
class Played:
    """One training game: the seats, some of its positions and each seat's result."""

    seats: tuple[str, ...]
    states: list[Any]
    results: dict[str, float]
    turns: int
    seats_per_turn: float


def start(game: Any, seed: int, options: dict[str, Any]) -> tuple[Sim, Any]:
    """A simulation at the start of a game with these options (setup and
    any opening automated turn done)."""
    sim = Sim(game, seed)
    state = sim.fold(game.initial_state(), game.setup(options, Dice(seed, 1)))
    return sim, sim.system_turns(state)


def play_one(game: Any, seed: int, options: dict[str, Any], explore: float = EXPLORE) -> Played | None:
    rng = random.Random(seed)
    bot = rollout_bot(game)
    seats = tuple(game.seats(options))
    sim, state = start(game, seed, options)
    states = []
    acted: dict[int, set[str]] = {}  # turn -> the seats that acted in it
    for _ in range(MAX_COMMANDS):
        if game.outcome(state) is not None:
            kept = rng.sample(states, min(SAMPLES_PER_GAME, len(states)))
            per_turn = sum(map(len, acted.values())) / len(acted) if acted else 1.0
            return Played(seats, kept, final_values(game, state, seats), game.turn(state), per_turn)
        seat, legal = acting(game, state)
        acted.setdefault(game.turn(state), set()).add(seat)
        command = rng.choice(legal) if rng.random() < explore else bot(state, seat, legal, rng)
        state = sim.play(state, seat, command)
        states.append(state)
    return None


def is_coop(games: list[Played]) -> bool:
    """Every seat won or lost together in every game (and there was a choice)."""
    return all(len(set(g.results.values())) == 1 for g in games) and any(len(g.seats) > 1 for g in games)


def rows_of(game: Any, games: list[Played], coop: bool, most: int | None = None,
            seed: int = 0) -> list[tuple[dict[str, float], float]]:
    """(features, result) for each position and seat, or for `most` of them
    drawn at random (the features are what costs: a view each)."""
    picks = [(g, state, seat) for g in games for state in g.states for seat in g.seats]
    if most is not None and len(picks) > most:
        picks = random.Random(seed).sample(picks, most)
    return [(raw_features(game, state, seat, Sides(g.seats, coop)), g.results[seat])
            for g, state, seat in picks]


def fit(kind: str, rows: list[tuple[dict[str, float], float]], length: float, coop: bool,
        ridge: float) -> Model:
    base = sorted({name for raw, _ in rows for name in raw})
    names = base + [f"{n}*late" for n in base if n != "turn" and not n.startswith("seat=")]
    unscaled = Model(kind, names, [], [0.0] * len(names), [1.0] * len(names), length, coop)
    columns = list(zip(*(unscaled.vector(raw)[:-1] for raw, _ in rows), strict=True))
    means = [sum(c) / len(c) for c in columns]
    spreads = [math.sqrt(sum((x - m) ** 2 for x in c) / len(c)) or 1.0
               for c, m in zip(columns, means, strict=True)]
    model = Model(kind, names, [], means, spreads, length, coop)
    model.weights = newton([model.vector(raw) for raw, _ in rows], [y for _, y in rows], ridge)
    return model


def newton(xs: list[list[float]], ys: list[float], ridge: float, steps: int = 25) -> list[float]:
    """Logistic regression (targets in [0, 1]) with a ridge penalty, by
    Newton's method.  Sums run over columns with `map`, so that the
    Hessian of a hundred features over thousands of rows takes seconds."""
    d = len(xs[0])
    columns = [list(c) for c in zip(*xs, strict=True)]
    w = [0.0] * d
    for _ in range(steps):
        p = [_sigmoid(sum(map(mul, row, w))) for row in xs]
        residual = [y - q for y, q in zip(ys, p, strict=True)]
        weight = [q * (1 - q) for q in p]
        grad = [sum(map(mul, residual, columns[i])) - ridge * w[i] for i in range(d)]
        weighted = [list(map(mul, weight, columns[i])) for i in range(d)]
        hess = [[0.0] * d for _ in range(d)]
        for i in range(d):
            for j in range(i, d):
                hess[i][j] = hess[j][i] = sum(map(mul, weighted[i], columns[j])) + (ridge if i == j else 0.0)
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _median(values: list) -> float:
    values = sorted(values)
    return float(values[len(values) // 2]) if values else 0.0


def log_loss(model: Model, rows) -> float:
    eps = 1e-9
    total = 0.0
    for raw, y in rows:
        p = min(1 - eps, max(eps, model.chance(raw)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def train(kind: str, games: int, seed: int = 1, options: dict[str, str] | None = None) -> Model:
    game = find_game(kind)
    opts = game.options(None, dict(options or {}))
    t0 = time.perf_counter()
    played = [p for n in range(games) if (p := play_one(game, seed + n, opts)) is not None]
    random.Random(seed).shuffle(played)
    held = played[: len(played) // 5]  # a fifth kept out, to say how well the model predicts
    used = played[len(held):]
    coop = is_coop(played)
    length = float(_median([p.turns for p in used]) or 1)
    rows = rows_of(game, used, coop, MAX_ROWS, seed)
    test = rows_of(game, held, coop, MAX_ROWS // 4, seed)
    fits = [fit(kind, rows, length, coop, ridge) for ridge in RIDGES]
    model = min(fits, key=lambda m: log_loss(m, test))
    model.seats_per_turn = round(sum(p.seats_per_turn for p in used) / len(used), 2)
    model.fitted_on = {"games": len(used), "held_out_games": len(held), "positions": len(rows),
                       "seed": seed, "options": opts, "seconds": round(time.perf_counter() - t0, 1),
                       "ridge": RIDGES[fits.index(model)], "log_loss": round(log_loss(model, rows), 4),
                       "held_out_log_loss": round(log_loss(model, test), 4) if test else None}
    return model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.train", description=__doc__.split("\n")[0])
    parser.add_argument("kinds", nargs="+")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    MODELS.mkdir(exist_ok=True)
    for kind in args.kinds:
        model = train(kind, args.games, args.seed)
        (MODELS / f"{kind}.json").write_text(json.dumps(model.to_json(), indent=1) + "\n")
        print(kind, model.fitted_on, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
