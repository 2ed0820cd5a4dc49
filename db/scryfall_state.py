"""What mtgkit remembers of Scryfall bulk files: which ``updated_at`` was last loaded.

A bulk file is hundreds of megabytes; when ``/bulk-data`` still shows the
``updated_at`` we loaded, there is nothing to download.
"""

from __future__ import annotations

from db.store import Store


def loaded_bulk_version(store: Store, bulk_type: str) -> str | None:
    """The ``updated_at`` of the last bulk file of this type that loaded completely."""
    row = store.con.execute(
        "SELECT updated_at FROM scryfall_bulk WHERE bulk_type = ?", [bulk_type]
    ).fetchone()
    return row[0] if row else None


def record_bulk_loaded(
    store: Store, bulk_type: str, updated_at: str | None, download_uri: str | None,
    size: int | None, records: int,
) -> None:
    """Remember a completed load (only called after the loader committed)."""
    store.con.execute(
        "INSERT OR REPLACE INTO scryfall_bulk "
        "(bulk_type, updated_at, download_uri, size, loaded_at, records) "
        "VALUES (?, ?, ?, ?, now(), ?)",
        [bulk_type, updated_at, download_uri, size, records],
    )
