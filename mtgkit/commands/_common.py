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
from db.store import default_db_path
from mtgkit.errors import UserError


def open_store(args: argparse.Namespace, *, read_only: bool = False,
               must_exist: bool = False) -> Store:
    """Open the database named by ``--db`` (or the default), as a :class:`UserError` on failure.

    ``must_exist`` (and ``read_only``, which can't create one) refuse a path with no database
    file instead of making a new empty one: a misspelt ``--db`` for a command that only reads
    would otherwise answer "0 cards" as if that were the truth.
    """
    path = Path(args.db) if getattr(args, "db", None) else None
    where = path if path is not None else default_db_path()
    if (must_exist or read_only) and str(where) != ":memory:" and not where.exists():
        raise UserError(f"no database at {where} (create one with `mtgkit build`, or give "
                        "--db PATH)")
    try:
        return connect(path, read_only=read_only)
    except StoreError as exc:
        raise UserError(str(exc)) from exc
    except duckdb.Error as exc:  # a file that is not a DuckDB database, a lock held elsewhere
        raise UserError(f"{where}: {exc}") from exc


@contextmanager
def ctrl_c_deferred() -> Iterator[None]:
    """Hold a Ctrl-C that arrives during the block and raise it once the block is done.

    DuckDB notices a pending SIGINT inside its own calls and aborts them with one of several
    exception types (an interrupted query, a failed ``register``, an aborted transaction), so a
    Ctrl-C landing in a write would lose that batch and surface as a confusing error. Writes
    that take milliseconds run under this instead; the interrupt follows right after them.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers live in the main thread only
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if caught:
        raise KeyboardInterrupt
