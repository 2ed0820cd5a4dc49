"""The HTTP response cache of :mod:`scraper.http`, kept in the DuckDB file.

The scraper sees only the :class:`scraper.http.CacheStore` interface; this is the one
implementation that knows SQL. A response is kept with its ``ETag``/``Last-Modified``
so that the next run can ask "has it changed?" and get a bodiless 304 back.
"""

from __future__ import annotations

from datetime import UTC, datetime

from db.store import Store
from scraper.http import CachedResponse


class DuckDBCache:
    """:class:`scraper.http.CacheStore` on the ``http_cache`` table."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, url: str) -> CachedResponse | None:
        row = self.store.con.execute(
            "SELECT url, status, body, content_type, etag, last_modified, fetched_at "
            "FROM http_cache WHERE url = ?",
            [url],
        ).fetchone()
        if row is None:
            return None
        return CachedResponse(
            url=row[0], status=row[1], body=bytes(row[2] or b""), content_type=row[3],
            etag=row[4], last_modified=row[5], fetched_at=row[6],
        )

    def put(self, entry: CachedResponse) -> None:
        fetched = entry.fetched_at or datetime.now(UTC)
        self.store.con.execute(
            "INSERT OR REPLACE INTO http_cache "
            "(url, status, content_type, etag, last_modified, body, fetched_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [entry.url, entry.status, entry.content_type, entry.etag, entry.last_modified,
             entry.body, fetched.replace(tzinfo=None)],
        )

    def __len__(self) -> int:
        return int(self.store.con.execute("SELECT count(*) FROM http_cache").fetchone()[0])
