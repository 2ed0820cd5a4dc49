"""How fast ``mtgkit build`` makes a database, beside DuckDB's own ``read_json``.

    python bench/load_cards.py --n 100000          # time, with the read_json floor
    python bench/load_cards.py --n 100000 --repeat 3
    python bench/load_cards.py --memory-gb 1       # peak memory loading a ~1 GB file

Ours is the whole command as a user runs it, in a child process: ``python -m mtgkit
--db X build --cards FILE`` (start-up, reading and checking every record, storing
cards and faces, tagging every card, the commits). The floor is DuckDB's ``read_json``
of the same file into a plain table, also in a child process (``import duckdb``, connect,
``CREATE TABLE ... AS SELECT * FROM read_json(...)``, close): no per-record checks, no
faces, no tags. mtgkit must stay within 3x of it. With ``--repeat`` each is run that many
times, alternating, and the best of each is compared (the machine may be shared: the
best run is the one least disturbed). Peak memory is measured in a child process
(``ru_maxrss``), so the parent's own allocations do not count.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._child import MeasuredProcess  # noqa: E402
from bench._synthetic import synthetic_cards, write_jsonl  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def _child(args: list[str]) -> tuple[float, float, float, str]:
    """Run a child process: (wall seconds, CPU seconds, peak RSS MiB, stdout), the last two of
    this command alone (``bench/_child.py``'s launcher, so this script's memory is not
    counted)."""
    with tempfile.TemporaryFile() as out:
        usage = MeasuredProcess(args, stdout=out, stderr=subprocess.DEVNULL, cwd=REPO).wait()
        if usage.returncode != 0:
            sys.exit(f"{args[:4]}... failed with status {usage.returncode}")
        out.seek(0)
        text = out.read().decode()
    return usage.seconds, usage.cpu, usage.peak_mb, text


def time_build(path: Path, db: Path) -> tuple[float, float, float, str]:
    """``mtgkit build`` of ``path`` into a fresh ``db``, as a user runs it."""
    db.unlink(missing_ok=True)
    elapsed, cpu, peak, out = _child([sys.executable, "-m", "mtgkit", "--db", str(db), "build",
                                      "--cards", str(path)])
    return elapsed, cpu, peak, out.strip().splitlines()[-1]


_READ_JSON = (
    "import sys, duckdb; con = duckdb.connect(sys.argv[2]); "
    "con.execute('SET enable_progress_bar = false'); con.execute("
    "\"CREATE TABLE raw AS SELECT * FROM read_json(?, format='newline_delimited', "
    "maximum_object_size=16777216, sample_size=-1)\", [sys.argv[1]]); "
    "print(con.execute('SELECT count(*) FROM raw').fetchone()[0]); con.close()"
)


def time_read_json(path: Path, db: Path) -> tuple[float, float, float, int]:
    """DuckDB's own read_json of the same file into a table, in a child process."""
    db.unlink(missing_ok=True)
    elapsed, cpu, peak, out = _child([sys.executable, "-c", _READ_JSON, str(path), str(db)])
    return elapsed, cpu, peak, int(out.strip())


def peak_memory(path: Path, db: Path) -> float:
    """Peak resident memory (MiB) of a child process that loads ``path``."""
    code = (
        "import resource, sys; sys.path.insert(0, sys.argv[3]);"
        "from db import connect; from db.load import load_card_files;"
        "s = connect(sys.argv[2]); load_card_files(s, [sys.argv[1]], progress=False); s.close();"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    repo = str(Path(__file__).resolve().parent.parent)
    out = subprocess.run([sys.executable, "-c", code, str(path), str(db), repo],
                         check=True, capture_output=True, text=True)
    return int(out.stdout.strip().splitlines()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="synthetic cards to load")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each; the best counts")
    parser.add_argument("--memory-gb", type=float, default=0.0,
                        help="also measure peak memory loading a file of about this size")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        path = tmpdir / "cards.jsonl"
        write_jsonl(path, synthetic_cards(args.n))
        size_mb = path.stat().st_size / 1e6
        ours, floors, summary, raw_rows = [], [], "", 0
        for _ in range(max(1, args.repeat)):
            *floor, raw_rows = time_read_json(path, tmpdir / "raw.duckdb")
            floors.append(floor)
            *run, summary = time_build(path, tmpdir / "mtgkit.duckdb")
            ours.append(run)
        best, floor = min(ours), min(floors)
        print(f"cards: {args.n:,} ({size_mb:.0f} MB jsonl); best of {len(ours)} run(s) each; "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"mtgkit build (start-up, load, classify): {best[0]:6.2f} s  "
              f"(CPU {best[1]:.2f} s, peak RSS {best[2]:,.0f} MiB; "
              f"runs {', '.join(f'{t[0]:.2f}' for t in ours)})")
        print(f"  {summary}")
        print(f"duckdb read_json into a table:          {floor[0]:6.2f} s  "
              f"(CPU {floor[1]:.2f} s, peak RSS {floor[2]:,.0f} MiB; "
              f"runs {', '.join(f'{t[0]:.2f}' for t in floors)}; {raw_rows:,} rows)")
        print(f"ratio build / read_json: {best[0] / floor[0]:.2f}x wall (target <= 3x), "
              f"{min(t[1] for t in ours) / min(t[1] for t in floors):.2f}x CPU")
        if args.memory_gb:
            big = tmpdir / "big.jsonl"
            per_card = path.stat().st_size / args.n
            write_jsonl(big, synthetic_cards(int(args.memory_gb * 1e9 / per_card)))
            mib = peak_memory(big, tmpdir / "big.duckdb")
            print(f"peak memory loading {big.stat().st_size / 1e9:.2f} GB: {mib:,.0f} MiB "
                  f"(target < 1024 MiB); this process: "
                  f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MiB")


if __name__ == "__main__":
    main()
