"""The compiler over the shared card data: the mechanic goal, speed and determinism."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path

import pytest

from rules_engine.text import compile_card
from rules_engine.text.compiler import compile_face_text
from rules_engine.text.coverage import measure

MECHANICS = ("day_night", "initiative", "prepare", "end_the_turn")


@pytest.fixture(scope="module")
def shared_cards(shared_dir: Path) -> tuple[list[dict], dict[str, dict]]:
    folder = shared_dir / "data" / "cards"
    cards = [json.loads(line) for line in (folder / "cards.jsonl").open(encoding="utf-8")]
    labels = {r["oracle_id"]: r for r in csv.DictReader((folder / "labels.csv").open())}
    return cards, labels


def _labelled(cards: list[dict], labels: dict[str, dict]) -> list[dict]:
    return [c for c in cards if any(labels[c["oracle_id"]][m] == "1" for m in MECHANICS)]


def test_mechanic_cards_goal(shared_cards) -> None:
    cards, labels = shared_cards
    tagged = _labelled(cards, labels)
    assert len(tagged) == 108
    full = [c["name"] for c in tagged if compile_card(c).fully_supported]
    assert len(full) / len(tagged) >= 0.90, sorted(
        c["name"] for c in tagged if c["name"] not in full)


def test_no_unsupported_mechanic_clause(shared_cards) -> None:
    from classifier.scryfall import card_text_from_scryfall
    from classifier.tag import tag_card

    cards, labels = shared_cards
    tagged = _labelled(cards, labels)
    report = measure(tagged, lambda c: tag_card(card_text_from_scryfall(c)), MECHANICS)
    assert {m: c.unsupported_mechanic_clauses for m, c in report.mechanics.items()} == {
        m: 0 for m in MECHANICS}
    assert sum(c.cards for c in report.mechanics.values()) >= 100


def test_compiles_all_shared_cards_quickly_and_deterministically(shared_cards) -> None:
    cards, _ = shared_cards
    compile_face_text.cache_clear()
    start = time.process_time()
    first = [compile_card(c) for c in cards]
    elapsed = time.process_time() - start
    assert elapsed < 20, elapsed  # a few seconds on an idle core; generous for a shared CI box
    compile_face_text.cache_clear()
    second = [compile_card(c) for c in reversed(cards)]
    assert first == list(reversed(second))
    assert all(a is not b for a, b in zip(first[:5], reversed(second[-5:]), strict=True))
