"""Benchmark: how a simulation run scales: 1 and 2 local workers, a local Ray with 1 and 2 CPUs.

All four play the same games (one run spec, the same per-game seeds: the rows are identical,
which this script also checks), one after the other in one process, and print games/s with
the ratio to one local worker (the baseline, measured in the same run). For Ray it prints the
start-up of the local Ray (``ray.init``) apart: it is paid once per run, not per game, so the
games/s figures are from the first task submitted to the last batch received (worker processes
starting and unpickling the card data included, as in a real run).

Run: ``python bench/simulate_scale.py [--games N] [--decks a,b] [--batch N]``. Needs the ray
extra for the Ray rows (skipped with a note otherwise). Keep it modest: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rules_engine.cards import DictCardSource, default_sample_path, read_card_file  # noqa: E402
from rules_engine.deckfile import read_deck, sample_decks_dir  # noqa: E402
from rules_engine.sim_runner import RunSpec, card_dicts_for, run_games  # noqa: E402


def _spec(decks: list[str], seed: int, max_turns: int) -> RunSpec:
    source = DictCardSource(read_card_file(default_sample_path()))
    names = [read_deck(sample_decks_dir() / f"{d}.txt").card_names() for d in decks]
    return RunSpec(cards=card_dicts_for(source.get, names[0] + names[1]),
                   deck_a=tuple(names[0]), deck_b=tuple(names[1]), seed=seed,
                   max_turns=max_turns)


def _rows(records) -> list[tuple]:
    return sorted((r.game, r.seed, r.winner, r.turns, r.reason, r.moves, tuple(r.events))
                  for r in records)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--decks", default="day_night,initiative")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=40)
    parser.add_argument("--batch", type=int, default=25, help="games per Ray task")
    args = parser.parse_args()
    decks = args.decks.split(",")
    decks = (decks * 2)[:2]
    spec = _spec(decks, args.seed, args.max_turns)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.games} games {decks[0]} vs {decks[1]}, seed {args.seed}, "
          f"{os.cpu_count()} cores on this machine, load average {load:.1f} (figures from a "
          "busy machine do not show scaling)")
    print(f"{'backend':26} {'games/s':>8} {'ratio':>6} {'start-up s':>11}  same rows")

    results: dict[str, float] = {}
    baseline_rows: list[tuple] | None = None

    def report(label: str, seconds: float, rows: list[tuple], startup: float | None) -> None:
        nonlocal baseline_rows
        rate = args.games / seconds
        results[label] = rate
        if baseline_rows is None:
            baseline_rows = rows
        base = next(iter(results.values()))
        start = f"{startup:11.1f}" if startup is not None else f"{'-':>11}"
        print(f"{label:26} {rate:8.1f} {rate / base:6.2f} {start}  "
              f"{'yes' if rows == baseline_rows else 'NO'}", flush=True)

    for workers in (1, 2):
        t0 = time.perf_counter()
        records = list(run_games(spec, args.games, workers))
        report(f"local, {workers} worker{'s' * (workers > 1)}", time.perf_counter() - t0,
               _rows(records), None)

    try:
        from rules_engine.sim_ray import import_ray, plan_batches, ray_session, run_batches

        import_ray(local=True)
    except Exception as exc:  # noqa: BLE001 - the extra is optional
        print(f"(Ray rows skipped: {exc})")
        return 0
    for cpus in (1, 2):
        t0 = time.perf_counter()
        with ray_session(None, cpus) as ray:
            startup = time.perf_counter() - t0
            t1 = time.perf_counter()
            records = [r for _, batch in run_batches(
                ray, spec, plan_batches(range(args.games), args.batch)) for r in batch]
            seconds = time.perf_counter() - t1
        report(f"Ray local, {cpus} CPU{'s' * (cpus > 1)}", seconds, _rows(records), startup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
