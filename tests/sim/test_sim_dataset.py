"""``mtgkit simulate --out DIR``: the Parquet dataset reads back in DuckDB and pandas with the
columns and dtypes docs/cli.md documents, holds the database's rows, and (with ``--no-store``)
resumes after a real Ctrl-C like the database does."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from db import connect
from mtgkit.cli import main
from tests.child_signals import default_sigint

REPO = Path(__file__).resolve().parents[2]
GAMES = 120
ARGS = ["simulate", "--deck", "day_night", "--deck", "initiative", "--games", str(GAMES),
        "--seed", "5", "--max-turns", "10", "--no-progress", "--batch", "8"]


def documented_columns(table: str) -> list[tuple[str, str, str]]:
    """(column, DuckDB type, pandas dtype) rows of the docs/cli.md table for ``table``."""
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    block = text.split(f"<!-- dataset columns: {table} -->", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in block.splitlines()[3:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append((cells[0].strip("`"), cells[1], cells[2]))
    return rows


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A run stored in a database and, alongside, in a dataset."""
    root = tmp_path_factory.mktemp("dataset")
    db, out = root / "sim.duckdb", root / "runs"
    assert main(["--db", str(db), *ARGS, "--out", str(out)]) == 0
    return db, out


@pytest.mark.parametrize("table", ["sim_games", "sim_events", "sim_runs"])
def test_dataset_columns_are_the_documented_ones(stored, table: str) -> None:
    _, out = stored
    documented = documented_columns(table)
    assert documented, f"no column table for {table} in docs/cli.md"
    described = duckdb.sql(
        f"DESCRIBE SELECT * FROM read_parquet('{out}/{table}/**/*.parquet', "
        "hive_partitioning = true)").fetchall()
    assert [(name, kind) for name, kind, *_ in described] == [(c, d) for c, d, _ in documented]
    frame = pd.read_parquet(out / table)
    # (pandas puts the partition columns in path order: run_id, then batch)
    assert sorted(frame.columns) == sorted(c for c, _, _ in documented)
    for column, _, dtype in documented:
        got = str(frame[column].dtype)
        # (strings are `str` from pandas 3 on, `object` before)
        assert got == dtype or (dtype == "str" and got == "object"), (column, got)


def test_dataset_holds_the_database_rows(stored, tmp_path: Path) -> None:
    db, out = stored
    with connect(db) as store:
        games = store.con.execute("SELECT * FROM sim_games ORDER BY game").fetchall()
        events = store.con.execute("SELECT * FROM sim_events ORDER BY game, seq").fetchall()
    cols_g = "run_id::INTEGER, * EXCLUDE (run_id, batch)"
    read = duckdb.sql(f"SELECT {cols_g} FROM read_parquet('{out}/sim_games/**/*.parquet', "
                      "hive_partitioning = true) ORDER BY game").fetchall()
    assert read == games and len(games) == GAMES
    read = duckdb.sql(f"SELECT {cols_g} FROM read_parquet('{out}/sim_events/**/*.parquet', "
                      "hive_partitioning = true) ORDER BY game, seq").fetchall()
    assert read == events
    batches = duckdb.sql(f"SELECT batch, count(*) FROM read_parquet("
                         f"'{out}/sim_games/**/*.parquet', hive_partitioning = true) "
                         "GROUP BY batch ORDER BY batch").fetchall()
    assert batches == [(i, 8) for i in range(GAMES // 8)]  # --batch 8
    # export reads either source to the same file
    export = ["export", "--table", "sim_events", "--format", "csv", "--out"]
    assert main(["--db", str(db), *export, str(tmp_path / "db.csv")]) == 0
    assert main([*export, str(tmp_path / "ds.csv"), "--dataset", str(out)]) == 0
    assert (tmp_path / "db.csv").read_bytes() == (tmp_path / "ds.csv").read_bytes()


def test_a_dataset_of_another_run_is_refused(stored, tmp_path: Path, capsys) -> None:
    _, out = stored
    other = tmp_path / "other.duckdb"  # its run 1 has another seed: not the dataset's run 1
    args = [("6" if a == "5" and ARGS[i - 1] == "--seed" else a) for i, a in enumerate(ARGS)]
    code = main(["--db", str(other), *args, "--out", str(out)])
    assert code == 2
    assert "run_id=1 there holds other games" in capsys.readouterr().err


def test_no_store_dataset_resumes_after_ctrl_c(stored, tmp_path: Path, capsys) -> None:
    """With --no-store the dataset is the record: interrupted, the same command resumes it."""
    db, _ = stored
    out = tmp_path / "only"
    command = [*ARGS, "--no-store", "--out", str(out)]
    child = [a for a in command if a != "--no-progress"]  # (it waits for a progress line)
    proc = subprocess.Popen([sys.executable, "-m", "mtgkit", *child], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_sigint)
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if " games stored" in line:
            proc.send_signal(signal.SIGINT)
            break
    _, rest = proc.communicate(timeout=120)
    err = "".join(seen) + rest
    assert proc.returncode == 130, err
    kept = int(re.search(rf"interrupted: (\d+) of {GAMES} games of run 1 stored in", err)[1])
    assert 8 <= kept < GAMES
    assert main(command) == 0
    captured = capsys.readouterr()
    assert f"resuming run 1: {kept} of {GAMES} games already stored" in captured.err
    # the resumed dataset holds the rows of the uninterrupted database run
    with connect(db) as store:
        want = store.con.execute("SELECT * EXCLUDE (run_id) FROM sim_games ORDER BY game"
                                 ).fetchall()
        want_events = store.con.execute(
            "SELECT * EXCLUDE (run_id) FROM sim_events ORDER BY game, seq").fetchall()
    have = duckdb.sql(f"SELECT * EXCLUDE (run_id, batch) FROM read_parquet("
                      f"'{out}/sim_games/**/*.parquet', hive_partitioning = true) "
                      "ORDER BY game").fetchall()
    have_events = duckdb.sql(f"SELECT * EXCLUDE (run_id, batch) FROM read_parquet("
                             f"'{out}/sim_events/**/*.parquet', hive_partitioning = true) "
                             "ORDER BY game, seq").fetchall()
    assert have == want and have_events == want_events
    # complete now: the same command again plays nothing
    assert main(command) == 0
    assert "is already complete" in capsys.readouterr().out
