"""Benchmark: complete simulated games per sample deck pair, on one core, with a same-run baseline.

For every unordered pair of sample decks (mirrors included) it plays ``--games`` complete games
(seeded, the same per-game seeds ``mtgkit simulate`` uses) and prints:

- games/s and actions/s (an action = one policy move: a pass, a land, a spell, an attack...);
- baseline (best of 5): setting the same games up only (card objects created, libraries
  shuffled, seven cards drawn, first priority given) - the floor any game costs - in games/s;
- the ratio full game / set-up only, and whether the 500 games/s/core target is met;
- a second baseline, the turn-loop floor: games of the same mean length in turns between two
  decks of basic lands where every player only passes priority. No spell, land drop, attack or
  trigger happens, so it is the least any game of that length costs this engine; it tells how
  much of a full game is the turn structure itself (500-514, 117) and how far tuning the rest
  could go.

Run: ``python bench/simulate.py [--games N] [--policy random|greedy] [--decks a,b,...]``.
Keep it modest: the machine is shared.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _sample_decks import warmed_library  # noqa: E402

from rules_engine import simulate, turn  # noqa: E402
from rules_engine.sim_runner import game_seed, play_game  # noqa: E402

TARGET = 500.0
SETUP_REPEATS = 5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per deck pair")
    parser.add_argument("--policy", choices=("random", "greedy"), default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", help="comma-separated sample deck names (default: all)")
    args = parser.parse_args()
    # every card compiled once before timing; GC tuned as the simulate runner tunes it
    library, decks = warmed_library(args.policy, args.decks.split(",") if args.decks else None)

    print(f"{args.games} games per pair, policy {args.policy}, one core; target "
          f"{TARGET:.0f} games/s")
    print(f"{'deck pair':28} {'games/s':>8} {'actions/s':>10} {'turns':>6} "
          f"{'setup games/s':>14} {'ratio':>7}")
    total_games = total_time = total_setup = total_actions = total_turns = 0.0
    for a, b in itertools.combinations_with_replacement(sorted(decks), 2):
        seeds = [game_seed(args.seed, i) for i in range(args.games)]
        both = {"a": decks[a], "b": decks[b]}
        setup = float("inf")
        for _ in range(SETUP_REPEATS):  # set-up is short: best of several runs, less noise
            t0 = time.perf_counter()
            for i, seed in enumerate(seeds):
                order = ("a", "b") if i % 2 == 0 else ("b", "a")
                simulate.new_game(library, {p: both[p] for p in order}, seed=seed)
            setup = min(setup, time.perf_counter() - t0)
        actions = turns = 0
        t0 = time.perf_counter()
        for i, seed in enumerate(seeds):
            rec = play_game(library, decks[a], decks[b], index=i, seed=seed, policy=args.policy,
                            keep_events=False)
            actions += rec.moves
            turns += rec.turns
        full = time.perf_counter() - t0
        total_actions += actions
        total_games += args.games
        total_turns += turns
        total_time += full
        total_setup += setup
        print(f"{a + ' vs ' + b:28} {args.games / full:8.1f} {actions / full:10.0f} "
              f"{turns / args.games:6.1f} {args.games / setup:14.0f} {full / setup:6.1f}x")
    rate = total_games / total_time
    print(f"{'all pairs':28} {rate:8.1f} {total_actions / total_time:10.0f} {'':6} "
          f"{total_games / total_setup:14.0f} "
          f"{total_time / total_setup:6.1f}x")
    verdict = "met" if rate >= TARGET else f"NOT met ({rate / TARGET:.1%} of it)"
    print(f"target {TARGET:.0f} games/s/core: {verdict}")
    mean_turns = total_turns / total_games
    floor = turn_loop_floor(library, decks, mean_turns, args.games)
    if floor is not None:
        print(f"turn-loop floor ({mean_turns:.1f} turns, every player passes, lands only): "
              f"{floor:.1f} games/s; full games take {floor / rate:.1f}x as long; "
              f"the floor alone is {floor / TARGET:.0%} of the target")
    return 0


def turn_loop_floor(library: Any, decks: dict[str, list[str]], turns: float,
                    games: int) -> float | None:
    """Games/s (best of several runs) of games of ``turns`` turns in which both players only pass.

    The decks hold 40 copies of the first basic land found in the sample decks, so no card is
    ever cast and nothing triggers; None if the decks have no basic land.
    """
    land = next((name for deck in decks.values() for name in deck
                 if "Basic" in library.get(name).front.supertypes), None)
    if land is None:
        return None
    lands = [land] * 40
    last_turn = max(1, round(turns))
    best = float("inf")
    for _ in range(SETUP_REPEATS):
        t0 = time.perf_counter()
        for i in range(games):
            game = simulate.new_game(library, {"a": lands, "b": lands}, seed=game_seed(0, i))
            while game.turn <= last_turn and not game.game_over:
                turn.pass_priority(game)
        best = min(best, time.perf_counter() - t0)
    return games / best


if __name__ == "__main__":
    sys.exit(main())
