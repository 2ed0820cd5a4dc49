"""Shared test fixtures: where ../shared is, and a fresh database per test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MTGKIT_SHARED", REPO.parent / "shared"))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The ../shared folder (real cards, rules, wiki seeds); skips when absent."""
    if not (SHARED / "data" / "cards" / "cards.jsonl").exists():
        pytest.skip(f"needs ../shared beside the repository (looked in {SHARED})")
    return SHARED


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A path for a fresh DuckDB file in the test's own temporary folder."""
    return tmp_path / "test.duckdb"
