"""How fast mtgkit's loader fills the store, beside DuckDB's own ``read_json``.

    python bench/load_cards.py --n 100000          # time, with the read_json floor
    python bench/load_cards.py --memory-gb 1       # peak memory loading a ~1 GB file

The floor is DuckDB's ``read_json`` of the same file into a plain table: no
per-record checks, no faces, no upsert. mtgkit must stay within 3x of it.
Peak memory is measured in a child process (``ru_maxrss``), so the parent's own
allocations do not count.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._synthetic import synthetic_cards, write_jsonl  # noqa: E402


def time_mtgkit(path: Path, db: Path) -> tuple[float, int]:
    from db import connect
    from db.load import load_card_files

    start = time.perf_counter()
    with connect(db) as store:
        report = load_card_files(store, [path], progress=False)
        rows = store.con.execute("SELECT count(*) FROM cards").fetchone()[0]
    elapsed = time.perf_counter() - start
    assert rows == report.cards or rows <= report.cards
    return elapsed, rows


def time_read_json(path: Path, db: Path) -> tuple[float, int]:
    import duckdb

    start = time.perf_counter()
    con = duckdb.connect(str(db))
    con.execute(
        "CREATE TABLE raw AS SELECT * FROM read_json(?, format='newline_delimited', "
        "maximum_object_size=16777216, sample_size=-1)",
        [str(path)],
    )
    rows = con.execute("SELECT count(*) FROM raw").fetchone()[0]
    con.close()
    return time.perf_counter() - start, rows


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
    parser.add_argument("--memory-gb", type=float, default=0.0,
                        help="also measure peak memory loading a file of about this size")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        path = tmpdir / "cards.jsonl"
        write_jsonl(path, synthetic_cards(args.n))
        size_mb = path.stat().st_size / 1e6
        ours, rows = time_mtgkit(path, tmpdir / "mtgkit.duckdb")
        floor, raw_rows = time_read_json(path, tmpdir / "raw.duckdb")
        print(f"cards: {args.n:,} ({size_mb:.0f} MB jsonl)")
        rate = args.n / ours
        print(f"mtgkit load_card_files: {ours:6.2f} s  ({rows:,} rows, {rate:,.0f} cards/s)")
        print(f"duckdb read_json floor: {floor:6.2f} s  ({raw_rows:,} rows)")
        print(f"ratio mtgkit / read_json: {ours / floor:.2f}x  (target <= 3x, and < 10 s)")
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
