"""Benchmark: the rules engine over the whole scenario suite, with baselines from the same run.

Figures:
- scenarios/s and actions/s for playing every scenario under tests/scenarios/ (parsed once);
- baseline A: parsing the YAML files only; baseline B: building the initial states only
  (cards looked up, objects created, first priority given);
- the ratio of a full play to baseline B (how much more a scenario costs than its setup);
- simulated random games (two players, sample decks, 100 moves each): games/s and moves/s.

Run: ``python bench/engine.py [--repeat N]``. Keep it modest: the machine is shared.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_engine import simulate  # noqa: E402
from rules_engine.cards import (  # noqa: E402
    CardLibrary,
    DictCardSource,
    default_sample_path,
    read_card_file,
)
from rules_engine.scenario import Runner, load_file, scenario_files  # noqa: E402

DECK = (["Mountain"] * 6 + ["Forest"] * 6 + ["Plains"] * 5 + ["Island"] * 5 + [
    "Tavern Ruffian", "Celestus Sanctifier", "The Celestus", "Elite Interceptor",
    "Studious First-Year", "Encouraging Aviator", "Goliath Paladin", "Grizzly Bears",
    "Lightning Bolt", "Shock", "Time Stop", "Unnatural Moonrise",
])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    source = DictCardSource(read_card_file(default_sample_path()))
    files = scenario_files([REPO / "tests" / "scenarios"])

    t0 = time.perf_counter()
    for _ in range(args.repeat):
        loaded = [(f, s) for f in files for s in load_file(f)]
    parse_s = (time.perf_counter() - t0) / args.repeat

    t0 = time.perf_counter()
    for _ in range(args.repeat):
        for f, scn in loaded:
            try:
                Runner(scn, source, f).setup()
            except Exception:  # noqa: BLE001 - a broken setup still counts its time
                pass
    setup_s = (time.perf_counter() - t0) / args.repeat

    actions = passed = 0
    t0 = time.perf_counter()
    for _ in range(args.repeat):
        actions = passed = 0
        for f, scn in loaded:
            result = Runner(scn, source, f).run()
            actions += result.actions
            passed += result.passed
    play_s = (time.perf_counter() - t0) / args.repeat
    n = len(loaded)
    print(f"scenarios: {n} in {len(files)} files, {passed} passed, {actions} actions")
    print(f"baseline A, parse YAML only : {parse_s * 1000:8.1f} ms  ({n / parse_s:9.0f} scen/s)")
    print(f"baseline B, initial states  : {setup_s * 1000:8.1f} ms  ({n / setup_s:9.0f} scen/s)")
    print(f"full play (setup+actions+expect): {play_s * 1000:8.1f} ms  "
          f"{n / play_s:8.0f} scenarios/s  {actions / play_s:8.0f} actions/s")
    print(f"ratio full / baseline B: {play_s / setup_s:.2f}x   full / baseline A: "
          f"{play_s / parse_s:.2f}x")

    cards = CardLibrary(source)
    deck = [d for d in DECK if cards.get(d) is not None]
    t0 = time.perf_counter()
    for seed in range(args.games):
        simulate.new_game(cards, {"alice": deck, "bob": deck}, seed=seed)
    base_games = time.perf_counter() - t0
    moves = 0
    t0 = time.perf_counter()
    for seed in range(args.games):
        game = simulate.new_game(cards, {"alice": deck, "bob": deck}, seed=seed)
        moves += simulate.play_random(game, seed, max_moves=100)
    games_s = time.perf_counter() - t0
    print(f"simulated games: {args.games} x 100 moves: {args.games / games_s:7.1f} games/s, "
          f"{moves / games_s:8.0f} moves/s; baseline (deal only) {args.games / base_games:7.0f} "
          f"games/s; ratio {games_s / base_games:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
