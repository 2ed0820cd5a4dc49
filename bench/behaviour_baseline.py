"""Record or compare what the rules engine visibly does, for refactors that must not change it.

A refactor of ``rules_engine`` (issue 11: layers, registries, module splits) is only safe if
every game it plays is the same game. This script captures what a user can see, strips what
legitimately varies between runs (wall-clock timings, absolute paths, run ids and timestamps),
and stores one SHA-256 digest per artefact plus the callgrind instruction count in
``bench/baselines/behaviour.json`` (small, committed)::

    python bench/behaviour_baseline.py record            # on the tree before the change
    python bench/behaviour_baseline.py compare           # after: exit 1 on any difference
    python bench/behaviour_baseline.py compare --no-callgrind   # quick check while working
    python bench/behaviour_baseline.py record --keep DIR # also keep the raw artefacts to diff

Artefacts:

- ``play_json``: ``mtgkit play tests/scenarios/ --format json`` (pass/fail per scenario);
- ``play_log``: ``mtgkit play tests/scenarios/ --log`` (every game log line of every scenario:
  a much finer check than pass/fail);
- ``sim:<a>-<b>``: ``mtgkit simulate`` with a fixed seed for every unordered pair of sample
  decks (mirrors included), ``sim_games`` and ``sim_events`` exported as CSV from a fresh
  temporary database each (``run_id`` dropped: it is a sequence, not behaviour);
- ``coverage``: ``mtgkit coverage --cards ../shared/data/cards/cards.jsonl --all-cards
  --format json`` (skipped with a note when ../shared is absent);
- ``callgrind``: instructions of ``bench/sim_fixed_games.py N`` minus ``... 0`` under
  ``valgrind --tool=callgrind`` (the games alone; ``PYTHONHASHSEED=0``); more than 5% over
  the baseline fails (fewer is reported).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "bench" / "baselines" / "behaviour.json"
CARDS = ROOT.parent / "shared" / "data" / "cards" / "cards.jsonl"
SIM_GAMES = 6       # games per deck pair: minutes for the 15 pairs, not hours
SIM_SEED = 11
CALLGRIND_GAMES = 2  # bench/sim_fixed_games.py N (3 pairs x N games)
TOLERANCE = 0.05


def _mtgkit(*args: str, db: str | None = None) -> str:
    """Run the CLI in the repo root with no ambient database, returning stdout."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("MTGKIT_DB", None)
    cmd = [sys.executable, "-m", "mtgkit"]
    if db:
        cmd += ["--db", db]
    proc = subprocess.run(cmd + list(args), cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"mtgkit {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc.stdout


def _clean(text: str) -> str:
    """Drop timings and absolute paths, which differ between runs and trees."""
    text = text.replace(str(ROOT), "<root>")
    text = re.sub(r"\d+(\.\d+)? s\b", "<t> s", text)
    text = re.sub(r"\d+(\.\d+)? (games|actions)/s", r"<r> \2/s", text)
    return text


def _decks() -> list[str]:
    out = _mtgkit("simulate", "--list-decks")
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def _sim_csv(a: str, b: str) -> str:
    import duckdb

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "sim.duckdb")
        _mtgkit("simulate", "--deck", a, "--deck", b, "--games", str(SIM_GAMES), "--seed",
                str(SIM_SEED), "--no-progress", db=db)
        con = duckdb.connect(db, read_only=True)
        parts = []
        for table, order in (("sim_games", "game"), ("sim_events", "game, seq")):
            rel = con.sql(f"SELECT * EXCLUDE (run_id) FROM {table} ORDER BY {order}")
            parts.append(table + "\n" + ",".join(rel.columns))
            parts.extend(",".join("" if v is None else str(v) for v in row)
                         for row in rel.fetchall())
        con.close()
    return "\n".join(parts) + "\n"


def artefacts() -> dict[str, str]:
    """Every artefact's cleaned text, by name."""
    out: dict[str, str] = {}
    out["play_json"] = _clean(_mtgkit("play", "tests/scenarios/", "--format", "json"))
    out["play_log"] = _clean(_mtgkit("play", "tests/scenarios/", "--log"))
    decks = _decks()
    for a, b in itertools.combinations_with_replacement(decks, 2):
        out[f"sim:{a}-{b}"] = _sim_csv(a, b)
    if CARDS.exists():
        out["coverage"] = _clean(_mtgkit("coverage", "--cards", str(CARDS), "--all-cards",
                                         "--format", "json"))
    else:
        print(f"note: {CARDS} absent; coverage skipped", file=sys.stderr)
    return out


def _callgrind(n: int) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0")
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         str(ROOT / "bench" / "sim_fixed_games.py"), str(n)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    m = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    if not m:
        raise SystemExit("no 'Collected' line in valgrind's output:\n" + proc.stderr[-2000:])
    return int(m.group(1))


def instructions() -> int:
    """Instructions of the games alone: N games minus the warm-up-only run."""
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind not installed")
    return _callgrind(CALLGRIND_GAMES) - _callgrind(0)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "compare"))
    ap.add_argument("--no-callgrind", action="store_true", help="skip the instruction count")
    ap.add_argument("--keep", metavar="DIR", help="write the raw artefacts into DIR")
    args = ap.parse_args(argv)

    arts = artefacts()
    if args.keep:
        keep = Path(args.keep)
        keep.mkdir(parents=True, exist_ok=True)
        for name, text in arts.items():
            (keep / (name.replace(":", "_") + ".txt")).write_text(text)
    digests = {name: _digest(text) for name, text in arts.items()}
    count = None if args.no_callgrind else instructions()

    if args.mode == "record":
        BASELINE.parent.mkdir(parents=True, exist_ok=True)
        data = {"sim_games_per_pair": SIM_GAMES, "sim_seed": SIM_SEED,
                "callgrind_games_per_pair": CALLGRIND_GAMES, "instructions": count,
                "digests": digests}
        BASELINE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(digests)} artefacts, instructions {count} -> {BASELINE}")
        return 0

    base = json.loads(BASELINE.read_text())
    bad = 0
    for name, want in base["digests"].items():
        got = digests.get(name)
        same = got == want
        bad += not same
        print(f"{'identical' if same else 'DIFFERENT'}  {name}")
    for name in digests.keys() - base["digests"].keys():
        print(f"new (not in baseline)  {name}")
    if count is not None and base.get("instructions"):
        ratio = count / base["instructions"]
        # a slowdown past the tolerance fails; fewer instructions is reported, not refused
        ok = ratio <= 1 + TOLERANCE
        bad += not ok
        verdict = "more than 5% fewer; fine" if ratio < 1 - TOLERANCE else \
            f"within {TOLERANCE:.0%}" if ok else f"MORE than {TOLERANCE:.0%} over"
        print(f"instructions {count} vs baseline {base['instructions']}: ratio {ratio:.4f} "
              f"({verdict})")
    print("all identical" if not bad else f"{bad} difference(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
