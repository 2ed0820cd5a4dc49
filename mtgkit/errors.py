"""Errors the CLI prints as one clean line (exit status 2) instead of a traceback."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix: a missing file, a bad option, a refused database."""
