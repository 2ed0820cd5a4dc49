"""Benchmark helper: a fixed set of simulated games, for instruction counts under valgrind.

Wall-clock figures on a shared machine swing by 2x between identical runs; instruction counts do
not. This plays 3 fixed deck pairs x ``N`` games (vanilla mirror and prepare vs day_night with
the random policy, initiative vs end_turn with the greedy policy; the same seeds every run) after
a warm-up game per deck, so the difference between ``N`` and ``0`` is the games alone::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python bench/sim_fixed_games.py 5      # then the same with 0; subtract "Collected"

It prints the number of moves, so instructions per move can be compared across engine versions
whose games differ. For games/s beside a same-run baseline, use ``bench/simulate.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _sample_decks import warmed_library  # noqa: E402

from rules_engine.sim_runner import game_seed, play_game  # noqa: E402

PAIRS = (("vanilla", "vanilla", "random"), ("prepare", "day_night", "random"),
         ("initiative", "end_turn", "greedy"))


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    library, decks = warmed_library("random")  # every card compiled outside the measured games
    moves = 0
    for a, b, policy in PAIRS:
        for i in range(n):
            rec = play_game(library, decks[a], decks[b], index=i, seed=game_seed(3, i),
                            policy=policy, keep_events=False)
            moves += rec.moves
    print(f"games {n * len(PAIRS)} moves {moves}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
