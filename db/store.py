"""Open a DuckDB file and bring its schema up to date.

The schema is a numbered list of SQL files in ``db/migrations`` (``001_cards.sql``,
``002_...``). ``schema_version`` records the highest one applied, so an older file
is migrated forward in place, and a file from a newer mtgkit (a version we have no
migration for) is refused rather than half-understood.
"""

from __future__ import annotations

import os
import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import duckdb

from db.errors import SchemaTooNew

DEFAULT_DB_NAME = "mtgkit.duckdb"
# Rows per row group in the tables mtgkit writes (DuckDB's default is 122,880). Why smaller:
# DuckDB writes a large append straight to the file a full row group at a time while the
# statement runs, and scans a table with one thread per row group. With the default, a
# 100k-card load filled no row group, so its COMMIT wrote every table through one thread at
# the end, and the search-index refresh read the cards on one core. The size is an option
# of ATTACH (DuckDB does not store it in the file), hence how a writable file is opened.
ROW_GROUP_SIZE = 16_384
# The catalog name a writable database is attached under (see connect).
_CATALOG = "mtgkit"
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def default_db_path() -> Path:
    """``$MTGKIT_DB`` if set, else ``./mtgkit.duckdb`` (the CLI's ``--db`` wins over both)."""
    return Path(os.environ.get("MTGKIT_DB") or DEFAULT_DB_NAME)


def migrations() -> list[tuple[int, str, str]]:
    """All shipped migrations as ``(version, file name, sql)``, in order."""
    found = []
    for entry in resources.files("db.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    return found


def latest_version() -> int:
    """The schema version this mtgkit writes."""
    return migrations()[-1][0]


@dataclass
class Store:
    """An open mtgkit database: a DuckDB connection whose schema is current."""

    con: duckdb.DuckDBPyConnection
    path: Path

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """Run a block in one transaction: all of it lands, or none of it (also on Ctrl-C).

        A Ctrl-C during the COMMIT itself is held until the commit is done (it takes up to
        a second or so for 100k cards) and raised right after: interrupting DuckDB inside a
        commit would leave the caller unsure whether the work landed.
        """
        try:
            # (inside the try: a Ctrl-C may land just after BEGIN ran, and must roll it back)
            self.con.execute("BEGIN TRANSACTION")
            yield self.con
            with sigint_held():
                self.con.execute("COMMIT")
        except BaseException as exc:
            self._rollback()
            if is_interrupt(exc) and not isinstance(exc, KeyboardInterrupt):
                # DuckDB turns a Ctrl-C that lands inside a query into its own error; callers
                # that keep finished work on Ctrl-C (load, scrape, simulate) catch one kind
                raise KeyboardInterrupt(str(exc)) from exc
            raise

    def _rollback(self) -> None:
        """ROLLBACK, if a transaction is open (it may not be when BEGIN itself was interrupted)."""
        try:
            self.con.execute("ROLLBACK")
        except duckdb.Error:
            pass

    def schema_version(self) -> int:
        return _current_version(self.con)

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextmanager
def sigint_held() -> Iterator[None]:
    """Hold a Ctrl-C (SIGINT) that arrives during the block; raise KeyboardInterrupt after it.

    Only in the main thread (where Python runs signal handlers); elsewhere a plain block.
    """
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield  # (SIGINT ignored, e.g. under nohup or `&`: it stays ignored)
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if caught:
        raise KeyboardInterrupt


def cursor(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """A new cursor (DuckDB connection) on the same database as ``con``, for another thread.

    Why not ``con.cursor()`` alone: a cursor starts in the instance's default catalog, and a
    writable mtgkit database is attached under a catalog of its own (:func:`connect`).
    """
    new = con.cursor()
    try:
        name = con.execute("SELECT current_database()").fetchone()[0]
        new.execute("USE " + '"' + name.replace('"', '""') + '"')
    except BaseException:
        new.close()
        raise
    return new


def is_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is a Ctrl-C: Python's, or DuckDB's for a query it interrupted (an
    ``InterruptException``, or a ``RuntimeError`` "Query interrupted" from some calls)."""
    if isinstance(exc, KeyboardInterrupt | duckdb.InterruptException):
        return True
    return isinstance(exc, RuntimeError) and "interrupted" in str(exc).lower()


def _current_version(con: duckdb.DuckDBPyConnection) -> int:
    has_table = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'schema_version'"
    ).fetchone()[0]
    if not has_table:
        return 0
    row = con.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(con: duckdb.DuckDBPyConnection, path: Path | str = "<memory>") -> int:
    """Apply every migration newer than the file's version, each in its own transaction."""
    current = _current_version(con)
    latest = latest_version()
    if current > latest:
        raise SchemaTooNew(
            f"{path}: schema version {current} is newer than this mtgkit understands "
            f"(up to {latest}); upgrade mtgkit or use another --db file"
        )
    con.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        "version INTEGER PRIMARY KEY, name VARCHAR, applied_at TIMESTAMP DEFAULT now())"
    )
    for version, name, sql in migrations():
        if version <= current:
            continue
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(sql)
            con.execute("INSERT INTO schema_version (version, name) VALUES (?, ?)", [version, name])
        except BaseException:
            con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")
    return latest


def connect(path: Path | str | None = None, *, read_only: bool = False) -> Store:
    """Open (creating if needed) the database at ``path`` and migrate it to the current schema."""
    db_path = Path(path) if path is not None else default_db_path()
    if str(db_path) != ":memory:" and not read_only:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    # DuckDB draws its own progress bar on stdout for long queries, which would corrupt
    # output meant for pipes (`mtgkit search --format json`); mtgkit shows progress itself.
    if read_only or str(db_path) == ":memory:":  # (nothing to write: no row groups to size)
        con = duckdb.connect(str(db_path), read_only=read_only)
    else:
        con = duckdb.connect()
        literal = "'" + str(db_path).replace("'", "''") + "'"
        try:
            con.execute(f"ATTACH {literal} AS {_CATALOG} (ROW_GROUP_SIZE {ROW_GROUP_SIZE})")
            con.execute(f"USE {_CATALOG}")
        except BaseException:
            con.close()
            raise
    try:
        con.execute("SET enable_progress_bar = false")
        if read_only:
            current = _current_version(con)
            if current > latest_version():
                raise SchemaTooNew(
                    f"{db_path}: schema version {current} is newer than this mtgkit understands"
                )
        else:
            migrate(con, db_path)
    except BaseException:
        con.close()
        raise
    return Store(con=con, path=db_path)
