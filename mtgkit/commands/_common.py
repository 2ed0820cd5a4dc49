"""Helpers shared by the command modules: opening the database, errors."""

from __future__ import annotations

import argparse
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from db import Store, connect
from db.errors import StoreError
from db.store import default_db_path, latest_version
from mtgkit.errors import UserError


def counted(count: int, noun: str) -> str:
    """``1 card``, ``2 cards``, ``1,000 cards``: a count with its noun in the right number
    (``noun`` is the singular; English plurals here all take an ``s``)."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def open_store(args: argparse.Namespace, *, read_only: bool = False,
               must_exist: bool = False) -> Store:
    """Open the database named by ``--db`` (or the default), as a :class:`UserError` on failure.

    ``must_exist`` (and ``read_only``, which can't create one) refuse a path with no database
    file instead of making a new empty one: a misspelt ``--db`` for a command that only reads
    would otherwise answer "0 cards" as if that were the truth. An existing file that is not a
    DuckDB database is refused by every command (DuckDB itself would open ``cards.json`` or
    ``x.parquet`` as a read-only view and the command would "succeed", storing nothing).

    ``read_only`` is what the reading commands use, so they run beside other readers: DuckDB
    lets any number of processes open one file read-only at once, but a process holding it
    read-write locks every other process out (readers too) until it closes the file. A
    read-only open of a file whose schema is older than this mtgkit migrates it first (one
    short read-write open), so a reader never meets a missing column.
    """
    path = Path(args.db) if getattr(args, "db", None) else None
    where = path if path is not None else default_db_path()
    if str(where) != ":memory:":
        if (must_exist or read_only) and not where.exists():
            raise UserError(f"no database at {where} (create one with `mtgkit build`, or give "
                            "--db PATH)")
        check_duckdb_file(where)
    try:
        store = connect(path, read_only=read_only)
        if read_only and store.schema_version() < latest_version():
            store.close()
            connect(path).close()  # migrate, then read
            store = connect(path, read_only=True)
        return store
    except StoreError as exc:
        raise UserError(str(exc)) from exc
    except duckdb.Error as exc:  # a lock held elsewhere, a damaged file
        if "lock" in str(exc).lower():
            raise UserError(
                f"{where}: the database is open read-write in another process (DuckDB lets "
                "a writer exclude every other process; wait for it to finish): "
                f"{str(exc).split(chr(10))[0]}") from exc
        raise UserError(f"{where}: {exc}") from exc


def check_duckdb_file(path: Path) -> None:
    """Refuse (``UserError``) a ``--db`` path that exists and is not a DuckDB database file.

    A DuckDB file has the magic bytes ``DUCK`` at offset 8 (after its header checksum); an
    absent path is fine (the writing commands create it).
    """
    try:
        if not path.exists():
            return
        if path.is_dir():
            raise UserError(f"--db {path} is a directory, not a DuckDB database file")
        with open(path, "rb") as fh:
            head = fh.read(12)
    except OSError as exc:
        raise UserError(f"--db {path}: cannot read it: {exc.strerror or exc}") from exc
    if head[8:12] != DUCKDB_MAGIC:
        what = _looks_like(head)
        raise UserError(f"--db {path} is not a DuckDB database{what}; --db names the database "
                        "file mtgkit keeps (e.g. mtgkit.duckdb); card files go to "
                        "`mtgkit build --cards FILE` or `mtgkit load cards FILE`")


DUCKDB_MAGIC = b"DUCK"


def _looks_like(head: bytes) -> str:
    if not head:
        return " (the file is empty)"
    if head[:4] == b"PAR1":
        return " (it is a Parquet file)"
    if head[:2] == b"\x1f\x8b":
        return " (it is gzip-compressed)"
    if head.lstrip()[:1] in (b"[", b"{"):
        return " (it looks like JSON)"
    return ""


@contextmanager
def ctrl_c_deferred() -> Iterator[None]:
    """Hold a Ctrl-C that arrives during the block and raise it once the block is done.

    DuckDB notices a pending SIGINT inside its own calls and aborts them with one of several
    exception types (an interrupted query, a failed ``register``, an aborted transaction), so a
    Ctrl-C landing in a write would lose that batch and surface as a confusing error. Writes
    that take milliseconds run under this instead; the interrupt follows right after them.
    """
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield  # signal handlers live in the main thread only; an ignored SIGINT stays so
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if caught:
        raise KeyboardInterrupt
