"""A simulation run as a Parquet dataset that DuckDB, pandas and Spark read directly.

Layout (Hive partitioning: the partition values live in the directory names, not the files)::

    DIR/sim_runs/run_id=3/part-0.parquet              one row: the run (rewritten when it ends)
    DIR/sim_games/run_id=3/batch=0/part-0.parquet     the games of one stored batch
    DIR/sim_events/run_id=3/batch=0/part-0.parquet    their recorded events

so ``read_parquet('DIR/sim_games/**/*.parquet', hive_partitioning = true)`` in DuckDB,
``pandas.read_parquet('DIR/sim_games')`` or ``spark.read.parquet('DIR/sim_games')`` give one
table with ``run_id`` and ``batch`` columns. The file columns are those of the database tables
(:data:`db.sim.GAME_COLUMNS`, :data:`db.sim.EVENT_COLUMNS`) minus ``run_id``.

Why batches: a batch is what one store step (one Ray task, or ``--batch`` games of a local run)
produced, so a run that grows (or resumes after Ctrl-C) adds files and never rewrites any.
Every file is written under a temporary name and renamed into place, events before games: a
batch counts as stored once its games file exists; an events file without one (a crash between
the two) is removed the next time the run is opened.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from db.export import SIM_ORDER, open_output, write_batches
from db.sim import EVENT_COLUMNS, GAME_COLUMNS, check_sim_export

PART = "part-0.parquet"
TABLES = ("sim_games", "sim_events", "sim_runs")
RUN_FIELDS = (("seed", pa.int64()), ("games", pa.int32()), ("policy", pa.string()),
              ("deck_a", pa.string()), ("deck_b", pa.string()), ("workers", pa.int32()),
              ("max_turns", pa.int32()), ("spec_key", pa.string()),
              ("started_at", pa.timestamp("us")), ("finished_at", pa.timestamp("us")))

# sim_runs columns in the order of the database table (an export reads the same either way)
RUN_COLUMNS = ("run_id", "started_at", "seed", "games", "policy", "deck_a", "deck_b", "workers",
               "max_turns", "spec_key", "finished_at")


class DatasetError(ValueError):
    """A dataset directory that cannot take this run (another run's files, a stray file)."""


def file_mode() -> int:
    """The mode a plain new file gets here (0o666 minus the umask): temporary files are made
    0o600, and a dataset is meant to be read by other users and jobs (a Spark cluster)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _write_atomic(table: pa.Table, path: Path) -> None:
    """Write under a hidden temporary name (Spark, DuckDB globs and pandas skip it), then
    rename into place: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(fd)
    try:
        pq.write_table(table, tmp)
        os.chmod(tmp, file_mode())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


class SimDataset:
    """The Parquet dataset under one directory (see the module docstring for the layout)."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        if self.root.exists() and not self.root.is_dir():
            raise DatasetError(f"{self.root}: --out must be a directory (a dataset), not a file")

    def _dir(self, table: str, run_id: int, batch: int | None = None) -> Path:
        path = self.root / table / f"run_id={run_id}"
        return path if batch is None else path / f"batch={batch}"

    # -- runs ----------------------------------------------------------------------------------

    def runs(self) -> list[dict[str, Any]]:
        """Every run in the dataset (``sim_runs`` rows with their ``run_id``), by run id."""
        found = []
        for path in sorted((self.root / "sim_runs").glob(f"run_id=*/{PART}")):
            run_id = _partition_value(path.parent.name, "run_id")
            row = pq.read_table(path).to_pylist()[0]
            found.append({"run_id": run_id, **row})
        return sorted(found, key=lambda r: r["run_id"])

    def run(self, run_id: int) -> dict[str, Any] | None:
        return next((r for r in self.runs() if r["run_id"] == run_id), None)

    def write_run(self, run_id: int, row: dict[str, Any]) -> None:
        """Write (or rewrite) the ``sim_runs`` row of a run."""
        values = {name: [row.get(name)] for name, _ in RUN_FIELDS}
        table = pa.table(values, schema=pa.schema(list(RUN_FIELDS)))
        _write_atomic(table, self._dir("sim_runs", run_id) / PART)

    def finish_run(self, run_id: int) -> None:
        row = self.run(run_id)
        if row is not None:
            row["finished_at"] = datetime.now()
            self.write_run(run_id, row)

    def next_run_id(self) -> int:
        runs = self.runs()
        return max((r["run_id"] for r in runs), default=0) + 1

    def find_run(self, spec_key: str, games: int) -> dict[str, Any] | None:
        """The newest run of ``games`` games with this spec key (finished or not), if any."""
        same = [r for r in self.runs() if r["spec_key"] == spec_key and r["games"] == games]
        return same[-1] if same else None

    def check_run(self, run_id: int, spec_key: str) -> None:
        """Refuse to add to a run of the same number that plays other games (a dataset written
        from another database, or with other cards, decks, seed, policy or limits)."""
        row = self.run(run_id)
        if row is not None and row["spec_key"] != spec_key:
            raise DatasetError(
                f"{self.root}: run_id={run_id} there holds other games (another database or "
                f"other options); give another --out directory")

    # -- batches -------------------------------------------------------------------------------

    def batches(self, run_id: int) -> dict[int, list[int]]:
        """Stored batches of a run: batch number -> its game numbers. Removes the events of a
        batch whose games file never arrived (an interrupted write)."""
        stored: dict[int, list[int]] = {}
        for path in (self._dir("sim_games", run_id)).glob(f"batch=*/{PART}"):
            games = pq.read_table(path, columns=["game"]).column("game").to_pylist()
            stored[_partition_value(path.parent.name, "batch")] = games
        for path in (self._dir("sim_events", run_id)).glob("batch=*"):
            if _partition_value(path.name, "batch") not in stored:
                shutil.rmtree(path)
        return stored

    def game_numbers(self, run_id: int) -> set[int]:
        return {g for games in self.batches(run_id).values() for g in games}

    def next_batch(self, run_id: int) -> int:
        return max(self.batches(run_id), default=-1) + 1

    def drop_batch(self, run_id: int, batch: int) -> None:
        """Remove a stored batch (its games first, so it stops counting at once)."""
        for table in ("sim_games", "sim_events"):
            path = self._dir(table, run_id, batch)
            if path.exists():
                shutil.rmtree(path)

    def write_batch(self, run_id: int, batch: int, games: pa.Table, events: pa.Table) -> int:
        """Store one batch: the tables of :func:`db.sim.record_tables` (their ``run_id``
        column becomes the partition). Events first, games last: see the module docstring."""
        if not games.num_rows:
            return 0
        _write_atomic(events.drop_columns(["run_id"]),
                      self._dir("sim_events", run_id, batch) / PART)
        _write_atomic(games.drop_columns(["run_id"]),
                      self._dir("sim_games", run_id, batch) / PART)
        return games.num_rows

    # -- reading -------------------------------------------------------------------------------

    def read_sql(self, table: str) -> str:
        """A DuckDB table expression over one table of the dataset, with the columns (and
        dtypes) of the database table of the same name; raises when the table has no files."""
        if table not in TABLES:
            raise DatasetError(f"unknown table {table!r} (choose from {', '.join(TABLES)})")
        if not self.root.is_dir():
            raise DatasetError(f"no dataset at {self.root} (write one with `mtgkit simulate "
                               f"... --out {self.root}`)")
        if not any((self.root / table).glob(f"**/{PART}")):
            raise DatasetError(f"{self.root}: no {table} files in this dataset")
        glob = str(self.root / table / "**" / PART).replace("'", "''")
        columns = {"sim_games": GAME_COLUMNS, "sim_events": EVENT_COLUMNS,
                   "sim_runs": RUN_COLUMNS}[table]
        select = ", ".join("CAST(run_id AS INTEGER) AS run_id" if c == "run_id" else c
                           for c in columns)
        return (f"(SELECT {select} FROM read_parquet('{glob}', hive_partitioning = true, "
                f"union_by_name = true))")


def _partition_value(name: str, key: str) -> int:
    prefix = f"{key}="
    if not name.startswith(prefix) or not name[len(prefix):].isdigit():
        raise DatasetError(f"unexpected directory {name!r} in a simulation dataset "
                           f"(expected {key}=<number>)")
    return int(name[len(prefix):])


def export_dataset_table(dataset: Path, table: str, fmt: str, out: str | os.PathLike[str],
                         run_id: int | None = None) -> int:
    """Write one table of a ``simulate --out DIR`` dataset (optionally one run) to ``out``,
    with the columns and dtypes of the database table of the same name; the file appears
    whole or not at all (``-`` is standard output). Returns the rows written."""
    check_sim_export(table, fmt)
    where, params = ("WHERE run_id = ?", [run_id]) if run_id is not None else ("", [])
    with duckdb.connect() as con:
        reader = con.sql(f"SELECT * FROM {SimDataset(dataset).read_sql(table)} {where} "
                         f"ORDER BY {SIM_ORDER[table]}", params=params).to_arrow_reader(10_000)
        with open_output(out) as fh:
            return write_batches(reader, fmt, fh)
