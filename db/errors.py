"""Errors raised by the store, each naming what was wrong and where."""

from __future__ import annotations


class StoreError(Exception):
    """Base class for database errors mtgkit raises itself."""


class SchemaTooNew(StoreError):
    """The database was written by a newer mtgkit; refusing beats corrupting it."""


class BadCardData(StoreError):
    """One input record could not be loaded; names the file, line and field."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason
