"""Package data of the rules engine (``README.md`` says what each file is)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def creature_types() -> tuple[str, ...]:
    """Every creature type (205.3m), for "all creature types" (702.73a changeling, and an
    animated permanent "with all creature types")."""
    text = resources.files(__name__).joinpath("creature_types.txt").read_text("utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip())
