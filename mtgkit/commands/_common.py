"""Helpers shared by the command modules: opening the database, errors."""

from __future__ import annotations

import argparse
from pathlib import Path

from db import Store, connect
from db.errors import StoreError
from mtgkit.errors import UserError


def open_store(args: argparse.Namespace, *, read_only: bool = False) -> Store:
    """Open the database named by ``--db`` (or the default), as a :class:`UserError` on failure."""
    path = Path(args.db) if getattr(args, "db", None) else None
    try:
        return connect(path, read_only=read_only)
    except StoreError as exc:
        raise UserError(str(exc)) from exc
