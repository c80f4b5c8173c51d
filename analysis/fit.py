"""Fitting a game's own evaluation: `python -m analysis.fit KIND`.

A game whose `playing` module offers `features(state) -> {name: number}`
(public measures of a running game, engine/games/promised_day/playing.py)
and evaluates with a logistic function of them gets its weights here: the
game's rollout bot plays a few hundred games (a tenth of the commands at
random, as `analysis.train` does), positions sampled from each are
labelled with how the game ended for the first seat, and the weights that
predict a fifth of the games, kept out, best are printed as Python for the
module to keep.  Plain Python, like `analysis.train`.
"""

from __future__ import annotations

import argparse
import math
import random
import sys

from engine.core.game import find_game

from .policy import offered
from .train import RIDGES, newton, play_one


def positions(kind: str, games: int, seed: int) -> list[tuple[list[dict[str, float]], float]]:
    """For each game: the features of its sampled positions, and its result."""
    game = find_game(kind)
    features = offered(game, "features")
    opts = game.options(None, {})
    out = []
    for n in range(games):
        played = play_one(game, seed + n, opts)
        if played is None:
            continue
        rows = [features(s) for s in played.states if game.outcome(s) is None]
        out.append((rows, played.results[played.seats[0]]))
    return out


def fit(games: list[tuple[list[dict[str, float]], float]], ridge: float) -> tuple[dict[str, float], float]:
    """Weights per feature (of the raw values) and the constant."""
    names = sorted({k for rows, _ in games for row in rows for k in row})
    xs = [[row[k] for k in names] for rows, _ in games for row in rows]
    ys = [y for rows, y in games for _ in rows]
    means = [sum(c) / len(c) for c in zip(*xs, strict=True)]
    spreads = [math.sqrt(sum((x - m) ** 2 for x in c) / len(c)) or 1.0
               for c, m in zip(zip(*xs, strict=True), means, strict=True)]
    scaled = [[(x - m) / s for x, m, s in zip(row, means, spreads, strict=True)] + [1.0] for row in xs]
    w = newton(scaled, ys, ridge)
    weights = {k: wi / s for k, wi, s in zip(names, w[:-1], spreads, strict=True)}
    constant = w[-1] - sum(wi * m / s for wi, m, s in zip(w[:-1], means, spreads, strict=True))
    return weights, constant


def log_loss(weights: dict[str, float], constant: float, games) -> float:
    total, n = 0.0, 0
    for rows, y in games:
        for row in rows:
            z = constant + sum(w * row[k] for k, w in weights.items())
            p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))))
            total -= y * math.log(p) + (1 - y) * math.log(1 - p)
            n += 1
    return total / max(1, n)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.fit", description=__doc__.split("\n")[0])
    parser.add_argument("kind")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = positions(args.kind, args.games, args.seed)
    random.Random(args.seed).shuffle(games)
    held, used = games[: len(games) // 5], games[len(games) // 5:]
    fits = [(fit(used, r), r) for r in RIDGES]
    (weights, constant), ridge = min(fits, key=lambda f: log_loss(*f[0], held))
    won = sum(y for _, y in games) / len(games)
    print(f"# {len(used)} games fitted, {len(held)} held out (won {100 * won:.0f} %), ridge {ridge}: "
          f"log loss {log_loss(weights, constant, used):.4f}, held out {log_loss(weights, constant, held):.4f}",
          file=sys.stderr)
    print("WEIGHTS: dict[str, float] = {")
    for k, w in weights.items():
        print(f"    {k!r}: {w:.4f},")
    print("}")
    print(f"CONSTANT = {constant:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
