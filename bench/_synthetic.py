"""Synthetic card files for the benchmarks: copies of real cards with new names and ids.

The real cards come from ``../shared/data/cards`` (never copied into the project):
each copy keeps the card's text and shape, so parsing and classifying cost what
they would on real data, but gets a fresh ``oracle_id`` and name so that every
copy is a distinct card to the loader.
"""

from __future__ import annotations

import gzip
import json
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def shared_cards() -> list[dict]:
    path = SHARED / "data" / "cards" / "cards.jsonl"
    if not path.exists():
        sys.exit(f"needs ../shared beside the repository (looked for {path})")
    return [json.loads(line) for line in path.open(encoding="utf-8")]


def synthetic_cards(n: int) -> Iterator[dict]:
    """``n`` copies of the shared cards, cycling, each with a new name and ``oracle_id``."""
    base = shared_cards()
    for i in range(n):
        card = dict(base[i % len(base)])
        card["oracle_id"] = str(uuid.UUID(int=i + 1))
        card["id"] = str(uuid.UUID(int=(1 << 100) + i))
        card["name"] = f"{card['name']} #{i}"
        yield card


def write_jsonl(path: Path, cards: Iterator[dict], gz: bool = False) -> int:
    opener = gzip.open if gz else open
    size = 0
    with opener(path, "wt", encoding="utf-8") as fh:
        for card in cards:
            fh.write(json.dumps(card, ensure_ascii=False))
            fh.write("\n")
            size += 1
    return size
