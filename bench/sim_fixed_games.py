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

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_engine.cards import (  # noqa: E402
    CardLibrary,
    DictCardSource,
    default_sample_path,
    read_card_file,
)
from rules_engine.deckfile import read_deck, sample_decks  # noqa: E402
from rules_engine.sim_runner import card_dicts_for, game_seed, play_game, tune_gc  # noqa: E402

PAIRS = (("vanilla", "vanilla", "random"), ("prepare", "day_night", "random"),
         ("initiative", "end_turn", "greedy"))


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    source = DictCardSource(read_card_file(default_sample_path()))
    decks = {p.stem: read_deck(p).card_names() for p in sample_decks()}
    names = [name for deck in decks.values() for name in deck]
    library = CardLibrary(DictCardSource(card_dicts_for(source.get, names)))
    for deck in decks.values():  # warm-up: every card compiled once, outside the measured games
        play_game(library, deck, deck, index=0, seed=0, policy="random", keep_events=False)
    tune_gc()
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
