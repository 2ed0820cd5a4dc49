"""Read-only access to the store for a server that answers many requests at once.

One DuckDB connection, opened ``read_only`` for the life of the app, and a fresh cursor (DuckDB's
own connection to the same database, safe to use from its thread) for every request. Nothing is
ever written: the server can run beside ``mtgkit search`` or a second server on the same file.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from db.errors import StoreError
from db.store import Store, connect
from db.store import cursor as new_cursor


class DatabaseUnavailable(RuntimeError):
    """The file is missing or not a database mtgkit can read (a message for the user)."""


class Database:
    """A read-only store shared by request threads, each using its own cursor."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if not self.path.exists():
            raise DatabaseUnavailable(
                f"no database at {self.path} (create one with `mtgkit build`, or give --db PATH)")
        try:
            self._root = connect(self.path, read_only=True)
        except (StoreError, duckdb.Error) as exc:
            raise DatabaseUnavailable(f"{self.path}: {exc}") from exc
        tables = {r[0] for r in self._root.con.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()}
        missing = sorted({"cards", "card_faces", "card_mechanics", "rulings", "wiki_links",
                          "wiki_card_boxes", "wiki_pages"} - tables)
        if missing:
            self._root.close()
            raise DatabaseUnavailable(
                f"{self.path}: not an mtgkit database, or one from an older mtgkit (no "
                f"{', '.join(missing)} table); run `mtgkit --db {self.path} build` to bring it "
                "up to date")
        self._lock = threading.Lock()
        self._closed = False

    @contextmanager
    def store(self) -> Iterator[Store]:
        """A :class:`Store` over a new cursor, closed when the block ends."""
        with self._lock:
            if self._closed:
                raise DatabaseUnavailable("the server is shutting down")
            cursor = new_cursor(self._root.con)
        try:
            yield Store(con=cursor, path=self.path)
        finally:
            cursor.close()

    def open_store(self) -> Store:
        """A :class:`Store` over a new cursor that the caller closes."""
        with self._lock:
            return Store(con=new_cursor(self._root.con), path=self.path)

    def stamp(self) -> tuple[int, int]:
        """Size and modification time of the file: caches built from it are keyed by this."""
        st = os.stat(self.path)
        return st.st_size, st.st_mtime_ns

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._root.close()
