"""The shared labelled cards as classifier records, read once per test session.

Three test files score the classifier against ../shared (precision/recall, robustness
variations, rule usage); they all need the same English records, English+Japanese records and
labels, so they take them from this one fixture instead of reading the files each.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from classifier import MECHANICS, CardText, card_text_from_scryfall

SharedCards = tuple[list[CardText], list[CardText], dict[str, set[str]]]


def _read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@pytest.fixture(scope="session")
def shared_cards(shared_dir: Path) -> SharedCards:
    """(English records, English+Japanese records, labels by oracle_id) from ../shared."""
    base = shared_dir / "data" / "cards"
    ja = {c["oracle_id"]: c for c in _read_jsonl(base / "cards_ja.jsonl")}
    english: list[CardText] = []
    both: list[CardText] = []
    for card in _read_jsonl(base / "cards.jsonl"):
        english.append(card_text_from_scryfall(card))
        both.append(card_text_from_scryfall(card, ja.get(card["oracle_id"])))
    with (base / "labels.csv").open(encoding="utf-8") as fh:
        labels = {r["oracle_id"]: {m for m in MECHANICS if r[m] == "1"}
                  for r in csv.DictReader(fh)}
    return english, both, labels
